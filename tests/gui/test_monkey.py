"""The monkey: random real input over the main window on the sample novel, the way a careless
hand would give it. Left, right and double clicks anywhere, drags, the wheel, keys and Chinese
through the input method, menus opened by a right-click and an entry chosen by keyboard. Every
dialog that opens is closed by Escape. It fails on a crash (the process dies; pytest's
faulthandler prints the stack), on any exception in a slot, a virtual or a thread (or one a
worker's last-resort handler logged), and on any book file that changed without the app
writing it (through its atomic writer, while handling the author's input: never from a timer
or a thread on its own), or whose bytes are not what the app last wrote.

Seeded: `make test` runs the same MONKEY_EVENTS every time. A longer or different run:
WORKBENCH_MONKEY_EVENTS=5000 WORKBENCH_MONKEY_SEED=7 pytest tests/gui/test_monkey.py"""

from __future__ import annotations

import os
import random
from functools import partial
from pathlib import Path

import pytest
import real_input
from escapes import Escapes
from PySide6.QtCore import QPoint, Qt, QTimer
from PySide6.QtWidgets import QApplication, QDialog, QDockWidget, QFileDialog, QMenu, QWidget

from workbench.book import textio
from workbench.gui.app import create_window
from workbench.settings import Settings

MONKEY_EVENTS = int(os.environ.get("WORKBENCH_MONKEY_EVENTS", "500"))
MONKEY_SEED = int(os.environ.get("WORKBENCH_MONKEY_SEED", "2126"))
STATE_DIR = ".workbench"
KEYS = (
    Qt.Key.Key_Return,
    Qt.Key.Key_Backspace,
    Qt.Key.Key_Delete,
    Qt.Key.Key_Down,
    Qt.Key.Key_Up,
    Qt.Key.Key_Left,
    Qt.Key.Key_Right,
    Qt.Key.Key_Tab,
    Qt.Key.Key_Escape,
    Qt.Key.Key_PageDown,
    Qt.Key.Key_Space,
    Qt.Key.Key_A,
)
SHORTCUTS = ("Ctrl+Z", "Ctrl+Shift+Z", "Ctrl+A", "Ctrl+F", "Ctrl+S", "Ctrl+PgDown", "Ctrl+W")
CHINESE = ("灯火", "他笑了笑。", "“走！”", "第一百章")


def book_files(root: Path) -> dict[str, bytes]:
    """Every file of the book (the app's state folder left out) and its bytes."""
    return {
        path.relative_to(root).as_posix(): path.read_bytes()
        for path in sorted(root.rglob("*"))
        if path.is_file() and path.relative_to(root).parts[0] != STATE_DIR
    }


class Writes:
    """Every file the app wrote through its atomic writer (Project.write and the files it
    creates on a command both end there): the last bytes per file, and the book files written
    while no input was being delivered (by a timer or a thread, on nobody's command)."""

    def __init__(self, monkeypatch, root: Path) -> None:
        self.last: dict[Path, bytes] = {}
        self.unasked: list[str] = []
        self.delivering = False
        original = textio.write_bytes_atomic
        state = (root / STATE_DIR).resolve()

        def recorded(path, data, **options):  # options: write_bytes_atomic's `expect`
            original(path, data, **options)
            resolved = Path(path).resolve()
            self.last[resolved] = bytes(data)
            if not self.delivering and not resolved.is_relative_to(state):
                self.unasked.append(str(path))

        monkeypatch.setattr(textio, "write_bytes_atomic", recorded)


def close_dialogs(window: QWidget, seen: list[str], in_step: bool) -> None:
    """Escape out of whatever dialog or stray popup is in front (a modal one runs its own
    event loop, in which this timer keeps firing). A menu is closed only while an event is
    being delivered: then it runs its own loop too (a spin box's context menu is exec()'d by
    Qt), and nobody else would ever choose from it; between events the monkey works menus."""
    popup = QApplication.activePopupWidget()
    if in_step and isinstance(popup, QMenu):
        seen.append("a menu run with exec()")
        popup.close()
    modal = QApplication.activeModalWidget()
    for widget in QApplication.topLevelWidgets():
        if isinstance(widget, QDialog) and widget.isVisible() and widget is not window:
            seen.append(f"{type(widget).__name__} {widget.windowTitle()}")
            widget.reject()
    if modal is not None and modal.isVisible() and not isinstance(modal, QDialog):
        modal.close()


