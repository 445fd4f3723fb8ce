"""Tool registrations in a module and the handlers they register, read with the stdlib `ast`.

Builds on the module index (`model`: `ModuleInfo`, `Func`), scopes, static evaluation and the
handlers (`handlers`); the index imports nothing from here.

API (what rules use):

- `registrations_of(module)`: the module's `Registration`s in source order, found once per
  module (kept in `module.memo`, which `Models.carried_over` empties when the module may be
  stale). Only lines where a register marker text occurs are visited.
- `Registration`: one `registry.register(...)` (kind "registry") or `ctx.register_tool(...)`
  (kind "plugin") call. `keywords` maps every argument (positional ones by register()'s parameter
  order) to its expression *as written*; `arg(key)` returns it with the loop variables of the
  table row substituted (`row` maps loop variables to the row's expressions for a call inside a
  module-level `for` over a literal table: the call then gives one Registration per row, all
  sharing `call`). `name` / `toolset` are the static strings or None. `place` is "module" (a
  statement of the module body), "loop" (directly in a module-level `for`), "nested" (inside a
  module-level `if`/`try`/`with`/deeper `for`) or "function" (inside a def); `discoverable` is
  True when Hermes' start-up discovery sees the call (module body or module-level `for` body,
  receiver spelled `registry`). `function` is the outermost def around a "function" call
  (`functions`: all of them). `handler` resolves the handler expression to the code that runs
  (a `Handler`) or None: a name a function around the call binds is that function's (a def
  nested in a plugin's `register(ctx)`), any other the module's.
  `label()` names the tool in findings (its name, or `<tool at line N>`).
- `Handler` and `resolve_handler` live in `pyast.handlers`.
"""

from __future__ import annotations

import ast

from hermes_dev.pyast.handlers import Handler, resolve_handler
from hermes_dev.pyast.model import REGISTER_MARKERS, Func, ModuleInfo, _lf_only, _spans
from hermes_dev.pyast.module_scope import models_loader, scope_of
from hermes_dev.pyast.schema_eval import Evaluator
from hermes_dev.pyast.scope import Scope
from hermes_dev.pyast.values import Thunk, dict_get

TYPE_CHECKING = False

# register()'s parameters in order, to name positional arguments (tools/registry.py).
REGISTER_PARAMS = (
    "name",
    "toolset",
    "schema",
    "handler",
    "check_fn",
    "requires_env",
    "is_async",
    "description",
    "emoji",
    "max_result_size_chars",
    "dynamic_schema_overrides",
    "override",
)
_DEF_TYPES = (ast.FunctionDef, ast.AsyncFunctionDef)
_MEMO_KEY = "registrations.found"


