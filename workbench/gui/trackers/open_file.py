"""打开追踪表文件: what the tracker browser's button opens for the tab in front, and what it
says when the book keeps that tracker where the browser does not write it.

A Markdown tracker file opens in the editor. A webnovel-writer project read in place has its
foreshadowing in `.webnovel/state.json` (and the scratchpad's open loops) and its relationships
in `.webnovel/index.db`: the ledger shows them read-only, so the button opens the JSON file the
selected row came from, at that row's line, and says whose file it is; index.db is a SQLite
database the editor cannot show, so for it the button says where the data lives and why it is
read-only. A tracker with no file at all is said to be missing, with its path."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from PySide6.QtCore import QObject

from workbench.book import webnovel
from workbench.book.project import Project
from workbench.trackers.browse import TrackerFile
from workbench.trackers.model import Foreshadowing, Trackers

MIGRATE = "workbench migrate"


@dataclass(frozen=True)
class Opening:
    """What the button does: open `path` at `line` (1-based; 0: the top), and/or say
    `message` in the browser's message bar."""

    path: Path | None = None
    line: int = 0
    message: str = ""


class TrackerFileOpener(QObject):
    """Decides what 打开追踪表文件 opens (no file is read here, only found)."""

    def opening(
        self,
        project: Project,
        tracker: TrackerFile | None,
        expected: Path | None,
        memory: Trackers,
        memory_row: Foreshadowing | None,
        relationships_tab: bool,
    ) -> Opening:
        """`tracker`: the tab's tracker file, if it was read; `expected`: where that file
        would be; `memory`: a webnovel-writer project's memory; `memory_row`: the ledger's
        selected row when it comes from the memory."""
        if memory_row is not None:
            return self._memory_file(project, memory_row)
        if tracker is not None:
            return Opening(tracker.path)
        if expected is not None and expected.is_file():  # there, but it could not be read
            return Opening(expected)
        if relationships_tab and memory.relationships:
            return Opening(
                message=self.tr(
                    "The relationships come from webnovel-writer's database %1 (SQLite, not"
                    " text: the editor cannot open it). They are shown read-only here; to"
                    " edit them in the app, run `%2` first."
                )
                .replace("%1", webnovel.INDEX_FILE)
                .replace("%2", MIGRATE)
            )
        if not relationships_tab and memory.foreshadowing:
            return self._memory_file(project, memory.foreshadowing[0])
        where = project.relative(expected) if expected is not None else ""
        return Opening(
            message=self.tr("There is no tracker file here yet: %1 does not exist.").replace(
                "%1", where
            )
        )

    def _memory_file(self, project: Project, entry: Foreshadowing) -> Opening:
        """The JSON file a memory row came from, at its line, and whose file it is."""
        where = f"{entry.source}:{entry.line}" if entry.line else entry.source
        return Opening(
            project.root / entry.source,
            entry.line,
            self.tr(
                "Opened %1 (%2): webnovel-writer keeps this file, so the ledger shows it"
                " read-only; what you change in it changes webnovel-writer's memory. To edit"
                " the entries in the ledger, run `%3` first."
            )
            .replace("%1", where)
            .replace("%2", entry.id)
            .replace("%3", MIGRATE),
        )
