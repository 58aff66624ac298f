from __future__ import annotations

import pytest

from workbench.book.naming import chapter_number_from_name, title_from_heading


@pytest.mark.parametrize(
    ("stem", "expected"),
    [
        # Every chapter file name form of PRODUCT.md §1, and the webnovel-writer ones.
        ("ch001", (1, "")),
        ("ch0001", (1, "")),
        ("ch1000", (1000, "")),
        ("第0001章", (1, "")),
        ("第0001章-标题", (1, "标题")),
        ("第001章-雷雨夜", (1, "雷雨夜")),
        ("0001", (1, "")),
        ("第1章", (1, "")),
        ("第十二章 剑出", (12, "剑出")),
        ("第一百二十回", (120, "")),
        ("第3节", (3, "")),
        ("Chapter 7", (7, "")),
        ("chapter_07-Storm", (7, "Storm")),
        ("0012 标题", (12, "标题")),
    ],
)
def test_chapter_names(stem, expected):
    assert chapter_number_from_name(stem) == expected


@pytest.mark.parametrize("stem", ["outline", "README", "第一卷", "角色", "notes-ch"])
def test_other_names_are_not_chapters(stem):
    assert chapter_number_from_name(stem) is None


@pytest.mark.parametrize(
    ("text", "title"),
    [
        ("# 第1章 宴桃园豪杰三结义 斩黄巾英雄首立功\n正文", "宴桃园豪杰三结义 斩黄巾英雄首立功"),
        ("# 第十二章：剑出\n", "剑出"),
        ("## Chapter 3 The Storm\n", "The Storm"),
        ("前言\n\n# 楔子\n", "楔子"),
        ("没有标题的正文。\n", ""),
    ],
)
def test_title_from_heading(text, title):
    assert title_from_heading(text) == title
