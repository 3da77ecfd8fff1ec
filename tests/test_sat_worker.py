"""The SAT worker's protocol, run in this process on a pipe: boards, their squares, explanations
that wait for the settle and never hold up a new board."""

from __future__ import annotations

import json
import os
import queue
import sys
import threading
import time
from collections.abc import Callable
from typing import Any

import pytest

from app.gui.workers import sat_worker
from bdd_model import Cell, Decision, DecisionKind, QueryCancelled, load_or_compile
from bdd_model.progress import CancelToken
from bdd_model.sat.engine import SatEngine
from bdd_model.saved_game import replay

Record = dict[str, Any]


class Worker:
    """A worker reading a pipe this test writes to; what it sends is collected."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        read_end, write_end = os.pipe()
        monkeypatch.setattr(sys, "stdin", os.fdopen(read_end, "r"))
        self.pipe = os.fdopen(write_end, "w", buffering=1)
        self.records: queue.Queue[Record] = queue.Queue()
        monkeypatch.setattr(sat_worker, "_send", self.records.put)
        self.thread = threading.Thread(target=sat_worker.Worker().run, daemon=True)
        self.thread.start()
        self.seen: list[Record] = []
        assert self.wait(lambda r: r.get("ready") is True)

    def send(self, **request: Any) -> None:
        self.pipe.write(json.dumps(request) + "\n")

    def wait(self, wanted: Callable[[Record], bool]) -> Record:
        """The first record from now on that is ``wanted`` (every record is kept in ``seen``)."""
        while True:
            record = self.records.get(timeout=60)
            self.seen.append(record)
            if wanted(record):
                return record

    def close(self) -> None:
        self.pipe.close()
        self.thread.join(timeout=30)
        assert not self.thread.is_alive()


@pytest.fixture
def worker(monkeypatch: pytest.MonkeyPatch):
    running = Worker(monkeypatch)
    yield running
    running.close()


def test_a_board_is_known_then_settled_with_its_calls_and_time_then_counted(worker: Worker) -> None:
    worker.send(id=1, op="board", n=8, decisions=[[0, 0, "queen"]])
    known = worker.wait(lambda r: r.get("id") == 1 and "known" in r)["known"]
    assert len(known) == 64 and known[0] == "0"
    settled = worker.wait(lambda r: r.get("settled"))
    assert settled["id"] == 1 and settled["calls"] >= 0 and settled["ms"] > 0
    count = worker.wait(lambda r: "count" in r and r["final"])
    assert count["id"] == 1 and count["count"]["exact"] == 4


def test_explanations_wait_for_the_settle_and_match_the_diagram(worker: Worker) -> None:
    decisions = [[0, 0, "queen"], [1, 4, "queen"]]
    worker.send(id=1, op="board", n=8, decisions=decisions)
    worker.send(id=2, op="explain", cell=[2, 6])
    answer = worker.wait(lambda r: r.get("id") == 2)
    assert any(r.get("settled") for r in worker.seen), "answered before the board was settled"
    taken = [Decision(Cell(r, c), DecisionKind.QUEEN) for r, c, _ in decisions]
    expected = replay(load_or_compile(8), taken).explain(2, 6)
    assert expected
    assert answer["explain"] == [list(cell) for cell in expected]


def test_a_slow_explanation_never_holds_up_a_new_board(worker: Worker, monkeypatch) -> None:
    """An explanation that runs until it is interrupted: the next board is answered all the same,
    and the explanation it made useless is answered with an error."""
    started = threading.Event()

    def endless(self: SatEngine, row: int, col: int, cancel: CancelToken | None = None) -> list[Cell]:
        started.set()
        assert cancel is not None
        while not cancel.cancelled:
            time.sleep(0.005)
        raise QueryCancelled("interrupted")

    monkeypatch.setattr(SatEngine, "explain", endless)
    worker.send(id=1, op="board", n=10, decisions=[[0, 0, "queen"]])
    worker.wait(lambda r: r.get("settled"))
    worker.send(id=2, op="explain", cell=[0, 5])
    assert started.wait(timeout=60)
    worker.send(id=3, op="board", n=10, decisions=[[0, 0, "queen"], [5, 5, "mark"]])
    assert worker.wait(lambda r: r.get("id") == 2) == {"id": 2, "error": "the board changed"}
    assert worker.wait(lambda r: r.get("id") == 3 and "known" in r)["known"][55] == "1"
    assert worker.wait(lambda r: r.get("settled"))["id"] == 3
