"""`workbench feed`: output formats, refusal when not ready, --save, --out, --schema."""

from __future__ import annotations

import json

import pytest

from workbench.cli.exits import EXIT_NOT_READY, EXIT_OK
from workbench.cli.main import main


def test_markdown_to_stdout(novel, capsys):
    assert main(["feed", str(novel), "--agent", "MainWriter", "--chapter", "23"]) == EXIT_OK
    out = capsys.readouterr().out
    assert out.startswith("# 上下文喂入\n\n## 固定层 · 世界观摘要")
    assert "## 本次任务概要 · MainWriter · 第23章" in out
    assert "## 本次实际喂入的上下文清单" in out
    assert "## 固定层 · 世界观摘要（references/fixed-context.md#世界观摘要）" in out


def test_json_has_the_documented_fields(novel, capsys):
    args = ["feed", str(novel), "--agent", "FinalReviewer", "--chapter", "23", "--format", "json"]
    assert main(args) == EXIT_OK
    data = json.loads(capsys.readouterr().out)
    assert data["schema_version"] == 1
    for key in ("agent", "chapter", "template", "stage", "ready", "checklist", "blocks"):
        assert key in data
    assert data["tokenizer"]["name"] == "deepseek-v4"  # the default profile's, exact
    assert data["tokenizer"]["exact"] and not data["tokenizer"]["note"]
    assert data["context"]["available"] == 1_000_000 - 32_768
    block = data["blocks"][0]
    for key in ("id", "layer", "group", "source", "chars", "tokens", "cap", "status", "reason"):
        assert key in block
    assert {"ok", "missing"} <= set(data["checklist"][0])
    assert set(data["totals"]) == {"fixed", "rolling", "on_demand", "task", "all"}


def test_schema_is_printed_without_a_project(capsys):
    assert main(["feed", "--schema"]) == EXIT_OK
    schema = json.loads(capsys.readouterr().out)
    assert "schema_version" in schema["properties"]
    assert schema["title"] == "FeedModel"


def test_not_ready_exits_3_with_the_checklist_on_stderr(novel, capsys):
    (novel / "references/fixed-context.md").unlink()
    code = main(["feed", str(novel), "--agent", "MainWriter", "--chapter", "23"])
    captured = capsys.readouterr()
    assert code == EXIT_NOT_READY
    assert captured.out == ""
    assert "✗ 固定层齐备" in captured.err
    assert "references/fixed-context.md" in captured.err
    assert f"workbench fixed-context {novel}" in captured.err


def test_allow_incomplete_outputs_it_anyway(novel, capsys):
    (novel / "references/fixed-context.md").unlink()
    args = ["feed", str(novel), "--agent", "MainWriter", "--chapter", "23", "--allow-incomplete"]
    assert main(args) == EXIT_OK
    assert "上下文准备未完成" in capsys.readouterr().out


def test_save_and_out(novel, tmp_path, capsys):
    out = tmp_path / "feed.md"
    args = ["feed", str(novel), "--agent", "ReaderSimulator", "--chapter", "12"]
    assert main([*args, "--save", "--out", str(out)]) == EXIT_OK
    saved = list((novel / ".workbench/feeds").glob("ch0012-ReaderSimulator-*.md"))
    assert len(saved) == 1
    assert saved[0].read_text(encoding="utf-8") == out.read_text(encoding="utf-8")
    assert capsys.readouterr().out == ""


def test_battle_agent_passage_and_debug_scores(novel, capsys):
    args = ["feed", str(novel), "--agent", "BattleAgent", "--chapter", "12"]
    assert main([*args, "--passage", "10:60", "--debug-scores"]) == EXIT_OK
    out = capsys.readouterr().out
    assert "**选段（字符 10–60）**" in out
    assert "## 排序得分（调试）" in out


