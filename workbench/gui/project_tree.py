"""The project tree on the left: chapters with number, title and 字 count, then the book's files.

Opening a book lists its chapters by their file names at once; each chapter's title (from its
heading, when the name has none) and 字 count come from a thread (from the scan cache when it
knows the file, trackers/chapter_facts.py) and fill in when ready, so the window, the tree and
the editor are up before any chapter is read (issue #28). The book's total 字 is the sum of
the rows' counts (`totalChanged`), never a second pass over the chapters."""

from __future__ import annotations

import logging
import time
from collections import deque
from functools import partial
from pathlib import Path

from PySide6.QtCore import QEvent, QPoint, Qt, QTimer, Signal
from PySide6.QtWidgets import QHeaderView, QMenu, QTreeWidget, QTreeWidgetItem, QWidget

from workbench.book.layout import Role
from workbench.book.naming import chapter_number_from_name
from workbench.book.project import CHAPTER_SUFFIXES, ChapterRef, Project
from workbench.errors import WorkbenchError
from workbench.gui import turns
from workbench.gui.background import Background, Job
from workbench.trackers.chapter_facts import ChapterFact, chapter_facts

log = logging.getLogger(__name__)

PATH_ROLE = Qt.ItemDataRole.UserRole
GROUP_ORDER = ("chapters", "world", "characters", "outline", "meta", "references")
# How long one pass of the event loop labels rows when the counts arrive, then lets input in.
# A budget of time, not of rows: each Qt call lets go of the GIL, and beside the open's busy
# threads taking it back waits up to their switch interval, so a pass of 200 rows (3-4 ms of
# the GUI thread's CPU) took 50-90 ms at a book's first open (#28).
FACTS_PASS_S = 0.004