class Monkey:
    """Random real input over `window`, one event at a time, each written to `log`."""

    def __init__(self, window, seed: int) -> None:
        self.window = window
        self.random = random.Random(seed)
        self.log: list[str] = []

    def point(self) -> QPoint:
        rect = self.window.rect()
        return QPoint(self.random.randrange(rect.width()), self.random.randrange(rect.height()))

    def target(self) -> tuple[QWidget, QPoint]:
        """The widget under a random point of the window, and the point in its coordinates."""
        at = self.point()
        widget = self.window.childAt(at) or self.window
        return widget, widget.mapFrom(self.window, at)

    def step(self) -> None:
        if QApplication.activeWindow() is None:
            # A click on the window would make it active again under a window manager.
            self.log.append("activate the window")
            self.window.activateWindow()
            QApplication.processEvents()
        popup = QApplication.activePopupWidget()
        if isinstance(popup, QMenu):
            self.in_menu(popup)
            return
        widget, at = self.target()
        kind = self.random.choices(
            ("click", "right", "double", "drag", "wheel", "key", "shortcut", "chinese"),
            weights=(30, 14, 8, 12, 12, 14, 4, 6),
        )[0]
        self.log.append(f"{kind} on {type(widget).__name__} {widget.objectName()} at {at}")
        if kind == "click":
            real_input.click(widget, at)
        elif kind == "right":
            real_input.right_click(widget, at)
        elif kind == "double":
            real_input.double_click(widget, at)
        elif kind == "drag":
            end = at + QPoint(self.random.randint(-200, 200), self.random.randint(-150, 150))
            real_input.drag(widget, at, end)
        elif kind == "wheel":
            real_input.wheel(widget, at, self.random.choice((-3, -1, 1, 2)))
        elif kind == "key":
            real_input.key(self.keyboard(), self.random.choice(KEYS))
        elif kind == "shortcut":
            real_input.shortcut(self.keyboard(), self.random.choice(SHORTCUTS), wherever=True)
        else:
            real_input.type_chinese(self.keyboard(), self.random.choice(CHINESE))

    def keyboard(self) -> QWidget:
        """Where the window system sends keys: the focus widget, else the main window."""
        focus = QApplication.focusWidget()
        if focus is None:
            self.log.append(f"no focus; active window {QApplication.activeWindow()!r}")
        return focus or self.window

    def in_menu(self, menu: QMenu) -> None:
        """Leave the menu, or walk down to a random entry and press Return."""
        entries = [a for a in menu.actions() if a.isEnabled() and not a.isSeparator()]
        if not entries or self.random.random() < 0.4:
            self.log.append("Escape out of the menu")
            real_input.key(menu, Qt.Key.Key_Escape)
            return
        chosen = self.random.choice(entries)
        self.log.append(f"menu entry {chosen.text()!r}")
        if chosen.menu() is not None:
            real_input.key(menu, Qt.Key.Key_Escape)
            return
        real_input.choose(menu, chosen.text())


# What each QFileDialog function returns when the author cancels it.
CANCELLED_FILE_DIALOGS = {
    "getExistingDirectory": "",
    "getOpenFileName": ("", ""),
    "getSaveFileName": ("", ""),
}


def cancelled(answer, *_args, **_kwargs):  # type: ignore[no-untyped-def]
    return answer


@pytest.fixture
def monkey_window(qapp, sample_copy, monkeypatch):
    """The sample open in a real main window; file dialogs answer Cancel (they would leave
    the book); Quit is off (leaving is not a crash); every other dialog is Escaped."""
    for name, answer in CANCELLED_FILE_DIALOGS.items():
        monkeypatch.setattr(QFileDialog, name, staticmethod(partial(cancelled, answer)))
    window = create_window(Settings())
    try:
        window.resize(1280, 800)
        window.show()
        assert window.open_project(sample_copy)
        window.chapters.open_chapter(12)
        window.actions_.quit.setEnabled(False)
        yield window
    finally:
        window.shut_down()
        window.close()
        for dock in window.findChildren(QDockWidget):  # one the monkey floated is a window
            dock.close()
        window.deleteLater()


def test_random_real_input_breaks_nothing(monkey_window, sample_copy, monkeypatch, qtbot):
    window = monkey_window
    before = book_files(sample_copy)
    writes = Writes(monkeypatch, sample_copy)
    # A summary job the author queued (a fix button, a save at a five-chapter boundary) is
    # written when it finishes, between events: its file is written on that command.
    commanded: set[Path] = set()
    window.summaries.queued.connect(
        lambda _id, _label: (
            commanded.update(
                {
                    (sample_copy / "references/rolling-summary.md").resolve(),
                    (sample_copy / "references/fixed-context.md").resolve(),
                }
            )
            if writes.delivering
            else None
        )
    )
    dialogs_seen: list[str] = []
    closer = QTimer()
    closer.setInterval(20)
    closer.timeout.connect(lambda: close_dialogs(window, dialogs_seen, writes.delivering))
    closer.start()
    monkey = Monkey(window, MONKEY_SEED)
    with Escapes().installed() as escapes:
        for number in range(MONKEY_EVENTS):
            writes.delivering = True
            monkey.step()
            writes.delivering = False
            qtbot.wait(1)
            assert not escapes.caught, (number, monkey.log[-5:], escapes.caught)
            assert window.isVisible(), f"the window went away after {monkey.log[-3:]}"
        while QApplication.activePopupWidget() is not None:
            real_input.key(QApplication.activePopupWidget(), Qt.Key.Key_Escape)
        closer.stop()
        qtbot.waitUntil(lambda: not window.context_panel.refresher.is_busy(), timeout=20_000)
    assert not escapes.caught, escapes.caught
    after = book_files(sample_copy)
    for name in sorted(set(before) | set(after)):
        if before.get(name) == after.get(name):
            continue
        path = (sample_copy / name).resolve()
        assert path in writes.last, f"{name} changed, but the app never saved it"
        assert after.get(name) == writes.last[path], f"{name} is not what the app saved"
    unasked = [path for path in writes.unasked if Path(path).resolve() not in commanded]
    assert not unasked, f"written on nobody's command: {unasked}"
    print(
        f"monkey: {MONKEY_EVENTS} events, seed {MONKEY_SEED}; dialogs escaped: "
        f"{len(dialogs_seen)}; files the app saved: {len(writes.last)}"
    )
