"""The chapter presence an open project keeps up to date save by save (its term -> chapters
index moved by each changed chapter's terms) equals the presence built from scratch, after
any sequence of saves, other programs' writes, new and deleted chapters and cast changes —
with and without a watcher reporting the changes."""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st
from mini_novel import write_mini_novel

from workbench.book.project import Project
from workbench.book.textio import write_text
from workbench.trackers.presence import Presence, chapter_presence
from workbench.trackers.relevance import load_trackers

# Names, aliases, keywords and their overlaps (龙王 inside 西海龙王, 雷 inside 雷雨夜).
WORDS = ["林风", "小风", "苏瑶", "瑶儿", "赵师兄", "西海龙王", "龙王", "敖广", "墨尘", "玉佩"]
WORDS += ["雷雨夜", "雷", "身世", "宗门", "。", "山风"]
texts = st.lists(st.sampled_from(WORDS), max_size=6).map(lambda words: "".join(words) + "\n")
numbers = st.integers(min_value=1, max_value=9)
steps = st.one_of(
    st.tuples(st.just("save"), numbers, texts),  # the app's save (creates a new chapter too)
    st.tuples(st.just("rename-save"), numbers, texts),  # another program, atomically
    st.tuples(st.just("in-place"), numbers, texts),  # another program, truncate and write
    st.tuples(st.just("delete"), numbers, st.just("")),
    st.tuples(st.just("alias"), st.just(0), st.sampled_from(["阿风", "风哥", "小风"])),
)


def snapshot(presence: Presence) -> tuple:
    """Everything a presence answers from, as plain values."""
    return (
        dict(presence.characters),
        dict(presence.keywords),
        list(presence.numbers),
        {term: list(chapters) for term, chapters in presence.chapters_naming.items()},
        {term: list(chapters) for term, chapters in presence.chapters_with.items()},
    )


class Clock:
    """Distinct mtimes for other programs' writes: two writes of one size within one tick of
    the file system's clock look alike to any (mtime, size) test, this one's and Git's."""

    def __init__(self) -> None:
        self.ns = 1_700_000_000 * 10**9

    def touch(self, path: Path) -> None:
        self.ns += 10**9
        os.utime(path, ns=(self.ns, self.ns))


def apply(project: Project, step: tuple, clock: Clock) -> None:
    kind, number, text = step
    chapters = project.root / "chapters"
    path = chapters / f"ch{number:03d}.md"
    if kind == "save":
        project.save_chapter(number, text)
    elif kind == "rename-save":
        write_text(path, text)
        clock.touch(path)
    elif kind == "in-place":
        if path.exists():
            path.write_text(text, encoding="utf-8")
            clock.touch(path)
    elif kind == "delete":
        path.unlink(missing_ok=True)
    else:  # a new alias for the protagonist: a new name scanner, every chapter rescanned
        file = project.root / "characters" / "protagonist.md"
        file.write_text(f"# 林风\n\n别名：{text}\n", encoding="utf-8")
        clock.touch(file)
    if kind in ("rename-save", "in-place", "delete"):
        project.files_changed([path])  # what the watcher reports (its delivery: another test)
    if kind in ("rename-save", "delete"):
        project.rescan()  # what the app does with the watcher's batch


@settings(max_examples=40, deadline=None)
@given(
    watched=st.booleans(),
    runs=st.lists(st.tuples(steps, st.booleans()), min_size=1, max_size=12),
)
def test_the_kept_presence_equals_one_built_from_scratch(watched, runs) -> None:
    folder = Path(tempfile.mkdtemp(prefix="presence-"))
    try:
        root = write_mini_novel(folder / "novel")
        project = Project.open(root)
        if watched:
            project.stat_keeper.watch_started()
        clock = Clock()
        chapter_presence(project, load_trackers(project))
        for step, look in runs:
            apply(project, step, clock)
            if look:  # several changes between two calls, or one
                chapter_presence(project, load_trackers(project))
        kept = chapter_presence(project, load_trackers(project))
        fresh = Project.open(root)  # a new project: a new cache, every chapter scanned
        assert snapshot(kept) == snapshot(chapter_presence(fresh, load_trackers(fresh)))
    finally:
        shutil.rmtree(folder)
