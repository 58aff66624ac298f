"""One gate for every file access (workbench/book/gate.py): what symlinks lead out to is
never read or written, and a named pipe, a socket or a device is refused by its type before
it is opened. Real symlinks, real FIFOs and the real `workbench` command in a child process
with its memory capped and a time limit (tests/bounded.py), so a hang fails instead of
waiting forever.
"""

from __future__ import annotations

import os
import socket

import pytest
from bounded import run_bounded
from webnovel_project import make_webnovel_project

from workbench.book import gate
from workbench.book.containment import OutsideProject
from workbench.book.drafts import new_draft_path, save_draft_to_chapter, write_draft
from workbench.book.project import Project
from workbench.feed.history import saved_feeds

SECRET = "外面的秘密：不属于这本书的文字。\n"
FIFO_GUARD = 60  # seconds: a command blocked on a pipe is hanging


@pytest.fixture
def outside(tmp_path):
    """A folder outside every project, holding one file that must never be copied in."""
    folder = tmp_path / "outside"
    folder.mkdir()
    (folder / "secret.md").write_text(SECRET, "utf-8")
    return folder


def _listing(folder):
    return sorted(
        (p.relative_to(folder).as_posix(), p.read_bytes() if p.is_file() else b"")
        for p in folder.rglob("*")
    )


# --- the gate itself -----------------------------------------------------------------------


def test_a_named_pipe_is_refused_without_blocking(tmp_path):
    fifo = tmp_path / "ch001.md"
    os.mkfifo(fifo)
    with pytest.raises(gate.SpecialFile, match="named pipe"):
        gate.read_bytes(fifo, root=tmp_path)  # nobody writes to it: an open would block
    with pytest.raises(gate.SpecialFile, match="named pipe"):
        gate.write_bytes(fifo, b"text", root=tmp_path)
    assert fifo.exists() and not fifo.is_file()


def test_a_device_and_a_socket_are_refused_by_their_type(tmp_path):
    link = tmp_path / "zero.md"
    link.symlink_to("/dev/zero")
    with pytest.raises(gate.SpecialFile, match="device"):
        gate.read_bytes(link, root=None)
    with pytest.raises(OutsideProject):
        gate.read_bytes(link, root=tmp_path)  # inside a project it leads out, first of all
    with socket.socket(socket.AF_UNIX) as server:
        server.bind(str(tmp_path / "s.md"))
        with pytest.raises(gate.SpecialFile, match="socket"):
            gate.read_bytes(tmp_path / "s.md", root=tmp_path)


def test_a_read_never_takes_more_than_its_limit(tmp_path):
    path = tmp_path / "big.json"
    path.write_bytes(b"[" + b"1," * 600 + b"1]")
    with pytest.raises(gate.TooLarge, match=r"big\.json.*larger than the 1 KB a cache may be"):
        gate.read_bytes(path, root=tmp_path, limit=1024, what="a cache")


def test_a_write_through_a_folder_symlinked_out_is_refused(tmp_path, outside):
    root = tmp_path / "book"
    root.mkdir()
    (root / "notes").symlink_to(outside)
    with pytest.raises(OutsideProject, match="outside the project"):
        gate.write_text(root / "notes/secret.md", "覆盖", root=root)
    assert (outside / "secret.md").read_text("utf-8") == SECRET


# --- migrate ---------------------------------------------------------------------------


def test_migrate_copies_nothing_that_symlinks_lead_out_to(tmp_path, outside):
    source = make_webnovel_project(tmp_path / "wn")
    (source / "设定集/秘密.md").symlink_to(outside / "secret.md")
    (source / "设定集/口令.md").symlink_to("/etc/passwd")
    (source / "大纲/外面.md").symlink_to(outside / "secret.md")
    (source / ".webnovel/summaries/ch0009.md").symlink_to(outside / "secret.md")
    (source / "设定集/无底.md").symlink_to("/dev/zero")  # today: writes until the disk is full
    result = run_bounded("migrate", source, "--into", tmp_path / "new")
    assert result.returncode == 0, result.stderr
    target = tmp_path / "new"
    copied = "\n".join(p.read_text("utf-8") for p in target.rglob("*.md"))
    assert "外面的秘密" not in copied and "root:" not in copied
    assert sum(p.stat().st_size for p in target.rglob("*") if p.is_file()) < 1024 * 1024
    report = (target / "meta/migration-report.md").read_text("utf-8")
    for name in ("设定集/秘密.md", "设定集/口令.md", "设定集/无底.md", "大纲/外面.md"):
        assert name in report and "outside the project" in report, name
    assert ".webnovel/summaries/ch0009.md" in report
    assert "设定集/秘密.md" in result.stderr  # said on stderr as it happens, too


