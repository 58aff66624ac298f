"""Every reason a feed gives — titles, why a block is missing, trimmed or dropped, the steps
that fix it, notes, the checklist's entries, the ledger's cuts, relevance — is a Reason with
a code, never Chinese a UI would have to read back. Built on books that go wrong in many ways
at once: sources missing, a chapter gap, broken pins, a budget too small."""

from __future__ import annotations

import json
import re
from pathlib import Path

from workbench.book.project import Project
from workbench.feed import AGENTS, Feed, build_feed
from workbench.reasons import Reason

CJK = re.compile(r"[\u3400-\u9fff]")


def _texts(feed: Feed) -> list[tuple[str, str]]:
    """(where, text) of everything in the feed that is the engine's words."""
    found: list[tuple[str, str]] = []
    for block in feed.blocks:
        found.append((f"{block.id} title", block.title))
        found += [(f"{block.id} reason", block.reason), (f"{block.id} fix", block.fix)]
        found += [(f"{block.id} note", note) for note in block.notes]
        found += [(f"{block.id} stale", stale) for stale in block.stale]
        for item in block.items:
            found += [(f"{item.key} reason", reason) for reason in item.reasons]
    for item in feed.checklist.items:
        for field in ("missing", "notes", "stale", "fix"):
            found += [(f"checklist {item.key} {field}", text) for text in getattr(item, field)]
    found += [("feed note", note) for note in feed.notes]
    found += [
        (f"ledger {entry.block} {entry.action}", entry.detail)
        for entry in feed.ledger.entries
        if entry.action in ("cap", "trim", "drop")
    ]
    return [(where, text) for where, text in found if text]


def _unstructured(feed: Feed) -> list[tuple[str, str]]:
    """Texts in Chinese that carry no code (paths and commands have no Chinese here)."""
    return [
        (where, text)
        for where, text in _texts(feed)
        if not isinstance(text, Reason) and CJK.search(text)
    ]


def _codes(feed: Feed) -> set[str]:
    codes: set[str] = set()

    def walk(reason: object) -> None:
        if isinstance(reason, Reason):
            codes.add(reason.code)
            for arg in reason.args:
                walk(arg)

    for _where, text in _texts(feed):
        walk(text)
    return codes


def _broken(novel: Path) -> Project:
    """The novel with much gone wrong: no fixed context, world or style anchor, chapter 38
    missing, no plan for chapter 40, broken pins and a tight budget."""
    for relative in (
        "references/fixed-context.md",
        "worldbuilding/world.md",
        "meta/style-anchor.md",
        "chapters/ch038.md",
        "outline/chapters/ch040.md",
        "references/state-tracker.md",
    ):
        (novel / relative).unlink()
    pins = ["meta/gone.md", "F099", "block:fixed.nothing", "chapters/ch001.md", "林风—赵乾"]
    (novel / "meta/pins.json").write_text(
        json.dumps({"version": 1, "pins": pins}, ensure_ascii=False), encoding="utf-8"
    )
    return Project.open(novel)


def test_a_complete_books_feeds_give_coded_reasons(novel: Path) -> None:
    project = Project.open(novel)
    for agent in AGENTS:
        feed = build_feed(project, agent, 12, count_tokens=False)
        assert _unstructured(feed) == [], agent
    feed = build_feed(project, "MainWriter", 20, count_tokens=False)
    assert {"relevance.due", "presence.protagonist", "title.plan"} <= _codes(feed)


def test_a_broken_books_feeds_give_coded_reasons(novel: Path) -> None:
    project = _broken(novel)
    (novel / "workbench.toml").write_text("[feed]\nbudget = 900\n", encoding="utf-8")
    codes: set[str] = set()
    for agent in AGENTS:
        feed = build_feed(project, agent, 40, count_tokens=False, passage=None)
        assert _unstructured(feed) == [], agent
        codes |= _codes(feed)
    expected = {
        "missing.file",
        "missing.file_or_empty",
        "missing.plan",
        "missing.chapter_file_gap",
        "missing.passage",
        "pin.broken",
        "pin.no_row",
        "pin.block_absent",
        "pin.chapter_refused",
        "block.why",
        "fix.write",
        "relevance.overdue",
    }
    assert expected <= codes, expected - codes
    assert codes & {"budget.dropped", "budget.trimmed", "budget.items_cut"}, codes
