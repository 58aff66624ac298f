"""Hypothesis fuzzing through the app: the CLI fuzz test's mutated inputs (tests/fuzzing.py),
opened in a real main window and worked with as an author does. No exception escapes (in a
slot, a QThread or a Python thread, or is swallowed by a worker's last-resort handler), a
file that does not parse is never rewritten, and the app names the broken file where the
author can see it. A mutated manuscript imported through the preview ends in chapter files
or in a message, never a traceback."""

from __future__ import annotations

import logging
import shutil
import tempfile
import threading
from pathlib import Path

import pytest
from conftest import settle
from escapes import Escapes
from fuzzing import SAMPLE, TARGETS, damaged, fuzz_settings, manuscript_bytes, original_bytes
from hypothesis import given
from hypothesis import strategies as st
from panel_wait import settled
from PySide6.QtCore import QEvent
from PySide6.QtWidgets import QLabel, QMessageBox

from workbench.book.check import Severity, check_project
from workbench.book.project import Project
from workbench.errors import WorkbenchError
from workbench.feed import AGENTS
from workbench.gui.app import create_window
from workbench.gui.background import running_helpers
from workbench.gui.import_dialog import ImportPreviewDialog
from workbench.refusals import refused_inputs
from workbench.settings import Settings

PLOT = "references/plot-tracker.md"
ROLLING = "references/rolling-summary.md"
CHAPTER = 12
SLIDER_CHAPTERS = (1, 6, 12)
TYPED = "灯火未熄。"
StandardButton = QMessageBox.StandardButton


def problems_in(root: Path, target: str) -> list[str]:
    """What `check` says is wrong with `target`: an error (it does not read or parse), or
    anything another command would refuse or skip."""
    try:
        project = Project.open(root)
    except WorkbenchError as error:
        return [str(error)]
    errors = [p for p in check_project(project) if p.severity is Severity.ERROR]
    return [p.message for p in errors + refused_inputs(project) if p.path == target]


def visible_problems(window, told: list[str]) -> list[str]:
    """What the app told the author: dialogs and status messages (`told`), the context
    panel's status and checklist, the pins, the tracker browser's message and error list,
    the prepare dialog's reason and checklist (and its preview when no feed was built)."""
    panel, browser = window.context_panel, window.tracker_browser
    labels = [panel.status, browser.message, browser.errors_title]
    shown = [*told, *(label.text() for label in labels if label.isVisibleTo(window))]
    shown += [panel.status.toolTip(), *panel.summary.checklist_lines()]
    pins = panel.pin_model
    shown += [str(pins.index(row, 0).data()) for row in range(pins.rowCount())]
    shown += [browser.errors.item(row).text() for row in range(browser.errors.count())]
    dialog = window.prepare.dialog
    if dialog is not None:
        shown += [dialog.reason.text()]
        shown += [label.text() for label in dialog.checklist.findChildren(QLabel)]
        if dialog.feed is None:
            shown.append(dialog.preview.rendered.toPlainText())
    return [text for text in shown if text]


def work_with(window, dialogs, project: Path, target: str, qtbot, type_at_end) -> None:
    """An author's session: open the file and a chapter, look at every agent's feed, browse
    both trackers, prepare a feed (no Send), try an edit, pin an entry, change the chapter
    type, regenerate a rolling summary, type into a chapter and save it."""
    panel, browser = window.context_panel, window.tracker_browser
    window.open_path(project / target)
    editor = window.chapters.open_chapter(CHAPTER)
    settled(qtbot, panel)
    for agent in AGENTS:
        panel.agent_picker.setCurrentIndex(panel.agent_picker.findData(agent))
        settled(qtbot, panel)
    window.tracker_dock.show()
    window.tracker_dock.raise_()
    browser.refresh()
    browser.tabs.setCurrentIndex(0)
    browser.set_chapter(CHAPTER)
    browser.tabs.setCurrentIndex(1)
    for chapter in SLIDER_CHAPTERS:
        browser.relations.slider.setValue(chapter)
    window.context_dock.raise_()
    dialog = window.prepare.open_for("MainWriter")
    if dialog is not None:
        dialog.close()
    plot = browser.store.plot
    if target == PLOT and (plot is None or not plot.editable):
        assert not browser.resolve("F001"), "an edit of a broken tracker was written"
        assert not browser.edit_cell("F001", "内容", "改写"), "an edit was written"
        assert not browser.add_entry({"id": "F099", "content": "新", "planted": "12"})
    elif target == PLOT:
        resolve_one_entry(browser, project / target)
    window.context_panel.pin("F001")
    settled(qtbot, panel)
    choose_another_chapter_type(panel)
    settled(qtbot, panel)
    window.summary_policy.open_jobs().close()
    if target == ROLLING:  # a generated section is written into this file, if it reads
        dialogs.answer(StandardButton.Yes)  # if the section was written by hand: replace it
        window.summary_policy.regenerate(6, 10)
        dialogs.answers.clear()
    if editor is not None:
        type_at_end(editor, TYPED)
        assert window.tabs.save_current(), "the chapter was not saved"
    settled(qtbot, panel)
    qtbot.waitUntil(lambda: not window.summaries.describe(), timeout=60_000)


