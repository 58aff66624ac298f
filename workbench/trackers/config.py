"""`[trackers]` in workbench.toml: the knobs of the tracker browser, with their defaults.

[trackers]
dormant_after = 30             # an open thread unseen for more than this many chapters is 沉寂
"""

from __future__ import annotations

from dataclasses import dataclass

from workbench.book.config_tables import config_table
from workbench.book.project import Project
from workbench.validation import setting

DEFAULT_DORMANT_AFTER = 30


@dataclass(frozen=True)
class TrackerConfig:
    """The project's tracker settings."""

    dormant_after: int = setting(DEFAULT_DORMANT_AFTER, ge=1, le=1_000_000)


def load_tracker_config(project: Project) -> TrackerConfig:
    """The project's `[trackers]` table; a bad value is a FileProblem naming workbench.toml."""
    return config_table(project, "trackers", TrackerConfig)
