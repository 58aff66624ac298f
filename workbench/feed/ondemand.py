"""The on-demand layer: foreshadowing and relationships relevant to chapter N (the trackers'
rule, PRODUCT.md §2), one line per entry with the reasons it is relevant."""

from __future__ import annotations

import logging

from workbench.book import webnovel
from workbench.book.layout import Role
from workbench.book.project import Project
from workbench.errors import FileProblem
from workbench.feed.model import Block, Group, Item, Layer, Status
from workbench.trackers.cast import load_cast
from workbench.trackers.relevance import RelevantItem, relevant_for

log = logging.getLogger(__name__)

KINDS = {
    "foreshadowing": ("on_demand.foreshadowing", "本章相关伏笔", Role.PLOT_TRACKER),
    "relationship": ("on_demand.relationships", "本章相关关系变动", Role.RELATIONSHIP_TRACKER),
}
# Where a webnovel-writer project keeps the same memory when the tracker file is absent.
MEMORY_SOURCES = {"foreshadowing": webnovel.STATE_FILE, "relationship": webnovel.INDEX_FILE}
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
        reasons=tuple(entry.reasons),
        weak=entry.weak,
    )


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
    missing = []
    for kind, (_, _, role) in KINDS.items():
        if project.role_path(role).is_file():
            continue
        memory = MEMORY_SOURCES[kind] if webnovel.is_webnovel(project) else ""
        if memory and (project.root / memory).is_file():
            blocks[kind].source = memory
        else:
            missing.append(kind)
    for kind in missing:
        source = blocks[kind].source
        blocks[kind].set_text("", Status.MISSING, f"{source} 不存在")
        blocks[kind].fix = f"新建 {source}（只有表头也可以）"
    try:
        relevant = relevant_for(project, chapter)
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
        block.empty = not block.items
        block.set_text(block.render_items(), Status.COMPLETE, "")
    if "relationship" not in missing:
        _note_unnamed_protagonist(project, blocks["relationship"])
    return list(blocks.values())


def _note_unnamed_protagonist(project: Project, block: Block) -> None:
    """Without the protagonist's name none of their relationship rows can be relevant."""
    if load_cast(project).protagonist is not None:
        return
    path = project.relative(project.role_path(Role.PROTAGONIST))
    if not project.role_path(Role.PROTAGONIST).is_file():
        block.notes.append(f"主角没有名字：{path} 不存在，主角的关系行不会进入本块")
        block.fix = f"写 {path}，标题写主角的名字"
        return
    block.notes.append(
        f"主角没有名字：{path} 的标题只是称谓或占位（主角、男主、（主角姓名）），"
        "主角的关系行不会进入本块"
    )
    block.fix = f"把 {path} 的标题改成主角的名字，或加一行“姓名：”写上名字"
