"""What the status bar says of the board (the queens, the count and the engine) and the line that greets a
board when it is opened."""

from __future__ import annotations

from app.gui.workers.engine_board import EngineBoard
from bdd_model import CellState, DecisionKind, plural
from bdd_model.board import STATE_ORDER
from bdd_model.engine_choice import LARGEST_N
from bdd_model.puzzles import Puzzle
from bdd_model.solution_count import SolutionCount


def prompt(piece: str) -> str:
    """The status line's words when nothing else is said, in the family's word for its piece."""
    return (
        f"Click an open square to place a {piece}, right-click to mark it empty; "
        "click a closed square to see why it is closed."
    )


def first_step(piece: str) -> str:
    """The panel's words on an empty board, where no square is closed by a decision yet."""
    return f"Click a square to place a {piece}; right-click marks a square where no {piece} goes."


def keys_on_board(piece: str) -> str:
    """Said when the size box hands the keys to the board."""
    return f"The keys now move on the board: arrows, Enter places a {piece}, Space marks."


WAIT_SAID_AFTER = 3.0
"""Seconds a figure may say "(updating…)" before it says what it waits for."""
MINUTES_AFTER = 5.0
"""Seconds of proving after which the status says a proof can take minutes."""


def count_figure(cfg: EngineBoard | None) -> tuple[SolutionCount | None, str]:
    """The count to show, and the words after it while a newer one is worked out: "(updating…)"
    for ``WAIT_SAID_AFTER`` seconds, then what it waits for. A figure kept from the decisions
    before is shown only that long (it may not hold for these); then, and without a count, what
    stands for it."""
    if cfg is None:
        return None, ""
    stale = cfg.view.counting and not cfg.settled and cfg.waited >= WAIT_SAID_AFTER
    if cfg.solution_count is None or stale:
        return None, no_figure(cfg)
    if not cfg.view.counting:
        return cfg.solution_count, ""
    if cfg.waited < WAIT_SAID_AFTER:
        return cfg.solution_count, " (updating…)"
    return cfg.solution_count, " (updating: counting more of the solutions)"


def no_figure(cfg: EngineBoard | None) -> str:
    """What stands for a count not known yet: "counting…", after ``WAIT_SAID_AFTER`` seconds of
    proving what it waits for."""
    if cfg is not None and cfg.waited >= WAIT_SAID_AFTER and not cfg.settled:
        return "counted once every square is proven"
    return "counting…"


def count_text(cfg: EngineBoard | None) -> str:
    """ "92 solutions remain", "about 3.1 × 10³⁹ solutions remain, estimated ±20% (updating…)",
    "counted once every square is proven", "counting…"."""
    figure, updating = count_figure(cfg)
    if figure is None:
        return updating or "counting…"
    return figure.remain() + _known(cfg, figure) + updating


def counters(cfg: EngineBoard) -> str:
    """The status bar's right side: the squares still being proven, then queens placed and
    forced, the count, the engine."""
    codes = cfg.view.codes
    placed = int((codes == STATE_ORDER.index(CellState.QUEEN)).sum())
    forced = int((codes == STATE_ORDER.index(CellState.FORCED)).sum())
    engine = cfg.name
    if cfg.is_solved:
        pieces = plural(placed + forced, cfg.puzzle.piece)
        text = f"Solved: {pieces}" + (f" ({forced} forced)" if forced else "")
    elif not cfg.strict:
        placed = sum(decision.kind is DecisionKind.QUEEN for decision in cfg.decisions)
        text = f"{placed} of {plural(cfg.puzzle.pieces, cfg.puzzle.piece)} placed"
    else:
        queens = f"{placed} placed + {forced} forced" if forced else f"{placed} placed"
        figure, updating = count_figure(cfg)
        solutions = updating if figure is None else figure.solutions() + _known(cfg, figure) + updating
        text = f"{queens} of {plural(cfg.puzzle.pieces, cfg.puzzle.piece)} · {solutions}"
    if not cfg.settled and cfg.strict:
        hard = "; a hard one can take seconds" if cfg.slow else ""
        if cfg.slow and cfg.waited >= MINUTES_AFTER:
            hard = "; a hard one can take minutes"
        text = f"proving {plural(cfg.view.undecided, 'square')}{hard} · {text}"
    return f"{text} · {cfg.puzzle.qualified(engine, ' · ')}"


def _known(cfg: EngineBoard | None, figure: SolutionCount) -> str:
    """An empty board's count that was looked up, not counted (past the diagram, where the
    family's sequence is known)."""
    return f" (known: {cfg.puzzle.sequence})" if figure.known and cfg is not None else ""


def greeting(cfg: EngineBoard, file_name: str, back: bool = False) -> tuple[str, str]:
    """The line for a board just opened (``back``: brought back by undo or redo), and (on an engine
    whose count comes later) the words to complete once it is counted ("" otherwise)."""
    name = cfg.puzzle.board
    if cfg.count == 0 and not cfg.decisions:
        return no_solution_words(cfg), ""
    if back:
        board = f"Back to the {name}"
    else:
        board = f"Opened {file_name}: the {name}" if file_name else f"The {name}"
    if cfg.decisions:
        board += f" with {plural(len(cfg.decisions), 'decision')}"
    if back and file_name:
        board += f" ({file_name})"
    first = "" if cfg.decisions or cfg.is_solved else f" Click a square to place a {cfg.puzzle.piece}."
    if not cfg.strict:
        return f"{board}: {cfg.puzzle.goal}.{first} Check (Ctrl+K) finds mistakes.", ""
    if cfg.count is not None:
        return f"{board}: {SolutionCount.of(cfg.count).remain()}.{first}", ""
    return f"{board}, on the {cfg.name}: squares fill in as they are checked.", board


DEAD_END_WORDS = "No solution keeps your decisions: Check (Ctrl+K) frames the fewest to take back."
"""What is said of a board whose decisions leave no solution (on a level, where they are kept)."""


def no_solution_words(cfg: EngineBoard) -> str:
    """What is said of a board without a solution, with the nearest sizes that have one."""
    return cfg.puzzle.no_solution(LARGEST_N)


def solved_words(last_step: str, puzzle: Puzzle) -> str:
    """What is said when the board is solved, with what Undo would take back (``last_step``,
    the undo stack's text of the step that solved it)."""
    piece = puzzle.piece
    if last_step == "Solve":
        undo = f"Undo takes back every {piece} Solve placed."
    elif last_step.startswith("Mark "):
        undo = f"Undo takes the mark on {last_step.removeprefix('Mark ')} back."
    elif " on " in last_step:
        undo = f"Undo takes the {piece} on {last_step.rsplit(' on ', 1)[1]} back."
    else:
        undo = f"Undo takes back: {last_step}." if last_step else ""
    return f"Solved: {puzzle.goal}. {undo}".strip()
