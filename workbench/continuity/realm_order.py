"""The ordered realms of the world file's 力量体系 section: a `→` sequence (炼气→筑基→金丹),
a `、` sequence of short names (炼气、筑基、金丹、元婴), or a numbered list whose items
start with the realm's name (`1. **炼气**（一至九层）：…`)."""

from __future__ import annotations

import re

from workbench.book.layout import Role
from workbench.book.project import Project
from workbench.book.sections import find_section
from workbench.feed.power import POWER_SYSTEM

MIN_REALMS = 3  # fewer is no sequence to slip against
MIN_REALM_LENGTH = 2  # 兵、将、谋 is no ladder of realms: one character matches anywhere
MAX_REALM_LENGTH = 4  # 炼气, 大乘, 渡劫期: a longer item is a sentence
_NOTES = re.compile(r"[（(][^（）()]*[)）]")
_MARKUP = re.compile(r"[*_`~]")
_NUMBERED = re.compile(r"^[ \t]*(?:\d+|[一二三四五六七八九十]+)[.、．)）][ \t]*(.+)$")
_NAME = re.compile(rf"^([\u4e00-\u9fff]{{{MIN_REALM_LENGTH},{MAX_REALM_LENGTH}}})")
_SEQUENCE_ITEM = re.compile(rf"^[\u4e00-\u9fff]{{{MIN_REALM_LENGTH},{MAX_REALM_LENGTH}}}$")


def realm_order(project: Project) -> tuple[str, ...]:
    """The book's realms from lowest to highest; () when the world file lists none."""
    world = project.read_role(Role.WORLD)
    if world is None:
        return ()
    section = find_section(world.text, lambda title: POWER_SYSTEM in title)
    return parse_realms(section.whole(world.text)) if section is not None else ()


def parse_realms(text: str) -> tuple[str, ...]:
    """The first sequence in the text: a → or 、 line, else a numbered list."""
    lines = [_MARKUP.sub("", _NOTES.sub("", line)) for line in text.splitlines()]
    for separator in ("→", "、"):
        for line in lines:
            if line.count(separator) + 1 < MIN_REALMS:
                continue
            body = line.split("：", 1)[-1].split(":", 1)[-1]
            items = [item.strip(" \t-—。；;") for item in body.split(separator)]
            items = [_leading_name(item) for item in items]
            if len(items) >= MIN_REALMS and all(items):
                return _distinct(items)
    numbered = []
    for line in lines:
        match = _NUMBERED.match(line)
        if match:
            name = _NAME.match(match.group(1).strip())
            if name:
                numbered.append(name.group(1))
        elif numbered and line.strip() and not line.startswith((" ", "\t")):
            break  # the list has ended
    return _distinct(numbered) if len(numbered) >= MIN_REALMS else ()


def _leading_name(item: str) -> str:
    item = item.strip()
    if _SEQUENCE_ITEM.match(item):
        return item
    match = _NAME.match(item)
    # 炼气（一至九层） lost its note above; 化神期 or 元婴境 keep their suffix.
    return match.group(1) if match and len(item) <= MAX_REALM_LENGTH + 2 else ""


def _distinct(items: list[str]) -> tuple[str, ...]:
    return tuple(dict.fromkeys(items))
