"""What the history keeps and gives back: the text a save replaced, a change another
program made (noticed with the previous text in hand), a restore that is itself undone, the
CLI's list, show and restore, and import --force and summarize --force keeping what they
replace."""

from __future__ import annotations

import json

from workbench.book.project import Project
from workbench.cli.exits import EXIT_OK, EXIT_USAGE
from workbench.cli.main import main
from workbench.history import versions as history


def test_a_save_keeps_the_text_it_replaced_once_per_distinct_text(sample_copy):
    project = Project.open(sample_copy)
    path = project.chapter(3).path
    original = project.read(path).text
    project.save_chapter(3, original + "\n补一句。\n")
    project.save_chapter(3, original + "\n补一句。\n")  # the same text: nothing replaced
    (kept,) = history.versions_of(project, path)
    assert history.version_text(project, kept) == original
    assert (kept.origin, kept.file) == ("save", "chapters/ch003.md")


def test_book_state_files_are_not_kept(sample_copy):
    project = Project.open(sample_copy)
    project.write(project.state_dir / "note.md", "一")
    project.write(project.state_dir / "note.md", "二")
    assert not (sample_copy / ".workbench/history/index.jsonl").exists()


def test_an_external_overwrite_keeps_the_old_text(sample_copy):
    project = Project.open(sample_copy)
    path = project.chapter(4).path
    previous = project.read(path)
    path.write_text("另一个程序写的。\n", encoding="utf-8")  # not through Workbench
    assert history.keep_if_changed(project, previous)
    (kept,) = history.versions_of(project, path)
    assert kept.origin == "external"
    assert history.version_text(project, kept) == previous.text
    unchanged = project.read(path)
    assert not history.keep_if_changed(project, unchanged)


def test_a_restore_is_itself_undoable(sample_copy, capsys):
    project = Project.open(sample_copy)
    path = project.chapter(5).path
    first = path.read_text("utf-8")
    project.save_chapter(5, "# 第5章 改稿\n\n第二稿。\n")
    second = path.read_text("utf-8")
    (original,) = history.versions_of(project, path)

    assert main(["history", str(sample_copy), "--chapter", "5", "--restore", original.id]) == 0
    assert path.read_text("utf-8") == first
    newest = history.versions_of(project, path)[0]
    assert newest.origin == "restore"
    assert history.version_text(project, newest) == second

    assert main(["history", str(sample_copy), "--chapter", "5", "--restore", newest.id]) == 0
    assert path.read_text("utf-8") == second
    capsys.readouterr()
    assert main(["history", str(sample_copy), "--chapter", "5", "--format", "json"]) == EXIT_OK
    listed = json.loads(capsys.readouterr().out)
    assert listed["file"] == "chapters/ch005.md"
    assert [v["origin"] for v in listed["versions"]] == ["restore", "restore", "save"]
    assert main(["history", str(sample_copy), "--chapter", "5", "--show", original.id]) == 0
    assert capsys.readouterr().out == first


def test_an_unknown_id_is_a_usage_error_naming_the_file(sample_copy, capsys):
    code = main(["history", str(sample_copy), "--chapter", "1", "--show", "abcdef"])
    assert code == EXIT_USAGE
    assert "chapters/ch001.md: no version has the id 'abcdef'" in capsys.readouterr().err


def test_any_book_file_has_a_history(sample_copy, capsys):
    project = Project.open(sample_copy)
    anchor = sample_copy / "meta" / "style-anchor.md"
    before = anchor.read_text("utf-8")
    project.write(anchor, before + "\n再短一些。\n")
    assert main(["history", str(sample_copy), "--file", "meta/style-anchor.md"]) == EXIT_OK
    (line,) = capsys.readouterr().out.splitlines()
    assert line.endswith("save")
    version_id = line.split()[0]
    main(["history", str(sample_copy), "--file", "meta/style-anchor.md", "--show", version_id])
    assert capsys.readouterr().out == before


def test_summarize_over_a_hand_written_section_needs_force_and_keeps_it(sample_copy, capsys):
    summary = sample_copy / "references" / "rolling-summary.md"
    hand_written = summary.read_text("utf-8")
    args = ["summarize", str(sample_copy), "--range", "1-5", "--backend", "offline"]
    assert main(args) == EXIT_USAGE
    assert "written by hand" in capsys.readouterr().err
    assert summary.read_text("utf-8") == hand_written

    assert main([*args, "--force"]) == EXIT_OK
    assert summary.read_text("utf-8") != hand_written
    project = Project.open(sample_copy)
    (kept,) = history.versions_of(project, summary)
    assert kept.origin == "summary"
    assert history.version_text(project, kept) == hand_written


def test_import_force_keeps_the_chapters_it_replaces(sample_copy, tmp_path):
    manuscript = tmp_path / "稿.txt"
    manuscript.write_text("第一章 新的开始\n新正文。\n\n第二章 再来\n又一段。\n", "utf-8")
    old = (sample_copy / "chapters" / "ch001.md").read_text("utf-8")
    args = ["import", str(manuscript), "--into", str(sample_copy), "--force"]
    assert main(args) == EXIT_OK
    project = Project.open(sample_copy)
    kept = history.versions_of(project, sample_copy / "chapters" / "ch001.md")
    assert [v.origin for v in kept] == ["import"]
    assert history.version_text(project, kept[0]) == old
