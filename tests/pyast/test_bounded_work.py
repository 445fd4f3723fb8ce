"""Inputs crafted to make one reading of the code grow without end: what is computed stays
small, and the answer is None (unknown) where it would not."""

from __future__ import annotations

import ast
import itertools
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


def _classes(root: Path, source: str) -> dict[str, object]:
    (root / "tools/t_tool.py").write_text(source)
    module = Models(root).get(root / "tools/t_tool.py")
    assert module is not None
    scope = module_scope(module)
    from hermes_dev.pyast.semantic.resolve import resolve
    from hermes_dev.pyast.semantic.scopes import Class

    out: dict[str, object] = {}
    for stmt in module.tree.body:  # type: ignore[union-attr]
        if isinstance(stmt, ast.ClassDef):
            found = resolve(ast.Name(stmt.name, ast.Load()), scope).single()
            assert isinstance(found, Class)
            out[stmt.name] = found.ref
    return out


HIERARCHIES = [
    "class A: pass\nclass B(A): pass\nclass C(A): pass\nclass D(B, C): pass\n",
    (
        "class O: pass\nclass X(O): pass\nclass Y(O): pass\nclass Z(O): pass\n"
        "class K1(X, Y): pass\nclass K2(Y, Z): pass\nclass K3(X, Z): pass\n"
        "class Top(K1, K2, K3): pass\n"
    ),
    "class M: pass\nclass N(M): pass\nclass P(N, M): pass\n",
]


def test_the_order_of_bases_is_pythons(tmp_path: Path) -> None:
    from hermes_dev.pyast.semantic.resolve import class_mro

    root = make_root(tmp_path, {})
    for source in HIERARCHIES:
        space: dict[str, object] = {}
        exec(source, space)  # noqa: S102  (the test's own classes, as Python orders them)
        refs = _classes(root, source)
        for name, ref in refs.items():
            order = class_mro(ref)  # type: ignore[arg-type]
            assert order is not None
            python = [k.__name__ for k in space[name].__mro__[:-1]]  # type: ignore[attr-defined]
            assert [k.name for k in order] == python


def test_a_base_named_twice_has_no_order(tmp_path: Path) -> None:
    from hermes_dev.pyast.semantic.resolve import class_mro

    root = make_root(tmp_path, {})
    refs = _classes(root, "class B: pass\nclass C(B, B): pass\n")
    assert class_mro(refs["C"]) is None  # type: ignore[arg-type]


def test_a_lattice_of_bases_is_searched_once_per_class(tmp_path: Path) -> None:
    # (each class derives from every class of the layer below: the paths through the bases
    # number 4**5, the classes 21)
    from hermes_dev.pyast.semantic.resolve import _searched_bases, class_method

    layers = [["Root"]] + [[f"L{i}_{j}" for j in range(4)] for i in range(5)]
    lines = ["class Root:\n    def run(self):\n        return 1\n"]
    for below, layer in itertools.pairwise(layers):
        lines.extend(f"class {name}({', '.join(below)}): pass\n" for name in layer)
    lines.append(f"class C({', '.join(layers[-1])}): pass\n")
    root = make_root(tmp_path, {})
    refs = _classes(root, "".join(lines))
    top = refs["C"]
    searched = _searched_bases(top)  # type: ignore[arg-type]
    assert len(searched) == 21
    assert len({id(k.node) for k in searched if k is not None}) == 21
    found = class_method(top, "run", depth=1)  # type: ignore[arg-type]
    assert found is not None and found[1].name == "Root"
    assert class_method(top, "missing", depth=1) is None  # type: ignore[arg-type]
