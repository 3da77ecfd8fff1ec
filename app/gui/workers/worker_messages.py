"""The messages between the window and its engine worker, one JSON object a line each way, read
by schema: a line that is not one of them is dropped whole (``Lines``, for every child)."""

from __future__ import annotations

from typing import Annotated, Generic, TypeVar

import msgspec

from bdd_model.engines.insights import WorkerInsight
from bdd_model.puzzles import Puzzle
from bdd_model.questions import Answer, Question
from bdd_model.solution_count import SolutionCount

Id = Annotated[int, msgspec.Meta(ge=0)]
MessageT = TypeVar("MessageT")
MAX_LINE = 16 << 20
"""A line longer than this (16 MB) is not one of the worker's messages: it is dropped."""


class TakeBoard(msgspec.Struct, tag="board"):
    """Answer this board from now on: the puzzle, the decisions as numbers, the engine by name;
    ``strict``: refuse decisions that leave no solution (else keep them, where the engine can)."""

    id: Id
    puzzle: Puzzle
    decisions: list[int]
    engine: str
    strict: bool = True


class Ask(msgspec.Struct, tag="ask"):
    """A question about the board in hand."""

    id: Id
    question: Question


class Point(msgspec.Struct, tag="point"):
    """The square the person points at (row × N + column, −1 for none): the engine proves the
    lines nearest it first. It interrupts nothing."""

    square: int


Request = TakeBoard | Ask | Point


class Ready(msgspec.Struct, tag="ready"):
    """The worker has started and loaded its engines (``compiled``: with the compiled kernels)."""

    compiled: bool


class Taken(msgspec.Struct, tag="taken"):
    """The board was taken; ``codes`` holds one digit a square, row-major (``STATE_ORDER``, or
    ``UNDECIDED`` for a square not decided yet, ``FITS`` for one a queen is known to fit on), and
    the engine says its insight so far."""

    id: Id
    codes: str
    insight: WorkerInsight | None = None
    dead_end: bool = False
    """No solution keeps the decisions (taken, as asked, by an engine that keeps dead ends)."""


class Refused(msgspec.Struct, tag="refused"):
    """The board was not taken: no solution keeps its decisions."""

    id: Id
    reason: str


class Decided(msgspec.Struct, tag="decided"):
    """More squares decided (``squares``: row × N + column); the last batch says ``settled``, with
    the engine's insight and the worker's milliseconds from taking the board."""

    id: Id
    squares: list[int]
    codes: str
    settled: bool = False
    insight: WorkerInsight | None = None
    ms: float = 0.0


class Counted(msgspec.Struct, tag="counted"):
    """The count figure: a quick one first, then the ``final`` one."""

    id: Id
    figure: SolutionCount
    final: bool


class SquaresCounted(msgspec.Struct, tag="squares-counted"):
    """In how many remaining solutions each square holds a piece (row-major), from an engine that
    counts them."""

    id: Id
    counts: list[int]


class Answered(msgspec.Struct, tag="answered"):
    """The answer to an ``Ask``."""

    id: Id
    answer: Answer


Reply = Ready | Taken | Refused | Decided | Counted | SquaresCounted | Answered

REQUESTS = msgspec.json.Decoder(Request)
REPLIES = msgspec.json.Decoder(Reply)
ENCODER = msgspec.json.Encoder()


def line(message: Request | Reply) -> bytes:
    """The message as one line."""
    return ENCODER.encode(message) + b"\n"


class Lines(Generic[MessageT]):
    """Collects a child's bytes as they arrive and hands out each complete line's message."""

    def __init__(self, decoder: msgspec.json.Decoder[MessageT]) -> None:
        self._decoder = decoder
        self._buffer = b""

    def feed(self, data: bytes) -> list[MessageT]:
        """The messages of the lines completed by ``data``; a line that is none is skipped."""
        *lines, self._buffer = (self._buffer + data).split(b"\n")
        if len(self._buffer) > MAX_LINE:
            self._buffer = b""
        messages = []
        for text in lines:
            try:
                messages.append(self._decoder.decode(text))
            except msgspec.DecodeError:
                continue
        return messages
