"""Foreshadowing (plot-tracker.md) and relationship (relationship-tracker.md) trackers:
parsed from Markdown tables, queried, edited and written back byte for byte."""

from workbench.trackers.cast import Cast, Character, Scanner, load_cast
from workbench.trackers.columns import FORESHADOWING, RELATIONSHIP, Status
from workbench.trackers.document import TrackerDocument, load_documents
from workbench.trackers.errors import TrackerEditError, TrackerParseError
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
    "TrackerParseError",
    "Trackers",
    "load_cast",
    "load_documents",
    "load_trackers",
    "relevant_for",
]
