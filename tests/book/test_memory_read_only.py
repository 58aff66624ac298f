"""Read-only means read-only: with an `index.db-wal` beside webnovel-writer's database (the
tool was stopped before it checkpointed), `feed` and `trackers` still read what the WAL
holds, and leave `.webnovel/` exactly as it was: the same names, the same bytes (SQLite
opening the database itself, even with mode=ro, creates or rewrites `index.db-shm`)."""

from __future__ import annotations

import hashlib
import shutil
import sqlite3

from bounded import run_bounded
from webnovel_project import make_webnovel_project

ONLY_IN_THE_WAL = "赵无极在青石镇外截杀林风"


def _folder_state(folder) -> list[tuple[str, str]]:
    """Every entry's name (and kind), with the hash of a file's bytes."""
    return [
        (
            path.relative_to(folder).as_posix(),
            hashlib.sha256(path.read_bytes()).hexdigest() if path.is_file() else "folder",
        )
        for path in sorted(folder.rglob("*"))
    ]


def _project_with_a_wal(tmp_path):
    """A webnovel-writer project whose newest relationship is still only in index.db-wal."""
    original = make_webnovel_project(tmp_path / "running")
    writer = sqlite3.connect(original / ".webnovel/index.db")
    writer.execute("PRAGMA journal_mode=WAL")
    writer.execute("PRAGMA wal_autocheckpoint=0")
    with writer:
        writer.execute(
            "INSERT INTO relationships (from_entity, to_entity, type, description, chapter)"
            " VALUES ('char_zhao', 'char_lin', '仇敌', ?, 5)",
            (ONLY_IN_THE_WAL,),
        )
    # Copied while the tool still has it open: the database and its WAL, no -shm.
    project = tmp_path / "wn"
    shutil.copytree(original, project, ignore=shutil.ignore_patterns("*-shm"))
    writer.close()
    assert (project / ".webnovel/index.db-wal").stat().st_size > 0
    assert not (project / ".webnovel/index.db-shm").exists()
    return project


def test_feed_and_trackers_change_nothing_in_webnovel_memory_with_a_wal(tmp_path):
    project = _project_with_a_wal(tmp_path)
    before = _folder_state(project / ".webnovel")
    trackers = run_bounded("trackers", project, "--chapter", "6")
    assert trackers.returncode == 0, trackers.stderr
    assert ONLY_IN_THE_WAL in trackers.stdout  # the WAL is read, not skipped
    feed = run_bounded("feed", project, "--agent", "MainWriter", "--chapter", "6")
    assert feed.returncode in (0, 3), feed.stderr
    check = run_bounded("check", project)
    assert "Traceback" not in check.stderr
    migrate = run_bounded("migrate", project, "--into", tmp_path / "migrated")
    assert migrate.returncode == 0, migrate.stderr
    tracker = (tmp_path / "migrated/references/relationship-tracker.md").read_text("utf-8")
    assert ONLY_IN_THE_WAL in tracker
    assert _folder_state(project / ".webnovel") == before


def test_nothing_is_created_beside_an_index_without_a_wal(tmp_path):
    project = make_webnovel_project(tmp_path / "wn")
    before = _folder_state(project / ".webnovel")
    for command in (["trackers", "--chapter", "6"], ["check"]):
        result = run_bounded(command[0], project, *command[1:])
        assert "Traceback" not in result.stderr
    assert _folder_state(project / ".webnovel") == before
