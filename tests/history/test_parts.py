"""A version is stored as parts its own lines choose: any text comes back byte for byte, and
a small edit of a long chapter stores one or two new parts, not the chapter again."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from workbench.book.project import Project
from workbench.history import store
from workbench.history import versions as history


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=st.sampled_from("陆照灯长明殿，。\n\r a"), max_size=40_000))
def test_parts_put_together_are_the_text(text):
    data = text.encode("utf-8")
    cut = store.parts(data)
    assert b"".join(cut) == data
    assert all(0 < len(part) <= store.MAX_PART for part in cut)


def test_a_line_longer_than_a_part_is_cut_too():
    data = ("灯" * 20_000).encode("utf-8")
    cut = store.parts(data)
    assert b"".join(cut) == data and len(cut) == -(-len(data) // store.MAX_PART)


def test_a_small_edit_of_a_long_chapter_stores_little(sample_copy):
    rng = random.Random(3)
    lines = ["".join(chr(rng.randrange(0x4E00, 0x9FA5)) for _ in range(80)) for _ in range(400)]
    project = Project.open(sample_copy)
    project.save_chapter(8, "\n".join(lines) + "\n")
    project.save_chapter(8, "第二稿。\n")  # keeps the long text: all its parts are new
    lines.insert(200, "玄德又回头看了一眼。")
    project.save_chapter(8, "\n".join(lines) + "\n")
    project.save_chapter(8, "第三稿。\n")  # keeps the edited text: its changed part only
    path = project.chapter(8).path
    edited, _short, whole, _first = history.versions_of(project, path)
    assert whole.size > 60_000  # 32,000 random 字 (96 KB), stored once
    assert edited.size < 16 * 1024  # one or two parts and the list
    assert history.version_text(project, edited) == "\n".join(lines) + "\n"
