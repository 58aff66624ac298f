"""The passage index: every chapter's passages in SQLite FTS5, at `.workbench/recall-index.sqlite3`.

A cache like the others (book/cache_seal.py): a hint, never truth, deletable at any time.
It is sealed by this user's machine: a `seal` row in its meta table, and on every chapter
and passage row an HMAC of the row's values, checked whenever a row is read. A file that is
not SQLite, whose seal does not verify, or one of whose rows was changed since it was
written is ignored whole and rebuilt from the chapters; `check` names it. A chapter is
(re-)indexed when its content hash differs from the one recorded (a save, an edit made
outside the app, an import); chapters no longer listed are removed. Building commits as it
goes, so a build that is stopped resumes where it stopped.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import logging
import sqlite3
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple

from workbench.book.project import ChapterRef, Project
from workbench.cache_key import cache_key
from workbench.errors import FileProblem
from workbench.recall.index_file import (
    Poisoned,
    connect,
    index_path,
    remove_index,
    row_mac,
)
from workbench.recall.passages import Passage, cut_passages
from workbench.recall.tokens import index_tokens

log = logging.getLogger(__name__)

COMMIT_EVERY_S = 0.5  # a long build commits at least this often, so it can resume
# Index file -> (chapter listing version, stats version, buffer hashes) it was last synced at
# in this process: a later sync reads only the chapters whose stats changed since.
_SYNCED: dict[Path, tuple[int, int, tuple]] = {}


@dataclass(frozen=True)
class SyncReport:
    """What one sync did: the chapters (re-)indexed and those removed."""

    indexed: tuple[int, ...]
    removed: tuple[int, ...]


class Place(NamedTuple):
    """Where a passage is: its chapter and lines."""

    chapter: int
    start_line: int
    end_line: int


@dataclass(frozen=True)
class StoredPassage:
    """A passage as read back from the index, its row's seal verified."""

    id: int
    passage: Passage


_LOCKS: dict[Path, threading.Lock] = {}
_LOCKS_GUARD = threading.Lock()


def index_lock(path: Path) -> threading.Lock:
    """The lock this process holds while it uses the index at `path` (feeds are built on
    several threads at once; one of them may find the index poisoned and rebuild it)."""
    with _LOCKS_GUARD:
        return _LOCKS.setdefault(path, threading.Lock())