def resolve_one_entry(browser, path: Path) -> None:
    """本章回收 on an open entry of a tracker that parses: only that row's line changes."""
    entry = next((e for e in browser.store.plot.parsed.foreshadowing if e.open_at(CHAPTER)), None)
    if entry is None or not entry.id:
        return
    before = path.read_bytes().splitlines(keepends=True)
    if not browser.resolve(entry.id):
        return  # refused, with a message (an ID twice, a row it cannot place)
    after = path.read_bytes().splitlines(keepends=True)
    assert len(after) == len(before), "a resolve added or removed lines"
    changed = [i for i, (old, new) in enumerate(zip(before, after, strict=True)) if old != new]
    assert changed == [entry.line - 1], (entry.id, changed)


def choose_another_chapter_type(panel) -> None:
    """Pick a chapter type other than the one shown, as the author does in the panel."""
    shown = panel.feed.template if panel.feed else None
    index = next(
        i for i in range(panel.type_picker.count()) if panel.type_picker.itemData(i) != shown
    )
    panel.type_picker.setCurrentIndex(index)
    panel.type_picker.activated.emit(index)


def closed(window, qapp) -> None:
    """Close the window as the author does; nothing may be left running."""
    window.close()
    assert not running_helpers(), f"background threads still running: {running_helpers()}"
    assert not window.session.watcher.is_running(), "watchdog observer still running"
    window.deleteLater()
    qapp.sendPostedEvents(None, QEvent.Type.DeferredDelete)


def test_the_harness_sees_exceptions_in_threads_and_worker_logs() -> None:
    with Escapes().installed() as escapes:
        thread = threading.Thread(target=lambda: 1 / 0)
        thread.start()
        thread.join()
        try:
            raise ValueError("swallowed")
        except ValueError:
            logging.getLogger("workbench.gui.context.worker").exception("feed crashed")
    assert len(escapes.caught) == 2, escapes.caught
    assert "ZeroDivisionError" in escapes.caught[0] and "swallowed" in escapes.caught[1]


def damage_while_open(window, project: Path, target: str, broken: bytes, qtbot) -> None:
    """Another program writes the damage while the file is open in the editor."""
    if (project / target).is_file():
        window.open_path(project / target)
    settled(qtbot, window.context_panel)
    batches = window.external_batches
    (project / target).write_bytes(broken)
    qtbot.waitUntil(lambda: window.external_batches > batches, timeout=10_000)


def session(
    target: str, broken: bytes, root: Path, dialogs, qtbot, qapp, type_at_end, live=False
) -> None:
    """A copy of the sample with `target` holding `broken` (written before the project opens,
    or by another program while it is open when `live`), worked with in a fresh window:
    nothing escapes, a file that does not parse is kept as it was and named to the author."""
    project = Path(tempfile.mkdtemp(dir=root)) / "novel"
    shutil.copytree(SAMPLE, project)
    if not live:
        (project / target).write_bytes(broken)
    asked, messages = len(dialogs.asked), []
    with Escapes().installed() as escapes:
        window = create_window(Settings())
        window.show()
        window.status.messageChanged.connect(messages.append)
        try:
            opened = window.open_project(project)
            if opened and live:
                damage_while_open(window, project, target, broken, qtbot)
            problems = problems_in(project, target)
            if opened:
                work_with(window, dialogs, project, target, qtbot, type_at_end)
            told = [text for _kind, _title, text in dialogs.asked[asked:]]
            shown = visible_problems(window, told + messages)
        finally:
            closed(window, qapp)
    assert not escapes.caught, escapes.caught
    if problems:
        assert (project / target).read_bytes() == broken, f"{target} was rewritten"
        assert any(Path(target).name in text for text in shown), (target, problems, shown)
    shutil.rmtree(project.parent, ignore_errors=True)


