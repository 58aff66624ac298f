"""webnovel-writer's memory beyond the trackers: `memory_scratchpad.json` (the facts its
chapter commits record for its writing skill: open loops, world rules, timeline …) and, in
state.json, what its context builder feeds as each recent chapter's meta and as alerts.

Facts about that tool (github.com/lingfengQAQ/webnovel-writer):
- `.webnovel/memory_scratchpad.json`: buckets of rows, each row a fact with a `category`
  (open_loop, world_rule, timeline, reader_promise …), its text, `source_chapter`, a status
  and `evidence` naming where it came from (`memory_facts:open_loop:…`), written by the
  memory projection of `chapter-commit` (data_modules/chapter_commit_service.py); the
  runtime guard hook lists it among the read models no one edits by hand.
- `chapter_meta["0007"]` (or "7") of the chapters N-3..N-1 is fed as `recent_meta`, the last
  `disambiguation_warnings` / `disambiguation_pending` as `alerts`
  (data_modules/context_manager.py `_load_recent_meta`, `_build_pack`); `strand_tracker`
  (`current_dominant`, `history[{chapter, dominant}]`, quest / fire / constellation) is
  init_project.py's `_ensure_state_schema`.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING

from workbench.book.bounded_json import parse_json
from workbench.book.webnovel import SCRATCHPAD_FILE, is_webnovel, positive_int
from workbench.errors import FileProblem

if TYPE_CHECKING:
    from workbench.book.project import Project

# That tool's three strands, as an author reads them.
STRANDS = {
    "quest": "主线（quest）",
    "fire": "感情线（fire）",
    "constellation": "世界观线（constellation）",
}
META_TITLE = "**本章元信息**（webnovel-writer 的 state.json）"


def read_scratchpad(project: Project) -> dict:
    """memory_scratchpad.json as a mapping ({} when absent); bad JSON is a FileProblem."""
    path = project.root / SCRATCHPAD_FILE
    if not is_webnovel(project) or not os.path.lexists(path):
        return {}  # (anything else in its place is read, and refused saying what it is)
    pad = parse_json(project.read(path).text, path)  # through the gate, size and depth bounded
    if not isinstance(pad, dict):
        raise FileProblem(path, "must hold a JSON object")
    return pad


def _chapter_of(item: dict) -> int | None:
    return positive_int(item.get("chapter") or item.get("source_chapter"))


def chapter_meta_lines(state: dict, chapter: int) -> list[str]:
    """Chapter N's meta as that tool feeds it for the chapters after: where it happened, its
    closing hook (type, strength), the strand that led it, and the disambiguation warnings
    recorded at it; [] when state.json has none of them."""
    lines: list[str] = []
    meta = state.get("chapter_meta")
    entry = meta.get(f"{chapter:04d}", meta.get(str(chapter))) if isinstance(meta, dict) else None
    if isinstance(entry, dict):
        if entry.get("location"):
            lines.append(f"- 地点：{entry['location']}")
        hook = entry.get("hook")
        if isinstance(hook, dict):
            hook = hook.get("content") or hook.get("text") or ""
        if hook:
            kind = [str(entry[k]) for k in ("hook_type", "hook_strength") if entry.get(k)]
            lines.append(f"- 章末钩子：{hook}" + (f"（{'，'.join(kind)}）" if kind else ""))
    strands = state.get("strand_tracker")
    history = strands.get("history") if isinstance(strands, dict) else None
    for item in history if isinstance(history, list) else []:
        if isinstance(item, dict) and _chapter_of(item) == chapter and item.get("dominant"):
            dominant = str(item["dominant"])
            lines.append(f"- 主导线：{STRANDS.get(dominant, dominant)}")
            break
    for key, label in (
        ("disambiguation_warnings", "消歧提醒"),
        ("disambiguation_pending", "待消歧"),
    ):
        warnings = state.get(key)
        for item in warnings if isinstance(warnings, list) else []:
            if isinstance(item, dict) and _chapter_of(item) == chapter:
                lines.append(f"- {label}：{_warning(item)}")
    return lines


def _warning(item: dict) -> str:
    mention = item.get("mention") or item.get("name") or ""
    chosen = item.get("chosen") or item.get("resolved_to") or ""
    candidates = item.get("candidates")
    text = f"「{mention}」" + (f"按{chosen}处理" if chosen else "未定")
    if isinstance(candidates, list) and candidates:
        text += f"（候选：{'、'.join(map(str, candidates))}"
        confidence = item.get("confidence")
        text += f"；置信度 {confidence}）" if confidence is not None else "）"
    return text


def with_chapter_meta(summary: str, lines: list[str]) -> str:
    """A chapter summary with its meta after it (the feed's text, and what migrate writes)."""
    if not lines:
        return summary
    return summary.rstrip("\n") + "\n\n" + META_TITLE + "\n\n" + "\n".join(lines) + "\n"
