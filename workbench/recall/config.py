"""`[recall]` in workbench.toml: whether feeds carry 本章相关前文, how many passages, how much room.

[recall]
enabled = false    # true: MainWriter and FinalReviewer feeds carry the recall block
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

    # Off until the app builds the index in the background: a feed's first recall builds it
    # whole (minutes on a book of millions of 字), and a warm recall query is not yet within
    # the feed's speed target. `workbench recall` and the book-wide search work either way.
    enabled: bool = False
    count: int = setting(5, ge=1, le=50)
    share: float = setting(0.15, gt=0, le=1)


def load_recall_config(project: Project) -> RecallConfig:
    """The project's `[recall]` table; a bad value is a FileProblem naming workbench.toml."""
    return config_table(project, "recall", RecallConfig)
