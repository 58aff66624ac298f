from __future__ import annotations

import tomllib

import pytest

from workbench.book.check import Severity, check_project
from workbench.book.layout import Role, detect_layout
from workbench.book.plans import plan_from_file
from workbench.book.project import Project
from workbench.book.sections import find_section, sections
from workbench.book.templates import (
    CONTENT_ROLES,
    ProjectExists,
    create_project,
    project_templates,
    role_holds_only_template,
    template_left,
    without_template,
    write_templates,
)
from workbench.errors import LayoutProblem

PLOT_HEADER = "| ID | 内容 | 埋设章节 | 计划回收 | 状态 | 重要度 | 相关角色 | 关键词 |"
RELATIONSHIP_HEADER = "| 章节 | 角色A | 角色B | 关系 | 变化 | 说明 |"
STYLE_PARTS = ["禁用词与禁用句式", "正面样例", "反面示例与改写", "视角与风格关键词"]


def test_new_project_has_the_full_layout_with_telling_templates(tmp_path):
    root = tmp_path / "novel"
    written = create_project(root)
    project = Project.open(root)
    assert project.layout.kind == "workbench"
    assert len(written) == len(project_templates()) == 12
    for role in Role:
        if role is not Role.FIXED_CONTEXT:  # generated later, from the files below
            assert project.role_path(role).is_file(), role

    world = project.read_role(Role.WORLD).text
    assert find_section(world, lambda title: title == "力量体系", level=2) is not None
    characters = project.read_role(Role.CHARACTERS).text
    assert sum(line.startswith("别名：") for line in characters.splitlines()) >= 2
    assert sum(s.level == 2 for s in sections(characters)) >= 2
    assert "别名：" in project.read_role(Role.PROTAGONIST).text
    assert PLOT_HEADER in project.read_role(Role.PLOT_TRACKER).text.splitlines()
    relationships = project.read_role(Role.RELATIONSHIP_TRACKER).text.splitlines()
    assert RELATIONSHIP_HEADER in relationships
    assert "| 章节 |" in project.read_role(Role.STATE_TRACKER).text
    style = project.read_role(Role.STYLE_ANCHOR).text
    assert [s.title for s in sections(style) if s.level == 2] == STYLE_PARTS
    summary = project.read_role(Role.ROLLING_SUMMARY).text
    assert [s.level for s in sections(summary)] == [1]  # an intro, no summary yet
    assert project.read_role(Role.OUTLINE).text.startswith("# 全书大纲")

    plan_path = project.plan_file(1)
    example = plan_from_file(1, plan_path, plan_path.read_text(encoding="utf-8"))
    assert (example.type, example.act_end, example.characters) == ("plot", False, ("林风", "苏瑶"))
    assert example.location == "青云山"
    assert project.plan(1) is None  # an example plan is no plan until the author writes it
    assert [ref.path.name for ref in project.chapters] == ["ch001.md"]
    config_text = project.read_role(Role.CONFIG).text
    assert tomllib.loads(config_text) == {}  # every default is shown, commented out
    assert "skeleton_interval = 20" in config_text
    warned = {p.path for p in check_project(project) if p.severity is Severity.WARNING}
    examples = {"chapters/ch001.md", "outline/chapters/ch001.md"}
    assert (
        warned == {project.relative(project.role_path(role)) for role in CONTENT_ROLES} | examples
    )


def test_template_text_counts_as_missing_until_the_author_writes_a_line():
    world = next(t for t in project_templates() if t.role is Role.WORLD).text
    assert role_holds_only_template(Role.WORLD, world)
    # Reordered, re-indented, placeholders reworded into other placeholders: still template.
    shuffled = "\n".join(reversed(world.splitlines())).replace("## 核心悬念", "  ## 核心悬念  ")
    assert role_holds_only_template(Role.WORLD, shuffled + "\n（待写）\n- 地理：（以后再写）\n")
    assert not role_holds_only_template(Role.WORLD, world + "\n九州分立，青云宗居中。\n")
    assert not role_holds_only_template(Role.WORLD, "")  # empty is empty, not a template
    assert not role_holds_only_template(Role.PLOT_TRACKER, "| ID |")  # trackers start empty


