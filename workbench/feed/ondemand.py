"""The on-demand layer: foreshadowing, relationships and the rows of the project's own tracker
kinds relevant to chapter N (the trackers' rules, PRODUCT.md §2), one block per kind, one line
per entry with the reasons it is relevant."""

from __future__ import annotations

import logging

from workbench.book import webnovel
from workbench.book.layout import Role
from workbench.book.project import Project
from workbench.errors import FileProblem
from workbench.feed.model import Block, Group, Item, Layer, Status
from workbench.reasons import Reason
from workbench.trackers.cast import load_cast
from workbench.trackers.kinds import BUILTIN_KINDS, FORESHADOWING, RELATIONSHIP, project_kinds
from workbench.trackers.relevance import RelevantItem, relevant_for

log = logging.getLogger(__name__)

# Where a webnovel-writer project keeps the same memory when the tracker file is absent.
MEMORY_SOURCES = {FORESHADOWING: webnovel.STATE_FILE, RELATIONSHIP: webnovel.INDEX_FILE}
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
    """One block per tracker kind: relevant foreshadowing, relevant relationship
    states/changes, then the relevant rows of each kind the project declared."""
    try:
        kinds = project_kinds(project)
        paths = {kind.key: kind.path(project) for kind in kinds}
    except FileProblem as error:  # the declaration is reported below, as trackers that fail
        log.info("tracker kinds: %s", error)
        kinds = BUILTIN_KINDS
        paths = {kind.key: kind.path(project) for kind in kinds}
    blocks = {
        kind.key: Block(
            id=kind.block_id,
            layer=Layer.ON_DEMAND,
            kind=kind.key,
            title=kind.block_title,
            source=project.relative(paths[kind.key]),
            group=Group.SCENE,
            required=True,
        )
        for kind in kinds
    }
    empty = {kind.key: kind.empty for kind in kinds}
    missing = []
    for kind in blocks:
        if paths[kind].is_file():
            continue
        memory = MEMORY_SOURCES.get(kind, "") if webnovel.is_webnovel(project) else ""
        if memory and (project.root / memory).is_file():
            blocks[kind].source = memory
        else:
            missing.append(kind)
    for kind in missing:
        source = blocks[kind].source
        blocks[kind].set_text("", Status.MISSING, Reason("missing.file", source))
        blocks[kind].fix = Reason("fix.create_tracker", source)
    try:
        relevant = relevant_for(project, chapter)
    except FileProblem as error:
        log.info("trackers do not parse: %s", error)
        for block in blocks.values():
            if block.status is not Status.MISSING:
                why = Reason("missing.tracker_unparsable", str(error))
                block.set_text("", Status.MISSING, why)
                block.fix = Reason("fix.correct_and_retry", project.relative(error.path))
        return list(blocks.values())
    for kind, block in blocks.items():
        if kind in missing:
            continue
        block.items = [to_item(entry) for entry in relevant if entry.kind == kind]
        block.item_prefix = "" if block.items else empty[kind]
        block.empty = not block.items
        block.set_text(block.render_items(), Status.COMPLETE, "")
    if RELATIONSHIP not in missing:
        _note_unnamed_protagonist(project, blocks[RELATIONSHIP])
    return list(blocks.values())


def _note_unnamed_protagonist(project: Project, block: Block) -> None:
    """Without the protagonist's name none of their relationship rows can be relevant."""
    if load_cast(project).protagonist is not None:
        return
    path = project.relative(project.role_path(Role.PROTAGONIST))
    if not project.role_path(Role.PROTAGONIST).is_file():
        block.notes.append(Reason("note.protagonist_no_file", path))
        block.fix = Reason("fix.protagonist_file", path)
        return
    block.notes.append(Reason("note.protagonist_unnamed", path))
    block.fix = Reason("fix.protagonist_name", path)
