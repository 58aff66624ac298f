"""Feeds of the webnovel-writer serial opened in place (issue #27 items 8 and 9): every block
names the file its text came from; that tool's chapter meta, hooks, strands and
disambiguation warnings arrive with each chapter's summary; its scratchpad's open loops are
foreshadowing."""

from __future__ import annotations

import pytest
from webnovel_serial import NEXT_CHAPTER, make_serial

from workbench.book.project import Project
from workbench.feed import build_feed


@pytest.fixture(scope="module")
def serial(tmp_path_factory):
    return make_serial(tmp_path_factory.mktemp("serial") / "星图劫")


def _block(root, block_id: str, chapter: int = NEXT_CHAPTER, agent: str = "MainWriter"):
    feed = build_feed(Project.open(root), agent, chapter, count_tokens=False)
    return next(b for b in feed.blocks if b.id == block_id)


def test_the_skeleton_names_the_summary_it_came_from(serial):
    skeleton = _block(serial, "rolling.skeleton")
    assert skeleton.items and "第14章" in skeleton.items[0].text
    assert skeleton.source == ".webnovel/summaries/ch0014.md"
    assert not (serial / "references/rolling-summary.md").exists()
