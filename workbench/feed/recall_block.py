"""The recall block of the on-demand layer: 本章相关前文, the earlier passages chapter N's
plan points at (workbench/recall), one entry per passage with its chapter, lines, score and
reasons. The entries come ranked by recall's own score; the budget keeps them in that order
and drops the lowest first, each drop in the ledger."""

from __future__ import annotations

import logging
from math import floor
from typing import TYPE_CHECKING

from workbench.book.project import Project
from workbench.errors import FileProblem
from workbench.feed.model import Block, Group, Item, Layer, Status
from workbench.feed.trim import demote_headings
from workbench.reasons import Reason
from workbench.recall.config import load_recall_config

if TYPE_CHECKING:
    from workbench.recall.recall import Recalled

log = logging.getLogger(__name__)

BLOCK_ID = "on_demand.recall"
EMPTY = "（前文中没有与本章规划相关的段落）"
PASSAGE_HEADING_LEVEL = 4  # under the block's `##` and the entry's `###`


def recall_item(recalled: Recalled) -> Item:
    """One recalled passage as a feed entry: where it is, why, then its text."""
    passage = recalled.passage
    where = f"第{passage.chapter}章 第{passage.start_line}–{passage.end_line}行"
    why = "；".join(recalled.reasons)
    text = demote_headings(passage.text, PASSAGE_HEADING_LEVEL)
    parts = {"total": round(recalled.score, 4), **recalled.parts}
    return Item(
        key=f"recall.{passage.chapter}.{passage.start_line}-{passage.end_line}",
        text=f"### {where} —— 相关原因：{why}\n{text}",
        chapter=passage.chapter,
        score=parts,
        reasons=recalled.reasons,
    )


def recall_blocks(project: Project, chapter: int, window: range, budget: int) -> list[Block]:
    """The recall block for chapter N ([] when `[recall] enabled = false`)."""
    config = load_recall_config(project)
    if not config.enabled:
        return []
    # Loaded only for a feed that carries the block: SQLite and the index are not the
    # one-shot `workbench feed`'s cost otherwise.
    import sqlite3

    from workbench.recall.index_file import INDEX_FILE
    from workbench.recall.recall import recall

    block = Block(
        id=BLOCK_ID,
        layer=Layer.ON_DEMAND,
        kind="recall",
        title=Reason("title.recall"),
        source=f".workbench/{INDEX_FILE}",
        cap=max(1, floor(budget * config.share)),
        group=Group.SCENE,
    )
    try:
        found = recall(project, chapter, window=window, limit=config.count)
    except (FileProblem, sqlite3.Error, OSError) as error:
        log.info("recall for chapter %d: %s", chapter, error)
        block.set_text("", Status.MISSING, Reason("missing.recall", str(error)))
        return [block]
    block.items = [recall_item(recalled) for recalled in found.passages]
    block.item_prefix = "" if block.items else EMPTY
    block.empty = not block.items
    block.set_text(block.render_items(), Status.COMPLETE, "")
    return [block]
