"""A real chat-completions server on 127.0.0.1 for tests, scripted reply by reply."""

from __future__ import annotations

import json
import sys
import threading
from dataclasses import dataclass, field, replace
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

HANG_LIMIT = 30.0  # a hanging reply never outlives a test by more than this
HUGE = 20 * 1024 * 1024  # bytes of a `huge` non-streamed answer
# Misbehaving endpoints: a redirect elsewhere (content: the Location), an HTML page, invalid
# UTF-8, an answer of many megabytes, and streams that drip keep-alives or bytes forever.
CHAOS = ("redirect", "html", "bad_utf8", "huge", "drip", "drip_bytes")


@dataclass(frozen=True)
class Reply:
    """What the server does for one request."""

    kind: str  # ok | status | echo | hang | malformed | cutoff | truncated
    content: str = ""  # `{authorization}` and `{key}` are replaced by what the request sent
    status: int = 200
    headers: tuple[tuple[str, str], ...] = ()
    chunk_size: int = 40  # characters per streamed piece
    delay: float = 0.0  # seconds between streamed pieces (a model that takes its time)
    hold: bool = False  # answer only once the test opens the gate (the call stays in flight)
    reasoning: str = ""  # streamed as `reasoning_content` deltas before the answer
    usage: dict | None = None  # the `usage` object (streams: only when include_usage is asked)


@dataclass
class Received:
    """One request as the server saw it."""

    path: str
    headers: dict[str, str]
    body: dict


@dataclass
class ChatServer:
    """The running server: `url` is the base URL (…/v1); `script` is consumed in order and
    its last reply repeats; `requests` records what arrived; `gate` lets held replies go."""

    url: str = ""
    script: list[Reply] = field(default_factory=list)
    requests: list[Received] = field(default_factory=list)
    release: threading.Event = field(default_factory=threading.Event)
    gate: threading.Event = field(default_factory=threading.Event)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def play(self, *replies: Reply) -> None:
        """Script the next replies (the last one repeats)."""
        with self.lock:
            self.script = list(replies)

    def next_reply(self) -> Reply:
        """The reply for the next request."""
        with self.lock:
            return self.script.pop(0) if len(self.script) > 1 else self.script[0]


def chunks(content: str, size: int = 40) -> list[str]:
    """The content split into stream pieces."""
    return [content[i : i + size] for i in range(0, len(content), size)] or [""]


def completion(content: str, finish: str = "stop", reasoning: str = "") -> dict:
    """A non-streamed chat completion."""
    message = {"role": "assistant", "content": content}
    if reasoning:
        message["reasoning_content"] = reasoning
    return {"id": "x", "object": "chat.completion", "choices": [
        {"index": 0, "message": message, "finish_reason": finish}
    ]}  # fmt: skip


def chunk(piece: str, finish: str | None = None, field: str = "content") -> bytes:
    """One SSE `data:` line of a streamed completion (`field`: content or reasoning_content)."""
    data = {"id": "x", "object": "chat.completion.chunk", "choices": [
        {"index": 0, "delta": {field: piece}, "finish_reason": finish}
    ]}  # fmt: skip
    return b"data: " + json.dumps(data, ensure_ascii=False).encode() + b"\n\n"


def usage_chunk(usage: dict) -> bytes:
    """The last chunk of a stream that was asked for its usage: no choices, the usage."""
    data = {"id": "x", "object": "chat.completion.chunk", "choices": [], "usage": usage}
    return b"data: " + json.dumps(data).encode() + b"\n\n"


def _echoing(reply: Reply, authorization: str) -> Reply:
    """The reply with `{authorization}` and `{key}` replaced by what the request sent, as a
    careless endpoint that quotes its request headers would answer."""
    key = authorization.removeprefix("Bearer ")

    def fill(text: str) -> str:
        return text.replace("{authorization}", authorization).replace("{key}", key)

    return replace(reply, content=fill(reply.content), reasoning=fill(reply.reasoning))


