"""`workbench style-anchor DIR --chapter N [--passage START:END]`: the style anchor from a
passage of the author's own chapter — without --passage, the chapter's paragraphs with the
offsets to choose from."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from workbench.book.style_anchor import AnchorProblem, create_anchor, paragraphs
from workbench.cli import exits
from workbench.cli.project_arg import open_project_arg

PREVIEW = 40  # characters of each paragraph shown in the list


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the `style-anchor` subcommand."""
    parser = subparsers.add_parser(
        "style-anchor",
        help="create meta/style-anchor.md with 正面样例 from a passage of your own chapter",
    )
    parser.add_argument("directory", metavar="DIR", help="a novel project folder")
    parser.add_argument("--chapter", type=int, required=True, help="the chapter to take it from")
    parser.add_argument(
        "--passage", metavar="START:END", help="character offsets (as listed without it)"
    )
    parser.set_defaults(handler=run)


def _passage(value: str) -> tuple[int, int] | None:
    start, _, end = value.partition(":")
    if not (start.strip().isdigit() and end.strip().isdigit()):
        return None
    return int(start), int(end)


def run(args: argparse.Namespace) -> int:
    """List the chapter's paragraphs, or write the anchor from the chosen passage."""
    root = Path(args.directory)
    project = open_project_arg(args.directory)
    if project is None:
        return exits.EXIT_USAGE
    if project.chapter(args.chapter) is None:
        print(f"workbench: {root}: there is no chapter {args.chapter}", file=sys.stderr)
        return exits.EXIT_USAGE
    if args.passage is None:
        found = paragraphs(project, args.chapter)
        print(f"第{args.chapter}章的段落（选一段或连续几段，--passage START:END）：")
        for paragraph in found:
            preview = paragraph.text.replace("\n", " ")
            preview = preview[:PREVIEW] + ("…" if len(preview) > PREVIEW else "")
            print(f"  {paragraph.start}:{paragraph.end}  {paragraph.zi} 字  {preview}")
        return exits.EXIT_OK
    passage = _passage(args.passage)
    if passage is None:
        print(f"workbench: --passage {args.passage}: expected START:END", file=sys.stderr)
        return exits.EXIT_USAGE
    try:
        written = create_anchor(project, args.chapter, passage)
    except AnchorProblem as error:
        print(f"workbench: {error}", file=sys.stderr)
        return exits.EXIT_PROBLEMS
    print(f"wrote {written}: 正面样例 from chapter {args.chapter}; write its other sections")
    return exits.EXIT_OK
