"""Recall never knows the future: for random books and a random chapter N, no passage comes
from N or later or from the chapters the recipe feeds raw, and the passages are the same
whether the later chapters exist or not."""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

from book import write_book
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from workbench.book.project import Project
from workbench.recall.recall import recall

WORDS = ["林风", "小风", "苏瑶", "瑶儿", "赵乾", "玉佩", "雷雨夜", "山门", "剑光", "镇山石", "灭门"]
FILLER = "风吹过谷底，草木低垂。"


@st.composite
def books(draw: st.DrawFn) -> tuple[dict[int, str], int, int]:
    count = draw(st.integers(min_value=2, max_value=12))
    chapters = {}
    for number in range(1, count + 1):
        paragraphs = draw(
            st.lists(st.lists(st.sampled_from(WORDS), max_size=6), min_size=1, max_size=5)
        )
        chapters[number] = "\n\n".join(FILLER + "，".join(p) + "。" for p in paragraphs)
    chapter = draw(st.integers(min_value=1, max_value=count + 1))
    raw = draw(st.integers(min_value=0, max_value=4))
    return chapters, chapter, raw


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(books(), st.lists(st.sampled_from(WORDS), min_size=1, max_size=4))
def test_nothing_from_n_or_later_or_the_window_and_later_chapters_change_nothing(
    book: tuple[dict[int, str], int, int], plan_words: list[str]
) -> None:
    chapters, chapter, raw = book
    window = range(max(1, chapter - raw), chapter)
    plan = {chapter: "本章：" + "，".join(plan_words)}
    folder = Path(tempfile.mkdtemp())
    try:
        whole = Project.open(write_book(folder / "whole", chapters, plan))
        earlier = {n: text for n, text in chapters.items() if n < chapter}
        cut = Project.open(write_book(folder / "cut", earlier, plan))
        found = recall(whole, chapter, window=window, limit=50)
        for recalled in found.passages:
            assert recalled.passage.chapter < chapter
            assert recalled.passage.chapter not in window
        assert recall(cut, chapter, window=window, limit=50).to_json() == found.to_json()
    finally:
        shutil.rmtree(folder)
