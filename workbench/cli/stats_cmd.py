"""`workbench stats DIR`: 字 written per day, today against the daily goal, the streak, and
chapters finished per week — the figures of the app's 写作统计 view."""

from __future__ import annotations

import argparse
import json

from workbench.book.project import Project
from workbench.cli.exits import EXIT_OK
from workbench.stats import (
    Summary,
    load_stats_config,
    read_history,
    reconstruct,
    summarize,
    summary_json,
)

MAX_DAYS = 3660


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the `stats` subcommand."""
    parser = subparsers.add_parser(
        "stats", help="字 written per day, the daily goal and streak, chapters finished per week"
    )
    parser.add_argument("directory", help="a novel project folder")
    parser.add_argument("--days", type=_days, default=30, help="how many days back (default 30)")
    parser.add_argument("--format", choices=("md", "json"), default="md")
    parser.set_defaults(handler=run)


def _days(text: str) -> int:
    days = int(text)
    if not 1 <= days <= MAX_DAYS:
        raise argparse.ArgumentTypeError(f"--days must be 1 to {MAX_DAYS}")
    return days


def run(args: argparse.Namespace) -> int:
    """Print the statistics; a book without a history gets its one-time estimate first."""
    project = Project.open(args.directory)
    goal = load_stats_config(project).daily_goal
    reconstruct(project)
    summary = summarize(read_history(project), goal, args.days)
    if args.format == "json":
        print(json.dumps(summary_json(summary), ensure_ascii=False, indent=2))
    else:
        print(_markdown(summary, args.days))
    return EXIT_OK


def _markdown(summary: Summary, days: int) -> str:
    lines = [f"# 写作统计 · 最近 {days} 天", ""]
    if summary.estimated:
        lines += ["（部分数字由章节文件的修改时间估算 / partly estimated from file times）", ""]
    lines += [
        f"- 今日 today: {summary.today.added:,} 字 / 目标 goal {summary.goal:,}",
        f"- 连续达标 streak: {summary.streak} 天",
        f"- 合计 total: {summary.total_added:,} 字，达标 {summary.goal_days} 天",
    ]
    if summary.unreadable_lines:
        lines.append(f"- 无法读取的记录 unreadable lines: {summary.unreadable_lines}")
    lines += ["", "| 日期 | 字 |", "|---|---|"]
    lines += [
        f"| {day.day.isoformat()}{'*' if day.estimated else ''} | {day.added:,} |"
        for day in summary.days
        if day.added
    ]
    lines += ["", "| 周（周一） | 完成章节 |", "|---|---|"]
    lines += [f"| {week.isoformat()} | {count} |" for week, count in summary.weeks]
    return "\n".join(lines)
