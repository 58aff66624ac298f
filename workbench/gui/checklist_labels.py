"""The checklist's line names in the UI language (the engine writes them in Chinese, as the
seeds do, for the feed itself and the CLI): said by their reason codes, as a failed summary
job says them (gui/engine_words.py)."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from workbench.feed.model import ChecklistItem
from workbench.gui.engine_words import engine_text


def checklist_label(item: ChecklistItem) -> str:
    """A checklist line's name; the style anchor's by what it is, not by its path, as the
    checklists have always named it."""
    if item.key == "style_anchor":
        return QCoreApplication.translate("ChecklistLabels", "Style anchor attached in full")
    return engine_text(item.label)
