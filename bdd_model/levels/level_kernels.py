"""The levels' exact search compiled by numba: the exact cover of ``level_search`` on arrays of 64-bit
words, one piece placed or one square taken out per step of a depth-first walk over an explicit stack
(state per depth: the open squares, the pieces each group still needs, the pieces placed). A group
whose squares lie in another group closes the rest of it; boards found without a solution are kept
for every later walk on the level; a count of many solutions keeps every board's count."""

from __future__ import annotations

import numpy as np
from numba import njit
from numba.cpython.unsafe.numbers import trailing_zeros

from bdd_model.kernels.bits import popcount
from bdd_model.levels.level_python import STOPPED

_MASKS = "uint64[:, ::1]"
_NEEDS = "int64[:, ::1]"
_INTS = "int64[::1]"
_WORDS = "uint64[::1]"
_ONE = np.uint64(1)
COUNT_BUDGET = 2_000
"""Boards a count of every solution walks by the fewest squares to spare before it goes row by row."""
WALKED = 256
"""Solutions of a board walked one by one to prove every square, before a search per square."""
STOP_EVERY = 1024
"""Boards walked between two looks at the stop flag."""
MEMO_START = 1 << 10
"""Boards a full count keeps at first; the table doubles as it fills."""
MEMO_LIMIT = 1 << 20
"""Boards a full count keeps at most (about 170 MB at 30×30); past it they are forgotten."""


@njit(f"int64({_MASKS}, {_NEEDS}, int64, {_MASKS}, {_NEEDS}, boolean)", cache=True, nogil=True)
def _branch(avail, need, depth, groups, groups_of, in_rows):  # pragma: no cover - compiled
    """The group to branch on at ``depth`` (the fewest squares to spare, or ``in_rows`` the
    first row that needs pieces unless a group has none to spare), −1 when every group holds
    its pieces, −2 when one cannot. First, while one does, a group whose open squares all lie in
    another group needing as many pieces closes the rest of that other group."""
    words = avail.shape[1]
    settled = in_rows
    while not settled:
        settled = True
        for g in range(groups.shape[0]):
            k = need[depth, g]
            if k == 0:
                continue
            x = -1
            left = 0
            for w in range(words):
                bits = avail[depth, w] & groups[g, w]
                if bits and x < 0:
                    x = 64 * w + trailing_zeros(bits)
                left += popcount(bits)
            if left < k:
                return -2
            for j in range(3):
                h = groups_of[x, j]
                if h == g:
                    continue
                inside = True
                for w in range(words):
                    if avail[depth, w] & groups[g, w] & ~groups[h, w]:
                        inside = False
                        break
                if not inside:
                    continue
                if need[depth, h] < k:
                    return -2
                if need[depth, h] > k:
                    continue
                for w in range(words):
                    rest = avail[depth, w] & groups[h, w] & ~groups[g, w]
                    if rest:
                        avail[depth, w] &= ~rest
                        settled = False
    best = -1
    best_spare = 1 << 30
    for g in range(groups.shape[0]):
        k = need[depth, g]
        if k == 0:
            continue
        left = 0
        for w in range(words):
            left += popcount(avail[depth, w] & groups[g, w])
        if left < k:
            return -2
        if left - k < best_spare:
            best = g
            best_spare = left - k
    if in_rows and best_spare > 0:
        for g in range(groups.shape[0]):
            if need[depth, g] > 0:
                return g
    return best


@njit(f"void({_MASKS}, {_MASKS}, {_NEEDS}, int64, {_WORDS}, {_INTS}, {_WORDS})", cache=True, nogil=True)
def _place(groups, touch, groups_of, x, avail, need, placed):  # pragma: no cover - compiled
    """A piece on square x: its touching squares closed, its groups' needs lowered, a group
    that holds its pieces closed."""
    for w in range(avail.shape[0]):
        avail[w] &= ~touch[x, w]
    placed[x >> 6] |= _ONE << np.uint64(x & 63)
    for j in range(3):
        h = groups_of[x, j]
        need[h] -= 1
        if need[h] == 0:
            for w in range(avail.shape[0]):
                avail[w] &= ~groups[h, w]


