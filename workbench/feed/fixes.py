"""The one-click fix for each ✗ (and each stale warning) of a feed's checklist.

The checklist says in words what to generate or write; this says which action does it, so
the app can offer a button that does the work: generate the fixed context or a rolling
summary (background jobs), create the style anchor from its template, open or create the
chapter plan, or open the file the author has to write.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path

from workbench.book.layout import Role
from workbench.book.naming import chapter_number_from_name
from workbench.book.project import Project
from workbench.book.templates import project_templates
from workbench.book.textio import NO_FILE
from workbench.feed.model import Block, Feed, Status


class FixKind(StrEnum):
    """What a fix button does."""

    FIXED_CONTEXT = "fixed_context"  # generate references/fixed-context.md (background)
    ROLLING_SUMMARY = "rolling_summary"  # generate the missing 滚动摘要 ranges (background)
    STYLE_ANCHOR = "style_anchor"  # create meta/style-anchor.md from its template, open it
    # … or, when the book has chapters, from a passage of them the author selects
    STYLE_ANCHOR_PASSAGE = "style_anchor_passage"
    PLAN = "plan"  # open the chapter's plan, creating the plan file if there is none
    OPEN_FILE = "open_file"  # open (or create) the file the author has to write
    PASSAGE = "passage"  # BattleAgent: select a passage in the chapter


@dataclass(frozen=True)
class Fix:
    """One button: the checklist line it belongs to, what it does, and on which file."""

    item: str  # checklist key: fixed / rolling / on_demand / style_anchor / task / pins
    kind: FixKind
    path: Path | None = None
    stale: bool = False  # a regeneration of something present but out of date


_ITEM_BY_LAYER = {"fixed": "fixed", "rolling": "rolling", "on_demand": "on_demand"}


def _item_key(block: Block) -> str:
    if block.kind == "style_anchor":
        return "style_anchor"
    if block.kind == "pin":
        return "pins"
    return _ITEM_BY_LAYER.get(block.layer.value, "task")


def _fix_for(project: Project, block: Block) -> Fix | None:
    item = _item_key(block)
    if block.fix_path:  # a file the author writes (the world, the cast, the outline)
        return Fix(item, FixKind.OPEN_FILE, project.root / block.fix_path)
    if block.id.startswith("fixed.") and block.fix.startswith("workbench fixed-context"):
        return Fix(item, FixKind.FIXED_CONTEXT, project.role_path(Role.FIXED_CONTEXT))
    if block.kind == "summary":
        return Fix(item, FixKind.ROLLING_SUMMARY, project.role_path(Role.ROLLING_SUMMARY))
    if block.kind == "style_anchor":
        # The author's own prose is the honest 正面样例 when there is some (issue #27).
        kind = FixKind.STYLE_ANCHOR_PASSAGE if project.chapters else FixKind.STYLE_ANCHOR
        return Fix(item, kind, project.role_path(Role.STYLE_ANCHOR))
    if block.kind == "plan":
        return Fix(item, FixKind.PLAN, plan_path(project, block.chapter or 0))
    if block.kind == "passage":
        return Fix(item, FixKind.PASSAGE)
    if block.kind == "chapter" and block.chapter is not None:
        return Fix(item, FixKind.OPEN_FILE, project.new_chapter_path(block.chapter))
    if block.source and "、" not in block.source:
        return Fix(item, FixKind.OPEN_FILE, project.root / block.source)
    if block.kind == "power":
        return Fix(item, FixKind.OPEN_FILE, project.role_path(Role.STATE_TRACKER))
    return None


def plan_path(project: Project, chapter: int) -> Path:
    """Chapter N's plan file: the existing one, else where a new one goes."""
    existing = project.plan_file(chapter)
    if existing is not None:
        return existing
    return project.root / project.layout.plans_dir / f"ch{chapter:03d}.md"


def checklist_fixes(project: Project, feed: Feed) -> list[Fix]:
    """Every fix the feed calls for, one per action, in checklist order."""
    fixes: list[Fix] = []
    for block in feed.blocks:
        if not block.required or block.status not in (Status.MISSING, Status.DROPPED):
            continue
        fix = _fix_for(project, block)
        if fix is not None and fix not in fixes:
            fixes.append(fix)
    stale = next((i for i in feed.checklist.items if i.key == "fixed" and i.stale), None)
    regenerate = Fix("fixed", FixKind.FIXED_CONTEXT, project.role_path(Role.FIXED_CONTEXT))
    if stale is not None and regenerate not in fixes:
        fixes.append(Fix("fixed", FixKind.FIXED_CONTEXT, regenerate.path, stale=True))
    order = [item.key for item in feed.checklist.items]
    return sorted(fixes, key=lambda f: order.index(f.item) if f.item in order else len(order))


def ensure_fix_file(project: Project, fix: Fix) -> Path | None:
    """The file a fix opens, created first when it does not exist (or holds only blanks):
    a plan with front matter, a chapter with its heading, a layout file from its template.
    Text the author wrote is never replaced."""
    path = fix.path
    background = (FixKind.FIXED_CONTEXT, FixKind.ROLLING_SUMMARY, FixKind.STYLE_ANCHOR_PASSAGE)
    if path is None or fix.kind in background:
        return path
    existing = project.read(path) if path.is_file() else None
    if existing is not None and existing.text.strip():
        return path
    # Refused (ChangedOnDisk) when the author's own text arrived since this look.
    expect = existing.sha256 if existing is not None else NO_FILE
    if fix.kind is FixKind.PLAN:
        project.write(path, new_plan_text(_chapter_of(path)), expect=expect)
    elif path.parent == project.root / project.layout.chapters_dir:
        number = _chapter_of(path)
        project.save_chapter(number, f"# 第{number}章 \n\n")
    else:
        role = next((r for r in Role if project.role_path(r) == path), None)
        template = next((t for t in project_templates() if role and t.role is role), None)
        project.write(path, template.text if template else "", expect=expect)
    return path


def _chapter_of(path: Path) -> int:
    parsed = chapter_number_from_name(path.stem)
    return parsed[0] if parsed else 0


def new_plan_text(chapter: int) -> str:
    """A plan file for chapter N: the front matter the engine reads, and an empty plan."""
    return (
        "---\ntype: plot            # plot | battle | emotion | transition\n"
        "act_end: false\ncharacters: []\n---\n"
        f"# 第{chapter}章 本章规划\n\n"
        "- 开场：\n- 冲突：\n- 转折：\n- 结尾钩子：\n"
    )
