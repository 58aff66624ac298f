"""The house rules that hold the code together (STYLE.md, "The house as it grows"): no import
runs back up — no cycle among workbench modules, counting imports inside functions, under
TYPE_CHECKING and through importlib — and the engine (everything outside gui/) never imports Qt.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import workbench

PACKAGE = Path(workbench.__file__).parent
QT_MODULES = ("PySide6", "shiboken6", "PyQt5", "PyQt6", "PySide2")


def module_files() -> dict[str, Path]:
    """Every workbench module by dotted name (a package by its own name)."""
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


def imported_names(name: str, path: Path, known: frozenset[str] = frozenset()) -> set[str]:
    """Every dotted name the module imports anywhere in its body: `import a.b`, `from a import
    b` (a.b when that is a known module, else a), relative imports resolved, and
    importlib.import_module() of a string or of an f-string (its constant head and `*`,
    standing for every module under it)."""
    package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            module = ".".join([*base, *([node.module] if node.module else [])])
            for alias in node.names:
                submodule = f"{module}.{alias.name}"
                names.add(submodule if submodule in known else module)
        elif isinstance(node, ast.Call) and _is_import_module(node.func) and node.args:
            argument = node.args[0]
            if isinstance(argument, ast.Constant) and isinstance(argument.value, str):
                names.add(argument.value)
            elif isinstance(argument, ast.JoinedStr) and argument.values:
                head = argument.values[0]
                if isinstance(head, ast.Constant) and isinstance(head.value, str):
                    names.add(head.value + "*")
    return names


def _is_import_module(func: ast.expr) -> bool:
    if isinstance(func, ast.Attribute):
        return func.attr == "import_module"
    return isinstance(func, ast.Name) and func.id == "import_module"


def import_graph() -> dict[str, set[str]]:
    """workbench module -> the workbench modules it imports (itself left out)."""
    modules = module_files()
    known = frozenset(modules)
    graph = {}
    for name, path in modules.items():
        targets = set()
        for imported in imported_names(name, path, known):
            if imported.endswith("*"):
                prefix = imported[:-1]
                targets.update(m for m in modules if m.startswith(prefix))
            elif imported in modules:
                targets.add(imported)
        targets.discard(name)
        graph[name] = targets
    return graph


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for target in sorted(graph[node]):
            if target not in index:
                visit(target)
                low[node] = min(low[node], low[target])
            elif target in on_stack:
                low[node] = min(low[node], index[target])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def describe(group: list[str], graph: dict[str, set[str]]) -> str:
    edges = [f"{a} -> {b}" for a in group for b in sorted(graph[a]) if b in group]
    return "; ".join(edges)


def test_no_import_cycle_among_workbench_modules():
    graph = import_graph()
    assert len(graph) > 100  # the walk found the package
    found = cycles(graph)
    assert not found, "\n".join(describe(group, graph) for group in found)


def test_the_cycle_finder_sees_a_cycle_through_a_function_body(tmp_path):
    # The walk itself: a cycle made only by an import inside a function counts.
    a = tmp_path / "a.py"
    a.write_text("def f():\n    from workbench.b import x\n", encoding="utf-8")
    names = imported_names("workbench.a", a)
    assert "workbench.b" in names
    assert cycles({"workbench.a": {"workbench.b"}, "workbench.b": {"workbench.a"}})
    assert not cycles({"workbench.a": {"workbench.b"}, "workbench.b": set()})


# Background jobs that run both are workbench/jobs.py's; text analysis both use sits beside them.
SEPARATE_PACKAGES = ("workbench.summaries", "workbench.upkeep")


def crossings(graph: dict[str, set[str]], first: str, second: str) -> list[str]:
    """Each import from a module of one package into a module of the other, either way."""

    def inside(module: str, package: str) -> bool:
        return module == package or module.startswith(package + ".")

    return sorted(
        f"{source} -> {target}"
        for source, targets in graph.items()
        for target in targets
        for a, b in ((first, second), (second, first))
        if inside(source, a) and inside(target, b)
    )


def test_summaries_and_upkeep_never_import_each_other():
    graph = import_graph()
    assert any(m.startswith("workbench.upkeep.") for m in graph)
    assert not crossings(graph, *SEPARATE_PACKAGES)


def test_a_crossing_is_seen_in_either_direction():
    graph = {"workbench.upkeep.offline": {"workbench.summaries.lexicon"}, "workbench.jobs": set()}
    assert crossings(graph, *SEPARATE_PACKAGES) == [
        "workbench.upkeep.offline -> workbench.summaries.lexicon"
    ]
    assert not crossings({"workbench.jobs": {"workbench.upkeep.jobs"}}, *SEPARATE_PACKAGES)


def engine_modules() -> dict[str, Path]:
    return {n: p for n, p in module_files().items() if n != "workbench.gui" and ".gui" not in n}


def test_no_module_outside_gui_names_qt():
    engine = engine_modules()
    assert "workbench.feed.select" in engine and "workbench.settings" in engine
    offenders = {
        name: sorted(i for i in imported_names(name, path) if i.split(".")[0] in QT_MODULES)
        for name, path in engine.items()
    }
    assert not {name: qt for name, qt in offenders.items() if qt}


SCRIPT = """
import importlib, sys
for blocked in {blocked!r}:
    sys.modules[blocked] = None  # any import of Qt now raises ImportError
for name in sys.argv[1:]:
    importlib.import_module(name)
loaded = [m for m in sys.modules if m.split(".")[0] in {blocked!r} and sys.modules[m]]
assert not loaded, loaded
print("ok", len(sys.argv) - 1)
"""


def test_every_engine_module_imports_without_qt():
    names = sorted(n for n in engine_modules() if n != "workbench.__main__")
    script = SCRIPT.format(blocked=QT_MODULES)
    result = subprocess.run(
        [sys.executable, "-c", script, *names], capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["ok", str(len(names))]
