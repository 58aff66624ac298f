"""The window's menus and actions. They only emit `triggered`; the main window wires them."""

from __future__ import annotations

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMainWindow, QMenu, QToolBar

from workbench.feed.recipes import AGENTS


class WindowActions(QObject):
    """Every menu action, with its shortcut; texts are set (and reset) by retranslate()."""

    def __init__(self, window: QMainWindow) -> None:
        super().__init__(window)
        self.open_folder = QAction(window)
        self.open_folder.setShortcut(QKeySequence.StandardKey.Open)
        self.new_project = QAction(window)
        self.import_manuscript = QAction(window)
        self.save = QAction(window)
        self.save.setShortcut(QKeySequence.StandardKey.Save)
        self.close_tab = QAction(window)
        self.close_tab.setShortcut(QKeySequence.StandardKey.Close)
        self.settings = QAction(window)
        self.settings.setShortcut(QKeySequence("Ctrl+,"))
        self.quit = QAction(window)
        self.quit.setShortcut(QKeySequence.StandardKey.Quit)
        self.find = QAction(window)
        self.book_search = QAction(window)
        self.book_search.setObjectName("bookSearchAction")
        self.book_search.setShortcut(QKeySequence("Ctrl+Shift+F"))
        self.previous_chapter = QAction(window)
        self.previous_chapter.setShortcut(QKeySequence("Ctrl+PgUp"))
        self.next_chapter = QAction(window)
        self.next_chapter.setShortcut(QKeySequence("Ctrl+PgDown"))
        self.new_chapter = QAction(window)
        self.new_chapter.setShortcut(QKeySequence("Ctrl+Shift+N"))
        self.prepare_feed = QAction(window)
        self.prepare_feed.setObjectName("prepareFeedAction")
        self.prepare_feed.setShortcut(QKeySequence("Ctrl+Shift+P"))
        self.summary_jobs = QAction(window)
        self.summary_jobs.setObjectName("summaryJobsAction")
        self.usage = QAction(window)
        self.usage.setObjectName("usageAction")
        self.prepare_agent: dict[str, QAction] = {}
        for agent in AGENTS:
            action = QAction(agent, window)
            action.setData(agent)
            self.prepare_agent[agent] = action
        self.default_agent = "MainWriter"
        self.unread_failures = 0

        bar = window.menuBar()
        self.file_menu = bar.addMenu("")
        self.recent_menu = QMenu(window)
        self.file_menu.addAction(self.new_project)
        self.file_menu.addAction(self.open_folder)
        self.file_menu.addMenu(self.recent_menu)
        self.file_menu.addAction(self.import_manuscript)
        self.file_menu.addSeparator()
        self.file_menu.addAction(self.save)
        self.file_menu.addAction(self.close_tab)
        self.file_menu.addSeparator()
        self.file_menu.addAction(self.settings)
        self.file_menu.addSeparator()
        self.file_menu.addAction(self.quit)
        self.edit_menu = bar.addMenu("")
        self.edit_menu.addAction(self.find)
        self.edit_menu.addAction(self.book_search)
        self.chapter_menu = bar.addMenu("")
        self.chapter_menu.addAction(self.previous_chapter)
        self.chapter_menu.addAction(self.next_chapter)
        self.chapter_menu.addSeparator()
        self.chapter_menu.addAction(self.new_chapter)
        self.feed_menu = bar.addMenu("")
        # One entry per agent: the Prepare button's agent is among them (listing the button
        # too showed "Prepare MainWriter feed" twice); its shortcut is shown on that entry.
        for action in self.prepare_agent.values():
            self.feed_menu.addAction(action)
        self.feed_menu.addSeparator()
        self.feed_menu.addAction(self.summary_jobs)
        self.feed_menu.addAction(self.usage)
        self.view_menu = bar.addMenu("")
        self.toolbar = QToolBar(window)
        self.toolbar.setObjectName("mainToolbar")
        self.toolbar.addAction(self.prepare_feed)
        self.toolbar.widgetForAction(self.prepare_feed).setObjectName("prepareFeedButton")
        window.addToolBar(self.toolbar)
        self.retranslate()

    def retranslate(self) -> None:
        """Set every menu and action text in the current language."""
        self.file_menu.setTitle(self.tr("&File"))
        self.recent_menu.setTitle(self.tr("Recent projects"))
        self.new_project.setText(self.tr("New project…"))
        self.open_folder.setText(self.tr("Open project folder…"))
        self.import_manuscript.setText(self.tr("Import manuscript…"))
        self.save.setText(self.tr("Save"))
        self.close_tab.setText(self.tr("Close tab"))
        self.settings.setText(self.tr("Settings…"))
        self.quit.setText(self.tr("Quit"))
        self.edit_menu.setTitle(self.tr("&Edit"))
        self.find.setText(self.tr("Find and replace"))
        self.book_search.setText(self.tr("Search the book…"))
        self.chapter_menu.setTitle(self.tr("&Chapter"))
        self.previous_chapter.setText(self.tr("Previous chapter"))
        self.next_chapter.setText(self.tr("Next chapter"))
        self.new_chapter.setText(self.tr("New chapter"))
        self.view_menu.setTitle(self.tr("&View"))
        self.set_unread_failures(self.unread_failures)
        self.usage.setText(self.tr("Usage…"))
        self.feed_menu.setTitle(self.tr("F&eed"))
        self.toolbar.setWindowTitle(self.tr("Toolbar"))
        for agent, action in self.prepare_agent.items():
            action.setText(self.tr("Prepare %1 feed…").replace("%1", agent))
        self.set_default_agent(self.default_agent)

    def set_unread_failures(self, unread: int) -> None:
        """Feed ▸ Summary jobs carries the count of failed jobs not yet seen there."""
        self.unread_failures = unread
        text = self.tr("Summary jobs…")
        if unread:
            text += self.tr(" (%1 failed)").replace("%1", str(unread))
        self.summary_jobs.setText(text)

    def set_default_agent(self, agent: str) -> None:
        """Name the agent the Prepare button (Ctrl+Shift+P) builds for."""
        self.default_agent = agent
        shortcut = self.prepare_feed.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
        for name, action in self.prepare_agent.items():
            # Shown beside the entry, not bound to it: the button's action owns the key.
            text = action.text().split("\t")[0]
            action.setText(f"{text}\t{shortcut}" if name == agent else text)
        self.prepare_feed.setText(self.tr("Prepare %1 feed").replace("%1", agent))
        self.prepare_feed.setToolTip(
            self.tr("Check, preview, copy or send the %1 feed for the current chapter (%2)")
            .replace("%1", agent)
            .replace("%2", self.prepare_feed.shortcut().toString())
        )
