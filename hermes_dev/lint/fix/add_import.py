"""AddImport: the import a fix's new code needs (`import json`, `tool_error`), written once.

`import json` goes among the module's top-level `import` lines (in alphabetical place) or before
its first import. `tool_error` joins the module's own `from ... registry import ...` line (so a
plugin's relative import stays relative), else gets a `from tools.registry import tool_error`
line after the last top-level import.
"""

from __future__ import annotations

import ast

from hermes_dev.lint.fix._scope import enclosing_locals
from hermes_dev.lint.fix._text import Lines, TextEdit
from hermes_dev.pyast.semantic.bindings import BindingIndex, module_index
from hermes_dev.pyast.semantic.locations import NodeSpan
from hermes_dev.pyast.semantic.walker import module_statements

# A requirement: (module, None) for `import module`, (module, name) for `from module import name`.
Requirement = tuple[str, "str | None"]


class CannotImport(Exception):
    """The name is bound to something else at module level: the fix would call the wrong thing."""


def add_import_name(lines: Lines, stmt: ast.ImportFrom, name: str) -> TextEdit:
    """Append `name` to a `from x import a, b` statement, in its layout: after the last name
    (`a, b, name`), or on a line of its own when the names are one per line with a trailing
    comma. A text edit at ast positions: libcst is not imported for it (see `_wrap`)."""
    last = stmt.names[-1]
    _, at = lines.span(last)
    _, stmt_end = lines.span(stmt)
    line = last.end_lineno or last.lineno
    trailing_comma = lines.source[at:stmt_end].lstrip(" \t").startswith(",")
    if trailing_comma and (stmt.end_lineno or stmt.lineno) > line:
        # One name per line, trailing comma: the new name gets a line of its own, after the
        # last name's line (and its comment).
        text = lines.text(line)
        indent = text[: len(text) - len(text.lstrip())]
        end_of_line = lines.starts[line - 1] + len(text)
        return TextEdit(end_of_line, end_of_line, f"{lines.newline}{indent}{name},")
    return TextEdit(at, at, f", {name}")


def _bound_name(requirement: Requirement) -> str:
    module, name = requirement
    return name if name is not None else module.split(".")[0]


def importable(tree: ast.Module, requirement: Requirement | None) -> bool:
    """False when the name `requirement` gives is bound to something else at module level."""
    if requirement is None:
        return True
    bindings = module_bindings(tree, _bound_name(requirement))
    return not bindings or any(_provides(b, *requirement) for b in bindings)


def callable_at(
    tree: ast.Module, args: tuple[object, ...], name: str, requirement: Requirement | None
) -> bool:
    """Whether a fix may call `name` at the statement whose ast span starts `args`: not when it
    is a local there, nor when the module binds it to something `requirement` does not give
    (a span transform's `applies`: the finding then offers no fix)."""
    span = NodeSpan.of(args)
    if name in enclosing_locals(tree, span.lineno, span.col_offset):
        return False
    return importable(tree, requirement)


def import_edit(lines: Lines, tree: ast.Module, requirement: Requirement) -> TextEdit | None:
    """The edit that makes `requirement` available, or None when the module has it already.
    Raises CannotImport when the name is bound to something else at module level."""
    module, name = requirement
    bound = _bound_name(requirement)
    bindings = module_bindings(tree, bound)
    if bindings:
        if any(_provides(b, module, name) for b in bindings):
            return None
        raise CannotImport(bound)
    if name is None:
        return _insert_line(lines, tree, f"import {module}", _plain_import_place(tree, module))
    registry_import = _registry_import(tree)
    if registry_import is not None:
        return add_import_name(lines, registry_import, name)
    guarded = _guarded_registry_import(lines, tree)
    if guarded is not None:  # a line of its own under the same guard
        stmt, indent, registry_module = guarded
        text = f"{indent}from {registry_module} import {name}"
        return _insert_line(lines, tree, text, (stmt.end_lineno or stmt.lineno, False))
    return _insert_line(lines, tree, f"from {module} import {name}", _after_imports(tree))


_LAST_INDEX: list[tuple[ast.Module, BindingIndex]] = []


def _index_of(tree: ast.Module) -> BindingIndex:
    """The tree's binding index, kept for the tree asked last (a module's fixes ask about one
    tree in a row: one index for all of them, not one per finding)."""
    if _LAST_INDEX and _LAST_INDEX[0][0] is tree:
        return _LAST_INDEX[0][1]
    index = module_index(tree)
    _LAST_INDEX[:] = [(tree, index)]
    return index


