"""A right-hand dock holding one panel, titled in the current UI language; a deferred one
builds its panel only when it is first shown or asked for (issue #28: what the first paint
does not show is not built before it)."""

from __future__ import annotations

import importlib

from PySide6.QtCore import QEvent, Signal
from PySide6.QtWidgets import QDockWidget, QWidget


class PanelDock(QDockWidget):
    """A dock (its objectName is the window layout's key) around one panel; subclasses name
    the title with `title()`, retranslated when the UI language changes."""

    def __init__(
        self, object_name: str, panel: QWidget | None, parent: QWidget | None = None
    ) -> None:
        super().__init__(parent)
        self.setObjectName(object_name)
        if panel is not None:
            panel.setParent(self)
            self.setWidget(panel)
        self.retranslate()

    def title(self) -> str:
        """The dock's title in the current language."""
        raise NotImplementedError

    def retranslate(self) -> None:
        """Set the title in the current language."""
        self.setWindowTitle(self.title())

    def changeEvent(self, event: QEvent) -> None:
        """Retranslate when the UI language changes."""
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)


class DeferredDock(PanelDock):
    """A dock whose panel (`make_panel()`, with its modules) is built the first time the
    dock is shown — its tab raised, the 视图 menu, a saved layout that has it in front — or
    `panel()` is called (a route to it, the warm-up); `built` then tells who wires it."""

    built = Signal(QWidget)
    PANEL_MODULE = ""  # the module make_panel imports (the warm-up loads it a pass before)

    def __init__(self, object_name: str, parent: QWidget | None = None) -> None:
        super().__init__(object_name, None, parent)
        self._panel: QWidget | None = None
        self._made: QWidget | None = None  # built by `make`, not yet in the dock nor wired
        self.visibilityChanged.connect(self._visibility_changed)

    def make_panel(self) -> QWidget:
        """A new panel for this dock (its module imported here, not with the window)."""
        raise NotImplementedError

    def load_module(self) -> None:
        """Import the panel's module now (the warm-up's step before it builds the panel)."""
        importlib.import_module(self.PANEL_MODULE)

    def make(self) -> None:
        """Build the panel's widgets now, without putting it in the dock or wiring it (the
        warm-up's step before `panel`: the tracker browser's widgets and its wiring were one
        32 ms step of the GUI thread, now two)."""
        if self._panel is None and self._made is None:
            self._made = self.make_panel()
            self._made.setParent(self)  # owned by the dock; not shown until it is its widget

    def is_built(self) -> bool:
        """Whether the panel is in the dock yet."""
        return self._panel is not None

    def panel(self) -> QWidget:
        """The panel, built now if it was not."""
        if self._panel is None:
            self.make()
            self._panel, self._made = self._made, None
            assert self._panel is not None
            self.setWidget(self._panel)
            self.built.emit(self._panel)
        return self._panel

    def _visibility_changed(self, visible: bool) -> None:
        if visible:
            self.panel()
