"""Issue #22: the caches under `.workbench/` are hints, never truth. Whatever is done to them —
bytes damaged, entries crafted to hide an overdue foreshadowing entry or change what a
chapter mentions, counts changed, the old unsealed format, a `.workbench/` made on another
machine — the feed equals the feed built with no caches at all, and `check` names the
cache it ignores. Each feed is a real `workbench feed` process."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from fuzzing import SAMPLE, damaged, fuzz_settings
from hypothesis import given
from hypothesis import strategies as st

from workbench.book.cache_seal import CACHE_FILES, SEAL

FEED = ("--agent", "MainWriter", "--chapter", "13", "--format", "json")


def feed_json(project: Path, config: Path | None = None) -> dict:
    env = dict(os.environ)
    if config is not None:
        env["WORKBENCH_CONFIG_DIR"] = str(config)
    result = subprocess.run(
        [sys.executable, "-m", "workbench", "feed", str(project), *FEED],
        capture_output=True,
        text=True,
        env=env,
        timeout=180,
    )
    assert result.returncode == 0, result.stderr
    assert "Traceback" not in result.stderr
    return json.loads(result.stdout)


def check_output(project: Path, config: Path | None = None) -> str:
    env = dict(os.environ)
    if config is not None:
        env["WORKBENCH_CONFIG_DIR"] = str(config)
    result = subprocess.run(
        [sys.executable, "-m", "workbench", "check", str(project)],
        capture_output=True,
        text=True,
        env=env,
        timeout=180,
    )
    assert "Traceback" not in result.stderr
    return result.stdout + result.stderr


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> tuple[Path, Path, dict, dict[str, bytes]]:
    """The sample with the caches one feed leaves, the user (settings folder) whose key
    sealed them, the feed without caches, and the caches."""
    root = tmp_path_factory.mktemp("caches") / "sample"
    shutil.copytree(SAMPLE, root)
    config = root.parent / "config"
    config.mkdir()
    plain = feed_json(root, config)  # no caches yet: what every later feed must equal
    caches = {name: (root / ".workbench" / name).read_bytes() for name in CACHE_FILES}
    assert all(data.startswith(SEAL) for data in caches.values())
    assert feed_json(root, config) == plain  # with its own caches
    return root, config, plain, caches


def payload(data: bytes) -> dict:
    return json.loads(data.split(b"\n", 1)[1])


def crafted(name: str, data: bytes) -> dict:
    """The cache a person would write to steer the feed (the JSON only, edited)."""
    content = payload(data)
    if name == "table-cache.json":  # every table loses its rows: no foreshadowing, no overdue
        content["texts"] = {
            sha: [strays, [[header, []] for header, _rows in tables]]
            for sha, (strays, tables) in content["texts"].items()
        }
    elif name == "scan-cache.json":  # every chapter mentions nothing
        content["scans"] = {d: {sha: [] for sha in t} for d, t in content["scans"].items()}
    else:  # every text costs one token
        content = {name: {sha: 1 for sha in counts} for name, counts in content.items()}
    return content


def install(root: Path, caches: dict[str, bytes]) -> None:
    state = root / ".workbench"
    for name in CACHE_FILES:
        (state / name).unlink(missing_ok=True)
    for name, data in caches.items():
        (state / name).write_bytes(data)


@pytest.mark.parametrize("name", CACHE_FILES)
@pytest.mark.parametrize("how", ["unsealed", "old seal", "no seal line"])
def test_a_crafted_cache_changes_nothing_and_check_names_it(built, name, how):
    root, config, plain, caches = built
    content = json.dumps(crafted(name, caches[name]), separators=(",", ":")).encode()
    seal_line = caches[name].split(b"\n", 1)[0]
    forged = {
        "unsealed": content,  # the format before the seal
        "old seal": seal_line + b"\n" + content,
        "no seal line": SEAL + b"0" * 64 + b"\n" + content,
    }[how]
    install(root, {**caches, name: forged})
    ignored = f".workbench/{name}: cache ignored (rebuilt when next needed)"
    assert check_output(root, config).count(ignored) == 1
    assert feed_json(root, config) == plain
    # Rebuilt: the next process trusts what this one wrote.
    assert (root / ".workbench" / name).read_bytes().startswith(SEAL)
    assert f".workbench/{name}" not in check_output(root, config)


def test_a_workbench_folder_from_another_machine_is_ignored(built, tmp_path):
    root, config, plain, caches = built
    crafted_everywhere = {
        name: json.dumps(crafted(name, data)).encode() for name, data in caches.items()
    }
    install(root, crafted_everywhere)
    elsewhere = tmp_path / "their-config"
    elsewhere.mkdir()
    # Sealed with their key: our machine does not trust it.
    subprocess.run(
        [sys.executable, "-c", _RESEAL, str(root / ".workbench"), *CACHE_FILES],
        check=True,
        env={**os.environ, "WORKBENCH_CONFIG_DIR": str(elsewhere)},
    )
    assert feed_json(root, config) == plain
    install(root, caches)


_RESEAL = """
import sys
from pathlib import Path
from workbench.book.cache_seal import sealed
for name in sys.argv[2:]:
    path = Path(sys.argv[1]) / name
    path.write_bytes(sealed(path.read_bytes()))
"""


@fuzz_settings(12)
@given(data=st.data())
def test_random_damage_to_the_caches_never_changes_the_feed(built, data):
    root, config, plain, caches = built
    names = data.draw(st.lists(st.sampled_from(CACHE_FILES), min_size=1, unique=True))
    damaged_caches = dict(caches)
    for name in names:
        original = caches[name]
        kind = data.draw(st.sampled_from(["bytes", "json", "gone"]))
        if kind == "gone":
            del damaged_caches[name]
        elif kind == "bytes":
            damaged_caches[name] = data.draw(damaged(original))
        else:  # the JSON after the seal line, damaged as text: the seal line kept
            seal_line, content = original.split(b"\n", 1)
            damaged_caches[name] = seal_line + b"\n" + data.draw(damaged(content))
    install(root, damaged_caches)
    assert feed_json(root, config) == plain
    install(root, caches)
