"""The foreshadowing timeline: one row per ledger entry, from 埋设章节 to its 计划回收 and its
pay-off; overdue beyond the target in red, dormant stretches faded, sightings as ticks, an
abandoned entry struck through, the editor's chapter as a vertical line. The ledger's filters
(state, 重要度, character) decide the rows; a click selects the entry in the ledger."""

from __future__ import annotations

from dataclasses import replace

from PySide6.QtCore import QEvent, QPoint, QRect, Qt, Signal
from PySide6.QtGui import QColor, QFontMetrics, QMouseEvent, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QSizePolicy, QToolTip, QWidget

from workbench.gui.book.painting import (
    ACCENT,
    CURRENT,
    GRID,
    INK,
    MUTED,
    OVERDUE_RED,
    PAPER,
    paint_note,
    shade,
)
from workbench.gui.entry_states import entry_state_label
from workbench.trackers.ledger import LedgerFilter, state_at
from workbench.trackers.timeline import DORMANT, OPEN, OVERDUE, ThreadLife

ROW_HEIGHT = 24
HEADER_HEIGHT = 24
LABEL_WIDTH = 210
BAR_HEIGHT = 10
UNWRITTEN = QColor(222, 218, 208, 150)
TIER_STRENGTH = {"核心": 1.0, "支线": 0.7, "装饰": 0.45}


