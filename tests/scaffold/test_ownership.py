"""Names others own, the new-tool marker, and undo in any order (issue 7 items 2, 4, 23; issue 9).

Each test drives the command line on a fixture host; "before the fix" notes say what the old
behaviour was, so a test that could not fail is visible.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.scaffold.hosts import make_host, make_newest_host, run_cli, snapshot

HONCHO_ENTRY = """\
    # ── Honcho ──
    "HONCHO_API_KEY": {
        "description": "Honcho API key for AI-native persistent memory",
        "prompt": "Honcho API key",
        "url": "https://app.honcho.dev",
        "tools": ["honcho_context"],
        "password": True,
        "category": "tool",
    },
"""

MEMORY_MODULE = '''"""Memory: a hand-written tool (no new-tool marker)."""

import json

from tools.registry import registry


def _handle(args, **kw):
    return json.dumps({"ok": True})


registry.register(name="memory", toolset="memory", schema={"name": "memory"}, handler=_handle)
'''

PLUGIN = '''"""A bundled plugin that registers its tools from a table."""

from .tools import join, leave

_TOOLS = [
    ("meet_join", {"name": "meet_join"}, join, "📞"),
    ("meet_leave", {"name": "meet_leave"}, leave, "📞"),
]


def register(ctx):
    for name, schema, handler, emoji in _TOOLS:
        ctx.register_tool(name=name, toolset="meet", schema=schema, handler=handler, emoji=emoji)
'''


def _cli(host: Path, *args: str) -> tuple[int, str, str]:
    return run_cli(*args, "--root", str(host), "--yes")


def _add_honcho(host: Path) -> None:
    config = host / "hermes_cli" / "config.py"
    text = config.read_text()
    config.write_text(
        text.replace("OPTIONAL_ENV_VARS = {\n", "OPTIONAL_ENV_VARS = {\n" + HONCHO_ENTRY, 1)
    )


@pytest.fixture
def ref(tmp_path: Path) -> Path:
    return make_host(tmp_path / "host")


@pytest.fixture
def newest(tmp_path: Path) -> Path:
    return make_newest_host(tmp_path / "newest")


# --- issue 7 item 2: remove-tool never strips a hand-written OPTIONAL_ENV_VARS entry ----------


def test_item2_a_name_an_env_entry_lists_is_taken(ref: Path) -> None:
    _add_honcho(ref)
    before = snapshot(ref)
    code, _, err = _cli(ref, "new-tool", "honcho_context")
    assert code == 2
    assert "OPTIONAL_ENV_VARS['HONCHO_API_KEY'] lists 'honcho_context'" in err
    assert snapshot(ref) == before


def test_item2_remove_tool_leaves_the_hand_written_entry_whole(ref: Path) -> None:
    """Before the fix, new-tool --force then remove-tool deleted the whole HONCHO_API_KEY entry."""
    _add_honcho(ref)
    before = snapshot(ref)
    assert _cli(ref, "new-tool", "honcho_context", "--force")[0] == 0
    code, _, err = _cli(ref, "remove-tool", "honcho_context")
    assert code == 0, err
    assert snapshot(ref) == before


def test_item2_an_appended_name_goes_and_the_entry_stays(ref: Path) -> None:
    _add_honcho(ref)
    before = snapshot(ref)
    code, _, err = _cli(ref, "new-tool", "honcho_search", "--env", "HONCHO_API_KEY")
    assert code == 0, err
    config = (ref / "hermes_cli" / "config.py").read_text()
    assert '"tools": ["honcho_context", "honcho_search"],' in config
    marker = (ref / "tools" / "honcho_search_tool.py").read_text().splitlines()[0]
    assert '"env": {"HONCHO_API_KEY": "appended"}' in marker
    assert _cli(ref, "remove-tool", "honcho_search")[0] == 0
    assert snapshot(ref) == before


# --- issue 7 item 4 / issue 9 item 4: names a plugin or a toolset uses are taken -------------


def test_item4_a_name_only_a_plugin_registers_is_taken(ref: Path) -> None:
    plugin = ref / "plugins" / "meet"
    plugin.mkdir(parents=True)
    (plugin / "__init__.py").write_text(PLUGIN)
    (plugin / "tools.py").write_text("def join(a, **k):\n    return '{}'\n\n\nleave = join\n")
    code, _, err = _cli(ref, "new-tool", "meet_join", "--dry-run")
    assert code == 2
    assert "plugins/meet/__init__.py registers a tool named 'meet_join'" in err


def test_a_name_a_helper_call_toolset_lists_is_taken(newest: Path) -> None:
    code, _, err = _cli(newest, "new-tool", "atlas1_create", "--dry-run")
    assert code == 2
    assert "toolsets.py lists 'atlas1_create' in TOOLSETS['atlas1']" in err


def test_a_name_a_helper_call_env_entry_lists_is_taken(newest: Path) -> None:
    code, _, err = _cli(newest, "new-tool", "hindsight_recall", "--dry-run")
    assert code == 2
    assert "OPTIONAL_ENV_VARS['HINDSIGHT_API_KEY'] lists 'hindsight_recall'" in err
    assert "hermes_cli/config_defaults.py line" in err


# --- issue 7 item 23: "made by new-tool" is the marker, not the file name -------------------


def test_item23_a_hand_written_tool_needs_force(ref: Path) -> None:
    """Before the fix, remove-tool deleted tools/memory_tool.py and its test without --force."""
    (ref / "tools" / "memory_tool.py").write_text(MEMORY_MODULE)
    (ref / "tests" / "tools" / "test_memory_tool.py").write_text("def test_x():\n    pass\n")
    before = snapshot(ref)
    code, _, err = _cli(ref, "remove-tool", "memory")
    assert code == 2
    assert "tools/memory_tool.py has no new-tool marker" in err
    assert snapshot(ref) == before
    code, _, err = _cli(ref, "remove-tool", "memory", "--force")
    assert code == 0, err
    assert not (ref / "tools" / "memory_tool.py").exists()


def test_a_marker_copied_from_another_tool_is_no_marker(ref: Path) -> None:
    weather = (ref / "tools" / "weather_tool.py").read_text()
    (ref / "tools" / "memory_tool.py").write_text(weather.splitlines()[0] + "\n" + MEMORY_MODULE)
    before = snapshot(ref)
    code, _, err = _cli(ref, "remove-tool", "memory")
    assert code == 2
    assert "record is for another tool ('weather')" in err
    assert snapshot(ref) == before


def test_a_record_nested_too_deep_is_one_line(ref: Path) -> None:
    """Before the fix: a RecursionError traceback from the JSON decoder."""
    marker = "# hermes-dev: generated by new-tool " + "[" * 100_000 + "\n"
    (ref / "tools" / "memory_tool.py").write_text(marker + MEMORY_MODULE)
    before = snapshot(ref)
    code, _, err = _cli(ref, "remove-tool", "memory")
    assert code == 2
    assert "record is not JSON" in err and "Traceback" not in err
    assert snapshot(ref) == before


def test_a_forged_record_cannot_delete_a_hand_written_entry(ref: Path) -> None:
    """The record claims new-tool created HONCHO_API_KEY; the entry does not read as new-tool
    writes it, so only the record's own tool name is taken out of it."""
    _add_honcho(ref)
    record = {"tool": "honcho_context", "env": {"HONCHO_API_KEY": "created"}}
    forged = f"# hermes-dev: generated by new-tool {json.dumps(record)}\n" + MEMORY_MODULE.replace(
        '"memory"', '"honcho_context"'
    )
    (ref / "tools" / "honcho_context_tool.py").write_text(forged)
    code, _, err = _cli(ref, "remove-tool", "honcho_context")
    assert code == 0, err
    config = (ref / "hermes_cli" / "config.py").read_text()
    assert HONCHO_ENTRY.replace('["honcho_context"]', "[]") in config