@njit(f"void({_WORDS}, {_WORDS})", cache=True, nogil=True)
def _copy(target, source):  # pragma: no cover - compiled
    """One row of words copied to another (a loop: far cheaper to compile than a slice)."""
    for w in range(source.shape[0]):
        target[w] = source[w]


@njit(f"void({_MASKS}, {_MASKS}, {_NEEDS}, int64)", cache=True, nogil=True)
def _push(avail, placed, need, depth):  # pragma: no cover - compiled
    """The board at ``depth`` copied one depth down the stack."""
    _copy(avail[depth + 1], avail[depth])
    _copy(placed[depth + 1], placed[depth])
    for g in range(need.shape[1]):
        need[depth + 1, g] = need[depth, g]


@njit(f"void({_MASKS}, {_MASKS}, {_NEEDS}, {_WORDS}, {_WORDS}, {_INTS})", cache=True, nogil=True)
def _reset(avail, placed, need, start, start_placed, start_need):  # pragma: no cover - compiled
    """Depth 0 of the stack set back to the board after the decisions."""
    _copy(avail[0], start)
    _copy(placed[0], start_placed)
    for g in range(need.shape[1]):
        need[0, g] = start_need[g]


@njit(f"uint64({_WORDS})", cache=True, nogil=True)
def _mixed(key):  # pragma: no cover - compiled
    """A key's hash (multiply and shift per word)."""
    mixed = np.uint64(0x9E3779B97F4A7C15)
    for w in range(key.shape[0]):
        mixed = (mixed ^ key[w]) * np.uint64(0xBF58476D1CE4E5B9)
        mixed ^= mixed >> np.uint64(31)
    return mixed


@njit(f"uint64({_MASKS}, {_NEEDS}, int64, {_MASKS})", cache=True, nogil=True)
def _key(avail, need, depth, keys):  # pragma: no cover - compiled
    """The board at ``depth`` as ``keys[depth]`` (its open squares, then its needs three bits
    each) and the key's hash. Words and zeros are written apart: numba types ``word if c else 0``
    as a float, which rounds keys together."""
    words = avail.shape[1]
    for w in range(keys.shape[1]):
        keys[depth, w] = 0
    for w in range(words):
        keys[depth, w] = avail[depth, w]
    for g in range(need.shape[1]):
        bit = 3 * g
        keys[depth, words + (bit >> 6)] |= np.uint64(need[depth, g]) << np.uint64(bit & 63)
    return _mixed(keys[depth])


@njit(f"int64({_MASKS}, {_INTS}, {_WORDS}, uint64)", cache=True, nogil=True)
def _slot(table, counts, key, mixed):  # pragma: no cover - compiled
    """Where ``key`` is in the table, or the empty slot where it goes."""
    mask = np.uint64(table.shape[0] - 1)
    at = int(mixed & mask)
    while counts[at] >= 0:
        same = True
        for w in range(key.shape[0]):
            if table[at, w] != key[w]:
                same = False
                break
        if same:
            return at
        at = int((np.uint64(at) + _ONE) & mask)
    return at


@njit(f"Tuple(({_MASKS}, {_INTS}))({_MASKS}, {_INTS})", cache=True, nogil=True)
def _grown(table, counts):  # pragma: no cover - compiled
    """A table of boards' counts twice as large, holding the same boards."""
    grown = np.zeros((2 * table.shape[0], table.shape[1]), dtype=np.uint64)
    grown_counts = np.full(2 * table.shape[0], -1, dtype=np.int64)
    for i in range(table.shape[0]):
        if counts[i] >= 0:
            at = _slot(grown, grown_counts, table[i], _mixed(table[i]))
            _copy(grown[at], table[i])
            grown_counts[at] = counts[i]
    return grown, grown_counts


