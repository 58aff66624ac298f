"""Writing `references/rolling-summary.md` (book/rolling_summary.py reads it): the template a
new section must follow, and placing one section without touching any other byte.

Validation is strict about the template and lenient about two habits of chat models, which
carry no content: a fence around the whole answer (```markdown … ```) and a short chat line
before the heading ("好的，以下是摘要："). Both are dropped (and logged). Anything else that is
not exactly one section with the four headings in order, each non-empty, for the right range,
within 2200 字, is rejected with the reason.

Write-back: a section runs from its heading to the next `#`/`##` heading or the end of the
file, so text after the last section without a heading of its own counts as part of it. The
heading is always the seed's `## 滚动摘要 Ch6-Ch10` (the short `Ch6-10` is still read), and
the file keeps its line endings and encoding.
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass

from workbench.book.counting import count_zi
from workbench.book.rolling_summary import (
    SUMMARY_CAP,
    SUMMARY_TITLE,
    RollingSection,
    rolling_sections,
    summary_range,
)
from workbench.book.sections import Section, sections
from workbench.reasons import Reason
from workbench.summaries.errors import SummaryRejected

log = logging.getLogger(__name__)

SECTION_TITLES = (
    "主题进展与情感主弧",
    "核心角色当前心理状态与关系变化关键节点",
    "已埋设但未回收的重要伏笔清单",
    "当前世界/势力/主角状态概要",
)
FILE_TITLE = "# 滚动摘要"
MAX_PREAMBLE = 200  # characters of chat text dropped around an answer; more is rejected

_FENCED = re.compile(r"^(`{3,}|~{3,})[^\n]*\n(.*?)\n\1[ \t]*$", re.MULTILINE | re.DOTALL)
_HEADING_LINE = re.compile(r"^#{1,6}[ \t]", re.MULTILINE)


@dataclass(frozen=True)
class SummaryJob:
    """One range of chapters to summarise, e.g. chapters 6 to 10 ("Ch6-10")."""

    start: int
    end: int

    @property
    def label(self) -> str:
        """The range as the author reads it: "Ch6-10"."""
        return f"Ch{self.start}-{self.end}"

    @property
    def what(self) -> str:
        """What the job produces, for messages: "滚动摘要 Ch6-10"."""
        return Reason("title.rolling_summary", self.label)


def heading(job: SummaryJob) -> str:
    """The section's heading line, the seed's `## 滚动摘要 ChX-ChY`."""
    return f"## {SUMMARY_TITLE} Ch{job.start}-Ch{job.end}"


def validate_section(raw: str, job: SummaryJob) -> str:
    """The section in normal form (template heading, `\\n` newlines), or SummaryRejected."""
    text = _drop_wrapping(raw.replace("\r\n", "\n").strip(), job)
    parts = sections(text)
    top = [s for s in parts if s.level <= 2]
    if not top:
        raise SummaryRejected(job.what, Reason("summary.no_heading", heading(job)))
    first = top[0]
    preamble = text[: first.start].strip()
    if preamble:
        if len(preamble) > MAX_PREAMBLE or _HEADING_LINE.search(preamble):
            raise SummaryRejected(job.what, Reason("summary.text_before_heading"))
        log.info("%s: dropped a chat line before the heading: %r", job.what, preamble)
    if len(top) > 1:
        titles = Reason("list", *(repr(s.title) for s in top))
        raise SummaryRejected(job.what, Reason("summary.several_sections", len(top), titles))
    named = summary_range(first.title)
    if first.level != 2 or not named:
        not_level_2 = Reason("summary.heading_not_level_2", repr(first.title), heading(job))
        raise SummaryRejected(job.what, not_level_2)
    if named != (job.start, job.end):
        raise SummaryRejected(job.what, Reason("summary.heading_range", *named, job.label))
    _check_subsections(text, [s for s in parts if s.level == 3], job)
    normal = heading(job) + "\n" + text[first.body_start :].rstrip() + "\n"
    zi = count_zi(normal)
    if zi > SUMMARY_CAP:
        raise SummaryRejected(job.what, Reason("summary.over_cap", zi, SUMMARY_CAP))
    return normal


def _drop_wrapping(text: str, job: SummaryJob) -> str:
    fenced = _FENCED.search(text)
    if fenced:
        outside = (text[: fenced.start()] + text[fenced.end() :]).strip()
        if len(outside) <= MAX_PREAMBLE and not _HEADING_LINE.search(outside):
            log.info("%s: dropped a code fence around the output", job.what)
            return fenced.group(2).strip()
    return text


def _check_subsections(text: str, subs: list[Section], job: SummaryJob) -> None:
    titles = [s.title.strip() for s in subs]
    if titles != list(SECTION_TITLES):
        missing = [t for t in SECTION_TITLES if t not in titles]
        extra = [t for t in titles if t not in SECTION_TITLES]
        if missing:
            reason = Reason("summary.missing_sections", _headings(missing))
        elif extra:
            reason = Reason("summary.unexpected_sections", _headings(extra))
        else:
            reason = Reason("summary.sections_out_of_order")
        raise SummaryRejected(job.what, reason)
    for sub, title in zip(subs, titles, strict=True):
        if not sub.body(text).strip():
            raise SummaryRejected(job.what, Reason("summary.empty_section", title))


def _headings(titles: list[str]) -> Reason:
    return Reason("summary.sections", *(f"`### {title}`" for title in titles))


def hand_written_at(text: str | None, job: SummaryJob) -> RollingSection | None:
    """The section written by hand that a generated one for `job` would replace, if any."""
    same = [s for s in rolling_sections(text or "") if (s.first, s.last) == (job.start, job.end)]
    return same[0] if same and same[0].by_hand else None


def place_section(text: str | None, job: SummaryJob, section: str) -> str:
    """The file's new text with `section` (normal form) replacing its range or inserted in
    chapter order; every byte outside that range's own section is kept."""
    if text is None:
        return f"{FILE_TITLE}\n\n{section.strip()}\n"
    existing = rolling_sections(text)
    newline = "\r\n" if "\r\n" in text else "\n"
    lines = section.strip("\n").split("\n")
    new = newline.join([heading(job), *lines[1:]])
    same = [s for s in existing if (s.first, s.last) == (job.start, job.end)]
    if same:
        if len(same) > 1:
            log.warning("%s appears %d times; replacing the first", job.what, len(same))
        old = same[0].section
        whole = text[old.start : old.end]
        tail = whole[len(whole.rstrip()) :]  # the blank lines that separated it from the next
        return text[: old.start] + new + tail + text[old.end :]
    later = [s for s in existing if s.first > job.start]
    if later:
        position = min(later, key=lambda s: s.first).section.start
        return text[:position] + new + newline * 2 + text[position:]
    if not text or text.endswith(newline * 2):
        separator = ""
    elif text.endswith(newline):
        separator = newline
    else:
        separator = newline * 2
    return text + separator + new + newline
