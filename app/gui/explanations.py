"""Why a square is closed, in words: the sentences of the status bar and the Insight panel.

The engine finds a smallest set of decisions that keeps a queen off a square (a shortest path
in the BDD's row layers); this module names them for people.
"""

from __future__ import annotations

from dataclasses import dataclass

from bdd_model import Cell, CellState, Configurator, Decision, DecisionKind, and_list, plural


@dataclass(frozen=True)
class Explanation:
    """Why a queen cannot stand on ``cell`` now, and which decisions to retract so that it can.

    ``culprits`` is a smallest such set (empty when a queen already fits); ``None`` when no
    solution of the empty board has a queen on the square.
    """

    cell: Cell
    culprits: tuple[Decision, ...] | None
    text: str

    @property
    def can_free(self) -> bool:
        return bool(self.culprits)


def explain(cfg: Configurator, cell: Cell) -> Explanation:
    """The smallest set of decisions that keeps a queen off ``cell``, and the sentence for it."""
    cells = cfg.explain(*cell)
    if cells is None:
        return Explanation(
            cell, None, f"No solution of the {cfg.n}×{cfg.n} board has a queen on {cell.label()}."
        )
    kinds = {d.cell: d.kind for d in cfg.decisions}
    culprits = tuple(Decision(c, kinds[c]) for c in cells)
    if not culprits:
        return Explanation(cell, (), f"A queen fits on {cell.label()}.")
    listed = and_list(
        f"the queen at {d.cell.label()}" if d.kind is DecisionKind.QUEEN else f"the mark on {d.cell.label()}"
        for d in culprits
    )
    return Explanation(cell, culprits, f"Retract {listed} to free {cell.label()}.")


def describe(cfg: Configurator, cell: Cell, explanation: Explanation | None = None) -> str:
    """What a square is and why, with the way to free it when it is closed or marked
    (``explanation``: that square's, if already known)."""
    state = cfg.cell(*cell)
    where = cell.label()
    if state is CellState.OPEN:
        through = cfg.cell_counts()[cell.row][cell.col]
        verb = "has" if through == 1 else "have"
        return f"{where} is open: {through:,} of {plural(cfg.count, 'solution')} {verb} a queen here."
    if state is CellState.QUEEN:
        return f"{where}: your queen."
    if state is CellState.FORCED:
        return f"{where}: every remaining solution has a queen here, so the program placed it."
    reason = (explanation or explain(cfg, cell)).text
    if state is CellState.MARKED:
        return f"{where}: marked empty by you. {reason}"
    return f"{where} is closed: {cfg.why_not_open(*cell)}. {reason}"
