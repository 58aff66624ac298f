"""Totals of usage.jsonl by chapter, agent, day or model, and for the whole book: as plain
data (what `workbench usage --format json` prints and the app's 用量 view shows) and as
Markdown tables."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from workbench.calls.usage import UsageRecord

GROUPINGS = ("chapter", "agent", "day", "model")
NO_CHAPTER = "—"  # calls that belong to no chapter (the fixed context)


@dataclass
class UsageTotals:
    """Sums over some calls. Cache figures sum the calls whose server reported them."""

    key: str
    calls: int = 0
    prompt_tokens: int = 0
    completion_tokens: int = 0
    cache_hit_tokens: int = 0
    cache_miss_tokens: int = 0
    reasoning_tokens: int = 0
    seconds: float = 0.0
    cost: dict[str, float] = field(default_factory=dict)  # currency -> amount
    unpriced_calls: int = 0  # calls without a cost (no prices set, or a local server)
    estimated_calls: int = 0

    def add(self, record: UsageRecord) -> None:
        """Count one more call."""
        self.calls += 1
        self.prompt_tokens += record.prompt_tokens
        self.completion_tokens += record.completion_tokens
        self.cache_hit_tokens += record.cache_hit_tokens or 0
        self.cache_miss_tokens += record.cache_miss_tokens or 0
        self.reasoning_tokens += record.reasoning_tokens or 0
        self.seconds += record.seconds
        if record.cost is None:
            self.unpriced_calls += 1
        else:
            self.cost[record.currency] = self.cost.get(record.currency, 0.0) + record.cost
        self.estimated_calls += record.estimated

    @property
    def cache_hit_share(self) -> float | None:
        """Hit / (hit + miss) over the prompt tokens whose cache result was reported."""
        known = self.cache_hit_tokens + self.cache_miss_tokens
        return self.cache_hit_tokens / known if known else None

    def data(self) -> dict:
        """As JSON-ready data (costs rounded to a millionth, seconds to a thousandth)."""
        share = self.cache_hit_share
        return {
            "key": self.key,
            "calls": self.calls,
            "prompt_tokens": self.prompt_tokens,
            "completion_tokens": self.completion_tokens,
            "cache_hit_tokens": self.cache_hit_tokens,
            "cache_miss_tokens": self.cache_miss_tokens,
            "cache_hit_share": None if share is None else round(share, 4),
            "reasoning_tokens": self.reasoning_tokens,
            "seconds": round(self.seconds, 3),
            "cost": {currency: round(amount, 6) for currency, amount in sorted(self.cost.items())},
            "unpriced_calls": self.unpriced_calls,
            "estimated_calls": self.estimated_calls,
        }


def group_key(record: UsageRecord, by: str) -> str:
    """The row a call belongs to when grouping `by`."""
    if by == "chapter":
        return NO_CHAPTER if record.chapter is None else str(record.chapter)
    if by == "agent":
        return record.agent
    if by == "day":
        return record.day
    return record.model


def _sort_key(by: str, key: str) -> tuple:
    if by == "chapter":
        return (0, int(key)) if key.isdigit() else (1, 0)
    return (0, key)


def grouped(records: Iterable[UsageRecord], by: str) -> list[UsageTotals]:
    """One row per chapter / agent / day / model, in order (chapters by number)."""
    rows: dict[str, UsageTotals] = {}
    for record in records:
        key = group_key(record, by)
        rows.setdefault(key, UsageTotals(key)).add(record)
    return [rows[key] for key in sorted(rows, key=lambda k: _sort_key(by, k))]


def book_total(records: Iterable[UsageRecord]) -> UsageTotals:
    """Every call of the book."""
    total = UsageTotals("total")
    for record in records:
        total.add(record)
    return total


def usage_data(records: list[UsageRecord], by: str | None = None) -> dict:
    """The book's total and its rows by each grouping (or only `by`)."""
    groupings = GROUPINGS if by is None else (by,)
    return {
        "total": book_total(records).data(),
        "by": {name: [row.data() for row in grouped(records, name)] for name in groupings},
    }


def money(cost: dict[str, float], unpriced: int = 0) -> str:
    """`0.0123 USD`; `—` when nothing was priced."""
    text = " + ".join(f"{amount:.4f} {currency}" for currency, amount in sorted(cost.items()))
    if not text:
        return "—"
    return text + (f"（另 {unpriced} 次未定价）" if unpriced else "")


def share_text(share: float | None) -> str:
    """`83.0%`, or `—` when no server reported its cache."""
    return "—" if share is None else f"{share:.1%}"


HEADERS = ("调用", "输入 tokens", "缓存命中", "命中率", "输出 tokens", "思考 tokens", "秒", "费用")


def _cells(row: UsageTotals) -> list[str]:
    estimated = f"（{row.estimated_calls} 次为估算）" if row.estimated_calls else ""
    return [
        f"{row.calls}{estimated}",
        f"{row.prompt_tokens:,}",
        f"{row.cache_hit_tokens:,}",
        share_text(row.cache_hit_share),
        f"{row.completion_tokens:,}",
        f"{row.reasoning_tokens:,}",
        f"{row.seconds:.1f}",
        money(row.cost, row.unpriced_calls),
    ]


LABELS = {"chapter": "章节", "agent": "Agent", "day": "日期", "model": "模型"}


def usage_markdown(records: list[UsageRecord], by: str = "chapter") -> str:
    """The book's total, then a table by `by`."""
    total = book_total(records)
    lines = ["# 用量", "", f"全书合计：{' · '.join(_join(HEADERS, _cells(total)))}", ""]
    lines.append("| " + " | ".join((LABELS[by], *HEADERS)) + " |")
    lines.append("|" + "---|" * (len(HEADERS) + 1))
    for row in grouped(records, by):
        lines.append("| " + " | ".join((row.key, *_cells(row))) + " |")
    return "\n".join(lines) + "\n"


def _join(names: Iterable[str], values: Iterable[str]) -> list[str]:
    return [f"{name} {value}" for name, value in zip(names, values, strict=True)]
