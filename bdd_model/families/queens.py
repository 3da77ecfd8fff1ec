"""The classic rules: no two queens share a row, a column or a diagonal (OEIS A000170)."""

from __future__ import annotations

from bdd_model.families.rule_family import Drift, RuleFamily
from bdd_model.known_counts import A000170

QUEENS = RuleFamily(
    name="queens",
    title="Queens",
    piece="queen",
    about="No two queens share a row, a column or a diagonal.",
    attacked_by="in line with",
    drifts=(Drift("column", 0), Drift("diagonal", 1), Drift("anti-diagonal", -1)),
    known=A000170,
    sequence="OEIS A000170",
    no_solution=lambda n: n in (2, 3),
    plain_names=True,
    compile_costs={
        "cudd": {11: (0.3, 76), 12: (1.2, 121), 13: (7.4, 329), 14: (45.0, 1170), 15: (306.0, 6000)},
        "autoref": {11: (1.7, 104), 12: (7.2, 289), 13: (34.0, 1090), 14: (160.0, 4900), 15: (870.0, 26000)},
    },
)
