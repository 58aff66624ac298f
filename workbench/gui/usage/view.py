"""喂入 ▸ 用量: the book's total and its calls by chapter, agent, day or model, read from
`.workbench/usage.jsonl` each time the view is shown or a call is recorded."""

from __future__ import annotations

from PySide6.QtCore import QEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTabBar,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from workbench.book.project import Project
from workbench.calls.report import GROUPINGS, money, share_text, usage_data
from workbench.calls.usage import read_usage, usage_path
from workbench.gui.usage.model import Column, UsageTableModel


class UsageView(QDialog):
    """What the calls of one book used and cost; it only reads."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("usageView")
        self.project: Project | None = None
        self.data: dict = usage_data([])
        self.problems: list[str] = []
        self.model = UsageTableModel(self)
        self.total = QLabel(self)
        self.total.setObjectName("usageTotal")
        self.total.setWordWrap(True)
        self.total.setStyleSheet("font-weight: bold;")
        self.groupings = QTabBar(self)
        self.groupings.setObjectName("usageGroupings")
        for _ in GROUPINGS:
            self.groupings.addTab("")
        self.table = QTableView(self)
        self.table.setObjectName("usageTable")
        self.table.setModel(self.model)
        self.table.verticalHeader().hide()
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(Column.KEY, QHeaderView.ResizeMode.Stretch)
        self.problem_label = QLabel(self)
        self.problem_label.setObjectName("usageProblems")
        self.problem_label.setWordWrap(True)
        self.problem_label.setStyleSheet("color: #b3261e;")
        self.note = QLabel(self)
        self.note.setWordWrap(True)
        self.refresh_button = QPushButton(self)
        self.refresh_button.setObjectName("usageRefreshButton")
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close, self)
        buttons.rejected.connect(self.close)
        bottom = QHBoxLayout()
        bottom.addWidget(self.note, 1)
        bottom.addWidget(self.refresh_button)
        bottom.addWidget(buttons)
        layout = QVBoxLayout(self)
        layout.addWidget(self.total)
        layout.addWidget(self.groupings)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.problem_label)
        layout.addLayout(bottom)
        self.groupings.currentChanged.connect(self._show_grouping)
        self.refresh_button.clicked.connect(self.reload)
        self.resize(980, 460)
        self.retranslate()

    def retranslate(self) -> None:
        """Set the texts in the current language."""
        self.setWindowTitle(self.tr("Usage"))
        names = {
            "chapter": self.tr("By chapter"),
            "agent": self.tr("By agent"),
            "day": self.tr("By day"),
            "model": self.tr("By model"),
        }
        for index, grouping in enumerate(GROUPINGS):
            self.groupings.setTabText(index, names[grouping])
        self.refresh_button.setText(self.tr("Refresh"))
        self.note.setText(
            self.tr(
                "Tokens as the model servers reported them; * marks calls the server reported "
                "nothing for, counted by Workbench. Prices per million tokens are set per model "
                "profile in Settings."
            )
        )
        self._show()

    def changeEvent(self, event: QEvent) -> None:
        """Retranslate when the UI language changes."""
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def set_project(self, project: Project | None) -> None:
        """Show this book's calls (none: an empty view)."""
        self.project = project
        self.reload()

    def open_for(self, project: Project | None) -> UsageView:
        """Show this book's calls in front (Feed ▸ Usage)."""
        self.set_project(project)
        self.show()
        self.raise_()
        return self

    def reload(self, *_args: object) -> None:
        """Read usage.jsonl again (a call was recorded, or the author asked)."""
        records, self.problems = read_usage(self.project) if self.project else ([], [])
        self.data = usage_data(records)
        self._show()

    def grouping(self) -> str:
        """The grouping shown."""
        return GROUPINGS[max(self.groupings.currentIndex(), 0)]

    def _show_grouping(self, _index: int) -> None:
        self._show()

    def _show(self) -> None:
        grouping = self.grouping()
        self.model.set_rows(grouping, self.data["by"][grouping])
        total = self.data["total"]
        if not total["calls"]:
            where = usage_path(self.project) if self.project else ""
            self.total.setText(
                self.tr("No model calls recorded yet (%1).").replace("%1", str(where))
            )
        else:
            self.total.setText(
                self.tr(
                    "Whole book: %1 calls · %2 prompt tokens (cache hit %3) · %4 output tokens "
                    "(thinking %5) · %6"
                )
                .replace("%1", str(total["calls"]))
                .replace("%2", f"{total['prompt_tokens']:,}")
                .replace("%3", share_text(total["cache_hit_share"]))
                .replace("%4", f"{total['completion_tokens']:,}")
                .replace("%5", f"{total['reasoning_tokens']:,}")
                .replace("%6", money(total["cost"], total["unpriced_calls"]))
            )
        self.problem_label.setText("\n".join(self.problems))
        self.problem_label.setVisible(bool(self.problems))

    def showEvent(self, event) -> None:  # type: ignore[no-untyped-def]
        """Always current when opened."""
        self.reload()
        super().showEvent(event)
