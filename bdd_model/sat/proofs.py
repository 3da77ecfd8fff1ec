"""The SAT engine's hard squares, on both cores: for each square local search left undecided, a resumable
proof that closes it or finds it a solution, beside a witness search that restarts on the Luby schedule, and a
census of all the solutions in parts while it pays; the least served jobs run first, so that easy squares end
first."""

from __future__ import annotations

import heapq
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from dataclasses import dataclass, field

import numpy as np

from bdd_model.sat.kernels.completion import EXHAUSTED, FOUND, RUNNING, Search, SearchKernels, board_count

FIRST_SLICE = 500
"""Nodes of a job's first slice; each later one is as long as all before it."""
LAST_SLICE = 20_000
"""The longest slice (N = 100: about 50 ms), so that decided squares are reported often."""
LEAST_SHARE = 0.1
"""The least share of a job's nodes its proof, or its witness search, gets."""
CENSUS_ODDS = 2
"""The census runs while the squares' own searches foresee this many times its remaining work:
on a loose board no part of it ends, and it then takes a third of the nodes, not half."""
WITNESS_RUN = 300
"""Nodes of the witness search's shortest run (the unit of its Luby sequence)."""
MEMORY = 64_000_000
"""Bytes the searches of one board may hold at once; the other squares wait for one to end."""
THREADS = 2
"""Jobs run side by side."""
BATCH = 5_000
"""Nodes a thread is given at least at once: the least served squares' slices back to back, so
that the rounds between them (on the caller's thread, holding the interpreter) stay few."""
CANCEL_LOOK = 0.005
"""Seconds between two looks at the cancel flag while the threads work."""
AWAY_WEIGHT = 16
"""How many times fewer nodes a square away from the focus gets than a square in it: the least
weighted served job runs first, so a square the person is about to use ends sooner and none
starves."""

_pool: ThreadPoolExecutor | None = None


def threads() -> ThreadPoolExecutor:
    """The engine's worker threads, one per core: the searches' slices and local search's
    shares of a click's squares run there."""
    global _pool
    if _pool is None:
        _pool = ThreadPoolExecutor(THREADS, thread_name_prefix="nqueens-proof")
    return _pool


def luby(i: int) -> int:
    """The i-th term of the Luby sequence (i ≥ 1): 1, 1, 2, 1, 1, 2, 4, 1, 1, 2, …"""
    k = 1
    while (1 << k) - 1 < i:
        k += 1
    while i != (1 << k) - 1:
        i -= (1 << (k - 1)) - 1
        k = 1
        while (1 << k) - 1 < i:
            k += 1
    return 1 << (k - 1)


@dataclass(eq=False)
class Ended:
    """What a job proved: ``cell`` open with ``solution`` (FOUND), ``cell`` closed
    (EXHAUSTED), or for the census (``cell`` None) the squares of every solution in ``seen``,
    all of them when ``state`` is EXHAUSTED, with their number."""

    cell: tuple[int, int] | None
    state: int
    solution: np.ndarray | None = None
    seen: np.ndarray | None = None
    solutions: int = 0
    witnessed: bool = False
    """The witness search found it (not the proof)."""


