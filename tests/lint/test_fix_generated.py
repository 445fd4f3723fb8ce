"""`--fix --unsafe-fixes` on generated handler modules with dict returns and direct raises.

Each generated module is a tool module as legacy code has them: a docstring, json imported or
not (or as `_json`), the registry import in one of its spellings, one to three handlers (a
function registered by name, or one a lambda forwards to), each returning dicts, lists or a
name bound to a dict, and raising `ValueError("...")`, an f-string or `RuntimeError(str(e))`.
After the fix:

- the module parses, and `lint` reports no HD101/HD102 at all (every generated violation has
  a fix);
- only the flagged statements changed, plus an import line (json, tool_error) each at most;
- what changed is exactly the fix: the module's tree is the original's with each flagged
  `return V` now `return json.dumps(V)` (or the module's own name for it), each `raise X(m)`
  now `return tool_error(m)`, and the imports that needs;
- a second fix changes nothing.
"""

from __future__ import annotations

import ast
import difflib
import re
import tempfile
from dataclasses import dataclass
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from hermes_dev.lint.engine import lint
from hermes_dev.lint.fix import plan_fixes
from tests.lint.support import make_root

CODES = ["HD101", "HD102"]

WORDS = st.sampled_from(["alpha", "beta", "city", "delta", "ok", "items", "count", "note"])
SCALARS = st.one_of(
    st.integers(-5, 500).map(str),
    WORDS.map(lambda w: f'"{w}"'),
    st.sampled_from(["True", "False", "None", 'args.get("q")']),
)


@st.composite
def _dict_literal(draw: st.DrawFn, indent: str) -> str:
    keys = draw(st.lists(WORDS, min_size=1, max_size=3, unique=True))
    items = [f'"{k}": {draw(SCALARS)}' for k in keys]
    layout = draw(st.sampled_from(["inline", "lines", "commented"]))
    if layout == "inline" or len(items) == 1:
        return "{" + ", ".join(items) + "}"
    inner = indent + "    "
    rows = [f"{inner}{item}," for item in items]
    if layout == "commented":
        rows[0] += "  # the first field"
        rows.insert(1, f"{inner}# a comment between entries")
    return "{\n" + "\n".join(rows) + "\n" + indent + "}"


@st.composite
def _list_literal(draw: st.DrawFn, indent: str) -> str:
    values = draw(st.lists(SCALARS, min_size=0, max_size=3))
    if draw(st.booleans()) or not values:
        return "[" + ", ".join(values) + "]"
    return "[\n" + "".join(f"{indent}    {v},\n" for v in values) + indent + "]"


@dataclass
class Violation:
    kind: str  # "return" or "raise"
    text: str  # the statement's first line, stripped (to find it again)


@st.composite
def _branch(draw: st.DrawFn, n: int) -> tuple[str, Violation]:
    """An `if` (or try/except) of a handler body holding one violation."""
    choice = draw(st.sampled_from(["dict", "list", "raise", "fraise", "except"]))
    test = f'    if args.get("k{n}"):\n'
    if choice == "dict":
        stmt = f"return {draw(_dict_literal('        '))}"
        return test + f"        {stmt}\n", Violation("return", stmt.splitlines()[0])
    if choice == "list":
        stmt = f"return {draw(_list_literal('        '))}"
        return test + f"        {stmt}\n", Violation("return", stmt.splitlines()[0])
    if choice == "raise":
        word = draw(WORDS)
        stmt = f'raise ValueError("{word} is required")'
        return test + f"        {stmt}\n", Violation("raise", stmt)
    if choice == "fraise":
        stmt = "raise KeyError(f\"unknown {args.get('k" + str(n) + "')}\")"
        return test + f"        {stmt}\n", Violation("raise", stmt)
    stmt = "raise RuntimeError(str(e))"
    body = (
        "    try:\n"
        f'        n{n} = int(args.get("n{n}", 0))\n'
        "    except (TypeError, ValueError) as e:\n"
        f"        {stmt}\n"
    )
    return body, Violation("raise", stmt)


