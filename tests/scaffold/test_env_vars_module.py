"""OPTIONAL_ENV_VARS in a module that hermes_cli/config.py imports it from (newer Hermes keeps
the literal in hermes_cli/config_defaults.py)."""

import ast
import json

import pytest

from hermes_dev.host.layout import Project, env_vars_path
from hermes_dev.writes import plan as _plan
from tests.scaffold.hosts import (
    assert_only_insertions,
    make_host,
    run_cli,
    run_in_host,
    snapshot,
)

IMPORT_LINES = {
    "absolute": "from hermes_cli.config_defaults import DEFAULT_CONFIG, OPTIONAL_ENV_VARS  # noqa: E402,F401\n",
    "relative": "from .config_defaults import (  # the data lives there\n    DEFAULT_CONFIG,\n    OPTIONAL_ENV_VARS,\n)\n",
}  # fmt: skip


def split_host(dest, style="absolute"):
    """The reference host with the OPTIONAL_ENV_VARS literal moved to config_defaults.py."""
    host = make_host(dest)
    config = host / "hermes_cli" / "config.py"
    source = config.read_text()
    lines = source.splitlines(keepends=True)
    (stmt,) = [
        s
        for s in ast.parse(source).body
        if isinstance(s, ast.Assign) and getattr(s.targets[0], "id", "") == "OPTIONAL_ENV_VARS"
    ]
    literal = "".join(lines[stmt.lineno - 1 : stmt.end_lineno])
    (host / "hermes_cli" / "config_defaults.py").write_text(
        '"""Pure data: the defaults and the setup wizard\'s variables."""\n\n'
        "DEFAULT_CONFIG = {}\n\n" + literal
    )
    config.write_text(
        "".join(lines[: stmt.lineno - 1]) + IMPORT_LINES[style] + "".join(lines[stmt.end_lineno :])
    )
    return host


@pytest.mark.parametrize("style", ["absolute", "relative"])
def test_env_vars_path_follows_the_import(tmp_path, style):
    host = split_host(tmp_path / "host", style)
    assert env_vars_path(Project(host)) == host / "hermes_cli" / "config_defaults.py"


def test_env_vars_path_is_config_py_when_it_holds_the_literal(tmp_path):
    host = make_host(tmp_path / "host")
    assert env_vars_path(Project(host)) == host / "hermes_cli" / "config.py"


@pytest.mark.parametrize(
    "line",
    [
        "from somewhere_else.defaults import OPTIONAL_ENV_VARS\n",  # not under the root
        "from hermes_cli.missing import OPTIONAL_ENV_VARS\n",  # no such file
        "from hermes_cli.config_defaults import OPTIONAL_ENV_VARS as OTHER\n",
        "",
    ],
)
def test_env_vars_path_falls_back_to_config_py(tmp_path, line):
    host = split_host(tmp_path / "host")
    config = host / "hermes_cli" / "config.py"
    config.write_text(config.read_text().replace(IMPORT_LINES["absolute"], line))
    assert env_vars_path(Project(host)) == config


@pytest.mark.parametrize("style", ["absolute", "relative"])
def test_new_tool_edits_the_module_that_holds_the_literal(tmp_path, style):
    host = split_host(tmp_path / "host", style)
    before = snapshot(host)
    args = ["new-tool", "zap", "--env", "ZAP_KEY", "--env", "WEATHER_API_KEY", "--yes"]
    code, out, err = run_cli(*args, "--root", str(host), "--dry-run")
    assert code == 0, err
    assert "+++ b/hermes_cli/config_defaults.py" in out
    assert "b/hermes_cli/config.py" not in out
    assert snapshot(host) == before

    code, out, err = run_cli(*args, "--root", str(host))
    assert code == 0, err
    assert "change hermes_cli/config_defaults.py" in out
    after = snapshot(host)
    assert after["hermes_cli/config.py"] == before["hermes_cli/config.py"]
    rel = "hermes_cli/config_defaults.py"
    assert_only_insertions(before[rel].decode(), after[rel].decode(), "zap")
    probe = run_in_host(
        host,
        "import json\nfrom hermes_cli.config import OPTIONAL_ENV_VARS as E\n"
        "print(json.dumps([E['ZAP_KEY']['tools'], E['WEATHER_API_KEY']['tools']]))",
    )
    assert probe.returncode == 0, probe.stderr
    assert json.loads(probe.stdout) == [["zap"], ["weather", "zap"]]

    code, _, err = run_cli("remove-tool", "zap", "--root", str(host), "--yes")
    assert code == 0, err
    assert snapshot(host) == before


def test_a_failed_write_of_the_data_module_leaves_every_file_unchanged(tmp_path, monkeypatch):
    host = split_host(tmp_path / "host")
    before = snapshot(host)
    real_replace = _plan.replace_file

    def replace(src, dst):
        if dst.endswith("config_defaults.py"):
            raise PermissionError(13, "Permission denied")
        real_replace(src, dst)

    monkeypatch.setattr(_plan, "replace_file", replace)
    code, _, err = run_cli("new-tool", "zap", "--env", "ZAP_KEY", "--root", str(host), "--yes")
    assert code == 2
    assert "cannot write hermes_cli/config_defaults.py" in err
    assert snapshot(host) == before


def test_a_shape_error_names_the_data_module(tmp_path):
    host = split_host(tmp_path / "host")
    defaults = host / "hermes_cli" / "config_defaults.py"
    defaults.write_text(
        defaults.read_text()
        .replace('"WEATHER_API_KEY": {', '"WEATHER_API_KEY": dict(**{', 1)
        .replace('"category": "tool",\n    },', '"category": "tool",\n    }),', 1)
    )
    code, _, err = run_cli(
        "new-tool", "zap", "--env", "WEATHER_API_KEY", "--root", str(host), "--yes"
    )
    assert code == 2
    assert err.startswith("hermes-dev: error: hermes_cli/config_defaults.py"), err
