"""Writing statistics: 字 added per day, today's count against the daily goal and its streak,
chapters finished per week.

They come from the app's own saves, one JSON object a line in `.workbench/stats.jsonl`
(`{"time", "date", "chapter", "before", "after"}`: 字 counts, never text). A book that had
none is reconstructed once, approximately, from its chapters' modification times — each
chapter's whole count on the day its file last changed — and those lines say
`"estimated": true`, so every figure built on them can say so too. A file changed on the day
the estimate is made, or on the day of the book's last import, was copied or imported then,
not written: such days get no estimate (the saves from then on count the real writing).

A chapter counts as finished on the day the author first saves a later chapter after it: in
a serial one moves on to the next chapter when this one is done.
"""

from __future__ import annotations

import heapq
import json
import os
import re
import tomllib
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from pathlib import Path

from workbench.book import gate
from workbench.book.bounded_json import parse_json
from workbench.book.config_tables import config_table
from workbench.book.layout import Role
from workbench.book.project import Project
from workbench.errors import FileProblem
from workbench.validation import from_data, setting

STATS_FILE = "stats.jsonl"
DEFAULT_DAILY_GOAL = 4000  # 日更 4000: a common promise to readers
MAX_STATS_BYTES = 64 * 1024 * 1024  # about a million saves; a bigger file is not ours
MAX_LINE = 4096
MAX_NAMED_LINES = 20  # unreadable lines named by number; past these, only counted


@dataclass(frozen=True)
class StatsConfig:
    """`[stats]` in workbench.toml."""

    daily_goal: int = setting(DEFAULT_DAILY_GOAL, ge=0, le=1_000_000)


@dataclass(frozen=True)
class SaveRecord:
    """One save of one chapter: its 字 before and after, on the author's local date."""

    time: str  # ISO 8601 with the UTC offset of the moment
    day: date
    chapter: int
    before: int
    after: int
    estimated: bool = False

    @property
    def added(self) -> int:
        return self.after - self.before


@dataclass(frozen=True)
class History:
    """Every save record of a book, oldest first, and how many lines could not be read."""

    records: tuple[SaveRecord, ...]
    unreadable_lines: int = 0
    path: Path | None = None
    unreadable_numbers: tuple[int, ...] = ()  # the first few, 1-based, for `check` to name

    @property
    def estimated(self) -> bool:
        """Whether any figure rests on the reconstruction from modification times."""
        return any(record.estimated for record in self.records)


@dataclass(frozen=True)
class Day:
    """One day's net 字 added (negative when the day's saves removed more than they added)."""

    day: date
    added: int
    estimated: bool


@dataclass(frozen=True)
class Summary:
    """What the writing-statistics view and `workbench stats` show."""

    days: tuple[Day, ...]  # every day of the window, oldest first, empty days included
    today: Day  # the author's own saves today (estimates left out)
    goal: int
    streak: int  # days in a row meeting the goal by saves, up to today (or yesterday)
    weeks: tuple[tuple[date, int], ...]  # (Monday, chapters finished that week), oldest first
    total_added: int  # over the window
    estimated: bool
    unreadable_lines: int = 0
    goal_days: int = 0  # days in the window meeting the goal


def load_stats_config(project: Project) -> StatsConfig:
    """The project's `[stats]` table; a bad value is a FileProblem naming workbench.toml."""
    return config_table(project, "stats", StatsConfig)


def stats_path(project: Project) -> Path:
    """`.workbench/stats.jsonl` of the project."""
    return project.state_dir / STATS_FILE


def record_save(
    project: Project, chapter: int, before: int, after: int, now: datetime | None = None
) -> SaveRecord | None:
    """Append one save of chapter N, its 字 count `before` and `after` (as the caller counted
    them once), to the history, reconstructing it first for a book that had none; None when
    the save changed no 字 count, which adds nothing worth a line."""
    path = stats_path(project)
    if not path.exists():
        reconstruct(project, skip={chapter})
    if before == after:
        return None
    moment = (now or datetime.now()).astimezone()
    record = SaveRecord(moment.isoformat(timespec="seconds"), moment.date(), chapter, before, after)
    _append(project, path, [record])
    return record


