"""The words of the program's insides, explained once: Help → Glossary and the Insight panel's
tooltips both read GLOSSARY, so a term never means two things."""

from __future__ import annotations

import html
import re

from app.gui.help.family_help import glossary_entries

GLOSSARY: dict[str, str] = {
    "95% interval": "The range an estimate gives for the true number of solutions, made so "
    "that it holds the true number 95 times in 100 (checked on the boards whose counts are "
    "known). “Estimated ±20%” means the range reaches at most 20% below and above the "
    "estimate; a wider one is said as “within a factor of 5”.",
    "Assumption": "A fact the SAT solver takes as true for one question only. The SAT engine "
    "passes your decisions as assumptions, so taking one back rebuilds nothing: the next "
    "question simply leaves it out.",
    "Backend": "The library that builds the BDD: CUDD, written in C (dd.cudd, the default), or "
    "dd's pure-Python one (dd.autoref), 10 to 15 times slower to build. Clicks do not depend on "
    "it: they run on the row layers.",
    "BDD": "Binary decision diagram: one graph that holds every solution of a board size. Each "
    "level asks about one square, queen or not, and every path from the top that ends at TRUE "
    "is one solution. It is built once per size, up to 15×15, and answers each click exactly.",
    "BDD level": "A square's place in the BDD: one level per square, row by row, so level 0 is "
    "square 1,1 and level N is square 2,1. The Insight panel's chart has one bar per level.",
    "BDD nodes": "How many nodes the board's BDD has (8×8: 2,451; 15×15: about 52 million). "
    "Build time and memory grow with it, which is why the BDD stops at 15×15.",
    "Cache": "The folder where built BDDs are kept (on Linux ~/.cache/nqueens-configurator), "
    "checked when read, so that a size opens at once the next time. “Opened” in the Insight "
    "panel: read from the cache, or compiled now, and how long that took.",
    "Compile": "Building a size's BDD from the rules: once per size, then kept in the cache. "
    "“Compiled in” in the Insight panel: how long that first build took.",
    "Constant FALSE": "The BDD of a board with no solution at all (the classic 2×2 and 3×3, "
    "toroidal 8×8, …): the single node FALSE, with no path to TRUE, so every square is closed.",
    "Construction": "How the BDD was built from the rules. “search” (the default): a "
    "row-by-row search of the ways to fill each row, turned into the BDD node by node. "
    "“rules”: the rules as formulas, combined one row at a time. Both give the same BDD.",
    "Decision": "A queen you placed, or a square you marked “no queen here”. Everything else "
    "on the board follows from your decisions; any one can be taken back (retracted), in any "
    "order.",
    "Estimate": "On the SAT engine, when the remaining solutions are too many to count in a "
    "moment, their number is estimated: random trial fillings of the board, row by row, each "
    "weighted by the choices it had (Knuth's method). Their average is the estimate, said "
    "with its 95% interval: “about 3.1 × 10³⁹ solutions remain, estimated ±20%”.",
    "Forced": "A queen that every remaining solution has. The program places it for you, drawn "
    "as an outline; it goes away by itself when you take back what forced it.",
    "Look-ahead": "Seeing further than the attacks: a square no queen attacks can still be "
    "closed, because no remaining solution has a queen there. Such a square is drawn dotted.",
    "Node": "A point of the BDD. It asks about one square and has two edges down, “queen here” "
    "and “no queen here”, each to a node of a later level or to an end, TRUE or FALSE.",
    "Region level": "The puzzle played daily on LinkedIn (“Queens”) and in Star Battle: an N×N "
    "grid cut into N regions, with K pieces (one, or K stars) in every row, column and region and "
    "no two on touching squares, diagonals included. File → Open opens one (a text file of "
    "region letters, or its JSON); the program's own are in resources/levels.",
    "Row edges": "The edges of the row layers. Each says “this row's queen in column c” and "
    "leads to a node of the next row (8×8: 378 of them). A click sweeps over them, so their "
    "number sets how long a click takes.",
    "Row layer": "The BDD regrouped by rows. Every solution has one queen a row, so every path "
    "crosses a row by exactly one “queen here” edge: each row becomes a layer of nodes, joined "
    "to the next row's by row edges. A click is a few sweeps over these layers.",
    "SAT": "Satisfiability: can rules over yes-or-no variables all hold at once? Here the "
    "variables are the squares (queen or not) and the rules are the puzzle's. A SAT solver "
    "answers, and when the answer is yes it gives a full solution. The SAT engine asks the "
    "solver CaDiCaL, through python-sat, for its explanations.",
    "Solution": "N queens on the N×N board, none attacking another. “Solutions” in the Insight "
    "panel: how many the empty board has (8×8: 92). The status bar counts those that remain "
    "with your decisions.",
    "Solver call": "One question to the SAT solver. The SAT engine asks it only to explain a "
    "closed square: which of your decisions cannot all stay if a queen is to stand there.",
    "Witness": "A solution that agrees with your decisions. It proves every square holding one "
    "of its queens open: one witness settles N squares at once.",
}
"""Each term and what it means, in a few plain sentences."""

