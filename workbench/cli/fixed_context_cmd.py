"""`workbench fixed-context DIR [--backend offline|openai]`."""

from __future__ import annotations

import argparse
import sys

from workbench.backends import BACKEND_NAMES
from workbench.book.counting import count_zi
from workbench.book.fixed_context import FixedPart, parse_fixed_context
from workbench.book.project import Project
from workbench.cli.exits import EXIT_OK, EXIT_PROBLEMS
from workbench.summaries.backend import backend_for
from workbench.summaries.errors import SummaryRejected
from workbench.summaries.fixed import generate_fixed_context, write_fixed_context


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the `fixed-context` subcommand."""
    parser = subparsers.add_parser(
        "fixed-context", help="write the fixed layer (references/fixed-context.md)"
    )
    parser.add_argument("directory", help="a novel project folder")
    parser.add_argument(
        "--backend",
        choices=BACKEND_NAMES,
        help="default: workbench.toml [summaries], else Settings",
    )
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Generate, validate and write the fixed context; nothing is written on failure."""
    project = Project.open(args.directory)
    backend = backend_for(project, args.backend)
    try:
        text, compressed = generate_fixed_context(project, backend, on_progress=_progress)
        path = write_fixed_context(project, text)
    except SummaryRejected as error:
        print(f"workbench: {error}; nothing written", file=sys.stderr)
        return EXIT_PROBLEMS
    parts = parse_fixed_context(text).parts
    sizes = ", ".join(f"{part.value} {count_zi(parts[part])} 字" for part in FixedPart)
    outline = "compressed" if compressed else "verbatim"
    draft = ", offline draft" if backend.draft else ""
    print(f"wrote {project.relative(path)} ({sizes}; outline {outline}{draft})")
    return EXIT_OK


def _progress(message: str) -> None:
    print(message, file=sys.stderr, flush=True)
