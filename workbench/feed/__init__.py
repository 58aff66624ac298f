"""The feed engine: what each agent call receives for one chapter (PRODUCT.md §3).

Three steps, named as the seeds name them: select the blocks a recipe names
(`select.py`), fit them to the budget (`budget.py`), rank what competes (`ranker.py`).
"""

from workbench.feed.build import FeedRequestProblem, build_feed, token_counter
from workbench.feed.model import Block, Checklist, Feed, Group, Layer, Ledger, Status
from workbench.feed.recipes import AGENTS, Recipe
from workbench.feed.tokens import TokenCounter

__all__ = [
    "AGENTS",
    "Block",
    "Checklist",
    "Feed",
    "FeedRequestProblem",
    "Group",
    "Layer",
    "Ledger",
    "Recipe",
    "Status",
    "TokenCounter",
    "build_feed",
    "token_counter",
]
