"""Feeds for the context panel, built off the GUI thread over copies of the editor's text.

The panel hands its latest-only `Background` a request (agent, chapter, chapter type, the
unsaved buffers as plain strings) and goes on; `build_panel_feed` builds the feed through a
read-only view of the project (`Project.with_buffers`) and returns a `PanelFeed` carrying its
job id, so the panel can tell the newest from an older one.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from workbench.book.project import Project
from workbench.errors import WorkbenchError
from workbench.gui.background import Job
from workbench.gui.file_problems import problem_text

if TYPE_CHECKING:
    from workbench.feed import Feed
    from workbench.feed.pins import PinCheck


@dataclass(frozen=True)
class FeedRequest:
    """What the panel shows: which agent, which chapter, which chapter type (None: as the
    plan says), and for BattleAgent the passage selected in that chapter's editor."""

    agent: str
    chapter: int
    chapter_type: str | None = None
    passage: tuple[int, int] | None = None


@dataclass
class PanelFeed:
    """A built feed with what the panel shows beside it."""

    job_id: int
    request: FeedRequest
    feed: Feed | None = None
    pins: list[PinCheck] = field(default_factory=list)
    item_tokens: dict[tuple[str, str], int] = field(default_factory=dict)  # (block, item)
    buffered: tuple[str, ...] = ()  # project-relative files read from unsaved text
    error: str = ""


def build_panel_feed(
    job: Job, project: Project, request: FeedRequest, buffers: dict[Path, str]
) -> PanelFeed:
    """The feed and its pins over the buffers; a WorkbenchError becomes the result's message."""
    # The feed builder loads here, on the worker, for the first feed: the window's first
    # paint does not wait for it (issue #28).
    from workbench.feed import build_feed, token_counter
    from workbench.feed.pins import check_pins

    result = PanelFeed(job.id, request)
    view = project.with_buffers(buffers)
    result.buffered = tuple(sorted(view.relative(path) for path in buffers))
    try:
        feed = build_feed(
            view,
            request.agent,
            request.chapter,
            chapter_type=request.chapter_type,
            passage=request.passage,
            debug_scores=True,
        )
        result.pins = check_pins(view)
    except WorkbenchError as error:
        result.error = problem_text(error)
        return result
    counter = token_counter(view, feed.profile)
    for block in feed.blocks:
        for item in block.items:
            result.item_tokens[(block.id, item.key)] = counter.count(item.text)
    result.feed = feed
    return result
