"""A save that fails (disk full, read-only file system, permission denied — injected at the
real write, since these tests run as a user whom permissions do not stop) says so naming the
file, keeps the text in the editor and leaves the file on disk as it was."""

from __future__ import annotations

import errno
import os
import tempfile

import pytest

from workbench.book.project import Project

FAILURES = {
    "disk full": ("fsync", errno.ENOSPC),
    "read-only file system": ("mkstemp", errno.EROFS),
    "permission denied": ("replace", errno.EACCES),
}


@pytest.mark.parametrize("failure", list(FAILURES))
def test_a_failed_save_keeps_the_text_and_the_file(
    window, novel, dialogs, type_at_end, monkeypatch, failure
):
    where, code = FAILURES[failure]
    path = Project.open(novel).chapters[2].path
    before = path.read_bytes()
    editor = window.open_path(path)
    type_at_end(editor, "磁盘满了也不能丢的一句话。")

    def fail(*_args, **_kwargs):
        raise OSError(code, os.strerror(code))

    target = {"fsync": os, "mkstemp": tempfile, "replace": os}[where]
    monkeypatch.setattr(target, where, fail)
    assert not window.tabs.save(editor)
    monkeypatch.undo()
    kind, _title, text = dialogs.asked[-1]
    assert kind == "warning"
    assert "chapters/" + path.name in text and os.strerror(code) in text
    assert "unchanged" in text
    assert editor.is_modified() and editor.text().endswith("磁盘满了也不能丢的一句话。")
    assert path.read_bytes() == before
    assert not list(path.parent.glob(".*.tmp"))
    assert window.tabs.save(editor)  # once the disk has room again, the same text saves
    assert path.read_text(encoding="utf-8").endswith("磁盘满了也不能丢的一句话。")


def test_a_save_into_a_folder_that_vanished_puts_the_folder_back(sample_copy):
    project = Project.open(sample_copy)
    text = project.chapter_text(1) + "\n补一句。\n"
    for child in (sample_copy / "chapters").iterdir():
        child.unlink()
    (sample_copy / "chapters").rmdir()
    project.save_chapter(1, text)
    assert Project.open(sample_copy).chapter_text(1) == text
