"""Keeping the text a write replaces: the part of the history the one write path
(Project.write) calls before a file is replaced, and the pruning that keeps the history within
its retention. Below the book: it knows a project only as what it uses of one (HistoryHost), so
book/project.py may call it without an import cycle; reading and restoring versions is
history/versions.py, above the book."""

from __future__ import annotations

import contextlib
import logging
import time
from contextlib import AbstractContextManager
from pathlib import Path
from typing import Any, Protocol

from workbench.book.counting import count_zi
from workbench.errors import WorkbenchError
from workbench.history import store
from workbench.history.config import HistoryConfig, history_config
from workbench.history.retention import Pruned, Version, prune

log = logging.getLogger(__name__)


class HistoryHost(Protocol):
    """What keeping a version uses of a project."""

    root: Path

    def relative(self, path: Path) -> str: ...

    def locked(self, path: Path) -> AbstractContextManager[Any]: ...

    def config(self) -> dict: ...

    def role_path(self, role: Any) -> Path: ...


# Pruning reads the whole index: it runs once the log has grown by this much (about two
# hundred versions), not on every save.
PRUNE_EVERY_BYTES = 32 * 1024
KEPT_SUFFIXES = (".md", ".txt")
_NOT_KEPT_FOLDERS = (".workbench", ".webnovel")


def clock() -> float:
    """Now, in seconds since the epoch: what a version is stamped with (a test's seam)."""
    return time.time()


def keeps_history(project: HistoryHost, path: Path) -> bool:
    """Whether writes of `path` keep the text they replace: the book's Markdown and text
    files, not Workbench's own state."""
    relative = project.relative(Path(path))
    return Path(path).suffix.lower() in KEPT_SUFFIXES and not relative.startswith(
        tuple(f"{folder}/" for folder in _NOT_KEPT_FOLDERS)
    )


def keep(
    project: HistoryHost,
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


def _history_locked(project: HistoryHost):  # type: ignore[no-untyped-def]
    """The history's lock: a keep's blobs and line, and a pruning, never interleave (a
    pruning would take a keep's new blobs for unnamed ones)."""
    return project.locked(store.history_dir(project.root) / store.INDEX)


def prune_history(
    project: HistoryHost, *, now: float | None = None, config: HistoryConfig | None = None
) -> Pruned:
    """Apply retention and the size cap: rewrite the index with what is kept, delete the
    blobs no version names, and record whether the cap was reached."""
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
