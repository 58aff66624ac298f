"""The project folder a subcommand is given: opened, or refused as a usage error."""

from __future__ import annotations

import sys
from pathlib import Path

from workbench.book.project import Project
from workbench.errors import LayoutProblem


def open_project_arg(directory: str) -> Project | None:
    """The project in `directory`; None after saying on stderr why there is none (the
    command then exits with EXIT_USAGE: a missing folder is a mistyped argument, not a
    problem found in a book)."""
    root = Path(directory)
    if not root.is_dir():
        print(f"workbench: {root}: no such folder", file=sys.stderr)
        return None
    try:
        return Project.open(root)
    except LayoutProblem as error:
        print(f"workbench: {error}", file=sys.stderr)
        return None
