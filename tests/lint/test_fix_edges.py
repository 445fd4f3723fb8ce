"""Fixes on files as people have them: CRLF line breaks, a byte-order mark, json imported under
another name, `json` or `tool_error` a local of the handler. Each fix gives code that runs as
meant (never a second `import json`, never a call to a local variable), or is left out with a
note; a second `--fix` changes nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from hermes_dev.lint.engine import lint
from hermes_dev.lint.fix import plan_fixes
from tests.lint.support import make_root

MODULE = """\
\"\"\"A legacy tool.\"\"\"

import logging

from tools.registry import registry

SCHEMA = {
    "name": "legacy",
    "description": "Legacy.",
    "parameters": {
        "type": "object",
        "properties": {"q": {"type": "string", "description": "Query."}},
        "required": ["q",  # the query
                     "limit"],
    },
}


def legacy(args, **kw):
    if not args.get("q"):
        raise ValueError("q is required")
    if args.get("list"):
        return [1, 2,  # a comment
                3]
    return {"q": args["q"]}


registry.register(name="legacy", toolset="t", schema=SCHEMA, handler=legacy)
"""
FIXED = (
    MODULE.replace("import logging\n", "import json\nimport logging\n")
    .replace("import registry\n", "import registry, tool_error\n")
    # The comment on q's line stays with q, so the bracket cannot hug it.
    .replace(
        '"q",  # the query\n                     "limit"]',
        '"q"  # the query\n                     ]',
    )
    .replace('raise ValueError("q is required")', 'return tool_error("q is required")')
    .replace(
        "return [1, 2,  # a comment\n                3]",
        "return json.dumps([1, 2,  # a comment\n                3])",
    )
    .replace('return {"q": args["q"]}', 'return json.dumps({"q": args["q"]})')
)


def _fix(root: Path, *codes: str) -> list[str]:
    """Lint `root`, apply every fix (unsafe ones too); the notes of the run."""
    result = lint([], root=str(root), select=list(codes) or None)
    fixes = plan_fixes(root, result.findings, unsafe=True)
    fixes.plan.apply()
    return fixes.notes


def _fix_twice(root: Path, rel: str, *codes: str) -> bytes:
    assert not _fix(root, *codes)
    after = (root / rel).read_bytes()
    _fix(root, *codes)
    assert (root / rel).read_bytes() == after, "a second --fix changed the file"
    left = lint([], root=str(root), select=list(codes) or None).findings
    assert not [f for f in left if f.fix is not None], [f.message for f in left]
    return after


def test_the_lf_module_fixes_as_expected(tmp_path: Path) -> None:
    root = make_root(tmp_path, {"tools/legacy_tool.py": MODULE})
    after = _fix_twice(root, "tools/legacy_tool.py", "HD101", "HD102", "HD203")
    assert after.decode() == FIXED


def test_crlf_line_breaks_stay_crlf_inside_a_fixed_statement(tmp_path: Path) -> None:
    root = make_root(tmp_path, {})
    (root / "tools/legacy_tool.py").write_bytes(MODULE.replace("\n", "\r\n").encode())
    after = _fix_twice(root, "tools/legacy_tool.py", "HD101", "HD102", "HD203")
    # The comment lines inside the fixed return and `required` list keep their \r.
    assert after == FIXED.replace("\n", "\r\n").encode()


def test_a_byte_order_mark_is_kept_and_the_file_fixed(tmp_path: Path) -> None:
    root = make_root(tmp_path, {})
    (root / "tools/legacy_tool.py").write_bytes(b"\xef\xbb\xbf" + MODULE.encode())
    after = _fix_twice(root, "tools/legacy_tool.py", "HD101", "HD102", "HD203")
    assert after == b"\xef\xbb\xbf" + FIXED.encode()


HANDLER = """\
{imports}
from tools.registry import registry


def handler(args, **kw):
    return {{"ok": True}}


registry.register(name="h", toolset="t", schema={{}}, handler=handler)
"""


def _json_fix(tmp_path: Path, imports: str) -> str:
    root = make_root(tmp_path, {"tools/h_tool.py": HANDLER.format(imports=imports)})
    return _fix_twice(root, "tools/h_tool.py", "HD101").decode()


def test_json_imported_under_another_name_is_called_by_it(tmp_path: Path) -> None:
    fixed = _json_fix(tmp_path, "import json as _json")
    assert fixed == HANDLER.format(imports="import json as _json").replace(
        'return {"ok": True}', 'return _json.dumps({"ok": True})'
    )


def test_from_json_import_dumps_is_called_by_its_name(tmp_path: Path) -> None:
    fixed = _json_fix(tmp_path, "from json import dumps as to_json")
    assert 'return to_json({"ok": True})' in fixed
    assert fixed.count("import") == 2  # nothing imported


def test_json_imported_in_a_try_is_not_imported_again(tmp_path: Path) -> None:
    imports = "try:\n    import ujson as json\nexcept ImportError:\n    import json"
    fixed = _json_fix(tmp_path, imports)
    assert fixed == HANDLER.format(imports=imports).replace(
        'return {"ok": True}', 'return json.dumps({"ok": True})'
    )


SHADOWED = """\
import json
from tools.registry import registry, tool_error


