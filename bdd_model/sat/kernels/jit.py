"""The SAT engine's kernels, compiled by numba once per computer into a cache folder: by a background child
while the uncompiled twins answer (the window), or at once in this process (the command line), so that no
board waits for the compile; ``NQUEENS_KERNEL_DIR`` moves the folder, and ``NQUEENS_KERNELS`` chooses
``auto``, ``numpy`` (never compile) or ``numba`` (compile now, in this process)."""

from __future__ import annotations

import atexit
import contextlib
import ctypes
import hashlib
import importlib
import importlib.metadata
import importlib.util
import json
import os
import platform
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

from bdd_model.cache.store import cache_dir
from bdd_model.families import family, names
from bdd_model.files.atomic_file import atomic_output
from bdd_model.isolated import module_command
from bdd_model.sat.kernels import geometry

CHOICE_ENV = "NQUEENS_KERNELS"
FOLDER_ENV = "NQUEENS_KERNEL_DIR"
"""Where the compiled kernels are kept, if not in ``<cache>/kernels``."""
CHOICES = ("auto", "numpy", "numba")
COMPILED = (
    "bdd_model.sat.kernels.completion_kernels",
    "bdd_model.sat.kernels.witness_kernels",
    "bdd_model.sat.kernels.estimate_kernels",
    "bdd_model.levels.level_kernels",
)
"""The modules numba compiles, in import order."""
PER_FAMILY = ("bdd_model.sat.kernels.witness_kernels", "bdd_model.sat.kernels.estimate_kernels")
"""Those whose kernels are compiled once per rule family (``for_family``), its geometry as
constants: about 10 s each, once per computer."""
FALLBACKS = (
    "bdd_model.sat.kernels.completion_python",
    "bdd_model.sat.kernels.witness_numpy",
    "bdd_model.sat.kernels.estimate_numpy",
    "bdd_model.levels.level_python",
)
"""Their counterparts without a compiler, one for one, with the same functions."""
SOURCES = (
    "bdd_model.sat.kernels.bits",
    "bdd_model.sat.kernels.completion",
    "bdd_model.sat.kernels.geometry",
    *COMPILED,
)
"""The modules whose source the compiled code depends on (the search's layout constants)."""
LOOK_EVERY = 1.0
"""Seconds between two looks for the marker while numpy answers."""
STALE_LOCK = 600.0
"""A compile that started longer ago than this (seconds) is taken for dead."""
PR_SET_PDEATHSIG = 1
"""Linux's prctl option: a signal to this process when its parent dies."""


def kernel_key() -> str:
    """What a compiled cache is valid for: the kernels' source, numba and the platform."""
    digest = hashlib.sha256()
    for name in SOURCES:
        spec = importlib.util.find_spec(name)
        assert spec is not None and spec.origin is not None
        digest.update(Path(spec.origin).read_bytes())
    for part in (_numba_version(), sys.version, platform.machine(), platform.system()):
        digest.update(part.encode())
    return digest.hexdigest()[:24]


def _numba_version() -> str:
    try:
        return importlib.metadata.version("numba")
    except importlib.metadata.PackageNotFoundError:
        return ""


