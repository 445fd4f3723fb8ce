"""`lint/fix/_splice`: the fixed file's tree from the old one, without a parse of all of it.

Whenever it gives a tree, that tree must be what `ast.parse` of the new text gives, positions
and all (dumps compared); where it cannot be sure it gives None and the file is parsed.
"""

from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest

from hermes_dev.lint.engine import lint
from hermes_dev.lint.fix import plan_fixes
from hermes_dev.lint.fix._splice import spliced
from hermes_dev.lint.fix._text import Lines, TextEdit, apply, overlaps
from hermes_dev.pyast.semantic.walker import returns_of
from tests.lint.support import make_root

REPO = Path(__file__).resolve().parents[2]


def _dump(tree: ast.AST) -> str:
    return ast.dump(tree, include_attributes=True)


def _edit(source: str, old: str, new: str, nth: int = 0) -> TextEdit:
    """Replace the `nth` occurrence of `old`."""
    start = -1
    for _ in range(nth + 1):
        start = source.index(old, start + 1)
    return TextEdit(start, start + len(old), new)


def _splice(source: str, *edits: TextEdit) -> tuple[ast.Module | None, str]:
    new = apply(source, list(edits))
    return spliced(ast.parse(source), Lines(source), new, list(edits)), new


# (source, [(old text, new text, occurrence)]): every one is spliced, equal to a full parse.
SPLICED = {
    "nested-if": (
        "def h(args):\n    if args:\n        return {'a': 1}\n    return 'x'\n",
        [("{'a': 1}", "json.dumps({'a': 1})", 0)],
    ),
    "last-statement-moves-the-ends": (
        "def h(args):\n    try:\n        pass\n    except E:\n        return {'a': 1}\n",
        [("{'a': 1}", "json.dumps({'a': 1})", 0)],
    ),
    "finally-and-else": (
        (
            "def h(a):\n    for x in a:\n        pass\n    else:\n        return []\n"
            "    try:\n        pass\n    finally:\n        return {}\n"
        ),
        [("[]", "json.dumps([])", 0), ("{}", "json.dumps({})", 0)],
    ),
    "a-raise-becomes-a-return": (
        "async def h(args):\n    with ctx():\n        raise ValueError(f'bad {args}')\n",
        [("raise ValueError(f'bad {args}')", "return tool_error(f'bad {args}')", 0)],
    ),
    "a-multi-line-value": (
        "def h(args):\n    return {\n        'a': 1,  # one\n        'b': 2,\n    }\n\n\nX = 1\n",
        [
            (
                "{\n        'a': 1,  # one\n        'b': 2,\n    }",
                "json.dumps({\n        'a': 1,  # one\n        'b': 2,\n    })",
                0,
            )
        ],
    ),
    "two-edits-in-one-statement": (
        "def h(a):\n    return f(a, 1) + g(2)\n",
        [("f(a, 1)", "(f(a, 1))", 0), ("g(2)", "(g(2))", 0)],
    ),
    "a-method": (
        "class C:\n    def m(self):\n        return {}\n\n    def n(self):\n        return []\n",
        [("[]", "json.dumps([])", 0)],
    ),
    "crlf-and-tabs": (
        "def h(a):\r\n\tif a:\r\n\t\treturn {}\r\n\treturn 'x'\r\n",
        [("{}", "json.dumps({})", 0)],
    ),
    "non-ascii-on-the-line": (
        "def h(a):\n    return {'é': 'ü'}  # ß\n",
        [("{'é': 'ü'}", "json.dumps({'é': 'ü'})", 0)],
    ),
    "no-newline-at-the-end": ("def h(a):\n    return {}", [("{}", "json.dumps({})", 0)]),
    "module-level": ("X = {}\nY = 2\n", [("{}", "dict()", 0)]),
    "future-annotations": (
        "from __future__ import annotations\n\ndef h(a):\n    return {}\n",
        [("{}", "json.dumps({})", 0)],
    ),
}

# Where the old tree cannot be trusted to give the new one: None.
NOT_SPLICED = {
    "a-one-line-if": ("def h(a):\n    if a: return {}\n", [("{}", "json.dumps({})", 0)]),
    "a-semicolon": ("def h(a):\n    x = 1; return {}\n", [("{}", "json.dumps({})", 0)]),
    "a-one-line-else": (
        "def h(a):\n    if a:\n        pass\n    else: return {}\n",
        [("{}", "json.dumps({})", 0)],
    ),
    "a-line-added": ("def h(a):\n    return {}\n", [("return {}", "x = 1\n    return {}", 0)]),
    "in-a-comment": (
        "def h(a):\n    return 1  # hermes-dev: ignore\n",
        [("# hermes-dev: ignore", "", 0)],
    ),
    "in-a-header": ("def h(a):\n    if f(a):\n        pass\n", [("f(a)", "(f(a))", 0)]),
    "a-future-import": (
        "from __future__ import barry_as_FLUFL\n\ndef h(a):\n    return {}\n",
        [("{}", "json.dumps({})", 0)],
    ),
    "in-a-match-case": (
        "def h(a):\n    match a:\n        case 1:\n            return {}\n",
        [("{}", "json.dumps({})", 0)],
    ),
    "no-longer-one-statement": (
        "def h(a):\n    return {}\n",
        [("return {}", "return {}; x = 1", 0)],
    ),
}


