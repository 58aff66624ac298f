"""The app's tokenizers count in child processes (gui/counting_process.py): the same numbers as
in the app's own process, a killed child replaced at the next count, a load's error raised
where the caller decides the fallback. The window's use of it is in test_start_imports.py."""

from __future__ import annotations

import multiprocessing
import os
import signal

import pytest

from workbench.gui import counting_process
from workbench.gui.counting_process import CountingProcess
from workbench.models.tokenizers import load_here


@pytest.fixture
def corpus_texts(corpus_copy) -> list[str]:
    text = corpus_copy.read_text(encoding="utf-8")
    return [text[start : start + 3000] for start in range(0, 60_000, 6000)] + ["", "风", "a b"]


@pytest.mark.parametrize("name", ["deepseek-v4", "qwen3.6"])
def test_a_child_counts_what_the_tokenizer_counts_here(name, corpus_texts):
    here = load_here(name)
    process = CountingProcess(name)
    try:
        assert [process.count(text) for text in corpus_texts] == [here(t) for t in corpus_texts]
        assert process.pid is not None and process.pid != os.getpid()
    finally:
        process.stop()
    assert process.pid is None


def test_a_killed_child_is_replaced_at_the_next_count(corpus_texts):
    process = CountingProcess("cl100k_base")
    try:
        first = process.count(corpus_texts[0])
        killed = process.pid
        assert killed is not None
        os.kill(killed, signal.SIGKILL)
        assert process.count(corpus_texts[0]) == first
        assert process.pid not in (None, killed)
    finally:
        process.stop()


def test_a_hung_child_is_killed_and_replaced(corpus_texts, monkeypatch):
    process = CountingProcess("cl100k_base")
    try:
        first = process.count(corpus_texts[1])
        hung = process.pid
        assert hung is not None
        os.kill(hung, signal.SIGSTOP)
        monkeypatch.setattr(counting_process, "COUNT_WAIT_S", 0.5)
        assert process.count(corpus_texts[1]) == first
        assert process.pid not in (None, hung)
        with pytest.raises(ProcessLookupError):
            os.kill(hung, 0)  # killed and reaped, not left stopped
    finally:
        process.stop()


def test_what_a_load_raises_in_the_child_is_raised_to_the_caller():
    process = CountingProcess("no-such-tokenizer")
    with pytest.raises(KeyError, match="no-such-tokenizer"):
        process.start()
    assert process.pid is None


@pytest.mark.parametrize("name", ["cl100k_base", "no-such-tokenizer"])
def test_a_child_whose_app_quit_while_it_loaded_ends_quietly(name):
    """The app closes its end before the child has said the tokenizer is loaded (a window shut
    at once): the child's serving function returns, no BrokenPipeError traceback on stderr."""
    app_end, child_end = multiprocessing.Pipe()
    app_end.close()
    counting_process._serve(name, child_end)  # in this process: what the child runs
