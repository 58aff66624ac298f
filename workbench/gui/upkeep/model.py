"""The review queue as a table model: one row per pending proposal, by range then kind.
Qt.UserRole holds the proposal's id, Qt.UserRole + 1 its kind."""

from __future__ import annotations

from enum import IntEnum

from PySide6.QtCore import (
    QAbstractTableModel,
    QCoreApplication,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    Qt,
)

from workbench.gui.engine_words import engine_text
from workbench.upkeep.change import change_reason
from workbench.upkeep.proposals import Kind, Proposal

ID_ROLE = Qt.ItemDataRole.UserRole
KIND_ROLE = Qt.ItemDataRole.UserRole + 1
Index = QModelIndex | QPersistentModelIndex


class Column(IntEnum):
    """The table's columns."""

    RANGE = 0
    KIND = 1
    CHANGE = 2
    CHAPTER = 3
    EVIDENCE = 4


def kind_label(kind: Kind) -> str:
    """The kind as the author reads it."""
    labels = {
        Kind.CHARACTER: QCoreApplication.translate("Upkeep", "New character"),
        Kind.ALIAS: QCoreApplication.translate("Upkeep", "New alias"),
        Kind.RELATIONSHIP: QCoreApplication.translate("Upkeep", "Relationship"),
        Kind.PLANTED: QCoreApplication.translate("Upkeep", "New foreshadowing"),
        Kind.PAID: QCoreApplication.translate("Upkeep", "Paid off"),
        Kind.SIGHTING: QCoreApplication.translate("Upkeep", "Sighting"),
        Kind.STATE: QCoreApplication.translate("Upkeep", "State"),
    }
    return labels[kind]


class UpkeepModel(QAbstractTableModel):
    """The pending proposals the view shows (and the tests read)."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("upkeepModel")
        self.proposals: list[Proposal] = []

    def set_proposals(self, proposals: list[Proposal]) -> None:
        """Show these proposals (already in order)."""
        self.beginResetModel()
        self.proposals = list(proposals)
        self.endResetModel()

    def proposal(self, row: int) -> Proposal:
        """The proposal on a row."""
        return self.proposals[row]

    def row_of(self, proposal_id: str) -> int | None:
        """The row showing a proposal."""
        return next((i for i, p in enumerate(self.proposals) if p.id == proposal_id), None)

    def rowCount(self, parent: Index | None = None) -> int:
        """One row per proposal."""
        return 0 if parent is not None and parent.isValid() else len(self.proposals)

    def columnCount(self, parent: Index | None = None) -> int:
        """Range, kind, change, chapter, evidence."""
        return 0 if parent is not None and parent.isValid() else len(Column)

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        """Text per column; the id and kind under their roles on every column."""
        if not index.isValid():
            return None
        proposal = self.proposals[index.row()]
        if role == ID_ROLE:
            return proposal.id
        if role == KIND_ROLE:
            return str(proposal.kind)
        column = Column(index.column())
        if role == Qt.ItemDataRole.DisplayRole:
            if column is Column.RANGE:
                return proposal.range_label
            if column is Column.KIND:
                return kind_label(proposal.kind)
            if column is Column.CHANGE:
                return engine_text(change_reason(proposal))
            if column is Column.CHAPTER:
                return proposal.chapter
            return proposal.evidence
        if role == Qt.ItemDataRole.ToolTipRole:
            where = QCoreApplication.translate("Upkeep", "Chapter %1, line %2").replace(
                "%1", str(proposal.chapter)
            )
            return where.replace("%2", str(proposal.line)) + "\n" + proposal.evidence
        return None

    def headerData(
        self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole
    ) -> object:
        """Column titles."""
        if orientation != Qt.Orientation.Horizontal or role != Qt.ItemDataRole.DisplayRole:
            return None
        titles = {
            Column.RANGE: QCoreApplication.translate("Upkeep", "Range"),
            Column.KIND: QCoreApplication.translate("Upkeep", "Kind"),
            Column.CHANGE: QCoreApplication.translate("Upkeep", "Proposed change"),
            Column.CHAPTER: QCoreApplication.translate("Upkeep", "Ch."),
            Column.EVIDENCE: QCoreApplication.translate("Upkeep", "Evidence"),
        }
        return titles[Column(section)]
