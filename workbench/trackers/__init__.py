"""Foreshadowing (plot-tracker.md) and relationship (relationship-tracker.md) trackers, and
the tracker kinds a project declares (trackers/kinds.py): parsed from Markdown tables,
queried, edited and written back byte for byte.

The names below load with the submodule that holds them, when first asked for: the window
imports the trackers' cache at start, and its first paint parses no tracker (issue #28).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from workbench.lazy_exports import lazy_exports

if TYPE_CHECKING:
    from workbench.trackers.cast import Cast, Character, Scanner, load_cast
    from workbench.trackers.columns import Status
    from workbench.trackers.document import TrackerDocument, load_documents
    from workbench.trackers.errors import TrackerEditError, TrackerParseError
    from workbench.trackers.kinds import FORESHADOWING, RELATIONSHIP, TrackerKind, project_kinds
    from workbench.trackers.model import Foreshadowing, RelationshipChange, Trackers
    from workbench.trackers.relevance import RelevantItem, load_trackers, relevant_for

_SUBMODULE = {
    "Cast": "cast",
    "Character": "cast",
    "Scanner": "cast",
    "load_cast": "cast",
    "Status": "columns",
    "TrackerDocument": "document",
    "load_documents": "document",
    "TrackerEditError": "errors",
    "TrackerParseError": "errors",
    "FORESHADOWING": "kinds",
    "RELATIONSHIP": "kinds",
    "TrackerKind": "kinds",
    "project_kinds": "kinds",
    "Foreshadowing": "model",
    "RelationshipChange": "model",
    "Trackers": "model",
    "RelevantItem": "relevance",
    "load_trackers": "relevance",
    "relevant_for": "relevance",
}


__getattr__ = lazy_exports(__name__, _SUBMODULE)


__all__ = [
    "FORESHADOWING",
    "RELATIONSHIP",
    "Cast",
    "Character",
    "Foreshadowing",
    "RelationshipChange",
    "RelevantItem",
    "Scanner",
    "Status",
    "TrackerDocument",
    "TrackerEditError",
    "TrackerKind",
    "TrackerParseError",
    "Trackers",
    "load_cast",
    "load_documents",
    "load_trackers",
    "project_kinds",
    "relevant_for",
]
