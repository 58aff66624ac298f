"""Benchmark: the continuity guard on the 5,000,000-字 book (issue #25).

The book is benchmarks/feed.py's project at 5M 字 (the corpus's 120 回 repeated in order,
1003 chapters), with the continuity fixture of the tests (tests/continuity/sanguo/: 44
principal characters with their aliases, the deaths of 35 of them by 回) as its cast and
state tracker, and ch0200 rewritten to hold 30,000 字 of corpus text, as benchmarks/app.py
does. Every 回 after the first cycle names characters recorded dead before it, so the rules
have real work: names to match, acts to test, candidates to look up.

It prints the median (and range) of:

- chapter, CLI — `workbench continuity DIR --chapter 200` in a fresh process (imports, the
  cast, the trackers, jieba's dictionary and every earlier chapter's scan included); 3 runs.
- chapter, warm — in the process that has the project open, the 30,000-字 chapter checked
  again over an unsaved edit (what the app does after each pause in typing): a read-only view
  with the buffer, `BookGuard.of(view).check(200)`; 12 runs.
- book, CLI — `workbench continuity DIR --format json`, every chapter; 3 runs.
- name drift by sound — the two-character rule alone on the 30,000-字 chapter, CPU time: the
  first call (pypinyin's reading table loaded) and 12 more over an edit each.
- GUI-thread gap — the app (offscreen) with the project open and ch0200 in the editor; a
  5 ms timer on the GUI thread records the longest gap between its ticks while (a) the
  guard's child process checks ch0200 after typed text, five times, and (b) the whole book
  is checked, in a child process of its own (a ServingProcess serving `WholeBook` below).
  Beside (a), the same five keystrokes with the guard unplugged (the context panel alone),
  so a busy machine's own gaps can be told apart; and the child's resident memory.
  `--guard-in-thread` measures the way before the child process: both checks on a thread of
  the app (gui/background.py, switch interval 1 ms, the heap frozen). `--compare N` runs N
  rounds of each, interleaved, with the load average beside each round.
  Target ≤ 50 ms.

Run: `.venv/bin/python benchmarks/continuity.py [--keep DIR] [--app-only] [--switch-ms MS]
[--guard-in-thread | --compare N]`.
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
FIXTURE = HERE.parent / "tests" / "continuity" / "sanguo"
TARGET_ZI = 5_000_000
LONG_CHAPTER = 200
LONG_ZI = 30_000
RUNS = 3
WARM_RUNS = 12


def module(name: str):  # type: ignore[no-untyped-def]
    """A sibling benchmark script as a module (benchmarks/ is a folder of scripts)."""
    spec = importlib.util.spec_from_file_location(f"{name}_benchmark", HERE / f"{name}.py")
    assert spec is not None and spec.loader is not None
    loaded = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(loaded)
    return loaded


def prepare(root: Path) -> dict:
    """The 5M book with the fixture's cast and deaths and a 30,000-字 ch0200."""
    from workbench.book.counting import count_zi

    feed = module("feed")
    chapters, _total = feed.build_project(root, TARGET_ZI)
    for name in ("protagonist.md", "characters.md"):
        shutil.copyfile(FIXTURE / name, root / "characters" / name)
    shutil.copyfile(FIXTURE / "state-tracker.md", root / "references" / "state-tracker.md")
    long_path = feed.write_long_chapter(root, LONG_CHAPTER, LONG_ZI)
    return {"chapters": chapters, "long_zi": count_zi(long_path.read_text(encoding="utf-8"))}


def spread(values: list[float]) -> str:
    return f"{statistics.median(values):.0f} ms ({min(values):.0f}-{max(values):.0f})"


def cli(root: Path, *options: str) -> list[float]:
    walls = []
    for _ in range(RUNS):
        shutil.rmtree(root / ".workbench", ignore_errors=True)
        start = time.perf_counter()
        done = subprocess.run(
            [sys.executable, "-m", "workbench", "continuity", str(root), *options],
            capture_output=True,
            text=True,
        )
        walls.append((time.perf_counter() - start) * 1000)
        if done.returncode not in (0, 1):
            raise RuntimeError(done.stderr)
    return walls


