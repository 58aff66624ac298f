"""`workbench models [DIR]`: the model profiles, their tokenizers and windows; the active one."""

from __future__ import annotations

import argparse
import json

from workbench.book.project import Project
from workbench.cli.exits import EXIT_OK
from workbench.models import (
    ModelProfile,
    active_profile,
    choose_profile,
    known_profiles,
    load_tokenizer,
)
from workbench.settings import load_settings

SOURCES = {
    "option": "--model",
    "project": "workbench.toml [model] profile",
    "settings": "your settings",
    "default": "the default",
}


def register(subparsers: argparse._SubParsersAction) -> None:
    """Add the `models` subcommand."""
    parser = subparsers.add_parser(
        "models",
        help="list the model profiles: tokenizer, context window, reply reserve, and whether "
        "the tokenizer counts exactly on this machine",
    )
    parser.add_argument("directory", nargs="?", help="a novel project: mark the profile it uses")
    parser.add_argument("--model", metavar="NAME", help="mark this profile as the active one")
    parser.add_argument("--format", choices=("text", "json"), default="text")
    parser.set_defaults(handler=run)


def _row(profile: ModelProfile, active: bool) -> dict:
    loaded = load_tokenizer(profile.tokenizer)
    return {
        "name": profile.name,
        "label": profile.label,
        "active": active,
        "tokenizer": profile.tokenizer,
        "counting_with": loaded.name,
        "exact": loaded.exact,
        "note": loaded.note,
        "context_window": profile.context_window,
        "reply_reserve": profile.reply_reserve,
        "available": profile.input_budget,
        "base_url": profile.base_url,
        "model": profile.model,
        "local": profile.local,
        "builtin": profile.builtin,
        "thinks": profile.thinks,
        "prices": {
            "input_hit": profile.price_input_hit,
            "input_miss": profile.price_input_miss,
            "output": profile.price_output,
            "currency": profile.currency,
        },
    }


def run(args: argparse.Namespace) -> int:
    """Print every known profile; the active one is marked with `*`."""
    settings = load_settings()
    project = Project.open(args.directory) if args.directory else None
    name = active_profile(project, args.model, settings).name  # UnknownProfile: exit 2
    source = choose_profile(project, args.model, settings)[1]
    profiles = known_profiles(settings)
    rows = [_row(profile, profile.name == name) for profile in profiles.values()]
    if args.format == "json":
        print(json.dumps({"active": name, "source": source, "profiles": rows}, indent=2))
        return EXIT_OK
    width = max(len(row["name"]) for row in rows)
    print(f"  {'profile':<{width}}  {'tokenizer':<12} {'window':>10} {'reserve':>8}  here")
    for row in rows:
        here = "exact" if row["exact"] else f"FALLBACK to {row['counting_with']}: {row['note']}"
        mark = "*" if row["active"] else " "
        local = "  (local: set window and tokenizer to your server's)" if row["local"] else ""
        print(
            f"{mark} {row['name']:<{width}}  {row['tokenizer']:<12} "
            f"{row['context_window']:>10,} {row['reply_reserve']:>8,}  {here}{local}"
        )
    print(f"active: {name} (from {SOURCES[source]})")
    return EXIT_OK
