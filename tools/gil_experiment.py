"""Does python-sat let other Python threads run while it solves, and can a solve be interrupted?

A probe thread (standing in for the window's event loop) notes the longest pause between two
of its loop turns while the main thread solves a hard instance (pigeonhole, PHP(8)); a pause
as long as the solve means the solver held the GIL throughout. Then solve_limited is
interrupted from another thread after 0.5 s. Run: ``python tools/gil_experiment.py [HOLES]``.
"""

from __future__ import annotations

import sys
import threading
import time

from pysat.examples.genhard import PHP
from pysat.solvers import Solver

SOLVERS = ("cadical195", "glucose4", "minisat22")


def probe(stop: threading.Event, out: dict[str, float]) -> None:
    last, longest = time.perf_counter(), 0.0
    while not stop.is_set():
        now = time.perf_counter()
        longest, last = max(longest, now - last), now
    out["pause"] = longest


def pause_while_solving(name: str, holes: int, how: str) -> tuple[float, float]:
    """(seconds of the solve, longest pause of the probe thread)."""
    solver = Solver(name=name, bootstrap_with=PHP(holes).clauses)
    stop, out = threading.Event(), {}
    thread = threading.Thread(target=probe, args=(stop, out))
    thread.start()
    time.sleep(0.05)
    started = time.perf_counter()
    if how == "solve":
        solver.solve()
    elif how == "limited":
        solver.solve_limited(expect_interrupt=True)
    else:
        while True:
            solver.conf_budget(5000)
            if solver.solve_limited() is not None:
                break
    seconds = time.perf_counter() - started
    stop.set()
    thread.join()
    solver.delete()
    return seconds, out["pause"]


def interrupt_after(name: str, holes: int, delay: float = 0.5) -> str:
    solver = Solver(name=name, bootstrap_with=PHP(holes).clauses)
    thread = threading.Thread(target=lambda: solver.solve_limited(expect_interrupt=True))
    thread.start()
    time.sleep(delay)
    asked = time.perf_counter()
    try:
        solver.interrupt()
    except NotImplementedError:
        thread.join()
        solver.delete()
        return "interrupt() is not implemented"
    thread.join()
    lag = time.perf_counter() - asked
    solver.delete()
    return f"stopped {lag * 1000:.1f} ms after interrupt()"


def main() -> None:
    holes = int(sys.argv[1]) if len(sys.argv) > 1 else 8
    for name in SOLVERS:
        for how in ("solve", "limited", "slices"):
            if how == "slices" and name != "cadical195":
                continue
            seconds, pause = pause_while_solving(name, holes, how)
            label = {"solve": "solve()", "limited": "solve_limited(True)", "slices": "5000-conflict slices"}[
                how
            ]
            print(
                f"{name:11} {label:22} {seconds:6.2f} s, another thread paused up to {pause * 1000:8.1f} ms"
            )
        print(f"{name:11} {'interrupt':22} {interrupt_after(name, holes)}")


if __name__ == "__main__":
    main()