def test_a_test_without_the_marker_is_kept(ref: Path) -> None:
    assert _cli(ref, "new-tool", "zap")[0] == 0
    test = ref / "tests" / "tools" / "test_zap_tool.py"
    test.write_text("def test_mine():\n    pass\n")
    code, _, err = _cli(ref, "remove-tool", "zap")
    assert code == 0
    assert "tests/tools/test_zap_tool.py has no new-tool marker; it stays" in err
    assert test.exists() and not (ref / "tools" / "zap_tool.py").exists()


# --- issue 9 item 5: undo in any order, folders included -------------------------------------


@pytest.mark.parametrize("order", [("alpha", "beta"), ("beta", "alpha")])
@pytest.mark.parametrize("kind", ["reference", "newest"])
def test_undo_in_any_order(tmp_path: Path, kind: str, order: tuple[str, str]) -> None:
    """`new-tool alpha --env K; new-tool beta --toolset alpha --env K; remove-tool both` leaves
    nothing behind: before the fix `"alpha": _ts("TODO...", [])` and tests/tools/ stayed."""
    if kind == "newest":
        host = make_newest_host(tmp_path / "host")
    else:
        host = make_host(tmp_path / "host")
        for test in (host / "tests" / "tools").iterdir():
            test.unlink()
        (host / "tests" / "tools").rmdir()
    before = snapshot(host)
    assert _cli(host, "new-tool", "alpha", "--env", "ALPHA_KEY")[0] == 0
    code, _, err = _cli(host, "new-tool", "beta", "--toolset", "alpha", "--env", "ALPHA_KEY")
    assert code == 0, err
    beta = (host / "tools" / "beta_tool.py").read_text().splitlines()[0]
    record = json.loads(beta.split(" new-tool ", 1)[1])
    assert record["toolsets"]["alpha"] == "joined:alpha"
    assert record["env"] == {"ALPHA_KEY": "joined:alpha"}
    assert record["picker"] == {"alpha": "joined:alpha"}  # whoever goes last takes the row out
    if kind == "reference":
        assert record["cli"] == {"alpha": "joined:alpha"}  # hermes-cli includes alpha
    else:
        # `"hermes-cli": _bundle("...")` takes no includes: each tool joins its extras=[...],
        # so 'alpha' stays on by default on the CLI with beta in it
        assert record["toolsets"]["hermes-cli"] == "joined-key"
    for name in order:
        code, _, err = _cli(host, "remove-tool", name)
        assert code == 0, err
    assert snapshot(host) == before
    assert not (host / "tests" / "tools").exists()


