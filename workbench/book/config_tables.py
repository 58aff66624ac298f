"""One `[table]` of workbench.toml read into a dataclass, with messages naming the file."""

from __future__ import annotations

from typing import TypeVar

from workbench.book.layout import Role
from workbench.book.project import Project
from workbench.errors import FileProblem
from workbench.validation import Invalid, from_data

Config = TypeVar("Config")


def config_table(project: Project, name: str, config: type[Config]) -> Config:
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
