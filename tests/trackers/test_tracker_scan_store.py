"""The chapter scans kept in `.workbench/scan-cache.json` are reused by the next process only
while they are true: each test opens the project again (a new Project has a new cache and
reads the file, as a new `workbench feed` process does) and counts the scans it makes."""

from __future__ import annotations

from pathlib import Path

import pytest

from workbench.book.project import Project
from workbench.trackers.cache import project_cache, release_project_cache
from workbench.trackers.cast import Scanner
from workbench.trackers.presence import chapter_presence
from workbench.trackers.relevance import load_trackers, relevant_for
from workbench.trackers.scan_store import CACHE_FILE


@pytest.fixture
def scans(monkeypatch) -> list[tuple[str, str]]:
    """(kind, text) of every chapter scan made from now on."""
    made: list[tuple[str, str]] = []
    original = Scanner.scan

    def counting(self, text):
        made.append(("names" if self.whole_names else "keywords", text))
        return original(self, text)

    monkeypatch.setattr(Scanner, "scan", counting)
    return made


def presence_in_a_new_process(root: Path):
    """Open the project afresh, scan every chapter, save the scans as a process does on exit."""
    project = Project.open(root)
    presence = chapter_presence(project, load_trackers(project))
    project_cache(project).store.save()
    return presence


def chapter_scans(made: list[tuple[str, str]], kind: str) -> int:
    return sum(1 for scanned, _ in made if scanned == kind)


def test_a_new_process_rescans_nothing_unchanged(mini_novel, scans):
    first = presence_in_a_new_process(mini_novel)
    assert chapter_scans(scans, "names") == 6 and chapter_scans(scans, "keywords") == 6
    assert (mini_novel / ".workbench" / CACHE_FILE).is_file()
    scans.clear()
    again = presence_in_a_new_process(mini_novel)
    assert scans == []
    assert again.characters == first.characters and again.keywords == first.keywords


def test_a_changed_chapter_is_rescanned_and_no_other(mini_novel, scans):
    presence_in_a_new_process(mini_novel)
    scans.clear()
    changed = "墨尘独坐，想起玉佩。\n"
    (mini_novel / "chapters" / "ch002.md").write_text(changed, encoding="utf-8")
    presence = presence_in_a_new_process(mini_novel)
    assert sorted(scans) == [("keywords", changed), ("names", changed)]
    assert presence.characters[2] == {"墨尘"}
    scans.clear()
    presence_in_a_new_process(mini_novel)
    assert scans == []  # the new content was saved with its new stat


def test_a_new_alias_invalidates_every_chapters_name_scan(mini_novel, scans):
    presence_in_a_new_process(mini_novel)
    scans.clear()
    protagonist = mini_novel / "characters" / "protagonist.md"
    text = protagonist.read_text(encoding="utf-8")
    protagonist.write_text(text.replace("别名：小风、林师兄", "别名：小风、林师兄、阿风"), "utf-8")
    (mini_novel / "chapters" / "ch003.md").write_text("阿风醒了。\n", encoding="utf-8")
    presence = presence_in_a_new_process(mini_novel)
    assert chapter_scans(scans, "names") == 6  # every chapter, for the new term list
    assert chapter_scans(scans, "keywords") == 1  # only the changed chapter: same keywords
    assert presence.characters[3] == {"林风"}


def test_a_broken_cache_file_is_scanned_past_not_an_error(mini_novel, scans):
    expected = presence_in_a_new_process(mini_novel).characters
    (mini_novel / ".workbench" / CACHE_FILE).write_text('{"format": 1, "files": [', "utf-8")
    scans.clear()
    assert presence_in_a_new_process(mini_novel).characters == expected
    assert chapter_scans(scans, "names") == 6


def test_an_unsaved_buffer_is_scanned_but_never_saved_as_the_file(mini_novel, scans):
    on_disk = presence_in_a_new_process(mini_novel).characters
    assert on_disk[4] == {"林风", "西海龙王"}
    project = Project.open(mini_novel)
    view = project.with_buffers({mini_novel / "chapters" / "ch004.md": "苏瑶在窗下。\n"})
    assert chapter_presence(view, load_trackers(view)).characters[4] == {"苏瑶"}
    relevant_for(view, 4)
    project_cache(project).store.save()
    scans.clear()
    assert presence_in_a_new_process(mini_novel).characters == on_disk
    assert scans == []


def test_a_closed_project_keeps_its_scans(mini_novel, scans):
    project = Project.open(mini_novel)
    chapter_presence(project, load_trackers(project))
    release_project_cache(project)  # what the app does when it opens another project
    assert (mini_novel / ".workbench" / CACHE_FILE).is_file()
    scans.clear()
    presence_in_a_new_process(mini_novel)
    assert scans == []
