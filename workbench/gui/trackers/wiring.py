"""The tracker browser in the main window, wired when it is built (the dock first shown, a
route to it, or the warm-up): its requests go to the chapters, the editor, the context
panel's pins and the status bar; it and its 待审 tab join the project session, told the open
project and chapter. The window stays a router: this module reads its parts by the names
it gives them (it cannot import the window)."""

from __future__ import annotations

from PySide6.QtWidgets import QMainWindow, QWidget

from workbench.gui.upkeep.wiring import wire_review


def wire_tracker_browser(window: QMainWindow, browser: QWidget) -> None:
    """Connect a tracker browser just built to the window's parts and the open project."""
    browser.chapterRequested.connect(window.chapters.open_chapter)
    browser.fileRequested.connect(window.tabs.open_at_line)
    browser.pinRequested.connect(window.context_panel.pin)
    browser.statusMessage.connect(window.show_message)
    browser.set_write_guard(window.has_unsaved_edits)
    window.session.join(browser)
    wire_review(window, window.upkeep, browser.review)
