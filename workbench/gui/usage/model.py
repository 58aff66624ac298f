"""The 用量 view's table: one row per chapter, agent, day or model, from usage.jsonl's totals
(`workbench.calls.report`, the numbers `workbench usage --format json` prints)."""

from __future__ import annotations

from enum import IntEnum

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt

from workbench.calls.report import money, share_text

ROW_DATA_ROLE = Qt.ItemDataRole.UserRole + 1  # the row's totals as `usage --format json` has them
Index = QModelIndex | QPersistentModelIndex


class Column(IntEnum):
    """The table's columns."""

    KEY = 0
    CALLS = 1
    PROMPT = 2
    HIT = 3
    SHARE = 4
    COMPLETION = 5
    REASONING = 6
    SECONDS = 7
    COST = 8


class UsageTableModel(QAbstractTableModel):
    """Rows of totals (the dicts of `usage_data`'s `by[grouping]`)."""

    grouping = "chapter"  # class defaults: Qt may ask for headers while the model is built

    def __init__(self, parent=None) -> None:  # type: ignore[no-untyped-def]
        super().__init__(parent)
        self.rows: list[dict] = []

    def set_rows(self, grouping: str, rows: list[dict]) -> None:
        """Show these totals."""
        self.beginResetModel()
        self.grouping, self.rows = grouping, list(rows)
        self.endResetModel()

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        """One row per key."""
        return 0 if parent.isValid() else len(self.rows)

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        """The columns of Column."""
        return 0 if parent.isValid() else len(Column)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = 0) -> object:
        """Column titles."""
        if orientation != Qt.Orientation.Horizontal or role != Qt.ItemDataRole.DisplayRole:
            return None
        keys = {
            "chapter": self.tr("Chapter"),
            "agent": self.tr("Agent"),
            "day": self.tr("Day"),
            "model": self.tr("Model"),
        }
        titles = {
            Column.KEY: keys.get(self.grouping, ""),
            Column.CALLS: self.tr("Calls"),
            Column.PROMPT: self.tr("Prompt tokens"),
            Column.HIT: self.tr("Cache hits"),
            Column.SHARE: self.tr("Hit share"),
            Column.COMPLETION: self.tr("Output tokens"),
            Column.REASONING: self.tr("Thinking tokens"),
            Column.SECONDS: self.tr("Seconds"),
            Column.COST: self.tr("Cost"),
        }
        return titles[Column(section)]

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        """Cell text, alignment, and the whole row's totals under ROW_DATA_ROLE."""
        if not index.isValid():
            return None
        row = self.rows[index.row()]
        if role == ROW_DATA_ROLE:
            return row
        if role == Qt.ItemDataRole.TextAlignmentRole and index.column() != Column.KEY:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.ToolTipRole and row["estimated_calls"]:
            return self.tr(
                "%1 of these calls are our own estimate: the server reported no usage"
            ).replace("%1", str(row["estimated_calls"]))
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        return cell_text(row, Column(index.column()))


def cell_text(row: dict, column: Column) -> str:
    """What one cell shows."""
    if column is Column.KEY:
        return row["key"]
    if column is Column.CALLS:
        estimated = f" ({row['estimated_calls']}*)" if row["estimated_calls"] else ""
        return f"{row['calls']}{estimated}"
    if column is Column.SHARE:
        return share_text(row["cache_hit_share"])
    if column is Column.SECONDS:
        return f"{row['seconds']:.1f}"
    if column is Column.COST:
        return money(row["cost"], row["unpriced_calls"])
    field = {
        Column.PROMPT: "prompt_tokens",
        Column.HIT: "cache_hit_tokens",
        Column.COMPLETION: "completion_tokens",
        Column.REASONING: "reasoning_tokens",
    }[column]
    return f"{row[field]:,}"