class Registration:
    """One tool registration call (one per table row when the call sits in a loop over a table)."""

    __slots__ = (
        "_handler",
        "_handler_done",
        "_strings",
        "call",
        "discoverable",
        "function",
        "functions",
        "keywords",
        "kind",
        "loop",
        "module",
        "place",
        "row",
        "row_module",
        "row_node",
    )

    def __init__(
        self,
        module: ModuleInfo,
        call: ast.Call,
        kind: str,
        place: str,
        discoverable: bool,
        loop: ast.For | None = None,
        row: dict[str, ast.expr] | None = None,
        row_node: ast.expr | None = None,
        row_module: ModuleInfo | None = None,
    ) -> None:
        self.module = module
        self.call = call
        self.kind = kind  # "registry" | "plugin"
        self.place = place  # "module" | "loop" | "nested" | "function"
        self.discoverable = discoverable
        self.loop = loop
        self.row = row
        self.row_node = row_node
        # Where the table is written (a sibling module's `TOOLS`): its row values are that
        # module's expressions.
        self.row_module = row_module or module
        # The outermost def or lambda around the call (place "function"), else None; and all
        # of them, outermost first.
        self.function: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda | None = None
        self.functions: tuple[ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda, ...] = ()
        keywords: dict[str, ast.expr] = {}
        for index, arg in enumerate(call.args):
            if isinstance(arg, ast.Starred) or index >= len(REGISTER_PARAMS):
                break
            keywords[REGISTER_PARAMS[index]] = arg
        for kw in call.keywords:
            if kw.arg is not None:
                keywords[kw.arg] = kw.value
        self.keywords = keywords
        self._handler: Handler | None = None
        self._handler_done = False
        self._strings: dict[str, str | None] = {}

    @property
    def line(self) -> int:
        return self.call.lineno

    @property
    def column(self) -> int:
        return self.call.col_offset + 1

    def arg(self, key: str) -> ast.expr | None:
        """The argument `key` with the table row's loop variables substituted."""
        expr = self.keywords.get(key)
        return None if expr is None else self.substitute(expr)

    def substitute(self, expr: ast.expr) -> ast.expr:
        """`expr` with a loop variable (or `var["key"]` of a dict row) replaced by the row's value."""
        row = self.row
        if not row:
            return expr
        if isinstance(expr, ast.Name) and expr.id in row:
            return row[expr.id]
        if (
            isinstance(expr, ast.Subscript)
            and isinstance(expr.slice, ast.Name)
            and expr.slice.id in row
            and not (isinstance(expr.value, ast.Name) and expr.value.id in row)
        ):
            # `_HANDLERS[name]`: the table's entry for the row's name
            looked_up = ast.Subscript(value=expr.value, slice=row[expr.slice.id], ctx=ast.Load())
            return ast.copy_location(looked_up, expr)
        if (
            isinstance(expr, ast.Subscript)
            and isinstance(expr.value, ast.Name)
            and expr.value.id in row
            and isinstance(expr.slice, ast.Constant)
        ):
            value = row[expr.value.id]
            if isinstance(value, ast.Dict):
                return dict_get(value, expr.slice.value) or expr
            if isinstance(value, (ast.Tuple, ast.List)) and isinstance(expr.slice.value, int):
                index = expr.slice.value
                if -len(value.elts) <= index < len(value.elts):
                    return value.elts[index]
        return expr

    def static_str(self, key: str) -> str | None:
        """The argument `key` when it is a string known statically: evaluated as the project
        rules evaluate it (constants, f-strings and concatenations of them, names imported from
        modules under the root), with the table row's loop variables bound."""
        if key in self._strings:
            return self._strings[key]
        expr = self.arg(key)  # `spec["toolset"]` of a row whose other values are not static
        found = None
        written = self.keywords.get(key)
        if expr is not None and written is not None and self.module.tree is not None:
            row_scope = scope_of(self.row_module)
            # A row's value is an expression of the module the table is written in.
            scope = row_scope if self._from_row(written) else scope_of(self.module)
            env = {var: Thunk(value, row_scope, {}) for var, value in (self.row or {}).items()}
            found = Evaluator(models_loader(self.module.models)).string(expr, scope, env)
        self._strings[key] = found
        return found

    @property
    def name(self) -> str | None:
        return self.static_str("name")

    @property
    def toolset(self) -> str | None:
        return self.static_str("toolset")

    @property
    def handler(self) -> Handler | None:
        if not self._handler_done:
            self._handler_done = True
            written = self.keywords.get("handler")
            expr = self.arg("handler")
            if written is not None and expr is not None:
                # A row's value is resolved where the table is written.
                module = self.row_module if self._from_row(written) else self.module
                # (the functions around the call see names of this module only)
                local, handler = (
                    self._local_handler(expr) if module is self.module else (False, None)
                )
                self._handler = handler if local else resolve_handler(module, expr, self.substitute)
        return self._handler

    def _from_row(self, expr: ast.expr) -> bool:
        """Whether `arg()` gives a value of the table row for `expr` (a loop variable, or
        `var["key"]` of one), not an expression of the call's module."""
        row = self.row
        if not row:
            return False
        if isinstance(expr, ast.Name):
            return expr.id in row
        return (
            isinstance(expr, ast.Subscript)
            and isinstance(expr.value, ast.Name)
            and expr.value.id in row
        )

    def _local_handler(self, expr: ast.expr) -> tuple[bool, Handler | None]:
        """(whether `expr` names a local of a function around the call, its Handler): a def
        nested in the plugin's `register(ctx)` (`def handle(params, **kw)` then
        `ctx.register_tool(..., handler=handle)`), the innermost function's first. Another
        local (a variable) cannot be known: (True, None)."""
        if not isinstance(expr, ast.Name):
            return False, None
        for node in reversed(self.functions):
            scope = Scope(self.module, Func(node, self.module))
            if scope.local_values(expr.id) is None:
                continue
            nested = scope.nested_def(expr.id)
            return True, None if nested is None else Handler(
                "function", expr, Func(nested, self.module)
            )
        return False, None

    def label(self) -> str:
        """How findings name the tool: its name, or `<tool at line N>` when not static."""
        return self.name or f"<tool at line {self.line}>"

    def __repr__(self) -> str:
        return f"Registration({self.name!r}, {self.module.rel}:{self.line}, {self.place})"


