"""`workbench recall DIR --chapter N`: the earlier passages chapter N recalls, exactly those
the MainWriter feed takes before budgeting (its raw chapters are never among them)."""

from __future__ import annotations

import argparse
import json

from workbench.book.project import Project
from workbench.cli.exits import EXIT_OK
from workbench.feed.config import load_feed_config
from workbench.recall.config import load_recall_config
from workbench.recall.query import MAX_QUERY_CHARS
from workbench.recall.recall import MAX_LIMIT, Recall, recall

AGENT = "MainWriter"


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the `recall` subcommand."""
    parser = subparsers.add_parser(
        "recall",
        help="the earlier passages chapter N's plan points at (本章相关前文), best first",
    )
    parser.add_argument("directory", help="a novel project folder")
    parser.add_argument("--chapter", type=_chapter, required=True, metavar="N")
    parser.add_argument(
        "--query", metavar="TEXT", help="search for this text instead of the chapter's plan"
    )
    parser.add_argument(
        "--limit", type=_limit, metavar="K", help="passages (default: [recall] count, 5)"
    )
    parser.add_argument("--format", choices=("md", "json"), default="md")
    parser.set_defaults(handler=run)


def _chapter(text: str) -> int:
    number = int(text)
    if number < 1:
        raise argparse.ArgumentTypeError("--chapter must be 1 or more")
    return number


def _limit(text: str) -> int:
    number = int(text)
    if not 1 <= number <= MAX_LIMIT:
        raise argparse.ArgumentTypeError(f"--limit must be 1 to {MAX_LIMIT}")
    return number


def run(args: argparse.Namespace) -> int:
    """Print the recalled passages as Markdown or JSON."""
    project = Project.open(args.directory)
    window = load_feed_config(project).recipe(AGENT).window(args.chapter)
    limit = args.limit or load_recall_config(project).count
    query = args.query[:MAX_QUERY_CHARS] if args.query is not None else None
    found = recall(project, args.chapter, window=window, limit=limit, text=query)
    if args.format == "json":
        print(json.dumps(found.to_json(), ensure_ascii=False, indent=2))
    else:
        print(recall_markdown(found))
    return EXIT_OK


def recall_markdown(found: Recall) -> str:
    """The recall as the author reads it: the query, then each passage with its reasons."""
    lines = [f"# 本章相关前文 · 第{found.chapter}章", ""]
    terms = "、".join(f"{t.key}（{t.weight:g}）" for t in found.query.terms) or "（无）"
    lines += [f"检索词 query ({found.query.source})：{terms}", ""]
    if found.window:
        lines += [
            f"不检索原文已喂入的章节 raw window：第{found.window[0]}–{found.window[-1]}章",
            "",
        ]
    if not found.passages:
        lines.append("（前文中没有相关段落 / nothing earlier matches）")
    for rank, recalled in enumerate(found.passages, start=1):
        p = recalled.passage
        lines.append(
            f"## {rank}. 第{p.chapter}章 第{p.start_line}–{p.end_line}行 · {recalled.score:.2f}"
        )
        lines += ["", "相关原因：" + "；".join(recalled.reasons), "", p.text, ""]
    return "\n".join(lines).rstrip()
