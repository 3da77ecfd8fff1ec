"""The cache: verified loads, damaged or foreign files rebuilt, concurrent writers harmless."""

from __future__ import annotations

import multiprocessing
import shutil
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from bdd_model import SolutionSpace, cache_path, load_or_compile
from bdd_model.cache.store import load, save
from bdd_model.errors import CacheError
from bdd_model.families import family
from bdd_model.puzzles import FamilyPuzzle
from tests.cli_helpers import run


@pytest.fixture
def cache_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("NQUEENS_CACHE_DIR", str(tmp_path))
    return tmp_path


def warnings_of(n: int, backend: str = "cudd") -> tuple[SolutionSpace, list[str]]:
    seen: list[str] = []
    return load_or_compile(n, backend, warn=seen.append), seen


def test_second_open_comes_from_the_cache(cache_folder: Path) -> None:
    first, warned = warnings_of(8)
    assert first.origin == "compiled" and not warned
    assert cache_path(8, "cudd").parent == cache_folder
    second, warned = warnings_of(8)
    assert second.origin == "cache" and not warned
    assert second.count == 92
    assert second.info == first.info


def test_the_cache_is_per_backend(cache_folder: Path) -> None:
    warnings_of(6, "cudd")
    space, _ = warnings_of(6, "autoref")
    assert space.origin == "compiled"
    assert cache_path(6, "cudd") != cache_path(6, "autoref")


@pytest.mark.parametrize(
    "damage",
    ["garbage", "truncated", "flipped byte", "empty"],
)
def test_damaged_files_are_rebuilt_with_a_warning(cache_folder: Path, damage: str) -> None:
    warnings_of(8)
    path = cache_path(8, "cudd")
    data = path.read_bytes()
    if damage == "garbage":
        path.write_bytes(b"this is not a cache file\n" * 50)
    elif damage == "truncated":
        path.write_bytes(data[: len(data) // 2])
    elif damage == "flipped byte":
        buffer = bytearray(data)
        buffer[len(buffer) // 2] ^= 0xFF
        path.write_bytes(bytes(buffer))
    else:
        path.write_bytes(b"")
    with pytest.raises(CacheError):
        load(8, "cudd")
    space, warned = warnings_of(8)
    assert space.origin == "compiled" and space.count == 92
    assert len(warned) == 1
    assert warned[0].startswith("the cached 8×8 diagram is damaged (")
    assert warned[0].endswith("; rebuilding it")
    assert load(8, "cudd").count == 92


def test_a_file_of_another_board_is_not_trusted(cache_folder: Path) -> None:
    warnings_of(6)
    shutil.copy(cache_path(6, "cudd"), cache_path(8, "cudd"))
    space, warned = warnings_of(8)
    assert space.count == 92 and warned == ["the cached 8×8 diagram holds another board (6×6); rebuilding it"]


def test_a_file_of_another_backend_is_not_trusted(cache_folder: Path) -> None:
    warnings_of(8, "autoref")
    shutil.copy(cache_path(8, "autoref"), cache_path(8, "cudd"))
    space, warned = warnings_of(8, "cudd")
    assert space.info.backend == "cudd"
    assert warned == ["the cached 8×8 diagram was compiled by another backend ('autoref'); rebuilding it"]


def test_consistent_looking_but_wrong_layers_are_refused(cache_folder: Path) -> None:
    """A file whose checksum was recomputed after tampering still fails the recount."""
    space, _ = warnings_of(8)
    path = cache_path(8, "cudd")
    save(SolutionSpace(space.diagram, replace(space.info, solutions=93), "compiled", 0.0), path)
    with pytest.raises(CacheError, match=r"claims 93 solutions, not 92"):
        load(8, "cudd")


@pytest.mark.parametrize("inside", [False, True])
def test_a_file_in_place_of_the_cache_folder_only_warns(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, inside: bool
) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("NQUEENS_CACHE_DIR", str(blocker / "cache" if inside else blocker))
    space, warned = warnings_of(6)
    assert space.count == 4 and len(warned) == 1
    assert "cannot be used (a file stands where a folder should be); answering without it" in warned[0]
    assert blocker.read_text() == "not a folder"


def _write_repeatedly(folder: str, rounds: int) -> None:
    import os

    os.environ["NQUEENS_CACHE_DIR"] = folder
    space = SolutionSpace.compile(9, "cudd")
    for _ in range(rounds):
        save(space)


def test_concurrent_writers_leave_a_whole_file(cache_folder: Path) -> None:
    context = multiprocessing.get_context("spawn")
    writers = [context.Process(target=_write_repeatedly, args=(str(cache_folder), 30)) for _ in range(2)]
    for writer in writers:
        writer.start()
    while any(w.is_alive() for w in writers):
        if cache_path(9, "cudd").exists():
            assert load(9, "cudd").count == 352
    for writer in writers:
        writer.join()
        assert writer.exitcode == 0
    assert load(9, "cudd").count == 352
    assert not list(cache_folder.glob("*.tmp"))


def test_stored_arrays_round_trip(cache_folder: Path) -> None:
    space, _ = warnings_of(7)
    loaded = load(7, "cudd")
    for a, b in zip(space.diagram.to_arrays().values(), loaded.diagram.to_arrays().values(), strict=True):
        assert np.array_equal(a, b)


def test_compile_always_compiles_with_the_construction_asked_for(
    capsys, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("NQUEENS_CACHE_DIR", str(tmp_path))
    assert run(capsys, "compile", "7")[0] == 0
    status, _, err = run(capsys, "compile", "7", "--construction", "rules")
    assert status == 0 and "compiled" in err
    from bdd_model.cache.store import load

    assert load(7, "cudd").info.construction == "rules"


FIXTURES = Path(__file__).resolve().parent / "fixtures"


@pytest.mark.parametrize(("rules", "n", "count"), [("toroidal", 7, 28), ("queens", 6, 4)])
def test_a_diagram_cached_before_puzzles_opens_without_a_rebuild(
    cache_folder: Path, rules: str, n: int, count: int
) -> None:
    """Files of cache format 2 (the board as N and a family), written by main 7d8a218."""
    name = f"cache-v2-{rules}-{n}-cudd.npz" if rules != "queens" else f"cache-v2-{n}-cudd.npz"
    path = cache_path(n, "cudd", family(rules))
    path.parent.mkdir(parents=True, exist_ok=True)
    shutil.copy(FIXTURES / name, path)
    space = load(n, "cudd", rules=family(rules))
    assert space.count == count and space.puzzle == FamilyPuzzle(n, rules) and space.origin == "cache"
