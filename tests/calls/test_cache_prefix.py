"""Requests laid out for providers' prefix caches: on the 2M-字 benchmark book, chapters 41-45
for MainWriter, OOCGuardian, FinalReviewer and ReaderSimulator, each `feed --format messages`
request shares with every earlier one, byte for byte and block by block, everything up to the
end of the rolling summaries they have in common (and MainWriter's its skeleton too)."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

from workbench.cli.exits import EXIT_OK
from workbench.cli.main import main
from workbench.feed.history import feed_sections

REPO = Path(__file__).resolve().parents[2]
AGENTS = ("MainWriter", "OOCGuardian", "FinalReviewer", "ReaderSimulator")
CHAPTERS = range(41, 46)
SUMMARY = "滚动层 · 滚动摘要 "
SKELETON = "滚动层 · 故事骨架"


def _benchmark_book():  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("bench_feed", REPO / "benchmarks" / "feed.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def book(tmp_path_factory) -> Path:
    """The 2M-字 benchmark book, with a plan for each chapter of the session."""
    bench = _benchmark_book()
    if not bench.CORPUS.is_file():
        pytest.skip(f"corpus not found at {bench.CORPUS}")
    root = tmp_path_factory.mktemp("cache") / "book"
    chapters, zi = bench.build_project(root)
    assert chapters >= 400 and zi >= 2_000_000
    bench.write_session_plans(root, CHAPTERS)
    return root


def _request(root: Path, agent: str, chapter: int, capsys) -> dict:  # type: ignore[no-untyped-def]
    args = ["feed", str(root), "--agent", agent, "--chapter", str(chapter), "--format", "messages"]
    assert main(args) == EXIT_OK, capsys.readouterr().err
    return json.loads(capsys.readouterr().out)


def _stable_end(sections, upto: set[str]) -> int:  # type: ignore[no-untyped-def]
    """How many leading sections run to the last summary (or skeleton) both requests have."""
    last = max(i for i, s in enumerate(sections) if s.heading in upto)
    return last + 1


def _offset(text: str, sections, count: int) -> int:  # type: ignore[no-untyped-def]
    """Where the `count`-th section ends in the text."""
    last = sections[count - 1]
    heading = f"## {last.heading}\n"
    start = text.index(heading) if count > 1 else 0
    return text.index(last.body, start) + len(last.body)


def test_every_request_shares_the_stable_head_with_every_earlier_one(book, capsys):
    session = [
        (agent, chapter, _request(book, agent, chapter, capsys))
        for chapter in CHAPTERS
        for agent in AGENTS
    ]
    system = session[0][2]["messages"][0]
    assert all(body["messages"][0] == system for _, _, body in session)
    assert "第4" not in system["content"] and "MainWriter" not in system["content"]
    users = [(agent, chapter, body["messages"][1]["content"]) for agent, chapter, body in session]
    checked = with_skeleton = 0
    for i, (agent, chapter, text) in enumerate(users):
        sections = feed_sections(text)
        headings = {s.heading for s in sections}
        assert any(h.startswith(SUMMARY) for h in headings), (agent, chapter)
        for earlier_agent, earlier_chapter, earlier in users[:i]:
            before = feed_sections(earlier)
            common = {s.heading for s in before} & headings
            stable = {h for h in common if h.startswith(SUMMARY)}
            if agent == earlier_agent == "MainWriter":
                stable |= {h for h in common if h.startswith(SKELETON)}
                with_skeleton += any(h.startswith(SKELETON) for h in stable)
            assert stable, (agent, chapter, earlier_agent, earlier_chapter)
            count = _stable_end(sections, stable)
            assert count == _stable_end(before, stable)
            # Block by block: the same headings and the same text, in the same order ...
            assert [(s.heading, s.body) for s in sections[:count]] == [
                (s.heading, s.body) for s in before[:count]
            ], (agent, chapter, earlier_agent, earlier_chapter)
            # ... so the request text itself is byte-identical up to there.
            end = _offset(text, sections, count)
            assert text[:end] == earlier[:end]
            checked += 1
    assert checked == len(users) * (len(users) - 1) // 2
    assert with_skeleton == 10  # every pair of the five MainWriter requests
