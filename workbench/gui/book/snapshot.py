"""What the 全书 views draw, computed off the GUI thread from the engine's own functions
(trackers.mentions, trackers.timeline, stats): the views only paint it."""

from __future__ import annotations

from dataclasses import dataclass

from workbench.book.project import Project
from workbench.errors import WorkbenchError
from workbench.gui.background import Job
from workbench.stats import (
    History,
    Summary,
    load_stats_config,
    read_history,
    reconstruct,
    summarize,
)
from workbench.trackers.config import load_tracker_config
from workbench.trackers.mentions import MentionTable, NameCounter, mention_table
from workbench.trackers.presence import chapter_presence
from workbench.trackers.relevance import load_trackers
from workbench.trackers.timeline import ThreadLife, timeline

WINDOWS = (30, 90, 365)  # the days the writing statistics can show


@dataclass(frozen=True)
class BookSnapshot:
    """The three views' data at one moment, or the reason one part could not be read."""

    job_id: int
    chapter: int
    mentions: MentionTable | None
    counter: NameCounter | None  # finds a character's first mention when a cell is clicked
    lives: tuple[ThreadLife, ...]
    dormant_after: int
    history: History | None
    goal: int
    problems: tuple[str, ...] = ()
    chapter_zi: int | None = None  # the chapter's 字 as saved (None: its file is gone)
    # The history summed for each window here, not by the panel's slot: after a save that
    # was ≈ 4.5 ms of the GUI thread on a 1000-chapter book's estimate (#28).
    summaries: tuple[tuple[int, Summary], ...] = ()

    def summary(self, days: int) -> Summary | None:
        """The statistics of the last `days` days as of the snapshot (None: not summed)."""
        return dict(self.summaries).get(days)


def take_snapshot(job: Job, project: Project, chapter: int) -> BookSnapshot:
    """Everything the views draw (off the GUI thread); a part that cannot be read is a
    problem, the rest stands."""
    problems: list[str] = []
    mentions = counter = history = None
    lives: tuple[ThreadLife, ...] = ()
    dormant_after, goal = 30, 0
    try:
        dormant_after = load_tracker_config(project).dormant_after
        goal = load_stats_config(project).daily_goal
    except WorkbenchError as error:
        problems.append(str(error))
    try:
        trackers = load_trackers(project)
        presence = chapter_presence(project, trackers)
        mentions = mention_table(project, presence.cast)
        counter = mentions.counter  # built once: its patterns cost a pass over the cast
        lives = tuple(timeline(project, trackers, chapter, dormant_after, presence))
    except WorkbenchError as error:
        problems.append(str(error))
    try:
        reconstruct(project)
        history = read_history(project)
    except (WorkbenchError, OSError) as error:
        problems.append(str(error))
    ref = project.chapter(chapter)
    try:  # read here, on the snapshot's thread, not by the panel's slot
        chapter_zi = project.chapter_zi(ref) if ref is not None else None
    except (WorkbenchError, OSError):
        chapter_zi = None
    summaries = (
        tuple((days, summarize(history, goal, days)) for days in WINDOWS)
        if history is not None
        else ()
    )
    return BookSnapshot(
        job.id,
        chapter,
        mentions,
        counter,
        lives,
        dormant_after,
        history,
        goal,
        tuple(problems),
        chapter_zi,
        summaries,
    )
