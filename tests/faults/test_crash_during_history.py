"""Crash during a history write: a child saving chapters (each save keeping the replaced
text first) is SIGKILLed at random moments; every chapter is always a whole version, the
index stays readable, every version it ever listed is still listed and unpacks to a whole
text, and `check` names only the half lines the kills left."""

from __future__ import annotations

import random
import re
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from history_loop import CHAPTERS, version

from workbench.book.project import Project
from workbench.history import keeping, store
from workbench.history import versions as history
from workbench.history.retention import Version

HERE = Path(__file__).parent
TRIALS = 60
HEADING = re.compile(r"^# 第(\d+)章 (t\d+)-(\d+)\n")

pytestmark = pytest.mark.faults


def whole(text: str, chapter: int, original: str) -> bool:
    if text == original:
        return True
    match = HEADING.match(text)
    return bool(match) and text == version(chapter, match.group(2), int(match.group(3)))


def test_sigkills_during_history_writes_lose_neither_chapter_nor_index(sample_copy):
    project = Project.open(sample_copy)
    originals = {n: project.chapter_text(n) for n in CHAPTERS}
    paths = {n: project.chapter(n).path for n in CHAPTERS}
    objects = sample_copy / ".workbench/history/objects"
    rng = random.Random(44)
    listed: set[Version] = set()
    killed_in_history = 0
    for trial in range(TRIALS):
        child = subprocess.Popen(
            [sys.executable, str(HERE / "history_loop.py"), str(sample_copy), f"t{trial}"],
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
            text = paths[chapter].read_text(encoding="utf-8")
            assert whole(text, chapter, originals[chapter]), (chapter, trial)
        read = store.read_index(sample_copy)
        assert listed <= set(read.versions), trial  # nothing listed before went missing
        listed = set(read.versions)
        for kept in read.versions:
            text = history.version_text(project, kept)
            number = int(kept.file.removeprefix("chapters/ch").removesuffix(".md"))
            assert whole(text, number, originals[number]), (kept, trial)
        killed_in_history += any(objects.rglob(".*.tmp")) or bool(read.bad_lines)
    assert killed_in_history > 0, "no kill landed during a history write: nothing was shown"

    keeping.prune_history(project)  # what a kill left is cleared; every version stays
    assert not any(objects.rglob(".*.tmp"))
    assert set(store.read_index(sample_copy).versions) == listed
    problems = [str(p) for p in history.history_problems(project)]
    assert all("not a version" in p for p in problems), problems
