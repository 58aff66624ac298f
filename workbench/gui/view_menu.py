"""视图: show or hide the project tree and each dock, and 重置布局, which puts the window back
as it first opened. The window never opens larger than the screen it is on: on a 1280×720
laptop the status bar, the dock tabs and the pin list stay in view."""

from __future__ import annotations

from PySide6.QtCore import QObject, QSettings, Qt
from PySide6.QtGui import QAction, QGuiApplication
from PySide6.QtWidgets import QMainWindow

TREE_WIDTH = 280
TREE_HIDDEN_KEY = "treeHidden"


def fit_to_screen(window: QMainWindow) -> None:
    """Shrink and move `window` so all of it, its frame included, is on the available part
    of its screen (a geometry restored from a larger monitor, or the default size on a small
    one)."""
    screen = window.screen() or QGuiApplication.primaryScreen()
    if screen is None:
        return
    room = screen.availableGeometry()
    frame = window.frameGeometry()
    # Before the first show the frame is not known: leave room for a title bar.
    extra_w = frame.width() - window.width() if window.isVisible() else 0
    extra_h = frame.height() - window.height() if window.isVisible() else 32
    width = min(window.width(), room.width() - extra_w)
    height = min(window.height(), room.height() - extra_h)
    if (width, height) != (window.width(), window.height()):
        window.resize(width, height)
    left = min(max(frame.left(), room.left()), room.right() + 1 - width - extra_w)
    top = min(max(frame.top(), room.top()), room.bottom() + 1 - height - extra_h)
    if (left, top) != (frame.left(), frame.top()):
        window.move(left, top)


class ViewMenu(QObject):
    """The 视图 menu of `window`: 项目树, 上下文, 追踪表, then 重置布局."""

    def __init__(self, window: QMainWindow, dock_width: int) -> None:
        super().__init__(window)
        self.window = window
        self.dock_width = dock_width
        menu = window.actions_.view_menu
        self.tree_action = QAction(window)
        self.tree_action.setObjectName("showProjectTreeAction")
        self.tree_action.setCheckable(True)
        self.tree_action.setChecked(True)
        self.tree_action.toggled.connect(window.tree.setVisible)
        menu.addAction(self.tree_action)
        for dock in self.docks():
            menu.addAction(dock.toggleViewAction())
        menu.addSeparator()
        self.reset_action = QAction(window)
        self.reset_action.setObjectName("resetLayoutAction")
        self.reset_action.triggered.connect(self.reset_layout)
        menu.addAction(self.reset_action)
        # The layout the window is built with, before any saved one is restored.
        self.default_state = window.saveState()
        self.retranslate()

    def docks(self):  # type: ignore[no-untyped-def]
        return (self.window.context_dock, self.window.tracker_dock, self.window.book_dock)

    def retranslate(self) -> None:
        """Set the entries' texts in the current language."""
        self.tree_action.setText(self.tr("Project tree"))
        self.reset_action.setText(self.tr("Reset layout"))

    def reset_layout(self) -> None:
        """Every dock back on the right, tabbed, 上下文 in front; the tree shown at its first
        width; the toolbar back; the window within the screen."""
        window = self.window
        window.restoreState(self.default_state)
        for dock in self.docks():
            dock.setFloating(False)
            dock.show()
        window.context_dock.raise_()
        self.tree_action.setChecked(True)
        window.resizeDocks([window.context_dock], [self.dock_width], Qt.Orientation.Horizontal)
        total = sum(window.splitter.sizes())
        window.splitter.setSizes([TREE_WIDTH, max(total - TREE_WIDTH, TREE_WIDTH)])
        fit_to_screen(window)

    def save(self, state: QSettings) -> None:
        """Remember whether the tree is hidden."""
        state.setValue(TREE_HIDDEN_KEY, not self.tree_action.isChecked())

    def restore(self, state: QSettings) -> None:
        """Hide the tree again if it was hidden when the window last closed."""
        if str(state.value(TREE_HIDDEN_KEY, "false")).lower() == "true":
            self.tree_action.setChecked(False)
