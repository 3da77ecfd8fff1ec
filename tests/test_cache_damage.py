"""No cache file can brick a board size: damage of any byte, crafted files that pass their
checksum, huge claims, odd things in the file's or the folder's place, killed writers."""

from __future__ import annotations

import errno
import io
import json
import os
import random
import shutil
import struct
import subprocess
import sys
import zipfile
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

from bdd_model import SolutionSpace, cache_path, load_or_compile
from bdd_model.cache.record import digest
from bdd_model.cache.store import load, save
from bdd_model.diagram.row_layers import FrozenDiagram
from bdd_model.diagram.verification import first_illegal_edge
from bdd_model.errors import CacheError
from bdd_model.known_counts import A000170
from tests.cli_helpers import run
from tests.oracle import A000170 as ORACLE_COUNTS
from tests.spaces import space


@pytest.fixture
def cache_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = tmp_path / "cache"
    monkeypatch.setenv("NQUEENS_CACHE_DIR", str(folder))
    return folder


def _zip_directory(data: bytes) -> range:
    """Offsets of the central directory and the end record of a zip file."""
    end = data.rindex(b"PK\x05\x06")
    (start,) = struct.unpack("<I", data[end + 16 : end + 20])
    return range(start, len(data))


def test_the_back_end_table_agrees_with_the_oracle() -> None:
    assert list(A000170[:16]) == ORACLE_COUNTS[:16]


def test_every_damaged_byte_still_answers_the_right_count(capsys, cache_folder: Path) -> None:
    """Each byte of the zip directory and a sample of the rest, flipped: the load either refuses
    the file in one line (and the run rebuilds it) or verifies it; every tenth damage is also run
    through ``nqueens count 7``, which must print 40."""
    assert run(capsys, "count", "7") == (0, "40\n", "")
    path = cache_path(7, "cudd")
    original = path.read_bytes()
    directory = _zip_directory(original)
    rest = [i for i in range(len(original)) if i not in directory]
    offsets = [*directory, *random.Random(7).sample(rest, 150)]
    refused = 0
    for number, offset in enumerate(offsets):
        damaged = bytearray(original)
        damaged[offset] ^= 0xFF
        path.write_bytes(bytes(damaged))
        try:
            assert load(7, "cudd").count == 40
        except CacheError as error:
            refused += 1
            assert str(error).startswith("the cached 7×7 diagram ") and "\n" not in str(error), offset
        if number % 10 == 0:
            status, out, err = run(capsys, "count", "7")
            assert (status, out) == (0, "40\n"), (offset, err)
            assert err == "" or (err.count("\n") == 1 and err.endswith("; rebuilding it\n")), (offset, err)
        path.write_bytes(original)
    assert len(directory) > 300 and refused > len(offsets) // 2


def _npz(members: dict[str, np.ndarray], compressed: bool = False) -> bytes:
    buffer = io.BytesIO()
    (np.savez_compressed if compressed else np.savez)(buffer, **members)
    return buffer.getvalue()


def _stored(n: int) -> dict[str, np.ndarray]:
    with np.load(cache_path(n, "cudd")) as stored:
        return {name: stored[name] for name in stored.files}


def _record(members: dict[str, np.ndarray]) -> dict:
    return json.loads(str(members["record"][()]))


def _with_record(members: dict[str, np.ndarray], record: dict, text: str | None = None) -> bytes:
    record = {**record, "sha256": digest(record, members)}
    return _npz({**members, "record": np.array(text or json.dumps(record))})


def _npy(array: np.ndarray, shape: str | None = None) -> bytes:
    """The .npy bytes of ``array``; ``shape`` replaces the shape its header gives."""
    buffer = io.BytesIO()
    np.save(buffer, array)
    data = buffer.getvalue()
    if shape is None:
        return data
    header_end = data.index(b"\n") + 1
    header = data[10:header_end].decode("latin1")
    stated = header[header.index("'shape': ") : header.index(")", header.index("'shape': ")) + 1]
    header = header.replace(stated, f"'shape': {shape}").rstrip("\n").rstrip(" ")
    header = header.ljust(header_end - 10 - 1) + "\n"
    assert len(header) == header_end - 10
    return data[:10] + header.encode("latin1") + data[header_end:]