def test_a_folder_that_was_there_stays(ref: Path) -> None:
    (ref / "tests" / "tools" / "test_weather_tool.py").unlink()
    (ref / "tools" / "weather_tool.py").unlink()
    assert _cli(ref, "new-tool", "zap")[0] == 0
    marker = (ref / "tools" / "zap_tool.py").read_text().splitlines()[0]
    assert marker == (
        '# hermes-dev: generated by new-tool {"tool": "zap", "toolsets": {"zap": "created"},'
        ' "picker": {"zap": "created"}, "cli": {"zap": "created"}}'
    )
    assert _cli(ref, "remove-tool", "zap")[0] == 0
    assert (ref / "tests" / "tools").is_dir()


# --- issue 9 items 1-3: the newest layout's helper-call env entries -------------------------


def _defaults(host: Path) -> str:
    return (host / "hermes_cli" / "config_defaults.py").read_text()


def _added_lines(before: str, after: str) -> list[str]:
    import difflib

    return [
        line[1:]
        for line in difflib.unified_diff(before.splitlines(), after.splitlines(), lineterm="")
        if line.startswith("+") and not line.startswith("+++")
    ]


def test_existing_helper_call_key_gains_the_tool(newest: Path) -> None:
    """Before the fix: exit 2, "is a call, not a dict literal; add it by hand"."""
    old = _defaults(newest)
    before = snapshot(newest)
    code, _, err = _cli(newest, "new-tool", "fc", "--env", "ATLAS_API_KEY")
    assert code == 0, err
    assert _added_lines(old, _defaults(newest)) == [
        '        "https://atlas.example/", tools=["web_search", "web_extract", "fc"]),'
    ]
    assert _cli(newest, "remove-tool", "fc")[0] == 0
    assert snapshot(newest) == before


def test_helper_call_key_without_tools_gains_the_keyword(newest: Path) -> None:
    old = _defaults(newest)
    before = snapshot(newest)
    assert _cli(newest, "new-tool", "fc", "--env", "CIPHER_API_KEY")[0] == 0
    assert _added_lines(old, _defaults(newest)) == [
        (
            '    "CIPHER_API_KEY": _tool("Cipher API key", "Cipher API key",'
            ' "https://cipher.example/", tools=["fc"]),'
        )
    ]
    assert _cli(newest, "remove-tool", "fc")[0] == 0
    assert snapshot(newest) == before


def test_new_key_in_the_files_style_among_the_tool_keys(newest: Path) -> None:
    """Before the fix: a plain dict after "Agent settings", and `password: True` for any name."""
    old = _defaults(newest)
    code, _, err = _cli(
        newest, "new-tool", "forecast", "--env", "FORECAST_REGION", "--env", "FORECAST_API_KEY"
    )
    assert code == 0, err
    new = _defaults(newest)
    assert _added_lines(old, new) == [
        '    "FORECAST_REGION": _tool(',
        '        "Forecast region for the forecast tool", "Forecast region", tools=["forecast"],',
        "        password=False),",
        '    "FORECAST_API_KEY": _tool(',
        '        "Forecast API key for the forecast tool", "Forecast API key", tools=["forecast"]),',
    ]
    lines = new.splitlines()
    at = lines.index('    "FORECAST_REGION": _tool(')
    # right after the last tool entry, before the next section's comment
    assert lines[at - 1].endswith("password=None),") and "MEM0_BASE_URL" in lines[at - 2]
    assert lines[at + 5].startswith("    # ── Bundled skills")


