"""references/fixed-context.md: parts within their caps, sources recorded, nothing written
on failure."""

from __future__ import annotations

import pytest
from summary_book import make_book

from workbench.book.counting import count_zi
from workbench.book.fixed_context import (
    CAPS,
    FixedPart,
    parse_fixed_context,
    source_hashes,
    stale_sources,
)
from workbench.book.project import Project
from workbench.cli.main import main
from workbench.llm import ClientConfig
from workbench.settings import Settings
from workbench.summaries.errors import SummaryRejected
from workbench.summaries.fixed import generate_fixed_context, write_fixed_context
from workbench.summaries.offline import OfflineBackend
from workbench.summaries.openai_backend import OpenAIBackend

WORLD = """# 世界观

青云大陆，宗门林立，凡人与修士共居。

## 地理

东有青云山，西有魔渊。

## 力量体系

炼气、筑基、金丹、元婴四境。每破一境，寿元倍增。强行破境者经脉尽断。

## 势力

青云宗守东境；魔宗盘踞魔渊，与青云宗世仇。

## 核心悬念

林风的玉佩为何在雷雨夜发热？十年前青云宗宗主闭关的真相是什么？
"""
PROTAGONIST = "# 林风\n\n别名：小风\n\n性格倔强，重情义。出身山村，被青云宗收为外门弟子。\n"
CHARACTERS = """# 角色

## 苏瑶

别名：瑶儿

青云宗内门师姐，外冷内热。与林风从陌生到信任。现为林风的引路人。多余的第四句。

## 血魔

反派。魔宗少主，想夺取林风的玉佩。眼下潜伏在青云山下。
"""
OUTLINE = "# 全书大纲\n\n## 第一卷 入门\n\n林风入青云宗。\n\n### 第1章 钟声\n\n林风醒来。\n"


def fixed_book(tmp_path, outline: str = OUTLINE):
    root = make_book(tmp_path / "book", 3)
    files = {
        "worldbuilding/world.md": WORLD,
        "characters/protagonist.md": PROTAGONIST,
        "characters/characters.md": CHARACTERS,
        "outline/outline.md": outline,
    }
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text, encoding="utf-8")
    return root


def test_offline_fixed_context_follows_the_guide(tmp_path):
    project = Project.open(fixed_book(tmp_path))
    text, compressed = generate_fixed_context(project, OfflineBackend())
    write_fixed_context(project, text)
    parsed = parse_fixed_context((project.root / "references/fixed-context.md").read_text())
    assert not compressed and not parsed.outline_compressed
    for part in FixedPart:
        assert 0 < count_zi(parsed.parts[part]) <= CAPS[part]
    world = parsed.parts[FixedPart.WORLD]
    for topic in ("### 世界框架", "### 力量体系", "### 势力格局", "### 核心悬念"):
        assert topic in world
    assert "炼气、筑基、金丹、元婴四境" in world and "玉佩为何在雷雨夜发热" in world
    characters = parsed.parts[FixedPart.CHARACTERS]
    assert "### 主角" in characters and "**林风**" in characters
    assert "- **苏瑶**：青云宗内门师姐，外冷内热。与林风从陌生到信任。现为林风的引路人。" in (
        characters
    )
    assert "多余的第四句" not in characters  # two or three sentences per character
    assert "### 反派" in characters and "魔宗少主" in characters.split("### 反派")[1]
    # The outline goes in as it is, its headings moved under the part's heading.
    assert parsed.parts[FixedPart.OUTLINE] == (
        "### 第一卷 入门\n\n林风入青云宗。\n\n#### 第1章 钟声\n\n林风醒来。"
    )
    assert parsed.sources == source_hashes(project)
    assert stale_sources(project, parsed) == []


def test_a_long_outline_is_compressed_within_3000(tmp_path):
    chapters = "".join(
        f"### 第{n}章 第{n}回目\n\n林风在第{n}章遇到新的对手。" + "他一路向前，" * 60 + "\n\n"
        for n in range(1, 41)
    )
    outline = "# 全书大纲\n\n## 第一卷 入门\n\n林风入青云宗。\n\n" + chapters
    assert count_zi(outline) > 3000
    project = Project.open(fixed_book(tmp_path, outline))
    text, compressed = generate_fixed_context(project, OfflineBackend())
    parsed = parse_fixed_context(text)
    assert compressed and parsed.outline_compressed and "## 全书大纲摘要" in text
    summary = parsed.parts[FixedPart.OUTLINE]
    assert count_zi(summary) <= 3000
    assert "第一卷 入门" in summary and "第40章 第40回目：林风在第40章遇到新的对手。" in summary


def test_a_missing_source_writes_nothing(tmp_path):
    root = fixed_book(tmp_path)
    (root / "worldbuilding" / "world.md").unlink()
    assert main(["fixed-context", str(root)]) == 1
    assert not (root / "references" / "fixed-context.md").exists()


def test_the_cli_reports_what_it_wrote(tmp_path, capsys):
    root = fixed_book(tmp_path)
    assert main(["fixed-context", str(root), "--backend", "offline"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("wrote references/fixed-context.md (世界观摘要 ")
    assert "outline verbatim, offline draft" in out


@pytest.fixture
def endpoint(chat_server, monkeypatch):
    monkeypatch.setenv("WORKBENCH_LLM_BASE_URL", chat_server.url)
    monkeypatch.setenv("WORKBENCH_LLM_MODEL", "m")
    settings = Settings.model_validate({"llm": {"read_timeout": 0.5, "max_retries": 0}})
    return OpenAIBackend(ClientConfig.from_settings(settings))


def test_a_model_writes_the_parts(tmp_path, chat_server, Reply, endpoint):
    chat_server.play(
        Reply("ok", "## 世界观摘要\n\n青云大陆，四境修行。\n\n## 势力\n\n青云宗与魔宗。"),
        Reply("ok", "```markdown\n### 主角\n\n林风，倔强。\n```"),
    )
    project = Project.open(fixed_book(tmp_path))
    text, _ = generate_fixed_context(project, endpoint)
    parsed = parse_fixed_context(text)
    assert parsed.parts[FixedPart.WORLD] == "青云大陆，四境修行。\n\n### 势力\n\n青云宗与魔宗。"
    assert parsed.parts[FixedPart.CHARACTERS] == "### 主角\n\n林风，倔强。"
    guide = chat_server.requests[0].body["messages"][0]["content"]
    assert "世界观摘要（≤1500字）" in guide and "核心悬念" in guide
    assert chat_server.requests[1].body["messages"][1]["content"].startswith("# 林风")


def test_a_part_over_its_cap_is_rejected_and_nothing_written(
    tmp_path, chat_server, Reply, endpoint
):
    chat_server.play(Reply("ok", "青云" * 800))
    root = fixed_book(tmp_path)
    existing = root / "references" / "fixed-context.md"
    existing.parent.mkdir(parents=True, exist_ok=True)
    existing.write_bytes(b"old")
    with pytest.raises(SummaryRejected, match="1600 字，超过上限 1500 字"):
        generate_fixed_context(Project.open(root), endpoint)
    assert existing.read_bytes() == b"old"
