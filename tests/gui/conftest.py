"""GUI fixtures: a real main window on a real project copy; dialogs scripted; teardown checked."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QEvent
from PySide6.QtWidgets import QFileDialog, QMessageBox

from workbench.gui.background import running_helpers
from workbench.gui.i18n import I18N_DIR, qm_path
from workbench.settings import Settings

StandardButton = QMessageBox.StandardButton


@pytest.fixture(scope="session", autouse=True)
def built_translations() -> None:
    """`make test` builds the .qm files first; a bare `pytest` run builds them here."""
    lrelease = Path(sys.executable).parent / "pyside6-lrelease"
    for ts in sorted(I18N_DIR.glob("*.ts")):
        target = qm_path(ts.stem.removeprefix("workbench_"))
        if not target.is_file() or target.stat().st_mtime < ts.stat().st_mtime:
            subprocess.run([str(lrelease), "-silent", str(ts), "-qm", str(target)], check=True)


@pytest.fixture(autouse=True)
def background_joined():
    """Every background worker a test started (a window's, a dialog's, one of its own) has
    been shut down and joined by the end of the test."""
    yield
    assert not running_helpers(), f"background threads still running: {running_helpers()}"


class Dialogs:
    """Scripted answers for QMessageBox; a dialog nobody scripted fails the test."""

    def __init__(self) -> None:
        self.answers: list[StandardButton] = []
        self.asked: list[tuple[str, str, str]] = []  # (kind, title, text)
        self.unexpected: list[tuple[str, str, str]] = []
        self.labels: list[tuple[str, ...]] = []  # the buttons of each box run with exec()

    def answer(self, *buttons: StandardButton) -> None:
        """Queue the answers to the next questions, in order."""
        self.answers.extend(buttons)

    def _question(self, _parent, title, text, *_args, **_kwargs):
        self.asked.append(("question", title, text))
        if not self.answers:
            self.unexpected.append(("question", title, text))
            return StandardButton.Cancel
        return self.answers.pop(0)

    def _exec(self, box) -> int:  # type: ignore[no-untyped-def]
        """A message box built by the app (its buttons relabelled) and run with exec()."""
        shown = tuple(button.text() for button in box.buttons())
        self.labels.append(shown)
        return self._question(box.parentWidget(), box.windowTitle(), box.text()).value

    def _notice(self, kind: str):
        def show(_parent, title, text, *_args, **_kwargs):
            self.asked.append((kind, title, text))
            return StandardButton.Ok

        return show


@pytest.fixture
def dialogs(monkeypatch) -> Dialogs:
    """Patch every QMessageBox/QFileDialog entry point the app uses."""
    scripted = Dialogs()
    monkeypatch.setattr(QMessageBox, "question", scripted._question)
    monkeypatch.setattr(QMessageBox, "exec", lambda box: scripted._exec(box))
    monkeypatch.setattr(QMessageBox, "warning", scripted._notice("warning"))
    monkeypatch.setattr(QMessageBox, "critical", scripted._notice("critical"))
    monkeypatch.setattr(QMessageBox, "information", scripted._notice("information"))

    def no_file_dialog(*_args, **_kwargs):
        raise AssertionError("a file dialog was opened in a test")

    monkeypatch.setattr(QFileDialog, "getExistingDirectory", no_file_dialog)
    monkeypatch.setattr(QFileDialog, "getOpenFileName", no_file_dialog)
    yield scripted
    assert not scripted.unexpected, f"unscripted dialogs: {scripted.unexpected}"


@pytest.fixture
def novel(sample_copy) -> Path:
    """A fresh copy of the bundled sample novel."""
    return sample_copy


@pytest.fixture
def serial(tmp_path) -> Path:
    """A fresh webnovel-writer serial (tests/webnovel_serial.py), to open in place."""
    from webnovel_serial import make_serial

    return make_serial(tmp_path / "星图劫")


@pytest.fixture
def make_window(qapp, dialogs, built_translations):
    """Build main windows (Chinese UI by default); each is shut down and checked at teardown."""
    from workbench.gui.app import create_window

    windows = []

    def make(settings: Settings | None = None):
        window = create_window(settings or Settings())
        window.show()
        windows.append(window)
        return window

    yield make
    for window in windows:
        window.shut_down()
        window.close()
        assert not window.session.watcher.is_running(), "watchdog observer still running"
    assert not running_helpers(), f"background threads still running: {running_helpers()}"
    stray = [w for w in qapp.topLevelWidgets() if w.isVisible() and w not in windows]
    assert not stray, f"stray windows left open: {stray}"
    for window in windows:
        window.deleteLater()
    # Delete now, not whenever Python collects the wrappers in the middle of a later test.
    qapp.sendPostedEvents(None, QEvent.Type.DeferredDelete)


def settle(window, qtbot) -> None:
    """The docks built as the warm-up builds them a moment after the show, then until what
    the open (or a save) left to threads — the tree's counts, the tracker browser's files and
    ledger — is shown."""
    window.docks.build_all()
    qtbot.waitUntil(lambda: not window.background_pending())


@pytest.fixture
def window(make_window, novel, qtbot):
    """A main window with the sample novel open, its tree counted and its trackers shown."""
    opened = make_window()
    assert opened.open_project(novel)
    settle(opened, qtbot)
    return opened


@pytest.fixture
def type_at_end():
    """Type text at the end of an editor the way Chinese arrives: committed by an input method."""
    from input_method import type_at_end as type_text

    return type_text
