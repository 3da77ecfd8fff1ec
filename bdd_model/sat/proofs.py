"""The SAT engine's hard squares: for each square local search left undecided, a complete search
that proves it closed or finds it a solution, beside a witness search that restarts, and one
census of all the solutions; run least-advanced first, on both cores.

The proof is a depth-first search that is never restarted: it resumes where its last slice
stopped. Depth-first search has heavy tails when looking for a solution (one early choice can
cost millions of nodes on a board where CP-SAT finds one in 0.1 s), so each square also has a
witness search that draws its choices at random and starts again after a number of nodes that
follows the Luby sequence (Luby, Sinclair, Zuckerman, 1993), an optimal schedule when the run
lengths' law is unknown. The census enumerates every solution under the decisions: on a tight
board (a few hundred solutions) it decides all the squares at once, the open ones as it meets
them and the rest when it ends, and then gives the exact count.

Two jobs run at once, each in its own thread (the compiled kernels release Python's lock):
the census on one while it pays (while it proves squares open at least half as fast as the
other jobs decide them: on a board with billions of solutions it soon does not, and then
waits its turn like any job), and the squares' jobs by least attained service: the one that
has spent the fewest nodes runs next, for as many nodes as it has spent (at least
``FIRST_SLICE``, at most ``LAST_SLICE``), so the easy squares finish first and a long proof
never holds up the others. Squares proven closed by one search are banned from all the others
when they resume.
"""

from __future__ import annotations

from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from dataclasses import dataclass
from types import ModuleType

import numpy as np

from bdd_model.sat.kernels.completion import EXHAUSTED, FOUND, RUNNING, Search, board_count

FIRST_SLICE = 500
"""Nodes of a job's first slice; each later one is as long as all before it."""
LAST_SLICE = 20_000
"""The longest slice (N = 100: about 50 ms), so that decided squares are reported often."""
LEAST_SHARE = 0.1
"""The least share of a job's nodes its proof, or its witness search, gets."""
CENSUS_JUDGED = 20_000
"""Nodes after which the census is judged (it keeps a thread while it pays)."""
WITNESS_RUN = 1000
"""Nodes of the witness search's shortest run (the unit of its Luby sequence)."""
MEMORY = 64_000_000
"""Bytes the searches of one board may hold at once; the other squares wait for one to end."""
THREADS = 2
"""Jobs run side by side."""
CANCEL_LOOK = 0.005
"""Seconds between two looks at the cancel flag while the threads work."""

_pool: ThreadPoolExecutor | None = None


def _threads() -> ThreadPoolExecutor:
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
class Question:
    """The proof and the witness search of one square (or, ``cell`` None, of the decisions
    alone): is there a solution through it?"""

    cell: tuple[int, int] | None
    proof: Search
    witness: Search | None = None
    runs: int = 0
    spent: int = 0

    @classmethod
    def ask(
        cls, kernels: ModuleType, usable: np.ndarray, fixed: np.ndarray, cell: tuple[int, int] | None
    ) -> Question:
        return cls(cell, Search(kernels, usable, fixed, cell))

    def answer(
        self, kernels: ModuleType, banned: np.ndarray, fixed: np.ndarray, stop: np.ndarray, guides: np.ndarray
    ) -> Ended | None:
        """Run to the end, in slices that double; None when ``stop[0]`` was set first."""
        while stop[0] == 0:
            ended = self.run(kernels, banned, fixed, max(FIRST_SLICE, self.spent), stop, guides, 0.5)
            if ended is not None:
                return ended
        return None

    def run(
        self,
        kernels: ModuleType,
        banned: np.ndarray,
        fixed: np.ndarray,
        nodes: int,
        stop: np.ndarray,
        guides: np.ndarray,
        share: float,
    ) -> Ended | None:
        """A slice: the ``share`` of it to the witness search, which starts again when its run
        is over with new random choices, guided by one of the ``guides`` (solutions under the
        decisions, one per row of the array) in turn when there are some; the rest to the
        proof."""
        before = self.proof.nodes
        left = round(nodes * share)
        if self.proof.advance(banned, max(1, nodes - left), stop) != RUNNING:
            self.spent += self.proof.nodes - before
            return Ended(self.cell, self.proof.state, self.proof.solution.copy())
        self.spent += self.proof.nodes - before
        while left > 0 and stop[0] == 0:
            if self.witness is None or self.witness.nodes >= WITNESS_RUN * luby(self.runs):
                self.runs += 1
                guide = guides[self.runs % len(guides)] if len(guides) else None
                self.witness = Search(kernels, ~banned, fixed, self.cell, self.runs * 7919 + 1, guide)
                if self.witness.state == EXHAUSTED:
                    return Ended(self.cell, EXHAUSTED)
            before = self.witness.nodes
            room = WITNESS_RUN * luby(self.runs) - before
            state = self.witness.advance(banned, min(left, room), stop)
            left -= self.witness.nodes - before
            self.spent += self.witness.nodes - before
            if state == FOUND:
                return Ended(self.cell, FOUND, self.witness.solution.copy(), witnessed=True)
            if state == EXHAUSTED:
                return Ended(self.cell, EXHAUSTED)
        return None


