"""Reading files hermes-dev does not trust (sources, manifests, configs, caches, baselines):
regular files only, never more than a limit.

A FIFO blocks a plain `open()` forever; a symlink to /dev/zero, or a sparse file of gigabytes,
fills memory before anything can be checked. `read_bounded` opens without blocking, checks with
`fstat` that it holds a regular file, and reads at most `limit` bytes: anything else is an
OSError, which every reader already treats as "cannot read it". Imports only the standard library
(every layer uses it, pyast included).
"""

from __future__ import annotations

import errno
import os
import stat

# Bounds for each kind of file: generous for real ones (Hermes' largest module, config.py, is
# ~300 KB; a plugin.yaml is a few hundred bytes), small enough that the worst case stays cheap.
SOURCE_LIMIT = 16 * 1024 * 1024  # a Python module, toolsets.py, the config module
MANIFEST_LIMIT = 1024 * 1024  # plugin.yaml
CONFIG_LIMIT = 4 * 1024 * 1024  # pyproject.toml
DATA_LIMIT = 64 * 1024 * 1024  # a baseline, a cache file

# Folders no project code lives in: installed packages, build output (with the hidden ones,
# `.venv`, `.git`..., every walk over a checkout leaves them out).
SKIP_DIRS = frozenset({"__pycache__", "node_modules", "site-packages", "venv", "build", "dist"})

_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0)
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)


class NotRegularFile(OSError):
    """The path holds a FIFO, a socket, a device or a folder, not a file."""


class TooLarge(OSError):
    """The file holds more than the limit."""


def _open(path: str | os.PathLike[str], follow: bool) -> int:
    try:
        return os.open(path, _FLAGS | (0 if follow else _NOFOLLOW))
    except ValueError:  # (a NUL byte in the path, an editor's %00: no file has that name)
        raise OSError(errno.EINVAL, "a path with a NUL byte", repr(str(path))) from None


def read_head(path: str | os.PathLike[str], size: int, *, follow: bool = True) -> bytes:
    """The first `size` bytes (or fewer) of the regular file at `path`: for a marker or a text
    test near the top. Raises OSError (also NotRegularFile) instead of blocking."""
    fd = _open(path, follow)
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise NotRegularFile(errno.EINVAL, "not a regular file", str(path))
        chunks: list[bytes] = []
        left = size
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        return b"".join(chunks)
    finally:
        os.close(fd)


def read_bounded(path: str | os.PathLike[str], limit: int, *, follow: bool = True) -> bytes:
    """The bytes of the regular file at `path`; at most `limit` of them. Raises OSError (also
    NotRegularFile, TooLarge) instead of blocking or reading without end. `follow=False`: a
    symlink at `path` is refused (ELOOP) rather than followed."""
    fd = _open(path, follow)
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise NotRegularFile(errno.EINVAL, "not a regular file", str(path))
        if info.st_size > limit:
            raise TooLarge(errno.EFBIG, f"larger than {limit // 1024} KiB", str(path))
        chunks: list[bytes] = []
        size = 0
        while True:
            chunk = os.read(fd, max(info.st_size - size, 0) + 65536)
            if not chunk:
                break
            size += len(chunk)
            if size > limit:  # (it grew while being read)
                raise TooLarge(errno.EFBIG, f"larger than {limit // 1024} KiB", str(path))
            chunks.append(chunk)
        return b"".join(chunks)
    finally:
        os.close(fd)
