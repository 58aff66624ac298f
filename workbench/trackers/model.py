"""Foreshadowing entries, relationship changes and the rows of a project's own tracker kinds,
and the questions asked of them."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from workbench.trackers.columns import Status

DUE_WINDOW = 5


def _same(name: str) -> str:
    return name


@dataclass(frozen=True)
class Foreshadowing:
    """One 伏笔 row of the plot tracker."""

    id: str
    content: str
    planted: int | None
    payoff: int | None
    status: Status
    resolved_at: int | None
    tier: str
    characters: tuple[str, ...]
    keywords: tuple[str, ...]
    line: int
    extra: dict[str, str] = field(default_factory=dict, hash=False)
    source: str = ""

    def open_at(self, chapter: int) -> bool:
        """Open at chapter N: 未回收, or resolved at R > N; 废弃 never is.

        已回收 without @R says nothing about when, so it is closed at every chapter.
        """
        if self.status is Status.OPEN:
            return True
        if self.status is Status.RESOLVED and self.resolved_at is not None:
            return chapter < self.resolved_at
        return False

    def candidate_at(self, chapter: int) -> bool:
        """Planted at or before chapter N and still open there."""
        return self.planted is not None and self.planted <= chapter and self.open_at(chapter)

    def overdue_at(self, chapter: int) -> bool:
        """A candidate whose planned payoff is behind chapter N."""
        return self.candidate_at(chapter) and self.payoff is not None and self.payoff < chapter

    def due_at(self, chapter: int, window: int = DUE_WINDOW) -> bool:
        """A candidate whose planned payoff is chapter N or one of the next `window`."""
        return (
            self.candidate_at(chapter)
            and self.payoff is not None
            and chapter <= self.payoff <= chapter + window
        )


@dataclass(frozen=True)
class RelationshipChange:
    """One row of the relationship tracker: how a pair stood from a chapter on."""

    chapter: int
    a: str
    b: str
    relation: str
    change: str
    note: str
    line: int
    extra: dict[str, str] = field(default_factory=dict, hash=False)
    source: str = ""

    @property
    def key(self) -> str:
        """The pair as written in this row, e.g. 林风—苏瑶."""
        return f"{self.a}—{self.b}"

    def pair(self, canonical: Callable[[str], str] = _same) -> frozenset[str]:
        """The unordered pair, names mapped through `canonical` (alias -> name)."""
        return frozenset((canonical(self.a), canonical(self.b)))


@dataclass(frozen=True)
class TrackedItem:
    """One row of a tracker kind the project declared (法宝, 功法 …), by its columns."""

    kind: str  # the kind's key
    name: str
    keywords: tuple[str, ...]
    planted: int | None  # the chapter it enters the story; None: from the start
    changed: int | None  # the chapter it last changed
    cells: dict[str, str] = field(hash=False)  # header -> cell text, in column order
    line: int = 0
    source: str = ""

    def candidate_at(self, chapter: int) -> bool:
        """In the story by chapter N."""
        return self.planted is None or self.planted <= chapter


@dataclass
class Trackers:
    """Every tracker of a project, as parsed."""

    foreshadowing: list[Foreshadowing] = field(default_factory=list)
    relationships: list[RelationshipChange] = field(default_factory=list)
    items: list[TrackedItem] = field(default_factory=list)  # of the declared kinds

    def find(self, entry_id: str) -> Foreshadowing | None:
        """The foreshadowing entry with this ID."""
        return next((entry for entry in self.foreshadowing if entry.id == entry_id), None)

    def candidates(self, chapter: int) -> list[Foreshadowing]:
        """Entries planted by chapter N and open there."""
        return [entry for entry in self.foreshadowing if entry.candidate_at(chapter)]

    def overdue(self, chapter: int) -> list[Foreshadowing]:
        """Open entries whose 计划回收 is before chapter N."""
        return [entry for entry in self.foreshadowing if entry.overdue_at(chapter)]

    def due_soon(self, chapter: int, window: int = DUE_WINDOW) -> list[Foreshadowing]:
        """Open entries to be paid off in chapters N to N + window."""
        return [entry for entry in self.foreshadowing if entry.due_at(chapter, window)]

    def pair_history(
        self,
        a: str,
        b: str,
        chapter: int | None = None,
        canonical: Callable[[str], str] = _same,
    ) -> list[RelationshipChange]:
        """The pair's rows (in either order) up to chapter N, oldest first."""
        wanted = frozenset((canonical(a), canonical(b)))
        rows = [
            row
            for row in self.relationships
            if row.pair(canonical) == wanted and (chapter is None or row.chapter <= chapter)
        ]
        # Stable: rows of one chapter keep their file order, the later row being the newer.
        return sorted(rows, key=lambda row: row.chapter)

    def pair_state(
        self, a: str, b: str, chapter: int, canonical: Callable[[str], str] = _same
    ) -> RelationshipChange | None:
        """The pair's latest row at or before chapter N."""
        history = self.pair_history(a, b, chapter, canonical)
        return history[-1] if history else None

    def latest_rows(
        self, chapter: int, canonical: Callable[[str], str] = _same
    ) -> list[RelationshipChange]:
        """Each pair's latest row at or before chapter N, in file order."""
        latest: dict[frozenset[str], RelationshipChange] = {}
        for row in sorted(self.relationships, key=lambda row: row.chapter):
            if row.chapter <= chapter:
                latest[row.pair(canonical)] = row
        return sorted(latest.values(), key=lambda row: (row.source, row.line))

    def characters(self) -> list[str]:
        """Every character named in either tracker, in order of first mention."""
        names: Iterable[str] = (
            *(name for entry in self.foreshadowing for name in entry.characters),
            *(name for row in self.relationships for name in (row.a, row.b)),
        )
        return list(dict.fromkeys(names))
