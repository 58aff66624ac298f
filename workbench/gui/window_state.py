"""The main window's geometry, dock layout and splitter sizes, kept next to the user's settings
in `window.ini` (tests redirect the folder) and restored at the next start."""

from __future__ import annotations

from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QDockWidget, QMainWindow, QSplitter

from workbench.gui.view_menu import ViewMenu, fit_to_screen
from workbench.settings_file import config_dir

WINDOW_STATE_FILE = "window.ini"


def stored() -> QSettings:
    """The window state file."""
    return QSettings(str(config_dir() / WINDOW_STATE_FILE), QSettings.Format.IniFormat)


def restore(
    window: QMainWindow,
    splitter: QSplitter,
    view_menu: ViewMenu,
    first_dock: QDockWidget,
    width: int,
) -> None:
    """Geometry, docks and splitter as they were (`first_dock` `width` wide the first time),
    fitted to the screen the window opens on."""
    state = stored()
    geometry = state.value("geometry")
    if geometry is not None:
        window.restoreGeometry(geometry)
    layout = state.value("windowState")
    if layout is not None:
        window.restoreState(layout)
    else:
        window.resizeDocks([first_dock], [width], Qt.Orientation.Horizontal)
    sizes = state.value("splitter")
    if sizes is not None:
        splitter.restoreState(sizes)
    view_menu.restore(state)
    fit_to_screen(window)


def save(window: QMainWindow, splitter: QSplitter, view_menu: ViewMenu) -> None:
    """Remember geometry, dock layout and splitter sizes for the next start."""
    state = stored()
    state.setValue("geometry", window.saveGeometry())
    state.setValue("windowState", window.saveState())
    state.setValue("splitter", splitter.saveState())
    view_menu.save(state)
    state.sync()
