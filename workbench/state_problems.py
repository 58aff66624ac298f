"""What Workbench's own files in `.workbench/` hold that the commands reading them skip or
refuse, as `check` problems: a usage.jsonl or stats.jsonl line `usage` and `stats` skip, a
review queue `upkeep` cannot read. Each names the file, and the line where there is one, so
`check` never says "no problems" while another command names one."""

from __future__ import annotations

from workbench.book.check import Problem, Severity
from workbench.book.project import Project
from workbench.calls.usage import read_usage_lines, usage_path
from workbench.errors import FileProblem
from workbench.stats import read_history, stats_path
from workbench.upkeep.store import load_queue

NAMED_LINES = 20  # skipped lines named one by one; past these, one line says how many more


def state_file_problems(project: Project) -> list[Problem]:
    """Every skipped line and unreadable state file of the project."""
    return _usage(project) + _stats(project) + _queue(project)


def _usage(project: Project) -> list[Problem]:
    where = project.relative(usage_path(project))
    try:
        _, skipped = read_usage_lines(project)
    except FileProblem as error:
        return [Problem(Severity.ERROR, where, f"not read: {error.problem}")]
    found = [
        Problem(Severity.WARNING, where, f"line {number}: not a usage record ({why}); skipped")
        for number, why in skipped[:NAMED_LINES]
    ]
    return found + _more(where, len(skipped) - len(found), "not a usage record")


def _stats(project: Project) -> list[Problem]:
    where = project.relative(stats_path(project))
    try:
        history = read_history(project)
    except FileProblem as error:
        return [Problem(Severity.ERROR, where, f"not read: {error.problem}")]
    found = [
        Problem(Severity.WARNING, where, f"line {number}: not a save record; skipped")
        for number in history.unreadable_numbers
    ]
    return found + _more(where, history.unreadable_lines - len(found), "not a save record")


def _queue(project: Project) -> list[Problem]:
    try:
        load_queue(project)
    except FileProblem as error:
        return [Problem(Severity.ERROR, project.relative(error.path), error.problem)]
    return []


def _more(where: str, unnamed: int, what: str) -> list[Problem]:
    if unnamed <= 0:
        return []
    return [Problem(Severity.WARNING, where, f"{unnamed:,} more lines {what}; skipped")]
