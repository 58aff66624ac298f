"""Model calls: the request a feed is sent as, what each call used and cost
(`.workbench/usage.jsonl`), and its totals by chapter, agent, day and model (no Qt)."""

from __future__ import annotations

from workbench.calls.prices import call_cost
from workbench.calls.report import GROUPINGS, UsageTotals, usage_data, usage_markdown
from workbench.calls.usage import (
    USAGE_FILE,
    UsageProblem,
    UsageRecord,
    read_usage,
    record_call,
    recorded_call,
    usage_path,
)

__all__ = [
    "GROUPINGS",
    "USAGE_FILE",
    "UsageProblem",
    "UsageRecord",
    "UsageTotals",
    "call_cost",
    "read_usage",
    "record_call",
    "recorded_call",
    "usage_data",
    "usage_markdown",
    "usage_path",
]
