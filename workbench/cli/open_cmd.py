"""`workbench open [DIR]`: start the desktop app."""

from __future__ import annotations

import argparse


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the `open` subcommand."""
    parser = subparsers.add_parser("open", help="open the app (on DIR, if given)")
    parser.add_argument("directory", nargs="?", help="a novel project folder")
    parser.set_defaults(handler=run)


def run(args: argparse.Namespace) -> int:
    """Start the GUI; imported here so headless commands never load Qt."""
    from workbench.gui.app import run_app

    return run_app(args.directory)
