"""`workbench check DIR`: report what is missing, broken or over its cap in a project."""

from __future__ import annotations

import argparse

from workbench.book.check import Severity, check_project, is_clean, sorted_problems
from workbench.cli import exits
from workbench.cli.project_arg import open_project_arg
from workbench.continuity.problems import continuity_problems
from workbench.history.versions import history_problems
from workbench.refusals import refused_inputs
from workbench.state_problems import state_file_problems


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the `check` subcommand."""
    parser = subparsers.add_parser(
        "check", help="report missing files, chapter gaps, encodings, caps, unreadable files"
    )
    parser.add_argument("directory", metavar="DIR", help="a novel project folder")
    parser.add_argument("--quiet", action="store_true", help="leave out info lines")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Print one line per finding; exit 0 when clean, 1 on problems, 2 when DIR is no project."""
    project = open_project_arg(args.directory)
    if project is None:
        return exits.EXIT_USAGE
    found = check_project(project) + refused_inputs(project) + continuity_problems(project)
    found += state_file_problems(project) + history_problems(project)
    problems = sorted_problems(list(dict.fromkeys(found)))  # one file may fail several readers
    for problem in problems:
        if not (args.quiet and problem.severity is Severity.INFO):
            print(problem)
    counts = {s: sum(p.severity is s for p in problems) for s in Severity}
    chapters = len(project.chapters)
    if is_clean(problems):
        print(f"ok: {chapters} chapters, no problems ({project.layout.kind} layout)")
        return exits.EXIT_OK
    print(
        f"{counts[Severity.ERROR]} error(s), {counts[Severity.WARNING]} warning(s) "
        f"in {chapters} chapters ({project.layout.kind} layout)"
    )
    return exits.EXIT_PROBLEMS
