"""The two dd backends and the variable layout they share.

``dd.cudd`` (CUDD in C) is the default. ``dd.autoref`` (pure Python) is the fallback where the
CUDD extension is missing. Dynamic reordering is switched off in CUDD: for this problem it only
costs (measured: a plain construction of N=10 takes 28 s with it, 1.9 s without).
"""

from __future__ import annotations

import importlib
from typing import Any

from bdd_model.errors import NQueensError

BACKENDS = ("cudd", "autoref")
BACKEND_CHOICES = ("auto", *BACKENDS)


def cudd_available() -> bool:
    """True when dd's CUDD extension imports on this machine."""
    try:
        importlib.import_module("dd.cudd")
    except ImportError:
        return False
    return True


def resolve_backend(name: str) -> str:
    """Map ``auto`` to the fastest backend available; check that a named one exists."""
    if name == "auto":
        return "cudd" if cudd_available() else "autoref"
    if name not in BACKENDS:
        raise NQueensError(f"unknown backend '{name}' (choose one of {', '.join(BACKEND_CHOICES)})")
    if name == "cudd" and not cudd_available():
        raise NQueensError("the cudd backend is not available here (dd was installed without CUDD)")
    return name


def new_manager(backend: str) -> Any:
    """A fresh BDD manager of that backend, with dynamic reordering off."""
    if resolve_backend(backend) == "cudd":
        from dd import cudd

        manager = cudd.BDD()
        manager.configure(reordering=False)
        return manager
    from dd import autoref

    manager = autoref.BDD()
    manager.configure(reordering=False)
    return manager


def var_name(row: int, col: int) -> str:
    """The BDD variable of square (row, col); declared row-major, so its level is row·N + col."""
    return f"x{row}_{col}"


def declare_board(manager: Any, n: int) -> list[Any]:
    """Declare the N² square variables in row-major order; return them as BDD functions."""
    names = [var_name(r, c) for r in range(n) for c in range(n)]
    manager.declare(*names)
    return [manager.var(name) for name in names]