@njit(
    f"int64({_MASKS}, {_MASKS}, {_NEEDS}, int64, int64, int64, boolean, {_WORDS}, {_MASKS}, {_MASKS},"
    f" {_NEEDS}, {_INTS}, {_INTS}, {_MASKS}, {_INTS}, {_WORDS}, {_WORDS}, {_INTS})",
    cache=True,
    nogil=True,
)
def _walk(  # pragma: no cover - compiled
    groups,
    touch,
    groups_of,
    limit,
    budget,
    beyond,
    in_rows,
    first,
    avail,
    placed,
    need,
    square,
    stage,
    dead,
    dead_marks,
    union,
    every,
    stop,
):
    """The solutions from depth 0 of the stack (``avail``, ``placed``, ``need``), at most
    ``limit`` (0: all, each board's count kept so that a board reached again costs nothing),
    −1 past ``budget`` boards (0: no budget), ``beyond`` + 1 once a count of all passes ``beyond``
    (0: no bound; any board's count is part of the whole), ``STOPPED`` once ``stop[0]`` is set. A board
    branches on the group with the fewest squares to spare (a piece on its first square, or
    not), or ``in_rows`` on each square of the first row in turn (the squares tried before it
    taken out). The first solution's pieces go
    to ``first``, with a limit the squares of any and every solution found to ``union`` and
    ``every``. Boards without a solution are kept in ``dead``
    (``dead_marks``: 0 where a board is kept, −1 where none; the last, how many) for every later
    walk on the level."""
    words = avail.shape[1]
    levels = avail.shape[0]
    remember = limit == 0
    key_words = words + (3 * groups.shape[0] + 63) // 64
    keys = np.zeros((levels, key_words), dtype=np.uint64)
    hashes = np.zeros(levels, dtype=np.uint64)
    total = np.zeros(levels, dtype=np.int64)
    table = np.zeros((MEMO_START, key_words), dtype=np.uint64)
    counts = np.full(MEMO_START, -1, dtype=np.int64)
    kept = 0
    found = 0
    boards = 0
    depth = 0
    stage[0] = 0
    while True:
        result = -1
        if stage[depth] == 0:
            total[depth] = 0
            hashes[depth] = _key(avail, need, depth, keys)
            if dead_marks[_slot(dead, dead_marks, keys[depth], hashes[depth])] == 0:
                result = 0
            elif remember:
                at = _slot(table, counts, keys[depth], hashes[depth])
                if counts[at] >= 0:
                    result = counts[at]
            if result < 0:
                boards += 1
                if boards == budget:
                    return -1
                if boards % STOP_EVERY == 0 and stop[0] != 0:
                    return STOPPED
                g = _branch(avail, need, depth, groups, groups_of, in_rows)
                if g == -2:
                    result = 0
                elif g == -1:
                    found += 1
                    for w in range(words):
                        if found == 1:
                            first[w] = placed[depth, w]
                            every[w] = placed[depth, w]
                        union[w] |= placed[depth, w]
                        every[w] &= placed[depth, w]
                    if found == limit:
                        return found
                    result = 1
                elif in_rows:
                    square[depth] = g
                    stage[depth] = 3
                    continue
                else:
                    x = -1
                    for w in range(words):
                        bits = avail[depth, w] & groups[g, w]
                        if bits:
                            x = 64 * w + trailing_zeros(bits)
                            break
                    square[depth] = x
                    stage[depth] = 1
                    child = depth + 1
                    _push(avail, placed, need, depth)
                    _place(groups, touch, groups_of, x, avail[child], need[child], placed[child])
                    stage[child] = 0
                    depth = child
                    continue
        elif stage[depth] == 3:
            g = square[depth]
            x = -1
            left = 0
            for w in range(words):
                bits = avail[depth, w] & groups[g, w]
                if bits and x < 0:
                    x = 64 * w + trailing_zeros(bits)
                left += popcount(bits)
            if left < need[depth, g]:
                stage[depth] = 2
                continue
            avail[depth, x >> 6] &= ~(_ONE << np.uint64(x & 63))
            child = depth + 1
            _push(avail, placed, need, depth)
            _place(groups, touch, groups_of, x, avail[child], need[child], placed[child])
            stage[child] = 0
            depth = child
            continue
        elif stage[depth] == 1:
            stage[depth] = 2
            x = square[depth]
            child = depth + 1
            _push(avail, placed, need, depth)
            avail[child, x >> 6] &= ~(_ONE << np.uint64(x & 63))
            stage[child] = 0
            depth = child
            continue
        else:
            result = total[depth]
            if result == 0:
                if 2 * (dead_marks[-1] + 1) > dead.shape[0]:
                    for i in range(dead_marks.shape[0]):
                        dead_marks[i] = -1
                    dead_marks[-1] = 0
                at = _slot(dead, dead_marks, keys[depth], hashes[depth])
                _copy(dead[at], keys[depth])
                dead_marks[at] = 0
                dead_marks[-1] += 1
            if remember:
                if 2 * (kept + 1) > table.shape[0]:
                    if table.shape[0] >= MEMO_LIMIT:
                        for i in range(counts.shape[0]):
                            counts[i] = -1
                        kept = 0
                    else:
                        table, counts = _grown(table, counts)
                at = _slot(table, counts, keys[depth], hashes[depth])
                _copy(table[at], keys[depth])
                counts[at] = result
                kept += 1
        depth -= 1
        if depth < 0:
            return result if remember else found
        total[depth] += result
        if beyond and total[depth] > beyond:
            return beyond + 1


