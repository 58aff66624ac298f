"""An author saves a tracker and the rolling summary in another editor — in place (truncate,
then write) or by renaming a temp file over it — while other processes accept upkeep
proposals into the tracker and place summary sections: no author save is ever lost. Each
Workbench write either builds on a whole, settled save or is refused with a message."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

HERE = Path(__file__).parent
SAVES = 60  # per author and file
ACCEPTS = 25  # per accepting process
SUMMARIES = 15  # per summarising process
TRACKER = "references/relationship-tracker.md"
SUMMARY = "references/rolling-summary.md"

pytestmark = pytest.mark.faults


def _start(*args: str) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, str(HERE / "author_race.py"), *args], stdout=subprocess.PIPE, text=True
    )


def _counts(child: subprocess.Popen) -> dict[str, int]:
    out, _ = child.communicate(timeout=600)
    assert child.returncode == 0, out
    return {name: int(n) for name, n in re.findall(r"(\w+) (\d+)", out)}


@pytest.mark.parametrize("style", ["inplace", "rename"])
def test_no_author_save_is_lost_to_an_accept_or_a_summary(sample_copy, style):
    root = str(sample_copy)
    authors = [
        _start("author", root, TRACKER, style, str(SAVES), "1"),
        _start("author", root, SUMMARY, style, str(SAVES), "2"),
    ]
    writers = [_start("accept", root, str(w), str(ACCEPTS)) for w in range(3)]
    writers += [_start("summary", root, str(w), str(SUMMARIES)) for w in range(2)]
    saved = [_counts(child) for child in authors]
    wrote = [_counts(child) for child in writers]
    print(style, "authors", saved, "workbench", wrote)
    assert [s["lost"] for s in saved] == [0, 0]
    assert sum(w["written"] for w in wrote[:3]) > 0, "no accept got in: the race never ran"
    assert sum(w["written"] for w in wrote[3:]) > 0, "no summary got in: the race never ran"
    tracker = (sample_copy / TRACKER).read_text("utf-8")
    assert f"作者第{SAVES - 1}稿。" in tracker and "| 1 | 陆照 | 瞎伯 |" in tracker
    assert list(sample_copy.glob("references/.*.tmp")) == []
