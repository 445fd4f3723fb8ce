"""What a run may not leave behind or change on the way (issue 7, items 6, 7, 19, 21, 24), and
the check right before each rename that a file still holds what the plan was made from."""

from __future__ import annotations

import functools
import os
import shutil
import signal
import subprocess
import tempfile

import pytest

from hermes_dev.scaffold import _new_tool, _render
from hermes_dev.writes import plan as _plan
from tests.scaffold.hosts import make_host, run_cli, snapshot


@pytest.fixture
def host(tmp_path):
    return make_host(tmp_path / "host")


def test_sigterm_while_rendering_ends_the_child_and_removes_the_temp_folder(
    host, tmp_path, monkeypatch
):
    """Item 6: SIGTERM before the writes leaked $TMPDIR/hermes-dev-render-* and the child."""
    tmpdir = tmp_path / "tmpdir"
    tmpdir.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(tmpdir))
    leaked = []
    old = signal.signal(signal.SIGTERM, lambda signum, frame: leaked.append(signum))
    children = []
    real_result = _render.PendingRender.result

    def result(self):
        children.append(self._child)
        assert os.listdir(tmpdir)  # the render's folder exists now
        os.kill(os.getpid(), signal.SIGTERM)
        return real_result(self)

    monkeypatch.setattr(_render.PendingRender, "result", result)
    monkeypatch.setattr(
        _new_tool, "PendingRender", functools.partial(_render.PendingRender, in_child=True)
    )
    before = snapshot(host)
    try:
        code, _out, err = run_cli("new-tool", "zap", "--root", str(host), "--yes")
    finally:
        signal.signal(signal.SIGTERM, old)
    assert leaked == []
    assert (code, err) == (143, "hermes-dev: interrupted (SIGTERM)\n")
    assert os.listdir(tmpdir) == []
    [child] = children
    assert child is not None and child.poll() is not None  # ended and reaped
    assert snapshot(host) == before


@pytest.mark.parametrize("rel", ["tools/zap_tool.py", "tests/tools/test_zap_tool.py"])
def test_a_dangling_symlink_in_place_of_a_new_file_is_refused(host, tmp_path, rel):
    """Item 7: it was written through, outside the root, and a failed later write deleted it."""
    outside = tmp_path / "outside" / "target.py"
    (host / rel).symlink_to(outside)
    before = snapshot(host)
    # Without --force the name counts as taken; with it, the plan's check refuses the link.
    code, _out, err = run_cli("new-tool", "zap", "--root", str(host), "--yes")
    assert code == 2 and err.count("\n") == 1 and rel in err, err
    code, _out, err = run_cli("new-tool", "zap", "--root", str(host), "--yes", "--force")
    assert code == 2
    assert err == (
        f"hermes-dev: error: cannot create {rel}: a symlink to a missing file ({outside})"
        " is in its place; remove it or pick another name\n"
    )
    assert (host / rel).is_symlink() and os.readlink(host / rel) == str(outside)
    assert not outside.parent.exists()
    assert snapshot(host) == before


def test_remove_tool_rolls_a_symlinked_module_back_as_a_symlink(host, tmp_path, monkeypatch):
    """Item 21: the roll-back of a deleted symlink wrote a regular file in its place."""
    code, _out, err = run_cli("new-tool", "zap", "--root", str(host), "--yes")
    assert code == 0, err
    shared = tmp_path / "shared_zap_tool.py"
    (host / "tools" / "zap_tool.py").replace(shared)
    (host / "tools" / "zap_tool.py").symlink_to(shared)
    before = snapshot(host)

    def fail_at_toolsets(relpath):
        if relpath == "toolsets.py":
            raise OSError(28, "No space left on device")

    monkeypatch.setattr(_plan, "after_write", fail_at_toolsets)
    code, _out, err = run_cli("remove-tool", "zap", "--root", str(host), "--yes")
    assert code == 2 and "nothing was changed" in err, err
    assert (host / "tools" / "zap_tool.py").is_symlink()
    assert os.readlink(host / "tools" / "zap_tool.py") == str(shared)
    assert snapshot(host) == before


