from __future__ import annotations

from workbench.book.sections import find_section, sections

TEXT = """# 世界观

前言。

## 力量体系

练气、筑基。

### 代价

```
## 不是标题
```

## 势力

青云宗。
"""


def test_sections_nest_and_skip_fenced_code():
    titles = [(s.level, s.title) for s in sections(TEXT)]
    assert titles == [(1, "世界观"), (2, "力量体系"), (3, "代价"), (2, "势力")]


def test_section_body_runs_to_next_heading_of_same_level():
    power = find_section(TEXT, lambda title: title == "力量体系")
    assert power is not None
    assert power.body(TEXT).startswith("练气、筑基。")
    assert "## 不是标题" in power.body(TEXT)
    assert "青云宗" not in power.body(TEXT)
    assert power.line == 5


def test_offsets_allow_replacing_one_section_byte_exactly():
    factions = find_section(TEXT, lambda title: title == "势力", level=2)
    assert factions is not None
    replaced = TEXT[: factions.start] + "## 势力\n\n魔门。\n" + TEXT[factions.end :]
    assert replaced.replace("魔门", "青云宗") == TEXT
