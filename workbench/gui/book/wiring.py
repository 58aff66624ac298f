"""The 全书 views in the main window: routes to the editor and the ledger.

A heatmap cell opens its chapter at the character's first mention; a timeline entry is
selected in the tracker browser's ledger, whose filters the timeline shares; and a
selection the author records as foreshadowing (右键 ▸ 记为伏笔) opens the ledger's new-entry form.
Both panels are built when their dock is first shown (gui/docks.py): each is connected here
as it is built, and a route that needs the ledger builds the browser. The window stays a
router: this module reads its parts by the names it gives them (it cannot import the window).
"""

from __future__ import annotations

from PySide6.QtCore import QObject
from PySide6.QtWidgets import QMainWindow, QWidget


class BookRoutes(QObject):
    """Routes between the 全书 panel, the chapters, the editor tabs and the ledger."""

    def __init__(self, window: QMainWindow) -> None:
        super().__init__(window)
        self.chapters = window.chapters
        self.tracker_dock = window.tracker_dock
        self.book_dock = window.book_dock
        window.tabs.foreshadowingRequested.connect(self.new_foreshadowing)

    def book_panel_built(self, panel: QWidget) -> None:
        """The 全书 panel exists now: its requests are routed, its timeline filtered as the
        ledger is (when the browser exists too)."""
        panel.mentionRequested.connect(self.open_mention)
        panel.entrySelected.connect(self.select_ledger_entry)
        panel.filtersRequested.connect(self.show_ledger)
        self.ledger_filters_changed()

    def tracker_browser_built(self, browser: QWidget) -> None:
        """The tracker browser exists now: the timeline follows its ledger's filters."""
        browser.ledger.filtersChanged.connect(self.ledger_filters_changed)
        self.ledger_filters_changed()

    def open_mention(self, number: int, name: str) -> None:
        """Open chapter N at the character's first mention in it."""
        editor = self.chapters.open_chapter(number)
        book_panel = self.book_dock.panel()
        offset = book_panel.first_mention(editor.shown_text(), name) if editor else None
        if offset is not None:
            editor.reveal_at(offset)

    def show_ledger(self) -> QWidget:
        """Bring the tracker browser's ledger to the front."""
        self.tracker_dock.show()
        self.tracker_dock.raise_()
        browser = self.tracker_dock.panel()
        browser.tabs.setCurrentWidget(browser.ledger)
        return browser

    def select_ledger_entry(self, entry_id: str) -> None:
        """Show the ledger with this entry selected."""
        self.show_ledger().ledger.select(entry_id)

    def ledger_filters_changed(self) -> None:
        """The timeline draws what the ledger's filters let through."""
        if self.book_dock.is_built() and self.tracker_dock.is_built():
            criteria = self.tracker_dock.panel().ledger.criteria()
            self.book_dock.panel().set_ledger_criteria(*criteria)

    def new_foreshadowing(self, text: str, chapter: int | None) -> None:
        """The editor's selection as a new foreshadowing entry, in the ledger's form."""
        self.tracker_dock.show()
        self.tracker_dock.raise_()
        self.tracker_dock.panel().new_entry_from_selection(text, chapter)
