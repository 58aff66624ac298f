"""Extractive fixed-layer parts, following the seed's 固定层内容生成指南 section by section.

World: framework, power system, factions, core mystery — each from the world file's section
whose title says so. Character bible: the protagonist, each supporting character in two or
three sentences, the antagonists. Outline (only when over 3000 字): every heading with the
first sentence under it.
"""

from __future__ import annotations

import re

from workbench.book.fixed_context import CAPS, FixedPart
from workbench.book.layout import Role
from workbench.book.project import Project
from workbench.book.sections import Section, sections
from workbench.summaries import extract
from workbench.summaries.requests import FixedRequest
from workbench.trackers import load_cast
from workbench.trackers.cast import character_text

DRAFT_MARK = "（离线草稿：抽取式摘要，未经模型改写）"
WORLD_TOPICS = (
    ("世界框架", ("世界", "框架", "背景", "地理", "概述", "总览", "时代")),
    ("力量体系", ("力量", "修炼", "境界", "等级", "功法", "体系", "能力")),
    ("势力格局", ("势力", "门派", "宗门", "阵营", "国家", "组织", "家族")),
    ("核心悬念", ("悬念", "秘密", "谜", "真相", "核心", "伏笔")),
)
ANTAGONIST = re.compile(r"反派|敌人|宿敌|对手|魔头|幕后|antagonist", re.IGNORECASE)
_NOT_DESCRIPTION = re.compile(r"^\s*[-*]?\s*\**(?:别名|别称|又名)\**\s*[：:]")
SENTENCES_PER_CHARACTER = 3


def fixed_part(request: FixedRequest) -> str:
    """The extractive draft of one part, within its cap."""
    cap = CAPS[request.part] - extract.count_zi(DRAFT_MARK) - 40  # room for sub-headings
    if request.part is FixedPart.WORLD:
        lines = _world(request.source, cap)
    elif request.part is FixedPart.CHARACTERS:
        lines = _characters(request.project, cap)
    else:
        lines = _outline(request.source, cap)
    return "\n".join([DRAFT_MARK, "", *lines]).strip() + "\n"


def _sentences(text: str, limit: int) -> str:
    return "".join(s.text for s in extract.split_sentences(text)[:limit])


def _world(text: str, cap: int) -> list[str]:
    parts = [s for s in sections(text) if s.level >= 2]
    share = cap // len(WORLD_TOPICS)
    lines: list[str] = []
    for title, words in WORLD_TOPICS:
        chosen = [s for s in parts if any(word in s.title for word in words)]
        if title == "世界框架" and not chosen:
            intro = text[: parts[0].start] if parts else text
            body = [_sentences(intro, 4)]
        else:
            body = [
                f"- {section.title.strip()}：{_sentences(section.body(text), 3)}"
                for section in _outermost(chosen)
                if _sentences(section.body(text), 3)
            ]
        kept = extract.fit([line for line in body if line.strip()], share)
        lines += [f"### {title}", "", *(kept or ["- （世界观文件中未找到此项）"]), ""]
    return lines


def _outermost(chosen: list[Section]) -> list[Section]:
    """Drop sections nested inside another chosen one (their text is already there)."""
    return [s for s in chosen if not any(o.start < s.start < o.end for o in chosen if o is not s)]


def _characters(project: Project, cap: int) -> list[str]:
    lines: list[str] = []
    protagonist = project.role_content(Role.PROTAGONIST)
    if protagonist:
        name = load_cast(project).protagonist
        lead = f"**{name}**：" if name else ""
        body = _description(protagonist)
        lines += ["### 主角", "", *extract.fit([lead + _sentences(body, 5)], cap // 4), ""]
    supporting: list[str] = []
    antagonists: list[str] = []
    for path in project.character_files():
        if path == project.role_path(Role.PROTAGONIST):
            continue
        # Without the template's example characters (苏瑶, 反派示例) and placeholders.
        text = character_text(project, path, project.read(path).text) or ""
        for section in sections(text):
            if section.level != 2:
                continue
            body = _description(section.body(text))
            line = f"- **{section.title.strip()}**：{_sentences(body, SENTENCES_PER_CHARACTER)}"
            is_enemy = ANTAGONIST.search(section.title) or ANTAGONIST.search(body[:200])
            (antagonists if is_enemy else supporting).append(line)
    used = extract.count_zi("\n".join(lines))
    enemies = extract.fit(antagonists, (cap - used) // 3)
    allies = extract.fit(supporting, cap - used - extract.count_zi("\n".join(enemies)))
    if allies:
        lines += ["### 重要配角", "", *allies, ""]
    if enemies:
        lines += ["### 反派", "", *enemies, ""]
    return lines


def _description(text: str) -> str:
    """A character's text without headings and alias lines."""
    return "\n".join(
        line
        for line in text.splitlines()
        if not line.lstrip().startswith("#") and not _NOT_DESCRIPTION.match(line)
    )


def _outline(text: str, cap: int) -> list[str]:
    """Headings with their first sentence, going as deep in the heading levels as the cap
    allows (volumes before chapters), in the outline's order."""
    entries = []
    for section in sections(text):
        own = text[section.body_start : section.end]
        nested = sections(own)
        first = _sentences(own[: nested[0].start] if nested else own, 1)
        line = f"- {section.title.strip()}" + (f"：{first}" if first else "")
        entries.append((section.level, line))
    if not entries:
        return extract.fit([s.text for s in extract.split_sentences(text)], cap)
    chosen = [line for level, line in entries if level <= min(e[0] for e in entries)]
    for depth in range(1, 7):
        deeper = [line for level, line in entries if level <= depth]
        if extract.count_zi("\n".join(deeper)) > cap:
            break
        chosen = deeper
    return extract.fit(chosen, cap)
