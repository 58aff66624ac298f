"""Foreshadowing (plot-tracker.md) and relationship (relationship-tracker.md) trackers, and
the tracker kinds a project declares (trackers/kinds.py): parsed from Markdown tables,
queried, edited and written back byte for byte."""

from workbench.trackers.cast import Cast, Character, Scanner, load_cast
from workbench.trackers.columns import Status
from workbench.trackers.document import TrackerDocument, load_documents
from workbench.trackers.errors import TrackerEditError, TrackerParseError
from workbench.trackers.kinds import FORESHADOWING, RELATIONSHIP, TrackerKind, project_kinds
from workbench.trackers.model import Foreshadowing, RelationshipChange, Trackers
from workbench.trackers.relevance import RelevantItem, load_trackers, relevant_for

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
