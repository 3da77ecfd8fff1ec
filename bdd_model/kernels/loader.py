"""Each engine's compiled kernels, compiled by numba once per computer and per package into a cache folder:
by a background child while the uncompiled twins answer (the window), or at once in this process (the command
line), so that no board waits for a compile. ``NQUEENS_KERNEL_DIR`` moves the folder, and ``NQUEENS_KERNELS``
chooses ``auto``, ``numpy`` (never compile) or ``numba`` (compile now, in this process)."""

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
from typing import ClassVar, TypeVar

from bdd_model.cache.store import cache_dir
from bdd_model.files.atomic_file import atomic_output
from bdd_model.files.checked_file import FileKindError, open_regular
from bdd_model.isolated import module_command

CHOICE_ENV = "NQUEENS_KERNELS"
FOLDER_ENV = "NQUEENS_KERNEL_DIR"
"""Where the compiled kernels are kept, if not in ``<cache>/kernels``."""
CHOICES = ("auto", "numpy", "numba")
BUILT_IN = ("bdd_model.sat.kernels.sat_kernels", "bdd_model.levels.level_search_kernels")
"""The modules that declare the program's kernel packages (each registers its own on import)."""
LOOK_EVERY = 1.0
"""Seconds between two looks for the marker while the uncompiled twins answer."""
STALE_LOCK = 600.0
"""A compile that started longer ago than this (seconds) is taken for dead."""
PR_SET_PDEATHSIG = 1
"""Linux's prctl option: a signal to this process when its parent dies."""

MARKER_BYTES = 1024
"""The most of a marker file that is read (ours take about 150 bytes)."""


@dataclass(frozen=True)
class KernelPackage:
    """One engine's compiled modules and their uncompiled twins, one for one, by role."""

    name: str
    """Its name in markers, locks and the compile child's arguments ("sat", "levels")."""
    declared_in: str
    """The module that declares it (the compile child imports it to find it)."""
    roles: tuple[str, ...]
    compiled: tuple[str, ...]
    """The modules numba compiles, one per role, in import order."""
    fallbacks: tuple[str, ...]
    """Their counterparts without a compiler, one per role, with the same functions."""
    sources: tuple[str, ...]
    """Every module whose source the compiled code depends on (the compiled ones among them)."""
    compiling: str = ""
    """What the command line says while it compiles them in the foreground."""
    compile_more: Callable[[dict[str, ModuleType]], None] | None = None
    """Compiles what the compiled modules make later (the SAT engine's per-family kernels), so
    that a finished compile leaves nothing to compile at play."""


_packages: dict[str, KernelPackage] = {}


def register(package: KernelPackage) -> KernelPackage:
    """Make ``package`` known by its name (its declaring module calls this on import)."""
    _packages[package.name] = package
    return package


def packages() -> list[KernelPackage]:
    """The program's kernel packages, each declaring module imported."""
    for name in BUILT_IN:
        importlib.import_module(name)
    return list(_packages.values())


def package_key(package: KernelPackage) -> str:
    """What a compiled cache of ``package`` is valid for: its sources, numba and the platform."""
    digest = hashlib.sha256(package.name.encode())
    for name in package.sources:
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


def _marker(folder: Path, package: KernelPackage, key: str) -> Path:
    return folder / f"ready-{package.name}-{key}.json"


def _lock(folder: Path, package: KernelPackage, key: str) -> Path:
    return folder / f"compiling-{package.name}-{key}.lock"


_sealed: set[str] = set()
"""The compiled modules whose functions compiled at import no longer compile (the generic ones,
compiled later for each family's kernels, were none of them then)."""


def _import_compiled(package: KernelPackage, folder: Path, complete: bool = False) -> list[ModuleType]:
    """Import ``package``'s compiled modules with numba's cache in ``folder`` (compiling what is
    missing), then forbid any further compile of the functions compiled for their types at
    import: a call with other types is a bug, not a 10 s pause. ``complete``: compile what the
    modules make later too (``compile_more``)."""
    os.environ["NUMBA_CACHE_DIR"] = str(folder)
    import numba
    import numpy.ma  # noqa: F401  numba's first call on an array imports it: 14 ms inside a timed answer

    numba.config.CACHE_DIR = str(folder)  # type: ignore[attr-defined]  # set at run time
    modules = [importlib.import_module(name) for name in package.compiled]
    for module in modules:
        if module.__name__ in _sealed:
            continue
        _sealed.add(module.__name__)
        for value in vars(module).values():
            if isinstance(value, numba.core.registry.CPUDispatcher) and value.signatures:
                value.disable_compile()
    if complete and package.compile_more is not None:
        package.compile_more(dict(zip(package.roles, modules, strict=True)))
    return modules


