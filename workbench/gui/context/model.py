"""`contextModel`: one row per feed block in feed order, the on-demand items under their block.

Columns 名称 / 字 / 上限 / tokens / 状态 show what a person reads; `Qt.UserRole` holds the
same facts as values (column 0: the block id or item key; then 字, cap, tokens, the status
value), so tests and accessibility tools read the numbers the view paints.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import IntEnum

from PySide6.QtCore import QAbstractItemModel, QModelIndex, QObject, QPersistentModelIndex, Qt
from PySide6.QtGui import QColor

from workbench.feed import Block, Feed, Status
from workbench.feed.model import Item, zi
from workbench.gui.context.worker import PanelFeed
from workbench.gui.engine_words import engine_reasons, engine_text

Index = QModelIndex | QPersistentModelIndex
ROOT = QModelIndex()  # the invisible root, as a default argument
USER = Qt.ItemDataRole.UserRole
BAR_ROLE = USER + 1  # (fraction filled, what the bar measures against, colour)
LAYER_ROLE = USER + 2  # the block's Layer value (column 0)
SOURCE_ROLE = USER + 3  # (project-relative path, section, text to find) to open it at
PIN_ROLE = USER + 4  # the pin reference that pins this row
PINNED_ROLE = USER + 5  # whether the row is pinned
COVERS_ROLE = USER + 6  # a rolling-summary block's (first, last) chapters, else None


class Column(IntEnum):
    """The model's columns, in order."""

    NAME = 0
    ZI = 1
    CAP = 2
    TOKENS = 3
    STATUS = 4


STATUS_COLOURS = {
    Status.COMPLETE: QColor("#2e7d32"),
    Status.TRIMMED: QColor("#b26a00"),
    Status.DROPPED: QColor("#c62828"),
    Status.MISSING: QColor("#c62828"),
}
BAR_COLOURS = {
    Status.COMPLETE: QColor("#a5d6a7"),
    Status.TRIMMED: QColor("#ffcc80"),
    Status.DROPPED: QColor("#ef9a9a"),
    Status.MISSING: QColor("#ef9a9a"),
}
OUTSIDE_GROUPS = QColor("#b0bec5")  # style anchor and pins: never trimmed, no allotment
# A summary older than the chapter needs: amber like a trimmed block, never the green of done.
OUTDATED_COLOURS = (QColor("#b26a00"), QColor("#ffcc80"))
NOTHING_RELEVANT_COLOURS = (QColor("#616161"), QColor("#e0e0e0"))


def block_colours(block: Block) -> tuple[QColor, QColor]:
    """(status text, bar) colours of a block."""
    if block.present and block.behind:
        return OUTDATED_COLOURS
    if block.status is Status.COMPLETE and block.empty:
        return NOTHING_RELEVANT_COLOURS
    return STATUS_COLOURS[block.status], BAR_COLOURS[block.status]


@dataclass
class _Row:
    block: Block
    room: int | None  # what the bar measures against: the cap, else the group's room
    ledger: list[str] = field(default_factory=list)


def _shape(rows: list[_Row]) -> list[tuple[str, list[str]]]:
    """What the rows are, without their numbers: block ids and item keys, in order."""
    return [(row.block.id, [item.key for item in row.block.items]) for row in rows]


def group_room(feed: Feed, block: Block) -> int | None:
    """The 字 a block's bar measures against: its cap, else its group's room (the larger
    of the template's share and what it was allotted), else None (outside the groups)."""
    if block.cap is not None:
        return block.cap
    if block.group is None:
        return None
    numbers = feed.groups.get(block.group)
    return max(numbers.base, numbers.allotted) if numbers else None


