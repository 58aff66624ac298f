"""The import preview lists volume headings and platform lines, and drops the latter only when
the author ticks the box; what is dropped is kept in the import log."""

from __future__ import annotations

from pathlib import Path

import real_input
from PySide6.QtCore import QPoint
from PySide6.QtTest import QTest

from workbench.book.importer import IMPORT_LOG_FILE
from workbench.gui.import_dialog import ImportPreviewDialog

MANUSCRIPT = (
    "书名：雷火劫\n本书首发起点中文网\n第一卷 风起\n第一章 雷雨夜\n"
    "更新时间：2024-01-01 12:00:00 本章字数：3012\n雷雨夜，林风捡到一块玉佩。\n求收藏！求月票！\n"
    "第二章 拜师\n陈长老收徒。\n"
)


def test_platform_lines_are_listed_and_dropped_only_when_asked(
    make_window, tmp_path: Path, monkeypatch
) -> None:
    manuscript = tmp_path / "旧稿.txt"
    manuscript.write_text(MANUSCRIPT, encoding="utf-8")
    target = tmp_path / "imported"
    seen: dict[str, object] = {}

    def exec_(dialog: ImportPreviewDialog) -> int:
        listed = dialog.findChild(type(dialog.boilerplate), "boilerplateList")
        seen["listed"] = [listed.item(i).text() for i in range(listed.count())]
        seen["kept_zi"] = dialog.table.item(0, 2).text()
        seen["notes"] = dialog.notes.text()
        box = dialog.findChild(type(dialog.drop_boilerplate), "dropBoilerplate")
        assert not box.isChecked()  # off by default
        dialog.show()
        QTest.qWaitForWindowExposed(dialog)
        real_input.click(box, QPoint(6, box.height() // 2))  # on the box, as the author ticks it
        assert box.isChecked()
        seen["dropped_zi"] = dialog.table.item(0, 2).text()
        assert not (target / "chapters").exists(), "nothing is written before the preview"
        dialog.hide()  # as exec() leaves it once accepted
        return ImportPreviewDialog.DialogCode.Accepted

    monkeypatch.setattr(ImportPreviewDialog, "exec", exec_)
    window = make_window()
    assert window.opening.import_manuscript(manuscript, target)
    assert len(seen["listed"]) == 3 and "求收藏！求月票！" in seen["listed"][2]
    assert "第一卷 风起" in seen["notes"]
    assert int(seen["dropped_zi"].replace(",", "")) < int(seen["kept_zi"].replace(",", ""))
    chapter = (target / "chapters" / "ch001.md").read_text(encoding="utf-8")
    assert chapter == "# 第一章 雷雨夜\n雷雨夜，林风捡到一块玉佩。\n"
    log = (target / IMPORT_LOG_FILE).read_text(encoding="utf-8")
    assert "（删除：求票）\t求收藏！求月票！" in log and "（卷）\t第一卷 风起" in log
