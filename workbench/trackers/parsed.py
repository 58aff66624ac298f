"""What a tracker file parses into: its tracker tables (which field each column holds) and its
entries. Apart from the parser so its errors can carry what did parse without importing it."""

from __future__ import annotations

from dataclasses import dataclass

from workbench.trackers.columns import normalise_header
from workbench.trackers.kinds import BUILTIN_KINDS
from workbench.trackers.model import Foreshadowing, RelationshipChange, TrackedItem
from workbench.trackers.tables import Table


@dataclass(frozen=True)
class TrackerTable:
    """A table recognised as a tracker: which field each column holds."""

    kind: str
    table: Table
    fields: tuple[str | None, ...]  # None: an extra column, kept as it is
    headers: tuple[str, ...]

    def column(self, name: str) -> int | None:
        """Index of a column named by field ('status') or by header text ('备注')."""
        return column_index(self.fields, self.headers, name)


@dataclass(frozen=True)
class ParsedTracker:
    """Everything read from one tracker file."""

    tables: tuple[TrackerTable, ...]
    foreshadowing: tuple[Foreshadowing, ...]
    relationships: tuple[RelationshipChange, ...]
    items: tuple[TrackedItem, ...] = ()  # rows of a kind the project declared


def column_index(fields: tuple[str | None, ...], headers: tuple[str, ...], name: str) -> int | None:
    """Index of a column named by field ('status'), a synonym ('埋设') or its header text."""
    if name in fields:
        return fields.index(name)
    wanted = normalise_header(name)
    for index, header in enumerate(headers):
        if normalise_header(header) == wanted:
            return index
    for kind in BUILTIN_KINDS:
        for field, synonyms in kind.columns.items():
            if wanted in synonyms and field in fields:
                return fields.index(field)
    return None
