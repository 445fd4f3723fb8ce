"""writes.temporary: the temporary file a write goes through (plans and the lint cache)."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from hermes_dev.writes import temporary
from hermes_dev.writes.temporary import temporary_file


def test_a_new_private_file_beside_the_target(tmp_path: Path) -> None:
    fd, path = temporary_file(str(tmp_path), ".toolsets.py.")
    os.write(fd, b"x")
    os.close(fd)
    assert Path(path).parent == tmp_path
    assert Path(path).name.startswith(".toolsets.py.") and path.endswith(".tmp")
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    assert Path(path).read_bytes() == b"x"


def test_never_opens_a_planted_symlink_or_an_existing_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    victim = tmp_path / "victim"
    victim.write_bytes(b"keep")
    names = iter([b"\x00" * 6, b"\x00" * 6, b"\x01" * 6])
    monkeypatch.setattr(temporary.os, "urandom", lambda n: next(names))
    (tmp_path / f".t.{'00' * 6}.tmp").symlink_to(victim)
    fd, path = temporary_file(str(tmp_path), ".t.")
    os.close(fd)
    assert path.endswith(f"{'01' * 6}.tmp")  # the planted name was skipped
    assert victim.read_bytes() == b"keep"


def test_gives_up_after_many_taken_names(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(temporary.os, "urandom", lambda n: b"\x02" * n)
    (tmp_path / f".t.{'02' * 6}.tmp").write_bytes(b"")
    with pytest.raises(FileExistsError):
        temporary_file(str(tmp_path), ".t.")