def shadowed(args, json=None, **kw):
    tool_error = args.get("tool_error")
    if not args:
        raise ValueError("empty")
    return {"json": json, "tool_error": tool_error}


def fine(args, **kw):
    def json(value):  # a nested function's own json is its own business
        return value
    if not args:
        raise ValueError("empty")
    return {"ok": True}


registry.register(name="shadowed", toolset="t", schema={}, handler=shadowed)
registry.register(name="fine", toolset="t", schema={}, handler=fine)
"""


def test_a_fix_never_calls_a_local_of_the_same_name(tmp_path: Path) -> None:
    root = make_root(tmp_path, {"tools/s_tool.py": SHADOWED})
    found = lint([], root=str(root), select=["HD101", "HD102"]).findings
    # Where the fix would call a local, the finding offers none (no `[*]` that --fix ignores).
    assert [(f.code, f.line, f.fix is not None) for f in found] == [
        ("HD102", 8, False),
        ("HD101", 9, False),
        ("HD102", 16, True),
        ("HD101", 17, False),
    ]
    notes = _fix(root, "HD101", "HD102")
    assert notes == []
    fixed = (root / "tools/s_tool.py").read_text()
    shadowed, fine = fixed.split("def fine")
    assert shadowed == SHADOWED.split("def fine")[0]  # `json` and `tool_error` are locals there
    # `json` is a nested function of `fine`: the fix cannot call json.dumps there either.
    assert 'return tool_error("empty")' in fine
    assert 'return {"ok": True}' in fine


def test_the_transforms_still_refuse_a_fix_that_would_call_a_local(tmp_path: Path) -> None:
    """A fix made elsewhere (an old cache entry, an API caller) meets the same check."""
    from hermes_dev.lint.rule import Finding, Fix

    root = make_root(tmp_path, {"tools/s_tool.py": SHADOWED})
    path = root / "tools/s_tool.py"
    fix = Fix("wrap_in_json_dumps", path, (9, 4, 9, 52), True, "Wrap")
    finding = Finding("HD101", "returns a dict", path, 9, 5, 9, 53, fix=fix)
    fixes = plan_fixes(root, [finding], unsafe=True)
    assert fixes.notes == ["tools/s_tool.py: 1 fix does not apply to the code as it is; not fixed"]
    assert not fixes.plan.changes


RAISER = """\
import json
from tools.registry import registry
{binding}


def h(args, **kw):
    if not args.get("x"):
        raise ValueError("x needed")
    return json.dumps({{}})


registry.register(name="h", toolset="t", schema={{}}, handler=h)
"""


@pytest.mark.parametrize(
    "binding",
    [
        "from os.path import *",  # may bind anything, but not the registry's tool_error
        "(tool_error := 5)",
        "try:\n    pass\nexcept Exception as tool_error:\n    pass",
        "match 1:\n    case tool_error:\n        pass",
        "def reset():\n    global tool_error\n    tool_error = None",
        "def f():\n    global tool_error\n    try:\n        pass\n    except Exception as tool_error:\n        pass",
        "def f():\n    global tool_error\n    del tool_error",
        "class C:\n    global tool_error\n    tool_error = 1",
        # (bound only when setup() runs: no module-level tool_error to call)
        "def setup():\n    global tool_error\n    from os import sep as tool_error",
    ],
)
def test_no_tool_error_fix_where_the_module_binds_the_name_otherwise(
    tmp_path: Path, binding: str
) -> None:
    """An import of tool_error would be rebound (or, after `import *`, never made)."""
    root = make_root(tmp_path, {"tools/h_tool.py": RAISER.format(binding=binding)})
    found = lint([], root=str(root), select=["HD102"]).findings
    assert [(f.code, f.fix is not None) for f in found] == [("HD102", False)]


@pytest.mark.parametrize(
    ("binding", "imported"),
    [
        ("from tools.registry import *", "from tools.registry import registry\n"),
        ("def tool_error(m):\n    return json.dumps({'error': m})", "from tools.registry import registry\n"),
        ("def f():\n    tool_error = 1", "from tools.registry import registry, tool_error\n"),
    ],
)
def test_tool_error_fix_where_the_name_is_the_registry_s_or_free(
    tmp_path: Path, binding: str, imported: str
) -> None:
    root = make_root(tmp_path, {"tools/h_tool.py": RAISER.format(binding=binding)})
    fixed = _fix_twice(root, "tools/h_tool.py", "HD102").decode()
    assert 'return tool_error("x needed")' in fixed
    assert fixed.splitlines(keepends=True)[1] == imported
