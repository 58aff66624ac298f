"""A feed as Markdown (what an agent is given) and as JSON (versioned; its schema is in
workbench.feed.schema)."""

from __future__ import annotations

import json
import math

from workbench.feed.model import Feed, Status

SCHEMA_VERSION = 1
STATUS_LABELS = {
    Status.COMPLETE: "完整",
    Status.TRIMMED: "已截断",
    Status.DROPPED: "已删去",
    Status.MISSING: "缺失",
}
TEMPLATE_SOURCES = {"option": "命令行指定", "plan": "本章规划", "default": "默认"}


def feed_data(feed: Feed) -> dict:
    """The feed as the plain data its JSON holds, keys in the schema's order."""
    return {
        "schema_version": SCHEMA_VERSION,
        "agent": feed.agent,
        "chapter": feed.chapter,
        "template": feed.template,
        "template_source": feed.template_source,
        "stage": feed.stage,
        "budget": feed.budget,
        "ready": feed.ready,
        "window": feed.window,
        "tokenizer": {
            "profile": feed.profile.name,
            "name": feed.tokenizer,
            "requested": feed.profile.tokenizer,
            "exact": feed.tokens_exact,
            "note": feed.tokenizer_note,
        },
        "context": {
            "window": feed.profile.context_window,
            "reply_reserve": feed.profile.reply_reserve,
            "available": feed.profile.input_budget,
        },
        "checklist": [
            {
                "key": i.key,
                "label": i.label,
                "applicable": i.applicable,
                "ok": i.ok,
                "missing": i.missing,
                "stale": i.stale,
                "notes": i.partly + i.notes,  # 部分仍为模板 first: JSON keeps its keys
                "fix": i.fix,
            }
            for i in feed.checklist.items
        ],
        "blocks": [
            {
                "id": b.id,
                "layer": b.layer.value,
                "kind": b.kind,
                "title": b.title,
                "group": b.group.value if b.group else None,
                "source": b.source,
                "section": b.section,
                "chars": b.chars,
                "tokens": b.tokens,
                "cap": b.cap,
                "status": b.status.value,
                "reason": b.reason,
                "notes": b.notes,
                "stale": b.stale,
                "required": b.required,
                "pinned": b.pinned,
                "items": [
                    {
                        "key": i.key,
                        "chapter": i.chapter,
                        "pinned": i.pinned,
                        "score": _score(i.score),
                    }
                    for i in b.items
                ],
                "score": _score(b.score),
                "text": b.text,
            }
            for b in feed.blocks
        ],
        "totals": feed.totals(),
        "groups": {
            group.value: {
                "share": float(numbers.share),
                "base": numbers.base,
                "demand": numbers.demand,
                "allotted": numbers.allotted,
                "used": numbers.used,
            }
            for group, numbers in feed.groups.items()
        },
        "ledger": [
            {"block": e.block, "action": e.action, "detail": e.detail} for e in feed.ledger.entries
        ],
        "notes": feed.notes,
        "task": {"text": feed.task, "source": feed.task_source},
    }


def _score(score: dict[str, float] | None) -> dict[str, float] | None:
    return None if score is None else {name: float(value) for name, value in score.items()}


def feed_json(feed: Feed) -> str:
    """The feed as JSON, indented by 2, as pydantic's `model_dump_json(indent=2)` of the schema
    model writes it (the bytes agent hosts have been reading)."""
    return json_text(feed_data(feed)) + "\n"


def json_text(value: object, newline: str = "\n") -> str:
    """Plain data (dicts, lists, str, int, float, bool, None) as indented JSON, byte for byte
    as pydantic writes it with indent=2."""
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if value is None or isinstance(value, bool | int):
        return json.dumps(value)
    if isinstance(value, float):
        return json_number(value)
    inner = newline + "  "
    if isinstance(value, dict):
        if not value:
            return "{}"
        members = (
            f"{json_text(key, inner)}: {json_text(item, inner)}" for key, item in value.items()
        )
        return "{" + inner + ("," + inner).join(members) + newline + "}"
    assert isinstance(value, list), type(value)
    if not value:
        return "[]"
    return (
        "[" + inner + ("," + inner).join(json_text(item, inner) for item in value) + newline + "]"
    )


def json_number(value: float) -> str:
    """A float as pydantic's JSON writes it: Python's shortest repr, except that what repr
    writes as 1e-05 … 9.9e-05 is written out (0.00001) and smaller exponents lose their
    padding (1e-07 → 1e-7); inf and nan are null."""
    if not math.isfinite(value):
        return "null"
    text = repr(value)
    mantissa, small, exponent = text.partition("e-")
    if not small:
        return text
    if exponent == "05":
        sign, digits = ("-", mantissa[1:]) if mantissa[0] == "-" else ("", mantissa)
        return f"{sign}0.0000{digits.replace('.', '')}"
    return f"{mantissa}e-{int(exponent)}"


def _window_line(feed: Feed, tokens: int) -> str:
    profile = feed.profile
    share = tokens / profile.input_budget if profile.input_budget else 0.0
    return (
        f"{profile.context_window:,} − 回复预留 {profile.reply_reserve:,} = 可用 "
        f"{profile.input_budget:,} tokens，本次占 {share:.1%}"
    )


OPENING = "# 上下文喂入"


def feed_markdown(feed: Feed, *, debug_scores: bool | None = None) -> str:
    """The material first, in the order that changes least often call to call (fixed layer,
    rolling summaries and skeleton, then what belongs to this chapter), so consecutive
    requests share a long prefix a provider can cache; then 本次任务: the agent, chapter,
    totals, the checklist, the ledger (the ranker's scores when they were computed, or
    `debug_scores` says so) and, last, the agent's task."""
    if debug_scores is None:
        debug_scores = feed.debug_scores
    lines = [OPENING]
    for block in feed.blocks:
        lines += ["", f"## {block.heading}", ""]
        if block.status is not Status.COMPLETE:
            lines += [f"> {STATUS_LABELS[block.status]}：{block.reason}", ""]
        if block.notes:
            lines += [*(f"> 注意：{note}" for note in block.notes), ""]
        if block.text:
            lines.append(block.text)
    lines += ["", *_task_header(feed), "", feed.checklist.to_markdown()]
    lines += ["", "## 预算记录", ""]
    lines += [f"- {e.block} · {e.action}：{e.detail}" for e in feed.ledger.entries]
    if debug_scores:
        lines += ["", "## 排序得分（调试）", ""]
        for block in feed.blocks:
            if block.score:
                lines.append(f"- {block.id}：{_parts(block.score)}")
            lines += [f"  - {i.key}：{_parts(i.score)}" for i in block.items if i.score]
    if feed.task:
        where = f"（{feed.task_source}#{feed.agent}）" if feed.task_source else ""
        lines += ["", f"## {TASK_HEADING} · {feed.agent}{where}", "", feed.task]
    return "\n".join(lines).rstrip("\n") + "\n"


TASK_HEADING = "本次任务"


def _task_header(feed: Feed) -> list[str]:
    """`## 本次任务概要 · MainWriter · 第13章` and the lines on type, totals and window."""
    totals = feed.totals()["all"]
    weights = " / ".join(
        f"{group.value} {numbers.share:.2f}" for group, numbers in feed.groups.items()
    )
    lines = [
        f"## {TASK_HEADING}概要 · {feed.agent} · 第{feed.chapter}章",
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
    return lines


def _parts(score: dict[str, float]) -> str:
    return " ".join(f"{name}={value:g}" for name, value in score.items())
