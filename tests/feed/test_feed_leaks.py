"""No chapter text outside a recipe's window ever enters a feed (a marker in every chapter),
but for the passages the recall block quotes: those are of chapters before N, outside the
window."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from feed_factory import make_project, marker

from workbench.book.project import Project
from workbench.feed import AGENTS, build_feed
from workbench.feed.render import feed_json, feed_markdown

MARKER = re.compile(r"MARK(\d{4})Q")
CHAPTERS = 200
SAMPLED = [1, 2, 3, 6, 13, 21, 50, 99, 120, 121, 199, 200, 201]


def expected_window(agent: str, n: int) -> set[int]:
    """The seeds' table, written out independently of the recipes' code."""
    windows = {
        "MainWriter": range(n - 3, n),
        "OOCGuardian": range(n - 1, n + 1),
        "BattleAgent": range(n, n + 1),
        "FinalReviewer": range(n, n + 1),
        "ReaderSimulator": range(n - 1, n + 1),
        "RollingSummarizer": range(n - 4, n + 1),
    }
    return {c for c in windows[agent] if 1 <= c <= CHAPTERS}


@pytest.fixture(scope="module")
def big_novel(tmp_path_factory) -> Path:
    return make_project(tmp_path_factory.mktemp("leak") / "novel", chapters=CHAPTERS, sentences=8)


def markers_in(text: str) -> set[int]:
    return {int(found) for found in MARKER.findall(text)}


def _passage(project: Project, n: int) -> tuple[int, int] | None:
    if project.chapter(n) is None:
        return None
    start = project.chapter_text(n).index(marker(n))
    return start, start + 40


@pytest.mark.parametrize("agent", list(AGENTS))
def test_only_the_recipes_chapters_appear(big_novel, agent):
    project = Project.open(big_novel)
    for n in SAMPLED:
        feed = build_feed(project, agent, n, passage=_passage(project, n))
        allowed = expected_window(agent, n)
        recalled = {
            item.chapter for b in feed.blocks if b.id == "on_demand.recall" for item in b.items
        }
        assert all(chapter < n and chapter not in allowed for chapter in recalled), (agent, n)
        for rendered in (feed_markdown(feed, debug_scores=True), feed_json(feed)):
            assert markers_in(rendered) - recalled == allowed, (agent, n)
        assert set(feed.window) <= allowed | {n}


def test_the_summary_engine_gets_exactly_the_chapters_it_asks_for(big_novel):
    project = Project.open(big_novel)
    feed = build_feed(project, "RollingSummarizer", 30, first_chapter=21)
    assert markers_in(feed_markdown(feed)) == set(range(21, 31))
    summaries = [b for b in feed.blocks if b.kind == "summary"]
    assert [b.title for b in summaries] == ["滚动摘要 Ch16-20"]  # ends before Ch21


def test_main_writer_never_gets_its_own_chapter(big_novel):
    project = Project.open(big_novel)
    feed = build_feed(project, "MainWriter", 100)
    assert marker(100) not in feed_markdown(feed)
    data = json.loads(feed_json(feed))
    assert all(marker(100) not in block["text"] for block in data["blocks"])


def test_a_pinned_chapter_file_is_refused(big_novel, tmp_path):
    from workbench.feed.pins import Pin, PinProblem, add_pin, remove_pin, save_pins

    project = Project.open(big_novel)
    with pytest.raises(PinProblem, match="章节原文不能置顶"):
        add_pin(project, "chapters/ch050.md")
    # Written by hand (or by another tool), the feed still refuses it.
    save_pins(project, [Pin("chapters/ch050.md"), Pin("worldbuilding/world.md#力量体系")])
    try:
        feed = build_feed(project, "MainWriter", 100)
        text = feed_markdown(feed)
        assert marker(50) not in text
        assert any("chapters/ch050.md" in note for note in feed.notes)
        assert "炼气、筑基、金丹" in text  # the section pin is in
    finally:
        remove_pin(project, "chapters/ch050.md")
        remove_pin(project, "worldbuilding/world.md#力量体系")
