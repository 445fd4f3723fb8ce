"""AddConfigurableToolset / RemoveConfigurableToolset: before/after cases, idempotence, and the
round trip (the remove gives back every byte)."""

from __future__ import annotations

import re

import pytest

from hermes_dev.edits import EditError, add_configurable_toolset, remove_configurable_toolset
from tests.edits._checks import inserted_text

ROW = ("stock_quote", "📈 Stock Quote", "Get a stock quote.")

CASES = {
    "aligned rows keep their columns": (
        """\
# Each entry: (toolset_name, label, description)
CONFIGURABLE_TOOLSETS = [
    ("web",             "🔍 Web Search & Scraping",    "web_search, web_extract"),
    ("todo",            "📋 Task Planning",             "todo"),
]
""",
        """\
# Each entry: (toolset_name, label, description)
CONFIGURABLE_TOOLSETS = [
    ("web",             "🔍 Web Search & Scraping",    "web_search, web_extract"),
    ("todo",            "📋 Task Planning",             "todo"),
    ("stock_quote",     "📈 Stock Quote",               "Get a stock quote."),
]
""",
    ),
    "a key longer than the column gets one space": (
        """\
CONFIGURABLE_TOOLSETS = [
    ("web", "Web", "web_search"),  # the first
    # ── more below ──
]
""",
        """\
CONFIGURABLE_TOOLSETS = [
    ("web", "Web", "web_search"),  # the first
    # ── more below ──
    ("stock_quote", "📈 Stock Quote", "Get a stock quote."),
]
""",
    ),
    "single quotes and no trailing comma": (
        """\
CONFIGURABLE_TOOLSETS = [
    ('web', 'Web', 'web_search'),
    ('todo', 'Todo', 'todo')
]
""",
        """\
CONFIGURABLE_TOOLSETS = [
    ('web', 'Web', 'web_search'),
    ('todo', 'Todo', 'todo'),
    ('stock_quote', '📈 Stock Quote', 'Get a stock quote.')
]
""",
    ),
    "one line": (
        'CONFIGURABLE_TOOLSETS = [("web", "Web", "w")]\n',
        'CONFIGURABLE_TOOLSETS = [("web", "Web", "w"), ("stock_quote", "📈 Stock Quote", "Get a'
        ' stock quote.")]\n',
    ),
    "empty": (
        "CONFIGURABLE_TOOLSETS = []\n",
        'CONFIGURABLE_TOOLSETS = [("stock_quote", "📈 Stock Quote", "Get a stock quote.")]\n',
    ),
    "the last assignment is the one edited": (
        'CONFIGURABLE_TOOLSETS = 1\nCONFIGURABLE_TOOLSETS = [\n    ("a", "A", "a"),\n]\n',
        'CONFIGURABLE_TOOLSETS = 1\nCONFIGURABLE_TOOLSETS = [\n    ("a", "A", "a"),\n'
        '    ("stock_quote", "📈 Stock Quote", "Get a stock quote."),\n]\n',
    ),
}


@pytest.mark.parametrize("name", list(CASES))
def test_add_then_remove(name: str) -> None:
    before, after = CASES[name]
    added = add_configurable_toolset(before, *ROW)
    assert added == after
    inserted_text(before, added)
    assert add_configurable_toolset(added, *ROW) == added  # idempotent
    assert remove_configurable_toolset(added, ROW[0]) == before
    assert remove_configurable_toolset(before, ROW[0]) == before


def test_crlf_and_bom_are_kept() -> None:
    before = '\ufeffCONFIGURABLE_TOOLSETS = [\r\n    ("web", "Web", "w"),\r\n]\r\n'
    added = add_configurable_toolset(before, *ROW)
    assert added.startswith("\ufeff") and "\n" not in added.replace("\r\n", "")
    assert remove_configurable_toolset(added, ROW[0]) == before


def test_text_is_data_never_code() -> None:
    before = "CONFIGURABLE_TOOLSETS = [\n]\n"
    added = add_configurable_toolset(before, "k", 'a "quoted" label\n', "{{ x }} \\ end")
    namespace: dict[str, object] = {}
    exec(added, namespace)  # noqa: S102 -- the test's own source
    assert namespace["CONFIGURABLE_TOOLSETS"] == [("k", 'a "quoted" label\n', "{{ x }} \\ end")]


def test_remove_takes_only_that_key() -> None:
    source = 'CONFIGURABLE_TOOLSETS = [("a", "A", "stock_quote"), ("stock_quote_x", "B", "b")]\n'
    assert remove_configurable_toolset(source, "stock_quote") == source


@pytest.mark.parametrize(
    ("source", "message"),
    [
        ("X = 1\n", "no module-level `CONFIGURABLE_TOOLSETS = ...`"),
        ("CONFIGURABLE_TOOLSETS = _BASE + []\n", "is an expression (... + ...), not a list"),
        ("CONFIGURABLE_TOOLSETS = [\n", "does not parse"),
    ],
)
def test_refuses_what_it_cannot_edit(source: str, message: str) -> None:
    with pytest.raises(EditError, match=re.escape(message)):
        add_configurable_toolset(source, *ROW)
    if "parse" not in message:
        assert remove_configurable_toolset(source, ROW[0]) == source
