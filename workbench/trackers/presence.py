"""Who and what each chapter's text names: the cast (under any alias) and the trackers'
keywords, chapter by chapter. Relevance and the dormant-thread rule both read it, through
the same cached scanners, so a chapter's text is scanned once per content for both.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from workbench.book.project import Project
from workbench.trackers.cast import Cast, Scanner, load_cast, scan_chapters
from workbench.trackers.model import Trackers


@dataclass(frozen=True)
class Presence:
    """Chapter number -> the canonical names and the keywords its text contains."""

    cast: Cast
    names: Scanner
    characters: dict[int, frozenset[str]]
    keywords: dict[int, frozenset[str]]

    def frequent_before(self, chapter: int) -> set[str]:
        """Names named in more than half of the chapters before N (a weak signal at most)."""
        earlier = [found for number, found in self.characters.items() if number < chapter]
        counts = Counter(name for found in earlier for name in found)
        return {name for name, count in counts.items() if count > len(earlier) / 2}


def chapter_presence(project: Project, trackers: Trackers) -> Presence:
    """Scan every chapter for the cast (including names known only from the trackers) and
    for every keyword of the foreshadowing entries."""
    cast = load_cast(project).including(trackers.characters())
    forms = cast.forms()
    names = Scanner(forms)
    characters = {
        number: frozenset(forms[form] for form in found)
        for number, found in scan_chapters(project, names).items()
    }
    # All keywords, not one chapter's candidates', so the scan cache survives chapters.
    keywords = Scanner((k for e in trackers.foreshadowing for k in e.keywords), whole_names=False)
    return Presence(cast, names, characters, scan_chapters(project, keywords))
