"""Tool registrations in a module and the handlers they register, read with the stdlib `ast`.

Builds on the module index (`model`: `ModuleInfo`, `Func`) and the function walker (`walk`);
imports nothing else from `hermes_dev`, and the index imports nothing from here.

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
- `Handler`: `kind` ("function", "lambda", "partial", "factory"), `func` (the registered callable:
  a def or a lambda, as a `Func`), `target` (the `Func` a lambda or partial forwards to; for
  `lambda args, **kw: runner(coro_fn(args))` the `async def coro_fn`, with `via_runner` True),
  partial's `bound_positional`/`bound_keywords`, `is_async` (calling it gives a coroutine),
  `code()` (the functions whose bodies run: func and target).
- `resolve_handler(module, expr, substitute)`: the `Handler` of any handler expression;
  `forward_target(func)`: the function a lambda forwards to.
"""

from __future__ import annotations

import ast

from hermes_dev.pyast.model import REGISTER_MARKERS, Func, ModuleInfo, _lf_only, _spans
from hermes_dev.pyast.module_scope import models_loader, scope_of
from hermes_dev.pyast.schema_eval import Evaluator
from hermes_dev.pyast.scope import Scope
from hermes_dev.pyast.values import Thunk
from hermes_dev.pyast.walk import returns_of, walk_function

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable

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
_MAX_DEPTH = 8  # how many names deep a handler is followed
_MEMO_KEY = "registrations.found"


class Handler:
    """The code a registration's `handler=` runs."""

    __slots__ = (
        "bound_keywords",
        "bound_positional",
        "expr",
        "func",
        "kind",
        "target",
        "via_runner",
    )

    def __init__(
        self,
        kind: str,
        expr: ast.expr,
        func: Func,
        target: Func | None = None,
        bound_positional: int = 0,
        bound_keywords: frozenset[str] = frozenset(),
    ) -> None:
        self.kind = kind  # "function" | "lambda" | "partial" | "factory"
        self.expr = expr  # the handler expression as registered (row-substituted)
        self.func = func  # the registered callable (for a partial: the wrapped function)
        self.target = target  # what a lambda/partial forwards to
        self.bound_positional = bound_positional
        self.bound_keywords = bound_keywords
        # True when a lambda hands the target's coroutine to a runner: `_run_async(fn(args))`.
        runner_arg = _runner_call(func.node) if isinstance(func.node, ast.Lambda) else None
        self.via_runner = bool(
            target is not None
            and target.is_async
            and runner_arg is not None
            and runner_arg.id == target.name
        )

    @property
    def is_async(self) -> bool:
        """True when calling the handler gives a coroutine (an `async def`, or a partial of one)."""
        return self.func.is_async

    def code(self) -> list[Func]:
        """The functions whose bodies run when the handler is called: itself and its target."""
        funcs = [self.func]
        if self.target is not None and self.target != self.func:
            funcs.append(self.target)
        return funcs

    def __repr__(self) -> str:
        return f"Handler({self.kind}, {self.func!r}, target={self.target!r})"


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


def dict_get(node: ast.Dict, key: object) -> ast.expr | None:
    """The value written for the constant `key` in a dict literal, or None."""
    for k, v in zip(node.keys, node.values):
        if isinstance(k, ast.Constant) and k.value == key:
            return v
    return None


# -- resolving a handler ---------------------------------------------------------------------


def resolve_handler(
    module: ModuleInfo,
    expr: ast.expr,
    substitute: Callable[[ast.expr], ast.expr] | None = None,
) -> Handler | None:
    """The code a handler expression runs, or None when it cannot be known statically.
    `substitute` puts a table row's values for its loop variables (for a lambda's defaults:
    `lambda args, _h=_handler, **kw: _h(args)` in a loop over rows that bind `_handler`)."""
    return _resolve_callable(module, expr, expr, 0, substitute)


def _resolve_callable(
    module: ModuleInfo,
    expr: ast.expr,
    original: ast.expr,
    depth: int,
    substitute: Callable[[ast.expr], ast.expr] | None = None,
) -> Handler | None:
    if depth > _MAX_DEPTH:
        return None
    if isinstance(expr, ast.Lambda):
        func = Func(expr, module)
        return Handler("lambda", original, func, forward_target(func, substitute))
    if isinstance(expr, (ast.Name, ast.Attribute)):
        binding = (
            module.resolve(expr.id)
            if isinstance(expr, ast.Name)
            else module.resolve_attribute(expr)
        )
        if binding is None:
            return None
        node = binding.node
        if isinstance(node, _DEF_TYPES):
            return Handler("function", original, Func(node, binding.module))
        if (
            isinstance(node, ast.expr)
            and not isinstance(node, ast.Name)
            or (isinstance(node, ast.Name) and node is not expr and isinstance(node.ctx, ast.Load))
        ):
            return _resolve_callable(binding.module, node, original, depth + 1)
        return None
    if isinstance(expr, ast.Subscript) and isinstance(expr.slice, ast.Constant):
        # `_HANDLERS["gh_list"]`: the entry of a dict literal (here or imported)
        container = expr.value
        table = (
            module.resolve(container.id)
            if isinstance(container, ast.Name)
            else module.resolve_attribute(container)
            if isinstance(container, ast.Attribute)
            else None
        )
        if table is None or not isinstance(table.node, ast.Dict):
            return None
        entry = dict_get(table.node, expr.slice.value)
        if entry is None:
            return None
        return _resolve_callable(table.module, entry, original, depth + 1)
    if isinstance(expr, ast.Call):
        if _is_partial(module, expr.func):
            if not expr.args or any(isinstance(a, ast.Starred) for a in expr.args):
                return None
            inner = _resolve_callable(module, expr.args[0], expr.args[0], depth + 1)
            if inner is None or inner.kind != "function":
                return None
            keywords = {kw.arg for kw in expr.keywords}
            if None in keywords:
                return None
            return Handler(
                "partial",
                original,
                inner.func,
                inner.func,
                bound_positional=len(expr.args) - 1,
                bound_keywords=frozenset(k for k in keywords if k is not None),
            )
        # A factory: a module function that returns a nested def or a lambda.
        if isinstance(expr.func, ast.Name):
            factory = module.function(expr.func.id)
            if factory is not None:
                made = _factory_product(factory)
                if made is not None:
                    return Handler(
                        "factory",
                        original,
                        made,
                        forward_target(made) if isinstance(made.node, ast.Lambda) else None,
                    )
    return None


