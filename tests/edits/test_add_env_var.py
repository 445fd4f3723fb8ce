"""AddEnvVar: before/after cases, idempotence, and the round trip through remove."""

from __future__ import annotations

import ast

import pytest

from hermes_dev.edits import EditError, add_env_var, remove_tool_from_env_vars

HOST = """\
import os

OPTIONAL_ENV_VARS = {
    # ── Providers ──
    "EXAMPLE_PROVIDER_API_KEY": {
        "description": "API key of an example model provider",
        "prompt": "Example provider API key",
        "url": None,
        "password": True,
        "category": "provider",
    },

    # ── Tools ──
}


def register_runtime_env_var(name, info):
    OPTIONAL_ENV_VARS[name] = dict(info)
"""

WEATHER_ENTRY = """\
    "WEATHER_API_KEY": {
        "description": "Weather API key",
        "prompt": "Weather API key",
        "url": "https://weather.invalid/",
        "tools": ["weather"],
        "password": True,
        "category": "tool",
    },
"""

KW = {
    "description": "Weather API key",
    "prompt": "Weather API key",
    "url": "https://weather.invalid/",
}

CASES = {
    "new entry under the section comment": (
        HOST,
        "WEATHER_API_KEY",
        HOST.replace("    # ── Tools ──\n", "    # ── Tools ──\n" + WEATHER_ENTRY),
    ),
    "existing entry without tools gets a tools key": (
        HOST,
        "EXAMPLE_PROVIDER_API_KEY",
        HOST.replace('"provider",\n', '"provider",\n        "tools": ["weather"],\n'),
    ),
    "existing tools list gets the name": (
        HOST.replace('"provider",\n', '"provider",\n        "tools": ["web"],\n'),
        "EXAMPLE_PROVIDER_API_KEY",
        HOST.replace('"provider",\n', '"provider",\n        "tools": ["web", "weather"],\n'),
    ),
    "annotated assignment": (
        "OPTIONAL_ENV_VARS: dict[str, dict] = {\n}\n",
        "WEATHER_API_KEY",
        "OPTIONAL_ENV_VARS: dict[str, dict] = {\n" + WEATHER_ENTRY + "}\n",
    ),
    "empty dict": (
        "OPTIONAL_ENV_VARS = {}\n",
        "WEATHER_API_KEY",
        (
            'OPTIONAL_ENV_VARS = {"WEATHER_API_KEY": {"description": "Weather API key", '
            '"prompt": "Weather API key", "url": "https://weather.invalid/", "tools": ["weather"], '
            '"password": True, "category": "tool"}}\n'
        ),
    ),
}


@pytest.mark.parametrize("before, var, after", CASES.values(), ids=CASES.keys())
def test_before_after(before: str, var: str, after: str) -> None:
    assert add_env_var(before, var, "weather", **KW) == after


# What new-tool records for each case: it wrote the entry, added the tools key, or appended.
MODES = {
    "new entry under the section comment": "entry",
    "existing entry without tools gets a tools key": "key",
    "existing tools list gets the name": "name",
    "annotated assignment": "entry",
    "empty dict": "entry",
}


@pytest.mark.parametrize("case", CASES)
def test_idempotent_and_reversible(case: str) -> None:
    before, var, _after = CASES[case]
    once = add_env_var(before, var, "weather", **KW)
    assert add_env_var(once, var, "weather", **KW) == once
    assert remove_tool_from_env_vars(once, "weather", places={var: MODES[case]}) == before


def test_url_none_and_text_as_data() -> None:
    nasty = 'a "quoted" \\ back\nslash {{ x }} {% y %} """ \x00 \u2028 é'
    edited = add_env_var(
        HOST, "WEATHER_API_KEY", "weather", description=nasty, prompt=nasty, url=None
    )
    tree = ast.parse(edited)
    literal = next(
        node.value
        for node in tree.body
        if isinstance(node, ast.Assign)
        and getattr(node.targets[0], "id", "") == "OPTIONAL_ENV_VARS"
    )
    entry = ast.literal_eval(literal)["WEATHER_API_KEY"]
    assert entry == {
        "description": nasty,
        "prompt": nasty,
        "url": None,
        "tools": ["weather"],
        "password": True,
        "category": "tool",
    }


def test_runtime_assignments_are_left_alone() -> None:
    source = "def f():\n    OPTIONAL_ENV_VARS = {}\n\nOPTIONAL_ENV_VARS = {}\n"
    edited = add_env_var(source, "W_KEY", "weather", description="d", prompt="p", url=None)
    assert edited.startswith('def f():\n    OPTIONAL_ENV_VARS = {}\n\nOPTIONAL_ENV_VARS = {"W_KEY"')


def test_two_tools_share_a_variable() -> None:
    one = add_env_var(HOST, "WEATHER_API_KEY", "weather", **KW)
    two = add_env_var(one, "WEATHER_API_KEY", "forecast", **KW)
    assert '"tools": ["weather", "forecast"],' in two
    assert remove_tool_from_env_vars(two, "forecast", places={"WEATHER_API_KEY": "entry"}) == one
    assert remove_tool_from_env_vars(one, "weather", places={"WEATHER_API_KEY": "entry"}) == HOST


@pytest.mark.parametrize(
    "source, shape",
    [
        ("X = 1\n", "no module-level `OPTIONAL_ENV_VARS = ...`"),
        ("OPTIONAL_ENV_VARS = load()\n", "`OPTIONAL_ENV_VARS` is a call (load(...))"),
        ('OPTIONAL_ENV_VARS = {"W_KEY": BASE}\n', 'OPTIONAL_ENV_VARS["W_KEY"] is a name (BASE)'),
        (
            'OPTIONAL_ENV_VARS = {"W_KEY": {"tools": TOOLS}}\n',
            'OPTIONAL_ENV_VARS["W_KEY"]["tools"] is a name (TOOLS)',
        ),
    ],
)
def test_shapes_it_cannot_edit(source: str, shape: str) -> None:
    with pytest.raises(EditError) as raised:
        add_env_var(source, "W_KEY", "weather", description="d", prompt="p", url=None)
    message = str(raised.value)
    assert message.startswith("hermes_cli/config.py: ")
    assert shape in message
