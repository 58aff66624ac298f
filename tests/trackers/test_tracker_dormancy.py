"""Dormant threads: open entries unseen in the text for more than K chapters (沉寂)."""

from __future__ import annotations

import pytest

from workbench.book.project import Project
from workbench.errors import FileProblem
from workbench.trackers.config import load_tracker_config
from workbench.trackers.dormancy import sightings
from workbench.trackers.relevance import load_trackers


def last_seen(project: Project, chapter: int, k: int | None = None) -> dict[str, tuple]:
    found = sightings(project, load_trackers(project), chapter, k)
    return {key: (s.last_seen, s.silent_for, s.dormant) for key, s in found.items()}


def test_mini_novel_at_chapter_6_with_k_3(mini_novel):
    # Worked out from tests/trackers/mini_novel.py's chapter texts:
    # F001 玉佩/雷: chapter 3 (雷雨夜, 玉佩). Silent 3 chapters: not more than K.
    # F002 赵师兄: in more than half the chapters, no signal; no keywords: planted 2.
    # F003 林风 (protagonist, no signal), 身世 never written: planted 1.
    # F004 龙王 only inside 西海龙王 (chapter 4), planted 4. F005 敖广 = 西海龙王: chapter 4.
    # F006 苏瑶, as 瑶儿 in chapter 5. F007/F010 墨尘 and F008 大比: chapter 6.
    # F013 潮汐 never written: planted 2. F009 and F011 are closed, F012 not yet planted.
    assert last_seen(Project.open(mini_novel), 6, 3) == {
        "F001": (3, 3, False),
        "F002": (2, 4, True),
        "F003": (1, 5, True),
        "F004": (4, 2, False),
        "F005": (4, 2, False),
        "F006": (5, 1, False),
        "F007": (6, 0, False),
        "F008": (6, 0, False),
        "F010": (6, 0, False),
        "F013": (2, 4, True),
    }


def test_k_comes_from_workbench_toml_default_30(mini_novel):
    project = Project.open(mini_novel)
    assert load_tracker_config(project).dormant_after == 30
    assert not any(dormant for *_, dormant in last_seen(project, 30).values())
    # Chapter 32: F003 (last seen 1) has been silent 31 chapters, F002 and F013 30.
    assert [key for key, (*_, dormant) in last_seen(project, 32).items() if dormant] == ["F003"]
    (mini_novel / "workbench.toml").write_text("[trackers]\ndormant_after = 4\n", "utf-8")
    project = Project.open(mini_novel)
    assert [key for key, (*_, dormant) in last_seen(project, 6).items() if dormant] == ["F003"]


def test_a_bad_k_names_the_file(mini_novel):
    (mini_novel / "workbench.toml").write_text("[trackers]\ndormant_after = 0\n", "utf-8")
    with pytest.raises(FileProblem, match=r"workbench.toml.*trackers.dormant_after"):
        load_tracker_config(Project.open(mini_novel))
    (mini_novel / "workbench.toml").write_text("[trackers]\ndormant = 3\n", "utf-8")
    with pytest.raises(FileProblem, match=r"trackers\.dormant"):
        load_tracker_config(Project.open(mini_novel))


def test_the_sample_at_chapter_12_with_k_5(sample_copy):
    # F013 (宗主/入关/空置, 明彻真人) planted in 6 is not named again by chapter 12.
    dormant = {
        key: seen
        for key, (seen, _, is_dormant) in last_seen(Project.open(sample_copy), 12, 5).items()
        if is_dormant
    }
    assert dormant == {"F013": 6}
