"""The `offline` backend: an extractive draft, deterministic, with no network.

It picks sentences rather than writing new ones, so it says so on its first line. Each of
the template's four sections is filled from what the book already holds: the chapters (key
sentences per chapter; the most named characters and their latest key sentences), the
previous summary (foreshadowing and state carried over) and the plot tracker (open
foreshadowing by ID, when the trackers package can read it).
"""

from __future__ import annotations

import threading

from workbench.book.fixed_context import PART_TITLES
from workbench.book.project import Project
from workbench.book.sections import sections
from workbench.reasons import Reason
from workbench.summaries import extract
from workbench.summaries.errors import SummaryCancelled
from workbench.summaries.offline_fixed import fixed_part
from workbench.summaries.requests import FixedRequest, Progress, RollingRequest
from workbench.summaries.rolling import SECTION_TITLES, heading
from workbench.summaries.sources import cast_names, open_foreshadowing, protagonist

DRAFT_MARK = "（离线草稿：抽取式摘要，未经模型改写）"
CARRIED_OVER = "前情："  # the state before the range, from the previous summary
NO_STATE = "本段章节中未找到可抽取的状态描述。"
# Shares of the 2200-字 cap; the rest is headings and the draft line.
BUDGETS = (750, 550, 480, 300)
PRINCIPALS = 6
UNREGISTERED = "待登记"  # a hook sentence not (yet) in the plot tracker
# Words that place the story: where people are, what they hold, how strong they are.
STATE_WORDS = (
    "州", "郡", "城", "关", "营", "军", "兵", "国", "宗", "门", "境", "修为", "突破", "势力",
    "来到", "回到", "前往", "据", "屯", "守", "占", "逃",
)  # fmt: skip


class OfflineBackend:
    """Extractive summaries with jieba keyword scoring."""

    name = "offline"
    draft = True
    reads_material = False  # the chapters and the previous summary are all it reads

    def rolling(
        self, request: RollingRequest, *, cancel: threading.Event | None, progress: Progress
    ) -> str:
        """A `## 滚动摘要` section built from the request's chapters and previous summary."""
        progress(Reason("progress.extracting_sentences"))
        draft = _Draft(request)
        _check(cancel, request)
        principals = _principals(request.project, draft.whole)
        _check(cancel, request)
        bodies = [
            draft.arc(),
            draft.characters(principals),
            draft.foreshadowing(BUDGETS[2]),
            draft.state(),
        ]
        lines = [heading(request.job), DRAFT_MARK, ""]
        for title, body, budget in zip(SECTION_TITLES, bodies, BUDGETS, strict=True):
            kept = extract.fit(body, budget) or body[:1]
            lines += [f"### {title}", "", *kept, ""]
        return "\n".join(lines)

    def fixed(
        self, request: FixedRequest, *, cancel: threading.Event | None, progress: Progress
    ) -> str:
        """An extractive summary of one fixed-layer part."""
        progress(Reason("progress.extracting", PART_TITLES[request.part]))
        return fixed_part(request)


def _principals(project: Project, whole: str) -> list[tuple[str, int, tuple[str, ...]]]:
    """The most named characters — from the cast list, topped up by jieba's person-name tags
    when the list misses some — each with its mention count and every name it goes by."""
    cast = cast_names(project)
    named = extract.cast_mentions(whole, cast)[:PRINCIPALS] if cast else []
    found = [(name, count, (name, *cast[name])) for name, count in named]
    if len(found) < PRINCIPALS:
        known = {n for _, _, names in found for n in names}
        for name, count in extract.person_names(whole, PRINCIPALS):
            if len(found) < PRINCIPALS and not any(name in k or k in name for k in known):
                found.append((name, count, (name,)))
    return found