@dataclass(eq=False)
class _Census:
    """The search that counts every solution."""

    search: Search
    spent: int = 0
    reported: int = 0

    def run(self, banned: np.ndarray, nodes: int, stop: np.ndarray) -> Ended | None:
        """A slice; something to report when it counted more solutions or ended."""
        before = self.search.nodes
        state = self.search.advance(banned, nodes, stop, count=True)
        self.spent += self.search.nodes - before
        if state == EXHAUSTED or self.search.solutions > self.reported:
            self.reported = self.search.solutions
            return Ended(None, state)
        return None


class Prover:
    """The jobs of one set of decisions."""

    def __init__(self, kernels: ModuleType) -> None:
        self._kernels = kernels
        self._squares: dict[tuple[int, int], Question] = {}
        self._census: _Census | None = None
        self._counted = Ended(None, RUNNING)
        """The census's last report."""
        self._census_found = 0
        self._census_judged = 0
        """Squares the census proved open that no job had proven before, since the nodes it had
        spent when it was last judged."""
        self._census_idle = False
        """It was judged not to pay: it runs no more here (``count`` can still run it)."""
        self._decided = 0
        self._decided_spent = 0
        """Squares the other jobs decided, and the nodes they spent."""
        self._witnessed = 0
        """Of those, the squares their witness search (not their proof) decided."""
        self._running: dict[Future[Ended | None], Question | _Census] = {}
        """The slices running now, in the threads."""
        self._stop = np.zeros(1, dtype=np.int64)
        """Set to stop them."""

    def __len__(self) -> int:
        return len(self._squares)

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
        """Run the census (begun now if it has not been) for at most ``nodes`` more nodes: the
        solutions it has counted, all of them when its ``state`` is EXHAUSTED."""
        self.halt()
        census = self._start_census(closed, fixed)
        if census is None:
            return self._counted
        census.run(closed.copy(), nodes, stop)
        return self._census_ended(census)

    def _start_census(self, closed: np.ndarray, fixed: np.ndarray) -> _Census | None:
        if self._census is None and self._counted.state != EXHAUSTED:
            self._census = _Census(Search(self._kernels, ~closed, fixed))
        return self._census

    def _census_ended(self, census: _Census) -> Ended:
        search = census.search
        self._counted = Ended(None, search.state, seen=search.seen.copy(), solutions=search.solutions)
        if search.state == EXHAUSTED:
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
    ) -> list[Ended]:
        """Keep both threads busy with a slice of a job each, and wait until one is done (or
        ``cancel[0]`` is set: then every slice stops); what the jobs done proved. Jobs of
        squares decided meanwhile are dropped; squares without one get one, row by row, while
        the searches fit in ``MEMORY``. The witness searches follow the ``guides``."""
        for cell in [
            cell for cell, job in self._squares.items() if not unknown[cell] and job not in self._busy
        ]:
            del self._squares[cell]
        n = len(fixed)
        self._start_census(closed, fixed)
        live = max(THREADS, MEMORY // (2 * 8 * board_count(n)))
        if len(self._squares) < live:
            for r, c in np.argwhere(unknown):
                if len(self._squares) >= live:
                    break
                self._square((int(r), int(c)), closed, fixed)
        banned = closed.copy()
        while len(self._running) < THREADS:
            job = self._next()
            if job is None:
                break
            self._running[_threads().submit(self._slice, job, banned, fixed, guides)] = job
        done: set[Future[Ended | None]] = set()
        while self._running and not done:
            done, _ = wait(self._running, timeout=CANCEL_LOOK, return_when=FIRST_COMPLETED)
            if cancel[0]:
                self.halt()
                return []
        proved = []
        for future in done:
            job = self._running.pop(future)
            ended = future.result()
            if ended is None:
                continue
            if isinstance(job, _Census):
                ended = self._census_ended(job)
                assert ended.seen is not None
                self._census_found += int((ended.seen & unknown).sum())
            else:
                assert job.cell is not None
                del self._squares[job.cell]
                self._decided += 1
                self._decided_spent += job.spent
                self._witnessed += ended.witnessed
            proved.append(ended)
        return proved

    def halt(self) -> None:
        """Stop every slice running (each stops within a few hundred nodes and can go on later)."""
        self._stop[0] = 1
        wait(self._running)
        for future, job in self._running.items():
            ended = future.result()
            if isinstance(job, _Census) and ended is not None:
                self._census_ended(job)
        self._running.clear()
        self._stop[0] = 0

    @property
    def _busy(self) -> set[Question | _Census]:
        return set(self._running.values())

    def _next(self) -> Question | _Census | None:
        """The job to run next: the census if it pays and is idle, else the idle square job that
        has spent the fewest nodes."""
        busy = self._busy
        census = self._census
        if census is not None and census not in busy and self._census_pays():
            return census
        return min((job for job in self._squares.values() if job not in busy), key=_spent, default=None)

    def _slice(
        self, job: Question | _Census, banned: np.ndarray, fixed: np.ndarray, guides: np.ndarray
    ) -> Ended | None:
        """One slice of a job, in a worker thread: as many nodes as it has spent (at least
        ``FIRST_SLICE``, at most ``LAST_SLICE``)."""
        nodes = min(LAST_SLICE, max(FIRST_SLICE, job.spent))
        if isinstance(job, _Census):
            return job.run(banned, nodes, self._stop)
        return job.run(self._kernels, banned, fixed, nodes, self._stop, guides, self._witness_share())

    def _witness_share(self) -> float:
        """The share of a job's slice its witness search gets: as it has paid on these
        decisions (the proofs decide the squares of a board with a few hundred solutions, the
        witness searches those of one with billions), never less than ``LEAST_SHARE``."""
        share = (self._witnessed + 1) / (self._decided + 2)
        return min(1 - LEAST_SHARE, max(LEAST_SHARE, share))

    def _census_pays(self) -> bool:
        """Whether the census keeps a thread of its own: it is judged after every
        ``CENSUS_JUDGED`` nodes, and keeps it while over the last of them it proved squares open
        at least half as fast, per node, as the other jobs decide them."""
        census = self._census
        assert census is not None
        spent = census.spent - self._census_judged
        if spent >= CENSUS_JUDGED:
            pays = not self._decided or 2 * self._census_found * self._decided_spent >= self._decided * spent
            self._census_judged, self._census_found = census.spent, 0
            self._census_idle = not pays
        return not self._census_idle


def _spent(job: Question | _Census) -> int:
    return job.spent
