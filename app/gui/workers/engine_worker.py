"""The child process that answers the window with an engine, apart from it because CaDiCaL holds the GIL for a
whole call and a large board's memory must not take the window down: it settles, explains and counts the
latest board whenever no request waits."""

from __future__ import annotations

import queue
import sys
import threading
import time
from collections import OrderedDict
from collections.abc import Sequence

import msgspec
import numpy as np

from app.child_process import silence_stdout
from app.gui.workers.worker_messages import (
    REQUESTS,
    Answered,
    Ask,
    Counted,
    Decided,
    Point,
    Ready,
    Refused,
    Reply,
    SquaresCounted,
    TakeBoard,
    Taken,
    line,
)
from bdd_model import Cell, CellState, NQueensError, QueryCancelled
from bdd_model.board import STATE_ORDER
from bdd_model.decisions import of_codes
from bdd_model.engine import Engine, answer
from bdd_model.engine_choice import open_engine
from bdd_model.engines import engine_named, engines
from bdd_model.engines.insights import sendable
from bdd_model.progress import CancelToken
from bdd_model.puzzles import Puzzle
from bdd_model.questions import Explain, Unanswered

KEEP_EVERY = 5.0
"""Seconds between two writes of what a board found (its kept solutions) to the cache folder."""
KEPT_ENGINES = 3
"""Engines kept for the sizes used last (their kept solutions make the next clicks quick)."""
FLUSH_SECONDS = 0.03
"""Decided squares are sent at most this often, in batches."""
SETTLE, QUICK, FINAL, SQUARES, WARM, DONE = "settle", "quick", "final", "squares", "warm", "done"
"""The work left on the board in hand, in order (SQUARES: the count through each square, where
the engine counts them; WARM: build the engine's solver before a click needs it, a slice at a
time)."""


def warn(text: str) -> None:
    """A file that could not be used, in one line (the window's log)."""
    sys.stderr.write(f"nqueens-gui: {text}\n")


def send(reply: Reply) -> None:
    sys.stdout.buffer.write(line(reply))
    sys.stdout.flush()


