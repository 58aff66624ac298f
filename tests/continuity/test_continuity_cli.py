"""`workbench continuity` and `workbench check` on a hand-written book, through main()."""

from __future__ import annotations

import json

from continuity_book import filler, write_book

from workbench.cli.main import main

DEATH_ROW = "| 3 | 赵无极 | 金丹 | 为护山门身死 |\n"


def book(tmp_path):
    chapters = filler(6) | {5: "赵无极笑道：“你来迟了。”", 6: "沈青裳来了。"}
    return write_book(tmp_path / "book", chapters, state_rows=DEATH_ROW)


def test_json_is_exactly_the_findings_list(tmp_path, capsys):
    assert main(["continuity", str(book(tmp_path)), "--format", "json"]) == 1
    out = json.loads(capsys.readouterr().out)
    assert list(out) == ["findings"]
    assert [sorted(f) for f in out["findings"]] == [
        ["chapter", "line", "reason", "refs", "rule", "text"]
    ] * 2
    assert [(f["rule"], f["chapter"], f["line"]) for f in out["findings"]] == [
        ("dead-acts", 5, 3),
        ("name-drift", 6, 3),
    ]


def test_chapter_and_range_select_chapters(tmp_path, capsys):
    root = str(book(tmp_path))
    assert main(["continuity", root, "--chapter", "4"]) == 0
    assert "0 条" in capsys.readouterr().out
    assert main(["continuity", root, "--range", "5-5", "--format", "json"]) == 1
    assert [f["chapter"] for f in json.loads(capsys.readouterr().out)["findings"]] == [5]
    assert main(["continuity", root, "--range", "9-3"]) == 2
    assert main(["continuity", root, "--chapter", "40"]) == 2
    assert "no chapter 40" in capsys.readouterr().err


def test_markdown_names_the_chapter_line_and_reason(tmp_path, capsys):
    main(["continuity", str(book(tmp_path))])
    out = capsys.readouterr().out
    assert "## 第5章（chapters/ch005.md）" in out
    assert "- 第3行 · 已死/离场的人物在行动 · 「赵无极笑道」" in out


def test_check_reports_them_as_warnings_with_file_and_line(tmp_path, capsys):
    assert main(["check", str(book(tmp_path)), "--quiet"]) == 1
    out = capsys.readouterr().out
    assert "warning: chapters/ch005.md:3: continuity (dead-acts): 赵无极在第3章" in out
    assert "warning: chapters/ch006.md:3: continuity (name-drift): 「沈青裳」" in out


def test_check_names_a_damaged_dismissals_file(tmp_path, capsys):
    root = book(tmp_path)
    (root / ".workbench").mkdir(exist_ok=True)
    (root / ".workbench" / "continuity.json").write_text("[]", encoding="utf-8")
    main(["check", str(root), "--quiet"])
    out = capsys.readouterr().out
    assert "warning: .workbench/continuity.json: not a list of dismissed findings" in out


def test_bad_intended_names_name_workbench_toml(tmp_path, capsys):
    root = book(tmp_path)
    (root / "workbench.toml").write_text('[continuity]\nintended_names = "沈青裳"\n', "utf-8")
    assert main(["continuity", str(root)]) == 1
    assert "workbench.toml: invalid [continuity] settings" in capsys.readouterr().err
