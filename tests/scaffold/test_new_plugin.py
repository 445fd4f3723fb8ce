"""`hermes-dev new-plugin` / `remove-plugin` in a checkout: files, generated tests, lint,
refusals, and the byte-identical round trip."""

from __future__ import annotations

import pytest

from hermes_dev.host.plugins import manifest_problems, read_manifest
from tests.scaffold.hosts import make_host, run_cli, run_host_pytest, snapshot

FORECAST = (
    "new-plugin",
    "weather_pack",
    "--tool",
    "forecast",
    "--tool",
    "alerts",
    "--env",
    "WX_API_KEY",
    "--param",
    "city:string:City name",
    "--optional-param",
    "days:integer:How many days",
    "--yes",
)


@pytest.fixture
def checkout(tmp_path):
    return make_host(tmp_path / "host")


def test_new_plugin_makes_the_three_parts_and_a_test(checkout):
    before = snapshot(checkout)
    code, out, err = run_cli(*FORECAST, "--root", str(checkout))
    assert code == 0, err
    after = snapshot(checkout)
    made = sorted(set(after) - set(before))
    assert made == [
        "plugins/weather_pack/__init__.py",
        "plugins/weather_pack/plugin.yaml",
        "plugins/weather_pack/tools.py",
        "tests/plugins/test_weather_pack_plugin.py",
    ]
    # No toolsets.py edit: the plugin's tools make their own toolset at run time.
    assert all(after[rel] == before[rel] for rel in before)
    manifest = read_manifest(checkout / "plugins" / "weather_pack" / "plugin.yaml")
    assert manifest_problems(manifest) == []
    assert manifest.name == "weather_pack"
    assert manifest.provides_tools == ("forecast", "alerts")
    assert manifest.requires_env == {"WX_API_KEY"}
    assert "create plugins/weather_pack/plugin.yaml" in out


def test_generated_plugin_tests_pass_and_lint_is_clean(checkout):
    code, _, err = run_cli(*FORECAST, "--async", "--root", str(checkout))
    assert code == 0, err
    done = run_host_pytest(checkout, "tests/plugins/test_weather_pack_plugin.py")
    assert done.returncode == 0, done.stdout + done.stderr
    assert " passed" in done.stdout and "skipped" not in done.stdout  # the registry test ran too
    code, out, err = run_cli("lint", "--root", str(checkout))
    assert (code, err) == (0, ""), out


def test_round_trip_restores_every_byte(checkout):
    before = snapshot(checkout)
    assert run_cli(*FORECAST, "--root", str(checkout))[0] == 0
    code, out, err = run_cli("remove-plugin", "weather_pack", "--root", str(checkout), "--yes")
    assert code == 0, err
    assert snapshot(checkout) == before
    assert not (checkout / "plugins" / "weather_pack").exists()
    assert "delete plugins/weather_pack/tools.py" in out


def test_existing_toolset_gets_the_tools_and_loses_them_again(checkout):
    before = snapshot(checkout)
    code, _, err = run_cli(*FORECAST, "--toolset", "weather", "--root", str(checkout))
    assert code == 0, err
    toolsets = (checkout / "toolsets.py").read_text(encoding="utf-8")
    assert '"forecast"' in toolsets and '"alerts"' in toolsets
    assert run_cli("lint", "--root", str(checkout))[0] == 0
    code, _, err = run_cli("remove-plugin", "weather_pack", "--root", str(checkout), "--yes")
    assert code == 0, err
    assert snapshot(checkout) == before