def findings_of(root: Path, *options: str) -> int:
    done = subprocess.run(
        [sys.executable, "-m", "workbench", "continuity", str(root), "--format", "json", *options],
        capture_output=True,
        text=True,
    )
    return len(json.loads(done.stdout)["findings"])


def sound_rule(root: Path) -> tuple[float, list[float]]:
    """CPU ms of the rule by sound on the long chapter: the first call, then warm ones."""
    from workbench.book.project import Project
    from workbench.continuity.dictionary import is_word
    from workbench.continuity.prose import name_matcher
    from workbench.continuity.sound_drift import sound_candidates
    from workbench.trackers.cast import load_cast

    project = Project.open(root)
    names = name_matcher(load_cast(project))
    text = project.chapter(LONG_CHAPTER).path.read_text(encoding="utf-8")
    is_word("字")  # jieba's dictionary is the other rules' too
    start = time.process_time()
    sound_candidates(text, names, frozenset())
    first = (time.process_time() - start) * 1000
    timings = []
    for run in range(WARM_RUNS):
        start = time.process_time()
        sound_candidates(text + f"\n刘倍第{run}次大怒曰。\n", names, frozenset())
        timings.append((time.process_time() - start) * 1000)
    return first, timings


def warm(root: Path) -> list[float]:
    from workbench.book.project import Project
    from workbench.continuity.guard import BookGuard

    project = Project.open(root)
    path = project.chapter(LONG_CHAPTER).path
    text = path.read_text(encoding="utf-8")
    BookGuard.of(project).check(LONG_CHAPTER)  # the first check scans the book
    timings = []
    for run in range(WARM_RUNS):
        view = project.with_buffers({path: text + f"\n沈青裳第{run}次。\n"})
        start = time.perf_counter()
        BookGuard.of(view).check(LONG_CHAPTER)
        timings.append((time.perf_counter() - start) * 1000)
    return timings


class WholeBook:
    """Served in a child process by the GUI script: every chapter of the book checked."""

    def answer(self, root: str) -> int:
        from workbench.book.project import Project
        from workbench.continuity.guard import BookGuard
        from workbench.trackers.cache import keep_in_memory

        project = Project.open(root)
        keep_in_memory(project)
        return len(BookGuard.of(project).check_all())

    def hear(self, _message: object) -> None:
        """Nothing to hear."""


