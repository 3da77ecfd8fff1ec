"""``nqueens bench``: the speed goals, measured (see app.bench.engine_bench)."""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

from app.bench.engine_bench import run_bench, run_sat_bench
from app.bench.generate_bench import run_generate_bench
from app.bench.level_bench import LevelTiming, run_level_bench
from app.bench.level_diagram_bench import DiagramTiming, run_diagram_bench
from app.bench.play_bench import PATTERNS, THINK, PlayClick, play
from app.bench.timed_play_bench import SLACK, TimedStep, play_timed
from app.child_process import module_command
from app.cli.engine_commands import add_engine_option, any_board_size, engine_for
from app.options import add_rules_option, fail, integer, positive_int, positive_seconds
from bdd_model import BACKEND_CHOICES, CONSTRUCTIONS, NQueensError, plural
from bdd_model.families import CLASSIC, RuleFamily, family, measured_beside


def register(commands: argparse._SubParsersAction) -> None:
    bench = commands.add_parser("bench", help="compile, load and click timings against the N² baseline")
    bench.add_argument("--n", type=any_board_size, default=12, help="board size (default 12)")
    bench.add_argument("--clicks", type=positive_int, default=50, help="clicks to time (default 50)")
    bench.add_argument("--backend", choices=BACKEND_CHOICES, default="auto", help="dd backend")
    bench.add_argument("--construction", choices=CONSTRUCTIONS, default="search", help="BDD construction")
    bench.add_argument("--seed", type=integer, default=1, help="seed of the random clicks (default 1)")
    bench.add_argument(
        "--gui", action="store_true", help="also time the window (offscreen without a display)"
    )
    bench.add_argument(
        "--soak",
        action="store_true",
        help="a long session in the window on the SAT engine: every answer checked, memory watched",
    )
    bench.add_argument(
        "--play",
        choices=PATTERNS,
        help="on the SAT engine, play a game as people do: row by row from the left, in a staircase, "
        "or at random; open, settled and reference times per click",
    )
    bench.add_argument(
        "--marks", action="store_true", help="with --play: mark two attacked squares after each queen"
    )
    bench.add_argument(
        "--reference-sample",
        type=integer,
        default=32,
        help="with --play: squares per click timed with the reference method (0: all; default 32)",
    )
    bench.add_argument("--no-reference", action="store_true", help="with --play: skip the reference method")
    bench.add_argument(
        "--click-limit",
        type=positive_int,
        default=600,
        help="with --play: seconds a click may wait for the next row's first proven-open square before "
        "the game ends there (default 600)",
    )
    bench.add_argument(
        "--think",
        type=float,
        default=THINK,
        help=f"with --play: seconds between the next row's first proven-open square and the next click "
        f"(default {THINK})",
    )
    bench.add_argument(
        "--time-limit",
        metavar="S",
        type=positive_seconds,
        help="with --play: play through 'nqueens state … --time-limit S --json', one process a step",
    )
    bench.add_argument(
        "--level",
        metavar="FILE|FOLDER",
        type=Path,
        help="time level check on a level or every level of a folder, beside z3 and a plain search, "
        "and the build, each decision of a game and re-counts after region edits",
    )
    bench.add_argument(
        "--edit",
        action="store_true",
        help="with --gui --level FOLDER: repaint each level in the setter's window from each row its own "
        "region, one square a step, timing the count and outlines; and level fix one square off each level",
    )
    bench.add_argument(
        "--generate",
        metavar="K",
        type=positive_int,
        nargs="?",
        const=20,
        help="time level generate from seeds 1 to K (default 20) for every size, stars and difficulty made",
    )
    bench.add_argument("--json", action="store_true", help="one JSON object")
    add_engine_option(bench)
    add_rules_option(bench)
    bench.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    if args.level is not None:
        return _run_levels(args)
    if args.generate is not None:
        report = run_generate_bench(args.generate, heard=None if args.json else print)
        if args.json:
            print(json.dumps(report))
        return 0
    if args.play:
        if engine_for(args) != "sat":
            fail("--play needs the SAT engine (--engine sat)")
        if args.reference_sample < 0:
            fail("--reference-sample must be 0 or more")
        if not 0 <= args.think <= args.click_limit:
            fail("--think must be from 0 to the click limit")
        if args.time_limit is not None:
            return _run_timed_play(args)
        if args.gui:
            return _run_window_play(args)
        report = play(
            args.n,
            args.play,
            args.marks,
            args.seed,
            args.reference_sample,
            not args.no_reference,
            float(args.click_limit),
            heard=None if args.json else _heard,
            rules=args.rules,
            think=args.think,
        ).to_json()
        reference = measured_beside(args.rules)
        if reference is not None:
            limit = float(args.click_limit)
            classic = play(
                args.n, args.play, args.marks, args.seed, 0, False, limit, rules=reference, think=args.think
            )
            report["classic"] = _beside_classic(report, classic.to_json(), "next_row_ms")
        print(json.dumps(report) if args.json else play_table(report))
        return 0
    if args.soak:
        report = window_timings(args.n, args.clicks, args.seed, args.backend, "sat", args.rules, "--soak")
        print(json.dumps(report) if args.json else soak_table(report))
        return 0
    if engine_for(args) == "sat":
        report = run_sat_bench(args.n, args.clicks, args.seed, rules=args.rules).to_json()
        reference = measured_beside(args.rules)
        if reference is not None:
            beside = run_sat_bench(args.n, args.clicks, args.seed, rules=reference).to_json()
            report["classic"] = _beside_classic(report, beside, "click_ms")
        if args.gui:
            report["gui"] = window_timings(args.n, args.clicks, args.seed, args.backend, "sat", args.rules)
        print(json.dumps(report) if args.json else sat_table(report))
        return 0
    bench = run_bench(args.n, args.clicks, args.backend, args.construction, args.seed, args.rules)
    report = bench.to_json()
    report["engine"] = "bdd"
    if args.gui:
        report["gui"] = window_timings(args.n, args.clicks, args.seed, bench.backend, "bdd", args.rules)
    if args.json:
        print(json.dumps(report))
    else:
        print(table(report))
    return 0


