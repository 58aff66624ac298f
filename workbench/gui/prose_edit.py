"""The text area of an editor: a QTextEdit that keeps a comfortable reading measure.

On a wide window a chapter's lines would run to eighty characters or more; prose reads best at
about forty. The spare width becomes viewport margins either side, so the column is centred,
and because the text's own width then stays the same, resizing a wide window never lays the
chapter out again. Clicks, drags and the wheel in those margins still reach the text.
"""

from __future__ import annotations

import math

from PySide6.QtCore import QEvent, QObject, QPoint, QPointF, Qt
from PySide6.QtGui import QContextMenuEvent, QFontMetricsF, QMouseEvent, QPalette
from PySide6.QtWidgets import QApplication, QTextEdit, QWidget

# CJK characters per line at most: Chinese book pages set 30-40 to a line.
MEASURE_ZI = 40
MOUSE_EVENTS = (
    QEvent.Type.MouseButtonPress,
    QEvent.Type.MouseButtonRelease,
    QEvent.Type.MouseButtonDblClick,
    QEvent.Type.MouseMove,
)


class ProseEdit(QTextEdit):
    """Plain text, at most MEASURE_ZI characters of the current font per line, centred."""

    # True while an event is being handed to the viewport (a class default: events arrive
    # during QTextEdit's own construction).
    _forwarding = False

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        # The margins are this widget, not the viewport: paint them as the page.
        self.setAutoFillBackground(True)
        self.setBackgroundRole(QPalette.ColorRole.Base)
        self.setCursor(Qt.CursorShape.IBeamCursor)
        self.verticalScrollBar().installEventFilter(self)

    def measure_width(self) -> int:
        """The widest the viewport gets: MEASURE_ZI characters plus the document margins."""
        advance = QFontMetricsF(self.font()).horizontalAdvance("字")
        # One pixel of slack: the layout wraps a line that is a fraction too wide.
        return math.ceil(MEASURE_ZI * advance + 2 * self.document().documentMargin()) + 1

    def fit_measure(self) -> None:
        """Centre the text column in the width there is (after a resize or a new font)."""
        scrollbar = self.verticalScrollBar()
        available = self.contentsRect().width()
        if scrollbar.isVisibleTo(self):
            available -= scrollbar.sizeHint().width()
        spare = max(0, available - self.measure_width())
        left, right = spare // 2, spare - spare // 2
        margins = self.viewportMargins()
        if (margins.left(), margins.right()) != (left, right):
            self.setViewportMargins(left, 0, right, 0)

    def resizeEvent(self, event) -> None:
        """Keep the column centred in the new width."""
        super().resizeEvent(event)
        self.fit_measure()

    def changeEvent(self, event: QEvent) -> None:
        """A new font changes how wide forty characters are."""
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange:
            self.fit_measure()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """The scroll bar appearing or going changes the width there is."""
        if event.type() in (QEvent.Type.Show, QEvent.Type.Hide):
            self.fit_measure()
        return super().eventFilter(watched, event)

    def event(self, event: QEvent) -> bool:
        """Mouse, context-menu and wheel events in the margins act on the text, as if in the
        viewport. A forwarded event the viewport does not accept (a right press, for one)
        propagates back to this widget: it goes on to the parents, not to the viewport again,
        which recursed until the stack overflowed (a right-click in the text killed the app)."""
        kind = event.type()
        if self._forwarding and (kind in MOUSE_EVENTS or kind == QEvent.Type.ContextMenu):
            event.ignore()
            return False
        if kind in MOUSE_EVENTS and isinstance(event, QMouseEvent):
            self._forward(event, self._in_viewport(event.position().toPoint()))
            return True
        if kind == QEvent.Type.ContextMenu and isinstance(event, QContextMenuEvent):
            self._forward_menu_request(event)
            return True
        if kind == QEvent.Type.Wheel:
            self.wheelEvent(event)
            return True
        return super().event(event)

    def _in_viewport(self, position: QPoint) -> QPointF:
        """`position` (in this widget) in the viewport, moved in from a margin onto the text."""
        viewport = self.viewport()
        local = viewport.mapFrom(self, position)
        return QPointF(min(max(local.x(), 0), viewport.width() - 1), local.y())

    def _forward(self, event: QMouseEvent, inside: QPointF) -> None:
        forwarded = QMouseEvent(
            event.type(),
            inside,
            event.globalPosition(),
            event.button(),
            event.buttons(),
            event.modifiers(),
        )
        self._send_to_viewport(forwarded)
        event.accept()

    def _forward_menu_request(self, event: QContextMenuEvent) -> None:
        """A right-click in a margin opens the text's menu (the scroll area ignores a mouse
        menu request that does not come from its viewport)."""
        inside = self._in_viewport(event.pos()).toPoint()
        forwarded = QContextMenuEvent(event.reason(), inside, event.globalPos(), event.modifiers())
        self._send_to_viewport(forwarded)
        event.accept()

    def _send_to_viewport(self, event: QEvent) -> None:
        self._forwarding = True
        try:
            QApplication.sendEvent(self.viewport(), event)
        finally:
            self._forwarding = False
