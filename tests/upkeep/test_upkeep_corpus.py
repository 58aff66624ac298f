"""Offline upkeep on 三国演义 imported, with a cast written by hand for chapters 1-10: how
many of the principal newcomers of chapters 11-30 (listed by hand from the text) it names,
whether what it proposes are people, and whether the relations it proposes are right. The
figures are printed (pytest -s); the floors are those of test_upkeep_books.py."""

from __future__ import annotations

import pytest
from measure import measure_characters, measure_relations
from sanguo import CAST_1_10, EXPECTED_NEWCOMERS_11_30, write_cast

from workbench.book.importer import plan_import, read_manuscript, write_import
from workbench.book.project import Project
from workbench.trackers.cast import load_cast
from workbench.upkeep.offline import OfflineUpkeep
from workbench.upkeep.proposals import Kind
from workbench.upkeep.run import run_upkeep

# 三国演义 11-30 with the cast of 1-10: the principal newcomers (sanguo.py) and the other
# people those chapters name (listed from the text: officers, wives, envoys, a physician).
SANGUO_OTHERS = (
    "管亥 张英 樊能 于糜 薛礼 笮融 严白虎 白虎 严舆 王朗 周昕 刘晔 宋果 "
    "韩融 荀正 李封 薛兰 周泰 蒋钦 陈武 董袭 凌操 吕蒙 鲁肃 诸葛瑾 许贡 "
    "吴太夫人 乔国老 张勋 桥蕤 雷薄 陈兰 阎象 曹性 许汜 王楷 严氏 邹氏 "
    "田氏 胡车儿 曹安民 曹昂 王垕 吕虔 毛玠 刘安 种辑 吴子兰 吴硕 秦庆童 "
    "董妃 伏完 伏皇后 赵温 胡才 段煨 杨大将 孙观 吴敦 尹礼 昌豨 韩嵩 "
    "刘延 郑康 常怀 糜芳 关平 裴元绍 廖化 龚都 甘夫人 糜夫人 二夫人 "
    "糜二夫人 陈元龙 文远 元龙 张郃 张邰 蒋奇 辛评 辛毗 蔡阳 秦琪 孔秀 "
    "孟坦 王植 胡班 关定 陈震 荀谌 许攸 元绍 刘表 刘琦 黄祖 马腾 刘岱 "
    "孔融 杨修 满宠 王必 吉邈 吉穆 卢植 崔琰 沮鹄 蒯良 张允 曹休 曹丕"
)  # space-separated: split where used
SANGUO_RELATIONS = {
    ("刘备", "关羽"): "结义", ("刘备", "张飞"): "结义", ("关羽", "张飞"): "结义",
    ("关羽", "曹操"): "归附", ("吕布", "刘备"): "归附", ("刘备", "袁绍"): "归附",
    ("刘备", "曹操"): "归附", ("吕布", "袁术"): "盟友", ("孙策", "孙坚"): "父子",
    ("曹操", "曹嵩"): "父子", ("赵云", "刘备"): "归附", ("陈宫", "吕布"): "主从",
    ("刘备", "陶谦"): "归附", ("袁绍", "袁术"): "兄弟",
    # Added after reading the sentences proposed (张邈投袁术去了; 许攸径投曹操): both true.
    ("张邈", "袁术"): "归附", ("许攸", "曹操"): "归附",
}  # fmt: skip


@pytest.fixture
def sanguo(corpus_copy, tmp_path):
    folder = tmp_path / "sanguo"
    write_import(plan_import(read_manuscript(corpus_copy), folder))
    write_cast(folder)
    return folder


def test_newcomers_of_11_to_30_are_named_and_are_people(sanguo, capsys):
    project = Project.open(sanguo)
    assert len(load_cast(project).characters) == len(CAST_1_10)
    result = run_upkeep(project, 11, 30, OfflineUpkeep())
    characters = [p for p in result.proposals if p.kind is Kind.CHARACTER]
    names = [p.fields["name"] for p in characters]
    assert len(names) == len(set(names))  # each newcomer is proposed once, in its first range
    for proposal in result.proposals:
        text = project.chapter_text(proposal.chapter).split("\n")[proposal.line - 1]
        assert proposal.evidence in text
    assert not set(names) & set(load_cast(project).forms())
    people = {name: "" for name in (*EXPECTED_NEWCOMERS_11_30, *SANGUO_OTHERS.split())}
    label = "三国演义 11-30"
    measure_characters(label, result.proposals, people, (), capsys, EXPECTED_NEWCOMERS_11_30)
    assert {name for pair in SANGUO_RELATIONS for name in pair} <= set(CAST_1_10)
    measure_relations(label, result.proposals, SANGUO_RELATIONS, capsys)
