"""A pins file that is not JSON: the context panel names the file and says what is wrong in
the UI language, never the parser's English ("Expecting value: line 1 column 1 (char 0)")."""

from __future__ import annotations

from pathlib import Path

import pytest
from panel_wait import settled
from test_language_walk import CJK, english_words

from workbench.settings import Settings

SAID = {
    "zh_CN": "不是有效的 JSON（被截断，或手工改过？）：没有读取，其中的内容也没有改动。",
    "en": "is not valid JSON (cut short, or edited by hand?): it was not read, and nothing",
}


@pytest.mark.parametrize("language", ["zh_CN", "en"])
def test_a_pins_file_that_is_not_json_is_named_in_the_ui_language(
    make_window, novel: Path, qtbot, language: str
) -> None:
    pins = novel / "meta" / "pins.json"
    pins.write_text("", "utf-8")  # emptied by a crash or by hand: json says "Expecting value"
    window = make_window(Settings(ui_language=language))
    assert window.open_project(novel)
    window.chapters.open_chapter(12)
    panel = window.context_panel
    settled(qtbot, panel)
    qtbot.waitUntil(lambda: "pins.json" in panel.status.text())
    said = panel.status.text()
    assert str(pins) in said and SAID[language] in said
    assert "Expecting" not in said
    if language == "zh_CN":
        assert not english_words(said)
    else:
        assert not CJK.search(said)
    assert pins.read_text("utf-8") == ""  # nothing written over it
