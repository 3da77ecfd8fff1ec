"""A long session in the real window (``nqueens bench --gui --engine sat --soak``): thousands of clicks from
``engine_soak`` on a SAT board, every settled board compared with what it should show, and the resident memory
of the window and of its SAT worker watched for growth."""

from __future__ import annotations

import json
import subprocess
import tempfile
from pathlib import Path

from PySide6.QtWidgets import QApplication

from app.bench.engine_bench import clicks_from_records
from app.bench.engine_soak import agrees
from app.bench.sat_window_bench import SatWindowBench
from app.child_process import module_command
from app.gui.board.theme import quiet_platform_notes
from bdd_model.board import STATE_ORDER
from bdd_model.families import RuleFamily

WARM = 200
"""Clicks after which the memory must stay flat."""
EVERY = 50
"""Clicks between two looks at the memory."""
SAMPLES = 4
"""Squares of each board checked by the independent solver."""


def resident_mb(pid: int | str = "self") -> float | None:
    """The resident memory of a process in MB (None where /proc does not tell)."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except (OSError, ValueError, IndexError):
        return None
    return None


def growth(sizes: list[tuple[int, float]]) -> float | None:
    """The largest size after ``WARM`` clicks over the size at that click, as a share (0.05: 5%)."""
    warm = [size for click, size in sizes if click >= WARM]
    return None if not warm else max(warm) / warm[0] - 1


def soak_sat_window(n: int, clicks: int, seed: int, rules: RuleFamily) -> dict[str, object]:
    """Play ``clicks`` clicks on an n×n SAT board of the family in the window and check every
    answer."""
    command = module_command(
        "app.bench.engine_soak", str(n), str(clicks), str(seed), str(SAMPLES), rules.name
    )
    records = json.loads(subprocess.run(command, capture_output=True, text=True, check=True).stdout)
    quiet_platform_notes()
    app = QApplication.instance() or QApplication([])
    window_sizes: list[tuple[int, float]] = []
    worker_sizes: list[tuple[int, float]] = []
    differing = checked = wrong = 0
    with tempfile.TemporaryDirectory() as folder:
        bench = SatWindowBench(n, Path(folder), rules)
        bench.start_engine()
        bench.open()
        for number, (click, record) in enumerate(
            zip(clicks_from_records(records, n), records, strict=True), 1
        ):
            bench.click(click)
            board = bench.session.configurator
            assert board is not None
            shown = board.view.states()
            expected = [STATE_ORDER[int(digit)] for digit in record["states"]]
            differing += sum(
                state is not expected[r * n + c] for r, row in enumerate(shown) for c, state in enumerate(row)
            )
            for row, col, said in record["checks"]:
                checked += 1
                wrong += not agrees(shown[row][col], said)
            if number % EVERY == 0 or number == WARM:
                for sizes, pid in (
                    (window_sizes, "self"),
                    (worker_sizes, bench.session.sources.worker_pid()),
                ):
                    size = resident_mb(pid)
                    if size is not None:
                        sizes.append((number, size))
        bench.close()
    app.processEvents()
    return {
        "engine": "sat",
        "n": n,
        "rules": rules.name,
        "clicks": len(records),
        "squares_differing": differing,
        "independent_checks": checked,
        "independent_disagreements": wrong,
        "window_mb": window_sizes,
        "worker_mb": worker_sizes,
        "window_growth": growth(window_sizes),
        "worker_growth": growth(worker_sizes),
    }