def _beside_classic(report: dict, classic: dict, timed: str) -> dict[str, object]:
    """The classic queens' figures of the same run at the same N, and how many times the
    family's p95 of ``timed`` is the classic's."""
    ours, theirs = report[timed]["p95"], classic[timed]["p95"]
    return {timed: classic[timed], "p95_ratio": round(ours / theirs, 2) if theirs else None}


def window_timings(
    n: int,
    clicks: int,
    seed: int,
    backend: str,
    engine: str = "bdd",
    rules: RuleFamily = CLASSIC,
    *options: str,
) -> dict[str, object]:
    """The window's timings on ``engine``, measured in a child process that starts the window as a
    user's would (the command line never loads Qt itself)."""
    command = module_command(
        "app.bench.window_bench",
        str(n),
        str(clicks),
        str(seed),
        backend,
        "--engine",
        engine,
        "--rules",
        rules.name,
        *options,
    )
    return _child_report(command, "the window timings")


def _ms(stats: dict[str, float]) -> str:
    return f"p50 {stats['p50']:.2f} ms, p95 {stats['p95']:.2f} ms, max {stats['max']:.2f} ms"


def table(report: dict) -> str:
    """The report for people."""
    lines = [
        f"N-Queens bench: {_board(report)}, backend {report['backend']}, "
        f"construction {report['construction']}",
        f"  compile (cold, no cache)   {report['compile_s']:.3f} s   peak RSS {report['peak_rss_mb']:.0f} MB",
        f"  BDD                        {report['nodes']:,} nodes, frozen into {report['edges']:,} row edges",
        f"  load (warm cache)          {report['load_s'] * 1000:.1f} ms",
        f"  click, full answer         {report['clicks']} clicks: {_ms(report['click_ms'])}",
        f"  baseline, N² BDD checks    {report['clicks']} clicks: {_ms(report['baseline_click_ms'])}",
        "  speedup at p50             "
        + (f"{report['speedup_p50']}x" if report["speedup_p50"] else "n/a (no click to time)"),
    ]
    if "gui" in report:
        gui = report["gui"]
        lines.append(f"  window: cached size shown  {gui['open_cached_ms']:.1f} ms after it is chosen")
        lines.append(f"  window: click to repaint   {_ms(gui['click_to_paint_ms'])}")
    return "\n".join(lines)


