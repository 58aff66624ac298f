"""The top of the context panel under the pickers: the feed's totals as bars and the
checklist (本次实际喂入的上下文清单) as ✓/✗ lines."""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt
from PySide6.QtWidgets import QGridLayout, QLabel, QWidget

from workbench.feed import Feed, Status
from workbench.feed.model import ChecklistItem
from workbench.gui.checklist_labels import checklist_label
from workbench.gui.context.bars import AMBER, RED, WARN_AT, TotalsBar
from workbench.gui.context.model import STATUS_COLOURS
from workbench.gui.engine_words import engine_reasons, engine_texts


class FeedSummary(QWidget):
    """字 against the budget, tokens against the usable window, and the checklist."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.feed: Feed | None = None
        self._columns = 0
        self.zi_label = QLabel(self)
        self.zi_label.setObjectName("contextZiTotal")
        self.zi_bar = TotalsBar("contextZiBar", self)
        self.token_label = QLabel(self)
        self.token_label.setObjectName("contextTokenTotal")
        self.token_bar = TotalsBar("contextTokenBar", self)
        self.verdict = QLabel(self)
        self.verdict.setObjectName("contextVerdict")
        self.verdict.setWordWrap(True)
        self.checklist = QWidget(self)
        self.checklist.setObjectName("contextChecklist")
        self.lines = QGridLayout(self.checklist)
        self.lines.setContentsMargins(0, 0, 0, 0)
        self.lines.setSpacing(1)
        grid = QGridLayout(self)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setVerticalSpacing(3)
        grid.addWidget(self.zi_label, 0, 0)
        grid.addWidget(self.zi_bar, 1, 0)
        grid.addWidget(self.token_label, 2, 0)
        grid.addWidget(self.token_bar, 3, 0)
        grid.addWidget(self.checklist, 4, 0)
        grid.addWidget(self.verdict, 5, 0)

    def set_feed(self, feed: Feed | None) -> None:
        """Show this feed's totals and checklist."""
        self.feed = feed
        self.refresh()

    def refresh(self) -> None:
        """Redraw from the current feed in the current language."""
        feed = self.feed
        if feed is None:
            self.zi_label.setText(self.tr("No feed yet"))
            self.token_label.clear()
            self.zi_bar.set_values(0, 0)
            self.token_bar.set_values(0, 0)
            self._fill_checklist([])
            self.verdict.clear()
            return
        totals = feed.totals()["all"]
        self.zi_bar.set_values(totals["chars"], feed.budget)
        self.zi_label.setText(
            self.tr("Feed %1 of %2 zi budget (%3)")
            .replace("%1", f"{totals['chars']:,}")
            .replace("%2", f"{feed.budget:,}")
            .replace("%3", _percent(self.zi_bar.fraction()))
        )
        profile = feed.profile
        self.token_bar.set_values(totals["tokens"], profile.input_budget)
        self.token_label.setText(
            self.tr("%1 of %2 tokens usable (%3)")
            .replace("%1", f"{totals['tokens']:,}")
            .replace("%2", f"{profile.input_budget:,}")
            .replace("%3", _percent(self.token_bar.fraction()))
        )
        window = (
            self.tr("%1: window %2 tokens minus %3 reserved for the reply")
            .replace("%1", profile.label)
            .replace("%2", f"{profile.context_window:,}")
            .replace("%3", f"{profile.reply_reserve:,}")
        )
        tokenizer = self.tr("Tokenizer: %1").replace("%1", feed.tokenizer)
        if feed.tokenizer_note:
            tokenizer += " — " + feed.tokenizer_note
        self.token_label.setToolTip(window + "\n" + tokenizer)
        for label, bar in ((self.zi_label, self.zi_bar), (self.token_label, self.token_bar)):
            fraction = bar.fraction()
            colour = RED if fraction > 1 else AMBER.darker(140) if fraction > WARN_AT else None
            label.setStyleSheet(f"color: {colour.name()};" if colour else "")
        self._fill_checklist(feed.checklist.items)
        if feed.ready:
            self.verdict.setText(self.tr("Context ready"))
            self.verdict.setStyleSheet(f"color: {STATUS_COLOURS[Status.COMPLETE].name()};")
        else:
            self.verdict.setText(self.tr("Context not ready: do not call the writing agent yet"))
            self.verdict.setStyleSheet(
                f"color: {STATUS_COLOURS[Status.MISSING].name()}; font-weight: bold;"
            )

    def checklist_lines(self) -> list[str]:
        """The checklist as shown, one string per line."""
        return [
            self.lines.itemAt(i).widget().text()
            for i in range(self.lines.count())
            if isinstance(self.lines.itemAt(i).widget(), QLabel)
        ]

    def _fill_checklist(self, items: list[ChecklistItem]) -> None:
        # All well: the short lines in two columns; anything missing: one line each, in full.
        columns = 2 if all(item.ok for item in items) else 1
        labels = [self.lines.itemAt(i).widget() for i in range(self.lines.count())]
        if len(labels) != len(items) or columns != self._columns:
            while self.lines.count():
                widget = self.lines.takeAt(0).widget()
                if widget is not None:
                    widget.deleteLater()
            labels = []
            for number in range(len(items)):
                line = QLabel(self.checklist)
                line.setTextFormat(Qt.TextFormat.PlainText)
                line.setWordWrap(True)
                self.lines.addWidget(line, number // columns, number % columns)
                labels.append(line)
            self._columns = columns
        for line, item in zip(labels, items, strict=True):
            line.setText(self._line_text(item))
            line.setToolTip(self._tooltip(item))
            if item.applicable:
                status = {"✓": Status.COMPLETE, "⚠": Status.TRIMMED}.get(item.mark, Status.MISSING)
                line.setStyleSheet(f"color: {STATUS_COLOURS[status].name()};")
            else:
                line.setStyleSheet("color: #757575;")

    def _line_text(self, item: ChecklistItem) -> str:
        label = checklist_label(item)
        if not item.applicable:
            return f"— {label} " + self.tr("(not needed by this agent)")
        text = f"{item.mark} {label}"
        if item.missing:
            missing = engine_reasons(item.missing)
            text += self.tr(" — missing: %1").replace("%1", missing)
        if item.stale:
            stale = self.tr(", ", "between stale sources").join(engine_texts(item.stale))
            text += self.tr(" — stale: %1").replace("%1", stale)
        if item.partly:
            partly = engine_reasons(item.partly)
            text += self.tr(" — partly template: %1").replace("%1", partly)
        return text

    def _tooltip(self, item: ChecklistItem) -> str:
        """The line, then what the author should know and the steps that fix it."""
        lines = [self._line_text(item)]
        if item.applicable and item.notes:
            lines.append(self.tr("Note: %1").replace("%1", engine_reasons(item.notes)))
        if item.applicable and item.fix:
            lines.append(self.tr("Fix: %1").replace("%1", engine_reasons(item.fix)))
        return "\n".join(lines)

    def changeEvent(self, event: QEvent) -> None:
        """Retranslate when the UI language changes."""
        if event.type() == QEvent.Type.LanguageChange:
            self.refresh()
        super().changeEvent(event)


def _percent(fraction: float) -> str:
    return f"{fraction * 100:.0f}%"
