"""The techniques' order and the rating on a ladder of levels, one made for each technique: hints
never skip a simpler technique that applies, and the rating climbs with the ladder."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bdd_model.decisions import Decision
from bdd_model.levels.techniques import TECHNIQUES
from bdd_model.levels.techniques.hints import NoHint, hint
from bdd_model.levels.techniques.position import Position
from bdd_model.levels.techniques.rating import DIFFICULTIES, NotUnique, Rating, by_techniques, rate
from bdd_model.puzzles.level import Level
from tests import level_oracle
from tests.cli_helpers import run
from tests.level_oracle import played

LADDER = [
    ("single", Level(("AAAAA", "AAABB", "AACEB", "DAEEE", "DEEEE"))),
    ("confined", Level(("CCAAA", "CCBAA", "CCEAA", "EEEDD", "EEEEE"))),
    ("hall", Level(("BCCAA", "BBCAA", "EECDD", "EEEDD", "EEDDD"))),
    ("empties", Level(("CAAAB", "CABBB", "CAAAA", "CAADD", "CEAAD"))),
    (
        "block",
        Level(
            ("CCAAAABB", "CCAAADBB", "CCCDDDBB", "ECCDDDFF", "EGDDDDFF", "EGGGFFFF", "EEGGFFHH", "EEHHHHHH"),
            2,
        ),
    ),
    (
        "count",
        Level(
            ("AAABBBBB", "AAAABBBC", "DDAAEEBC", "DFFFEECC", "DDFFGEEC", "FFFGGGEE", "FHHHHGGG", "FHHHHHGG"),
            2,
        ),
    ),
    ("chain", Level(("CBAAA", "CBBBA", "CCCCA", "EEDDD", "EEEED"))),
    ("trial", Level(("EDCGAFB", "CFEBDGA", "DGAECBE", "CBCDFAG", "GAFEBCD", "BCDAFEF", "AEBFGDC"))),
]
"""One level per technique, in the techniques' order: each needs its technique and none after it."""
NAMES = [technique.NAME for technique in TECHNIQUES]


def test_the_ladder_names_every_technique_in_order() -> None:
    assert [name for name, _ in LADDER] == NAMES


@pytest.mark.parametrize(("name", "level"), LADDER, ids=[name for name, _ in LADDER])
def test_hints_on_the_level_made_for_a_technique_never_skip_a_simpler_one(name: str, level: Level) -> None:
    (solution,) = level_oracle.solutions(level)
    decisions: list[Decision] = []
    given = []
    while True:
        try:
            found = hint(played(level, decisions))
        except NoHint as error:
            assert str(error) == "the level is solved"
            break
        position = Position.of(level, decisions)
        applying = [technique.NAME for technique in TECHNIQUES if technique.find(position) is not None]
        assert found.technique == applying[0], (applying, found)
        assert all(((cell.row, cell.col) in solution) == (found.action == "queen") for cell in found.cells)
        decisions.extend(found.decisions())
        given.append(found.technique)
    assert name in given and all(NAMES.index(used) <= NAMES.index(name) for used in given)


def test_the_rating_climbs_the_ladder_and_names_each_levels_technique() -> None:
    tiers = []
    for name, level in LADDER:
        rating = rate(level)
        used = [used for used, _ in rating.techniques]
        assert rating.left == 0 and used[-1] == name, (name, rating)
        assert used == sorted(used, key=NAMES.index) and all(count > 0 for _, count in rating.techniques)
        tiers.append(DIFFICULTIES.index(rating.difficulty))
    assert tiers == sorted(tiers)
    assert [DIFFICULTIES[t] for t in tiers] == [
        "easy",
        "easy",
        "medium",
        "medium",
        "medium",
        "medium",
        "hard",
        "hard",
    ]


def test_a_level_the_seven_techniques_left_with_55_squares_is_finished_by_a_trial() -> None:
    level = Level(
        ("CCCAABBB", "CCCAABBB", "DAAAABBB", "DDEEEFFG", "DDEEFFGG", "DDDEEFGG", "DDHHHFGG", "HHHHHFFG"), 2
    )
    assert len(level_oracle.solutions(level)) == 1
    rating = by_techniques(level)
    assert rating.left == 0 and dict(rating.techniques)["trial"] >= 1 and rating.difficulty == "hard"


def test_techniques_that_stop_short_rate_hard() -> None:
    assert Rating((("single", 4),), left=12).difficulty == "hard"
    assert Rating((("single", 4), ("hall", 1)), left=0).difficulty == "medium"


def test_a_level_without_exactly_one_solution_is_not_rated() -> None:
    with pytest.raises(NotUnique, match="more than one solution"):
        rate(Level(("ABCDE",) * 5))
    with pytest.raises(NotUnique, match="no solution"):
        rate(Level(("AB", "AB")))


def test_level_rate_prints_the_contract_object_and_exits_1_when_not_unique(capsys, tmp_path: Path) -> None:
    path = tmp_path / "hall.txt"
    path.write_text(LADDER[2][1].text())
    status, out, _ = run(capsys, "level", "rate", str(path), "--json")
    assert status == 0
    assert json.loads(out) == {
        "difficulty": "medium",
        "techniques": [{"name": "single", "count": 5}, {"name": "hall", "count": 1}],
    }
    status, out, _ = run(capsys, "level", "rate", str(path))
    assert (status, out) == (0, "medium (single ×5, hall ×1)\n")
    path.write_text("ABCDE\n" * 5)
    status, out, err = run(capsys, "level", "rate", str(path), "--json")
    assert (status, out) == (1, "") and err.count("\n") == 1 and "more than one solution" in err
