"""Hypothesis strategies: tracker files with odd spacing, CJK, escaped pipes, extra columns,
prose between tables and either line ending."""

from __future__ import annotations

from hypothesis import strategies as st

FORESHADOWING_HEADERS = [
    "ID",
    "内容",
    "埋设章节",
    "计划回收",
    "状态",
    "重要度",
    "相关角色",
    "关键词",
]
RELATIONSHIP_HEADERS = ["章节", "角色A", "角色B", "关系", "变化", "说明"]
_FILLER = {"计划回收": "待定", "状态": "未回收"}
EXTRA_HEADERS = ["作者批注", "extra", "来源", "Ｎｏｔｅ２"]

_TEXT_CHARS = "玉佩雷雨夜发热林风苏瑶龙王剑，。！？「」（）：；、abcXYZ 123"
_plain_text = st.text(alphabet=_TEXT_CHARS, min_size=1, max_size=10).map(str.strip).filter(bool)
_escaped = _plain_text.map(lambda text: text[:2] + "\\|" + text[2:])
_code = _plain_text.map(lambda text: "`" + text.replace(" ", "") + "|x`")
free_text = st.one_of(_plain_text, _escaped, _code, st.just(""))
chapter_cells = st.integers(1, 400).flatmap(
    lambda n: st.sampled_from([str(n), f"第{n}章", f"Ch{n}", f"第 {n} 章"])
)
status_cells = st.one_of(
    st.sampled_from(["未回收", "已回收", "废弃", ""]),
    st.integers(1, 400).map(lambda n: f"已回收@{n}"),
)
name_lists = st.lists(st.sampled_from(["林风", "苏瑶", "西海龙王", "墨尘"]), max_size=3).flatmap(
    lambda names: st.sampled_from(["、", ", ", "，"]).map(lambda sep: sep.join(names))
)


@st.composite
def padded_row(draw, cells: list[str], outer: bool) -> str:
    """A row with random padding around each cell, with or without outer pipes."""
    parts = [
        " " * draw(st.integers(0, 2)) + cell + " " * draw(st.integers(0, 3))
        if cell
        else " " * draw(st.integers(1, 3))
        for cell in cells
    ]
    if outer:
        return (
            " " * draw(st.integers(0, 3))
            + "|"
            + "|".join(parts)
            + "|"
            + " " * draw(st.integers(0, 2))
        )
    return "|".join(parts)


@st.composite
def tracker_table(draw, index: int = 0) -> list[str]:
    """The lines of one tracker table (either kind), or of a prose table."""
    kind = draw(st.sampled_from(["foreshadowing", "relationship", "prose"]))
    if kind == "prose":
        headers = ["境界", "说明"]
    else:
        base = FORESHADOWING_HEADERS if kind == "foreshadowing" else RELATIONSHIP_HEADERS
        extras = draw(st.lists(st.sampled_from(EXTRA_HEADERS), unique=True, max_size=2))
        headers = draw(st.permutations(base + extras))
    outer = draw(st.booleans())
    lines = [draw(padded_row(headers, outer))]
    dashes = [
        draw(st.sampled_from(["---", ":--", "--:", ":-:", " --- ", "-", ":---------:"]))
        for _ in headers
    ]
    lines.append(("|" + "|".join(dashes) + "|") if outer else "|".join(dashes))
    for number in range(draw(st.integers(0, 5))):
        values = []
        for header in headers:
            if header == "ID":
                values.append(f"F{index}-{number:03d}")
            elif header in ("埋设章节", "章节"):
                values.append(draw(chapter_cells))
            elif header == "计划回收":
                values.append(draw(st.one_of(chapter_cells, st.just(""))))
            elif header == "状态":
                values.append(draw(status_cells))
            elif header in ("角色A", "角色B"):
                values.append(draw(st.sampled_from(["林风", "苏瑶", "墨尘"])))
            elif header in ("相关角色", "关键词"):
                values.append(draw(name_lists))
            else:
                values.append(draw(free_text))
        if not outer:
            # Without outer pipes a blank first or last cell would read as an outer pipe.
            for end in (0, -1):
                values[end] = values[end] or _FILLER.get(headers[end], "x")
        lines.append(draw(padded_row(values, outer)))
    return lines


prose = st.lists(
    st.text(alphabet="青云宗外门弟子林风。说明：以下为表格，！？「」abc ", min_size=1, max_size=30)
    .map(str.strip)
    .filter(bool),
    min_size=1,
    max_size=3,
)


@st.composite
def tracker_file(draw) -> str:
    """A whole tracker file: prose and tables, blank lines between, either line ending."""
    blocks: list[list[str]] = [["# 伏笔追踪"]]
    for index in range(draw(st.integers(1, 4))):
        blocks.append(draw(st.one_of(tracker_table(index), prose)))
    newline = draw(st.sampled_from(["\n", "\r\n"]))
    lines: list[str] = []
    for block in blocks:
        lines += block
        lines += [" " * draw(st.integers(0, 2))] * draw(st.integers(1, 2))
    text = newline.join(lines)
    return text if draw(st.booleans()) else text.rstrip(" \r\n")
