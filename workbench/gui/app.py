"""Starting the desktop app."""

from __future__ import annotations

import logging
import sys
from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QApplication, QMessageBox

from workbench.bundled import APP_ID, icon_files
from workbench.cli.exits import EXIT_PROBLEMS
from workbench.errors import WorkbenchError
from workbench.gui import prompts
from workbench.gui.crash_log import CrashLog
from workbench.gui.desktop_check import font_problem, xcb_problem
from workbench.gui.excepthook import CrashHandler
from workbench.gui.i18n import Language
from workbench.gui.main_window import MainWindow
from workbench.gui.view_menu import fit_to_screen
from workbench.settings import Settings, load_settings

log = logging.getLogger(__name__)


def create_window(settings: Settings) -> MainWindow:
    """A main window with the UI language from `settings` applied (a QApplication must exist)."""
    language = Language()
    language.apply(settings.ui_language)
    return MainWindow(settings, language)


def app_icon() -> QIcon:
    """The application icon in every shipped size (empty, and logged, if they are missing)."""
    icon = QIcon()
    try:
        for path in icon_files():
            icon.addFile(str(path))
    except WorkbenchError as error:
        log.warning("no application icon: %s", error)
    return icon


@dataclass
class Started:
    """A shown main window and what watches over it until `stop()`."""

    window: MainWindow
    handler: CrashHandler
    crash_log: CrashLog

    def stop(self) -> None:
        """The event loop ended: shut the window's services down, put the hooks back."""
        self.window.shut_down()
        self.handler.uninstall()
        self.crash_log.stop()


def start_app(directory: str | None) -> Started:
    """Catch native crashes, show the main window, say if the last run crashed, open the
    project (given, or the last one); the recovery of unsaved text follows the opening."""
    app = QApplication.instance() or QApplication(sys.argv)
    app.setApplicationName("Workbench")
    app.setOrganizationName("Workbench")
    # Wayland compositors match the window to the installed .desktop entry (and its icon) by this.
    app.setDesktopFileName(APP_ID)
    app.setWindowIcon(app_icon())
    crash_log = CrashLog().start()
    problem = None
    try:
        settings = load_settings()
    except WorkbenchError as error:
        settings, problem = Settings(), str(error)
    window = create_window(settings)
    handler = CrashHandler(window)
    handler.install()
    window.show()
    fit_to_screen(window)  # again, now that the window frame is known
    if crash_log.previous:
        prompts.tell_previous_crash(window, crash_log.previous[-1])
    if problem:
        prompts.show_problem(
            window,
            QCoreApplication.translate("MainWindow", "Settings not loaded; using defaults"),
            problem,
        )
    if directory:
        window.open_project(Path(directory))
    elif settings.recent_projects and Path(settings.recent_projects[0]).is_dir():
        window.open_project(Path(settings.recent_projects[0]))
    return Started(window, handler, crash_log)


def run_app(directory: str | None) -> int:
    """Show the main window (on a project folder, if given) and run the event loop; on a
    desktop that cannot show it, say what to install instead of letting Qt abort."""
    problem = xcb_problem()
    if problem:
        print(problem, file=sys.stderr)
        return EXIT_PROBLEMS
    fonts = font_problem()
    if fonts:
        print(fonts, file=sys.stderr)
    started = start_app(directory)
    if fonts:  # in English: without the font, Chinese would be boxes here too
        QMessageBox.warning(started.window, "No Chinese font", fonts)
    try:
        return QApplication.instance().exec()
    finally:
        started.stop()