@pytest.mark.parametrize("order", [("one", "two"), ("two", "one")])
def test_existing_and_new_keys_removed_in_either_order(
    newest: Path, order: tuple[str, str]
) -> None:
    before = snapshot(newest)
    assert _cli(newest, "new-tool", "one", "--env", "ATLAS_API_KEY", "--env", "ONE_KEY")[0] == 0
    assert _cli(newest, "new-tool", "two", "--env", "ONE_KEY", "--env", "ATLAS_API_KEY")[0] == 0
    assert _cli(newest, "remove-tool", order[0])[0] == 0
    assert '"ONE_KEY": _tool(' in _defaults(newest)
    assert _cli(newest, "remove-tool", order[1])[0] == 0
    assert snapshot(newest) == before


@pytest.mark.parametrize(
    "env, password",
    [
        ("FORECAST_REGION", "False"),
        ("FORECAST_REGION:secret", "True"),
        ("FORECAST_TOKEN", "True"),
        ("FORECAST_TOKEN:plain", "False"),
    ],
)
def test_password_only_for_secret_looking_names(ref: Path, env: str, password: str) -> None:
    code, out, err = _cli(ref, "new-tool", "forecast", "--env", env, "--dry-run")
    assert code == 0, err
    assert f'+        "password": {password},' in out


def test_bad_env_kind_is_one_line(ref: Path) -> None:
    code, _, err = _cli(ref, "new-tool", "forecast", "--env", "FORECAST_REGION:hidden")
    assert code == 2
    assert err == (
        "hermes-dev: error: --env 'FORECAST_REGION:hidden': the kind after ':' must be secret"
        " or plain\n"
    )


def test_lint_reports_a_stale_name_in_a_helper_call_entry(newest: Path) -> None:
    """Before the fix HD304 read dict literals only: nothing on this layout."""
    (newest / "pyproject.toml").write_text(
        '[tool.hermes-dev]\nknown-tools = ["web_search", "web_extract", "browser_navigate",'
        ' "browser_click", "image_generate", "voice_transcription", "text_to_speech",'
        ' "memory_search", "vision_analyze", "honcho_context", "hindsight_recall",'
        ' "mem0_search", "x"]\n'
    )
    path = newest / "hermes_cli" / "config_defaults.py"
    path.write_text(path.read_text().replace('tools=["honcho_context"]', 'tools=["honcho_ctx"]'))
    code, out, _ = run_cli("lint", str(path), "--select", "HD304")
    line = next(
        n for n, text in enumerate(path.read_text().splitlines(), 1) if '"honcho_ctx"' in text
    )
    assert code == 1, out
    assert re.search(rf"config_defaults.py:{line}:\d+: HD304 .*'honcho_ctx'", out), out
    assert out.count("HD304") == 1


def test_statistics_count_env_entries_it_cannot_read(newest: Path) -> None:
    path = newest / "hermes_cli" / "config_defaults.py"
    text = path.read_text().replace(
        "OPTIONAL_ENV_VARS = {\n",
        'from elsewhere import _ext\n\nOPTIONAL_ENV_VARS = {\n    "EXT_KEY": _ext("x", "y"),\n'
        '    "SPREAD_KEY": {**BASE, "prompt": "p"},\n',
    )
    path.write_text(text)
    _, out, err = run_cli("lint", str(path), "--select", "HD304", "--statistics", "--exit-zero")
    assert "env entries skipped" not in out + err  # --statistics: the counts only
    _, out, _ = run_cli("lint", str(path), "--select", "HD304", "--statistics", "-v")
    assert re.search(r"\b2\b.*env entries skipped \(not static\)", out), out
    _, _, err = run_cli("lint", str(path), "--select", "HD304", "--verbose", "--exit-zero")
    assert re.search(r"\b2\b.*env entries skipped \(not static\)", err), err


def test_force_over_a_generated_tool_keeps_its_record(ref: Path) -> None:
    before = snapshot(ref)
    assert _cli(ref, "new-tool", "zap", "--env", "ZAP_KEY")[0] == 0
    first = (ref / "tools" / "zap_tool.py").read_text().splitlines()[0]
    code, _, err = _cli(ref, "new-tool", "zap", "--env", "ZAP_KEY", "--force")
    assert code == 0, err
    assert (ref / "tools" / "zap_tool.py").read_text().splitlines()[0] == first
    assert _cli(ref, "remove-tool", "zap")[0] == 0
    assert snapshot(ref) == before
