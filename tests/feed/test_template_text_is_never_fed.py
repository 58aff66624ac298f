"""Template text is never content. A new author replaces one line in each file `workbench new`
laid down; the template's other lines (placeholders, the example characters 苏瑶 and 反派示例,
the example realms, instruction blockquotes, the plan skeleton and its example front matter)
reach no block of a MainWriter feed, the generated fixed context included; the author's lines
do; `check` names every file still holding template text, with its sections."""

from __future__ import annotations

import re

from workbench.book.project import Project
from workbench.book.sections import sections
from workbench.book.templates import project_templates
from workbench.cli.exits import EXIT_OK
from workbench.cli.main import main
from workbench.feed import build_feed
from workbench.summaries.offline_fixed import WORLD_TOPICS
from workbench.trackers import load_cast

# Per template file: the template's line the author replaces, and the line written instead.
ONE_LINE = {
    "worldbuilding/world.md": (
        "（世界名称、时代、地理概览：大陆、国家、重要城池与秘境。）",
        "北境雪原终年不化，玄灯宗建在冰川之上。",
    ),
    "characters/protagonist.md": ("# 主角", "# 陆照"),
    "characters/characters.md": ("## 反派示例", "## 周德全"),
    "outline/outline.md": (
        "（本卷的主线、冲突、高潮与结局。）",
        "陆照入玄灯宗守灯，查出灯油里掺着人血。",
    ),
    "meta/style-anchor.md": (
        "（贴一段你认可的正文，三五百字，作为语感的标杆。）",
        "雪落在灯罩上，陆照没有去擦，只把灯芯往里拨了半寸。",
    ),
    "outline/chapters/ch001.md": (
        "- 开场：（第一个画面，谁在哪里做什么。）",
        "- 开场：陆照在长明殿守夜，灯芯爆了第三次。",
    ),
    "chapters/ch001.md": (
        "（在这里写第一章的正文。章节文件按文件名中的数字排序：ch001.md、ch002.md……）",
        "雪夜，长明殿的灯芯爆了三次。陆照剪了灯花，把灰吹进袖口。",
    ),
}
# Files whose template is the app's own working text, not content to fill: the trackers'
# empty tables, the rolling summary's heading, the settings and the agents' prompts.
NOT_CONTENT = (
    "references/",
    "workbench.toml",
)
EXAMPLES = ("苏瑶", "反派示例", "林风", "青云山", "练气", "筑基", "瑶儿", "苏师姐")


def _normal(line: str) -> str:
    """A line as it may stand in a block: headings demoted, list and quote marks dropped."""
    return re.sub(r"^[#>\-*+|\s]+", "", line).strip()


def _ancestors(text: str, line: str) -> set[str]:
    """The headings a line stands under (structure the author's line keeps)."""
    offset = text.index(line)
    return {_normal(s.title) for s in sections(text) if s.start <= offset < s.end}