def make_handler(server: ChatServer) -> type[BaseHTTPRequestHandler]:
    """A request handler bound to the scripted server."""

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, format: str, *args: object) -> None:  # keep test output quiet
            pass

        def do_POST(self) -> None:
            length = int(self.headers.get("Content-Length", 0))
            body = json.loads(self.rfile.read(length) or b"{}")
            with server.lock:
                server.requests.append(Received(self.path, dict(self.headers), body))
            reply = _echoing(server.next_reply(), self.headers.get("Authorization", ""))
            if reply.hold:
                server.gate.wait(HANG_LIMIT)
            stream = bool(body.get("stream"))
            if self.path.partition("?")[0] != "/v1/chat/completions":
                self._send(404, b'{"error": "not found"}')
            elif reply.kind == "status":
                data = (
                    reply.content.encode() if reply.content else b'{"error": {"message": "busy"}}'
                )
                self._send(reply.status, data, reply.headers)
            elif reply.kind == "echo":  # a careless server quoting the request's credentials
                echoed = f'{{"error": "bad credentials: {self.headers["Authorization"]}"}}'
                self._send(400, echoed.encode())
            elif reply.kind in CHAOS:
                self._chaos(reply, stream)
            elif reply.kind == "hang":
                server.release.wait(HANG_LIMIT)
            elif reply.kind == "malformed":
                self._send(200, b'{"choices": [ {"message": ', ())
            elif reply.kind == "cutoff" and stream:
                self._start_stream()
                for piece in chunks(reply.content)[:2]:
                    self.wfile.write(chunk(piece))
                self.wfile.flush()  # and the connection closes: no finish, no [DONE]
            elif reply.kind == "cutoff":
                data = json.dumps(completion(reply.content), ensure_ascii=False).encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data[: len(data) // 2])
            elif stream:
                finish = "length" if reply.kind == "truncated" else "stop"
                self._start_stream()
                for piece in chunks(reply.reasoning, reply.chunk_size) if reply.reasoning else ():
                    self.wfile.write(chunk(piece, field="reasoning_content"))
                    if reply.delay:
                        self.wfile.flush()
                        if server.release.wait(reply.delay):
                            return
                for piece in chunks(reply.content, reply.chunk_size):
                    self.wfile.write(chunk(piece))
                    if reply.delay:
                        self.wfile.flush()
                        if server.release.wait(reply.delay):
                            return  # the test is over: stop streaming
                self.wfile.write(chunk("", finish))
                asked = (body.get("stream_options") or {}).get("include_usage")
                if reply.usage is not None and asked:
                    self.wfile.write(usage_chunk(reply.usage))
                self.wfile.write(b"data: [DONE]\n\n")
            else:
                finish = "length" if reply.kind == "truncated" else "stop"
                answer = completion(reply.content, finish, reply.reasoning)
                if reply.usage is not None:
                    answer["usage"] = reply.usage
                self._send(200, json.dumps(answer, ensure_ascii=False).encode())

        def _chaos(self, reply: Reply, stream: bool) -> None:
            """Endpoints that misbehave on purpose (see CHAOS)."""
            if reply.kind == "redirect":  # to another address, which must not get the key
                self._send(307, b"", (("Location", reply.content),))
            elif reply.kind == "html":
                data = b"<html><body><h1>502 Bad Gateway</h1></body></html>"
                self.send_response(200)
                self.send_header("Content-Type", "text/html")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)
            elif reply.kind == "bad_utf8" and stream:
                self._start_stream()
                self.wfile.write(chunk("陆照提灯")[:-8] + b"\xff\xfe" + b'"}}]}\n\n')
                self.wfile.write(chunk("", "stop") + b"data: [DONE]\n\n")
            elif reply.kind == "bad_utf8":
                data = json.dumps(completion("陆照提灯"), ensure_ascii=False).encode()
                self._send(200, data.replace("提".encode(), b"\xff\xfe"))
            elif reply.kind == "huge" and stream:
                self._start_stream()
                piece = chunk("灯" * 4000)
                for _ in range(1000):  # about 12 MB of answer
                    self.wfile.write(piece)
            elif reply.kind == "huge":
                self._send(200, b'{"choices": [{"message": {"content": "' + b"x" * HUGE + b'"}}]}')
            elif reply.kind == "drip":  # keep-alive comments, one at a time, never an answer
                self._start_stream()
                while not server.release.wait(reply.delay or 0.05):
                    self.wfile.write(b": still thinking\n\n")
                    self.wfile.flush()
            elif reply.kind == "drip_bytes":  # one byte at a time, never a line break
                self._start_stream()
                while not server.release.wait(reply.delay or 0.05):
                    self.wfile.write(b"d")
                    self.wfile.flush()

        def _start_stream(self) -> None:
            self.send_response(200)
            self.send_header("Content-Type", "text/event-stream")
            self.end_headers()
            self.wfile.write(b": an SSE comment, which clients skip\n\n")

        def _send(
            self, status: int, data: bytes, headers: tuple[tuple[str, str], ...] = ()
        ) -> None:
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            for name, value in headers:
                self.send_header(name, value)
            self.end_headers()
            self.wfile.write(data)

    return Handler


class QuietServer(ThreadingHTTPServer):
    """Tests cancel and cut off on purpose; a client hanging up is not a server error."""

    def handle_error(self, request, client_address) -> None:  # type: ignore[no-untyped-def]
        """Report only errors other than the client having gone away."""
        if not isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            super().handle_error(request, client_address)


class running:
    """Context manager: a ChatServer on 127.0.0.1 (port 0) in a thread, stopped on exit
    after releasing any reply still hanging."""

    def __init__(self) -> None:
        self.server = ChatServer()
        self.http = QuietServer(("127.0.0.1", 0), make_handler(self.server))
        self.http.daemon_threads = True
        # A short poll interval keeps shutdown (and so each test's teardown) quick.
        self.thread = threading.Thread(
            target=self.http.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True
        )

    def __enter__(self) -> ChatServer:
        host, port = self.http.server_address[:2]
        self.server.url = f"http://{host}:{port}/v1"
        self.thread.start()
        return self.server

    def __exit__(self, *exc: object) -> None:
        self.server.release.set()
        self.server.gate.set()
        self.http.shutdown()
        self.http.server_close()
        self.thread.join(timeout=5)
