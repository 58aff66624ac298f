"""The trackers as JSON (pydantic models at the edge, for the CLI and other programs)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

SCHEMA_VERSION = 1


class ForeshadowingOut(BaseModel):
    """One foreshadowing entry."""

    model_config = ConfigDict(from_attributes=True)

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
    # With --chapter N: the entry's state there (overdue / due / open / resolved / abandoned /
    # not_planted) and, for open entries, the last chapter naming it and whether it is 沉寂.
    state: str | None = None
    last_seen: int | None = None
    dormant: bool | None = None


class RelationshipOut(BaseModel):
    """One relationship change."""

    model_config = ConfigDict(from_attributes=True)

    chapter: int
    a: str
    b: str
    relation: str
    change: str
    note: str
    source: str
    line: int
    extra: dict[str, str]


class RelevantOut(BaseModel):
    """One item relevant to a chapter, with its reasons."""

    model_config = ConfigDict(from_attributes=True)

    kind: str
    key: str
    text: str
    chapter: int
    reasons: list[str]
    tier: str
    mentions: int
    source: str
    line: int


class TrackedOut(BaseModel):
    """One row of a tracker kind the project declared (keyed by its kind in TrackersOut)."""

    model_config = ConfigDict(from_attributes=True)

    name: str
    keywords: list[str]
    planted: int | None
    changed: int | None
    cells: dict[str, str]  # every cell by its header, in column order
    source: str
    line: int


class TrackersOut(BaseModel):
    """What `workbench trackers --format json` prints."""

    schema_version: int = SCHEMA_VERSION
    chapter: int | None = None
    mode: str  # "all" | "relevant" | "overdue"
    foreshadowing: list[ForeshadowingOut] = []
    relationships: list[RelationshipOut] = []
    relevant: list[RelevantOut] = []
    # The rows of each declared kind, by its key (left out when the project declares none).
    tracked: dict[str, list[TrackedOut]] = {}

    def to_json(self) -> str:
        """The JSON the command prints."""
        return self.model_dump_json(indent=2, exclude=None if self.tracked else {"tracked"})