def _is_partial(module: ModuleInfo, func: ast.expr) -> bool:
    if (
        isinstance(func, ast.Attribute)
        and func.attr == "partial"
        and isinstance(func.value, ast.Name)
    ):
        origin = module.import_origin(func.value.id)
        return origin == ("functools", None) or func.value.id == "functools"
    if isinstance(func, ast.Name):
        return module.import_origin(func.id) == ("functools", "partial")
    return False


def _factory_product(factory: Func) -> Func | None:
    """The nested def or lambda every `return` of `factory` gives, if they agree on one."""
    node = factory.node
    if isinstance(node, ast.Lambda):
        return None
    nested = {s.name: s for s in walk_function(node) if isinstance(s, _DEF_TYPES)}
    made: Func | None = None
    for ret in returns_of(node):
        value = ret.value
        if isinstance(value, ast.Name) and value.id in nested:
            candidate = Func(nested[value.id], factory.module)
        elif isinstance(value, ast.Lambda):
            candidate = Func(value, factory.module)
        else:
            return None
        if made is not None and made != candidate:
            return None
        made = candidate
    return made


def forward_target(
    func: Func, substitute: Callable[[ast.expr], ast.expr] | None = None
) -> Func | None:
    """The module function a lambda's body calls (`lambda args, **kw: fn(...)`), if resolvable:
    also through a module-level `functools.partial` object (`core = partial(_run, ...)`;
    `lambda args, **kw: core(**args)`) and through a parameter's default (`lambda args,
    _h=_handler, **kw: _h(args)`, the late-binding idiom of registration loops; `substitute`
    gives the table row's value of a loop variable)."""
    node = func.node
    if not isinstance(node, ast.Lambda):
        return None
    body = node.body
    if not isinstance(body, ast.Call):
        return None
    if isinstance(body.func, ast.Attribute):
        return func.module.callee(body.func)  # `lambda args, **kw: helpers.run(args)`
    if not isinstance(body.func, ast.Name):
        return None
    params = _lambda_params(node)
    if body.func.id in params:
        default = _lambda_default(node, body.func.id)
        if default is None:
            return None
        return _function_behind(func.module, substitute(default) if substitute else default)
    inner = _runner_call(node)
    if inner is not None and inner.id not in params:
        # `lambda args, **kw: _run_async(fetch(args))`: the code that runs is `fetch`.
        coroutine = func.module.function(inner.id)
        if coroutine is not None and coroutine.is_async:
            return coroutine
    return func.module.function(body.func.id) or _function_behind(func.module, body.func)


def _function_behind(module: ModuleInfo, expr: ast.expr) -> Func | None:
    """The def that calling `expr` runs when `expr` names a def or a `functools.partial` of
    one (a module-level name, or a lambda default's value); None for anything else."""
    if not isinstance(expr, (ast.Name, ast.Attribute, ast.Call)):
        return None
    handler = _resolve_callable(module, expr, expr, 1)
    if handler is None or handler.kind not in ("function", "partial"):
        return None
    return handler.func


def _lambda_default(node: ast.Lambda, name: str) -> ast.expr | None:
    """The default value of the lambda's parameter `name`, if it has one."""
    a = node.args
    positional = [*a.posonlyargs, *a.args]
    for param, default in zip(positional[len(positional) - len(a.defaults) :], a.defaults):
        if param.arg == name:
            return default
    for param, kw_default in zip(a.kwonlyargs, a.kw_defaults):
        if param.arg == name:
            return kw_default
    return None


def _runner_call(node: ast.Lambda) -> ast.Name | None:
    """`g` in a lambda body shaped `runner(g(...))` (one argument, itself a call of a name)."""
    body = node.body
    if (
        isinstance(body, ast.Call)
        and len(body.args) == 1
        and not body.keywords
        and isinstance(body.args[0], ast.Call)
        and isinstance(body.args[0].func, ast.Name)
    ):
        return body.args[0].func
    return None


def _lambda_params(node: ast.Lambda) -> set[str]:
    a = node.args
    names = {p.arg for p in (*a.posonlyargs, *a.args, *a.kwonlyargs)}
    if a.vararg:
        names.add(a.vararg.arg)
    if a.kwarg:
        names.add(a.kwarg.arg)
    return names
