"""The feed history of one chapter: every saved feed, opened read-only or compared block by
block (added / removed / changed, with a text diff inside a changed block)."""

from __future__ import annotations

import html
from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from workbench.book.project import Project
from workbench.errors import WorkbenchError
from workbench.feed.history import BlockChange, SavedFeed, diff_feeds, last_sent, saved_feeds

CHANGE_COLOURS = {"added": "#1b7a2e", "removed": "#b3261e", "changed": "#8a5a00", "same": "#777"}


class HistoryView(QWidget):
    """A table of saved feeds and a pane that shows one feed or a diff of two."""

    def __init__(
        self,
        project: Project,
        chapter: int,
        agent: str,
        current_markdown: Callable[[], str],
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.setObjectName("historyView")
        self.project = project
        self.chapter = chapter
        self.agent = agent
        self.current_markdown = current_markdown
        self.feeds: list[SavedFeed] = []
        self.last_changes: list[BlockChange] = []
        self.table = QTableWidget(0, 6, self)
        self.table.setObjectName("historyTable")
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().hide()
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.itemSelectionChanged.connect(self._selection_changed)
        self.open_button = QPushButton(self)
        self.open_button.setObjectName("historyOpenButton")
        self.compare_button = QPushButton(self)
        self.compare_button.setObjectName("historyCompareButton")
        self.previous_button = QPushButton(self)
        self.previous_button.setObjectName("historyPreviousButton")
        self.hint = QLabel(self)
        self.hint.setWordWrap(True)
        self.pane = QTextBrowser(self)
        self.pane.setObjectName("historyPane")
        self.open_button.clicked.connect(self.open_selected)
        self.compare_button.clicked.connect(self.compare_selected)
        self.previous_button.clicked.connect(self.compare_with_previous_chapter)
        buttons = QHBoxLayout()
        for button in (self.open_button, self.compare_button, self.previous_button):
            buttons.addWidget(button)
        buttons.addStretch(1)
        top = QWidget(self)
        top_layout = QVBoxLayout(top)
        top_layout.setContentsMargins(0, 0, 0, 0)
        top_layout.addWidget(self.table, 1)
        top_layout.addLayout(buttons)
        top_layout.addWidget(self.hint)
        splitter = QSplitter(Qt.Orientation.Vertical, self)
        splitter.addWidget(top)
        splitter.addWidget(self.pane)
        splitter.setSizes([180, 320])
        layout = QVBoxLayout(self)
        layout.addWidget(splitter)
        self.retranslate()
        self.reload()

    def retranslate(self) -> None:
        """Set the texts in the current language."""
        self.table.setHorizontalHeaderLabels(
            [
                self.tr("Saved (UTC)"),
                self.tr("Agent"),
                self.tr("Zi"),
                self.tr("Tokens"),
                self.tr("Ready"),
                self.tr("Sent"),
            ]
        )
        self.open_button.setText(self.tr("Open read-only"))
        self.compare_button.setText(self.tr("Compare the two selected"))
        self.previous_button.setText(self.tr("Compare with the feed sent for the previous chapter"))
        self._selection_changed()

    def reload(self) -> None:
        """List the chapter's saved feeds again, newest first."""
        try:
            self.feeds = saved_feeds(self.project, self.chapter)
        except (OSError, WorkbenchError) as error:
            self.feeds = []
            self.hint.setText(str(error))
        self.table.setRowCount(len(self.feeds))
        yes, no = self.tr("yes"), self.tr("no")
        for row, feed in enumerate(self.feeds):
            cells = [
                feed.saved_at.strftime("%Y-%m-%d %H:%M:%S"),
                feed.agent,
                str(feed.chars),
                str(feed.tokens),
                "✓ " + yes if feed.ready else "✗ " + no,
                yes if feed.sent else "",
            ]
            for column, text in enumerate(cells):
                self.table.setItem(row, column, QTableWidgetItem(text))
        self.table.resizeColumnsToContents()
        self._selection_changed()

    def selected(self) -> list[SavedFeed]:
        """The selected feeds, oldest first."""
        rows = sorted({index.row() for index in self.table.selectionModel().selectedRows()})
        return sorted((self.feeds[r] for r in rows), key=lambda f: f.saved_at)

    def _selection_changed(self) -> None:
        count = len(self.selected()) if self.table.selectionModel() else 0
        self.open_button.setEnabled(count == 1)
        self.compare_button.setEnabled(count == 2)
        if not self.feeds:
            self.hint.setText(
                self.tr("No feed saved for this chapter yet: Save or Send keeps one.")
            )
        else:
            self.hint.setText(
                self.tr("Select one feed to open it, or two (Ctrl+click) to compare.")
            )

    def open_selected(self) -> None:
        """Show the selected feed's Markdown, read-only, exactly as it was saved."""
        chosen = self.selected()
        if len(chosen) == 1:
            self.pane.setPlainText(chosen[0].text())

    def compare_selected(self) -> None:
        """Diff the two selected feeds, older to newer."""
        chosen = self.selected()
        if len(chosen) == 2:
            old, new = chosen
            self.show_diff(old.text(), new.text(), self._describe(old), self._describe(new))

    def compare_with_previous_chapter(self) -> None:
        """Diff the feed sent to this agent for chapter N-1 against the current feed."""
        previous = last_sent(self.project, self.chapter - 1, self.agent)
        if previous is None:
            self.pane.setPlainText(
                self.tr("No %1 feed was sent for chapter %2.")
                .replace("%1", self.agent)
                .replace("%2", str(self.chapter - 1))
            )
            return
        self.show_diff(
            previous.text(),
            self.current_markdown(),
            self._describe(previous),
            self.tr("the current feed"),
        )

    def _describe(self, feed: SavedFeed) -> str:
        return (
            self.tr("chapter %1, %2, %3")
            .replace("%1", str(feed.chapter))
            .replace("%2", feed.agent)
            .replace("%3", feed.saved_at.strftime("%Y-%m-%d %H:%M:%S"))
        )

    def show_diff(self, old: str, new: str, old_name: str, new_name: str) -> list[BlockChange]:
        """Render the block-by-block diff in the pane; returns the changes."""
        self.last_changes = diff_feeds(old, new)
        words = {
            "added": self.tr("added"),
            "removed": self.tr("removed"),
            "changed": self.tr("changed"),
            "same": self.tr("unchanged"),
        }
        counts = {kind: sum(c.kind == kind for c in self.last_changes) for kind in words}
        parts = [
            "<p><b>"
            + html.escape(self.tr("From %1 to %2").replace("%1", old_name).replace("%2", new_name))
            + "</b><br>"
            + html.escape(" · ".join(f"{words[k]} {counts[k]}" for k in words))
            + "</p>"
        ]
        for change in self.last_changes:
            if change.kind == "same":
                continue
            colour = CHANGE_COLOURS[change.kind]
            parts.append(
                f'<p style="margin:2px 0"><span style="color:{colour}; font-weight:bold">'
                f"[{html.escape(words[change.kind])}]</span> {html.escape(change.heading)}</p>"
            )
            if change.text_diff:
                lines = [_diff_line(line) for line in change.text_diff[2:]]
                parts.append('<pre style="margin:0 0 6px 18px">' + "\n".join(lines) + "</pre>")
        same = [c.heading for c in self.last_changes if c.kind == "same"]
        if same:
            # Unchanged blocks last, in one grey line: the eye goes to what changed.
            parts.append(
                f'<p style="color:{CHANGE_COLOURS["same"]}">[{html.escape(words["same"])}] '
                + html.escape("；".join(same))
                + "</p>"
            )
        self.pane.setHtml("".join(parts))
        return self.last_changes


def _diff_line(line: str) -> str:
    escaped = html.escape(line)
    if line.startswith("+"):
        return f'<span style="color:#1b7a2e">{escaped}</span>'
    if line.startswith("-"):
        return f'<span style="color:#b3261e">{escaped}</span>'
    if line.startswith("@@"):
        return f'<span style="color:#777">{escaped}</span>'
    return escaped
