"""`workbench history DIR --chapter N | --file PATH [--format json] [--show ID | --restore ID]`:
the kept versions of a chapter or any other book file, one shown, or one restored (as a new
version: the current text is kept first)."""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import asdict
from datetime import datetime

from workbench.cli.exits import EXIT_OK, EXIT_USAGE
from workbench.cli.project_arg import open_project_arg


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the `history` subcommand."""
    parser = subparsers.add_parser(
        "history",
        help="list, show or restore the kept versions of a chapter or book file",
        description="Every write through Workbench keeps the text it replaced in "
        ".workbench/history/. List a file's versions (id, time, 字, what replaced them), "
        "print one, or restore one as a new version.",
    )
    parser.add_argument("directory", help="a novel project folder")
    which = parser.add_mutually_exclusive_group(required=True)
    which.add_argument("--chapter", type=int, metavar="N", help="chapter N's file")
    which.add_argument("--file", metavar="PATH", help="a book file, relative to DIR")
    action = parser.add_mutually_exclusive_group()
    action.add_argument("--show", metavar="ID", help="print the text of version ID")
    action.add_argument("--restore", metavar="ID", help="make version ID the current text")
    parser.add_argument("--format", choices=("text", "json"), default="text")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """List, show or restore; exit 2 for a file or id that is not there."""
    from workbench.history.versions import (  # only this command loads the history
        UnknownVersion,
        find_version,
        restore,
        version_text,
        versions_of,
    )

    project = open_project_arg(args.directory)
    if project is None:
        return EXIT_USAGE
    if args.chapter is not None:
        ref = project.chapter(args.chapter)
        if ref is None:
            print(f"workbench: {project.root}: no chapter {args.chapter}", file=sys.stderr)
            return EXIT_USAGE
        path = ref.path
    else:
        path = project.contained(project.root / args.file, entry=args.file)
    try:
        if args.show:
            sys.stdout.write(version_text(project, find_version(project, path, args.show)))
            return EXIT_OK
        if args.restore:
            version = restore(project, path, args.restore)
            print(f"restored {version.id} ({_when(version.at)}) to {project.relative(path)}")
            return EXIT_OK
    except UnknownVersion as error:
        print(f"workbench: {error}", file=sys.stderr)
        return EXIT_USAGE
    versions = versions_of(project, path)
    if args.format == "json":
        rows = [{**asdict(v), "time": _when(v.at)} for v in versions]
        print(json.dumps({"file": project.relative(path), "versions": rows}, ensure_ascii=False))
        return EXIT_OK
    if not versions:
        print(f"{project.relative(path)}: no kept versions")
    for version in versions:
        print(f"{version.id}  {_when(version.at)}  {version.zi:>7} 字  {version.origin}")
    return EXIT_OK


def _when(at: float) -> str:
    return datetime.fromtimestamp(at).astimezone().strftime("%Y-%m-%d %H:%M:%S")
