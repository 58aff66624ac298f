"""`workbench feed DIR --agent NAME --chapter N`: prepare one agent's feed, headless."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from workbench.book import gate
from workbench.book.plans import CHAPTER_TYPES
from workbench.book.project import Project
from workbench.cli.exits import EXIT_NOT_READY, EXIT_OK, EXIT_USAGE
from workbench.feed import AGENTS, Feed, build_feed
from workbench.feed.history import save_feed
from workbench.feed.render import feed_json, feed_markdown


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the `feed` subcommand."""
    parser = subparsers.add_parser(
        "feed",
        help="prepare the context feed of one agent call (Markdown or JSON)",
        description="Prepare what AGENT receives for chapter N. Exit 3 when the feed is not "
        "ready (the checklist, on stderr, says what to generate or write).",
    )
    parser.add_argument("directory", nargs="?", help="a novel project folder")
    parser.add_argument("--agent", choices=list(AGENTS), help="which agent the feed is for")
    parser.add_argument("--chapter", type=int, metavar="N", help="the chapter")
    parser.add_argument("--type", choices=CHAPTER_TYPES, help="chapter type (default: the plan's)")
    parser.add_argument(
        "--format",
        choices=("md", "json", "messages"),
        default="md",
        help="md: the feed as an agent reads it; json: machine-readable; messages: the exact "
        "chat request body Send posts (model, messages, parameters; never the key)",
    )
    parser.add_argument(
        "--passage", type=_passage, metavar="START:END", help="BattleAgent: offsets in chapter N"
    )
    parser.add_argument(
        "--out",
        type=Path,
        metavar="FILE",
        help="write to FILE, not stdout (never a book's file; an existing FILE needs --force)",
    )
    parser.add_argument("--force", action="store_true", help="with --out: replace FILE")
    parser.add_argument("--save", action="store_true", help="also keep it in .workbench/feeds/")
    parser.add_argument(
        "--allow-incomplete", action="store_true", help="output a feed that is not ready"
    )
    parser.add_argument("--debug-scores", action="store_true", help="show the ranker's scores")
    parser.add_argument(
        "--model",
        metavar="NAME",
        help="model profile to count tokens with (default: [model] profile, else your "
        "settings; `workbench models` lists them)",
    )
    parser.add_argument("--schema", action="store_true", help="print the JSON Schema and exit")
    parser.set_defaults(handler=run)


def _passage(value: str) -> tuple[int, int]:
    start, sep, end = value.partition(":")
    try:
        if not sep:
            raise ValueError
        return int(start), int(end)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected START:END, not {value!r}") from None


def run(args: argparse.Namespace) -> int:
    """Build the feed; print it, write it, or refuse with the checklist when not ready."""
    if args.schema:
        from workbench.feed.schema import feed_schema  # pydantic: only for --schema

        print(json.dumps(feed_schema(), ensure_ascii=False, indent=2))
        return EXIT_OK
    if args.directory is None or args.agent is None or args.chapter is None:
        print("workbench feed: DIR, --agent and --chapter are required", file=sys.stderr)
        return EXIT_USAGE
    problem = out_problem(args.out, force=args.force) if args.out is not None else ""
    if problem:
        print(f"workbench: --out {args.out}: {problem}", file=sys.stderr)
        return EXIT_USAGE
    if passage_refused(args.agent, args.passage):
        return EXIT_USAGE
    project = Project.open(args.directory)
    feed = build_feed(
        project,
        args.agent,
        args.chapter,
        chapter_type=args.type,
        passage=args.passage,
        debug_scores=args.debug_scores,
        profile=args.model,
    )
    if not feed.ready and not args.allow_incomplete:
        print(feed.checklist.to_markdown(), file=sys.stderr)
        print(
            f"workbench: the {feed.agent} feed for chapter {feed.chapter} is not ready "
            "(--allow-incomplete outputs it anyway)",
            file=sys.stderr,
        )
        return EXIT_NOT_READY
    text = render(feed, args.format) if args.format != "messages" else request_text(project, feed)
    if args.save:
        # The history keeps feeds: for the request body, the feed it carries.
        kept = (text, args.format) if args.format != "messages" else (feed_markdown(feed), "md")
        saved = save_feed(project, feed, *kept)
        print(f"saved {project.relative(saved)}", file=sys.stderr)
    if args.out is not None:
        gate.write_text(args.out, text, root=None)  # a file the author named, anywhere
    else:
        sys.stdout.write(text)
    return EXIT_OK


def request_text(project: Project, feed: Feed) -> str:
    """The chat request body Send would post for this feed, as indented JSON."""
    from workbench.calls.request import feed_call  # the LLM client: only for this format
    from workbench.settings import load_settings

    call = feed_call(project, feed, feed_markdown(feed), load_settings(), require_key=False)
    return json.dumps(call.body, ensure_ascii=False, indent=2) + "\n"


def passage_refused(agent: str, passage: tuple[int, int] | None) -> bool:
    """Whether --passage was given for an agent whose feed holds no passage (said on stderr):
    only BattleAgent builds its feed around one, and ignoring it silently gave the host a
    feed without the text it asked for."""
    if passage is None or AGENTS[agent].passage:
        return False
    takes = ", ".join(name for name, recipe in AGENTS.items() if recipe.passage)
    print(f"workbench: --passage is for {takes}; the {agent} feed has no passage", file=sys.stderr)
    return True


def out_problem(out: Path, *, force: bool) -> str:
    """Why the feed may not be written to `out` ("" when it may): a folder, anything but a
    plain file, a book's own file (whatever --force says), or an existing file without --force."""
    from workbench.book.known_files import project_claim

    if out.is_dir():
        return "is a folder; name a file"
    claim = project_claim(out)
    if claim:
        return f"is {claim}; a feed is never written over a book's files (name another file)"
    if out.exists() or out.is_symlink():
        if not out.is_file():
            return "exists and is not a plain file; leave out --out to write to stdout"
        if not force:
            return "already exists; --force replaces it"
    return ""


def render(feed: Feed, format: str) -> str:
    """The feed in the requested format."""
    return feed_json(feed) if format == "json" else feed_markdown(feed)