class _Draft:
    """The sentences of one range, and which of them a section has already used (so no
    sentence appears twice)."""

    def __init__(self, request: RollingRequest) -> None:
        self.request = request
        self.whole = "\n".join(chapter.text for chapter in request.chapters)
        self.weights = extract.keywords(self.whole)
        self.per_chapter: list[list[extract.Sentence]] = []
        position = 0
        for chapter in request.chapters:
            found = extract.split_sentences(chapter.text, chapter.number, position)
            position += len(found)
            if found:
                self.per_chapter.append(found)
        self.everything = [s for found in self.per_chapter for s in found]
        self.used: set[str] = set()

    def pick(self, candidates: list[extract.Sentence], count: int) -> list[extract.Sentence]:
        """The best `count` sentences not used yet, in text order; marks them used."""
        fresh = [s for s in candidates if s.text not in self.used]
        chosen = extract.ranked(fresh, self.weights)[:count]
        self.used.update(s.text for s in chosen)
        return sorted(chosen, key=lambda s: s.position)

    def arc(self) -> list[str]:
        """Keywords, then each chapter's key sentences: the turns the range went through."""
        top_words = "、".join(list(self.weights)[:8])
        lines = [f"- 关键词：{top_words}"] if top_words else []
        for found in self.per_chapter:
            best = self.pick(found, 2)
            lines.append(f"- 第{found[0].chapter}章：" + "".join(s.text for s in best))
        return lines

    def characters(self, principals: list[tuple[str, int, tuple[str, ...]]]) -> list[str]:
        """Each principal's key sentence from the latest chapter they are in, then the key
        sentences naming two of them (relationship turns)."""
        lines = []
        for name, mentions, names in principals:
            about = [s for s in self.everything if any(n in s.text for n in names)]
            if not about:
                continue
            # The latest chapter a character is in says most about where they stand now.
            latest = max(s.chapter for s in about)
            best = self.pick([s for s in about if s.chapter == latest], 1)
            text = best[0].text if best else "（本段关键句已在上文列出）"
            lines.append(f"- **{name}**（提及{mentions}次，至第{latest}章）：{text}")
        pairs = [
            s
            for s in self.everything
            if sum(1 for _, _, names in principals if any(n in s.text for n in names)) >= 2
        ]
        for sentence in self.pick(pairs, 2):
            lines.append(f"- 关系节点（第{sentence.chapter}章）：{sentence.text}")
        return lines

    def foreshadowing(self, budget: int) -> list[str]:
        """Open foreshadowing (the most important, when not all fit), then this range's
        open questions not registered anywhere."""
        # Registered entries carry over; the previous draft's unregistered hooks do not, or
        # they would pile up range after range and crowd out this range's own.
        request = self.request
        by_importance, in_order = open_foreshadowing(
            request.project, request.job.end, request.previous_summary
        )
        # The previous draft's unregistered hooks are not carried over, or they would pile
        # up range after range and crowd out this range's own.
        registered = [f"- {item}" for item in by_importance if not item.startswith(UNREGISTERED)]
        kept = set(extract.fit(registered, budget))
        lines = [f"- {item}" for item in in_order if f"- {item}" in kept]
        hooks = [s for s in self.everything if any(m in s.text for m in extract.HOOK_MARKS)]
        for sentence in self.pick(hooks, 3):
            lines.append(f"- {UNREGISTERED}（第{sentence.chapter}章）：{sentence.text}")
        return lines or ["- 暂无已登记的伏笔；本段未见明显悬念句。"]

    def state(self) -> list[str]:
        """Where things stood before the range, and the last chapters' state sentences."""
        lines = []
        earlier = _latest_state(_section_body(self.request.previous_summary, SECTION_TITLES[3]))
        if earlier:
            lines.append(f"- {CARRIED_OVER}{earlier}")
        hero = protagonist(self.request.project)
        for found in self.per_chapter[-2:]:
            placed = [s for s in found if any(w in s.text for w in STATE_WORDS)]
            # The template asks for the protagonist's situation; prefer sentences about them.
            about_hero = [s for s in placed or found if hero and hero in s.text]
            best = self.pick(about_hero or placed or found, 2)
            if best:
                lines.append(f"- 第{found[0].chapter}章：" + "".join(s.text for s in best))
        return lines or [f"- {NO_STATE}"]


def _latest_state(earlier: str) -> str:
    """The previous summary's most recent state: its last list item that is neither carried
    over itself (or they would nest, 前情：前情：…) nor the no-state note; else its first
    sentence (a summary written by hand need not be a list)."""
    items = [line.strip()[2:].strip() for line in earlier.splitlines()]
    items = [
        item
        for item, line in zip(items, earlier.splitlines(), strict=True)
        if line.strip().startswith(("- ", "* "))
        and not item.startswith(CARRIED_OVER)
        and item != NO_STATE
    ]
    if items:
        return items[-1]
    first = extract.split_sentences(earlier)
    return first[0].text.removeprefix(CARRIED_OVER) if first else ""


def _section_body(text: str, title: str) -> str:
    # Any level: the feed hands the previous summary over with its headings moved down.
    for section in sections(text):
        if section.title.strip() == title:
            return section.body(text)
    return ""


def _check(cancel: threading.Event | None, request: RollingRequest) -> None:
    if cancel is not None and cancel.is_set():
        raise SummaryCancelled(request.job.what)
