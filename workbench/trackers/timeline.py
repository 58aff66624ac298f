"""Every thread's life, for the foreshadowing timeline: from 埋设章节 to its 计划回收 and, if
paid, its pay-off chapter, with the chapters its signals reappear in (sightings) and the
stretches it lay dormant (沉寂: unseen for more than K chapters, as trackers.dormancy says).

The segments a bar is drawn from: `open` from planting to the planned pay-off, `overdue`
beyond it until paid (or up to the book's last chapter while open), and `dormant` stretches
laid over both. An abandoned (废弃) entry keeps its segments and says it is abandoned.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from dataclasses import dataclass

from workbench.book.project import Project
from workbench.trackers.columns import Status
from workbench.trackers.config import load_tracker_config
from workbench.trackers.ledger import EntryState, state_at
from workbench.trackers.model import Foreshadowing, Trackers
from workbench.trackers.presence import Presence, chapter_presence

OPEN, OVERDUE, DORMANT = "open", "overdue", "dormant"


@dataclass(frozen=True)
class Segment:
    """Chapters start..end (inclusive) of one kind."""

    start: int
    end: int
    kind: str


@dataclass(frozen=True)
class ThreadLife:
    """One ledger entry over the book."""

    entry: Foreshadowing
    state: EntryState  # at the chapter the timeline is drawn for
    planted: int
    due: int | None
    paid: int | None
    end: int  # the last chapter of its bar
    sightings: tuple[int, ...]  # chapters after planting that name its keywords or characters
    segments: tuple[Segment, ...]

    @property
    def abandoned(self) -> bool:
        return self.entry.status is Status.ABANDONED


def thread_life(
    entry: Foreshadowing, sightings: list[int], horizon: int, chapter: int, dormant_after: int
) -> ThreadLife | None:
    """The life of one entry as of the book's last chapter `horizon`, its state at `chapter`;
    None for an entry with no 埋设章节 (nothing to draw)."""
    planted = entry.planted
    if planted is None:
        return None
    paid = entry.resolved_at if entry.status is Status.RESOLVED else None
    if paid is not None:
        end = max(planted, paid)
    elif entry.status is Status.ABANDONED:
        end = max(planted, entry.payoff or planted)
    else:
        end = max(planted, horizon, entry.payoff or planted)
    seen = tuple(c for c in sightings[bisect_right(sightings, planted) :] if c <= end)
    segments = []
    due = entry.payoff
    if entry.status is Status.ABANDONED:  # the author's decision: never overdue, never dormant
        segments.append(Segment(planted, max(planted, due or planted), OPEN))
    elif due is None or due >= end:
        segments.append(Segment(planted, end, OPEN))
    else:
        segments.append(Segment(planted, max(planted, due), OPEN))
        if paid is None or paid > due:
            segments.append(Segment(max(planted, due) + 1, end, OVERDUE))
    if entry.status is not Status.ABANDONED:
        # Only written chapters can pass without a sighting: none after the book's last.
        segments += _dormant(planted, seen, min(end, horizon), dormant_after)
    return ThreadLife(
        entry, state_at(entry, chapter), planted, due, paid, end, seen, tuple(segments)
    )


def _dormant(planted: int, seen: tuple[int, ...], end: int, after: int) -> list[Segment]:
    """The stretches where the thread had been unseen for more than `after` chapters."""
    stretches = []
    seen = tuple(chapter for chapter in seen if chapter <= end)
    marks = (planted, *seen)
    for last, following in zip(marks, (*seen, end + 1), strict=True):
        start = last + after + 1
        if start <= following - 1:
            stretches.append(Segment(start, following - 1, DORMANT))
    return stretches


def timeline(
    project: Project,
    trackers: Trackers,
    chapter: int,
    dormant_after: int | None = None,
    presence: Presence | None = None,
) -> list[ThreadLife]:
    """Every planted entry's life, in ledger order, with its state at chapter N."""
    if dormant_after is None:
        dormant_after = load_tracker_config(project).dormant_after
    presence = presence or chapter_presence(project, trackers)
    horizon = max([chapter, *presence.numbers])
    # As in dormancy: the protagonist and the frequent characters say nothing of a thread.
    frequent = presence.frequent_before(horizon + 1) | {presence.cast.protagonist or ""}
    lives = []
    for entry in trackers.foreshadowing:
        names = frozenset(presence.cast.canonical(name) for name in entry.characters) - frequent
        chapters = presence.naming_any(names, frozenset(entry.keywords))
        life = thread_life(entry, chapters, horizon, chapter, dormant_after)
        if life is not None:
            lives.append(life)
    return lives


def visible_between(lives: list[ThreadLife], first: int, last: int) -> list[ThreadLife]:
    """The lives whose bars cross chapters first..last."""
    return [life for life in lives if life.planted <= last and life.end >= first]


def sighting_index(life: ThreadLife, chapter: int) -> int:
    """How many of the entry's sightings lie at or before chapter N."""
    return bisect_left(life.sightings, chapter + 1)
