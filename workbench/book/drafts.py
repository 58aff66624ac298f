"""Drafts an agent wrote, kept under `.workbench/drafts/` and never in a chapter file until the
author says so; saving or appending one to a chapter that has text keeps the old text as a
backup.

A draft file holds only the reply's text, so saving it as the chapter writes exactly that.
Its state is in its name: `…-streaming.md` while the reply arrives (rewritten as it grows,
so a crash keeps what came), then `…-done.md`, `…-cancelled.md` or `…-failed.md`. A reasoning
model's thinking is never part of the draft; kept only when the author asks, beside it as
`…-done.reasoning.md`.
"""

from __future__ import annotations

import logging
from datetime import UTC, datetime
from pathlib import Path

from workbench.book import gate
from workbench.book.project import Project
from workbench.book.textio import UTF8, TextFile

log = logging.getLogger(__name__)

DRAFTS_DIR = "drafts"
BACKUPS_DIR = "backups"
DRAFT_STATES = ("streaming", "done", "cancelled", "failed")
REASONING_SUFFIX = ".reasoning.md"
# Far past any model's output limit (64k tokens is about 100,000 字); more is a broken endpoint.
MAX_DRAFT_CHARS = 100_000


def _stamp() -> str:
    return datetime.now(UTC).strftime("%Y%m%dT%H%M%S%fZ")


def new_draft_path(project: Project, chapter: int, agent: str) -> Path:
    """A fresh draft file name for one reply (state `streaming`)."""
    name = f"ch{chapter:04d}-{agent}-{_stamp()}-streaming.md"
    return project.state_dir / DRAFTS_DIR / name


def write_draft(project: Project, path: Path, text: str) -> None:
    """Keep the draft's text so far (atomic, UTF-8), inside the project: a `.workbench/drafts`
    that leads out of it is refused (OutsideProject), as is anything but a file there."""
    gate.write_text(path, text, UTF8, root=project.root, entry=project.relative(path))


def finish_draft(project: Project, path: Path, text: str, state: str) -> Path:
    """Write the final text and rename the draft to its end state; returns the new path."""
    assert state in DRAFT_STATES, state
    write_draft(project, path, text)
    stem = path.stem.rsplit("-", 1)[0]
    target = path.with_name(f"{stem}-{state}.md")
    gate.rename(path, target, root=project.root)
    return target


def reasoning_path(draft: Path) -> Path:
    """Where a draft's reasoning is kept when the author asks for it."""
    return draft.with_name(draft.stem + REASONING_SUFFIX)


def keep_reasoning(project: Project, draft: Path, reasoning: str) -> Path:
    """Write the model's reasoning beside its draft (atomic, UTF-8); returns its path."""
    path = reasoning_path(draft)
    write_draft(project, path, reasoning)
    return path


def backup_chapter(project: Project, number: int) -> Path | None:
    """Copy chapter N's current text to `.workbench/backups/` (None when it has none)."""
    ref = project.chapter(number)
    if ref is None:
        return None
    current = project.read(ref.path)
    if not current.text.strip():
        return None
    target = project.state_dir / BACKUPS_DIR / f"{ref.path.stem}-{_stamp()}{ref.path.suffix}"
    gate.write_text(target, current.text, current.encoding, root=project.root)
    log.info("backed up %s to %s", project.relative(ref.path), project.relative(target))
    return target


def save_draft_to_chapter(
    project: Project, number: int, draft: str, *, append: bool
) -> tuple[TextFile, Path | None]:
    """Replace chapter N with the draft or append it to the end; either way any text the
    chapter had is backed up first, so an accept is always undoable from the backup.
    Returns what was written and the backup's path (None when nothing needed keeping)."""
    ref = project.chapter(number)
    current = project.read(ref.path).text if ref else ""
    backup = backup_chapter(project, number)
    if append and current.strip():
        joined = current.rstrip("\n") + "\n\n" + draft.strip("\n") + "\n"
        return project.save_chapter(number, joined, origin="draft"), backup
    text = draft.strip("\n") + "\n"
    written = project.save_chapter(number, with_heading(text, current, number), origin="draft")
    return written, backup


def with_heading(draft: str, current: str, number: int) -> str:
    """A model's draft seldom starts with a heading: saved as a new chapter it gets
    `# 第N章` (the tree, the tabs and the checklist name a chapter by its heading). A draft
    that replaces a chapter's text is written as it is."""
    if current.strip() or draft.lstrip().startswith("# "):
        return draft
    return f"# 第{number}章\n\n{draft}"
