"""`workbench new DIR [--sample]`: create a novel project with template files that show what goes
where, or a copy of the bundled sample novel."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from workbench.book.known_files import project_claim
from workbench.book.templates import create_project
from workbench.bundled import copy_sample_novel
from workbench.cli import exits


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the `new` subcommand."""
    parser = subparsers.add_parser("new", help="create a novel project in DIR")
    parser.add_argument("directory", metavar="DIR", help="a new, empty or plain folder")
    parser.add_argument(
        "--sample",
        action="store_true",
        help="a copy of the bundled sample novel 《烬灯录》 instead (DIR new or empty)",
    )
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Create the project and list the files written; ProjectExists is reported by main."""
    root = Path(args.directory)
    if root.exists() and not root.is_dir():
        print(f"workbench: {root}: exists and is not a folder", file=sys.stderr)
        return exits.EXIT_USAGE
    claim = project_claim(root)
    if claim:
        print(f"workbench: {root}: is {claim}; a new project goes elsewhere", file=sys.stderr)
        return exits.EXIT_USAGE
    if args.sample:
        written = copy_sample_novel(root)
        print(f"copied the sample novel to {root} ({len(written)} files):")
    else:
        written = create_project(root)
        print(f"created a novel project in {root} ({len(written)} files):")
    for path in written:
        print(f"  {path.relative_to(root).as_posix()}")
    return exits.EXIT_OK
