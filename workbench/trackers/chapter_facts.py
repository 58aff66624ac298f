"""Each chapter's title and 字 count, as the app's project tree shows them, from the chapter
scans' cache file when it knows the chapter's stat (`.workbench/scan-cache.json`, shared with
trackers/scan_store.py), else read and counted once and recorded there: a warm open of a
1000-chapter book reads no chapter for its tree."""

from __future__ import annotations

import logging
from collections.abc import Iterable
from pathlib import Path

from workbench.book.chapter_stats import file_stat
from workbench.book.naming import title_from_heading
from workbench.book.project import ChapterRef, Project
from workbench.errors import WorkbenchError
from workbench.trackers.cache import project_cache

log = logging.getLogger(__name__)

# A chapter's title and 字 count; None for a file that cannot be read.
ChapterFact = tuple[str, int] | None


def chapter_facts(project: Project, refs: Iterable[ChapterRef]) -> dict[Path, ChapterFact]:
    """Title (from the file name, else the first heading) and 字 count of each chapter."""
    store = project_cache(project).store
    skip = len(str(project.root)) + 1  # chapters are listed inside the root
    facts: dict[Path, ChapterFact] = {}
    for ref in refs:
        name = str(ref.path)[skip:]
        stat = file_stat(ref.path)
        sha = store.known_hash(name, stat) if stat is not None else None
        known = store.facts(sha) if sha is not None else None
        if known is None:
            try:
                loaded = project.read(ref.path)
                known = (project.chapter_zi(ref), title_from_heading(loaded.text))
            except (OSError, WorkbenchError) as error:
                log.warning("cannot read %s: %s", ref.path, error)
                facts[ref.path] = None
                continue
            if stat is not None:
                store.remember_facts(name, stat, loaded.sha256, *known)
        zi, heading = known
        facts[ref.path] = (ref.title or heading, zi)
    return facts
