"""Child process that answers the window with the SAT engine, apart from the window's lock.

python-sat's CaDiCaL holds Python's GIL for a whole solver call (a thread beside it is
paused as long), so in a thread of the window it would freeze the window; in this
process it cannot, and a large board's memory cannot take the window down. No Qt here.

One JSON object a line each way. The worker greets once it has loaded the engine:
``{"ready": true, "compiled": bool}``. Requests:
``{"id": k, "op": "board", "n": N, "decisions": [[r, c, "queen"|"mark"], ...]}`` (0-based),
``{"id": k, "op": "explain", "cell": [r, c]}``, ``{"id": k, "op": "solution", "index": i}``,
``{"id": k, "op": "hint"}``. Answers carry the id of the request they answer:
``{"id": k, "known": "0…6"}`` when a board is taken, one digit a square, row-major (the
state's index in ``STATE_ORDER``, 6 for a square not decided yet; or ``{"id": k, "error":
message}`` when its decisions leave no solution),
``{"id": k, "cells": [square, ...], "codes": "0…5"}`` as squares are decided (square = r·N + c),
the last batch with ``"settled": true, "calls": C, "ms": T`` when every square is (C solver
calls, T the worker's milliseconds from taking the board to settling it),
``{"id": k, "count": figure, "final": bool}`` for the count (``SolutionCount.to_wire``): a
quick figure first, then the final one, ``{"id": k, "explain": [[r, c], ...] or null}``,
``{"id": k, "solution": [col, ...]}``, ``{"id": k, "hint": [r, c] or null}``.

Every request stops the work in hand at its next look at the cancel token (between kernel
calls, within them every few hundred nodes, between solver slices); requests are answered in
the order they came, but for explanations: one may take seconds on a large board (proving a
square closed by look-ahead), and the pointer asks for one on every closed square it crosses.
So they wait until the board in hand is settled, the newest first (the square pointed at
now); a later request interrupts one, which is then taken up again; a new board answers the
ones left with an error (the window no longer wants them). Whenever no request waits, the
latest board is settled, then its explanations are found, then it is counted, then the
engine's solver is built if it is not yet (so that no click waits for it).
"""

from __future__ import annotations

import json
import queue
import sys
import threading
import time
from collections import OrderedDict
from collections.abc import Sequence
from typing import Any

import numpy as np

from app.child_process import silence_stdout
from app.gui.workers.board_answers import board_answer
from bdd_model import Cell, CellState, Decision, DecisionKind, NQueensError, QueryCancelled
from bdd_model.engine import STATE_ORDER
from bdd_model.progress import CancelToken
from bdd_model.sat.engine import SatEngine
from bdd_model.sat.kernels.jit import kernels

KEPT_ENGINES = 3
"""Engines kept for the sizes used last (their kept solutions make the next clicks quick)."""
FLUSH_SECONDS = 0.03
"""Decided squares are sent at most this often, in batches."""
SETTLE, QUICK, FINAL, WARM, DONE = "settle", "quick", "final", "warm", "done"
"""The work left on the board in hand, in order (WARM: build the engine's solver before a
click needs it, a slice at a time)."""


def _send(record: dict[str, Any]) -> None:
    sys.stdout.write(json.dumps(record, separators=(",", ":")) + "\n")
    sys.stdout.flush()


