from __future__ import annotations

from pathlib import Path

import pytest

from workbench.book.check import Problem, Severity, check_project, is_clean
from workbench.book.fixed_context import FixedPart, render_fixed_context, source_hashes
from workbench.book.project import Project
from workbench.book.templates import create_project


@pytest.fixture
def novel(tmp_path, write_templates_out) -> Path:
    root = tmp_path / "novel"
    create_project(root)
    write_templates_out(root)
    for number in (2, 3):
        (root / "chapters" / f"ch{number:03d}.md").write_text(
            f"# 第{number}章\n正文", encoding="utf-8"
        )
    return root


def findings(root: Path, severity: Severity | None = None) -> list[tuple[str, str, str]]:
    return [
        (p.severity.value, p.path, p.message)
        for p in check_project(Project.open(root))
        if severity is None or p.severity is severity
    ]


def test_a_written_project_is_clean(novel):
    problems = check_project(Project.open(novel))
    assert is_clean(problems)
    assert {p.severity for p in problems} == {Severity.INFO}
    assert Problem(Severity.INFO, ".", "14 files read: 14 utf-8") in problems


def anchor_fix(root) -> str:
    """The one step `check` names for a missing style anchor (issue #27): from a passage of
    the author's own first chapter (a new project's example chapter)."""
    return (
        "; make it from a passage of your own chapters (30-1500 字): in the app, Prepare feed"
        " > Style anchor from your own text; or `workbench style-anchor"
        f" {Path(root).resolve()} --chapter 1` lists the paragraphs, then add --passage START:END"
    )


def test_a_fresh_project_warns_about_every_file_still_holding_template_text(tmp_path):
    create_project(tmp_path / "novel")
    fix = anchor_fix(tmp_path / "novel")
    template = "still only template text ({}): counts as missing until you write it"
    assert findings(tmp_path / "novel", Severity.WARNING) == [
        ("warning", "chapters/ch001.md", template.format("the example first chapter")),
        ("warning", "characters/characters.md",
         template.format("the cast, one ## section per character")),
        ("warning", "characters/protagonist.md", template.format("the protagonist")),
        ("warning", "meta/style-anchor.md",
         template.format("the style anchor MainWriter always gets") + fix),
        ("warning", "outline/chapters/ch001.md", template.format("the example plan's skeleton")),
        ("warning", "outline/outline.md", template.format("the whole-book outline")),
        ("warning", "worldbuilding/world.md", template.format("the world and its 力量体系")),
    ]  # fmt: skip


def test_one_written_line_makes_a_template_file_count(tmp_path):
    root = tmp_path / "novel"
    create_project(root)
    world = root / "worldbuilding" / "world.md"
    world.write_text(world.read_text(encoding="utf-8") + "\n青云界，九州分立。\n", "utf-8")
    warned = {path: message for _, path, message in findings(root, Severity.WARNING)}
    # It counts; what is left of the template is named, section by section.
    assert warned["worldbuilding/world.md"] == (
        "still holds template text in 世界观、世界框架、力量体系、势力格局、核心悬念 (left out "
        "of every feed): write those parts or delete the template's lines"
    )
    assert warned["outline/outline.md"].startswith("still only template text")


def test_a_protagonist_named_only_by_a_role_word_is_reported(novel):
    (novel / "characters" / "protagonist.md").write_text("# 主角\n\n出身寒门。\n", "utf-8")
    assert findings(novel, Severity.WARNING) == [
        ("warning", "characters/protagonist.md",
         "line 1: 主角: names no protagonist: a role word or placeholder is not a name; the "
         "protagonist has no name, so no relationship of theirs reaches a feed: write the "
         "name in the heading (`# 林风`, or `## 林风` under the title) or a `姓名：林风` "
         "line"),
    ]  # fmt: skip


def test_cast_headings_that_name_no_character_are_listed(novel):
    cast = novel / "characters" / "characters.md"
    cast.write_text(cast.read_text("utf-8") + "\n## 势力\n\n青云宗。\n", "utf-8")
    assert ("info", "characters/characters.md",
            "not a character: line 8: 势力: no 姓名 line or character field (别名/身份/性格 …), "
            "and names no person") in findings(novel, Severity.INFO)  # fmt: skip


def test_missing_layout_files(novel):
    (novel / "references" / "plot-tracker.md").unlink()
    (novel / "meta" / "style-anchor.md").unlink()
    assert findings(novel, Severity.WARNING) == [
        (
            "warning",
            "meta/style-anchor.md",
            "missing (the style anchor MainWriter always gets)" + anchor_fix(novel),
        ),
        ("warning", "references/plot-tracker.md", "missing (the foreshadowing ledger)"),
    ]


def test_gaps_duplicates_and_stray_files(novel):
    chapters = novel / "chapters"
    (chapters / "ch001.md").unlink()
    (chapters / "ch003.md").unlink()
    (chapters / "ch007.md").write_text("七", encoding="utf-8")
    (chapters / "ch009.md").write_text("九", encoding="utf-8")
    (chapters / "第0002章-重复.md").write_text("二", encoding="utf-8")
    (chapters / "草稿.md").write_text("草稿", encoding="utf-8")
    assert findings(novel, Severity.WARNING) == [
        ("warning", "chapters", "gap: chapter 1 missing"),
        ("warning", "chapters", "gap: chapters 3-6 missing"),
        ("warning", "chapters", "gap: chapter 8 missing"),
        ("warning", "chapters/第0002章-重复.md", "chapter 2 is duplicated: "
         "chapters/ch002.md, chapters/第0002章-重复.md"),
        ("warning", "chapters/草稿.md", "not named like a chapter; not listed"),
    ]  # fmt: skip


