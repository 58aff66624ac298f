"""`make screenshots`: render the main window on a copy of the sample novel to PNG files.

Run with QT_QPA_PLATFORM=offscreen. It works on a temporary copy of the sample and a temporary
user config folder, so neither the repository nor the developer's settings are touched.
Real CJK glyphs need a CJK font installed (e.g. fonts-noto-cjk); without one the text renders
as boxes and a warning says so.
"""

from __future__ import annotations

import logging
import os
import shutil
import sys
import tempfile
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QEventLoop, Qt, QTimer
from PySide6.QtWidgets import QApplication, QWidget

from workbench.book.layout import Role
from workbench.book.textio import write_text

log = logging.getLogger(__name__)

REPO = Path(__file__).resolve().parents[2]
SAMPLE = REPO / "resources" / "sample-novel"
SIZE = (1440, 900)


def settle(milliseconds: int = 300) -> None:
    """Let layouts, the 字 count timer and queued signals run before grabbing."""
    loop = QEventLoop()
    QTimer.singleShot(milliseconds, loop.quit)
    loop.exec()


def save(widget: QWidget, target: Path) -> Path:
    """Grab a widget to a PNG file."""
    settle()
    if not widget.grab().save(str(target)):
        raise OSError(f"could not write {target}")
    print(target)
    return target


def wait_for_context_panel(window) -> None:
    """Let the context panel's worker deliver the newest feed."""
    panel = window.context_panel
    for _ in range(100):
        settle(50)
        current = panel.current
        if (
            current
            and current.job_id == panel.refresher.latest_id
            and not panel.refresher.is_busy()
        ):
            return
    log.warning("the context panel did not finish its feed in time")


def context_panel_shots(
    window, out_dir: Path, name: str, sizes: list[tuple[int, int]]
) -> list[Path]:
    """The window with chapter 13's plan in front and the panel on MainWriter for it, at
    each size (the first keeps `name`, the others add the size)."""
    panel = window.context_panel
    window.context_dock.raise_()  # a shot before may have left 追踪表 or 全书 in front
    window.open_path(window.project.plan_file(13))
    panel.agent_picker.setCurrentIndex(panel.agent_picker.findData("MainWriter"))
    written = []
    for number, size in enumerate(sizes):
        window.resize(*size)
        window.resizeDocks([window.context_dock], [430], Qt.Orientation.Horizontal)
        panel.rebuild_now()
        wait_for_context_panel(window)
        suffix = "" if number == 0 else f"-{size[0]}x{size[1]}"
        written.append(save(window, out_dir / f"{name}{suffix}.png"))
    window.resize(*SIZE)
    return written


def render(out_dir: Path, work: Path) -> list[Path]:
    """Render every screenshot into `out_dir`, working on a copy of the sample in `work`."""
    from workbench.gui.app import create_window
    from workbench.gui.book.screenshots import render_book
    from workbench.gui.continuity.screenshots import render_continuity
    from workbench.gui.fonts import available_cjk_family
    from workbench.gui.prepare.screenshots import render_prepare
    from workbench.gui.settings_dialog import SettingsDialog
    from workbench.gui.summaries.screenshots import render_summaries
    from workbench.gui.trackers.screenshots import render_trackers
    from workbench.gui.upkeep.screenshots import render_review
    from workbench.settings import Settings

    if available_cjk_family() is None:
        log.warning("no CJK font installed: Chinese text will render as boxes")
    novel = work / "sample-novel"
    shutil.copytree(SAMPLE, novel)
    out_dir.mkdir(parents=True, exist_ok=True)
    written = []

    window = create_window(Settings())
    window.show()
    window.resize(*SIZE)
    window.splitter.setSizes([300, SIZE[0] - 300])
    window.open_project(novel)
    window.tree.scrollToTop()
    wait_for_context_panel(window)  # its first feed starts after the first paint (first_paint.py)
    written.append(save(window, out_dir / "main-window.png"))
    window.context_panel.pin(
        "worldbuilding/world.md#力量体系"
    )  # one pin, so the list shows what pins are
    written += context_panel_shots(window, out_dir, "context-panel", [SIZE, (1280, 720)])

    # A chapter with unsaved edits whose file another program changed: the conflict bar.
    editor = window.tabs.current_editor()
    cursor = editor.text_edit.textCursor()
    cursor.movePosition(cursor.MoveOperation.End)
    cursor.insertText("\n（作者刚写下、尚未保存的一句。）")
    write_text(editor.path, editor.loaded.text + "\n（另一个程序追加的一行。）\n")
    QTimer.singleShot(0, window.tabs.autosave_now)
    settle(800)
    written.append(save(window, out_dir / "conflict-bar.png"))
    editor.load_from_disk()

    window.open_path(window.project.role_path(Role.ROLLING_SUMMARY))
    written.append(save(window, out_dir / "rolling-summary.png"))

    dialog = SettingsDialog(window.settings, window)
    dialog.show()
    written.append(save(dialog, out_dir / "settings.png"))
    dialog.close()

    written += render_prepare(window, out_dir, REPO, save, settle)
    written += render_trackers(window, out_dir, save)
    written += render_review(window, out_dir, save)
    written += render_summaries(window, out_dir, save, settle)
    written += render_continuity(window, out_dir, save, settle)
    written += render_book(window, out_dir, save, settle)

    window.apply_settings(window.settings.model_copy(update={"ui_language": "en"}))
    window.open_path(window.project.chapters[-1].path)
    written.append(save(window, out_dir / "main-window-en.png"))
    written += context_panel_shots(window, out_dir, "context-panel-en", [SIZE])
    window.shut_down()
    window.close()
    return written


def main(argv: list[str]) -> int:
    """Entry point: `python -m workbench.gui.screenshots OUT_DIR`."""
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s %(name)s: %(message)s")
    out_dir = Path(argv[1] if len(argv) > 1 else "docs/screenshots").resolve()
    with tempfile.TemporaryDirectory(prefix="workbench-shots-") as scratch:
        os.environ["WORKBENCH_CONFIG_DIR"] = str(Path(scratch) / "config")
        app = QApplication.instance() or QApplication(argv[:1])
        QCoreApplication.setApplicationName("Workbench")
        render(out_dir, Path(scratch))
        app.processEvents()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