@fuzz_settings(12)
@given(data=st.data())
def test_mutated_inputs_in_the_app_are_explained_and_never_rewritten(
    dialogs, built_translations, tmp_path, qtbot, qapp, type_at_end, data
):
    target = data.draw(st.sampled_from(TARGETS))
    broken = data.draw(damaged(original_bytes(target)))
    live = data.draw(st.booleans())
    session(target, broken, tmp_path, dialogs, qtbot, qapp, type_at_end, live)


# Inputs the fuzzing found, kept as they were found.
FOUND = {
    # Regenerate a summary (its context menu) read the file unguarded: DecodeProblem in a slot.
    "a rolling summary that does not decode": (ROLLING, b"\xff" + original_bytes(ROLLING)),
    # The chapter-type picker wrote `type:` into a plan whose front matter did not parse.
    "a plan whose type is not one": (
        "outline/chapters/ch012.md",
        original_bytes("outline/chapters/ch012.md").replace(b"type: battle", b"type: bate"),
    ),
    "a rolling summary heading without its range": (
        ROLLING,
        original_bytes(ROLLING).replace(
            "## 滚动摘要 Ch6-Ch10".encode(), "## 滚动摘要 Ch6-".encode()
        ),
    ),
}


@pytest.mark.parametrize("name", FOUND)
def test_what_the_fuzzing_found(
    name, dialogs, built_translations, tmp_path, qtbot, qapp, type_at_end
) -> None:
    target, broken = FOUND[name]
    session(target, broken, tmp_path, dialogs, qtbot, qapp, type_at_end)


def _preview_answered(seen: list[str]):  # type: ignore[no-untyped-def]
    """The author in the import preview: reads it, ticks the platform-lines box when there
    is one, and writes the files when the preview allows it."""

    def exec_(dialog: ImportPreviewDialog) -> int:
        if dialog.drop_boilerplate.isVisibleTo(dialog):
            dialog.drop_boilerplate.setChecked(True)
        seen.extend([dialog.summary.text(), dialog.notes.text()])
        if dialog.write_button.isEnabled():
            return ImportPreviewDialog.DialogCode.Accepted
        return ImportPreviewDialog.DialogCode.Rejected

    return exec_


@fuzz_settings(15)
@given(data=st.data())
def test_mutated_manuscripts_import_or_are_refused_clearly_in_the_app(
    dialogs, built_translations, tmp_path, qapp, monkeypatch, data
):
    folder = Path(tempfile.mkdtemp(dir=tmp_path))
    manuscript = folder / "book.txt"
    manuscript.write_bytes(data.draw(damaged(manuscript_bytes())))
    target = folder / "novel"
    seen: list[str] = []
    monkeypatch.setattr(ImportPreviewDialog, "exec", _preview_answered(seen))
    asked = len(dialogs.asked)
    with Escapes().installed() as escapes:
        window = create_window(Settings())
        window.show()
        try:
            imported = window.opening.import_manuscript(manuscript, target)
            told = [text for _kind, _title, text in dialogs.asked[asked:]]
        finally:
            closed(window, qapp)
    assert not escapes.caught, escapes.caught
    if imported:
        chapters = Project.open(target).chapters
        assert chapters and all(ref.path.is_file() for ref in chapters)
    else:
        assert told or any(seen), "the import was refused without a word"
    shutil.rmtree(folder, ignore_errors=True)


def test_an_unreadable_tracker_refuses_an_edit_saying_why(make_window, novel: Path, qtbot) -> None:
    # Found by the fuzzing: the refusal said the project had no foreshadowing tracker file.
    broken = b"\xff" + original_bytes(PLOT)
    (novel / PLOT).write_bytes(broken)
    window = make_window()
    assert window.open_project(novel)
    browser = window.tracker_browser
    assert not browser.resolve("F001")  # before the files are read: said so, nothing written
    assert browser.message.text() == "追踪表仍在读取，请稍候再试。"
    settle(window, qtbot)
    assert not browser.resolve("F001")
    message = browser.message.text()
    assert message.startswith("未写入：") and "plot-tracker.md: cannot decode byte" in message
    assert (novel / PLOT).read_bytes() == broken
