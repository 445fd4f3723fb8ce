"""Which names new-tool refuses as taken, and the reason it gives."""

import pytest

from tests.scaffold.hosts import make_host, run_cli, snapshot

# A module that registers its tools from a table, as some Hermes modules do; its schemas hold
# strings (property names, enum values) that are not tool names.
TABLE_MODULE = '''\
"""Desktop UI tools, registered from a table."""

import json

from tools.registry import registry

_SCHEMAS = {
    "open_preview": {
        "name": "open_preview",
        "description": "Open a preview pane.",
        "parameters": {
            "type": "object",
            "properties": {
                "url": {"type": "string", "description": "What to show."},
                "pane": {"type": "string", "enum": ["chat", "files", "ghost"], "description": "Where."},
            },
            "required": ["url"],
        },
    },
    "close_preview": {
        "name": "close_preview",
        "description": "Close the preview pane.",
        "parameters": {"type": "object", "properties": {}, "required": []},
    },
}


def _run(tool_name, args):
    return json.dumps({"tool": tool_name, "args": args})


for _name, _schema in _SCHEMAS.items():
    registry.register(
        name=_name,
        toolset="desktop",
        schema=_schema,
        handler=lambda args, _tool_name=_name, **_kw: _run(_tool_name, args),
    )
'''

# A loop over a table the lint model cannot evaluate row by row (a call): every string in that
# table may be a tool name, and is refused; strings elsewhere in the module are not.
COMPUTED_TABLE_MODULE = """\
import json

from tools.registry import registry

_HELP = {"topic": "a string that is not a tool name"}


def _names(*names):
    return list(names)


for _name in _names("fetch_page", "fetch_feed"):
    registry.register(name=_name, toolset="fetch", schema={}, handler=lambda args, **kw: "{}")
"""


@pytest.fixture
def table_host(tmp_path):
    host = make_host(tmp_path / "host")
    (host / "tools" / "desktop_ui_tools.py").write_text(TABLE_MODULE)
    (host / "tools" / "fetch_tools.py").write_text(COMPUTED_TABLE_MODULE)
    toolsets = host / "toolsets.py"
    toolsets.write_text(
        toolsets.read_text().replace('"current_time",', '"current_time", "ghost",', 1)
    )
    return host


@pytest.mark.parametrize("name", ["url", "chat", "files", "pane", "topic"])
def test_strings_of_a_table_module_that_are_not_tool_names_are_free(table_host, name):
    before = snapshot(table_host)
    code, out, err = run_cli("new-tool", name, "--root", str(table_host), "--dry-run", "--yes")
    assert code == 0, err
    assert f"+++ b/tools/{name}_tool.py" in out
    assert snapshot(table_host) == before


@pytest.mark.parametrize(
    ("name", "reason"),
    [
        ("open_preview", "tools/desktop_ui_tools.py registers a tool named 'open_preview'"),
        ("close_preview", "tools/desktop_ui_tools.py registers a tool named 'close_preview'"),
        ("fetch_feed", "tools/fetch_tools.py registers a tool named 'fetch_feed'"),
        # Also an enum value in the table module: the real reason is toolsets.py.
        ("ghost", "toolsets.py lists 'ghost' in _HERMES_CORE_TOOLS"),
    ],
)
def test_names_a_table_module_registers_are_refused_with_the_real_reason(table_host, name, reason):
    code, _, err = run_cli("new-tool", name, "--root", str(table_host), "--dry-run", "--yes")
    assert code == 2
    assert reason in err, err


TS_HELPER = """\
def _ts(description, tools=(), includes=()):
    return {"description": description, "tools": list(tools), "includes": list(includes)}


"""


@pytest.mark.parametrize(
    "entry",
    [
        '_ts("Forecasts", ["forecast"])',  # a helper call, as newer Hermes writes entries
        '{"description": "Forecasts", "tools": ["forecast"], "includes": []}',  # a dict literal
    ],
)
def test_a_toolset_entry_listing_the_name_refuses_it_whatever_its_shape(tmp_path, entry):
    host = make_host(tmp_path / "host")
    toolsets = host / "toolsets.py"
    text = toolsets.read_text()
    assert "TOOLSETS = {\n" in text
    toolsets.write_text(
        text.replace("TOOLSETS = {\n", f'{TS_HELPER}TOOLSETS = {{\n    "forecasts": {entry},\n', 1)
    )
    before = snapshot(host)
    code, _, err = run_cli("new-tool", "forecast", "--root", str(host), "--dry-run", "--yes")
    assert code == 2, err
    assert "toolsets.py lists 'forecast'" in err, err
    assert snapshot(host) == before


# A memory provider: Hermes' memory discovery imports plugins/memory/<name>/ and offers the tools
# its provider's get_tool_schemas() returns; no registry.register names them.
MEMORY_PROVIDER = '''\
"""Journal memory."""

import json

from agent.memory_provider import MemoryProvider

LOOKUP_SCHEMA = {
    "name": "journal_lookup",
    "description": "Look a journal entry up.",
    "parameters": {
        "type": "object",
        "properties": {"entry": {"type": "string", "description": "Which entry."}},
    },
}
WRITE_SCHEMA = {"name": "journal_write", "description": "Write an entry.", "parameters": {}}
ALL_SCHEMAS = [LOOKUP_SCHEMA, WRITE_SCHEMA]


class JournalMemory(MemoryProvider):
    def get_tool_schemas(self):
        return list(ALL_SCHEMAS)

    def handle_tool_call(self, tool_name, args, **kwargs):
        return json.dumps({"tool": tool_name})


def register(ctx):
    ctx.register_memory_provider(JournalMemory())
'''


@pytest.fixture
def memory_host(tmp_path):
    host = make_host(tmp_path / "host")
    folder = host / "plugins" / "memory" / "journal"
    folder.mkdir(parents=True)
    (folder / "__init__.py").write_text(MEMORY_PROVIDER)
    return host


@pytest.mark.parametrize("name", ["journal_lookup", "journal_write"])
def test_a_tool_a_memory_provider_serves_is_taken(memory_host, name):
    before = snapshot(memory_host)
    code, _, err = run_cli("new-tool", name, "--root", str(memory_host), "--dry-run", "--yes")
    assert code == 2
    assert (
        f"plugins/memory/journal/__init__.py serves a tool named {name!r} through"
        " get_tool_schemas()" in err
    ), err
    assert snapshot(memory_host) == before
    code, _, err = run_cli(
        "new-plugin", "diary", "--tool", name, "--root", str(memory_host), "--dry-run", "--yes"
    )
    assert code == 2 and "serves a tool named" in err, err


def test_a_property_of_a_served_schema_is_free(memory_host):
    code, out, err = run_cli("new-tool", "entry", "--root", str(memory_host), "--dry-run", "--yes")
    assert code == 0, err
    assert "+++ b/tools/entry_tool.py" in out
