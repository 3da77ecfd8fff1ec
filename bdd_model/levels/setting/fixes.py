"""The single-square region changes that leave a level exactly one solution, the easiest resulting
level first. A change of square s keeps every solution without a piece on s, so with two or more
solutions only squares that all solutions but at most one hold are tried."""

from __future__ import annotations

from dataclasses import dataclass

from bdd_model.board import Cell
from bdd_model.levels.level_search import LevelSearch
from bdd_model.levels.making.regions import neighbours
from bdd_model.levels.techniques.rating import DIFFICULTIES, Difficulty, rated_as
from bdd_model.progress import CancelToken
from bdd_model.puzzles.level import Level


@dataclass(frozen=True)
class Fix:
    """Square ``cell`` moved from region ``source`` to region ``target`` (their symbols), and the
    difficulty of the level that leaves."""

    cell: Cell
    source: str
    target: str
    difficulty: Difficulty


def changed(level: Level, cell: Cell, symbol: str) -> Level:
    """The level with ``cell`` in the region named ``symbol``."""
    rows = list(level.regions)
    row = rows[cell.row]
    rows[cell.row] = row[: cell.col] + symbol + row[cell.col + 1 :]
    return Level(tuple(rows), level.stars)


def fixes(level: Level, cancel: CancelToken | None = None) -> list[Fix]:
    """Every change of one square to another region that leaves exactly one solution and every
    region that was connected still connected: the easiest resulting level first, then row by row,
    then by the target's symbol; empty for a level with one solution already."""
    search = LevelSearch(level)
    solutions = search.counted(limit=2, cancel=cancel).solutions
    if solutions == 1:
        return []
    n = level.n
    squares = [Cell(r, c) for r in range(n) for c in range(n)]
    if solutions:
        proven = search.proven(cancel=cancel)
        squares = [
            cell
            for cell in squares
            if proven[cell] == 2
            or (proven[cell] == 1 and search.counted(empties=[cell], limit=2, cancel=cancel).solutions == 1)
        ]
    connected = {symbol: _connected(level, symbol) for symbol in level.symbols}
    found = []
    for cell in squares:
        source = level.regions[cell.row][cell.col]
        for target in level.symbols:
            if target == source or not _keeps_connected(level, cell, target, connected):
                continue
            after = changed(level, cell, target)
            if LevelSearch(after).counted(limit=2, cancel=cancel).solutions == 1:
                found.append(Fix(cell, source, target, _difficulty(after)))
    rank = {difficulty: i for i, difficulty in enumerate(DIFFICULTIES)}
    symbols = {symbol: i for i, symbol in enumerate(level.symbols)}
    return sorted(found, key=lambda fix: (rank[fix.difficulty], fix.cell, symbols[fix.target]))


def _difficulty(level: Level) -> Difficulty:
    """The unique level's difficulty as ``rate`` gives it, hard without running the hard techniques."""
    return next((d for d in DIFFICULTIES[:2] if rated_as(level, d)), "hard")


def _keeps_connected(level: Level, cell: Cell, target: str, connected: dict[str, bool]) -> bool:
    """Whether moving ``cell`` to ``target`` leaves its own region some squares, and connected if it
    was, and ``target`` connected if it was."""
    source = level.regions[cell.row][cell.col]
    if "".join(level.regions).count(source) == 1:
        return False
    beside = {level.regions[r][c] for r, c in neighbours(level.n, cell)}
    if connected[target] and target not in beside:
        return False
    return not connected[source] or _connected(changed(level, cell, target), source)


def _connected(level: Level, symbol: str) -> bool:
    """Whether the region's squares are one piece (side by side)."""
    squares = {(r, c) for r, row in enumerate(level.regions) for c, s in enumerate(row) if s == symbol}
    start = next(iter(squares))
    seen, stack = {start}, [start]
    while stack:
        for near in neighbours(level.n, stack.pop()):
            if near in squares and near not in seen:
                seen.add(near)
                stack.append(near)
    return len(seen) == len(squares)
