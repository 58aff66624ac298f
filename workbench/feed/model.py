"""What a feed is: ordered blocks in layers, the checklist that opens it, and the ledger.

Character counts (`chars`) are 字 as `count_zi` counts them — the rule the rolling-summary
and fixed-context caps are checked with — so a 2200-字 summary always fits its 2200-字 cap.
Caps and budgets are in the same unit.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from functools import lru_cache

from workbench.book.counting import count_zi
from workbench.models.profiles import ModelProfile


class Layer(StrEnum):
    """The seeds' three layers, plus the task blocks that belong to none of them."""

    FIXED = "fixed"
    ROLLING = "rolling"
    ON_DEMAND = "on_demand"
    TASK = "task"

    @property
    def label(self) -> str:
        """The layer's name as the seeds write it."""
        return {"fixed": "固定层", "rolling": "滚动层", "on_demand": "按需层", "task": "任务"}[
            self.value
        ]


class Group(StrEnum):
    """Budget groups (webnovel-writer's): core = rolling + plan, scene = on-demand, global."""

    CORE = "core"
    SCENE = "scene"
    GLOBAL = "global"


class Status(StrEnum):
    """What became of a block."""

    COMPLETE = "complete"
    TRIMMED = "trimmed"
    DROPPED = "dropped"
    MISSING = "missing"


@lru_cache(maxsize=4096)
def zi(text: str) -> int:
    """字 in a text (memoised: the same texts are counted on every feed)."""
    return count_zi(text)


@dataclass
class Item:
    """One entry of a list block (a foreshadowing row, a relationship, a skeleton excerpt)."""

    key: str
    text: str
    chapter: int | None = None
    mentions: int = 0
    doubtful: bool = False
    severity: str | None = None  # set when the entry is an alert (e.g. overdue)
    pinned: bool = False
    weak: bool = False  # weakly relevant (弱相关): after the strong entries, dropped first
    score: dict[str, float] | None = None
    reasons: tuple[str, ...] = ()  # why it is relevant (逾期 / 临近回收 / 点名：…)


@dataclass
class Block:
    """One block of a feed, before and after the budget is applied."""

    id: str
    layer: Layer
    kind: str
    title: str
    source: str  # project-relative path ("" when the block has no file)
    section: str = ""
    text: str = ""
    cap: int | None = None
    group: Group | None = None  # None: outside the groups (style anchor, pins), never dropped
    status: Status = Status.COMPLETE
    reason: str = ""
    required: bool = False
    pinned: bool = False
    chapter: int | None = None  # for recency
    covers: tuple[int, int] | None = None  # a rolling-summary section's chapters (first, last)
    fix: str = ""  # the one step that makes a missing block present (or answers its notes)
    fix_path: str = ""  # the file that step is to write, when it is one the author writes
    notes: list[str] = field(default_factory=list)  # what the author should know (已过期 …)
    stale: list[str] = field(default_factory=list)  # sources changed since it was made
    # A present rolling summary older than the chapter needs: the chapters still missing
    # ("Ch56-95"), so it never reads as complete when the layer is not.
    behind: str = ""
    empty: bool = False  # an on-demand block in which nothing was relevant to the chapter
    items: list[Item] = field(default_factory=list)
    item_prefix: str = ""  # text before the items of a list block
    score: dict[str, float] | None = None
    chars: int = 0
    tokens: int = 0

    def __post_init__(self) -> None:
        if self.items:
            self.text = self.render_items()
        self.text = self.text.strip("\n")
        self.chars = zi(self.text)

    @property
    def present(self) -> bool:
        """Whether any of the block's text is in the feed."""
        return self.status in (Status.COMPLETE, Status.TRIMMED)

    @property
    def heading(self) -> str:
        """`固定层 · 世界观摘要（references/fixed-context.md）`"""
        where = self.source + (f"#{self.section}" if self.section else "")
        return f"{self.layer.label} · {self.title}" + (f"（{where}）" if where else "")

    def render_items(self) -> str:
        """The text of a list block from its current items."""
        lines = [self.item_prefix] if self.item_prefix else []
        return "\n".join(lines + [item.text for item in self.items])

    def set_text(self, text: str, status: Status, reason: str) -> None:
        """Replace the text (blank edges removed: they are not part of what is sent)."""
        self.text = text.strip("\n")
        self.chars = zi(text)
        self.status = status
        self.reason = reason

    def drop(self, reason: str) -> None:
        """Take the block out of the feed, keeping it listed with the reason."""
        self.items = []
        self.set_text("", Status.DROPPED, reason)


