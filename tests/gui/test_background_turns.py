"""Helpers that read the book take turns: their jobs run one at a time between them, a helper
that does not take turns is never held up by them, a job that goes stale while it waits for
its turn never runs, and one waiting on another process (a tokenizer's counting child) gives
its turn up meanwhile."""

from __future__ import annotations

import threading

import pytest

from workbench.gui import turns
from workbench.gui.background import Background, Job


@pytest.fixture
def gate():
    """Holds a job inside its turn until the test opens it (opened at teardown, pass or fail)."""
    opened = threading.Event()
    yield opened
    opened.set()


def _holding(_job: Job, gate: threading.Event, ran: list[str], name: str) -> str:
    ran.append(f"{name} in")
    assert gate.wait(10), "the test never opened the gate"
    ran.append(f"{name} out")
    return name


def _noting(_job: Job, ran: list[str], name: str) -> str:
    ran.append(name)
    return name


def test_turn_takers_run_one_at_a_time_and_others_are_not_held(qapp, qtbot, gate) -> None:
    tree, snapshot = Background("tree", turn=turns.TREE), Background("snapshot", turn=turns.GLANCE)
    sender = Background("sender")  # waits on the network: takes no turn
    ran, delivered = [], []
    for helper in (tree, snapshot, sender):
        helper.delivered.connect(delivered.append)
    with qtbot.waitSignal(tree.started, timeout=10_000):
        tree.submit(_holding, gate, ran, "tree")
    qtbot.waitUntil(lambda: ran == ["tree in"], timeout=10_000)
    with qtbot.waitSignal(snapshot.started, timeout=10_000):  # its thread runs, and waits
        snapshot.submit(_noting, ran, "snapshot")
    with qtbot.waitSignal(sender.delivered, timeout=10_000):
        sender.submit(_noting, ran, "sender")
    assert ran == ["tree in", "sender"], "the snapshot ran beside the tree, or the sender waited"
    gate.set()
    qtbot.waitUntil(lambda: len(delivered) == 3, timeout=10_000)
    assert ran == ["tree in", "sender", "tree out", "snapshot"]
    assert delivered == ["sender", "tree", "snapshot"]
    assert all(helper.shut_down(10) for helper in (tree, snapshot, sender))


def test_a_job_gone_stale_while_waiting_for_its_turn_never_runs(qapp, qtbot, gate) -> None:
    tree = Background("tree", turn=turns.TREE)
    feed = Background("feed", latest_only=True, turn=turns.FEED)
    ran, delivered, dropped = [], [], []
    feed.delivered.connect(delivered.append)
    feed.dropped.connect(dropped.append)
    with qtbot.waitSignal(tree.started, timeout=10_000):
        tree.submit(_holding, gate, ran, "tree")
    with qtbot.waitSignal(feed.started, timeout=10_000):
        stale = feed.submit(_noting, ran, "feed for the old text")
    newest = feed.submit(_noting, ran, "feed for the new text")  # the author typed on
    with qtbot.waitSignal(feed.dropped, timeout=10_000):  # it left the queue for the turn
        pass
    assert dropped == [stale] and ran == ["tree in"]
    gate.set()
    qtbot.waitUntil(lambda: delivered == ["feed for the new text"], timeout=10_000)
    assert ran == ["tree in", "tree out", "feed for the new text"]
    assert feed.latest_id == newest
    assert tree.shut_down(10) and feed.shut_down(10)


def test_a_helper_waiting_for_its_turn_shuts_down_at_once(qapp, qtbot, gate) -> None:
    tree, snapshot = Background("tree", turn=turns.TREE), Background("snapshot", turn=turns.GLANCE)
    ran = []
    with qtbot.waitSignal(tree.started, timeout=10_000):
        tree.submit(_holding, gate, ran, "tree")
    with qtbot.waitSignal(snapshot.started, timeout=10_000):
        snapshot.submit(_noting, ran, "snapshot")
    assert snapshot.shut_down(10), "closing the window waited for another helper's job"
    assert ran == ["tree in"]
    gate.set()
    assert tree.shut_down(10)


def _waiting_elsewhere(_job: Job, gate: threading.Event, ran: list[str], name: str) -> str:
    ran.append(f"{name} in")
    with turns.turn_given_up():  # as a count waits for its child's answer
        assert gate.wait(10), "the test never opened the gate"
    ran.append(f"{name} out")
    return name


def test_a_job_waiting_on_another_process_lets_the_next_reader_compute(qapp, qtbot, gate) -> None:
    feed, tree = Background("feed", turn=turns.FEED), Background("tree", turn=turns.TREE)
    ran, delivered = [], []
    for helper in (feed, tree):
        helper.delivered.connect(delivered.append)
    with qtbot.waitSignal(feed.started, timeout=10_000):
        feed.submit(_waiting_elsewhere, gate, ran, "feed")
    qtbot.waitUntil(lambda: ran == ["feed in"], timeout=10_000)
    with qtbot.waitSignal(tree.delivered, timeout=10_000):
        tree.submit(_noting, ran, "tree")
    with turns.turn_given_up():  # a thread without the turn (the GUI's) is not held up
        ran.append("gui")
    gate.set()
    qtbot.waitUntil(lambda: delivered == ["tree", "feed"], timeout=10_000)
    assert ran == ["feed in", "tree", "gui", "feed out"]
    assert feed.shut_down(10) and tree.shut_down(10)


def test_the_feed_goes_before_the_readers_that_waited_longer(qapp, qtbot, gate) -> None:
    tree = Background("tree", turn=turns.TREE)
    snapshot, feed = Background("snapshot", turn=turns.GLANCE), Background("feed", turn=turns.FEED)
    ran, delivered = [], []
    for helper in (tree, snapshot, feed):
        helper.delivered.connect(delivered.append)
    with qtbot.waitSignal(tree.started, timeout=10_000):
        tree.submit(_holding, gate, ran, "tree")
    snapshot.submit(_noting, ran, "snapshot")  # asked first
    qtbot.waitUntil(lambda: turns.queued() == 1, timeout=10_000)
    feed.submit(_noting, ran, "feed")  # the panel the author reads
    qtbot.waitUntil(lambda: turns.queued() == 2, timeout=10_000)
    gate.set()
    qtbot.waitUntil(lambda: len(delivered) == 3, timeout=10_000)
    assert ran == ["tree in", "tree out", "feed", "snapshot"]
    assert all(helper.shut_down(10) for helper in (tree, snapshot, feed))
