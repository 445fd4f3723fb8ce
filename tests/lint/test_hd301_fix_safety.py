"""HD301's fix is safe only where it puts the tool into a toolset that exists: a new TOOLSETS
entry alone is offered on no platform (no picker row, no include), so `--fix` turned HD301 into
HD307 while `rule HD301` called it safe."""

from __future__ import annotations

from hermes_dev.lint.engine import lint
from hermes_dev.lint.fix import plan_fixes
from tests.scaffold.hosts import make_host

TOOL = """\
import json
from tools.registry import registry

SCHEMA = {"name": "%(name)s", "description": "D.", "parameters": {"type": "object", "properties": {}}}


def handler(args, **kw):
    return json.dumps({})


registry.register(name="%(name)s", toolset="%(toolset)s", schema=SCHEMA, handler=handler)
"""


def test_a_new_entry_is_an_unsafe_fix_and_an_existing_one_a_safe_fix(tmp_path):
    host = make_host(tmp_path / "host")
    (host / "tools" / "lone_tool.py").write_text(TOOL % {"name": "lone", "toolset": "lone"})
    (host / "tools" / "extra_tool.py").write_text(TOOL % {"name": "extra", "toolset": "weather"})
    result = lint([], root=str(host), use_cache=False)
    fixes = {f.tool: f.fix for f in result.findings if f.code == "HD301"}
    assert set(fixes) == {"lone", "extra"}
    assert fixes["extra"] is not None and fixes["extra"].safe
    assert fixes["lone"] is not None and not fixes["lone"].safe
    assert fixes["lone"].title == (
        "Add a TOOLSETS entry 'lone' for 'lone' (offered on no platform until the picker or a"
        " platform's default toolset has it)"
    )
    # --fix alone adds only 'extra' (to 'weather', offered on cli): no HD307 appears.
    safe = plan_fixes(host, result.findings, unsafe=False)
    assert [f.tool for f in safe.fixed] == ["extra"]
    for change in safe.plan.changes:
        (host / change.relpath).write_bytes(change.new)
    after = lint([], root=str(host), use_cache=False)
    assert sorted((f.code, f.tool) for f in after.findings) == [("HD301", "lone")]
