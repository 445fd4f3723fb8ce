"""`hermes-dev remove-tool` on the command line."""

import pytest

from tests.scaffold.hosts import make_host, run_cli, snapshot


@pytest.fixture
def host(tmp_path):
    return make_host(tmp_path / "host")


def test_remove_weather_then_regenerate_nothing_else_changes(host):
    before = snapshot(host)
    code, out, err = run_cli("remove-tool", "weather", "--root", str(host), "--dry-run")
    assert code == 0, err
    assert "+++ /dev/null" in out and "--- a/toolsets.py" in out
    assert snapshot(host) == before
    code, out, err = run_cli("remove-tool", "weather", "--root", str(host), "--yes")
    assert code == 0, err
    after = snapshot(host)
    assert "tools/weather_tool.py" not in after
    assert "WEATHER_API_KEY" not in after["hermes_cli/config.py"].decode()
    assert '"weather"' not in after["toolsets.py"].decode()


@pytest.mark.parametrize(
    ("name", "match"),
    [("nothing_here", "there is no tool 'nothing_here' to remove"), ("../x", "lower-case")],
)
def test_bad_input(host, name, match):
    before = snapshot(host)
    code, _, err = run_cli("remove-tool", name, "--root", str(host), "--yes")
    assert code == 2
    assert err.startswith("hermes-dev: error: ") and err.count("\n") == 1
    assert match in err
    assert snapshot(host) == before


@pytest.mark.parametrize(("answer", "removed"), [("y\n", True), ("n\n", False)])
def test_asks_before_removing_on_a_terminal(host, monkeypatch, answer, removed):
    from click.testing import CliRunner

    from hermes_dev.cli import remove_tool

    monkeypatch.setattr(remove_tool, "_interactive", lambda yes: not yes)
    before = snapshot(host)
    result = CliRunner().invoke(remove_tool.command, ["weather", "--root", str(host)], input=answer)
    assert "Remove the tool 'weather'?" in result.output
    assert (host / "tools" / "weather_tool.py").exists() is not removed
    if not removed:
        assert snapshot(host) == before


def test_answering_no_removes_nothing_and_says_so(host, monkeypatch):
    """Issue 7, item 18: "n" at the confirmation printed "interrupted" and exited 130."""
    import io

    from hermes_dev.cli import remove_tool

    monkeypatch.setattr(remove_tool, "_interactive", lambda yes: True)
    monkeypatch.setattr("sys.stdin", io.StringIO("n\n"))
    before = snapshot(host)
    code, out, err = run_cli("remove-tool", "weather", "--root", str(host))
    assert (code, err) == (1, "hermes-dev: nothing was removed\n")
    assert "delete tools/weather_tool.py" in out and "Remove the tool 'weather'?" in out
    assert snapshot(host) == before
