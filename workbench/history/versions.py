"""Listing, showing and restoring versions of a project's files, what `check` says of the
history, and keeping the text another program replaced (`keep_if_changed`, for whoever noticed
it while the previous text was still known). Keeping what a write replaces is
history/keeping.py, which the write path calls: a failure to keep is logged, never raised into
the write, and `check` names a damaged history.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from workbench.book.check import Problem, Severity
from workbench.book.textio import TextFile
from workbench.errors import FileProblem, WorkbenchError
from workbench.history import store
from workbench.history.keeping import keep
from workbench.history.retention import Version

if TYPE_CHECKING:
    from workbench.book.project import Project

log = logging.getLogger(__name__)


class UnknownVersion(WorkbenchError):
    """An id that names no version of the file."""


def keep_if_changed(project: Project, previous: TextFile, *, now: float | None = None) -> bool:
    """Another program may have changed `previous.path` (noticed at a scan or by the
    watcher): when its bytes are no longer `previous`'s, keep `previous.text`; True then."""
    if not previous.path.is_file() or not project.changed_on_disk(previous):
        return False
    return keep(project, previous.path, previous.text, "external", now=now) is not None


def versions_of(project: Project, path: Path) -> list[Version]:
    """The kept versions of one file, newest first."""
    relative = project.relative(Path(path))
    found = [v for v in store.read_index(project.root).versions if v.file == relative]
    return sorted(found, key=lambda v: v.at, reverse=True)


def find_version(project: Project, path: Path, version_id: str) -> Version:
    """The version of `path` whose id starts with `version_id` (at least 6 characters)."""
    matches = {
        v.sha: v
        for v in versions_of(project, path)
        if len(version_id) >= 6 and v.id.startswith(version_id.lower())
    }
    if len(matches) != 1:
        what = "no version" if not matches else "more than one version"
        raise UnknownVersion(f"{project.relative(Path(path))}: {what} has the id {version_id!r}")
    return next(iter(matches.values()))


def version_text(project: Project, version: Version) -> str:
    """The text a version holds; HistoryDamaged naming its blob when it cannot be had."""
    return store.get_text(project.root, version.sha)


def restore(
    project: Project,
    path: Path,
    version_id: str,
    write: Callable[[Path, str], object] | None = None,
) -> Version:
    """Write a version's text over `path` as a new write, which keeps the current text (so
    a restore is itself undone by restoring what it replaced); the version restored."""
    version = find_version(project, path, version_id)
    text = version_text(project, version)
    (write or _write_restore(project))(Path(path), text)
    return version


def _write_restore(project: Project) -> Callable[[Path, str], object]:
    def write(path: Path, text: str) -> object:
        return project.write(path, text, origin="restore")

    return write


def history_problems(project: Project) -> list[Problem]:
    """What `check` says of the history: index lines that are no versions, versions missing
    or damaged, a cap that was reached. The book itself is never touched by any of them."""
    root = project.root
    folder = store.history_dir(root)
    index = project.relative(folder / store.INDEX)
    try:
        read = store.read_index(root)
    except (OSError, WorkbenchError) as error:
        problem = getattr(error, "problem", None) or str(error)
        message = f"history index unreadable ({problem}); no version can be listed"
        return [Problem(Severity.WARNING, index, message)]
    found = []
    if read.bad_lines:
        lines = ", ".join(map(str, read.bad_lines[:5])) + ("…" if len(read.bad_lines) > 5 else "")
        message = f"history index line {lines}: not a version; skipped"
        found.append(Problem(Severity.WARNING, index, message))
    checked: set[str] = set()
    for sha in sorted({v.sha for v in read.versions}):
        try:  # each part once: a thousand versions share most of theirs
            for name in store.part_names(root, sha):
                if name not in checked:
                    checked.add(name)
                    store.get_part(root, name)
        except FileProblem as error:
            message = f"history version {error.problem}"
            found.append(Problem(Severity.WARNING, project.relative(error.path), message))
    if store.read_status(root).get("cap_reached"):
        message = "history reached its size cap ([history] max_megabytes); old versions dropped"
        found.append(Problem(Severity.INFO, project.relative(folder), message))
    return found
