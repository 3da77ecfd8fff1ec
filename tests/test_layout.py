"""The layers of the code, checked on the source: imports only point down, the front ends apart."""

from __future__ import annotations

import ast
from pathlib import Path

from bdd_model.engines import engine_names

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
    for package in ("app/bench", "app/cli", "app/gui", "bdd_model/sat"):
        assert (ROOT / package / "__init__.py").is_file(), package


def test_the_checker_sees_imports_inside_functions(tmp_path: Path) -> None:
    source = tmp_path / "sample.py"
    source.write_text(
        "def f():\n    from app.gui.mid_end.session import BoardSession\n    import PySide6.QtCore\n"
    )
    assert imported_modules(source) >= {"app.gui.mid_end.session", "PySide6.QtCore"}


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


def record_types() -> list[tuple[str, ast.ClassDef]]:
    """Every record or message type of the program's own: msgspec structs and dataclasses, but
    the command line's JSON (the bench reports) and the old schemas read for compatibility."""
    found = []
    for root in ("app", "bdd_model"):
        for path in sources(root):
            if path.parent.name == "bench":
                continue
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if not isinstance(node, ast.ClassDef) or node.name.startswith("Old"):
                    continue
                bases = {ast.unparse(base) for base in node.bases}
                decorators = {ast.unparse(d).split("(")[0] for d in node.decorator_list}
                if bases & {"msgspec.Struct", "Struct"} or "dataclass" in decorators:
                    found.append((f"{path.relative_to(ROOT)}:{node.name}", node))
    return found


def test_no_record_or_message_carries_a_board_as_n_and_rules_apart() -> None:
    """A board is one puzzle value, whatever travels (undo steps, files, the worker's messages,
    cache records), so that a level is a board like any other."""
    records = record_types()
    assert len(records) > 30, "the scan finds the records"
    apart = []
    for name, node in records:
        fields = {
            s.target.id for s in node.body if isinstance(s, ast.AnnAssign) and isinstance(s.target, ast.Name)
        }
        if {"n", "rules"} <= fields:
            apart.append(name)
    assert apart == []


def packages() -> list[Path]:
    return sorted(path.parent for root in ("app", "bdd_model") for path in (ROOT / root).rglob("__init__.py"))


def test_no_folder_holds_more_than_fifteen_modules() -> None:
    crowded = {
        str(folder.relative_to(ROOT)): count
        for folder in packages()
        if (count := len([p for p in folder.glob("*.py") if p.name != "__init__.py"])) > 15
    }
    assert crowded == {}


def test_every_package_says_what_it_holds() -> None:
    for folder in packages():
        docstring = ast.get_docstring(ast.parse((folder / "__init__.py").read_text(encoding="utf-8")))
        assert docstring and len(docstring) > 40, folder


WINDOW_LAYERS = ("workers", "widgets", "board", "mid_end", "help", "insight", "levels", "setting", "window")
"""The window's sub-packages from the bottom up: each imports only those below it (the start-up
modules at the top of app/gui import them; none imports the start-up)."""


def unit(module: str) -> str:
    """The part of the code a module belongs to: its sub-package, or itself at a package's top."""
    parts = module.split(".")
    if parts[:3] == ["bdd_model", "sat", "kernels"]:
        return "bdd_model.sat.kernels"
    if (parts[0] == "bdd_model" and len(parts) > 2) or (parts[:2] == ["app", "gui"] and len(parts) > 3):
        return ".".join(parts[:-1])
    return module


def unit_graph(package: str) -> dict[str, set[str]]:
    """Which parts of ``package`` import which (a package's ``__init__`` re-exports are left out)."""
    graph: dict[str, set[str]] = {}
    for name, imported in import_graph(package).items():
        if name.endswith("__init__"):
            continue
        own = unit(name)
        graph.setdefault(own, set()).update(
            unit(other) for other in imported if unit(other) != own and not other.endswith("__init__")
        )
    for targets in list(graph.values()):
        for target in targets:
            graph.setdefault(target, set())
    return graph


