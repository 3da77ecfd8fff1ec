"""What the help says of each rule family, written from the family's own description (its lines, leaps,
words and known counts), so that a family registered later is explained like the four built in."""

from __future__ import annotations

import html

import numpy as np

from bdd_model import Cell, CellState
from bdd_model.build_cost.costs import ASK_BEFORE
from bdd_model.cnf.encoding import clause_count
from bdd_model.families import RuleFamily, family, names
from bdd_model.wording import and_list

MOVES_N = 7
"""The side of the board each family's picture shows its piece's moves on."""
MOVES_FROM = Cell(1, 2)
"""Where the piece stands in the picture: off the middle, so that lines wrapping round an edge
and short leaps both show."""
COUNTS_SHOWN = 6
"""How many of a family's known counts with solutions the help lists."""


def families() -> list[RuleFamily]:
    """Every registered family, the classic one first."""
    return [family(name) for name in names()]


def moves_url(rules: RuleFamily) -> str:
    """The address of the family's picture in a help page's document."""
    return f"picture:moves-{rules.name}"


def moves_states(rules: RuleFamily) -> tuple[tuple[CellState, ...], ...]:
    """The picture's squares: the piece on ``MOVES_FROM``, the squares it attacks hatched."""
    piece = np.zeros((MOVES_N, MOVES_N), dtype=bool)
    piece[MOVES_FROM] = True
    attacked = rules.attacked(MOVES_N, piece)
    return tuple(
        tuple(
            CellState.QUEEN if piece[r, c] else CellState.ATTACKED if attacked[r, c] else CellState.OPEN
            for c in range(MOVES_N)
        )
        for r in range(MOVES_N)
    )


def known_counts(rules: RuleFamily) -> str:
    """The first known counts with solutions, and the sizes before them without: "5×5: 10,
    7×7: 28, 11×11: 88, 13×13: 4,524 (none on the other sizes to 13×13; OEIS A051906)"."""
    some = [(n, count) for n, count in enumerate(rules.known, start=1) if count][:COUNTS_SHOWN]
    if not some:
        return "not listed"
    last = some[-1][0]
    none = [n for n in range(1, last) if not rules.known[n - 1]]
    shown = ", ".join(f"{n}×{n}: {count:,}" for n, count in some)
    notes = []
    if len(none) > 3:
        notes.append(f"none on the other sizes to {last}×{last}")
    elif none:
        notes.append("none on " + and_list([f"{n}×{n}" for n in none]))
    if rules.sequence:
        notes.append(rules.sequence)
    return f"{shown} ({'; '.join(notes)})" if notes else shown


def lines_words(rules: RuleFamily) -> str:
    """The family's rules in the engines' terms: "rows, columns, diagonals and anti-diagonals,
    wrapping round the edges; and the knight's leaps (1, 2) and (2, 1)"."""
    kinds = ["rows", *(f"{drift.name}s" for drift in rules.drifts)]
    wrapping = ", wrapping round the edges" if any(drift.wraps for drift in rules.drifts) else ""
    lines = f"at most one piece on each of its {and_list(kinds)}{wrapping}"
    if not rules.leaps:
        return lines
    leaps = and_list([f"({down}, {across})" for down, across in rules.leaps])
    return f"{lines}; no two pieces {leaps} squares apart (rows, columns)"


def how_to_play_section(picture_side: int) -> str:
    """How to Play: each family's rules in a sentence, its picture and its first counts."""
    rows = "".join(
        f"<tr><td valign=top><img src='{moves_url(rules)}' width={picture_side} height={picture_side}></td>"
        f"<td valign=top><b>{html.escape(rules.title)}</b><br>{html.escape(rules.about)}<br>"
        f"<i>Solutions of the empty board:</i> {html.escape(known_counts(rules))}</td></tr>"
        for rules in families()
    )
    return f"""
<h3><a name='rule-families'></a>Rule families</h3>
<p>Game → Rules (and <i>Rules</i> on the toolbar) chooses the rules the board is played by. A
change of rules opens an empty board of the same size; Undo brings back the board before it.
The pictures show one piece on a {MOVES_N}×{MOVES_N} board with the squares it attacks
hatched.</p>
<table cellspacing=6>{rows}</table>
"""


def how_it_works_section(picture_side: int) -> str:
    """How It Works: how one description of a family drives both engines, and each family's."""
    rows = "".join(
        f"<tr><td valign=top><img src='{moves_url(rules)}' width={picture_side} height={picture_side}></td>"
        f"<td valign=top><b>{html.escape(rules.title)}</b>: one {html.escape(rules.piece)} a row, "
        f"{html.escape(lines_words(rules))}. On 8×8 its CNF has {clause_count(8, rules):,} clauses; "
        f"its diagram is offered up to {rules.diagram_max_n}×{rules.diagram_max_n}; Automatic "
        f"waits for it up to {rules.quick_diagram_max_n}×{rules.quick_diagram_max_n}, and past that "
        f"builds it behind the SAT engine, asking first when it takes over {ASK_BEFORE:.0f} s here.</td></tr>"
        for rules in families()
    )
    return f"""
<h3><a name='rule-families'></a>Rule families: one description, both engines</h3>
<p>A family is described once: the kinds of line that hold at most one piece (the columns, and
diagonals that may wrap round the edges) and the short leaps that exclude two squares (a
knight's move, touching squares). Everything else is derived from that: the diagram is built row
by row from a state that holds the columns taken, the lines still occupied (shifted or rotated
one column per row) and the last rows' pieces for the leaps; the SAT engine's clauses and its
compiled searches read the same lines and leaps as tables; “attacked” is the piece's own moves,
and every other closed square is closed by look-ahead.</p>
<table cellspacing=6>{rows}</table>
"""


def glossary_entries() -> dict[str, str]:
    """One glossary entry per family, and what a rule family is."""
    entries = {
        "Rule family": "The rules a board is played by (Game → Rules): which lines hold at most "
        "one piece and which squares exclude each other. The classic queens are one family; "
        f"{and_list([rules.title.lower() for rules in families()[1:]])} are the others.",
    }
    for rules in families():
        entries[rules.title] = f"{rules.about} Solutions of the empty board: {known_counts(rules)}."
    return entries
