"""The presence heatmap: cast members down, chapters across, each cell shaded by how often
the character (under any alias) is mentioned there. A book too long for one column per
chapter is binned (the bin width is shown); the 沉寂 line marks K chapters before the
editor's chapter, and a row whose last mention lies left of it has gone quiet."""

from __future__ import annotations

import math

from PySide6.QtCore import QAbstractTableModel, QEvent, QModelIndex, QPoint, QRect, Qt, Signal
from PySide6.QtGui import QColor, QFontMetrics, QMouseEvent, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QSizePolicy, QToolTip, QWidget

from workbench.gui.book.painting import CURRENT, HEAT, INK, MUTED, PAPER, paint_note, shade
from workbench.trackers.mentions import (
    CharacterRow,
    MentionTable,
    bin_width,
    binned,
    sorted_rows,
)

ROW_HEIGHT = 22
HEADER_HEIGHT = 26
MIN_CELL = 6  # pixels: narrower columns are binned
MAX_COLUMNS = 120
NAME_GAP = 10
EMPTY = QColor("#efece6")  # a chapter without a mention


class PresenceModel(QAbstractTableModel):
    """Rows = the cast members shown (sorted and filtered), columns = chapters; Display and
    UserRole = mentions of that character or any alias in that chapter."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setObjectName("presenceModel")
        self.table: MentionTable | None = None
        self.rows: list[CharacterRow] = []
        self.sort_by = "first"
        self.filter_terms: tuple[str, ...] = ()

    def set_table(self, table: MentionTable | None) -> None:
        """Show a new count of the book."""
        self.table = table
        self._rearrange()

    def set_sort(self, by: str) -> None:
        """first / last / total / name."""
        self.sort_by = by
        self._rearrange()

    def set_filter(self, text: str) -> None:
        """Only the characters a term names (by name or alias); terms split at spaces, commas
        and 、; an empty filter shows everyone."""
        for separator in ",，、;；":
            text = text.replace(separator, " ")
        self.filter_terms = tuple(term for term in text.split() if term)
        self._rearrange()

    def _rearrange(self) -> None:
        self.beginResetModel()
        rows = sorted_rows(self.table, self.sort_by) if self.table else []
        if self.filter_terms:
            rows = [row for row in rows if self._named(row)]
        self.rows = rows
        self.endResetModel()

    def _named(self, row: CharacterRow) -> bool:
        forms = (row.name, *row.aliases)
        return any(term in form for term in self.filter_terms for form in forms)

    def rowCount(self, parent: QModelIndex = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.rows)

    def columnCount(self, parent: QModelIndex = QModelIndex()) -> int:  # noqa: B008
        if parent.isValid() or self.table is None:
            return 0
        return len(self.table.chapters)

    def data(self, index: QModelIndex, role: int = Qt.ItemDataRole.DisplayRole):
        if not index.isValid():
            return None
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.UserRole):
            return self.rows[index.row()].counts[index.column()]
        return None

    def headerData(self, section: int, orientation, role: int = Qt.ItemDataRole.DisplayRole):
        if role not in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.UserRole):
            return None
        if orientation == Qt.Orientation.Vertical:
            return self.rows[section].name
        assert self.table is not None
        number = self.table.chapters[section]
        return number if role == Qt.ItemDataRole.UserRole else self.chapter_label(number)

    def chapter_label(self, number: int) -> str:
        """A chapter as a column's header names it (第12章)."""
        return self.tr("Ch. %1").replace("%1", str(number))


