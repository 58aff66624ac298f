"""The autosaves a crash left, past any real session's: many of them, each megabytes. They are
read one at a time as each is dealt with, and at most a budget of them at one open; the rest
stay on disk for the next open. Real files, real memory figures (tracemalloc)."""

from __future__ import annotations

import os
import tracemalloc
from pathlib import Path

from workbench.book.project import Project
from workbench.gui.autosave import AutosaveStore

MB = 1024 * 1024
PARAGRAPH = "雪落在药庐的瓦上，沈青棠把灯芯剪短了一截。\n"


def leave_autosaves(novel: Path, count: int, size: int) -> list[str]:
    """`count` autosaves of about `size` bytes each, oldest first, as a crash leaves them."""
    store = AutosaveStore(novel, novel / ".workbench")
    chapters = [Project.open(novel).relative(ref.path) for ref in Project.open(novel).chapters]
    text = PARAGRAPH * (size // len(PARAGRAPH.encode("utf-8")))
    names = []
    for number in range(count):
        name = chapters[number % len(chapters)].replace(".md", f"-{number}.md")
        written = store.write(name, f"{number}\n{text}", "0" * 64)
        os.utime(written, ns=(number * 10**9, number * 10**9))  # the order they were written
        names.append(name)
    return names


def test_only_a_budget_of_autosaves_is_read_at_one_open_and_the_rest_wait(novel):
    names = leave_autosaves(novel, 6, MB)
    store = AutosaveStore(novel, novel / ".workbench", budget=int(3.5 * MB))
    offered = [entry.relative_path for entry in store.recoverable()]
    assert offered == names[:3]
    assert len(list(store.folder.glob("*.json"))) == 6  # nothing read is lost, nothing unread
    for name in offered:
        store.discard(name)  # the author restored or discarded these
    assert [entry.relative_path for entry in store.recoverable()] == names[3:]


def test_autosaves_are_read_one_at_a_time(novel):
    count = 10
    leave_autosaves(novel, count, MB)
    store = AutosaveStore(novel, novel / ".workbench")
    tracemalloc.start()
    try:
        seen = 0
        for entry in store.recoverable():  # as the recovery questions take them
            seen += entry.text.startswith(str(seen))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert seen == count
    assert peak < 5 * MB, f"peak {peak / MB:.1f} MB for {count} autosaves of 1 MB"
