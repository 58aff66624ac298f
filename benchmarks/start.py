"""Benchmark: the app's start against a bare PySide6 window, its keystrokes with every panel
live and a save's GUI-thread work, at 200k / 1M / 2M / 5M 字 (PRODUCT.md §7, issue #28).

Each book is benchmarks/feed.py's project at that size, with chapter N/2 rewritten to hold
30,000 字 of corpus text (the chapter typed in). For each size it prints:

- start — from process start (the parent's clock before it spawns the process) until the
  last chapter is editable: its text in the editor, the window painted, and a key typed into
  it handled. The floor is a process that imports PySide6.QtWidgets, lists the chapters
  folder into a QTreeWidget (one row per file, by name) and shows the last chapter's text in
  a QPlainTextEdit beside it, measured the same way; floor and app alternate, 3 of each,
  with warm caches (the app ran once on the book before). Target ≤ 2.5× the floor. Then the
  first open after an import (no `.workbench/`): editable, and everything filled (the tree's
  counts, the book's total; the tracker ledger only once its dock is built, when first shown
  or by the warm-up, which begins 1.5 s after the show and takes its steps only while the
  author pauses, gui/author_quiet.py). Target ≤ 2 s.
- keystrokes — in one fresh app process: the context panel on MainWriter for the chapter
  after the long one (whose raw window holds it), the tracker browser and the continuity
  guard live as always; 200 keystrokes at the end of the long chapter, each a key press and
  release plus the event-loop pass that repaints it; every 20 the typist pauses until the
  panel's debounced rebuild has started (and that pass has painted), then types on while it
  builds. p50 / p99 / max, and the GUI thread's own CPU time per key beside them (on a shared
  machine the wall time also measures the other processes).
  Target p99 ≤ 16 ms, max ≤ 33 ms.
- save — the same process: 10 times a character typed and Ctrl+S's action triggered; the
  save call's own time on the GUI thread (the atomic write with its fsync included), and that
  plus the GUI thread's time in every event it handled until what the save set off (the
  tree's row, the total, the tracker ledger built on its thread and shown, the panel's
  rebuild, the 全书 snapshot) has settled, each also as the GUI thread's own CPU time.
  Target ≤ 10 ms.

Run: `make bench` or `.venv/bin/python benchmarks/start.py [--sizes 2000000] [--runs 3]`.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
SIZES = (200_000, 1_000_000, 2_000_000, 5_000_000)
LONG_ZI = 30_000
KEYSTROKES = 200
PAUSE_EVERY = 20
SAVES = 10

# The floor: only PySide6, the chapters listed by name, the last one's text shown.
FLOOR = """
import sys, time
from pathlib import Path
from PySide6.QtCore import QCoreApplication, QEvent, QObject, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import (QApplication, QMainWindow, QPlainTextEdit, QSplitter,
    QTreeWidget, QTreeWidgetItem)

class Painted(QObject):
    seen = False
    def eventFilter(self, watched, event):
        if event.type() == QEvent.Type.Paint:
            self.seen = True
        return False

app = QApplication(sys.argv[:1])
folder = Path(sys.argv[1]) / "chapters"
files = sorted(p for p in folder.iterdir() if p.suffix == ".md")
window = QMainWindow()
splitter = QSplitter(window)
tree = QTreeWidget(splitter)
for path in files:
    QTreeWidgetItem(tree, [path.stem])
editor = QPlainTextEdit(splitter)
editor.setPlainText(files[-1].read_text(encoding="utf-8"))
window.setCentralWidget(splitter)
painted = Painted()
editor.viewport().installEventFilter(painted)
window.resize(1440, 900)
window.show()
while not painted.seen:
    QCoreApplication.processEvents()
QTest.keyClick(editor, Qt.Key.Key_A)
QCoreApplication.processEvents()
assert editor.document().isModified()
print(time.time())
"""

# The app: its own imports, create_window, open the book, the same two conditions.
APP = """
import sys, time
from pathlib import Path
from PySide6.QtCore import QCoreApplication, QEvent, QObject, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication
from workbench.gui.app import create_window
from workbench.settings import Settings

