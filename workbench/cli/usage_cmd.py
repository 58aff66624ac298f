"""`workbench usage DIR`: what the book's model calls used and cost, from usage.jsonl."""

from __future__ import annotations

import argparse
import json
import sys

from workbench.book.project import Project
from workbench.calls.report import GROUPINGS, usage_data, usage_markdown
from workbench.calls.usage import read_usage
from workbench.cli.exits import EXIT_OK, EXIT_PROBLEMS


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the `usage` subcommand."""
    parser = subparsers.add_parser(
        "usage",
        help="tokens, cache hits and cost of the book's model calls",
        description="Totals of .workbench/usage.jsonl: the book, and by chapter, agent, day "
        "or model. Exit 1 when a line cannot be read (it is named and skipped).",
    )
    parser.add_argument("directory", help="a novel project folder")
    parser.add_argument(
        "--by", choices=GROUPINGS, help="group by (md default: chapter; json: every grouping)"
    )
    parser.add_argument("--format", choices=("md", "json"), default="md")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Print the totals; name every unreadable line on stderr."""
    project = Project.open(args.directory)
    records, problems = read_usage(project)
    if args.format == "json":
        print(json.dumps(usage_data(records, args.by), ensure_ascii=False, indent=2))
    else:
        sys.stdout.write(usage_markdown(records, args.by or "chapter"))
    for problem in problems:
        print(f"workbench: {problem}", file=sys.stderr)
    return EXIT_PROBLEMS if problems else EXIT_OK
