"""AddEnvVar / RemoveToolFromEnvVars on helper-call entries (the newest Hermes layout):
before/after strings, a second application changes nothing, and the remove gives the bytes back."""

from __future__ import annotations

import pytest

from hermes_dev.edits import EditError, add_env_var, remove_tool_from_env_vars
from hermes_dev.edits._entries import Text
from hermes_dev.edits.add_env_var import NewEntry

HOST = """\
OPTIONAL_ENV_VARS = {
    # ── Tool API keys ──
    "EXA_KEY": _tool("Exa key", "Exa key",
        "https://exa.invalid/", tools=["web_search"]),
    "CAM_URL": _tool("Camera URL", "Camera URL", None, password=False),
    "ENGINE": _env("Browser engine", "Engine", url=None,
        tools=["browser_navigate"], password=False, category="tool"),
    # ── Messaging platforms ──
    "BOT_TOKEN": _msg("Bot token", "Bot token", None, password=True),
}
"""

KW = {"description": "d", "prompt": "p", "url": None}

CASES = {
    "a tools= list gains the name": (
        "EXA_KEY",
        None,
        HOST.replace('tools=["web_search"]', 'tools=["web_search", "weather"]'),
        "name",
    ),
    "a call without tools gains the keyword as its last argument": (
        "CAM_URL",
        None,
        HOST.replace("None, password=False),", 'None, password=False, tools=["weather"]),'),
        "key",
    ),
    "an _env(...) entry's tools= keyword": (
        "ENGINE",
        None,
        HOST.replace('["browser_navigate"]', '["browser_navigate", "weather"]'),
        "name",
    ),
    "a new entry after the last tool entry, before the next section": (
        "WEATHER_REGION",
        NewEntry(
            (
                ("description", Text("Weather region for the weather tool")),
                ("prompt", Text("Weather region")),
                ("tools", '["weather"]'),
                ("password", "False"),
            ),
            helper="_tool",
            positional=2,
            after="ENGINE",
        ),
        HOST.replace(
            "    # ── Messaging platforms ──\n",
            '    "WEATHER_REGION": _tool(\n'
            '        "Weather region for the weather tool", "Weather region", tools=["weather"],'
            " password=False),\n"
            "    # ── Messaging platforms ──\n",
        ),
        "entry",
    ),
    "a long description wraps into an implicit concatenation": (
        "WEATHER_API_KEY",
        NewEntry(
            (
                ("description", Text("Weather API key " * 8)),
                ("prompt", Text("Weather API key")),
                ("url", '"https://weather.invalid/"'),
                ("tools", '["weather"]'),
            ),
            helper="_tool",
            positional=3,
            after="CAM_URL",
        ),
        HOST.replace(
            '    "ENGINE": _env(',
            '    "WEATHER_API_KEY": _tool(\n'
            '        "Weather API key Weather API key Weather API key Weather API key Weather API key'
            ' Weather "\n'
            '        "API key Weather API key Weather API key ", "Weather API key",'
            ' "https://weather.invalid/",\n'
            '        tools=["weather"]),\n'
            '    "ENGINE": _env(',
        ),
        "entry",
    ),
}


@pytest.mark.parametrize("var, style, after, mode", CASES.values(), ids=CASES.keys())
def test_before_after_idempotent_and_undone(
    var: str, style: NewEntry | None, after: str, mode: str
) -> None:
    once = add_env_var(HOST, var, "weather", **KW, new_entry=style)
    assert once == after
    assert add_env_var(once, var, "weather", **KW, new_entry=style) == once
    assert remove_tool_from_env_vars(once, "weather", places={var: mode}) == HOST


def test_two_tools_in_either_order() -> None:
    style = NewEntry(
        (("description", Text("R")), ("prompt", Text("R")), ("tools", '["a"]')),
        helper="_tool",
        positional=2,
        after="ENGINE",
    )
    one = add_env_var(HOST, "REGION", "a", **KW, new_entry=style)
    two = add_env_var(one, "REGION", "b", **KW)
    assert 'tools=["a", "b"]' in two
    a_first = remove_tool_from_env_vars(two, "a", places={"REGION": "entry"})
    assert remove_tool_from_env_vars(a_first, "b", places={"REGION": "entry"}) == HOST
    b_first = remove_tool_from_env_vars(two, "b", places={"REGION": "entry"})
    assert b_first == one
    assert remove_tool_from_env_vars(b_first, "a", places={"REGION": "entry"}) == HOST


def test_a_call_with_star_arguments_is_refused() -> None:
    source = 'OPTIONAL_ENV_VARS = {"K": _tool("d", "p", **EXTRA)}\n'
    with pytest.raises(
        EditError, match=r'OPTIONAL_ENV_VARS\["K"\] is a call \(_tool\(...\)\) with'
    ):
        add_env_var(source, "K", "weather", **KW)
