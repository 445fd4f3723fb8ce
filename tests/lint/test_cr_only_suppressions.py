"""`# hermes-dev: ignore[...]` in a file with CR-only line endings (issue 20, item 16): seen as in
any other file, so --fix leaves the suppressed statement alone and HD900 stays quiet."""

from __future__ import annotations

from hermes_dev.lint.run import run_lint
from hermes_dev.lint.suppress import find_suppressions
from tests.lint.support import make_root

TOOL = (
    "import json\n"
    "from tools.registry import registry\n"
    "\n"
    "def ping(args, **kw):\n"
    '    return {"pong": True}  # hermes-dev: ignore[HD101]\n'
    "\n"
    "SCHEMA = {\n"
    '    "name": "ping",\n'
    '    "description": "Ping.",\n'
    '    "parameters": {"type": "object", "properties": {}},\n'
    "}\n"
    'registry.register(name="ping", toolset="ping", schema=SCHEMA, handler=ping)\n'
)
TOOLSETS = 'TOOLSETS = {"ping": {"description": "Ping.", "tools": ["ping"], "includes": []}}\n'


def test_suppressions_are_found_on_cr_only_lines():
    found = find_suppressions(TOOL.replace("\n", "\r"))
    assert sorted(found) == [5] and [s.codes for s in found[5]] == [("HD101",)]


def test_fix_leaves_a_suppressed_statement_alone_in_a_cr_only_file(tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("HERMES_DEV_NO_CACHE", "1")
    source = TOOL.replace("\n", "\r").encode()
    root = make_root(tmp_path, {"toolsets.py": TOOLSETS})
    (root / "tools" / "ping_tool.py").write_bytes(source)
    assert run_lint(root=str(root), fix=True) == 0
    out = capsys.readouterr().out
    assert "HD900" not in out and "HD101" not in out, out
    assert (root / "tools" / "ping_tool.py").read_bytes() == source