def test_the_window_packages_import_only_those_below_them() -> None:
    graph = unit_graph("app/gui")
    for position, layer in enumerate(WINDOW_LAYERS):
        allowed = {f"app.gui.{below}" for below in WINDOW_LAYERS[:position]}
        assert graph[f"app.gui.{layer}"] <= allowed, (layer, sorted(graph[f"app.gui.{layer}"] - allowed))


def test_the_back_end_packages_and_modules_form_no_cycle() -> None:
    graph = unit_graph("bdd_model")
    assert {"bdd_model.diagram", "bdd_model.cache", "bdd_model.cnf", "bdd_model.sat"} <= graph.keys()
    cycles = [part for part in graph if part in reachable(graph, part)]
    assert cycles == [], cycles


def test_the_benchmarks_stay_apart_from_the_product() -> None:
    assert offenders("bdd_model", ("app.bench",)) == []
    assert offenders("app/gui", ("app.bench",)) == []


ENGINE_CLASSES = {"Configurator", "SatEngine", "Engine", "EngineBoard", "InProcessBoard", "WorkerBoard"}


def engine_class_checks(path: Path) -> list[str]:
    """The ``isinstance`` calls in a file that ask which engine a board is."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "isinstance":
            names = (
                {n.id for n in ast.walk(node.args[1]) if isinstance(n, ast.Name)}
                if len(node.args) > 1
                else set()
            )
            if names & ENGINE_CLASSES:
                found.append(f"{path.name}:{node.lineno}")
    return found


def test_the_window_asks_both_engines_alike() -> None:
    assert [check for path in sources("app/gui") for check in engine_class_checks(path)] == []


def test_the_engine_check_finder_sees_a_check(tmp_path: Path) -> None:
    source = tmp_path / "sample.py"
    source.write_text("def f(cfg):\n    return isinstance(cfg, (int, WorkerBoard))\n")
    assert engine_class_checks(source) == ["sample.py:2"]


ENGINE_NAMES = set(engine_names())
ENGINE_OWN = {
    "Configurator",
    "SatEngine",
    "SolutionSpace",
    "DiagramEngine",
    "SolverEngine",
    "DIAGRAM",
    "SOLVER",
}
"""What only one engine has: its classes, its registry entry."""
ENGINE_PARTS = {"space", "solver_calls"}
"""What only one engine's board has, asked of a board."""
ENGINE_MODULES = (
    "bdd_model.diagram.configurator",
    "bdd_model.sat.engine",
    "bdd_model.engines.diagram_engine",
)
ENGINE_MODULES += ("bdd_model.engines.solver_engine", "bdd_model.cache")


def engine_questions(path: Path) -> list[str]:
    """The places in a file that name an engine or ask which one answers: an engine's name
    written, a board's engine compared, an engine's own part asked, an engine's own class or
    module named."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Compare):
            sides = [node.left, *node.comparators]
            attributes = {side.attr for side in sides if isinstance(side, ast.Attribute)}
            equal = any(isinstance(op, ast.Eq | ast.NotEq) for op in node.ops)
            if "engine" in attributes and equal:
                found.append(f"{path.name}:{node.lineno}")
        elif isinstance(node, ast.Constant) and node.value in ENGINE_NAMES:
            found.append(f"{path.name}:{node.lineno} names {node.value}")
        elif isinstance(node, ast.Attribute) and node.attr in ENGINE_PARTS:
            found.append(f"{path.name}:{node.lineno} asks .{node.attr}")
        elif isinstance(node, ast.Name) and node.id in ENGINE_OWN:
            found.append(f"{path.name}:{node.lineno}")
        elif isinstance(node, ast.alias) and node.name in ENGINE_OWN:
            found.append(f"{path.name}: imports {node.name}")
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith(ENGINE_MODULES):
            found.append(f"{path.name}: imports {node.module}")
    return found


def test_the_window_names_no_engine_and_compares_none() -> None:
    """It asks the board for what it can give (per-square counts, its insight) and the registry
    for the engines' words; the help pages, which explain the engines, aside."""
    places = [
        place for path in sources("app/gui") if "help" not in path.parts for place in engine_questions(path)
    ]
    assert places == []


