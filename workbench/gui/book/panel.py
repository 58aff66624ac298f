"""The 全书 panel: the presence heatmap, the foreshadowing timeline and the writing
statistics, each on its tab with its controls and an export to PNG. It follows the editor's
chapter; the numbers come from a snapshot taken off the GUI thread after the project opens
and after files change."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QEvent, Qt, QTimer, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QProgressBar,
    QPushButton,
    QScrollArea,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from workbench.book.project import Project
from workbench.errors import WorkbenchError
from workbench.gui import turns
from workbench.gui.background import Background
from workbench.gui.book.goal_box import GoalBox
from workbench.gui.book.heatmap import PresenceHeatmap, PresenceModel
from workbench.gui.book.painting import ACCENT, CURRENT, OVERDUE_RED, export_png, shade
from workbench.gui.book.snapshot import WINDOWS, BookSnapshot, take_snapshot
from workbench.gui.book.stats_view import WritingStatsChart
from workbench.gui.book.timeline_view import ForeshadowingTimeline
from workbench.stats import set_daily_goal, summarize

REFRESH_MS = 600  # after files change: saves come in bursts
SORTS = ("first", "last", "total", "name")


def _scrolled(widget: QWidget, parent: QWidget) -> QScrollArea:
    area = QScrollArea(parent)
    area.setWidgetResizable(True)
    area.setWidget(widget)
    return area


class BookPanel(QWidget):
    """全书: three views of the whole book."""

    mentionRequested = Signal(int, str)  # open chapter N at this character's first mention
    entrySelected = Signal(str)  # select this entry in the ledger
    filtersRequested = Signal()  # show the ledger, whose filters the timeline shares

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.project: Project | None = None
        self.chapter = 0
        self.snapshot: BookSnapshot | None = None
        self.worker = Background(
            "book-snapshot-worker", latest_only=True, turn=turns.GLANCE, parent=self
        )
        self._requested_chapter = 0
        self.tabs = QTabWidget(self)
        self.tabs.setObjectName("bookTabs")
        self.message = QLabel(self)
        self.message.setObjectName("bookMessage")
        self.message.setWordWrap(True)
        self.message.hide()

        self.presence_model = PresenceModel(self)
        self.heatmap = PresenceHeatmap(self.presence_model)
        self.sort_box = QComboBox(self)
        self.sort_box.setObjectName("presenceSort")
        self.sort_box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.character_filter = QLineEdit(self)
        self.character_filter.setObjectName("presenceFilter")
        self.character_filter.setClearButtonEnabled(True)
        self.character_filter.setMinimumWidth(180)
        self.bin_label = QLabel(self)
        self.bin_label.setObjectName("presenceBinWidth")
        self.heatmap_export = QPushButton(self)
        self.tabs.addTab(
            self._page(
                self.heatmap,
                [self.sort_box, self.character_filter],
                [self.bin_label],
                self.heatmap_export,
            ),
            "",
        )

        self.timeline = ForeshadowingTimeline()
        self.filters_label = QLabel(self)
        self.filters_label.setObjectName("timelineFilters")
        self.legend = QLabel(self)
        self.legend.setObjectName("timelineLegend")
        self.legend.setTextFormat(Qt.TextFormat.RichText)
        self.filters_button = QPushButton(self)
        self.timeline_export = QPushButton(self)
        self.tabs.addTab(
            self._page(
                self.timeline,
                [self.filters_button, self.filters_label],
                [self.legend],
                self.timeline_export,
            ),
            "",
        )

        self.stats = QWidget()
        self.stats.setObjectName("writingStats")
        self.today_label = QLabel(self.stats)
        self.today_label.setObjectName("statsToday")
        self.goal_bar = QProgressBar(self.stats)
        self.goal_bar.setObjectName("statsGoal")
        self.goal_box = GoalBox(self.stats)
        self.chapter_label = QLabel(self.stats)
        self.chapter_label.setObjectName("statsChapter")
        self.streak_label = QLabel(self.stats)
        self.streak_label.setObjectName("statsStreak")
        self.estimated_label = QLabel(self.stats)
        self.estimated_label.setWordWrap(True)
        self.window_box = QComboBox(self)
        self.window_box.setObjectName("statsWindow")
        self.chart = WritingStatsChart(self.stats)
        self.stats_export = QPushButton(self)
        stats_layout = QVBoxLayout(self.stats)
        stats_layout.setContentsMargins(8, 8, 8, 8)
        figures = QHBoxLayout()
        for widget in (
            self.today_label,
            self.goal_bar,
            self.goal_box,
            self.chapter_label,
            self.streak_label,
        ):
            figures.addWidget(widget)
        figures.addStretch(1)
        stats_layout.addLayout(figures)
        stats_layout.addWidget(self.estimated_label)
        stats_layout.addWidget(self.chart)
        stats_layout.addStretch(1)
        self.tabs.addTab(self._page(self.stats, [self.window_box], [], self.stats_export), "")

        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.message)
        layout.addWidget(self.tabs, 1)

        self._refresh_timer = QTimer(self)
        self._refresh_timer.setSingleShot(True)
        self._refresh_timer.setInterval(REFRESH_MS)
        self._refresh_timer.timeout.connect(self.refresh)
        self.worker.delivered.connect(self._show)
        self.goal_box.goalChosen.connect(self._goal_chosen)
        self.worker.failed.connect(self._crashed)
        self.sort_box.currentIndexChanged.connect(self._sort_chosen)
        self.character_filter.textChanged.connect(self.presence_model.set_filter)
        self.presence_model.modelReset.connect(self._update_bin_label)
        self.heatmap.mentionRequested.connect(self.mentionRequested)
        self.timeline.entrySelected.connect(self.entrySelected)
        self.filters_button.clicked.connect(self.filtersRequested)
        self.window_box.currentIndexChanged.connect(self._show_stats)
        self.heatmap_export.clicked.connect(self._export_heatmap)
        self.timeline_export.clicked.connect(self._export_timeline)
        self.stats_export.clicked.connect(self._export_stats)
        self.retranslate()

    def _page(
        self, view: QWidget, controls: list[QWidget], notes: list[QLabel], export: QPushButton
    ) -> QWidget:
        """One view's tab: its controls and export on a bar, notes under it, the view."""
        page = QWidget(self)
        bar = QHBoxLayout()
        for control in controls:
            bar.addWidget(control)
        bar.addStretch(1)
        bar.addWidget(export)
        layout = QVBoxLayout(page)
        layout.setContentsMargins(0, 4, 0, 0)
        layout.addLayout(bar)
        for note in notes:
            note.setWordWrap(True)
            layout.addWidget(note)
        layout.addWidget(_scrolled(view, page), 1)
        return page

    # --- language ------------------------------------------------------------------------

    def retranslate(self) -> None:
        """Every label in the current language."""
        for index, title in enumerate(
            (self.tr("Presence"), self.tr("Foreshadowing timeline"), self.tr("Writing statistics"))
        ):
            self.tabs.setTabText(index, title)
        sorts = {
            "first": self.tr("By first appearance"),
            "last": self.tr("By last appearance"),
            "total": self.tr("By mentions"),
            "name": self.tr("By name"),
        }
        self._refill(self.sort_box, [(sorts[key], key) for key in SORTS])
        self._refill(
            self.window_box,
            [(self.tr("Last %1 days").replace("%1", str(days)), days) for days in WINDOWS],
        )
        self.character_filter.setPlaceholderText(
            self.tr("Characters (name or alias, several with spaces)")
        )
        for button in (self.heatmap_export, self.timeline_export, self.stats_export):
            button.setText(self.tr("Export PNG…"))
        self.filters_button.setText(self.tr("Ledger filters…"))
        self.filters_button.setToolTip(self.tr("The timeline shows what the ledger's filters show"))
        self.legend.setText(self._legend())
        self._update_bin_label()
        self._update_filters_label()
        self._show_stats()

    def _legend(self) -> str:
        def swatch(colour, mark: str, text: str) -> str:
            return f'<span style="color:{colour.name()}">{mark}</span> {text}'

        parts = [
            swatch(shade(ACCENT, 1.0), "■", self.tr("planted → planned pay-off")),
            swatch(OVERDUE_RED, "■", self.tr("overdue")),
            swatch(shade(ACCENT, 0.35), "■", self.tr("dormant (faded)")),
            "| " + self.tr("sighting"),
            "● " + self.tr("paid off"),
            "— " + self.tr("abandoned"),
            swatch(CURRENT, "┃", self.tr("editor's chapter")),
        ]
        return "&nbsp;&nbsp;".join(parts)

    @staticmethod
    def _refill(box: QComboBox, items: list[tuple[str, object]]) -> None:
        current = box.currentData()
        box.blockSignals(True)
        box.clear()
        for text, data in items:
            box.addItem(text, data)
        index = box.findData(current)
        box.setCurrentIndex(max(0, index))
        box.blockSignals(False)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    # --- project and chapter ---------------------------------------------------------------

    def set_project(self, project: Project | None) -> None:
        """Show another book (None: none)."""
        self.project = project
        self.snapshot = None
        self.worker.forget()
        self.presence_model.set_table(None)
        self.timeline.set_lives(())
        self.chart.set_summary(None)
        if project is not None:
            self.refresh()

    def follow_chapter(self, chapter: int | None) -> None:
        """The editor moved to chapter N: the lines follow it."""
        if chapter is None or chapter == self.chapter:
            return
        self.chapter = chapter
        self.heatmap.chapter = chapter
        self.heatmap.update()
        self.timeline.set_chapter(chapter)
        self._show_stats()

    def files_changed(self, paths: set[Path]) -> None:
        """Files were saved here or changed on disk: take a new snapshot soon."""
        if self.project is not None:
            self._refresh_timer.start()

    def refresh(self) -> None:
        """Take a new snapshot now (off the GUI thread). The thread reads the book as it is
        now: a view with the chapter list copied (the GUI thread re-lists the live one as files
        come and go), sharing the file and 字 caches, which are safe from any thread."""
        self._refresh_timer.stop()
        if self.project is not None:
            book = self.project.with_buffers({})
            chapter = self.chapter or (book.chapters[-1].number if book.chapters else 1)
            self._requested_chapter = chapter
            self.worker.submit(take_snapshot, book, chapter)

    def is_busy(self) -> bool:
        return self._refresh_timer.isActive() or self.worker.is_busy()

    def shut_down(self) -> None:
        """Stop the timer and the worker thread."""
        self._refresh_timer.stop()
        self.worker.shut_down()

    def first_mention(self, text: str, name: str) -> int | None:
        """Where a character is first mentioned in a text (the opened chapter's)."""
        counter = self.snapshot.counter if self.snapshot else None
        return counter.first_at(text, name) if counter else None

    # --- showing a snapshot ----------------------------------------------------------------

    def _crashed(self, job_id: int, reason: str) -> None:
        """A bug in the snapshot: said above the views (the trace is logged)."""
        chapter = self._requested_chapter
        self._show(BookSnapshot(job_id, chapter, None, None, (), 30, None, 0, (reason,)))

    def _show(self, snapshot: BookSnapshot) -> None:
        self.snapshot = snapshot
        if not self.chapter:
            self.chapter = snapshot.chapter
        self.message.setVisible(bool(snapshot.problems))
        self.message.setText("\n".join(snapshot.problems))
        self.heatmap.chapter = self.chapter
        self.heatmap.dormant_after = snapshot.dormant_after
        self.presence_model.set_table(snapshot.mentions)
        self.timeline.set_chapter(self.chapter)
        chapters = snapshot.mentions.chapters if snapshot.mentions else ()
        self.timeline.last_written = chapters[-1] if chapters else 0
        self.timeline.set_lives(snapshot.lives)
        self._update_filters_label()
        self._update_bin_label()
        self._show_stats()

    def set_ledger_criteria(self, criteria, dormant_only: bool) -> None:
        """The ledger's filters changed: the timeline shows the same entries."""
        self.timeline.set_criteria(criteria, dormant_only)
        self._update_filters_label()

    def _sort_chosen(self) -> None:
        self.presence_model.set_sort(self.sort_box.currentData() or "first")

    def _update_bin_label(self) -> None:
        width = self.heatmap.bin_width()
        after = self.snapshot.dormant_after if self.snapshot else 30
        bins = (
            self.tr("one column per chapter")
            if width == 1
            else self.tr("%1 chapters per column").replace("%1", str(width))
        )
        self.bin_label.setText(
            f"{bins} · "
            + self.tr("dashed line: dormant after %1 chapters").replace("%1", str(after))
        )

    def _update_filters_label(self) -> None:
        shown, total = len(self.timeline.lives), len(self.timeline.all_lives)
        self.filters_label.setText(
            self.tr("%1 of %2 entries, as the ledger filters")
            .replace("%1", str(shown))
            .replace("%2", str(total))
        )

    def _show_stats(self) -> None:
        history = self.snapshot.history if self.snapshot else None
        if history is None:
            self.today_label.setText(self.tr("Today: —"))
            self.chart.set_summary(None)
            return
        goal = self.snapshot.goal
        self.goal_box.show_goal(goal)
        days = self.window_box.currentData() or WINDOWS[0]
        summary = self.snapshot.summary(days) or summarize(history, goal, days)
        self.chart.set_summary(summary)
        self.today_label.setText(self.tr("Today: %1 zi").replace("%1", f"{summary.today.added:,}"))
        self.goal_bar.setVisible(goal > 0)
        self.goal_bar.setRange(0, max(1, goal))
        self.goal_bar.setValue(max(0, min(goal, summary.today.added)))
        self.goal_bar.setMinimumWidth(180)
        self.goal_bar.setFormat(
            self.tr("%1 / goal %2")
            .replace("%1", f"{summary.today.added:,}")
            .replace("%2", f"{goal:,}")
        )
        self.goal_bar.setTextVisible(True)
        self.streak_label.setText(self.tr("Streak: %1 days").replace("%1", str(summary.streak)))
        self.chapter_label.setText(
            self.tr("Chapter %1: %2 zi")
            .replace("%1", str(self.chapter))
            .replace("%2", self._chapter_zi())
        )
        self.estimated_label.setVisible(summary.estimated)
        self.estimated_label.setText(
            self.tr(
                "Hatched days are estimated from the chapters' file times "
                "(the book had no save history)."
            )
        )
        self.estimated_label.setStyleSheet("color: #7a7f87")

    def _goal_chosen(self, goal: int) -> None:
        """Write the new goal into the book's workbench.toml and show the view against it."""
        if self.project is None:
            return
        try:
            set_daily_goal(self.project, goal)
        except (OSError, WorkbenchError, ValueError) as error:
            self.message.setText(self.tr("Daily goal not saved: %1").replace("%1", str(error)))
            self.message.show()
            return
        self.refresh()

    def _chapter_zi(self) -> str:
        """The editor's chapter's 字 as saved, counted by the snapshot's thread (a chapter
        whose file has gone, or whose snapshot is still coming: —)."""
        snapshot = self.snapshot
        if snapshot is None or snapshot.chapter != self.chapter or snapshot.chapter_zi is None:
            return "—"
        return f"{snapshot.chapter_zi:,}"

    # --- export --------------------------------------------------------------------------

    def _export(self, widget: QWidget, stem: str) -> None:
        start = str((self.project.root if self.project else Path.home()) / f"{stem}.png")
        target, _ = QFileDialog.getSaveFileName(self, self.tr("Export PNG"), start, "PNG (*.png)")
        if target and not export_png(widget, target):
            self.message.setText(self.tr("Could not write %1").replace("%1", target))
            self.message.show()

    def _export_heatmap(self) -> None:
        self._export(self.heatmap, "presence")

    def _export_timeline(self) -> None:
        self._export(self.timeline, "foreshadowing-timeline")

    def _export_stats(self) -> None:
        self._export(self.stats, "writing-stats")