def test_encodings_and_undecodable_files(novel):
    (novel / "chapters" / "ch002.md").write_bytes("# 第2章\n林风".encode("gbk"))
    (novel / "chapters" / "ch003.md").write_bytes("第三章".encode() + b"\xff\xfe rest")
    problems = check_project(Project.open(novel))
    error = problems[0]
    assert (error.severity, error.path) == (Severity.ERROR, "chapters/ch003.md")
    assert error.message.startswith("undecodable: cannot decode byte at offset 9")
    assert Problem(Severity.INFO, "chapters/ch002.md", "encoding gb18030 (kept when saving)") in (
        problems
    )
    assert Problem(Severity.INFO, ".", "13 files read: 1 gb18030, 12 utf-8") in problems
    assert not is_clean(problems)


def test_parts_over_their_caps(novel):
    project = Project.open(novel)
    parts = {
        FixedPart.WORLD: "世" * 1501,
        FixedPart.CHARACTERS: "角" * 2000,
        FixedPart.OUTLINE: "纲",
    }
    fixed = render_fixed_context(parts, source_hashes(project), outline_compressed=False)
    (novel / "references" / "fixed-context.md").write_text(fixed, encoding="utf-8")
    summary = (novel / "references" / "rolling-summary.md").read_text(encoding="utf-8")
    summary += "\n## 滚动摘要 Ch1-5\n\n### 主题进展与情感主弧\n" + "摘" * 2201 + "\n"
    summary += "\n## 滚动摘要 Ch6-10\n\n### 主题进展与情感主弧\n" + "摘" * 2000 + "\n"
    (novel / "references" / "rolling-summary.md").write_text(summary, encoding="utf-8")
    assert findings(novel, Severity.WARNING) == [
        ("warning", "references/fixed-context.md", "世界观摘要 is 1501 字, over its 1500"),
        ("warning", "references/rolling-summary.md",
         "line 7: 滚动摘要 Ch1-5 is 2210 字, over its 2200"),
    ]  # fmt: skip


def test_long_outline_needs_a_compressed_summary(novel):
    outline = novel / "outline" / "outline.md"
    outline.write_text("# 全书大纲\n" + "纲" * 3001, encoding="utf-8")
    assert findings(novel, Severity.WARNING) == [
        ("warning", "outline/outline.md",
         "3005 字, over 3000, and fixed-context.md has no 全书大纲摘要"),
    ]  # fmt: skip
    project = Project.open(novel)
    parts = {FixedPart.WORLD: "世", FixedPart.CHARACTERS: "角", FixedPart.OUTLINE: "摘要"}
    fixed = render_fixed_context(parts, source_hashes(project), outline_compressed=True)
    (novel / "references" / "fixed-context.md").write_text(fixed, encoding="utf-8")
    assert findings(novel, Severity.WARNING) == []


def test_stale_fixed_context(novel):
    project = Project.open(novel)
    parts = {FixedPart.WORLD: "世", FixedPart.CHARACTERS: "角", FixedPart.OUTLINE: "纲"}
    fixed = render_fixed_context(parts, source_hashes(project), outline_compressed=False)
    (novel / "references" / "fixed-context.md").write_text(fixed, encoding="utf-8")
    assert findings(novel, Severity.WARNING) == []
    with (novel / "worldbuilding" / "world.md").open("a", encoding="utf-8") as world:
        world.write("\n新的势力\n")
    assert findings(novel, Severity.WARNING) == [
        ("warning", "references/fixed-context.md",
         "stale: changed since made: worldbuilding/world.md"),
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("front_matter", "message"),
    [
        ("type: fight\n", "type must be one of plot, battle, emotion, transition, not 'fight'"),
        ("act_end: maybe\n", "act_end must be true or false, not 'maybe'"),
        ("characters: {林风: 1}\n", "characters must be a list, like [林风, 苏瑶]"),
        ("- just\n- a list\n", "front matter must be a mapping of keys to values"),
    ],
)
def test_bad_plan_front_matter(novel, front_matter, message):
    plan = novel / "outline" / "chapters" / "ch002.md"
    plan.write_text(f"---\n{front_matter}---\n规划\n", encoding="utf-8")
    assert findings(novel, Severity.ERROR) == [("error", "outline/chapters/ch002.md", message)]


def test_invalid_yaml_and_toml_are_errors(novel):
    (novel / "outline" / "chapters" / "ch002.md").write_text(
        "---\ntype: [plot\n---\n", encoding="utf-8"
    )
    (novel / "workbench.toml").write_text("[feed\n", encoding="utf-8")
    errors = findings(novel, Severity.ERROR)
    assert [(severity, path) for severity, path, _ in errors] == [
        ("error", "outline/chapters/ch002.md"),
        ("error", "workbench.toml"),
    ]
    assert errors[0][2].startswith("front matter is not valid YAML")
    assert errors[1][2].startswith("not valid TOML")
