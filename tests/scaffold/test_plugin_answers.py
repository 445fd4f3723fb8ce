"""new-plugin's answers (issue 20, items 15 and 17): text a manifest cannot carry is refused in
one clear line before anything is rendered, and a name new-tool refuses is refused too."""

from __future__ import annotations

import pytest

from hermes_dev.host.plugins import manifest_problems, read_manifest
from tests.scaffold.hosts import make_host, run_cli, snapshot


@pytest.fixture
def checkout(tmp_path):
    return make_host(tmp_path / "host")


@pytest.mark.parametrize(
    ("char", "shown"),
    [
        ("\x7f", "'\\x7f'"),
        ("\x85", "'\\x85'"),
        ("\x9b", "'\\x9b'"),
        ("\ufdd0", "'\\ufdd0'"),
        ("\uffff", "'\\uffff'"),
        ("\x01", "'\\x01'"),
    ],
)
@pytest.mark.parametrize("option", ["--description", "--author"])
def test_text_a_manifest_cannot_carry_is_refused_up_front(checkout, option, char, shown):
    before = snapshot(checkout)
    code, _out, err = run_cli(
        "new-plugin", "odd", option, f"odd{char}text", "--root", str(checkout), "--yes"
    )
    assert code == 2, err
    assert err == (
        f"hermes-dev: error: {option.lstrip('-').replace('description', 'the description')}"
        f" holds the character {shown}, which plugin.yaml cannot hold; leave it out\n"
    ), err
    assert snapshot(checkout) == before


@pytest.mark.parametrize("text", ["tab\tand \u00e9 \u2603 \U0001f327\ufe0f", 'quote " and \\ back'])
def test_any_other_text_makes_a_valid_manifest(checkout, text):
    code, _out, err = run_cli(
        "new-plugin",
        "fine",
        "--description",
        text,
        "--author",
        text,
        "--root",
        str(checkout),
        "--yes",
    )
    assert code == 0, err
    manifest = read_manifest(checkout / "plugins" / "fine" / "plugin.yaml")
    assert manifest_problems(manifest) == []
    assert manifest.mapping["description"] == text and manifest.mapping["author"] == text


GHOST_ENTRY = """
OPTIONAL_ENV_VARS["GHOST_KEY"] = {"description": "Ghost", "prompt": "Ghost", "tools": ["ghost"]}
"""


@pytest.mark.parametrize("args", [("ghost",), ("spooky", "--tool", "ghost")])
def test_a_name_an_env_entry_lists_is_refused_as_new_tool_refuses_it(checkout, args):
    config = checkout / "hermes_cli" / "config.py"
    text = config.read_text(encoding="utf-8")
    config.write_text(
        text.replace('        "tools": ["weather"],', '        "tools": ["weather", "ghost"],'),
        encoding="utf-8",
    )
    assert "ghost" in config.read_text(encoding="utf-8")
    code, _out, err = run_cli("new-tool", "ghost", "--root", str(checkout), "--yes")
    assert code == 2 and "OPTIONAL_ENV_VARS['WEATHER_API_KEY'] lists 'ghost'" in err, err
    before = snapshot(checkout)
    code, _out, err = run_cli("new-plugin", *args, "--root", str(checkout), "--yes")
    assert code == 2, err
    assert "OPTIONAL_ENV_VARS['WEATHER_API_KEY'] lists 'ghost'" in err, err
    assert snapshot(checkout) == before
