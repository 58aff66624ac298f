"""Relationship proposals only where one sentence states the relation between two named
cast members: not from a bare 师父, a pronoun, or a relation word that belongs to someone
else; never one the tracker records already; one against the tracker says what it holds;
at most five a range."""

from __future__ import annotations

import shutil
from pathlib import Path

from workbench.book.project import Project
from workbench.upkeep.offline import OfflineUpkeep
from workbench.upkeep.proposals import Kind
from workbench.upkeep.relations import MAX_RELATIONS, stated_relations
from workbench.upkeep.run import propose_ranges
from workbench.upkeep.text import Chapter

BOOK = Path(__file__).parent / "books" / "xiyou"
FORMS = {
    "陆沉": "陆沉", "小陆": "陆沉", "云栖真人": "云栖真人", "云栖": "云栖真人",
    "赤练仙子": "赤练仙子", "厉寒舟": "厉寒舟", "师尊": "云栖真人", "师父": "云栖真人",
}  # fmt: skip
TRACKER_HEADER = (
    "# 人物关系变动表\n\n| 章节 | 角色A | 角色B | 关系 | 变化 | 说明 |\n|---|---|---|---|---|---|\n"
)
CAST = "# 人物\n\n" + "".join(
    f"## {name}\n\n别名：{aliases}\n\n"
    for name, aliases in (
        ("玄照法师", "玄照"), ("悟尘", "老孙"), ("朱能", "老猪"), ("月华娘娘", "无"),
        ("赤鬃大王", "无"), ("碧波公主", "无"), ("黑水龙王", "无"), ("枯藤老怪", "无"),
    )
)  # fmt: skip


def _stated(*sentences: str):
    return stated_relations([Chapter.of(1, "\n".join(sentences))], FORMS)


def test_a_relation_is_stated_only_between_the_two_it_binds():
    assert not _stated("陆沉跺脚道：“师父啊！”")
    assert not _stated("陆沉看着赤练仙子，忽然想起师尊的话：谷中之事，不可轻信任何人。")
    assert not _stated("他拜她为师，已经三年了。", "师父收小陆为徒。")  # no one named twice
    [stated] = _stated("那一年，小陆拜云栖为师。")
    assert (stated.a, stated.b, stated.relation) == ("陆沉", "云栖真人", "师徒")
    [stated] = _stated("厉寒舟，也是云栖真人门下。")
    assert {stated.a, stated.b} == {"厉寒舟", "云栖真人"} and stated.relation == "师徒"


def _xiyou(tmp_path: Path, rows: str = "", extra: str = "") -> Path:
    folder = tmp_path / "xiyou"
    shutil.copytree(BOOK, folder)
    (folder / "workbench.toml").write_text('[project]\ntitle = "t"\n', encoding="utf-8")
    (folder / "characters").mkdir()
    (folder / "characters" / "characters.md").write_text(CAST, encoding="utf-8")
    (folder / "references").mkdir()
    tracker = folder / "references" / "relationship-tracker.md"
    tracker.write_text(TRACKER_HEADER + rows, encoding="utf-8")
    if extra:
        chapter = folder / "chapters" / "ch005.md"
        chapter.write_text(chapter.read_text("utf-8") + "\n" + extra + "\n", encoding="utf-8")
    return folder


def _relations(folder: Path):
    answers = propose_ranges(Project.open(folder), 1, 5, OfflineUpkeep())
    return [p for a in answers for p in a.answer.proposals if p.kind is Kind.RELATIONSHIP]


def test_what_the_tracker_records_is_not_proposed_and_a_change_names_its_state(tmp_path):
    [proposal] = _relations(_xiyou(tmp_path))
    assert {proposal.fields["a"], proposal.fields["b"]} == {"悟尘", "玄照法师"}
    assert proposal.fields["relation"] == "师徒" and proposal.fields["change"] == "新建"

    recorded = _xiyou(tmp_path / "recorded", "| 1 | 玄照法师 | 悟尘 | 师徒 | 新建 | 大徒弟 |\n")
    assert _relations(recorded) == []

    other = _xiyou(tmp_path / "other", "| 1 | 悟尘 | 玄照法师 | 同门 | 新建 | 同行 |\n")
    [proposal] = _relations(other)
    assert proposal.fields["change"] == "同门→师徒"
    assert proposal.fields["note"].startswith("追踪表：第1章起为同门；此句提示师徒")


def test_at_most_five_a_range(tmp_path):
    stated = (
        "朱能拜玄照为师。碧波公主乃黑水龙王之女。枯藤老怪是赤鬃大王的军师。"
        "悟尘与朱能同出一门。月华娘娘与黑水龙王结盟。碧波公主与月华娘娘结拜。"
    )
    relations = _relations(_xiyou(tmp_path, extra=stated))
    assert len(relations) == MAX_RELATIONS
    for proposal in relations:
        assert proposal.evidence in (
            tmp_path / "xiyou" / "chapters" / f"ch{proposal.chapter:03d}.md"
        ).read_text("utf-8")
