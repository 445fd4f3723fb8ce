"""The static evaluator is bounded: a checkout's code is untrusted input (lint runs on pull
requests), so no expression may make it build a huge value or work for long.

Each bomb is evaluated in a child process under a memory and CPU limit (resource.setrlimit), so
that a regression fails the test instead of taking the machine down.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tests.lint.support import make_root

resource = pytest.importorskip("resource")  # POSIX only

REPO = Path(__file__).resolve().parents[2]
MEMORY_LIMIT = 1 << 30  # bytes of address space for the child
CPU_LIMIT = 60  # seconds

CHILD = """
import ast, json, resource, sys
resource.setrlimit(resource.RLIMIT_AS, ({memory}, {memory}))
resource.setrlimit(resource.RLIMIT_CPU, ({cpu}, {cpu}))
from pathlib import Path
from hermes_dev.pyast.semantic.modules import standalone
from hermes_dev.pyast.semantic.scopes import module_scope
from hermes_dev.pyast.analyze.evaluate import Evaluator
from hermes_dev.pyast.analyze.values import NotStatic

source = sys.stdin.read()
scope = module_scope(standalone(Path("/root/tools/x_tool.py"), source, ast.parse(source)))
for partial in (False, True):
    try:
        value = Evaluator(partial=partial).evaluate(ast.Name(id="SCHEMA", ctx=ast.Load()), scope).value
    except NotStatic:
        print(json.dumps(["not static"]))
    else:
        print(json.dumps(["static", len(json.dumps(value, default=repr))]))
