"""Files written whole or not at all, for every file the program writes: a temporary file beside the target,
synced and renamed over it and its folder synced, so that a crash, a kill or a full disk never leaves a
truncated file; temporaries whose writer is gone are removed."""

from __future__ import annotations

import os
import re
import secrets
import stat
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import BinaryIO

_TEMPORARY = re.compile(r"\.(?P<name>.+)\.(?P<pid>\d+)\.[0-9a-f]{8}\.tmp")
_NAME_KEPT = 100
"""Characters of the target's name kept in a temporary name, so that it never grows too long."""


def temporary_path(target: Path) -> Path:
    """A fresh hidden name beside ``target`` that says which process writes it."""
    return target.with_name(f".{target.name[:_NAME_KEPT]}.{os.getpid()}.{secrets.token_hex(4)}.tmp")


def is_special(path: Path) -> bool:
    """True for targets written in place: not regular files, or names of open descriptors
    (``/dev/stdout``, ``/dev/fd/1``, ``/proc/self/fd/1``) that a rename would not reach."""
    if Path(os.path.abspath(path)).parts[1:2] in (("dev",), ("proc",)):
        return True
    try:
        return not stat.S_ISREG(os.stat(path).st_mode)
    except OSError:
        return False


@contextmanager
def atomic_output(path: Path, replace_special: bool = False) -> Iterator[BinaryIO]:
    """A binary stream whose content replaces ``path`` when the block ends without an error.

    On any error the temporary file is removed and the old file is left as it was. A target
    that is not a regular file is written directly, unless ``replace_special`` (the cache: a
    FIFO or device in its place is replaced, never written to). A symbolic link stays a link:
    the file it points to is replaced. The new file keeps the old one's permissions.
    """
    if not replace_special and is_special(path):
        with open(path, "wb") as stream:
            yield stream
        return
    target = Path(os.path.realpath(path))
    temporary = temporary_path(target)
    handle = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    try:
        with os.fdopen(handle, "wb") as stream:
            _keep_mode(target, stream.fileno())
            yield stream
            stream.flush()
            os.fsync(stream.fileno())
        os.replace(temporary, target)
    except BaseException:
        temporary.unlink(missing_ok=True)
        raise
    sync_folder(target.parent)


def sync_folder(folder: Path) -> None:
    """Make the folder's entries (a rename into it) durable; nothing where folders cannot be
    synced."""
    try:
        handle = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        os.fsync(handle)
    except OSError:
        pass
    finally:
        os.close(handle)


def _keep_mode(target: Path, handle: int) -> None:
    try:
        mode = os.stat(target).st_mode
    except OSError:
        return
    if stat.S_ISREG(mode):
        os.fchmod(handle, stat.S_IMODE(mode))


def remove_abandoned(folder: Path) -> list[Path]:
    """Remove the temporary files in ``folder`` whose writing process is gone; return them.

    A temporary of a live process (this one, or a concurrent writer) is never touched.
    """
    removed = []
    for entry in os.scandir(folder):
        match = _TEMPORARY.fullmatch(entry.name)
        if match is None or _alive(int(match["pid"])):
            continue
        path = Path(entry.path)
        path.unlink(missing_ok=True)
        removed.append(path)
    return removed


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except (ProcessLookupError, OverflowError):
        return False
    except PermissionError:
        return True
    return pid > 0
