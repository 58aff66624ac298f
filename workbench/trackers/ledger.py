"""The foreshadowing ledger as an author browses it: each entry's state at a chapter, the
next free ID, and the filters (state, 重要度, character under any alias, chapter range, text).

The GUI's ledger and `workbench trackers --chapter N --format json` both read states from
here, so the browser and the command line never disagree about an entry.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from enum import StrEnum

from workbench.trackers.columns import Status
from workbench.trackers.model import DUE_WINDOW, Foreshadowing

_ID = re.compile(r"^(.*?)(\d+)$")
DEFAULT_ID_PREFIX = "F"
DEFAULT_ID_DIGITS = 3


class EntryState(StrEnum):
    """Where an entry stands at one chapter (the ledger's state role)."""

    OVERDUE = "overdue"  # open, 计划回收 behind the chapter
    DUE = "due"  # open, 计划回收 within the chapter and the next five
    OPEN = "open"  # planted, open, not yet due
    RESOLVED = "resolved"  # 已回收 at or before the chapter
    ABANDONED = "abandoned"  # 废弃 (the author's decision, whatever the chapter)
    NOT_PLANTED = "not_planted"  # 埋设章节 after the chapter, or not given


def state_at(entry: Foreshadowing, chapter: int, window: int = DUE_WINDOW) -> EntryState:
    """The entry's state at chapter N, by the same rules as relevance (PRODUCT.md §2)."""
    if entry.status is Status.ABANDONED:
        return EntryState.ABANDONED
    if entry.planted is None or entry.planted > chapter:
        return EntryState.NOT_PLANTED
    if not entry.open_at(chapter):
        return EntryState.RESOLVED
    if entry.overdue_at(chapter):
        return EntryState.OVERDUE
    if entry.due_at(chapter, window):
        return EntryState.DUE
    return EntryState.OPEN


def next_id(ids: Iterable[str]) -> str:
    """The next free ID in the file's own style: F017 -> F018, 伏笔9 -> 伏笔10; F001 if none."""
    best: tuple[int, str, int] | None = None  # (number, prefix, digits)
    for entry_id in ids:
        match = _ID.match(entry_id.strip())
        if match and (best is None or int(match.group(2)) > best[0]):
            best = (int(match.group(2)), match.group(1), len(match.group(2)))
    number, prefix, digits = best or (0, DEFAULT_ID_PREFIX, DEFAULT_ID_DIGITS)
    return f"{prefix}{number + 1:0{digits}d}"


def active_span(entry: Foreshadowing) -> tuple[int, int] | None:
    """The chapters an entry spans: from 埋设 to its resolution, else its planned payoff."""
    if entry.planted is None:
        return None
    end = entry.resolved_at or entry.payoff or entry.planted
    return entry.planted, max(entry.planted, end)


@dataclass(frozen=True)
class LedgerFilter:
    """What the author narrowed the ledger to; an empty field does not filter."""

    states: frozenset[EntryState] = frozenset()
    tiers: frozenset[str] = frozenset()
    character: str = ""  # a name or an alias; matched as the character's canonical name
    first: int | None = None  # chapter range: entries whose span meets [first, last]
    last: int | None = None
    text: str = ""  # case-insensitive, in ID, 内容, characters, keywords and extra columns
    canonical: Callable[[str], str] = field(default=lambda name: name, compare=False)

    def accepts(self, entry: Foreshadowing, state: EntryState) -> bool:
        """Whether the entry passes every filter that is set."""
        if self.states and state not in self.states:
            return False
        if self.tiers and entry.tier not in self.tiers:
            return False
        if self.character:
            wanted = self.canonical(self.character.strip())
            if wanted not in {self.canonical(name) for name in entry.characters}:
                return False
        if (self.first is not None or self.last is not None) and not self._in_range(entry):
            return False
        return not self.text or self._has_text(entry)

    def _in_range(self, entry: Foreshadowing) -> bool:
        span = active_span(entry)
        if span is None:
            return False
        first = self.first if self.first is not None else span[0]
        last = self.last if self.last is not None else span[1]
        return span[0] <= last and first <= span[1]

    def _has_text(self, entry: Foreshadowing) -> bool:
        needle = self.text.strip().casefold()
        haystack = (
            entry.id,
            entry.content,
            *entry.characters,
            *entry.keywords,
            *entry.extra.values(),
        )
        return any(needle in value.casefold() for value in haystack)