def test_example_characters_are_cut_from_a_written_cast_list():
    cast = next(t for t in project_templates() if t.role is Role.CHARACTERS).text
    written = cast + "\n## 墨尘\n\n别名：剑痴\n"
    kept = without_template(Role.CHARACTERS, written)
    assert "苏瑶" not in kept and "反派示例" not in kept and "> " not in kept
    assert kept == "# 角色\n\n## 墨尘\n\n别名：剑痴\n"
    # Filling one line of 苏瑶's entry keeps her heading and that line, not the example's.
    edited = cast.replace("性格：（两三句话）", "性格：外冷内热")
    kept = without_template(Role.CHARACTERS, edited)
    assert "## 苏瑶\n\n性格：外冷内热" in kept
    assert "别名：苏师姐" not in kept and "身份：（" not in kept and "反派示例" not in kept
    assert template_left(Role.CHARACTERS, edited) == ("角色", "苏瑶", "反派示例")


def test_template_lines_go_line_by_line_and_the_author_lines_stay():
    world = next(t for t in project_templates() if t.role is Role.WORLD).text
    # An author's row in the template's table: its header and rule stay, the example rows go.
    own_row = "| 凝脉 | 脉气外放 | 灵泉 | 折寿三年 |"
    with_row = world.replace("| 练气 |", own_row + "\n| 练气 |")
    kept = without_template(Role.WORLD, with_row)
    assert kept.splitlines() == [
        "# 世界观",
        "",
        "## 力量体系",
        "",
        "| 境界 | 能力 | 突破条件 | 代价 |",
        "|---|---|---|---|",
        own_row,
    ]
    # An author's own （note） beside real lines is theirs; alone with the template, it is not.
    anchor = next(t for t in project_templates() if t.role is Role.STYLE_ANCHOR).text
    noted = anchor + "\n## 本书声音\n\n（短句，冷色调。）\n\n雪落无声。\n"
    assert "（短句，冷色调。）" in without_template(Role.STYLE_ANCHOR, noted)
    assert without_template(Role.STYLE_ANCHOR, anchor + "\n（以后再写）\n") == ""
    # Files of other roles are not content files: read as they are.
    tracker = next(t for t in project_templates() if t.role is Role.PLOT_TRACKER).text
    assert without_template(Role.PLOT_TRACKER, tracker) == tracker


def test_a_plan_still_the_skeleton_is_missing_and_so_is_its_example_front_matter(tmp_path):
    root = tmp_path / "novel"
    create_project(root)
    project = Project.open(root)
    path = project.plan_file(1)
    skeleton = path.read_text(encoding="utf-8")
    path.write_text(skeleton.replace("location: 青云山", "location: 长明殿"), "utf-8")
    assert project.plan(1) is None  # the body is still the skeleton
    path.write_text(skeleton.replace("- 冲突：（本章的阻碍与对抗。）", "- 冲突：灯灭。"), "utf-8")
    plan = project.plan(1)
    assert plan.body == "# 第1章 本章规划\n\n- 冲突：灯灭。"
    assert (plan.characters, plan.location) == ((), "")  # 林风, 苏瑶, 青云山 are the example's
    written = skeleton.replace("[林风, 苏瑶]", "[陆照]").replace(
        "- 转折：（局面如何变化。）", "- 转折：雪崩。"
    )
    path.write_text(written, "utf-8")
    plan = project.plan(1)
    assert (plan.characters, plan.location) == (("陆照",), "")


def test_new_refuses_an_existing_project_but_fills_a_plain_folder(tmp_path):
    root = tmp_path / "novel"
    create_project(root)
    with pytest.raises(ProjectExists, match="already a novel project"):
        create_project(root)

    plain = tmp_path / "plain"
    plain.mkdir()
    (plain / "notes.txt").write_text("随手记", encoding="utf-8")
    create_project(plain)
    assert (plain / "notes.txt").read_text(encoding="utf-8") == "随手记"
    assert detect_layout(plain).kind == "workbench"

    a_file = tmp_path / "file.md"
    a_file.write_text("x", encoding="utf-8")
    with pytest.raises(LayoutProblem, match="not a folder"):
        create_project(a_file)


def test_templates_fill_a_webnovel_project_in_its_own_layout(tmp_path):
    root = tmp_path / "wn"
    (root / "正文").mkdir(parents=True)
    (root / "正文" / "第0001章.md").write_text("# 第1章 起\n", encoding="utf-8")
    layout = detect_layout(root)
    written = write_templates(root, layout, examples=False)
    assert (root / "大纲" / "总纲.md") in written
    assert (root / "设定集" / "世界观.md") in written
    assert not (root / "worldbuilding").exists()
    assert not (root / "chapters").exists()
    assert detect_layout(root).kind == "webnovel-writer"
