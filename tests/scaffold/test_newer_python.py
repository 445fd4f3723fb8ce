"""A checkout whose files use syntax of a newer Python than the one hermes-dev runs on."""

import ast
import platform

import pytest

from tests.scaffold.hosts import make_host, run_cli, snapshot

# PEP 758 (3.14): except without parentheses; PEP 701 (3.12): quotes reused inside an f-string.
NEWER_SYNTAX = {
    "toolsets.py": "\n\ndef _parse(text):\n    try:\n        return int(text)\n"
    "    except ValueError, TypeError:\n        return None\n",
    "hermes_cli/config.py": '\n\ndef _label(d):\n    return f"{d["name"]} ({d["kind"]})"\n',
}


def _append(host, rel):
    snippet = NEWER_SYNTAX[rel]
    try:
        ast.parse(snippet)
    except SyntaxError:
        pass
    else:
        pytest.skip(f"Python {platform.python_version()} parses this syntax")
    path = host / rel
    path.write_text(path.read_text() + snippet)


@pytest.mark.parametrize("rel", sorted(NEWER_SYNTAX))
@pytest.mark.parametrize("command", ["new-tool", "remove-tool"])
def test_newer_syntax_is_named_not_blamed_on_hermes_dev(tmp_path, rel, command):
    host = make_host(tmp_path / "host")
    _append(host, rel)
    before = snapshot(host)
    args = ["zap", "--env", "WEATHER_API_KEY"] if command == "new-tool" else ["weather"]
    code, _, err = run_cli(command, *args, "--root", str(host), "--yes")
    assert code == 2, err
    assert err.count("\n") == 1
    prefix = f"hermes-dev: error: {rel} uses syntax this Python ({platform.python_version()})"
    assert err.startswith(prefix + " cannot parse (line "), err
    assert err.endswith("; run hermes-dev with the checkout's Python\n")
    assert "bug" not in err
    assert snapshot(host) == before
