"""A toolsets.py or OPTIONAL_ENV_VARS module that does not parse: the message says what is
wrong and where (not "a newer Python", not "line None"), one line, exit 2, nothing touched."""

from __future__ import annotations

import pytest

from tests.scaffold.hosts import make_host, run_cli, snapshot

BROKEN = {
    "syntax error": ("\n\ndef _helper(:\n    return 1\n", "invalid syntax"),
    "unclosed bracket": ("\n\n_EXTRA = [\n    'a',\n", "'[' was never closed"),
    "null byte": ("\n\n_EXTRA = 1\x00\n", None),
}


@pytest.mark.parametrize("case", sorted(BROKEN))
@pytest.mark.parametrize("rel", ["toolsets.py", "hermes_cli/config.py"])
@pytest.mark.parametrize("command", ["new-tool", "remove-tool"])
def test_a_file_that_does_not_parse_is_named_with_its_line(tmp_path, command, rel, case):
    host = make_host(tmp_path / "host")
    path = host / rel
    original = path.read_text(encoding="utf-8")
    snippet, message = BROKEN[case]
    path.write_text(original + snippet, encoding="utf-8")
    line = original.count("\n") + 3  # the snippet's first non-empty line
    before = snapshot(host)
    args = ["zap", "--env", "ZAP_API_KEY"] if command == "new-tool" else ["weather"]
    code, _, err = run_cli(command, *args, "--root", str(host), "--yes")
    assert code == 2, err
    assert err.count("\n") == 1, err
    if message is None:
        expected = f"hermes-dev: error: {rel}: line {line} holds a null byte; this is not"
        assert err.startswith(expected), err
    else:
        assert err.startswith(f"hermes-dev: error: {rel}: line {line}"), err
        assert f": {message}; fix it, then run hermes-dev again\n" in err, err
    assert "this Python" not in err and "line None" not in err
    assert snapshot(host) == before


@pytest.mark.parametrize("rel", ["toolsets.py", "hermes_cli/config.py"])
@pytest.mark.parametrize("command", ["new-tool", "remove-tool"])
def test_a_file_that_is_not_utf8_is_named_with_its_path_and_line(tmp_path, command, rel):
    """Not `config.py is not UTF-8 text` (which config.py?): its path from the root, and the
    line of the first byte that is not UTF-8 (issue 20, item 13)."""
    host = make_host(tmp_path / "host")
    path = host / rel
    original = path.read_bytes()
    path.write_bytes(original + b"\n\n_EXTRA = '\xff'\n")
    line = original.count(b"\n") + 3
    before = snapshot(host)
    args = ["zap", "--env", "ZAP_API_KEY"] if command == "new-tool" else ["weather"]
    code, _, err = run_cli(command, *args, "--root", str(host), "--yes")
    assert code == 2, err
    assert err == (
        f"hermes-dev: error: {rel}: line {line} is not UTF-8 text; hermes-dev cannot edit it\n"
    ), err
    assert snapshot(host) == before