@pytest.mark.parametrize("name", sorted(SPLICED))
def test_spliced_equals_a_full_parse(name: str) -> None:
    source, changes = SPLICED[name]
    edits = [_edit(source, old, new, nth) for old, new, nth in changes]
    got, new = _splice(source, *edits)
    assert got is not None
    assert _dump(got) == _dump(ast.parse(new))


def test_the_old_tree_is_left_as_it_was() -> None:
    source = "def h(a):\n    if a:\n        return {}\n    return 'x'\n"
    tree = ast.parse(source)
    before = _dump(tree)
    edit = _edit(source, "{}", "json.dumps({})")
    got = spliced(tree, Lines(source), apply(source, [edit]), [edit])
    assert got is not None and got is not tree
    assert _dump(tree) == before
    # Only the path down to the statement is new: the other return is the same node.
    assert got.body[0].body[1] is tree.body[0].body[1]  # type: ignore[attr-defined]


def test_no_memo_of_the_old_function_is_carried() -> None:
    """The analyses keep a walk of a function's body on its node: the new function must not
    inherit the old one's (it would list the old `return`)."""
    source = "def h(a):\n    if a:\n        return {}\n    return 'x'\n"
    tree = ast.parse(source)
    old_func = tree.body[0]
    assert isinstance(old_func, ast.FunctionDef)
    assert len(returns_of(old_func)) == 2  # (memoised on the node)
    edit = _edit(source, "{}", "json.dumps({})")
    got = spliced(tree, Lines(source), apply(source, [edit]), [edit])
    assert got is not None
    new_func = got.body[0]
    assert isinstance(new_func, ast.FunctionDef)
    values = [ast.unparse(r.value) for r in returns_of(new_func) if r.value is not None]
    assert values == ["json.dumps({})", "'x'"]


@pytest.mark.parametrize("name", sorted(NOT_SPLICED))
def test_not_spliced(name: str) -> None:
    source, changes = NOT_SPLICED[name]
    edits = [_edit(source, old, new, nth) for old, new, nth in changes]
    got, _ = _splice(source, *edits)
    assert got is None


def _python_files() -> list[Path]:
    found = [
        p
        for top in ("hermes_dev", "tests/lint/corpus", "tests/fixtures", "tools")
        for p in sorted((REPO / top).rglob("*.py"))
    ]
    return [p for p in found if "__pycache__" not in p.parts]


def test_random_edits_over_the_repository_match_a_full_parse() -> None:
    """Up to four expressions in a file wrapped in brackets (CRLF in some files): every tree
    spliced is a full parse's. (An expression in a block's header, a decorator or a default
    is no statement's: about half the files fall back.)"""
    rng = random.Random(11)
    compared = fell_back = 0
    for path in _python_files():
        source = path.read_text(encoding="utf-8")
        if rng.random() < 0.25:
            source = source.replace("\n", "\r\n")
        try:
            tree = ast.parse(source)
        except SyntaxError:
            continue  # corpus files that are meant not to parse
        lines = Lines(source)
        exprs = [n for n in ast.walk(tree) if isinstance(n, ast.expr) and hasattr(n, "lineno")]
        exprs = [n for n in exprs if not isinstance(n, (ast.Starred, ast.Slice))]
        edits: list[TextEdit] = []
        for node in rng.sample(exprs, min(rng.randint(1, 4), len(exprs))):
            start, end = lines.span(node)
            edit = TextEdit(start, end, "(" + source[start:end] + ")")
            if not any(overlaps(edit, other) for other in edits):
                edits.append(edit)
        new = apply(source, edits)
        try:
            expected = ast.parse(new)
        except SyntaxError:
            continue  # (a bracketed keyword argument name, say)
        got = spliced(tree, lines, new, edits)
        if got is None:
            fell_back += 1
            continue
        compared += 1
        assert _dump(got) == _dump(expected), path
    assert compared > 60, (compared, fell_back)


def test_fix_takes_the_spliced_tree(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A handler fix: the plan's tree of the fixed file comes without parsing the file, and the
    lint after the fix reports what a fresh lint does."""
    source = (
        "import json\nfrom tools.registry import registry\n\n\n"
        "def h(args, **kw):\n    if args.get('x'):\n        return {'a': 1}\n"
        "    return json.dumps({})\n\n\n"
        'registry.register(name="h", toolset="t", schema={}, handler=h)\n'
    )
    root = make_root(tmp_path, {"tools/h_tool.py": source})
    first = lint([], root=str(root), select=["HD101"])
    assert [f.code for f in first.findings] == ["HD101"]
    parsed: list[int] = []
    real_parse = ast.parse

    def counting(text: object, *args: object, **kwargs: object) -> ast.Module:
        parsed.append(len(text))  # type: ignore[arg-type]
        return real_parse(text, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(ast, "parse", counting)
    assert first.models is not None
    fixes = plan_fixes(root, first.findings, parsed=first.models.parsed)
    monkeypatch.undo()
    (change,) = fixes.plan.changes
    assert change.new is not None
    assert len(change.new) not in parsed  # the file was not parsed again
    assert _dump(fixes.trees["tools/h_tool.py"]) == _dump(ast.parse(change.new))
