"""`[trackers]` in workbench.toml: the knobs of the tracker browser, with their defaults.

[trackers]
dormant_after = 30             # an open thread unseen for more than this many chapters is 沉寂
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from workbench.book.layout import Role
from workbench.book.project import Project
from workbench.errors import FileProblem

DEFAULT_DORMANT_AFTER = 30


class TrackerConfig(BaseModel):
    """The project's tracker settings."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    dormant_after: int = Field(default=DEFAULT_DORMANT_AFTER, ge=1, le=1_000_000)


def load_tracker_config(project: Project) -> TrackerConfig:
    """The project's `[trackers]` table; a bad value is a FileProblem naming workbench.toml."""
    table = project.config().get("trackers", {})
    path = project.role_path(Role.CONFIG)
    if not isinstance(table, dict):
        raise FileProblem(path, "[trackers] must be a table")
    try:
        return TrackerConfig.model_validate(table)
    except ValidationError as error:
        problems = "; ".join(
            f"trackers.{'.'.join(str(p) for p in e['loc'])}: {e['msg']}" for e in error.errors()
        )
        raise FileProblem(path, f"invalid [trackers] settings: {problems}") from error