"""


def _evaluate_in_child(source: str) -> list[list[object]]:
    """What evaluating SCHEMA gives, strictly then partially: ["not static"] or ["static", size]."""
    code = CHILD.format(memory=MEMORY_LIMIT, cpu=CPU_LIMIT)
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    done = subprocess.run(
        [sys.executable, "-c", code],
        input=textwrap.dedent(source),
        capture_output=True,
        text=True,
        env=env,
        timeout=CPU_LIMIT * 3,
        check=False,
    )
    assert done.returncode == 0, f"child died ({done.returncode}): {done.stderr[-2000:]}"
    return [json.loads(line) for line in done.stdout.splitlines()]


# Ten characters; each level below multiplies them, far past any real schema.
BASE = 'A0 = "0123456789"\n'


def _levels(template: str, count: int, last: str = "SCHEMA") -> str:
    lines = [BASE]
    for level in range(1, count + 1):
        name = last if level == count else f"A{level}"
        lines.append(f"{name} = {template.format(prev=f'A{level - 1}')}\n")
    return "".join(lines)


BOMBS = {
    "percent width": 'SCHEMA = {"description": "%2000000000d" % 1}',
    "percent precision": 'SCHEMA = {"description": "%.2000000000f" % 1.0}',
    "percent star width": 'SCHEMA = {"description": "%*d" % (2000000000, 1)}',
    "f-string width": 'SCHEMA = {"description": f"{1:2000000000}"}',
    "f-string nested width": 'W = 2000000000\nSCHEMA = {"description": f"{1:>{W}}"}',
    "format width": 'SCHEMA = {"description": "{:2000000000}".format(1)}',
    "format nested width": 'SCHEMA = {"description": "{0:>{1}}".format("x", 2000000000)}',
    "f-string doubling through names": _levels('f"' + "{{{prev}}}" * 8 + '"', 12),
    "concatenation doubling through names": _levels("{prev} + {prev}", 19),
    "format doubling through names": _levels('"' + "{{0}}" * 8 + '".format({prev})', 12),
    "join doubling through names": _levels("{prev}.join([{prev}, {prev}, {prev}])", 12),
    "list repetition through names": _levels("[" + "{prev}, " * 8 + "]", 12),
    "dict repetition through names": _levels(
        "{{" + ", ".join(f'"k{i}": {{prev}}' for i in range(8)) + "}}", 12
    ),
    "nested comprehension": 'ROWS = ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j"]\n'
    "SCHEMA = " + "[" * 9 + "x0" + "".join(f" for x{i} in ROWS]" for i in range(9)),
    "long list of big strings": BASE
    + "".join(f"A{i} = A{i - 1} + A{i - 1}\n" for i in range(1, 17))
    + "SCHEMA = ["
    + "A16, " * 2000
    + "]\n",
    "work without size (a call's result indexed)": _levels(
        "tuple((" + "{prev}, " * 8 + "))[0]", 13
    ),
}


@pytest.mark.parametrize("name", sorted(BOMBS))
def test_a_value_past_the_bound_is_not_static(name: str) -> None:
    strict, partial = _evaluate_in_child(BOMBS[name])
    assert strict == ["not static"]
    # partially evaluated, the part past the bound is opaque: what is left stays small
    assert partial == ["not static"] or (partial[0] == "static" and partial[1] < 5_000_000)


def test_a_subscript_of_a_literal_evaluates_only_the_element_it_picks() -> None:
    """`(A, A, ..., A)[0]` thirteen levels deep: each level evaluates one element, not eight
    (8**13 steps before); the value is exact."""
    source = _levels("(" + "{prev}, " * 8 + ")[0]", 13)
    assert _evaluate_in_child(source) == [["static", 12], ["static", 12]]


def test_values_within_the_bound_still_evaluate() -> None:
    source = (
        'W = 8\nROWS = ["a", "b"]\n'
        "SCHEMA = {\n"
        '    "a": "%5d|%.3f|%*d" % (1, 2.0, 4, 3),\n'
        '    "b": f"{1:>{W}}|{2.5:.2f}",\n'
        '    "c": "{0:>{1}}".format("x", 6),\n'
        '    "d": ", ".join(ROWS) + "!",\n'
        '    "e": [[x + y for x in ROWS] for y in ROWS],\n'
        '    "f": "' + "y" * 50_000 + '",\n'
        "}\n"
    )
    assert _evaluate_in_child(source) == [["static", 50_120], ["static", 50_120]]


def test_lint_skips_a_bomb_in_a_schema_and_reports_the_rest(tmp_path: Path) -> None:
    tool = textwrap.dedent(
        """\
        import json
        from tools.registry import registry

        def bomb(args, **kw):
            return json.dumps({})

        def ok(args, **kw):
            return json.dumps({})

        registry.register(name="bomb", toolset="t", handler=bomb, schema={
            "name": "bomb", "description": "%2000000000d" % 1,
            "parameters": {"type": "object", "properties": {}},
        })
        registry.register(name="ok", toolset="t", handler=ok, schema={
            "name": "ok", "description": "fine",
            "parameters": {"type": "object", "properties": {"q": {"type": "string"}}},
        })
        """
    )
    root = make_root(tmp_path, {"tools/bomb_tool.py": tool})
    limits = (
        "import resource, runpy, sys\n"
        f"resource.setrlimit(resource.RLIMIT_AS, ({MEMORY_LIMIT}, {MEMORY_LIMIT}))\n"
        f"resource.setrlimit(resource.RLIMIT_CPU, ({CPU_LIMIT}, {CPU_LIMIT}))\n"
        "sys.argv = ['hermes-dev', 'lint', '--select', 'HD2', '--statistics']\n"
        "runpy.run_module('hermes_dev', run_name='__main__')\n"
    )
    env = {**os.environ, "PYTHONPATH": str(REPO), "HERMES_DEV_NO_CACHE": "1"}
    done = subprocess.run(
        [sys.executable, "-c", limits],
        capture_output=True,
        text=True,
        cwd=root,
        env=env,
        timeout=CPU_LIMIT * 3,
        check=False,
    )
    assert done.returncode == 1, done.stderr[-2000:]
    # the bomb is an opaque description (nothing to report); the other schema is checked
    assert done.stdout.splitlines()[:2] == [
        "tools/bomb_tool.py:16:53: HD205 parameter 'q' has no description [ok]",
        "Found 1 finding in 1 file (2 files checked).",
    ]
