"""Book-wide search: every passage holding all the words, in book order, with the line where
the first word stands."""

from __future__ import annotations

from pathlib import Path

from book import write_book

from workbench.book.project import Project
from workbench.recall.search import search

CHAPTERS = {
    1: "林风在山门外。\n\n苏瑶路过。",
    2: "雷雨夜。\n\n赵长老夺走了玉佩。\n\n林风躲在井里。",
    3: "林风想起那枚玉佩，又想起赵长老的笑。",
}


def test_search_finds_every_passage_with_all_the_words_at_their_line(tmp_path: Path) -> None:
    project = Project.open(write_book(tmp_path / "book", CHAPTERS))
    hits = search(project, "玉佩")
    assert [(hit.passage.chapter, hit.line) for hit in hits] == [(2, 5), (3, 3)]
    assert hits[0].words == ("玉佩",)
    both = search(project, "赵长老  玉佩")
    assert [(hit.passage.chapter, hit.line) for hit in both] == [(2, 5), (3, 3)]
    assert [hit.passage.chapter for hit in search(project, "井里 玉佩")] == [2]
    assert search(project, "山") == []  # one character asks for nothing
    assert search(project, "不存在的词") == []
