"""The webnovel-writer serial opened in place and migrated (issue #27 items 1-4): the ledger
its memory holds, who its setting cards describe, and every alias index.db knows."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from webnovel_serial import NEXT_CHAPTER, make_serial

from workbench.book.check import check_project
from workbench.book.project import Project
from workbench.migrate import migrate
from workbench.trackers import load_cast

TEMPLATE_HEADINGS = {
    "核心标签", "性格与底色", "动机与目标", "缺陷与代价", "行为模式", "成长弧线", "OOC",
    "基本信息", "反派分层", "核心驱动", "镜像对抗", "能力与资源", "规则与代价",
    "关键剧情节点", "复杂度", "反派进阶路径",
}  # fmt: skip
TIERS = {"小反派", "中反派", "大反派"}


def _workbench(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "workbench", *args], capture_output=True, text=True, check=False
    )


@pytest.fixture(scope="module")
def serial(tmp_path_factory):
    folder = tmp_path_factory.mktemp("serial")
    source = make_serial(folder / "星图劫")
    migrate(source, folder / "migrated")
    return source, folder / "migrated"


# --- item 1: the trackers command reads the memory --------------------------------------


def test_trackers_lists_the_memory_in_place(serial):
    source, _ = serial
    listed = _workbench("trackers", str(source), "--format", "json")
    data = json.loads(listed.stdout)
    assert len([e for e in data["foreshadowing"] if e["id"].startswith("WF")]) == 12


def test_overdue_at_34_is_the_same_in_place_and_migrated(serial):
    source, migrated = serial
    outputs = []
    for root in (source, migrated):
        run = _workbench("trackers", str(root), "--overdue", "--chapter", str(NEXT_CHAPTER))
        assert run.returncode == 0, run.stderr
        lines = [line.split("  (")[0] for line in run.stdout.splitlines()]
        outputs.append(lines)
    assert outputs[0][0] == f"Overdue at chapter {NEXT_CHAPTER}: 3"
    assert outputs[0] == outputs[1]


def test_relevance_json_holds_the_memory(serial):
    source, _ = serial
    run = _workbench("trackers", str(source), "--chapter", "34", "--format", "json")
    data = json.loads(run.stdout)
    assert len(data["foreshadowing"]) >= 12
    states = {e["content"]: e["state"] for e in data["foreshadowing"]}
    assert states["密信上的“煞”字"] == "overdue"


# --- items 2-4: cards, aliases, role words -----------------------------------------------


@pytest.mark.parametrize("cards", ["init", "filled"])
def test_card_headings_are_not_characters(tmp_path, cards):
    project = Project.open(make_serial(tmp_path / "serial", cards=cards))
    cast = load_cast(project)
    names = {c.name for c in cast.characters}
    assert not names & (TEMPLATE_HEADINGS | TIERS)
    assert {"林风", "苏瑶", "陈长老", "赵无极", "血煞老祖"} <= names
    skipped = {s.title.split("（")[0].split(" ")[0] for s in cast.skipped}
    if cards == "init":
        assert TEMPLATE_HEADINGS - {"基本信息"} <= skipped
    else:
        assert TIERS - {"小反派", "中反派"} <= skipped  # 大反派 has no name yet
    problems = [str(p) for p in check_project(project)]
    assert any("not a character" in p and "反派设计.md" in p for p in problems)


def test_migrate_writes_each_villain_with_only_their_part(tmp_path):
    source = make_serial(tmp_path / "serial", cards="filled")
    migrate(source, tmp_path / "migrated")
    text = (tmp_path / "migrated/characters/characters.md").read_text(encoding="utf-8")
    headings = [line[3:] for line in text.splitlines() if line.startswith("## ")]
    assert not set(headings) & (TEMPLATE_HEADINGS | TIERS)
    zhao = text.split("## 赵无极", 1)[1].split("\n## ", 1)[0]
    assert "黑风寨寨主" in zhao and "血煞门门主" not in zhao


def test_migrate_keeps_aliases_only_index_db_has(serial):
    _, migrated = serial
    cast = load_cast(Project.open(migrated))
    lin = next(c for c in cast.characters if c.name == "林风")
    assert {"风哥", "马监"} <= set(lin.aliases)
    su = next(c for c in cast.characters if c.name == "苏瑶")
    assert {"苏姑娘", "瑶儿"} <= set(su.aliases)


@pytest.mark.parametrize("where", ["source", "migrated"])
def test_role_words_are_never_aliases(serial, where):
    source, migrated = serial
    project = Project.open(source if where == "source" else migrated)
    forms = load_cast(project).forms()
    assert "主角" not in forms and "protagonist" not in forms
    assert forms["马监"] == "林风"
