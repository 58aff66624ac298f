"""The cast from the character files, and finding names in Chinese text."""

from __future__ import annotations

from workbench.book.characters import characters_in_file, protagonist_in_file
from workbench.book.project import Project
from workbench.trackers.cast import Scanner, load_cast, scan_chapters


def test_a_name_inside_a_longer_known_name_does_not_count():
    scanner = Scanner(["龙王", "西海龙王", "林风"])
    assert scanner.scan("西海龙王笑了。") == {"西海龙王"}
    assert scanner.scan("西海龙王与龙王对饮。") == {"西海龙王", "龙王"}
    assert scanner.scan("林风") == {"林风"}
    assert scanner.scan("") == frozenset()


def test_an_overlapping_but_not_containing_name_still_counts():
    # 东西 ends inside 西海龙王 without containing it: 西海龙王 is still there, 龙王 is not.
    scanner = Scanner(["东西", "西海龙王", "龙王"])
    assert scanner.scan("带着东西海龙王来了") == {"东西", "西海龙王"}


def test_the_cjk_names_with_a_shared_prefix():
    scanner = Scanner(["谢灵", "谢灵均", "小谢"])
    assert scanner.scan("谢灵均看着小谢。") == {"谢灵均", "小谢"}
    assert scanner.scan("谢灵说：谢灵均。") == {"谢灵", "谢灵均"}


def test_keywords_count_wherever_they_occur():
    keywords = Scanner(["雷", "雷雨", "玉佩"], whole_names=False)
    assert keywords.scan("雷雨夜，玉佩发热") == {"雷", "雷雨", "玉佩"}


def test_characters_file_sections_names_and_aliases():
    text = (
        "# 角色\n\n## 苏瑶（女主）\n\n- **别名**：瑶儿、小瑶\n\n"
        "## 2. 墨尘 — 剑修\n\n别名：无\n\n## 赵师兄\n\n姓名：赵衡\n别称: 大师兄\n"
    )
    assert [(c.name, c.aliases) for c in characters_in_file(text, "c.md").characters] == [
        ("苏瑶", ("瑶儿", "小瑶")),
        ("墨尘", ()),
        ("赵衡", ("大师兄",)),
    ]


def test_protagonist_file_by_title_or_name_line():
    by_title = protagonist_in_file("# 陆照\n\n别名：阿照、灯奴\n\n## 背景\n", "p.md")
    assert [(c.name, c.aliases, c.protagonist) for c in by_title.characters] == [
        ("陆照", ("阿照", "灯奴"), True)
    ]
    by_line = protagonist_in_file("# 主角设定\n\n- 姓名：林风\n- 别名：小风\n", "p.md")
    assert [(c.name, c.aliases) for c in by_line.characters] == [("林风", ("小风",))]


def test_load_cast_of_the_mini_novel(mini_novel):
    cast = load_cast(Project.open(mini_novel))
    assert cast.protagonist == "林风"
    assert cast.forms() == {
        "小风": "林风", "林师兄": "林风", "瑶儿": "苏瑶", "敖广": "西海龙王",
        "林风": "林风", "苏瑶": "苏瑶", "赵师兄": "赵师兄", "西海龙王": "西海龙王",
        "龙王": "龙王", "墨尘": "墨尘",
    }  # fmt: skip
    assert cast.canonical("敖广") == "西海龙王"
    assert cast.canonical("路人") == "路人"
    assert [c.name for c in cast.including(["路人", "瑶儿"]).characters][-1] == "路人"


def test_chapter_scans_are_cached_by_content(mini_novel, monkeypatch):
    project = Project.open(mini_novel)
    scanner = Scanner(["林风", "赵师兄", "墨尘"])
    calls: list[str] = []
    original = Scanner.scan

    def counting(self, text):
        calls.append(text)
        return original(self, text)

    monkeypatch.setattr(Scanner, "scan", counting)
    first = scan_chapters(project, scanner)
    assert len(calls) == 6
    assert first[6] == {"林风", "墨尘"}
    assert scan_chapters(project, scanner) == first
    assert len(calls) == 6  # warm: nothing scanned again
    (mini_novel / "chapters" / "ch002.md").write_text("墨尘独坐。\n", encoding="utf-8")
    assert scan_chapters(project, scanner)[2] == {"墨尘"}
    assert len(calls) == 7  # only the changed chapter
