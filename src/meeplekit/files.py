"""Reading a file from outside: a regular file only, never waiting, never without bound.

A path a user gives (a card file, a game record) may name a folder, a named pipe (FIFO),
a device such as ``/dev/zero``, a socket, or a huge file. Opening a pipe that has no
writer waits for ever and a device never ends, so what every reader of such a path needs
lives here, once: :func:`read_regular` checks what the path names before it opens it,
opens it without waiting, checks again what it opened (the name may have changed in
between), and reads at most a bound. Each caller turns the exceptions into its own
message (the card files' ``CardFileError``, the command's one-line error).

>>> file_kind(0o040755)
'a folder'
>>> file_kind(0o100644) is None
True
"""

from __future__ import annotations

import os
import stat
from typing import Final

__all__ = ["NotRegularFile", "file_kind", "read_regular"]

#: Opening a file does not wait (a named pipe without a writer, a device), where the
#: system has the flags.
_FLAGS: Final = (
    os.O_RDONLY
    | getattr(os, "O_NONBLOCK", 0)
    | getattr(os, "O_NOCTTY", 0)
    | getattr(os, "O_BINARY", 0)
)
_CHUNK: Final = 1 << 16


class NotRegularFile(OSError):
    """The path names no regular file; ``kind`` says what it is (:func:`file_kind`)."""

    def __init__(self, kind: str) -> None:
        super().__init__(kind)
        #: What the path names: ``"a folder"``, ``"a named pipe (FIFO)"``, ``"a device"``, ...
        self.kind = kind


def file_kind(mode: int) -> str | None:
    """What a file of ``mode`` (``os.stat``'s) is, for a message; ``None`` for a regular file."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a named pipe (FIFO)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "a special file"  # pragma: no cover - no other kind on the systems tested


def read_regular(path: str | os.PathLike[str], most: int) -> bytes:
    """At most ``most`` + 1 bytes of the regular file ``path``: more than ``most`` is too big.

    Raises :class:`NotRegularFile` for a folder, a named pipe, a device or a socket, before
    anything is read from it, and ``OSError`` (``FileNotFoundError``,
    ``PermissionError``, ...) or ``ValueError`` (a NUL in the name) when it cannot be read.
    The caller compares the length with ``most``.
    """
    kind = file_kind(os.stat(path).st_mode)  # before opening: a device is never opened
    if kind is not None:
        raise NotRegularFile(kind)
    fd = os.open(path, _FLAGS)
    try:
        kind = file_kind(os.fstat(fd).st_mode)  # what was opened, if the name changed since
        if kind is not None:
            raise NotRegularFile(kind)
        chunks: list[bytes] = []
        size = 0
        while size <= most:
            chunk = os.read(fd, min(_CHUNK, most + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
    finally:
        os.close(fd)
    return b"".join(chunks)
