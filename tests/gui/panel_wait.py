"""Waiting for the context panel: the newest requested feed is the one it shows."""

from __future__ import annotations


def settled(qtbot, panel, timeout: int = 20_000) -> None:
    """Wait until the newest requested feed is the one the context panel shows."""
    qtbot.waitUntil(
        lambda: (
            panel.current is not None
            and panel.current.job_id == panel.refresher.latest_id
            and not panel.refresher.is_busy()
            and not panel.debounce.isActive()
        ),
        timeout=timeout,
    )