def set_daily_goal(project: Project, goal: int) -> None:
    """Write `daily_goal = goal` into workbench.toml's `[stats]` table, every other byte of
    the file as it was (the table is added when absent). A file this cannot edit safely (bad
    TOML, the goal written another way) is a FileProblem, and nothing is written."""
    goal = from_data(StatsConfig, {"daily_goal": goal}).daily_goal  # in range, or Invalid
    path = project.role_path(Role.CONFIG)
    loaded = project.read(path) if path.is_file() else None
    text = loaded.text if loaded else ""
    line = f"daily_goal = {goal}"
    header = re.search(r"(?m)^\[stats\][ \t]*(#.*)?$", text)
    if header is None:
        edited = text + ("\n" if text and not text.endswith("\n") else "")
        edited += ("\n" if text else "") + f"[stats]\n{line}\n"
    else:
        following = re.search(r"(?m)^\s*\[", text[header.end() :])
        end = header.end() + following.start() if following else len(text)
        body = text[header.end() : end]
        key = re.compile(r"(?m)^([ \t]*daily_goal[ \t]*=[ \t]*)[^\s#]+")
        if key.search(body):
            body = key.sub(lambda m: m.group(1) + str(goal), body, count=1)
        else:
            body = f"\n{line}" + body
        edited = text[: header.end()] + body + text[end:]
    try:
        written = tomllib.loads(edited).get("stats", {}).get("daily_goal")
    except tomllib.TOMLDecodeError as error:
        raise FileProblem(path, f"not valid TOML, the goal is not written: {error}") from None
    if written != goal:
        raise FileProblem(path, "[stats] daily_goal is set in a way this cannot edit")
    encoding = loaded.encoding if loaded else "utf-8"
    gate.write_text(path, edited, encoding, root=project.root, entry=project.relative(path))


def not_writing_days(project: Project, today: date) -> set[date]:
    """The days whose file times say copy or import, not writing: today (the book is being
    estimated because it just arrived) and the day of its last import."""
    from workbench.book.importer import IMPORT_LOG_FILE  # the importer loads only here

    days = {today}
    try:
        log_time = os.stat(project.root / IMPORT_LOG_FILE).st_mtime
        days.add(datetime.fromtimestamp(log_time).date())
    except OSError:
        pass
    return days


def reconstruct(project: Project, skip: Iterable[int] = (), today: date | None = None) -> int:
    """Write the one-time estimate for a book with no history: every chapter's 字 count on
    the local date of its file's modification time. Returns how many lines were written; a
    history that exists already is left alone (0). The estimate appears whole or not at all,
    and only where no history is yet: two threads (the 全书 snapshot's and the save's) that
    both found none and both estimated it write it once between them."""
    path = stats_path(project)
    if path.exists():
        return 0
    skipped = set(skip)
    arrived = not_writing_days(project, today or date.today())
    records = []
    for ref in project.chapters:
        if ref.number in skipped:
            continue
        try:
            changed = datetime.fromtimestamp(os.stat(ref.path).st_mtime).astimezone()
        except OSError:
            continue
        if changed.date() in arrived:
            continue
        zi = project.chapter_zi(ref)
        if zi:
            moment = changed.isoformat(timespec="seconds")
            records.append(SaveRecord(moment, changed.date(), ref.number, 0, zi, True))
    records.sort(key=lambda record: (record.time, record.chapter))
    created = gate.create_bytes(path, _lines(records), root=project.root)
    return len(records) if created else 0


def _append(project: Project, path: Path, records: Sequence[SaveRecord]) -> None:
    # Appending one short line is atomic enough: a torn last line is skipped when read.
    gate.append_bytes(path, _lines(records), root=project.root)


def _lines(records: Sequence[SaveRecord]) -> bytes:
    lines = "".join(json.dumps(_as_json(record), ensure_ascii=False) + "\n" for record in records)
    return lines.encode("utf-8")


def _as_json(record: SaveRecord) -> dict:
    data = {
        "time": record.time,
        "date": record.day.isoformat(),
        "chapter": record.chapter,
        "before": record.before,
        "after": record.after,
    }
    if record.estimated:
        data["estimated"] = True
    return data


def read_history(project: Project) -> History:
    """The book's save records, oldest first; lines that do not parse are counted, skipped
    and left in the file. A history past 64 MB is a FileProblem naming it."""
    path = stats_path(project)
    try:
        size = path.stat().st_size
    except FileNotFoundError:
        return History((), 0, path)
    if not path.is_file():
        raise FileProblem(path, "is not a regular file")
    if size > MAX_STATS_BYTES:
        raise FileProblem(path, f"is {size:,} bytes, more than the {MAX_STATS_BYTES:,} read")
    records, unreadable, numbers = [], 0, []
    data = gate.read_bytes(path, root=project.root, limit=MAX_STATS_BYTES, what="a save history")
    for number, raw in enumerate(data.splitlines(), 1):
        record = _parsed(raw, path) if len(raw) <= MAX_LINE else None
        if record is None and raw.strip():
            unreadable += 1
            if len(numbers) < MAX_NAMED_LINES:
                numbers.append(number)
        elif record is not None:
            records.append(record)
    records.sort(key=lambda record: record.time)
    return History(tuple(records), unreadable, path, tuple(numbers))


