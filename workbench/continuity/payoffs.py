"""Paid twice / never planted: a chapter that pays off (本章回收) a foreshadowing entry
already paid in an earlier chapter, or an entry whose 埋设章节 lies after the chapter that
pays it.

A payoff is recorded by the plot tracker's 状态 `已回收@N`, or by a line `本章回收：F003`
(several IDs separated by 、 or commas) in chapter N's plan or text — an HTML comment
`<!-- 本章回收：F003 -->` in the chapter is never fed or counted.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from workbench.continuity.findings import PAID_TWICE, PAID_UNPLANTED, Finding
from workbench.trackers.model import Foreshadowing

DECLARATION = re.compile(r"本章回收[ \t]*[：:][ \t]*([A-Za-z0-9_\-、，,；; \t]+)")
_ID = re.compile(r"[A-Za-z0-9_\-]+")


@dataclass(frozen=True)
class Payoff:
    """An entry paid off in a chapter, and where that is written."""

    entry: str
    chapter: int
    ref: str  # "references/plot-tracker.md:9", "chapters/ch009.md:40"
    line: int = 0  # the line in chapter N's text, when the chapter's text says it
    start: int = 0
    end: int = 0


def declared(text: str, chapter: int, where: str, in_chapter: bool) -> list[Payoff]:
    """The `本章回收：…` declarations of a plan's or a chapter's text."""
    found = []
    offset = 0
    for number, line in enumerate(text.split("\n"), start=1):
        for match in DECLARATION.finditer(line):
            for entry in _ID.finditer(match.group(1)):
                span = (
                    offset + match.start(1) + entry.start(),
                    offset + match.start(1) + entry.end(),
                )
                found.append(
                    Payoff(
                        entry.group(),
                        chapter,
                        f"{where}:{number}",
                        *((number, *span) if in_chapter else (0, 0, 0)),
                    )
                )
        offset += len(line) + 1
    return found


def tracker_payoffs(entries: list[Foreshadowing]) -> list[Payoff]:
    """The plot tracker's `已回收@N` states."""
    return [
        Payoff(entry.id, entry.resolved_at, f"{entry.source}:{entry.line}")
        for entry in entries
        if entry.resolved_at is not None
    ]


def payoff_findings(
    chapter: int, payoffs: list[Payoff], entries: dict[str, Foreshadowing]
) -> list[Finding]:
    """Chapter N's payoffs of an entry paid in an earlier chapter, or planted after N."""
    findings = []
    reported: set[tuple[str, str]] = set()
    here = [p for p in payoffs if p.chapter == chapter]
    for payoff in sorted(here, key=lambda p: (p.line == 0, p.ref)):
        entry = entries.get(payoff.entry)
        earlier = sorted(
            (p for p in payoffs if p.entry == payoff.entry and p.chapter < chapter),
            key=lambda p: p.chapter,
        )
        text = payoff.entry
        if earlier and (PAID_TWICE, payoff.entry) not in reported:
            reported.add((PAID_TWICE, payoff.entry))
            first = earlier[0]
            findings.append(
                Finding(
                    PAID_TWICE,
                    chapter,
                    payoff.line,
                    text,
                    f"伏笔 {payoff.entry} 已在第{first.chapter}章回收（{first.ref}），"
                    f"第{chapter}章又回收一次（{payoff.ref}）",
                    (first.ref, payoff.ref),
                    payoff.start,
                    payoff.end,
                )
            )
        if entry is not None and entry.planted is not None and entry.planted > chapter:
            if (PAID_UNPLANTED, payoff.entry) in reported:
                continue
            reported.add((PAID_UNPLANTED, payoff.entry))
            planted_ref = f"{entry.source}:{entry.line}"
            findings.append(
                Finding(
                    PAID_UNPLANTED,
                    chapter,
                    payoff.line,
                    text,
                    f"伏笔 {payoff.entry} 的埋设章节是第{entry.planted}章（{planted_ref}），"
                    f"却在第{chapter}章回收（{payoff.ref}）：回收在埋设之前",
                    (planted_ref, payoff.ref),
                    payoff.start,
                    payoff.end,
                )
            )
    return findings