def usable_folder(folder: Path) -> bool:
    """True when ``folder`` exists (or can be made) and takes a file."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryFile(dir=folder):
            pass
    except OSError:
        return False
    return True


def _choose_folder(private: bool) -> Path | None:
    """``$NQUEENS_KERNEL_DIR`` or ``<cache>/kernels`` if it can be used, else (``private``) a
    private temporary folder, removed when the process ends; else None."""
    override = os.environ.get(FOLDER_ENV)
    try:
        folder = Path(override) if override else cache_dir() / "kernels"
    except OSError:
        folder = None
    if folder is not None and usable_folder(folder):
        return folder
    if not private:
        return None
    try:
        temporary = Path(tempfile.mkdtemp(prefix="nqueens-kernels-"))
    except OSError:
        return None
    atexit.register(shutil.rmtree, temporary, True)
    return temporary


def _marker(folder: Path, key: str) -> Path:
    return folder / f"ready-{key}.json"


_sealed: set[str] = set()
"""The compiled modules whose functions compiled at import no longer compile (the generic ones,
compiled later for each family's kernels, were none of them then)."""


def _import_compiled(folder: Path, families: bool = False) -> list[ModuleType]:
    """Import the compiled modules with numba's cache in ``folder`` (compiling what is missing),
    then forbid any further compile of the functions compiled for their types at import: a call
    with other types is a bug, not a 10 s pause. The generic functions the family kernels are
    made of stay compilable; ``families``: compile every registered family's kernels now."""
    os.environ["NUMBA_CACHE_DIR"] = str(folder)
    import numba

    numba.config.CACHE_DIR = str(folder)  # type: ignore[attr-defined]  # set at run time
    modules = [importlib.import_module(name) for name in COMPILED]
    for module in modules:
        if module.__name__ in _sealed:
            continue
        _sealed.add(module.__name__)
        for value in vars(module).values():
            if isinstance(value, numba.core.registry.CPUDispatcher) and value.signatures:
                value.disable_compile()
    if families:
        for name in names():
            for module in modules:
                if module.__name__ in PER_FAMILY:
                    module.for_family(geometry.key(family(name)))
    return modules


class Kernels:
    """The witness and estimate kernels in use now: compiled when ready, numpy until then."""

    def __init__(self, choice: str | None = None) -> None:
        choice = choice or os.environ.get(CHOICE_ENV, "auto")
        self.choice = choice if choice in CHOICES else "auto"
        self._folder: Path | None = None
        self._key = ""
        self._compiled: list[ModuleType] | None = None
        self._numpy = [importlib.import_module(name) for name in FALLBACKS]
        self._next_look = 0.0
        self._started = False
        if self.choice != "numpy" and _numba_version():
            self._folder = _choose_folder(private=_policy.background or self.choice == "numba")
            self._key = kernel_key()
            if self._folder is None and _policy.announce is not None:
                _policy.announce(
                    "the SAT engine's compiled kernels cannot be kept in the cache folder; "
                    "it answers without them, more slowly"
                )
        if self.choice == "numba" and self._folder is not None:
            self._compiled = _import_compiled(self._folder, families=True)
            _write_marker(self._folder, self._key)

    def prepare(self) -> bool:
        """Load the compiled kernels if they are ready, else start compiling them in the
        background (once); True when the compiled kernels answer from now on."""
        self._modules()
        return self.compiled

    @property
    def compiled(self) -> bool:
        """True when the compiled kernels answer."""
        return self._compiled is not None

    @property
    def completion(self) -> ModuleType:
        """``completion_kernels`` or ``completion_python``."""
        return self._modules()[0]

    @property
    def witness(self) -> ModuleType:
        """``witness_kernels`` or ``witness_numpy``."""
        return self._modules()[1]

    @property
    def estimate(self) -> ModuleType:
        """``estimate_kernels`` or ``estimate_numpy``."""
        return self._modules()[2]

    @property
    def levels(self) -> ModuleType:
        """``level_kernels`` or ``level_python``."""
        return self._modules()[3]

    def _modules(self) -> list[ModuleType]:
        if self._compiled is None and self._folder is not None and time.monotonic() >= self._next_look:
            self._next_look = time.monotonic() + LOOK_EVERY
            if _marker(self._folder, self._key).is_file():
                try:
                    self._compiled = _import_compiled(self._folder)
                except Exception:  # a broken cache must never stop an answer
                    self._folder = None
            elif not _policy.background:
                self._compile_here()
            elif not self._started:
                self._started = start_compile(self._folder, self._key)
        return self._compiled or self._numpy

    def _compile_here(self) -> None:
        """Compile in this process now (the command line: it leaves nothing running behind)."""
        assert self._folder is not None
        if _policy.announce is not None:
            _policy.announce(
                "compiling the SAT engine's kernels, once for this computer (about 15 s, and about 20 s "
                "more the first time each rule family is played)…"
            )
        try:
            self._compiled = _import_compiled(self._folder)
        except Exception:  # a compile that fails leaves the slower kernels answering
            self._folder = None
            return
        _write_marker(self._folder, self._key)


@dataclass
class _Policy:
    """How this process gets its compiled kernels when they are not ready."""

    background: bool = True
    announce: Callable[[str], None] | None = None


_policy = _Policy()


def compile_in_foreground(announce: Callable[[str], None]) -> None:
    """From now on this process compiles missing kernels itself, saying so through
    ``announce``, rather than in a background child (the command line must leave no process
    running behind it)."""
    _policy.background = False
    _policy.announce = announce


_shared: Kernels | None = None


def kernels() -> Kernels:
    """The process's kernels (one choice, one background compile per process)."""
    global _shared
    if _shared is None:
        _shared = Kernels()
    return _shared


def start_compile(folder: Path, key: str) -> bool:
    """Start the background compile unless one is running into this folder (its lock names a
    live process); True when one is running. The child ends with this process."""
    lock = folder / f"compiling-{key}.lock"
    try:
        if lock.exists() and not _alive_lock(lock):
            lock.unlink()
        descriptor = os.open(lock, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o644)
    except FileExistsError:
        return True
    except OSError:
        return False
    try:
        child = subprocess.Popen(
            module_command("bdd_model.sat.kernels.jit", "compile", str(folder), key, str(os.getpid())),
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        os.write(descriptor, str(child.pid).encode())
    except OSError:
        lock.unlink(missing_ok=True)
        return False
    finally:
        os.close(descriptor)
    atexit.register(_end_child, child)
    return True


def _end_child(child: subprocess.Popen[bytes]) -> None:
    if child.poll() is None:
        child.terminate()
        with contextlib.suppress(subprocess.TimeoutExpired):
            child.wait(timeout=5)


def _alive_lock(lock: Path) -> bool:
    """Whether the compile that holds ``lock`` runs: its process is alive and it is younger
    than ``STALE_LOCK``."""
    try:
        text = lock.read_text()[:20]
        if time.time() - lock.stat().st_mtime > STALE_LOCK:
            return False
        pid = int(text)
        os.kill(pid, 0)
    except (OSError, ValueError):
        return False
    return pid > 0


def _write_marker(folder: Path, key: str) -> None:
    with contextlib.suppress(OSError), atomic_output(_marker(folder, key)) as stream:
        stream.write(json.dumps({"key": key, "numba": _numba_version()}).encode())


def main() -> int:
    """``compile FOLDER KEY PARENT``: the background child; compiles, then leaves the marker. It
    ends with its parent (the parent's death sends it SIGTERM, on Linux)."""
    if len(sys.argv) != 5 or sys.argv[1] != "compile" or not sys.argv[4].isdigit():
        sys.stderr.write("usage: python -m bdd_model.sat.kernels.jit compile FOLDER KEY PARENT\n")
        return 2
    folder, key, parent = Path(sys.argv[2]), sys.argv[3], int(sys.argv[4])
    signal.signal(signal.SIGTERM, _stop)
    try:
        _end_with_parent()
        if os.getppid() == parent and key == kernel_key():
            with contextlib.suppress(OSError):
                os.nice(10)
            _import_compiled(folder, families=True)
            _write_marker(folder, key)
    finally:
        (folder / f"compiling-{key}.lock").unlink(missing_ok=True)
    return 0


def _stop(signum: int, frame: object) -> None:
    raise SystemExit(128 + signum)


def _end_with_parent() -> None:
    """Ask Linux to send SIGTERM to this process when its parent ends (nothing elsewhere)."""
    with contextlib.suppress(OSError, AttributeError):
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGTERM)


if __name__ == "__main__":
    sys.exit(main())
