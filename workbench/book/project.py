"""A novel project: one folder of Markdown files, opened in whichever layout it uses."""

from __future__ import annotations

import contextlib
import copy
import itertools
import logging
import os
import threading
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

from workbench.book import gate, webnovel
from workbench.book.bounded_toml import parse_toml
from workbench.book.chapter_stats import ChapterStats, StatKeeper, file_stat
from workbench.book.containment import is_inside, resolve_inside
from workbench.book.counting import count_zi
from workbench.book.file_lock import holding, lock_file_for
from workbench.book.gate import MAX_FILE_BYTES, STATE_DIR
from workbench.book.layout import Layout, Role, detect_layout
from workbench.book.naming import MAX_CHAPTER, chapter_number_from_name, title_from_heading
from workbench.book.plans import Plan, plan_from_file, plan_from_outline
from workbench.book.templates import plan_without_template, without_template
from workbench.book.textio import NO_FILE, UTF8, TextFile, content_hash, encode
from workbench.errors import FileProblem, WorkbenchError

log = logging.getLogger(__name__)

CHAPTER_SUFFIXES = (".md", ".txt")
# Listing versions, unique in the process: a view that rescans never reuses its project's.
_LISTINGS = itertools.count(1)


@dataclass(frozen=True)
class ChapterRef:
    """One chapter file: its number, where it is, and its title."""

    number: int
    path: Path
    title: str


class ReadOnlyView(WorkbenchError):
    """A write was attempted through a view of unsaved buffers (a bug: views only read)."""


