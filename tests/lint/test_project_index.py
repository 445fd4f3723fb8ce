"""toolsets.py and OPTIONAL_ENV_VARS read statically on files with the real shapes (HERMES.md),
and the project rules' precision on a host built from them."""

from __future__ import annotations

import ast
import re
import textwrap
from pathlib import Path

import pytest

from bench.hermes_shapes import (
    CORE_TOOLS,
    env_var_names,
    make_config_source,
    make_toolsets_source,
    toolset_names,
)
from hermes_dev.host.config_summary import config_summary_of, summarize_config
from hermes_dev.host.toolsets import summarize_toolsets, toolsets_summary_of
from hermes_dev.lint.engine import lint


@pytest.fixture(autouse=True)
def _no_cache(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HERMES_DEV_NO_CACHE", "1")


def _listed_tools(source: str) -> set[str]:
    """Every tool name the toolsets module resolves to, by running it (the ground truth)."""
    namespace: dict[str, object] = {}
    exec(compile(source, "toolsets.py", "exec"), namespace)  # noqa: S102 (our own fixture)
    toolsets = namespace["TOOLSETS"]
    assert isinstance(toolsets, dict)
    core = namespace["_HERMES_CORE_TOOLS"]
    assert isinstance(core, list)
    return set(core) | {t for entry in toolsets.values() for t in entry["tools"]}


def test_toolsets_of_the_real_shape() -> None:
    source = make_toolsets_source(900)
    path = Path("/host/toolsets.py")
    summary = toolsets_summary_of(path, source)
    assert summary is not None
    assert {name for name, _ in summary.listed} == _listed_tools(source)
    assert summary.maybe_listed == _listed_tools(source)
    assert set(CORE_TOOLS) <= summary.maybe_listed
    assert summary.toolset_names == set(toolset_names(900))
    lines = source.splitlines()
    for name, span in summary.listed:  # every position is that name's string
        assert lines[span.line - 1][span.column - 1 : span.end_column - 1] == repr(name).replace(
            "'", '"'
        )


def test_config_of_the_real_shape_table_only_equals_whole_file() -> None:
    source = make_config_source(6600)
    path = Path("/host/hermes_cli/config.py")
    fast = config_summary_of(path, source)
    whole = summarize_config(path, ast.parse(source))
    assert fast == whole
    assert fast is not None and fast.complete
    assert set(fast.env_vars) == set(env_var_names(6600))
    namespace: dict[str, object] = {}
    exec(compile(source, "config.py", "exec"), namespace)  # noqa: S102 (our own fixture)
    table = namespace["OPTIONAL_ENV_VARS"]
    assert isinstance(table, dict)
    expected = sorted((t, var) for var, info in table.items() for t in info.get("tools", ()))
    assert sorted((t, var) for t, var, _ in fast.tool_refs) == expected
    assert len({var for _, var, _ in fast.tool_refs}) == 18


def test_config_falls_back_to_the_whole_file_when_the_table_needs_it() -> None:
    source = textwrap.dedent(
        """
        _SHARED = ["weather"]
        OPTIONAL_ENV_VARS = {
            "WEATHER_API_KEY": {"description": "Key", "prompt": "Key", "tools": _SHARED},
        }
        OPTIONAL_ENV_VARS["EXTRA_KEY"] = {"description": "X", "prompt": "X"}
        """
    )
    summary = config_summary_of(Path("/c.py"), source)
    assert summary is not None and summary.complete
    assert set(summary.env_vars) == {"WEATHER_API_KEY", "EXTRA_KEY"}
    assert [(t, v) for t, v, _ in summary.tool_refs] == [("weather", "WEATHER_API_KEY")]


def test_toolsets_entries_that_do_not_evaluate_count_all_their_strings() -> None:
    source = textwrap.dedent(
        """
        _HERMES_CORE_TOOLS = ["web_search"]
        TOOLSETS = {
            "web": {"description": "Web", "tools": load_tools("web", extra=["web_extract"])},
            "hermes-cli": {"description": "All", "tools": _HERMES_CORE_TOOLS},
        }
        """
    )
    summary = summarize_toolsets(Path("/t.py"), source, ast.parse(source))
    assert {n for n, _ in summary.listed} == {"web_search"}
    assert {"web_extract", "web_search"} <= summary.maybe_listed


def _host(root: Path, registered: list[str], with_env: bool = True) -> None:
    """A host with the real shapes: toolsets.py, config.py, and tool modules registering
    `registered` (the tools of OPTIONAL_ENV_VARS entries with their keys)."""
    (root / "tools").mkdir(parents=True)
    (root / "hermes_cli").mkdir()
    repo = Path(__file__).resolve().parents[2]
    (root / "tools" / "registry.py").write_text(
        (repo / "tools" / "registry.py").read_text(encoding="utf-8"), encoding="utf-8"
    )
    toolsets = make_toolsets_source(900)
    config = make_config_source(6600)
    (root / "toolsets.py").write_text(toolsets, encoding="utf-8")
    (root / "hermes_cli" / "config.py").write_text(config, encoding="utf-8")
    keys: dict[str, list[str]] = {}
    namespace: dict[str, object] = {}
    exec(compile(config, "config.py", "exec"), namespace)  # noqa: S102 (our own fixture)
    table = namespace["OPTIONAL_ENV_VARS"]
    assert isinstance(table, dict)
    for var, info in table.items():
        for tool in info.get("tools", ()):
            keys.setdefault(tool, []).append(var)
    for i in range(0, len(registered), 10):
        rows = registered[i : i + 10]
        body = [
            '"""Generated tool module."""',
            "import json",
            "import os",
            "",
            "from tools.registry import registry",
            "",
            "",
            "def _schema(name, description):",
            '    return {"name": name, "description": description,',
            '            "parameters": {"type": "object", "properties": {',
            '                "q": {"type": "string", "description": "Query"}},',
            '                "required": ["q"]}}',
            "",
            "",
            "def _available():",
            '    return bool(os.getenv("X"))',
            "",
            "",
        ]
        for name in rows:
            env = keys.get(name, []) if with_env else []
            body += [
                "registry.register(",
                f"    name={name!r},",
                '    toolset="generated",',
                f"    schema=_schema({name!r}, {('Tool ' + name + '.')!r}),",
                "    handler=lambda args, **kw: json.dumps({}),",
                "    check_fn=_available,",
                f"    requires_env={env!r},",
                ")",
            ]
        (root / "tools" / f"gen_{i // 10}_tool.py").write_text("\n".join(body) + "\n")


def _all_tools() -> list[str]:
    return sorted(_listed_tools(make_toolsets_source(900)))


def _config_only_tools() -> list[str]:
    """Tools OPTIONAL_ENV_VARS names that no toolset of the fixture lists."""
    namespace: dict[str, object] = {}
    exec(compile(make_config_source(6600), "config.py", "exec"), namespace)  # noqa: S102 (our own fixture)
    table = namespace["OPTIONAL_ENV_VARS"]
    assert isinstance(table, dict)
    named = {t for info in table.values() for t in info.get("tools", ())}
    return sorted(named - set(_all_tools()))


def test_real_shapes_with_everything_registered_give_nothing(tmp_path: Path) -> None:
    _host(tmp_path, _all_tools())
    # the fixture's OPTIONAL_ENV_VARS also names tools of no toolset: say they come at run time
    (tmp_path / "pyproject.toml").write_text(
        f"[tool.hermes-dev]\nknown-tools = {_config_only_tools()!r}\n".replace("'", '"'),
        encoding="utf-8",
    )
    result = lint([], root=str(tmp_path), select=["HD2", "HD3"], use_cache=False)
    assert [(f.code, f.line, f.message) for f in result.findings] == []


def test_real_shapes_with_one_tool_missing(tmp_path: Path) -> None:
    tools = _all_tools()
    tools.remove("web_extract")  # in _HERMES_CORE_TOOLS, the webhook-safe list and "web"
    _host(tmp_path, tools + ["unlisted_tool"])
    result = lint([], root=str(tmp_path), select=["HD301", "HD302"], use_cache=False)
    found = sorted((f.code, result.relative(f.path), f.tool) for f in result.findings)
    source = (tmp_path / "toolsets.py").read_text(encoding="utf-8")
    places = len(re.findall(r'"web_extract"', source))
    assert places >= 2
    assert found == sorted(
        [("HD302", "toolsets.py", "web_extract")] * places
        + [("HD301", f"tools/gen_{(len(tools)) // 10}_tool.py", "unlisted_tool")]
    )


def test_registration_shapes_seen_in_real_hermes(tmp_path: Path) -> None:
    """Loops over tuple tables with a statement before the call, over `SCHEMAS.items()`, and a
    plugin registering from an inline table: every name is known to the project rules."""
    from tests.lint.support import make_root

    kanban = textwrap.dedent(
        """
        import os
        from tools.registry import registry

        def _ok():
            return bool(os.getenv("X"))

        def _show(args, **kw):
            return "{}"

        SHOW_SCHEMA = {"name": "kanban_show", "description": "Show.",
                       "parameters": {"type": "object", "properties": {}}}
        ARCHIVE_SCHEMA = {"name": "kanban_archive", "description": "Archive.",
                          "parameters": {"type": "object", "properties": {}}}
        _GATES = {"kanban_archive": _ok}

        _TOOLS = (
            ("kanban_show", SHOW_SCHEMA, _show, "A"),
            ("kanban_archive", ARCHIVE_SCHEMA, _show, "B"))

        for _name, _sch, _handler, _emoji in _TOOLS:
            _gate = _GATES.get(_name) or _ok
            registry.register(name=_name, toolset="kanban", schema=_sch, handler=_handler,
                              emoji=_emoji, check_fn=_gate)
        """
    )
    notes = textwrap.dedent(
        """
        from tools.registry import registry

        NOTE_SCHEMAS = {
            "note_add": {"name": "note_add", "description": "Add.",
                         "parameters": {"type": "object", "properties": {}}},
            "note_list": {"name": "note_list", "description": "List.",
                          "parameters": {"type": "object", "properties": {}}},
        }
        for tool_name, schema in NOTE_SCHEMAS.items():
            registry.register(name=tool_name, toolset="notes", schema=schema,
                              handler=lambda args, **kw: "{}")
        """
    )
    plugin = textwrap.dedent(
        """
        def register(ctx):
            for name, handler in (("pl_read", print), ("pl_write", print)):
                ctx.register_tool(name=name, toolset="pl", schema={"description": "P."},
                                  handler=handler)
        """
    )
    toolsets = textwrap.dedent(
        """
        _HERMES_CORE_TOOLS = ["kanban_show", "note_add", "note_list"]
        TOOLSETS = {
            "pl": {"description": "Plugin", "tools": ["pl_read", "pl_write"], "includes": []},
        }
        """
    )
    root = make_root(
        tmp_path,
        {
            "tools/kanban_tools.py": kanban,
            "tools/notes_tools.py": notes,
            "plugins/pl/__init__.py": plugin,
            "toolsets.py": toolsets,
        },
    )
    result = lint([], root=str(root), select=["HD2", "HD3"], use_cache=False)
    assert [(f.code, f.tool) for f in result.findings] == [("HD301", "kanban_archive")]
    assert result.stats.counters == {}


def test_loops_over_tables_the_model_leaves_unexpanded(tmp_path: Path) -> None:
    """A table built with `+`, or imported from a sibling module, still gives its rows."""
    from tests.lint.support import make_root

    tables = 'BASE = [("alpha", "A."), ("beta", "B.")]\n'
    tool = textwrap.dedent(
        """
        from tools._tables import BASE
        from tools.registry import registry

        def _schema(name, description):
            return {"name": name, "description": description,
                    "parameters": {"type": "object", "properties": {}}}

        for _name, _description in BASE + [("gamma", "")]:
            registry.register(name=_name, toolset="t", schema=_schema(_name, _description),
                              handler=lambda args, **kw: "{}")
        """
    )
    toolsets = '_HERMES_CORE_TOOLS = ["alpha", "beta", "gamma", "delta"]\n'
    root = make_root(
        tmp_path,
        {"tools/_tables.py": tables, "tools/greek_tools.py": tool, "toolsets.py": toolsets},
    )
    result = lint([], root=str(root), select=["HD2", "HD3"], use_cache=False)
    found = sorted((f.code, f.tool) for f in result.findings)
    # gamma's empty description is found in its row; only delta is registered nowhere
    assert found == [("HD201", "gamma"), ("HD302", "delta")]


def test_plugin_schemas_from_a_sibling_module(tmp_path: Path) -> None:
    """`from . import schemas` and `schema=schemas.X` in a plugin's register(ctx): evaluated; a
    defect in the other file is reported at the `schema=` of the registration."""
    from tests.lint.support import make_root

    schemas = textwrap.dedent(
        """
        IMAGE = {
            "name": "make_image",
            "description": "Make an image.",
            "parameters": {
                "type": "object",
                "properties": {"prompt": {"type": "string", "description": "What to draw"}},
                "required": ["promt"],
            },
        }
        """
    )
    plugin = textwrap.dedent(
        """
        from . import schemas


        def _make(args, **kw):
            return "{}"


        def register(ctx):
            ctx.register_tool(
                name="make_image",
                toolset="images",
                schema=schemas.IMAGE,
                handler=_make,
            )
        """
    )
    root = make_root(
        tmp_path,
        {"plugins/images/__init__.py": plugin, "plugins/images/schemas.py": schemas},
    )
    result = lint([], root=str(root), select=["HD2"], use_cache=False)
    assert [(f.code, result.relative(f.path), f.line) for f in result.findings] == [
        ("HD203", "plugins/images/__init__.py", 13)
    ]
