"""Reopening a project brings back the tabs that were open, the one in front and the caret in
each (not only the last chapter). Kept in the project's `.workbench/open-tabs.json`: it is
the book's working state, like the autosave, and never needed to read the book."""

from __future__ import annotations

import json
import logging

from workbench.book import gate
from workbench.book.project import Project
from workbench.errors import WorkbenchError

log = logging.getLogger(__name__)

OPEN_TABS_FILE = "open-tabs.json"
MAX_BYTES = 1024 * 1024  # a few hundred tabs take a few KB


def remember_open_tabs(project: Project | None, tabs) -> None:  # type: ignore[no-untyped-def]
    """Write which files are open in `tabs`, in order, the caret of each and the one in
    front (nothing is written when no tab is open: closing the last tab keeps the list)."""
    editors = tabs.editors()
    if project is None or not editors:
        return
    current = tabs.current_editor()
    data = {
        "tabs": [
            {
                "path": project.relative(editor.path),
                "cursor": editor.text_edit.textCursor().position(),
            }
            for editor in editors
        ],
        "current": project.relative(current.path) if current else None,
    }
    try:
        target = project.state_dir / OPEN_TABS_FILE
        data_bytes = json.dumps(data, ensure_ascii=False).encode("utf-8")
        gate.write_bytes(target, data_bytes, root=project.root)
    except (OSError, WorkbenchError) as error:  # a read-only project still opens and closes
        log.warning("open tabs not remembered: %s", error)


def restore_open_tabs(project: Project, tabs) -> bool:  # type: ignore[no-untyped-def]
    """Open the remembered tabs that still exist, carets where they were; False when there
    is nothing to restore (then the caller opens the last chapter, as before)."""
    path = project.state_dir / OPEN_TABS_FILE
    try:
        data = gate.read_json(path, root=project.root, limit=MAX_BYTES, what="the open-tabs list")
        entries = [(str(tab["path"]), int(tab["cursor"])) for tab in data["tabs"]]
        current = data.get("current")
    except FileNotFoundError:
        return False
    except (OSError, WorkbenchError, ValueError, KeyError, TypeError, AttributeError) as error:
        log.warning("%s is not readable, ignored: %s", path, error)
        return False
    opened = None
    for relative, position in entries:
        file = project.root / relative
        try:  # a list edited to name a file outside the book opens nothing
            project.contained(file, entry=relative)
        except WorkbenchError:
            continue
        if not file.is_file():
            continue
        editor = tabs.open_file(file)
        if editor is None:
            continue
        cursor = editor.text_edit.textCursor()
        cursor.setPosition(min(max(position, 0), len(editor.text())))
        cursor.clearSelection()
        editor.text_edit.setTextCursor(cursor)
        editor.text_edit.ensureCursorVisible()
        if relative == current or opened is None:
            opened = editor
    if opened is None:
        return False
    tabs.setCurrentWidget(opened)
    return True
