"""The edits on full-size files shaped like a real Hermes checkout: only insertions, exact undo."""

from __future__ import annotations

import ast
from functools import cache

import pytest

from bench.hermes_shapes import (
    PLATFORM_TOOLSETS,
    env_var_names,
    make_config_source,
    make_toolsets_source,
    make_toolsets_source_ts,
    toolset_names,
    toolset_names_ts,
)
from hermes_dev.edits import (
    EditError,
    add_core_tool,
    add_env_var,
    add_tool_to_toolset,
    remove_tool_from_env_vars,
    remove_tool_from_toolsets,
)
from tests.edits._checks import diff_lines, inserted_text


@cache
def config() -> str:
    return make_config_source(6600)


@cache
def toolsets() -> str:
    return make_toolsets_source(900)


@cache
def toolsets_ts() -> str:
    return make_toolsets_source_ts(480)


def literal_lines(source: str, name: str) -> range:
    """1-based line numbers of a module-level assignment."""
    for node in ast.parse(source).body:
        if isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(getattr(t, "id", None) == name for t in targets):
                assert node.end_lineno is not None
                return range(node.lineno, node.end_lineno + 1)
    raise AssertionError(name)


def test_fixtures_have_the_real_sizes() -> None:
    assert 6550 <= len(config().splitlines()) <= 6650
    assert 880 <= len(toolsets().splitlines()) <= 920
    assert len(env_var_names()) == 136
    assert 1000 <= len(literal_lines(config(), "OPTIONAL_ENV_VARS")) <= 1200
    assert 450 <= len(literal_lines(toolsets(), "TOOLSETS")) <= 550


def test_new_env_var_is_only_added_lines() -> None:
    source = config()
    edited = add_env_var(
        source, "WEATHER_API_KEY", "weather", description="Weather", prompt="Key", url=None
    )
    plus, minus = diff_lines(source, edited)
    assert minus == []
    # difflib may align the new entry's `},` with the previous one: compare as a multiset.
    assert sorted(plus) == sorted(
        [
            '    "WEATHER_API_KEY": {',
            '        "description": "Weather",',
            '        "prompt": "Key",',
            '        "url": None,',
            '        "tools": ["weather"],',
            '        "password": True,',
            '        "category": "tool",',
            "    },",
        ]
    )
    inside = literal_lines(edited, "OPTIONAL_ENV_VARS")
    first_new = edited.splitlines().index('    "WEATHER_API_KEY": {') + 1
    assert first_new in inside
    assert remove_tool_from_env_vars(edited, "weather", places={"WEATHER_API_KEY": "entry"}) == (
        source
    )


@pytest.mark.parametrize("var", env_var_names()[::34])
def test_existing_env_var_gains_the_tool(var: str) -> None:
    source = config()
    edited = add_env_var(source, var, "weather", description="x", prompt="x", url=None)
    added = inserted_text(source, edited)
    assert "weather" in added and "x" not in added.replace("weather", "")
    namespace: dict[str, object] = {}
    exec(compile(edited, "config.py", "exec"), namespace)  # noqa: S102
    env_vars = namespace["OPTIONAL_ENV_VARS"]
    assert isinstance(env_vars, dict) and env_vars[var]["tools"][-1] == "weather"
    assert add_env_var(edited, var, "weather", description="x", prompt="x", url=None) == edited
    mode = "key" if "tools" in inserted_text(source, edited) else "name"  # as new-tool records
    assert remove_tool_from_env_vars(edited, "weather", places={var: mode}) == source


def test_runtime_assignment_is_not_the_literal() -> None:
    source = config()
    assert "    OPTIONAL_ENV_VARS[name] = {" in source
    edited = add_env_var(source, "ZZ_KEY", "weather", description="d", prompt="p", url="u")
    runtime = edited.index("    OPTIONAL_ENV_VARS[name] = {")
    assert edited.index('"ZZ_KEY"') < runtime
    assert edited[runtime:] == source[source.index("    OPTIONAL_ENV_VARS[name] = {") :]


def test_new_toolset_is_only_added_lines() -> None:
    source = toolsets()
    edited = add_tool_to_toolset(source, "weather", "weather", "Weather lookup")
    plus, minus = diff_lines(source, edited)
    assert minus == []
    # Platform entries at the end are packed (no blank lines), so the new one is too.
    assert sorted(plus) == sorted(
        [
            '    "weather": {',
            '        "description": "Weather lookup",',
            '        "tools": ["weather"],',
            '        "includes": [],',
            "    },",
        ]
    )
    assert remove_tool_from_toolsets(edited, "weather") == source


def test_core_tool_is_one_added_line() -> None:
    source = toolsets()
    edited = add_core_tool(source, "weather")
    assert diff_lines(source, edited) == (['    "weather",'], [])
    assert edited.index('    "weather",\n]') < edited.index("_HERMES_WEBHOOK_SAFE_TOOLS")
    assert remove_tool_from_toolsets(edited, "weather") == source


PLAIN_TOOLSETS = [n for n in toolset_names() if not n.startswith("hermes-")]