class ForeshadowingTimeline(QWidget):
    """Paints the lives it is given, filtered as the ledger is."""

    entrySelected = Signal(str)  # entry ID

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("foreshadowingTimeline")
        self.all_lives: tuple[ThreadLife, ...] = ()
        self.lives: list[ThreadLife] = []  # the rows shown, with their state at the chapter
        self.chapter = 0
        self.last_written = 0  # chapters after it are not written yet: drawn on grey
        self.criteria: LedgerFilter | None = None
        self.dormant_only = False
        self.setMouseTracking(True)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setMinimumWidth(420)
        self._arranged_for: tuple | None = None
        self._arrange()

    def set_lives(self, lives: tuple[ThreadLife, ...]) -> None:
        self.all_lives = lives
        self._arrange()

    def set_chapter(self, chapter: int) -> None:
        self.chapter = chapter
        self._arrange()

    def set_criteria(self, criteria: LedgerFilter | None, dormant_only: bool = False) -> None:
        """The ledger's filters (None: every entry)."""
        self.criteria, self.dormant_only = criteria, dormant_only
        self._arrange()

    def _arrange(self) -> None:
        # A 全书 refresh sets the lives, the chapter and the ledger's criteria one after the
        # other, each the same as before after most saves: the rows are made again only when
        # one of them changed (each pass replaced every entry's life: ≈ 1.5 ms at 5M, #28).
        arranged_for = (self.all_lives, self.chapter, self.criteria, self.dormant_only)
        if arranged_for == self._arranged_for:
            self.update()
            return
        self._arranged_for = arranged_for
        rows = []
        for life in self.all_lives:
            life = replace(life, state=state_at(life.entry, self.chapter))
            if self.criteria is not None and not self.criteria.accepts(life.entry, life.state):
                continue
            if self.dormant_only and not self._dormant_at(life, self.chapter):
                continue
            rows.append(life)
        self.lives = rows
        self.setFixedHeight(HEADER_HEIGHT + ROW_HEIGHT * max(1, len(rows)) + 8)
        self.update()

    @staticmethod
    def _dormant_at(life: ThreadLife, chapter: int) -> bool:
        return any(s.kind == DORMANT and s.start <= chapter <= s.end for s in life.segments)

    # --- geometry ------------------------------------------------------------------------

    def span(self) -> tuple[int, int]:
        """The chapters across: the earliest planting to the latest end (or the chapter)."""
        if not self.all_lives:
            return 1, max(1, self.chapter)
        first = min(life.planted for life in self.all_lives)
        last = max([self.chapter, *(life.end for life in self.all_lives)])
        return max(1, min(first, self.chapter or first)), max(last, first)

    def x_of(self, chapter: float) -> float:
        first, last = self.span()
        room = self.width() - LABEL_WIDTH - 16
        return LABEL_WIDTH + (chapter - first) / max(1, last - first + 1) * room

    def row_at(self, point: QPoint) -> int | None:
        row = (point.y() - HEADER_HEIGHT) // ROW_HEIGHT
        return row if point.y() >= HEADER_HEIGHT and 0 <= row < len(self.lives) else None

    # --- events ---------------------------------------------------------------------------

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ToolTip:
            row = self.row_at(event.pos())
            if row is None:
                QToolTip.hideText()
            else:
                QToolTip.showText(event.globalPos(), self.describe(self.lives[row]), self)
            return True
        return super().event(event)

    def describe(self, life: ThreadLife) -> str:
        """What hovering over an entry says."""
        entry = life.entry
        parts = [
            f"{entry.id} {entry.content}",
            self.tr("planted in chapter %1").replace("%1", str(life.planted)),
        ]
        if life.due is not None:
            parts.append(self.tr("payoff planned for chapter %1").replace("%1", str(life.due)))
        if life.paid is not None:
            parts.append(self.tr("paid off in chapter %1").replace("%1", str(life.paid)))
        parts.append(
            self.tr("at chapter %1: %2")
            .replace("%1", str(self.chapter))
            .replace("%2", entry_state_label(life.state))
        )
        if life.sightings:
            seen = self.tr(", ", "between chapter numbers").join(
                str(c) for c in life.sightings[:12]
            )
            parts.append(self.tr("named again in chapters: %1").replace("%1", seen))
        return "\n".join(parts)

    def mousePressEvent(self, event: QMouseEvent) -> None:
        row = self.row_at(event.position().toPoint())
        if event.button() == Qt.MouseButton.LeftButton and row is not None:
            self.entrySelected.emit(self.lives[row].entry.id)
            event.accept()
            return
        super().mousePressEvent(event)

    # --- painting ------------------------------------------------------------------------

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.fillRect(self.rect(), PAPER)
        if not self.lives:
            if self.all_lives:
                text = self.tr("No foreshadowing entry to show (check the ledger's filters)")
            else:
                text = self.tr(
                    "No foreshadowing yet: add entries in the tracker browser (Trackers ▸"
                    " Foreshadowing) or in references/plot-tracker.md."
                )
            paint_note(painter, self.rect(), text)
            return
        if self.last_written:
            unwritten = round(self.x_of(self.last_written + 1))
            painter.fillRect(
                QRect(unwritten, HEADER_HEIGHT - 4, self.width() - unwritten, self.height()),
                UNWRITTEN,
            )
        self._paint_axis(painter)
        metrics = QFontMetrics(self.font())
        for index, life in enumerate(self.lives):
            top = HEADER_HEIGHT + index * ROW_HEIGHT
            label = metrics.elidedText(
                f"{life.entry.id} {life.entry.content}",
                Qt.TextElideMode.ElideRight,
                LABEL_WIDTH - 12,
            )
            painter.setPen(MUTED if life.abandoned else INK)
            painter.drawText(
                QRect(4, top, LABEL_WIDTH - 8, ROW_HEIGHT), Qt.AlignmentFlag.AlignVCenter, label
            )
            self._paint_life(painter, life, top + (ROW_HEIGHT - BAR_HEIGHT) // 2)
        if self.chapter:
            x = round(self.x_of(self.chapter + 0.5))
            painter.setPen(QPen(CURRENT, 2))
            painter.drawLine(x, HEADER_HEIGHT - 6, x, HEADER_HEIGHT + ROW_HEIGHT * len(self.lives))

    def _paint_axis(self, painter: QPainter) -> None:
        first, last = self.span()
        painter.setPen(MUTED)
        metrics = QFontMetrics(self.font())
        room = self.width() - LABEL_WIDTH - 16
        label_width = metrics.horizontalAdvance("1000") * 2
        step = max(1, round((last - first + 1) * label_width / max(1, room)))
        for nice in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000):
            if nice >= step:
                step = nice
                break
        chapter = (first // step) * step or step
        while chapter <= last:
            if chapter >= first:
                x = round(self.x_of(chapter))
                painter.drawText(x, HEADER_HEIGHT - 8, str(chapter))
                painter.setPen(QPen(GRID, 1))
                painter.drawLine(x, HEADER_HEIGHT - 4, x, self.height())
                painter.setPen(MUTED)
            chapter += step

    def _paint_life(self, painter: QPainter, life: ThreadLife, top: int) -> None:
        strength = TIER_STRENGTH.get(life.entry.tier, 0.7)
        colours = {OPEN: shade(ACCENT, strength), OVERDUE: OVERDUE_RED}
        if life.abandoned:
            colours[OPEN] = shade(MUTED, 0.5)
        for segment in life.segments:
            left, right = self.x_of(segment.start), self.x_of(segment.end + 1)
            rect = QRect(round(left), top, max(2, round(right - left)), BAR_HEIGHT)
            if segment.kind == DORMANT:  # laid over the bar: the colour under it, faded
                painter.fillRect(rect, QColor(251, 250, 247, 170))
            else:
                painter.fillRect(rect, colours[segment.kind])
        if life.abandoned:
            painter.setPen(QPen(INK, 1.5))
            y = top + BAR_HEIGHT // 2
            painter.drawLine(round(self.x_of(life.planted)), y, round(self.x_of(life.end + 1)), y)
        painter.setPen(QPen(INK, 1.2))
        for chapter in life.sightings:
            x = round(self.x_of(chapter + 0.5))
            painter.drawLine(x, top - 3, x, top + BAR_HEIGHT + 3)
        if life.due is not None:
            x = round(self.x_of(life.due + 1))
            painter.drawLine(x, top - 4, x, top + BAR_HEIGHT + 4)
        if life.paid is not None:
            painter.setBrush(INK)
            centre = QPoint(round(self.x_of(life.paid + 0.5)), top + BAR_HEIGHT // 2)
            painter.drawEllipse(centre, 4, 4)
            painter.setBrush(Qt.BrushStyle.NoBrush)
