"""One `[table]` of workbench.toml read into a pydantic model, with messages naming the file."""

from __future__ import annotations

from typing import TypeVar

from pydantic import BaseModel, ValidationError

from workbench.book.layout import Role
from workbench.book.project import Project
from workbench.errors import FileProblem

Model = TypeVar("Model", bound=BaseModel)


def config_table(project: Project, name: str, model: type[Model]) -> Model:
    """The project's `[name]` table (defaults when absent); a bad value is a FileProblem
    naming workbench.toml and the key, e.g. `invalid [feed] settings: feed.budget: …`."""
    table = project.config().get(name, {})
    path = project.role_path(Role.CONFIG)
    if not isinstance(table, dict):
        raise FileProblem(path, f"[{name}] must be a table")
    try:
        return model.model_validate(table)
    except ValidationError as error:
        problems = "; ".join(
            f"{name}.{'.'.join(str(p) for p in e['loc'])}: {e['msg']}" for e in error.errors()
        )
        raise FileProblem(path, f"invalid [{name}] settings: {problems}") from error
