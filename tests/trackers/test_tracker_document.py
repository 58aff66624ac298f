"""Editing tracker files: each edit touches only its cells or rows; broken files stay as
they are; a file changed on disk meanwhile is not overwritten."""

from __future__ import annotations

import difflib

import pytest

from workbench.book.layout import Role
from workbench.book.project import Project
from workbench.errors import FileProblem
from workbench.trackers.columns import Status
from workbench.trackers.document import TrackerDocument, load_documents
from workbench.trackers.errors import TrackerEditError, TrackerParseError
from workbench.trackers.kinds import FORESHADOWING, RELATIONSHIP

ALIGNED = (
    "# 伏笔\r\n"
    "\r\n"
    "| ID   | 内容         | 埋设章节 | 计划回收 | 状态   | 备注 |\r\n"
    "| ---- | :----------- | :------: | -------: | ------ | ---- |\r\n"
    "| F001 | 玉佩发热     | 3        | 20       | 未回收 | 甲   |\r\n"
    "| F002 | 断剑\\|残刃   | 5        | 9        | 未回收 |      |\r\n"
    "\r\n"
    "结尾的说明文字。\r\n"
)
PLAIN = "| ID | 内容 | 埋设章节 |\n|---|---|---|\n|F001|玉佩|3|\n|  F002  |  断剑  |  5  |"


def _project(tmp_path, text: str, encoding: str = "utf-8"):
    root = tmp_path / "novel"
    (root / "references").mkdir(parents=True)
    (root / "chapters").mkdir()
    path = root / "references" / "plot-tracker.md"
    path.write_bytes(text.encode(encoding))
    project = Project.open(root)
    return project, path, TrackerDocument.load(project, Role.PLOT_TRACKER)


def _changed_lines(before: str, after: str) -> list[str]:
    diff = difflib.unified_diff(before.splitlines(), after.splitlines(), lineterm="", n=0)
    return [line for line in diff if line[:1] in "+-" and line[:3] not in ("+++", "---")]


def test_resolve_changes_only_the_status_cell_of_that_row(tmp_path):
    project, path, document = _project(tmp_path, ALIGNED)
    document.resolve("F001", 18)
    document.save(project)
    after = path.read_bytes().decode("utf-8")
    assert _changed_lines(ALIGNED, after) == [
        "-| F001 | 玉佩发热     | 3        | 20       | 未回收 | 甲   |",
        "+| F001 | 玉佩发热     | 3        | 20       | 已回收@18 | 甲   |",
    ]
    assert after.count("\r\n") == ALIGNED.count("\r\n")
    entry = TrackerDocument.load(Project.open(path.parent.parent), Role.PLOT_TRACKER)
    assert (entry.foreshadowing[0].status, entry.foreshadowing[0].resolved_at) == (
        Status.RESOLVED, 18,
    )  # fmt: skip


def test_an_edit_keeps_an_aligned_column_aligned_when_the_value_fits(tmp_path):
    _, _, document = _project(tmp_path, ALIGNED)
    document.update("F002", "备注", "乙")
    document.abandon("F002")
    assert _changed_lines(ALIGNED, document.text) == [
        "-| F002 | 断剑\\|残刃   | 5        | 9        | 未回收 |      |",
        "+| F002 | 断剑\\|残刃   | 5        | 9        | 废弃   | 乙   |",
    ]


def test_an_unaligned_table_keeps_each_cells_own_padding(tmp_path):
    _, _, document = _project(tmp_path, PLAIN)
    document.update("F002", "内容", "断剑|残刃")
    document.update("F001", "埋设", "第4章")
    assert document.text == (
        "| ID | 内容 | 埋设章节 |\n|---|---|---|\n"
        "|F001|玉佩|第4章|\n|  F002  |  断剑\\|残刃  |  5  |"
    )
    assert document.foreshadowing[1].content == "断剑|残刃"


def test_add_follows_the_tables_style_and_leaves_the_prose(tmp_path):
    project, path, document = _project(tmp_path, ALIGNED)
    line = document.add(
        FORESHADOWING, {"ID": "F003", "内容": "雷声", "埋设": "7", "状态": "未回收"}
    )
    assert line == 7
    document.save(project)
    after = path.read_bytes().decode("utf-8")
    assert _changed_lines(ALIGNED, after) == [
        "+| F003 | 雷声         | 7        |          | 未回收 |      |",
    ]
    assert after.endswith("|\r\n\r\n结尾的说明文字。\r\n")


def test_add_after_a_table_that_ends_the_file_without_a_line_break(tmp_path):
    _, _, document = _project(tmp_path, PLAIN)
    document.add(FORESHADOWING, {"id": "F003", "content": "雷", "planted": "9"})
    # The new row copies the last row's padding.
    assert document.text == PLAIN + "\n|  F003  |  雷  |  9  |"


