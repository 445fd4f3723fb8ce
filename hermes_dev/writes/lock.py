"""One hermes-dev writer per Hermes root at a time: an advisory lock on the root folder.

new-tool and remove-tool (and any other command that plans edits from the files it reads, such as
a `lint --fix`) hold the lock from before they read the files until their plan is written or
rolled back, so a second run plans from the first one's result instead of overwriting it:

    with root_lock(project.root):
        plan = plan_new_tool(project, spec)
        plan.apply()

The lock is `flock` on the root folder itself, opened read-only: no lock file is left in the
checkout (where `git status` would show it) and a root whose files are read-only can still be
locked. The kernel drops the lock when its descriptor closes, so it is released on every exit path,
a crash or `kill -9` included. It is advisory: editors and other programs do not take it, which is
why `Plan.apply` also checks each file right before replacing it.
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from hermes_dev.errors import UserError

# How long a run waits for another run on the same root before giving up.
LOCK_TIMEOUT_S = 120.0
_POLL_S = 0.02


@contextmanager
def root_lock(root: Path, *, shared: bool = False, timeout: float | None = None) -> Iterator[None]:
    """Hold the lock of `root` for the `with` block, waiting up to `timeout` seconds for it
    (default: LOCK_TIMEOUT_S).

    `shared` is for runs that only read (a dry run): any number of them at once, none while a
    writer holds it. Raises UserError when the lock cannot be had."""
    import fcntl

    try:
        fd = os.open(root, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError as exc:
        raise UserError(f"cannot open {root} to lock it: {exc.strerror or exc}") from None
    try:
        mode = fcntl.LOCK_SH if shared else fcntl.LOCK_EX
        deadline = time.monotonic() + (LOCK_TIMEOUT_S if timeout is None else timeout)
        while True:
            try:
                fcntl.flock(fd, mode | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if time.monotonic() >= deadline:
                    raise UserError(
                        f"another hermes-dev run is changing {root} (it holds the lock);"
                        " try again when it has finished"
                    ) from None
                time.sleep(_POLL_S)
            except OSError as exc:  # a file system without locks: say so, do not guess
                raise UserError(f"cannot lock {root}: {exc.strerror or exc}") from None
        yield
    finally:
        os.close(fd)  # releases the lock
