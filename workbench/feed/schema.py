"""The JSON Schema of a feed (`workbench feed --schema`): pydantic models of what
`feed_json(feed)` writes, kept out of the feed's own path (importing pydantic and building these
models was ≈ 0.15 s of a one-shot `workbench feed`). The tests check that every JSON feed
validates against them and dumps back to the same bytes."""

from __future__ import annotations

from pydantic import BaseModel

from workbench.feed.render import SCHEMA_VERSION


class ChecklistItemModel(BaseModel):
    """One checklist line."""

    key: str
    label: str
    applicable: bool
    ok: bool
    missing: list[str]
    stale: list[str]
    notes: list[str]
    fix: list[str]


class ItemModel(BaseModel):
    """One entry of a list block (its text is in the block's text)."""

    key: str
    chapter: int | None
    pinned: bool
    score: dict[str, float] | None


class BlockModel(BaseModel):
    """One block."""

    id: str
    layer: str
    kind: str
    title: str
    group: str | None
    source: str
    section: str
    chars: int
    tokens: int
    cap: int | None
    status: str
    reason: str
    notes: list[str]
    stale: list[str]
    required: bool
    pinned: bool
    items: list[ItemModel]
    score: dict[str, float] | None
    text: str


class CountModel(BaseModel):
    """字 and tokens."""

    chars: int
    tokens: int


class GroupModel(BaseModel):
    """A budget group's numbers."""

    share: float
    base: int
    demand: int
    allotted: int
    used: int


class LedgerModel(BaseModel):
    """One budget decision."""

    block: str
    action: str
    detail: str


class TokenizerModel(BaseModel):
    """Which profile the feed is measured with, which tokenizer counted, and whether the
    counts are exact (the profile's own tokenizer) or a fallback's (then `note` says why)."""

    profile: str
    name: str
    requested: str
    exact: bool
    note: str


class ContextModel(BaseModel):
    """The profile's window, the reserve kept for the reply, and what is left for the feed."""

    window: int
    reply_reserve: int
    available: int


class TaskModel(BaseModel):
    """The agent's task for this chapter (after the material), and the file it came from."""

    text: str
    source: str


class FeedModel(BaseModel):
    """A feed, machine-readable."""

    schema_version: int = SCHEMA_VERSION
    agent: str
    chapter: int
    template: str
    template_source: str
    stage: str
    budget: int
    ready: bool
    window: list[int]
    tokenizer: TokenizerModel
    context: ContextModel
    checklist: list[ChecklistItemModel]
    blocks: list[BlockModel]
    totals: dict[str, CountModel]
    groups: dict[str, GroupModel]
    ledger: list[LedgerModel]
    notes: list[str]
    task: TaskModel


def feed_schema() -> dict:
    """The JSON Schema of `feed_json(feed)`."""
    return FeedModel.model_json_schema()