def sat_table(report: dict) -> str:
    """The SAT engine's report for people."""
    quick = family(report["rules"]).quick_diagram_max_n
    agreement = {True: "the same answers as the BDD on every click", None: f"no BDD to compare (N > {quick})"}
    lines = [
        f"N-Queens bench: {_board(report)}, engine sat ({report['solver']}, {report['kernels']} kernels, "
        f"compiled or loaded in {report['kernel_compile_s']:.1f} s)",
        f"  first board, settled       {report['setup_s']:.3f} s",
        f"  click, full answer         {report['clicks']} clicks: {_ms(report['click_ms'])}",
        f"  game played until solved   {report['deep_clicks']} clicks: {_ms(report['deep_click_ms'])}",
        f"  final count figure         {_ms(report['final_count_ms'])}",
        f"  explanation of a square    {_ms(report['explain_ms'])}",
        f"  exact counts               {report['exact_count_clicks']} of {report['clicks']} clicks",
        f"  agreement                  {agreement[report['agrees_with_bdd']]}",
        *_classic_line(report, "click_ms"),
    ]
    if "gui" in report:
        lines += sat_window_lines(report["gui"])
    return "\n".join(lines)


def sat_window_lines(gui: dict) -> list[str]:
    """The window's figures on the SAT engine, for people."""
    width, height = gui["window_px"]
    n = gui["n"]
    rows = [
        ("SAT worker started", f"{gui['engine_start_ms']:.1f} ms to its first answer"),
        (
            f"board opened ({n}×{n})",
            f"{gui['open_to_drawn_ms']:.1f} ms to drawn, {gui['open_to_decided_ms']:.1f} ms to every "
            "square decided",
        ),
        ("cursor move (arrow key)", _ms(gui["cursor_move_ms"])),
        ("pointer hover", _ms(gui["hover_ms"])),
        ("click, decision shown", _ms(gui["click_to_shown_ms"])),
        ("click, settled", _ms(gui["click_to_settled_ms"])),
        ("  the worker's own time", _ms(gui["engine_settle_ms"])),
        ("  the rest (window, pipe)", _ms(gui["settled_beyond_engine_ms"])),
        (
            "longest event-loop stall",
            f"{gui['longest_stall_ms']:.1f} ms ({gui['longest_busy_ms']:.1f} ms of it the window's own CPU)",
        ),
        ("board: new picture (CPU)", _ms(gui["board_update_ms"])),
        ("board: paint (CPU)", _ms(gui["board_paint_ms"])),
    ]
    heading = f"  window {width}×{height}, squares of {gui['square_px']} px, {gui['clicks']} real clicks:"
    return [heading, *(f"    {label:<27}{value}" for label, value in rows)]


def _run_window_play(args: argparse.Namespace) -> int:
    """``bench --play PATTERN --gui``: the game in the real window, in a child process."""
    if args.play == "random":
        fail("--gui plays a row-by-row pattern in the window: left or stair")
    marks = ["--marks"] if args.marks else []
    game = window_timings(
        args.n,
        0,
        args.seed,
        args.backend,
        "sat",
        args.rules,
        "--play",
        args.play,
        *marks,
        "--think",
        str(args.think),
        "--limit",
        str(float(args.click_limit)),
    )
    if args.json:
        print(json.dumps(game))
        return 0
    cut = ", cut at the click limit" if game["cut_clicks"] else ""
    print(
        f"N-Queens play in the window: {_board(game)}, pattern {game['pattern']}"
        + (" with marks" if game["marks"] else "")
        + f", {game['clicks']} clicks, "
        + ("solved" if game["solved"] else "not solved")
        + cut
    )
    fits, opened = game["next_row_fits_ms"], game["next_row_ms"]
    assert isinstance(fits, dict) and isinstance(opened, dict)
    print(f"  next row: a queen fits     {_ms(fits)}")
    print(f"  next row: proven open      {_ms(opened)} (on {game['next_row_open_clicks']} clicks)")
    print(f"  longest stall              {game['longest_stall_ms']} ms")
    return 0