class ContextModel(QAbstractItemModel):
    """The current feed's blocks, as the context panel shows them."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("contextModel")
        self.panel_feed: PanelFeed | None = None
        self._rows: list[_Row] = []
        # The five columns' text of each row and item shown, made once per feed: a view asks
        # for DisplayRole column by column on every repaint, and each ask built all five
        # (an item's line counting its text's 字 twice) — the paint of a 90-pixel section
        # after each delivered feed was 2-3.5 ms of the GUI thread (#28).
        self._texts: dict[tuple[int, int], tuple[str, ...]] = {}

    # --- filling -----------------------------------------------------------------------

    def set_feed(self, panel_feed: PanelFeed | None) -> bool:
        """Show this feed (None: nothing). While the author types, the blocks and items stay
        the same and only their numbers change: then the rows are updated in place (views
        keep what is open and selected) and False is returned; True after a reset."""
        feed = panel_feed.feed if panel_feed else None
        rows = []
        if feed is not None:
            for block in feed.blocks:
                notes = [
                    f"{entry.action}: {engine_text(entry.detail)}"
                    for entry in feed.ledger.entries
                    if entry.block == block.id and entry.action in ("cap", "trim", "drop")
                ]
                rows.append(_Row(block, group_room(feed, block), notes))
        self._texts = {}
        if rows and _shape(rows) == _shape(self._rows):
            before, self.panel_feed, self._rows = self._rows, panel_feed, rows
            last = len(Column) - 1
            # Only the rows whose numbers changed: while the author types, one or two blocks
            # (the chapter's own text) of a feed's dozens. Each dataChanged goes through every
            # layer section's proxy and repaints its rows; for all of them that was 10-17 ms
            # of the GUI thread per delivered feed, paid by the keystroke it landed on (#28).
            for number, (row, old) in enumerate(zip(rows, before, strict=True)):
                if row == old:
                    continue
                self.dataChanged.emit(self.index(number, 0), self.index(number, last))
                if row.block.items:
                    parent = self.index(number, 0)
                    end = self.index(len(row.block.items) - 1, last, parent)
                    self.dataChanged.emit(self.index(0, 0, parent), end)
            return False
        self.beginResetModel()
        self.panel_feed, self._rows = panel_feed, rows
        self.endResetModel()
        return True

    def forget_texts(self) -> None:
        """The UI language changed: every row's text is made again and shown anew."""
        self._texts = {}
        if not self._rows:
            return
        last = len(Column) - 1
        self.dataChanged.emit(self.index(0, 0), self.index(len(self._rows) - 1, last))
        for number, row in enumerate(self._rows):
            if row.block.items:
                parent = self.index(number, 0)
                end = self.index(len(row.block.items) - 1, last, parent)
                self.dataChanged.emit(self.index(0, 0, parent), end)

    def block_ids(self) -> list[str]:
        """The block ids in feed order (what column 0's UserRole holds)."""
        return [row.block.id for row in self._rows]

    # --- structure ---------------------------------------------------------------------

    def index(self, row: int, column: int, parent: Index = ROOT) -> QModelIndex:
        # Bounds checked here rather than by hasIndex(), which calls back into rowCount() and
        # columnCount(): the views and proxies ask for thousands of indexes per update.
        if row < 0 or not 0 <= column < len(Column):
            return QModelIndex()
        if not parent.isValid():
            return self.createIndex(row, column, 0) if row < len(self._rows) else QModelIndex()
        if parent.internalId() != 0 or row >= len(self._rows[parent.row()].block.items):
            return QModelIndex()
        return self.createIndex(row, column, parent.row() + 1)

    def parent(self, child: Index = ROOT) -> QModelIndex:  # type: ignore[override]
        if not child.isValid() or child.internalId() == 0:
            return QModelIndex()
        return self.createIndex(child.internalId() - 1, 0, 0)

    def rowCount(self, parent: Index = ROOT) -> int:
        if not parent.isValid():
            return len(self._rows)
        if parent.internalId() == 0 and parent.column() == 0:
            return len(self._rows[parent.row()].block.items)
        return 0

    def columnCount(self, _parent: Index = ROOT) -> int:
        return len(Column)

    def flags(self, index: Index) -> Qt.ItemFlag:
        if not index.isValid():
            return Qt.ItemFlag.NoItemFlags
        return Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = 0):
        if orientation != Qt.Orientation.Horizontal:
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            return {
                Column.NAME: self.tr("Name"),
                Column.ZI: self.tr("Zi"),
                Column.CAP: self.tr("Cap"),
                Column.TOKENS: self.tr("Tokens"),
                Column.STATUS: self.tr("Status"),
            }[Column(section)]
        if role == Qt.ItemDataRole.TextAlignmentRole and section != Column.NAME:
            return Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
        return None

    # --- data --------------------------------------------------------------------------

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole):
        if not index.isValid():
            return None
        if role == Qt.ItemDataRole.DisplayRole:
            key = (index.internalId(), index.row())
            texts = self._texts.get(key)
            if texts is None:
                texts = self._texts[key] = self._display_texts(index)
            return texts[index.column()]
        if index.internalId() == 0:
            return self._block_data(self._rows[index.row()], Column(index.column()), role)
        row = self._rows[index.internalId() - 1]
        return self._item_data(row, row.block.items[index.row()], Column(index.column()), role)

    def _display_texts(self, index: Index) -> tuple[str, ...]:
        """The text of each column of a row (a block) or of one of its items, in order."""
        if index.internalId() == 0:
            block = self._rows[index.row()].block
            return (
                ("★ " if block.pinned else "") + engine_text(block.title),
                f"{block.chars:,}",
                f"{block.cap:,}" if block.cap is not None else "—",
                f"{block.tokens:,}",
                self.block_status_word(block),
            )
        row = self._rows[index.internalId() - 1]
        item = row.block.items[index.row()]
        tokens = self._item_tokens(row.block, item)
        score = item.score["total"] if item.score else None
        return (
            ("★ " if item.pinned else "") + self.item_line(item, tokens),
            f"{zi(item.text):,}",
            "",
            f"{tokens:,}" if tokens is not None else "",
            self.score_text(score) if score is not None else "",
        )

    def _block_data(self, row: _Row, column: Column, role: int):
        block = row.block
        if role == USER:
            return {
                Column.NAME: block.id,
                Column.ZI: block.chars,
                Column.CAP: block.cap,
                Column.TOKENS: block.tokens,
                Column.STATUS: block.status.value,
            }[column]
        if role == Qt.ItemDataRole.ToolTipRole:
            return self.block_tooltip(row)
        if role == Qt.ItemDataRole.ForegroundRole and column == Column.STATUS:
            return block_colours(block)[0]
        if role == Qt.ItemDataRole.TextAlignmentRole and column != Column.NAME:
            return Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
        if role == BAR_ROLE and column == Column.ZI:
            if row.room is None:
                return (1.0 if block.chars else 0.0, None, OUTSIDE_GROUPS)
            return (
                min(1.0, block.chars / row.room) if row.room else 0.0,
                row.room,
                block_colours(block)[1],
            )
        if role == LAYER_ROLE:
            return block.layer.value
        if role == SOURCE_ROLE:
            return (block.source, block.section, "")
        if role == PIN_ROLE:
            return f"block:{block.id}"
        if role == PINNED_ROLE:
            return block.pinned
        if role == COVERS_ROLE:
            return block.covers
        return None

    def _item_data(self, row: _Row, item: Item, column: Column, role: int):
        if role == USER:
            tokens = self._item_tokens(row.block, item)
            score = item.score["total"] if item.score else None
            return {
                Column.NAME: item.key,
                Column.ZI: zi(item.text),
                Column.CAP: None,
                Column.TOKENS: tokens,
                Column.STATUS: score,
            }[column]
        if role == Qt.ItemDataRole.ToolTipRole:
            return self.item_tooltip(item)
        if role == Qt.ItemDataRole.TextAlignmentRole and column != Column.NAME:
            return Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter
        if role == LAYER_ROLE:
            return row.block.layer.value
        if role == SOURCE_ROLE:
            return (row.block.source, "", item.key)
        if role == PIN_ROLE:
            return item.key
        if role == PINNED_ROLE:
            return item.pinned
        return None

    def score_text(self, score: float) -> str:
        """A ranker score as the panel shows it."""
        return self.tr("score %1").replace("%1", f"{score:.2f}")

    def item_line(self, item: Item, tokens: int | None) -> str:
        """`F007 · 分 0.52 · 103 字 · 130 tokens · 逾期；点名：沈青棠`: the entry, how the
        ranker placed it, what it costs and why it is here (the row spans the columns)."""
        parts = [self.item_name(item)]
        if item.score:
            parts.append(self.score_text(item.score["total"]))
        parts.append(self.tr("%1 zi").replace("%1", f"{zi(item.text):,}"))
        if tokens is not None:
            parts.append(self.tr("%1 tokens").replace("%1", f"{tokens:,}"))
        if item.reasons:
            parts.append(engine_reasons(item.reasons))
        return " · ".join(parts)

    def item_name(self, item: Item) -> str:
        """An entry as the author knows it: its ID (F007), or for an excerpt of the story's
        skeleton the chapter it stands for, not the internal `skeleton.80`."""
        kind, _, step = item.key.partition(".")
        if kind == "skeleton" and step.isdigit():
            return self.tr("Skeleton at chapter %1").replace("%1", step)
        return item.key

    def _item_tokens(self, block: Block, item: Item) -> int | None:
        if self.panel_feed is None:
            return None
        return self.panel_feed.item_tokens.get((block.id, item.key))

    # --- words -------------------------------------------------------------------------

    def status_word(self, status: Status) -> str:
        """The status in words, with a mark that does not depend on colour."""
        return {
            Status.COMPLETE: self.tr("✓ complete"),
            Status.TRIMMED: self.tr("✂ trimmed"),
            Status.DROPPED: self.tr("✗ dropped"),
            Status.MISSING: self.tr("✗ missing"),
        }[status]

    def block_status_word(self, block: Block) -> str:
        """A block's status as the panel shows it: a summary older than the chapter needs
        is 过旧 with the chapters it lacks; an on-demand block with nothing in it says so."""
        if block.present and block.behind:
            return self.outdated_word(block.behind)
        if block.status is Status.COMPLETE and block.empty:
            return self.nothing_relevant_word()
        return self.status_word(block.status)

    def nothing_relevant_word(self) -> str:
        """An on-demand block in which nothing was relevant: not the ✓ of a full block."""
        return self.tr("○ nothing relevant")

    def outdated_word(self, missing: str) -> str:
        """`⚠ 过旧：缺 Ch56-95`"""
        return self.tr("⚠ outdated: %1 missing").replace("%1", missing)

    def block_tooltip(self, row: _Row) -> str:
        """Source file and section, the status with its reason, the ledger's decisions."""
        block = row.block
        lines = [f"<b>{_escape(engine_text(block.title))}</b>"]
        if block.source:
            where = block.source + (f" § {block.section}" if block.section else "")
            lines.append(self.tr("Source: %1").replace("%1", _escape(where)))
        lines.append(
            self.block_status_word(block)
            + (f" — {_escape(engine_text(block.reason))}" if block.reason else "")
        )
        if row.room is not None:
            measure = self.tr("cap") if block.cap is not None else self.tr("group room")
            lines.append(
                self.tr("%1 zi of %2 %3")
                .replace("%1", f"{block.chars:,}")
                .replace("%2", f"{row.room:,}")
                .replace("%3", measure)
            )
        else:
            lines.append(self.tr("Outside the groups: never trimmed or dropped"))
        lines += [_escape(note) for note in row.ledger]
        if block.fix:
            lines.append(self.tr("Fix: %1").replace("%1", _escape(engine_text(block.fix))))
        if block.source:
            lines.append(self.tr("Double-click to open the source"))
        return "<br>".join(lines)

    def item_tooltip(self, item: Item) -> str:
        """The entry's line, why it is relevant, and the ranker's score with its parts."""
        lines = [_escape(item.text.removeprefix("- "))]
        if item.reasons:
            why = engine_reasons(item.reasons)
            lines.append(self.tr("Why: %1").replace("%1", _escape(why)))
        if item.score:
            parts = ", ".join(f"{name} {value:.2f}" for name, value in item.score.items())
            lines.append(self.tr("Score: %1").replace("%1", parts))
        return "<br>".join(lines)


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
