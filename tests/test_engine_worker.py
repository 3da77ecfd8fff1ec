"""The engine worker's protocol, run in this process on a pipe: boards, their squares, explanations
that wait for the settle, never hold up a new board and never stop the settle."""

from __future__ import annotations

import os
import queue
import sys
import threading
import time
from collections.abc import Callable

import pytest

from app.gui.workers import engine_worker
from app.gui.workers.worker_messages import (
    Answered,
    Ask,
    Counted,
    Decided,
    Point,
    Ready,
    Reply,
    Request,
    TakeBoard,
    Taken,
    line,
)
from bdd_model import Cell, Decision, DecisionKind, QueryCancelled, load_or_compile
from bdd_model.decisions import codes
from bdd_model.engines.insights import SolverInsight
from bdd_model.engines.solver_engine import SolverEngine
from bdd_model.progress import CancelToken
from bdd_model.puzzles import FamilyPuzzle
from bdd_model.questions import Explain, Explained, Unanswered
from bdd_model.sat.engine import SatEngine
from bdd_model.saved_game import replay
from tests.test_timed_state import PLAYED_48


class Worker:
    """A worker reading a pipe this test writes to; what it sends is collected."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        read_end, write_end = os.pipe()
        monkeypatch.setattr(sys, "stdin", os.fdopen(read_end, "r"))
        self.pipe = os.fdopen(write_end, "wb", buffering=0)
        self.replies: queue.Queue[Reply] = queue.Queue()
        monkeypatch.setattr(engine_worker, "send", self.replies.put)
        self.thread = threading.Thread(target=engine_worker.Worker().run, daemon=True)
        self.thread.start()
        self.seen: list[Reply] = []
        assert self.wait(lambda r: isinstance(r, Ready))

    def send(self, request: Request) -> None:
        self.pipe.write(line(request))

    def board(self, ident: int, n: int, decisions: list[Decision]) -> None:
        self.send(TakeBoard(ident, FamilyPuzzle(n), codes(decisions, n), "sat"))

    def wait(self, wanted: Callable[[Reply], bool]) -> Reply:
        """The first reply from now on that is ``wanted`` (every reply is kept in ``seen``)."""
        while True:
            reply = self.replies.get(timeout=60)
            self.seen.append(reply)
            if wanted(reply):
                return reply

    def close(self) -> None:
        self.pipe.close()
        self.thread.join(timeout=30)
        assert not self.thread.is_alive()


@pytest.fixture
def worker(monkeypatch: pytest.MonkeyPatch):
    running = Worker(monkeypatch)
    yield running
    running.close()


QUEEN, MARK = DecisionKind.QUEEN, DecisionKind.MARK


def settled(reply: Reply) -> bool:
    return isinstance(reply, Decided) and reply.settled


def test_a_board_is_known_then_settled_with_its_calls_and_time_then_counted(worker: Worker) -> None:
    worker.board(1, 8, [Decision(Cell(0, 0), QUEEN)])
    known = worker.wait(lambda r: isinstance(r, Taken) and r.id == 1)
    assert isinstance(known, Taken) and len(known.codes) == 64 and known.codes[0] == "0"
    done = worker.wait(settled)
    assert (
        isinstance(done, Decided)
        and done.id == 1
        and isinstance(done.insight, SolverInsight)
        and done.insight.calls >= 0
        and done.ms > 0
    )
    count = worker.wait(lambda r: isinstance(r, Counted) and r.final)
    assert isinstance(count, Counted) and count.id == 1 and count.figure.exact == 4


def test_explanations_wait_for_the_settle_and_match_the_diagram(worker: Worker) -> None:
    decisions = [Decision(Cell(0, 0), QUEEN), Decision(Cell(1, 4), QUEEN)]
    worker.board(1, 8, decisions)
    worker.send(Ask(2, Explain((2, 6))))
    answer = worker.wait(lambda r: isinstance(r, Answered) and r.id == 2)
    assert any(settled(r) for r in worker.seen), "answered before the board was settled"
    expected = replay(load_or_compile(8), decisions).explain(2, 6)
    assert expected
    assert isinstance(answer, Answered) and answer.answer == Explained([(c.row, c.col) for c in expected])


def test_a_slow_explanation_never_holds_up_a_new_board(worker: Worker, monkeypatch) -> None:
    """An explanation that runs until it is interrupted: the next board is answered all the same,
    and the explanation it made useless is answered that the board changed."""
    started = threading.Event()

    def endless(self: SatEngine, row: int, col: int, cancel: CancelToken | None = None) -> list[Cell]:
        started.set()
        assert cancel is not None
        while not cancel.cancelled:
            time.sleep(0.005)
        raise QueryCancelled("interrupted")

    monkeypatch.setattr(SatEngine, "explain", endless)
    worker.board(1, 10, [Decision(Cell(0, 0), QUEEN)])
    worker.wait(settled)
    worker.send(Ask(2, Explain((0, 5))))
    assert started.wait(timeout=60)
    worker.board(3, 10, [Decision(Cell(0, 0), QUEEN), Decision(Cell(5, 5), MARK)])
    changed = worker.wait(lambda r: isinstance(r, Answered) and r.id == 2)
    assert isinstance(changed, Answered) and changed.answer == Unanswered("the board changed")
    taken = worker.wait(lambda r: isinstance(r, Taken) and r.id == 3)
    assert isinstance(taken, Taken) and taken.codes[55] == "1"
    done = worker.wait(settled)
    assert isinstance(done, Decided) and done.id == 3


def test_asking_why_never_stops_the_settle(worker: Worker, monkeypatch) -> None:
    """Reading the board (an explanation asked while it settles) does not cancel the work in hand."""
    stopped: list[bool] = []
    settle = SatEngine.settle

    def watched(self: SatEngine, cancel: CancelToken | None = None, on_cell=None) -> bool:
        done = settle(self, cancel, on_cell)
        stopped.append(not done)
        return done

    monkeypatch.setattr(SatEngine, "settle", watched)
    worker.board(1, 40, [Decision(Cell(0, 0), QUEEN)])
    for ident in range(2, 12):
        worker.send(Ask(ident, Explain((ident, 5))))
    worker.wait(settled)
    assert stopped and not any(stopped), "an explanation asked while settling stopped the settle"


def test_pointing_tells_the_engine_and_never_stops_the_settle(worker: Worker, monkeypatch) -> None:
    """Where the person points reaches the engine of the board in hand, between two rounds of
    its proofs, and no settle is cancelled for it."""
    stopped: list[bool] = []
    pointed: list[Cell | None] = []
    settle, point_at = SatEngine.settle, SatEngine.point_at

    def watched(self: SatEngine, cancel: CancelToken | None = None, on_cell=None) -> bool:
        done = settle(self, cancel, on_cell)
        stopped.append(not done)
        return done

    def heard(self: SatEngine, cell: Cell | None) -> None:
        pointed.append(cell)
        point_at(self, cell)

    monkeypatch.setattr(SatEngine, "settle", watched)
    monkeypatch.setattr(SatEngine, "point_at", heard)
    worker.board(1, 40, [Decision(Cell(0, 0), QUEEN)])
    worker.wait(lambda r: isinstance(r, Taken) and r.id == 1)
    for square in (5 * 40 + 7, -1, 39 * 40 + 39, 40 * 40):
        worker.send(Point(square))
    worker.wait(settled)
    assert stopped and not any(stopped), "pointing stopped the settle"
    deadline = time.monotonic() + 10
    while len(pointed) < 3 and time.monotonic() < deadline:
        time.sleep(0.01)
    assert pointed == [Cell(5, 7), None, Cell(39, 39)], "a square off the board is ignored"


def test_the_solutions_found_are_kept_when_the_window_closes_and_recalled_by_the_next_worker(
    monkeypatch, tmp_path
) -> None:
    monkeypatch.setenv("NQUEENS_CACHE_DIR", str(tmp_path))
    first = Worker(monkeypatch)
    first.board(1, 24, [Decision(Cell(0, 3), QUEEN)])
    first.wait(settled)
    first.close()
    kept = list((tmp_path / "sat-solutions").glob("queens-24-*.npz"))
    assert len(kept) == 1 and kept[0].stat().st_size > 0
    recalled: list[int] = []
    load = SolverEngine.recall

    def heard(self: SolverEngine, board, warn) -> None:  # type: ignore[no-untyped-def]
        load(self, board, warn)
        recalled.append(len(board.kept_solutions()))

    monkeypatch.setattr(SolverEngine, "recall", heard)
    second = Worker(monkeypatch)
    second.board(1, 24, [Decision(Cell(0, 3), QUEEN), Decision(Cell(1, 7), QUEEN)])
    second.wait(lambda r: isinstance(r, Taken))
    second.close()
    assert recalled and recalled[0] > 0, "the next worker starts from the kept solutions"


HARD_100 = [(int(r) - 1, int(c) - 1) for r, c in (cell.split(",") for cell in PLAYED_48.split())]
"""48 leftmost queens of a 100×100 game: a fresh engine takes seconds to prove them consistent."""


def test_a_board_still_being_proven_gives_way_to_the_next(monkeypatch, tmp_path) -> None:
    """Undo or a new click while the worker proves a hard board's decisions is answered at once;
    the replaced board gets no answer, and a question asked meanwhile does not lose its board."""
    monkeypatch.setenv("NQUEENS_CACHE_DIR", str(tmp_path))
    worker = Worker(monkeypatch)
    worker.board(1, 100, [Decision(Cell(r, c), QUEEN) for r, c in HARD_100])
    time.sleep(0.3)
    worker.board(2, 100, [Decision(Cell(0, 0), QUEEN)])
    taken = worker.wait(lambda r: isinstance(r, Taken))
    assert isinstance(taken, Taken) and taken.id == 2
    worker.board(3, 100, [Decision(Cell(r, c), QUEEN) for r, c in HARD_100[:12]])
    worker.send(Ask(4, Explain((99, 1))))
    again = worker.wait(lambda r: isinstance(r, Taken))
    assert isinstance(again, Taken) and again.id == 3
    assert not any(isinstance(r, Taken) and r.id == 1 for r in worker.seen)
    worker.close()
