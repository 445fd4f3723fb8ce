"""A new temporary file beside the one it will replace, made as tempfile.mkstemp makes it.

Not tempfile itself: its import (with shutil's and random's) was a tenth of a one-file
`lint --fix`, and the lint cache writes through here on every run. Imports only os.
"""

from __future__ import annotations

import os
import sys

_FLAGS = (
    os.O_RDWR | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_BINARY", 0)
)


# The inode flags (chattr) of a folder whose files cannot be replaced: FS_APPEND_FL (a new
# file could be made but never renamed or removed again) and FS_IMMUTABLE_FL.
_FS_IOC_GETFLAGS = 0x80086601
_APPEND_OR_IMMUTABLE = 0x20 | 0x10


def append_only(folder: str) -> bool:
    """True when `folder` is append-only or immutable (`chattr +a` / `+i`, Linux): a temporary
    file made in it could never be renamed over its target nor removed. False where the flags
    cannot be read (another system or file system)."""
    try:
        import fcntl
    except ImportError:  # not a POSIX system
        return False
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return False
    try:
        flags = bytearray(8)
        fcntl.ioctl(fd, _FS_IOC_GETFLAGS, flags)
    except OSError:
        return False
    finally:
        os.close(fd)
    return bool(int.from_bytes(flags[:4], sys.byteorder) & _APPEND_OR_IMMUTABLE)


def temporary_file(folder: str, prefix: str, suffix: str = ".tmp") -> tuple[int, str]:
    """(fd, path) of a new file `<prefix><random><suffix>` in `folder`, open for writing, mode
    0600. Never an existing file or a symlink planted at the name (O_EXCL, O_NOFOLLOW). Raises
    PermissionError, before making anything, in an append-only folder (where the file could
    never be removed again)."""
    if append_only(folder):
        import errno

        raise PermissionError(
            errno.EPERM,
            "the folder is append-only or immutable (chattr); no file in it can be replaced",
            folder,
        )
    for _ in range(100):
        path = os.path.join(folder, f"{prefix}{os.urandom(6).hex()}{suffix}")
        try:
            return os.open(path, _FLAGS, 0o600), path
        except FileExistsError:
            continue
    raise FileExistsError(f"no free temporary file name in {folder}")