class Worker:
    """The engines, the board in hand and the work left on it."""

    def __init__(self) -> None:
        self.requests: queue.Queue[TakeBoard | Ask | None] = queue.Queue()
        self.token = CancelToken()
        self.lock = threading.Lock()
        self.engines: OrderedDict[tuple[str, Puzzle], Engine] = OrderedDict()
        self.engine: Engine | None = None
        self.board_id = 0
        self.taken_at = 0.0
        self.stage = DONE
        self.counts_per_square = False
        """The engine of the board in hand counts the solutions through each square."""
        self.explanations: list[Ask] = []
        """Explanations asked and not answered yet, the newest last."""
        self.kept_at = time.monotonic()
        """When what the board found was last kept on disk."""
        self.taking: TakeBoard | None = None
        """The board whose decisions are being proven now, if any."""
        self.taking_token = CancelToken()
        """Set when a newer board drops some of those decisions (undo, a new game): the proof is
        abandoned. A newer board that keeps them all waits, so boards are answered in order."""

    def read(self) -> None:
        """The reader thread: queue every request; one that changes the work stops it."""
        for text in sys.stdin.buffer:
            try:
                request = REQUESTS.decode(text)
            except msgspec.DecodeError:
                continue
            if isinstance(request, Point):
                self.point(request.square)
                continue
            self.requests.put(request)
            if not (isinstance(request, Ask) and isinstance(request.question, Explain)):
                with self.lock:
                    self.token.cancel()
                    if isinstance(request, TakeBoard) and not _extends(request, self.taking):
                        self.taking_token.cancel()
        self.requests.put(None)
        with self.lock:
            self.token.cancel()

    def point(self, square: int) -> None:
        """Tell the board in hand where the person points (from the reader thread: the engine
        reads it between two rounds of its proofs)."""
        engine = self.engine
        if engine is not None and square < engine.n * engine.n:
            engine.point_at(Cell(*divmod(square, engine.n)) if square >= 0 else None)

    def fresh_token(self) -> CancelToken:
        with self.lock:
            self.token = CancelToken()
            return self.token

    def run(self) -> None:
        send(Ready(all([kind.prepare() for kind in engines() if kind.in_worker])))
        threading.Thread(target=self.read, daemon=True).start()
        while True:
            idle = self.stage == DONE and not self.explanations
            try:
                request = self.requests.get(block=idle)
            except queue.Empty:
                self.work()
                continue
            if request is None:
                self.keep()
                return
            self.take(request)

    def take(self, request: TakeBoard | Ask) -> None:
        if isinstance(request, TakeBoard):
            self.take_board(request)
        elif self.engine is None:
            send(Answered(request.id, Unanswered("there is no board yet")))
        elif isinstance(request.question, Explain):
            self.explanations.append(request)
        else:
            send(Answered(request.id, answer(self.engine, request.question)))

    def take_board(self, request: TakeBoard) -> None:
        """Take the board, unless a newer board that drops some of its decisions comes before
        they are proven to leave a solution (a hard one can take minutes): that one replaces it,
        and this one gets no answer."""
        with self.lock:
            self.taking, self.taking_token = request, CancelToken()
            token = self.taking_token
        self.taken_at = time.perf_counter()
        for asked in self.explanations:
            send(Answered(asked.id, Unanswered("the board changed")))
        self.explanations.clear()
        try:
            kept = (request.engine, request.puzzle)
            engine = self.engines.pop(kept, None)
            if engine is None:
                engine = open_engine(request.puzzle, request.engine)
                engine_named(request.engine).recall(engine, warn)
            self.engines[kept] = engine
            while len(self.engines) > KEPT_ENGINES:
                self.engines.popitem(last=False)
            engine.strict = request.strict
            engine.restore(of_codes(request.decisions, request.puzzle.n), token)
        except QueryCancelled:
            return
        except NQueensError as error:
            send(Refused(request.id, str(error)))
            return
        finally:
            with self.lock:
                self.taking = None
        self.engine, self.board_id = engine, request.id
        self.counts_per_square = engine_named(request.engine).counts_per_square
        self.stage = SETTLE
        view = engine.view()
        dead_end = view.conflict is not None
        send(Taken(request.id, digits(view.codes.ravel()), sendable(view.insight), dead_end))

    def work(self) -> None:
        """Settle the board in hand, then explain its squares asked about, then count it (a quick
        figure, then the final one), then warm the solver, until a request comes."""
        engine, ident = self.engine, self.board_id
        assert engine is not None
        token = self.fresh_token()
        if not self.requests.empty():
            return
        if self.stage == SETTLE:
            if self.settle(engine, ident, token):
                self.stage = QUICK
                if time.monotonic() - self.kept_at >= KEEP_EVERY:
                    self.keep()
            return
        if self.explanations:
            self.explain(engine, self.explanations[-1], token)
            return
        if self.stage == DONE:
            return
        if self.stage == WARM:
            if engine.prepare_solver(token):
                self.stage = DONE
            return
        if self.stage == SQUARES:
            counts = engine.cell_counts(token)
            if counts is not None:
                send(SquaresCounted(ident, [k for row in counts for k in row]))
            if counts is not None or not self.counts_per_square:
                self.stage = WARM
            return
        final = self.stage == FINAL
        figure = engine.solution_count(token) if final else engine.quick_count(token)
        if figure is not None:
            send(Counted(ident, figure, final or figure.exact is not None))
            counted = final or figure.exact is not None
            self.stage = (SQUARES if self.counts_per_square else WARM) if counted else FINAL

    def keep(self) -> None:
        """Keep what the board in hand found for a later process (the SAT engine's solutions:
        a reopened game is proven at once)."""
        self.kept_at = time.monotonic()
        for (name, _), engine in self.engines.items():
            if engine is self.engine:
                engine_named(name).keep(engine, warn)

    def explain(self, engine: Engine, asked: Ask, token: CancelToken) -> None:
        """Answer the newest explanation asked, unless a request interrupts it."""
        try:
            found = answer(engine, asked.question, token)
        except QueryCancelled:
            return
        send(Answered(asked.id, found))
        self.explanations.remove(asked)

    def settle(self, engine: Engine, ident: int, token: CancelToken) -> bool:
        """Settle the board, sending decided squares in batches, the last one with the word that
        the board is settled (one update of the window less); False when a request came."""
        squares: list[int] = []
        codes: list[int] = []
        last = time.monotonic()
        n = engine.n

        def flush(settled: bool = False) -> None:
            ms = round((time.perf_counter() - self.taken_at) * 1000, 1) if settled else 0.0
            insight = sendable(engine.view().insight) if settled else None
            send(Decided(ident, squares.copy(), digits(codes), settled, insight, ms))
            squares.clear()
            codes.clear()

        def decided(cell: Cell, state: CellState) -> None:
            nonlocal last
            squares.append(cell.row * n + cell.col)
            codes.append(STATE_ORDER.index(state))
            if time.monotonic() - last >= FLUSH_SECONDS:
                flush()
                last = time.monotonic()

        settled = engine.settle(cancel=token, on_cell=decided)
        if settled:
            flush(settled=True)
        elif squares:
            flush()
        return settled


def _extends(newer: TakeBoard, taking: TakeBoard | None) -> bool:
    """Whether the newer board keeps every decision of the one being taken (a later click),
    which must then be answered first; nothing being taken counts as kept."""
    if taking is None:
        return True
    same = (newer.puzzle, newer.engine) == (taking.puzzle, taking.engine)
    return same and set(taking.decisions) <= set(newer.decisions)


def digits(codes: Sequence[int] | np.ndarray) -> str:
    """State codes (0 to 9) as one digit each: a 100×100 board in 10,000 characters."""
    return bytes(np.asarray(codes, dtype=np.uint8) + ord("0")).decode("ascii")


def main() -> int:
    """Serve until the window closes the line; a window that went away or an interrupt ends the
    worker quietly, running out of memory in one line (the window then says so and restarts it)."""
    try:
        Worker().run()
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        silence_stdout()
        return 0
    except MemoryError:
        sys.stderr.write("nqueens-gui: the engine worker ran out of memory\n")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
