"""Plans: diffs, parse checks, and all-or-nothing writes with fault injection."""

import os
import stat

import pytest

from hermes_dev.errors import HermesDevError, UserError
from hermes_dev.scaffold import FileChange, Plan
from hermes_dev.writes import plan as _plan


@pytest.fixture
def root(tmp_path):
    (tmp_path / "a.py").write_bytes(b"A = 1\n")
    (tmp_path / "b.py").write_bytes(b"B = 1\r\n")
    os.chmod(tmp_path / "b.py", 0o640)
    (tmp_path / "gone.py").write_bytes(b"G = 1\n")
    return tmp_path


def _plan_for(root):
    return Plan(
        root,
        (
            FileChange("new/deep/c.py", None, b"C = 1\n"),
            FileChange("gone.py", b"G = 1\n", None),
            FileChange("a.py", b"A = 1\n", b"A = 2\n"),
            FileChange("b.py", b"B = 1\r\n", b"B = 2\r\n"),
        ),
    )


def _files(root):
    return {
        p.relative_to(root).as_posix(): (p.read_bytes(), stat.S_IMODE(p.stat().st_mode))
        for p in sorted(root.rglob("*"))
        if p.is_file()
    }


def test_apply_writes_everything_and_keeps_modes(root):
    _plan_for(root).apply()
    files = _files(root)
    assert files["new/deep/c.py"][0] == b"C = 1\n"
    assert "gone.py" not in files
    assert files["a.py"][0] == b"A = 2\n"
    assert files["b.py"] == (b"B = 2\r\n", 0o640)
    assert not [p for p in root.rglob("*.tmp")]


@pytest.mark.parametrize("failing", ["new/deep/c.py", "a.py", "b.py"])
def test_a_failed_write_restores_every_file(root, monkeypatch, failing):
    before = _files(root)
    real_replace = os.replace

    def replace(src, dst):
        if dst == str(root / failing):
            raise PermissionError(13, "Permission denied")
        real_replace(src, dst)

    monkeypatch.setattr(_plan, "replace_file", replace)
    with pytest.raises(UserError, match=f"cannot write {failing}: Permission denied; nothing was"):
        _plan_for(root).apply()
    assert _files(root) == before
    assert not (root / "new").exists()


def test_diff_shows_creations_deletions_and_changes(root):
    diff = _plan_for(root).diff()
    assert "--- /dev/null\n+++ b/new/deep/c.py\n" in diff
    assert "--- a/gone.py\n+++ /dev/null\n" in diff
    assert "-A = 1\n+A = 2\n" in diff


def test_a_result_that_does_not_parse_is_refused(tmp_path):
    plan = Plan(tmp_path, (FileChange("x.py", None, b"def (\n"),))
    with pytest.raises(HermesDevError, match="would not parse"):
        plan.check_python()
    assert not (tmp_path / "x.py").exists()


def test_the_insertion_check_catches_moved_or_changed_lines():
    from tests.scaffold.hosts import assert_only_insertions

    old = 'A = [\n    "a",  # first\n]\nB = 1\n'
    assert_only_insertions(old, 'A = [\n    "a",  # first\n    "w",\n]\nB = 1\n', "w")
    assert_only_insertions('A = ["a"]\n', 'A = ["a", "w"]\n', "w")
    for bad in (
        'A = [\n    "a",\n    "w",  # first\n]\nB = 1\n',  # the comment moved
        'A = [\n    "a",  # first\n]\nB = 2\n',  # an unrelated change
        'A = [\n    "a",  # first\n    "w",\n]\n',  # a deletion
    ):
        with pytest.raises(AssertionError):
            assert_only_insertions(old, bad, "w")


def test_an_interrupt_half_way_restores_every_file(root, monkeypatch):
    before = _files(root)
    real_replace = os.replace

    def replace(src, dst):
        if dst == str(root / "b.py"):
            raise KeyboardInterrupt
        real_replace(src, dst)

    monkeypatch.setattr(_plan, "replace_file", replace)
    with pytest.raises(KeyboardInterrupt):
        _plan_for(root).apply()
    assert _files(root) == before


def test_diff_marks_a_missing_final_newline(tmp_path):
    plan = Plan(tmp_path, (FileChange("x.py", b"A = 1", b"A = 1\nB = 2\n"),))
    assert plan.diff().splitlines()[3:] == [
        "-A = 1",
        "\\ No newline at end of file",
        "+A = 1",
        "+B = 2",
    ]
