"""The words of Help → How to Play, How It Works and About, as rich text, with sizes, times and counts taken
from the code and the engine so that the pages say what the program does."""

from __future__ import annotations

import html
from collections.abc import Sequence

from app.gui.help.family_help import how_it_works_section, how_to_play_section
from app.gui.help.glossary import anchor
from app.gui.help.help_example import FIRST, POINTED, SECOND, FirstSteps
from app.gui.help.program_info import NAME, ProgramInfo
from bdd_model import MAX_N, Cell, CellState, and_list, plural
from bdd_model.build_cost.costs import ASK_BEFORE, compile_cost
from bdd_model.engine_choice import AUTO_BDD_MAX_N
from bdd_model.engines.diagram_engine import LEVEL_MAX_N
from bdd_model.sat.engine import EXACT_REACH, SAT_ENGINE_MAX_N, quick_probes
from bdd_model.sat.estimate import DEFAULT_PROBES
from bdd_model.wording import duration, memory

SOLUTION_PICTURE = "picture:solution"
FIRST_STEP_PICTURE = "picture:first-step"
NEXT_STEPS_PICTURE = "picture:next-steps"
LEVEL_PICTURE = "picture:level"
CHECKING = "checking"
"""The name of the squares the SAT engine is still deciding (they have no CellState)."""

SQUARES: tuple[tuple[CellState | None, str, str], ...] = (
    (
        CellState.QUEEN,
        "Your queen",
        "Solid: a queen you placed. Click it to take it back; any of your queens, in any order.",
    ),
    (
        CellState.FORCED,
        "Forced",
        "Outlined: every solution that remains has a queen here, so the program placed it for you. "
        "It goes away by itself when you take back what forced it.",
    ),
    (CellState.OPEN, "Open", "Plain: a queen here still leads to a solution. Click to place it."),
    (
        CellState.ATTACKED,
        "Attacked",
        "Hatched: a queen attacks it (the classic queen along its row, column and diagonals; each "
        "family's moves are under Rule families).",
    ),
    (
        CellState.LOOKAHEAD,
        "Closed by look-ahead",
        "Dotted: no queen attacks it, yet none of the remaining solutions has a queen here, so a queen "
        "here could never be completed. Point at it to see which of your decisions close it.",
    ),
    (
        CellState.MARKED,
        "Marked",
        "A cross: you said “no queen here” (right click). Right click again to clear it.",
    ),
    (
        None,
        "Checking",
        "On the SAT engine (larger boards): it is still deciding this square, usually for a moment. "
        "You may click it anyway: the queen is taken if a solution keeps it, else refused with the reason.",
    ),
)
"""Every look a square can have: its state (None: being checked), name and meaning."""


def square_url(state: CellState | None) -> str:
    """The address of a square's picture in the page's document."""
    return f"square:{state.value if state else CHECKING}"


def html_table(
    rows: Sequence[Sequence[str]],
    headings: dict[int, str] | None = None,
    header: Sequence[str] = (),
    full_width: bool = True,
) -> str:
    """A table of plain-text cells (a line break in a cell is kept), the first column in bold;
    ``header`` names the columns, ``headings`` puts a heading row spanning the table before the
    row of that index."""
    headings = headings or {}
    width = max((len(row) for row in rows), default=1)
    lines = (
        ["<tr>" + "".join(f"<th align=left>{html.escape(name)}</th>" for name in header) + "</tr>"]
        if header
        else []
    )
    for index, row in enumerate(rows):
        if index in headings:
            lines.append(f"<tr><td colspan={width}><h3>{html.escape(headings[index])}</h3></td></tr>")
        cells = [html.escape(cell).replace("\n", "<br>") for cell in row]
        cells[0] = f"<b>{cells[0]}</b>"
        lines.append("<tr>" + "".join(f"<td valign=top>{cell}</td>" for cell in cells) + "</tr>")
    width_attribute = " width=100%" if full_width else ""
    return f"<table{width_attribute} cellspacing=0 cellpadding=3>" + "".join(lines) + "</table>"


def _picture(url: str, side: int) -> str:
    return f"<img src='{url}' width={side} height={side}>"


def _cells(cells: Sequence[Cell]) -> str:
    return and_list([cell.label() for cell in cells])


def _cost(n: int, with_memory: bool = False) -> str:
    """What building the n×n BDD takes with CUDD, as measured: "about 45 s"."""
    cost = compile_cost(n, "cudd")
    assert cost is not None, f"no measured compile cost of {n}×{n}"
    return duration(cost.seconds) + (f" and {memory(cost.peak_mb)} of memory" if with_memory else "")


