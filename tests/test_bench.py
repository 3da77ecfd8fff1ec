"""``nqueens bench``: the documented JSON, a readable table, and a baseline that must agree."""

from __future__ import annotations

import json

import pytest

from app.bench.engine_bench import click_sequence, run_bench, summary
from app.bench.engine_soak import agrees, soak_records
from app.cli.nqueens import main
from bdd_model import Configurator, load_or_compile
from bdd_model.board import STATE_ORDER
from bdd_model.decisions import of_codes
from tests.cli_helpers import run
from tests.spaces import space

KEYS = {
    "n",
    "backend",
    "compile_s",
    "load_s",
    "peak_rss_mb",
    "nodes",
    "clicks",
    "click_ms",
    "baseline_click_ms",
    "speedup_p50",
}


def test_summary_percentiles() -> None:
    assert summary([float(v) for v in range(1, 101)]) == {"p50": 50.5, "p95": 95.0, "max": 100.0}
    assert summary([3.0]) == {"p50": 3.0, "p95": 3.0, "max": 3.0}


@pytest.mark.parametrize("backend", ["cudd", "autoref"])
@pytest.mark.parametrize("n", [4, 6, 8])
def test_the_baseline_agrees_with_the_frozen_layers(n: int, backend: str) -> None:
    result = run_bench(n, clicks=25, backend=backend, seed=n)
    assert result.clicks == 25
    assert len(result.click_ms) == len(result.baseline_click_ms) == 25
    assert result.nodes == {4: 30, 6: 130, 8: 2451}[n]


def test_click_sequences_are_legal_and_repeatable() -> None:
    first = click_sequence(space(8, "cudd"), 40, seed=7)
    assert first == click_sequence(Configurator(space(8, "cudd")), 40, seed=7)
    assert {click.action for click in first} == {"place", "mark", "retract"}


