"""Superqueens: a queen that also moves as a knight; the first solutions come at N = 10 (OEIS
A051223)."""

from __future__ import annotations

from bdd_model.families.rule_family import Drift, RuleFamily

SUPERQUEENS = RuleFamily(
    name="superqueens",
    title="Superqueens",
    piece="superqueen",
    about="No two superqueens share a row, a column or a diagonal, nor stand a knight's move apart.",
    attacked_by="in line or a knight's move away from",
    drifts=(Drift("column", 0), Drift("diagonal", 1), Drift("anti-diagonal", -1)),
    leaps=((1, 2), (2, 1)),
    leap_words="a knight's move apart",
    known=(1, 0, 0, 0, 0, 0, 0, 0, 0, 4, 44, 156, 1876, 5180, 32516, 202900),
    sequence="OEIS A051223",
    no_solution=lambda n: 2 <= n <= 9,
    quick_diagram_max_n=14,
    compile_costs={
        "cudd": {14: (0.9, 103), 15: (5.8, 302)},
        "autoref": {13: (1.6, 115), 14: (4.0, 201), 15: (27.0, 1000)},
    },
)
