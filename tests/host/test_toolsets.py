"""The one reader of toolsets.py (hermes_dev.host.toolsets), on sources shaped like the real files:
dict-literal entries, helper-call entries (`_ts(...)`), a name listed in several places,
`includes`, `"tools": _HERMES_CORE_TOOLS`, comments between entries, a missing trailing comma."""

from __future__ import annotations

import sys
import textwrap
from pathlib import Path

import pytest

from hermes_dev.errors import UserError
from hermes_dev.host.toolsets import (
    CORE,
    TABLE,
    Listing,
    ToolsetsFile,
    toolsets_summary_of,
)

# The older layout: every entry a dict literal.
DICT_ENTRIES = textwrap.dedent(
    """\
    \"\"\"Toolsets.\"\"\"

    _HERMES_CORE_TOOLS = [
        # Web
        "web_search", "web_extract",
        # Terminal
        "terminal",
    ]

    _HERMES_WEBHOOK_SAFE_TOOLS = ["web_search", "weather"]

    TOOLSETS = {
        "web": {
            "description": (
                "Web research and "
                "content extraction"
            ),
            "tools": ["web_search", "web_extract"],
            "includes": []
        },
        # Platform toolsets
        "hermes-cli": {"description": "CLI", "tools": _HERMES_CORE_TOOLS, "includes": ["web"]},
        "research": {"description": "Research", "tools": ["web_search"], "includes": ["web"]},
    }


    def get_toolset(name):
        TOOLSETS["late"] = {"description": "Late", "tools": ["weather"], "includes": []}
        return TOOLSETS.get(name)
    """
)

# The newer layout: every entry a helper call.
HELPER_ENTRIES = textwrap.dedent(
    """\
    _HERMES_CORE_TOOLS = ["web_search", "terminal"]


    def _ts(description, tools=(), includes=()):
        return {"description": description, "tools": list(tools), "includes": list(includes)}


    _BROWSER = ["browser_navigate", "web_search"]

    TOOLSETS = {
        "web": _ts("Web tools", ["web_search", "web_extract"]),
        "browser": _ts("Browser", _BROWSER, includes=["web"]),
        "memory": _ts("Persistent memory", tools=["memory"]),
        "context_engine": _ts("Tools the context engine adds at run time"),
        "hermes-cli": _ts("CLI", _HERMES_CORE_TOOLS + ["todo"], includes=["web", "browser"]),
        "computed": _ts("Computed", load("computed", extra=["web_search"])),
    }
    """
)


def written(source: str) -> ToolsetsFile:
    parsed = ToolsetsFile.parse(source)
    assert parsed is not None
    return parsed


def line_of(source: str, text: str, nth: int = 1) -> int:
    """The line of the `nth` line of `source` that holds `text`."""
    hits = [i for i, line in enumerate(source.splitlines(), 1) if text in line]
    return hits[nth - 1]


# --- the entries and their shape ----------------------------------------------------------------


def test_dict_literal_entries_have_their_keys_shape_and_size() -> None:
    toolsets = written(DICT_ENTRIES)
    assert toolsets.toolset_names() == {"web", "hermes-cli", "research"}
    entries = toolsets.entries()
    assert entries is not None
    assert [(e.key, e.shape, e.size) for e in entries] == [
        ("web", "dict", 3),
        ("hermes-cli", "dict", 3),
        ("research", "dict", 3),
    ]
    # A dict entry's tools are its values but "description" and "includes".
    web = toolsets.entry("web")
    assert web is not None
    assert [e.lineno for e in web.tool_exprs] == [line_of(DICT_ENTRIES, '"tools": ["web_search"')]


def test_helper_call_entries_have_their_keys_shape_and_size() -> None:
    toolsets = written(HELPER_ENTRIES)
    assert toolsets.toolset_names() == {
        "web",
        "browser",
        "memory",
        "context_engine",
        "hermes-cli",
        "computed",
    }
    sizes = {e.key: (e.shape, e.size) for e in toolsets.entries() or []}
    assert sizes["web"] == ("call", 2)
    assert sizes["browser"] == ("call", 3)  # two arguments and includes=
    assert sizes["context_engine"] == ("call", 1)  # no tools argument: an edit adds one
    # A call's tools are its arguments after the description, keywords but includes.
    browser = toolsets.entry("browser")
    assert browser is not None
    assert [type(e).__name__ for e in browser.tool_exprs] == ["Name"]
    memory = toolsets.entry("memory")
    assert memory is not None
    assert [type(e).__name__ for e in memory.tool_exprs] == ["List"]


def test_an_entry_of_another_shape_and_a_spread() -> None:
    source = 'BASE = {}\nTOOLSETS = {**BASE, "web": WEB_ENTRY, f"x{1}": {"tools": []}}\n'
    toolsets = written(source)
    entries = toolsets.entries()
    assert entries is not None
    assert [(e.key, e.shape) for e in entries] == [(None, "other"), ("web", "other"), (None, "dict")]
    assert entries[0].key_node is None  # the **spread
    web = toolsets.entry("web")
    assert web is not None and web.size == 0
    assert toolsets.toolset_names() == {"web"}


def test_the_assignment_in_force_is_the_last_as_the_edits_find_it() -> None:
    source = textwrap.dedent(
        """\
        TOOLSETS = {"old": {"description": "Old", "tools": []}}
        _HERMES_CORE_TOOLS: list[str] = ["web_search"]
        TOOLSETS = ALIAS = {
            "web": {"description": "Web", "tools": ["web_search"]},
            "web": {"description": "Web again", "tools": ["web_search"], "includes": []},
        }
        _HERMES_CORE_TOOLS: list[str]


        def later():
            TOOLSETS = {"inner": {}}
        """
    )
    toolsets = written(source)
    assert toolsets.toolset_names() == {"web"}  # the first TOOLSETS is dead; the def's is local
    table, core = toolsets.assignment(TABLE), toolsets.assignment(CORE)
    assert table is not None and table.lines == (3, 6)
    assert core is not None and core.lines == (2, 2)  # a bare annotation assigns nothing
    web = toolsets.entry("web")
    assert web is not None and web.size == 3  # the last item of a repeated key
    assert toolsets.entry("inner") is None


