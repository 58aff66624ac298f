"""The panel's bars: a 字 bar behind each block's count, and the totals bar of the feed.

Colour is never the only signal: the count is painted over its bar, the status column says
the status in words, and the totals line says the percentage.
"""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QPainter, QPalette
from PySide6.QtWidgets import (
    QSizePolicy,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QWidget,
)

from workbench.gui.context.model import BAR_ROLE

TRACK = QColor("#e6e6e6")
OK = QColor("#66bb6a")
AMBER = QColor("#ffa726")
RED = QColor("#e53935")
WARN_AT = 0.8


def level_colour(fraction: float) -> QColor:
    """Green up to 80 %, amber past it, red past 100 %."""
    if fraction > 1.0:
        return RED
    return AMBER if fraction > WARN_AT else OK


class BarDelegate(QStyledItemDelegate):
    """Paints the 字 column as a bar (filled to the block's share of its cap or group
    room) with the number over it, right-aligned."""

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: QModelIndex) -> None:
        bar = index.data(BAR_ROLE)
        if bar is None:
            super().paint(painter, option, index)
            return
        fraction, _room, colour = bar
        # Only the text is read from the model: initStyleOption would ask it for every role
        # of the cell, on every repaint of every row.
        text = index.data(Qt.ItemDataRole.DisplayRole) or ""
        style = option.widget.style() if option.widget else None
        if option.state & QStyle.StateFlag.State_Selected and style is not None:
            style.drawPrimitive(
                QStyle.PrimitiveElement.PE_PanelItemViewItem, option, painter, option.widget
            )
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        track = QRectF(option.rect).adjusted(3, 4, -3, -4)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(TRACK)
        painter.drawRoundedRect(track, 3, 3)
        if fraction > 0:
            filled = QRectF(track)
            filled.setWidth(max(2.0, track.width() * min(1.0, fraction)))
            painter.setBrush(colour)
            painter.drawRoundedRect(filled, 3, 3)
        painter.setPen(option.palette.color(QPalette.ColorRole.Text))
        # The number over the whole cell's height: the track is inset by 4 px each side,
        # which in a Latin font's row (the English UI) left the digits half cut off.
        painter.drawText(
            QRectF(option.rect).adjusted(7, 0, -7, 0),
            int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter),
            text,
        )
        painter.restore()


class TotalsBar(QWidget):
    """One horizontal bar: `used` against `limit`, amber past 80 %, red past 100 %."""

    def __init__(self, object_name: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName(object_name)
        self.used = 0
        self.limit = 0
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)

    def sizeHint(self) -> QSize:
        return QSize(120, 10)

    def fraction(self) -> float:
        """How full the bar is (may pass 1.0)."""
        return self.used / self.limit if self.limit > 0 else 0.0

    def colour(self) -> QColor:
        """The bar's colour at its current level."""
        return level_colour(self.fraction())

    def set_values(self, used: int, limit: int) -> None:
        """Show `used` of `limit`."""
        self.used, self.limit = used, limit
        self.update()

    def paintEvent(self, _event) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        track = QRectF(self.rect()).adjusted(0.5, 0.5, -0.5, -0.5)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(TRACK)
        painter.drawRoundedRect(track, 4, 4)
        fraction = self.fraction()
        if fraction > 0:
            filled = QRectF(track)
            filled.setWidth(max(3.0, track.width() * min(1.0, fraction)))
            painter.setBrush(self.colour())
            painter.drawRoundedRect(filled, 4, 4)
        if fraction > WARN_AT:  # the 80 % mark, so amber reads as "past it" even in grey
            x = track.left() + track.width() * WARN_AT
            painter.setPen(QColor("#757575"))
            painter.drawLine(int(x), int(track.top()), int(x), int(track.bottom()))