def _run_timed_play(args: argparse.Namespace) -> int:
    """``bench --play PATTERN --time-limit S``: the game one ``state`` process a step."""
    if args.play == "random":
        fail("--time-limit plays a row-by-row pattern: left or stair")
    game = play_timed(
        args.n, args.play, args.marks, args.time_limit, args.rules, None if args.json else _heard_step
    ).to_json()
    if args.json:
        print(json.dumps(game))
        return 0
    marks = " with marks" if game["marks"] else ""
    print(
        f"N-Queens play through state --time-limit {game['time_limit']}: {_board(game)}, pattern "
        f"{game['pattern']}{marks}, {game['steps']} steps, " + ("solved" if game["solved"] else "not solved")
    )
    print(f"  step (one process)         {_seconds(game['step_s'])}")
    print(f"  late (over S + {SLACK:g} s)       {game['late_steps']}")
    print(f"  next row not proven open   {game['steps_without_next_row_open']}")
    print(f"  next row without a fit     {game['steps_without_next_row_fit']}")
    return 0


def _heard_step(step: TimedStep) -> None:
    sys.stderr.write(f"  {step.action} {step.cell.label()}: {step.seconds:.2f} s, {step.pending} pending\n")


def _seconds(figures: dict) -> str:
    return f"p50 {figures['p50']:.2f} s, p95 {figures['p95']:.2f} s, max {figures['max']:.2f} s"


def _heard(click: PlayClick) -> None:
    """A game's clicks as they are made, on standard error (a game can take minutes)."""
    reference = "" if click.reference_ms is None else f", reference {click.reference_ms:.1f} ms"
    fits = "" if click.fits_ms is None else f", next row fits {click.fits_ms:.1f} ms"
    after = fits + ("" if click.next_ms is None else f", open {click.next_ms:.1f} ms")
    settled = "" if click.settled_ms is None else f", settled {click.settled_ms:.1f} ms"
    cut = " (cut at the click limit)" if click.cut else ""
    opened = f"open {click.open_ms:.1f} ms"
    sys.stderr.write(f"  {click.action} {click.cell.label()}: {opened}{after}{settled}{reference}{cut}\n")


def play_table(report: dict) -> str:
    """A game's report for people."""
    late = report["settled_after_reference"]
    marks = " with marks" if report["marks"] else ""
    cut = f", {report['cut_clicks']} cut at the click limit" if report["cut_clicks"] else ""
    return "\n".join(
        [
            f"N-Queens play: {_board(report)}, pattern {report['pattern']}{marks}, "
            f"{report['clicks']} clicks, " + ("solved" if report["solved"] else "not solved") + cut,
            f"  open                       {_ms(report['open_ms'])}",
            f"  next row: a queen fits     {_ms(report['next_row_fits_ms'])}",
            f"  next row: proven open      {_ms(report['next_row_ms'])} "
            f"(on {report['next_row_open_clicks']} of the {report['next_row_clicks']} clicks with a next "
            "row, before the next click)",
            f"  settled                    {_ms(report['settled_ms'])} "
            f"({report['settled_clicks']} clicks settled before the next, which comes {report['think_s']} s "
            "after the next row shows a playable square, or when settled)",
            f"  reference (CaDiCaL)        {_ms(report['reference_ms'])} (sampled squares, scaled to all)",
            f"  settled after reference    {len(late)} of the "
            f"{report['clicks'] - report['nothing_to_prove']} clicks with squares to prove",
            *_classic_line(report, "next_row_ms"),
        ]
    )


def _board(report: dict) -> str:
    """ "N=12", and the family when it is not the classic one ("N=31, rules toroidal")."""
    return family(report["rules"]).qualified(f"N={report['n']}", ", rules ")