@pytest.mark.skipif(os.geteuid() != 0, reason="giving a file to another user needs root")
def test_an_edited_file_keeps_its_owner_and_mode(host):
    """Item 24: the temporary file renamed over toolsets.py made it root's."""
    toolsets = host / "toolsets.py"
    os.chown(toolsets, 4321, 4322)
    os.chmod(toolsets, 0o640)
    code, _out, err = run_cli("new-tool", "zap", "--root", str(host), "--yes")
    assert code == 0, err
    stat = toolsets.stat()
    assert (stat.st_uid, stat.st_gid, stat.st_mode & 0o7777) == (4321, 4322, 0o640)
    assert b'"zap"' in toolsets.read_bytes()


def _chattr(flag, path):
    if shutil.which("chattr") is None:
        pytest.skip("no chattr")
    result = subprocess.run(["chattr", flag, str(path)], capture_output=True, check=False)
    if result.returncode != 0:
        pytest.skip(f"chattr {flag} is not possible here: {result.stderr!r}")


def test_an_append_only_folder_is_refused_before_a_temp_file_is_made(host):
    """Issue 7, item 19: the temporary file stayed while the message said "nothing was changed";
    issue 20, item 4: none is left at all (the folder is checked before anything is made)."""
    before = snapshot(host)
    _chattr("+a", host / "tools")
    try:
        code, _out, err = run_cli("new-tool", "zap", "--root", str(host), "--yes")
        left = sorted(p.name for p in (host / "tools").iterdir() if p.name.endswith(".tmp"))
    finally:
        subprocess.run(["chattr", "-a", str(host / "tools")], check=True)
    assert code == 2
    assert left == []
    assert err == (
        f"hermes-dev: error: cannot write tools/zap_tool.py: folder {host / 'tools'} is"
        " append-only or immutable (chattr), so no file in it can be replaced; nothing was"
        " changed\n"
    )
    assert snapshot(host) == before


@pytest.mark.parametrize("rel", ["toolsets.py", "hermes_cli/config.py"])
def test_a_file_changed_after_planning_is_not_overwritten(host, monkeypatch, rel):
    """Another program (an editor) changes a file between the plan and its rename: refused,
    one line, exit 2, everything rolled back, the other program's bytes kept."""
    real_apply = _plan.Plan.apply
    edited = b"# edited meanwhile\n"

    def apply(self):
        with (host / rel).open("ab") as handle:
            handle.write(edited)
        return real_apply(self)

    monkeypatch.setattr(_plan.Plan, "apply", apply)
    before = snapshot(host)
    code, _out, err = run_cli("new-tool", "zap", "--env", "ZAP_KEY", "--root", str(host), "--yes")
    assert code == 2
    assert err == (
        f"hermes-dev: error: {rel} changed after hermes-dev read it (another program edited"
        " it); run the command again; nothing was changed\n"
    )
    after = snapshot(host)
    assert after.pop(rel) == before.pop(rel) + edited
    assert after == before


def test_a_failing_git_is_one_line_and_exit_2(host, tmp_path):
    """Item 12: copier's `git init` failing (a full $TMPDIR) escaped as a traceback, exit 3."""
    import sys

    from tests.scaffold.hosts import REPO

    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    (bin_dir / "git").write_text(
        "#!/bin/sh\necho 'fatal: could not create work tree: No space left on device' >&2\nexit 128\n"
    )
    (bin_dir / "git").chmod(0o755)
    before = snapshot(host)
    result = subprocess.run(
        [
            sys.executable,
            "-I",
            "-c",
            f"import sys; sys.path.insert(0, {str(REPO)!r})\nfrom hermes_dev.cli import main; main()",
            *("new-tool", "zap", "--root", str(host), "--yes"),
        ],
        env={**os.environ, "PATH": f"{bin_dir}{os.pathsep}{os.environ['PATH']}"},
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert result.returncode == 2, result.stderr
    assert result.stderr == (
        "hermes-dev: error: cannot render the tool template: `git init` failed (fatal: could"
        " not create work tree: No space left on device); is $TMPDIR full?\n"
    )
    assert snapshot(host) == before
