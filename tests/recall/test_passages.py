"""Cutting a chapter into passages: whole paragraphs, 200-600 字 where the paragraphs allow,
never over 800, a heading with its first paragraph, a long line cut at sentence ends."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from workbench.book.counting import count_zi
from workbench.recall.passages import MAX_ZI, cut_passages

PARAGRAPH = "林风握紧长剑，望向远处的山门。风从谷底吹上来，带着潮湿的草木气味！"  # 32 字


def lines_of(text: str) -> list[str]:
    return [line.rstrip() for line in text.splitlines()]


def test_paragraphs_are_gathered_whole_to_about_600_zi() -> None:
    text = "\n\n".join([PARAGRAPH * 3] * 20)  # 20 paragraphs of 96 字
    passages = cut_passages(7, text)
    lines = lines_of(text)
    assert all(p.chapter == 7 for p in passages)
    assert all(200 <= p.zi <= 600 for p in passages[:-1])
    for passage in passages:
        kept = [line for line in lines[passage.start_line - 1 : passage.end_line] if line]
        assert passage.text.split("\n") == kept  # whole lines, none cut
    assert sum(p.text.count(PARAGRAPH) for p in passages) == 60


def test_a_heading_stays_with_the_paragraph_after_it() -> None:
    text = PARAGRAPH * 18 + "\n\n## 第二节 夜雨\n\n" + PARAGRAPH * 15 + "\n"
    passages = cut_passages(1, text)
    assert len(passages) == 2
    assert passages[1].text.startswith("## 第二节 夜雨\n" + PARAGRAPH)
    assert passages[1].start_line == 3 and passages[1].end_line == 5


def test_a_long_line_is_cut_at_sentence_ends_and_no_passage_passes_800() -> None:
    line = PARAGRAPH * 100  # one 3200-字 line
    passages = cut_passages(2, "# 第2章\n" + line)
    assert "".join(p.text for p in passages) == "# 第2章\n" + line
    assert all(p.zi <= MAX_ZI for p in passages)
    assert all(p.text.endswith("！") for p in passages[:-1])


def test_a_line_of_2_mb_without_a_sentence_end_is_cut_in_bounded_pieces() -> None:
    line = "风" * 2_000_000
    passages = cut_passages(3, line)
    assert "".join(p.text for p in passages) == line
    assert max(p.zi for p in passages) <= MAX_ZI
    assert all(p.start_line == p.end_line == 1 for p in passages)


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.one_of(
            st.just(""),
            st.just("### 小标题"),
            st.text(alphabet="风雨。！林瑶剑 ", min_size=0, max_size=1500),
        ),
        max_size=40,
    )
)
def test_every_passage_is_at_most_800_zi_and_the_text_is_kept_in_order(lines: list[str]) -> None:
    text = "\n".join(lines)
    passages = cut_passages(1, text)
    assert all(count_zi(p.text) == p.zi <= MAX_ZI for p in passages)
    kept = "".join(p.text.replace("\n", "") for p in passages)
    assert kept == "".join(line.rstrip() for line in lines if line.strip())
    starts = [p.start_line for p in passages]
    assert starts == sorted(starts)