class Worker:
    """The engines, the board in hand and the work left on it."""

    def __init__(self) -> None:
        self.requests: queue.Queue[dict[str, Any] | None] = queue.Queue()
        self.token = CancelToken()
        self.lock = threading.Lock()
        self.engines: OrderedDict[int, SatEngine] = OrderedDict()
        self.engine: SatEngine | None = None
        self.board_id = 0
        self.taken_at = 0.0
        self.stage = DONE
        self.explanations: list[dict[str, Any]] = []
        """Explanation requests not answered yet, the newest last."""

    def read(self) -> None:
        """The reader thread: queue every request and stop the work in hand."""
        for line in sys.stdin:
            try:
                request = json.loads(line)
            except json.JSONDecodeError:
                continue
            if isinstance(request, dict):
                self.requests.put(request)
                with self.lock:
                    self.token.cancel()
        self.requests.put(None)
        with self.lock:
            self.token.cancel()

    def fresh_token(self) -> CancelToken:
        with self.lock:
            self.token = CancelToken()
            return self.token

    def run(self) -> None:
        _send({"ready": True, "compiled": kernels().prepare()})
        threading.Thread(target=self.read, daemon=True).start()
        while True:
            idle = self.stage == DONE and not self.explanations
            try:
                request = self.requests.get(block=idle)
            except queue.Empty:
                self.work()
                continue
            if request is None:
                return
            self.answer(request)

    def answer(self, request: dict[str, Any]) -> None:
        ident = request.get("id", 0)
        try:
            op = request.get("op")
            if op == "board":
                self.take_board(ident, int(request["n"]), request.get("decisions", []))
            elif self.engine is None:
                _send({"id": ident, "error": "there is no board yet"})
            elif op == "explain":
                self.explanations.append(request)
            else:
                _send({"id": ident, **board_answer(self.engine, request)})
        except (NQueensError, IndexError) as error:
            _send({"id": ident, "error": str(error)})
        except (KeyError, TypeError, ValueError) as error:
            _send({"id": ident, "error": f"malformed request ({error})"})

    def take_board(self, ident: int, n: int, decisions: list[list[Any]]) -> None:
        self.taken_at = time.perf_counter()
        for request in self.explanations:
            _send({"id": request.get("id", 0), "error": "the board changed"})
        self.explanations.clear()
        engine = self.engines.pop(n, None) or SatEngine(n)
        self.engines[n] = engine
        while len(self.engines) > KEPT_ENGINES:
            self.engines.popitem(last=False)
        taken = [
            Decision(Cell(int(r), int(c)), DecisionKind.QUEEN if kind == "queen" else DecisionKind.MARK)
            for r, c, kind in decisions
        ]
        engine.restore(taken)
        self.engine, self.board_id = engine, ident
        self.stage = SETTLE
        _send({"id": ident, "known": digits(engine.known_codes().ravel())})

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
        final = self.stage == FINAL
        figure = engine.solution_count(token) if final else engine.quick_count(token)
        if figure is not None:
            _send({"id": ident, "count": figure.to_wire(), "final": final or figure.exact is not None})
            self.stage = WARM if final or figure.exact is not None else FINAL

    def explain(self, engine: SatEngine, request: dict[str, Any], token: CancelToken) -> None:
        """Answer the newest explanation request, unless a request interrupts it."""
        try:
            answer = board_answer(engine, request, cancel=token)
        except QueryCancelled:
            return
        _send({"id": request.get("id", 0), **answer})
        self.explanations.remove(request)

    def settle(self, engine: SatEngine, ident: int, token: CancelToken) -> bool:
        """Settle the board, sending decided squares in batches, the last one with the word that
        the board is settled (one update of the window less); False when a request came."""
        squares: list[int] = []
        codes: list[int] = []
        last = time.monotonic()
        n = engine.n

        def send(**settled: Any) -> None:
            _send({"id": ident, "cells": squares.copy(), "codes": digits(codes), **settled})
            squares.clear()
            codes.clear()

        def decided(cell: Cell, state: CellState) -> None:
            nonlocal last
            squares.append(cell.row * n + cell.col)
            codes.append(STATE_ORDER.index(state))
            if time.monotonic() - last >= FLUSH_SECONDS:
                send()
                last = time.monotonic()

        settled = engine.settle(cancel=token, on_cell=decided)
        if settled:
            ms = round((time.perf_counter() - self.taken_at) * 1000, 1)
            send(settled=True, calls=engine.solver_calls, ms=ms)
        elif squares:
            send()
        return settled


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
        sys.stderr.write("nqueens-gui: the SAT engine ran out of memory\n")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
