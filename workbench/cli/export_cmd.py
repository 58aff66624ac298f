"""`workbench export DIR --format txt|epub|docx [--range A-B] --out FILE`: the book, or a
range of it, as platform text, EPUB or DOCX."""

from __future__ import annotations

import argparse
import os
import re
import sys
from pathlib import Path

from workbench.book import gate
from workbench.cli.exits import EXIT_OK, EXIT_USAGE
from workbench.cli.project_arg import open_project_arg
from workbench.export.build import FORMATS, export_bytes
from workbench.export.chapters import NothingToExport

_RANGE = re.compile(r"^\s*(\d+)\s*-\s*(\d+)\s*$")


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the `export` subcommand."""
    parser = subparsers.add_parser(
        "export",
        help="write the book or a range as platform text, EPUB or DOCX",
        description="Write chapters A-B (default: every chapter) as platform text (a heading "
        "line, paragraphs indented with two full-width spaces, no Markdown), an EPUB 3 or a "
        "DOCX. Title and author come from workbench.toml [project]; blank lines between "
        "paragraphs from [export] blank_lines.",
    )
    parser.add_argument("directory", help="a novel project folder")
    parser.add_argument("--format", choices=FORMATS, required=True, help="the file to make")
    parser.add_argument("--range", dest="chapters", metavar="A-B", help="chapters A to B")
    parser.add_argument(
        "--out",
        type=Path,
        metavar="FILE",
        required=True,
        help="the file to write (never a book's own file; inside the book's folder, or an "
        "existing file, only with --force)",
    )
    parser.add_argument(
        "--force", action="store_true", help="write inside the book's folder or replace FILE"
    )
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Export; exit 2 on bad usage or a refused --out, 1 when a book file cannot be read."""
    first = last = None
    if args.chapters is not None:
        match = _RANGE.match(args.chapters)
        if match is None or int(match.group(1)) > int(match.group(2)):
            print(f"workbench: --range {args.chapters!r} is not A-B with A <= B", file=sys.stderr)
            return EXIT_USAGE
        first, last = int(match.group(1)), int(match.group(2))
    project = open_project_arg(args.directory)
    if project is None:
        return EXIT_USAGE
    problem = out_problem(args.out, project.root, force=args.force)
    if problem:
        print(f"workbench: --out {args.out}: {problem}", file=sys.stderr)
        return EXIT_USAGE
    try:
        data, count = export_bytes(project, args.format, first, last)
    except NothingToExport as error:
        print(f"workbench: {error}", file=sys.stderr)
        return EXIT_USAGE
    gate.write_bytes(args.out, data, root=None)  # a file the author named
    print(f"wrote {count} chapters to {args.out} ({args.format}, {len(data)} bytes)")
    return EXIT_OK


def out_problem(out: Path, root: Path, *, force: bool) -> str:
    """Why the export may not be written to `out` ("" when it may): a folder, a book's own
    file (whatever --force says), or without --force a path inside the book's folder or an
    existing file."""
    from workbench.book.known_files import project_claim

    if out.is_dir():
        return "is a folder; name a file"
    claim = project_claim(out)
    if claim:
        return f"is {claim}; an export is never written over a book's files (name another file)"
    if force:
        return ""
    if Path(os.path.realpath(out)).is_relative_to(root):
        return f"is inside the book's folder {root}; --force writes the export there"
    if out.exists() or out.is_symlink():
        return "already exists; --force replaces it"
    return ""
