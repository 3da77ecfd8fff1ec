"""What every engine says of itself in the registry: its name and words, what it answers (its reach), and how
a board of it is opened (at once, in this process or in the engine worker, or from something built first)."""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Protocol

from bdd_model.decisions import Decision
from bdd_model.engine import Engine
from bdd_model.errors import BoardSizeError
from bdd_model.progress import ProgressCallback, no_progress
from bdd_model.puzzles import FamilyPuzzle, LevelPuzzle, Puzzle

Warn = Callable[[str], None]


def _quiet(text: str) -> None:
    """Say nothing."""


class EngineKind(ABC):
    """One engine as the registry knows it."""

    name: str
    """As the command line, the files and the worker say it ("bdd")."""
    title: str
    """As people name it ("BDD", "SAT engine")."""
    short_title: str
    """In a few words' room ("BDD", "SAT")."""
    choice_label: str
    """Its entry in View → Engine ("&BDD Only")."""
    choice_words: str
    """What choosing it means, in a sentence."""
    in_worker: bool = False
    """Its boards are answered in the engine worker process (else in the window's own)."""
    counts_per_square: bool = False
    """It counts the solutions through every square (the heat map)."""

    def keeps_dead_ends(self, puzzle: Puzzle) -> bool:
        """Its boards of the puzzle take, when asked (``strict`` False), decisions that leave no
        solution."""
        return False

    def by_name_only(self, puzzle: Puzzle) -> bool:
        """It answers the puzzle only when chosen by name: ``auto`` leaves it to another."""
        return False

    def builds(self, puzzle: Puzzle) -> bool:
        """It answers the puzzle from something built first and kept (see ``BuiltEngineKind``)."""
        return False

    @abstractmethod
    def largest(self, puzzle: Puzzle) -> int:
        """The largest board of the puzzle's kind it answers (0: none)."""

    def reaches(self, puzzle: Puzzle) -> bool:
        """It answers the puzzle."""
        return 1 <= puzzle.n <= self.largest(puzzle)

    def prepare(self) -> bool:
        """Make ready, in the process that answers its boards, what they need before the first
        (compiled kernels, compiled in the background if they are not yet); True when it all
        answers at its fastest from now on."""
        return True

    def recall(self, board: Engine, warn: Warn = _quiet) -> None:
        """Give a board just opened what an earlier process kept of its puzzle (nothing here)."""
        return None

    def keep(self, board: Engine, warn: Warn = _quiet) -> None:
        """Keep for a later process what the board found (nothing here)."""
        return None

    @abstractmethod
    def check_size(self, puzzle: Puzzle) -> None:
        """BoardSizeError, in the engine's own words, when it does not answer the puzzle's size."""

    @abstractmethod
    def open(
        self,
        puzzle: Puzzle,
        backend: str = "auto",
        construction: str = "search",
        progress: ProgressCallback = no_progress,
        warn: Warn = _quiet,
    ) -> Engine:
        """A fresh board of the puzzle (what it is answered from built now, if it must be)."""


def family_board(title: str, puzzle: Puzzle) -> FamilyPuzzle:
    """The puzzle as a rule family's board, for an engine that answers only those; BoardSizeError
    in its words otherwise."""
    if isinstance(puzzle, FamilyPuzzle):
        return puzzle
    raise BoardSizeError(
        f"the {title} answers the rule families' boards, not a {puzzle.title}: the level search "
        "and the BDD answer levels (--engine search or bdd)"
    )


def level_board(title: str, puzzle: Puzzle) -> LevelPuzzle:
    """The puzzle as a level, for an engine that answers only levels; BoardSizeError in its words
    otherwise."""
    if isinstance(puzzle, LevelPuzzle):
        return puzzle
    raise BoardSizeError(f"the {title} answers region levels, not the {puzzle.title} board")


class Built(Protocol):
    """What a built engine answers from (a compiled diagram): boards of its puzzle, each with its
    decisions taken in order (an NQueensError naming the first refused)."""

    def board(self, decisions: Sequence[Decision]) -> Engine: ...


class BuiltEngineKind(EngineKind):
    """An engine that answers from something built first and kept on disk: built in a child
    process (it can take minutes), then answered in this process."""

    built_noun: str
    """What it is built into, in a sentence ("diagram")."""

    def builds(self, puzzle: Puzzle) -> bool:
        return True

    brings: str
    """What it brings once built, in a sentence ("exact counts and the heat map")."""

    @abstractmethod
    def quick(self, puzzle: Puzzle) -> bool:
        """Building for the puzzle takes about a second: nothing worth waiting for."""

    @abstractmethod
    def at_hand(self, puzzle: Puzzle, backend: str, build_up_to: int, warn: Warn) -> Built | None:
        """What boards of the puzzle are answered from, if it can be had at once: kept, or built
        here within a moment (boards up to ``build_up_to``); None otherwise."""

    @abstractmethod
    def is_kept(self, puzzle: Puzzle, backend: str) -> bool:
        """What the puzzle is answered from is kept on disk."""

    @abstractmethod
    def build(
        self,
        puzzle: Puzzle,
        backend: str,
        progress: ProgressCallback,
        warn: Warn,
        done: Callable[[Path, int], None],
    ) -> None:
        """Build what the puzzle is answered from and keep it (a child process's work);
        ``done`` hears the file that holds it and the number of solutions as soon as they are
        known, before what is only bookkeeping."""

    @abstractmethod
    def load_built(self, puzzle: Puzzle, backend: str, path: Path) -> Built:
        """Read back what a child built into ``path`` (a file that is not the kept one is
        removed); NQueensError when it cannot be."""

    @abstractmethod
    def discard_built(self, puzzle: Puzzle, backend: str, path: Path) -> None:
        """A build no longer wanted: remove its file unless it is the one kept."""


def as_built(kind: EngineKind, puzzle: Puzzle) -> BuiltEngineKind | None:
    """The engine as the built engine that answers the puzzle, None when it answers it at once."""
    return kind if isinstance(kind, BuiltEngineKind) and kind.builds(puzzle) else None
