"""A feed as Markdown (what an agent is given) and as JSON (a pydantic model, versioned)."""

from __future__ import annotations

from pydantic import BaseModel

from workbench.feed.model import Feed, Status

SCHEMA_VERSION = 1
STATUS_LABELS = {
    Status.COMPLETE: "完整",
    Status.TRIMMED: "已截断",
    Status.DROPPED: "已删去",
    Status.MISSING: "缺失",
}
TEMPLATE_SOURCES = {"option": "命令行指定", "plan": "本章规划", "default": "默认"}


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


def feed_model(feed: Feed) -> FeedModel:
    """The pydantic model of a feed."""
    return FeedModel(
        agent=feed.agent,
        chapter=feed.chapter,
        template=feed.template,
        template_source=feed.template_source,
        stage=feed.stage,
        budget=feed.budget,
        ready=feed.ready,
        window=feed.window,
        tokenizer=TokenizerModel(
            profile=feed.profile.name,
            name=feed.tokenizer,
            requested=feed.profile.tokenizer,
            exact=feed.tokens_exact,
            note=feed.tokenizer_note,
        ),
        context=ContextModel(
            window=feed.profile.context_window,
            reply_reserve=feed.profile.reply_reserve,
            available=feed.profile.input_budget,
        ),
        checklist=[ChecklistItemModel(**vars(item)) for item in feed.checklist.items],
        blocks=[
            BlockModel(
                id=b.id,
                layer=b.layer.value,
                kind=b.kind,
                title=b.title,
                group=b.group.value if b.group else None,
                source=b.source,
                section=b.section,
                chars=b.chars,
                tokens=b.tokens,
                cap=b.cap,
                status=b.status.value,
                reason=b.reason,
                notes=b.notes,
                stale=b.stale,
                required=b.required,
                pinned=b.pinned,
                items=[
                    ItemModel(key=i.key, chapter=i.chapter, pinned=i.pinned, score=i.score)
                    for i in b.items
                ],
                score=b.score,
                text=b.text,
            )
            for b in feed.blocks
        ],
        totals={name: CountModel(**counts) for name, counts in feed.totals().items()},
        groups={group.value: GroupModel(**vars(numbers)) for group, numbers in feed.groups.items()},
        ledger=[LedgerModel(**vars(entry)) for entry in feed.ledger.entries],
        notes=feed.notes,
    )


def _window_line(feed: Feed, tokens: int) -> str:
    profile = feed.profile
    share = tokens / profile.input_budget if profile.input_budget else 0.0
    return (
        f"{profile.context_window:,} − 回复预留 {profile.reply_reserve:,} = 可用 "
        f"{profile.input_budget:,} tokens，本次占 {share:.1%}"
    )


def feed_schema() -> dict:
    """The JSON Schema of `Feed.to_json()`."""
    return FeedModel.model_json_schema()


def feed_markdown(feed: Feed, *, debug_scores: bool = False) -> str:
    """Checklist first, then each block under a heading naming its layer and source."""
    totals = feed.totals()["all"]
    weights = " / ".join(
        f"{group.value} {numbers.share:.2f}" for group, numbers in feed.groups.items()
    )
    lines = [
        f"# 上下文喂入 · {feed.agent} · 第{feed.chapter}章",
        "",
        f"- 章节类型：{feed.template}（{TEMPLATE_SOURCES[feed.template_source]}）"
        f" · 阶段：{feed.stage} · 预算：{feed.budget} 字（{weights}）",
        f"- 合计：{totals['chars']} 字 · {totals['tokens']} tokens"
        f"（{feed.profile.label} · {feed.tokenizer}{'' if feed.tokens_exact else '，近似'}）",
        f"- 上下文窗口：{_window_line(feed, totals['tokens'])}",
    ]
    if feed.tokenizer_note:
        lines.append(f"- 注意：{feed.tokenizer_note}")
    lines += [f"- 注意：{note}" for note in feed.notes]
    lines += ["", feed.checklist.to_markdown()]
    for block in feed.blocks:
        lines += ["", f"## {block.heading}", ""]
        if block.status is not Status.COMPLETE:
            lines += [f"> {STATUS_LABELS[block.status]}：{block.reason}", ""]
        if block.notes:
            lines += [*(f"> 注意：{note}" for note in block.notes), ""]
        if block.text:
            lines.append(block.text)
    if debug_scores:
        lines += ["", "## 排序得分（调试）", ""]
        for block in feed.blocks:
            if block.score:
                lines.append(f"- {block.id}：{_parts(block.score)}")
            lines += [f"  - {i.key}：{_parts(i.score)}" for i in block.items if i.score]
    lines += ["", "## 预算记录", ""]
    lines += [f"- {e.block} · {e.action}：{e.detail}" for e in feed.ledger.entries]
    return "\n".join(lines).rstrip("\n") + "\n"


def _parts(score: dict[str, float]) -> str:
    return " ".join(f"{name}={value:g}" for name, value in score.items())
