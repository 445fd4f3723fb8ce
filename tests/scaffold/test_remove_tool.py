"""remove-tool undoes new-tool, and refuses (unless --force) what new-tool did not make."""

import pytest

from hermes_dev.scaffold import remove_tool
from tests.scaffold.hosts import make_host, run_cli, snapshot

MULTI_MODULE = """\
import json

from tools.registry import registry

_TABLE = (("multi", "Do one thing."), ("multi_admin", "Administer it."))

for _name, _description in _TABLE:
    registry.register(
        name=_name,
        toolset="multi",
        schema={"name": _name, "description": _description, "parameters": {"type": "object", "properties": {}, "required": []}},
        handler=lambda args, **kw: json.dumps({}),
    )
"""

# A platform toolset whose tools list is an expression: remove-tool cannot edit it.
COMPUTED_ENTRY = """\
    "hermes-multi": {
        "description": "Core tools plus multi",
        "tools": _HERMES_CORE_TOOLS + ["multi"],
        "includes": [],
    },
"""

# A built-in toolset that is empty in the file (filled at run time), as upstream has.
BOT_ROOM = """\
    "bot_room": {
        "description": "Bot room tools, filled at run time",
        "tools": [],
        "includes": [],
    },
"""


@pytest.fixture
def host(tmp_path):
    return make_host(tmp_path / "host")


def _insert_entry(host, entry):
    toolsets = host / "toolsets.py"
    text = toolsets.read_text()
    anchor = "    # ── Platforms ──\n"
    assert anchor in text
    toolsets.write_text(text.replace(anchor, anchor + entry + "\n", 1))


def _remove(host, *args):
    return run_cli("remove-tool", *args, "--root", str(host), "--yes")


def test_a_tool_without_its_module_is_refused_unless_forced(host):
    before = snapshot(host)
    code, _, err = _remove(host, "current_time")
    assert code == 2
    assert err.count("\n") == 1
    assert "there is no tools/current_time_tool.py, so new-tool did not make 'current_time'" in err
    assert "--force" in err
    assert snapshot(host) == before

    code, out, err = _remove(host, "current_time", "--force")
    assert code == 0, err
    assert out == "change toolsets.py\n"
    assert '"current_time"' not in (host / "toolsets.py").read_text()
    assert (host / "tools" / "clock_tool.py").read_bytes() == before["tools/clock_tool.py"]


@pytest.mark.parametrize(
    ("name", "reason"),
    [
        ("clock", "tools/clock_tool.py registers 'current_time', not 'clock'"),
        ("multi", "tools/multi_tool.py registers 'multi' and 'multi_admin'"),
    ],
)
def test_a_module_that_registers_other_tools_is_refused_unless_forced(host, name, reason):
    (host / "tools" / "multi_tool.py").write_text(MULTI_MODULE)
    before = snapshot(host)
    code, _, err = _remove(host, name)
    assert code == 2
    assert err.count("\n") == 1
    assert reason in err and "--force" in err
    assert snapshot(host) == before

    code, out, err = _remove(host, name, "--force")
    assert code == 0, err
    assert f"delete tools/{name}_tool.py" in out


def test_a_name_left_in_a_computed_list_is_reported(host):
    (host / "tools" / "multi_tool.py").write_text(MULTI_MODULE)
    _insert_entry(host, COMPUTED_ENTRY)
    line = (
        (host / "toolsets.py")
        .read_text()
        .splitlines()
        .index('        "tools": _HERMES_CORE_TOOLS + ["multi"],')
    )
    code, _, err = run_cli("remove-tool", "multi", "--root", str(host), "--force", "--dry-run")
    assert code == 0, err
    assert err == (
        f"hermes-dev: note: toolsets.py still names 'multi' (line {line + 1}) where hermes-dev"
        " cannot take it out (a computed list, or a list new-tool did not add it to); edit it"
        " by hand\n"
    )
    plan = remove_tool("multi", root=host, force=True)
    assert len(plan.notes) == 1
    assert '+ ["multi"]' in (host / "toolsets.py").read_text()