@st.composite
def _handler(draw: st.DrawFn, index: int, json_import: str) -> tuple[str, str, list[Violation]]:
    """(source of the handler and its registration, tool name, violations)."""
    name = f"tool{index}"
    branches = [draw(_branch(index * 10 + i)) for i in range(draw(st.integers(1, 3)))]
    body = "".join(text for text, _ in branches)
    violations = [v for _, v in branches]
    # A handler that already returns JSON on its last line, where the module has json.
    end = draw(st.sampled_from(["dict", "bound", "json"] if json_import else ["dict", "bound"]))
    if end == "dict":
        stmt = f"return {draw(_dict_literal('    '))}"
        body += f"    {stmt}\n"
        violations.append(Violation("return", stmt.splitlines()[0]))
    elif end == "bound":
        body += f"    result = {draw(_dict_literal('    '))}\n    return result\n"
        violations.append(Violation("return", "return result"))
    else:
        body += f'    return {json_import.split()[-1]}.dumps({{"done": True}})\n'
    forwarded = draw(st.booleans())
    if forwarded:
        func = f"_{name}_impl"
        source = f"def {func}(args, task_id=None):\n{body}"
        handler = f'lambda args, **kw: {func}(args, task_id=kw.get("task_id"))'
    else:
        func = f"{name}_handler"
        source = f"def {func}(args, **kw):\n{body}"
        handler = func
    schema = f'{{"name": "{name}", "description": "d", "parameters": {{"type": "object"}}}}'
    registration = (
        f'registry.register(name="{name}", toolset="t", schema={schema}, handler={handler})\n'
    )
    return source + "\n\n" + registration, name, violations


@st.composite
def modules(draw: st.DrawFn) -> tuple[str, list[Violation], str]:
    """(module source, its violations, how it imports json)."""
    json_import = draw(st.sampled_from(["", "import json", "import json as _json"]))
    registry_import = draw(
        st.sampled_from(
            [
                "from tools.registry import registry",
                "from tools.registry import registry, tool_error",
                "from tools.registry import (\n    registry,\n)",
            ]
        )
    )
    head = '"""A generated legacy tool."""\n\n'
    head += "import logging\n" if draw(st.booleans()) else ""
    head += (json_import + "\n") if json_import else ""
    head += "\n" + registry_import + "\n"
    parts: list[str] = []
    violations: list[Violation] = []
    for i in range(draw(st.integers(1, 3))):
        text, _, found = draw(_handler(i, json_import))
        parts.append(text)
        violations.extend(found)
    source = head + "\n\n" + "\n\n".join(parts)
    return source, violations, json_import


class _Oracle(ast.NodeTransformer):
    """The original tree with the flagged statements fixed as the fixes should."""

    def __init__(self, flagged: dict[int, str], dumps: ast.expr) -> None:
        self.flagged = flagged  # line -> "return" / "raise"
        self.dumps = dumps

    def visit_Return(self, node: ast.Return) -> ast.AST:
        if self.flagged.get(node.lineno) == "return" and node.value is not None:
            return ast.Return(value=ast.Call(func=self.dumps, args=[node.value], keywords=[]))
        return node

    def visit_Raise(self, node: ast.Raise) -> ast.AST:
        if self.flagged.get(node.lineno) == "raise":
            assert isinstance(node.exc, ast.Call)
            tool_error = ast.Name(id="tool_error", ctx=ast.Load())
            return ast.Return(value=ast.Call(func=tool_error, args=node.exc.args, keywords=[]))
        return node


def _dumps_call(json_import: str) -> ast.expr:
    name = "_json" if json_import == "import json as _json" else "json"
    return ast.Attribute(value=ast.Name(id=name, ctx=ast.Load()), attr="dumps", ctx=ast.Load())


