"""URLs in log lines with what may be a secret hidden: a model endpoint's base URL may carry
the API key as `?key=…` or `user:key@host`, and `--debug` logs every request's URL (the HTTP
library's own `HTTP Request: POST …` line among them). Kept free of heavy imports: the CLI
installs the filter before any command runs."""

from __future__ import annotations

import logging
import re
import urllib.parse

HIDDEN = "***"
# A URL in running text: a scheme, `://`, and everything up to a space or a quote.
_URL_IN_TEXT = re.compile(r"\b[A-Za-z][A-Za-z0-9+.-]*://[^\s'\"<>]+")


def redacted(text: str) -> str:
    """`text` with each URL's password or user name, query values and fragment hidden: a
    base URL may carry the key as `?key=…` or `user:key@host`."""
    return _URL_IN_TEXT.sub(lambda match: _redacted_url(match.group()), text)


def _redacted_url(url: str) -> str:
    try:
        parts = urllib.parse.urlsplit(url)
        host = parts.hostname or ""
        port = f":{parts.port}" if parts.port else ""
    except ValueError:  # not a URL that parses: nothing of it is shown past its scheme
        return url.split("://", 1)[0] + "://" + HIDDEN
    netloc = parts.netloc
    if "@" in netloc:
        shown = f"[{host}]" if ":" in host else host
        netloc = f"{HIDDEN}@{shown}{port}"
    query = "&".join(
        f"{name}={HIDDEN}" if sep else HIDDEN
        for name, sep, _value in (pair.partition("=") for pair in parts.query.split("&") if pair)
    )
    fragment = HIDDEN if parts.fragment else ""
    return urllib.parse.urlunsplit((parts.scheme, netloc, parts.path, query, fragment))


class RedactUrls(logging.Filter):
    """Passes every record with the URLs in its message redacted (see `redacted`): on the
    log handlers, so the HTTP library's own `HTTP Request: POST …` lines are covered too."""

    def filter(self, record: logging.LogRecord) -> bool:
        try:
            message = record.getMessage()
        except (TypeError, ValueError):  # arguments that do not fit: shown as the bare text
            message = f"{record.msg} {record.args}"
        safe = redacted(message)
        if safe != message:
            record.msg, record.args = safe, ()
        return True
