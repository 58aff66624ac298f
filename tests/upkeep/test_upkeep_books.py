"""Offline upkeep measured on books the name finder was not written against: three short
books in other registers (tests/upkeep/books/: modern xianxia, modern urban, a 西游-like
章回 tale, original prose written for these tests) and the bundled sample; 三国演义 is
measured the same way in test_upkeep_corpus.py.

Each book's people were listed by hand from its text before the finder was run: every
person the text names, with each form it names them by. A character proposal is right when
it names one of them (any form; a second form of someone already proposed is right but
reported); recall counts those named at least twice in the range. A relationship proposal
is right when the hand list gives that pair that relation. Run with -s for the figures.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from measure import measure_characters, measure_relations
from upkeep_sample import LATER, cut_back_cast

from workbench.book.project import Project
from workbench.upkeep.offline import OfflineUpkeep
from workbench.upkeep.run import propose_ranges

BOOKS = Path(__file__).parent / "books"

# name: aliases — who the author had listed before the range.
XIANXIA_CAST = {"陆沉": "小陆、陆师弟", "云栖真人": "云栖、师尊"}
# Everyone the text names who is not in the cast: name -> other forms; ≥ 2 mentions each.
XIANXIA_PEOPLE = {
    "周德海": "", "厉寒舟": "厉师兄", "墨大夫": "", "沈青禾": "沈师姐", "血魔老祖": "",
    "二长老": "韩守拙", "宋元朗": "宋师弟", "赤练仙子": "", "胡三娘": "", "青云子": "",
}  # fmt: skip
XIANXIA_ONCE: tuple[str, ...] = ()  # named once only: right if proposed, not missed if not
XIANXIA_RELATIONS = {
    ("云栖真人", "陆沉"): "师徒", ("云栖真人", "厉寒舟"): "师徒", ("云栖真人", "沈青禾"): "师徒",
    ("陆沉", "厉寒舟"): "同门", ("陆沉", "沈青禾"): "同门", ("厉寒舟", "沈青禾"): "同门",
    ("沈青禾", "宋元朗"): "同门", ("陆沉", "宋元朗"): "同门", ("云栖真人", "青云子"): "朋友",
}  # fmt: skip

URBAN_CAST = {"林晚": "晚晚", "江澈": "江总"}
URBAN_PEOPLE = {
    "许知夏": "夏夏", "顾言深": "顾总、顾总监", "陈默": "老陈", "唐糖": "糖糖", "方亦舟": "",
    "宋阿姨": "",
}  # fmt: skip
URBAN_ONCE = ("宋阿姨",)
URBAN_RELATIONS = {
    ("林晚", "江澈"): "恋人", ("林晚", "许知夏"): "朋友", ("江澈", "方亦舟"): "主从",
    ("顾言深", "林晚"): "主从", ("顾言深", "陈默"): "主从", ("顾言深", "唐糖"): "主从",
}  # fmt: skip

XIYOU_CAST = {"玄照法师": "玄照", "悟尘": "老孙", "朱能": "老猪", "月华娘娘": ""}
XIYOU_PEOPLE = {
    "刘员外": "老员外", "赤鬃大王": "", "灰鼠精": "", "碧波公主": "", "黑水龙王": "",
    "枯藤老怪": "",
}  # fmt: skip
XIYOU_ONCE: tuple[str, ...] = ()
XIYOU_RELATIONS = {
    ("玄照法师", "悟尘"): "师徒", ("玄照法师", "朱能"): "师徒", ("悟尘", "朱能"): "同门",
    ("月华娘娘", "赤鬃大王"): "主从", ("黑水龙王", "碧波公主"): "父女",
    ("赤鬃大王", "枯藤老怪"): "主从",
}  # fmt: skip

# The sample, cast cut back to chapters 1-5: who chapters 6-12 name besides.
SAMPLE_PEOPLE = {
    "裴玄度": "大长老、那位大人", "厉无咎": "鬼灯使、厉老鬼", "孙闯": "", "周通": "", "杜衡": "",
}  # fmt: skip
SAMPLE_ONCE = ("杜衡",)
SAMPLE_RELATIONS = {
    ("陆照", "温不言"): "师徒", ("陆照", "裴玄度"): "师徒", ("韩素", "谢灵均"): "师徒",
    ("陆照", "谢灵均"): "同门", ("沈青棠", "谢灵均"): "同门", ("谢灵", "谢灵均"): "兄妹",
    ("陆照", "谢灵"): "同门", ("陆照", "沈青棠"): "同门",
}  # fmt: skip


def _write_cast(folder: Path, cast: dict[str, str]) -> None:
    parts = ["# 人物", ""]
    for name, aliases in cast.items():
        parts += [f"## {name}", "", f"别名：{aliases or '无'}", ""]
    (folder / "characters").mkdir(exist_ok=True)
    (folder / "characters" / "characters.md").write_text("\n".join(parts), encoding="utf-8")


def _register_book(tmp_path: Path, name: str, cast: dict[str, str]) -> Path:
    folder = tmp_path / name
    shutil.copytree(BOOKS / name, folder)
    (folder / "workbench.toml").write_text('[project]\ntitle = "t"\n', encoding="utf-8")
    _write_cast(folder, cast)
    return folder


def _proposals(folder: Path, first: int, last: int):
    answers = propose_ranges(Project.open(folder), first, last, OfflineUpkeep())
    return [p for answer in answers for p in answer.answer.proposals]


REGISTERS = {
    "xianxia": (XIANXIA_CAST, XIANXIA_PEOPLE, XIANXIA_ONCE, XIANXIA_RELATIONS),
    "urban": (URBAN_CAST, URBAN_PEOPLE, URBAN_ONCE, URBAN_RELATIONS),
    "xiyou": (XIYOU_CAST, XIYOU_PEOPLE, XIYOU_ONCE, XIYOU_RELATIONS),
}


@pytest.mark.parametrize("book", sorted(REGISTERS))
def test_register_books_newcomers_are_people(book, tmp_path, capsys):
    cast, people, once, _ = REGISTERS[book]
    folder = _register_book(tmp_path, book, cast)
    measure_characters(book, _proposals(folder, 1, 5), people, once, capsys)


@pytest.mark.parametrize("book", sorted(REGISTERS))
def test_register_books_relationships_are_stated(book, tmp_path, capsys):
    cast, people, _, truth = REGISTERS[book]
    everyone = {**cast, **people}
    folder = _register_book(tmp_path, book, everyone)
    relations = measure_relations(book, _proposals(folder, 1, 5), truth, capsys)
    assert relations  # each book states at least one of its relations in a sentence


def test_sample_newcomers_and_relationships(sample_copy, capsys):
    cut_back_cast(sample_copy)
    proposals = _proposals(sample_copy, 6, 12)
    assert set(LATER) <= set(SAMPLE_PEOPLE)
    measure_characters("sample 6-12", proposals, SAMPLE_PEOPLE, SAMPLE_ONCE, capsys)
    measure_relations("sample 6-12", proposals, SAMPLE_RELATIONS, capsys)
