"""`[history]` in workbench.toml: how long versions are kept and how much room they take."""

from __future__ import annotations

from dataclasses import dataclass

from workbench.book.config_tables import ConfigSource, config_table
from workbench.validation import setting


@dataclass(frozen=True)
class HistoryConfig:
    """Every version of the last `every_days`, then one a day for `daily_days` more, then one
    a week; the versions' compressed bytes beyond `max_megabytes` go oldest first."""

    every_days: int = setting(7, ge=0, le=3650)
    daily_days: int = setting(60, ge=0, le=3650)
    max_megabytes: int = setting(256, ge=1, le=1024 * 1024)

    @property
    def max_bytes(self) -> int:
        """The size cap in bytes."""
        return self.max_megabytes * 1024 * 1024


def history_config(project: ConfigSource) -> HistoryConfig:
    """The project's `[history]` table (defaults when absent)."""
    return config_table(project, "history", HistoryConfig)
