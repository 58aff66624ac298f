"""Who the character files name: protagonist headings, role words, sections that are no one."""

from __future__ import annotations

import pytest

from workbench.book.characters import characters_in_file, is_role_word, protagonist_in_file


def named(text: str) -> list[tuple[str, tuple[str, ...]]]:
    return [(c.name, c.aliases) for c in protagonist_in_file(text, "p.md").characters]


@pytest.mark.parametrize(
    "text",
    [
        "# 主角：孙悟空\n\n别名：猴王、齐天大圣\n",
        "# 主角:孙悟空\n\n别名：猴王、齐天大圣\n",
        "# 主角 · 孙悟空\n\n别名：猴王、齐天大圣\n",
        "# 孙悟空（主角）\n\n别名：猴王、齐天大圣\n",
        "# 主角档案\n\n- 姓名：孙悟空\n- 别名：猴王、齐天大圣\n",
        "---\nname: 孙悟空\naliases: [猴王]\n---\n# 主角\n\n别名：齐天大圣\n",
        "# 孙悟空\n\n别名：猴王、齐天大圣\n",
    ],
)
def test_every_protagonist_heading_form_names_the_person(text):
    assert named(text) == [("孙悟空", ("猴王", "齐天大圣"))]


def test_the_protagonist_flag_is_set():
    (character,) = protagonist_in_file("# 主角：林风\n", "p.md").characters
    assert (character.name, character.protagonist, character.source) == ("林风", True, "p.md")


@pytest.mark.parametrize(
    "text",
    [
        "# 主角\n\n别名：（主角的其他称呼，用顿号分隔，例如：小风、林师兄）\n",
        "# 主人公\n",
        "# 男主\n",
        "# Protagonist\n",
        "# （主角姓名）\n",
        "# 主角档案\n\n姓名：（主角姓名）\n",
        "---\nname: 主角\n---\n",
    ],
)
def test_a_role_word_or_placeholder_is_never_a_name(text):
    described = protagonist_in_file(text, "characters/protagonist.md")
    assert described.characters == ()
    (skipped,) = described.skipped
    assert skipped.source == "characters/protagonist.md"
    assert "names no protagonist" in skipped.why


def test_role_words():
    for word in (
        "主角",
        "主人公",
        "男主",
        "女主角",
        "protagonist",
        "（主角姓名）",
        "主角档案",
        "XXX",
    ):
        assert is_role_word(word), word
    for name in ("林风", "孙悟空", "主簿", "男孩"):
        assert not is_role_word(name), name


CAST = """# 角色

## 苏瑶

别名：瑶儿
身份：青云宗内门弟子

## 势力

青云宗：正道魁首。血煞门：魔道。

## 地点

- 青云山
- 东海

## 说明

每个角色一节。

## 墨尘

神秘剑修，来历不明。

## 宗门长老

姓名：韩松
性格：严厉

## 青云宗弟子

### 赵衡

别名：赵师兄
性格：豪爽

### 门规

不得私斗。

## 陈伯

### 经历

开书前是镖师。
"""


def test_sections_that_describe_no_character_are_skipped_and_reported():
    described = characters_in_file(CAST, "characters/characters.md")
    # 势力 / 地点 / 说明 have no 姓名 line and no character field: no one. 墨尘 has no field
    # either, but its heading is not a word for a thing: a person. 宗门长老's heading holds
    # 宗门, a word for a thing, but its content has a 姓名 line: the content decides, 韩松.
    # 青云宗弟子 has no field of its own but its ### 赵衡 has: a group holding 赵衡 (门规
    # has no field and is not a character). 陈伯's ### parts have no field: 陈伯 himself.
    assert [(c.name, c.aliases) for c in described.characters] == [
        ("苏瑶", ("瑶儿",)),
        ("墨尘", ()),
        ("韩松", ()),
        ("赵衡", ("赵师兄",)),
        ("陈伯", ()),
    ]
    assert [(s.line, s.title) for s in described.skipped] == [
        (8, "势力"),
        (12, "地点"),
        (17, "说明"),
        (30, "青云宗弟子"),
    ]
    assert "no 姓名 line or character field" in described.skipped[0].why
    assert "a group" in described.skipped[3].why


def test_a_faction_section_with_no_character_fields_is_skipped():
    text = "## 势力\n\n- 青云宗\n- 血煞门\n\n## 林雪\n\n别名：雪儿\n"
    described = characters_in_file(text, "c.md")
    assert [c.name for c in described.characters] == ["林雪"]
    assert [s.title for s in described.skipped] == ["势力"]
