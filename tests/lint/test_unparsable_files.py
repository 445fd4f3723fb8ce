"""A file lint reports on that does not parse gets HD000, whether or not it registers a tool
(a plugin's tools.py, a tool's helper, junk named `*.py`, a file named on the command line);
a module lint only reads to follow calls is never reported on."""

from __future__ import annotations

from hermes_dev.lint.engine import lint
from tests.lint.support import make_root

TOOL = """\
from tools.registry import registry, tool_error
from tools.wx_helpers import units
from agent.shared import helper

SCHEMA = {"name": "wx", "description": "Weather.", "parameters": {"type": "object", "properties": {}}}

def handler(args, **kw):
    return tool_error(units())


registry.register(name="wx", toolset="wx", schema=SCHEMA, handler=handler)
"""
BROKEN = "def broken(:\n    return 1\n"


def _found(root, paths=(), **kw):
    result = lint([str(root / p) for p in paths], root=str(root), use_cache=False, **kw)
    return [(result.relative(f.path), f.line, f.code, f.message) for f in result.findings]


def test_modules_that_register_nothing_and_do_not_parse_are_reported(tmp_path):
    root = make_root(
        tmp_path,
        {
            "toolsets.py": 'TOOLSETS = {"wx": {"tools": ["wx"], "includes": []}}\n',
            "tools/wx_tool.py": TOOL,
            "tools/wx_helpers.py": "def units(:\n",  # the tool's own helper
            "plugins/dice/__init__.py": "from . import tools\n\ndef register(ctx):\n    pass\n",
            "plugins/dice/tools.py": "def roll(args, **kw):\n    return '{}'\n" + BROKEN,
            "agent/shared.py": BROKEN,  # read only to follow calls: not reported on
        },
    )
    (root / "tools" / "junk_tool.py").write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")
    expected = [
        ("plugins/dice/tools.py", 3, "HD000", "file does not parse: invalid syntax"),
        (
            "tools/junk_tool.py",
            1,
            "HD000",
            # (Python refuses its bytes before it parses: not UTF-8 text)
            (
                "cannot read the file: byte 0x89 on line 1 is not utf-8 text, so Python"
                " refuses it (save the file as UTF-8 or declare its coding)"
            ),
        ),
        ("tools/wx_helpers.py", 1, "HD000", "file does not parse: invalid syntax"),
    ]
    assert _found(root) == expected
    # The same from the cache: only a file that parsed is remembered as parsing.
    cached = lint([], root=str(root), use_cache=True, cache_dir=str(tmp_path / "cache"))
    again = lint([], root=str(root), use_cache=True, cache_dir=str(tmp_path / "cache"))
    assert len(cached.findings) == len(again.findings) == 3


def test_a_file_named_on_the_command_line_is_reported_on(tmp_path):
    root = make_root(
        tmp_path,
        {
            "plugins/dice/__init__.py": "def register(ctx):\n    pass\n",
            "plugins/dice/tools.py": BROKEN,
            "tools/bad_tool.py": BROKEN,
            "scripts/release.py": BROKEN,  # outside the tool folders, but named
            "scripts/fine.py": "x = 1\n",
        },
    )
    for rel in ("plugins/dice/tools.py", "tools/bad_tool.py", "scripts/release.py"):
        assert _found(root, [rel]) == [(rel, 1, "HD000", "file does not parse: invalid syntax")]
    assert _found(root, ["scripts/fine.py"]) == []
    assert _found(root, ["scripts/release.py"], ignore=["HD000"]) == []
    # --fix's first pass (only the rules with fixes) still reports it.
    assert _found(root, ["scripts/release.py"], fixes="safe") == [
        ("scripts/release.py", 1, "HD000", "file does not parse: invalid syntax")
    ]
