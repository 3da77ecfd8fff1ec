"""Rule families: the classic queens and their variants, each one module, found by name in one
registry (``family``), which a new family joins with ``register``."""

from __future__ import annotations

from bdd_model.errors import NQueensError
from bdd_model.families.no_touch import NO_TOUCH
from bdd_model.families.queens import QUEENS
from bdd_model.families.rule_family import Drift, RuleFamily
from bdd_model.families.superqueens import SUPERQUEENS
from bdd_model.families.toroidal import TOROIDAL
from bdd_model.files.untrusted_text import excerpt

__all__ = [
    "CLASSIC",
    "Drift",
    "RuleFamily",
    "UnknownFamily",
    "family",
    "measured_beside",
    "names",
    "register",
]

CLASSIC = QUEENS
"""The family every board has unless another is named."""
_FAMILIES: dict[str, RuleFamily] = {}


class UnknownFamily(NQueensError):
    """A family name no module registered."""


def register(rules: RuleFamily) -> RuleFamily:
    """Make ``rules`` known by its name (a later family of the same name replaces it)."""
    _FAMILIES[rules.name] = rules
    return rules


def names() -> list[str]:
    """The families' names, the classic first."""
    return sorted(_FAMILIES, key=lambda name: (name != CLASSIC.name, name))


def measured_beside(rules: RuleFamily) -> RuleFamily | None:
    """The family whose figures a benchmark of ``rules`` shows beside its own, the classic
    queens (None for them)."""
    return None if rules is CLASSIC else CLASSIC


def family(name: str) -> RuleFamily:
    """The family called ``name``; UnknownFamily listing the names there are."""
    try:
        return _FAMILIES[name]
    except KeyError:
        raise UnknownFamily(f"unknown rules '{excerpt(name)}': choose one of {', '.join(names())}") from None


for _rules in (QUEENS, TOROIDAL, SUPERQUEENS, NO_TOUCH):
    register(_rules)
