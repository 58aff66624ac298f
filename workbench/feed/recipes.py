"""The six agents' recipes (PRODUCT.md §3's table), as data a project can adjust.

A recipe names which blocks an agent receives; nothing else decides what enters a feed. Chapter
text enters only through the recipe's chapter window: `raw_chapters` chapters ending at N
(`include_current`) or at N-1, or, for BattleAgent, the selected passage of chapter N.
"""

from __future__ import annotations

from dataclasses import dataclass, replace


@dataclass(frozen=True)
class Recipe:
    """What one agent receives for chapter N."""

    agent: str
    fixed_layer: bool = False
    rolling_summary: bool = False
    summary_before_window: bool = False  # the summary must end before the first raw chapter
    raw_chapters: int = 0
    include_current: bool = False
    skeleton: bool = False
    on_demand: bool = False
    recall: bool = False  # 本章相关前文: earlier passages the plan points at (workbench/recall)
    plan: bool = False
    passage: bool = False
    power: bool = False
    style_anchor: bool = False
    budget: int | None = None  # characters (字); None: the project's `[feed] budget`

    def window(self, chapter: int, first_chapter: int | None = None) -> range:
        """Chapter numbers whose text this recipe may feed for `chapter`."""
        if self.raw_chapters <= 0:
            return range(0)
        last = chapter if self.include_current else chapter - 1
        first = last - self.raw_chapters + 1 if first_chapter is None else first_chapter
        return range(max(1, first), last + 1)

    def adjusted(self, **changes: object) -> Recipe:
        """This recipe with some fields changed (what `[feed.recipes.NAME]` does)."""
        return replace(self, **changes)


AGENTS: dict[str, Recipe] = {
    recipe.agent: recipe
    for recipe in (
        # 固定层 + 滚动层（摘要 + 最近3章 + 故事骨架）+ 按需层 + 本章规划 + style-anchor 全文
        Recipe(
            "MainWriter",
            fixed_layer=True,
            rolling_summary=True,
            raw_chapters=3,
            skeleton=True,
            on_demand=True,
            recall=True,
            plan=True,
            style_anchor=True,
        ),
        # 固定层 + 滚动摘要 + 本章 + 前1章原文
        Recipe(
            "OOCGuardian",
            fixed_layer=True,
            rolling_summary=True,
            raw_chapters=2,
            include_current=True,
        ),
        # 相关段落 + 前后500字 + 角色战力 + 力量体系
        Recipe("BattleAgent", passage=True, power=True),
        # 固定层 + 滚动摘要 + 本章 + 按需层
        Recipe(
            "FinalReviewer",
            fixed_layer=True,
            rolling_summary=True,
            raw_chapters=1,
            include_current=True,
            on_demand=True,
            recall=True,
        ),
        # 固定层 + 滚动摘要 + 最近2章原文
        Recipe(
            "ReaderSimulator",
            fixed_layer=True,
            rolling_summary=True,
            raw_chapters=2,
            include_current=True,
        ),
        # 前期摘要 + 最近5章原文; more room, since five chapters must go in whole
        Recipe(
            "RollingSummarizer",
            rolling_summary=True,
            summary_before_window=True,
            raw_chapters=5,
            include_current=True,
            budget=40000,
        ),
    )
}
