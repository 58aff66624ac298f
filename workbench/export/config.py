"""What an export reads from workbench.toml: the book's title and author (`[project]`) and
the author's choice of blank lines between paragraphs (`[export]`)."""

from __future__ import annotations

from dataclasses import dataclass

from workbench.book.config_tables import config_table
from workbench.book.layout import Role
from workbench.book.project import Project
from workbench.errors import FileProblem
from workbench.validation import setting


@dataclass(frozen=True)
class ExportConfig:
    """`[export]`: blank lines between two paragraphs of platform text (0 for none)."""

    blank_lines: int = setting(1, ge=0, le=3)


@dataclass(frozen=True)
class BookInfo:
    """The title and author of the book being exported."""

    title: str
    author: str


def book_info(project: Project) -> BookInfo:
    """The `[project]` title and author; the folder's name stands in for a missing title.
    Only these two keys are read: the table is the book's own, and other keys belong to it."""
    table = project.config().get("project", {})
    path = project.role_path(Role.CONFIG)
    if not isinstance(table, dict):
        raise FileProblem(path, "[project] must be a table")
    values = {}
    for key in ("title", "author"):
        value = table.get(key, "")
        if not isinstance(value, str):
            raise FileProblem(path, f"invalid [project] settings: project.{key}: must be a string")
        values[key] = value.strip()
    return BookInfo(values["title"] or project.root.name, values["author"])


def export_config(project: Project) -> ExportConfig:
    """The project's `[export]` table (defaults when absent)."""
    return config_table(project, "export", ExportConfig)
