"""Driving widgets the way a person does: every mouse event enters through the widget's window
(QTest's QWindow overloads go through Qt's window-system layer, as X events do), so Qt itself
finds the widget under the pointer, grabs the mouse on a press, turns a right press into a
context-menu request and two quick clicks into a double-click. Keys go to the widget with the
focus (shortcuts included), Chinese arrives through the input method, menus opened by a
right-click are worked with the keyboard.

A helper here never calls a slot or sets a value: if the widget a person touches would not
react, neither does the test."""

from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QInputMethodEvent, QWindow
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QDockWidget, QMainWindow, QMenu, QWidget
from shiboken6 import isValid

Button = Qt.MouseButton
Key = Qt.Key
NO_MODIFIER = Qt.KeyboardModifier.NoModifier


def _window_and_point(widget: QWidget, pos: QPoint | None) -> tuple[QWindow, QPoint]:
    """The native window `widget` is drawn in, and `pos` (widget coordinates; the centre by
    default) in that window's coordinates. Pending layout is done first: a person aims at the
    widget where it is drawn now (a button that a longer message beside it moved is clicked
    where it went, not where it was)."""
    QApplication.processEvents()
    if pos is None:
        pos = widget.rect().center()
    top = widget.window()
    handle = top.windowHandle()
    assert handle is not None, f"{widget!r} is not in a shown window"
    return handle, widget.mapTo(top, pos)


def press(widget, pos=None, button=Button.LeftButton, modifiers=NO_MODIFIER) -> None:
    """Press `button` over `pos` of `widget`."""
    handle, point = _window_and_point(widget, pos)
    QTest.mousePress(handle, button, modifiers, point)


def release(widget, pos=None, button=Button.LeftButton, modifiers=NO_MODIFIER) -> None:
    """Let go of `button` over `pos` of `widget`."""
    handle, point = _window_and_point(widget, pos)
    QTest.mouseRelease(handle, button, modifiers, point)


def move(widget, pos=None) -> None:
    """Move the pointer over `pos` of `widget` (with whatever buttons are held)."""
    handle, point = _window_and_point(widget, pos)
    QTest.mouseMove(handle, point)


def click(widget, pos=None, button=Button.LeftButton, modifiers=NO_MODIFIER) -> None:
    """Press and release `button` over `pos` of `widget`."""
    handle, point = _window_and_point(widget, pos)
    if not isValid(handle):
        # A popup's native window (a combo box's list) can be one shiboken already saw
        # deleted at that address: the click goes to the widget itself, as QTest does.
        QTest.mouseClick(widget, button, modifiers, pos or widget.rect().center())
        return
    QTest.mouseMove(handle, point)
    QTest.mouseClick(handle, button, modifiers, point)


def right_click(widget, pos=None, modifiers=NO_MODIFIER) -> None:
    """A right-click, which on this platform asks for a context menu on the press."""
    click(widget, pos, Button.RightButton, modifiers)


def double_click(widget, pos=None, button=Button.LeftButton, modifiers=NO_MODIFIER) -> None:
    """Two quick clicks: Qt turns the second press into a double-click."""
    handle, point = _window_and_point(widget, pos)
    QTest.mouseMove(handle, point)
    QTest.mouseDClick(handle, button, modifiers, point)


def drag(widget, start: QPoint, end: QPoint, button=Button.LeftButton, onto=None, steps=8):
    """Press at `start` of `widget`, move in `steps` to `end` (of `onto`, or of `widget`),
    release there: far enough for Qt to start a drag."""
    target = onto or widget
    handle, begin = _window_and_point(widget, start)
    finish = target.window().mapFromGlobal(target.mapToGlobal(end))
    QTest.mouseMove(handle, begin)
    QTest.mousePress(handle, button, NO_MODIFIER, begin)
    for step in range(1, steps + 1):
        between = begin + (finish - begin) * step / steps
        QTest.mouseMove(handle, between)
    QTest.mouseRelease(handle, button, NO_MODIFIER, finish)


