"""`hermes-dev new-tool` on the command line: every bad input is one line, exit 2, no file touched."""

import subprocess
import sys

import pytest

from hermes_dev.cli import new_tool
from tests.scaffold.hosts import make_host, run_cli, snapshot


@pytest.fixture
def host(tmp_path):
    return make_host(tmp_path / "host")


def _refused(host, *args, match):
    before = snapshot(host)
    code, out, err = run_cli("new-tool", *args, "--yes")
    assert code == 2, (out, err)
    assert err.count("\n") == 1 and err.startswith("hermes-dev: error: "), err
    assert "Traceback" not in err
    assert match in err
    assert snapshot(host) == before
    return err


@pytest.mark.parametrize(
    ("args", "match"),
    [
        (["", "--root", "{root}"], "the tool name is empty"),
        (["../x", "--root", "{root}"], "'../x' is not a lower-case Python identifier"),
        (["Weather", "--root", "{root}"], "is not a lower-case Python identifier"),
        (["class", "--root", "{root}"], "is a Python keyword"),
        (["__init__", "--root", "{root}"], "tool name '__init__' is a Python special name"),
        (["wx", "--core", "--opt-in", "--root", "{root}"], "--core and --opt-in contradict"),
        (["x" * 65, "--root", "{root}"], "the limit is 64"),
        (
            ["weather", "--root", "{root}"],
            "the name 'weather' is taken (tools/weather_tool.py exists)",
        ),
        (["current_time", "--root", "{root}"], "tools/clock_tool.py registers a tool named"),
        (["ping", "--root", "{root}", "--env", "api_key"], "is not UPPER_SNAKE"),
        (["ping", "--root", "{root}", "--param", "q"], "expected NAME:TYPE[:DESCRIPTION]"),
        (["ping", "--root", "{root}", "--param", "q:text"], "type 'text' must be one of"),
        (["ping", "--root", "{root}", "--param", "Q:string"], "must be a lower-case identifier"),
        (["ping", "--root", "{root}", "--optional-param", "q:"], "type '' must be one of"),
        (["ping", "--root", "{root}", "--param", "q:string", "--param", "q:integer"], "twice"),
        (["ping", "--root", "{root}", "--toolset", "Bad Set"], "toolset 'Bad Set'"),
        (["ping", "--root", "{root}/tools"], "not a Hermes root"),
    ],
)
def test_bad_input(host, args, match):
    _refused(host, *[a.replace("{root}", str(host)) for a in args], match=match)


