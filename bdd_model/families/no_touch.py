"""One piece per row and column, no two on touching squares (diagonals included): the LinkedIn
Queens rule without its regions, Hertzsprung's problem (OEIS A002464)."""

from __future__ import annotations

from bdd_model.families.rule_family import Drift, RuleFamily

NO_TOUCH = RuleFamily(
    name="no-touch",
    title="No-touch",
    piece="queen",
    about="One queen in every row and column, and no two on touching squares, diagonals included.",
    attacked_by="in the row or column of, or touching,",
    drifts=(Drift("column", 0),),
    leaps=((1, 1),),
    leap_words="touching",
    known=(
        1,
        0,
        0,
        2,
        14,
        90,
        646,
        5242,
        47622,
        479306,
        5296790,
        63779034,
        831283558,
        11661506218,
        175203184374,
    ),
    sequence="OEIS A002464",
    no_solution=lambda n: n in (2, 3),
    quick_diagram_max_n=12,
    compile_costs={
        "cudd": {12: (0.8, 101), 13: (1.6, 149), 14: (4.4, 257), 15: (11.0, 513)},
        "autoref": {12: (4.0, 184), 13: (13.6, 348), 14: (210.0, 18000), 15: (1300.0, 54000)},
    },
)