def wheel(widget, pos=None, notches: int = -1, modifiers=NO_MODIFIER, sideways=False) -> None:
    """Turn the wheel `notches` (negative: towards the author, scrolling down) over `pos`;
    `sideways`: a tilt wheel or a touchpad's two-finger swipe (negative: to the right)."""
    handle, point = _window_and_point(widget, pos)
    QTest.mouseMove(handle, point)
    delta = QPoint(120 * notches, 0) if sideways else QPoint(0, 120 * notches)
    QTest.wheelEvent(handle, point, delta, QPoint(0, 0), modifiers)


def column_in_sight(table, column: int, most: int = 100) -> int:
    """Swipe a table sideways until `column` is wholly in sight; its left edge in the
    header's viewport."""
    header = table.horizontalHeader()
    for _ in range(most):
        left = header.sectionViewportPosition(column)
        right = left + header.sectionSize(column)
        if left >= 0 and right <= header.viewport().width():
            return left
        wheel(
            table.viewport(), notches=-1 if right > header.viewport().width() else 1, sideways=True
        )
    raise AssertionError(f"the table never showed column {column}")


def open_menu(widget, pos=None) -> QMenu:
    """Right-click `pos` of `widget` and return the context menu that opened."""
    QTest.qWait(1)  # a menu just closed is gone a turn of the event loop later (not at once)
    right_click(widget, pos)
    menu = QApplication.activePopupWidget()
    assert isinstance(menu, QMenu), f"a right-click on {widget!r} opened no menu"
    return menu


def menu_texts(menu: QMenu) -> list[str]:
    """The menu's entries as the author reads them (separators left out)."""
    return [a.text() for a in menu.actions() if not a.isSeparator() and a.isVisible()]


def choose(menu: QMenu, wanted: str) -> None:
    """Walk down `menu` with the arrow keys to the entry whose text or objectName is
    `wanted` and press Return; an entry that is missing or disabled fails the test."""
    entries = [a for a in menu.actions() if not a.isSeparator() and a.isVisible()]
    matches = [a for a in entries if wanted in (a.text(), a.objectName())]
    assert matches, f"no {wanted!r} in the menu: {menu_texts(menu)}"
    target = matches[0]
    assert target.isEnabled(), f"{wanted!r} is disabled in the menu"
    for _ in range(len(entries) + 1):
        if menu.activeAction() is target:
            break
        QTest.keyClick(menu, Key.Key_Down)
    assert menu.activeAction() is target, f"the arrow keys never reached {wanted!r}"
    QTest.keyClick(menu, Key.Key_Return)


def focused(widget=None) -> QWidget:
    """Where keys go: an open popup, else `widget`, else the widget with the focus, else the
    active window (as the window system delivers them)."""
    popup = QApplication.activePopupWidget()
    target = popup or widget or QApplication.focusWidget() or QApplication.activeWindow()
    assert target is not None, "no widget has the keyboard focus"
    return target


def key(widget, key_code, modifiers=NO_MODIFIER) -> None:
    """Press and release one key (with modifiers) where the keyboard focus is; shortcuts
    fire as they do for a person."""
    QTest.keyClick(focused(widget), key_code, modifiers)


def shortcut(widget, sequence: str, wherever: bool = False) -> None:
    """Press a key sequence such as "Ctrl+S" with the focus in `widget`. A window just shown
    becomes active a turn of the event loop later; until it is, its shortcuts go nowhere, so
    this waits for it and fails if it never is (`wherever`: send it at once, as the monkey
    does, whatever window is active)."""
    from PySide6.QtGui import QKeySequence

    target = focused(widget)
    window = target.window()
    for _ in range(0 if wherever else 100):
        if QApplication.activeWindow() is window or QApplication.activePopupWidget():
            break
        QTest.qWait(10)
    assert wherever or QApplication.activePopupWidget() or QApplication.activeWindow() is window, (
        f"{sequence} would go nowhere: {window!r} is not the active window"
    )
    QTest.keySequence(target, QKeySequence(sequence))