@njit(
    f"Tuple(({_MASKS}, {_MASKS}, {_NEEDS}, int64[::1], int64[::1]))(int64, int64, int64)",
    cache=True,
    nogil=True,
)
def _stack(cells, words, groups):  # pragma: no cover - compiled
    """The walk's stack, one depth per square and two more."""
    levels = cells + 2
    return (
        np.zeros((levels, words), dtype=np.uint64),
        np.zeros((levels, words), dtype=np.uint64),
        np.zeros((levels, groups), dtype=np.int64),
        np.zeros(levels, dtype=np.int64),
        np.zeros(levels, dtype=np.int64),
    )


@njit(
    f"boolean({_MASKS}, {_MASKS}, {_NEEDS}, {_INTS}, {_INTS}, int64, {_MASKS}, {_MASKS}, {_NEEDS})",
    cache=True,
    nogil=True,
)
def _started(groups, touch, groups_of, queens, empties, stars, avail, placed, need):  # pragma: no cover
    """Depth 0 of the stack after the decisions (pieces on ``queens``, ``empties`` closed, each
    group needing ``stars`` pieces); False when a piece lands on a closed square."""
    cells = touch.shape[0]
    for w in range(avail.shape[1]):
        avail[0, w] = 0
        placed[0, w] = 0
    for x in range(cells):
        avail[0, x >> 6] |= _ONE << np.uint64(x & 63)
    for x in empties:
        avail[0, x >> 6] &= ~(_ONE << np.uint64(x & 63))
    for g in range(need.shape[1]):
        need[0, g] = stars
    for x in queens:
        if not (avail[0, x >> 6] >> np.uint64(x & 63)) & _ONE:
            return False
        _place(groups, touch, groups_of, x, avail[0], need[0], placed[0])
    return True


@njit(
    f"int64({_MASKS}, {_MASKS}, {_NEEDS}, {_INTS}, {_INTS}, int64, int64, {_WORDS}, {_MASKS}, {_INTS},"
    f" {_INTS})",
    cache=True,
    nogil=True,
)
def count(
    groups, touch, groups_of, queens, empties, stars, limit, first, dead, dead_marks, stop
):  # pragma: no cover
    """The solutions with pieces on ``queens`` and none on ``empties`` (groups: row masks, column
    masks, region masks, each to hold ``stars`` pieces; ``touch``: each square's square and
    neighbours; ``groups_of``: each square's three groups), at most ``limit`` of them (0: all);
    the first one's squares go to ``first``. Past two solutions, each board's count is kept:
    branching on the fewest squares to spare for ``COUNT_BUDGET`` boards, then row by row (where
    boards recur far more often), ending as soon as a board's count reaches ``limit`` (the count
    of a board on the way is part of the whole). ``STOPPED`` once ``stop[0]`` is set."""
    avail, placed, need, square, stage = _stack(touch.shape[0], first.shape[0], groups.shape[0])
    union = np.zeros(first.shape[0], dtype=np.uint64)
    every = np.zeros(first.shape[0], dtype=np.uint64)
    if not _started(groups, touch, groups_of, queens, empties, stars, avail, placed, need):
        return 0
    first_limit = limit if 0 < limit <= 2 else 2
    found = _walk(
        groups,
        touch,
        groups_of,
        first_limit,
        0,
        0,
        False,
        first,
        avail,
        placed,
        need,
        square,
        stage,
        dead,
        dead_marks,
        union,
        every,
        stop,
    )
    if 0 < limit <= 2 or found < 2:
        return found
    for budget, in_rows in ((COUNT_BUDGET, False), (0, True)):
        _started(groups, touch, groups_of, queens, empties, stars, avail, placed, need)
        found = _walk(
            groups,
            touch,
            groups_of,
            0,
            budget,
            limit - 1 if limit else 0,
            in_rows,
            first,
            avail,
            placed,
            need,
            square,
            stage,
            dead,
            dead_marks,
            union,
            every,
            stop,
        )
        if found != -1:
            break
    return min(found, limit) if limit and found >= 0 else found