def test_migrate_refuses_an_index_db_symlinked_out_before_writing(tmp_path):
    source = make_webnovel_project(tmp_path / "wn")
    elsewhere = tmp_path / "elsewhere.db"
    (source / ".webnovel/index.db").rename(elsewhere)
    (source / ".webnovel/index.db").symlink_to(elsewhere)
    result = run_bounded("migrate", source, "--into", tmp_path / "new")
    assert result.returncode == 1
    assert ".webnovel/index.db" in result.stderr and "outside the project" in result.stderr
    assert not (tmp_path / "new").exists()


# --- import ----------------------------------------------------------------------------


def test_import_writes_nothing_through_a_chapters_folder_symlinked_out(tmp_path, outside):
    project = tmp_path / "book"
    project.mkdir()
    (project / "chapters").symlink_to(outside)
    (outside / "ch001.md").write_text(SECRET, "utf-8")
    manuscript = tmp_path / "m.txt"
    manuscript.write_text("第1章 开始\n\n正文一。\n\n第2章 继续\n\n正文二。\n", "utf-8")
    before = _listing(outside)
    for extra in ([], ["--force"]):
        result = run_bounded("import", manuscript, "--into", project, *extra)
        assert result.returncode == 1, result.stderr
        assert "chapters" in result.stderr and "outside the project" in result.stderr
        assert _listing(outside) == before


def test_import_writes_no_template_through_a_references_folder_symlinked_out(tmp_path, outside):
    project = tmp_path / "book"
    project.mkdir()
    (project / "references").symlink_to(outside)
    manuscript = tmp_path / "m.txt"
    manuscript.write_text("第1章 开始\n\n正文一。\n", "utf-8")
    before = _listing(outside)
    result = run_bounded("import", manuscript, "--into", project)
    assert result.returncode == 1, result.stderr
    assert "references/" in result.stderr and "outside the project" in result.stderr
    assert _listing(outside) == before
    assert not (project / "chapters").exists()  # refused before the first file


# --- drafts, backups, saved feeds -------------------------------------------------------


def test_a_draft_is_not_written_through_drafts_symlinked_out(sample_copy, outside):
    (sample_copy / ".workbench").mkdir(exist_ok=True)
    (sample_copy / ".workbench/drafts").symlink_to(outside)
    project = Project.open(sample_copy)
    path = new_draft_path(project, 13, "MainWriter")
    before = _listing(outside)
    with pytest.raises(OutsideProject, match="outside the project"):
        write_draft(project, path, "代理写的草稿")
    assert _listing(outside) == before


def test_a_backup_is_not_written_through_backups_symlinked_out(sample_copy, outside):
    (sample_copy / ".workbench").mkdir(exist_ok=True)
    (sample_copy / ".workbench/backups").symlink_to(outside)
    project = Project.open(sample_copy)
    chapter = sample_copy / "chapters/ch012.md"
    kept = chapter.read_bytes()
    before = _listing(outside)
    with pytest.raises(OutsideProject, match="outside the project"):
        save_draft_to_chapter(project, 12, "新的正文。", append=False)
    assert _listing(outside) == before
    assert chapter.read_bytes() == kept  # no backup, so the chapter is not replaced either


def test_a_saved_feed_that_is_a_symlink_out_is_not_history(sample_copy, outside):
    feeds = sample_copy / ".workbench/feeds"
    feeds.mkdir(parents=True)
    (feeds / "ch0013-MainWriter-20261201T101500123456Z.md").symlink_to(outside / "secret.md")
    fifo = feeds / "ch0013-MainWriter-20261201T101600123456Z.md"
    os.mkfifo(fifo)
    assert saved_feeds(Project.open(sample_copy), 13) == []


# --- named pipes in place of the book's files ------------------------------------------


@pytest.mark.parametrize(
    "relative",
    ["references/plot-tracker.md", "outline/chapters/ch013.md", "meta/style-anchor.md"],
)
def test_feed_and_check_refuse_a_named_pipe_instead_of_hanging(sample_copy, relative):
    path = sample_copy / relative
    path.unlink()
    os.mkfifo(path)  # nobody ever writes to it: opening it to read blocks for good
    feed = run_bounded(
        "feed", sample_copy, "--agent", "MainWriter", "--chapter", "13", timeout=FIFO_GUARD
    )
    assert feed.returncode in (1, 3), feed.stderr  # refused, or a feed that is not ready
    assert relative in feed.stderr and "named pipe" in feed.stderr
    check = run_bounded("check", sample_copy, timeout=FIFO_GUARD)
    assert check.returncode == 1
    assert f"{relative}: not read: is a named pipe, not a file" in check.stdout


def test_a_chapter_that_is_a_named_pipe_is_not_listed_and_check_says_why(sample_copy):
    path = sample_copy / "chapters/ch012.md"
    path.unlink()
    os.mkfifo(path)
    feed = run_bounded(
        "feed", sample_copy, "--agent", "MainWriter", "--chapter", "13", timeout=FIFO_GUARD
    )
    assert "Traceback" not in feed.stderr
    check = run_bounded("check", sample_copy, timeout=FIFO_GUARD)
    assert check.returncode == 1
    assert "chapters/ch012.md: not read: is a named pipe, not a file" in check.stdout