def type_keys(widget, text: str) -> None:
    """Type Latin text key by key into the focused widget."""
    QTest.keyClicks(focused(widget), text)


def type_chinese(widget, text: str, pinyin: str = "pinyin") -> None:
    """Chinese the way it arrives: the input method shows `pinyin` as a composition, then
    commits `text` in its place."""
    target = focused(widget)
    composing = QInputMethodEvent(pinyin, [])
    QApplication.sendEvent(target, composing)
    committed = QInputMethodEvent("", [])
    committed.setCommitString(text)
    QApplication.sendEvent(target, committed)


def drag_dock(window: QMainWindow, dock: QDockWidget, onto: QWidget, end: QPoint) -> None:
    """Take `dock` by its title bar and drop it over `end` of `onto` (another dock area, or
    outside the window to float it)."""
    title = dock.titleBarWidget() or dock
    grip = QPoint(min(40, dock.width() // 2), 6)
    drag(title, grip, end, onto=onto, steps=12)


def fill(widget, text: str) -> None:
    """Click into a line edit (or a spin box, an editable combo box), select what is there
    with Ctrl+A and type `text` over it (Chinese through the input method), then Tab out, as
    a person moves on to the next field (a spin box takes its value then)."""
    click(widget)
    assert widget.hasFocus() or widget.isAncestorOf(QApplication.focusWidget()), (
        f"a click on {widget!r} gave it no keyboard focus"
    )
    QTest.keyClick(focused(), Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    if text.isascii():
        QTest.keyClicks(focused(), text)
    else:
        type_chinese(widget, text)
    QTest.keyClick(focused(), Key.Key_Tab)


def pick(combo, wanted) -> None:
    """Open a combo box's list with a click, walk to the entry whose data or text is
    `wanted` with the arrow keys and press Return."""
    index = combo.findData(wanted)
    if index < 0:
        index = combo.findText(str(wanted))
    assert index >= 0, f"no {wanted!r} in {combo!r}"
    click(combo)
    view = combo.view()
    assert view.isVisible(), f"a click on {combo!r} opened no list"
    for _ in range(combo.count() + 1):
        row = view.currentIndex().row()
        if row == index:
            break
        QTest.keyClick(view, Key.Key_Down if row < index else Key.Key_Up)
    assert view.currentIndex().row() == index, f"the arrow keys never reached {wanted!r}"
    QTest.keyClick(view, Key.Key_Return)
    assert combo.currentIndex() == index, f"{wanted!r} was not taken by {combo!r}"


def scroll_to(view, index, most: int = 200) -> QPoint:
    """Turn the wheel over an item view until the row of `index` is in sight (a collapsed
    parent is not opened: the caller clicks it open); the centre of its cell."""
    viewport = view.viewport()
    for _ in range(most):
        rect = view.visualRect(index)
        if rect.isValid() and viewport.rect().contains(rect.center()):
            return rect.center()
        below = not rect.isValid() or rect.center().y() > viewport.rect().center().y()
        wheel(viewport, notches=-1 if below else 1)
    raise AssertionError(f"the wheel never brought row {index.row()} of {view!r} into sight")


def drag_and_drop(widget, start: QPoint, end: QPoint, onto=None) -> None:
    """A drag that Qt runs as a drag and drop (QDrag.exec: its own event loop until the
    button is let go): the moves and the release past the drag threshold are queued to
    arrive inside that loop, as a person's hand keeps moving."""
    from PySide6.QtCore import QTimer

    target = onto or widget
    handle, begin = _window_and_point(widget, start)
    finish = target.window().mapFromGlobal(target.mapToGlobal(end))
    QTest.mouseMove(handle, begin)
    QTest.mousePress(handle, Button.LeftButton, NO_MODIFIER, begin)
    steps = 10
    for step in range(1, steps + 1):
        between = begin + (finish - begin) * step / steps
        QTimer.singleShot(20 * step, lambda p=between: QTest.mouseMove(handle, p))
    let_go = lambda: QTest.mouseRelease(handle, Button.LeftButton, NO_MODIFIER, finish)  # noqa: E731
    QTimer.singleShot(20 * steps + 40, let_go)
    QTest.qWait(20 * steps + 120)  # the moves start the drag; the release ends its loop


def text_in_sight(text_edit, position: int, most: int = 400) -> QPoint:
    """Turn the wheel over a text edit until the character at `position` is in sight; its
    point in the viewport (where a person would click or right-click it)."""
    viewport = text_edit.viewport()
    cursor = text_edit.textCursor()
    cursor.setPosition(position)
    for _ in range(most):
        rect = text_edit.cursorRect(cursor)
        if viewport.rect().contains(rect.center()):
            return rect.center() + QPoint(2, 0)
        wheel(viewport, notches=-1 if rect.center().y() > viewport.height() // 2 else 1)
    raise AssertionError(f"the wheel never brought character {position} into sight")


def raise_dock(window: QMainWindow, dock: QDockWidget) -> None:
    """Click the tab of a tabbed dock (上下文 / 追踪表 / 全书 under the docks) to bring it in
    front."""
    from PySide6.QtWidgets import QTabBar

    if not dock.visibleRegion().isEmpty() and dock.isVisible():
        return
    for bar in window.findChildren(QTabBar):
        if bar.parent() is not window or not bar.isVisible():
            continue
        for tab in range(bar.count()):
            if bar.tabText(tab) == dock.windowTitle():
                click(bar, bar.tabRect(tab).center())
                assert not dock.visibleRegion().isEmpty(), f"{dock.windowTitle()} not in front"
                return
    raise AssertionError(f"no tab for the dock {dock.windowTitle()!r}")


def tree_row(tree, path) -> QPoint:
    """The centre of the project tree's row of `path` (a Path, or one relative to the
    project), its group opened by a double-click when folded, wheeled into sight."""
    from pathlib import Path

    full = Path(path) if Path(path).is_absolute() else tree.project.root / path
    row = tree._rows[str(full)]
    parent = row.parent()
    if parent is not None and not parent.isExpanded():
        double_click(tree.viewport(), tree.visualItemRect(parent).center())
    assert parent is None or parent.isExpanded()
    return scroll_to(tree, tree.indexFromItem(row))


def from_menu_bar(window: QMainWindow, menu: QMenu, wanted: str) -> None:
    """Click a menu's title in the window's menu bar, then choose the entry whose text,
    objectName or data is `wanted` with the arrow keys and Return."""
    bar = window.menuBar()
    click(bar, bar.actionGeometry(menu.menuAction()).center())
    assert QApplication.activePopupWidget() is menu, f"the menu bar did not open {menu.title()}"
    for action in menu.actions():
        if action.data() == wanted and action.text():
            wanted = action.text()
            break
    choose(menu, wanted)


def when_modal(work, most_ms: int = 10_000) -> None:
    """Have `work(dialog)` done once a modal dialog is up. A dialog run with exec() holds the
    click or key that opened it until it closes, so what the person then does inside it must
    already be waiting in the event loop; call this just before the click that opens it. A
    dialog that never comes fails the test (pytest-qt reports the error raised here)."""
    from PySide6.QtCore import QTimer

    def attempt(left: int) -> None:
        dialog = QApplication.activeModalWidget()
        if dialog is not None and dialog.isVisible():
            work(dialog)
            return
        if left <= 0:
            raise AssertionError("no modal dialog came up")
        QTimer.singleShot(10, lambda: attempt(left - 10))

    QTimer.singleShot(0, lambda: attempt(most_ms))


def open_from_tree(window: QMainWindow, path):  # type: ignore[no-untyped-def]
    """Double-click the project tree's row of `path` (a Path, or one relative to the
    project); the editor it put in front."""
    from pathlib import Path

    tree = window.tree
    double_click(tree.viewport(), tree_row(tree, path))
    editor = window.tabs.current_editor()
    full = Path(path) if Path(path).is_absolute() else window.project.root / path
    assert editor is not None and editor.path == full, f"a double-click did not open {path}"
    return editor
