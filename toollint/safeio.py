"""File I/O that cannot hang, leak or clobber: read regular files only, write outputs atomically.

Reading a FIFO blocks forever and a device has no end, so only regular files are read. Outputs replace
only regular files (a symlink is written through to its target, a character device or FIFO is written
to, anything else is refused), new files get the umask's mode, and an output that is also an input or
another output is refused before anything is written.
"""

from __future__ import annotations

import errno
import os
import stat
import tempfile
from collections.abc import Iterable
from pathlib import Path

from toollint.errors import ToollintError


class NotRegular(OSError):
    """The path is a FIFO, device, socket or directory: not read (it could block or never end)."""


class UnsafeOutput(ToollintError):
    """An output path that would destroy an input, another output, or something that is not a file."""


def kind_of(mode: int) -> str:
    """A short name for a non-regular file type, for messages."""
    for test, name in ((stat.S_ISFIFO, "a FIFO (named pipe)"), (stat.S_ISCHR, "a character device"),
                       (stat.S_ISBLK, "a block device"), (stat.S_ISSOCK, "a socket"),
                       (stat.S_ISDIR, "a directory")):
        if test(mode):
            return name
    return "not a regular file"


def read_regular(path: str, limit: int) -> bytes:
    """Up to `limit` + 1 bytes of a regular file; raises NotRegular for anything else, without blocking."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0) | getattr(os, "O_BINARY", 0)
    fd = os.open(path, flags)
    try:
        status = os.fstat(fd)
        if not stat.S_ISREG(status.st_mode):
            raise NotRegular(f"not read: {kind_of(status.st_mode)}, not a regular file")
        if hasattr(os, "set_blocking"):
            os.set_blocking(fd, True)
        with os.fdopen(fd, "rb", closefd=False) as handle:
            # As much as the file holds, and a byte to see whether it grew: `read(limit + 1)` itself would first
            # allocate a buffer of the limit (16 MB for a tool file) to read a file of a few kilobytes.
            data = handle.read(min(status.st_size, limit) + 1)
            if status.st_size < len(data) <= limit:  # it grew (or its size is not known, as in /proc): the rest
                data += handle.read(limit + 1 - len(data))
            return data
    finally:
        os.close(fd)


def is_regular(path: str) -> tuple[bool, str]:
    """(True, "") for a regular file (following symlinks), else (False, what it is: "a FIFO (named pipe)"...,
    or the error text when it cannot be examined)."""
    try:
        mode = os.stat(path).st_mode
    except OSError as error:
        return False, error.strerror or str(error)
    return stat.S_ISREG(mode), "" if stat.S_ISREG(mode) else kind_of(mode)


def same_file(a: str, b: str) -> bool:
    """True when both paths name one existing file (same path, hard link or symlink)."""
    try:
        return os.path.samefile(a, b)
    except OSError:
        return os.path.abspath(a) == os.path.abspath(b)


def refuse_clashes(inputs: Iterable[str], outputs: Iterable[tuple[str, str]]) -> None:
    """Raise UnsafeOutput when an output (role, path) is an input or the same file as another output."""
    inputs = [path for path in inputs if path and path != "-"]
    seen: list[tuple[str, str]] = []
    for role, path in outputs:
        if not path:
            continue
        for given in inputs:
            if same_file(given, path):
                raise UnsafeOutput(f"{path}: the {role} would overwrite the input {given}; choose another path")
        for other_role, other in seen:
            if same_file(other, path):
                raise UnsafeOutput(f"{path}: the {role} and the {other_role} are the same file; "
                                   "one would silently replace the other")
        seen.append((role, path))


def current_umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def _open_write_through(path: str, target: Path, *, fifo: bool) -> int:
    """Open a device or FIFO for writing. A FIFO no process reads would block the open forever (`-o` or
    --save-snapshot onto one: reliability review 2, lower items), so it is opened without blocking, which
    fails at once when there is no reader, and then switched back to blocking writes."""
    if not fifo or not hasattr(os, "O_NONBLOCK"):
        return os.open(target, os.O_WRONLY)
    try:
        fd = os.open(target, os.O_WRONLY | os.O_NONBLOCK)
    except OSError as error:
        if error.errno == errno.ENXIO:
            raise UnsafeOutput(f"{path}: a FIFO that no process is reading; refusing to wait for one") from None
        raise
    os.set_blocking(fd, True)
    return fd


def atomic_write(path: str, data: str | bytes) -> None:
    """Write `data` to `path` so a reader sees the old or the new content, never a truncated file.

    Regular files (and the regular target of a symlink) are replaced via a temporary file in the same
    directory and keep their mode; a new file gets 0666 minus the umask. A character device or FIFO
    (`/dev/null`, `/dev/stdout`) is written to, never replaced; a directory, block device or socket is
    refused. Raises OSError or UnsafeOutput.
    """
    raw = data.encode("utf-8") if isinstance(data, str) else data
    target = Path(os.path.realpath(path))
    try:
        mode = os.stat(target).st_mode
    except FileNotFoundError:
        mode = None
    if mode is not None and not stat.S_ISREG(mode):
        if stat.S_ISCHR(mode) or stat.S_ISFIFO(mode):
            with os.fdopen(_open_write_through(path, target, fifo=stat.S_ISFIFO(mode)), "wb") as handle:
                handle.write(raw)  # write through, as `> path` would
            return
        raise UnsafeOutput(f"{path}: {kind_of(mode)}, not a regular file; refusing to replace it")
    if not target.parent.is_dir():
        raise UnsafeOutput(f"{path}: the directory {target.parent} does not exist")
    fd, temporary = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(raw)
        os.chmod(temporary, stat.S_IMODE(mode) if mode is not None else 0o666 & ~current_umask())
        os.replace(temporary, target)
    except BaseException:
        if os.path.exists(temporary):
            os.unlink(temporary)
        raise
