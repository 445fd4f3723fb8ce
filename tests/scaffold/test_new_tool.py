"""new-tool end to end on fixture hosts: what it writes, what it leaves alone, and that the
generated tool works inside the host."""

import json

import pytest

from hermes_dev.writes import plan as _plan
from tests.scaffold.hosts import (
    assert_only_insertions,
    run_cli,
    run_host_pytest,
    run_in_host,
    snapshot,
)

FORECAST = [
    "new-tool", "forecast",
    "--description", 'Forecast the weather: "days" ahead.\nUse it for plans.',
    "--env", "FORECAST_API_KEY", "--env", "WEATHER_API_KEY",
    "--param", "city:string:City name",
    "--param", "days:integer:How many days ahead",
    "--optional-param", "hourly:boolean",
    "--optional-param", "fields:array:Which values to return",
    "--core", "--emoji", "⛅", "--yes",
]  # fmt: skip


def _new(host, *args):
    code, out, err = run_cli(*args, "--root", str(host))
    assert code == 0, err
    return out


def test_new_tool_writes_only_its_files_and_insertions(host):
    before = snapshot(host)
    _new(host, *FORECAST)
    after = snapshot(host)
    assert set(after) - set(before) == {
        "tools/forecast_tool.py",
        "tests/tools/test_forecast_tool.py",
    }
    changed = {rel for rel in before if before[rel] != after[rel]}
    assert changed == {"toolsets.py", "hermes_cli/config.py", "hermes_cli/tools_config.py"}
    for rel in changed:
        assert_only_insertions(before[rel].decode(), after[rel].decode(), "forecast")

    # The host sees the tool where the issue says it should be.
    probe = run_in_host(
        host,
        "import json, toolsets\n"
        "from hermes_cli.config import OPTIONAL_ENV_VARS as E\n"
        "from hermes_cli.tools_config import CONFIGURABLE_TOOLSETS as P, _get_platform_tools\n"
        "print(json.dumps([toolsets.TOOLSETS['forecast']['tools'],"
        " 'forecast' in toolsets._HERMES_CORE_TOOLS, E['FORECAST_API_KEY']['tools'],"
        " E['WEATHER_API_KEY']['tools'], P[-1], sorted(_get_platform_tools({}, 'telegram'))]))",
    )
    assert probe.returncode == 0, probe.stderr
    toolset, core, forecast_key, weather_key, row, telegram = json.loads(probe.stdout)
    assert toolset == ["forecast"] and core
    # --core: on by default on every platform, listed in the picker under its own label
    assert row == ["forecast", "⛅ Forecast", 'Forecast the weather: "days" ahead.']
    assert "forecast" in telegram
    assert forecast_key == ["forecast"]
    assert weather_key[-1] == "forecast"


def test_generated_test_passes_inside_the_host(host):
    _new(host, *FORECAST)
    # The reference host's own tests must keep passing too (the big fixture's toolsets name
    # tools that the host does not have, so only the tool tests run there).
    big = (host / "toolsets.py").read_bytes().count(b"\n") > 500
    result = run_host_pytest(host, "tests/tools" if big else "tests")
    assert result.returncode == 0, result.stdout + result.stderr
    assert " passed" in result.stdout


@pytest.mark.parametrize("is_async", [False, True])
def test_dispatch_returns_a_json_string(tmp_path, is_async):
    from tests.scaffold.hosts import make_host

    host = make_host(tmp_path)
    _new(host, *FORECAST, *(["--async"] if is_async else []))
    probe = run_in_host(
        host,
        "import json, os\n"
        "from tools.registry import discover_builtin_tools, registry\n"
        "discover_builtin_tools()\n"
        "os.environ.update(FORECAST_API_KEY='k', WEATHER_API_KEY='k')\n"
        "ok = registry.dispatch('forecast', {'city': 'Oslo', 'days': 2})\n"
        "bad = registry.dispatch('forecast', {'city': 'Oslo'})\n"
        "print(json.dumps([type(ok).__name__, json.loads(ok), json.loads(bad)]))",
    )
    assert probe.returncode == 0, probe.stderr
    kind, ok, bad = json.loads(probe.stdout)
    assert kind == "str"
    assert ok == {"city": "Oslo", "days": 2, "hourly": None, "fields": None}
    assert bad == {"error": "missing required parameter: days"}


def test_new_then_remove_restores_every_file(host):
    before = snapshot(host)
    _new(host, *FORECAST)
    code, _out, err = run_cli("remove-tool", "forecast", "--root", str(host), "--yes")
    assert code == 0, err
    assert snapshot(host) == before


