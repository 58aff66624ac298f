"""Properties of every feed, over agents, chapters, budgets, templates, pins and knobs."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from feed_factory import make_project
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from workbench.book.project import Project
from workbench.feed import AGENTS, Group, Layer, Status, build_feed
from workbench.feed.build import token_counter
from workbench.feed.model import zi
from workbench.feed.render import feed_json, feed_markdown

PIN_CHOICES = [
    "block:fixed.world",
    "block:rolling.chapter.10",
    "block:on_demand.relationships",
    "characters/characters.md#苏瑶",
    "worldbuilding/world.md",
    "F001",
    "林风—苏瑶",
]


@pytest.fixture(scope="module")
def root(tmp_path_factory) -> Path:
    return make_project(tmp_path_factory.mktemp("props") / "novel", chapters=30, sentences=30)


requests = st.fixed_dictionaries(
    {
        "agent": st.sampled_from(list(AGENTS)),
        "chapter": st.integers(1, 33),
        "budget": st.integers(1, 30_000),
        "type": st.sampled_from([None, "plot", "battle", "emotion", "transition"]),
        "pins": st.lists(st.sampled_from(PIN_CHOICES), unique=True, max_size=4),
        "ranker": st.booleans(),
        "excerpt": st.integers(20, 400),
        "sections": st.integers(1, 3),
        "power_cap": st.integers(1, 3000),
    }
)


def _build(root: Path, request: dict):
    (root / "workbench.toml").write_text(
        f"[feed]\nbudget = {request['budget']}\nskeleton_excerpt = {request['excerpt']}\n"
        f"skeleton_interval = 7\nsummary_sections = {request['sections']}\n"
        f"power_cap = {request['power_cap']}\n"
        f"[feed.ranker]\nenabled = {str(request['ranker']).lower()}\n",
        encoding="utf-8",
    )
    pins = {"version": 1, "pins": request["pins"]}
    (root / "meta/pins.json").write_text(json.dumps(pins, ensure_ascii=False), encoding="utf-8")
    project = Project.open(root)
    chapter = request["chapter"]
    passage = (5, 60) if project.chapter(chapter) else None
    feed = build_feed(
        project, request["agent"], chapter, chapter_type=request["type"], passage=passage
    )
    return project, feed


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(request=requests)
def test_every_feed_keeps_its_promises(root, request):
    project, feed = _build(root, request)

    # No block exceeds its cap; counts are of the text actually in the feed.
    for block in feed.blocks:
        assert block.cap is None or block.chars <= block.cap, block.id
        assert block.chars == zi(block.text)
        assert block.tokens == token_counter(project).count(block.text)
        if block.status in (Status.DROPPED, Status.MISSING):
            assert block.text == "" and block.reason

    # Totals are the sums of the blocks.
    totals = feed.totals()
    for layer in Layer:
        in_layer = [b for b in feed.blocks if b.layer is layer]
        assert totals[layer.value]["chars"] == sum(b.chars for b in in_layer)
        assert totals[layer.value]["tokens"] == sum(b.tokens for b in in_layer)
    assert totals["all"]["chars"] == sum(b.chars for b in feed.blocks)
    assert totals["all"]["tokens"] == sum(b.tokens for b in feed.blocks)
    data = json.loads(feed_json(feed))
    assert data["totals"]["all"]["tokens"] == sum(b["tokens"] for b in data["blocks"])

    # Pinned items and the style anchor are never dropped.
    for block in feed.blocks:
        if block.pinned or block.kind == "style_anchor":
            assert block.status is not Status.DROPPED, block.id
    pinned_entries = {ref for ref in request["pins"] if ref in ("F001", "林风—苏瑶")}
    for block in feed.blocks:
        # Entry pins are tracker rows; the recall block quotes chapters, never rows.
        tracker_rows = block.layer is Layer.ON_DEMAND and block.kind != "recall"
        if tracker_rows and block.status is not Status.MISSING:
            kept = {item.key for item in block.items if item.pinned}
            wanted = {r for r in pinned_entries if ("—" in r) == (block.kind == "relationship")}
            for ref in wanted - kept:
                assert any(ref in note for note in feed.notes)

    # Groups never spend more than they were given, unless something pinned forces it.
    for group in Group:
        numbers = feed.groups[group]
        members = [b for b in feed.blocks if b.group is group]
        if not any(b.pinned or any(i.pinned for i in b.items) for b in members):
            assert numbers.used <= numbers.allotted

    # The same input gives a byte-identical feed, in this project object and a fresh one.
    again = build_feed(
        project,
        request["agent"],
        request["chapter"],
        chapter_type=request["type"],
        passage=(5, 60) if project.chapter(request["chapter"]) else None,
    )
    assert feed_markdown(again) == feed_markdown(feed)
    assert feed_json(again) == feed_json(feed)
    _, fresh = _build(root, request)
    assert feed_json(fresh) == feed_json(feed)
