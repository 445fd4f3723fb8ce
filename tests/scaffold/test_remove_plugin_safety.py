"""remove-plugin (and remove-tool) never delete outside the root and take out of toolsets.py only
what new-plugin's record says it added (issue 20, items 1, 2 and 14)."""

from __future__ import annotations

import os
import shutil

import pytest

from tests.scaffold.hosts import make_host, run_cli, snapshot

FORECAST = ("new-plugin", "weather_pack", "--tool", "forecast", "--tool", "alerts", "--yes")


@pytest.fixture
def checkout(tmp_path):
    return make_host(tmp_path / "host")


def _outside_plugin(tmp_path, name):
    """A plugin's source folder outside the checkout, as new-plugin would have made it."""
    scratch = make_host(tmp_path / "scratch")
    assert run_cli("new-plugin", name, "--root", str(scratch), "--yes")[0] == 0
    source = tmp_path / "elsewhere" / name
    shutil.copytree(scratch / "plugins" / name, source)
    return source


@pytest.mark.parametrize("force", [False, True])
def test_a_symlinked_plugin_folder_is_unlinked_never_followed(checkout, tmp_path, force):
    source = _outside_plugin(tmp_path, "linked")
    kept = snapshot(source)
    (checkout / "plugins" / "linked").symlink_to(source, target_is_directory=True)
    args = ["remove-plugin", "linked", "--root", str(checkout), "--yes"]
    code, out, err = run_cli(*args, *(["--force"] if force else []))
    assert code == 0, err
    assert snapshot(source) == kept  # the plugin's own source is untouched
    assert not os.path.lexists(checkout / "plugins" / "linked")
    assert "delete plugins/linked" in out


def test_symlinks_inside_a_plugin_folder_are_unlinked_never_followed(checkout, tmp_path):
    assert run_cli("new-plugin", "inner", "--root", str(checkout), "--yes")[0] == 0
    outside = tmp_path / "outside"
    (outside / "lib").mkdir(parents=True)
    (outside / "lib" / "keep.py").write_text("KEEP = 1\n", encoding="utf-8")
    (outside / "data.py").write_text("DATA = 1\n", encoding="utf-8")
    folder = checkout / "plugins" / "inner"
    (folder / "lib").symlink_to(outside / "lib", target_is_directory=True)
    (folder / "data.py").symlink_to(outside / "data.py")
    (folder / "zero.py").symlink_to("/dev/zero")
    kept = snapshot(outside)
    code, _out, err = run_cli("remove-plugin", "inner", "--force", "--root", str(checkout), "--yes")
    assert code == 0, err
    assert snapshot(outside) == kept
    assert not os.path.lexists(folder)


def test_a_failed_removal_puts_the_symlinks_back(checkout, tmp_path, monkeypatch):
    from hermes_dev.writes import plan as _plan

    source = _outside_plugin(tmp_path, "linked")
    (checkout / "plugins" / "linked").symlink_to(source, target_is_directory=True)
    before = {p: os.readlink(checkout / p) for p in ["plugins/linked"]}
    calls = []

    def fail(relpath):
        calls.append(relpath)
        if len(calls) == 1:
            raise OSError(28, "No space left on device")

    monkeypatch.setattr(_plan, "after_write", fail)
    code, _out, err = run_cli("remove-plugin", "linked", "--root", str(checkout), "--yes")
    assert code == 2, err
    assert "nothing was changed" in err
    assert {p: os.readlink(checkout / p) for p in before} == before


def test_remove_tool_never_deletes_a_test_outside_the_root(checkout, tmp_path):
    assert run_cli("new-tool", "zap", "--root", str(checkout), "--yes")[0] == 0
    outside = tmp_path / "shared-tests"
    shutil.move(checkout / "tests" / "tools", outside)
    (checkout / "tests" / "tools").symlink_to(outside, target_is_directory=True)
    kept = snapshot(outside)
    code, _out, err = run_cli("remove-tool", "zap", "--root", str(checkout), "--yes")
    assert code == 0, err
    assert snapshot(outside) == kept
    assert "tests/tools/test_zap_tool.py is outside" in err
    assert not (checkout / "tools" / "zap_tool.py").exists()


HAND_WRITTEN_MANIFEST = """\
name: grabby
version: 0.1.0
description: Claims tools it does not own.
provides_tools:
  - web_search
  - terminal
  - word_count
"""


def test_a_manifest_never_takes_names_out_of_toolsets(checkout):
    folder = checkout / "plugins" / "grabby"
    folder.mkdir()
    (folder / "plugin.yaml").write_text(HAND_WRITTEN_MANIFEST, encoding="utf-8")
    (folder / "__init__.py").write_text("def register(ctx):\n    pass\n", encoding="utf-8")
    toolsets = (checkout / "toolsets.py").read_bytes()
    assert b'"word_count"' in toolsets
    code, out, err = run_cli("remove-plugin", "grabby", "--root", str(checkout), "--yes")
    assert code == 0, err
    assert (checkout / "toolsets.py").read_bytes() == toolsets
    assert "toolsets.py" not in out
    assert not folder.exists()


