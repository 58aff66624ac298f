"""`workbench trackers DIR [--chapter N] [--overdue] [--format text|json]`."""

from __future__ import annotations

import json

from workbench.cli.main import main


def test_lists_every_entry(mini_novel, capsys):
    assert main(["trackers", str(mini_novel)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Foreshadowing: 13\n- F001【核心】玉佩在雷雨夜发热")
    assert "Relationship changes: 8\n- 第1章 林风—苏瑶｜关系：同门" in out


def test_relevant_to_a_chapter_with_reasons(mini_novel, capsys):
    assert main(["trackers", str(mini_novel), "--chapter", "7"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "Relevant to chapter 7: 10"  # F002 weakly, through 赵师兄
    assert out[1].startswith("- F001【核心】")
    assert out[2] == "    why: 点名：玉佩  (mentions: 1; references/plot-tracker.md:7)"


def test_overdue_defaults_to_the_chapter_after_the_last(mini_novel, capsys):
    assert main(["trackers", str(mini_novel), "--overdue"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "Overdue at chapter 7 (the last chapter + 1): 1"
    assert out[1].startswith("- F007【支线】墨尘的旧伤")
    assert main(["trackers", str(mini_novel), "--overdue", "--chapter", "14"]) == 0
    assert capsys.readouterr().out.startswith("Overdue at chapter 14: 4\n")


def test_json_output(mini_novel, capsys):
    assert main(["trackers", str(mini_novel), "--chapter", "6", "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert (data["schema_version"], data["mode"], data["chapter"]) == (1, "relevant", 6)
    assert [(item["key"], item["reasons"]) for item in data["relevant"]] == [
        ("F007", ["逾期：计划回收 5 < 6", "点名：墨尘"]),
        ("F008", ["临近回收：计划回收 10（6–11）", "点名：大比"]),
        ("F010", ["临近回收：计划回收 8（6–11）", "点名：墨尘"]),
        ("墨尘—林风", ["墨尘：本章正文提及：墨尘", "林风：主角，始终在场"]),
    ]
    assert main(["trackers", str(mini_novel), "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["foreshadowing"][0]["keywords"] == ["玉佩", "雷"]
    assert data["relationships"][0]["a"] == "林风"


def test_parse_errors_exit_1_with_file_and_line(mini_novel, capsys):
    plot = mini_novel / "references" / "plot-tracker.md"
    plot.write_text(plot.read_text("utf-8").replace("| 已回收@6 |", "| 搁置 |"), "utf-8")
    rel = mini_novel / "references" / "relationship-tracker.md"
    rel.write_text(
        rel.read_text("utf-8").replace("| 6 | 赵师兄 |", "| 六章 | 赵师兄 | x |"), "utf-8"
    )
    assert main(["trackers", str(mini_novel), "--chapter", "7"]) == 1
    err = capsys.readouterr().err.splitlines()
    assert err == [
        "references/plot-tracker.md:15: 状态: '搁置' is not a status "
        "(未回收, 已回收, 已回收@N or 废弃)",
        "references/relationship-tracker.md:11: the row has 7 cells but the header has 6",
    ]


def test_json_at_a_chapter_gives_each_entrys_state_and_last_sighting(mini_novel, capsys):
    assert main(["trackers", str(mini_novel), "--chapter", "6", "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    states = {f["id"]: (f["state"], f["last_seen"], f["dormant"]) for f in data["foreshadowing"]}
    assert states == {
        "F001": ("open", 3, False),
        "F002": ("open", 2, False),
        "F003": ("open", 1, False),
        "F004": ("open", 4, False),
        "F005": ("open", 4, False),
        "F006": ("open", 5, False),
        "F007": ("overdue", 6, False),
        "F008": ("due", 6, False),
        "F009": ("resolved", None, None),
        "F010": ("due", 6, False),
        "F011": ("abandoned", None, None),
        "F012": ("not_planted", None, None),
        "F013": ("open", 2, False),
    }


def test_text_at_a_chapter_lists_dormant_entries(mini_novel, capsys):
    (mini_novel / "workbench.toml").write_text("[trackers]\ndormant_after = 3\n", "utf-8")
    assert main(["trackers", str(mini_novel), "--chapter", "6"]) == 0
    out = capsys.readouterr().out
    assert out.endswith(
        "Dormant at chapter 6: 3\n"
        "- F002: last seen in chapter 2\n"
        "- F003: last seen in chapter 1\n"
        "- F013: last seen in chapter 2\n"
    )
