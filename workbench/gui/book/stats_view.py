"""写作统计: 字 added per day over the last 30/90/365 days against the daily goal (a dashed
line), days estimated from file times hatched, and chapters finished per week below."""

from __future__ import annotations

import math

from PySide6.QtCore import QRect, QRectF, Qt
from PySide6.QtGui import QBrush, QFontMetrics, QPainter, QPaintEvent, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from workbench.gui.book.painting import ACCENT, GOAL, GRID, INK, MUTED, PAPER, shade
from workbench.stats import Summary

MARGIN_LEFT, MARGIN_RIGHT, MARGIN_TOP = 56, 12, 24
DAYS_HEIGHT, WEEKS_HEIGHT, GAP = 190, 90, 34


class WritingStatsChart(QWidget):
    """Paints one Summary: the daily bars, then the weekly chapters finished."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.summary: Summary | None = None
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setFixedHeight(MARGIN_TOP + DAYS_HEIGHT + GAP + WEEKS_HEIGHT + 28)
        self.setMinimumWidth(360)

    def set_summary(self, summary: Summary | None) -> None:
        self.summary = summary
        self.update()

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.fillRect(self.rect(), PAPER)
        if self.summary is None:
            return
        days = QRect(
            MARGIN_LEFT, MARGIN_TOP, self.width() - MARGIN_LEFT - MARGIN_RIGHT, DAYS_HEIGHT
        )
        weeks = QRect(days.left(), days.bottom() + GAP, days.width(), WEEKS_HEIGHT)
        self._paint_days(painter, days)
        self._paint_weeks(painter, weeks)

    def _paint_days(self, painter: QPainter, area: QRect) -> None:
        summary = self.summary
        values = [day.added for day in summary.days]
        top = max([summary.goal, *values, 1])
        bottom = min([0, *values])
        scale = area.height() / (top - bottom)
        zero = area.bottom() - (-bottom) * scale
        self._paint_scale(painter, area, bottom, top, self.tr("zi"))
        width = area.width() / max(1, len(values))
        hatch = QBrush(shade(ACCENT, 0.55), Qt.BrushStyle.BDiagPattern)
        for index, day in enumerate(summary.days):
            if not day.added:
                continue
            height = day.added * scale
            bar = QRectF(
                area.left() + index * width + 1,
                zero - max(height, 0),
                max(1.0, width - 2),
                abs(height),
            )
            met = summary.goal and day.added >= summary.goal
            painter.fillRect(bar, shade(GOAL if met else ACCENT, 0.85))
            if day.estimated:
                painter.fillRect(bar, hatch)
        if summary.goal:
            y = round(zero - summary.goal * scale)
            painter.setPen(QPen(GOAL, 1.5, Qt.PenStyle.DashLine))
            painter.drawLine(area.left(), y, area.right(), y)
            painter.drawText(
                area.right() - 120, y - 4, self.tr("goal %1").replace("%1", f"{summary.goal:,}")
            )
        painter.setPen(MUTED)
        first, last = summary.days[0].day, summary.days[-1].day
        painter.drawText(area.left(), area.bottom() + 16, first.strftime("%m-%d"))
        right = QRect(area.right() - 80, area.bottom() + 4, 80, 16)
        painter.drawText(right, Qt.AlignmentFlag.AlignRight, last.strftime("%m-%d"))

    def _paint_weeks(self, painter: QPainter, area: QRect) -> None:
        weeks = self.summary.weeks
        top = max([1, *(count for _, count in weeks)])
        self._paint_scale(painter, area, 0, top, self.tr("chapters"))
        width = area.width() / max(1, len(weeks))
        for index, (_monday, count) in enumerate(weeks):
            if count:
                height = count / top * area.height()
                bar = QRectF(
                    area.left() + index * width + 2,
                    area.bottom() - height,
                    max(1.0, width - 4),
                    height,
                )
                painter.fillRect(bar, shade(ACCENT, 0.7))
        painter.setPen(MUTED)
        painter.drawText(area.left(), area.bottom() + 16, self.tr("Chapters finished per week"))

    def _paint_scale(self, painter: QPainter, area: QRect, low: int, high: int, unit: str) -> None:
        metrics = QFontMetrics(self.font())
        step = _nice_step((high - low) / 4)
        painter.setPen(QPen(GRID, 1))
        value = math.floor(low / step) * step
        while value <= high:
            y = round(area.bottom() - (value - low) / (high - low) * area.height())
            painter.setPen(QPen(GRID, 1))
            painter.drawLine(area.left(), y, area.right(), y)
            painter.setPen(MUTED)
            label = f"{value:,}"
            painter.drawText(area.left() - metrics.horizontalAdvance(label) - 6, y + 4, label)
            value += step
        painter.setPen(INK)
        # Above the scale's top line: a unit wider than 章 (the English "chapters") ran into
        # the top value's label when it sat beside it.
        painter.drawText(4, area.top() - 8, unit)


def _nice_step(raw: float) -> int:
    """A round step (1, 2, 5 × 10^k) at least `raw`."""
    if raw <= 1:
        return 1
    power = 10 ** math.floor(math.log10(raw))
    for factor in (1, 2, 5, 10):
        if factor * power >= raw:
            return int(factor * power)
    return int(10 * power)
