"""Every file access of Workbench goes through the gate (workbench/book/gate.py).

The source of the whole package is walked as a syntax tree; each call that opens, creates,
copies, renames or deletes a file is found by its name, and must be a call of `gate.…` —
except in the modules listed below, each with the reason its files are not project content.
A new `open()`, `Path.read_text`, `sqlite3.connect`, `shutil.copy…` or `os.open` anywhere
else fails this test, naming the file and line.
"""

from __future__ import annotations

import ast
from pathlib import Path

import workbench

PACKAGE = Path(workbench.__file__).parent

# Calls that touch a file by path, by the name they are called with.
FILE_CALLS = {
    "open",
    "read_text",
    "read_bytes",
    "write_text",
    "write_bytes",
    "write_bytes_atomic",
    "copy",
    "copy2",
    "copyfile",
    "copytree",
    "fdopen",
    "mkstemp",
    "mkdtemp",
    "NamedTemporaryFile",
    "TemporaryFile",
    "rename",
    "mkdir",
    "makedirs",
    "unlink",
    "rmtree",
    "rmdir",
    "touch",
    "Document",  # python-docx opening a path
}
# Calls that are file calls only on these receivers (`list.remove`, `signal.connect`, …
# share the name).
QUALIFIED_CALLS = {
    "connect": {"sqlite3"},
    "remove": {"os"},
    "replace": {"os"},  # os.replace; Path.replace is caught by its single argument below
}
# `X.open(...)` that opens no file: a project (a folder, through the gate inside), the GUI's
# project session (it is handed an opened Project) and the non-modal dialogs.
NOT_FILES = {
    ("Project", "open"),
    ("session", "open"),
    ("cls", "open"),
    ("dialog", "open"),
    ("book_search", "open"),
    ("box", "open"),
    ("copy", "copy"),
}

# Modules whose file calls are not project files, and why.
ALLOWED = {
    "book/gate.py": "the gate itself",
    "book/textio.py": "the atomic-write primitive the gate calls (temp file, fsync, rename)",
    "book/checked_replace.py": "textio's rename-if-unchanged: hashes the file it displaced",
    "book/gate_folders.py": "the gate's folder builds: a temporary folder of its own, renamed",
    "book/memory_index.py": "SQLite opens only the private copy gate_folders.private_copies made",
    "recall/index_file.py": "the recall index, a sealed cache in .workbench/ that SQLite opens "
    "(a link or a non-file there is refused); deleting it loses nothing",
    "settings.py": "the user's settings folder, never project content (its own rules)",
    "cache_key.py": "the cache-sealing key in the user's settings folder",
    "models/vocabularies.py": "the package's tokenizer data and the user's cache folder",
    "lexicon.py": "the package's jieba dictionaries",
    "summaries/tfidf.py": "the package's IDF table",
    "continuity/dictionary.py": "jieba's own dictionary, shipped in its package",
    "continuity/sounds.py": "pypinyin's reading table, shipped in its package",
    "feed/prompt.py": "the package's prompt template (the project's copy goes through the gate)",
    "book/templates.py": "the package's project templates (writes go through the gate)",
    "export/docx_out.py": "python-docx's blank template, in its package (output: the gate)",
    "bundled.py": "copies the package's sample novel into a folder `new` checked is new",
    "cli/main.py": "os.devnull for a closed stdout",
    "gui/crash_log.py": "crash logs in the user's Workbench folder, beside the settings",
    "gui/screenshots.py": "developer tool: renders docs/screenshots from a copy of the sample",
    "gui/prepare/screenshots.py": "developer tool: the same, for the Prepare dialog",
    "gui/first_hour_screenshots.py": "developer tool: the first-hour shots at real screen sizes",
    "gui/self_test.py": "the self-test's own copy of the sample in a temporary folder",
}


def _receiver(func: ast.expr) -> str:
    if isinstance(func, ast.Attribute):
        value = func.value
        if isinstance(value, ast.Name):
            return value.id
        if isinstance(value, ast.Attribute):
            return value.attr
        return ast.unparse(value)
    return ""


def _file_call(node: ast.Call) -> str | None:
    """The name of the file operation this call performs, or None."""
    func = node.func
    if isinstance(func, ast.Name):
        name, receiver = func.id, ""
    elif isinstance(func, ast.Attribute):
        name, receiver = func.attr, _receiver(func)
    else:
        return None
    if receiver == "gate":
        return None
    if (receiver, name) in NOT_FILES:
        return None
    if name in QUALIFIED_CALLS:
        if receiver in QUALIFIED_CALLS[name]:
            return f"{receiver}.{name}"
        # Path.replace(target) has one argument; str.replace has two or three, and
        # dataclasses.replace(obj, field=…) takes keywords.
        one_argument = len(node.args) == 1 and not node.keywords
        if name == "replace" and isinstance(func, ast.Attribute) and one_argument:
            return "Path.replace"
        return None
    if name == "Document" and node.args and "BytesIO" in ast.unparse(node.args[0]):
        return None  # python-docx reading bytes the gate read
    if name in FILE_CALLS:
        return f"{receiver}.{name}" if receiver else name
    return None


def file_calls_outside_the_gate() -> list[str]:
    """`module:line: call` for each file access not through the gate nor allowed."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        relative = path.relative_to(PACKAGE).as_posix()
        if relative in ALLOWED:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.Call):
                call = _file_call(node)
                if call is not None:
                    found.append(f"workbench/{relative}:{node.lineno}: {call}")
    return found


def test_every_file_access_goes_through_the_gate():
    assert file_calls_outside_the_gate() == []


def test_the_walk_finds_a_file_access_that_bypasses_the_gate():
    samples = {
        "open(path)": "open",
        "path.read_text(encoding='utf-8')": "path.read_text",
        "Path(p).write_bytes(b'')": ".write_bytes",
        "sqlite3.connect(uri)": "sqlite3.connect",
        "shutil.copyfile(a, b)": "shutil.copyfile",
        "os.open(name, os.O_RDONLY)": "os.open",
        "source.replace(target)": "Path.replace",
        "write_text(path, text)": "write_text",
    }
    for source, expected in samples.items():
        call = ast.parse(source).body[0].value
        assert _file_call(call) is not None and expected.lstrip(".") in _file_call(call), source
    for source in ("gate.read_bytes(p, root=r)", "text.replace('a', 'b')", "items.remove(x)"):
        assert _file_call(ast.parse(source).body[0].value) is None, source


def test_every_allowed_module_exists_and_still_needs_its_place():
    for relative in ALLOWED:
        path = PACKAGE / relative
        assert path.is_file(), relative
        tree = ast.parse(path.read_text(encoding="utf-8"))
        calls = [n for n in ast.walk(tree) if isinstance(n, ast.Call) and _file_call(n)]
        assert calls, f"{relative} opens no file any more: take it off the allow-list"
