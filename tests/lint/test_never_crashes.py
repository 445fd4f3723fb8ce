"""The linter never crashes: over the whole standard library of the running Python.

Slow-ish (it parses every stdlib module once) but kept in the suite: the in-process lint reads
the whole stdlib, the CLI the `email` package, and the handler analyses run on every function
of every other module (sorted), which still makes more than 8,000 functions.
"""

from __future__ import annotations

import ast
import os
import subprocess
import sys
import sysconfig
from pathlib import Path

from hermes_dev.host.registrations import Handler, registrations_of
from hermes_dev.lint.engine import lint
from hermes_dev.lint.rules.hd103_handler_signature import signature_problem
from hermes_dev.lint.rules.hd104_is_async_mismatch import plainly_sync
from hermes_dev.pyast.analyze.jsonness import exits
from hermes_dev.pyast.calls.driver import Callee, Code
from hermes_dev.pyast.calls.escapes import handler_escapes
from hermes_dev.pyast.calls.returns import return_summary
from hermes_dev.pyast.semantic.modules import Models
from hermes_dev.pyast.semantic.resolve import function_of

STDLIB = sysconfig.get_paths()["stdlib"]


def test_lint_over_the_stdlib_exits_0_or_1() -> None:
    result = lint([STDLIB], root=STDLIB)  # any folder may be the root
    assert result.files > 500
    assert {f.code for f in result.findings} <= {"HD000", "HD900"} | {
        f"HD{n}" for n in range(100, 400)
    }
    env = {**os.environ, "HERMES_DEV_NO_CACHE": "1"}
    package = os.path.join(STDLIB, "email")
    proc = subprocess.run(
        [sys.executable, "-m", "hermes_dev", "lint", package, "--root", STDLIB, "--format", "json"],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
        check=False,
    )
    assert proc.returncode in (0, 1), proc.stderr
    assert "Traceback" not in proc.stderr


def test_handler_analyses_on_every_stdlib_function() -> None:
    """Treat every function of a third of the stdlib as a handler: the analyses must all finish."""
    root = Path(STDLIB)
    models = Models(root)
    functions = 0
    paths = []
    for folder, dirs, files in os.walk(root):
        dirs[:] = [d for d in dirs if d not in ("site-packages", "__pycache__", "test", "idlelib")]
        paths.extend(Path(folder, name) for name in files if name.endswith(".py"))
    for path in sorted(paths)[::3]:
        module = models.get(path)
        if module is None or module.tree is None:
            continue
        for node in ast.walk(module.tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
                func = function_of(module, node)
                functions += 1
                if not isinstance(node, ast.Lambda):
                    exits(node, Code(func).scope)
                return_summary(Callee(func))
                handler_escapes(Code(func))
                signature_problem(Handler("function", ast.Constant(None), func))
                plainly_sync(func)
        for reg in registrations_of(module):
            _ = (reg.name, reg.toolset, reg.handler)
    assert functions > 4_500


def test_a_returned_string_nested_too_deep_to_decode(tmp_path: Path) -> None:
    """`return "[[[[..."`: the JSON decoder gives up (RecursionError, before the fix a
    traceback); no verdict, so no HD101, and the run goes on."""
    from tests.lint.support import make_root

    deep = "[" * 100_000
    source = (
        "from tools.registry import registry\n\n\n"
        f"def deep(args, **kw):\n    return {deep!r}\n\n\n"
        "def prose(args, **kw):\n    return 'Error: no'\n\n\n"
        'registry.register(name="deep", toolset="t", schema={}, handler=deep)\n'
        'registry.register(name="prose", toolset="t", schema={}, handler=prose)\n'
    )
    root = make_root(tmp_path, {"tools/deep_tool.py": source})
    found = [(f.code, f.line) for f in lint([], root=str(root)).findings if f.code == "HD101"]
    assert found == [("HD101", 9)]
