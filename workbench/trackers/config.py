"""`[trackers]` in workbench.toml: the knobs of the tracker browser, with their defaults, and
the project's own tracker kinds (trackers/kinds.py turns each into a TrackerKind).

[trackers]
dormant_after = 30             # an open thread unseen for more than this many chapters is 沉寂

[trackers.kinds.items]         # a tracker of the project's own: 法宝, 功法, 丹药 …
title = "法宝"                  # its tab in the tracker browser, its block in a feed
file = "references/items-tracker.md"
columns = ["名称", "持有者", "关键词", "获得章节", "变化章节", "说明"]
name_column = "名称"            # what names a row (its key, and what a chapter mentions)
keywords_column = "关键词"      # optional: more words that mean the row is named
planted_column = "获得章节"     # optional: the chapter it enters the story (not before)
changed_column = "变化章节"     # optional: the chapter it last changed
"""

from __future__ import annotations

from dataclasses import dataclass, field

from workbench.book.config_tables import config_table
from workbench.book.project import Project
from workbench.validation import setting

DEFAULT_DORMANT_AFTER = 30


@dataclass(frozen=True)
class KindConfig:
    """One `[trackers.kinds.KEY]` table: a tracker of the project's own."""

    title: str
    file: str
    columns: tuple[str, ...]
    name_column: str
    keywords_column: str = ""
    planted_column: str = ""
    changed_column: str = ""

    def __post_init__(self) -> None:
        if not self.title.strip():
            raise ValueError("title: must name the tracker")
        if not self.file.endswith(".md"):
            raise ValueError(f"file: {self.file!r} must be a Markdown (.md) file")
        if not self.columns or len(set(self.columns)) != len(self.columns):
            raise ValueError("columns: must list each column once")
        roles = ("name_column", "keywords_column", "planted_column", "changed_column")
        for role in roles:
            column = getattr(self, role)
            if (column or role == "name_column") and column not in self.columns:
                raise ValueError(f"{role}: {column!r} is not one of the columns")


@dataclass(frozen=True)
class TrackerConfig:
    """The project's tracker settings."""

    dormant_after: int = setting(DEFAULT_DORMANT_AFTER, ge=1, le=1_000_000)
    kinds: dict[str, KindConfig] = field(default_factory=dict)


def load_tracker_config(project: Project) -> TrackerConfig:
    """The project's `[trackers]` table; a bad value is a FileProblem naming workbench.toml."""
    return config_table(project, "trackers", TrackerConfig)