def registrations_of(module: ModuleInfo) -> list[Registration]:
    """The tool registrations of `module`, in source order (found once, kept in its memo)."""
    found = module.memo.get(_MEMO_KEY)
    if not isinstance(found, list):
        found = _find_registrations(module) if module.tree is not None else []
        module.memo[_MEMO_KEY] = found
    return found


# -- finding registrations -----------------------------------------------------------------


def _marker_lines(source: str) -> set[int]:
    """1-based lines on which a register marker text starts."""
    source = _lf_only(source)
    lines: set[int] = set()
    for marker in REGISTER_MARKERS:
        start = source.find(marker)
        while start != -1:
            lines.add(source.count("\n", 0, start) + 1)
            start = source.find(marker, start + 1)
    return lines


def _register_kind(call: ast.Call) -> str | None:
    """ "registry" for `registry.register(...)`, "plugin" for `<x>.register_tool(...)`."""
    func = call.func
    if not isinstance(func, ast.Attribute):
        return None
    if func.attr == "register_tool":
        return "plugin"
    if func.attr != "register":
        return None
    receiver = func.value
    named = (isinstance(receiver, ast.Name) and receiver.id in ("registry", "_registry")) or (
        isinstance(receiver, ast.Attribute) and receiver.attr in ("registry", "_registry")
    )
    if not named:
        return None
    # Other registries (codecs, atexit ...) have other signatures: require the tool contract.
    given = {kw.arg for kw in call.keywords}
    if "handler" in given or "schema" in given or len(call.args) >= 4:
        return "registry"
    return None


def _is_discoverable_stmt(stmt: ast.AST) -> bool:
    """Hermes' discovery test for one statement (mirrors tools/registry.py)."""
    if not isinstance(stmt, ast.Expr) or not isinstance(stmt.value, ast.Call):
        return False
    func = stmt.value.func
    return (
        isinstance(func, ast.Attribute)
        and func.attr == "register"
        and isinstance(func.value, ast.Name)
        and func.value.id == "registry"
    )


def _find_registrations(module: ModuleInfo) -> list[Registration]:
    assert module.tree is not None
    lines = _marker_lines(module.source)
    if not lines:
        return []
    found: list[Registration] = []
    for stmt in module.tree.body:
        if _spans(stmt, lines):
            _visit(module, stmt, [stmt], lines, found)
    found.sort(key=lambda r: (r.call.lineno, r.call.col_offset))
    return found


def _visit(
    module: ModuleInfo,
    node: ast.AST,
    path: list[ast.AST],
    lines: set[int],
    found: list[Registration],
) -> None:
    """Collect register calls under `node`, descending only where a marker line lies.

    `path` holds the nodes from the module-level statement down to `node`.
    """
    if isinstance(node, ast.Call):
        kind = _register_kind(node)
        if kind is not None:
            _add_registration(module, node, kind, path, found)
    for child in ast.iter_child_nodes(node):
        if _spans(child, lines):
            path.append(child)
            _visit(module, child, path, lines, found)
            path.pop()


