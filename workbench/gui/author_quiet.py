"""Whether the author is typing or clicking: work nobody asked for waits for a quiet moment.

The warm-up (gui/warmup.py) builds the docks behind 上下文 and loads modules a little after the
window is shown, which is also when an author starts to type: a dock built on the GUI thread
between two keystrokes held the second for 70-80 ms (#28). AuthorQuiet watches the input while
it is started and says when none has come for QUIET_MS.

It does not filter the application's every event: a Python event filter there takes the GIL for
each paint and timer of every widget, and while the open's threads compute, each of those waited
for it (a sampled profile of the GUI thread at a 5M-字 open showed that wait). Input reaches a
window first (clicks, the wheel, keys from the system) and then the focus object (keys sent to
it, the input method's commits of Chinese): the windows and the object with the focus are
watched, and the focus is followed as it moves.
"""

from __future__ import annotations

import threading

import shiboken6
from PySide6.QtCore import QEvent, QObject, QTimer, Signal
from PySide6.QtGui import QGuiApplication

QUIET_MS = 600  # longer than the pause between two keystrokes of a typing author
INPUT = frozenset(
    {
        QEvent.Type.KeyPress,
        QEvent.Type.InputMethod,  # Chinese arrives committed by an input method
        QEvent.Type.MouseButtonPress,
        QEvent.Type.MouseButtonDblClick,
        QEvent.Type.Wheel,
    }
)


class AuthorQuiet(QObject):
    """`quiet` (a threading.Event, so threads can wait on it) is set once no key, click or
    wheel has come for QUIET_MS and cleared by the next; `settled` is emitted when it is set.
    Watches only between `start` and `stop`."""

    settled = Signal()

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.quiet = threading.Event()
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(QUIET_MS)
        self._timer.timeout.connect(self._settle)
        self._watched: list[QObject] = []
        self._focus: QObject | None = None

    def start(self) -> None:
        """Watch the input from now on; quiet once QUIET_MS have passed without any."""
        application = QGuiApplication.instance()
        if self._watched or application is None:
            return
        self._watched = list(application.topLevelWindows())
        for window in self._watched:
            window.installEventFilter(self)
        application.focusObjectChanged.connect(self._follow_focus)
        self._follow_focus(application.focusObject())
        self._timer.start()

    def stop(self) -> None:
        """Stop watching; `quiet` stays set, so nothing waits on it any more."""
        application = QGuiApplication.instance()
        if self._watched and application is not None:
            application.focusObjectChanged.disconnect(self._follow_focus)
        for watched in [*self._watched, self._focus]:
            if watched is not None and shiboken6.isValid(watched):
                watched.removeEventFilter(self)
        self._watched, self._focus = [], None
        self._timer.stop()
        self.quiet.set()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Input ends a quiet moment and starts counting the next."""
        if event.type() in INPUT:
            self.quiet.clear()
            self._timer.start()
        return False

    def _follow_focus(self, focus: QObject | None) -> None:
        if self._focus is not None and shiboken6.isValid(self._focus):
            self._focus.removeEventFilter(self)
        self._focus = focus
        if focus is not None:
            focus.installEventFilter(self)

    def _settle(self) -> None:
        self.quiet.set()
        self.settled.emit()