def build_times() -> str:
    """The time each size takes to build its BDD: "about 1 s or less up to 12×12, about 7 s for
    13×13, …, about 5 min and 6.0 GB of memory for 15×15"."""
    larger = [f"{_cost(n, with_memory=n == MAX_N)} for {n}×{n}" for n in range(AUTO_BDD_MAX_N + 1, MAX_N + 1)]
    return and_list([f"{_cost(AUTO_BDD_MAX_N)} or less up to {AUTO_BDD_MAX_N}×{AUTO_BDD_MAX_N}", *larger])


def how_to_play_html(
    steps: FirstSteps,
    board_input: Sequence[tuple[str, str]],
    picture_side: int,
    swatch_side: int,
    moves_side: int,
    level_side: int,
) -> str:
    """How to Play: the rules with a solved board, the squares, a first game played step by
    step, the rule families, the sizes and engines told once, the mouse and keys. Pictures are
    referred to by SOLUTION_PICTURE, FIRST_STEP_PICTURE, NEXT_STEPS_PICTURE (``picture_side``
    pixels square), ``square_url`` (``swatch_side``), ``moves_url`` (``moves_side``) and
    LEVEL_PICTURE (``level_side``)."""
    squares = "".join(
        f"<tr><td valign=top>{_picture(square_url(state), swatch_side)}</td>"
        f"<td><b>{html.escape(name)}</b><br>{html.escape(meaning)}</td></tr>"
        for state, name, meaning in SQUARES
    )
    forced = steps.forced
    forced_words = (
        f"an outlined queen appears by itself on {_cells(forced)}: all {steps.count_second} remaining "
        "solutions have a queen there, so the program placed it"
        if len(forced) == 1
        else f"outlined queens appear by themselves on {_cells(forced)}: every remaining solution has them"
    )
    return f"""
<h2>How to play</h2>
<p><b>The puzzle.</b> Put N queens on a board of N×N squares so that no two attack each other:
no two in the same row, the same column or the same diagonal. A queen attacks any distance
along those lines, so every row ends up with exactly one queen.</p>
<p align=center>{_picture(SOLUTION_PICTURE, picture_side)}<br>
<i>One of the {steps.solutions} solutions of the 8×8 board</i></p>
<p><b>What the program does.</b> The queens you place and the squares you mark “no queen here”
are your <i>decisions</i>. The program never lets them lead into a dead end: every square it
leaves open can still be completed to a full solution. It counts the solutions that remain,
places the queens that all of them share, and tells you which decisions close a square.</p>

<h3>The squares</h3>
<table cellspacing=4>{squares}</table>

<h3>What to try first</h3>
<ol>
<li>On the empty 8×8 board, click the square in row {FIRST.row + 1}, column {FIRST.col + 1} (the
numbers are on the board's edges). Your queen appears; the squares in its lines are hatched,
and some others are dotted: no solution left uses them. The status bar reads
“1 placed of 8 queens · {plural(steps.count_first, "solution")} · BDD”: of the empty board's
{steps.solutions} solutions, {steps.count_first} remain.</li>
<li>Click {SECOND.label()} (row {SECOND.row + 1}, column {SECOND.col + 1}): {forced_words}.</li>
<li>Click the dotted square {POINTED.label()}: no queen goes there, the square is chosen
instead. The Insight panel beside the board says which of your decisions close it: your queen
on {_cells(steps.culprits)}, which the board frames in red. Press Ctrl+F (the panel's
<i>Free {POINTED.label()}</i>) to take it back and put a queen on {POINTED.label()} instead.
Ctrl+Z undoes that.</li>
<li>Click open squares until every row has a queen and the board says “Solved!”. You cannot get
stuck. Hint (Ctrl+H) places a good queen for you. Then try a bigger board: type 20 in
<i>Board size</i> on the toolbar and press Enter.</li>
</ol>
<p align=center>{_picture(FIRST_STEP_PICTURE, picture_side)}&nbsp; &nbsp;\
{_picture(NEXT_STEPS_PICTURE, picture_side)}<br>
<i>After step 1; after steps 2 and 3, {POINTED.label()} chosen</i></p>
{how_to_play_section(moves_side)}
<h3>Board sizes and the two engines</h3>
<p>Any board from 1×1 to {SAT_ENGINE_MAX_N}×{SAT_ENGINE_MAX_N} can be played: type its size in
<i>Board size</i>, or choose one in Game → Size. Two engines work out the squares; the status
bar names the one at work, and View → Engine chooses between them.</p>
<ul>
<li><b>BDD</b>, for boards up to {MAX_N}×{MAX_N}: the count is always exact, and the heat map
is there. Each size is built once, then kept, and opens at once the next time. Building takes
{build_times()} for the classic queens (measured on a two-core computer).</li>
<li><b>SAT engine</b>, for every size from 1×1 to {SAT_ENGINE_MAX_N}×{SAT_ENGINE_MAX_N}, at
once. Squares show the checking look until they are decided, a dot where a queen is already
known to fit (open or forced, not known which yet); you can click on meanwhile, and the rows
and columns nearest your last move and your pointer are decided first. The count is exact where
it can be counted, else an estimate with its range, “about 3.1 × 10³⁹ solutions remain,
estimated ±20%”: the true number lies in that range 95 times in 100. An estimate whose range is
wider than a factor of 100 says too little: the count then says how many solutions were found
(“at least 575 solutions remain”), and its tooltip gives the range. “(updating…)” follows it
while a better figure is worked out, and after three seconds what it waits for. There is no heat
map.</li>
</ul>
<p><b>Automatic</b>, the default, uses the BDD up to {AUTO_BDD_MAX_N}×{AUTO_BDD_MAX_N} (for the
classic queens; each family's own size is under Rule families in How It Works) and for
every size already built, and the SAT engine otherwise: {AUTO_BDD_MAX_N + 1}×{AUTO_BDD_MAX_N + 1}
to {MAX_N}×{MAX_N} open at once on the SAT engine, and their BDD is built in the background —
without asking when this computer builds it within {ASK_BEFORE:.0f} seconds, else offered in the status
bar with its price. When it is ready the board switches to it, your decisions kept. <b>BDD Only</b>
builds first (the board you have stays usable meanwhile), so its boards stop at {MAX_N}×{MAX_N};
<b>SAT Engine Only</b> never builds. <a href="help:how-it-works">How it works</a> explains what
the two engines do.</p>
<h3>Region levels</h3>
<p>A level is the puzzle played daily on LinkedIn (“Queens”) and in Star Battle: the board is cut
into N regions, and every row, column and region holds one queen (or, in a two-star level, two
stars), no two on touching squares, diagonals included. Regions are told apart by thick borders and
by colours chosen so that neighbours differ for every eye, colour-blind ones too; View → Region
Symbols (Ctrl+Shift+L) also puts each region's letter in its squares, the letter hints name it by.</p>
<p align=center>{_picture(LEVEL_PICTURE, level_side)}<br>
<i>A 6×6 level under Cross Out with region symbols: two queens placed, the squares they rule out
hatched, a square marked “no queen here”.</i></p>
<p><b>Where levels come from.</b> Game → Levels (Ctrl+L) lists the program's collection by size
and difficulty, with what you solved, your best time and the hints it took; a level left half-way
opens where you left it, with its time. Game → Next Level (Ctrl+N) plays the next one you have not
solved. Game → New Level → Generate… (Ctrl+G) makes a new level of the size, stars and difficulty
you choose, in the background (Cancel stops it); its seed makes the same level again. A level file
opens with File → Open, by dropping it on the window, with Edit → Paste from its text, or with
<code>nqueens-gui level.txt</code>: a line of region letters per row (<code>stars 2</code> first
for two stars), or its JSON. Edit → Copy copies a level's text; File → Export Picture writes it as
a picture to print, with your pieces or blank. Game → Size and Game → Rules leave the level; Undo
brings it back.</p>
<p><b>Painting your own.</b> Game → New Level → Paint… (Ctrl+Shift+P) opens a window where each row
starts as its own region, and File → Edit Level (Ctrl+E) opens it on the level in play. Press and
drag to paint squares into the region chosen above the grid (a right-click picks a square's
region; the keys are the arrows, a region's letter and Space). The count stays in view as you
paint, and where a level has several solutions the squares where they differ are outlined: paint
until it says “Unique”. Suggest lists the one-square changes that leave exactly one solution, the
easiest level first; Rate says how hard it is, Save writes its file and Play opens it here.</p>
<p><b>The clock.</b> A level's time runs while you play it: it stops while the window is not the
active one or a dialog is open, and is kept, with the level, if the program closes. A solved level
says its time and hints and offers the next one; a level finished by Solve is not counted.</p>
<p><b>How much a level shows</b> (View → Assist). <b>Cross Out</b> (the first choice): your pieces
and marks, and the squares your pieces rule out, hatched. <b>None</b>: your pieces and marks only.
<b>Everything</b>: what the levels' exact search knows, as on the families (closed squares, forced
pieces, the count), so a level with one solution shows solved. Under the first two nothing is
given away: a piece in the wrong place is taken without a word. <b>Check</b> (Ctrl+K) frames the
fewest of your decisions to take back so that the level can still be solved, and Check again takes
them back. <b>Hint</b> (Ctrl+H) first shows the next deduction on the board (the squares it
decides framed, those it reasons from outlined with dots, its reason in the status line and the
Insight panel); Hint again applies it. Every hint is one a player can follow, named by its
technique, from <i>single</i> (a row, column or region with one square left) to <i>trial</i> (a
piece here would leave some row, column or region without room); the
<a href="help:glossary">Glossary</a> explains each one under “Hint: …”.</p>

<h3>Mouse and keys</h3>
{html_table(board_input)}
<p>Help → Keyboard Shortcuts lists every key and menu.</p>

<h3>More help on the board</h3>
<p><b>Why not here?</b> Point at a closed or marked square: the Insight panel says which of your
decisions close it (always as few as possible), and the board frames them in red. <b>Free this
square</b> (Ctrl+F) takes back exactly those and places a queen there, in one step.</p>
<p><b>Hint</b> (Ctrl+H) places the queen that keeps the most solutions open. The Insight panel
steps through the remaining solutions (Page Up, Page Down; shown faintly on the board, Esc hides
them), and <b>Solve</b> completes the board to the one shown.</p>
<p><b>Heat map</b> (Ctrl+M, on the BDD): each open square is shaded by how many remaining
solutions have a queen there, from pale (few) to orange (many).</p>
<p><b>Undo</b> (Ctrl+Z) takes back any step, a new size or an opened file included; your queens
can also be taken back in any order by clicking them.</p>
"""


