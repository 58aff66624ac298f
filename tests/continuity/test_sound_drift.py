"""Name drift by sound in two-character names, on hand-written chapters and on 梧桐巷
(tests/continuity/city/: an original modern urban book of 20 chapters, cast of ten, every
name two characters: 林晚 江澈 陈默 周言 许宁 沈川 唐果 顾深 程野 白露).

On the unmodified 梧桐巷 the guard finds nothing (0 false findings in 20 chapters); every
drift planted where a name stands is found, and one planted in no name position is not.
"""

from __future__ import annotations

import shutil

import pytest
from continuity_book import filler, write_book, write_city_book

from workbench.book.project import Project
from workbench.continuity.findings import NAME_DRIFT
from workbench.continuity.guard import BookGuard
from workbench.continuity.sounds import sound_alike

CAST = """# 角色

## 吴用

- 别名：吴学究

## 萧炎

- 别名：萧公子

## 周言

## 林动

## 林东

## 许宁
"""


def findings(root, number):
    return [(f.rule, f.line, f.text) for f in BookGuard.of(Project.open(root)).check(number)]


def book(root, text):
    write_book(root, filler(2) | {2: text})
    (root / "characters" / "characters.md").write_text(CAST, encoding="utf-8")
    return root


def test_a_homophone_of_a_two_character_name_that_speaks_is_found(tmp_path):
    book(tmp_path, "众人落座。\n\n吴庸笑道：“此计可行。”")
    [finding] = BookGuard.of(Project.open(tmp_path)).check(2)
    assert (finding.rule, finding.line, finding.text) == (NAME_DRIFT, 5, "吴庸")
    assert "「吴用」" in finding.reason and "读音相同（yong）" in finding.reason


def test_a_drift_addressed_or_after_a_preposition_is_found(tmp_path):
    book(tmp_path, "“萧焱，你来了。”\n\n药老对萧焱说：“去吧。”")
    assert findings(tmp_path, 2) == [(NAME_DRIFT, 3, "萧焱")]


def test_a_near_homophone_is_found_and_says_so(tmp_path):
    book(tmp_path, "许灵问道：“还疼吗？”")  # ling for ning: n/l and in/ing merged
    [finding] = BookGuard.of(Project.open(tmp_path)).check(2)
    assert finding.text == "许灵" and "读音相近（ling~ning）" in finding.reason


def test_a_homophone_that_is_a_dictionary_word_is_not_a_name(tmp_path):
    book(tmp_path, "周延笑道：“这个概念不周延。”")  # 周延 (a term of logic) beside 周言
    assert findings(tmp_path, 2) == []


def test_another_cast_name_that_sounds_the_same_is_another_person(tmp_path):
    book(tmp_path, "林东笑道：“我和林动不是一个人。”")
    assert findings(tmp_path, 2) == []


def test_a_homophone_where_no_name_stands_is_no_finding(tmp_path):
    book(tmp_path, "纸上只写着吴庸两个字。东吴庸才甚多。")
    assert findings(tmp_path, 2) == []


def test_an_intended_name_is_never_reported(tmp_path):
    book(tmp_path, "吴庸笑道：“我是吴用的弟弟。”")
    (tmp_path / "workbench.toml").write_text(
        '[continuity]\nintended_names = ["吴庸"]\n', encoding="utf-8"
    )
    assert findings(tmp_path, 2) == []


def test_sounds_alike_by_toneless_reading_and_by_merged_pairs_only():
    assert sound_alike("庸", "用") == "yong"
    assert sound_alike("焱", "炎") == "yan"
    assert sound_alike("宗", "忠") == "zong~zhong"  # z/zh
    assert sound_alike("吕", "路") is None  # lü is not lu
    assert sound_alike("飞", "辉") is None  # f/h is not merged


@pytest.fixture(scope="module")
def city(tmp_path_factory):
    return write_city_book(tmp_path_factory.mktemp("city") / "book")


def test_the_unmodified_city_book_has_no_finding(city):
    assert BookGuard.of(Project.open(city)).check_all() == []


# (chapter, line written as its own paragraph, the drifted name, the cast name it stands for)
CITY_PLANTS = [
    (3, "林婉笑道：“你来了。”", "林婉", "林晚"),
    (5, "“江彻，你也来了？”许宁问。", "江彻", "江澈"),
    (7, "她对陈墨说：“地板泡了。”", "陈墨", "陈默"),
    (9, "白露和周严一起进了门。", "周严", "周言"),
    (10, "许凝笑道：“你又瘦了。”", "许凝", "许宁"),
    (12, "唐果向沈传招手。", "沈传", "沈川"),
    (14, "顾申问道：“你们这里还缺人吗？”", "顾申", "顾深"),
    (16, "程叶说：“我来拍。”", "程叶", "程野"),
    (18, "林晚给白路打了个电话。", "白路", "白露"),
    (20, "许灵问道：“明天还来吗？”", "许灵", "许宁"),
]


def plant(root, plants):
    """Each line inserted as a paragraph after the chapter's heading; its line number."""
    where = {}
    for chapter, line, drifted, _cast in plants:
        path = root / "chapters" / f"ch{chapter:03d}.md"
        lines = path.read_text(encoding="utf-8").split("\n")
        lines[2:2] = [line, ""]
        path.write_text("\n".join(lines), encoding="utf-8")
        where[drifted] = (chapter, 3)
    return where


def test_every_drift_planted_where_a_name_stands_in_the_city_book_is_found(city, tmp_path):
    planted = shutil.copytree(city, tmp_path / "planted")
    where = plant(planted, [*CITY_PLANTS, (11, "他翻出林婉的旧照片。", "-", "林晚")])
    found = BookGuard.of(Project.open(planted)).check_all()
    assert [(f.chapter, f.line, f.text) for f in found] == [
        (*where[drifted], drifted) for _chapter, _line, drifted, _cast in CITY_PLANTS
    ]
    assert [f.reason.split("」")[1].removeprefix("与「") for f in found] == [
        cast for *_, cast in CITY_PLANTS
    ]
