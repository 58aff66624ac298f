"""Folders the gate builds whole: a migration's new project made beside its target and
renamed into place, and private copies of files for a reader that would write beside them.
Reads and the target's checks go through book/gate.py."""

from __future__ import annotations

import contextlib
import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

from workbench.book import textio
from workbench.book.gate import read_bytes, resolve


@contextlib.contextmanager
def folder_built_beside(target: Path | str) -> Iterator[Path]:
    """A new folder beside `target` (a folder the author named, new or empty) to build in:
    renamed to `target` whole when the block ends, removed when it raises, so a build that
    fails halfway leaves nothing half-written."""
    resolved = resolve(target, root=None)
    resolved.parent.mkdir(parents=True, exist_ok=True)
    prefix = f".{resolved.name}.migrating-"
    building = Path(tempfile.mkdtemp(prefix=prefix, dir=resolved.parent))
    try:
        yield building
        os.chmod(building, 0o777 & ~textio.process_umask())  # mkdtemp's 0700: as mkdir makes it
        os.replace(building, resolved)  # over an empty folder too
    except BaseException:
        shutil.rmtree(building, ignore_errors=True)
        raise


@contextlib.contextmanager
def private_copies(
    paths: list[Path], *, root: Path, limit: int, what: str
) -> Iterator[list[Path | None]]:
    """Bounded copies of these files in a private temporary folder (None for one that is not
    there), removed afterwards: what a read-only reader opens when the library that reads the
    file would write beside it (SQLite's -shm beside a database with a -wal)."""
    folder = Path(tempfile.mkdtemp(prefix="workbench-"))
    try:
        copies: list[Path | None] = []
        for path in paths:
            try:
                data = read_bytes(path, root=root, limit=limit, what=what)
            except FileNotFoundError:
                copies.append(None)
                continue
            copy = folder / path.name
            with open(copy, "wb") as handle:  # our own new file in our own folder
                handle.write(data)
            copies.append(copy)
        yield copies
    finally:
        shutil.rmtree(folder, ignore_errors=True)