GUI_SCRIPT = """
import faulthandler, json, os, sys, time
faulthandler.dump_traceback_later(240, exit=True)
sys.path.insert(0, {here!r})
from pathlib import Path
from PySide6.QtWidgets import QApplication
app_benchmark = __import__("importlib").util
spec = app_benchmark.spec_from_file_location("app_benchmark", {app!r})
bench = app_benchmark.module_from_spec(spec); spec.loader.exec_module(bench)
application = QApplication([])
from workbench.gui.app import create_window
from workbench.settings import Settings
from workbench.continuity.guard import BookGuard
from workbench.gui.background import Background
from workbench.gui.child_process import ServingProcess
from workbench.gui.continuity.messages import ContinuityResult
root = Path({root!r})
in_thread = {in_thread!r}
load_before = os.getloadavg()[0]
window = create_window(Settings()); window.show()
window.open_project(root)
editor = window.open_path(window.project.chapter({chapter}).path)
bench.run_until_idle(0.5, 120)
guard = window.continuity
panel = window.context_panel

def check_in_thread(job, project, request):  # the guard's check before the child process
    view = project.with_buffers(request.buffers)
    path = view.chapter(request.chapter).path
    findings = BookGuard.of(view).check(request.chapter)
    return ContinuityResult(job.id, request.chapter, path, view.read(path).text, findings)

class ThreadChecker(Background):
    def request(self, message):
        return self.submit(check_in_thread, window.project, message)
    def tell(self, message):
        pass
    def child_pid(self):
        return None

if in_thread:
    guard.refresher.shut_down()
    guard.refresher = ThreadChecker("continuity-worker", latest_only=True)
    guard.refresher.delivered.connect(guard._answered)
    guard.refresher.failed.connect(lambda _job, reason: guard._crashed(reason))

def rss_mb(pid):
    with open(f"/proc/{{pid}}/status") as status:
        kb = next(int(line.split()[1]) for line in status if line.startswith("VmRSS"))
    return kb / 1024
if {switch_ms!r} is not None:  # to compare with another switch interval than the app's
    sys.setswitchinterval({switch_ms!r} / 1000)
recorder = bench.GapRecorder(); recorder.start()

def keystroke_rounds(settled):
    timings = []
    for turn in range(5):
        before = (panel.refresher.latest_id, guard.refresher.latest_id)
        editor.text_edit.moveCursor(editor.text_edit.textCursor().MoveOperation.End)
        bench.type_character(editor.text_edit, "沈")
        start = time.perf_counter()
        while not settled(before):
            application.processEvents(); time.sleep(0.001)
            if time.perf_counter() - start > 120: raise SystemExit("never settled")
        timings.append((time.perf_counter() - start) * 1000)
    return timings

def panel_settled(before):
    return (panel.refresher.latest_id > before[0] and not panel.refresher.is_busy()
            and panel.current is not None and panel.current.job_id == panel.refresher.latest_id)

def guard_settled(before):
    return (guard.refresher.latest_id > before[1] and not guard.refresher.is_busy()
            and guard.result is not None and guard.result.job_id == guard.refresher.latest_id)

# The same typing with the guard unplugged: what the panel alone costs on this machine now.
panel.refresher.delivered.disconnect(guard.check)
keystroke_rounds(panel_settled)
panel_gap = max(g for g, _ in recorder.gaps)
recorder.gaps.clear()
panel.refresher.delivered.connect(guard.check)
checks = keystroke_rounds(guard_settled)
chapter_gap = max(g for g, _ in recorder.gaps)
chapter_over = sorted((round(g), round(recorder.cpu[end])) for g, end in recorder.gaps if g > 50)
child_pid = guard.refresher.child_pid()
child_mb = rss_mb(child_pid) if child_pid else 0.0
app_mb = rss_mb(os.getpid())
recorder.gaps.clear()
# The whole book: in a child process of its own, or (--guard-in-thread) a background job.
outcome = []
if in_thread:
    whole = Background("whole-book")
    whole.delivered.connect(outcome.append)
    whole.failed.connect(lambda _job, reason: outcome.append(reason))
else:
    whole = ServingProcess("whole-book", "continuity:WholeBook")
    whole.answered.connect(outcome.append)
    whole.failed.connect(outcome.append)
started = time.perf_counter()
if in_thread:
    whole.submit(lambda _job: len(BookGuard.of(window.project).check_all()))
else:
    whole.request(str(root))
while not outcome:
    application.processEvents(); time.sleep(0.0005)
book_ms = (time.perf_counter() - started) * 1000
whole.shut_down()
book_gap = max(g for g, _ in recorder.gaps)
over = sorted((round(g), round(recorder.cpu[end])) for g, end in recorder.gaps if g > 50)
window.shut_down(); window.close()
print(json.dumps({{"checks": checks, "chapter_gap": chapter_gap, "book_gap": book_gap,
                  "panel_gap": panel_gap, "switch_ms": sys.getswitchinterval() * 1000,
                  "book_findings": outcome[0], "chapter_over": chapter_over,
                  "child_mb": child_mb, "app_mb": app_mb,
                  "load": [load_before, os.getloadavg()[0]],
                  "book_ms": book_ms, "over": over, "ticks": len(recorder.gaps)}}))
"""


