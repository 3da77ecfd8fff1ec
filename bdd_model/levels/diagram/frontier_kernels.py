"""A level's reduced decision diagram found by numba: a walk over the squares in row-major order (the classic
board's variable order), a piece on each square or not, on the levels' search's arrays. A board that cannot
be finished is dropped at once (a group left with too few squares; a group inside another that needs as
many pieces closes the rest of that other first; at the start of each row, the levels' search finds no
solution), a board met again (its open squares and needs) costs nothing, and equal nodes are one: the nodes
come out reduced, children first."""

from __future__ import annotations

import numpy as np
from numba import njit

from bdd_model.levels.level_kernels import (
    _branch,
    _copy,
    _grown,
    _key,
    _mixed,
    _place,
    _push,
    _slot,
    _stack,
    _walk,
)
from bdd_model.levels.level_python import STOPPED

_MASKS = "uint64[:, ::1]"
_NEEDS = "int64[:, ::1]"
_INTS = "int64[::1]"
_ONE = np.uint64(1)
BEYOND = -1
"""The root when the walk met more boards than it may."""
STOP_EVERY = 1024
"""Boards walked between two looks at the stop flag."""
_TABLE_START = 1 << 10
_DEAD = 1 << 14
"""Boards without a solution the row-start searches keep (the table starts over when half full)."""


@njit("int64(int64[:, ::1], int64[::1], int64, int64, int64)", cache=True, nogil=True)
def _node_slot(nodes, unique, var, low, high):  # pragma: no cover - compiled
    """Where node (var, low, high) is in the unique table, or the empty slot where it goes."""
    mask = np.uint64(unique.shape[0] - 1)
    mixed = np.uint64(var) * np.uint64(0x9E3779B97F4A7C15)
    mixed ^= np.uint64(low) * np.uint64(0xBF58476D1CE4E5B9)
    mixed = (mixed ^ (np.uint64(high) * np.uint64(0x94D049BB133111EB))) * np.uint64(0xBF58476D1CE4E5B9)
    at = int((mixed ^ (mixed >> np.uint64(29))) & mask)
    while unique[at] >= 0:
        node = unique[at]
        if nodes[node, 0] == var and nodes[node, 1] == low and nodes[node, 2] == high:
            return at
        at = int((np.uint64(at) + _ONE) & mask)
    return at


@njit("int64[::1](int64[:, ::1], int64, int64)", cache=True, nogil=True)
def _rehashed(nodes, made, size):  # pragma: no cover - compiled
    """A unique table of ``size`` slots holding the first ``made`` nodes."""
    unique = np.full(size, -1, dtype=np.int64)
    for node in range(2, made):
        unique[_node_slot(nodes, unique, nodes[node, 0], nodes[node, 1], nodes[node, 2])] = node
    return unique


@njit(cache=True, nogil=True)
def _solvable(
    groups, touch, groups_of, avail, need, search, scratch, dead, dead_marks, stop
):  # pragma: no cover
    """Some solution finishes the board (or ``stop[0]`` is set): the levels' search on its own
    stack, the boards it finds without a solution kept in ``dead`` for the next."""
    s_avail, s_placed, s_need, s_square, s_stage = search
    for w in range(avail.shape[0]):
        s_avail[0, w] = avail[w]
        s_placed[0, w] = 0
    for g in range(need.shape[0]):
        s_need[0, g] = need[g]
    found = _walk(
        groups,
        touch,
        groups_of,
        1,
        0,
        0,
        False,
        scratch[0],
        s_avail,
        s_placed,
        s_need,
        s_square,
        s_stage,
        dead,
        dead_marks,
        scratch[1],
        scratch[2],
        stop,
    )
    return found != 0