class Project:
    """An open novel folder. Reads are cached per file and refreshed when the file changes.

    The cache may be used from several threads at once (the GUI builds feeds off its thread
    through `with_buffers` views, which share it)."""

    def __init__(self, root: Path, layout: Layout) -> None:
        self.root = root
        self.layout = layout
        self.base: Project = self  # the project a view reads through; itself for a project
        self._files: dict[Path, tuple[tuple[int, int], TextFile]] = {}
        self._files_lock = threading.Lock()
        self._written: dict[Path, tuple[int, int, int]] = {}  # (inode, mtime, size) we left
        self._config: tuple[str, dict] | None = None  # (content hash, workbench.toml parsed)
        self._zi: dict[str, int] = {}
        self._buffers: dict[Path, TextFile] = {}
        self.stat_keeper = StatKeeper()  # shared with views, as the file cache is
        self.chapters: list[ChapterRef] = []
        self._listing = 0  # changes with the listing; views keep the one they copied
        self._chapter_folders: tuple[Path, ...] = ()
        self._by_number: dict[int, ChapterRef] = {}
        self._by_path: dict[Path, ChapterRef] = {}
        self._listed: frozenset[Path] = frozenset()
        # (listing version, stats version, chapter -> 字): what total_zi counted last
        self._counted: tuple[int, int, dict[Path, int]] | None = None
        self.rescan()

    @classmethod
    def open(cls, root: Path | str) -> Project:
        """Open a folder; raises LayoutProblem when it is not a novel project, OutsideProject
        when its `.workbench/` leads out of it."""
        root = Path(root).resolve()
        project = cls(root, detect_layout(root))
        project.contained(STATE_DIR, entry=STATE_DIR)
        return project

    # --- files -------------------------------------------------------------------------

    def role_path(self, role: Role) -> Path:
        """Where a role's file is (or would be)."""
        return self.layout.path(self.root, role)

    def relative(self, path: Path) -> str:
        """A path as the author sees it: relative to the project, with forward slashes."""
        # By its text first, as relative_to compares (lexically): the tree names a thousand
        # chapters twice at each open, and Path.relative_to was most of its tooltips' cost.
        text, root = str(path), str(self.root)
        if text.startswith(root) and text[len(root) : len(root) + 1] == os.sep:
            return text[len(root) + 1 :].replace(os.sep, "/")
        try:
            return path.relative_to(self.root).as_posix()
        except ValueError:
            return str(path)

    def contained(self, path: Path | str, *, entry: str = "") -> Path:
        """A path project content names, resolved; OutsideProject when it leaves the folder."""
        return resolve_inside(self.root, path, entry=entry)

    def with_buffers(self, buffers: Mapping[Path, str]) -> Project:
        """This project as it reads with these texts in place of their files (the editor's
        unsaved buffers), writing nothing. The view shares this project's file cache and its
        chapter list as it is now, so it can be read on another thread while this one goes on.
        Each buffer is hashed as its file would be once saved in its own encoding."""
        view = copy.copy(self)
        view.chapters = list(self.chapters)
        view._buffers = {}
        for path, text in buffers.items():
            path = Path(path)
            encoding = self.known_encoding(path) if path.is_file() else UTF8
            try:
                digest = content_hash(encode(text, encoding))
            except UnicodeEncodeError:  # a character the file's encoding cannot hold yet
                digest = content_hash(text.encode("utf-8"))
            view._buffers[path] = TextFile(path, text, encoding, digest)
        return view

    def buffer_hashes(self) -> tuple[tuple[str, str], ...]:
        """(path, hash) of each buffer a view reads in place of its file (() for a project):
        what a cache keyed by file stats must add to its key."""
        return tuple(sorted((str(path), loaded.sha256) for path, loaded in self._buffers.items()))

    @property
    def is_view(self) -> bool:
        """Whether this is a `with_buffers` view (which never writes)."""
        return self.base is not self

    def read(self, path: Path) -> TextFile:
        """Read a file in the project: a view's buffer, else from cache when it has not
        changed on disk. A path outside the project, a folder or a broken symlink is a
        FileProblem naming it."""
        path = Path(path)
        buffered = self._buffers.get(path)
        if buffered is not None:
            return buffered
        stat = _file_stat(path)
        key = (stat.st_mtime_ns, stat.st_size)
        with self._files_lock:
            cached = self._files.get(path)
        if cached and cached[0] == key:
            return cached[1]
        loaded = gate.read_text(path, root=self.root, entry=self.relative(path))
        with self._files_lock:
            self._files[path] = (key, loaded)
        return loaded

    def forget_reads(self, paths: Iterable[Path]) -> None:
        """Read these files afresh next time, even if their stat looks unchanged (a save
        within the same mtime tick and of the same size, told by whoever wrote it)."""
        paths = [Path(path) for path in paths]
        with self._files_lock:
            for path in paths:
                self._files.pop(path, None)
        self.stat_keeper.note(paths)

    def read_role(self, role: Role) -> TextFile | None:
        """A role's file, or None when nothing is there; a folder or a broken symlink in its
        place is a FileProblem naming it, not a missing file."""
        return self.read_if_present(self.role_path(role))

    def role_content(self, role: Role) -> str | None:
        """A role's file text as content: its template's lines left out ('' when nothing
        else is there), None when the file is absent."""
        loaded = self.read_role(role)
        return None if loaded is None else without_template(role, loaded.text)

    def read_if_present(self, path: Path) -> TextFile | None:
        """The file, or None when nothing is there; a folder or a broken symlink in its place
        is a FileProblem naming it, not a missing file."""
        if not path.is_file() and not path.is_symlink() and not path.exists():
            return None
        return self.read(path)

    def known_encoding(self, path: Path) -> str:
        """The encoding a file was read in, so writing it back never re-encodes it."""
        with self._files_lock:
            cached = self._files.get(Path(path))
        if cached:
            return cached[1].encoding
        if Path(path).is_file():
            return self.read(path).encoding
        return UTF8

    def write(
        self, path: Path, text: str, *, expect: str | None = None, origin: str = "save"
    ) -> TextFile:
        """Write a project file atomically in its own encoding and refresh the cache, holding
        the file's lock. `expect` is the sha256 of the text the new one was made from (or
        NO_FILE): when the file no longer has it, ChangedOnDisk and nothing is written.
        The text replaced goes to the history first, marked with `origin`."""
        path = Path(path)
        if self.is_view:
            raise ReadOnlyView(f"{path}: a view of unsaved buffers does not write")
        with self.locked(path):
            self._keep_replaced(path, text, origin)
            return self._write(path, text, expect)

    def _keep_replaced(self, path: Path, text: str, origin: str) -> None:
        """Keep what `path` holds in the history before `text` replaces it."""
        from workbench.history.keeping import keep, keeps_history  # with the first write

        if not path.is_file() or not keeps_history(self, path):
            return
        try:
            current = self.read(path)
        except FileProblem as error:  # unreadable now: the write itself will say so
            log.warning("%s: not kept in the history: %s", path, error)
            return
        if current.text != text:
            keep(self, path, current.text, origin, zi=self.text_zi(current))

    @contextlib.contextmanager
    def locked(self, path: Path) -> Iterator[None]:
        """Hold `path`'s write lock (see book/file_lock.py) for a read-modify-write."""
        resolved = self.contained(path, entry=self.relative(Path(path)))
        with holding(lock_file_for(self.state_dir, resolved), Path(path)):
            yield

    def update(
        self, path: Path, change: Callable[[TextFile | None], str], *, origin: str = "save"
    ) -> TextFile:
        """Read-modify-write: `change` gets the file as it is now (None when absent) and
        returns the new text, all under the file's lock; the bytes are checked again just
        before the rename (ChangedOnDisk when a program that takes no lock wrote them)."""
        path = Path(path)
        with self.locked(path):
            current = self._read_fresh(path)
            text = change(current)
            expect = current.sha256 if current else NO_FILE
            return self.write(path, text, expect=expect, origin=origin)

    def _read_fresh(self, path: Path) -> TextFile | None:
        """The file's bytes now, past the stat-keyed cache (two writes within one mtime tick
        and of one size look alike to it)."""
        if not path.is_file():
            return None
        return self.read_settled(path)

    def read_settled(self, path: Path) -> TextFile:
        """The file past the cache, from a read no other program was in the middle of saving
        (gate.read_settled): one to build on. Read at once when it is as this project left
        it."""
        info = path.stat()
        ours = self._written.get(path) == (info.st_ino, info.st_mtime_ns, info.st_size)
        loaded = gate.read_text(path, root=self.root, entry=self.relative(path), settled=not ours)
        with self._files_lock:
            self._files[path] = ((info.st_mtime_ns, info.st_size), loaded)
        return loaded

    def _write(self, path: Path, text: str, expect: str | None) -> TextFile:
        self.contained(path, entry=self.relative(path))
        folder_before = file_stat(path.parent)
        encoding = self.known_encoding(path)
        try:
            written = gate.write_text(path, text, encoding, root=self.root, expect=expect)
        except OSError as error:  # a full disk, a read-only file system, no permission
            reason = error.strerror or str(error)
            raise FileProblem(
                path, f"not saved: {reason}; the file on disk is unchanged"
            ) from error
        stat = path.stat()
        key = (stat.st_mtime_ns, stat.st_size)
        with self._files_lock:
            self._files[path] = (key, written)
            self._written[path] = (stat.st_ino, stat.st_mtime_ns, stat.st_size)
        self.stat_keeper.wrote(path, key, folder_before)
        return written

    def changed_on_disk(self, loaded: TextFile) -> bool:
        """Whether the file's bytes are no longer those `loaded` was read from."""
        if not loaded.path.is_file():
            return True
        return gate.read_text(loaded.path, root=self.root).sha256 != loaded.sha256

    @property
    def state_dir(self) -> Path:
        """`.workbench/`: caches, feed history, autosave; never needed to read the book.
        OutsideProject when it is a symlink leading out of the project."""
        self.contained(STATE_DIR, entry=STATE_DIR)
        return self.root / STATE_DIR

    def config(self) -> dict:
        """workbench.toml as a mapping ({} when absent), parsed once for each content it has
        (every command asks for its tables many times); not to be modified. Bad TOML, or a
        file too large or nested too deep, is a FileProblem."""
        path = self.role_path(Role.CONFIG)
        if not path.is_file():
            return {}
        loaded = self.read(path)
        parsed = self._config
        if parsed is None or parsed[0] != loaded.sha256:
            parsed = (loaded.sha256, parse_toml(loaded.text, path))
            self._config = parsed
        return parsed[1]

    # --- chapters ----------------------------------------------------------------------

    def rescan(self) -> None:
        """Re-list the chapter files, ordered by the number in their names."""
        folder = self.root / self.layout.chapters_dir
        found: list[ChapterRef] = []
        if folder.is_dir():
            recursive = self.layout.recursive_chapters
            # A file that is no symlink, directly in a folder inside the project, is inside:
            # resolving each of a thousand chapters again was most of what listing cost.
            plain_inside = not recursive and is_inside(self.root, folder)
            for path, is_file, is_symlink in _chapter_files(folder, recursive):
                if not is_file:
                    continue
                plain = plain_inside and not is_symlink
                if not plain and not is_inside(self.root, path):
                    log.warning("%s leads outside the project; not listed", path)
                    continue
                parsed = chapter_number_from_name(path.stem)
                if parsed is None:
                    continue
                number, title = parsed
                if number > MAX_CHAPTER:
                    log.warning("%s: chapter number past %d; not listed", path, MAX_CHAPTER)
                    continue
                found.append(ChapterRef(number, path, title))
        found.sort(key=lambda ref: (ref.number, ref.path.as_posix()))
        if found != self.chapters:
            self.chapters = found
            self._listing = next(_LISTINGS)
            self._chapter_folders = tuple({folder, *(ref.path.parent for ref in found)})
            self._by_number = {}
            for ref in found:
                self._by_number.setdefault(ref.number, ref)
            self._by_path = {ref.path: ref for ref in found}
            self._listed = frozenset(self._by_path)

    def relist(self, paths: Iterable[Path]) -> bool:
        """Re-list the chapters when one of these changed files may have come, gone or been
        renamed (a listed chapter no longer there, a chapter file not listed); True when the
        listing changed. What the app does with the watcher's batch: re-listing stats every
        file of the chapters folder, which a save of one chapter need not cost."""
        folder = self.root / self.layout.chapters_dir
        for path in map(Path, paths):
            if path.suffix.lower() not in CHAPTER_SUFFIXES or not path.is_relative_to(folder):
                continue
            if (path in self._listed) != path.is_file():
                before = self._listing
                self.rescan()
                return self._listing != before
        return False

    @property
    def listing_version(self) -> int:
        """Changes whenever `chapters` does (a view keeps the version of its copy)."""
        return self._listing

    def chapter_stats(self) -> ChapterStats:
        """Each listed chapter's (mtime, size), re-taken only where something may have
        changed while a watcher reports changes (see book.chapter_stats), else every call."""
        return self.stat_keeper.current(
            self._listing, (ref.path for ref in self.chapters), self._chapter_folders
        )

    def files_changed(self, paths: Iterable[Path]) -> None:
        """A watcher's report that these files may have changed (any thread)."""
        self.stat_keeper.note(paths)

    def chapter(self, number: int) -> ChapterRef | None:
        """The chapter with this number (the first, if the number is duplicated)."""
        return self._by_number.get(number)

    def chapter_at(self, path: Path) -> ChapterRef | None:
        """The listed chapter whose file is `path` (as listed: not resolved), if any; a
        look-up, not a walk of a thousand refs (a save asked it several times)."""
        return self._by_path.get(Path(path))

    def chapter_title(self, ref: ChapterRef) -> str:
        """Title from the file name, else from the chapter's first heading."""
        return ref.title or title_from_heading(self.read(ref.path).text)

    def chapter_text(self, number: int) -> str:
        """The text of chapter N; a FileProblem if there is no such chapter."""
        ref = self.chapter(number)
        if ref is None:
            raise FileProblem(self.root / self.layout.chapters_dir, f"no chapter {number}")
        return self.read(ref.path).text

    def chapter_zi(self, ref: ChapterRef) -> int:
        """字 count of one chapter, cached by content hash."""
        return self._zi_of(ref.path)

    def _zi_of(self, path: Path) -> int:
        return self.text_zi(self.read(path))

    def text_zi(self, loaded: TextFile) -> int:
        """字 count of a file's content as read or written, cached by its hash: the tree, the
        writing statistics and the book's total count a text once between them."""
        if loaded.sha256 not in self._zi:
            self._zi[loaded.sha256] = count_zi(loaded.text)
        return self._zi[loaded.sha256]

    def remember_zi(self, loaded: TextFile, zi: int) -> None:
        """`zi` is the 字 count of `loaded.text`, counted by the caller (the editor counts
        the text it saves as the author types): the next `text_zi` of it is a look-up."""
        self._zi[loaded.sha256] = zi

    def total_zi(self) -> int:
        """字 count of the whole book; after a change only the chapters whose stats changed
        are counted again (and, while a watcher reports changes, no chapter is statted)."""
        stats = self.chapter_stats()
        held = self._counted
        changed = None
        if held is not None and held[0] == self._listing:
            changed = self.stat_keeper.changes_since(held[1])
        if changed is None:
            counts = {ref.path: self._zi_of(ref.path) for ref in self.chapters}
        else:
            counts = held[2]
            if changed:
                counts = dict(counts)
                for path in changed & counts.keys():
                    counts[path] = self._zi_of(path)
        self._counted = (self._listing, stats.version, counts)
        return sum(counts.values())

    def new_chapter_path(self, number: int) -> Path:
        """Where chapter N goes when it is created, following this layout's naming."""
        width = max(3, len(str(number)))
        folder = self.root / self.layout.chapters_dir
        if self.layout.kind == "webnovel-writer":
            return folder / f"第{number:0{max(4, width)}d}章.md"
        return folder / f"ch{number:0{width}d}.md"

    def save_chapter(self, number: int, text: str, *, origin: str = "save") -> TextFile:
        """Write chapter N atomically (creating it if new) and list it."""
        ref = self.chapter(number)
        path = ref.path if ref else self.new_chapter_path(number)
        written = self.write(path, text, origin=origin)
        if ref is None:
            self.rescan()
        return written

    # --- plans and characters ----------------------------------------------------------

    def plan_file(self, number: int) -> Path | None:
        """The plan file for chapter N, if one exists."""
        folder = self.root / self.layout.plans_dir
        if not folder.is_dir():
            return None
        for path in sorted(folder.iterdir()):
            parsed = chapter_number_from_name(path.stem)
            if parsed and parsed[0] == number and path.suffix.lower() in CHAPTER_SUFFIXES:
                return path
        return None

    def chapter_for_path(self, path: Path) -> int | None:
        """The chapter a file belongs to: a chapter file's number, a plan file's chapter;
        None for every other file."""
        path = Path(path)
        ref = self.chapter_at(path)
        if ref is not None:
            return ref.number
        if path.parent == self.root / self.layout.plans_dir:
            parsed = chapter_number_from_name(path.stem)
            return parsed[0] if parsed else None
        return None

    def plan(self, number: int) -> Plan | None:
        """Chapter N's plan: its plan file, else its section of the volume's 详细大纲
        (webnovel-writer), else of the outline, else None."""
        path = self.plan_file(number)
        if path is not None:
            # The skeleton `new` wrote is no plan of this book, nor its example front matter.
            return plan_without_template(plan_from_file(number, path, self.read(path).text))
        volume = webnovel.volume_outline(self, number) if webnovel.is_webnovel(self) else None
        if volume is not None:
            plan = plan_from_outline(number, volume, self.read(volume).text)
            if plan is not None:
                return plan
        outline = self.read_role(Role.OUTLINE)
        if outline is None:
            return None
        # The template's `### 第1章 章名` placeholder is no plan.
        return plan_from_outline(number, outline.path, self.role_content(Role.OUTLINE) or "")

    def character_files(self) -> list[Path]:
        """Every character file: the protagonist's, the cast list, and the rest of the folder."""
        files = [self.role_path(Role.PROTAGONIST), self.role_path(Role.CHARACTERS)]
        files += [self.root / card for card in self.layout.character_cards]
        folder = self.root / self.layout.characters_dir
        if folder.is_dir():
            pattern = "**/*.md" if self.layout.recursive_characters else "*.md"
            found = folder.glob(pattern)
            files += sorted(p for p in found if p not in files)
        return [p for p in files if p.is_file() and is_inside(self.root, p)]

    def all_files(self) -> list[Path]:
        """Every Markdown/text file of the book, outside `.workbench/`."""
        result = []
        for dirpath, dirnames, filenames in os.walk(self.root):
            dirnames[:] = sorted(d for d in dirnames if not d.startswith("."))
            for name in sorted(filenames):
                if Path(name).suffix.lower() in (*CHAPTER_SUFFIXES, ".toml"):
                    result.append(Path(dirpath) / name)
        return result


