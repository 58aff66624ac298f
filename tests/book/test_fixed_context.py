from __future__ import annotations

from workbench.book.fixed_context import (
    FixedPart,
    parse_fixed_context,
    render_fixed_context,
    source_hashes,
    stale_sources,
)
from workbench.book.project import Project


def _project(tmp_path):
    (tmp_path / "worldbuilding").mkdir()
    (tmp_path / "worldbuilding" / "world.md").write_text("# 世界\n\n## 力量体系\n练气\n", "utf-8")
    (tmp_path / "outline").mkdir()
    (tmp_path / "outline" / "outline.md").write_text("# 大纲\n", "utf-8")
    return Project.open(tmp_path)


def test_render_then_parse_round_trips_parts_and_sources(tmp_path):
    project = _project(tmp_path)
    parts = {FixedPart.WORLD: "世界摘要", FixedPart.CHARACTERS: "角色", FixedPart.OUTLINE: "大纲"}
    text = render_fixed_context(parts, source_hashes(project), outline_compressed=True)
    parsed = parse_fixed_context(text)
    assert parsed.parts == parts
    assert parsed.outline_compressed
    assert set(parsed.sources) == {"worldbuilding/world.md", "outline/outline.md"}
    assert stale_sources(project, parsed) == []


def test_changed_or_new_source_makes_the_fixed_layer_stale(tmp_path):
    project = _project(tmp_path)
    parsed = parse_fixed_context(
        render_fixed_context({}, source_hashes(project), outline_compressed=False)
    )
    (tmp_path / "worldbuilding" / "world.md").write_text("# 世界\n\n改了\n", "utf-8")
    (tmp_path / "characters").mkdir()
    (tmp_path / "characters" / "protagonist.md").write_text("# 林风\n", "utf-8")
    assert stale_sources(project, parsed) == ["characters/protagonist.md", "worldbuilding/world.md"]
