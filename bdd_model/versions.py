"""The versions of the libraries the back end stands on, for About boxes and bug reports."""

from __future__ import annotations

import platform
from importlib.metadata import PackageNotFoundError, version

from bdd_model.diagram.backends import resolve_backend

LIBRARIES = ("dd", "python-sat", "numpy", "numba")


def library_versions() -> dict[str, str]:
    """Python and each library's installed version ("not installed" when it is missing)."""
    found = {"Python": platform.python_version()}
    for name in LIBRARIES:
        try:
            found[name] = version(name)
        except PackageNotFoundError:
            found[name] = "not installed"
    return found


def backend_description(backend: str = "auto") -> str:
    """Which dd backend answers: "CUDD (dd.cudd)" or "pure Python (dd.autoref)"."""
    return "CUDD (dd.cudd)" if resolve_backend(backend) == "cudd" else "pure Python (dd.autoref)"
