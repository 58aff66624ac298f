from __future__ import annotations

import errno
import os
import stat
import subprocess
import sys

import pytest

from workbench.book.gate import read_text as gate_read_text
from workbench.book.textio import GB18030, UTF8, UTF8_BOM, create_bytes_atomic, write_text
from workbench.errors import DecodeProblem

TEXT = "第一章 雷雨夜\n\n林风握紧玉佩，「走！」\r\n"


@pytest.mark.parametrize(
    ("data", "encoding"),
    [
        (TEXT.encode("utf-8"), UTF8),
        (b"\xef\xbb\xbf" + TEXT.encode("utf-8"), UTF8_BOM),
        (TEXT.encode("gbk"), GB18030),
    ],
)
def test_read_detects_encoding_and_write_keeps_bytes(tmp_path, data, encoding):
    path = tmp_path / "ch001.md"
    path.write_bytes(data)
    loaded = gate_read_text(path, root=None)
    assert loaded.encoding == encoding
    assert loaded.text.lstrip("\ufeff") == TEXT
    write_text(path, loaded.text, loaded.encoding)
    assert path.read_bytes() == data


def test_undecodable_bytes_name_file_and_offset(tmp_path):
    path = tmp_path / "bad.md"
    path.write_bytes("好".encode() + b"\xff\xfe\xff")
    with pytest.raises(DecodeProblem) as caught:
        gate_read_text(path, root=None)
    assert caught.value.offset == 3
    assert "bad.md" in str(caught.value)
    assert "offset 3" in str(caught.value)


def test_failed_write_leaves_old_file_intact(tmp_path, monkeypatch):
    path = tmp_path / "ch001.md"
    path.write_text("旧的文字", encoding="utf-8")

    def exploding_replace(src, dst):
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", exploding_replace)
    with pytest.raises(OSError, match="disk full"):
        write_text(path, "新的文字" * 1000)
    assert path.read_text(encoding="utf-8") == "旧的文字"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["ch001.md"]


@pytest.mark.parametrize("umask, mode", [(0o022, 0o644), (0o002, 0o664), (0o077, 0o600)])
def test_a_new_file_gets_the_umask_mode_as_a_copy_would(tmp_path, umask, mode):
    # Issue #22: mkstemp's 0600 was kept for every new file, whatever the umask, while a
    # copied file (the sample, an import) had 0644. A process of its own sets the umask.
    script = (
        "import os, sys; os.umask(int(sys.argv[2], 8));"
        "from workbench.book.textio import write_text; write_text(sys.argv[1], '新的一章')"
    )
    target = tmp_path / "chapters" / "ch001.md"
    subprocess.run([sys.executable, "-c", script, str(target), oct(umask)], check=True)
    assert target.stat().st_mode & 0o777 == mode
    copy = tmp_path / "copy.md"
    subprocess.run(
        [
            sys.executable,
            "-c",
            f"import os, shutil; os.umask({umask}); "
            f"shutil.copyfile({str(target)!r}, {str(copy)!r})",
        ],
        check=True,
    )
    assert copy.stat().st_mode & 0o777 == mode


def _no_hard_links(monkeypatch) -> None:
    def refuse(src, dst):
        raise OSError(errno.EPERM, "Operation not permitted")  # as FAT and some shares do

    monkeypatch.setattr(os, "link", refuse)


@pytest.mark.parametrize("links", [True, False])
def test_create_makes_a_file_once_and_never_replaces_it(tmp_path, monkeypatch, links):
    if not links:
        _no_hard_links(monkeypatch)
    path = tmp_path / ".workbench" / "stats.jsonl"
    assert create_bytes_atomic(path, b"first\n") is True
    assert create_bytes_atomic(path, b"second\n") is False
    assert path.read_bytes() == b"first\n"
    assert [p.name for p in path.parent.iterdir()] == ["stats.jsonl"]  # no temp file left
    assert path.stat().st_mode & 0o777 == 0o666 & ~_umask()


@pytest.mark.parametrize("links", [True, False])
def test_a_create_syncs_its_folder_after_the_file(tmp_path, monkeypatch, links):
    # A file synced under a name its folder has not synced can vanish with a power cut.
    if not links:
        _no_hard_links(monkeypatch)
    path = tmp_path / "stats.jsonl"
    real_fsync = os.fsync
    synced: list[str] = []

    def recording(fd):
        info = os.fstat(fd)
        folder = stat.S_ISDIR(info.st_mode) and info.st_ino == tmp_path.stat().st_ino
        synced.append("folder" if folder else "file")
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", recording)
    assert create_bytes_atomic(path, b"first\n") is True
    assert synced[-1] == "folder" and "file" in synced, synced


def test_a_create_that_fails_to_write_leaves_no_file(tmp_path, monkeypatch):
    # Where links fail the file is created in place: one left half-written would never be
    # created again (every later create finds it there).
    _no_hard_links(monkeypatch)
    path = tmp_path / "stats.jsonl"
    real_fsync = os.fsync
    calls = []

    def full_disk(fd):
        calls.append(fd)
        if len(calls) > 1:  # the temporary file's sync passes, the file's own fails
            raise OSError(errno.ENOSPC, "No space left on device")
        real_fsync(fd)

    monkeypatch.setattr(os, "fsync", full_disk)
    with pytest.raises(OSError, match="No space"):
        create_bytes_atomic(path, b"first\n")
    assert list(tmp_path.iterdir()) == []
    monkeypatch.setattr(os, "fsync", real_fsync)
    assert create_bytes_atomic(path, b"first\n") is True


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask
