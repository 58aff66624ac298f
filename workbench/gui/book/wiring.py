"""The 全书 views in the main window: one call connects them to the editor and the ledger.

A heatmap cell opens its chapter at the character's first mention; a timeline entry is
selected in the tracker browser's ledger, whose filters the timeline shares; and a
selection the author records as foreshadowing (右键 ▸ 记为伏笔) opens the ledger's new-entry form.
The window stays a router: this module reads its parts by the names it gives them (it
cannot import the window).
"""

from __future__ import annotations

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QMainWindow


class BookRoutes(QObject):
    """Routes between the 全书 panel, the chapters, the editor tabs and the ledger."""

    def __init__(self, window: QMainWindow) -> None:
        super().__init__(window)
        self.book_panel = window.book_panel
        self.chapters = window.chapters
        self.tracker_dock = window.tracker_dock
        self.browser = window.tracker_browser
        self.book_panel.mentionRequested.connect(self.open_mention)
        self.book_panel.entrySelected.connect(self.select_ledger_entry)
        self.book_panel.filtersRequested.connect(self.show_ledger)
        self.browser.ledger.filtersChanged.connect(self.ledger_filters_changed)
        window.tabs.foreshadowingRequested.connect(self.new_foreshadowing)

    def open_mention(self, number: int, name: str) -> None:
        """Open chapter N at the character's first mention in it."""
        editor = self.chapters.open_chapter(number)
        offset = self.book_panel.first_mention(editor.shown_text(), name) if editor else None
        if offset is not None:
            editor.reveal_at(offset)

    def show_ledger(self) -> None:
        """Bring the tracker browser's ledger to the front."""
        self.tracker_dock.show()
        self.tracker_dock.raise_()
        self.browser.tabs.setCurrentWidget(self.browser.ledger)

    def select_ledger_entry(self, entry_id: str) -> None:
        """Show the ledger with this entry selected."""
        self.show_ledger()
        self.browser.ledger.select(entry_id)

    def ledger_filters_changed(self) -> None:
        """The timeline draws what the ledger's filters let through."""
        self.book_panel.set_ledger_criteria(*self.browser.ledger.criteria())

    def new_foreshadowing(self, text: str, chapter: int | None) -> None:
        """The editor's selection as a new foreshadowing entry, in the ledger's form."""
        self.tracker_dock.show()
        self.tracker_dock.raise_()
        self.browser.new_entry_from_selection(text, chapter)