@njit(
    f"Tuple((int64[:, ::1], int64, int64))({_MASKS}, {_MASKS}, {_NEEDS}, int64, int64, {_INTS})",
    cache=True,
    nogil=True,
)
def diagram(groups, touch, groups_of, stars, most_boards, stop):  # pragma: no cover - compiled
    """The level's reduced BDD over its squares (groups: rows, columns, regions, each to hold
    ``stars`` pieces): rows (square, low, high) of its nodes, 0 FALSE and 1 TRUE first (square
    n²), every node after its children; its root, and the boards walked. The root is ``BEYOND``
    past ``most_boards`` boards (0: no bound), ``STOPPED`` once ``stop[0]`` is set."""
    cells = touch.shape[0]
    words = groups.shape[1]
    avail, placed, need, low_of, stage = _stack(cells, words, groups.shape[0])
    high_of = np.zeros(cells + 2, dtype=np.int64)
    key_words = words + (3 * groups.shape[0] + 63) // 64 + 1
    keys = np.zeros((cells + 2, key_words), dtype=np.uint64)
    hashes = np.zeros(cells + 2, dtype=np.uint64)
    table = np.zeros((_TABLE_START, key_words), dtype=np.uint64)
    known = np.full(_TABLE_START, -1, dtype=np.int64)
    kept = 0
    nodes = np.zeros((_TABLE_START, 3), dtype=np.int64)
    nodes[0, 0] = cells
    nodes[1, 0] = cells
    nodes[1, 1] = 1
    nodes[1, 2] = 1
    made = 2
    unique = np.full(2 * _TABLE_START, -1, dtype=np.int64)
    for x in range(cells):
        avail[0, x >> 6] |= _ONE << np.uint64(x & 63)
    for g in range(need.shape[1]):
        need[0, g] = stars
    row = groups.shape[0] // 3
    search = _stack(cells, words, groups.shape[0])
    scratch = np.zeros((3, words), dtype=np.uint64)
    dead = np.zeros((_DEAD, words + (3 * groups.shape[0] + 63) // 64), dtype=np.uint64)
    dead_marks = np.full(_DEAD + 1, -1, dtype=np.int64)
    dead_marks[-1] = 0
    boards = 0
    depth = 0
    stage[0] = 0
    while True:
        result = -1
        if stage[depth] == 0:
            if _branch(avail, need, depth, groups, groups_of, False) == -2:
                result = 0
            elif depth == cells:
                result = 1
            else:
                _key(avail, need, depth, keys)
                keys[depth, key_words - 1] = np.uint64(depth)
                hashes[depth] = _mixed(keys[depth])
                at = _slot(table, known, keys[depth], hashes[depth])
                if known[at] >= 0:
                    result = known[at]
                elif depth % row == 0 and not _solvable(
                    groups,
                    touch,
                    groups_of,
                    avail[depth],
                    need[depth],
                    search,
                    scratch,
                    dead,
                    dead_marks,
                    stop,
                ):
                    result = 0
            if result < 0:
                boards += 1
                if boards == most_boards:
                    return nodes[:made].copy(), BEYOND, boards
                if boards % STOP_EVERY == 0 and stop[0] != 0:
                    return nodes[:made].copy(), STOPPED, boards
                stage[depth] = 1
                _push(avail, placed, need, depth)
                avail[depth + 1, depth >> 6] &= ~(_ONE << np.uint64(depth & 63))
                depth += 1
                stage[depth] = 0
                continue
        elif stage[depth] == 1 and (avail[depth, depth >> 6] >> np.uint64(depth & 63)) & _ONE:
            stage[depth] = 2
            _push(avail, placed, need, depth)
            _place(groups, touch, groups_of, depth, avail[depth + 1], need[depth + 1], placed[depth + 1])
            depth += 1
            stage[depth] = 0
            continue
        else:
            if stage[depth] == 1:
                high_of[depth] = 0
            low, high = low_of[depth], high_of[depth]
            result = low
            if low != high:
                at = _node_slot(nodes, unique, depth, low, high)
                result = unique[at]
                if result < 0:
                    if made == nodes.shape[0]:
                        grown = np.zeros((2 * made, 3), dtype=np.int64)
                        for node in range(made):
                            for part in range(3):
                                grown[node, part] = nodes[node, part]
                        nodes = grown
                    nodes[made, 0] = depth
                    nodes[made, 1] = low
                    nodes[made, 2] = high
                    unique[at] = made
                    result = made
                    made += 1
                    if 2 * made > unique.shape[0]:
                        unique = _rehashed(nodes, made, 4 * unique.shape[0])
            if 2 * (kept + 1) > table.shape[0]:
                table, known = _grown(table, known)
            at = _slot(table, known, keys[depth], hashes[depth])
            _copy(table[at], keys[depth])
            known[at] = result
            kept += 1
        depth -= 1
        if depth < 0:
            return nodes[:made].copy(), result, boards
        if stage[depth] == 1:
            low_of[depth] = result
        else:
            high_of[depth] = result
