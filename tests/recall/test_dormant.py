"""久未出场: a character the plan names who has not appeared for 20 chapters or more has their
last appearance recalled first, saying how long ago; seen since in the raw window, they are
not dormant."""

from __future__ import annotations

from pathlib import Path

from book import write_book

from workbench.book.project import Project
from workbench.recall.recall import recall

DAYS = {n: f"林风在后山练剑，第{n}日，剑光如雪，苏瑶在旁看着。" for n in range(1, 31)}


def test_the_last_appearance_of_a_long_absent_character_comes_first(tmp_path: Path) -> None:
    chapters = dict(DAYS)
    chapters[2] = "赵长老在雷雨夜夺走了玉佩。"
    chapters[5] = "赵乾闭关，临走前看了林风一眼。"
    plan = {30: "赵长老出关，林风握紧了剑。"}
    project = Project.open(write_book(tmp_path / "book", chapters, plan))
    found = recall(project, 30, window=range(27, 30))
    first = found.passages[0]
    assert first.passage.chapter == 5 and first.dormant
    assert first.reasons[0] == "久未出场：赵乾（上次出场第5章，已隔25章）"
    assert sum(p.dormant for p in found.passages) == 1


def test_seen_in_the_raw_window_is_not_dormant(tmp_path: Path) -> None:
    chapters = dict(DAYS)
    chapters[5] = "赵乾闭关，临走前看了林风一眼。"
    chapters[28] = "赵长老在山门外站了一夜。"
    plan = {30: "赵长老出关，林风握紧了剑。"}
    project = Project.open(write_book(tmp_path / "book", chapters, plan))
    found = recall(project, 30, window=range(27, 30))
    assert not any(p.dormant for p in found.passages)
    assert [p.passage.chapter for p in found.passages][:1] == [5]  # still recalled, no 久未出场