def _classic_line(report: dict, timed: str) -> list[str]:
    """The classic queens' p95 beside the family's, when the report has it."""
    classic = report.get("classic")
    if classic is None:
        return []
    ratio = classic["p95_ratio"]
    times = "" if ratio is None else f": the family's p95 is {ratio}× the classic's"
    return [f"  classic queens, same N     {_ms(classic[timed])}{times}"]


def soak_table(report: dict) -> str:
    """The long session's report for people."""

    def sizes(key: str) -> str:
        taken = report[key]
        if not taken:
            return "not measured here"
        grown = report[key.replace("_mb", "_growth")]
        flat = "" if grown is None else f", {100 * grown:+.1f}% after click {taken[0][0]}"
        first, last = taken[0], taken[-1]
        return f"{first[1]:.0f} MB at click {first[0]} → {last[1]:.0f} MB at click {last[0]}{flat}"

    return "\n".join(
        [
            f"N-Queens soak: N={report['n']}, {report['clicks']} real clicks in the window (SAT engine)",
            f"  squares unlike a separate engine's   {report['squares_differing']}",
            f"  independent solver's checks         {report['independent_checks']}, "
            f"{report['independent_disagreements']} disagreeing",
            f"  window's memory                     {sizes('window_mb')}",
            f"  SAT worker's memory                 {sizes('worker_mb')}",
        ]
    )


def _run_levels(args: argparse.Namespace) -> int:
    if not args.level.exists():
        fail(f"{args.level}: no such file or folder")
    if args.gui:
        return _run_level_edits(args) if args.edit else _run_level_window(args)
    if args.engine == "bdd":
        return _run_level_diagrams(args)
    report = run_level_bench(args.level, heard=None if args.json else _heard_level).to_json()
    if not report["all"]["levels"]:
        fail(f"{args.level}: no level read" + (f" ({report['skipped'][0]})" if report["skipped"] else ""))
    if args.json:
        print(json.dumps(report))
        return 0
    ranges = [{"n": "", "stars": "", **figures} for figures in report["ranges"]]
    for size in [*report["sizes"], *ranges, {"n": "", "stars": "", "levels_of": "all", **report["all"]}]:
        stars = f" ({size['stars']} stars)" if size["stars"] not in ("", 1) else ""
        line = size.get("levels_of") or f"{size['n']}×{size['n']}{stars}"
        check, plain = size["check_ms"], size["plain_ms"]
        z3 = size.get("z3_ms")
        print(
            f"{line}: {size['levels']} levels, level check p50 {check['p50']:.2f} / p95 {check['p95']:.2f} / "
            f"max {check['max']:.1f} ms; plain search p95 {plain['p95']:.2f} ms"
            + (f"; z3 p95 {z3['p95']:.1f} ms ({size['z3_p95_over_check_p95']}×)" if z3 else "")
            + f"; p95 built {size['build_ms']['p95']:.2f}, decision {size['decision_ms']['p95']:.2f}, "
            f"region edit {size['edit_ms']['p95']:.2f}, hint {size['hint_ms']['p95']:.2f} ms; "
            f"{plural(size['search_hints'], 'hint')} by the exact search"
        )
    for reason in report["skipped"]:
        print(f"skipped {reason}")
    return 0


def _run_level_diagrams(args: argparse.Namespace) -> int:
    """``bench --level FOLDER --engine bdd``: every level compiled and played on its diagram, the
    search's figures beside."""
    heard = None if args.json else _heard_diagram
    try:
        report = run_diagram_bench(args.level, args.backend, heard).to_json()
    except NQueensError as error:
        fail(str(error), status=1)
    if not report["all"]["levels"]:
        fail(f"{args.level}: no level read" + (f" ({report['skipped'][0]})" if report["skipped"] else ""))
    if args.json:
        print(json.dumps(report))
        return 0
    for size in [*report["sizes"], {"n": "", "stars": "", "levels_of": "all", **report["all"]}]:
        stars = f" ({size['stars']} stars)" if size["stars"] not in ("", 1) else ""
        name = size.get("levels_of") or f"{size['n']}×{size['n']}{stars}"
        print(
            f"{name}: {plural(size['levels'], 'level')}, compiled {_ms(size['compile_ms'])} (search built "
            f"{_ms(size['search_build_ms'])}); decision {_ms(size['decision_ms'])} (search "
            f"{_ms(size['search_decision_ms'])}); at most {plural(size['nodes_max'], 'node')}, widest "
            f"level {size['widest_max']:,}, {plural(size['boards_max'], 'board')} walked"
        )
    for goal in report["goals"]:
        met = "met" if goal["met"] else "MISSED"
        print(
            f"goal up to {goal['up_to']}×{goal['up_to']}: compile p95 {goal['p95_ms']:.2f} ms "
            f"(≤ {goal['goal_p95_ms']:g} ms) {met}"
        )
    print("every decision within a frame" if report["click_within_frame"] else "a decision took over a frame")
    for reason in report["skipped"]:
        print(f"skipped {reason}")
    return 0


