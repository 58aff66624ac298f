"""The guard's findings as `workbench check` warnings, each at its file and line."""

from __future__ import annotations

import logging

from workbench.book.check import Problem, Severity
from workbench.book.project import Project
from workbench.continuity.findings import read_dismissed
from workbench.continuity.guard import BookGuard
from workbench.errors import FileProblem

log = logging.getLogger(__name__)


def continuity_problems(project: Project) -> list[Problem]:
    """One warning per finding, at `chapters/ch005.md:12` (a payoff recorded only in the
    tracker or a plan: at that record). A tracker that does not parse is reported elsewhere;
    the guard then says nothing rather than guess."""
    problems = []
    try:
        read_dismissed(project)
    except FileProblem as error:
        problems.append(Problem(Severity.WARNING, project.relative(error.path), error.problem))
    try:
        guard = BookGuard.of(project)
        findings = guard.check_all()
    except FileProblem as error:
        log.info("continuity not checked: %s", error)
        return problems
    for finding in findings:
        ref = project.chapter(finding.chapter)
        if finding.line and ref is not None:
            where = f"{project.relative(ref.path)}:{finding.line}"
        else:
            where = finding.refs[-1] if finding.refs else "."
        kind = "continuity question" if finding.is_question else "continuity"
        problems.append(
            Problem(Severity.WARNING, where, f"{kind} ({finding.rule}): {finding.reason}")
        )
    return problems