def test_a_name_new_plugin_did_not_add_stays(checkout):
    # new-plugin lists forecast in the toolset `weather`; someone lists it by hand in `clock` too.
    code, _, err = run_cli(*FORECAST, "--toolset", "weather", "--root", str(checkout))
    assert code == 0, err
    path = checkout / "toolsets.py"
    text = path.read_text(encoding="utf-8")
    hand = text.replace('"current_time"', '"current_time", "forecast"', 1)
    assert hand != text
    path.write_text(hand, encoding="utf-8")
    code, _, err = run_cli("remove-plugin", "weather_pack", "--root", str(checkout), "--yes")
    assert code == 0, err
    after = path.read_text(encoding="utf-8")
    assert after.count('"forecast"') == 1 and '"current_time", "forecast"' in after
    assert '"alerts"' not in after


def test_the_tests_folder_new_plugin_made_goes_once_empty(checkout):
    shutil.rmtree(checkout / "tests" / "plugins")
    before = snapshot(checkout)
    assert run_cli(*FORECAST, "--root", str(checkout))[0] == 0
    assert (checkout / "tests" / "plugins").is_dir()
    code, _, err = run_cli("remove-plugin", "weather_pack", "--root", str(checkout), "--yes")
    assert code == 0, err
    assert snapshot(checkout) == before
    assert not (checkout / "tests" / "plugins").exists()


def test_a_tests_folder_someone_else_made_stays(checkout):
    assert run_cli(*FORECAST, "--root", str(checkout))[0] == 0
    code, _, err = run_cli("remove-plugin", "weather_pack", "--root", str(checkout), "--yes")
    assert code == 0, err
    assert (checkout / "tests" / "plugins").is_dir()


def test_a_fifo_in_a_plugin_folder_is_never_swept_away(checkout):
    assert run_cli("new-plugin", "piped", "--root", str(checkout), "--yes")[0] == 0
    fifo = checkout / "plugins" / "piped" / "pipe"
    os.mkfifo(fifo)
    code, _out, err = run_cli("remove-plugin", "piped", "--force", "--root", str(checkout), "--yes")
    assert code == 2
    assert "plugins/piped/pipe is not a regular file" in err
    assert err.count("\n") == 1
    assert (checkout / "plugins" / "piped" / "plugin.yaml").is_file()


def test_answering_no_removes_no_plugin_and_says_so(checkout, monkeypatch):
    """Item 14: "n" at remove-plugin's question printed "interrupted" and exited 130."""
    import io

    from hermes_dev.cli import remove_plugin

    assert run_cli(*FORECAST, "--root", str(checkout))[0] == 0
    monkeypatch.setattr(remove_plugin, "_interactive", lambda yes: True)
    monkeypatch.setattr("sys.stdin", io.StringIO("n\n"))
    before = snapshot(checkout)
    code, out, err = run_cli("remove-plugin", "weather_pack", "--root", str(checkout))
    assert (code, err) == (1, "hermes-dev: nothing was removed\n")
    assert "Remove the plugin 'weather_pack'?" in out
    assert snapshot(checkout) == before


@pytest.mark.parametrize("command", ["new-plugin", "remove-plugin"])
def test_the_plugin_commands_take_the_root_lock(checkout, command):
    """Item 6: a plugin command waits for (and gives up on) a run that holds the root's lock."""
    from hermes_dev.writes import lock

    if command == "remove-plugin":
        assert run_cli(*FORECAST, "--root", str(checkout))[0] == 0
        args = ("remove-plugin", "weather_pack", "--yes")
    else:
        args = FORECAST
    before = snapshot(checkout)
    old = lock.LOCK_TIMEOUT_S
    lock.LOCK_TIMEOUT_S = 0.2
    try:
        with lock.root_lock(checkout):
            code, _out, err = run_cli(*args, "--root", str(checkout))
    finally:
        lock.LOCK_TIMEOUT_S = old
    assert code == 2, err
    assert "another hermes-dev run is changing" in err
    assert snapshot(checkout) == before


def test_remove_plugin_never_deletes_a_test_outside_the_root(checkout, tmp_path):
    assert run_cli(*FORECAST, "--root", str(checkout))[0] == 0
    outside = tmp_path / "shared-tests"
    shutil.move(checkout / "tests" / "plugins", outside)
    (checkout / "tests" / "plugins").symlink_to(outside, target_is_directory=True)
    kept = snapshot(outside)
    code, _out, err = run_cli("remove-plugin", "weather_pack", "--root", str(checkout), "--yes")
    assert code == 0, err
    assert snapshot(outside) == kept
    assert "tests/plugins/test_weather_pack_plugin.py is outside the root" in err
    assert not (checkout / "plugins" / "weather_pack").exists()
