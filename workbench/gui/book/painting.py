"""What the 全书 charts share: colours, an export to PNG at twice the screen's resolution,
and a chart widget that paints itself from data it is given."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QPoint, QRect, QSize, Qt
from PySide6.QtGui import QColor, QPainter, QPixmap
from PySide6.QtWidgets import QWidget

PAPER = QColor("#fbfaf7")
INK = QColor("#222222")
MUTED = QColor("#7a7f87")
GRID = QColor("#e4e1da")
ACCENT = QColor("#8c6d46")
HEAT = QColor("#b5542c")  # the darkest heatmap cell
OVERDUE_RED = QColor("#c0392b")
CURRENT = QColor("#2f6db5")  # the editor's chapter
GOAL = QColor("#2e8b57")
EXPORT_SCALE = 2  # authors post these: a PNG crisp on a phone's screen


def export_png(widget: QWidget, target: Path | str, size: QSize | None = None) -> bool:
    """Render `widget` (at `size`, else its own) into a PNG at twice its pixels."""
    size = size or widget.size()
    pixmap = QPixmap(size * EXPORT_SCALE)
    pixmap.setDevicePixelRatio(EXPORT_SCALE)
    pixmap.fill(PAPER)
    painter = QPainter(pixmap)
    try:
        widget.render(painter, QPoint(0, 0))
    finally:
        painter.end()
    return pixmap.save(str(target), "PNG")


def shade(base: QColor, fraction: float) -> QColor:
    """`base` faded towards the paper: 0 is the paper, 1 the full colour."""
    fraction = max(0.0, min(1.0, fraction))
    return QColor(
        round(PAPER.red() + (base.red() - PAPER.red()) * fraction),
        round(PAPER.green() + (base.green() - PAPER.green()) * fraction),
        round(PAPER.blue() + (base.blue() - PAPER.blue()) * fraction),
    )


def paint_note(painter: QPainter, rect: QRect, text: str) -> None:
    """What an empty view says instead, centred and wrapped."""
    painter.setPen(MUTED)
    flags = Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap
    painter.drawText(rect.adjusted(12, 0, -12, 0), flags, text)