def _zip(members: dict[str, bytes]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_STORED) as archive:
        for name, data in members.items():
            archive.writestr(f"{name}.npy", data)
    return buffer.getvalue()


def _src_claiming(members: dict[str, np.ndarray], shape: str) -> bytes:
    return _zip({name: _npy(a, shape if name == "src" else None) for name, a in members.items()})


def _crafted(damage: str, members: dict[str, np.ndarray]) -> bytes:
    record = _record(members)
    arrays = {k: v for k, v in members.items() if k != "record"}
    text = json.dumps(record)
    seconds = f'"compile_seconds": {json.dumps(record["compile_seconds"])}'
    if damage == "plain npy":
        return _npy(members["src"])
    if damage == "compressed":
        return _npz(members, compressed=True)
    if damage == "extra member":
        return _npz({**members, "more": np.zeros(3)})
    if damage == "huge shape":
        return _src_claiming(members, "(99999999999,)")
    if damage == "short member":
        return _src_claiming(members, "(700,)")
    if damage == "big-endian":
        return _with_record({**arrays, "src": arrays["src"].astype(">i4")}, record)
    if damage == "Infinity":
        return _with_record(arrays, record, text.replace(seconds, '"compile_seconds": Infinity'))
    if damage == "NaN":
        return _with_record(arrays, record, text.replace('"n": 8', '"n": NaN'))
    if damage == "1e999":
        return _with_record(arrays, record, text.replace(seconds, '"compile_seconds": 1e999'))
    if damage == "long number":
        return _with_record(arrays, record, text.replace('"solutions": 92', '"solutions": ' + "9" * 4000))
    if damage == "old format":
        return _with_record(arrays, {**record, "format": 1})
    if damage == "bool format":
        return _with_record(arrays, {**record, "format": True})
    if damage == "edited record":
        edited = text.replace('"construction": "search"', '"construction": "rules"')
        return _npz({**arrays, "record": np.array(edited)})
    assert damage == "one solution"
    compiled = space(8, "cudd")
    lonely = SolutionSpace(_one_path(compiled.diagram), replace(compiled.info, solutions=1), "compiled", 0.0)
    save(lonely, cache_path(8, "cudd"))
    return cache_path(8, "cudd").read_bytes()


@pytest.mark.parametrize(
    ("damage", "reason"),
    [
        ("plain npy", "File is not a zip file"),
        ("compressed", "is compressed"),
        ("extra member", "other data"),
        ("huge shape", "larger than its board can need"),
        ("short member", "does not have the size its header gives"),
        ("big-endian", "wrong type"),
        ("Infinity", "Infinity is not a number"),
        ("NaN", "NaN is not a number"),
        ("1e999", "out of range"),
        ("long number", "out of range"),
        ("old format", "was written by another version of this program"),
        ("bool format", "was written by another version of this program"),
        ("edited record", "checksum mismatch"),
        ("one solution", "claims 1 solutions, not 92"),
    ],
)
def test_crafted_files_are_refused_in_one_line(cache_folder: Path, damage: str, reason: str) -> None:
    load_or_compile(8, "cudd")
    cache_path(8, "cudd").write_bytes(_crafted(damage, _stored(8)))
    with pytest.raises(CacheError) as refused:
        load(8, "cudd")
    message = str(refused.value)
    assert message.startswith("the cached 8×8 diagram ") and reason in message and "\n" not in message
    rebuilt: list[str] = []
    assert load_or_compile(8, "cudd", warn=rebuilt.append).count == 92
    assert rebuilt == [f"{message}; rebuilding it"]