TECHNIQUE_WORDS: dict[str, str] = {
    "single": "A row, column or region with as many open squares as pieces still to place: each "
    "of those squares holds a piece. The simplest deduction, and the most common.",
    "confined": "A region whose open squares all lie in one row (or column) fills that line, so "
    "the rest of the line is empty; and a line whose open squares all lie in one region fills "
    "that region, so the rest of the region is empty.",
    "hall": "Several regions whose open squares lie in just as many rows (or columns) fill those "
    "lines between them, so the lines' other squares are empty; and the same with lines confined "
    "to as many regions.",
    "empties": "A piece on this square would leave some row, column or region with fewer open "
    "squares than pieces it needs (touching squares close too), so no piece goes here.",
    "block": "A 2×2 block holds at most one piece. A row, column or region whose open squares lie "
    "in as many blocks as it needs pieces has one piece in each block, so the blocks' squares "
    "outside it are empty.",
    "count": "A run of rows (or columns) needs so many pieces, and each region can put only so "
    "many inside it. When the regions can put just what the run needs, each puts exactly that: "
    "their squares outside the run (or inside it) are empty.",
    "chain": "A piece here would force another, one single after another, until some row, column "
    "or region has no room left: so this square is empty. The forced squares are shown as the "
    "chain.",
    "trial": "A piece here would lead, through the other techniques, to a row, column or region "
    "with no room left: so this square is empty. The hardest technique; the steps on the way are "
    "shown as the chain.",
    "search": "Where no technique applies (only on levels with several solutions or none), the "
    "exact search decides: what holds in every remaining solution.",
}
"""Each technique a hint names, as the hint names it (“Hint (single): …”), in a player's words."""


def technique_entries() -> dict[str, str]:
    """The glossary's entry of each technique: “Hint: single”."""
    return {f"Hint: {name}": words for name, words in TECHNIQUE_WORDS.items()}


def anchor(term: str) -> str:
    """The term's anchor on the glossary page ("95% interval" → "95-interval")."""
    return re.sub(r"[^a-z0-9]+", "-", term.casefold()).strip("-")


def glossary_order(terms: list[str]) -> list[str]:
    """Alphabetical, ignoring case and a leading number ("95% interval" files under I)."""
    return sorted(terms, key=lambda term: term.lstrip("0123456789% ").casefold())


def glossary_tooltip(*terms: str) -> str:
    """A rich-text tooltip with each term in bold and its meaning, and where to read more."""
    parts = [f"<b>{html.escape(term)}</b>: {html.escape(GLOSSARY[term])}" for term in terms]
    parts.append("<i>More in Help → How It Works and Help → Glossary.</i>")
    return "<p style='white-space:normal'>" + "<br><br>".join(parts) + "</p>"


def glossary_text(*terms: str) -> str:
    """The terms and their meanings in plain text, for tooltips that carry other text too."""
    return " ".join(f"{term}: {GLOSSARY[term]}" for term in terms)


def glossary_html() -> str:
    """Help → Glossary: every term in alphabetical order (the rule families' among them), each
    with an anchor to link to."""
    terms = {**GLOSSARY, **glossary_entries(), **technique_entries()}
    entries = "".join(
        f"<dt><a name='{anchor(term)}'></a><b>{html.escape(term)}</b></dt>"
        f"<dd style='margin-bottom:8px'>{html.escape(terms[term])}</dd>"
        for term in glossary_order(list(terms))
    )
    return (
        "<h2>Glossary</h2><p>The words of the Insight panel and of "
        "<a href='help:how-it-works'>How it works</a>. Pointing at a word in the Insight panel "
        "shows its entry too.</p>"
        f"<dl>{entries}</dl>"
    )
