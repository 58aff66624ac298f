"""Chapter plans (本章规划): a plan file with YAML front matter, else the outline's section."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Protocol

from workbench.book.numerals import NUMERAL_CHARS, parse_number
from workbench.book.plain_yaml import plain_mapping
from workbench.book.textio import TextFile
from workbench.errors import FileProblem

CHAPTER_TYPES = ("plot", "battle", "emotion", "transition")
OUTLINE_PLAN_CAP = 1500
TRUNCATION_MARK = "…(已截断)"
MAX_FRONT_MATTER = 16_000  # characters; a plan's front matter is a handful of short keys

_FRONT_MATTER = re.compile(r"\A\ufeff?---[ \t]*\r?\n(.*?)\r?\n---[ \t]*(?:\r?\n|\Z)", re.DOTALL)
_OPENING = re.compile(r"\A\ufeff?---[ \t]*\r?\n")
_HEADING = re.compile(r"^(#{1,6})[ \t]+(.*)$", re.MULTILINE)
_CHAPTER_HEADING = re.compile(rf"^第[ \t]*([{NUMERAL_CHARS}]+)[ \t]*[章回节]")


@dataclass(frozen=True)
class Plan:
    """What the author plans for one chapter."""

    chapter: int
    body: str
    source: Path
    type: str = "plot"
    act_end: bool = False
    characters: tuple[str, ...] = ()
    location: str = ""
    from_outline: bool = False
    truncated: bool = False
    type_given: bool = False  # the front matter names the type (else it is the default)
    extra: dict = field(default_factory=dict)


def split_front_matter(text: str, path: Path | str) -> tuple[dict, str]:
    """(front matter mapping, body); a malformed block is a FileProblem naming the file."""
    match = _FRONT_MATTER.match(text)
    if not match:
        if _OPENING.match(text):
            raise FileProblem(path, "front matter has no closing --- line")
        return {}, text
    block = match.group(1)
    if len(block) > MAX_FRONT_MATTER:
        raise FileProblem(path, f"front matter is over {MAX_FRONT_MATTER} characters")
    data = plain_mapping(block)
    if data is None:
        data = _yaml_mapping(block, path)
    return data, text[match.end() :]


def _yaml_mapping(block: str, path: Path | str) -> dict:
    """Front matter that is not plain `key: value` lines, read by PyYAML (imported only then),
    refusing aliases."""
    import yaml

    try:
        _refuse_aliases(block, path)
        data = yaml.safe_load(block) or {}
    except yaml.YAMLError as error:
        raise FileProblem(path, f"front matter is not valid YAML: {error}") from error
    if not isinstance(data, dict):
        raise FileProblem(path, "front matter must be a mapping of keys to values")
    return data


_TYPE_LINE = re.compile(r"^(type[ \t]*:[ \t]*)([^#\r\n]*?)([ \t]*(?:#[^\r\n]*)?)$", re.MULTILINE)


def with_chapter_type(text: str, chapter_type: str, path: Path | str = "<plan>") -> str:
    """The plan's text with its front matter's `type:` set to `chapter_type`, every other
    byte as it was: the value on an existing `type:` line is replaced (a comment after it
    kept), else a `type:` line closes the front matter, else a front matter is added."""
    if chapter_type not in CHAPTER_TYPES:
        raise FileProblem(path, f"type must be one of {', '.join(CHAPTER_TYPES)}")
    split_front_matter(text, path)  # a malformed front matter is reported, never rewritten
    newline = "\r\n" if "\r\n" in text else "\n"
    match = _FRONT_MATTER.match(text)
    if match is None:
        bom = "\ufeff" if text.startswith("\ufeff") else ""
        return f"{bom}---{newline}type: {chapter_type}{newline}---{newline}" + text[len(bom) :]
    start, end = match.span(1)
    block = match.group(1)
    if _TYPE_LINE.search(block):
        block = _TYPE_LINE.sub(lambda m: m.group(1) + chapter_type + m.group(3), block, count=1)
    else:
        block = (block + newline if block else "") + f"type: {chapter_type}"
    return text[:start] + block + text[end:]


class PlanFiles(Protocol):
    """What write_chapter_type uses of a book.project.Project (which reads its plans through
    this module, so it cannot be imported here)."""

    def plan_file(self, number: int) -> Path | None: ...
    def plan(self, number: int) -> Plan | None: ...
    def update(self, path: Path, change: Callable[[TextFile | None], str]) -> TextFile: ...


@dataclass(frozen=True)
class TypeWritten:
    """A chapter type written into a plan: the plan, its text before, the hash of its bytes
    after (what an undo needs to put it back only while nobody changed it since)."""

    path: Path
    before: str
    written_sha256: str


def write_chapter_type(project: PlanFiles, chapter: int, chapter_type: str) -> TypeWritten | None:
    """Write `type:` into chapter N's plan front matter, nothing else in the file; None when
    chapter N has no plan file. A plan that does not parse is never rewritten; the file is
    read and written under its lock (the summary process may write)."""
    path = project.plan_file(chapter)
    if path is None:
        return None
    project.plan(chapter)  # raises for a plan that does not parse
    before: list[str] = []

    def retyped(now: TextFile | None) -> str:
        before.append(now.text if now else "")
        return with_chapter_type(before[-1], chapter_type, path)

    written = project.update(path, retyped)
    return TypeWritten(path, before[-1], written.sha256)


def _refuse_aliases(block: str, path: Path | str) -> None:
    import yaml

    # safe_load builds no objects but shares aliased ones, so nine nested aliases make a
    # value whose text is billions of names long; a plan never needs an alias at all.
    for event in yaml.parse(block, Loader=yaml.SafeLoader):
        if isinstance(event, yaml.AliasEvent):
            line = event.start_mark.line + 2  # +1 for 1-based, +1 for the opening ---
            alias = f"*{event.anchor}"
            raise FileProblem(path, f"line {line}: front matter uses a YAML alias ({alias})")


@lru_cache(maxsize=64)
def plan_from_file(chapter: int, path: Path, text: str) -> Plan:
    """Read a plan file's front matter (type, act_end, characters, location) and body
    (remembered by its text: a feed reads the plan several times, and parsing the YAML was a
    tenth of the feed rebuilt after a save)."""
    meta, body = split_front_matter(text, path)
    chapter_type = str(meta.get("type", "plot")).strip() or "plot"
    if chapter_type not in CHAPTER_TYPES:
        allowed = ", ".join(CHAPTER_TYPES)
        raise FileProblem(path, f"type must be one of {allowed}, not {chapter_type!r}")
    characters = meta.get("characters") or []
    if isinstance(characters, str):
        characters = re.split(r"[,，、\s]+", characters)
    known = {"type", "act_end", "characters", "location"}
    return Plan(
        chapter=chapter,
        body=body.strip("\n"),
        source=path,
        type=chapter_type,
        type_given="type" in meta,
        act_end=meta.get("act_end") is True,
        characters=tuple(str(c).strip() for c in characters if str(c).strip()),
        location=str(meta.get("location") or ""),
        extra={k: v for k, v in meta.items() if k not in known},
    )


def outline_section(outline_text: str, chapter: int) -> str | None:
    """The outline section headed 第N章 (any heading level), heading included, or None."""
    headings = list(_HEADING.finditer(outline_text))
    for index, heading in enumerate(headings):
        match = _CHAPTER_HEADING.match(heading.group(2).strip())
        if not match:
            continue
        try:
            number = parse_number(match.group(1))
        except ValueError:
            continue
        if number != chapter:
            continue
        level = len(heading.group(1))
        end = len(outline_text)
        for later in headings[index + 1 :]:
            if len(later.group(1)) <= level:
                end = later.start()
                break
        return outline_text[heading.start() : end].strip("\n")
    return None


def plan_from_outline(chapter: int, path: Path, outline_text: str) -> Plan | None:
    """A plan cut from the outline's 第N章 section, at most 1500 characters."""
    section = outline_section(outline_text, chapter)
    if section is None:
        return None
    truncated = len(section) > OUTLINE_PLAN_CAP
    if truncated:
        section = section[:OUTLINE_PLAN_CAP] + TRUNCATION_MARK
    return Plan(chapter=chapter, body=section, source=path, from_outline=True, truncated=truncated)
