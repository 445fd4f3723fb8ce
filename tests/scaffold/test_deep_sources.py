"""Deeply nested expressions in the files the scaffold edits, and very long descriptions.

libcst writes code back (and evaluates implicit concatenations) by recursion, one level or two
per level of nesting: a ~490-deep `1 + 1 + ...` in toolsets.py or the OPTIONAL_ENV_VARS module,
or a description wrapped into ~480 concatenated pieces, overflowed Python's recursion limit.
"""

from __future__ import annotations

import pytest

from tests.scaffold.hosts import make_host, run_cli, snapshot

DEEP = "\n\nDEEP = " + " + ".join(["1"] * 1500) + "\n"
CONCATENATED = "\n\nLONG = (\n" + "".join(f'    "piece {i} "\n' for i in range(3000)) + ")\n"


@pytest.mark.parametrize("snippet", [DEEP, CONCATENATED], ids=["sum", "concatenation"])
@pytest.mark.parametrize("rel", ["toolsets.py", "hermes_cli/config.py"])
def test_new_tool_then_remove_tool_next_to_a_deep_expression(tmp_path, rel, snippet):
    host = make_host(tmp_path / "host")
    path = host / rel
    path.write_text(path.read_text(encoding="utf-8") + snippet, encoding="utf-8")
    before = snapshot(host)
    code, out, err = run_cli(
        "new-tool", "zap", "--env", "ZAP_API_KEY", "--root", str(host), "--yes"
    )
    assert (code, err) == (0, ""), err
    assert "toolsets.py" in out and "hermes_cli/config.py" in out
    assert path.read_text(encoding="utf-8").endswith(snippet)
    code, _, err = run_cli("remove-tool", "zap", "--root", str(host), "--yes")
    assert (code, err) == (0, ""), err
    assert snapshot(host) == before


def test_a_45_kb_description_is_written_and_removed(tmp_path):
    host = make_host(tmp_path / "host")
    before = snapshot(host)
    description = "Looks things up. " * 2700  # ~46 KB on one line
    code, _, err = run_cli(
        "new-tool", "zap", "--description", description, "--root", str(host), "--yes"
    )
    assert (code, err) == (0, ""), err
    toolsets = (host / "toolsets.py").read_text(encoding="utf-8")
    assert toolsets.count('"Looks things up. ') > 400  # the entry's description, wrapped
    code, _, err = run_cli("remove-tool", "zap", "--root", str(host), "--yes")
    assert (code, err) == (0, ""), err
    assert snapshot(host) == before
