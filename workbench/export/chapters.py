"""A chapter as every export format takes it: a heading and its paragraphs, Markdown gone.

A chapter file is Markdown the way authors write it: a `# 第1章 标题` heading, one paragraph
a line (blank lines between or not), now and then emphasis, a quote, a scene break or an
HTML comment the author left for themself. What goes out is the words: the first heading
becomes the chapter's heading (the file name's number and title when there is none), each
other line a paragraph with its marks and its indent (spaces, full-width or not) taken off.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from workbench.book.project import Project
from workbench.errors import WorkbenchError

SCENE_BREAK = "＊　＊　＊"
_HEADING = re.compile(r"^#{1,6}\s+(.*?)\s*#*\s*$")
_RULE = re.compile(r"^\s*([-*_])(\s*\1){2,}\s*$")
_COMMENT = re.compile(r"<!--.*?-->", re.DOTALL)
_IMAGE = re.compile(r"!\[[^\]]*\]\([^)]*\)")
_LINK = re.compile(r"\[([^\]]*)\]\([^)]*\)")
_STRONG = re.compile(r"(\*\*|__)(?=\S)(.+?)(?<=\S)\1")
_EMPHASIS = re.compile(r"(?<![*\\])\*(?=\S)([^*]+?)(?<=[^\s\\])\*(?!\*)")
_CODE = re.compile(r"`([^`]*)`")
_ESCAPE = re.compile(r"\\([\\`*_{}\[\]()#+\-.!>])")
_LINE_START = re.compile(r"^(?:>\s?)+|^(?:[-+*]|\d{1,3}[.)])\s+")
# Spaces of every width an author indents with, and characters XML may not carry.
_INDENT = " \t\u3000\u00a0"
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")


class NothingToExport(WorkbenchError):
    """The range names no chapter of the book."""


@dataclass(frozen=True)
class ExportChapter:
    """One chapter's heading and paragraphs, in reading order."""

    number: int
    heading: str
    paragraphs: tuple[str, ...]


def plain_line(line: str) -> str:
    """One line with its Markdown marks and its indent taken off."""
    line = _LINE_START.sub("", line.strip(_INDENT))
    line = _IMAGE.sub("", line)
    line = _LINK.sub(r"\1", line)
    line = _CODE.sub(r"\1", line)
    line = _STRONG.sub(r"\2", line)
    line = _EMPHASIS.sub(r"\1", line)
    line = _ESCAPE.sub(r"\1", line)
    return _NOT_XML.sub("", line).strip(_INDENT)


def export_chapter(number: int, fallback_heading: str, text: str) -> ExportChapter:
    """A chapter's text as heading and paragraphs; `fallback_heading` when it has no heading
    before its first paragraph."""
    heading = ""
    paragraphs: list[str] = []
    for raw in _COMMENT.sub("", text).splitlines():
        if _RULE.match(raw):
            if paragraphs:
                paragraphs.append(SCENE_BREAK)
            continue
        match = _HEADING.match(raw.strip(_INDENT))
        line = plain_line(match.group(1) if match else raw)
        if not line:
            continue
        if match and not heading and not paragraphs:
            heading = line
        else:
            paragraphs.append(line)
    while paragraphs and paragraphs[-1] == SCENE_BREAK:
        paragraphs.pop()
    return ExportChapter(number, heading or fallback_heading, tuple(paragraphs))


def book_chapters(
    project: Project, first: int | None = None, last: int | None = None
) -> list[ExportChapter]:
    """The chapters numbered `first` to `last` (the whole book when None), in order;
    NothingToExport naming the range when none is there."""
    chosen = [
        ref
        for ref in project.chapters
        if (first is None or ref.number >= first) and (last is None or ref.number <= last)
    ]
    if not chosen:
        listed = [ref.number for ref in project.chapters]
        have = f"its chapters are {listed[0]}-{listed[-1]}" if listed else "it has no chapters"
        asked = f"chapters {first}-{last}" if first is not None else "the book"
        raise NothingToExport(f"{project.root}: nothing to export in {asked}; {have}")
    result = []
    for ref in chosen:
        fallback = f"第{ref.number}章" + (f" {ref.title}" if ref.title else "")
        result.append(export_chapter(ref.number, fallback, project.read(ref.path).text))
    return result
