"""Workbench's own state files damaged by hand or by a crash: a `"chapter": Infinity`, a line
of 2,000 nested brackets. Each command reading them names what it skips or refuses and goes
on; `check` names it too, never saying "no problems". Real files, the real command in its own
process."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from workbench.book.project import Project
from workbench.continuity.findings import dismissals_path
from workbench.stats import read_history, stats_path
from workbench.upkeep.store import queue_path

NESTED = "[" * 2000 + "]" * 2000


def workbench(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "workbench", *args],
        capture_output=True,
        text=True,
        encoding="utf-8",
        env=os.environ.copy(),
        timeout=300,
    )


def checked(book) -> str:  # type: ignore[no-untyped-def]
    done = workbench("check", str(book))
    assert "Traceback" not in done.stderr, done.stderr
    assert "no problems" not in done.stdout and done.returncode == 1
    return done.stdout


def test_a_nested_stats_line_is_skipped_and_named(sample_copy):
    project = Project.open(sample_copy)
    good = {"time": "2026-11-28T09:00:00+08:00", "date": "2026-11-28", "chapter": 1,
            "before": 0, "after": 10}  # fmt: skip
    path = stats_path(project)
    path.parent.mkdir(exist_ok=True)
    path.write_text(f"{json.dumps(good)}\n{NESTED}\n{json.dumps(good)}\n", encoding="utf-8")
    history = read_history(project)
    assert len(history.records) == 2 and history.unreadable_numbers == (2,)
    done = workbench("stats", str(sample_copy))
    assert done.returncode == 0 and "Traceback" not in done.stderr, done.stderr
    assert "unreadable lines: 1" in done.stdout
    assert ".workbench/stats.jsonl: line 2: not a save record; skipped" in checked(sample_copy)


def test_an_infinite_chapter_in_continuity_json_is_named(sample_copy):
    path = dismissals_path(Project.open(sample_copy))
    path.parent.mkdir(exist_ok=True)
    path.write_text(
        '{"dismissed": [{"rule": "name-drift", "chapter": Infinity, "text": "x"}]}\n', "utf-8"
    )
    before = path.read_bytes()
    done = workbench("continuity", str(sample_copy))
    assert "Traceback" not in done.stderr, done.stderr
    assert ".workbench/continuity.json: not a list of dismissed findings" in checked(sample_copy)
    assert path.read_bytes() == before


def test_an_infinite_chapter_in_upkeep_json_is_named(sample_copy):
    path = queue_path(Project.open(sample_copy))
    path.parent.mkdir(exist_ok=True)
    row = {"id": "u1", "kind": "character", "range": [1, 5], "chapter": 1, "line": 1,
           "evidence": "x", "name": "x", "backend": "offline", "status": "pending"}  # fmt: skip
    text = json.dumps({"version": 1, "proposals": [row], "runs": {}})
    path.write_text(text.replace('"chapter": 1', '"chapter": Infinity'), "utf-8")
    before = path.read_bytes()
    done = workbench("upkeep", str(sample_copy), "--reject", "u1")
    assert "Traceback" not in done.stderr and done.returncode != 0, done.stderr
    assert str(path) in done.stderr and "not a review queue" in done.stderr
    assert ".workbench/upkeep.json: not a review queue" in checked(sample_copy)
    assert path.read_bytes() == before
