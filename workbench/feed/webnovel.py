"""Feed blocks from a webnovel-writer project's own files, where Workbench's are absent.

That tool feeds its setting files as the global layer (世界观.md, the character cards) and the
per-chapter summaries of the chapters before N (`.webnovel/summaries/chNNNN.md`, three of
them) as the core layer (see book/webnovel.py for where each fact was read). Workbench does the
same until its own files exist: references/fixed-context.md for the fixed layer, rolled-up
`滚动摘要 ChX-ChY` sections for the rolling layer. A Workbench project may keep per-chapter
summaries too (`references/chapter-summaries/`, where `workbench migrate` puts that tool's).
"""

from __future__ import annotations

import os
from pathlib import Path

from workbench.book import webnovel
from workbench.book.fixed_context import CAPS, FixedPart
from workbench.book.layout import Role
from workbench.book.project import Project
from workbench.book.rolling_summary import SUMMARY_CAP
from workbench.book.sections import find_section
from workbench.book.webnovel_meta import chapter_meta_lines, with_chapter_meta
from workbench.feed.model import Block, Group, Item, Layer, Status, zi
from workbench.feed.trim import demote_headings, first_sentences
from workbench.reasons import Reason

SUMMARY_SECTION = "剧情摘要"  # the section of a chapter summary that tool excerpts


def setting_text(project: Project, part: FixedPart) -> tuple[str, str] | None:
    """(text, source) of the setting files standing in for a fixed-layer summary, or None."""
    if not webnovel.is_webnovel(project):
        return None
    if part is FixedPart.WORLD:
        paths = [project.role_path(Role.WORLD)]
    elif part is FixedPart.CHARACTERS:
        paths = project.character_files()
    else:
        return None
    files = [project.read(path) for path in paths if path.is_file()]
    files = [loaded for loaded in files if loaded.text.strip()]
    if not files:
        return None
    text = "\n\n".join(demote_headings(loaded.text).strip("\n") for loaded in files)
    return text, "、".join(project.relative(loaded.path) for loaded in files)


def fixed_stand_in(block: Block, project: Project, part: FixedPart) -> None:
    """Fill a fixed-layer block from the setting files, when there are any."""
    found = setting_text(project, part)
    if found is not None:
        block.source, block.section, block.cap = found[1], "", CAPS[part]
        block.set_text(found[0], Status.COMPLETE, "")


def chapter_summary_blocks(project: Project, covered: int, before: int) -> tuple[list[Block], int]:
    """The per-chapter summaries of the (up to three) chapters before `before` that no
    rolled-up section covers, and the last chapter they cover (`covered` when there are none
    or one is missing)."""
    if not (project.root / project.layout.chapter_summaries_dir).is_dir():
        return [], covered
    first = max(covered + 1, before - webnovel.RECENT_SUMMARIES, 1)
    blocks, complete = [], True
    # That tool feeds each recent chapter's meta (hook, strand, disambiguation) with them.
    state = webnovel.read_state(project) if webnovel.is_webnovel(project) else {}
    for number in range(first, before):
        path = webnovel.summary_path(project, number)
        # A pipe, a folder or a symlink out in its place is read, and refused saying so.
        if not os.path.lexists(path) or not project.read(path).text.strip():
            complete = complete and project.chapter(number) is None
            continue
        blocks.append(
            Block(
                id=f"rolling.chapter_summary.{number}",
                layer=Layer.ROLLING,
                kind="summary",
                title=Reason("title.chapter_summary", number),
                source=project.relative(path),
                text=with_chapter_meta(
                    demote_headings(project.read(path).text), chapter_meta_lines(state, number)
                ),
                cap=SUMMARY_CAP,
                group=Group.CORE,
                required=True,
                chapter=number,
            )
        )
    return blocks, (before - 1 if blocks and complete else covered)


def volume_outline_name(project: Project, chapter: int) -> str | None:
    """`大纲/第1卷-详细大纲.md`, where that tool plans chapter N (None in other layouts)."""
    if not webnovel.is_webnovel(project):
        return None
    volume = webnovel.volume_of(webnovel.read_state(project), chapter)
    outline = project.role_path(Role.OUTLINE).parent
    name = webnovel.VOLUME_OUTLINE_NAMES[0].format(v=volume)
    return project.relative(outline / name)


def chapter_summary_path(project: Project, chapter: int) -> Path:
    """Where chapter N's own summary is kept (that tool's naming, in either layout)."""
    return webnovel.summary_path(project, chapter)


def chapter_summary_excerpt(project: Project, chapter: int, room: int) -> list[Item]:
    """A story-skeleton item from chapter N's own summary (its 剧情摘要 section when it has
    one, as that tool's `_extract_summary_excerpt` takes), or none."""
    path = webnovel.summary_path(project, chapter)
    if not os.path.lexists(path):
        return []
    text = project.read(path).text
    part = find_section(text, lambda title: SUMMARY_SECTION in title)
    gist = part.body(text) if part else text
    label = f"- 第{chapter}章（本章摘要）："
    excerpt = first_sentences(" ".join(gist.split()), room - zi(label))
    return (
        [Item(key=f"skeleton.{chapter}", text=label + excerpt, chapter=chapter)] if excerpt else []
    )
