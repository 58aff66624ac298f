"""Where markdown-it found the tables of each tracker text, kept in `.workbench/table-cache.json`.

A one-shot `workbench feed` whose tracker files did not change since an earlier call reads
the tables' lines from here instead of importing and running markdown-it (≈ 40 ms of each
such process). Keyed by the sha256 of the text, so a changed file is parsed again; the few
most recent texts are kept. A file that cannot be read or written, or whose seal does not
verify (book/cache_seal.py), is logged and ignored: it is only a cache.
"""

from __future__ import annotations

import json
import logging
import threading
from pathlib import Path

from workbench.book import gate
from workbench.book.bounded_json import parse_json
from workbench.book.cache_seal import read_sealed, sealed
from workbench.errors import FileProblem

log = logging.getLogger(__name__)

CACHE_FILE = "table-cache.json"
FORMAT = 1
MAX_TEXTS = 8  # the two tracker files and a few of their earlier versions
# The stray paragraphs (first, last line, 1-based) and the tables (header line index, body
# row line indices, 0-based), as find_tables_and_strays reads them off markdown-it's tokens.
Structure = tuple[tuple[tuple[int, int], ...], tuple[tuple[int, tuple[int, ...]], ...]]


class TableStore:
    """The persisted table structures of one project's tracker texts (thread-safe)."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self._lock = threading.Lock()
        self._structures: dict[str, Structure] = {}
        if path is not None:
            self._load(path)

    def get(self, sha256: str) -> Structure | None:
        """The structure of the text with this hash, if one was recorded."""
        with self._lock:
            return self._structures.get(sha256)

    def put(self, sha256: str, structure: Structure) -> None:
        """Record a text's structure and write the file (a tracker changes once per turn)."""
        with self._lock:
            self._structures.pop(sha256, None)
            self._structures[sha256] = structure
            while len(self._structures) > MAX_TEXTS:
                self._structures.pop(next(iter(self._structures)))
            data = {"format": FORMAT, "texts": self._structures}
        if self.path is None or not self.path.parent.parent.is_dir():
            return
        try:
            payload = json.dumps(data, separators=(",", ":")).encode()
            gate.write_bytes(self.path, sealed(payload), root=self.path.parent.parent)
        except (OSError, FileProblem) as error:
            log.warning("cannot save table structures %s: %s", self.path, error)

    def _load(self, path: Path) -> None:
        try:
            payload = read_sealed(path)
            if payload is None:  # none yet, or not sealed by this machine: rebuilt
                return
            data = parse_json(payload, path)
            if data.get("format") != FORMAT:
                return
            for sha, (strays, tables) in data["texts"].items():
                self._structures[str(sha)] = (
                    tuple((int(first), int(last)) for first, last in strays),
                    tuple((int(header), tuple(map(int, rows))) for header, rows in tables),
                )
        except (OSError, FileProblem, ValueError, TypeError, AttributeError, KeyError) as error:
            log.warning("ignoring unreadable table structures %s: %s", path, error)
            self._structures.clear()
