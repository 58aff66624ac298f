"""A generated novel project of any length, each chapter carrying a unique marker."""

from __future__ import annotations

from pathlib import Path

from workbench.book.fixed_context import FixedPart, render_fixed_context, source_hashes
from workbench.book.project import Project

SENTENCE = "林风握紧长剑，望向远处的山门。风从谷底吹上来，带着潮湿的草木气味！他想：还要多久？"


def marker(chapter: int) -> str:
    """The unique text planted in chapter N (and nowhere else in the project)."""
    return f"MARK{chapter:04d}Q"


def write(root: Path, relative: str, text: str) -> Path:
    path = root / relative
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def chapter_text(number: int, sentences: int) -> str:
    body = "\n\n".join(
        f"{marker(number)}：{SENTENCE}" if i % 4 == 0 else SENTENCE for i in range(sentences)
    )
    return f"# 第{number}章 山门之外\n\n{body}\n"


def summary_section(first: int, last: int) -> str:
    return (
        f"## 滚动摘要 Ch{first}-{last}\n\n"
        f"### 主题进展与情感主弧\n\n第{first}至{last}章：林风在山门外苦修，心境渐稳。悬念仍在。\n\n"
        f"### 核心角色当前心理状态与关系变化关键节点\n\n林风与苏瑶彼此信任。\n\n"
        f"### 已埋设但未回收的重要伏笔清单\n\n- F001 玉佩发热（第3章）\n\n"
        f"### 当前世界/势力/主角状态概要\n\n林风仍在青云宗外门。\n"
    )


def make_project(
    root: Path, chapters: int = 200, sentences: int = 12, summaries_to: int | None = None
) -> Path:
    """Write a complete project: settings, fixed context, summaries, trackers, chapters."""
    world = "# 世界\n\n青云大陆。\n\n## 力量体系\n\n炼气、筑基、金丹。\n"
    write(root, "worldbuilding/world.md", world)
    write(root, "characters/protagonist.md", "# 林风\n\n别名：小风\n\n修为：炼气三层。\n")
    write(
        root,
        "characters/characters.md",
        "# 角色\n\n## 苏瑶\n\n别名：瑶儿\n\n筑基初期，剑修。\n\n## 赵乾\n\n金丹期，反派。\n",
    )
    write(root, "outline/outline.md", "# 大纲\n\n林风入青云宗，修行，复仇。\n")
    write(root, "meta/style-anchor.md", "# 文风\n\n短句，白描，少形容词。\n")
    write(root, "references/state-tracker.md", "# 主角状态\n\n位置：青云宗；修为：炼气三层。\n")
    write(
        root,
        "references/plot-tracker.md",
        "| ID | 内容 | 埋设章节 | 计划回收 | 状态 | 重要度 | 相关角色 | 关键词 |\n"
        "|---|---|---|---|---|---|---|---|\n"
        "| F001 | 玉佩在雷雨夜发热 | 3 | 20 | 未回收 | 核心 | 林风 | 玉佩 |\n",
    )
    write(
        root,
        "references/relationship-tracker.md",
        "| 章节 | 角色A | 角色B | 关系 | 变化 | 说明 |\n|---|---|---|---|---|---|\n"
        "| 5 | 林风 | 苏瑶 | 同门 | 陌生→信任 | 共同抵御妖兽 |\n",
    )
    last = summaries_to if summaries_to is not None else chapters
    summary = "# 滚动摘要\n\n" + "\n".join(
        summary_section(first, first + 4) for first in range(1, last - 3, 5)
    )
    write(root, "references/rolling-summary.md", summary)
    for number in range(1, chapters + 1):
        write(root, f"chapters/ch{number:03d}.md", chapter_text(number, sentences))
        write(
            root,
            f"outline/chapters/ch{number:03d}.md",
            "---\ntype: plot\ncharacters: [林风, 苏瑶]\n---\n"
            f"本章规划：林风继续修行（第{number}章）。\n",
        )
    project = Project.open(root)
    parts = {
        FixedPart.WORLD: "青云大陆，修仙世界。",
        FixedPart.CHARACTERS: "林风：主角。苏瑶：同门。",
        FixedPart.OUTLINE: "林风入青云宗，修行，复仇。",
    }
    write(
        root,
        "references/fixed-context.md",
        render_fixed_context(parts, source_hashes(project), outline_compressed=False),
    )
    return root
