"""Run inside a user and mount namespace by test_save_failures_tmpfs.py: mount a small tmpfs,
copy a project onto it, open it in the offscreen app, make the disk full or read-only for
real, save an edited chapter, then give the disk back and save again. What the author saw and
what was on disk is printed as one JSON line on stdout (the tmpfs ends with this process).

    python save_on_tmpfs.py PROJECT MOUNTPOINT full|read-only
"""

from __future__ import annotations

import errno
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

SENTENCE = "磁盘满了也不能丢的一句话。"
TMPFS_SIZE = "4m"  # the sample and the caches the app writes, with room to spare


def fill(mountpoint: Path) -> Path:
    """Write a file until the tmpfs has not one byte left."""
    filler = mountpoint / "filler"
    fd = os.open(filler, os.O_WRONLY | os.O_CREAT)
    try:
        for size in (65536, 4096, 1):
            while True:
                try:
                    os.write(fd, b"\0" * size)
                except OSError as error:
                    if error.errno != errno.ENOSPC:
                        raise
                    break
    finally:
        os.close(fd)
    return filler


def remount(mountpoint: Path, mode: str) -> None:
    subprocess.run(["mount", "-o", f"remount,{mode}", str(mountpoint)], check=True)


def run(source: Path, mountpoint: Path, failure: str) -> dict:
    """Open, break the disk, save, mend it, save again; returns what happened."""
    size = f"size={TMPFS_SIZE}"
    subprocess.run(["mount", "-t", "tmpfs", "-o", size, "tmpfs", str(mountpoint)], check=True)
    root = mountpoint / "novel"
    shutil.copytree(source, root)

    from input_method import type_at_end  # beside this file, so first on sys.path
    from PySide6.QtWidgets import QApplication, QMessageBox

    from workbench.gui.app import create_window
    from workbench.settings import Settings

    app = QApplication([])
    asked: list[list[str]] = []

    def notice(kind: str):  # type: ignore[no-untyped-def]
        def show(_parent, title, text, *_args, **_kwargs):  # type: ignore[no-untyped-def]
            asked.append([kind, title, text])
            return QMessageBox.StandardButton.Ok

        return show

    for kind in ("warning", "critical", "information", "question"):
        setattr(QMessageBox, kind, notice(kind))
    window = create_window(Settings())
    window.show()
    assert window.open_project(root), asked
    path = window.project.chapters[2].path
    before = path.read_bytes()
    editor = window.open_path(path)
    type_at_end(editor, SENTENCE)

    if failure == "full":
        filler = fill(mountpoint)
    else:
        remount(mountpoint, "ro")
    saved = window.tabs.save(editor)
    report = {
        "saved": saved,
        "asked": asked[:],
        "file": window.project.relative(path),
        "modified": editor.is_modified(),
        "text_kept": editor.text().endswith(SENTENCE),
        "intact": path.read_bytes() == before,
        "temp_files": [p.name for p in path.parent.glob(".*.tmp")],
    }
    if failure == "full":
        filler.unlink()
    else:
        remount(mountpoint, "rw")
    report["saved_again"] = window.tabs.save(editor)
    report["on_disk_again"] = path.read_text(encoding="utf-8").endswith(SENTENCE)
    window.shut_down()
    window.close()
    app.processEvents()
    return report


if __name__ == "__main__":
    print(json.dumps(run(Path(sys.argv[1]), Path(sys.argv[2]), sys.argv[3]), ensure_ascii=False))
