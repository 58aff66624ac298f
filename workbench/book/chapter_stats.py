"""Each chapter file's (mtime, size), the test that notices a change, kept between feeds.

Without a watcher every call stats every chapter: nothing else notices a chapter another
program rewrote in place (a truncate-and-write does not touch the folder's mtime). While a
watcher reports the project's changes (the app's, `workbench.book.watch`), a call re-stats
only what changed: the files this process wrote, the files the watcher named, and every
chapter when a chapters folder's mtime moved in a way our own writes do not explain (a file
created, renamed or deleted; that covers another program's atomic rename-save too, and closes
the moment before the watcher's event arrives). An in-place write by another program is then
seen through the watcher alone.
"""

from __future__ import annotations

import os
import threading
from collections import deque
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

Stat = tuple[int, int]  # (st_mtime_ns, st_size)
# How many versions back `changes_since` can answer; older callers diff the whole mapping.
LOG_LENGTH = 64


def file_stat(path: Path | str) -> Stat | None:
    """(mtime, size) of a file, None when it cannot be statted."""
    try:
        stat = os.stat(path)
    except OSError:
        return None
    return stat.st_mtime_ns, stat.st_size


@dataclass(frozen=True)
class ChapterStats:
    """The chapters' stats at one moment; `version` changes whenever one of them, or the
    listing, does (a cache keyed by it holds for as long as the stats do). Read-only."""

    version: int
    stats: Mapping[Path, Stat | None]


class StatKeeper:
    """The chapters' stats of one open project, shared by its views (thread-safe)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._version = 0
        self._listing: int | None = None  # the listing version the stats were taken for
        self._stats: dict[Path, Stat | None] = {}
        self._folders: dict[Path, Stat | None] = {}
        self._noted: set[Path] = set()
        self._watched = 0
        # (version, the paths whose stat changed to make it)
        self._log: deque[tuple[int, frozenset[Path]]] = deque(maxlen=LOG_LENGTH)

    @property
    def watched(self) -> bool:
        """Whether a watcher reports this project's changes."""
        return self._watched > 0

    def watch_started(self) -> None:
        """A watcher now reports every change: trust it, after one full look (what changed
        before it started was reported to no one)."""
        with self._lock:
            self._watched += 1
            self._listing = None

    def watch_stopped(self) -> None:
        """The watcher is gone: stat every chapter again on each call."""
        with self._lock:
            self._watched = max(0, self._watched - 1)

    def note(self, paths: Iterable[Path]) -> None:
        """Files that may have changed (the watcher's report; any thread)."""
        with self._lock:
            self._noted.update(paths)

    def wrote(self, path: Path, stat: Stat | None, before: Stat | None) -> None:
        """This process replaced `path` (its stat now; `before`: its folder's stat just before
        the write). The folder's new mtime is ours only when it was as recorded before it;
        otherwise something else changed there too, and the next call looks at everything."""
        folder = path.parent
        after = file_stat(folder)
        with self._lock:
            if folder in self._folders and self._folders[folder] == before:
                self._folders[folder] = after
            if path in self._stats:  # changed, even when within one tick at the same size
                self._stats = {**self._stats, path: stat}
                self._bump(frozenset((path,)))

    def current(self, listing: int, paths: Iterable[Path], folders: Iterable[Path]) -> ChapterStats:
        """The stats of the listed chapter `paths` (listing version `listing`), which live in
        `folders`: re-taken as the module docstring says. The lock is held throughout, so two
        threads asking at once take the stats once."""
        with self._lock:
            noted, self._noted = self._noted, set()
            watched = self._watched > 0
            folder_stats = {folder: file_stat(folder) for folder in folders} if watched else {}
            known = self._stats
            relisted = self._listing != listing
            if not watched or relisted or folder_stats != self._folders:
                stats = {path: file_stat(path) for path in paths}
                # Compared in C first, by the keys' stored hashes: the usual answer.
                changed = frozenset() if stats == known else _differing(known, stats)
            else:
                fresh = {path: file_stat(path) for path in noted if path in known}
                changed = _differing(known, fresh)
                stats = {**known, **fresh} if changed else known
            self._folders = folder_stats
            self._listing = listing
            if changed or relisted:
                self._stats = stats
                self._bump(changed)
            return ChapterStats(self._version, self._stats)

    def changes_since(self, version: int) -> frozenset[Path] | None:
        """The paths whose stats changed (or that were listed) after `version`; None when
        that was too long ago: the caller compares the mappings."""
        with self._lock:
            if version == self._version:
                return frozenset()
            if not self._log or self._log[0][0] > version + 1:
                return None
            return frozenset().union(*(paths for logged, paths in self._log if logged > version))

    def _bump(self, changed: frozenset[Path]) -> None:
        self._version += 1
        self._log.append((self._version, changed))


def _differing(old: Mapping[Path, Stat | None], new: Mapping[Path, Stat | None]) -> frozenset:
    return frozenset(path for path, stat in new.items() if old.get(path, ()) != stat)
