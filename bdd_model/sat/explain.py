"""Smallest explanations on the incremental solver: the fewest decisions to retract so that a square can hold
a queen, found as a minimum hitting set (python-sat's Hitman) of the solver's cores, asked again until
satisfiable."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

from pysat.examples.hitman import Hitman

from bdd_model.board import Cell

Solve = Callable[[list[int]], bool]
"""Satisfiability under assumptions; after False, ``core()`` holds the failed assumptions."""


def fewest_retractions(
    target: int,
    decisions: Mapping[int, Cell],
    solve: Solve,
    core: Callable[[], list[int]],
    known_cores: Iterable[list[int]] = (),
) -> list[Cell] | None:
    """A smallest set of decision squares to retract so the ``target`` literal can hold.

    ``decisions`` maps each decision's literal (a queen's variable, a mark's negation) to its
    square. ``known_cores`` are cores found without the solver (a queen attacking the
    target conflicts with it on its own): hit from the start, they spare the solver calls
    that would find them. None when even no decision at all lets the target hold.
    """
    with Hitman(htype="sorted") as hitting:
        for known in known_cores:
            hitting.hit(known)
        retract: list[int] = hitting.get() or []
        while True:
            dropped = set(retract)
            if solve([target, *(lit for lit in decisions if lit not in dropped)]):
                return sorted(decisions[lit] for lit in retract)
            culprits = [lit for lit in core() if lit in decisions]
            if not culprits:
                return None
            hitting.hit(culprits)
            retract = hitting.get()
