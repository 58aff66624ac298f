"""The guard on the real corpus: 三国演义 (120 回) imported, with a hand-written cast of its
principal characters (tests/continuity/sanguo/characters.md, protagonist.md), the deaths of
35 of them in a state tracker written from the text (each row quotes the 回 that narrates or
reports the death: sanguo/state-tracker.md) and four foreshadowing entries already paid.

Every finding on the unmodified book (`workbench continuity`, 1 Dec 2026):

1. 第5回 line 16, name-drift: 「张冀德」 for 张翼德 (张飞) — 「踊出燕人张冀德，手持蛇矛丈八枪」:
   this edition's misprint of 张翼德 in the poem on the 虎牢关 battle; a true finding.
2. 第68回 line 6, name-drift by sound: 「许诸」 for 许褚 (zhu) — 「急令许诸纵马持刀杀入军中」:
   this edition writes 许诸 for 许褚 in four places (第30回 twice, 第59回, 第68回); the
   other three stand in a list (许诸、张辽) or begin a clause (许诸力大), where the rule does
   not look, so only 第68回's is found; a true finding.

That is 0 false findings in 120 回 (the limit is 1 per 20; by sound, 1 per 100). What kept
it quiet, each seen on this book: 张翼 (a 蜀 general of his own) beside 张翼德 stands alone
(written before a dozen different characters), 刘琦升帐 and 孙峻谋杀 end inside a word, 马救起
and 吕当先 hold a word (救起, 当先), 周公佐周 is 周公 (the Duke of Zhou), and the seven places a
dead character 曰 or 问 after his death are each excused in their paragraph (昔日…本初问吾曰,
伯符遗言, 谥曹操曰, 云长曰：“臣等非人，乃鬼也”, 孔明遗言, 追思武侯诗曰). By sound, 李典谓禁曰
holds 典谓 (典韦's surname, then 谓 'said to', grammar like 曰) and 曹阵上 (曹's battle line, zhen
as in 曹真) begins a clause, where the rule does not look. Missed on the way, honestly: 第15回's
孙信符 (for 孙伯符; 信符 is a dictionary word) and 第75回's 周公谨 (for 周公瑾; 周公 stands alone).
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from workbench.cli.main import main

FIXTURE = Path(__file__).parent / "sanguo"
BASELINE = [("name-drift", 5, 16, "张冀德"), ("name-drift", 68, 6, "许诸")]


@pytest.fixture(scope="module")
def sanguo(tmp_path_factory) -> Path:
    corpus = Path(__file__).resolve().parents[2].parent / "shared" / "corpus" / "sanguo-yanyi.txt"
    if not corpus.is_file():
        pytest.skip(f"corpus not found at {corpus}")
    root = tmp_path_factory.mktemp("sanguo") / "book"
    assert main(["import", str(corpus), "--into", str(root), "--strip-boilerplate"]) == 0
    for name in ("protagonist.md", "characters.md"):
        shutil.copyfile(FIXTURE / name, root / "characters" / name)
    for name in ("state-tracker.md", "plot-tracker.md"):
        shutil.copyfile(FIXTURE / name, root / "references" / name)
    return root


def findings(root: Path, capsys) -> list[tuple]:
    capsys.readouterr()
    main(["continuity", str(root), "--format", "json"])
    out = json.loads(capsys.readouterr().out)["findings"]
    return [(f["rule"], f["chapter"], f["line"], f["text"]) for f in out]


def test_the_unmodified_book_gives_only_the_findings_listed_above(sanguo, capsys):
    assert findings(sanguo, capsys) == BASELINE


def test_three_planted_contradictions_are_each_found(sanguo, tmp_path, capsys):
    planted = tmp_path / "planted"
    shutil.copytree(sanguo, planted)
    chapter_90 = planted / "chapters" / "ch090.md"
    lines = chapter_90.read_text(encoding="utf-8").split("\n")
    lines.insert(5, "　　张飞大叫曰：“吾随丞相南征，谁敢挡我！”")  # 张飞 died in 第81回
    lines.insert(6, "　　关云常提刀而出。")  # 关云长
    chapter_90.write_text("\n".join(lines), encoding="utf-8")
    chapter_100 = planted / "chapters" / "ch100.md"
    with chapter_100.open("a", encoding="utf-8") as file:
        file.write("\n<!-- 本章回收：F003 -->\n")  # 华容道, already 已回收@77
    last_line = len(chapter_100.read_text(encoding="utf-8").split("\n")) - 1
    found = findings(planted, capsys)
    assert found == sorted(
        [*BASELINE, ("dead-acts", 90, 6, "张飞大叫曰"), ("name-drift", 90, 7, "关云常"),
         ("paid-twice", 100, last_line, "F003")],
        key=lambda f: (f[1], f[2]),
    )  # fmt: skip
    capsys.readouterr()
    main(["continuity", str(planted), "--chapter", "90"])
    text = capsys.readouterr().out
    assert (
        "张飞在第81章已记为死亡（references/state-tracker.md:24：身死；二贼当夜割了张飞首级" in text
    )


def test_the_rule_by_sound_is_nearly_silent_on_the_unmodified_book(sanguo, capsys):
    """Findings by sound that are no misprint of the edition: at most 1 per 100 回."""
    capsys.readouterr()
    main(["continuity", str(sanguo), "--format", "json"])
    by_sound = [
        (f["chapter"], f["text"])
        for f in json.loads(capsys.readouterr().out)["findings"]
        if "读音" in f["reason"]
    ]
    false = [found for found in by_sound if found != (68, "许诸")]
    assert len(false) * 100 / 120 <= 1, false


# Two-character names drifted by sound, each where a name stands: acting, after 向/请/与/见,
# addressed; 黄宗 and 甘灵 only sound near (zong~zhong, ling~ning).
SOUND_PLANTS = [
    (10, "　　刘倍大惊曰：“此事奈何？”", "刘倍", "刘备"),
    (15, "　　孙册大笑曰：“吾得公瑾，大事谐矣！”", "孙册", "孙策"),
    (20, "　　众将皆向孙全拜贺。", "孙全", "孙权"),
    (25, "　　甘灵问曰：“何处去？”", "甘灵", "甘宁"),
    (30, "　　赵运笑曰：“吾视之如草芥耳。”", "赵运", "赵云"),
    (40, "　　孔明谓鲁素曰：“公勿忧。”", "鲁素", "鲁肃"),
    (45, "　　操使人请周余议事。", "周余", "周瑜"),
    (50, "　　“吕步，汝何敢如此！”", "吕步", "吕布"),
    (60, "　　张非大叫曰：“燕人在此！”", "张非", "张飞"),
    (80, "　　黄宗大喝一声，拍马舞刀。", "黄宗", "黄忠"),
    (90, "　　孔明与姜伟商议。", "姜伟", "姜维"),
    (100, "　　孔明见魏言至，笑而不语。", "魏言", "魏延"),
    (110, "　　陆迅曰：“不可轻进。”", "陆迅", "陆逊"),
]


def test_every_two_character_name_planted_by_sound_is_found(sanguo, tmp_path, capsys):
    planted = tmp_path / "planted"
    shutil.copytree(sanguo, planted)
    for chapter, line, _drifted, _cast in SOUND_PLANTS:
        path = planted / "chapters" / f"ch{chapter:03d}.md"
        lines = path.read_text(encoding="utf-8").split("\n")
        lines.insert(5, line)
        path.write_text("\n".join(lines), encoding="utf-8")
    capsys.readouterr()
    main(["continuity", str(planted), "--format", "json"])
    found = json.loads(capsys.readouterr().out)["findings"]
    planted_found = [
        (f["chapter"], f["line"], f["text"], f["reason"].split("与「")[1].split("」")[0])
        for f in found
        if (f["rule"], f["chapter"], f["line"], f["text"]) not in BASELINE
    ]
    assert planted_found == [
        (chapter, 6, drifted, cast) for chapter, _line, drifted, cast in SOUND_PLANTS
    ]
