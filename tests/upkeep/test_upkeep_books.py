"""Offline upkeep measured on books the name finder was not written against: three short
books in other registers (tests/upkeep/books/: modern xianxia, modern urban, a 西游-like
章回 tale, original prose written for these tests), the bundled sample and 三国演义.

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
from sanguo import CAST_1_10, EXPECTED_NEWCOMERS_11_30, write_cast
from upkeep_sample import LATER, cut_back_cast

from workbench.book.importer import plan_import, read_manuscript, write_import
from workbench.book.project import Project
from workbench.upkeep.offline import OfflineUpkeep
from workbench.upkeep.proposals import MAX_PER_KIND, Kind
from workbench.upkeep.relations import MAX_RELATIONS
from workbench.upkeep.run import propose_ranges

BOOKS = Path(__file__).parent / "books"
PRECISION_FLOOR = 0.75
RECALL_FLOOR = 0.8
RELATIONS_RIGHT_FLOOR = 0.9

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
SAMPLE_PEOPLE = {"裴玄度": "大长老、那位大人", "厉无咎": "鬼灯使、厉老鬼", "孙闯": "", "周通": ""}
SAMPLE_RELATIONS = {
    ("陆照", "温不言"): "师徒", ("陆照", "裴玄度"): "师徒", ("韩素", "谢灵均"): "师徒",
    ("陆照", "谢灵均"): "同门", ("沈青棠", "谢灵均"): "同门", ("谢灵", "谢灵均"): "兄妹",
    ("陆照", "谢灵"): "同门", ("陆照", "沈青棠"): "同门",
}  # fmt: skip

# 三国演义 11-30 with the cast of 1-10: the principal newcomers (sanguo.py) and the other
# people those chapters name (listed from the text: officers, wives, envoys, a physician).
SANGUO_OTHERS = (
    "管亥 张英 樊能 于糜 薛礼 笮融 严白虎 白虎 严舆 王朗 周昕 刘晔 宋果 韩融 荀正 李封 薛兰 "
    "周泰 蒋钦 陈武 董袭 凌操 吕蒙 鲁肃 诸葛瑾 许贡 吴太夫人 乔国老 张勋 桥蕤 雷薄 陈兰 阎象 "
    "曹性 许汜 王楷 严氏 邹氏 田氏 胡车儿 曹安民 曹昂 王垕 吕虔 毛玠 刘安 种辑 吴子兰 吴硕 "
    "秦庆童 董妃 伏完 伏皇后 赵温 胡才 段煨 杨大将 孙观 吴敦 尹礼 昌豨 韩嵩 刘延 郑康 常怀 "
    "糜芳 关平 裴元绍 廖化 龚都 甘夫人 糜夫人 二夫人 糜二夫人 陈元龙 文远 元龙 张郃 张邰 "
    "蒋奇 辛评 辛毗 蔡阳 秦琪 孔秀 孟坦 王植 胡班 关定 陈震 荀谌 许攸 元绍 刘表 刘琦 "
    "黄祖 马腾 刘岱 孔融 杨修 满宠 王必 吉邈 吉穆 卢植 崔琰 沮鹄 蒯良 张允 曹休 曹丕"
).split()
SANGUO_RELATIONS = {
    ("刘备", "关羽"): "结义", ("刘备", "张飞"): "结义", ("关羽", "张飞"): "结义",
    ("关羽", "曹操"): "归附", ("吕布", "刘备"): "归附", ("刘备", "袁绍"): "归附",
    ("刘备", "曹操"): "归附", ("吕布", "袁术"): "盟友", ("孙策", "孙坚"): "父子",
    ("曹操", "曹嵩"): "父子", ("赵云", "刘备"): "归附", ("陈宫", "吕布"): "主从",
    ("刘备", "陶谦"): "归附", ("袁绍", "袁术"): "兄弟",
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


def _forms(people: dict[str, str]) -> dict[str, str]:
    """Every form of every hand-listed person -> the person."""
    forms = {name: name for name in people}
    for name, aliases in people.items():
        forms.update({alias: name for alias in aliases.split("、") if alias})
    return forms


def _proposals(folder: Path, first: int, last: int):
    answers = propose_ranges(Project.open(folder), first, last, OfflineUpkeep())
    return [p for answer in answers for p in answer.answer.proposals]


def _measure_characters(label, proposals, people, once, capsys, expected=None):
    """Precision and recall of the character proposals, printed and checked."""
    characters = [p for p in proposals if p.kind is Kind.CHARACTER]
    per_range: dict[int, int] = {}
    for proposal in characters:
        per_range[proposal.first] = per_range.get(proposal.first, 0) + 1
        assert proposal.fields["name"] in proposal.evidence
    assert all(count <= MAX_PER_KIND for count in per_range.values())
    forms = _forms(people)
    names = list(dict.fromkeys(p.fields["name"] for p in characters))
    right = [n for n in names if n in forms]
    wanted = expected or [n for n in people if n not in once]
    found = {forms[n] for n in right}
    hits = [n for n in wanted if n in found]
    precision = len(right) / len(names) if names else 0.0
    recall = len(hits) / len(wanted)
    with capsys.disabled():
        print(
            f"\n{label}: characters precision {len(right)}/{len(names)} = {precision:.2f}, "
            f"recall {len(hits)}/{len(wanted)} = {recall:.2f}; "
            f"not people: {'、'.join(n for n in names if n not in forms) or '-'}; "
            f"missed: {'、'.join(n for n in wanted if n not in found) or '-'}"
        )
    assert precision >= PRECISION_FLOOR
    assert recall >= RECALL_FLOOR


def _measure_relations(label, proposals, truth, capsys):
    """Share of relationship proposals the hand list agrees with; at most five a range."""
    relations = [p for p in proposals if p.kind is Kind.RELATIONSHIP]
    per_range: dict[int, int] = {}
    for proposal in relations:
        per_range[proposal.first] = per_range.get(proposal.first, 0) + 1
    assert all(count <= MAX_RELATIONS for count in per_range.values())
    pairs = {frozenset(pair): relation for pair, relation in truth.items()}
    right = [
        p
        for p in relations
        if pairs.get(frozenset((p.fields["a"], p.fields["b"]))) == p.fields["relation"]
    ]
    with capsys.disabled():
        shown = "; ".join(
            f"{p.fields['a']}—{p.fields['b']} {p.fields['relation']}" for p in relations
        )
        print(f"{label}: relationships right {len(right)}/{len(relations)} ({shown or '-'})")
    if relations:
        assert len(right) / len(relations) >= RELATIONS_RIGHT_FLOOR
    return relations


REGISTERS = {
    "xianxia": (XIANXIA_CAST, XIANXIA_PEOPLE, XIANXIA_ONCE, XIANXIA_RELATIONS),
    "urban": (URBAN_CAST, URBAN_PEOPLE, URBAN_ONCE, URBAN_RELATIONS),
    "xiyou": (XIYOU_CAST, XIYOU_PEOPLE, XIYOU_ONCE, XIYOU_RELATIONS),
}


@pytest.mark.parametrize("book", sorted(REGISTERS))
def test_register_books_newcomers_are_people(book, tmp_path, capsys):
    cast, people, once, _ = REGISTERS[book]
    folder = _register_book(tmp_path, book, cast)
    _measure_characters(book, _proposals(folder, 1, 5), people, once, capsys)


@pytest.mark.parametrize("book", sorted(REGISTERS))
def test_register_books_relationships_are_stated(book, tmp_path, capsys):
    cast, people, _, truth = REGISTERS[book]
    everyone = {**cast, **people}
    folder = _register_book(tmp_path, book, everyone)
    relations = _measure_relations(book, _proposals(folder, 1, 5), truth, capsys)
    assert relations  # each book states at least one of its relations in a sentence


def test_sample_newcomers_and_relationships(sample_copy, capsys):
    cut_back_cast(sample_copy)
    proposals = _proposals(sample_copy, 6, 12)
    assert set(LATER) <= set(SAMPLE_PEOPLE)
    _measure_characters("sample 6-12", proposals, SAMPLE_PEOPLE, (), capsys)
    _measure_relations("sample 6-12", proposals, SAMPLE_RELATIONS, capsys)


def test_sanguo_newcomers_and_relationships(corpus_copy, tmp_path, capsys):
    folder = tmp_path / "sanguo"
    write_import(plan_import(read_manuscript(corpus_copy), folder))
    write_cast(folder)
    proposals = _proposals(folder, 11, 30)
    people = {name: "" for name in (*EXPECTED_NEWCOMERS_11_30, *SANGUO_OTHERS)}
    label = "三国演义 11-30"
    _measure_characters(label, proposals, people, (), capsys, list(EXPECTED_NEWCOMERS_11_30))
    assert {name for pair in SANGUO_RELATIONS for name in pair} <= set(CAST_1_10)
    _measure_relations(label, proposals, SANGUO_RELATIONS, capsys)
