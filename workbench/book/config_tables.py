"""One `[table]` of workbench.toml read into a dataclass, with messages naming the file."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Protocol, TypeVar

from workbench.book.layout import Role
from workbench.errors import FileProblem
from workbench.validation import Invalid, from_data

Config = TypeVar("Config")


class ConfigSource(Protocol):
    """What reading a table of workbench.toml uses of a project (book/project.py's Project;
    named by its shape so that modules below the project may read their settings)."""

    def config(self) -> dict: ...

    def role_path(self, role: Any) -> Path: ...


def config_table(project: ConfigSource, name: str, config: type[Config]) -> Config:
    """The project's `[name]` table (defaults when absent); a bad value is a FileProblem
    naming workbench.toml and the key, e.g. `invalid [feed] settings: feed.budget: …`."""
    table = project.config().get(name, {})
    path = project.role_path(Role.CONFIG)
    if not isinstance(table, dict):
        raise FileProblem(path, f"[{name}] must be a table")
    try:
        return from_data(config, table)
    except Invalid as error:
        located = ((f"{name}.{where}" if where else name, what) for where, what in error.problems)
        problems = "; ".join(f"{where}: {what}" for where, what in located)
        raise FileProblem(path, f"invalid [{name}] settings: {problems}") from None
