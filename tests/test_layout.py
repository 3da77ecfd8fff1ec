"""The layers of the code, checked on the source: imports only point down, the front ends apart."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def imported_modules(path: Path) -> set[str]:
    """Every module a file imports (absolute names), wherever in the file the import stands."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


def sources(package: str) -> list[Path]:
    files = sorted((ROOT / package).rglob("*.py"))
    assert files, f"no sources under {package}"
    return files


def offenders(package: str, forbidden: tuple[str, ...]) -> list[str]:
    return [
        f"{path.relative_to(ROOT)} imports {name}"
        for path in sources(package)
        for name in sorted(imported_modules(path))
        if name in forbidden or name.startswith(tuple(f"{f}." for f in forbidden))
    ]


def test_the_back_end_imports_neither_qt_nor_the_front_ends() -> None:
    assert offenders("bdd_model", ("PySide6", "app")) == []


def test_the_command_line_and_the_window_never_import_each_other() -> None:
    assert offenders("app/cli", ("app.gui",)) == []
    assert offenders("app/gui", ("app.cli",)) == []


def test_the_command_line_does_not_load_qt() -> None:
    assert offenders("app/cli", ("PySide6",)) == []


def test_the_app_top_level_holds_only_the_entry_and_two_shared_modules() -> None:
    top = sorted(path.name for path in (ROOT / "app").glob("*.py"))
    shared = [name for name in top if name not in ("__init__.py", "__main__.py")]
    assert len(shared) <= 2, top
    assert {"__init__.py", "__main__.py"} <= set(top)
    for package in ("app/cli", "app/gui", "bdd_model/sat"):
        assert (ROOT / package / "__init__.py").is_file(), package


def test_the_checker_sees_imports_inside_functions(tmp_path: Path) -> None:
    source = tmp_path / "sample.py"
    source.write_text("def f():\n    from app.gui.session import BoardSession\n    import PySide6.QtCore\n")
    assert imported_modules(source) >= {"app.gui.session", "PySide6.QtCore"}


HELP_MODULES = (
    "app.gui.action_help",
    "app.gui.glossary",
    "app.gui.help_example",
    "app.gui.help_pages",
    "app.gui.help_pictures",
    "app.gui.help_text",
    "app.gui.program_info",
    "app.gui.shortcuts_page",
)
"""The help: it reads what the window hands it and never imports the window back."""


def import_graph(package: str) -> dict[str, set[str]]:
    """Each module of ``package`` and the modules of ``package`` it imports."""
    modules = {".".join(path.relative_to(ROOT).with_suffix("").parts): path for path in sources(package)}
    return {name: imported_modules(path) & modules.keys() for name, path in modules.items()}


def reachable(graph: dict[str, set[str]], start: str) -> set[str]:
    """Every module that ``start`` imports, directly or through others."""
    seen: set[str] = set()
    stack = list(graph[start])
    while stack:
        name = stack.pop()
        if name not in seen:
            seen.add(name)
            stack.extend(graph[name])
    return seen


def test_the_help_never_imports_the_window_and_is_in_no_import_cycle() -> None:
    graph = import_graph("app/gui")
    assert set(HELP_MODULES) <= graph.keys()
    for module in HELP_MODULES:
        reached = reachable(graph, module)
        assert "app.gui.main_window" not in reached, module
        assert module not in reached, f"{module} imports itself through {sorted(reached)}"


def test_the_cycle_checker_follows_imports_through_other_modules() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert reachable(graph, "a") == {"a", "b", "c"}
    assert "d" not in reachable(graph, "a")


def test_no_module_of_the_back_end_or_the_front_ends_imports_itself_through_others() -> None:
    for package in ("bdd_model", "app/gui", "app/cli"):
        graph = import_graph(package)
        cycles = [module for module in graph if module in reachable(graph, module)]
        assert cycles == [], f"{package}: {cycles} import themselves through others"


def test_no_class_of_the_window_passes_about_four_hundred_lines() -> None:
    for path in sources("app/gui"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.ClassDef):
                length = (node.end_lineno or node.lineno) - node.lineno + 1
                assert length <= 420, f"{path.name}: class {node.name} has {length} lines"
