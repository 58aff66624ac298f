"""Benchmark: opening a chapter from the project tree by a double-click, as an author does.

Two books: the bundled sample (12 chapters) and benchmarks/feed.py's 2,000,000-字 project
(the corpus's 120 回 repeated). Each runs in a fresh process (QT_QPA_PLATFORM=offscreen, a
scratch user config folder): the window opens the book and settles (the event loop idle, the
tree's counts in), then chapters are double-clicked in the tree, one after another:

- cold — the first double-click after the start: what the first tab costs beyond the ones
  the open already made (imports, the highlighter, fonts, the editor's first layout).
- warm — the median (and the slowest) of the next chapters, each opened for the first time.

A figure is the wall time from the double-click until the new tab is in front and the event
loop has been idle for a moment (its first paint included); the CPU time beside it (the
machine is shared). `--profile` writes a cProfile of the cold open per book and prints its
top entries by cumulative time.

Run: `.venv/bin/python benchmarks/tree_open.py [--warm N] [--profile] [--keep DIR]`.
"""

from __future__ import annotations

import argparse
import cProfile
import importlib.util
import json
import os
import pstats
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
WARM_OPENS = 8
QUIET_S = 0.15


def feed_benchmark():  # type: ignore[no-untyped-def]
    """benchmarks/feed.py as a module (benchmarks/ is a folder of scripts, not a package)."""
    spec = importlib.util.spec_from_file_location("feed_benchmark", HERE / "feed.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def run_until_idle(quiet_s: float = QUIET_S, limit_s: float = 30.0) -> float:
    """Process events until none arrive for `quiet_s`; the time the last one was handled."""
    from PySide6.QtCore import QAbstractEventDispatcher, QEventLoop

    dispatcher = QAbstractEventDispatcher.instance()
    started = last = time.perf_counter()
    while time.perf_counter() - started < limit_s:
        if dispatcher.processEvents(QEventLoop.ProcessEventsFlag.AllEvents):
            last = time.perf_counter()
        elif time.perf_counter() - last > quiet_s:
            break
        else:
            time.sleep(0.0005)
    return last


def double_click_row(window, path: Path) -> tuple[float, float]:  # type: ignore[no-untyped-def]
    """Double-click the tree's row of `path`; (wall ms, CPU ms) until the tab is in front
    and the event loop is idle."""
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    tree = window.tree
    row = tree._rows[str(path)]
    tree.scrollToItem(row)
    run_until_idle(0.05)
    point = tree.visualItemRect(row).center()
    started, cpu = time.perf_counter(), time.process_time()
    QTest.mouseDClick(tree.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier(0), point)
    ready = run_until_idle()
    cpu_ms = (time.process_time() - cpu) * 1000
    editor = window.tabs.current_editor()
    assert editor is not None and editor.path == path, f"the double-click did not open {path}"
    return (ready - started) * 1000, cpu_ms


def child(root: Path, warm: int, profile: Path | None) -> dict:
    """In a fresh process: open the book, settle, then the cold and the warm opens."""
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication(sys.argv[:1])
    from workbench.gui.app import create_window
    from workbench.settings import Settings

    window = create_window(Settings())
    window.show()
    window.resize(1440, 900)
    assert window.open_project(root)
    run_until_idle(1.0, limit_s=120)
    chapters = [ref.path for ref in window.project.chapters]
    opened = {editor.path for editor in window.tabs.editors()}
    unopened = [path for path in chapters if path not in opened]
    order = unopened[len(unopened) // 2 :] + unopened[: len(unopened) // 2]
    profiler = cProfile.Profile() if profile else None
    if profiler:
        profiler.enable()
    cold = double_click_row(window, order[0])
    if profiler:
        profiler.disable()
        profiler.dump_stats(str(profile))
    warms = [double_click_row(window, path) for path in order[1 : warm + 1]]
    window.shut_down()
    window.close()
    app.processEvents()
    return {"chapters": len(chapters), "cold": cold, "warm": warms}


def fresh_process(root: Path, warm: int, profile: Path | None) -> dict:
    """Run `child` in a new Python with its own config folder; its result."""
    with tempfile.TemporaryDirectory(prefix="workbench-tree-open-") as config:
        env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "WORKBENCH_CONFIG_DIR": config}
        command = [sys.executable, __file__, "--child", str(root), "--warm", str(warm)]
        command += ["--profile-to", str(profile)] if profile else []
        done = subprocess.run(command, env=env, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise SystemExit(f"the child failed:\n{done.stderr[-3000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def books(scratch: Path) -> list[tuple[str, Path]]:
    """The sample and the 2M-字 book, built in `scratch`."""
    from workbench.bundled import copy_sample_novel

    sample = scratch / "sample-novel"
    copy_sample_novel(sample)
    large = scratch / "large"
    feed_benchmark().build_project(large)
    return [("sample", sample), ("2M 字", large)]


def report(name: str, result: dict, profile: Path | None) -> None:
    """Print one book's figures (and its profile's top entries)."""
    cold_wall, cold_cpu = result["cold"]
    walls = [wall for wall, _cpu in result["warm"]]
    cpus = [cpu for _wall, cpu in result["warm"]]
    print(f"{name} ({result['chapters']} chapters)")
    print(f"  cold open: {cold_wall:7.1f} ms wall, {cold_cpu:7.1f} ms CPU")
    print(
        f"  warm open: {statistics.median(walls):7.1f} ms wall median "
        f"(max {max(walls):.1f}), {statistics.median(cpus):7.1f} ms CPU median "
        f"over {len(walls)} chapters"
    )
    if profile:
        stats = pstats.Stats(str(profile))
        stats.sort_stats("cumulative").print_stats(25)


def main() -> int:
    """Build the books, measure each in a fresh process, print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--warm", type=int, default=WARM_OPENS)
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--keep", type=Path, help="build the books here and keep them")
    parser.add_argument("--child", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--profile-to", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(child(args.child, args.warm, args.profile_to)))
        return 0
    with tempfile.TemporaryDirectory(prefix="workbench-tree-books-") as scratch:
        folder = args.keep or Path(scratch)
        folder.mkdir(parents=True, exist_ok=True)
        for name, root in books(folder):
            profile = folder / f"tree-open-{root.name}.prof" if args.profile else None
            report(name, fresh_process(root, args.warm, profile), profile)
    return 0


if __name__ == "__main__":
    sys.exit(main())