class Painted(QObject):
    seen = False
    def eventFilter(self, watched, event):
        if event.type() == QEvent.Type.Paint:
            self.seen = True
        return False

app = QApplication(sys.argv[:1])
window = create_window(Settings())
window.resize(1440, 900)
window.show()
assert window.open_project(Path(sys.argv[1]))
editor = window.tabs.current_editor()
painted = Painted()
editor.text_edit.viewport().installEventFilter(painted)
while not painted.seen:
    QCoreApplication.processEvents()
QTest.keyClick(editor.text_edit, Qt.Key.Key_A)
QCoreApplication.processEvents()
assert editor.is_modified()
editable = time.time()
if sys.argv[2] == "filled":  # then until the tree, the total and the trackers are in
    while window.background_pending() or not window.status.total_label.text():
        QCoreApplication.processEvents()
        time.sleep(0.001)
print(editable, time.time())
editor.text_edit.undo()  # the key typed is no unsaved work to offer back at the next start
window.shut_down()
"""


def benchmark(name: str):  # type: ignore[no-untyped-def]
    """benchmarks/NAME.py as a module (benchmarks/ is a folder of scripts, not a package)."""
    spec = importlib.util.spec_from_file_location(f"{name}_benchmark", HERE / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def environment(config: Path) -> dict[str, str]:
    return dict(os.environ, QT_QPA_PLATFORM="offscreen", WORKBENCH_CONFIG_DIR=str(config))


def started_until(script: str, root: Path, env: dict[str, str], *extra: str) -> list[float]:
    """ms from just before the process is spawned to each time it prints."""
    spawned = time.time()
    result = subprocess.run(
        [sys.executable, "-c", script, str(root), *extra], env=env, capture_output=True, text=True
    )
    if result.returncode != 0:
        raise RuntimeError(f"benchmark process failed:\n{result.stderr}")
    stamps = result.stdout.strip().splitlines()[-1].split()
    return [(float(stamp) - spawned) * 1000 for stamp in stamps]


def measure_start(root: Path, env: dict[str, str], runs: int) -> dict:
    shutil.rmtree(root / ".workbench", ignore_errors=True)
    cold_editable, cold_filled = started_until(APP, root, env, "filled")
    started_until(APP, root, env, "filled")  # warms what the first one left to write
    floors, apps = [], []
    for _ in range(runs):
        floors.append(started_until(FLOOR, root, env)[0])
        apps.append(started_until(APP, root, env, "editable")[0])
    return {
        "floor_ms": floors,
        "app_ms": apps,
        "ratio": statistics.median(apps) / statistics.median(floors),
        "cold_editable_ms": cold_editable,
        "cold_filled_ms": cold_filled,
    }


# --- the live process: keystrokes and saves ----------------------------------------------


def live(root: Path, long_chapter: int) -> dict:
    """In this process (offscreen): open, the panel live, type, save."""
    from PySide6.QtCore import QCoreApplication
    from PySide6.QtGui import QTextCursor
    from PySide6.QtWidgets import QApplication

    from workbench.gui.app import create_window
    from workbench.settings import Settings

    app_bench = benchmark("app")
    qapp = QApplication(sys.argv[:1])
    # No blinking cursor: its repaints every half second would keep `settle` from ever
    # seeing the GUI thread quiet, and would be counted as the save's work.
    qapp.setCursorFlashTime(0)
    window = create_window(Settings())
    window.resize(1440, 900)
    window.show()
    assert window.open_project(root)
    settle(window)
    panel = window.context_panel
    editor = window.open_path(root / "chapters" / f"ch{long_chapter:04d}.md")
    panel.agent_picker.setCurrentIndex(panel.agent_picker.findData("MainWriter"))
    panel.follow_chapter(long_chapter + 1)
    app_bench.wait_for_panel(panel)
    settle(window)
    text_edit = editor.text_edit
    cursor = text_edit.textCursor()
    cursor.movePosition(QTextCursor.MoveOperation.End)
    text_edit.setTextCursor(cursor)
    text_edit.setFocus()
    settle(window)  # the scroll to the end is painted, as after the click that put it there
    keys, keys_cpu = [], []
    for index in range(KEYSTROKES):
        start, cpu = time.perf_counter(), time.thread_time()
        app_bench.type_character(text_edit, app_bench.TYPED[index % len(app_bench.TYPED)])
        QCoreApplication.processEvents()
        keys.append((time.perf_counter() - start) * 1000)
        keys_cpu.append((time.thread_time() - cpu) * 1000)
        if (index + 1) % PAUSE_EVERY == 0:
            app_bench.wait_for_rebuild_start(panel)
            # The pause ends after the event loop's pass that the debounce's firing was in
            # has painted what it showed (a held feed), not in that pass: no typist's next
            # key comes within the millisecond the 300 ms pause ended.
            QCoreApplication.processEvents()
    app_bench.wait_for_panel(panel)
    settle(window)
    calls, settled, calls_cpu, settled_cpu, summaries = [], [], [], [], []
    window.summaries.queued.connect(lambda _job, label: summaries.append(label))
    for _ in range(SAVES):
        app_bench.type_character(text_edit, "又")
        QCoreApplication.processEvents()
        settle(window)
        wall, cpu = time.perf_counter(), time.thread_time()
        window.actions_.save.trigger()
        calls.append((time.perf_counter() - wall) * 1000)
        calls_cpu.append((time.thread_time() - cpu) * 1000)
        worked, worked_cpu = settle(window, quiet_s=0.8)  # the 全书 refresh: 600 ms
        settled.append(calls[-1] + worked)
        settled_cpu.append(calls_cpu[-1] + worked_cpu)
    assert not editor.is_modified()
    assert not summaries, f"the saves queued summaries: {summaries}"
    window.shut_down()
    return {
        "key_p50_ms": statistics.median(keys),
        "key_p99_ms": app_bench.percentile(keys, 99),
        "key_max_ms": max(keys),
        "key_cpu_p99_ms": app_bench.percentile(keys_cpu, 99),
        "key_cpu_max_ms": max(keys_cpu),
        "save_call_ms": statistics.median(calls),
        "save_call_max_ms": max(calls),
        "save_gui_ms": statistics.median(settled),
        "save_gui_max_ms": max(settled),
        "save_call_cpu_ms": statistics.median(calls_cpu),
        "save_gui_cpu_ms": statistics.median(settled_cpu),
    }


def settle(window, quiet_s: float = 0.3) -> tuple[float, float]:  # type: ignore[no-untyped-def]
    """Process events until the window's threads have delivered and nothing arrived for a
    while (the tree's row, the ledger, the panel's debounced rebuild after a save); returns
    the ms the GUI thread spent handling events meanwhile (the passes that handled one: the
    app's work, not this loop's polling), wall and its own CPU."""
    from PySide6.QtCore import QAbstractEventDispatcher, QEventLoop

    dispatcher = QAbstractEventDispatcher.instance()
    last, worked, worked_cpu = time.perf_counter(), 0.0, 0.0
    while True:
        began, cpu = time.perf_counter(), time.thread_time()
        handled = dispatcher.processEvents(QEventLoop.ProcessEventsFlag.AllEvents)
        if handled:
            worked += time.perf_counter() - began
            worked_cpu += time.thread_time() - cpu
        busy = window.background_pending() or window.context_panel.refresher.is_busy()
        busy = busy or window.context_panel.debounce.isActive()
        if handled or busy:
            last = time.perf_counter()
        elif time.perf_counter() - last > quiet_s:
            return worked * 1000, worked_cpu * 1000
        time.sleep(0.001)


def prepare(root: Path, size: int) -> tuple[int, int, int]:
    """The book at `size` 字 with chapter N/2 rewritten to 30,000 字: (chapters, 字, N/2)."""
    feed = benchmark("feed")
    from workbench.book.counting import count_zi

    chapters, total = feed.build_project(root, size)
    # Mid-book, and not the last of a five-chapter range: saving it queues no summary, so the
    # saves measured are the editor's, the tree's, the trackers' and the panels' work alone.
    long_chapter = max(1, chapters // 2 - chapters // 2 % 5 + 3)
    feed.write_long_chapter(root, long_chapter, LONG_ZI)
    total = sum(count_zi(p.read_text(encoding="utf-8")) for p in (root / "chapters").iterdir())
    return chapters, total, long_chapter


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default=",".join(map(str, SIZES)), help="字 per book")
    parser.add_argument("--runs", type=int, default=3, help="floor / app start pairs")
    parser.add_argument("--live", nargs=2, metavar=("ROOT", "CHAPTER"), help="internal")
    args = parser.parse_args()
    if args.live:
        print(json.dumps(live(Path(args.live[0]), int(args.live[1]))))
        return 0
    folder = Path(tempfile.mkdtemp(prefix="workbench-start-"))
    benchmark("feed").prepare_machine(folder)
    env = environment(folder / "config")
    rows = []
    try:
        for size in map(int, args.sizes.split(",")):
            root = folder / f"novel-{size}"
            chapters, total, long_chapter = prepare(root, size)
            start = measure_start(root, env, args.runs)
            command = [sys.executable, __file__, "--live", str(root), str(long_chapter)]
            result = subprocess.run(command, env=env, capture_output=True, text=True)
            if result.returncode != 0:
                raise RuntimeError(f"live process failed:\n{result.stderr}")
            figures = {**start, **json.loads(result.stdout.strip().splitlines()[-1])}
            rows.append((chapters, total, figures))
            report(chapters, total, long_chapter, figures)
            shutil.rmtree(root)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    table(rows)
    print(f"load average at the end: {', '.join(f'{x:.1f}' for x in os.getloadavg())}")
    return 0


def spread(values: list[float]) -> str:
    return f"{statistics.median(values):.0f} ({min(values):.0f}–{max(values):.0f})"


def report(chapters: int, total: int, long_chapter: int, f: dict) -> None:
    print(f"book: {total:,} 字, {chapters} chapters (ch{long_chapter:04d} 30,000 字 typed in)")
    print(
        f"  start, warm: app {spread(f['app_ms'])} ms, floor {spread(f['floor_ms'])} ms: "
        f"{f['ratio']:.2f}× the floor   target ≤ 2.5×"
    )
    print(
        f"  first open after an import: editable {f['cold_editable_ms']:.0f} ms, everything "
        f"filled {f['cold_filled_ms']:.0f} ms   target ≤ 2000 ms"
    )
    print(
        f"  keystrokes, every panel live: p50 {f['key_p50_ms']:.1f} ms, p99 "
        f"{f['key_p99_ms']:.1f} ms, max {f['key_max_ms']:.1f} ms   target p99 ≤ 16, max ≤ 33"
    )
    print(
        f"    the GUI thread's own CPU per key: p99 {f['key_cpu_p99_ms']:.1f} ms, max "
        f"{f['key_cpu_max_ms']:.1f} ms"
    )
    print(
        f"  save: the call {f['save_call_ms']:.1f} ms (max {f['save_call_max_ms']:.1f}), with "
        f"what it set off on the GUI thread until settled {f['save_gui_ms']:.1f} ms (max "
        f"{f['save_gui_max_ms']:.1f})   target ≤ 10 ms"
    )
    print(
        f"    the GUI thread's own CPU: the call {f['save_call_cpu_ms']:.1f} ms, until settled "
        f"{f['save_gui_cpu_ms']:.1f} ms"
    )


def table(rows: list[tuple[int, int, dict]]) -> None:
    print("scaling (start: median of the runs; keys: 200 in one process; save: median of 10)")
    head = ("book", "start ×floor", "cold editable", "key p99/max", "save call/all GUI")
    print(f"{head[0]:<24}{head[1]:>14}{head[2]:>15}{head[3]:>16}{head[4]:>20}")
    for chapters, total, f in rows:
        print(
            f"{f'{total:,} 字 ({chapters} ch)':<24}{f['ratio']:>13.2f}×"
            f"{f['cold_editable_ms']:>12.0f} ms"
            f"{f['key_p99_ms']:>8.1f}/{f['key_max_ms']:<5.1f}ms"
            f"{f['save_call_ms']:>10.1f}/{f['save_gui_ms']:<5.1f}ms"
        )


if __name__ == "__main__":
    sys.exit(main())