def test_one_line_written_in_each_template_file_is_all_that_is_fed(tmp_path):
    root = tmp_path / "新书"
    assert main(["new", str(root)]) == EXIT_OK
    templates = {t.relative: t.text for t in project_templates()}
    content = {name: text for name, text in templates.items() if not name.startswith(NOT_CONTENT)}
    assert set(ONE_LINE) == set(content)
    # The headings the author's lines stand under, and the offline generator's own topic
    # headings (the seed's 世界框架/力量体系/… guide, which the world template follows too).
    kept_headings = {title for title, _ in WORLD_TOPICS}
    for name, (old, new) in ONE_LINE.items():
        path = root / name
        text = path.read_text(encoding="utf-8")
        assert text.count(old) == 1, name
        written = text.replace(old, new)
        path.write_text(written, encoding="utf-8")
        kept_headings |= _ancestors(written, new) - {_normal(new)}
    (root / "chapters" / "ch002.md").write_text("# 第2章 灯花\n\n陆照第二夜守灯。\n", "utf-8")
    (root / "outline" / "chapters" / "ch003.md").write_text(
        "---\ncharacters: [陆照, 周德全]\n---\n周德全来查灯簿。\n", encoding="utf-8"
    )
    assert main(["fixed-context", str(root)]) == EXIT_OK

    project = Project.open(root)
    assert [c.name for c in load_cast(project).characters] == ["陆照", "周德全"]
    fed = {}
    for chapter in (2, 3):
        feed = build_feed(project, "MainWriter", chapter, count_tokens=False)
        fed |= {f"{chapter}:{b.id}": b.text for b in feed.blocks if b.text}
    assert {"2:fixed.world", "2:fixed.characters", "2:fixed.outline", "2:task.style_anchor"} <= set(
        fed
    )
    everything = "\n".join(fed.values())

    # The author's lines reach the feed: world, cast, outline and anchor through the fixed
    # layer and the anchor block, chapter 1 as earlier text, chapter 1's plan... in its feed.
    for name, (_, new) in ONE_LINE.items():
        if name != "outline/chapters/ch001.md":
            assert _normal(new) in everything, name
    plan_1 = build_feed(project, "MainWriter", 1, count_tokens=False)
    plan_text = next(b.text for b in plan_1.blocks if b.id == "task.plan")
    assert "陆照在长明殿守夜" in plan_text
    assert "冲突：" not in plan_text and "出场" not in plan_text and "地点" not in plan_text

    # No other template line reaches any block; no example name anywhere.
    for example in EXAMPLES:
        assert example not in everything + plan_text, example
    for name, text in content.items():
        old = ONE_LINE[name][0]
        for raw in text.splitlines():
            line = _normal(raw)
            if not line or raw.strip() == old or line in kept_headings or raw.startswith("---"):
                continue
            for block, block_text in [*fed.items(), ("1:task.plan", plan_text)]:
                lines = {_normal(x) for x in block_text.splitlines()}
                assert line not in lines, (name, raw, block)
                if len(line) >= 6:
                    assert line not in block_text, (name, raw, block)

    # check names each file still holding template text, and its sections.
    findings = _check_lines(root)
    for name in content:
        assert any(f"{name}: still holds template text in" in f for f in findings), name
    world = next(f for f in findings if "worldbuilding/world.md" in f)
    assert "力量体系" in world and "势力格局" in world and "核心悬念" in world
    plan = next(f for f in findings if "outline/chapters/ch001.md" in f)
    assert "front matter" in plan


def _check_lines(root) -> list[str]:
    from workbench.book.check import check_project

    return [str(problem) for problem in check_project(Project.open(root))]


def test_the_checklist_never_shows_a_green_tick_for_a_partly_template_block(tmp_path):
    from workbench.book.layout import Role

    root = tmp_path / "新书"
    assert main(["new", str(root)]) == EXIT_OK
    anchor = root / "meta" / "style-anchor.md"
    old, new = ONE_LINE["meta/style-anchor.md"]
    anchor.write_text(anchor.read_text(encoding="utf-8").replace(old, new), "utf-8")
    project = Project.open(root)
    item = next(i for i in _checklist(project) if i.key == "style_anchor")
    assert item.ok and item.mark == "⚠" and item.line().startswith("- ⚠ ")
    assert "部分仍为模板" in item.line() and "禁用词与禁用句式" in item.line()
    # The author deletes the template's lines left: the block is ready, ✓.
    anchor.write_text(f"# 文风锚点\n\n## 正面样例\n\n{new}\n", "utf-8")
    item = next(i for i in _checklist(Project.open(root)) if i.key == "style_anchor")
    assert item.mark == "✓" and item.partly == []
    assert project.role_content(Role.STYLE_ANCHOR).strip().endswith(new)


def _checklist(project: Project):
    return build_feed(project, "MainWriter", 1, count_tokens=False).checklist.items
