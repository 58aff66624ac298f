"""The on-demand layer: foreshadowing and relationships relevant to chapter N (the trackers'
rule, PRODUCT.md §2), one line per entry with the reasons it is relevant."""

from __future__ import annotations

import logging
import os
from pathlib import Path
from weakref import WeakKeyDictionary

from workbench.book.layout import Role
from workbench.book.project import Project
from workbench.errors import FileProblem
from workbench.feed.model import Block, Group, Item, Layer, Status
from workbench.trackers.relevance import RelevantItem, relevant_for

log = logging.getLogger(__name__)

KINDS = {
    "foreshadowing": ("on_demand.foreshadowing", "本章相关伏笔", Role.PLOT_TRACKER),
    "relationship": ("on_demand.relationships", "本章相关关系变动", Role.RELATIONSHIP_TRACKER),
}
OVERDUE_WORDS = ("overdue", "逾期", "超期")
DOUBTFUL_WORDS = ("存疑", "待澄清", "doubtful")
# An overdue entry is an alert; how severe follows its 重要度.
SEVERITY_BY_TIER = {"核心": "critical", "支线": "high", "装饰": "low"}


def item_line(text: str, reasons: tuple[str, ...]) -> str:
    """A tracker entry as one list line, with why it is relevant."""
    text = " ".join(text.split())
    if text.startswith("|"):
        text = " ｜ ".join(cell.strip() for cell in text.strip("|").split("|"))
    text = text if text.startswith(("- ", "* ")) else f"- {text}"
    return text + (f" —— 相关原因：{'；'.join(reasons)}" if reasons else "")


def to_item(entry: RelevantItem) -> Item:
    """A RelevantItem as a rankable feed item."""
    signals = " ".join(entry.reasons)
    overdue = any(word in signals for word in OVERDUE_WORDS)
    return Item(
        key=entry.key,
        text=item_line(entry.text, entry.reasons),
        chapter=entry.chapter,
        mentions=entry.mentions,
        doubtful=any(word in signals + entry.text for word in DOUBTFUL_WORDS),
        severity=SEVERITY_BY_TIER.get(entry.tier, "normal") if overdue else None,
    )


# Per open project: (what relevant_for read, by mtime and size; its answer).
_ANSWERS: WeakKeyDictionary[Project, tuple[tuple, list[RelevantItem]]] = WeakKeyDictionary()


def _stat(path: str) -> tuple[int, int] | None:
    try:
        stat = os.stat(path)
    except OSError:
        return None
    return stat.st_mtime_ns, stat.st_size


def _listing(folder: Path) -> tuple:
    try:
        with os.scandir(folder) as entries:
            return tuple(sorted((e.name, _stat(e.path)) for e in entries))
    except OSError:
        return ()


def _inputs(project: Project, chapter: int) -> tuple:
    """A fingerprint of every file relevance reads — trackers, cast, plans, outline, chapters —
    by (mtime, size), the same test Project.read uses to notice a change."""
    roles = (
        Role.PLOT_TRACKER,
        Role.RELATIONSHIP_TRACKER,
        Role.OUTLINE,
        Role.PROTAGONIST,
        Role.CHARACTERS,
    )
    files = tuple(str(project.role_path(role)) for role in roles)
    chapters = tuple(str(ref.path) for ref in project.chapters)
    return (
        chapter,
        files,
        tuple(_stat(path) for path in files),
        chapters,
        tuple(_stat(path) for path in chapters),
        _listing(project.root / project.layout.plans_dir),
        _listing(project.root / project.layout.characters_dir),
    )


def relevant_items(project: Project, chapter: int) -> list[RelevantItem]:
    """The trackers' relevant_for(project, N), remembered until a file it reads changes.

    relevant_for re-checks every chapter file on each call; a feed is rebuilt on every
    keystroke in the GUI, so this layer answers from memory when nothing changed.
    """
    key = _inputs(project, chapter)
    remembered = _ANSWERS.get(project)
    if remembered is not None and remembered[0] == key:
        return remembered[1]
    answer = relevant_for(project, chapter)
    _ANSWERS[project] = (key, answer)
    return answer


def on_demand_blocks(project: Project, chapter: int) -> list[Block]:
    """One block of relevant foreshadowing, one of relevant relationship states/changes."""
    blocks = {
        kind: Block(
            id=block_id,
            layer=Layer.ON_DEMAND,
            kind=kind,
            title=title,
            source=project.relative(project.role_path(role)),
            group=Group.SCENE,
            required=True,
        )
        for kind, (block_id, title, role) in KINDS.items()
    }
    missing = [
        kind for kind, (_, _, role) in KINDS.items() if not project.role_path(role).is_file()
    ]
    for kind in missing:
        source = blocks[kind].source
        blocks[kind].set_text("", Status.MISSING, f"{source} 不存在")
        blocks[kind].fix = f"新建 {source}（只有表头也可以）"
    try:
        relevant = relevant_items(project, chapter)
    except FileProblem as error:
        log.info("trackers do not parse: %s", error)
        for block in blocks.values():
            if block.status is not Status.MISSING:
                block.set_text("", Status.MISSING, f"追踪表无法解析：{error}")
                block.fix = f"修正 {project.relative(error.path)} 后重试"
        return list(blocks.values())
    for kind, block in blocks.items():
        if kind in missing:
            continue
        block.items = [to_item(entry) for entry in relevant if entry.kind == kind]
        empty = "（本章没有相关伏笔）" if kind == "foreshadowing" else "（本章没有相关关系变动）"
        block.item_prefix = "" if block.items else empty
        block.set_text(block.render_items(), Status.COMPLETE, "")
    return list(blocks.values())
