"""Tracker columns matched by name (Chinese or English synonyms) and cell values parsed.

A table is a foreshadowing table when its header names an ID and a 埋设章节 column, a
relationship table when it names 章节, 角色A and 角色B; any other table is prose.
"""

from __future__ import annotations

import re
from enum import StrEnum

from workbench.book.numerals import NUMERAL_CHARS, parse_number

FORESHADOWING = "foreshadowing"
RELATIONSHIP = "relationship"

# Field name -> header synonyms, compared after normalise_header().
FORESHADOWING_COLUMNS: dict[str, tuple[str, ...]] = {
    "id": ("id", "编号", "伏笔编号", "序号"),
    "content": ("内容", "描述", "content", "伏笔", "伏笔内容", "description"),
    "planted": ("埋设章节", "埋设", "planted", "埋设章", "埋设于"),
    "payoff": ("计划回收", "回收章节", "payoff", "计划回收章节", "预计回收", "回收"),
    "status": ("状态", "status"),
    "tier": ("重要度", "层级", "tier", "重要性", "级别"),
    "characters": ("相关角色", "角色", "characters", "人物", "相关人物"),
    "keywords": ("关键词", "keywords", "关键字"),
}
RELATIONSHIP_COLUMNS: dict[str, tuple[str, ...]] = {
    "chapter": ("章节", "chapter", "章"),
    "a": ("角色a", "a", "charactera"),
    "b": ("角色b", "b", "characterb"),
    "relation": ("关系", "relation", "relationship"),
    "change": ("变化", "change"),
    "note": ("说明", "note", "备注", "notes"),
}
REQUIRED = {FORESHADOWING: ("id", "planted"), RELATIONSHIP: ("chapter", "a", "b")}
COLUMNS = {FORESHADOWING: FORESHADOWING_COLUMNS, RELATIONSHIP: RELATIONSHIP_COLUMNS}
# How a field is written in a header when a message has to name it.
DISPLAY = {
    "id": "ID", "content": "内容", "planted": "埋设章节", "payoff": "计划回收", "status": "状态",
    "tier": "重要度", "characters": "相关角色", "keywords": "关键词", "chapter": "章节",
    "a": "角色A", "b": "角色B", "relation": "关系", "change": "变化", "note": "说明",
}  # fmt: skip

_PARENTHETICAL = re.compile(r"[（(][^（）()]*[)）]\s*$")
_MARKUP = str.maketrans("", "", "*_`~ \t\u3000")
_PLACEHOLDERS = {"", "-", "—", "–", "——", "?", "？", "待定", "未定", "tbd", "n/a", "na", "无", "/"}
_CHAPTER = re.compile(
    rf"^(?:第\s*([{NUMERAL_CHARS}]+)\s*[章回节]?|(?:ch(?:apter)?|c)\.?\s*([0-9０-９]+)|([{NUMERAL_CHARS}]+)\s*[章回节]?)$",
    re.IGNORECASE,
)
_LIST_SEPARATORS = re.compile(r"[,，、;；/／\s]+")


class Status(StrEnum):
    """Where a foreshadowing entry stands."""

    OPEN = "未回收"
    RESOLVED = "已回收"
    ABANDONED = "废弃"


_STATUS_WORDS = {
    Status.OPEN: ("未回收", "open", "待回收", "进行中", "未揭示"),
    Status.RESOLVED: ("已回收", "resolved", "回收", "closed"),
    Status.ABANDONED: ("废弃", "已废弃", "abandoned", "dropped"),
}
_STATUS_LOOKUP = {word: status for status, words in _STATUS_WORDS.items() for word in words}


def normalise_header(text: str) -> str:
    """Header text without markup, spaces or a trailing (parenthetical), case-folded."""
    return _PARENTHETICAL.sub("", text).translate(_MARKUP).casefold()


def classify(headers: list[str]) -> tuple[str, list[str | None], list[str]] | None:
    """(kind, field per column or None for extra columns, problems) or None for prose tables."""
    names = [normalise_header(header) for header in headers]
    complete: tuple[str, list[str | None]] | None = None
    partial: tuple[str, list[str | None]] | None = None
    for kind, columns in COLUMNS.items():
        lookup = {synonym: field for field, synonyms in columns.items() for synonym in synonyms}
        fields = [lookup.get(name) for name in names]
        found = {field for field in fields if field}
        if all(field in found for field in REQUIRED[kind]):
            complete = complete or (kind, fields)
        elif len(found) >= 3:
            # Most of a tracker's columns but not its key ones: a typo, not prose.
            partial = partial or (kind, fields)
    best = complete or partial
    if best is None:
        return None
    kind, fields = best
    problems = [
        f"the header looks like a {kind} table but has no {DISPLAY[field]} column"
        for field in REQUIRED[kind]
        if field not in fields
    ]
    seen: set[str] = set()
    for field in fields:
        if field and field in seen:
            problems.append(f"the header has two {DISPLAY[field]} columns")
        if field:
            seen.add(field)
    return kind, fields, problems


def plain(value: str) -> str:
    """A cell's value without surrounding emphasis or code markup."""
    return value.strip().strip("*_`~").strip()


def parse_chapter(value: str) -> int | None:
    """'3', '第3章', 'Ch3', '第十二章' -> the number; an empty or '待定' cell -> None."""
    text = plain(value)
    if text.casefold() in _PLACEHOLDERS:
        return None
    match = _CHAPTER.match(text)
    if not match:
        raise ValueError(f"{value.strip()!r} is not a chapter number")
    return parse_number(next(group for group in match.groups() if group))


def parse_status(value: str) -> tuple[Status, int | None]:
    """'未回收' / '已回收' / '已回收@18' / '废弃' (or English) -> (status, resolved chapter)."""
    text = plain(value).replace("＠", "@")
    word, at_sign, at = text.partition("@")
    word = word.strip()
    if not word:
        if at_sign:
            raise ValueError(f"{value.strip()!r} has a chapter but no status")
        return Status.OPEN, None
    status = _STATUS_LOOKUP.get(word.casefold())
    if status is None:
        raise ValueError(f"{value.strip()!r} is not a status (未回收, 已回收, 已回收@N or 废弃)")
    if not at_sign:
        return status, None
    if status is not Status.RESOLVED:
        raise ValueError(f"{value.strip()!r}: only 已回收 takes @chapter")
    chapter = parse_chapter(at)
    if chapter is None:
        raise ValueError(f"{value.strip()!r}: no chapter after @")
    return status, chapter


def parse_list(value: str) -> tuple[str, ...]:
    """'林风, 苏瑶' / '林风、苏瑶' / '玉佩；雷' -> the items, in order, without duplicates."""
    items = (plain(item) for item in _LIST_SEPARATORS.split(value))
    return tuple(dict.fromkeys(item for item in items if item and item not in _PLACEHOLDERS))
