"""markdown-it's tables of a tracker text, kept across processes: the same tables as a fresh
parse, a changed text parsed again, a damaged file never trusted."""

from __future__ import annotations

import hashlib
import json

from workbench.trackers.parse import parse_tracker
from workbench.trackers.table_store import TableStore
from workbench.trackers.tables import find_tables_and_strays


def sha(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def test_a_stored_structure_gives_the_tables_a_fresh_parse_gives(tmp_path, sample_copy):
    path = tmp_path / "table-cache.json"
    text = (sample_copy / "references/plot-tracker.md").read_text(encoding="utf-8")
    text += "\n| a | b |\n| c | d |\n"  # and a stray pair of rows
    fresh = find_tables_and_strays(text)
    assert find_tables_and_strays(text, TableStore(path)) == fresh
    assert path.is_file()
    reopened = TableStore(path)  # as the next process finds it
    assert reopened.get(sha(text)) is not None
    assert find_tables_and_strays(text, reopened) == fresh
    assert fresh[0] and fresh[1]


def test_a_changed_tracker_is_parsed_again(tmp_path, sample_copy):
    store = TableStore(tmp_path / "table-cache.json")
    path = sample_copy / "references/relationship-tracker.md"
    before = path.read_text(encoding="utf-8")
    parse_tracker(before, path, store=store)
    after = before + "| 12 | 陆照 | 新人 | 相识 | 新建 | 初见 |\n"
    parsed = parse_tracker(after, path, store=TableStore(tmp_path / "table-cache.json"))
    assert parsed.relationships == parse_tracker(after, path).relationships
    assert parsed.relationships[-1].b == "新人"
    assert TableStore(tmp_path / "table-cache.json").get(sha(after)) is not None


def test_a_damaged_store_is_not_trusted(tmp_path, sample_copy):
    text = (sample_copy / "references/plot-tracker.md").read_text(encoding="utf-8")
    path = tmp_path / "table-cache.json"
    wrong = {"format": 1, "texts": {sha(text): [[[1, 99999]], [[99999, [100000]]]]}}
    path.write_text(json.dumps(wrong), encoding="utf-8")
    assert find_tables_and_strays(text, TableStore(path)) == find_tables_and_strays(text)
    path.write_text("{not json", encoding="utf-8")
    assert find_tables_and_strays(text, TableStore(path)) == find_tables_and_strays(text)
