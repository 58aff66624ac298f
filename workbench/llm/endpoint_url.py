"""Whether an endpoint's base URL can be called at all, said before any request is made.

httpx raises InvalidURL (a traceback, out of the client's constructor) for a bracket left
open or a port past 65535 is only found after every retry as "connection refused"; a URL
with spaces or without http(s) reaches the network as something else. The message says what
is wrong with the base URL in Settings (or WORKBENCH_LLM_BASE_URL), never the URL itself: one
may carry a key in its query string.
"""

from __future__ import annotations

import urllib.parse

SCHEMES = ("http", "https")
CHAT_PATH = "/chat/completions"


def url_problem(url: str) -> str:
    """What makes `url` no http(s) base URL ("" when it is one)."""
    if any(character.isspace() or ord(character) < 0x20 for character in url):
        return "it contains spaces or control characters"
    try:
        parts = urllib.parse.urlsplit(url)
        port = parts.port  # ValueError past 65535 or not a number
        host = parts.hostname
    except ValueError as error:
        return f"it does not parse ({error})"
    if parts.scheme.lower() not in SCHEMES:
        return "it does not start with http:// or https://"
    if not host:
        return "it names no host"
    if port == 0:
        return "port 0 cannot be called"
    return ""


def chat_url(base_url: str) -> str:
    """The chat-completions URL of a base URL given up to `/v1`, as OpenAI's are: the path
    gets `/chat/completions` (unless it ends so already); a query stays a query, after it."""
    parts = urllib.parse.urlsplit(base_url)
    path = parts.path.rstrip("/")
    if not path.endswith(CHAT_PATH):
        path += CHAT_PATH
    return urllib.parse.urlunsplit(parts._replace(path=path))