class PassageIndex:
    """An open passage index of one project (one connection: use it on one thread)."""

    def __init__(self, project: Project) -> None:
        self.project = project
        self.path = index_path(project)
        # Looked up once: every row read or written is sealed with it.
        self.key = cache_key()
        self.fresh = False  # set when the file is made new: nothing in it yet
        self.db = self._open_trusted()

    def close(self) -> None:
        """Close the connection."""
        self.db.close()

    def __enter__(self) -> PassageIndex:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # --- opening ---------------------------------------------------------------------

    def _open_trusted(self) -> sqlite3.Connection:
        self.fresh = not self.path.exists()
        try:
            return connect(self.path, self.key, verify=True)
        except Poisoned as why:
            log.warning("ignoring recall index %s: %s; it is rebuilt", self.path, why)
            remove_index(self.project)
            self.fresh = True
            return connect(self.path, self.key, verify=False)

    def rebuild(self) -> None:
        """Throw the index away and start an empty one (a row that failed its seal)."""
        self.db.close()
        remove_index(self.project)
        self.fresh = True
        self.db = connect(self.path, self.key, verify=False)

    # --- writing ---------------------------------------------------------------------

    def sync(self, progress: Callable[[int, int], None] | None = None) -> SyncReport:
        """Bring the index up to date with the listed chapters: after a sync in this process,
        only the chapters whose file stats changed since are read again."""
        project = self.project
        stats = project.chapter_stats()
        stamp = (project.listing_version, stats.version, project.buffer_hashes())
        refs = {ref.number: ref for ref in reversed(project.chapters)}
        held = None if self.fresh else _SYNCED.get(self.path)
        if held is not None and held[0::2] == stamp[0::2]:
            changed = project.stat_keeper.changes_since(held[1])
            if changed is not None:
                refs = {n: ref for n, ref in refs.items() if ref.path in changed}
                report = self._update(refs, {}, progress, full=False)
                _SYNCED[self.path] = stamp
                return report
        report = self._update(refs, self._known_chapters(), progress, full=True)
        _SYNCED[self.path] = stamp
        self.fresh = False
        return report

    def _update(
        self,
        refs: dict[int, ChapterRef],
        known: dict[int, str],
        progress: Callable[[int, int], None] | None,
        *,
        full: bool,
    ) -> SyncReport:
        if not full:
            known = self._known_chapters(list(refs))
        indexed, last_commit = [], time.monotonic()
        for done, number in enumerate(sorted(refs), start=1):
            try:
                loaded = self.project.read(refs[number].path)
            except FileProblem as error:
                log.info("recall index: chapter %d skipped: %s", number, error.problem)
                continue
            if known.get(number) != loaded.sha256:
                self._index_chapter(number, loaded.text, loaded.sha256)
                indexed.append(number)
            if progress is not None:
                progress(done, len(refs))
            if indexed and time.monotonic() - last_commit > COMMIT_EVERY_S:
                self.db.commit()
                last_commit = time.monotonic()
        removed = sorted(set(known) - set(refs)) if full else []
        for number in removed:
            self._remove_chapter(number)
        self.db.commit()
        if indexed or removed:
            log.debug("recall index: %d chapters indexed, %d removed", len(indexed), len(removed))
        return SyncReport(tuple(indexed), tuple(removed))

    def _known_chapters(self, numbers: list[int] | None = None) -> dict[int, str]:
        """Chapter -> the content hash it was indexed at (of `numbers`, else of all)."""
        if numbers is None:
            rows = self.db.execute("SELECT number, sha256, passages, mac FROM chapters").fetchall()
        else:
            marks = ",".join("?" * len(numbers))
            rows = self.db.execute(
                f"SELECT number, sha256, passages, mac FROM chapters WHERE number IN ({marks})",
                numbers,
            ).fetchall()
        known = {}
        for number, sha256, count, mac in rows:
            if not hmac.compare_digest(mac, row_mac(self.key, "chapter", number, sha256, count)):
                raise Poisoned(f"chapter {number}'s row does not verify")
            known[number] = sha256
        return known

    def _index_chapter(self, number: int, text: str, sha256: str) -> None:
        self._remove_chapter(number)
        passages = cut_passages(number, text)
        for passage in passages:
            values = (passage.chapter, passage.start_line, passage.end_line, passage.zi)
            cursor = self.db.execute(
                "INSERT INTO passages (chapter, start_line, end_line, zi, text, mac)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                (*values, passage.text, row_mac(self.key, "passage", *values, passage.text)),
            )
            self.db.execute(
                "INSERT INTO tokens (rowid, body) VALUES (?, ?)",
                (cursor.lastrowid, index_tokens(passage.text)),
            )
        count = len(passages)
        self.db.execute(
            "INSERT INTO chapters (number, sha256, passages, mac) VALUES (?, ?, ?, ?)",
            (number, sha256, count, row_mac(self.key, "chapter", number, sha256, count)),
        )

    def _remove_chapter(self, number: int) -> None:
        rows = self.db.execute("SELECT id, text FROM passages WHERE chapter = ?", (number,))
        # A contentless FTS5 table forgets a row only when told the tokens it was given.
        self.db.executemany(
            "INSERT INTO tokens (tokens, rowid, body) VALUES ('delete', ?, ?)",
            [(row_id, index_tokens(text)) for row_id, text in rows.fetchall()],
        )
        self.db.execute("DELETE FROM passages WHERE chapter = ?", (number,))
        self.db.execute("DELETE FROM chapters WHERE number = ?", (number,))

    def words_for(
        self, text: str, cut: Callable[[str], list[tuple[str, float]]]
    ) -> list[tuple[str, float]]:
        """`cut(text)`, remembered by the text's hash: a one-shot `workbench feed` for a plan it
        has seen does not load jieba again."""
        sha256 = hashlib.sha256(text.encode("utf-8")).hexdigest()
        row = self.db.execute("SELECT words, mac FROM plan_words WHERE sha256 = ?", (sha256,))
        found = row.fetchone()
        if found is not None:
            if not hmac.compare_digest(found[1], row_mac(self.key, "words", sha256, found[0])):
                raise Poisoned("a plan's remembered words were changed")
            return [(word, float(share)) for word, share in json.loads(found[0])]
        words = cut(text)
        payload = json.dumps(words, ensure_ascii=False)
        self.db.execute(
            "INSERT OR REPLACE INTO plan_words VALUES (?, ?, ?)",
            (sha256, payload, row_mac(self.key, "words", sha256, payload)),
        )
        self.db.commit()
        return words

    # --- reading ---------------------------------------------------------------------

    def matching(self, query: str, before: int, excluded: Iterable[int] = ()) -> dict[int, Place]:
        """Passage id -> where it is, for the passages of chapters before `before` (and not
        in `excluded`) that match an FTS5 query. Where a passage is decides only its rank; its
        text is read, and its seal checked, by `passages`."""
        skip = set(excluded)
        rows = self.db.execute(
            "SELECT p.id, p.chapter, p.start_line, p.end_line FROM tokens"
            " JOIN passages p ON p.id = tokens.rowid WHERE tokens MATCH ? AND p.chapter < ?",
            (query, before),
        )
        return {row[0]: Place(*row[1:]) for row in rows if row[1] not in skip}

    def best(
        self, weighted: list[tuple[str, float]], before: int, excluded: Iterable[int], limit: int
    ) -> list[tuple[int, Place]]:
        """The `limit` passages (of chapters before `before`, not in `excluded`) with the
        highest sum of the weights of the queries they match, best first (ties: book order).
        Summed by SQLite: a long book's thousands of matching passages are never read out."""
        if not weighted:
            return []
        matches = " UNION ALL ".join(
            "SELECT rowid AS id, ? AS weight FROM tokens WHERE tokens MATCH ?" for _ in weighted
        )
        skip = sorted(set(excluded))
        sql = (
            f"SELECT p.id, p.chapter, p.start_line, p.end_line FROM ({matches}) m"
            " JOIN passages p ON p.id = m.id"
            f" WHERE p.chapter < ? AND p.chapter NOT IN ({','.join('?' * len(skip))})"
            " GROUP BY p.id ORDER BY round(sum(m.weight), 9) DESC, p.chapter, p.start_line"
            " LIMIT ?"
        )
        values = [value for query, weight in weighted for value in (weight, query)]
        rows = self.db.execute(sql, (*values, before, *skip, limit))
        return [(row[0], Place(*row[1:])) for row in rows]

    def last_matching(
        self, query: str, before: int, excluded: Iterable[int] = ()
    ) -> tuple[int, Place] | None:
        """The first passage of the last chapter before `before` (not in `excluded`) that has
        a passage matching the query."""
        skip = sorted(set(excluded))
        sql = (
            "SELECT p.id, p.chapter, p.start_line, p.end_line FROM tokens"
            " JOIN passages p ON p.id = tokens.rowid WHERE tokens MATCH ? AND p.chapter < ?"
            f" AND p.chapter NOT IN ({','.join('?' * len(skip))})"
            " ORDER BY p.chapter DESC, p.start_line LIMIT 1"
        )
        row = self.db.execute(sql, (query, before, *skip)).fetchone()
        return None if row is None else (row[0], Place(*row[1:]))

    def passage_count(self, before: int, excluded: Iterable[int] = (), query: str = "") -> int:
        """How many passages chapters before `before` (and not in `excluded`) hold; with
        `query`, how many of them match it (counted by SQLite, no row read out)."""
        skip = sorted(set(excluded))
        marks = ",".join("?" * len(skip))
        where = f"p.chapter < ? AND p.chapter NOT IN ({marks})"
        if not query:
            sql = f"SELECT count(*) FROM passages p WHERE {where}"
            return int(self.db.execute(sql, (before, *skip)).fetchone()[0])
        sql = (
            "SELECT count(*) FROM tokens JOIN passages p ON p.id = tokens.rowid"
            f" WHERE tokens MATCH ? AND {where}"
        )
        return int(self.db.execute(sql, (query, before, *skip)).fetchone()[0])

    def passages(self, ids: Iterable[int]) -> dict[int, StoredPassage]:
        """The passages with these ids, each row's seal checked (Poisoned when one fails)."""
        found: dict[int, StoredPassage] = {}
        wanted = sorted(set(ids))
        for start in range(0, len(wanted), 500):
            chunk = wanted[start : start + 500]
            rows = self.db.execute(
                "SELECT id, chapter, start_line, end_line, zi, text, mac FROM passages"
                f" WHERE id IN ({','.join('?' * len(chunk))})",
                chunk,
            )
            for row_id, chapter, first, last, zi, text, mac in rows:
                if not hmac.compare_digest(
                    mac, row_mac(self.key, "passage", chapter, first, last, zi, text)
                ):
                    raise Poisoned(f"the passage at chapter {chapter} line {first} was changed")
                found[row_id] = StoredPassage(row_id, Passage(chapter, first, last, text, zi))
        return found
