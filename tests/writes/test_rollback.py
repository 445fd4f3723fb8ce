"""A roll-back never overwrites or deletes what another program wrote after hermes-dev wrote a
file (issue 20, item 5): it compares the bytes first, keeps what differs, and names the file."""

from __future__ import annotations

import errno
import os

import pytest

from hermes_dev.errors import UserError
from hermes_dev.writes import plan as _plan
from hermes_dev.writes.plan import FileChange, Plan


@pytest.fixture
def root(tmp_path):
    (tmp_path / "a.py").write_bytes(b"A = 1\n")
    (tmp_path / "gone.py").write_bytes(b"G = 1\n")
    (tmp_path / "last.py").write_bytes(b"L = 1\n")
    return tmp_path


def _plan_of(root):
    return Plan(
        root,
        (
            FileChange("a.py", b"A = 1\n", b"A = 2\n"),
            FileChange("new.py", None, b"N = 1\n"),
            FileChange("gone.py", b"G = 1\n", None),
            FileChange("last.py", b"L = 1\n", b"L = 2\n"),
        ),
    )


def _meddle_then_fail(root, meddle):
    """After each write, another program (`meddle[relpath]`) changes the file; the last write
    fails."""
    calls = []

    def hook(relpath):
        calls.append(relpath)
        if relpath in meddle:
            meddle[relpath](root / relpath)
        if relpath == "last.py":
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    return hook


def test_roll_back_keeps_files_changed_after_hermes_dev_wrote_them(root, monkeypatch):
    meddle = {
        "a.py": lambda p: p.write_bytes(b"A = 'edited by hand'\n"),
        "new.py": lambda p: p.write_bytes(b"N = 'edited by hand'\n"),
        "gone.py": lambda p: p.write_bytes(b"G = 'made again by hand'\n"),
    }
    monkeypatch.setattr(_plan, "after_write", _meddle_then_fail(root, meddle))
    with pytest.raises(UserError) as caught:
        _plan_of(root).apply()
    assert (root / "a.py").read_bytes() == b"A = 'edited by hand'\n"
    assert (root / "new.py").read_bytes() == b"N = 'edited by hand'\n"
    assert (root / "gone.py").read_bytes() == b"G = 'made again by hand'\n"
    assert (root / "last.py").read_bytes() == b"L = 1\n"  # ours: put back
    message = str(caught.value)
    assert message.startswith("cannot write last.py: No space left on device; ")
    assert (
        "kept gone.py, new.py, a.py as they are: another program changed them after"
        " hermes-dev wrote them (check them by hand)"
    ) in message
    assert "nothing was changed" not in message


def test_roll_back_restores_what_nobody_touched(root, monkeypatch):
    before = {p.name: p.read_bytes() for p in root.iterdir()}
    monkeypatch.setattr(_plan, "after_write", _meddle_then_fail(root, {}))
    with pytest.raises(UserError, match="; nothing was changed$"):
        _plan_of(root).apply()
    assert {p.name: p.read_bytes() for p in root.iterdir()} == before