class PresenceHeatmap(QWidget):
    """Paints the model; hover says 第N章 · X次, a click asks for the chapter at the
    character's first mention there."""

    mentionRequested = Signal(int, str)  # chapter number, character

    def __init__(self, model: PresenceModel, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("presenceHeatmap")
        self.model = model
        self.chapter = 0  # the editor's
        self.dormant_after = 30
        self.setMouseTracking(True)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setMinimumWidth(320)
        model.modelReset.connect(self._resized)

    # --- geometry ------------------------------------------------------------------------

    def _resized(self) -> None:
        self.setFixedHeight(HEADER_HEIGHT + ROW_HEIGHT * max(1, self.model.rowCount()) + 8)
        self.update()

    def name_width(self) -> int:
        metrics = QFontMetrics(self.font())
        labels = [self.row_label(row) for row in self.model.rows] or [""]
        return max(metrics.horizontalAdvance(label) for label in labels) + NAME_GAP + 8

    def row_label(self, row: CharacterRow) -> str:
        """The name as the row shows it, with 常见 for a weak signal and 沉寂 for the quiet."""
        label = row.name
        if row.weak:
            label += self.tr(" (common)")
        elif self.is_dormant(row):
            label += self.tr(" (dormant)")
        return label

    def is_dormant(self, row: CharacterRow) -> bool:
        return row.last is not None and self.chapter - row.last > self.dormant_after

    def bin_width(self) -> int:
        """Chapters per drawn column, so each column is at least MIN_CELL pixels wide."""
        chapters = self.model.columnCount()
        room = max(1, (self.width() - self.name_width() - 8) // MIN_CELL)
        return bin_width(chapters, min(MAX_COLUMNS, room))

    def _grid(self) -> tuple[int, float, int]:
        """(left edge of the cells, width of a column, bin width)."""
        width = self.bin_width()
        columns = max(1, math.ceil(self.model.columnCount() / width))
        left = self.name_width()
        return left, max(1.0, (self.width() - left - 8) / columns), width

    def cell_at(self, point: QPoint) -> tuple[int, int] | None:
        """(row, first column of the bin) under a point, or None."""
        left, column_width, width = self._grid()
        row = (point.y() - HEADER_HEIGHT) // ROW_HEIGHT
        if point.x() < left or point.y() < HEADER_HEIGHT or not 0 <= row < self.model.rowCount():
            return None
        column = int((point.x() - left) // column_width) * width
        if column >= self.model.columnCount():
            return None
        return row, column

    def cell_rect(self, row: int, column: int) -> QRect:
        """Where the bin holding (row, column) is drawn."""
        left, column_width, width = self._grid()
        x = left + (column // width) * column_width
        return QRect(
            round(x), HEADER_HEIGHT + row * ROW_HEIGHT, math.ceil(column_width), ROW_HEIGHT
        )

    def _x_of(self, chapter: int) -> float | None:
        """The x of a chapter number (the column holding it, or where it would be)."""
        table = self.model.table
        if table is None or not table.chapters:
            return None
        left, column_width, width = self._grid()
        index = sum(1 for number in table.chapters if number < chapter)
        return left + (index + 0.5) / width * column_width

    # --- what a cell says ------------------------------------------------------------------

    def bin_chapters(self, column: int) -> tuple[int, ...]:
        assert self.model.table is not None
        width = self.bin_width()
        start = column // width * width
        return self.model.table.chapters[start : start + width]

    def tooltip_at(self, point: QPoint) -> str:
        cell = self.cell_at(point)
        if cell is None:
            return ""
        row, column = cell
        chapters = self.bin_chapters(column)
        start = self.model.table.chapters.index(chapters[0])
        total = sum(self.model.rows[row].counts[start : start + len(chapters)])
        if len(chapters) == 1:
            where = self.tr("chapter %1").replace("%1", str(chapters[0]))
        else:
            where = (
                self.tr("chapters %1–%2")
                .replace("%1", str(chapters[0]))
                .replace("%2", str(chapters[-1]))
            )
        return (
            self.tr("%1 · %2 · %3 times")
            .replace("%1", self.model.rows[row].name)
            .replace("%2", where)
            .replace("%3", str(total))
        )

    # --- events ---------------------------------------------------------------------------

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ToolTip:
            text = self.tooltip_at(event.pos())
            if text:
                QToolTip.showText(event.globalPos(), text, self)
            else:
                QToolTip.hideText()
            return True
        return super().event(event)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        cell = self.cell_at(event.position().toPoint())
        if event.button() != Qt.MouseButton.LeftButton or cell is None:
            return super().mousePressEvent(event)
        row, column = cell
        character = self.model.rows[row]
        start = column // self.bin_width() * self.bin_width()
        for offset, number in enumerate(self.bin_chapters(column)):
            if character.counts[start + offset]:
                self.mentionRequested.emit(number, character.name)
                break
        event.accept()

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self.update()

    # --- painting ------------------------------------------------------------------------

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.fillRect(self.rect(), PAPER)
        table = self.model.table
        if table is None or not self.model.rows:
            if table is not None and table.rows:
                text = self.tr("No character matches the filter")
            else:
                text = self.tr(
                    "No cast yet: give each character a ## section in characters/characters.md"
                    " (别名： for aliases) and they appear here."
                )
            paint_note(painter, self.rect(), text)
            return
        left, column_width, width = self._grid()
        binned_rows = [binned(row.counts, width) for row in self.model.rows]
        peak = max((max(counts, default=0) for counts in binned_rows), default=0) or 1
        self._paint_axis(painter, left, column_width, width)
        for index, (row, counts) in enumerate(zip(self.model.rows, binned_rows, strict=True)):
            top = HEADER_HEIGHT + index * ROW_HEIGHT
            painter.setPen(MUTED if row.weak or self.is_dormant(row) else INK)
            label_rect = QRect(4, top, left - NAME_GAP, ROW_HEIGHT)
            align = Qt.AlignmentFlag.AlignVCenter | Qt.AlignmentFlag.AlignRight
            painter.drawText(label_rect, align, self.row_label(row))
            for column, count in enumerate(counts):
                x = left + column * column_width
                cell = QRect(round(x), top + 2, max(1, math.ceil(column_width) - 1), ROW_HEIGHT - 4)
                # A single mention must read as more than none: the shading starts at a fifth.
                colour = shade(HEAT, 0.2 + 0.8 * math.sqrt(count / peak)) if count else EMPTY
                painter.fillRect(cell, colour)
        self._paint_lines(painter)

    def _paint_axis(self, painter: QPainter, left: int, column_width: float, width: int) -> None:
        table = self.model.table
        painter.setPen(MUTED)
        metrics = QFontMetrics(self.font())
        widest = metrics.horizontalAdvance(self.model.chapter_label(1000))
        step = max(1, math.ceil(widest * 1.4 / column_width))
        for column in range(0, math.ceil(len(table.chapters) / width), step):
            number = table.chapters[column * width]
            x = round(left + column * column_width)
            painter.drawText(x, HEADER_HEIGHT - 8, f"{number}")

    def _paint_lines(self, painter: QPainter) -> None:
        bottom = HEADER_HEIGHT + ROW_HEIGHT * self.model.rowCount()
        current = self._x_of(self.chapter) if self.chapter else None
        if current is not None:
            painter.setPen(QPen(CURRENT, 2))
            painter.drawLine(round(current), HEADER_HEIGHT - 4, round(current), bottom)
        threshold = self.chapter - self.dormant_after
        quiet = self._x_of(threshold) if self.chapter and threshold > 0 else None
        if quiet is not None:
            painter.setPen(QPen(MUTED, 1.5, Qt.PenStyle.DashLine))
            painter.drawLine(round(quiet), HEADER_HEIGHT - 4, round(quiet), bottom)
