"""The main window's right-hand docks, tabbed: 上下文 in front, built with the window (the
first paint shows it); 追踪表 and 全书 built when first shown, when a route asks for them,
or by the warm-up a moment after the first show (issue #28: the tracker browser with its
graph and 待审 tab, and the 全书 panel, cost the start ≈ 0.1-0.3 s of imports, widgets and
work at the open that nobody sees yet). A panel built late joins the project session then,
told the open project and chapter, and its routes are connected by its own wiring module."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, Qt
from PySide6.QtWidgets import QMainWindow, QWidget

from workbench.gui.book.dock import BookDock
from workbench.gui.context import ContextDock
from workbench.gui.panel_dock import DeferredDock
from workbench.gui.trackers.dock import TrackerDock
from workbench.gui.trackers.wiring import wire_tracker_browser


class WindowDocks(QObject):
    """The three docks of `window`, and what is done when a deferred one is built."""

    def __init__(self, window: QMainWindow) -> None:
        super().__init__(window)
        self.window = window
        self.context = ContextDock(window)
        self.trackers = TrackerDock(window)
        self.book = BookDock(window)
        area = Qt.DockWidgetArea.RightDockWidgetArea
        for dock in (self.context, self.trackers, self.book):
            window.addDockWidget(area, dock)
        window.tabifyDockWidget(self.context, self.trackers)
        window.tabifyDockWidget(self.trackers, self.book)
        self.context.raise_()
        self.trackers.built.connect(self._tracker_browser_built)
        self.book.built.connect(self._book_panel_built)

    def deferred(self) -> tuple[DeferredDock, ...]:
        """The docks whose panels are built when first needed."""
        return (self.trackers, self.book)

    def warm_up_steps(self) -> list[Callable[[], object]]:
        """The warm-up's GUI-thread steps for the deferred docks, one per pass of the event
        loop: each dock's module, its panel's widgets, then the panel in the dock and wired."""
        steps = ((dock.load_module, dock.make, dock.panel) for dock in self.deferred())
        return [step for dock_steps in steps for step in dock_steps]

    def build_all(self) -> None:
        """Build every deferred panel now (what the warm-up does a moment after the show)."""
        for dock in self.deferred():
            dock.panel()

    def loading_pending(self) -> bool:
        """Whether a built panel's reading for the open (the tracker files, the ledger) is
        still to come."""
        return self.trackers.is_built() and self.trackers.panel().loading_pending()

    def _tracker_browser_built(self, browser: QWidget) -> None:
        wire_tracker_browser(self.window, browser)
        self.window.book_routes.tracker_browser_built(browser)

    def _book_panel_built(self, panel: QWidget) -> None:
        self.window.session.join(panel)
        self.window.book_routes.book_panel_built(panel)