def _heard_diagram(timing: DiagramTiming) -> None:
    sys.stderr.write(
        f"{timing.name}: {plural(timing.solutions, 'solution')}, {plural(timing.nodes, 'node')}, "
        f"compiled {timing.compile_ms:.2f} ms\n"
    )


def _run_level_window(args: argparse.Namespace) -> int:
    """``bench --gui --level FOLDER``: the window's own path on every level, measured in a child
    process that starts the window as a user's would."""
    command = module_command(
        "app.bench.level_window_bench", str(args.level), str(args.clicks), str(args.seed)
    )
    report = _child_report(command, "the window timings")
    if args.json:
        print(json.dumps(report))
        return 0
    for size in report["sizes"]:
        name = f"{size['n']}×{size['n']}" + (f" ({size['stars']} stars)" if size["stars"] > 1 else "")
        differ = size["states_differ"]
        agree = (
            f"{differ} settled boards unlike the engine's"
            if differ
            else "every settled board as the engine's"
        )
        asked = "".join(
            f"; {words} {_ms(size[key])}"
            for key, words in (("check_ms", "Check"), ("hint_shown_ms", "hint shown"))
            if key in size
        )
        print(
            f"{name}, {size['assist']}: {size['levels']} levels, board built {_ms(size['build_ms'])}; "
            f"{size['clicks']} clicks, click to repaint {_ms(size['click_to_shown_ms'])}, "
            f"settled {_ms(size['click_to_settled_ms'])}; {agree}{asked}"
        )
    for reason in report["skipped"]:
        print(f"skipped {reason}")
    return 0


def _run_level_edits(args: argparse.Namespace) -> int:
    """``bench --gui --level FOLDER --edit``: the setter's window in a child process."""
    report = _child_report(
        module_command("app.bench.level_edit_bench", str(args.level)), "the editor timings"
    )
    if args.json:
        print(json.dumps(report))
        return 0
    for size in report["sizes"]:
        name = f"{size['n']}×{size['n']}" + (f" ({size['stars']} stars)" if size["stars"] > 1 else "")
        fix = f"; level fix {_ms(size['fix_ms'])} over {size['fixes']} levels" if size["fixes"] else ""
        goal = "" if size["met"] else " (missed)"
        print(
            f"{name}: {size['steps']} painted squares, count and outlines {_ms(size['answer_ms'])}"
            f" (goal p95 {size['goal_p95_ms']:g} ms){goal}; {size['more_than_a_million']} more than a "
            f"million, {_ms(size['more_answer_ms'])}; {size['missing_steps']} with a region missing{fix}"
        )
    for reason in report["skipped"]:
        print(f"skipped {reason}")
    return 0


def _child_report(command: list[str], what: str) -> dict:
    """The last line of a bench child's standard output as JSON; exit 1 with one line if it failed."""
    child = subprocess.run(command, capture_output=True, text=True, check=False)
    try:
        return json.loads(child.stdout.splitlines()[-1])
    except (IndexError, json.JSONDecodeError):
        last = child.stderr.strip().splitlines()[-1:] or [f"exit status {child.returncode}"]
        fail(f"{what} failed: {last[0]}", status=1)


def _heard_level(timing: LevelTiming) -> None:
    sys.stderr.write(f"{timing.name}: {timing.solutions} solutions, {timing.check_ms:.2f} ms\n")
