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

import re
from dataclasses import dataclass, field

from workbench.book.config_tables import config_table
from workbench.book.layout import Role
from workbench.book.project import Project
from workbench.errors import FileProblem
from workbench.validation import setting

DEFAULT_DORMANT_AFTER = 30
# A book keeps a handful of its own trackers, each a table of a dozen columns; past these
# bounds a declaration is a mistake (or an attack), and every feed and check would pay for it.
MAX_KINDS = 32
MAX_COLUMNS = 40
MAX_NAME_CHARS = 40  # a title or a column name: a tab, a heading, a table header
KEY = re.compile(r"[\w-]{1,40}")
# A title or column goes into a feed's headings and a table's header: one line, no pipes.
_NOT_IN_A_NAME = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029|]")


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
        if len(self.columns) > MAX_COLUMNS:
            raise ValueError(f"columns: {len(self.columns):,}, more than the {MAX_COLUMNS} allowed")
        named = [("title", self.title)] + [("columns", column) for column in self.columns]
        for which, name in named:
            if len(name) > MAX_NAME_CHARS or _NOT_IN_A_NAME.search(name):
                raise ValueError(
                    f"{which}: {name[:MAX_NAME_CHARS]!r} must be one line of at most "
                    f"{MAX_NAME_CHARS} characters, without control characters or |"
                )
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
    """The project's `[trackers]` table; a bad value is a FileProblem naming workbench.toml.
    How many kinds there are, and their keys, are checked before any is read."""
    table = project.config().get("trackers", {})
    kinds = table.get("kinds", {}) if isinstance(table, dict) else {}
    if isinstance(kinds, dict):
        path = project.role_path(Role.CONFIG)
        if len(kinds) > MAX_KINDS:
            raise FileProblem(
                path, f"[trackers.kinds]: {len(kinds):,} kinds, more than the {MAX_KINDS} allowed"
            )
        for key in kinds:
            if not KEY.fullmatch(key):
                raise FileProblem(
                    path,
                    f"[trackers.kinds]: the key {key[:MAX_NAME_CHARS]!r} must be up to "
                    f"{MAX_NAME_CHARS} letters, digits, _ or -",
                )
    return config_table(project, "trackers", TrackerConfig)
