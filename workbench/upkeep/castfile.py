"""Edits of the character files for accepted proposals: a new `##` section at the end of
characters.md for a new character, a name added to a member's 别名 line for an alias. Every
other byte stays as it was; the result is read back as a cast and refused unless it holds
exactly what was meant."""

from __future__ import annotations

import re

from workbench.book.characters import Character, characters_in_file, clean_name, protagonist_in_file
from workbench.book.sections import Section, sections
from workbench.upkeep.errors import AcceptRefused

_ALIAS_LINE = re.compile(
    r"^([ \t]*(?:[-*+][ \t]+)?(?:\*\*)?(?:别名|别称|外号)(?:\*\*)?[ \t]*(?:\*\*)?[：:](?:\*\*)?)"
    r"([ \t]*)(.*?)([ \t]*)$",
    re.M,
)
_SEPARATORS = ("、", "，", ",", "/", "；")
# The cast file Workbench keeps for aliases of characters whose own source it may not edit
# (webnovel-writer's memory), in the layout's character folder so the cast reads it.
OWNED_CAST_FILE = "workbench-aliases.md"


def with_new_character(text: str, source: str, name: str, chapter: int, evidence: str) -> str:
    """characters.md with a section for `name` at the end: where they first appear."""
    newline = "\r\n" if "\r\n" in text else "\n"
    body = text
    if body and not body.endswith(("\n", "\r")):
        body += newline
    if body.strip():
        body += newline
    quote = " ".join(evidence.split())
    body += newline.join(
        [f"## {name}", "", f"- 首次出场：第{chapter}章", f"- 出处：「{quote}」", ""]
    )
    described = characters_in_file(body, source).characters
    if not any(c.name == name for c in described):
        raise AcceptRefused(f"{source}: a section for {name} would not read back as a character")
    return body


def with_alias(text: str, source: str, character: Character, alias: str) -> str:
    """The character's file text with `alias` added to their 别名 line (or a 别名 line
    added under their heading when they have none)."""
    heading = _heading_of(text, character)
    if heading is None:
        raise AcceptRefused(f"{source}: no section headed {character.name} to add {alias} to")
    body_start, end = heading
    section = text[body_start:end]
    match = _ALIAS_LINE.search(section)
    if match:
        values = match.group(3)
        separator = next((s for s in _SEPARATORS if s in values), "、")
        joined = f"{values}{separator}{alias}" if values.strip() else alias
        line_start, line_end = body_start + match.start(3), body_start + match.end(3)
        edited = text[:line_start] + joined + text[line_end:]
    else:
        newline = "\r\n" if "\r\n" in text else "\n"
        edited = text[:body_start] + f"{newline}别名：{alias}{newline}" + text[body_start:]
    _check_alias(edited, source, character, alias)
    return edited


def with_owned_alias(text: str, source: str, name: str, alias: str) -> str:
    """Workbench's own cast file with `alias` added for `name`, their section made when it
    is not there yet; a section names its person twice, by heading and by 姓名, so it reads
    the same as a character list and as a webnovel-writer card."""
    character = Character(name, (), False, source)
    if _heading_of(text, character) is not None:
        return with_alias(text, source, character, alias)
    body = text if not text or text.endswith("\n") else text + "\n"
    if not body.strip():
        body = "# Workbench 记下的别名\n"
    body += f"\n## {name}\n\n- 姓名：{name}\n- 别名：{alias}\n"
    _check_alias(body, source, character, alias)
    return body


def _heading_of(text: str, character: Character) -> tuple[int, int] | None:
    """(body start, end) of the character's own section: the `##` headed by their
    name, else (a protagonist file) the file's first heading."""
    found = sections(text)
    for section in found:
        if section.level == 2 and clean_name(section.title) == character.name:
            return section.body_start, _own_end(found, section)
    if character.protagonist and found:
        first = found[0]
        nested = [s for s in found if s.level > first.level and s.start > first.start]
        end = nested[0].start if nested else first.end
        return first.body_start, end
    return None


def _own_end(found: list[Section], section: Section) -> int:
    """Where the section's own text ends (before its first `###` part)."""
    parts = [s for s in found if s.start > section.start and s.start < section.end]
    return parts[0].start if parts else section.end


def _check_alias(text: str, source: str, character: Character, alias: str) -> None:
    reader = protagonist_in_file if character.protagonist else characters_in_file
    described = reader(text, source).characters
    found = next((c for c in described if c.name == character.name), None)
    if found is None or alias not in found.aliases:
        raise AcceptRefused(
            f"{source}: {alias} would not read back as an alias of {character.name}"
        )
