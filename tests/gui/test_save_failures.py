"""A save that fails says so naming the file, keeps the text in the editor and leaves the file
on disk as it was: disk full, read-only file system and permission denied injected at the real
write; a read-only file and a read-only folder for real (as root, whom permissions do not
stop, with the effective uid dropped to `nobody` around the save); a chapters folder removed
under an open editor for real. A real full disk and a real read-only mount are in
test_save_failures_tmpfs.py."""

from __future__ import annotations

import errno
import os
import pwd
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from workbench.book import checked_replace
from workbench.book.project import Project

SAMPLE = Path(__file__).resolve().parents[2] / "resources" / "sample-novel"
SENTENCE = "磁盘满了也不能丢的一句话。"
FAILURES = {
    "disk full": ("fsync", errno.ENOSPC),
    "read-only file system": ("mkstemp", errno.EROFS),
    "permission denied": ("replace", errno.EACCES),
}


def _assert_told_and_kept(dialogs, editor, path: Path, before: bytes, code: int) -> None:
    """The warning names the file and the reason; the text is in the editor, the file as it was."""
    kind, _title, text = dialogs.asked[-1]
    assert kind == "warning"
    assert "chapters/" + path.name in text and os.strerror(code) in text
    assert "unchanged" in text
    assert editor.is_modified() and editor.text().endswith(SENTENCE)
    assert path.read_bytes() == before
    assert not list(path.parent.glob(".*.tmp"))


@pytest.mark.parametrize("failure", list(FAILURES))
def test_a_failed_save_keeps_the_text_and_the_file(
    window, novel, dialogs, type_at_end, monkeypatch, failure
):
    where, code = FAILURES[failure]
    path = Project.open(novel).chapters[2].path
    before = path.read_bytes()
    editor = window.open_path(path)
    type_at_end(editor, SENTENCE)

    def fail(*_args, **_kwargs):
        raise OSError(code, os.strerror(code))

    target = {"fsync": os, "mkstemp": tempfile, "replace": os}[where]
    monkeypatch.setattr(target, where, fail)
    if where == "replace":  # where the OS swaps two names, the save does that instead
        monkeypatch.setattr(checked_replace, "_exchange", fail)
    assert not window.tabs.save(editor)
    monkeypatch.undo()
    _assert_told_and_kept(dialogs, editor, path, before, code)
    assert window.tabs.save(editor)  # once the disk has room again, the same text saves
    assert path.read_text(encoding="utf-8").endswith(SENTENCE)


def _nobody() -> pwd.struct_passwd:
    return pwd.getpwnam("nobody")


@pytest.fixture
def author_novel(tmp_path, monkeypatch) -> Iterator[Path]:
    """A copy of the sample that its author owns. Running as root, the author is `nobody`:
    the copy and their config folder are theirs, where they can reach them (pytest's own
    folders are root's alone)."""
    if os.geteuid() != 0:
        target = tmp_path / "sample-novel"
        shutil.copytree(SAMPLE, target)
        yield target
        return
    home = Path(tempfile.mkdtemp(prefix="workbench-author-"))
    home.chmod(0o755)
    target = home / "sample-novel"
    shutil.copytree(SAMPLE, target)
    (home / "config").mkdir()
    monkeypatch.setenv("WORKBENCH_CONFIG_DIR", str(home / "config"))
    for path in (home / "config", target, *target.rglob("*")):
        os.lchown(path, _nobody().pw_uid, _nobody().pw_gid)
    yield target
    shutil.rmtree(home)


@contextmanager
def as_the_author() -> Iterator[None]:
    """Run the block with the author's rights: as root, with the effective ids of `nobody`
    (restored afterwards), so that file permissions apply; otherwise as we are."""
    if os.geteuid() != 0:
        yield
        return
    os.setegid(_nobody().pw_gid)
    os.seteuid(_nobody().pw_uid)
    try:
        yield
    finally:
        os.seteuid(0)
        os.setegid(0)


@pytest.mark.parametrize("locked", ["file", "folder"])
def test_a_save_the_permissions_refuse_keeps_the_text_and_the_file(
    author_novel, make_window, dialogs, type_at_end, locked
):
    # author_novel first: its folder is removed only after the window is shut down.
    window = make_window()
    assert window.open_project(author_novel)
    path = Project.open(author_novel).chapters[2].path
    before = path.read_bytes()
    editor = window.open_path(path)
    type_at_end(editor, SENTENCE)
    target, mode = (path, 0o444) if locked == "file" else (path.parent, 0o555)
    writable = target.stat().st_mode & 0o777
    target.chmod(mode)
    try:
        with as_the_author():
            saved = window.tabs.save(editor)
    finally:
        target.chmod(writable)
    assert not saved
    _assert_told_and_kept(dialogs, editor, path, before, errno.EACCES)
    if locked == "file":  # the rename alone would have replaced it: it is refused first
        assert "read-only" in dialogs.asked[-1][2]
    with as_the_author():
        assert window.tabs.save(editor)  # writable again, the same text saves
    assert path.read_text(encoding="utf-8").endswith(SENTENCE)


def test_a_chapters_folder_removed_under_an_open_editor_keeps_the_text_and_comes_back(
    make_window, novel, dialogs, type_at_end, qtbot
):
    # A name the layout would not give a new chapter 3: saving must bring back this one.
    titled = novel / "chapters" / "第0003章-药庐.md"
    (novel / "chapters" / "ch003.md").rename(titled)
    window = make_window()
    assert window.open_project(novel)
    editor = window.open_path(titled)
    type_at_end(editor, SENTENCE)
    shutil.rmtree(novel / "chapters")
    qtbot.waitUntil(editor.has_conflict, timeout=10_000)  # the folder watch noticed
    assert "已在磁盘上被删除" in editor.conflict_bar.message.text()  # …saving recreates it
    assert editor.is_modified() and editor.text().endswith(SENTENCE)
    assert window.tabs.save(editor), "saving recreates it, as the bar says"
    assert [p.name for p in (novel / "chapters").iterdir()] == [titled.name]
    assert titled.read_text(encoding="utf-8").endswith(SENTENCE)
    assert window.project.chapter(3).path == titled and not editor.is_modified()
    assert window.status.currentMessage() == "已保存 chapters/第0003章-药庐.md"
    assert dialogs.asked == []


def test_a_save_into_a_folder_that_vanished_puts_the_folder_back(sample_copy):
    project = Project.open(sample_copy)
    text = project.chapter_text(1) + "\n补一句。\n"
    for child in (sample_copy / "chapters").iterdir():
        child.unlink()
    (sample_copy / "chapters").rmdir()
    project.save_chapter(1, text)
    assert Project.open(sample_copy).chapter_text(1) == text
