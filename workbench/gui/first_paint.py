"""The window's first paint goes before the open's background work (issue #28).

Opening a book at start hands threads the tree's titles and counts and the context panel's
feed (the continuity check follows the feed, spawning its child process); run beside the
first paint they take turns at the GIL with it (and import the feed engine and the trackers
meanwhile), so the window shows later. From the window's first show until a moment after its
first paint, every background helper of the window holds its jobs. The moment is
AFTER_PAINT_MS, not the next pass of the event loop: a key the author types as the window
appears is handled before the threads start, not while they take the GIL from it. A window
never painted (shown on a workspace nobody looks at) starts them after FALLBACK_MS all the
same. The folder watch still starts at the open: what another program changes from then on
is seen.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QWidget
from shiboken6 import isValid

from workbench.gui.background import Background

AFTER_PAINT_MS = 100
FALLBACK_MS = 1000


class FirstPaint(QObject):
    """Holds `window`'s background helpers from its first show until a moment after its
    first paint."""

    def __init__(self, window: QWidget) -> None:
        super().__init__(window)
        self.window = window
        self._held: list[Background] = []
        self._fallback = QTimer(self)
        self._fallback.setSingleShot(True)
        self._fallback.setInterval(FALLBACK_MS)
        self._fallback.timeout.connect(self._release)
        self._done = False
        window.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """The first show holds the helpers; the first paint's update lets them go after it."""
        kind = event.type()
        if kind == QEvent.Type.Show and not self._held and not self._done:
            self._held = self.window.findChildren(Background)
            for helper in self._held:
                helper.hold()
            self._fallback.start()
        elif kind == QEvent.Type.UpdateRequest and self._held:
            watched.removeEventFilter(self)
            # A timer started now fires after this update has painted the window.
            QTimer.singleShot(AFTER_PAINT_MS, self, self._release)
        return False

    def _release(self) -> None:
        if self._done:
            return
        self._done = True
        self._fallback.stop()
        self.window.removeEventFilter(self)
        for helper in self._held:
            if isValid(helper):  # not deleted meanwhile with a dialog that owned it
                helper.release()
        self._held = []