def test_no_hermes_root(host, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    _refused(host, "ping", match="no Hermes root at or above")


def test_root_is_found_by_walking_up(host, monkeypatch):
    monkeypatch.chdir(host / "tools")
    code, _out, err = run_cli("new-tool", "ping", "--yes")
    assert code == 0, err
    assert (host / "tools" / "ping_tool.py").is_file()


def test_toolsets_of_a_shape_it_cannot_edit(host):
    (host / "toolsets.py").write_text("TOOLSETS = make_toolsets()\n")
    err = _refused(host, "ping", "--root", str(host), match="toolsets.py")
    assert "TOOLSETS" in err


def test_toolsets_without_toolsets_dict(host):
    (host / "toolsets.py").write_text("_HERMES_CORE_TOOLS = []\n")
    _refused(host, "ping", "--root", str(host), match="TOOLSETS")


def test_config_without_optional_env_vars(host):
    (host / "hermes_cli" / "config.py").write_text("OTHER = {}\n")
    _refused(host, "ping", "--root", str(host), "--env", "PING_KEY", match="OPTIONAL_ENV_VARS")


def test_config_missing(host):
    (host / "hermes_cli" / "config.py").unlink()
    _refused(host, "ping", "--root", str(host), "--env", "PING_KEY", match="hermes_cli/config.py")
    # Without --env the config is not needed.
    code, _, err = run_cli("new-tool", "ping", "--root", str(host), "--yes")
    assert code == 0, err


def test_a_file_it_cannot_write(host):
    (host / "tests" / "tools").rename(host / "tests" / "moved")
    (host / "tests" / "tools").write_text("a file where a folder should be\n")
    _refused(host, "ping", "--root", str(host), match="cannot write tests/tools/test_ping_tool.py")


def test_prompts_for_missing_answers_on_a_terminal(host, monkeypatch):
    from click.testing import CliRunner

    monkeypatch.setattr(new_tool, "_interactive", lambda yes: not yes)
    # A bad answer is shown and asked again; optional parameters are asked for too; the
    # changes are listed and confirmed before anything is written.
    answers = (
        "Ping a host.\nBad Set\nnet\nping_key\nPING_KEY\nhost:str\nhost:string:Host name\n\n"
        "count:int\ncount:integer:How many pings\n\ny\n"
    )
    result = CliRunner().invoke(
        new_tool.command, ["ping", "--root", str(host)], input=answers, standalone_mode=False
    )
    assert result.exception is None, result.output
    assert "toolset 'Bad Set'" in result.output
    assert "is not UPPER_SNAKE" in result.output
    assert (
        "type 'str' must be one of" in result.output and "did you mean 'string'?" in result.output
    )
    assert "Optional parameter NAME:TYPE[:DESCRIPTION] (empty to finish)" in result.output
    assert "did you mean 'integer'?" in result.output
    listed = result.output.split("(empty to finish): \n", 2)[-1]
    assert "create tools/ping_tool.py\n" in listed and "Write these changes? [Y/n]" in listed
    assert listed.index("create tools/ping_tool.py") < listed.index("Write these changes?")
    source = (host / "tools" / "ping_tool.py").read_text()
    assert '"description": "Ping a host."' in source
    assert 'toolset="net"' in source
    assert 'requires_env=["PING_KEY"]' in source
    assert '"required": ["host"]' in source
    assert (
        '"count": {\n                "type": "integer",\n                "description": "How many pings",'
        in source
    )
    assert '"required": ["host"]' in source  # count is optional


def test_no_at_the_summary_writes_nothing(host, monkeypatch):
    from click.testing import CliRunner

    monkeypatch.setattr(new_tool, "_interactive", lambda yes: not yes)
    before = snapshot(host)
    args = [
        "ping",
        "--root",
        str(host),
        "--description",
        "d",
        "--toolset",
        "net",
        "--env",
        "PING_KEY",
    ]
    result = CliRunner().invoke(
        new_tool.command, [*args, "--param", "host:string"], input="n\n", standalone_mode=False
    )
    assert result.exception is None and result.return_value == 1, result.output
    assert "create tools/ping_tool.py" in result.output and "change toolsets.py" in result.output
    assert "hermes-dev: nothing was written" in result.output
    assert snapshot(host) == before


def test_dry_run_says_what_it_would_do_in_a_closing_line(host):
    before = snapshot(host)
    code, out, err = run_cli(
        "new-tool", "ping", "--root", str(host), "--env", "PING_KEY", "--dry-run", "--yes"
    )
    assert code == 0 and out.startswith("--- ")  # stdout stays a patch
    assert err == "2 files would be created, 3 changed; nothing written\n"  # + the picker
    code, _, err = run_cli(
        "new-tool", "pong", "--root", str(host), "--no-test", "--dry-run", "--yes"
    )
    assert err == "1 file would be created, 2 changed; nothing written\n"
    assert snapshot(host) == before


@pytest.mark.parametrize(
    ("raw", "hint"),
    [
        ("q:strng", "; did you mean 'string'?"),
        ("q:String", "; did you mean 'string'?"),
        ("q:int", "; did you mean 'integer'?"),
        ("q:float", "; did you mean 'number'?"),
        ("q:bool", "; did you mean 'boolean'?"),
        ("q:list", "; did you mean 'array'?"),
        ("q:dict", "; did you mean 'object'?"),
        ("q:integr", "; did you mean 'integer'?"),
        ("q:zzz", ""),
    ],
)
def test_a_mistyped_param_type_gets_a_did_you_mean(host, raw, hint):
    err = _refused(host, "ping", "--root", str(host), "--param", raw, match="must be one of")
    types = "string, integer, number, boolean, array, object"
    assert err.endswith(f"must be one of {types}{hint}\n"), err


def test_force_on_a_taken_name_says_what_it_writes_over(host):
    code, out, err = run_cli(
        "new-tool", "weather", "--root", str(host), "--force", "--dry-run", "--yes"
    )
    assert code == 0, err
    assert err.splitlines()[0] == (
        "hermes-dev: note: --force: the name 'weather' is taken (tools/weather_tool.py exists);"
        " tools/weather_tool.py and tests/tools/test_weather_tool.py are written over"
    )
    code, _, err = run_cli("new-tool", "current_time", "--root", str(host), "--force", "--yes")
    assert code == 0, err
    assert err == (
        "hermes-dev: note: --force: the name 'current_time' is taken (tools/clock_tool.py"
        " registers a tool named 'current_time'); no file is written over, and that registration"
        " stays: two modules then register the name (lint reports HD305)\n"
    )


def test_no_prompt_without_a_terminal(host):
    """The console script, with stdin not a terminal: defaults, no prompt, no hang."""
    script = [sys.executable, "-m", "hermes_dev", "new-tool", "ping", "--root", str(host)]
    result = subprocess.run(
        script, stdin=subprocess.DEVNULL, capture_output=True, text=True, timeout=60, check=False
    )
    assert result.returncode == 0, result.stderr
    assert "create tools/ping_tool.py" in result.stdout
    bad = subprocess.run(
        [*script[:4], "../x"],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert bad.returncode == 2
    assert bad.stderr.startswith("hermes-dev: error: tool name '../x'")
    assert bad.stderr.count("\n") == 1


def test_help_lists_every_option():
    code, out, _ = run_cli("new-tool", "--help")
    assert code == 0
    for option in (
        "--root",
        "--description",
        "--toolset",
        "--core",
        "--env",
        "--env-url",
        "--param",
        "--optional-param",
        "--async",
        "--emoji",
        "--no-test",
        "--dry-run",
        "--force",
        "--yes",
    ):
        assert option in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["new-tool", "-x"], "No such option '-x'."),
        (["new-tool"], "Missing argument 'NAME'."),
        (
            ["new-tool", "ping", "--root", "{file}"],
            "Invalid value for '--root': Directory '{file}' is a file.",
        ),
        (["remove-tool"], "Missing argument 'NAME'."),
        (["remove-tool", "ping", "--bogus"], "No such option '--bogus'."),
    ],
)
def test_usage_errors_are_one_line_exit_2(host, args, message):
    """Issue 7, item 17: click's usage errors printed three lines where the README promises one."""
    file = str(host / "toolsets.py")
    before = snapshot(host)
    code, out, err = run_cli(*[a.replace("{file}", file) for a in args])
    command = args[0]
    assert (code, out) == (2, "")
    assert err == (
        f"hermes-dev: error: {message.replace('{file}', file)}"
        f" (see 'hermes-dev {command} --help')\n"
    )
    assert snapshot(host) == before
