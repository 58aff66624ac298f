"""Per-project memory of parsed trackers, the cast and chapter scans, keyed by content hash.

The feed engine asks for relevance on every feed; with these caches a warm call re-reads
nothing that has not changed (Project.read already skips unchanged files by mtime/size).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from weakref import WeakKeyDictionary

from workbench.book.project import Project
from workbench.errors import FileProblem
from workbench.trackers import table_store
from workbench.trackers.scan_store import CACHE_FILE, ScanStore
from workbench.trackers.table_store import TableStore

# Scanners are keyed by their term list; a new keyword or alias makes a new one. Old ones
# are forgotten so a long session does not keep a scan for every past term list.
MAX_SCANNERS = 4


@dataclass
class ProjectCache:
    """What the trackers package remembers about one open project."""

    parsed: dict[str, tuple[str, Any]] = field(default_factory=dict)  # path -> (sha, parse)
    cast: tuple[tuple[str, ...], Any] | None = None  # (file hashes, Cast)
    scans: dict[tuple[str, ...], dict[str, frozenset[str]]] = field(default_factory=dict)
    relevance: tuple[tuple, Any] | None = None  # (fingerprint of the files read, answer)
    kinds: tuple[str, Any] | None = None  # (workbench.toml's sha256, the tracker kinds)
    presence: Any = None  # the book's chapter presence, kept up to date (trackers.presence)
    mention_counts: dict[Any, Any] = field(default_factory=dict)  # sha -> counts (mentions)
    store: ScanStore = field(default_factory=lambda: ScanStore(None))  # scans on disk
    tables: TableStore = field(default_factory=lambda: TableStore(None))  # tables on disk

    def scan_results(self, terms: tuple[str, ...]) -> dict[str, frozenset[str]]:
        """The sha256 -> matched-terms table of one scanner, made on first use from what
        earlier processes saved."""
        table = self.scans.pop(terms, None)
        if table is None:
            table = self.store.results(terms)
            while len(self.scans) >= MAX_SCANNERS:
                self.scans.pop(next(iter(self.scans)))
        self.scans[terms] = table  # re-inserted: the dict's order is least recently used first
        return table


_CACHES: WeakKeyDictionary[Project, ProjectCache] = WeakKeyDictionary()


def project_cache(project: Project) -> ProjectCache:
    """The cache of one open project, shared by its views of unsaved buffers (every entry is
    keyed by content, so a view never reads another text's answer); it goes when the
    project does, or with release_project_cache."""
    cache = _CACHES.get(project.base)
    if cache is None:
        scans, tables = (
            _store_path(project, CACHE_FILE),
            _store_path(project, table_store.CACHE_FILE),
        )
        cache = ProjectCache(store=ScanStore(scans), tables=TableStore(tables))
        _CACHES[project.base] = cache
    return cache


def keep_in_memory(project: Project) -> None:
    """Remember this project's parses and scans in this process only, never in `.workbench/`
    (a process that must write nothing into the project: the app's continuity checker)."""
    _CACHES[project.base] = ProjectCache()


def release_project_cache(project: Project) -> None:
    """Save the chapter scans of a project being closed and forget its cache (the app calls
    this when it opens another project or quits; a one-shot command saves at exit)."""
    cache = _CACHES.pop(project.base, None)
    if cache is not None:
        cache.store.save()


def _store_path(project: Project, name: str) -> Path | None:
    try:
        return project.state_dir / name
    except FileProblem:  # `.workbench/` leads out of the project: keep scans in memory only
        return None
