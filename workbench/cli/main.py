"""`workbench`: no arguments or `open DIR` starts the app; subcommands run headless.

Exit codes: 0 success, 1 problems found or an operation failed, 2 usage errors,
3 a feed that is not ready.
"""

from __future__ import annotations

import argparse
import importlib
import logging
import os
import sys
from collections.abc import Sequence
from types import ModuleType

from workbench import __version__
from workbench.cli.exits import EXIT_PROBLEMS, EXIT_USAGE
from workbench.errors import WorkbenchError
from workbench.url_redaction import RedactUrls

# Subcommand -> the module that adds it with register(subparsers); its handler returns an
# exit code. Only the module of the command being run is imported: an agent host runs
# `workbench feed` once per chapter, and importing every command (the LLM client, the
# checker, the importer) was a third of what that process cost.
COMMAND_MODULES = {
    "open": "open_cmd",
    "new": "new_cmd",
    "import": "import_cmd",
    "migrate": "migrate_cmd",
    "style-anchor": "style_anchor_cmd",
    "check": "check_cmd",
    "continuity": "continuity_cmd",
    "summarize": "summarize_cmd",
    "fixed-context": "fixed_context_cmd",
    "trackers": "trackers_cmd",
    "upkeep": "upkeep_cmd",
    "feed": "feed_cmd",
    "export": "export_cmd",
    "history": "history_cmd",
    "recall": "recall_cmd",
    "send": "send_cmd",
    "usage": "usage_cmd",
    "stats": "stats_cmd",
    "models": "models_cmd",
    "self-test": "self_test_cmd",
}


def _command_module(name: str) -> ModuleType:
    return importlib.import_module(f"workbench.cli.{COMMAND_MODULES[name]}")


def build_parser(argv: Sequence[str] | None = None) -> argparse.ArgumentParser:
    """The argument parser: with only the subcommand `argv` names when it names one (its first
    word that is not an option), else with every subcommand (for help and usage errors)."""
    words = [word for word in (sys.argv[1:] if argv is None else argv) if word[:1] != "-"]
    named = words[0] if words and words[0] in COMMAND_MODULES else None
    parser = argparse.ArgumentParser(
        prog="workbench",
        description="Workbench: context feeds, trackers and summaries for long web novels.",
    )
    parser.add_argument("--version", action="version", version=f"workbench {__version__}")
    parser.add_argument("--debug", action="store_true", help="log debugging detail to stderr")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in [named] if named else COMMAND_MODULES:
        _command_module(name).register(subparsers)
    parser.set_defaults(handler=_open_app, directory=None)
    return parser


def _open_app(args: argparse.Namespace) -> int:
    """No subcommand: start the app."""
    return _command_module("open").run(args)


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the `workbench` console script."""
    parser = build_parser(argv)
    args = parser.parse_args(argv)
    logging.basicConfig(
        level=logging.DEBUG if args.debug else logging.WARNING,
        format="%(levelname)s %(name)s: %(message)s",
    )
    for handler in logging.getLogger().handlers:
        handler.addFilter(RedactUrls())  # a base URL may carry the key
    try:
        return args.handler(args)
    except WorkbenchError as error:
        # Imported only on an error: the profiles module loads pydantic and the settings.
        from workbench.models import UnknownProfile

        print(f"workbench: {error}", file=sys.stderr)
        # A profile name the author typed (--model, [model] profile) is a usage error.
        return EXIT_USAGE if isinstance(error, UnknownProfile) else EXIT_PROBLEMS
    except BrokenPipeError:
        # The reader went away (`workbench feed … | head`): nothing more to say, and Python
        # must not complain again while flushing stdout at exit.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_PROBLEMS
    except IsADirectoryError as error:
        print(f"workbench: {error.filename}: is a folder, not a file", file=sys.stderr)
        return EXIT_PROBLEMS
    except OSError as error:
        # Any file the engine did not name itself (permissions, a full disk, a vanished
        # folder): the path and the reason, not a traceback.
        where = f"{error.filename}: " if error.filename else ""
        print(f"workbench: {where}{error.strerror or error}", file=sys.stderr)
        return EXIT_PROBLEMS


if __name__ == "__main__":
    sys.exit(main())
