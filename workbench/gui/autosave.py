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
from dataclasses import dataclass
from pathlib import Path

from workbench.book import gate
from workbench.errors import WorkbenchError

log = logging.getLogger(__name__)

AUTOSAVE_DIR = "autosave"


@dataclass(frozen=True)
class AutosaveEntry:
    """Unsaved text of one file, as last autosaved."""

    relative_path: str
    text: str
    base_sha256: str
    saved_at: float


class AutosaveStore:
    """Reads and writes the autosave folder of one project."""

    def __init__(self, root: Path, state_dir: Path) -> None:
        self.root = root
        self.folder = state_dir / AUTOSAVE_DIR

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

    def entries(self) -> list[AutosaveEntry]:
        """Every readable autosave, oldest first; unreadable ones are logged and left alone."""
        if not self.folder.is_dir():
            return []
        found = []
        for file in sorted(self.folder.glob("*.json")):
            try:
                record = gate.read_json(
                    file, root=self.root, limit=gate.MAX_FILE_BYTES * 2, what="an autosave"
                )
                found.append(
                    AutosaveEntry(
                        str(record["path"]),
                        str(record["text"]),
                        str(record.get("base_sha256", "")),
                        float(record.get("saved_at", 0.0)),
                    )
                )
            except (OSError, WorkbenchError, ValueError, KeyError, TypeError) as error:
                log.warning("unreadable autosave %s left in place: %s", file, error)
        return sorted(found, key=lambda entry: entry.saved_at)

    def recoverable(self) -> list[AutosaveEntry]:
        """Autosaves whose text differs from the file on disk; identical ones are dropped."""
        result = []
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
                result.append(entry)
        return result