@pytest.mark.parametrize("passage", ["60:10", "0:999999"])
def test_a_passage_outside_the_chapter_is_an_error_naming_it(novel, capsys, passage):
    args = ["feed", str(novel), "--agent", "BattleAgent", "--chapter", "12", "--passage", passage]
    assert main(args) == 1
    assert "ch012.md" in capsys.readouterr().err


def test_bad_usage(novel, capsys):
    with pytest.raises(SystemExit) as exit_info:
        main(["feed", str(novel), "--agent", "Nobody", "--chapter", "1"])
    assert exit_info.value.code == 2
    assert main(["feed", str(novel)]) == 2


def test_character_power_takes_the_characters_in_the_passage(novel, capsys):
    chapter = novel / "chapters/ch012.md"
    chapter.write_text("# 第12章\n\n苏瑶拔剑。赵乾冷笑。\n", encoding="utf-8")
    plan = novel / "outline/chapters/ch012.md"
    plan.write_text("---\ntype: battle\n---\n一战。\n", encoding="utf-8")
    args = ["feed", str(novel), "--agent", "BattleAgent", "--chapter", "12"]
    assert main([*args, "--passage", "8:14"]) == EXIT_OK  # 苏瑶拔剑。
    out = capsys.readouterr().out
    assert "characters/characters.md#苏瑶" in out
    assert "characters.md#赵乾" not in out  # outside the passage, not in the plan


def test_a_short_name_inside_a_longer_one_does_not_count(novel, capsys):
    cast = novel / "characters/characters.md"
    cast.write_text(
        cast.read_text(encoding="utf-8") + "\n## 谢灵\n\n堂妹。\n\n## 谢灵均\n\n堂兄。\n",
        encoding="utf-8",
    )
    plan = novel / "outline/chapters/ch012.md"
    plan.write_text("---\ntype: battle\n---\n一战。\n", encoding="utf-8")
    chapter = novel / "chapters/ch012.md"
    args = ["feed", str(novel), "--agent", "BattleAgent", "--chapter", "12", "--passage"]

    chapter.write_text("谢灵均拔剑。\n", encoding="utf-8")
    assert main([*args, "0:6"]) == EXIT_OK
    power = capsys.readouterr().out.split("角色战力")[1].split("\n")[0]
    assert "characters.md#谢灵均" in power
    assert "characters.md#谢灵、" not in power and not power.endswith("#谢灵）")

    chapter.write_text("谢灵均与谢灵。\n", encoding="utf-8")
    assert main([*args, "0:7"]) == EXIT_OK
    power = capsys.readouterr().out.split("角色战力")[1].split("\n")[0]
    assert "characters.md#谢灵均" in power
    assert "characters.md#谢灵）" in power or "characters.md#谢灵、" in power


@pytest.mark.parametrize("agent", ["MainWriter", "OOCGuardian", "FinalReviewer"])
def test_a_passage_for_an_agent_that_takes_none_is_a_usage_error(novel, capsys, agent):
    # Issue #22: --passage was ignored silently for every agent but BattleAgent.
    args = ["feed", str(novel), "--agent", agent, "--chapter", "12", "--passage", "0:40"]
    assert main(args) == 2
    err = capsys.readouterr().err
    assert f"--passage is for BattleAgent; the {agent} feed has no passage" in err
    battle = ["feed", str(novel), "--agent", "BattleAgent", "--chapter", "12", "--passage", "0:40"]
    assert main(battle) == EXIT_OK


@pytest.mark.parametrize("value", ["inf", "-inf", "nan", "+inf"])
def test_a_ranker_weight_that_is_not_finite_is_refused_naming_file_and_key(novel, capsys, value):
    config = novel / "workbench.toml"
    before = config.read_text(encoding="utf-8") if config.is_file() else ""
    config.write_text(before + f"\n[feed.ranker]\nrecency = {value}\n", "utf-8")
    code = main(["feed", str(novel), "--agent", "MainWriter", "--chapter", "12"])
    err = capsys.readouterr().err
    assert code == 1 and "Traceback" not in err
    assert str(config) in err and "feed.ranker.recency: must be a finite number" in err
