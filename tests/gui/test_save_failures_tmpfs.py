"""A real full disk and a real read-only file system: the offscreen app saves an edited chapter
onto a small tmpfs that is then filled to the last byte, or remounted read-only. It says why
naming the file, keeps the text in the editor and the file on disk as it was, and saves the
same text once the disk is writable again.

Mounting needs a mount namespace; an unprivileged user namespace gives one (`unshare --user
--map-root-user --mount`), so no test needs root. The app runs in that child process
(save_on_tmpfs.py), since Python cannot enter a namespace itself before 3.12."""

from __future__ import annotations

import errno
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

CHILD = Path(__file__).with_name("save_on_tmpfs.py")
UNSHARE = ["unshare", "--user", "--map-root-user", "--mount"]


def _namespaces_unavailable(mountpoint: Path) -> str:
    """Why a tmpfs cannot be mounted in a user namespace here ('' when it can)."""
    if shutil.which("unshare") is None:
        return "no unshare(1) on this machine, so no user and mount namespace for a tmpfs"
    probe = [*UNSHARE, "mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(mountpoint)]
    done = subprocess.run(probe, capture_output=True, text=True, timeout=30)
    if done.returncode != 0:
        return (
            "this machine does not allow unprivileged user and mount namespaces (`unshare "
            f"--user --map-root-user --mount` failed: {done.stderr.strip()})"
        )
    return ""


@pytest.mark.parametrize(("failure", "code"), [("full", errno.ENOSPC), ("read-only", errno.EROFS)])
def test_a_save_onto_a_full_or_read_only_disk_keeps_the_text_and_the_file(
    sample_copy, tmp_path, failure, code
):
    mountpoint = tmp_path / "tmpfs"
    mountpoint.mkdir()
    if why := _namespaces_unavailable(mountpoint):
        pytest.skip(why)
    command = [*UNSHARE, sys.executable, str(CHILD), str(sample_copy), str(mountpoint), failure]
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    done = subprocess.run(command, capture_output=True, text=True, env=env, timeout=180)
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout.splitlines()[-1])

    assert not report["saved"]
    [(kind, _title, text)] = report["asked"]
    assert kind == "warning"
    assert report["file"] in text and os.strerror(code) in text and "unchanged" in text
    assert report["modified"] and report["text_kept"], "the text is still in the editor"
    assert report["intact"], "the file on disk is as it was"
    assert report["temp_files"] == []
    assert report["saved_again"] and report["on_disk_again"], "with room, the same text saves"
