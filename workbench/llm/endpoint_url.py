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