def _one_path(diagram: FrozenDiagram) -> FrozenDiagram:
    """A diagram of the first solution alone: a legal placement, but one of 92."""
    n = diagram.n
    src, col, dst = [], [], []
    node = 0
    for r in range(n):
        e = int(np.flatnonzero(diagram.src[r] == node)[0])
        src.append(np.array([0]))
        col.append(diagram.col[r][e : e + 1])
        dst.append(np.array([0]))
        node = int(diagram.dst[r][e])
    return FrozenDiagram.from_edges(n, [1] * (n + 1), src, col, dst)


def _illegal_last_row(diagram: FrozenDiagram) -> FrozenDiagram:
    """The same number of paths, but the first node of the last row places its queen in another
    column: a queen above attacks it on every path into that node."""
    n = diagram.n
    col = list(diagram.col)
    last = col[n - 1].copy()
    first = int(np.flatnonzero(diagram.src[n - 1] == 0)[0])
    last[first] = (last[first] + 1) % n
    col[n - 1] = last
    return FrozenDiagram.from_edges(n, list(diagram.widths), list(diagram.src), col, list(diagram.dst))


def test_a_file_with_the_right_count_but_an_illegal_path_is_refused(cache_folder: Path) -> None:
    compiled = space(8, "cudd")
    forged = SolutionSpace(_illegal_last_row(compiled.diagram), compiled.info, "compiled", 0.0)
    assert forged.empty_sweep.total == 92
    save(forged, cache_path(8, "cudd"))
    with pytest.raises(
        CacheError, match=r"is damaged \(a path puts a queen on 8,\d where one above attacks it\)"
    ):
        load(8, "cudd")


@pytest.mark.parametrize("n", range(1, 11))
def test_compiled_diagrams_have_only_legal_paths(n: int) -> None:
    assert first_illegal_edge(space(n, "cudd").diagram) is None
    if n >= 4:
        assert first_illegal_edge(_illegal_last_row(space(n, "cudd").diagram)) is not None


@pytest.mark.parametrize("kind", ["fifo", "folder", "unreadable"])
def test_odd_things_in_the_files_place_are_rebuilt(cache_folder: Path, kind: str) -> None:
    path = cache_path(6, "cudd")
    cache_folder.mkdir()
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "folder":
        path.mkdir()
    else:
        save(space(6, "cudd"), path)
        path.chmod(0)
    warned: list[str] = []
    assert load_or_compile(6, "cudd", warn=warned.append).count == 4
    if kind == "unreadable" and os.geteuid() == 0:
        assert warned == []  # root reads it anyway
    elif kind == "folder":
        assert len(warned) == 2 and "cannot be written (Is a directory)" in warned[1]
    else:
        assert len(warned) == 1 and warned[0].startswith("the cached 6×6 diagram ")
    assert kind == "folder" or load(6, "cudd").count == 4


