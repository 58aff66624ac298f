"""The trackers as JSON (pydantic models at the edge, for the CLI and other programs)."""

from __future__ import annotations

from pydantic import BaseModel

from workbench.trackers.model import Foreshadowing, RelationshipChange
from workbench.trackers.relevance import RelevantItem

SCHEMA_VERSION = 1


class ForeshadowingOut(BaseModel):
    """One foreshadowing entry."""

    id: str
    content: str
    planted: int | None
    payoff: int | None
    status: str
    resolved_at: int | None
    tier: str
    characters: list[str]
    keywords: list[str]
    source: str
    line: int
    extra: dict[str, str]

    @classmethod
    def of(cls, entry: Foreshadowing) -> ForeshadowingOut:
        """From the model."""
        return cls(
            id=entry.id,
            content=entry.content,
            planted=entry.planted,
            payoff=entry.payoff,
            status=str(entry.status),
            resolved_at=entry.resolved_at,
            tier=entry.tier,
            characters=list(entry.characters),
            keywords=list(entry.keywords),
            source=entry.source,
            line=entry.line,
            extra=dict(entry.extra),
        )


class RelationshipOut(BaseModel):
    """One relationship change."""

    chapter: int
    a: str
    b: str
    relation: str
    change: str
    note: str
    source: str
    line: int
    extra: dict[str, str]

    @classmethod
    def of(cls, row: RelationshipChange) -> RelationshipOut:
        """From the model."""
        return cls(
            chapter=row.chapter,
            a=row.a,
            b=row.b,
            relation=row.relation,
            change=row.change,
            note=row.note,
            source=row.source,
            line=row.line,
            extra=dict(row.extra),
        )


class RelevantOut(BaseModel):
    """One item relevant to a chapter, with its reasons."""

    kind: str
    key: str
    text: str
    chapter: int
    reasons: list[str]
    tier: str
    mentions: int
    source: str
    line: int

    @classmethod
    def of(cls, item: RelevantItem) -> RelevantOut:
        """From the relevance result."""
        return cls(
            kind=item.kind,
            key=item.key,
            text=item.text,
            chapter=item.chapter,
            reasons=list(item.reasons),
            tier=item.tier,
            mentions=item.mentions,
            source=item.source,
            line=item.line,
        )


class TrackersOut(BaseModel):
    """What `workbench trackers --format json` prints."""

    schema_version: int = SCHEMA_VERSION
    chapter: int | None = None
    mode: str  # "all" | "relevant" | "overdue"
    foreshadowing: list[ForeshadowingOut] = []
    relationships: list[RelationshipOut] = []
    relevant: list[RelevantOut] = []