def test_dry_run_prints_the_diff_and_writes_nothing(checkout):
    before = snapshot(checkout)
    code, out, err = run_cli(*FORECAST, "--dry-run", "--root", str(checkout))
    assert code == 0, err
    assert "+++ b/plugins/weather_pack/plugin.yaml" in out
    assert '+name: "weather_pack"' in out
    assert snapshot(checkout) == before


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ("new-plugin", "Bad-Name"),
            "plugin name 'Bad-Name' is not a lower-case Python identifier",
        ),
        (("new-plugin", "ok", "--tool", "no way"), "tool name 'no way' is not a lower-case"),
        (("new-plugin", "ok", "--tool", "a", "--tool", "a"), "tool 'a' is given twice"),
        (("new-plugin", "ok", "--env", "lower"), "environment variable 'lower' is not UPPER_SNAKE"),
        (("new-plugin", "ok", "--param", "x"), "--param 'x': expected NAME:TYPE[:DESCRIPTION]"),
        (("new-plugin", "ok", "--version", "one"), "--version 'one' is not a version"),
        (("new-plugin", "word_count"), "a tool named 'word_count' exists already"),
        (("new-plugin", "ok", "--tool", "current_time"), "a tool named 'current_time' exists"),
        (("new-plugin", "dice"), "a plugin named 'dice' exists already (plugins/dice exists)"),
        (("new-plugin", "ok", "--tool", "roll_dice"), "a tool named 'roll_dice' exists already"),
        (("new-plugin", "ok", "--standalone", "x"), "--root and --standalone exclude each other"),
    ],
)
def test_bad_input_is_one_line_exit_2_and_touches_nothing(checkout, args, message):
    before = snapshot(checkout)
    code, _, err = run_cli(*args, "--root", str(checkout), "--yes")
    assert code == 2
    assert message in err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert snapshot(checkout) == before


def test_force_overwrites_a_plugin_of_the_same_name(checkout):
    assert run_cli(*FORECAST, "--root", str(checkout))[0] == 0
    code, _, err = run_cli(
        *FORECAST, "--description", "Better.", "--force", "--root", str(checkout)
    )
    assert code == 0, err
    text = (checkout / "plugins" / "weather_pack" / "plugin.yaml").read_text(encoding="utf-8")
    assert 'description: "Better."' in text


def test_remove_plugin_refuses_what_new_plugin_did_not_make(checkout):
    assert run_cli(*FORECAST, "--root", str(checkout))[0] == 0
    extra = checkout / "plugins" / "weather_pack" / "client.py"
    extra.write_text("X = 1\n", encoding="utf-8")
    before = snapshot(checkout)
    code, _, err = run_cli("remove-plugin", "weather_pack", "--root", str(checkout), "--yes")
    assert code == 2
    assert "holds files new-plugin does not make (client.py)" in err
    assert snapshot(checkout) == before
    code, _, err = run_cli(
        "remove-plugin", "weather_pack", "--force", "--root", str(checkout), "--yes"
    )
    assert code == 0, err
    assert not (checkout / "plugins" / "weather_pack").exists()


def test_remove_plugin_of_nothing_is_an_error(checkout):
    code, _, err = run_cli("remove-plugin", "nothing_here", "--root", str(checkout), "--yes")
    assert code == 2
    assert "there is no plugin 'nothing_here' to remove (no plugins/nothing_here/)" in err


def test_joining_a_toolset_on_by_default_is_refused(checkout):
    # `text` is on by default on the CLI because all its tools are in hermes-cli; the plugin's
    # tools are not, so joining it would switch it off (as new-tool refuses without --core).
    before = snapshot(checkout)
    code, _, err = run_cli(*FORECAST, "--toolset", "text", "--root", str(checkout))
    assert code == 2
    assert err.startswith("hermes-dev: error: toolset 'text' is on by default on cli")
    assert "switches 'text' off" in err
    assert snapshot(checkout) == before


def _unbound_names(source: str) -> set[str]:
    """Names the module reads that nothing in it binds and that are no builtins (pyflakes's
    F821, roughly: any binding anywhere counts)."""
    import ast
    import builtins

    tree = ast.parse(source)
    bound = set(dir(builtins)) | {"__file__", "__name__"}
    loaded = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            (loaded if isinstance(node.ctx, ast.Load) else bound).add(node.id)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            bound.update((a.asname or a.name).split(".")[0] for a in node.names)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            bound.add(node.name)
        elif isinstance(node, ast.arg):
            bound.add(node.arg)
        elif isinstance(node, ast.ExceptHandler) and node.name:
            bound.add(node.name)
    return loaded - bound


@pytest.mark.parametrize("flags", [(), ("--async",)])
def test_generated_plugin_test_binds_every_name_it_uses(checkout, flags):
    """Its `call()` awaits a handler recorded as async, so it needs asyncio either way."""
    code, _, err = run_cli(*FORECAST, *flags, "--root", str(checkout))
    assert code == 0, err
    source = (checkout / "tests" / "plugins" / "test_weather_pack_plugin.py").read_text()
    assert _unbound_names(source) == set()