class Kernels:
    """One package's kernels in use now: compiled when ready, the uncompiled twins until then.
    A subclass names its package and gives each role a property."""

    package: ClassVar[KernelPackage]

    def __init__(self, choice: str | None = None) -> None:
        choice = choice or os.environ.get(CHOICE_ENV, "auto")
        self.choice = choice if choice in CHOICES else "auto"
        self._folder: Path | None = None
        self._key = ""
        self._compiled: list[ModuleType] | None = None
        self._fallbacks = [importlib.import_module(name) for name in self.package.fallbacks]
        self._next_look = 0.0
        self._started = False
        if self.choice != "numpy" and _numba_version():
            private = (_policy.background and not _policy.outlive) or self.choice == "numba"
            self._folder = _choose_folder(private=private)
            self._key = package_key(self.package)
            if self._folder is None and _policy.announce is not None:
                _policy.announce(
                    "the compiled kernels cannot be kept in the cache folder; the engines answer "
                    "without them, more slowly"
                )
        if self.choice == "numba" and self._folder is not None:
            self._compiled = _import_compiled(self.package, self._folder, complete=True)
            _write_marker(self._folder, self.package, self._key, complete=True)

    def prepare(self) -> bool:
        """Load the compiled kernels if they are ready, else start compiling them in the
        background (once); True when the compiled kernels answer from now on."""
        self._modules()
        return self.compiled

    @property
    def compiled(self) -> bool:
        """True when the compiled kernels answer."""
        return self._compiled is not None

    def module(self, role: str) -> ModuleType:
        """The compiled module of ``role``, or its uncompiled twin."""
        return self._modules()[self.package.roles.index(role)]

    def _modules(self) -> list[ModuleType]:
        if self._compiled is None and self._folder is not None and time.monotonic() >= self._next_look:
            self._next_look = time.monotonic() + LOOK_EVERY
            if _marker(self._folder, self.package, self._key).is_file():
                try:
                    self._compiled = _import_compiled(self.package, self._folder)
                except Exception:  # a broken cache must never stop an answer
                    self._folder = None
            elif not _policy.background:
                self._compile_here()
            elif not self._started:
                self._started = start_compile(self.package, self._folder, self._key)
                if self._started and _policy.outlive and _policy.announce is not None:
                    _policy.announce(
                        "the compiled kernels are being made in the background, once for this computer; "
                        "until they are ready, answers come from the slower ones"
                    )
        return self._compiled or self._fallbacks

    @property
    def complete(self) -> bool:
        """True when the compiled kernels answer and what they make later was compiled with
        them (``compile_more``: the SAT engine's rule families), so no call compiles."""
        return (
            self._compiled is not None
            and self._folder is not None
            and _marked_complete(self._folder, self.package, self._key)
        )

    def complete_behind(self) -> None:
        """Start the complete compile in the background (once) when the compiled kernels
        answer but are not complete."""
        if self._folder is not None and not self._started and not self.complete:
            self._started = start_compile(self.package, self._folder, self._key)

    def complete_here(self) -> None:
        """Compile everything of the package in this process now, unless done (a bench times
        answers once nothing is left to compile); nothing without a usable folder."""
        if self._folder is not None and not self.complete:
            self._compiled = _import_compiled(self.package, self._folder, complete=True)
            _write_marker(self._folder, self.package, self._key, complete=True)

    def _compile_here(self) -> None:
        """Compile in this process now (the command line: it leaves nothing running behind)."""
        assert self._folder is not None
        if _policy.announce is not None and self.package.compiling:
            _policy.announce(self.package.compiling)
        try:
            self._compiled = _import_compiled(self.package, self._folder)
        except Exception:  # a compile that fails leaves the slower kernels answering
            self._folder = None
            return
        _write_marker(self._folder, self.package, self._key, complete=False)


@dataclass
class _Policy:
    """How this process gets its compiled kernels when they are not ready."""

    background: bool = True
    announce: Callable[[str], None] | None = None
    outlive: bool = False
    """The background compile goes on after this process ends (a command under a time limit)."""


