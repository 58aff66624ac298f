"""Benchmark: opening a chapter from the project tree by a double-click, as an author does.

Two books: the bundled sample (12 chapters) and benchmarks/feed.py's 2,000,000-字 project
(the corpus's 120 回 repeated). Each runs in a fresh process (QT_QPA_PLATFORM=offscreen, a
scratch user config folder): the window opens the book and settles (the event loop idle, the
tree's counts in), then chapters are double-clicked in the tree, one after another:

- cold — the first double-click after the start: what the first tab costs beyond the ones
  the open already made (imports, the highlighter, fonts, the editor's first layout).
- warm — the median (and the slowest) of the next chapters, each opened for the first time.
- early — in another fresh process, the first double-click while the app is still starting
  (EARLY_S after the open returned: the tree's counts, the docks and the warm-up pending).

A figure is the wall time from the double-click until the new tab is in front and the event
loop has been idle for a moment (its first paint included); the CPU time beside it (the
machine is shared). `--profile` writes a cProfile of the cold open per book and prints its
top entries by cumulative time.

Measured here (2 cores, load average 7–11 from other sessions; tab shown / CPU, ms): sample
cold 70 / 175, warm 55–104 / 124–160, early 104 / 184; 2M 字 cold 89 / 219, warm 49–88 /
119–179, early 86 / 233. No open came near 1.5 s, cold, warm or during the start; the time
after the tab is shown goes to the panels following the chapter (context feed, ledger).

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
EARLY_S = 0.3
SETTLED = -1.0


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


def double_click_row(window, path: Path) -> tuple[float, float, float]:  # type: ignore[no-untyped-def]
    """Double-click the tree's row of `path`; (wall ms until the tab is in front and painted,
    wall ms and CPU ms until the event loop is idle)."""
    from PySide6.QtCore import Qt
    from PySide6.QtTest import QTest

    tree = window.tree
    row = tree._rows[str(path)]
    tree.scrollToItem(row)
    run_until_idle(0.05)
    # Sent to the window, as a person's clicks arrive, at the row's place in it.
    top = window.windowHandle()
    point = tree.viewport().mapTo(window, tree.visualItemRect(row).center())
    QTest.mouseMove(top, point)
    run_until_idle(0.05)
    started, cpu = time.perf_counter(), time.process_time()
    QTest.mouseDClick(top, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, point)
    editor = window.tabs.current_editor()
    assert editor is not None and editor.path == path, f"the double-click did not open {path}"
    editor.repaint()  # its first paint, children included
    shown = time.perf_counter()
    ready = run_until_idle()
    cpu_ms = (time.process_time() - cpu) * 1000
    return (shown - started) * 1000, (ready - started) * 1000, cpu_ms


def child(root: Path, warm: int, profile: Path | None, wait_s: float = SETTLED) -> dict:
    """In a fresh process: open the book, settle (or wait `wait_s` only), then the cold
    and the warm opens."""
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication(sys.argv[:1])
    from workbench.gui.app import create_window
    from workbench.settings import Settings

    window = create_window(Settings())
    window.show()
    window.resize(1440, 900)
    assert window.open_project(root)
    if wait_s == SETTLED:
        run_until_idle(1.0, limit_s=120)
    else:
        run_until_idle(0.05, limit_s=wait_s)
    chapters = [ref.path for ref in window.project.chapters]
    opened = {editor.path for editor in window.tabs.editors()}
    unopened = [path for path in chapters if path not in opened]
    order = unopened[len(unopened) // 2 :] + unopened[: len(unopened) // 2]
    profiler = cProfile.Profile() if profile else None
    if profiler:
        profiler.enable()
    cold = double_click_row(window, order[0])
    warms = []
    if profiler and profile:
        profiler.disable()
        profiler.dump_stats(str(profile))
        profiler = cProfile.Profile()
        profiler.enable()
        warms.append(double_click_row(window, order[1]))
        profiler.disable()
        profiler.dump_stats(str(profile.with_suffix(".warm.prof")))
    warms += [double_click_row(window, path) for path in order[1 + len(warms) : warm + 1]]
    window.shut_down()
    window.close()
    app.processEvents()
    return {"chapters": len(chapters), "cold": cold, "warm": warms}


def fresh_process(root: Path, warm: int, profile: Path | None, wait_s: float = SETTLED) -> dict:
    """Run `child` in a new Python with its own config folder; its result."""
    with tempfile.TemporaryDirectory(prefix="workbench-tree-open-") as config:
        env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "WORKBENCH_CONFIG_DIR": config}
        command = [sys.executable, __file__, "--child", str(root), "--warm", str(warm)]
        command += ["--profile-to", str(profile)] if profile else []
        command += ["--wait", str(wait_s)]
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
    print(f"{name} ({result['chapters']} chapters)")
    shown, idle, cpu = result["cold"]
    print(f"  cold open: tab shown {shown:7.1f} ms, idle {idle:7.1f} ms, CPU {cpu:7.1f} ms")
    columns = list(zip(*result["warm"], strict=True))
    shown, idle, cpu = (statistics.median(values) for values in columns)
    print(
        f"  warm open: tab shown {shown:7.1f} ms, idle {idle:7.1f} ms, CPU {cpu:7.1f} ms"
        f" (medians of {len(result['warm'])}; slowest shown {max(columns[0]):.1f} ms)"
    )
    for which in (profile, profile.with_suffix(".warm.prof")) if profile else ():
        print(f"  profile {which.name}, by cumulative time:")
        pstats.Stats(str(which)).sort_stats("cumulative").print_stats(20)


def main() -> int:
    """Build the books, measure each in a fresh process, print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--warm", type=int, default=WARM_OPENS)
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--keep", type=Path, help="build the books here and keep them")
    parser.add_argument("--child", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--profile-to", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--wait", type=float, default=SETTLED, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(child(args.child, args.warm, args.profile_to, args.wait)))
        return 0
    with tempfile.TemporaryDirectory(prefix="workbench-tree-books-") as scratch:
        folder = args.keep or Path(scratch)
        folder.mkdir(parents=True, exist_ok=True)
        for name, root in books(folder):
            profile = folder / f"tree-open-{root.name}.prof" if args.profile else None
            report(name, fresh_process(root, args.warm, profile), profile)
            shown, idle, cpu = fresh_process(root, 0, None, EARLY_S)["cold"]
            print(
                f"  early open: tab shown {shown:7.1f} ms, idle {idle:7.1f} ms, CPU {cpu:7.1f} ms"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
