"""The relationship change history as a Qt model, filtered by character, pair and chapters."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QObject, Qt
from PySide6.QtGui import QBrush, QFont

from workbench.gui.trackers.ledger_model import (
    FADED,
    SORT_ROLE,
    SortKeyProxy,
    begin_filter_change,
    end_filter_change,
)
from workbench.trackers.model import RelationshipChange

FIELDS = ("chapter", "a", "b", "relation", "change", "note")


class RelationshipModel(QAbstractTableModel):
    """One row per change, in file order; rows after the browser's chapter are faded and
    each pair's current row (its state at that chapter) is bold."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("relationshipModel")
        self.rows: tuple[RelationshipChange, ...] = ()
        self.extra: list[str] = []
        self.chapter = 0
        self.current: set[int] = set()  # lines of the rows that are a pair's state now
        self.canonical: Callable[[str], str] = str

    def set_rows(
        self,
        rows: tuple[RelationshipChange, ...],
        chapter: int,
        current: set[int],
        canonical: Callable[[str], str],
    ) -> None:
        """Show new rows (or the same rows at another chapter)."""
        self.beginResetModel()
        self.rows, self.chapter, self.current, self.canonical = rows, chapter, current, canonical
        self.extra = list(dict.fromkeys(header for row in rows for header in row.extra))
        self.endResetModel()

    def rowCount(self, parent: QModelIndex | None = None) -> int:
        """One row per change."""
        return 0 if parent is not None and parent.isValid() else len(self.rows)

    def columnCount(self, parent: QModelIndex | None = None) -> int:
        """The six tracker columns and any extra ones."""
        return 0 if parent is not None and parent.isValid() else len(FIELDS) + len(self.extra)

    def headerData(self, section, orientation, role=Qt.ItemDataRole.DisplayRole):
        """Column titles in the UI language."""
        if orientation != Qt.Orientation.Horizontal or role != Qt.ItemDataRole.DisplayRole:
            return None
        titles = (
            self.tr("Chapter"),
            self.tr("Character A"),
            self.tr("Character B"),
            self.tr("Relation"),
            self.tr("Change"),
            self.tr("Note"),
        )
        return titles[section] if section < len(FIELDS) else self.extra[section - len(FIELDS)]

    def data(self, index: QModelIndex, role=Qt.ItemDataRole.DisplayRole):
        """Cell text, sort keys, and the faded / current styling."""
        if not index.isValid():
            return None
        row = self.rows[index.row()]
        column = index.column()
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
            if column < len(FIELDS):
                return str(getattr(row, FIELDS[column]))
            return row.extra.get(self.extra[column - len(FIELDS)], "")
        if role == SORT_ROLE:
            value = getattr(row, FIELDS[column]) if column < len(FIELDS) else ""
            return (value, row.line)
        if role == Qt.ItemDataRole.ForegroundRole and row.chapter > self.chapter:
            return QBrush(FADED)
        if role == Qt.ItemDataRole.FontRole and row.line in self.current:
            font = QFont()
            font.setBold(True)
            return font
        return None


class RelationshipProxy(SortKeyProxy):
    """Rows naming a character (any alias), or one pair, within a chapter range."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.character = ""
        self.pair: frozenset[str] | None = None
        self.first: int | None = None
        self.last: int | None = None

    def set_criteria(
        self,
        character: str = "",
        pair: frozenset[str] | None = None,
        first: int | None = None,
        last: int | None = None,
    ) -> None:
        """Filter by new criteria; empty ones do not filter."""
        begin_filter_change(self)
        self.character, self.pair, self.first, self.last = character.strip(), pair, first, last
        end_filter_change(self)

    def filterAcceptsRow(self, source_row: int, source_parent: QModelIndex) -> bool:
        """A row passes every criterion that is set."""
        model = self.sourceModel()
        assert isinstance(model, RelationshipModel)
        row = model.rows[source_row]
        canonical = model.canonical
        if self.pair is not None and row.pair(canonical) != self.pair:
            return False
        if self.character and canonical(self.character) not in row.pair(canonical):
            return False
        if self.first is not None and row.chapter < self.first:
            return False
        return self.last is None or row.chapter <= self.last
