"""Chapter scans kept across processes, in `.workbench/scan-cache.json`.

An agent host runs `workbench feed` once per chapter, each time in a new process; without
this every process read and scanned every chapter for the cast and the keywords again. The
file maps each chapter (by path) to the (mtime, size) it had and the sha256 of its bytes —
the test `Project.read` uses to notice a change — and, per scanner (its kind and terms,
hashed), each content hash to the terms found; and each content hash to the chapter's 字 count
and heading title (what the app's project tree shows, so a warm open reads no chapter). A
chapter whose stat differs is read and scanned again; a new alias or keyword is a new scanner,
so every chapter is scanned for it.
Saved when the process exits or the app closes the project (release_project_cache); a file
that cannot be read or written, or whose seal does not verify (book/cache_seal.py), is logged
and ignored: it is only a cache.
"""

from __future__ import annotations

import atexit
import hashlib
import json
import logging
import threading
import weakref
from pathlib import Path

from workbench.book import gate
from workbench.book.bounded_json import parse_json
from workbench.book.cache_seal import read_sealed, sealed
from workbench.book.chapter_stats import Stat
from workbench.errors import FileProblem

log = logging.getLogger(__name__)

CACHE_FILE = "scan-cache.json"
FORMAT = 1


def scanner_digest(key: tuple[str, ...]) -> str:
    """A scanner's kind and terms, hashed: the name its results are kept under."""
    return hashlib.blake2b("\n".join(key).encode("utf-8"), digest_size=16).hexdigest()


class ScanStore:
    """The persisted scans of one project (thread-safe: the GUI scans off its thread)."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self._lock = threading.Lock()
        self._files: dict[str, tuple[Stat, str]] = {}  # path -> (stat, sha256)
        self._scans: dict[str, dict[str, frozenset[str]]] = {}  # digest -> sha256 -> terms
        self._facts: dict[str, tuple[int, str]] = {}  # sha256 -> (字 count, heading title)
        self._dirty = False
        if path is not None:
            self._load(path)
            _LIVE.add(self)

    def known_hash(self, name: str, stat: Stat | None) -> str | None:
        """The sha256 a chapter (by project-relative path) had when it last had this stat,
        if that was recorded."""
        with self._lock:
            recorded = self._files.get(name)
        return recorded[1] if recorded is not None and recorded[0] == stat else None

    def results(self, key: tuple[str, ...]) -> dict[str, frozenset[str]]:
        """The persisted content hash -> terms table of one scanner (empty when new)."""
        with self._lock:
            return dict(self._scans.get(scanner_digest(key), {}))

    def remember(self, name: str, stat: Stat, sha256: str, key: tuple, found: frozenset) -> None:
        """Record a chapter's stat and hash (the stat taken before it was read, so a change
        while reading only makes the next process read it again) and what a scanner found."""
        with self._lock:
            if self._files.get(name) != (stat, sha256):
                self._files[name] = (stat, sha256)
                self._dirty = True
            table = self._scans.setdefault(scanner_digest(key), {})
            if table.get(sha256) != found:
                table[sha256] = found
                self._dirty = True

    def facts(self, sha256: str) -> tuple[int, str] | None:
        """(字 count, heading title) of a chapter content, if recorded."""
        with self._lock:
            return self._facts.get(sha256)

    def remember_facts(self, name: str, stat: Stat, sha256: str, zi: int, title: str) -> None:
        """Record a chapter's stat and hash (as `remember`) and its 字 count and title."""
        with self._lock:
            if self._files.get(name) != (stat, sha256):
                self._files[name] = (stat, sha256)
                self._dirty = True
            if self._facts.get(sha256) != (zi, title):
                self._facts[sha256] = (zi, title)
                self._dirty = True

    def save(self) -> None:
        """Write the file when something new was recorded: only the current content of each
        recorded chapter is kept, so the file does not grow with the book's history."""
        if self.path is None or not self._dirty:
            return
        if not self.path.parent.parent.is_dir():
            return  # the project folder is gone (deleted while open): nothing to keep
        with self._lock:
            live = {sha for _, sha in self._files.values()}
            data = {
                "format": FORMAT,
                "files": {path: [*stat, sha] for path, (stat, sha) in self._files.items()},
                "scans": {
                    digest: {sha: sorted(found) for sha, found in table.items() if sha in live}
                    for digest, table in self._scans.items()
                },
                "facts": {sha: list(fact) for sha, fact in self._facts.items() if sha in live},
            }
            try:
                encoded = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
                data = sealed(encoded.encode("utf-8"))
                gate.write_bytes(self.path, data, root=self.path.parent.parent)
            except (OSError, FileProblem) as error:
                log.warning("cannot save chapter scans %s: %s", self.path, error)
            self._dirty = False

    def _load(self, path: Path) -> None:
        try:
            payload = read_sealed(path)
            if payload is None:  # none yet, or not sealed by this machine: rebuilt
                return
            data = parse_json(payload, path)
            if data.get("format") != FORMAT:
                return
            for name, (mtime, size, sha) in data["files"].items():
                self._files[str(name)] = ((int(mtime), int(size)), str(sha))
            for digest, table in data["scans"].items():
                self._scans[str(digest)] = {
                    str(sha): frozenset(map(str, found)) for sha, found in table.items()
                }
            for sha, (zi, title) in data.get("facts", {}).items():  # absent before issue #28
                self._facts[str(sha)] = (int(zi), str(title))
        except (OSError, FileProblem, ValueError, TypeError, AttributeError, KeyError) as error:
            # Never worth an error: start again; the next save overwrites it.
            log.warning("ignoring unreadable chapter scans %s: %s", path, error)
            self._files.clear()
            self._scans.clear()
            self._facts.clear()


_LIVE: weakref.WeakSet[ScanStore] = weakref.WeakSet()


@atexit.register
def _save_all() -> None:
    for store in list(_LIVE):
        store.save()
