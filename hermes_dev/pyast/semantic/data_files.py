"""Tables a package ships as data: `yaml.safe_load(fh)` of `Path(__file__).with_name("tools.yml")`,
`json.loads((HERE / "tools.json").read_text())`, `tomllib.load(open(os.path.join(os.path.dirname(
__file__), "tools.toml"), "rb"))`. The file is read (never run) and its data stands as the
literal it would be written as, so a registration loop over it reads its rows as it reads a
list written in the module.

Only a file the module names from its own place (`__file__`), inside the project root, small,
of plain data (mappings, lists, text, numbers, flags, null) is read; anything else is unknown.
"""

from __future__ import annotations

import ast
import json
import os
import tomllib
from pathlib import Path
from typing import TYPE_CHECKING

import yaml

if TYPE_CHECKING:
    from collections.abc import Callable

    from hermes_dev.pyast.semantic.scopes import Scope

    # (what a name is bound to once, with the scope it is bound in: resolve's assigned_value,
    # handed in, as resolve imports this module)
    Bound = Callable[[str, Scope], tuple[ast.expr, Scope] | None]

LOADERS = {
    "yaml.safe_load": "yaml",
    "yaml.load": "yaml",
    "yaml.full_load": "yaml",
    "json.load": "json",
    "json.loads": "json",
    "tomllib.load": "toml",
    "tomllib.loads": "toml",
    "tomli.load": "toml",
    "tomli.loads": "toml",
}

_MAX_BYTES = 256_000
_MAX_DEPTH = 12
_MAX_NODES = 20_000
_PATH_MAKERS = {"Path", "PurePath", "abspath", "realpath", "normpath", "fspath"}

# path -> ((mtime, size), the data as an expression, or None)
_read: dict[str, tuple[tuple[int, int], ast.expr | None]] = {}


def loaded(call: ast.Call, kind: str, scope: Scope, bound: Bound) -> ast.expr | None:
    """The data `call` (a `LOADERS` call of `kind`) reads, as a literal expression placed at
    the call, or None when the file is not one the module names from its own place."""
    if len(call.args) != 1:
        return None
    path = _read_from(call.args[0], scope, 0, bound)
    if path is None:
        return None
    root = scope.module.models.root
    try:
        path = path.resolve()
        path.relative_to(Path(root).resolve())
        stat = path.stat()
    except (OSError, ValueError, RuntimeError):
        return None
    if not path.is_file() or stat.st_size > _MAX_BYTES:
        return None
    stamp = (stat.st_mtime_ns, stat.st_size)
    known = _read.get(str(path))
    if known is None or known[0] != stamp:
        known = _read[str(path)] = (stamp, _parse(path, kind))
    if known[1] is None:
        return None
    expr = _copy(known[1])
    for node in ast.walk(expr):
        ast.copy_location(node, call)
        node.end_lineno, node.end_col_offset = call.end_lineno, call.end_col_offset  # type: ignore[attr-defined]
    return expr


def _parse(path: Path, kind: str) -> ast.expr | None:
    try:
        text = path.read_text(encoding="utf-8")
        if kind == "yaml":
            data = yaml.safe_load(text)
        elif kind == "json":
            data = json.loads(text)
        else:
            data = tomllib.loads(text)
    except (OSError, UnicodeDecodeError, ValueError, yaml.YAMLError, RecursionError):
        return None
    count = [0]
    return _as_expr(data, 0, count)


def _as_expr(data: object, depth: int, count: list[int]) -> ast.expr | None:
    count[0] += 1
    if depth > _MAX_DEPTH or count[0] > _MAX_NODES:
        return None
    if data is None or isinstance(data, (bool, int, float, str)):
        return ast.Constant(data)
    if isinstance(data, list):
        elts = [_as_expr(d, depth + 1, count) for d in data]
        if any(e is None for e in elts):
            return None
        return ast.List(elts=elts, ctx=ast.Load())  # type: ignore[arg-type]
    if isinstance(data, dict):
        keys = [_as_expr(k, depth + 1, count) for k in data]
        values = [_as_expr(v, depth + 1, count) for v in data.values()]
        if any(k is None for k in keys) or any(v is None for v in values):
            return None
        return ast.Dict(keys=keys, values=values)  # type: ignore[arg-type]
    return None  # (dates, sets and tagged objects: not plain data)


