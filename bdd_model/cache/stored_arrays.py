"""Reading our own ``.npz`` files strictly and within bounds (the file, its members and their headers checked
before any data is read), so that no damage to a file can crash a load or make it allocate more than the board
could need."""

from __future__ import annotations

import math
import os
import zipfile
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from bdd_model.files.checked_file import FileKindError, open_regular

MAX_HEADER = 4096
"""Bytes a ``.npy`` header may take (np.save writes 128)."""
_ZIP_OVERHEAD = 512
"""Bytes of zip headers and directory per member, with room to spare (np.savez writes about 200)."""


class StoredFileError(ValueError):
    """The file is not one this program wrote, or it is damaged; the message says how, in words."""


@dataclass(frozen=True)
class Member:
    """What one array must look like: its dtype (``None``: any unicode string), its number of
    dimensions and at most how many items (characters, for a string) it holds."""

    dtype: np.dtype | None
    ndim: int
    max_items: int

    @property
    def max_bytes(self) -> int:
        return MAX_HEADER + self.max_items * (4 if self.dtype is None else self.dtype.itemsize)


def read_arrays(path: Path, members: dict[str, Member]) -> dict[str, np.ndarray]:
    """The arrays of the ``.npz`` at ``path``; StoredFileError if it is not exactly as described.

    OSError from opening the file passes through (FileNotFoundError: there is no such file).
    """
    try:
        opened = open_regular(path)
    except FileKindError as error:
        raise StoredFileError(str(error)) from None
    with opened as stream:
        status = os.fstat(stream.fileno())
        limit = sum(m.max_bytes + _ZIP_OVERHEAD for m in members.values())
        if status.st_size > limit:
            raise StoredFileError(f"it is larger ({status.st_size:,} bytes) than its board can need")
        with zipfile.ZipFile(stream) as archive:
            entries = archive.infolist()
            if sorted(e.filename for e in entries) != sorted(f"{name}.npy" for name in members):
                raise StoredFileError("it holds other data than the cache's arrays")
            return {e.filename[:-4]: _read_member(archive, e, members[e.filename[:-4]]) for e in entries}


def _read_member(archive: zipfile.ZipFile, entry: zipfile.ZipInfo, member: Member) -> np.ndarray:
    name = entry.filename
    if entry.compress_type != zipfile.ZIP_STORED or entry.compress_size != entry.file_size:
        raise StoredFileError(f"its array {name} is compressed")
    if entry.flag_bits & 0x1:
        raise StoredFileError(f"its array {name} is encrypted")
    if entry.file_size > member.max_bytes:
        raise StoredFileError(f"its array {name} is larger than its board can need")
    with archive.open(entry) as stream:
        version = np.lib.format.read_magic(stream)
        if version == (1, 0):
            shape, fortran_order, dtype = np.lib.format.read_array_header_1_0(stream, MAX_HEADER)
        elif version == (2, 0):
            shape, fortran_order, dtype = np.lib.format.read_array_header_2_0(stream, MAX_HEADER)
        else:
            raise StoredFileError(f"its array {name} has an unknown layout")
        _check_header(name, member, shape, fortran_order, dtype)
        size = math.prod(shape) * dtype.itemsize
        if stream.tell() + size != entry.file_size:
            raise StoredFileError(f"its array {name} does not have the size its header gives")
        data = stream.read(size)
        if len(data) != size or stream.read(1):
            raise StoredFileError(f"its array {name} does not have the size its header gives")
    return np.frombuffer(data, dtype=dtype).reshape(shape)


def _check_header(name: str, member: Member, shape: tuple, fortran_order: bool, dtype: np.dtype) -> None:
    expected = dtype.kind == "U" if member.dtype is None else dtype == member.dtype
    if not expected or fortran_order or dtype.hasobject:
        raise StoredFileError(f"its array {name} has the wrong type")
    if len(shape) != member.ndim or min(shape, default=0) < 0:
        raise StoredFileError(f"its array {name} has the wrong shape")
    items = dtype.itemsize // 4 if member.dtype is None else math.prod(shape)
    if items > member.max_items:
        raise StoredFileError(f"its array {name} is larger than its board can need")