def _parsed(line: bytes, path: Path) -> SaveRecord | None:
    try:
        data = parse_json(line, path)
        record = SaveRecord(
            str(data["time"]),
            date.fromisoformat(data["date"]),
            _count(data["chapter"]),
            _count(data["before"]),
            _count(data["after"]),
            data.get("estimated") is True,
        )
    except (FileProblem, ValueError, TypeError, KeyError, AttributeError):
        return None
    return record


def _count(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 10**9:
        raise ValueError(f"not a count: {value!r}")
    return value


def daily_added(records: Iterable[SaveRecord]) -> dict[date, Day]:
    """Each date's net 字 added, and whether any of it is estimated."""
    added: dict[date, int] = defaultdict(int)
    estimated: set[date] = set()
    for record in records:
        added[record.day] += record.added
        if record.estimated:
            estimated.add(record.day)
    return {day: Day(day, total, day in estimated) for day, total in added.items()}


def streak(days: dict[date, Day], goal: int, today: date) -> int:
    """Days in a row meeting the goal, ending today — or yesterday while today is not yet met
    (the day is not over). A goal of 0 keeps no streak."""
    if goal <= 0:
        return 0
    day = today if _met(days, today, goal) else today - timedelta(days=1)
    count = 0
    while _met(days, day, goal):
        count += 1
        day -= timedelta(days=1)
    return count


def _met(days: dict[date, Day], day: date, goal: int) -> bool:
    return day in days and days[day].added >= goal


def finished_chapters(records: Iterable[SaveRecord]) -> dict[int, date]:
    """Chapter -> the day it was finished: the first save of a later chapter after it had
    been saved itself."""
    finished: dict[int, date] = {}
    # Saved, not yet followed by a later chapter: a heap, smallest first, so each save looks
    # only at the chapters it finishes (a book saved in descending order stays linear).
    waiting: list[int] = []
    queued: set[int] = set()
    for record in records:
        while waiting and waiting[0] < record.chapter:
            number = heapq.heappop(waiting)
            queued.discard(number)
            finished[number] = record.day
        if record.chapter not in finished and record.chapter not in queued:
            heapq.heappush(waiting, record.chapter)
            queued.add(record.chapter)
    return finished


def weekly_finished(finished: dict[int, date], first_week: date, last_week: date) -> list:
    """(Monday, chapters finished that week) for every week from first to last, in order."""
    counts: dict[date, int] = defaultdict(int)
    for day in finished.values():
        counts[_monday(day)] += 1
    weeks, week = [], _monday(first_week)
    while week <= last_week:
        weeks.append((week, counts.get(week, 0)))
        week += timedelta(days=7)
    return weeks


def _monday(day: date) -> date:
    return day - timedelta(days=day.weekday())


def summarize(history: History, goal: int, days: int = 30, today: date | None = None) -> Summary:
    """The figures for the last `days` days up to today."""
    today = today or date.today()
    by_day = daily_added(history.records)
    # Today and the streak are the author's own saves: an estimate dated today is the book
    # as it was copied or imported, not a day's writing.
    recorded = daily_added(record for record in history.records if not record.estimated)
    window = [today - timedelta(days=offset) for offset in range(days - 1, -1, -1)]
    shown = tuple(by_day.get(day, Day(day, 0, False)) for day in window)
    finished = finished_chapters(history.records)
    weeks = weekly_finished(finished, window[0], today)
    return Summary(
        days=shown,
        today=recorded.get(today, Day(today, 0, False)),
        goal=goal,
        streak=streak(recorded, goal, today),
        weeks=tuple(weeks),
        total_added=sum(day.added for day in shown),
        estimated=any(day.estimated for day in shown),
        unreadable_lines=history.unreadable_lines,
        goal_days=sum(1 for day in shown if goal > 0 and day.added >= goal),
    )


def summary_json(summary: Summary) -> dict:
    """The summary as `workbench stats --format json` prints it."""
    return {
        "goal": summary.goal,
        "today": {"date": summary.today.day.isoformat(), "added": summary.today.added},
        "streak": summary.streak,
        "total_added": summary.total_added,
        "goal_days": summary.goal_days,
        "estimated": summary.estimated,
        "unreadable_lines": summary.unreadable_lines,
        "days": [
            {"date": day.day.isoformat(), "added": day.added, "estimated": day.estimated}
            for day in summary.days
        ],
        "weeks": [
            {"week_start": week.isoformat(), "chapters_finished": count}
            for week, count in summary.weeks
        ],
    }