def _not_imports(tree: ast.Module) -> str:
    body = [s for s in tree.body if not isinstance(s, (ast.Import, ast.ImportFrom))]
    return ast.dump(ast.Module(body=body, type_ignores=[]))


def _imported(tree: ast.Module) -> set[str]:
    return {
        a.asname or a.name
        for s in tree.body
        if isinstance(s, (ast.Import, ast.ImportFrom))
        for a in s.names
    }


IMPORT_LINE = re.compile(r"(import \w+|from [\w.]+ import [\w, ]+|    tool_error,)")


@given(modules())
@settings(max_examples=60, deadline=None)
def test_fix_unsafe_fixes_on_generated_handler_modules(
    generated: tuple[str, list[Violation], str],
) -> None:
    source, violations, json_import = generated
    with tempfile.TemporaryDirectory() as tmp:
        root = make_root(Path(tmp), {"tools/gen_tool.py": source})
        path = root / "tools/gen_tool.py"
        before = lint([], root=str(root), select=CODES, use_cache=False).findings
        # The linter sees every generated violation, and each has a fix.
        assert sorted((f.code, f.line) for f in before) == sorted(
            (f.code, f.line) for f in before if f.fix is not None
        ), [(f.line, f.message) for f in before if f.fix is None]
        assert len(before) == len(violations), [(f.line, f.message) for f in before]

        plan = plan_fixes(root, before, unsafe=True)
        assert not plan.notes
        plan.plan.apply()
        fixed = path.read_text(encoding="utf-8")
        new_tree = ast.parse(fixed)  # it parses

        after = lint([], root=str(root), select=CODES, use_cache=False).findings
        assert not after, [(f.line, f.message) for f in after]

        # Only the flagged statements changed, plus one import line per import needed.
        old_tree = ast.parse(source)
        spans = {f.line: f for f in before}
        flagged_lines: set[int] = set()
        kinds: dict[int, str] = {}
        for node in ast.walk(old_tree):
            if isinstance(node, (ast.Return, ast.Raise)) and node.lineno in spans:
                assert node.end_lineno is not None
                flagged_lines.update(range(node.lineno, node.end_lineno + 1))
                kinds[node.lineno] = "return" if isinstance(node, ast.Return) else "raise"
        assert len(kinds) == len(before)
        import_lines = {
            line
            for s in old_tree.body
            if isinstance(s, (ast.Import, ast.ImportFrom))
            for line in range(s.lineno, (s.end_lineno or s.lineno) + 1)
        }
        old_lines, new_lines = source.splitlines(), fixed.splitlines()
        touched_imports = 0
        matcher = difflib.SequenceMatcher(None, old_lines, new_lines, autojunk=False)
        for op, i1, i2, j1, j2 in matcher.get_opcodes():
            if op == "equal":
                continue
            changed = set(range(i1 + 1, i2 + 1))
            outside = changed - flagged_lines
            assert outside <= import_lines, (op, old_lines[i1:i2], new_lines[j1:j2])
            if outside or op == "insert":
                touched_imports += 1
            if op == "insert":
                assert all(IMPORT_LINE.fullmatch(line) for line in new_lines[j1:j2]), new_lines[
                    j1:j2
                ]
        needed = int(any(k == "raise" for k in kinds.values())) + int(
            any(k == "return" for k in kinds.values())
        )
        assert touched_imports <= needed

        # The change is exactly the fix.
        expected = _Oracle(kinds, _dumps_call(json_import)).visit(ast.parse(source))
        assert _not_imports(new_tree) == _not_imports(ast.fix_missing_locations(expected))
        imported = _imported(new_tree)
        assert imported - _imported(old_tree) <= {"json", "tool_error"}
        if "raise" in kinds.values():
            assert "tool_error" in imported
        if "return" in kinds.values():
            assert ("_json" if json_import == "import json as _json" else "json") in imported
        assert "json" not in imported or json_import != "import json as _json"

        # A second fix changes nothing.
        again = plan_fixes(root, after, unsafe=True)
        assert not again.plan.changes
