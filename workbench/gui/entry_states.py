"""A foreshadowing entry's state at a chapter in the UI language: the ledger's notes and filter
and the 全书 timeline's tooltip say it in the same words."""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication

from workbench.trackers.ledger import EntryState

CONTEXT = "EntryStates"
LABELS = {
    EntryState.OVERDUE: QT_TRANSLATE_NOOP("EntryStates", "overdue"),
    EntryState.DUE: QT_TRANSLATE_NOOP("EntryStates", "due soon"),
    EntryState.OPEN: QT_TRANSLATE_NOOP("EntryStates", "open"),
    EntryState.RESOLVED: QT_TRANSLATE_NOOP("EntryStates", "resolved"),
    EntryState.ABANDONED: QT_TRANSLATE_NOOP("EntryStates", "abandoned"),
    EntryState.NOT_PLANTED: QT_TRANSLATE_NOOP("EntryStates", "not planted yet"),
}


def entry_state_label(state: EntryState) -> str:
    """`state` as the author reads it."""
    return QCoreApplication.translate(CONTEXT, LABELS[state])
