"""An accept while another editor is in the middle of an in-place save (truncate, then
write): it never builds on the empty or half-written file, so the author's save is whole
afterwards. A real second process does the saving."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

from workbench.book.gate import SETTLE_SECONDS
from workbench.book.project import Project
from workbench.upkeep.accept import accept
from workbench.upkeep.errors import AcceptRefused
from workbench.upkeep.proposals import Kind, propose

TRACKER = "references/relationship-tracker.md"
AUTHOR_LINE = "作者刚写下的一段话，存盘时排在文件的最后。"

# Truncates the file, writes the first `head` bytes, says so, and writes the rest `pause`
# seconds later (a slow disk, a big file).
SAVER = textwrap.dedent(
    """
    import sys, time
    path, head, pause = sys.argv[1], int(sys.argv[2]), float(sys.argv[4])
    data = open(sys.argv[3], "rb").read()
    with open(path, "wb") as handle:
        handle.write(data[:head])
        handle.flush()
        print("saving", flush=True)
        time.sleep(pause)
        handle.write(data[head:])
    """
)


def _relationship():
    return propose(
        Kind.RELATIONSHIP, 12, 1, "陆照提灯走过长廊。", "offline",
        a="陆照", b="韩素", relation="医患", change="新建", note="",
    )  # fmt: skip


def _start_saving(tracker, tmp_path, head, pause):
    """The author's save as bytes, its saver started and stopped halfway (`head`: how far)."""
    saved = (tracker.read_text("utf-8") + f"\n{AUTHOR_LINE}\n").encode("utf-8")
    source = tmp_path / "buffer.md"
    source.write_bytes(saved)
    head = round(len(saved) * head)
    saver = subprocess.Popen(
        [sys.executable, "-c", SAVER, str(tracker), str(head), str(source), str(pause)],
        stdout=subprocess.PIPE,
        text=True,
    )
    assert saver.stdout.readline().strip() == "saving"
    return saved, saver


def _finished(saver):
    assert saver.wait(timeout=60) == 0
    saver.stdout.close()


@pytest.mark.parametrize("written_first", [0.0, 0.5])
def test_an_accept_waits_for_an_in_place_save_and_keeps_it(sample_copy, tmp_path, written_first):
    tracker = sample_copy / TRACKER
    saved, saver = _start_saving(tracker, tmp_path, written_first, pause=SETTLE_SECONDS / 2)
    lines = accept(Project.open(sample_copy), [_relationship()])
    _finished(saver)
    after = tracker.read_bytes()
    # The author's whole save is there, with the accepted row added to it.
    assert AUTHOR_LINE.encode("utf-8") in after and after.startswith(saved[: len(saved) // 2])
    assert "| 12 | 陆照 | 韩素 | 医患 | 新建 |" in after.decode("utf-8"), lines


def test_a_tracker_left_empty_longer_is_refused_not_rebuilt(sample_copy, tmp_path):
    tracker = sample_copy / TRACKER
    saved, saver = _start_saving(tracker, tmp_path, 0.0, pause=SETTLE_SECONDS * 4)
    with pytest.raises(AcceptRefused, match=r"relationship-tracker\.md is empty.*nothing was"):
        accept(Project.open(sample_copy), [_relationship()])
    _finished(saver)
    assert tracker.read_bytes() == saved