def _chapter_files(folder: Path, recursive: bool) -> Iterator[tuple[Path, bool, bool]]:
    """(path, is a file, is a symlink) of each .md/.txt entry: a flat folder through
    scandir, whose entries know their type without a stat each (what listing a thousand
    chapters cost), a recursive one through rglob."""
    if recursive:
        for path in folder.rglob("*"):
            if path.suffix.lower() in CHAPTER_SUFFIXES:
                yield path, path.is_file(), path.is_symlink()
        return
    with os.scandir(folder) as entries:
        for entry in entries:
            if os.path.splitext(entry.name)[1].lower() not in CHAPTER_SUFFIXES:
                continue
            try:
                is_file = entry.is_file()  # follows a symlink, as Path.is_file
            except OSError:
                is_file = False
            yield Path(entry.path), is_file, entry.is_symlink()


def _file_stat(path: Path) -> os.stat_result:
    """The stat of a regular file; a FileProblem for a folder, a broken symlink or a path
    that is not there (so callers never see a bare traceback)."""
    try:
        stat = path.stat()
    except FileNotFoundError:
        if path.is_symlink():
            raise FileProblem(path, f"broken symlink (to {os.readlink(path)})") from None
        raise FileProblem(path, "no such file") from None
    except OSError as error:
        raise FileProblem(path, f"cannot read: {error.strerror or error}") from None
    refusal = gate.special_file(path, stat.st_mode)
    if refusal is not None:  # a folder, a named pipe, a device: never opened
        raise refusal
    if stat.st_size > MAX_FILE_BYTES:
        size = stat.st_size / (1024 * 1024)
        limit = MAX_FILE_BYTES // (1024 * 1024)
        raise FileProblem(path, f"{size:.0f} MB, larger than the {limit} MB a book file may be")
    return stat
