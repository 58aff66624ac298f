"""What an upkeep backend is asked for one range of chapters, and what it answers."""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Protocol

from workbench.trackers.cast import Cast
from workbench.trackers.model import Trackers
from workbench.upkeep.name_patterns import DEFAULT_PATTERNS, NamePatterns
from workbench.upkeep.proposals import Proposal
from workbench.upkeep.text import Chapter


@dataclass(frozen=True)
class UpkeepRequest:
    """One five-chapter range (or the part of one asked for), with the book's memory as of
    its first chapter: the cast, both trackers, whether there is a state tracker."""

    first: int
    last: int
    chapters: tuple[Chapter, ...]
    cast: Cast
    trackers: Trackers
    state_columns: tuple[str, ...] = ()  # the state tracker's columns, () without one
    states: tuple[tuple[int, str, str], ...] = ()  # its cells: (章节, column, value)
    realms: tuple[str, ...] = ()  # the realm names of the world's 力量体系
    names: NamePatterns = DEFAULT_PATTERNS  # where names stand, with the project's additions
    listed: frozenset[str] = frozenset()  # new characters already proposed (or rejected)

    def state_at(self, chapter: int, column: str) -> str | None:
        """The state tracker's latest value in `column` at or before the chapter."""
        values = [(n, v) for n, c, v in self.states if c == column and n <= chapter and v]
        return max(values, key=lambda item: item[0])[1] if values else None

    def chapter(self, number: int) -> Chapter | None:
        """The range's chapter of that number."""
        return next((c for c in self.chapters if c.number == number), None)


@dataclass(frozen=True)
class UpkeepAnswer:
    """A backend's proposals for one range, and how many it had to drop as ungrounded."""

    proposals: tuple[Proposal, ...]
    dropped_ungrounded: int = 0


class UpkeepBackend(Protocol):
    """Proposes upkeep for a range; raises UpkeepFailed (or an LlmError) when it cannot."""

    name: str
    paid: bool  # True when a call costs money (asked first)

    def propose(
        self, request: UpkeepRequest, *, cancel: threading.Event | None = None
    ) -> UpkeepAnswer:
        """Proposals for the request's range, every one grounded in its chapter."""
        ...