def test_a_second_new_tool_refuses(host):
    _new(host, *FORECAST)
    before = snapshot(host)
    code, _out, err = run_cli(*FORECAST, "--root", str(host))
    assert code == 2
    assert err.startswith("hermes-dev: error: the name 'forecast' is taken")
    assert snapshot(host) == before


def test_force_rewrites_the_module(host):
    _new(host, *FORECAST)
    (host / "tools" / "forecast_tool.py").write_text("# hand-edited\n")
    _new(host, *FORECAST, "--force")
    assert "registry.register(" in (host / "tools" / "forecast_tool.py").read_text()


def test_dry_run_prints_every_change_and_writes_nothing(host):
    before = snapshot(host)
    out = _new(host, *FORECAST, "--dry-run")
    assert snapshot(host) == before
    for header in (
        "+++ b/tools/forecast_tool.py",
        "+++ b/tests/tools/test_forecast_tool.py",
        "+++ b/toolsets.py",
        "+++ b/hermes_cli/config.py",
    ):
        assert header in out


def test_no_test_and_no_env(host):
    before = snapshot(host)
    _new(host, "new-tool", "ping", "--no-test", "--yes")
    after = snapshot(host)
    assert set(after) - set(before) == {"tools/ping_tool.py"}
    assert after["hermes_cli/config.py"] == before["hermes_cli/config.py"]


@pytest.mark.parametrize("failing", ["hermes_cli/config.py", "toolsets.py"])
def test_a_failed_write_leaves_every_file_unchanged(host, monkeypatch, failing):
    before = snapshot(host)
    real_replace = _plan.replace_file

    def replace(src, dst):
        if dst == str(host / failing):
            raise PermissionError(13, "Permission denied")
        real_replace(src, dst)

    monkeypatch.setattr(_plan, "replace_file", replace)
    code, _out, err = run_cli(*FORECAST, "--root", str(host))
    assert code == 2
    assert (
        err
        == f"hermes-dev: error: cannot write {failing}: Permission denied; nothing was changed\n"
    )
    assert snapshot(host) == before


@pytest.mark.parametrize(
    ("name", "reason"),
    [
        ("current_time", "tools/clock_tool.py registers a tool named 'current_time'"),
        ("word_count", "tools/text_tool.py registers a tool named 'word_count'"),
        ("weather", "tools/weather_tool.py exists"),
    ],
)
def test_names_taken_elsewhere_are_refused(tmp_path, name, reason):
    from tests.scaffold.hosts import make_host

    host = make_host(tmp_path)
    code, _, err = run_cli("new-tool", name, "--root", str(host), "--yes")
    assert code == 2
    assert reason in err


def test_a_name_listed_only_in_toolsets_is_refused(tmp_path):
    from tests.scaffold.hosts import make_host

    host = make_host(tmp_path)
    toolsets = host / "toolsets.py"
    toolsets.write_text(
        toolsets.read_text().replace('"current_time",', '"current_time", "ghost",', 1)
    )
    code, _, err = run_cli("new-tool", "ghost", "--root", str(host), "--yes")
    assert code == 2
    assert "toolsets.py lists 'ghost' in _HERMES_CORE_TOOLS" in err


# (atlas: a toolset of the big fixture that no platform enables; new on the reference host)
@pytest.mark.parametrize("extra", [[], ["--async"], ["--no-test", "--toolset", "atlas"]])
def test_generated_tool_is_lint_clean(host, extra):
    _new(host, *FORECAST, *extra)
    code, out, err = run_cli("lint", "--root", str(host), str(host / "tools" / "forecast_tool.py"))
    assert code == 0, out + err


def test_joining_an_existing_toolset_and_env_var_then_removing(tmp_path):
    from tests.scaffold.hosts import make_host

    host = make_host(tmp_path)
    before = snapshot(host)
    args = ["new-tool", "zap", "--toolset", "text", "--env", "WEATHER_API_KEY", "--env", "ZAP_KEY"]
    # 'text' is on by default because its tools are core tools: joining it takes --core
    _new(host, *args, "--core", "--env-url", "https://example.invalid/keys", "--yes")
    probe = run_in_host(
        host,
        "import json, toolsets\n"
        "from hermes_cli.config import OPTIONAL_ENV_VARS as E\n"
        "print(json.dumps([toolsets.TOOLSETS['text']['tools'], E['ZAP_KEY'],"
        " E['WEATHER_API_KEY']['tools']]))",
    )
    assert probe.returncode == 0, probe.stderr
    text_tools, zap_key, weather_tools = json.loads(probe.stdout)
    assert text_tools == ["word_count", "reverse_text", "zap"]
    assert zap_key["url"] == "https://example.invalid/keys"
    assert zap_key["tools"] == ["zap"] and zap_key["category"] == "tool" and zap_key["password"]
    assert weather_tools == ["weather", "zap"]
    for rel in ("toolsets.py", "hermes_cli/config.py"):
        assert_only_insertions(before[rel].decode(), snapshot(host)[rel].decode(), "zap")
    code, _, err = run_cli("remove-tool", "zap", "--root", str(host), "--yes")
    assert code == 0, err
    assert snapshot(host) == before


