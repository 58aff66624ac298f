"""The passage index's file: where it is, its schema, its seal, and why `check` names it.

Every chapter and passage row carries an HMAC of its values with this user's cache key, and a
meta row seals the file as this machine's (book/cache_seal.py says why caches are sealed).
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import sqlite3
from collections.abc import Iterator
from pathlib import Path

from workbench.book.project import Project
from workbench.cache_key import cache_key
from workbench.errors import FileProblem
from workbench.recall.tokens import TOKENS_VERSION

INDEX_FILE = "recall-index.sqlite3"
SCHEMA_VERSION = "2"
_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS chapters (
    number INTEGER PRIMARY KEY, sha256 TEXT NOT NULL, passages INTEGER NOT NULL,
    mac TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS passages (
    id INTEGER PRIMARY KEY, chapter INTEGER NOT NULL, start_line INTEGER NOT NULL,
    end_line INTEGER NOT NULL, zi INTEGER NOT NULL, text TEXT NOT NULL, mac TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS passages_by_chapter ON passages (chapter, start_line);
CREATE TABLE IF NOT EXISTS plan_words (
    sha256 TEXT PRIMARY KEY, words TEXT NOT NULL, mac TEXT NOT NULL);
CREATE VIRTUAL TABLE IF NOT EXISTS tokens USING fts5 (body, content='', tokenize='unicode61');
"""


class Poisoned(Exception):
    """The index file cannot be trusted; the message says why."""


def index_path(project: Project) -> Path:
    """Where the project's passage index lives."""
    return project.state_dir / INDEX_FILE


def row_mac(key: bytes, *values: object) -> str:
    """The HMAC a row is sealed with."""
    payload = "\x1f".join(str(value) for value in values).encode("utf-8")
    return hmac.new(key, payload, hashlib.sha256).hexdigest()


def seal(key: bytes) -> str:
    """The meta row that says the file was made by this machine, for this schema."""
    return row_mac(key, "workbench-recall-index", SCHEMA_VERSION, TOKENS_VERSION)


def connect(path: Path, key: bytes, *, verify: bool) -> sqlite3.Connection:
    """A connection to the index at `path`, made when absent; Poisoned when `verify` finds a
    file that is not an index of this machine's."""
    if path.is_symlink() or (path.exists() and not path.is_file()):
        raise Poisoned("it is not a regular file")
    path.parent.mkdir(parents=True, exist_ok=True)
    try:
        db = sqlite3.connect(path, timeout=10)
        db.execute("PRAGMA journal_mode=WAL")
        db.execute("PRAGMA synchronous=NORMAL")
        # Made under SQLite's write lock: another process opening it at the same moment
        # waits, then finds it made.
        db.execute("BEGIN IMMEDIATE")
        if not db.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]:
            for statement in filter(str.strip, _SCHEMA.split(";")):
                db.execute(statement)
            db.execute("INSERT INTO meta VALUES ('seal', ?)", (seal(key),))
        db.commit()
        if verify:
            row = db.execute("SELECT value FROM meta WHERE key = 'seal'").fetchone()
            if row is None or not hmac.compare_digest(str(row[0]), seal(key)):
                db.close()
                raise Poisoned("its seal does not verify (written elsewhere or changed since)")
    except sqlite3.DatabaseError as error:
        raise Poisoned(f"not a readable index ({error})") from error
    return db


def remove_index(project: Project) -> None:
    """Delete the index and SQLite's journal files beside it."""
    path = index_path(project)
    for suffix in ("", "-wal", "-shm", "-journal"):
        with contextlib.suppress(FileNotFoundError):
            path.with_name(path.name + suffix).unlink()


def index_problem(project: Project) -> str:
    """Why the index would be ignored ("" when it verifies or is absent), for `check`:
    every row's seal is checked."""
    try:
        path = index_path(project)
    except FileProblem as error:
        return error.problem
    if not path.exists() and not path.is_symlink():
        return ""
    key = cache_key()
    try:
        db = connect(path, key, verify=True)
    except Poisoned as why:
        return str(why)
    try:
        with contextlib.closing(db):
            for problem in _row_problems(db, key):
                return problem
    except sqlite3.DatabaseError as error:
        return f"not a readable index ({error})"
    return ""


def _row_problems(db: sqlite3.Connection, key: bytes) -> Iterator[str]:
    for number, sha256, count, mac in db.execute(
        "SELECT number, sha256, passages, mac FROM chapters"
    ):
        if not hmac.compare_digest(mac, row_mac(key, "chapter", number, sha256, count)):
            yield f"chapter {number}'s row was changed since it was written"
    rows = db.execute("SELECT chapter, start_line, end_line, zi, text, mac FROM passages")
    for chapter, first, last, zi, text, mac in rows:
        if not hmac.compare_digest(mac, row_mac(key, "passage", chapter, first, last, zi, text)):
            yield f"the passage at chapter {chapter} line {first} was changed since it was written"
