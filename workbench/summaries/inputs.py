"""The input of a rolling-summary job: the RollingSummarizer feed (previous summary + raw
chapters X..Y) from the feed engine — one source of truth for what the summariser sees —
as Markdown for a model and as its blocks' texts for the offline backend."""

from __future__ import annotations

from workbench.book.project import Project
from workbench.reasons import Reason, reasons
from workbench.summaries.errors import SummaryRejected
from workbench.summaries.requests import ChapterText, RollingRequest
from workbench.summaries.rolling import SummaryJob

AGENT = "RollingSummarizer"
CHAPTER_KINDS = ("raw_chapter", "chapter")


def rolling_request(
    project: Project, job: SummaryJob, *, with_material: bool = True
) -> RollingRequest:
    """What the summariser sees for this job; SummaryRejected when the feed is not ready
    (say, the previous range has no summary yet), naming what is missing. Without
    `with_material` the feed is not rendered (its material is "") nor its tokens counted."""
    # The feed engine loads with the first job, not with the window that queues it (#28).
    from workbench.feed.build import build_feed
    from workbench.feed.render import feed_markdown

    feed = build_feed(
        project, AGENT, chapter=job.end, first_chapter=job.start, count_tokens=with_material
    )
    if not feed.ready:
        problems = [
            Reason("summary.checklist_line", item.label, reasons(*item.missing) or "✗")
            for item in feed.checklist.items
            if item.applicable and not item.ok
        ]
        not_ready = Reason("summary.feed_not_ready", AGENT, Reason("summary.problems", *problems))
        raise SummaryRejected(job.what, not_ready)
    chapters = sorted(
        (
            ChapterText(block.chapter, block.text)
            for block in feed.blocks
            if block.kind in CHAPTER_KINDS and block.present and block.chapter is not None
        ),
        key=lambda chapter: chapter.number,
    )
    previous = "\n\n".join(b.text for b in feed.blocks if b.kind == "summary" and b.present)
    material = feed_markdown(feed) if with_material else ""
    return RollingRequest(project, job, material, tuple(chapters), previous)
