"""Keeping, listing, showing and restoring versions of a project's files.

`keep` is called by the one write path (Project.write) before a file is replaced, and by
whoever notices that another program changed a file whose previous text it still holds
(`keep_if_changed`). A failure to keep is logged, never raised into the write: the author's
new text is saved whatever state the history is in, and `check` names a damaged history.
"""

from __future__ import annotations

import contextlib
import logging
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from workbench.book.check import Problem, Severity
from workbench.book.counting import count_zi
from workbench.book.textio import TextFile
from workbench.errors import FileProblem, WorkbenchError
from workbench.history import store
from workbench.history.config import HistoryConfig
from workbench.history.retention import Pruned, Version, prune

if TYPE_CHECKING:
    from workbench.book.project import Project

log = logging.getLogger(__name__)

# Pruning reads the whole index: it runs once the log has grown by this much (about two
# hundred versions), not on every save.
PRUNE_EVERY_BYTES = 32 * 1024
KEPT_SUFFIXES = (".md", ".txt")
_NOT_KEPT_FOLDERS = (".workbench", ".webnovel")


def clock() -> float:
    """Now, in seconds since the epoch: what a version is stamped with (a test's seam)."""
    return time.time()


class UnknownVersion(WorkbenchError):
    """An id that names no version of the file."""


def keeps_history(project: Project, path: Path) -> bool:
    """Whether writes of `path` keep the text they replace: the book's Markdown and text
    files, not Workbench's own state."""
    relative = project.relative(Path(path))
    return Path(path).suffix.lower() in KEPT_SUFFIXES and not relative.startswith(
        tuple(f"{folder}/" for folder in _NOT_KEPT_FOLDERS)
    )


def keep(
    project: Project,
    path: Path,
    old_text: str,
    origin: str,
    *,
    now: float | None = None,
    config: HistoryConfig | None = None,
    zi: int | None = None,
) -> Version | None:
    """Keep `old_text`, what `path` held before a write by `origin` ("save", "restore",
    "summary", "external", …; `zi` its 字 when counted already); the version, or None when
    it could not be kept (logged)."""
    root = project.root
    try:
        with _history_locked(project):
            sha, size = store.put_text(root, old_text)
            version = Version(
                id=sha[: store.ID_LENGTH],
                file=project.relative(Path(path)),
                at=clock() if now is None else now,
                sha=sha,
                zi=count_zi(old_text) if zi is None else zi,
                size=size,
                origin=origin,
            )
            store.append_version(root, version)
    except (OSError, WorkbenchError) as error:
        log.warning("%s: the replaced text was not kept in the history: %s", path, error)
        return None
    if store.index_size(root) - store.read_status(root).get("index_bytes", 0) > PRUNE_EVERY_BYTES:
        try:
            prune_history(project, now=now, config=config)
        except (OSError, WorkbenchError) as error:
            log.warning("%s: the history was not pruned: %s", root, error)
    return version


def _history_locked(project: Project):  # type: ignore[no-untyped-def]
    """The history's lock: a keep's blobs and line, and a pruning, never interleave (a
    pruning would take a keep's new blobs for unnamed ones)."""
    return project.locked(store.history_dir(project.root) / store.INDEX)


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


def prune_history(
    project: Project, *, now: float | None = None, config: HistoryConfig | None = None
) -> Pruned:
    """Apply retention and the size cap: rewrite the index with what is kept, delete the
    blobs no version names, and record whether the cap was reached."""
    from workbench.history.config import history_config

    root = project.root
    config = config or history_config(project)
    now = clock() if now is None else now
    with _history_locked(project):
        read = store.read_index(root)
        sizes = store.blob_sizes(root)
        blobs: dict[str, dict[str, int]] = {}
        for sha in {v.sha for v in read.versions}:
            keys = [sha + store.LIST]
            with contextlib.suppress(OSError, WorkbenchError):  # lost: its list is all it has
                keys += [name + store.PART for name in store.part_names(root, sha)]
            blobs[sha] = {key: sizes.get(key, 0) for key in keys}
        pruned = prune(read.versions, now, config, blobs)
        store.rewrite_index(root, pruned.kept)
        store.remove_unnamed_blobs(root, {name for v in pruned.kept for name in blobs[v.sha]})
    if pruned.cap_reached:
        log.warning(
            "%s: the history reached its cap of %d MB; older versions were dropped",
            root,
            config.max_megabytes,
        )
    store.write_status(
        root,
        {
            "index_bytes": store.index_size(root),
            "cap_reached": pruned.cap_reached,
            "size": pruned.size,
            "at": now,
        },
    )
    return pruned


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
