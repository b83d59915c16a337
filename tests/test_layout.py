"""The folder tree is the architecture: these tests keep it so.

- no module of engine/, arena/ or bots/ over 500 lines (generated stubs excepted);
- no import cycle among the project's own modules;
- imports run one way along the data path (docs/architecture.md):
  cli → run → human → {play, results, config} → process → errors → records → {protocol, clock} → engine.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("engine", "arena", "bots")
MAX_LINES = 500


def _modules() -> dict[str, Path]:
    found = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            if "node_modules" in path.parts or path.name.endswith(("_pb2.py", "_pb2_grpc.py")):
                continue
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


MODULES = _modules()


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _imports(name: str, path: Path) -> set[str]:
    """The project modules `name` imports at run time (not under `if TYPE_CHECKING:`)."""
    tree = ast.parse(path.read_text(), str(path))
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out: set[str] = set()

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            for child in node.orelse:
                visit(child)
            return
        if isinstance(node, ast.Import):
            for alias in node.names:
                out.add(alias.name)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")
                anchor = anchor[: len(anchor) - (node.level - 1)]
                base = ".".join([*anchor, base] if base else anchor)
            for alias in node.names:
                candidate = f"{base}.{alias.name}"
                out.add(candidate if candidate in MODULES else base)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(tree)
    return {module for module in out if module in MODULES and module != name}


GRAPH = {name: _imports(name, path) for name, path in MODULES.items()}


def test_no_module_is_over_500_lines():
    long = {
        str(path.relative_to(ROOT)): count
        for path in MODULES.values()
        if (count := len(path.read_text().splitlines())) > MAX_LINES
    }
    assert not long, f"modules over {MAX_LINES} lines: {long}"


def test_no_import_cycles():
    cycles = []
    state: dict[str, int] = {}  # 1 = on the current path, 2 = done
    path: list[str] = []

    def walk(module: str) -> None:
        state[module] = 1
        path.append(module)
        for target in sorted(GRAPH[module]):
            if state.get(target) == 1:
                cycles.append(path[path.index(target) :] + [target])
            elif target not in state:
                walk(target)
        path.pop()
        state[module] = 2

    for module in sorted(GRAPH):
        if module not in state:
            walk(module)
    assert not cycles, "import cycles: " + "; ".join(" → ".join(c) for c in cycles)


# Higher layers may import lower ones, never the reverse.  Modules not listed (arena,
# arena.sdk, arena.v1, arena._protogen) are checked only for cycles.
LAYERS = (
    ("engine",),
    ("arena.protocol", "arena.clock"),
    ("arena.records",),
    ("arena.errors",),
    # The research adapters (PettingZoo, OpenSpiel) stand on the engine alone; the
    # OpenSpiel game shares the PettingZoo environment's encoding of a seat's knowledge.
    ("arena.envs",),
    ("arena.openspiel",),
    ("arena.process",),
    ("arena.play", "arena.results", "arena.config"),
    # A human seat (issue 41) is a seat of the referee's, which a run may seat too.
    ("arena.human",),
    ("arena.run", "arena.report"),
    ("arena.cli",),
)


def _layer(module: str) -> tuple[int, str] | None:
    for level, prefixes in enumerate(LAYERS):
        for prefix in prefixes:
            if module == prefix or module.startswith(prefix + "."):
                return level, prefix
    return None


def test_imports_run_one_way_along_the_data_path():
    wrong = []
    for module, targets in GRAPH.items():
        mine = _layer(module)
        if mine is None:
            continue
        for target in targets:
            theirs = _layer(target)
            if theirs is None:
                continue
            if theirs[0] > mine[0] or (theirs[0] == mine[0] and theirs[1] != mine[1]):
                wrong.append(f"{module} imports {target}")
    assert not wrong, "imports against the data path: " + "; ".join(sorted(wrong))


def test_the_engine_imports_nothing_of_the_arena_or_the_bots():
    wrong = [
        f"{module} imports {target}"
        for module, targets in GRAPH.items()
        if module.split(".")[0] == "engine"
        for target in targets
        if target.split(".")[0] != "engine"
    ]
    assert not wrong, "; ".join(sorted(wrong))


def test_bots_use_only_the_engine_and_the_sdk():
    # A research bot (bots/openspiel_ismcts.py) searches the game through its OpenSpiel form.
    allowed = ("engine", "bots", "arena.sdk", "arena.protocol", "arena.v1", "arena.envs", "arena.openspiel")
    wrong = [
        f"{module} imports {target}"
        for module, targets in GRAPH.items()
        if module.split(".")[0] == "bots"
        for target in targets
        if target != "arena" and not any(target == a or target.startswith(a + ".") for a in allowed)
    ]
    assert not wrong, "; ".join(sorted(wrong))


def _private_imports(name: str, path: Path) -> list[str]:
    """What `name` imports that another module keeps to itself: a `_name` out of another
    module, or a `_module` out of another package.  A package's `__init__` may gather its
    own private modules' names: that is its face."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if not isinstance(node, ast.ImportFrom) or node.level:
            continue
        source = node.module or ""
        for alias in node.names:
            private = alias.name.startswith("_") and not alias.name.startswith("__")
            if not private:
                continue
            if f"{source}.{alias.name}" in MODULES and source == package:
                continue  # a private module of its own package
            if path.name == "__init__.py" and source.startswith(package + "."):
                continue
            found.append(f"{name} imports {alias.name} from {source}")
    return found


def test_no_module_imports_a_name_another_module_keeps_private():
    wrong = [line for name, path in MODULES.items() for line in _private_imports(name, path)]
    assert not wrong, "; ".join(sorted(wrong))