def test_add_to_a_file_without_such_a_table_appends_a_standard_one(tmp_path):
    _, _, document = _project(tmp_path, "# 关系\n\n还没有记录。\n")
    line = document.add(
        RELATIONSHIP, {"章节": "3", "角色A": "林风", "角色B": "苏瑶", "关系": "同门"}
    )
    assert document.text == (
        "# 关系\n\n还没有记录。\n\n"
        "| 章节 | 角色A | 角色B | 关系 | 变化 | 说明 |\n"
        "|---|---|---|---|---|---|\n"
        "| 3 | 林风 | 苏瑶 | 同门 |  |  |\n"
    )
    assert line == 7
    assert [(r.chapter, r.a, r.b) for r in document.relationships] == [(3, "林风", "苏瑶")]


def test_reorder_moves_rows_and_nothing_else(tmp_path):
    _, _, document = _project(tmp_path, ALIGNED)
    document.reorder([6, 5])
    lines = ALIGNED.split("\r\n")
    lines[4], lines[5] = lines[5], lines[4]
    assert document.text == "\r\n".join(lines)
    assert [e.id for e in document.foreshadowing] == ["F002", "F001"]
    with pytest.raises(TrackerEditError, match="exactly once"):
        document.reorder([5, 5])


def test_a_relationship_cell_by_line(tmp_path):
    text = "| 章节 | 角色A | 角色B | 关系 |\n|---|---|---|---|\n| 5 | 林风 | 苏瑶 | 同门 |\n"
    _, _, document = _project(tmp_path, text)
    document.set_cell(3, "关系", "道侣")
    assert document.text == text.replace("同门", "道侣")


def test_edits_that_cannot_be_made_are_refused_and_change_nothing(tmp_path):
    _, _, document = _project(tmp_path, ALIGNED)
    with pytest.raises(TrackerEditError, match="no foreshadowing entry F999"):
        document.resolve("F999", 3)
    with pytest.raises(TrackerEditError, match="no 重要度 column"):
        document.update("F001", "重要度", "核心")
    with pytest.raises(TrackerEditError, match="line break"):
        document.update("F001", "内容", "两\n行")
    with pytest.raises(TrackerEditError, match="is not a chapter number"):
        document.update("F001", "埋设章节", "很久以前")
    with pytest.raises(TrackerEditError, match="already used"):
        document.add(FORESHADOWING, {"ID": "F001", "埋设": "1"})
    assert document.text == ALIGNED
    assert not document.modified


def test_a_malformed_file_is_never_opened_for_editing_nor_written(tmp_path):
    broken = ALIGNED.replace("| 5        | 9 ", "| 五章后   | 9 ")
    root = tmp_path / "broken"
    (root / "references").mkdir(parents=True)
    (root / "chapters").mkdir()
    bad = root / "references" / "plot-tracker.md"
    bad.write_bytes(broken.encode("utf-8"))
    with pytest.raises(TrackerParseError) as caught:
        TrackerDocument.load(Project.open(root), Role.PLOT_TRACKER)
    assert caught.value.errors == [(6, "埋设章节: '五章后' is not a chapter number")]
    with pytest.raises(TrackerParseError):
        load_documents(Project.open(root))
    with pytest.raises(TrackerParseError):
        TrackerDocument(bad, broken, "").resolve("F001", 3)
    assert bad.read_bytes() == broken.encode("utf-8")


def test_a_file_changed_on_disk_since_it_was_read_is_not_overwritten(tmp_path):
    project, path, document = _project(tmp_path, ALIGNED)
    document.resolve("F001", 18)
    someone_else = ALIGNED.replace("结尾的说明文字。", "另一个程序改了这里。")
    path.write_bytes(someone_else.encode("utf-8"))
    with pytest.raises(FileProblem, match="changed on disk"):
        document.save(project)
    assert path.read_bytes() == someone_else.encode("utf-8")


def test_the_file_keeps_its_encoding(tmp_path):
    project, path, document = _project(tmp_path, ALIGNED, encoding="gb18030")
    document.update("F001", "备注", "丙")
    document.save(project)
    assert path.read_bytes() == ALIGNED.replace("| 甲   |", "| 丙   |").encode("gb18030")
    # A second save with no edits writes nothing.
    document.save(project)
    assert path.read_bytes() == ALIGNED.replace("| 甲   |", "| 丙   |").encode("gb18030")


def test_load_documents_of_the_mini_novel(mini_novel):
    documents = load_documents(Project.open(mini_novel))
    assert sorted(documents) == ["plot", "relationship"]
    assert len(documents["plot"].foreshadowing) == 13
    assert len(documents["relationship"].relationships) == 8


def test_resolving_an_entry_of_the_sample_changes_one_line(sample_copy):
    project = Project.open(sample_copy)
    path = project.role_path(Role.PLOT_TRACKER)
    before = path.read_text("utf-8")
    document = TrackerDocument.load(project, Role.PLOT_TRACKER)
    document.resolve("F007", 13)
    document.save(project)
    after = path.read_text("utf-8")
    old_row = next(line for line in before.splitlines() if line.startswith("| F007 |"))
    assert _changed_lines(before, after) == [
        "-" + old_row,
        "+" + old_row.replace("| 10 | 未回收 |", "| 10 | 已回收@13 |"),
    ]
