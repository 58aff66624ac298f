"""Crash during save: a child saving chapters in a loop is SIGKILLed at random moments, 200
times; every chapter is always its old or a new version whole, never partial (the GUI's
half, killed with unsaved edits, is tests/gui/test_recovery_sigkill.py)."""

from __future__ import annotations

import random
import re
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from save_loop import CHAPTERS, version

from workbench.book.project import Project
from workbench.cli.main import main

HERE = Path(__file__).parent

TRIALS = 200
HEADING = re.compile(r"^# 第(\d+)章 v(\d+)\n")

pytestmark = pytest.mark.faults


def whole_version(path: Path, chapter: int, originals: dict[int, str]) -> bool:
    text = path.read_text(encoding="utf-8")
    if text == originals[chapter]:
        return True
    match = HEADING.match(text)
    return bool(match) and text == version(chapter, int(match.group(2)))


def test_200_sigkills_during_saves_never_leave_a_partial_chapter(sample_copy, capsys):
    project = Project.open(sample_copy)
    originals = {n: project.chapter_text(n) for n in CHAPTERS}
    paths = {n: project.chapter(n).path for n in CHAPTERS}
    rng = random.Random(14)
    killed_mid_write = 0
    for _trial in range(TRIALS):
        child = subprocess.Popen(
            [sys.executable, str(HERE / "save_loop.py"), str(sample_copy)],
            stdout=subprocess.PIPE,
            text=True,
        )
        assert child.stdout.readline().strip() == "ready"
        try:
            child.wait(timeout=rng.uniform(0.0, 0.08))
        except subprocess.TimeoutExpired:
            child.send_signal(signal.SIGKILL)
        child.wait()
        child.stdout.close()
        for chapter in CHAPTERS:
            assert whole_version(paths[chapter], chapter, originals), (chapter, _trial)
        leftovers = list((sample_copy / "chapters").glob(".*.tmp"))
        killed_mid_write += bool(leftovers)
        for leftover in leftovers:
            leftover.unlink()
    assert killed_mid_write > 0, "no kill landed during a write: the test proved nothing"
    # A leftover from a killed save is reported by check, and nothing else is wrong.
    (sample_copy / "chapters/.ch001.md.abcd1234.tmp").write_text("半截", "utf-8")
    assert main(["check", str(sample_copy)]) == 1
    assert "left over from a save" in capsys.readouterr().out