_policy = _Policy()


def compile_in_foreground(announce: Callable[[str], None]) -> None:
    """From now on this process compiles missing kernels itself, saying so through
    ``announce``, rather than in a background child (the command line must leave no process
    running behind it)."""
    _policy.background = False
    _policy.outlive = False
    _policy.announce = announce


def compile_behind(announce: Callable[[str], None]) -> None:
    """From now on missing kernels compile in a child of their own session that goes on after
    this process ends (a command under a time limit answers with the slower kernels meanwhile,
    and the next one finds them compiled)."""
    _policy.background = True
    _policy.outlive = True
    _policy.announce = announce


KernelsT = TypeVar("KernelsT", bound=Kernels)
_shared: dict[type[Kernels], Kernels] = {}


def shared(kind: type[KernelsT]) -> KernelsT:
    """The process's kernels of one package (one choice, one background compile per process)."""
    found = _shared.get(kind)
    if found is None:
        found = _shared[kind] = kind()
    assert isinstance(found, kind)
    return found


def compile_package(name: str, folder: Path) -> None:
    """Compile the package called ``name`` into ``folder`` now, in this process, and mark it
    ready (the test run compiles each package once, side by side, before its workers start)."""
    package = next(package for package in packages() if package.name == name)
    _import_compiled(package, folder, complete=True)
    _write_marker(folder, package, package_key(package), complete=True)


def start_compile(package: KernelPackage, folder: Path, key: str) -> bool:
    """Start the background compile of ``package`` unless one is running into this folder (its
    lock names a live process); True when one is running. The child ends with this process."""
    lock = _lock(folder, package, key)
    try:
        if lock.exists() and not _alive_lock(lock):
            lock.unlink()
        descriptor = os.open(lock, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o644)
    except FileExistsError:
        return True
    except OSError:
        return False
    try:
        parent = "0" if _policy.outlive else str(os.getpid())
        arguments = ("compile", package.declared_in, package.name, str(folder), key, parent)
        child = subprocess.Popen(
            module_command("bdd_model.kernels.loader", *arguments),
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=_policy.outlive,
        )
        os.write(descriptor, str(child.pid).encode())
    except OSError:
        lock.unlink(missing_ok=True)
        return False
    finally:
        os.close(descriptor)
    if not _policy.outlive:
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


def _write_marker(folder: Path, package: KernelPackage, key: str, complete: bool) -> None:
    """Say the package is compiled into ``folder``; ``complete``: what its modules make later
    (``compile_more``) too."""
    record = {"package": package.name, "key": key, "numba": _numba_version(), "complete": complete}
    with contextlib.suppress(OSError), atomic_output(_marker(folder, package, key)) as stream:
        stream.write(json.dumps(record).encode())


def _marked_complete(folder: Path, package: KernelPackage, key: str) -> bool:
    """Whether the marker says a complete compile wrote it (a damaged one says no)."""
    try:
        with open_regular(_marker(folder, package, key)) as stream:
            record = json.loads(stream.read(MARKER_BYTES))
    except (OSError, ValueError, FileKindError):
        return False
    return isinstance(record, dict) and record.get("complete") is True


def main() -> int:
    """``compile MODULE PACKAGE FOLDER KEY PID``: the background child; compiles the package
    that MODULE declares, then leaves the marker. It ends with its parent (the parent's death
    sends it SIGTERM, on Linux), unless PID is 0."""
    arguments = sys.argv[1:]
    if len(arguments) != 6 or arguments[0] != "compile" or not arguments[5].isdigit():
        sys.stderr.write(
            "usage: python -m bdd_model.kernels.loader compile MODULE PACKAGE FOLDER KEY PARENT\n"
        )
        return 2
    module, name, place, key, parent = arguments[1:]
    signal.signal(signal.SIGTERM, _stop)
    importlib.import_module(module)
    package, folder = _packages.get(name), Path(place)
    if package is None:
        sys.stderr.write(f"{module} declares no kernel package {name!r}\n")
        return 2
    try:
        if parent != "0":
            _end_with_parent()
        if (parent == "0" or os.getppid() == int(parent)) and key == package_key(package):
            with contextlib.suppress(OSError):
                os.nice(10)
            _import_compiled(package, folder, complete=True)
            _write_marker(folder, package, key, complete=True)
    finally:
        _lock(folder, package, key).unlink(missing_ok=True)
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
