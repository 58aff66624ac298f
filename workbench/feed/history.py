"""The feed history: every feed kept under `.workbench/feeds/`, and block-by-block diffs.

A saved feed is the Markdown `workbench feed --save` (or the app) wrote: its file name gives
the chapter, the agent, the UTC time and whether it was sent to a model; its first lines give
the totals and its closing verdict whether it was ready. Blocks are its `##` sections: the
feed demotes every heading inside a block below level 2, so a `## ` line always opens one.
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from workbench.book import gate
from workbench.book.project import Project
from workbench.errors import FileProblem
from workbench.feed.model import Feed

log = logging.getLogger(__name__)

FEEDS_DIR = "feeds"
STAMP_FORMAT = "%Y%m%dT%H%M%S%fZ"
SENT_SUFFIX = "-sent"
READY_VERDICT = "**上下文准备完成**"
OVERVIEW = "概要"  # the lines before the first block heading
_NAME = re.compile(r"^ch(\d+)-([A-Za-z]+)-(\d{8}T\d{12}Z)(-sent)?\.md$")
_TOTALS = re.compile(r"^- 合计：(\d+) 字 · (\d+) tokens", re.MULTILINE)


def feeds_dir(project: Project) -> Path:
    """Where a project keeps its saved feeds."""
    return project.state_dir / FEEDS_DIR


def feed_file_name(chapter: int, agent: str, *, sent: bool, fmt: str = "md") -> str:
    """`ch0012-MainWriter-20261201T101500123456Z-sent.md`: sortable by time within a chapter."""
    stamp = datetime.now(UTC).strftime(STAMP_FORMAT)
    return f"ch{chapter:04d}-{agent}-{stamp}{SENT_SUFFIX if sent else ''}.{fmt}"


def save_feed(project: Project, feed: Feed, text: str, fmt: str, *, sent: bool = False) -> Path:
    """Keep a prepared feed under `.workbench/feeds/` (chapter, agent, UTC time in the name;
    `sent` marks the one handed to a model)."""
    path = feeds_dir(project) / feed_file_name(feed.chapter, feed.agent, sent=sent, fmt=fmt)
    project.write(path, text)
    return path


@dataclass(frozen=True)
class SavedFeed:
    """One feed in the history, as its file name and first lines describe it."""

    path: Path
    root: Path  # the project's folder: the file is read through the gate, inside it
    chapter: int
    agent: str
    saved_at: datetime
    sent: bool
    chars: int
    tokens: int
    ready: bool

    def text(self) -> str:
        """The feed's Markdown exactly as it was saved."""
        return gate.read_text(self.path, root=self.root).text


def saved_feeds(project: Project, chapter: int | None = None) -> list[SavedFeed]:
    """Every saved Markdown feed (of one chapter, if given), newest first."""
    folder = feeds_dir(project)
    if not folder.is_dir():
        return []
    found = []
    for path in folder.iterdir():
        match = _NAME.match(path.name)
        if not match or not path.is_file():
            continue
        number = int(match.group(1))
        if chapter is not None and number != chapter:
            continue
        try:
            found.append(_describe(project.root, path, match))
        except (ValueError, OSError, FileProblem) as error:
            # A name no Workbench wrote (month 13, second 99) or a file that cannot be read:
            # left out of the history, never the reason the Prepare dialog cannot open.
            log.warning("%s: not listed in the feed history: %s", path, error)
    return sorted(found, key=lambda f: (f.saved_at, f.path.name), reverse=True)


def _describe(root: Path, path: Path, match: re.Match[str]) -> SavedFeed:
    saved_at = datetime.strptime(match.group(3), STAMP_FORMAT).replace(tzinfo=UTC)
    text = gate.read_text(path, root=root).text
    totals = _TOTALS.search(text)
    return SavedFeed(
        path=path,
        root=root,
        chapter=int(match.group(1)),
        agent=match.group(2),
        saved_at=saved_at,
        sent=bool(match.group(4)),
        chars=int(totals.group(1)) if totals else 0,
        tokens=int(totals.group(2)) if totals else 0,
        ready=READY_VERDICT in text,
    )


def last_sent(project: Project, chapter: int, agent: str) -> SavedFeed | None:
    """The feed most recently sent to `agent` for `chapter`, if any."""
    return next(
        (f for f in saved_feeds(project, chapter) if f.sent and f.agent == agent),
        None,
    )


# --- block-by-block diff ------------------------------------------------------------------


@dataclass(frozen=True)
class FeedSection:
    """One block of a feed's Markdown: its heading (without `## `) and its body."""

    heading: str
    body: str

    @property
    def key(self) -> str:
        """What identifies the block across feeds: the heading without its source in （）."""
        return re.sub(r"（[^（）]*）$", "", self.heading).strip()


def feed_sections(markdown: str) -> list[FeedSection]:
    """The overview, the checklist, each block and the ledger, in order."""
    sections: list[FeedSection] = []
    heading, lines = OVERVIEW, []
    for line in markdown.split("\n"):
        if line.startswith("## "):
            sections.append(FeedSection(heading, "\n".join(lines).strip("\n")))
            heading, lines = line[3:].strip(), []
        else:
            lines.append(line)
    sections.append(FeedSection(heading, "\n".join(lines).strip("\n")))
    return sections


@dataclass(frozen=True)
class BlockChange:
    """What became of one block between two feeds."""

    kind: str  # added / removed / changed / same
    heading: str
    text_diff: tuple[str, ...] = ()  # unified diff lines inside a changed block


def diff_feeds(old: str, new: str) -> list[BlockChange]:
    """Block by block, in the new feed's order (removed blocks where they stood in the old)."""
    old_sections = {s.key: s for s in feed_sections(old)}
    new_sections = feed_sections(new)
    new_keys = {s.key for s in new_sections}
    changes: list[BlockChange] = []
    old_order = list(old_sections)
    for section in new_sections:
        before = old_sections.get(section.key)
        if before is None:
            changes.append(BlockChange("added", section.heading))
        elif before.body == section.body and before.heading == section.heading:
            changes.append(BlockChange("same", section.heading))
        else:
            import difflib  # only when two saved feeds are compared

            lines = difflib.unified_diff(
                before.body.splitlines(), section.body.splitlines(), "旧", "新", lineterm="", n=1
            )
            changes.append(BlockChange("changed", section.heading, tuple(lines)))
    for index, key in enumerate(old_order):
        if key in new_keys:
            continue
        # Place a removed block after the block that preceded it in the old feed.
        anchor = next(
            (k for k in reversed(old_order[:index]) if k in new_keys),
            None,
        )
        at = 0
        if anchor is not None:
            at = next(i for i, c in enumerate(changes) if _key(c.heading) == anchor) + 1
            while at < len(changes) and changes[at].kind == "removed":
                at += 1
        changes.insert(at, BlockChange("removed", old_sections[key].heading))
    return changes


def _key(heading: str) -> str:
    return FeedSection(heading, "").key
