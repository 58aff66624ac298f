"""`references/fixed-context.md`: the fixed layer, made from the world, character and
outline files, each part validated against its cap before anything is written."""

from __future__ import annotations

import logging
import re
import threading
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from workbench.book.counting import count_zi
from workbench.book.fixed_context import (
    CAPS,
    OUTLINE_SUMMARY_TITLE,
    FixedPart,
    render_fixed_context,
    source_hashes,
)
from workbench.book.layout import Role
from workbench.book.project import Project
from workbench.errors import ChangedOnDisk, WorkbenchError
from workbench.feed.trim import demote_headings
from workbench.llm.errors import LlmCancelled
from workbench.reasons import Reason
from workbench.summaries.errors import SummaryCancelled, SummaryRejected
from workbench.summaries.requests import FixedRequest, SummaryBackend

log = logging.getLogger(__name__)

WHAT = "references/fixed-context.md"
PART_SOURCES = {
    FixedPart.WORLD: (Role.WORLD,),
    FixedPart.CHARACTERS: (Role.PROTAGONIST, Role.CHARACTERS),
    FixedPart.OUTLINE: (Role.OUTLINE,),
}
_FENCED = re.compile(r"\A(`{3,}|~{3,})[^\n]*\n(.*?)\n\1[ \t]*\Z", re.DOTALL)


@dataclass(frozen=True)
class FixedContextJob:
    """Regenerating the whole fixed-context file: a job for the background summary queue."""

    label: str = "fixed-context.md"
    what: str = WHAT


def part_source(project: Project, part: FixedPart) -> str:
    """The source text of one part (the character files joined), or SummaryRejected."""
    roles = PART_SOURCES[part]
    if part is FixedPart.CHARACTERS:
        # The cast's reader loads with the first job, not with the summary queue the
        # window imports for its first paint (issue #28).
        from workbench.trackers.cast import character_text

        read = [character_text(project, p, project.read(p).text) for p in project.character_files()]
        texts = [text for text in read if text]
    else:
        # The author's lines only: a template's placeholders and examples are no content.
        texts = [text for role in roles if (text := project.role_content(role))]
    if not any(text.strip() for text in texts):
        names = Reason(
            "summary.sources", *(project.relative(project.role_path(role)) for role in roles)
        )
        raise SummaryRejected(WHAT, Reason("summary.part_source_missing", part.value, names))
    return "\n\n".join(text.strip() for text in texts)


def generate_fixed_context(
    project: Project,
    backend: SummaryBackend,
    *,
    cancel: threading.Event | None = None,
    on_progress: Callable[[str], None] | None = None,
) -> tuple[str, bool]:
    """The file's new text and whether the outline was compressed; SummaryRejected with the
    reason when a source is missing, the backend fails or a part breaks its cap."""

    def progress(message: str) -> None:
        log.debug("fixed context: %s", message)
        if on_progress is not None:
            on_progress(Reason("progress.job", Reason("progress.fixed_context"), message))

    sources = source_hashes(project)
    parts: dict[FixedPart, str] = {}
    outline = part_source(project, FixedPart.OUTLINE)
    compressed = count_zi(outline) > CAPS[FixedPart.OUTLINE]
    todo = [FixedPart.WORLD, FixedPart.CHARACTERS] + ([FixedPart.OUTLINE] if compressed else [])
    texts = {part: part_source(project, part) for part in todo}
    for part in todo:
        if cancel is not None and cancel.is_set():
            raise SummaryCancelled(WHAT)
        request = FixedRequest(project, part, texts[part])
        try:
            raw = backend.fixed(request, cancel=cancel, progress=progress)
        except LlmCancelled as error:
            raise SummaryCancelled(WHAT) from error
        except WorkbenchError as error:  # the endpoint failed, or a file could not be read
            failed = Reason("summary.part_failed", part.value, error.message)
            raise SummaryRejected(WHAT, failed) from error
        parts[part] = validate_part(part, raw, compressed=compressed)
    if not compressed:
        parts[FixedPart.OUTLINE] = validate_part(FixedPart.OUTLINE, outline, compressed=False)
    return render_fixed_context(parts, sources, outline_compressed=compressed), compressed


def validate_part(part: FixedPart, raw: str, *, compressed: bool) -> str:
    """One part's body: a fence around it and a heading repeating its name dropped, headings
    moved below level 2 (the file's parts are level 2); empty or over-cap is rejected."""
    text = raw.replace("\r\n", "\n").strip()
    fenced = _FENCED.match(text)
    if fenced:
        text = fenced.group(2).strip()
    title = OUTLINE_SUMMARY_TITLE if part is FixedPart.OUTLINE and compressed else part.value
    first = text.split("\n", 1)
    if first[0].lstrip("#").strip() in (title, part.value) and first[0].startswith("#"):
        text = first[1].strip() if len(first) > 1 else ""
    text = demote_headings(text)  # level 3, under the file's `##` parts
    if not text:
        raise SummaryRejected(WHAT, Reason("summary.part_empty", title))
    zi = count_zi(text)
    if zi > CAPS[part]:
        raise SummaryRejected(WHAT, Reason("summary.part_over_cap", title, zi, CAPS[part]))
    return text


def write_fixed_context(project: Project, text: str) -> Path:
    """Write the fixed-context file atomically; returns its path."""
    path = project.role_path(Role.FIXED_CONTEXT)
    try:
        project.update(path, lambda _current: text, origin="summary")  # whole, under the lock
    except ChangedOnDisk as error:
        raise SummaryRejected(WHAT, error.message) from error
    log.info("wrote %s", project.relative(path))
    return path