class ProjectTree(QTreeWidget):
    """Shows the project; activating a file emits openRequested(path), its context menu
    pinRequested(path). It never opens or pins anything itself."""

    openRequested = Signal(object)  # Path
    pinRequested = Signal(object)  # Path
    totalChanged = Signal(object)  # int | None: the book's 字 (None: not counted, or no book)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.project: Project | None = None
        self.setColumnCount(2)
        self.setHeaderHidden(True)
        self.setUniformRowHeights(True)
        self.header().setStretchLastSection(False)
        self.header().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        # Sized when the counts arrive and when a count outgrows it: sized to its contents on
        # every change, each relabelled row re-measured all of a 1000-chapter book's rows.
        self.header().setSectionResizeMode(1, QHeaderView.ResizeMode.Fixed)
        self._groups: dict[str, QTreeWidgetItem] = {}
        self._rows: dict[str, QTreeWidgetItem] = {}  # str(path) -> its row
        self._chapter_paths: list[Path] = []
        self._listing = 0  # the project's listing version the chapter rows were made from
        self._zi: dict[Path, int | None] = {}  # each chapter's 字 as its row shows it
        self._shown: dict[Path, ChapterFact] = {}  # what each row showed: kept while re-read
        self._relabelled: set[Path] = set()  # rows set here since the facts job was asked for
        self.facts_job = Background("tree-facts", latest_only=True, turn=turns.TREE, parent=self)
        self.facts_job.delivered.connect(self._show_facts)
        self._facts_left: deque[tuple[Path, ChapterFact]] = deque()  # delivered, not yet shown
        self._facts_timer = QTimer(self)
        self._facts_timer.setSingleShot(True)
        self._facts_timer.setInterval(0)
        self._facts_timer.timeout.connect(self._show_some_facts)
        self.itemActivated.connect(self._item_activated)
        self.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.customContextMenuRequested.connect(self._context_menu)

    def set_project(self, project: Project | None) -> None:
        """Show `project` (or nothing); its total is known once its chapters are counted."""
        self.project = project
        self._shown = {}
        self.totalChanged.emit(None)
        self.refresh()

    def group_titles(self) -> dict[str, str]:
        """The translated title of each group."""
        return {
            "chapters": self.tr("Chapters"),
            "world": self.tr("World"),
            "characters": self.tr("Characters"),
            "outline": self.tr("Outline and plans"),
            "meta": self.tr("Meta"),
            "references": self.tr("References"),
        }

    def chapter_label(self, number: int, title: str) -> str:
        """How a chapter is named in the tree."""
        label = self.tr("Chapter %1").replace("%1", str(number))
        return f"{label}  {title}" if title else label

    def refresh(self) -> None:
        """Rebuild from the project on disk, keeping which groups are open."""
        collapsed = {key for key, item in self._groups.items() if not item.isExpanded()}
        current = self.current_path()
        # Drop every Python wrapper of an item before clear() deletes the items under them:
        # a stale wrapper whose address is reused by a new item confuses shiboken.
        self._groups, self._rows = {}, {}
        self.clear()
        self._chapter_paths = []
        self._zi = {}
        self._listing = self.project.listing_version if self.project else 0
        self.facts_job.forget()
        self._facts_left.clear()  # for the rows just deleted
        self._facts_timer.stop()
        if self.project is None:
            return
        titles = self.group_titles()
        files = self._grouped_files(self.project)
        for key in GROUP_ORDER:
            group = QTreeWidgetItem(self, [titles[key], ""])
            font = group.font(0)
            font.setBold(True)
            group.setFont(0, font)
            group.setFlags(Qt.ItemFlag.ItemIsEnabled)
            self._groups[key] = group
            if key == "chapters":
                self._add_chapters(group, self.project)
            else:
                for path in files[key]:
                    self._add_file(group, path, self._file_label(self.project, path))
            group.setExpanded(key not in collapsed)
        if current:
            self.select_path(current)
        self._ask_for_facts()

    def _ask_for_facts(self) -> None:
        """Titles and 字 counts of every chapter, read off the GUI thread."""
        project, refs = self.project, list(self.project.chapters) if self.project else []
        self._relabelled = set()
        self.facts_job.submit(_read_facts, project, refs)

    def _show_facts(self, facts: dict[Path, ChapterFact]) -> None:
        self._facts_left = deque(facts.items())
        self._show_some_facts()

    def _show_some_facts(self) -> None:
        """Label the delivered facts' rows for FACTS_PASS_S (one row at least); the rest on the
        next pass."""
        if self.project is None:
            return
        until = time.perf_counter() + FACTS_PASS_S
        while self._facts_left:
            path, fact = self._facts_left.popleft()
            row, ref = self._rows.get(str(path)), self.project.chapter_at(path)
            if row is not None and ref is not None and path not in self._relabelled:
                self._label_row(row, ref, fact)
            if time.perf_counter() >= until:
                break
        if self._facts_left:
            self._facts_timer.start()
            return
        self.resizeColumnToContents(1)
        self._emit_total()

    def counts_pending(self) -> bool:
        """Whether the chapters' titles and counts are still being read or shown."""
        return self.facts_job.is_busy() or bool(self._facts_left)

    def _texts(self, ref: ChapterRef, fact: ChapterFact) -> tuple[str, str]:
        """A chapter row's label and 字 count."""
        if fact is None:
            return ref.path.name, self.tr("unreadable")
        return self.chapter_label(ref.number, fact[0]), self.tr("%1 zi").replace(
            "%1", f"{fact[1]:,}"
        )

    def _label_row(self, row: QTreeWidgetItem, ref: ChapterRef, fact: ChapterFact) -> None:
        label, zi = self._texts(ref, fact)
        self._zi[ref.path] = fact[1] if fact is not None else None
        self._shown[ref.path] = fact
        if row.text(0) != label:
            row.setText(0, label)
        if row.text(1) != zi:
            row.setText(1, zi)
        row.setToolTip(0, self._chapter_tooltip(label, zi, ref.path))

    def _emit_total(self) -> None:
        if len(self._zi) == len(self._chapter_paths):  # every row counted (unreadable: 0)
            self.totalChanged.emit(sum(zi or 0 for zi in self._zi.values()))

    def files_changed(self, paths: set[Path]) -> None:
        """Files were saved here or changed on disk (what the project session says)."""
        self.refresh_paths(paths)

    def refresh_paths(self, paths: set[Path]) -> None:
        """Relabel the rows of these changed files (a save, an edit by another program); the
        whole tree is rebuilt only when a file came or went. On a book of hundreds of
        chapters a rebuild costs the GUI thread tens of milliseconds (and comparing the
        chapter list, rather than its version, a few on every save)."""
        if self.project is None:
            return
        rows = [(path, self._rows.get(str(path))) for path in paths]
        if self.project.listing_version != self._listing or any(
            row is None or not path.is_file() for path, row in rows
        ):
            self.refresh()
            return
        for path, row in rows:
            ref = self.project.chapter_at(path)
            if ref is not None and row is not None:
                self._label_row(row, ref, self._fact(self.project, ref))
                self._relabelled.add(path)
        self._grow_count_column([row for _path, row in rows if row is not None])
        self._emit_total()

    def _grow_count_column(self, rows: list[QTreeWidgetItem]) -> None:
        """Widen the 字 column when a relabelled count no longer fits (never narrower here).
        The fit is the one resizeColumnToContents measures (the delegate's size hint of the
        cell), asked of these rows only: measuring every row of a 1000-chapter book on each
        save was ≈ 5 ms of it."""
        hints = (self.sizeHintForIndex(self.indexFromItem(row, 1)) for row in rows)
        if max((hint.width() for hint in hints), default=0) > self.columnWidth(1):
            self.resizeColumnToContents(1)

    @staticmethod
    def _fact(project: Project, ref: ChapterRef) -> ChapterFact:
        """One chapter's title and 字 count, read here (a save or a change of that file)."""
        try:
            return project.chapter_title(ref), project.chapter_zi(ref)
        except (OSError, WorkbenchError) as error:
            log.warning("cannot read %s: %s", ref.path, error)
            return None

    def _add_chapters(self, group: QTreeWidgetItem, project: Project) -> None:
        items = []
        for ref in project.chapters:
            # What the row showed before a re-listing, else the file's name only: the title
            # from its heading and the count come from the facts job.
            label, zi = self.chapter_label(ref.number, ref.title), ""
            if ref.path in self._shown:
                label, zi = self._texts(ref, self._shown[ref.path])
            item = QTreeWidgetItem([label, zi])
            item.setData(0, PATH_ROLE, str(ref.path))
            item.setToolTip(0, self._chapter_tooltip(label, zi, ref.path))
            item.setTextAlignment(1, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            self._rows[str(ref.path)] = item
            self._chapter_paths.append(ref.path)
            items.append(item)
        group.addChildren(items)  # one insertion for the view, not one per chapter

    def _chapter_tooltip(self, label: str, zi: str, path: Path) -> str:
        """A long title is cut off in a narrow tree: on hover it shows in full, with the
        字 count and the file."""
        where = self.project.relative(path) if self.project else path.name
        return f"{label}\n{zi} · {where}"

    def _file_label(self, project: Project, path: Path) -> str:
        """A plan file reads as its chapter's plan; other files by their name."""
        if path.parent == project.root / project.layout.plans_dir:
            parsed = chapter_number_from_name(path.stem)
            if parsed:
                return self.tr("Chapter %1 plan").replace("%1", str(parsed[0]))
        return path.name

    def _add_file(self, group: QTreeWidgetItem, path: Path, label: str) -> None:
        item = QTreeWidgetItem(group, [label, ""])
        item.setData(0, PATH_ROLE, str(path))
        self._rows[str(path)] = item
        if self.project:
            item.setToolTip(0, self.project.relative(path))

    @staticmethod
    def _grouped_files(project: Project) -> dict[str, list[Path]]:
        def texts(folder: Path) -> list[Path]:
            if not folder.is_dir():
                return []
            return sorted(
                p for p in folder.iterdir() if p.is_file() and p.suffix.lower() in CHAPTER_SUFFIXES
            )

        seen = {ref.path for ref in project.chapters}
        groups: dict[str, list[Path]] = {}
        candidates = {
            "world": texts(project.role_path(Role.WORLD).parent),
            "characters": project.character_files(),
            # The outline's folder too: webnovel-writer keeps each volume's 详细大纲 there.
            "outline": list(
                dict.fromkeys(
                    [
                        project.role_path(Role.OUTLINE),
                        *texts(project.role_path(Role.OUTLINE).parent),
                        *texts(project.root / project.layout.plans_dir),
                    ]
                )
            ),
            "meta": [
                project.role_path(Role.CONFIG),
                *texts(project.role_path(Role.STYLE_ANCHOR).parent),
            ],
            "references": texts(project.role_path(Role.ROLLING_SUMMARY).parent),
        }
        for key in ("characters", "outline", "meta", "references", "world"):
            groups[key] = [p for p in candidates[key] if p.is_file() and p not in seen]
            seen.update(groups[key])
        return groups

    def current_path(self) -> Path | None:
        """The file of the selected row, if a file is selected."""
        item = self.currentItem()
        value = item.data(0, PATH_ROLE) if item else None
        return Path(value) if value else None

    def select_path(self, path: Path) -> None:
        """Select the row of `path` (when the editor in front changes)."""
        row = self._rows.get(str(path))
        if row is not None:
            self.setCurrentItem(row)

    def _item_activated(self, item: QTreeWidgetItem, _column: int) -> None:
        value = item.data(0, PATH_ROLE)
        if value:
            self.openRequested.emit(Path(value))

    def _context_menu(self, position: QPoint) -> None:
        item = self.itemAt(position)
        value = item.data(0, PATH_ROLE) if item else None
        if not value or self.project is None:
            return
        path = Path(value)
        menu = QMenu(self)
        menu.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        menu.addAction(self.tr("Open")).triggered.connect(partial(self.openRequested.emit, path))
        pin = menu.addAction(self.tr("Pin to the feed"))
        if any(ref.path == path for ref in self.project.chapters):
            pin.setEnabled(False)  # chapter text enters a feed only through the recipe
            pin.setText(self.tr("Pin to the feed (not for chapter text)"))
        pin.triggered.connect(partial(self.pinRequested.emit, path))
        menu.popup(self.viewport().mapToGlobal(position))

    def changeEvent(self, event: QEvent) -> None:
        """Rebuild the labels when the UI language changes."""
        if event.type() == QEvent.Type.LanguageChange:
            self.refresh()
        super().changeEvent(event)

    def shut_down(self) -> None:
        """The window closes: wait for a facts job still reading."""
        self.facts_job.shut_down()


def _read_facts(_job: Job, project: Project, refs: list[ChapterRef]) -> dict[Path, ChapterFact]:
    """On the tree's worker: every chapter's title and 字 count."""
    return chapter_facts(project, refs)
