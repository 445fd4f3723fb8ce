"""A new temporary file beside the one it will replace, made as tempfile.mkstemp makes it.

Not tempfile itself: its import (with shutil's and random's) was a tenth of a one-file
`lint --fix`, and the lint cache writes through here on every run. Imports only os.
"""

from __future__ import annotations

import os

_FLAGS = (
    os.O_RDWR | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_BINARY", 0)
)


def temporary_file(folder: str, prefix: str, suffix: str = ".tmp") -> tuple[int, str]:
    """(fd, path) of a new file `<prefix><random><suffix>` in `folder`, open for writing, mode
    0600. Never an existing file or a symlink planted at the name (O_EXCL)."""
    for _ in range(100):
        path = os.path.join(folder, f"{prefix}{os.urandom(6).hex()}{suffix}")
        try:
            return os.open(path, _FLAGS, 0o600), path
        except FileExistsError:
            continue
    raise FileExistsError(f"no free temporary file name in {folder}")
