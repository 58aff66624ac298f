"""The feed engine: what each agent call receives for one chapter (PRODUCT.md §3).

Three steps, named as the seeds name them: select the blocks a recipe names
(`select.py`), fit them to the budget (`budget.py`), rank what competes (`ranker.py`).

The names below load with the submodule that holds them, when first asked for: the window
names the feed's model and the recipes at import, and its first paint needs no feed built
(issue #28), so the builder, the budget and the trackers it reads load when a feed is built.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from workbench.lazy_exports import lazy_exports

if TYPE_CHECKING:
    from workbench.feed.build import FeedRequestProblem, build_feed, token_counter
    from workbench.feed.model import Block, Checklist, Feed, Group, Layer, Ledger, Status
    from workbench.feed.recipes import AGENTS, Recipe
    from workbench.feed.tokens import TokenCounter

_SUBMODULE = {
    "FeedRequestProblem": "build",
    "build_feed": "build",
    "token_counter": "build",
    "Block": "model",
    "Checklist": "model",
    "Feed": "model",
    "Group": "model",
    "Layer": "model",
    "Ledger": "model",
    "Status": "model",
    "AGENTS": "recipes",
    "Recipe": "recipes",
    "TokenCounter": "tokens",
}


__getattr__ = lazy_exports(__name__, _SUBMODULE)


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
