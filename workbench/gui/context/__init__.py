"""The context panel: the feed the next agent call receives, live (model, views, worker)."""

from workbench.gui.context.dock import ContextDock
from workbench.gui.context.panel import ContextPanel

__all__ = ["ContextDock", "ContextPanel"]
