"""`workbench continuity DIR [--chapter N | --range A-B] [--format md|json]`: what each
chapter contradicts in the book as of that chapter."""

from __future__ import annotations

import argparse
import json
import re
import sys

from workbench.book.project import Project
from workbench.cli.exits import EXIT_OK, EXIT_PROBLEMS, EXIT_USAGE
from workbench.continuity.findings import Finding
from workbench.continuity.guard import BookGuard
from workbench.trackers.errors import TrackerParseError

_RANGE = re.compile(r"^\s*(\d+)\s*-\s*(\d+)\s*$")
RULE_TITLES = {
    "dead-acts": "已死/离场的人物在行动",
    "name-drift": "人名疑似写错",
    "realm-regression": "境界倒退",
    "realm-jump": "境界连跳（疑问）",
    "paid-twice": "伏笔重复回收",
    "paid-unplanted": "伏笔回收早于埋设",
}


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the `continuity` subcommand."""
    parser = subparsers.add_parser(
        "continuity",
        help="what chapters contradict: the dead acting, drifted names, realm slips, "
        "foreshadowing paid twice",
    )
    parser.add_argument("directory", metavar="DIR", help="a novel project folder")
    which = parser.add_mutually_exclusive_group()
    which.add_argument("--chapter", type=int, metavar="N", help="only chapter N")
    which.add_argument("--range", dest="chapters", metavar="A-B", help="chapters A to B")
    parser.add_argument("--format", choices=("md", "json"), default="md")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Print the findings; exit 0 when there are none, 1 when there are, 2 on bad usage."""
    numbers = None
    if args.chapter is not None:
        numbers = [args.chapter]
    elif args.chapters is not None:
        match = _RANGE.match(args.chapters)
        if match is None or int(match.group(1)) > int(match.group(2)):
            print(f"workbench: --range {args.chapters!r} is not A-B with A <= B", file=sys.stderr)
            return EXIT_USAGE
        numbers = list(range(int(match.group(1)), int(match.group(2)) + 1))
    project = Project.open(args.directory)
    if numbers is not None and not any(project.chapter(n) for n in numbers):
        print(f"workbench: {args.directory}: no chapter {_shown(numbers)}", file=sys.stderr)
        return EXIT_USAGE
    try:
        guard = BookGuard.of(project)
    except TrackerParseError as error:
        for line, message in error.errors:
            print(f"{project.relative(error.path)}:{line}: {message}", file=sys.stderr)
        return EXIT_PROBLEMS
    findings = guard.check_all(numbers)
    if args.format == "json":
        print(
            json.dumps({"findings": [f.as_json() for f in findings]}, ensure_ascii=False, indent=2)
        )
    else:
        print(markdown(project, findings))
    return EXIT_PROBLEMS if findings else EXIT_OK


def markdown(project: Project, findings: list[Finding]) -> str:
    """The findings as a Markdown list, chapter by chapter."""
    lines = [f"# 连续性检查：{len(findings)} 条"]
    chapter = None
    for finding in findings:
        if finding.chapter != chapter:
            chapter = finding.chapter
            ref = project.chapter(chapter)
            lines += ["", f"## 第{chapter}章（{project.relative(ref.path) if ref else ''}）", ""]
        where = f"第{finding.line}行" if finding.line else "本章"
        lines.append(
            f"- {where} · {RULE_TITLES[finding.rule]} · 「{finding.text}」：{finding.reason}"
        )
    return "\n".join(lines)


def _shown(numbers: list[int]) -> str:
    return str(numbers[0]) if len(numbers) == 1 else f"{numbers[0]}-{numbers[-1]}"
