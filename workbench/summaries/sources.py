"""What the offline backend knows beyond the chapters: the cast and open foreshadowing,
read through the trackers package (the same reading the feed uses)."""

from __future__ import annotations

import logging
import re

from workbench.book.characters import is_role_word
from workbench.book.project import Project
from workbench.book.sections import sections
from workbench.summaries.rolling import SECTION_TITLES
from workbench.trackers import TrackerParseError, load_cast, load_trackers

log = logging.getLogger(__name__)

TIERS = {"核心": 0, "支线": 1, "装饰": 2}
_LIST_ITEM = re.compile(r"^\s*(?:[-*+]|\d+[.)、])\s+(.+)$")


def cast_names(project: Project) -> dict[str, tuple[str, ...]]:
    """Every named character with aliases, the protagonist first; {} without a cast."""
    cast = load_cast(project)
    ordered = sorted(cast.characters, key=lambda c: not c.protagonist)
    return {c.name: c.aliases for c in ordered if not is_role_word(c.name)}


def protagonist(project: Project) -> str | None:
    """The protagonist's name, when the character files give one."""
    return load_cast(project).protagonist


def open_foreshadowing(
    project: Project, chapter: int, previous_summary: str
) -> tuple[list[str], list[str]]:
    """Foreshadowing open at chapter N, one line each, most important first and in list
    order: from the plot tracker (by ID, with where it was planted), else carried over from
    the previous summary's list."""
    try:
        entries = load_trackers(project).candidates(chapter)
    except TrackerParseError as error:
        log.warning("plot tracker unreadable, using the previous summary's list: %s", error)
        entries = []
    if entries:
        # ID, one sentence, where planted: the template's wording. When the list is longer
        # than the section's room, what matters most should survive; the order stays by ID.
        ranked = sorted(entries, key=lambda e: TIERS.get(e.tier.strip(), len(TIERS)))
        lines = {
            entry.id: f"{entry.id} {entry.content}（第{entry.planted}章埋设）" for entry in entries
        }
        return [lines[e.id] for e in ranked], [lines[e.id] for e in entries]
    carried = _listed(previous_summary, SECTION_TITLES[2])
    return carried, carried


def _listed(text: str, title: str) -> list[str]:
    """The list items of the section with this title (any heading level)."""
    for section in sections(text):
        if section.title.strip() == title:
            body = section.body(text)
            return [
                m.group(1).strip() for line in body.splitlines() if (m := _LIST_ITEM.match(line))
            ]
    return []
