"""`workbench summarize DIR --range A-B | --pending | --stale [--backend offline|openai]`."""

from __future__ import annotations

import argparse
import re
import sys

from workbench.backends import BACKEND_NAMES
from workbench.book.counting import count_zi
from workbench.book.layout import Role
from workbench.book.project import Project
from workbench.cli.exits import EXIT_OK, EXIT_PROBLEMS, EXIT_USAGE
from workbench.summaries.backend import backend_for
from workbench.summaries.errors import SummaryRejected
from workbench.summaries.jobs import (
    SummaryJob,
    generate_summary,
    pending_jobs,
    stale_jobs,
    write_summary,
)
from workbench.summaries.rolling import hand_written_at

_RANGE = re.compile(r"^\s*(?:ch)?(\d{1,9})\s*-\s*(?:ch)?(\d{1,9})\s*$", re.IGNORECASE)


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the `summarize` subcommand."""
    parser = subparsers.add_parser(
        "summarize", help="write rolling summaries (references/rolling-summary.md)"
    )
    parser.add_argument("directory", help="a novel project folder")
    which = parser.add_mutually_exclusive_group(required=True)
    which.add_argument("--range", dest="chapters", metavar="A-B", help="chapters A to B, e.g. 6-10")
    which.add_argument("--pending", action="store_true", help="every missing range")
    which.add_argument(
        "--stale",
        action="store_true",
        help="every generated section whose chapters changed since (hand-written ones never)",
    )
    parser.add_argument(
        "--backend",
        choices=BACKEND_NAMES,
        help="default: workbench.toml [summaries], else Settings",
    )
    parser.add_argument(
        "--force",
        action="store_true",
        help="replace a section written by hand (its text is kept in the history)",
    )
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Generate and write the requested sections; stop at the first one that fails."""
    project = Project.open(args.directory)
    if args.stale:
        jobs = stale_jobs(project)
        if not jobs:
            print("nothing to regenerate: no generated section has a changed chapter")
            return EXIT_OK
    elif args.pending:
        jobs = pending_jobs(project)
        if not jobs:
            print("nothing to summarise: no missing range closes by the last chapter")
            return EXIT_OK
    else:
        match = _RANGE.match(args.chapters)
        if not match or int(match.group(1)) > int(match.group(2)) or int(match.group(1)) < 0:
            print(f"workbench: --range {args.chapters!r} is not A-B with A <= B", file=sys.stderr)
            return EXIT_USAGE
        job = SummaryJob(int(match.group(1)), int(match.group(2)))
        problem = range_problem(project, job)
        if problem:
            print(f"workbench: --range {args.chapters}: {problem}", file=sys.stderr)
            return EXIT_USAGE
        jobs = [job]
    target = project.relative(project.role_path(Role.ROLLING_SUMMARY))
    if not args.force and hand_written_refused(project, jobs, target):
        return EXIT_USAGE
    backend = backend_for(project, args.backend)
    for job in jobs:
        try:
            section = generate_summary(project, job, backend, on_progress=_progress)
            write_summary(project, job, section)
        except SummaryRejected as error:
            print(f"workbench: {error}; {target} left unchanged", file=sys.stderr)
            return EXIT_PROBLEMS
        draft = ", offline draft" if backend.draft else ""
        print(f"wrote {job.what} to {target} ({count_zi(section)} 字{draft})")
    return EXIT_OK


def hand_written_refused(project: Project, jobs: list[SummaryJob], target: str) -> bool:
    """Whether a job would replace a section the author wrote by hand (said on stderr): a
    generated summary never does that unasked."""
    current = project.read_role(Role.ROLLING_SUMMARY)
    for job in jobs:
        section = hand_written_at(current.text if current else None, job)
        if section is not None:
            print(
                f"workbench: {target}: ## {section.title} (line {section.line}) was written by "
                f"hand ({count_zi(section.body)} 字); --force replaces it (the history keeps "
                "the old text)",
                file=sys.stderr,
            )
            return True
    return False


def range_problem(project: Project, job: SummaryJob) -> str:
    """Why a requested range does not fit the book's chapters ('' when it does)."""
    numbers = [ref.number for ref in project.chapters]
    if not numbers:
        return "the project has no chapters yet"
    shown = f"the project's chapters are {numbers[0]}-{numbers[-1]}"
    if job.start < 1 or job.end > numbers[-1]:
        return shown
    if not any(job.start <= number <= job.end for number in numbers):
        return f"no chapter in that range exists; {shown}"
    return ""


def _progress(message: str) -> None:
    print(message, file=sys.stderr, flush=True)