def _copy(expr: ast.expr) -> ast.expr:
    """A fresh tree for each call that reads the file (nodes are told apart by identity)."""
    return ast.parse(ast.unparse(expr), mode="eval").body


# -- what is read, and from where -------------------------------------------------------------


def _read_from(expr: ast.expr, scope: Scope, depth: int, bound: Bound) -> Path | None:
    """The file a stream or a text comes from: `open(p)`, `p.open()`, `p.read_text()`,
    `fh.read()`, a name bound to one (`with p.open() as fh`)."""
    if depth > _MAX_DEPTH:
        return None
    if isinstance(expr, ast.Name):
        found = bound(expr.id, scope)
        return _read_from(found[0], found[1], depth + 1, bound) if found is not None else None
    if not isinstance(expr, ast.Call):
        return None
    func = expr.func
    if isinstance(func, ast.Name) and func.id == "open" and expr.args:
        return _path_of(expr.args[0], scope, depth + 1, bound)
    if isinstance(func, ast.Attribute):
        if func.attr in ("open", "read_text", "read_bytes"):
            return _path_of(func.value, scope, depth + 1, bound)
        if func.attr == "read" and not expr.args:
            return _read_from(func.value, scope, depth + 1, bound)
    return None


def _path_of(expr: ast.expr, scope: Scope, depth: int, bound: Bound) -> Path | None:
    """The file or folder a path expression names, when it starts from the module's own
    `__file__`: `Path(__file__).parent / "x"`, `.with_name("x")`, `os.path.join(
    os.path.dirname(__file__), "x")`, a name bound once to one."""
    if depth > _MAX_DEPTH:
        return None
    if isinstance(expr, ast.Name):
        if expr.id == "__file__":
            return scope.module.path
        found = bound(expr.id, scope)
        return _path_of(found[0], found[1], depth + 1, bound) if found is not None else None
    if isinstance(expr, ast.Attribute) and expr.attr == "parent":
        inner = _path_of(expr.value, scope, depth + 1, bound)
        return inner.parent if inner is not None else None
    if isinstance(expr, ast.BinOp) and isinstance(expr.op, ast.Div):
        base = _path_of(expr.left, scope, depth + 1, bound)
        part = _text(expr.right)
        return base / part if base is not None and part is not None else None
    if not isinstance(expr, ast.Call) or expr.keywords:
        return None
    func, args = expr.func, expr.args
    name = (
        func.id
        if isinstance(func, ast.Name)
        else func.attr
        if isinstance(func, ast.Attribute)
        else ""
    )
    if name in _PATH_MAKERS and len(args) == 1:
        return _path_of(args[0], scope, depth + 1, bound)
    if name == "dirname" and len(args) == 1:
        inner = _path_of(args[0], scope, depth + 1, bound)
        return inner.parent if inner is not None else None
    if name == "join" and args and _is_os_path(func):
        base = _path_of(args[0], scope, depth + 1, bound)
        parts = [_text(a) for a in args[1:]]
        if base is None or any(p is None for p in parts):
            return None
        return base.joinpath(*parts)  # type: ignore[arg-type]
    if not isinstance(func, ast.Attribute):
        return None
    if name in ("resolve", "absolute") and not args:
        return _path_of(func.value, scope, depth + 1, bound)
    if name in ("with_name", "joinpath") and args:
        base = _path_of(func.value, scope, depth + 1, bound)
        parts = [_text(a) for a in args]
        if base is None or any(p is None for p in parts):
            return None
        if name == "with_name":
            return base.with_name(parts[0]) if len(parts) == 1 else None  # type: ignore[arg-type]
        return base.joinpath(*parts)  # type: ignore[arg-type]
    return None


def _is_os_path(func: ast.expr) -> bool:
    return (
        isinstance(func, ast.Attribute)
        and isinstance(func.value, ast.Attribute)
        and func.value.attr == "path"
        and isinstance(func.value.value, ast.Name)
        and func.value.value.id == "os"
    )


def _text(expr: ast.expr) -> str | None:
    if isinstance(expr, ast.Constant) and isinstance(expr.value, str):
        parts = expr.value.replace("\\", "/").split("/")
        if os.path.isabs(expr.value) or ".." in parts:
            return None  # (the package's own files only)
        return expr.value
    return None
