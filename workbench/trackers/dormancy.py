"""Dormant threads (沉寂): open entries whose keywords and characters have not appeared in
the text for more than K chapters — the thread a 300-chapter serial forgets.

An entry is seen in a chapter whose text contains one of its keywords, or one of its
characters under any name or alias. As in relevance, the protagonist (in every chapter) and
characters named in more than half the chapters so far carry no signal. The planting
chapter counts as a sighting: the clock starts when the thread is planted.
"""

from __future__ import annotations

from dataclasses import dataclass

from workbench.book.project import Project
from workbench.trackers.columns import parse_chapter
from workbench.trackers.config import load_tracker_config
from workbench.trackers.model import Foreshadowing, Trackers
from workbench.trackers.presence import Presence, chapter_presence

LAST_SEEN = "最近出现"  # a column of the plot tracker: the last chapter the thread was seen


@dataclass(frozen=True)
class Sighting:
    """When an open entry was last seen, as of chapter N."""

    entry_id: str
    last_seen: int
    silent_for: int  # chapters since then: N - last_seen
    dormant: bool  # silent for more than K chapters


def sightings(
    project: Project, trackers: Trackers, chapter: int, dormant_after: int | None = None
) -> dict[str, Sighting]:
    """Every entry planted and open at chapter N, by ID, with when it was last seen.

    `dormant_after` is K; by default `[trackers] dormant_after` in workbench.toml (30).
    """
    if dormant_after is None:
        dormant_after = load_tracker_config(project).dormant_after
    presence = chapter_presence(project, trackers)
    # The protagonist is in every chapter and frequent characters nearly so: their names
    # appearing says nothing about whether this thread was touched.
    frequent = presence.frequent_before(chapter) | {presence.cast.protagonist or ""}
    result = {}
    for entry in trackers.candidates(chapter):
        last = last_seen(entry, chapter, presence, frequent)
        silent = chapter - last
        result[entry.id] = Sighting(entry.id, last, silent, silent > dormant_after)
    return result


def last_seen(entry: Foreshadowing, chapter: int, presence: Presence, frequent: set[str]) -> int:
    """The last chapter from 埋设 to N whose text names one of the entry's signals, or that
    the author recorded in its 最近出现 column (an accepted upkeep sighting)."""
    planted = entry.planted or 0
    names = frozenset(presence.cast.canonical(name) for name in entry.characters) - frequent
    seen = presence.last_naming(names, frozenset(entry.keywords), chapter)
    recorded = recorded_sighting(entry)
    if recorded is not None and recorded <= chapter:
        seen = max(seen or 0, recorded)
    return seen if seen is not None and seen > planted else planted


def recorded_sighting(entry: Foreshadowing) -> int | None:
    """The chapter in the entry's 最近出现 column, when it has one that names a chapter."""
    value = entry.extra.get(LAST_SEEN, "").strip()
    try:
        return parse_chapter(value) if value else None
    except ValueError:
        return None  # the author's own text in that cell: no chapter to read