def test_a_cache_folder_path_too_long_only_warns(
    capsys, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("NQUEENS_CACHE_DIR", str(tmp_path / ("x" * 300) / "cache"))
    status, out, err = run(capsys, "count", "6")
    assert (status, out) == (0, "4\n")
    assert err.count("\n") == 1 and "cannot be used (File name too long); answering without it" in err


def test_a_read_only_cache_folder_only_warns(cache_folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    real_open = os.open

    def read_only(path: str, flags: int, *args: int) -> int:
        if flags & os.O_CREAT:
            raise OSError(errno.EROFS, os.strerror(errno.EROFS))
        return real_open(path, flags, *args)

    monkeypatch.setattr("bdd_model.files.atomic_file.os.open", read_only)
    warned: list[str] = []
    assert load_or_compile(6, "cudd", warn=warned.append).count == 4
    assert len(warned) == 1
    assert warned[0].endswith("cannot be written (Read-only file system); the 6×6 diagram is not cached")


def _dead_pid() -> int:
    child = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True
    )
    return int(child.stdout)


def test_temporaries_of_killed_writers_are_removed_and_live_ones_kept(cache_folder: Path) -> None:
    cache_folder.mkdir()
    dead = cache_folder / f".queens-7-cudd.npz.{_dead_pid()}.0123abcd.tmp"
    live = cache_folder / f".queens-7-cudd.npz.{os.getpid()}.89abcdef.tmp"
    unrelated = cache_folder / "notes.tmp"
    for path in (dead, live, unrelated):
        path.write_bytes(b"half a file")
    assert load_or_compile(7, "cudd").count == 40
    assert not dead.exists() and live.exists() and unrelated.exists()


def test_a_killed_compile_leaves_nothing_behind_after_the_next_run(cache_folder: Path) -> None:
    cache_folder.mkdir()
    writer = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sys, time; from pathlib import Path\n"
            "from bdd_model.files.atomic_file import atomic_output\n"
            "with atomic_output(Path(sys.argv[1])) as stream:\n"
            "    stream.write(b'half'); stream.flush(); print('writing', flush=True); time.sleep(600)",
            str(cache_path(7, "cudd")),
        ],
        stdout=subprocess.PIPE,
        text=True,
        cwd=Path(__file__).resolve().parent.parent,
    )
    assert writer.stdout is not None and writer.stdout.readline() == "writing\n"
    assert len(list(cache_folder.glob(".*.tmp"))) == 1
    writer.kill()
    writer.wait()
    assert load_or_compile(7, "cudd").count == 40
    assert [p.name for p in cache_folder.iterdir()] == ["queens-7-cudd.npz"]


@pytest.mark.parametrize("folder", ["damaged file", "path too long"])
def test_the_window_opens_a_size_whose_cache_is_damaged_or_unusable(
    qtbot, window, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, folder: str
) -> None:
    cache = tmp_path / "cache" if folder == "damaged file" else tmp_path / ("x" * 300) / "cache"
    monkeypatch.setenv("NQUEENS_CACHE_DIR", str(cache))
    if folder == "damaged file":
        load_or_compile(7, "cudd")
        cache_path(7, "cudd").write_bytes(b"PK\x05\x06" + b"\0" * 18)
    messages: list[str] = []
    window.session.message.connect(messages.append)
    window.session.sources.in_process_max_n = 0
    with qtbot.waitSignal(window.session.boardReplaced, timeout=60000):
        window.sizes.choose(7)
    assert window.session.configurator.count == 40
    assert messages[0].startswith("the cached 7×7 diagram ") and messages[0].endswith("; rebuilding it")
    if folder == "damaged file":
        assert load(7, "cudd").count == 40


def _as_a_user() -> list[str]:
    """A command prefix that drops root's power to ignore file permissions (none needed for a user)."""
    if os.geteuid() != 0:
        return []
    setpriv = shutil.which("setpriv")
    if setpriv is None:
        pytest.skip("running as root without setpriv: permissions cannot be tested")
    return [setpriv, "--bounding-set=-dac_override,-dac_read_search", "--"]


@pytest.mark.parametrize(
    ("mode", "warning"),
    [(0o000, "cannot be used (Permission denied); answering without it"), (0o555, "cannot be written")],
)
def test_a_cache_folder_without_permission_only_warns(tmp_path: Path, mode: int, warning: str) -> None:
    folder = tmp_path / "cache"
    folder.mkdir()
    folder.chmod(mode)
    try:
        result = subprocess.run(
            [*_as_a_user(), sys.executable, "-m", "app.cli", "count", "7"],
            capture_output=True,
            text=True,
            env={**os.environ, "NQUEENS_CACHE_DIR": str(folder)},
            check=False,
        )
    finally:
        folder.chmod(0o755)
    assert (result.returncode, result.stdout) == (0, "40\n")
    assert result.stderr.count("\n") == 1 and warning in result.stderr
