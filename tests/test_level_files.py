"""Level files as people write them (text and JSON), damaged and hostile ones, and the ``level``
commands and ``count --level`` on them."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from bdd_model.levels.level_file import MAX_BYTES, parse_level, read_level
from bdd_model.puzzles.level import Level, LevelError
from tests import level_oracle
from tests.cli_helpers import run

FIVE = ("AABBB", "AABBB", "CCDDD", "CCDDE", "CCDEE")
"""A 5×5 level with 8 solutions."""
NONE = ("ABA", "BBB", "CCC")
"""No solution (3×3 has no room for three untouching pieces), and region A in two parts."""
SIX = ("BDDFFF", "ADDFFF", "AAFFFF", "AAFEEE", "AAEEEE", "AAEEEC")
"""A 6×6 level with one solution."""


def _count(regions: tuple[str, ...]) -> int:
    from bdd_model.levels.level_search import LevelSearch

    return LevelSearch(Level(regions)).count()


@pytest.mark.parametrize(
    "data",
    [
        b"AABBB\nAABBB\nCCDDD\nCCDDE\nCCDEE\n",
        b"\xef\xbb\xbfAABBB\r\nAABBB\r\nCCDDD\r\nCCDDE\r\nCCDEE",
        b"# a level\n\nA A B B B\n  AABBB  \n# between rows\nCCDDD\n\nCCDDE\nCCDEE\n# end\n",
        b"stars 1\nAABBB\nAABBB\nCCDDD\nCCDDE\nCCDEE\n",
        b'["AABBB", "AABBB", "CCDDD", "CCDDE", "CCDEE"]',
        json.dumps([list(row) for row in FIVE]).encode(),
        b'{"stars": 1, "regions": ["AABBB", "AABBB", "CCDDD", "CCDDE", "CCDEE"]}',
        b'  \n{"regions": ["A A B B B", "AABBB", "CCDDD", "CCDDE", "CCDEE"]}',
    ],
)
def test_every_form_of_the_same_level_reads_the_same(data: bytes) -> None:
    assert parse_level(data) == Level(FIVE)


def test_stars_are_read_from_text_and_json() -> None:
    grid = "\n".join("ABCDEFGHIJ"[r] * 10 for r in range(10))
    assert parse_level(f"stars 2\n{grid}\n".encode()).stars == 2
    assert parse_level(json.dumps({"stars": 2, "regions": grid.split()}).encode()).stars == 2


@pytest.mark.parametrize(
    ("data", "says"),
    [
        (b"AABB\nAABB\nCCDD\n", "the grid is 3 rows of 4 squares: a level is square"),
        (b"Dear friend\nthis is just a letter\nBye\n", "not a grid of regions: its 3 lines hold 10, 17, 3"),
        (b"AAB\nAAB\nCC\n", "row 3 has 2 squares; the level has 3 rows"),
        (b"AAB\nADB\nCCB\n", "a 3×3 level has 3 regions; this one has 4"),
        (b"AAB\nAAB\nAAB\n", "a 3×3 level has 3 regions; this one has 2"),
        (b"AA-\nAAB\nCCB\n", "row 1 holds '-'"),
        (b"this is garbage }{ not json\n\x01\x02\n", "not a grid of regions"),
        (b"stars 0\nAAB\nAAB\nCCB\n", "stars is a whole number from 1 to 4"),
        (b"stars 5\nAAB\nAAB\nCCB\n", "stars is a whole number from 1 to 4"),
        (b"stars two\nAAB\nAAB\nCCB\n", "stars is a whole number"),
        (b"AAB\nstars 1\nAAB\nCCB\n", "'stars K' comes before the grid"),
        (b"# nothing\n\n", "no grid"),
        (b"", "no grid"),
        (b"\x89PNG\r\n\x1a\n\x00\x00", "ASCII"),
        (b"AAB\x00\nAAB\nCCB\n", "NUL"),
        ("ÄAB\nAAB\nCCB\n".encode(), "ASCII"),
        (b'["AAB", "AAB"', "not valid JSON"),
        (b"[" * 100_000 + b"]" * 100_000, "JSON"),
        (b'{"stars": 1}', '"regions"'),
        (b'{"stars": true, "regions": ["A"]}', "stars is a whole number"),
        (b'[["AA", "B"], ["A", "A", "B"], ["C", "C", "B"]]', "row 1 of the JSON level"),
        (b"[1, 2, 3]", "row 1 of the JSON level"),
        (b"[]", "a list of rows"),
        ((("A" * 31 + "\n") * 31).encode(), "a level has 1 to 30 rows; this one has 31"),
    ],
)
def test_a_malformed_level_is_one_sentence(data: bytes, says: str) -> None:
    with pytest.raises(LevelError, match=None) as caught:
        parse_level(data)
    message = str(caught.value)
    assert says in message
    assert "\n" not in message and len(message) < 200


def test_a_huge_file_is_refused_after_reading_its_bound(tmp_path: Path) -> None:
    path = tmp_path / "huge.txt"
    path.write_bytes(b"# " + b"x" * MAX_BYTES + b"\nA\n")
    with pytest.raises(LevelError, match="larger than 1 MB"):
        read_level(path)


@pytest.mark.parametrize("kind", ["fifo", "folder", "device", "missing", "dangling"])
def test_what_is_not_a_level_file_is_refused_at_once(tmp_path: Path, kind: str) -> None:
    path = tmp_path / "level"
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "folder":
        path.mkdir()
    elif kind == "device":
        path = Path("/dev/zero")
    elif kind == "dangling":
        path.symlink_to(tmp_path / "nowhere")
    with pytest.raises(LevelError, match="cannot read the level"):
        read_level(path)


def test_check_says_unique_a_count_or_no_solution_with_its_exit_status(capsys, tmp_path: Path) -> None:
    cases = {SIX: ("unique", 0), FIVE: ("8 solutions", 1), NONE: ("no solution", 1)}
    assert _count(SIX) == 1
    for regions, (line, status) in cases.items():
        path = tmp_path / "level.txt"
        path.write_text("\n".join(regions) + "\n")
        assert run(capsys, "level", "check", str(path))[:2] == (status, line + "\n")


def test_plain_check_gives_the_notes_on_stderr_after_its_one_line_answer(capsys, tmp_path: Path) -> None:
    path = tmp_path / "level.txt"
    path.write_text("\n".join(NONE) + "\n")
    assert run(capsys, "level", "check", str(path)) == (
        1,
        "no solution\n",
        "nqueens: note: region A is in 2 parts\n",
    )
    path.write_text("ABBA\nBBBB\nCCDD\nDDCC\n")
    status, out, err = run(capsys, "level", "check", str(path))
    assert (status, out) == (1, "no solution\n")
    assert err.splitlines() == [f"nqueens: note: region {k} is in 2 parts" for k in "ACD"]
    _, out, err = run(capsys, "level", "check", str(path), "--json")
    assert err == "" and json.loads(out)["notes"] == [f"region {k} is in 2 parts" for k in "ACD"]


def test_check_json_gives_the_unique_solution_and_the_notes(capsys, tmp_path: Path) -> None:
    path = tmp_path / "level.json"
    path.write_text(json.dumps(list(SIX)))
    status, out, _ = run(capsys, "level", "check", str(path), "--json")
    report = json.loads(out)
    assert status == 0
    assert report["n"] == 6 and report["stars"] == 1 and report["solutions"] == 1
    cells = report["solution"]
    assert sorted(r for r, _ in cells) == list(range(1, 7)) and sorted(c for _, c in cells) == list(
        range(1, 7)
    )
    assert sorted(SIX[r - 1][c - 1] for r, c in cells) == sorted(set("".join(SIX)))
    assert report["notes"] == []
    path.write_text("\n".join(NONE))
    status, out, _ = run(capsys, "level", "check", str(path), "--json")
    assert status == 1 and json.loads(out)["notes"] == ["region A is in 2 parts"]
    path.write_text("\n".join(FIVE))
    status, out, _ = run(capsys, "level", "check", str(path), "--json")
    differ = [cell.one_based() for cell in level_oracle.differ(read_level(path)) or []]
    assert status == 1 and json.loads(out) == {
        "n": 5,
        "stars": 1,
        "solutions": 8,
        "solution": None,
        "differ": differ,
        "notes": [],
    }
    assert len(differ) > 5


def test_convert_writes_the_text_form_that_reads_back_the_same(capsys, tmp_path: Path) -> None:
    source = tmp_path / "level.json"
    source.write_text(json.dumps({"stars": 1, "regions": [list(row) for row in FIVE]}))
    assert run(capsys, "level", "convert", str(source)) == (0, "\n".join(FIVE) + "\n", "")
    target = tmp_path / "level.txt"
    assert run(capsys, "level", "convert", str(source), "-o", str(target))[0] == 0
    assert read_level(target) == Level(FIVE)


def test_convert_to_a_json_name_writes_the_json_form_and_any_other_name_the_text(
    capsys, tmp_path: Path
) -> None:
    source = tmp_path / "rows.txt"
    rows = [letter * 8 for letter in "ABCDEFGH"]
    source.write_text("# rows\nstars 2\n" + "\n".join(rows) + "\n")
    for name in ("out.json", "OUT.JSON"):
        target = tmp_path / name
        status, out, err = run(capsys, "level", "convert", str(source), "-o", str(target))
        assert (status, err) == (0, "") and out == f"Wrote the level as JSON to '{target}'\n"
        assert json.loads(target.read_text()) == {"stars": 2, "regions": rows}
        assert read_level(target) == Level(tuple(rows), 2)
    target = tmp_path / "out.level"
    status, out, _ = run(capsys, "level", "convert", str(target.with_name("out.json")), "-o", str(target))
    assert (status, out) == (0, f"Wrote the level as text to '{target}'\n")
    assert target.read_text() == "stars 2\n" + "\n".join(rows) + "\n"


def test_count_with_a_level_prints_its_count_and_refuses_n_or_rules(capsys, tmp_path: Path) -> None:
    path = tmp_path / "level.txt"
    path.write_text("\n".join(FIVE))
    assert run(capsys, "count", "--level", str(path)) == (0, "8\n", "")
    for extra in (["5"], ["--rules", "queens"]):
        status, out, err = run(capsys, "count", *extra, "--level", str(path))
        assert status == 2 and out == "" and "not given" in err and err.count("\n") == 1


def test_a_bad_level_on_the_command_line_is_one_line_and_exit_2(capsys, tmp_path: Path) -> None:
    path = tmp_path / "level.txt"
    path.write_text("AAB\nADB\nCCB\n")
    for argv in (
        ["level", "check", str(path)],
        ["level", "convert", str(path)],
        ["count", "--level", str(path)],
    ):
        status, out, err = run(capsys, *argv)
        assert (status, out) == (2, "")
        assert err.count("\n") == 1 and "4" in err


def test_a_kernel_file_with_nothing_to_read_is_one_line_not_a_traceback(
    capsys, monkeypatch, tmp_path: Path
) -> None:
    """/proc/kmsg says it is a regular file, and a read that must not block gives nothing."""
    import io

    from bdd_model.files import checked_file

    class NothingYet(io.RawIOBase):
        def read(self, size: int = -1) -> None:
            return None

    path = tmp_path / "kmsg"
    path.write_text("AB\nBA\n")
    monkeypatch.setattr(checked_file, "open_regular", lambda _: NothingYet())
    status, out, err = run(capsys, "level", "check", str(path))
    assert status == 2 and not out
    said = "cannot read the level: it has nothing to read now, as a device would: not a regular file"
    assert err == f"nqueens: error: {path}: {said}\n"