def _add_registration(
    module: ModuleInfo, call: ast.Call, kind: str, path: list[ast.AST], found: list[Registration]
) -> None:
    functions = [n for n in path if isinstance(n, (*_DEF_TYPES, ast.Lambda))]
    top = path[0]
    loop: ast.For | None = None
    if functions:
        place = "function"
        outer = functions[0]
        # A plugin's loop over a table: in register(ctx), or a helper it calls
        # (`register_pipeline_tools(ctx)` in a sibling module).
        if kind == "plugin" and isinstance(outer, _DEF_TYPES):
            index = path.index(outer)
            if index + 1 < len(path) and isinstance(path[index + 1], ast.For):
                loop = path[index + 1]  # type: ignore[assignment]
    elif isinstance(top, ast.Expr) and top.value is call:
        place = "module"
    elif isinstance(top, ast.For):
        loop = top
        direct = any(isinstance(s, ast.Expr) and s.value is call for s in top.body)
        place = "loop" if direct else "nested"
    else:
        place = "nested"
    discoverable = (
        kind == "registry"
        and place in ("module", "loop")
        and _is_discoverable_stmt(path[1] if place == "loop" else top)
    )
    outer_def = functions[0] if functions else None
    table = _table_rows(module, loop, outer_def) if loop is not None else None
    if table is None:
        made = [Registration(module, call, kind, place, discoverable, loop)]
    else:
        rows, row_module = table
        made = [
            Registration(module, call, kind, place, discoverable, loop, row, row_node, row_module)
            for row_node, row in rows
        ]
    for reg in made:
        reg.function = functions[0] if functions else None
        reg.functions = tuple(functions)
    found.extend(made)


def _table_rows(
    module: ModuleInfo,
    loop: ast.For,
    function: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda | None = None,
) -> tuple[list[tuple[ast.expr, dict[str, ast.expr]]], ModuleInfo] | None:
    """Each row of the literal table a loop iterates over, as loop-variable bindings, and the
    module the table is written in: a table at module level, imported (`from .tools import
    TOOLS`, `_tools.TOOLS`), or one the loop's `function` assigns once."""
    iterable: ast.expr = loop.iter
    items = False
    if (
        isinstance(iterable, ast.Call)
        and isinstance(iterable.func, ast.Attribute)
        and iterable.func.attr == "items"
        and not iterable.args
    ):
        items = True
        iterable = iterable.func.value
    table_module = module
    if isinstance(iterable, (ast.Name, ast.Attribute)):
        local, value = (
            _local_table(module, function, iterable.id)
            if isinstance(iterable, ast.Name)
            else (False, None)
        )
        if not local:
            binding = (
                module.resolve(iterable.id)
                if isinstance(iterable, ast.Name)
                else module.resolve_attribute(iterable)
            )
            if binding is not None and isinstance(binding.node, ast.expr):
                value, table_module = binding.node, binding.module
        if value is None:
            return None
        iterable = value
    rows: list[ast.expr]
    if items:
        if not isinstance(iterable, ast.Dict) or any(k is None for k in iterable.keys):
            return None
        rows = [
            ast.Tuple(elts=[k, v], ctx=ast.Load(), lineno=k.lineno, col_offset=k.col_offset)
            for k, v in zip(iterable.keys, iterable.values)
            if k is not None
        ]
    elif isinstance(iterable, (ast.List, ast.Tuple, ast.Set)):
        rows = list(iterable.elts)
    else:
        return None
    result: list[tuple[ast.expr, dict[str, ast.expr]]] = []
    for row in rows:
        if isinstance(row, ast.Starred):
            return None
        bindings: dict[str, ast.expr] = {}
        if not _bind(loop.target, row, bindings):
            return None
        result.append((row, bindings))
    return result, table_module


def _local_table(
    module: ModuleInfo,
    function: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda | None,
    name: str,
) -> tuple[bool, ast.expr | None]:
    """(whether `name` is a local of `function`, the literal it assigns it once): the table
    `tool_pairs = [(...), ...]` built in register(ctx). A local bound otherwise (a parameter,
    twice, to a call) is (True, None): not the module's name, and not known."""
    if function is None:
        return False, None
    values = Scope(module, Func(function, module)).local_values(name)
    if values is None:
        return False, None
    if len(values) != 1 or not isinstance(values[0], (ast.List, ast.Tuple, ast.Set, ast.Dict)):
        return True, None
    return True, values[0]


def _bind(target: ast.expr, value: ast.expr, out: dict[str, ast.expr]) -> bool:
    if isinstance(target, ast.Name):
        out[target.id] = value
        return True
    if isinstance(target, (ast.Tuple, ast.List)):
        if not isinstance(value, (ast.Tuple, ast.List)) or len(value.elts) != len(target.elts):
            return False
        return all(_bind(t, v, out) for t, v in zip(target.elts, value.elts))
    return False
