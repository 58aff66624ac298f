"""What the draft tab says of a call: its usage line, and token counts of growing texts."""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from workbench.calls.report import money
from workbench.calls.usage import UsageRecord
from workbench.feed.tokens import TokenCounter

# Tokens are counted as a text grows, piece by piece up to its last line break; the open
# line is counted afresh each time, folded in once it is this long (a reply with no breaks).
OPEN_LINE_CHARS = 2000


class GrowingCount:
    """Tokens of a text that only grows (a streamed reply), counting only what is new since
    the last time: the whole reply a few times a second would stall the screen on a long one.
    Uncached, so the shared token cache stays free of every intermediate text."""

    def __init__(self, counter: TokenCounter) -> None:
        self.counter = counter
        self.counted = 0  # characters whose tokens are in counted_tokens
        self.counted_tokens = 0

    def tokens(self, text: str) -> int:
        """Tokens of `text`, which extends the text last counted (else counting restarts)."""
        if len(text) < self.counted:  # the reply was refused and dropped
            self.counted = self.counted_tokens = 0
        cut = text.rfind("\n", self.counted) + 1
        if len(text) - max(cut, self.counted) > OPEN_LINE_CHARS:
            cut = len(text)
        if cut > self.counted:
            self.counted_tokens += self.counter.count_uncached(text[self.counted : cut])
            self.counted = cut
        rest = text[self.counted :]
        return self.counted_tokens + (self.counter.count_uncached(rest) if rest else 0)


def usage_text(record: UsageRecord) -> str:
    """`Usage: 12,345 prompt tokens (cache hit 83.0%) · 2,100 out · 0.0031 USD · thinking 800`,
    in the UI language."""
    hit, miss = record.cache_hit_tokens, record.cache_miss_tokens
    if hit is None or miss is None or not hit + miss:
        share = QCoreApplication.translate("UsageLine", "cache not reported")
    else:
        share = QCoreApplication.translate("UsageLine", "cache hit %1").replace(
            "%1", f"{hit / (hit + miss):.1%}"
        )
    cost = (
        money({record.currency: record.cost})
        if record.cost is not None
        else QCoreApplication.translate("UsageLine", "no prices set")
    )
    text = (
        QCoreApplication.translate("UsageLine", "Usage: %1 prompt tokens (%2) · %3 out · %4")
        .replace("%1", f"{record.prompt_tokens:,}")
        .replace("%2", share)
        .replace("%3", f"{record.completion_tokens:,}")
        .replace("%4", cost)
    )
    if record.reasoning_tokens:
        text += QCoreApplication.translate("UsageLine", " · thinking %1").replace(
            "%1", f"{record.reasoning_tokens:,}"
        )
    if record.estimated:
        text += QCoreApplication.translate(
            "UsageLine", " · estimated: the server reported no usage"
        )
    return text
