"""The webnovel-writer serial in the app (issue #27 items 5 and 8): a chapter whose plan lives
in the volume's 详细大纲 opens there; the style anchor is made from a passage the author
selects."""

from __future__ import annotations

import pytest
from webnovel_serial import NEXT_CHAPTER, make_serial


@pytest.fixture
def serial(tmp_path):
    return make_serial(tmp_path / "星图劫")


@pytest.fixture
def serial_window(make_window, serial):
    window = make_window()
    assert window.open_project(serial)
    return window


def test_a_plan_in_the_volume_outline_opens_at_its_section(serial_window, serial):
    editor = serial_window.chapters.open_chapter(NEXT_CHAPTER)
    assert editor is not None
    assert editor.path == (serial / "大纲/第3卷-详细大纲.md").resolve()
    text = editor.shown_text()
    caret = editor.text_edit.textCursor().position()
    assert text[caret:].startswith(f"### 第{NEXT_CHAPTER}章")
