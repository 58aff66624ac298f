"""Pending proposals the book has outgrown since they were made: the name is in the cast now,
the alias names someone already, the entry is no longer open, the relationship tracker already
records the pair's relation — because the author wrote it by hand, or accepted the same change
proposed for another range.

They are left out of review rather than offered: accepting one would be refused anyway, and
would sink an "accept all of this kind" with it. They are never marked in the queue either —
the queue changes only by the author's decisions — so a proposal whose cause is undone (the
section deleted again) is offered again.
"""

from __future__ import annotations

import logging

from workbench.book.project import Project
from workbench.errors import WorkbenchError
from workbench.trackers.cast import Cast, load_cast
from workbench.trackers.columns import Status
from workbench.trackers.model import Trackers
from workbench.trackers.relevance import load_trackers
from workbench.upkeep.proposals import Kind, Proposal

log = logging.getLogger(__name__)


def outgrown(project: Project, proposals: list[Proposal]) -> dict[str, str]:
    """The ids of the proposals that no longer apply to the book as it stands, each with
    why. A cast or tracker that cannot be read hides nothing: accepting then says what is
    wrong with the file."""
    cast: Cast | None = None
    trackers: Trackers | None = None
    try:
        cast = load_cast(project)
    except (OSError, WorkbenchError) as error:
        log.info("upkeep review: cast not read (%s)", error)
    try:
        trackers = load_trackers(project)
    except (OSError, WorkbenchError) as error:
        log.info("upkeep review: trackers not read (%s)", error)
    found: dict[str, str] = {}
    for proposal in proposals:
        why = _why_outgrown(proposal, cast, trackers)
        if why:
            found[proposal.id] = why
    return found


def _why_outgrown(proposal: Proposal, cast: Cast | None, trackers: Trackers | None) -> str:
    values = proposal.fields
    if cast is not None and proposal.kind is Kind.CHARACTER:
        name = str(values.get("name", "")).strip()
        if name in cast.forms():
            return f"{name} is in the cast now (as {cast.forms()[name]})"
    if cast is not None and proposal.kind is Kind.ALIAS:
        alias = str(values.get("alias", "")).strip()
        if alias in cast.forms():
            return f"{alias} already names {cast.forms()[alias]}"
    if trackers is None:
        return ""
    if proposal.kind in (Kind.PAID, Kind.SIGHTING):
        entry = next((e for e in trackers.foreshadowing if e.id == values.get("entry")), None)
        if entry is None:
            return f"the ledger has no entry {values.get('entry')} now"
        if entry.status is not Status.OPEN:
            return f"{entry.id} is {entry.status} now"
    if proposal.kind is Kind.RELATIONSHIP:
        canonical = cast.canonical if cast is not None else str
        a, b = str(values.get("a", "")), str(values.get("b", ""))
        before = trackers.pair_state(a, b, proposal.chapter, canonical)
        if before is not None and before.relation == values.get("relation"):
            return f"the relationship tracker records {a}—{b} {before.relation} already"
    return ""
