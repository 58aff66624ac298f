"""`make screenshots`, the first-hour part: the app as it opens on a real screen size.

Each shot runs in its own process on an offscreen screen of that size (the platform's config
file sets it), through the app's own start (`start_app`), so the window fits the screen as it
does for an author: the first start (no project), the ledger with the bold overdue rows on the
sample, and the first Prepare of an imported book (the shared 120-回 corpus, when present) —
at 1280×720 and 1440×900, in Chinese and in English.

    python -m workbench.gui.first_hour_screenshots OUT_DIR [CORPUS.txt]
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

SCREENS = ((1280, 720), (1440, 900))
LANGUAGES = ("zh_CN", "en")
LEDGER_CHAPTER = 13  # the sample's next chapter: F007 and F009 are overdue there


def shoot(out_dir: Path, width: int, height: int, language: str, corpus: Path | None) -> None:
    """In this process (its screen already set): render every shot for one size and language."""
    from PySide6.QtWidgets import QApplication

    from workbench.bundled import copy_sample_novel
    from workbench.gui.app import start_app
    from workbench.gui.screenshots import save, settle, wait_for_context_panel
    from workbench.settings import Settings, save_settings

    app = QApplication.instance() or QApplication(sys.argv[:1])
    suffix = f"{width}x{height}-{'zh' if language == 'zh_CN' else 'en'}"
    with tempfile.TemporaryDirectory(prefix="workbench-screen-") as scratch:
        os.environ["WORKBENCH_CONFIG_DIR"] = str(Path(scratch) / "config")
        save_settings(Settings(ui_language=language))
        started = start_app(None)
        window = started.window
        settle(500)
        save(window, out_dir / f"first-start-{suffix}.png")

        novel = Path(scratch) / "sample-novel"
        copy_sample_novel(novel)
        window.open_project(novel)
        window.open_path(window.project.plan_file(LEDGER_CHAPTER))
        window.tracker_dock.show()
        window.tracker_dock.raise_()
        window.tracker_browser.tabs.setCurrentIndex(0)
        settle(500)
        save(window, out_dir / f"ledger-{suffix}.png")

        if corpus is not None and corpus.is_file():
            from workbench.cli.main import main as cli

            book = Path(scratch) / "sanguo"
            cli(["import", str(corpus), "--into", str(book)])
            window.open_project(book)
            window.context_dock.raise_()
            wait_for_context_panel(window)
            dialog = window.prepare.open_default()
            settle(800)
            save(dialog, out_dir / f"imported-prepare-{suffix}.png")
            dialog.close()
        started.stop()
        window.close()
    app.processEvents()


def main(argv: list[str]) -> int:
    """Render every size and language, each in a child process with its own screen."""
    if len(argv) > 1 and argv[1] == "--one":
        width, height, language = int(argv[2]), int(argv[3]), argv[4]
        corpus = Path(argv[6]) if len(argv) > 6 else None
        shoot(Path(argv[5]), width, height, language, corpus)
        return 0
    out_dir = Path(argv[1] if len(argv) > 1 else "docs/screenshots").resolve()
    corpus = Path(argv[2]).resolve() if len(argv) > 2 else None
    out_dir.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="workbench-screens-") as scratch:
        for width, height in SCREENS:
            config = Path(scratch) / f"screen-{width}x{height}.json"
            screen = {"name": "screen", "x": 0, "y": 0, "width": width, "height": height}
            config.write_text(json.dumps({"screens": [{**screen, "logicalDpi": 96, "dpr": 1}]}))
            env = {**os.environ, "QT_QPA_PLATFORM": f"offscreen:configfile={config}"}
            for language in LANGUAGES:
                command = [sys.executable, "-m", "workbench.gui.first_hour_screenshots", "--one"]
                command += [str(width), str(height), language, str(out_dir)]
                command += [str(corpus)] if corpus else []
                subprocess.run(command, env=env, check=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
