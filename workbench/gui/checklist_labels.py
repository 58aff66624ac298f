"""The checklist's line names in the UI language (the engine writes them in Chinese, as the
seeds do, for the feed itself and the CLI)."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from workbench.feed.model import ChecklistItem


def checklist_label(item: ChecklistItem) -> str:
    """A checklist line's name, by its key (the engine's label for a key it does not know)."""
    names = {
        "fixed": QCoreApplication.translate("ChecklistLabels", "Fixed layer complete"),
        "rolling": QCoreApplication.translate("ChecklistLabels", "Rolling layer complete"),
        "on_demand": QCoreApplication.translate("ChecklistLabels", "On-demand layer complete"),
        "style_anchor": QCoreApplication.translate(
            "ChecklistLabels", "Style anchor attached in full"
        ),
        "task": QCoreApplication.translate("ChecklistLabels", "Task material complete"),
        "pins": QCoreApplication.translate("ChecklistLabels", "Pinned content complete"),
    }
    return names.get(item.key, item.label)
