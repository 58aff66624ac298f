"""`workbench`: no arguments or `open DIR` starts the app; subcommands run headless.

Exit codes: 0 success, 1 problems found or an operation failed, 2 usage errors,
3 a feed that is not ready.
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
from collections.abc import Sequence

from workbench import __version__
from workbench.cli import (
    check_cmd,
    feed_cmd,
    fixed_context_cmd,
    import_cmd,
    migrate_cmd,
    models_cmd,
    new_cmd,
    open_cmd,
    self_test_cmd,
    summarize_cmd,
    trackers_cmd,
)
from workbench.errors import WorkbenchError
from workbench.models import UnknownProfile

EXIT_OK = 0
EXIT_PROBLEMS = 1
EXIT_USAGE = 2
EXIT_NOT_READY = 3

# Each module adds one subcommand with register(subparsers); its handler returns an exit code.
COMMAND_MODULES = [
    open_cmd,
    new_cmd,
    import_cmd,
    migrate_cmd,
    check_cmd,
    summarize_cmd,
    fixed_context_cmd,
    trackers_cmd,
    feed_cmd,
    models_cmd,
    self_test_cmd,
]


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every subcommand registered."""
    parser = argparse.ArgumentParser(
        prog="workbench",
        description="Workbench: context feeds, trackers and summaries for long web novels.",
    )
    parser.add_argument("--version", action="version", version=f"workbench {__version__}")
    parser.add_argument("--debug", action="store_true", help="log debugging detail to stderr")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND")
    for module in COMMAND_MODULES:
        module.register(subparsers)
    parser.set_defaults(handler=open_cmd.run, directory=None)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the `workbench` console script."""
    parser = build_parser()
    args = parser.parse_args(argv)
    logging.basicConfig(
        level=logging.DEBUG if args.debug else logging.WARNING,
        format="%(levelname)s %(name)s: %(message)s",
    )
    try:
        return args.handler(args)
    except UnknownProfile as error:  # a name the author typed (--model, [model] profile)
        print(f"workbench: {error}", file=sys.stderr)
        return EXIT_USAGE
    except WorkbenchError as error:
        print(f"workbench: {error}", file=sys.stderr)
        return EXIT_PROBLEMS
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