def module_bindings(tree: ast.Module, name: str) -> list[ast.AST]:
    """What binds `name` in the module's scope: statements of the module body (imports, defs,
    assignments, loop and `with` targets, in any block: `try: import ujson as json`), from the
    binding index; every `import *` (which may bind it); and what the index leaves to others
    (`except ... as name`, a `case` capture, a module-level `:=`, an assignment under `global
    name` in a def), which a fix must not take for its own import."""
    found: list[ast.AST] = []
    for binding in _index_of(tree).get(name):
        if binding.kind in ("mutated", "deleted"):
            continue
        node = binding.node
        if not any(node is f for f in found):
            found.append(node)
    for stmt, _ in module_statements(tree):
        if isinstance(stmt, ast.ImportFrom) and any(a.name == "*" for a in stmt.names):
            found.append(stmt)
    # (never the module's own: they bind it only when the def runs)
    found.extend(_Elsewhere(node) for node in _bound_elsewhere(tree, name))
    return found


class _Elsewhere(ast.AST):
    """A binding made when a def (or class body) runs, not at import: it never gives the
    module the name, so a fix neither calls it as the registry's nor imports beside it."""

    _fields = ()

    def __init__(self, node: ast.AST) -> None:
        super().__init__()
        self.node = node


_LAST_ELSEWHERE: list[tuple[ast.Module, dict[str, list[ast.AST]]]] = []


def _bound_elsewhere(tree: ast.Module, name: str) -> list[ast.AST]:
    """`name := ...` in the module's scope, and what binds `name` in a def that declares it
    `global` (the binding index leaves both to the scopes that run them). One walk per tree,
    kept for the tree asked last, as `_index_of`."""
    if not _LAST_ELSEWHERE or _LAST_ELSEWHERE[0][0] is not tree:
        found: dict[str, list[ast.AST]] = {}
        _visit(tree, frozenset(), True, found)
        _LAST_ELSEWHERE[:] = [(tree, found)]
    return _LAST_ELSEWHERE[0][1].get(name, [])


def _visit(
    node: ast.AST, globals_: frozenset[str], module: bool, found: dict[str, list[ast.AST]]
) -> None:
    """`globals_`: the names the enclosing def declares `global`; `module`: in the module's
    own scope (where the binding index has all but `:=`)."""
    for child in ast.iter_child_nodes(node):
        for bound in _names_bound(child, globals_, module):
            found.setdefault(bound, []).append(child)
        if isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            # (a class body runs in a scope of its own, which may declare names global too)
            declared = frozenset(
                name
                for stmt in child.body
                for n in ast.walk(stmt)
                if isinstance(n, ast.Global)
                for name in n.names
            )
            _visit(child, declared, False, found)
        elif isinstance(child, ast.Lambda):
            _visit(child, frozenset(), False, found)
        else:
            _visit(child, globals_, module, found)


def _names_bound(node: ast.AST, globals_: frozenset[str], module: bool) -> list[str]:
    if isinstance(node, ast.NamedExpr) and isinstance(node.target, ast.Name):
        return [node.target.id] if module or node.target.id in globals_ else []
    if not globals_:
        return []
    names: list[str | None]
    if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
        names = [node.name]
    elif isinstance(node, ast.Name):
        names = [node.id] if isinstance(node.ctx, (ast.Store, ast.Del)) else []
    elif isinstance(node, (ast.Import, ast.ImportFrom)):
        names = [a.asname or a.name.split(".")[0] for a in node.names]
    elif isinstance(node, ast.ExceptHandler):
        names = [node.name]  # (unbound again when the block ends)
    elif isinstance(node, (ast.MatchAs, ast.MatchStar)):
        names = [node.name]
    elif isinstance(node, ast.MatchMapping):
        names = [node.rest]
    else:
        return []
    return [n for n in names if n is not None and n in globals_]


def json_dumps_name(tree: ast.Module) -> tuple[str, Requirement | None]:
    """How the module calls `json.dumps`: `json.dumps` (importing json when missing), else the
    name it already has for it (`import json as _json` -> `_json.dumps`, `from json import
    dumps`), so json is never imported twice; and the import that needs (None: none)."""
    if any(_provides(b, "json", None) for b in module_bindings(tree, "json")):
        return "json.dumps", ("json", None)
    for stmt, _ in module_statements(tree):
        if isinstance(stmt, ast.Import):
            for alias in stmt.names:
                if alias.name == "json" and alias.asname and _only(tree, alias.asname, stmt):
                    return f"{alias.asname}.dumps", None
        elif isinstance(stmt, ast.ImportFrom) and stmt.module == "json" and not stmt.level:
            for alias in stmt.names:
                bound = alias.asname or alias.name
                if alias.name == "dumps" and _only(tree, bound, stmt):
                    return bound, None
    return "json.dumps", ("json", None)  # import_edit says when `json` is something else


def _only(tree: ast.Module, name: str, stmt: ast.AST) -> bool:
    """True when `stmt` is the one module-level binding of `name`."""
    return module_bindings(tree, name) == [stmt]


