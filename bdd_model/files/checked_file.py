"""Files from outside, opened only when they are regular files, without blocking and read within a bound, so
that a FIFO, a device, a folder or a dangling link in their place is refused at once in one sentence instead
of hanging or filling memory."""

from __future__ import annotations

import os
import stat
from pathlib import Path
from typing import BinaryIO

from bdd_model.errors import NQueensError


class FileKindError(NQueensError):
    """The path is not a regular file (or is far larger than the file it should be)."""


def open_regular(path: Path) -> BinaryIO:
    """The file open for reading, if it is a regular file (a link to one is followed);
    FileKindError saying what it is otherwise. OSError (FileNotFoundError: nothing there) passes
    through."""
    try:
        handle = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    except FileNotFoundError:
        if os.path.islink(path):
            raise FileKindError("it is a link to a file that does not exist") from None
        raise
    mode = os.fstat(handle).st_mode
    if not stat.S_ISREG(mode):
        os.close(handle)
        raise FileKindError(f"it is {kind(mode)}, not a regular file")
    return os.fdopen(handle, "rb")


def read_bounded(path: Path, limit: int, what: str = "the file") -> bytes:
    """The whole content of a regular file of at most ``limit`` bytes; FileKindError for any
    other path or a larger file (only ``limit`` + 1 bytes are ever read)."""
    with open_regular(path) as stream:
        data = stream.read(limit + 1)
    if data is None:  # a kernel file (/proc/kmsg) that says "regular" but has nothing to read yet
        raise FileKindError("it has nothing to read now, as a device would: not a regular file")
    if len(data) > limit:
        raise FileKindError(f"it is larger than {size_words(limit)}, far more than {what} can hold")
    return data


def check_target(path: Path) -> None:
    """A file about to be replaced: FileKindError when something other than a regular file is
    there (a FIFO, a device, a directory, a link to nothing); nothing there is fine."""
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        if os.path.islink(path):
            raise FileKindError("it is a link to a file that does not exist") from None
        return
    if not stat.S_ISREG(mode):
        raise FileKindError(f"it is {kind(mode)}, not a regular file")


def kind(mode: int) -> str:
    """What a file of this mode is, in words."""
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a FIFO (a named pipe)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def size_words(size: int) -> str:
    """``1 MB``, ``600 KB``, ``512 bytes``."""
    if size >= 1 << 20:
        return f"{size / (1 << 20):g} MB"
    if size >= 1 << 10:
        return f"{size / (1 << 10):g} KB"
    return f"{size} bytes"
