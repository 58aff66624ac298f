"""`workbench migrate DIR --into NEW`: copy a webnovel-writer project into Workbench's layout."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from workbench.book.known_files import project_claim
from workbench.cli import exits
from workbench.errors import LayoutProblem
from workbench.migrate import REPORT_FILE, MigrationProblem, migrate


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the `migrate` subcommand."""
    parser = subparsers.add_parser(
        "migrate",
        help="copy a webnovel-writer project (with its .webnovel/ memory) into a new"
        " Workbench project; the source is never changed",
    )
    parser.add_argument("directory", metavar="DIR", help="the webnovel-writer project")
    parser.add_argument("--into", metavar="NEW", required=True, help="a new (or empty) folder")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Migrate and print the report; 2 when DIR is no project or NEW is not new."""
    source = Path(args.directory)
    if not source.is_dir():
        print(f"workbench: {source}: no such folder", file=sys.stderr)
        return exits.EXIT_USAGE
    claim = project_claim(args.into)
    if claim:
        print(
            f"workbench: --into {args.into}: is {claim}; migrate into a new folder", file=sys.stderr
        )
        return exits.EXIT_USAGE
    try:
        report = migrate(source, args.into)
    except (LayoutProblem, MigrationProblem) as error:
        print(f"workbench: {error}", file=sys.stderr)
        return exits.EXIT_USAGE
    print(report.markdown())
    print(f"wrote {len(report.written)} files into {report.target} (report: {REPORT_FILE})")
    return exits.EXIT_OK