@pytest.mark.parametrize("toolset", PLAIN_TOOLSETS[::5] + ["browser", "debugging"])
def test_existing_toolset_gains_the_tool(toolset: str) -> None:
    source = toolsets()
    edited = add_core_tool(add_tool_to_toolset(source, "weather", toolset, "unused"), "weather")
    added = inserted_text(source, edited)
    assert added.count("weather") == 2 and "unused" not in added
    namespace: dict[str, object] = {}
    exec(compile(edited, "toolsets.py", "exec"), namespace)  # noqa: S102
    tools = namespace["TOOLSETS"][toolset]["tools"]  # type: ignore[index]
    assert tools[-1] == "weather" and tools.count("weather") == 1
    assert remove_tool_from_toolsets(edited, "weather") == source


def test_multi_line_tools_list_gets_a_line() -> None:
    source = toolsets()
    edited = add_tool_to_toolset(source, "weather", "browser", "unused")
    assert diff_lines(source, edited) == (['            "weather",'], [])


@pytest.mark.parametrize("toolset", PLATFORM_TOOLSETS[:3] + ["hermes-webhook"])
def test_platform_toolsets_refuse(toolset: str) -> None:
    with pytest.raises(EditError, match=rf'TOOLSETS\["{toolset}"\]\["tools"\] is a name'):
        add_tool_to_toolset(toolsets(), "weather", toolset, "x")


def test_crlf_files_round_trip() -> None:
    source = toolsets().replace("\n", "\r\n")
    edited = add_core_tool(add_tool_to_toolset(source, "weather", "weather", "W"), "weather")
    assert "\n" not in edited.replace("\r\n", "")
    assert remove_tool_from_toolsets(edited, "weather") == source
    config_crlf = config().replace("\n", "\r\n")
    edited = add_env_var(config_crlf, "W_KEY", "weather", description="d", prompt="p", url=None)
    assert "\n" not in edited.replace("\r\n", "")
    assert remove_tool_from_env_vars(edited, "weather", places={"W_KEY": "entry"}) == config_crlf


# ── The newer layout: every TOOLSETS entry a `_ts(...)` / `_bundle(...)` call ──

COMPUTED_TS = {"browser", "coding", "hermes-legacy", "hermes-webhook"}


def run_toolsets(source: str) -> dict[str, dict[str, object]]:
    namespace: dict[str, object] = {}
    exec(compile(source, "toolsets.py", "exec"), namespace)  # noqa: S102
    toolsets = namespace["TOOLSETS"]
    assert isinstance(toolsets, dict)
    return toolsets


def test_ts_fixture_has_the_upstream_shapes() -> None:
    source = toolsets_ts()
    assert 470 <= len(source.splitlines()) <= 500
    assert 150 <= len(literal_lines(source, "TOOLSETS")) <= 200
    for shape in ('_ts("', '_bundle("', "tools=[", "], includes=[", "posture=True", " for t in "):
        assert shape in source
    assert len(run_toolsets(source)) == len(toolset_names_ts())


@pytest.mark.parametrize("toolset", [n for n in toolset_names_ts() if n not in COMPUTED_TS])
def test_every_ts_entry_gains_the_tool_and_round_trips(toolset: str) -> None:
    source = toolsets_ts()
    before = run_toolsets(source)[toolset]["tools"]
    edited = add_tool_to_toolset(source, "weather", toolset, "unused")
    assert run_toolsets(edited)[toolset]["tools"] == [*before, "weather"]  # type: ignore[misc]
    edited = add_core_tool(edited, "weather")
    added = inserted_text(source, edited)
    assert added.count("weather") == 2 and "unused" not in added
    assert add_tool_to_toolset(edited, "weather", toolset, "unused") == edited
    assert remove_tool_from_toolsets(edited, "weather", description="unused") == source


@pytest.mark.parametrize("toolset", sorted(COMPUTED_TS))
def test_computed_ts_entries_refuse(toolset: str) -> None:
    with pytest.raises(
        EditError, match=rf'^toolsets.py: TOOLSETS\["{toolset}"\].* not a list literal'
    ):
        add_tool_to_toolset(toolsets_ts(), "weather", toolset, "x")


def test_new_ts_entry_is_one_added_line() -> None:
    source = toolsets_ts()
    edited = add_tool_to_toolset(source, "weather", "weather", "Weather lookup")
    assert diff_lines(source, edited) == (
        ['    "weather": _ts("Weather lookup", ["weather"]),'],
        [],
    )
    assert run_toolsets(edited)["weather"] == {
        "description": "Weather lookup",
        "tools": ["weather"],
        "includes": [],
    }
    assert remove_tool_from_toolsets(edited, "weather") == source
    named = add_tool_to_toolset(source, "weather", "forecasts", "Weather lookup")
    assert remove_tool_from_toolsets(named, "weather", description="Weather lookup") == source


def test_ts_crlf_round_trip() -> None:
    source = toolsets_ts().replace("\n", "\r\n")
    for toolset in ("weather", "context_engine", "hermes-discord", "hermes-cli"):
        edited = add_tool_to_toolset(source, "weather", toolset, "W " * 60)
        assert "\n" not in edited.replace("\r\n", "")
        assert remove_tool_from_toolsets(edited, "weather", description="W " * 60) == source
