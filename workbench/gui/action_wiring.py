"""The menus', the toolbar's and the welcome page's actions connected to what does them (the
window's parts, by the names it gives them: this module cannot import the window). The
actions only emit `triggered` (gui/actions.py); nothing here does the work itself."""

from __future__ import annotations

from PySide6.QtWidgets import QMainWindow


def wire_actions(window: QMainWindow) -> None:
    """Each action and welcome-page button to the part that answers it."""
    actions, opening, chapters = window.actions_, window.opening, window.chapters
    actions.open_folder.triggered.connect(opening.choose_project_folder)
    actions.new_project.triggered.connect(opening.choose_new_project_folder)
    actions.import_manuscript.triggered.connect(opening.choose_manuscript)
    actions.save.triggered.connect(window.tabs.save_current)
    actions.close_tab.triggered.connect(window.tabs.close_current)
    actions.settings.triggered.connect(window.edit_settings)
    actions.quit.triggered.connect(window.close)
    actions.find.triggered.connect(window.tabs.open_find_bar)
    actions.book_search.triggered.connect(window.open_book_search)
    actions.previous_chapter.triggered.connect(chapters.previous_chapter)
    actions.next_chapter.triggered.connect(chapters.next_chapter)
    actions.new_chapter.triggered.connect(chapters.new_chapter)
    actions.prepare_feed.triggered.connect(window.prepare.open_default)
    actions.feed_menu.triggered.connect(
        lambda action: window.prepare.open_for(action.data()) if action.data() else None
    )
    actions.summary_jobs.triggered.connect(window.summary_policy.open_jobs)
    actions.usage.triggered.connect(window.open_usage)
    welcome = window.welcome
    welcome.openSampleRequested.connect(opening.open_sample_copy)
    welcome.newProjectRequested.connect(opening.choose_new_project_folder)
    welcome.openFolderRequested.connect(opening.choose_project_folder)
    welcome.importRequested.connect(opening.choose_manuscript)