@dataclass(eq=False)
class Restarts:
    """A witness search that starts again when its run is over (Luby), with new random
    choices, the failure weights of the run before, and one of the ``guides`` (solutions under
    the decisions, one per row of the array) in turn when there are some."""

    stream: int
    """Which of a square's witness searches it is: each draws its own random choices."""
    search: Search | None = None
    runs: int = 0

    def run(
        self,
        kernels: SearchKernels,
        cell: tuple[int, int] | None,
        banned: np.ndarray,
        fixed: np.ndarray,
        nodes: int,
        stop: np.ndarray,
        guides: np.ndarray,
    ) -> tuple[Ended | None, int]:
        """At most ``nodes`` nodes: what it proved (a solution through ``cell``, or ``cell``
        closed when a run is refuted at its start), and the nodes spent."""
        spent = 0
        while spent < nodes and stop[0] == 0:
            if self.search is None or self.search.nodes >= WITNESS_RUN * luby(self.runs):
                self.runs += 1
                guide = (
                    guides[(self.runs + self.stream * len(guides) // 2) % len(guides)]
                    if len(guides)
                    else None
                )
                seed = self.runs * 7919 + self.stream + 1
                search = Search(kernels, ~banned, fixed, cell, seed, guide)
                if search.state == EXHAUSTED:
                    return Ended(cell, EXHAUSTED), spent
                if self.search is not None:
                    search.learn_from(self.search)
                self.search = search
            before = self.search.nodes
            room = WITNESS_RUN * luby(self.runs) - before
            state = self.search.advance(banned, min(nodes - spent, room), stop)
            spent += self.search.nodes - before
            if state == FOUND:
                return Ended(cell, FOUND, self.search.solution.copy(), witnessed=True), spent
            if state == EXHAUSTED:
                return Ended(cell, EXHAUSTED), spent
        return None, spent


@dataclass(eq=False)
class Question:
    """The proof and the witness search of one square (or, ``cell`` None, of the decisions
    alone): is there a solution through it? When no other job is left for a thread, a second
    witness search runs beside the square's own slice (``Beside``)."""

    cell: tuple[int, int] | None
    proof: Search
    witness: Restarts = field(default_factory=lambda: Restarts(0))
    second: Restarts = field(default_factory=lambda: Restarts(1))
    spent: int = 0

    @classmethod
    def ask(
        cls, kernels: SearchKernels, usable: np.ndarray, fixed: np.ndarray, cell: tuple[int, int] | None
    ) -> Question:
        return cls(cell, Search(kernels, usable, fixed, cell))

    def answer(
        self,
        kernels: SearchKernels,
        banned: np.ndarray,
        fixed: np.ndarray,
        stop: np.ndarray,
        guides: np.ndarray,
    ) -> Ended | None:
        """Run to the end, in slices that double; None when ``stop[0]`` was set first."""
        while stop[0] == 0:
            ended = self.run(kernels, banned, fixed, max(FIRST_SLICE, self.spent), stop, guides, 0.5)
            if ended is not None:
                return ended
        return None

    def run(
        self,
        kernels: SearchKernels,
        banned: np.ndarray,
        fixed: np.ndarray,
        nodes: int,
        stop: np.ndarray,
        guides: np.ndarray,
        share: float,
    ) -> Ended | None:
        """A slice: the ``share`` of it to the witness search, the rest to the proof."""
        before = self.proof.nodes
        left = round(nodes * share)
        state = self.proof.advance(banned, max(1, nodes - left), stop)
        self.spent += self.proof.nodes - before
        if state != RUNNING:
            return Ended(self.cell, state, self.proof.solution.copy())
        ended, spent = self.witness.run(kernels, self.cell, banned, fixed, left, stop, guides)
        self.spent += spent
        return ended

    def searches(self) -> list[Search]:
        return [
            search for search in (self.proof, self.witness.search, self.second.search) if search is not None
        ]


@dataclass(eq=False)
class Beside:
    """The second witness search of a square whose own slice is running, on the thread that
    would have nothing else to run: two random streams find a rare solution sooner than one."""

    question: Question


def pivot(usable: np.ndarray, fixed: np.ndarray) -> list[tuple[int, int]] | None:
    """The usable squares of the free row or column with the fewest (rows first, lower first on
    a tie): every solution has its queen on exactly one of them, so they part the solutions.
    None when every row holds its queen."""
    n = len(fixed)
    rows = np.flatnonzero(fixed < 0)
    if not len(rows):
        return None
    taken = np.zeros(n, dtype=bool)
    taken[fixed[fixed >= 0]] = True
    cols = np.flatnonzero(~taken)
    sizes = np.concatenate([usable[rows].sum(axis=1), usable[:, cols].sum(axis=0)])
    best = int(sizes.argmin())
    if best < len(rows):
        r = int(rows[best])
        return [(r, int(c)) for c in np.flatnonzero(usable[r])]
    c = int(cols[best - len(rows)])
    return [(int(r), c) for r in np.flatnonzero(usable[:, c])]


@dataclass(eq=False)
class _Part:
    """One part of the census: the solutions with a queen on ``cell``, a square of the pivot
    line (None: every row holds its queen, the part is the one solution left). It is also the
    proof of its square: open at its first solution, closed when it ends without one."""

    cell: tuple[int, int] | None
    search: Search | None = None
    """Begun when first run (each holds a board per depth)."""
    spent: int = 0
    dropped: bool = False
    """Its square was proven closed elsewhere: it holds no solution."""

    @property
    def ended(self) -> bool:
        return self.dropped or (self.search is not None and self.search.state == EXHAUSTED)

    @property
    def solutions(self) -> int:
        return 0 if self.search is None else self.search.solutions

    def begin(self, kernels: SearchKernels, closed: np.ndarray, fixed: np.ndarray) -> None:
        if self.search is None:
            self.search = Search(kernels, ~closed, fixed, self.cell)

    def run(self, banned: np.ndarray, nodes: int, stop: np.ndarray) -> bool:
        """A slice; True when it counted more solutions or ended."""
        search = self.search
        assert search is not None
        before, counted = search.nodes, search.solutions
        state = search.advance(banned, nodes, stop, count=True)
        self.spent += search.nodes - before
        return state == EXHAUSTED or search.solutions > counted


class _Census:
    """The search that counts every solution, in parts that part them (``pivot``): run side by
    side, they count on both cores, and each that ends has proven its own square too."""

    def __init__(self, closed: np.ndarray, fixed: np.ndarray) -> None:
        cells = pivot(~closed, fixed)
        self.parts = [_Part(cell) for cell in cells] if cells is not None else [_Part(None)]
        self.seen = np.zeros(closed.shape, dtype=bool)
        """Every square of a solution counted so far."""

    @property
    def ended(self) -> bool:
        return all(part.ended for part in self.parts)

    def open_parts(self) -> list[_Part]:
        return [part for part in self.parts if not part.ended]

    def part_size(self) -> float | None:
        """The mean nodes of the parts that ended after running, None before one has."""
        sizes = [part.spent for part in self.parts if part.ended and not part.dropped and part.spent]
        return sum(sizes) / len(sizes) if sizes else None

    def left(self) -> float:
        """The nodes its parts still need, foreseen: each as many as the mean ended part, or
        (past it, or before any part ended) as many again as it has spent."""
        size = self.part_size()
        return sum(_foreseen(part.spent, size) for part in self.open_parts())

    def drop(self, closed: np.ndarray) -> None:
        """Parts whose square was proven closed hold no solution: they need not run."""
        for part in self.parts:
            if part.cell is not None and closed[part.cell] and not part.ended:
                part.dropped = True

    def report(self) -> Ended:
        """The solutions counted, their squares, EXHAUSTED when every part has ended (looked at
        first: a part seen ended has marked all its squares, one still running may be marking)."""
        state = EXHAUSTED if self.ended else RUNNING
        for part in self.parts:
            if part.search is not None:
                self.seen |= part.search.seen
        solutions = sum(part.solutions for part in self.parts)
        return Ended(None, state, seen=self.seen.copy(), solutions=solutions)

    def closed_squares(self, unknown: np.ndarray) -> list[Ended]:
        """The squares of the parts that ended without a solution, among the ``unknown``."""
        return [
            Ended(part.cell, EXHAUSTED)
            for part in self.parts
            if part.cell is not None and part.ended and not part.solutions and unknown[part.cell]
        ]


class Prover:
    """The jobs of one set of decisions."""

    def __init__(self, kernels: SearchKernels) -> None:
        self._kernels = kernels
        self._squares: dict[tuple[int, int], Question] = {}
        self._census: _Census | None = None
        self._counted = Ended(None, RUNNING)
        """The census's last report."""
        self._decided = 0
        """Squares the square jobs decided."""
        self._witnessed = 0
        """Of those, the squares their witness search (not their proof) decided."""
        self._unknown: np.ndarray | None = None
        """The squares undecided at the last round."""
        self._running: dict[Future[list[Ended] | bool], list[Question] | Beside | _Part] = {}
        """The slices running now, in the threads."""
        self._stop = np.zeros(1, dtype=np.int64)
        """Set to stop them."""
        self._focus: np.ndarray | None = None
        """The squares the person is about to use (``round``): their jobs run first."""

    def __len__(self) -> int:
        return len(self._squares)

    def use(self, kernels: SearchKernels) -> None:
        """Run every search, begun or to come, with these kernels from now on: a board whose
        proofs began while the compiled kernels were still compiling gets them once ready."""
        if kernels is self._kernels:
            return
        self.halt()
        self._kernels = kernels
        searches = [search for job in self._squares.values() for search in job.searches()]
        if self._census is not None:
            searches += [part.search for part in self._census.parts if part.search is not None]
        for search in searches:
            search.use(kernels)

    def decide(
        self,
        cell: tuple[int, int],
        closed: np.ndarray,
        fixed: np.ndarray,
        stop: np.ndarray,
        guides: np.ndarray,
    ) -> Ended | None:
        """Run this square's job (begun now if it has none) to its end; None when ``stop[0]``
        was set first."""
        self.halt()
        ended = self._square(cell, closed, fixed).answer(self._kernels, closed.copy(), fixed, stop, guides)
        if ended is not None:
            del self._squares[cell]
        return ended

    def count(self, closed: np.ndarray, fixed: np.ndarray, nodes: int, stop: np.ndarray) -> Ended:
        """Run the census (begun now if it has not been) for at most ``nodes`` more nodes, its
        parts on both threads: the solutions it has counted, all of them when its ``state`` is
        EXHAUSTED."""
        self.halt()
        census = self._start_census(closed, fixed)
        if census is None:
            return self._counted
        census.drop(closed)
        banned = closed.copy()
        left = nodes
        # each slice's part, the nodes it may run and the part's nodes before it
        running: dict[Future[bool], tuple[_Part, int, int]] = {}
        while True:
            busy = {part for part, _, _ in running.values()}
            for part in sorted((part for part in census.open_parts() if part not in busy), key=_spent):
                share = min(LAST_SLICE, max(FIRST_SLICE, part.spent), left)
                if len(running) >= THREADS or share <= 0 or stop[0]:
                    break
                left -= share
                part.begin(self._kernels, closed, fixed)
                running[threads().submit(part.run, banned, share, stop)] = (part, share, part.spent)
            if not running:
                break
            done, _ = wait(running, return_when=FIRST_COMPLETED)
            for future in done:
                part, share, before = running.pop(future)
                future.result()
                left += share - (part.spent - before)
        return self._census_ended(census)

    def _start_census(self, closed: np.ndarray, fixed: np.ndarray) -> _Census | None:
        if self._census is None and self._counted.state != EXHAUSTED:
            self._census = _Census(closed, fixed)
        return self._census

    def _census_ended(self, census: _Census) -> Ended:
        self._counted = census.report()
        if self._counted.state == EXHAUSTED:
            self._census = None
        return self._counted

    def _square(self, cell: tuple[int, int], closed: np.ndarray, fixed: np.ndarray) -> Question:
        found = self._squares.get(cell)
        if found is None:
            found = self._squares[cell] = Question.ask(self._kernels, ~closed, fixed, cell)
        return found

    def round(
        self,
        unknown: np.ndarray,
        closed: np.ndarray,
        fixed: np.ndarray,
        guides: np.ndarray,
        cancel: np.ndarray,
        focus: np.ndarray | None = None,
    ) -> list[Ended]:
        """Keep both threads busy with a slice of a job each (a census part while the census
        pays, else a square's job), and wait until one is done (or ``cancel[0]`` is set: then
        every slice stops); what the jobs done proved, and the census's report with the squares
        of its parts that ended empty when a part counted more or ended. Jobs of squares decided
        meanwhile are dropped, and so are parts whose square was; squares without a job get one,
        row by row, while the searches fit in ``MEMORY`` (the parts' own counted). The witness
        searches follow the ``guides``. Squares in ``focus`` get their jobs first and
        ``AWAY_WEIGHT`` times the nodes of the others."""
        busy = self._busy
        self._focus = focus
        for cell in [cell for cell, job in self._squares.items() if not unknown[cell] and job not in busy]:
            del self._squares[cell]
        n = len(fixed)
        self._unknown = unknown
        census = self._start_census(closed, fixed)
        if census is not None:
            census.drop(closed)
        live = max(THREADS, MEMORY // (2 * 8 * board_count(n)) - self._census_searches() // 2)
        if len(self._squares) < live:
            first = unknown if focus is None else unknown & focus
            for r, c in [*np.argwhere(first), *np.argwhere(unknown & ~first)]:
                if len(self._squares) >= live:
                    break
                self._square((int(r), int(c)), closed, fixed)
        banned = closed.copy()
        while len(self._running) < THREADS:
            job = self._next()
            if job is None:
                break
            if isinstance(job, _Part):
                job.begin(self._kernels, closed, fixed)
            self._running[threads().submit(self._slice, job, banned, fixed, guides)] = job
        done: set[Future[list[Ended] | bool]] = set()
        while self._running and not done:
            done, _ = wait(self._running, timeout=CANCEL_LOOK, return_when=FIRST_COMPLETED)
            if cancel[0]:
                self.halt()
                return []
        proved: list[Ended] = []
        counted = False
        for future in done:
            job = self._running.pop(future)
            ended = future.result()
            if not isinstance(ended, list):
                counted |= ended
                continue
            for each in ended:
                assert each.cell is not None
                if self._squares.pop(each.cell, None) is None:
                    continue  # its other search, beside it, proved it first
                self._decided += 1
                self._witnessed += each.witnessed
                proved.append(each)
        if counted and self._census is not None:
            closes = self._census.closed_squares(unknown)
            proved += [self._census_ended(self._census), *closes]
        return proved

    def halt(self) -> None:
        """Stop every slice running (each stops within a few hundred nodes and can go on later)."""
        self._stop[0] = 1
        for future in wait(self._running).done:
            future.result()
        if self._census is not None and any(isinstance(job, _Part) for job in self._running.values()):
            self._census_ended(self._census)
        self._running.clear()
        self._stop[0] = 0

    @property
    def _busy(self) -> set[Question | Beside | _Part]:
        busy: set[Question | Beside | _Part] = set()
        for job in self._running.values():
            busy.update(job if isinstance(job, list) else [job])
        return busy

    def _census_searches(self) -> int:
        """The searches the census's parts hold now."""
        census = self._census
        return 0 if census is None else sum(part.search is not None for part in census.open_parts())

    def _next(self) -> list[Question] | Beside | _Part | None:
        """The job to run next: while the census pays, its idle part that has spent the most
        nodes, else the idle square jobs that have spent the fewest (``BATCH`` nodes of their
        slices); when every square's job is running, a second witness search beside one of
        them, else a census part (no thread idles while a square is undecided)."""
        busy = self._busy
        census = self._census
        parts = [] if census is None else [part for part in census.open_parts() if part not in busy]
        if parts and self._census_pays():
            return max(parts, key=_spent)
        batch: list[Question] = []
        nodes = 0
        idle = (job for job in self._squares.values() if job not in busy)
        for job in heapq.nsmallest(BATCH // FIRST_SLICE, idle, key=self._weighted):
            if nodes >= BATCH:
                break
            batch.append(job)
            nodes += _slice_nodes(job.spent)
        if batch:
            return batch
        helped = {job.question for job in busy if isinstance(job, Beside)}
        alone = [job for job in busy if isinstance(job, Question) and job not in helped]
        if alone:
            return Beside(min(alone, key=_spent))
        return max(parts, key=_spent, default=None)

    def _slice(
        self, job: list[Question] | Beside | _Part, banned: np.ndarray, fixed: np.ndarray, guides: np.ndarray
    ) -> list[Ended] | bool:
        """One slice of a job (of each job of a batch, one after the other), in a worker thread:
        as many nodes as it has spent (at least ``FIRST_SLICE``, at most ``LAST_SLICE``); what
        the squares' searches proved, or for a census part whether it counted more or ended."""
        if isinstance(job, _Part):
            return job.run(banned, _slice_nodes(job.spent), self._stop)
        if isinstance(job, Beside):
            second, cell = job.question.second, job.question.cell
            nodes = _slice_nodes(job.question.spent)
            ended = second.run(self._kernels, cell, banned, fixed, nodes, self._stop, guides)[0]
            return [] if ended is None else [ended]
        proved = []
        share = self._witness_share()
        for question in job:
            if self._stop[0]:
                break
            nodes = _slice_nodes(question.spent)
            ended = question.run(self._kernels, banned, fixed, nodes, self._stop, guides, share)
            if ended is not None:
                proved.append(ended)
        return proved

    def _weighted(self, job: Question) -> int:
        """A square job's nodes as the order of service sees them (``AWAY_WEIGHT``)."""
        focus = self._focus
        away = focus is not None and job.cell is not None and not focus[job.cell]
        return job.spent * AWAY_WEIGHT if away else job.spent

    def _witness_share(self) -> float:
        """The share of a job's slice its witness search gets: as it has paid on these
        decisions (the proofs decide the squares of a board with a few hundred solutions, the
        witness searches those of one with billions), never less than ``LEAST_SHARE``."""
        share = (self._witnessed + 1) / (self._decided + 2)
        return min(1 - LEAST_SHARE, max(LEAST_SHARE, share))

    def _census_pays(self) -> bool:
        """Whether the census runs next: while the nodes it still needs, foreseen, are at most
        a ``CENSUS_ODDS``-th of what the undecided squares' own searches still need, foreseen
        alike. A square's proof walks the tree under its square as a part does under its own,
        so before a part has ended each side is foreseen to need as much again as it has spent,
        and after, each search the mean ended part."""
        census, unknown = self._census, self._unknown
        assert census is not None
        if unknown is None:
            return True
        size = census.part_size()
        jobs = [job.spent for cell, job in self._squares.items() if unknown[cell]]
        owed = sum(_foreseen(spent, size) for spent in jobs)
        owed += (int(unknown.sum()) - len(jobs)) * _foreseen(0, size)
        return CENSUS_ODDS * census.left() <= owed


def _spent(job: Question | _Part) -> int:
    return job.spent


def _slice_nodes(spent: int) -> int:
    return min(LAST_SLICE, max(FIRST_SLICE, spent))


def _foreseen(spent: int, size: float | None) -> float:
    """The nodes a search that has spent ``spent`` still needs, foreseen from ``size``, the mean
    size of such searches that ended (None: none has): the rest of that size while below it,
    else as many again as it has spent (least attained service's assumption), at least
    ``FIRST_SLICE``."""
    if size is not None and spent < size:
        return size - spent
    return max(spent, FIRST_SLICE)
