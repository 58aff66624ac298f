"""`[continuity]` in workbench.toml: the names the author marked as intended.

[continuity]
intended_names = ["沈青梅"]    # separate characters, never reported as a drifted name
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from workbench.book.bounded_toml import parse_toml
from workbench.book.config_tables import config_table
from workbench.book.layout import Role
from workbench.book.project import Project
from workbench.errors import FileProblem
from workbench.validation import setting

TABLE = "continuity"
_TABLE_HEADER = re.compile(r"^[ \t]*\[[ \t]*continuity[ \t]*\][ \t]*$", re.M)
_ANY_HEADER = re.compile(r"^[ \t]*\[", re.M)
_KEY_LINE = re.compile(r"^[ \t]*intended_names[ \t]*=.*$", re.M)


@dataclass(frozen=True)
class ContinuityConfig:
    """The project's continuity settings."""

    intended_names: tuple[str, ...] = setting(())


def load_continuity_config(project: Project) -> ContinuityConfig:
    """The `[continuity]` table; a bad value is a FileProblem naming workbench.toml."""
    return config_table(project, TABLE, ContinuityConfig)


def add_intended_name(project: Project, name: str) -> None:
    """Remember a name as intended (another character): workbench.toml's
    `[continuity] intended_names` gets it, every other byte of the file as it was."""
    path = project.role_path(Role.CONFIG)
    text = project.read(path).text if path.is_file() else ""
    names = list(load_continuity_config(project).intended_names)
    if name in names:
        return
    line = "intended_names = [" + ", ".join(_quoted(n) for n in [*names, name]) + "]"
    header = _TABLE_HEADER.search(text)
    if header is None:
        updated = text + ("" if text.endswith("\n") or not text else "\n")
        updated += ("\n" if text else "") + f"[{TABLE}]\n{line}\n"
    else:
        body_start = header.end() + 1
        next_header = _ANY_HEADER.search(text, body_start)
        body_end = next_header.start() if next_header else len(text)
        existing = _KEY_LINE.search(text, body_start, body_end)
        if existing is None:
            updated = text[:body_start] + line + "\n" + text[body_start:]
        else:
            updated = text[: existing.start()] + line + text[existing.end() :]
    parsed = parse_toml(updated, path).get(TABLE, {}).get("intended_names")
    if parsed != [*names, name]:
        raise FileProblem(
            path, "[continuity] intended_names spans several lines; add the name there by hand"
        )
    project.write(path, updated)


def _quoted(name: str) -> str:
    return '"' + name.replace("\\", "\\\\").replace('"', '\\"') + '"'
