"""Inputs crafted to make one reading of the code grow without end: what is computed stays
small, and the answer is None (unknown) where it would not."""

from __future__ import annotations

import ast
from pathlib import Path

from hermes_dev.pyast.semantic.bindings import spans_any
from hermes_dev.pyast.semantic.modules import Models
from hermes_dev.pyast.semantic.resolve import _MAX_MADE_TEXT, text_of
from hermes_dev.pyast.semantic.scopes import module_scope
from tests.lint.support import make_root

NAMES = """\
A = "x" * 1
B = "abc"
C = f"{B}{B}"
D = f"{C}-{C}"
BIG = "%s"
"""


def _text(root: Path, source: str, expr: str) -> str | None:
    (root / "tools/t_tool.py").write_text(source)
    module = Models(root).get(root / "tools/t_tool.py")
    assert module is not None
    return text_of(ast.parse(expr, mode="eval").body, module_scope(module))


def test_a_name_made_of_names_is_read(tmp_path: Path) -> None:
    root = make_root(tmp_path, {})
    assert _text(root, NAMES, "D") == "abcabc-abcabc"


def test_a_text_past_the_limit_is_not_made(tmp_path: Path) -> None:
    root = make_root(tmp_path, {})
    part = "y" * 1000
    levels = [f'L0 = "{part}"']
    for i in range(1, 6):
        prev = f"L{i - 1}"
        levels.append(f'L{i} = f"{{{prev}}}{{{prev}}}{{{prev}}}{{{prev}}}"')
    source = "\n".join(levels) + "\n"
    assert len(_text(root, source, "L1") or "") == 4000
    # (L2 would hold 16,000 characters and L5 a million: neither is built)
    assert _MAX_MADE_TEXT < 16_000
    assert _text(root, source, "L2") is None
    assert _text(root, source, "L5") is None
    assert _text(root, source, "L1 + L1 + L1") is None


def test_spans_any_reads_a_node_by_its_own_lines() -> None:
    tree = ast.parse("def f():\n    a = 1\n    b = 2\n    c = 3\n")
    func = tree.body[0]
    assert isinstance(func, ast.FunctionDef)
    first, second, third = func.body
    many = set(range(100, 5000)) | {3}
    assert spans_any(func, many)
    assert not spans_any(first, many)
    assert spans_any(second, many)
    assert not spans_any(third, {1, 2})
    assert spans_any(third, {4})
