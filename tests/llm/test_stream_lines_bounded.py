"""A stream's lines are read in time linear in their length and refused past a bounded
length: one 10 MB line without a newline took 129 s of CPU (every piece re-split all that
was pending). A real server on 127.0.0.1 sends it; the client runs in a child process with
its memory capped (RLIMIT_AS, as prlimit sets it) and a time limit."""

from __future__ import annotations

import subprocess
import sys
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from bounded import MEMORY_CAP

LONG_LINE = 10 * 1024 * 1024
PIECE = 16 * 1024
TIME_LIMIT = 120  # seconds; the quadratic split took 129 s of CPU alone
CHILD = """
import os, sys
from workbench.llm import ChatClient, ClientConfig, LlmMalformedResponse
from workbench.settings import Settings
settings = Settings.model_validate({"llm": {"read_timeout": 30, "max_retries": 0}})
client = ChatClient(ClientConfig.from_settings(settings))
try:
    client.complete([{"role": "user", "content": "你好"}], stream=True)
except LlmMalformedResponse as error:
    print(error)
    sys.exit(1)
print("accepted")
"""


class _LongLine(BaseHTTPRequestHandler):
    def do_POST(self) -> None:
        self.rfile.read(int(self.headers.get("Content-Length", 0)))
        self.send_response(200)
        self.send_header("Content-Type", "text/event-stream")
        self.end_headers()
        self.wfile.write(b'data: {"choices": [{"delta": {"content": "')
        piece = "长" * (PIECE // 3)
        try:
            for _ in range(LONG_LINE // PIECE):
                self.wfile.write(piece.encode("utf-8"))
        except (BrokenPipeError, ConnectionResetError):
            return  # the client refused the line and hung up: what it should do

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture
def long_line_server() -> Iterator[str]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), _LongLine)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/v1"
    finally:
        server.shutdown()
        server.server_close()


def _cap_memory() -> None:
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_CAP, MEMORY_CAP))


def test_a_10_mb_line_without_a_newline_is_refused_quickly(long_line_server, monkeypatch):
    monkeypatch.setenv("WORKBENCH_LLM_BASE_URL", long_line_server)
    monkeypatch.setenv("WORKBENCH_LLM_MODEL", "test-model")
    monkeypatch.setenv("WORKBENCH_LLM_API_KEY", "sk-test-0123456789abcdef")
    result = subprocess.run(
        [sys.executable, "-c", CHILD],
        capture_output=True,
        text=True,
        timeout=TIME_LIMIT,
        preexec_fn=_cap_memory,
        check=False,
    )
    assert result.returncode == 1, result.stderr
    assert "a line of the stream is longer than 1 MB" in result.stdout
    assert "Traceback" not in result.stderr


def test_lines_split_across_pieces_and_crlf_are_read_whole(monkeypatch):
    monkeypatch.delenv("WORKBENCH_LLM_BASE_URL", raising=False)
    from workbench.llm.client import ChatClient, ClientConfig, _Deadline
    from workbench.settings import Settings

    class Pieces:
        def __init__(self, pieces: list[bytes]) -> None:
            self.pieces = pieces

        def iter_bytes(self) -> Iterator[bytes]:
            yield from self.pieces

    settings = Settings.model_validate({"llm": {"base_url": "http://127.0.0.1:9/v1", "model": "m"}})
    client = ChatClient(ClientConfig.from_settings(settings))
    text = "data: 一\r\n\r\ndata: 二三\n: comment\rdata: 四"
    data = text.encode("utf-8")
    for size in (1, 2, 3, 5, len(data)):
        pieces = [data[i : i + size] for i in range(0, len(data), size)]
        lines = list(client._lines(Pieces(pieces), None, _Deadline(3600)))
        assert [line for line in lines if line] == [
            "data: 一",
            "data: 二三",
            ": comment",
            "data: 四",
        ]