@dataclass
class ChecklistItem:
    """One line of 本次实际喂入的上下文清单."""

    key: str
    label: str
    applicable: bool
    ok: bool
    missing: list[str] = field(default_factory=list)
    stale: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    fix: list[str] = field(default_factory=list)
    partly: list[str] = field(default_factory=list)  # blocks whose source is partly template

    @property
    def mark(self) -> str:
        """✓ only when nothing is missing, stale or partly template; ⚠ when something is."""
        if not self.ok:
            return "✗"
        return "⚠" if self.stale or self.partly else "✓"

    def line(self) -> str:
        """The item as one Markdown list line."""
        if not self.applicable:
            return f"- — {self.label}：本 Agent 不需要"
        parts = [f"- {self.mark} {self.label}"]
        if self.missing:
            parts.append("缺少：" + "；".join(self.missing))
        if self.stale:
            parts.append("已过期（来源已修改：" + "、".join(self.stale) + "）")
        if self.partly:
            parts.append("部分仍为模板（" + "；".join(self.partly) + "）")
        if self.notes:
            parts.append("注意：" + "；".join(self.notes))
        if self.fix:
            parts.append("补救：" + "；".join(_fix_step(step) for step in self.fix))
        return " — ".join(parts)


def _fix_step(step: str) -> str:
    """A command to run is shown as code; an instruction to the author as plain text."""
    return f"`{step}`" if step.startswith("workbench ") else step


@dataclass
class Checklist:
    """The seed's checklist: fixed, rolling, on-demand, style anchor — and the task material."""

    items: list[ChecklistItem]

    @property
    def ready(self) -> bool:
        """A feed is ready when every applicable item is ✓ (stale is flagged, not blocking)."""
        return all(item.ok for item in self.items if item.applicable)

    def to_markdown(self) -> str:
        """The checklist as a Markdown list under its seed title."""
        verdict = "上下文准备完成" if self.ready else "上下文准备未完成，不得调用写作 Agent"
        lines = ["## 本次实际喂入的上下文清单", ""]
        lines += [item.line() for item in self.items]
        return "\n".join([*lines, "", f"**{verdict}**"])


@dataclass(frozen=True)
class LedgerEntry:
    """One budget decision: which block, what was done, and why."""

    block: str
    action: str  # allot / reserve / cap / keep / trim / drop / skip
    detail: str


@dataclass
class Ledger:
    """Every decision made while fitting the feed to its budget, in order."""

    entries: list[LedgerEntry] = field(default_factory=list)

    def add(self, block: str, action: str, detail: str) -> None:
        """Record one decision."""
        self.entries.append(LedgerEntry(block, action, detail))


@dataclass(frozen=True)
class GroupBudget:
    """One group's share of the budget: its room by the template (`base`), its room after
    other groups' unused room flowed to it (`allotted`), and what its blocks use."""

    share: float
    base: int
    demand: int
    allotted: int
    used: int


@dataclass
class Feed:
    """What one agent call receives for one chapter, and how it was put together."""

    agent: str
    chapter: int
    template: str  # plot / battle / emotion / transition
    template_source: str  # where the type came from: option / plan / default
    stage: str  # early / mid / late
    budget: int
    groups: dict[Group, GroupBudget]
    blocks: list[Block]
    checklist: Checklist
    ledger: Ledger
    profile: ModelProfile  # the model the feed is measured against
    tokenizer: str  # the tokenizer that counted: the profile's, or the fallback
    tokenizer_note: str = ""  # why it is not the profile's, when it is not
    notes: list[str] = field(default_factory=list)
    window: list[int] = field(default_factory=list)  # chapters whose text the recipe allows
    debug_scores: bool = False  # scores were computed (--debug-scores or [feed] debug_scores)
    task: str = ""  # the agent's task for this chapter (agent-system.md), after the material
    task_source: str = ""  # the project's file it came from ("" for the shipped template)

    @property
    def tokens_exact(self) -> bool:
        """Whether the token counts are the profile's own tokenizer's."""
        return not self.tokenizer_note

    @property
    def ready(self) -> bool:
        """Whether the feed may be handed to the agent (every checklist item ✓)."""
        return self.checklist.ready

    def totals(self) -> dict[str, dict[str, int]]:
        """字 and tokens per layer and overall, summed over the blocks."""
        result = {layer.value: {"chars": 0, "tokens": 0} for layer in Layer}
        for block in self.blocks:
            result[block.layer.value]["chars"] += block.chars
            result[block.layer.value]["tokens"] += block.tokens
        result["all"] = {
            "chars": sum(block.chars for block in self.blocks),
            "tokens": sum(block.tokens for block in self.blocks),
        }
        return result