def gui(root: Path, switch_ms: float | None = None, in_thread: bool = False) -> dict:
    # An earlier run stopped midway leaves its autosave, and the app would ask about it.
    shutil.rmtree(root / ".workbench" / "autosave", ignore_errors=True)
    script = GUI_SCRIPT.format(
        here=str(HERE),
        app=str(HERE / "app.py"),
        root=str(root),
        chapter=LONG_CHAPTER,
        switch_ms=switch_ms,
        in_thread=in_thread,
    )
    with tempfile.TemporaryDirectory() as config:
        env = {**os.environ, "QT_QPA_PLATFORM": "offscreen",
               "WORKBENCH_CONFIG_DIR": config}  # fmt: skip
        done = subprocess.run(
            [sys.executable, "-c", script], capture_output=True, text=True, env=env
        )
    if done.returncode != 0:
        raise RuntimeError(done.stderr[-3000:])
    return json.loads(done.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keep", type=Path, help="build the book here and keep it")
    parser.add_argument("--app-only", action="store_true", help="only the app's figures")
    parser.add_argument(
        "--switch-ms", type=float, help="the app run's GIL switch interval (default: the app's)"
    )
    how = parser.add_mutually_exclusive_group()
    how.add_argument(
        "--guard-in-thread", action="store_true", help="check on a thread, as before the child"
    )
    how.add_argument("--compare", type=int, metavar="N", help="N rounds of each, interleaved")
    args = parser.parse_args()
    root = args.keep or Path(tempfile.mkdtemp(prefix="continuity-bench-")) / "book"
    if not (root / "chapters").is_dir():
        facts = prepare(root)
    else:
        from workbench.book.counting import count_zi

        long_path = root / "chapters" / f"ch{LONG_CHAPTER:04d}.md"
        facts = {
            "chapters": len(list((root / "chapters").iterdir())),
            "long_zi": count_zi(long_path.read_text(encoding="utf-8")),
        }
    print(f"book: {facts['chapters']} chapters, ch{LONG_CHAPTER:04d} {facts['long_zi']:,} 字")
    if not args.app_only:
        command_line(root)
    if args.compare:
        for _round in range(args.compare):
            for in_thread in (False, True):
                report(gui(root, args.switch_ms, in_thread), in_thread)
    else:
        report(gui(root, args.switch_ms, args.guard_in_thread), args.guard_in_thread)
    if args.keep is None:
        shutil.rmtree(root.parent, ignore_errors=True)


def report(measured: dict, in_thread: bool) -> None:
    """One app run's figures, with the load average before and after it."""
    where = "a thread of the app" if in_thread else "the guard's child process"
    print(
        f"app, checks on {where} (load {measured['load'][0]:.1f}-{measured['load'][1]:.1f}, "
        f"GIL switch interval {measured['switch_ms']:g} ms): check after a keystroke "
        f"{spread(measured['checks'])} (debounce and feed included); longest GUI-thread gap "
        f"{measured['chapter_gap']:.0f} ms while ch{LONG_CHAPTER:04d} is checked (the panel "
        f"alone, same typing: {measured['panel_gap']:.0f} ms), {measured['book_gap']:.0f} ms "
        f"while the whole book is ({measured['book_ms']:.0f} ms, "
        f"{measured['book_findings']} findings); target ≤ 50 ms"
    )
    print(
        f"  resident memory: app {measured['app_mb']:.0f} MB, checking child "
        f"{measured['child_mb']:.0f} MB; gaps over 50 ms (gap, GUI-thread CPU in it) while "
        f"ch{LONG_CHAPTER:04d} is checked {measured['chapter_over']}, during the whole book "
        f"{measured['over']} of {measured['ticks']}"
    )


def command_line(root: Path) -> None:
    """The CLI and in-process figures."""
    print(f"chapter {LONG_CHAPTER}, CLI: {spread(cli(root, '--chapter', str(LONG_CHAPTER)))}"
          f"; {findings_of(root, '--chapter', str(LONG_CHAPTER))} findings")  # fmt: skip
    first, again = sound_rule(root)
    print(f"name drift by sound alone, ch{LONG_CHAPTER:04d}: first {first:.0f} ms CPU (its table "
          f"loaded), then {spread(again)} CPU")  # fmt: skip
    print(f"chapter {LONG_CHAPTER}, warm over an unsaved edit: {spread(warm(root))}")
    print(f"whole book, CLI: {spread(cli(root, '--format', 'json'))}; {findings_of(root)} findings")


if __name__ == "__main__":
    main()
