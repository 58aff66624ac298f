"""A webnovel-writer project names its protagonist in any of three places: a `##` heading under
the 主角卡 title, state.json's `protagonist_state.name`, index.db's entity flagged
`is_protagonist`. Any one of them makes the protagonist's relationships reach the feed."""

from __future__ import annotations

import json
import sqlite3

import pytest
from webnovel_project import NEXT_CHAPTER, PLAN_6, make_webnovel_project

from workbench.book.characters import protagonist_in_file
from workbench.book.check import Severity, check_project
from workbench.book.project import Project
from workbench.feed import build_feed
from workbench.trackers import load_cast

UNNAMED_CARD = "# 主角卡\n\n- 欲望：查清玉佩来历\n- 性格：隐忍\n"


def _xiao_yan_project(root, *, state_name: str, card: str, flagged: bool):
    """The fixture book with 萧炎 and his master 药老 in index.db, 药老 in chapter 6's plan,
    and the protagonist named only where the case says."""
    make_webnovel_project(root)
    state_path = root / ".webnovel" / "state.json"
    state = json.loads(state_path.read_text(encoding="utf-8"))
    state["protagonist_state"]["name"] = state_name
    state_path.write_text(json.dumps(state, ensure_ascii=False), encoding="utf-8")
    (root / "设定集" / "主角卡.md").write_text(card, encoding="utf-8")
    connection = sqlite3.connect(root / ".webnovel" / "index.db")
    with connection:
        connection.execute("UPDATE entities SET is_protagonist = 0")
        connection.executemany(
            "INSERT INTO entities (id, type, canonical_name, tier, is_protagonist)"
            " VALUES (?, '角色', ?, '核心', ?)",
            [("char_xiao", "萧炎", int(flagged)), ("char_yao", "药老", 0)],
        )
        connection.execute(
            "INSERT INTO relationships (from_entity, to_entity, type, description, chapter)"
            " VALUES ('char_xiao', 'char_yao', '师徒', '药老收萧炎为徒', 3)"
        )
    connection.close()
    outline = root / "大纲" / "第1卷-详细大纲.md"
    text = outline.read_text(encoding="utf-8").replace(PLAN_6, "药老带人进山采药，遇上赵无极。")
    outline.write_text(text, encoding="utf-8")
    return Project.open(root)


def _relationships(project: Project) -> str:
    feed = build_feed(project, "MainWriter", NEXT_CHAPTER, count_tokens=False)
    return next(b.text for b in feed.blocks if b.id == "on_demand.relationships")


def _protagonist_warnings(project: Project) -> list[str]:
    return [
        p.message
        for p in check_project(project)
        if p.severity is Severity.WARNING and "protagonist" in p.message
    ]


def test_state_json_names_the_protagonist_when_the_card_title_names_no_one(tmp_path):
    root = tmp_path / "斗破"
    project = _xiao_yan_project(root, state_name="萧炎", card=UNNAMED_CARD, flagged=False)
    assert load_cast(project).protagonist == "萧炎"
    fed = _relationships(project)
    line = next(line for line in fed.splitlines() if "萧炎—药老" in line)
    assert "师徒" in line and "药老收萧炎为徒" in line
    assert _protagonist_warnings(project) == []
    named = [p for p in check_project(project) if p.path == "设定集/主角卡.md"]
    assert any("萧炎" in p.message and "state.json" in p.message for p in named)


@pytest.mark.parametrize(
    ("card", "state_name", "flagged"),
    [
        ("# 主角卡\n\n## 萧炎\n\n- 欲望：变强\n", "", False),  # a ## heading under the title
        (UNNAMED_CARD, "", True),  # index.db's is_protagonist
    ],
    ids=["heading-under-title", "index-flag"],
)
def test_either_other_place_names_him_as_well(tmp_path, card, state_name, flagged):
    root = tmp_path / "斗破"
    project = _xiao_yan_project(root, state_name=state_name, card=card, flagged=flagged)
    assert load_cast(project).protagonist == "萧炎"
    assert "萧炎—药老" in _relationships(project)
    assert _protagonist_warnings(project) == []


def test_named_nowhere_the_relation_stays_out_and_check_says_why(tmp_path):
    root = tmp_path / "斗破"
    project = _xiao_yan_project(root, state_name="", card=UNNAMED_CARD, flagged=False)
    assert load_cast(project).protagonist is None
    assert "萧炎—药老" not in _relationships(project)
    warned = _protagonist_warnings(project)
    assert len(warned) == 1 and "names no protagonist" in warned[0]


def test_a_part_of_the_card_under_the_title_is_no_name():
    for part in ("基本信息", "性格核心", "金手指", "出身与经历", "核心关系"):
        card = f"# 主角卡\n\n## {part}\n\n- 欲望：变强\n"
        assert protagonist_in_file(card, "主角卡.md").characters == (), part
    named = protagonist_in_file("# 主角卡\n\n## 萧炎\n\n## 基本信息\n", "主角卡.md")
    assert [c.name for c in named.characters] == ["萧炎"]