def test_bench_json_has_the_documented_keys(capsys) -> None:
    assert main(["bench", "--n", "6", "--clicks", "10", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report.keys() >= KEYS
    assert report["n"] == 6 and report["clicks"] == 10 and report["nodes"] == 130
    assert set(report["click_ms"]) == {"p50", "p95", "max"}
    assert 0 < report["click_ms"]["p50"] <= report["click_ms"]["p95"] <= report["click_ms"]["max"]
    assert report["peak_rss_mb"] > 10 and report["compile_s"] > 0 and report["load_s"] > 0


def test_bench_table_and_window_timings(capsys, qapp) -> None:
    assert main(["bench", "--n", "6", "--clicks", "8", "--gui"]) == 0
    out = capsys.readouterr().out
    assert "N-Queens bench: N=6, backend cudd" in out
    assert "baseline, N² BDD checks    8 clicks" in out
    assert "window: click to repaint" in out


WINDOW_FIGURES = {
    "engine_start_ms",
    "open_to_drawn_ms",
    "open_to_decided_ms",
    "cursor_move_ms",
    "hover_ms",
    "click_to_shown_ms",
    "click_to_settled_ms",
    "settled_beyond_engine_ms",
    "longest_stall_ms",
    "longest_busy_ms",
    "board_update_ms",
    "board_paint_ms",
}


def test_the_window_bench_on_the_sat_engine(capsys) -> None:
    assert main(["bench", "--gui", "--engine", "sat", "--n", "12", "--clicks", "5", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    gui = report["gui"]
    assert report["engine"] == "sat" and gui["engine"] == "sat" and gui["n"] == 12
    assert gui.keys() >= WINDOW_FIGURES and gui["clicks"] == 5
    assert gui["window_px"] == [1040, 780] and gui["square_px"] > 0
    for name in WINDOW_FIGURES:
        figure = gui[name]
        if isinstance(figure, dict):
            assert set(figure) == {"p50", "p95", "max"}
            assert 0 < figure["p50"] <= figure["p95"] <= figure["max"], name
        else:
            assert figure > 0, name
    assert gui["open_to_drawn_ms"] <= gui["open_to_decided_ms"]
    assert gui["longest_busy_ms"] <= gui["longest_stall_ms"] + 0.1
    assert gui["click_to_shown_ms"]["p50"] <= gui["click_to_settled_ms"]["p50"]
    worker = gui["engine_settle_ms"]
    assert 0 <= worker["p50"] <= worker["p95"] <= worker["max"] < gui["click_to_settled_ms"]["max"]


def test_the_sat_window_bench_table(capsys) -> None:
    assert main(["bench", "--gui", "--engine", "sat", "--n", "6", "--clicks", "3"]) == 0
    out = capsys.readouterr().out
    assert "N-Queens bench: N=6, engine sat" in out
    labels = (
        "board opened (6×6)",
        "cursor move (arrow key)",
        "pointer hover",
        "click, settled",
        "worker's own time",
    )
    for label in labels:
        assert label in out


def test_the_soak_records_what_every_answer_should_be() -> None:
    """The independent checks and the separate engine's states agree with the BDD's."""
    records = soak_records(8, 12, 3, 4)
    assert len(records) == 12
    for record in records:
        bdd = Configurator(load_or_compile(8))
        bdd.restore(of_codes(record["after"], 8))
        states = bdd.states()
        assert record["states"] == "".join(str(STATE_ORDER.index(s)) for row in states for s in row)
        assert all(agrees(states[r][c], said) for r, c, said in record["checks"])


def test_a_soak_in_the_window_checks_every_answer(capsys) -> None:
    assert main(["bench", "--gui", "--engine", "sat", "--soak", "--n", "8", "--clicks", "8", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["clicks"] == 8
    assert report["squares_differing"] == 0 and report["independent_disagreements"] == 0
    assert report["independent_checks"] == 8 * 4


@pytest.mark.parametrize("pattern", ["left", "stair", "random"])
def test_a_game_played_as_people_do_is_timed_against_the_reference(capsys, pattern: str) -> None:
    assert main(["bench", "--engine", "sat", "--play", pattern, "--n", "12", "--marks", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["solved"] and report["pattern"] == pattern and report["n"] == 12
    clicks = report["per_click"]
    assert len(clicks) == report["clicks"] >= 3
    for click in clicks:
        assert click["settled_ms"] is not None and 0 <= click["open_ms"] <= click["settled_ms"]
        assert click["reference_ms"] is not None and click["reference_calls"] <= max(click["unknown"], 32)
        if pattern != "random" and click["next_row_ms"] is not None:
            assert click["next_row_fits_ms"] is not None and click["next_row_fits_ms"] <= click["next_row_ms"]
    if pattern != "random":
        queens = [c["cell"] for c in clicks if c["action"] == "place"]
        assert [row for row, _ in queens] == sorted(row for row, _ in queens), "one row after another"
        assert any(c["action"] == "mark" for c in clicks), "marks after the queens"
    assert main(["bench", "--engine", "sat", "--play", pattern, "--n", "10", "--no-reference"]) == 0
    table = capsys.readouterr().out
    assert f"pattern {pattern}" in table and "solved" in table


def test_a_game_is_played_in_the_window_by_its_clicks(capsys) -> None:
    assert (
        main(["bench", "--engine", "sat", "--play", "stair", "--marks", "--n", "10", "--gui", "--json"]) == 0
    )
    report = json.loads(capsys.readouterr().out)
    assert report["solved"] and report["pattern"] == "stair" and report["marks"] and report["cut_clicks"] == 0
    cells = [click["cell"] for click in report["per_click"] if click["action"] == "place"]
    assert [r for r, _ in cells] == sorted(r for r, _ in cells) and len(cells) >= 3
    assert all(click["next_row_fits_ms"] is not None for click in report["per_click"])
    assert report["next_row_fits_ms"]["max"] >= report["next_row_fits_ms"]["p50"] > 0


def test_play_needs_the_sat_engine(capsys) -> None:
    with pytest.raises(SystemExit) as exit_status:
        main(["bench", "--engine", "bdd", "--play", "left", "--n", "8"])
    assert exit_status.value.code == 2
    assert "--play needs the SAT engine" in capsys.readouterr().err


def test_bench_on_boards_with_nothing_to_click(capsys) -> None:
    for n in ("1", "2"):
        status, out, _ = run(capsys, "bench", "--n", n, "--clicks", "3")
        assert status == 0 and "n/a (no click to time)" in out and "Nonex" not in out