@njit(
    f"int64({_MASKS}, {_MASKS}, {_NEEDS}, {_INTS}, {_INTS}, int64, {_INTS}, {_MASKS}, {_INTS}, {_INTS})",
    cache=True,
    nogil=True,
)
def states(
    groups, touch, groups_of, queens, empties, stars, state, dead, dead_marks, stop
):  # pragma: no cover
    """Each square left open by the decisions proven: ``state`` 1 when a solution has a piece
    there, 2 when every solution has, 0 when none; other squares are left as they are. One walk
    through every solution answers when there are at most ``WALKED`` of them; past that, a square
    met in no solution yet gets a search through it, and a square in all those found one without
    it. The number of solutions found, or ``STOPPED`` once ``stop[0]`` is set (``state`` then
    unchanged)."""
    cells = touch.shape[0]
    words = groups.shape[1]
    avail, placed, need, square, stage = _stack(cells, words, groups.shape[0])
    if not _started(groups, touch, groups_of, queens, empties, stars, avail, placed, need):
        return 0
    start = np.zeros(words, dtype=np.uint64)
    start_placed = np.zeros(words, dtype=np.uint64)
    start_need = np.zeros(need.shape[1], dtype=np.int64)
    _copy(start, avail[0])
    _copy(start_placed, placed[0])
    for g in range(need.shape[1]):
        start_need[g] = need[0, g]
    first = np.zeros(words, dtype=np.uint64)
    union = np.zeros(words, dtype=np.uint64)
    every = np.zeros(words, dtype=np.uint64)
    met = np.zeros(words, dtype=np.uint64)
    shared = np.zeros(words, dtype=np.uint64)
    found = _walk(
        groups,
        touch,
        groups_of,
        WALKED + 1,
        0,
        0,
        False,
        first,
        avail,
        placed,
        need,
        square,
        stage,
        dead,
        dead_marks,
        union,
        every,
        stop,
    )
    if found == STOPPED:
        return STOPPED
    if found > WALKED:
        for step in range(2):
            through = step == 0
            for x in range(cells):
                bit = np.uint64(x & 63)
                wanted = ~union[x >> 6] if through else every[x >> 6]
                if not ((start[x >> 6] & wanted) >> bit) & _ONE:
                    continue
                _reset(avail, placed, need, start, start_placed, start_need)
                if through:
                    _place(groups, touch, groups_of, x, avail[0], need[0], placed[0])
                else:
                    avail[0, x >> 6] &= ~(_ONE << bit)
                one = _walk(
                    groups,
                    touch,
                    groups_of,
                    1,
                    0,
                    0,
                    False,
                    first,
                    avail,
                    placed,
                    need,
                    square,
                    stage,
                    dead,
                    dead_marks,
                    met,
                    shared,
                    stop,
                )
                if one == STOPPED:
                    return STOPPED
                if one:
                    for w in range(words):
                        union[w] |= first[w]
                        every[w] &= first[w]
    for x in range(cells):
        if (start[x >> 6] >> np.uint64(x & 63)) & _ONE:
            bit = np.uint64(x & 63)
            state[x] = 2 if (every[x >> 6] >> bit) & _ONE else 1 if (union[x >> 6] >> bit) & _ONE else 0
    return found
