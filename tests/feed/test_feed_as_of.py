"""A feed for chapter N is the feed of the book as of N (PRODUCT.md §10, issue #27 item 7):
for any N and agent, the feed built on the whole book equals the feed built on a copy that
holds only what existed at N — chapters up to N (chapter N's own text is what a feed for N is
about: OOCGuardian checks it, relevance reads it where there is no plan), with every tracker
row, pay-off, relationship change, state and summary stamped after N removed.

On the bundled sample (cut with plain line edits, tests/book_as_of.py) and on the
webnovel-writer serial (rebuilt as it stood after chapter N was committed, by the same steps
that wrote the whole book, tests/webnovel_serial.py).
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from book_as_of import cut_workbench_project
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from webnovel_serial import LAST_CHAPTER, make_serial

from workbench.book.project import Project
from workbench.bundled import sample_novel_dir
from workbench.feed import AGENTS, build_feed
from workbench.feed.render import feed_json

SAMPLE_LAST = 13  # the sample's chapters 1-12 and the plan of 13


def _feed(root: Path, agent: str, chapter: int) -> dict:
    project = Project.open(root)
    passage = (0, 20) if agent == "BattleAgent" and project.chapter(chapter) else None
    feed = build_feed(project, agent, chapter, passage=passage, count_tokens=False)
    # The two folders differ only in where they are.
    return json.loads(feed_json(feed).replace(str(root), "<project>"))


def _differences(whole: dict, cut: dict) -> list[str]:
    by_id = {block["id"]: block for block in cut["blocks"]}
    found = [
        f"{block['id']}: {block['text']!r} != {by_id.get(block['id'], {}).get('text')!r}"
        for block in whole["blocks"]
        if by_id.get(block["id"]) != block
    ]
    return found or ([] if whole == cut else ["outside the blocks"])


class _Cuts:
    """One cut copy per chapter, made on first use (each is a whole project folder)."""

    def __init__(self, folder: Path, make) -> None:
        self.folder, self.make, self.made = folder, make, {}

    def __call__(self, chapter: int) -> Path:
        if chapter not in self.made:
            self.made[chapter] = self.make(self.folder / f"as-of-{chapter}", chapter)
        return self.made[chapter]


@pytest.fixture(scope="module")
def sample(tmp_path_factory) -> tuple[Path, _Cuts]:
    folder = tmp_path_factory.mktemp("as-of-sample")
    whole = folder / "whole"
    shutil.copytree(sample_novel_dir(), whole)
    return whole, _Cuts(folder, lambda target, n: cut_workbench_project(whole, target, n))


@pytest.fixture(scope="module")
def serial(tmp_path_factory) -> tuple[Path, _Cuts]:
    folder = tmp_path_factory.mktemp("as-of-serial")
    whole = make_serial(folder / "whole")
    return whole, _Cuts(folder, lambda target, n: make_serial(target, through=n))


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(chapter=st.integers(1, SAMPLE_LAST), agent=st.sampled_from(list(AGENTS)))
def test_a_sample_feed_for_n_is_the_book_as_of_n(sample, chapter, agent):
    whole, cuts = sample
    assert not _differences(_feed(whole, agent, chapter), _feed(cuts(chapter), agent, chapter))


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(chapter=st.integers(1, LAST_CHAPTER), agent=st.sampled_from(list(AGENTS)))
def test_a_webnovel_feed_for_n_is_the_book_as_of_n(serial, chapter, agent):
    whole, cuts = serial
    assert not _differences(_feed(whole, agent, chapter), _feed(cuts(chapter), agent, chapter))


def test_an_entry_paid_off_after_n_is_open_at_n(serial):
    """The issue's case: at chapter 30 the 旧伤 entry (paid off in 31) is due, and open."""
    whole, _ = serial
    feed = _feed(whole, "MainWriter", 30)
    block = next(b for b in feed["blocks"] if b["id"] == "on_demand.foreshadowing")
    line = next(line for line in block["text"].splitlines() if "赵无极左臂的旧伤" in line)
    assert "状态：未回收" in line and "已回收" not in line
    assert "临近回收" in line