def _provides(binding: ast.AST, module: str, name: str | None) -> bool:
    if name is None:
        return isinstance(binding, ast.Import) and any(
            a.name == module and a.asname is None for a in binding.names
        )
    if isinstance(binding, ast.ImportFrom) and any(a.name == "*" for a in binding.names):
        # `from x import *` gives `tool_error` only from the registry (Hermes's exports it).
        return (binding.module or "").split(".")[-1] == "registry"
    # A module's own `tool_error` (imported from anywhere, or defined there) is the one to call.
    return isinstance(binding, (ast.ImportFrom, ast.FunctionDef, ast.AsyncFunctionDef))


def _registry_import(tree: ast.Module) -> ast.ImportFrom | None:
    """The module's `from tools.registry import ...` (or a relative `from .registry import`):
    at the top level, else the one a `try:` guards (`except ImportError:` lets the module load
    without Hermes; a name joining it stays under that guard)."""
    return _registry_import_in(tree.body)


def _registry_import_in(body: list[ast.stmt]) -> ast.ImportFrom | None:
    guarded: list[ast.stmt] = []
    for stmt in body:
        if isinstance(stmt, ast.Try):
            guarded.extend(stmt.body)
        if (
            isinstance(stmt, ast.ImportFrom)
            and stmt.module is not None
            and stmt.module.split(".")[-1] == "registry"
            and stmt.names[0].name != "*"
        ):
            return stmt
    return _registry_import_in(guarded) if guarded else None


def _guarded_registry_import(lines: Lines, tree: ast.Module) -> tuple[ast.stmt, str, str] | None:
    """A registry import under a top-level `try:` that a name cannot join (`import
    tools.registry as reg`, `from tools import registry`): the statement, its indentation and
    the registry's module. None when there is none, or it does not start its line."""
    for block in tree.body:
        if not isinstance(block, ast.Try):
            continue
        for stmt in block.body:
            found = None
            if isinstance(stmt, ast.Import):
                found = next((a.name for a in stmt.names if a.name.endswith(".registry")), None)
            elif isinstance(stmt, ast.ImportFrom) and any(a.name == "registry" for a in stmt.names):
                package = "." * stmt.level + (stmt.module or "")
                found = package + ("." if stmt.module else "") + "registry"
            indent = lines.text(stmt.lineno)[: stmt.col_offset]
            if found is not None and not indent.strip():
                return stmt, indent, found
    return None


def _imports(tree: ast.Module) -> list[ast.stmt]:
    return [
        s
        for s in tree.body
        if isinstance(s, (ast.Import, ast.ImportFrom))
        and not (isinstance(s, ast.ImportFrom) and s.module == "__future__")
    ]


def _plain_import_place(tree: ast.Module, module: str) -> tuple[int, bool]:
    """(line, before it) for `import module`: before the first plain import sorting after it,
    else after the last plain import, else before the first import."""
    plain = [s for s in _imports(tree) if isinstance(s, ast.Import)]
    for stmt in plain:
        if isinstance(stmt, ast.Import) and stmt.names[0].name > module:
            return stmt.lineno, True
    if plain:
        return plain[-1].end_lineno or plain[-1].lineno, False
    imports = _imports(tree)
    if imports:
        return imports[0].lineno, True
    return _after_preamble(tree)


def _after_imports(tree: ast.Module) -> tuple[int, bool]:
    imports = _imports(tree)
    if imports:
        return imports[-1].end_lineno or imports[-1].lineno, False
    return _after_preamble(tree)


def _after_preamble(tree: ast.Module) -> tuple[int, bool]:
    """After the docstring and `from __future__` imports, else before the first statement."""
    last = None
    for stmt in tree.body:
        is_doc = (
            last is None
            and isinstance(stmt, ast.Expr)
            and isinstance(stmt.value, ast.Constant)
            and isinstance(stmt.value.value, str)
        )
        if is_doc or (isinstance(stmt, ast.ImportFrom) and stmt.module == "__future__"):
            last = stmt
            continue
        break
    if last is not None:
        return last.end_lineno or last.lineno, False
    return (tree.body[0].lineno, True) if tree.body else (1, True)


def _insert_line(lines: Lines, tree: ast.Module, text: str, place: tuple[int, bool]) -> TextEdit:
    line, before = place
    if before:
        at = lines.starts[line - 1] if line <= len(lines.starts) else len(lines.source)
        return TextEdit(at, at, text + lines.newline)
    if line < len(lines.starts):
        at = lines.starts[line]
        return TextEdit(at, at, text + lines.newline)
    # the last line, without a line break at its end
    return TextEdit(len(lines.source), len(lines.source), lines.newline + text + lines.newline)
