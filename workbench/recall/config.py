"""`[recall]` in workbench.toml: whether feeds carry 本章相关前文, how many passages, how much room.

[recall]
enabled = true     # false: no feed carries the recall block (the index is still kept)
count = 5          # passages recalled for a chapter
share = 0.15       # the block's cap, as a share of the feed's budget
"""

from __future__ import annotations

from dataclasses import dataclass

from workbench.book.config_tables import config_table
from workbench.book.project import Project
from workbench.validation import setting


@dataclass(frozen=True)
class RecallConfig:
    """The recall block's knobs."""

    enabled: bool = True
    count: int = setting(5, ge=1, le=50)
    share: float = setting(0.15, gt=0, le=1)


def load_recall_config(project: Project) -> RecallConfig:
    """The project's `[recall]` table; a bad value is a FileProblem naming workbench.toml."""
    return config_table(project, "recall", RecallConfig)
