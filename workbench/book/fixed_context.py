"""`references/fixed-context.md`: the fixed layer, and which source files it was made from.

Shape (also what `workbench fixed-context` writes):

    # 固定层上下文

    <!-- workbench:sources
    worldbuilding/world.md sha256=<hex>
    -->

    ## 世界观摘要
    ## 角色圣经摘要
    ## 全书大纲        (or 全书大纲摘要 when the outline was compressed)
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from enum import StrEnum

from workbench.book.layout import Role
from workbench.book.project import Project
from workbench.book.sections import sections
from workbench.reasons import Reason

SOURCE_ROLES = (Role.WORLD, Role.PROTAGONIST, Role.CHARACTERS, Role.OUTLINE)
_SOURCES = re.compile(r"<!--\s*workbench:sources\s*\n(.*?)-->", re.DOTALL)
_SOURCE_LINE = re.compile(r"^\s*(\S.*?)\s+sha256=([0-9a-f]{64})\s*$")


class FixedPart(StrEnum):
    """The three blocks of the fixed layer, by their headings."""

    WORLD = "世界观摘要"
    CHARACTERS = "角色圣经摘要"
    OUTLINE = "全书大纲"


CAPS = {FixedPart.WORLD: 1500, FixedPart.CHARACTERS: 2000, FixedPart.OUTLINE: 3000}
OUTLINE_SUMMARY_TITLE = "全书大纲摘要"
# Each part's heading as a Reason (its text is the heading), for feeds and progress.
PART_TITLES = {
    FixedPart.WORLD: Reason("title.world_summary"),
    FixedPart.CHARACTERS: Reason("title.cast_summary"),
    FixedPart.OUTLINE: Reason("title.outline"),
}


@dataclass
class FixedContext:
    """The parsed file: each part's text (absent parts missing) and the recorded sources."""

    parts: dict[FixedPart, str] = field(default_factory=dict)
    sources: dict[str, str] = field(default_factory=dict)
    outline_compressed: bool = False


def parse_fixed_context(text: str) -> FixedContext:
    """Read the parts by their `##` headings and the sources comment."""
    result = FixedContext()
    for section in sections(text):
        if section.level != 2:
            continue
        title = section.title.strip()
        if title == OUTLINE_SUMMARY_TITLE:
            result.parts[FixedPart.OUTLINE] = section.body(text)
            result.outline_compressed = True
        elif title in FixedPart._value2member_map_:
            result.parts[FixedPart(title)] = section.body(text)
    match = _SOURCES.search(text)
    if match:
        for line in match.group(1).splitlines():
            source = _SOURCE_LINE.match(line)
            if source:
                result.sources[source.group(1)] = source.group(2)
    return result


def source_hashes(project: Project) -> dict[str, str]:
    """Current hashes of the files the fixed layer is made from (those that exist)."""
    hashes = {}
    for role in SOURCE_ROLES:
        loaded = project.read_role(role)
        if loaded is not None:
            hashes[project.relative(loaded.path)] = loaded.sha256
    return hashes


def stale_sources(project: Project, fixed: FixedContext) -> list[str]:
    """Source files changed, added or removed since the fixed context was generated."""
    current = source_hashes(project)
    names = sorted(set(current) | set(fixed.sources))
    return [name for name in names if current.get(name) != fixed.sources.get(name)]


def render_fixed_context(
    parts: dict[FixedPart, str], sources: dict[str, str], *, outline_compressed: bool
) -> str:
    """The file's text for the given parts, in the shape the module docstring shows."""
    lines = ["# 固定层上下文", "", "<!-- workbench:sources"]
    lines += [f"{name} sha256={digest}" for name, digest in sorted(sources.items())]
    lines += ["-->", ""]
    for part in FixedPart:
        title = OUTLINE_SUMMARY_TITLE if part is FixedPart.OUTLINE and outline_compressed else part
        lines += [f"## {title}", "", parts.get(part, "").strip("\n"), ""]
    return "\n".join(lines)
