"""The two dd backends, ``dd.cudd`` by default and the pure-Python ``dd.autoref`` where CUDD is missing, and
the variable layout they share; CUDD's dynamic reordering is off and its memory kept under the process's
cap."""

from __future__ import annotations

import ctypes
import importlib
import os
import resource
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from typing import Any

from bdd_model.errors import NQueensError

BACKENDS = ("cudd", "autoref")
BACKEND_CHOICES = ("auto", *BACKENDS)


@cache
def cudd_available() -> bool:
    """True when dd's CUDD extension imports on this machine (asked once, so that the answer
    cannot change later, e.g. under a memory cap too low to map the library)."""
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


def new_manager(backend: str, memory_estimate: int | None = None) -> Any:
    """A fresh BDD manager of that backend, with dynamic reordering off; CUDD's tables sized for
    ``memory_estimate`` bytes (None: its default, 1 GiB, which takes 9 ms to set up where 64 MiB
    takes 1 ms).

    Under an address-space cap CUDD is told how much it may use: left alone it reserves memory
    for its default 1 GiB estimate and, when an allocation fails, prints its own message.
    Sized to the cap, it stops at its limit and dd raises an error that ``out_of_memory``
    turns into MemoryError.
    """
    if resolve_backend(backend) == "cudd":
        from dd import cudd

        estimate = memory_estimate or cudd.DEFAULT_MEMORY
        room = _room_under_cap()
        if room is None:
            manager = cudd.BDD(memory_estimate=estimate)
        else:
            budget = int(room * CUDD_SHARE)
            if budget < CUDD_MINIMUM:
                raise MemoryError("too little memory is left under the cap to start CUDD")
            _quiet_cudd(cudd.__file__)
            manager = cudd.BDD(memory_estimate=min(estimate, budget // 2))
            manager.configure(max_memory=budget)
        manager.configure(reordering=False)
        return manager
    from dd import autoref

    manager = autoref.BDD()
    manager.configure(reordering=False)
    return manager


CUDD_SHARE = 0.75
"""Share of the address space left under the cap that CUDD may take; the rest is for Python
and numpy (the row search before, the frozen layers after)."""
CUDD_MINIMUM = 32 << 20
"""Below this budget CUDD cannot even declare a 15×15 board's variables."""


@cache
def _quiet_cudd(library: str) -> None:
    """Replace CUDD's out-of-memory handler, which prints "CUDD: out of memory allocating …"
    and exits the process, by its silent one: the allocation then fails, CUDD returns NULL and
    dd raises an error that ``out_of_memory`` turns into MemoryError."""
    cudd = ctypes.CDLL(library)
    cudd.Cudd_InstallOutOfMemoryHandler.argtypes = [ctypes.c_void_p]
    cudd.Cudd_InstallOutOfMemoryHandler.restype = ctypes.c_void_p
    cudd.Cudd_InstallOutOfMemoryHandler(ctypes.cast(cudd.Cudd_OutOfMemSilent, ctypes.c_void_p))


def _room_under_cap() -> int | None:
    """Bytes this process may still map under RLIMIT_AS; None when there is no cap."""
    soft, _ = resource.getrlimit(resource.RLIMIT_AS)
    if soft == resource.RLIM_INFINITY:
        return None
    try:
        with open("/proc/self/statm") as stream:
            mapped = int(stream.read().split()[0]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        mapped = soft // 2
    return max(soft - mapped, 0)


@contextmanager
def out_of_memory() -> Iterator[None]:
    """Turn a BDD manager's failed allocation into MemoryError: dd.cudd reports CUDD's NULL
    result (its memory limit reached) as ValueError('`DdNode *node` is `NULL` pointer.')."""
    try:
        yield
    except ValueError as error:
        if "NULL" not in str(error):
            raise
        raise MemoryError("the BDD manager reached its memory limit") from None


def var_name(row: int, col: int) -> str:
    """The BDD variable of square (row, col); declared row-major, so its level is row·N + col."""
    return f"x{row}_{col}"


def declare_board(manager: Any, n: int) -> list[Any]:
    """Declare the N² square variables in row-major order; return them as BDD functions."""
    names = [var_name(r, c) for r in range(n) for c in range(n)]
    manager.declare(*names)
    return [manager.var(name) for name in names]