def test_a_name_left_in_a_list_an_entry_names_is_reported(host):
    # `_MULTI = [...]` used by a helper-call entry: not a *_TOOLS list, and no edit takes the
    # name out of it; new-tool already counted it as listed, remove-tool says where it stays.
    toolsets = host / "toolsets.py"
    text = toolsets.read_text()
    assert "TOOLSETS = {\n" in text
    text = text.replace(
        "TOOLSETS = {\n",
        "def _ts(description, tools=(), includes=()):\n"
        '    return {"description": description, "tools": list(tools), "includes": list(includes)}\n'
        "\n\n"
        '_MULTI = ["multi", "multi_admin"]\n'
        "\n"
        "TOOLSETS = {\n",
        1,
    )
    toolsets.write_text(text)
    _insert_entry(host, '    "hermes-multi": _ts("Multi", _MULTI),')
    line = toolsets.read_text().splitlines().index('_MULTI = ["multi", "multi_admin"]') + 1
    code, _, err = run_cli("new-tool", "multi", "--root", str(host), "--dry-run", "--yes")
    assert code == 2 and "toolsets.py lists 'multi' in _MULTI" in err, err
    (host / "tools" / "multi_tool.py").write_text(MULTI_MODULE)
    code, _, err = run_cli("remove-tool", "multi", "--root", str(host), "--force", "--dry-run")
    assert code == 0, err
    assert f"toolsets.py still names 'multi' (line {line})" in err, err


def test_a_module_that_registers_only_its_tool_needs_no_force(host):
    before = snapshot(host)
    code, _, err = _remove(host, "weather")
    assert code == 0, err
    assert err == ""
    assert set(before) - set(snapshot(host)) == {
        "tools/weather_tool.py",
        "tests/tools/test_weather_tool.py",
    }


def test_joining_an_empty_built_in_toolset_then_removing_keeps_it(host):
    _insert_entry(host, BOT_ROOM)
    before = snapshot(host)
    code, _, err = run_cli("new-tool", "qz", "--toolset", "bot_room", "--root", str(host), "--yes")
    assert code == 0, err
    assert '"tools": ["qz"]' in (host / "toolsets.py").read_text()
    code, _, err = _remove(host, "qz")
    assert code == 0, err
    assert snapshot(host) == before


@pytest.mark.parametrize(
    "description", ["Quiz the user.", "Quiz the user.\nSecond line of the description."]
)
def test_a_toolset_new_tool_made_under_another_name_goes_with_the_tool(host, description):
    before = snapshot(host)
    args = ["new-tool", "qz", "--toolset", "quiz_room", "--description", description]
    code, _, err = run_cli(*args, "--root", str(host), "--yes")
    assert code == 0, err
    assert '"quiz_room": {' in (host / "toolsets.py").read_text()
    code, _, err = _remove(host, "qz")
    assert code == 0, err
    assert snapshot(host) == before


def test_folders_are_kept(host):
    # tests/tools/ held only the weather test; it was there before, so it stays.
    code, _, err = _remove(host, "weather")
    assert code == 0, err
    assert (host / "tests" / "tools").is_dir()
    assert not any((host / "tests" / "tools").iterdir())
    code, _, err = run_cli("new-tool", "zap", "--root", str(host), "--yes")
    assert code == 0, err
    code, _, err = _remove(host, "zap")
    assert code == 0, err
    assert (host / "tests" / "tools").is_dir()


@pytest.mark.parametrize("newline", [b"\r", b"\r\n"])
def test_round_trip_keeps_old_mac_and_windows_line_ends(tmp_path, newline):
    """Issue 7, item 20: a CR-only file lost its final \\r (libcst does not count a final \\r
    as a trailing newline)."""
    from tests.scaffold.hosts import make_host, run_cli, snapshot

    host = make_host(tmp_path / "host")
    for rel in ("toolsets.py", "hermes_cli/config.py"):
        path = host / rel
        path.write_bytes(path.read_bytes().replace(b"\n", newline))
    before = snapshot(host)
    code, _out, err = run_cli("new-tool", "zap", "--env", "ZAP_KEY", "--root", str(host), "--yes")
    assert code == 0, err
    for rel in ("toolsets.py", "hermes_cli/config.py"):
        assert (host / rel).read_bytes().endswith(newline), rel
    code, _out, err = run_cli("remove-tool", "zap", "--root", str(host), "--yes")
    assert code == 0, err
    assert snapshot(host) == before