def test_the_engine_question_finder_sees_each_kind_of_question(tmp_path: Path) -> None:
    source = tmp_path / "sample.py"
    source.write_text(
        "from bdd_model import Configurator\n"
        "from bdd_model.sat.engine import SAT_ENGINE_MAX_N\n"
        "def f(cfg, choice):\n"
        "    a = cfg.engine == 'x'\n"
        "    b = choice != 'sat'\n"
        "    c = cfg.space is None\n"
        "    return Configurator\n"
    )
    assert sorted(engine_questions(source)) == [
        "sample.py: imports Configurator",
        "sample.py: imports bdd_model.sat.engine",
        "sample.py:4",
        "sample.py:5 names sat",
        "sample.py:6 asks .space",
        "sample.py:7",
    ]


def decision_forms(path: Path) -> list[str]:
    """The places in a file that define a decision or write one in a form of its own: a class
    named for decisions, a dict with a cell and a kind, a kind's raw value."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ClassDef) and node.name in {"Decision", "DecisionKind", "DecisionRecord"}:
            found.append(f"{path.name}: class {node.name}")
        elif isinstance(node, ast.Dict):
            keys = {key.value for key in node.keys if isinstance(key, ast.Constant)}
            if {"cell", "kind"} <= keys:
                found.append(f"{path.name}:{node.lineno}")
        elif isinstance(node, ast.Attribute) and node.attr == "value":
            inner = node.value
            if isinstance(inner, ast.Attribute) and inner.attr == "kind":
                found.append(f"{path.name}:{node.lineno}")
    return found


def test_one_module_defines_the_decision_and_its_forms() -> None:
    found = {
        str(path.relative_to(ROOT)): places
        for package in ("app", "bdd_model")
        for path in sources(package)
        if (places := decision_forms(path))
    }
    assert set(found) == {"bdd_model/decisions.py"}, found


FAMILY_CONSTANTS = {"CLASSIC", "QUEENS", "TOROIDAL", "SUPERQUEENS", "NO_TOUCH"}


def family_questions(path: Path, family_names: set[str]) -> list[str]:
    """The places in a file that ask which rule family a board has: a comparison with a family's
    name or with one family's object, or a family looked up by a written name."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Compare):
            operands = [node.left, *node.comparators]
            named = any(isinstance(o, ast.Constant) and o.value in family_names for o in operands)
            constant = any(
                isinstance(part, ast.Name | ast.Attribute)
                and (part.id if isinstance(part, ast.Name) else part.attr) in FAMILY_CONSTANTS
                for o in operands
                for part in ast.walk(o)
            )
            if named or constant:
                found.append(f"{path.name}:{node.lineno}")
        elif isinstance(node, ast.Call) and _looks_up_a_written_family(node):
            found.append(f"{path.name}:{node.lineno}")
    return found


def _looks_up_a_written_family(call: ast.Call) -> bool:
    named = getattr(call.func, "id", getattr(call.func, "attr", ""))
    return named == "family" and any(isinstance(argument, ast.Constant) for argument in call.args)


def test_nothing_outside_the_families_asks_which_family_it_has() -> None:
    """Every engine, export and window reads the family's data; only the families' own package
    (each family's module and the registry) knows them by name."""
    from bdd_model.families import names

    family_names = set(names())
    places = [
        place
        for package in ("bdd_model", "app")
        for path in sources(package)
        if "families" not in path.relative_to(ROOT).parts
        for place in family_questions(path, family_names)
    ]
    assert places == []


def test_the_family_question_finder_sees_each_kind_of_question(tmp_path: Path) -> None:
    source = tmp_path / "sample.py"
    source.write_text(
        "from bdd_model.families import CLASSIC, family\n"
        "def f(rules, other):\n"
        "    a = rules.name == 'toroidal'\n"
        "    b = rules is CLASSIC\n"
        "    c = family('no-touch')\n"
        "    d = rules is other\n"
        "    e = rules.name == CLASSIC.name\n"
        "    return families.TOROIDAL != rules\n"
    )
    assert family_questions(source, {"toroidal", "no-touch"}) == [
        "sample.py:3",
        "sample.py:4",
        "sample.py:5",
        "sample.py:7",
        "sample.py:8",
    ]
