"""Tracker cells read: header text normalised for matching, and the values of chapter,
status and list cells parsed. (Which columns each kind has is trackers/kinds.py.)"""

from __future__ import annotations

import re
from enum import StrEnum

from workbench.book.numerals import NUMERAL_CHARS, parse_number

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