def test_joining_a_toolset_on_by_default_without_core_is_refused(tmp_path):
    from tests.scaffold.hosts import make_host

    host = make_host(tmp_path)
    before = snapshot(host)
    code, _, err = run_cli("new-tool", "zap", "--toolset", "text", "--root", str(host), "--yes")
    assert code == 2
    assert err == (
        "hermes-dev: error: toolset 'text' is on by default on cli, telegram because all its"
        " tools are in the default toolset there; 'zap' would not be, which switches 'text' off:"
        " pass --core too (to add 'zap' to _HERMES_CORE_TOOLS), or pick another --toolset\n"
    )
    assert snapshot(host) == before


def test_a_platform_toolset_of_core_tools_is_refused_with_a_hint(tmp_path):
    from tests.scaffold.hosts import make_host

    host = make_host(tmp_path)
    before = snapshot(host)
    code, _, err = run_cli("new-tool", "zap", "--toolset", "hermes-cli", "--root", str(host))
    assert code == 2
    assert err.startswith("hermes-dev: error: toolsets.py: ") and "_HERMES_CORE_TOOLS" in err
    assert snapshot(host) == before


def test_the_python_api(tmp_path):
    from hermes_dev.scaffold import new_tool, remove_tool
    from tests.scaffold.hosts import make_host

    host = make_host(tmp_path)
    before = snapshot(host)
    plan = new_tool("zap", root=host / "tools", dry_run=True, env_vars=["ZAP_KEY"])
    assert [c.relpath for c in plan.changes] == [
        "tools/zap_tool.py",
        "tests/tools/test_zap_tool.py",
        "toolsets.py",
        "hermes_cli/tools_config.py",
        "hermes_cli/config.py",
    ]
    assert plan.notes == ('offered: on by default on cli (a fresh config); in `hermes tools` as "🔧 Zap"',)
    assert snapshot(host) == before
    new_tool("zap", root=host, env_vars=["ZAP_KEY"], params=["target:string"])
    assert (host / "tools" / "zap_tool.py").is_file()
    remove_tool("zap", root=host)
    assert snapshot(host) == before


def test_generated_test_survives_a_host_that_resets_the_registry(tmp_path):
    from tests.scaffold.hosts import make_host

    host = make_host(tmp_path)
    _new(host, *FORECAST, "--async")
    (host / "conftest.py").write_text(
        "import pytest\n"
        "from tools.registry import registry\n\n\n"
        "@pytest.fixture(autouse=True)\n"
        "def empty_registry():\n"
        "    for name in registry.get_all_tool_names():\n"
        "        registry.deregister(name)\n"
    )
    result = run_host_pytest(host, "tests/tools/test_forecast_tool.py")
    assert result.returncode == 0, result.stdout + result.stderr


COMPUTED_NAMES = """\
from tools._names import PREFIX
from tools.registry import registry, tool_result

_KIND = "search"


def search(args, **kw):
    return tool_result(hits=[])


registry.register(name=f"{PREFIX}_{_KIND}", toolset="web", schema={}, handler=search)
registry.register(name=PREFIX + "_fetch", toolset="web", schema={}, handler=search)
"""


@pytest.mark.parametrize("name", ["web_search", "web_fetch"])
def test_a_name_computed_from_constants_is_refused(tmp_path, name):
    """new-tool reads a registered name as lint's HD3xx does: an f-string, a concatenation, a
    constant imported from another module all give the name."""
    from tests.scaffold.hosts import make_host

    host = make_host(tmp_path)
    (host / "tools/_names.py").write_text('PREFIX = "web"\n')
    (host / "tools/webby_tool.py").write_text(COMPUTED_NAMES)
    code, _, err = run_cli("new-tool", name, "--root", str(host), "--yes")
    assert code == 2, err
    assert f"tools/webby_tool.py registers a tool named {name!r}" in err
