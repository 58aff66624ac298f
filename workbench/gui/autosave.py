"""Unsaved text kept under `.workbench/autosave/` so that a crash loses nothing.

One JSON file per open document with unsaved edits; it goes away when the document is saved
or its edits are discarded, so whatever is left when a project opens is a crash's leftover.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import logging
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from workbench.book import gate
from workbench.errors import WorkbenchError

log = logging.getLogger(__name__)

AUTOSAVE_DIR = "autosave"
# Bytes of autosaves read at one open: a crash leaves one per modified tab, each a chapter of
# well under a megabyte; forty of 15 MB took over a minute and 2 GB when all were read at once.
MAX_READ_AT_OPEN = 64 * 1024 * 1024


@dataclass(frozen=True)
class AutosaveEntry:
    """Unsaved text of one file, as last autosaved."""

    relative_path: str
    text: str
    base_sha256: str
    saved_at: float


class AutosaveStore:
    """Reads and writes the autosave folder of one project."""

    def __init__(self, root: Path, state_dir: Path, budget: int = MAX_READ_AT_OPEN) -> None:
        self.root = root
        self.folder = state_dir / AUTOSAVE_DIR
        self.budget = budget

    def _entry_file(self, relative_path: str) -> Path:
        digest = hashlib.sha256(relative_path.encode("utf-8")).hexdigest()[:20]
        return self.folder / f"{digest}.json"

    def write(self, relative_path: str, text: str, base_sha256: str) -> Path:
        """Keep `text` for `relative_path` (atomically, replacing the previous autosave)."""
        record = {
            "path": relative_path,
            "base_sha256": base_sha256,
            "saved_at": time.time(),
            "text": text,
        }
        target = self._entry_file(relative_path)
        data = json.dumps(record, ensure_ascii=False).encode("utf-8")
        gate.write_bytes(target, data, root=self.root)
        return target

    def discard(self, relative_path: str) -> None:
        """Forget the autosave of a file (it was saved, or its edits were discarded)."""
        with contextlib.suppress(FileNotFoundError):
            gate.remove(self._entry_file(relative_path), root=self.root)

    def entries(self) -> Iterator[AutosaveEntry]:
        """Every readable autosave, oldest first, each read only when the one before has been
        dealt with (so a crash's leftovers of many megabytes are never in memory at once).
        At most `budget` bytes of them are read at one open: the rest stay where they are,
        logged, for a later open once these are restored or discarded. Unreadable ones are
        logged and left alone."""
        if not self.folder.is_dir():
            return
        budget = self.budget
        for file, size in self._files_oldest_first():
            if size > budget:
                log.warning("autosave %s (%d bytes) left for a later open", file, size)
                continue
            budget -= size
            try:
                record = gate.read_json(
                    file, root=self.root, limit=gate.MAX_FILE_BYTES * 2, what="an autosave"
                )
                yield AutosaveEntry(
                    str(record["path"]),
                    str(record["text"]),
                    str(record.get("base_sha256", "")),
                    float(record.get("saved_at", 0.0)),
                )
            except (OSError, WorkbenchError, ValueError, KeyError, TypeError) as error:
                log.warning("unreadable autosave %s left in place: %s", file, error)

    def _files_oldest_first(self) -> list[tuple[Path, int]]:
        """(file, size) of each autosave, by the time it was last written."""
        found = []
        for file in self.folder.glob("*.json"):
            with contextlib.suppress(OSError):
                info = file.stat()
                found.append((info.st_mtime_ns, file, info.st_size))
        return [(file, size) for _, file, size in sorted(found)]

    def recoverable(self) -> Iterator[AutosaveEntry]:
        """Autosaves whose text differs from the file on disk, one at a time; identical
        ones are dropped."""
        for entry in self.entries():
            path = self.root / entry.relative_path
            try:
                on_disk = gate.read_text(path, root=self.root).text if path.is_file() else None
            except WorkbenchError as error:
                log.warning("cannot compare autosave with %s: %s", path, error)
                on_disk = None
            if on_disk == entry.text:
                self.discard(entry.relative_path)
            else:
                yield entry
