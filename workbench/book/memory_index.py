"""Opening webnovel-writer's `.webnovel/index.db` read-only and bounded.

Read-only means nothing is created or changed beside the database: SQLite opening a database
with a `-wal` file, even with `mode=ro`, creates or rewrites `index.db-shm` (and may replay
the WAL). So the database and its `-wal` are copied, through the gate and bounded in size,
into a private temporary folder, and the copy is what SQLite opens; the `.webnovel/` folder
is only ever read, byte for byte.

Bounded means a crafted database is a message naming the file and the limit: its size (and
so its page count) is capped before it is opened, every value SQLite builds is capped in
length (a generated column can compute a gigabyte from a 32 KB file), a query that runs past
a time limit is interrupted by the progress handler, tables with generated columns are
refused (webnovel-writer never writes one), and callers cap the rows they take.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from workbench.book import gate, gate_folders
from workbench.errors import FileProblem

if TYPE_CHECKING:
    import sqlite3

MAX_INDEX_BYTES = 64 * 1024 * 1024  # webnovel-writer's index of a 600-chapter book: a few MB
MAX_INDEX_ROWS = 50_000  # per table read; ~10x the relationships of a long book
MAX_VALUE_BYTES = 64 * 1024  # any one value SQLite builds (a name, a description)
QUERY_SECONDS = 10.0  # reading the whole index takes milliseconds
_PROGRESS_STEPS = 10_000  # SQLite VM steps between checks of the time limit
WHAT = "webnovel-writer's index.db"


class IndexProblem(FileProblem):
    """index.db cannot be read within its bounds (the message says which and why)."""


@contextlib.contextmanager
def open_index(path: Path, *, root: Path) -> Iterator[sqlite3.Connection]:
    """A connection to a private copy of index.db (and its -wal), bounded as above."""
    import sqlite3  # only for a webnovel-writer project's index.db

    wal = path.with_name(path.name + "-wal")
    copied = gate_folders.private_copies([path, wal], root=root, limit=MAX_INDEX_BYTES, what=WHAT)
    with copied as copies:
        database = copies[0]
        if database is None:
            raise FileNotFoundError(path)
        connection = sqlite3.connect(database)
        try:
            connection.setlimit(sqlite3.SQLITE_LIMIT_LENGTH, MAX_VALUE_BYTES)
            deadline = time.monotonic() + QUERY_SECONDS
            connection.set_progress_handler(lambda: time.monotonic() > deadline, _PROGRESS_STEPS)
            _check_pages(connection, path)
            yield connection
        except sqlite3.Error as error:
            raise _bounded_error(path, error) from error
        finally:
            connection.close()


def _check_pages(connection: sqlite3.Connection, path: Path) -> None:
    pages = connection.execute("PRAGMA page_count").fetchone()[0]
    size = connection.execute("PRAGMA page_size").fetchone()[0]
    if pages * size > MAX_INDEX_BYTES:
        raise IndexProblem(
            path,
            f"{pages} pages of {size} bytes, more than the {gate.size_text(MAX_INDEX_BYTES)} "
            f"{WHAT} may be; not read",
        )


def _bounded_error(path: Path, error: Exception) -> FileProblem:
    text = str(error)
    if "interrupted" in text:
        return IndexProblem(
            path, f"reading it took longer than the {QUERY_SECONDS:g} s allowed; not read"
        )
    if "too big" in text:
        return IndexProblem(
            path,
            f"holds a value larger than the {gate.size_text(MAX_VALUE_BYTES)} allowed; not read",
        )
    return IndexProblem(path, f"cannot be read as {WHAT}: {error}")


def refuse_generated_columns(connection: sqlite3.Connection, path: Path, table: str) -> None:
    """IndexProblem when `table` has generated columns (computed on every read, without
    bound; webnovel-writer's schema has none)."""
    # table_xinfo's `hidden`: 2 and 3 are generated columns (virtual and stored).
    rows = connection.execute(f"PRAGMA table_xinfo({table!r})").fetchall()
    generated = [row[1] for row in rows if row[6] in (2, 3)]
    if generated:
        raise IndexProblem(
            path,
            f"table {table} has generated columns ({', '.join(map(str, generated[:5]))}), "
            "which webnovel-writer never writes; not read",
        )


def bounded_rows(connection: sqlite3.Connection, path: Path, table: str, query: str) -> list[tuple]:
    """The rows of `query` over `table`, refused past MAX_INDEX_ROWS."""
    refuse_generated_columns(connection, path, table)
    rows = connection.execute(f"{query} LIMIT {MAX_INDEX_ROWS + 1}").fetchall()
    if len(rows) > MAX_INDEX_ROWS:
        raise IndexProblem(
            path, f"table {table} has more than the {MAX_INDEX_ROWS} rows allowed; not read"
        )
    return rows