def test_no_toolsets_or_not_a_literal() -> None:
    assert written("_HERMES_CORE_TOOLS = []\n").entries() is None
    assert written("_HERMES_CORE_TOOLS = []\n").toolset_names() == frozenset()
    computed = written("TOOLSETS = dict(web={})\n")
    assert computed.entries() is None and computed.entry("web") is None


def test_a_file_that_does_not_parse_is_none_and_one_too_deep_a_user_error() -> None:
    assert ToolsetsFile.parse("TOOLSETS = {\n") is None
    assert ToolsetsFile.parse(b"TOOLSETS = {}\0\n") is None
    deep = "X = " + "[" * (sys.getrecursionlimit() * 20) + "]" * (sys.getrecursionlimit() * 20)
    try:
        parsed = ToolsetsFile.parse(deep)
    except UserError as exc:
        assert str(exc).startswith("toolsets.py"), exc
    else:
        assert parsed is None  # this Python's parser calls it a syntax error ("too many nested")


# --- where a tool name is listed ----------------------------------------------------------------


def test_a_name_listed_in_several_places_in_the_older_layout() -> None:
    found = written(DICT_ENTRIES).listings("web_search")
    assert found == [
        Listing(CORE, True, (line_of(DICT_ENTRIES, '"web_search", "web_extract",'),)),
        Listing(
            "_HERMES_WEBHOOK_SAFE_TOOLS", True, (line_of(DICT_ENTRIES, "_HERMES_WEBHOOK_SAFE"),)
        ),
        Listing("TOOLSETS['web']", True, (line_of(DICT_ENTRIES, '"tools": ["web_search", "'),)),
        Listing("TOOLSETS['research']", True, (line_of(DICT_ENTRIES, '"research": {'),)),
    ]


def test_a_name_listed_in_several_places_in_the_helper_call_layout() -> None:
    found = written(HELPER_ENTRIES).listings("web_search")
    assert [(f.where, f.certain) for f in found] == [
        (CORE, True),
        ("_BROWSER", True),
        ("TOOLSETS['web']", True),
        ("TOOLSETS['computed']", False),  # a computed list: it may be a member
    ]
    assert found[-1].lines == (line_of(HELPER_ENTRIES, '"computed": _ts('),)
    # by keyword, and in a `+` of a name and a list
    assert [(f.where, f.certain) for f in written(HELPER_ENTRIES).listings("memory")] == [
        ("TOOLSETS['memory']", True)
    ]
    assert [(f.where, f.certain) for f in written(HELPER_ENTRIES).listings("todo")] == [
        ("TOOLSETS['hermes-cli']", False)
    ]


def test_toolset_names_and_descriptions_are_not_tool_listings() -> None:
    source = textwrap.dedent(
        """\
        TOOLSETS = {
            "web": {"description": "web", "tools": [], "includes": ["web"]},
            "cli": _ts("web", [], includes=["web"]),
        }
        """
    )
    assert written(source).listings("web") == []


def test_a_computed_core_list_may_list_a_name_other_names_do_not() -> None:
    source = textwrap.dedent(
        """\
        _HERMES_CORE_TOOLS = _BASE + [
            "weather",
        ]
        _OTHER = _BASE + ["forecast"]
        SETTINGS = {"weather": "on"}
        """
    )
    toolsets = written(source)
    assert toolsets.listings("weather") == [Listing(CORE, False, (2,))]
    assert toolsets.listings("forecast") == []  # not a *_TOOLS name, not a list literal


def test_the_written_and_the_evaluated_views_agree_on_the_toolsets() -> None:
    for source in (DICT_ENTRIES, HELPER_ENTRIES):
        summary = toolsets_summary_of(Path("/host/toolsets.py"), source)
        assert summary is not None
        assert summary.toolset_names == written(source).toolset_names()


def test_the_evaluated_view_follows_names_and_keeps_includes() -> None:
    summary = toolsets_summary_of(Path("/host/toolsets.py"), HELPER_ENTRIES)
    assert summary is not None
    assert summary.entries["browser"] == (["browser_navigate", "web_search"], ["web"])
    assert summary.entries["hermes-cli"] == (["web_search", "terminal", "todo"], ["web", "browser"])
    assert summary.entries["context_engine"] == ([], [])
    assert summary.entries["computed"] == (None, None)
    assert "web_search" in summary.maybe_listed  # the computed entry's strings
    # Every place web_search is written, once each: the core list, _BROWSER, the web entry.
    lines = sorted(span.line for name, span in summary.listed if name == "web_search")
    assert lines == [1, 8, 11]
    dict_summary = toolsets_summary_of(Path("/host/toolsets.py"), DICT_ENTRIES)
    assert dict_summary is not None
    assert dict_summary.entries["hermes-cli"] == (["web_search", "web_extract", "terminal"], ["web"])
    assert "weather" not in dict_summary.maybe_listed  # only in the webhook list and a function


@pytest.mark.parametrize("source", [DICT_ENTRIES, HELPER_ENTRIES])
def test_bytes_and_text_read_alike(source: str) -> None:
    from_bytes = ToolsetsFile.parse(source.encode())
    assert from_bytes is not None
    assert from_bytes.listings("web_search") == written(source).listings("web_search")
