"""The reference host's weather tool is exactly what `hermes-dev new-tool` generates today."""

import shlex

from tests.scaffold.hosts import REPO, make_host, run_cli, snapshot

# The one command line that made tools/weather_tool.py, its test and the weather entries in
# toolsets.py, hermes_cli/tools_config.py and hermes_cli/config.py. README.md quotes it; the test below keeps both honest.
WEATHER_COMMAND = (
    "hermes-dev new-tool weather"
    ' --description "Get the current weather for a location."'
    " --env WEATHER_API_KEY"
    ' --param "location:string:City name or coordinates, e.g. London or 51.5,-0.1"'
    ' --optional-param "units:string:Temperature units, metric or imperial (default: metric)"'
    " --emoji 🌦️ --yes"
)
WEATHER_FILES = [
    "tools/weather_tool.py",
    "tests/tools/test_weather_tool.py",
    "toolsets.py",
    "hermes_cli/tools_config.py",
    "hermes_cli/config.py",
]


def test_committed_weather_tool_is_what_new_tool_generates(tmp_path):
    host = make_host(tmp_path)
    code, _, err = run_cli("remove-tool", "weather", "--root", str(host), "--yes")
    assert code == 0, err
    assert not (host / "tools" / "weather_tool.py").exists()
    args = shlex.split(WEATHER_COMMAND)
    assert args[0] == "hermes-dev"
    code, _, err = run_cli(*args[1:], "--root", str(host))
    assert code == 0, err
    after = snapshot(host)
    for rel in WEATHER_FILES:
        assert after[rel] == (REPO / rel).read_bytes(), (
            f"{rel} differs from what `{WEATHER_COMMAND}` generates; run it again on the repo"
            " (after `hermes-dev remove-tool weather --yes`) and commit the result"
        )


def test_readme_quotes_the_weather_command():
    assert WEATHER_COMMAND in (REPO / "README.md").read_text(encoding="utf-8")