def how_it_works_html(moves_side: int) -> str:
    """How It Works: the two engines, the count past exact reach, the explanations, the rule
    families (their pictures by ``moves_url``, ``moves_side`` pixels square). Terms link to the
    glossary."""

    def term(word: str, shown: str = "") -> str:
        return f"<a href='help:glossary#{anchor(word)}'>{html.escape(shown or word)}</a>"

    return f"""
<h2>How it works</h2>
<p>Every square the program shows is an answer to one question: does some solution that agrees
with your {term("Decision", "decisions")} (your queens and marks) have a queen here? Yes: the
square is open. Yes for every solution: {term("Forced", "forced")}. No: closed, and when no queen
attacks it, closed by {term("Look-ahead", "look-ahead")}. Two engines answer the question, each
exactly; they differ in what they can count and how large a board they take.</p>

<h3>The BDD: every solution, compiled once</h3>
<p>A {term("BDD", "binary decision diagram (BDD)")} stores all the solutions of a board size in one
graph. Each {term("BDD level", "level")} of the graph asks about one square, row by row; each
{term("Node", "node")} has two edges down, “queen here” and “no queen here”; every path from the
top to TRUE is one solution. The program {term("Compile", "compiles")} it once per size from the
rules (with the <i>dd</i> library) and keeps it in its {term("Cache", "cache")}.</p>
<p>Since every solution has one queen a row, the diagram is then regrouped into
{term("Row layer", "row layers")}: the nodes of each row, joined to the next row's by
{term("Row edges", "row edges")} that say “this row's queen in column c”. A click cuts the edges
that disagree with your decisions and counts, in one sweep down and one up, the paths through
each remaining edge. That gives at once the exact number of solutions, the number through each
square (the heat map), and so every square's state: a 12×12 click takes under a millisecond,
a {MAX_N}×{MAX_N} one about a tenth of a second.</p>
<p>The price is the size of the diagram, about five times larger for each size up: {MAX_N}×{MAX_N}
has about 52 million nodes and takes {_cost(MAX_N, with_memory=True)} to build; 16×16 would
need about 35 GB. So the BDD stops at {MAX_N}×{MAX_N}.</p>

<h3>The SAT engine: solutions found on demand</h3>
<p>For boards up to {SAT_ENGINE_MAX_N}×{SAT_ENGINE_MAX_N} no diagram is built. A solution that
agrees with your decisions is a {term("Witness", "witness")}: it proves every square holding one
of its queens open, N squares at once. So the engine keeps the solutions it has found from click
to click, makes new ones by swapping two rows of one or by repairing one (moving queens until
none attacks another), and gives every square still undecided its own search: a depth-first
search over the rows and the columns, which always continues with the line that has the fewest
squares left and places a queen at once where a line has only one. It either finds a solution
with a queen on the square, or runs out of branches and so proves the square closed. These
searches run on both cores, the ones that have worked least first, so a long proof never holds
up the others; a square proven closed is taken out of all of them. On a board with few
solutions one more search lists them all, which decides every square at once and counts them.
A row or column with one usable square left has its queen there: forced. The engine runs
beside the window, which never waits for it: squares show the checking look until they are
decided, and the status bar says how many are still being proven. Filling a big board row by
row from the left leads to boards where a few squares are in very few solutions; no method
finds those in a moment (n-Queens completion is NP-complete), and the status bar says that a
hard one can take seconds.</p>
<p>Explanations use the {term("SAT")} solver CaDiCaL (through python-sat), with your decisions
as {term("Assumption", "assumptions")}: facts for one question only, so a retraction rebuilds
nothing.</p>

<h3>Levels: the exact search, or the level's own BDD</h3>
<p>A region level (LinkedIn's Queens, Star Battle) is answered by the levels' exact search: a
search through a square that finds a solution proves it open, and every square of that
solution with it; one that finds none closes it. <b>View → Engine → BDD Only</b> answers it
from the level's own diagram instead, compiled when the level opens (levels up to
{LEVEL_MAX_N}×{LEVEL_MAX_N}). A walk over the squares row by row, a piece on each or not, drops
at once every board that can no longer be finished (a row, column or region left with too few
squares, or a region confined to a part of another that needs as many pieces), meets each board
once, and makes equal parts of the diagram one {term("Node", "node")}. A level people play has
exactly one solution, and the diagram of one solution is a single path: one node per square,
{LEVEL_MAX_N * LEVEL_MAX_N + 1} nodes at {LEVEL_MAX_N}×{LEVEL_MAX_N}, built in a few milliseconds, where
the classic 15×15 board's diagram has 52 million. Its {term("Row layer", "row layers")} join
each row to the next by the row's pieces (one or two squares), and a click is answered in one
sweep, as on the families' diagrams.</p>

<h3>The count past exact reach</h3>
<p>The number of solutions grows very fast: 92 on 8×8, 14,772,512 on 16×16, and about
2.3 × 10¹⁷ on 27×27, the largest board ever counted. The SAT engine counts exactly when a
search can list the remaining solutions in a moment: when few rows are left free, or when
fewer than about {EXACT_REACH:,} remain. Otherwise it {term("Estimate", "estimates")}: a probe
fills the free rows one at a time, each time picking at random one of the squares still free
in the row with the fewest, and multiplies the numbers of choices it had; a probe that runs
out of squares counts 0. The average over many probes is the estimate (Knuth's method). A click
shows it from a few hundred probes first ({quick_probes(32)} on 32×32, {quick_probes(SAT_ENGINE_MAX_N)} on
{SAT_ENGINE_MAX_N}×{SAT_ENGINE_MAX_N}), marked “(updating…)”, then from {DEFAULT_PROBES:,}.</p>
<p>It comes with a {term("95% interval")}: a range that holds the true number 95 times in 100.
This was checked against the known counts: it held in 95.9% of 3,600 estimates on the empty
boards 16×16 to 27×27, and in 97.8% of 1,000 under random decisions on boards from 4×4 to 13×13.
“Estimated ±20%” means the range reaches at most 20% either side of the estimate.</p>

<h3>Why not here: the fewest decisions to take back</h3>
<p>For a closed square the program finds a smallest set of your decisions whose retraction
lets a queen stand there. On the BDD it is a shortest path from the top to TRUE that puts a
queen on the square, where each edge that disagrees with one of your decisions costs one. On
the SAT engine it asks the solver for a queen there; each “no” names decisions that cannot all
stay, the engine leaves out the fewest decisions that break every such conflict found so far,
and asks again, until the answer is yes. <b>Free this square</b> retracts exactly that set and
places the queen.</p>
{how_it_works_section(moves_side)}"""


def about_html(info: ProgramInfo, backend: str, versions: dict[str, str]) -> str:
    """About: the program and its version, the two engines, the libraries, the licence."""
    return (
        f"<h3>{NAME} {html.escape(info.version)}</h3>"
        "<p>Place queens on an N×N board and never walk into a dead end.</p>"
        f"<p><b>BDD</b>, boards up to {MAX_N}×{MAX_N}: every solution compiled once into a binary "
        f"decision diagram by dd, on {html.escape(backend)}; each click is answered from it, "
        "exactly.</p>"
        f"<p><b>SAT engine</b>, boards up to {SAT_ENGINE_MAX_N}×{SAT_ENGINE_MAX_N}: solutions found "
        "under your decisions by local search and a complete search compiled by numba, explanations "
        "by the SAT solver CaDiCaL (python-sat); counts exact or estimated.</p>"
        "<p>Made with:</p>"
        + html_table(list(versions.items()), full_width=False)
        + f"<p>Licence: {html.escape(info.licence)}.</p>"
    )
