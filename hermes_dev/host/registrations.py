"""Tool registrations and the handlers they register: the one row model, for every rule and for
new-tool and remove-tool. Read with the semantic model (`hermes_dev.pyast.semantic`), never run.

- `registrations_of(module)`: the module's `Registration`s in source order, found once per
  module (kept in its `state`). A `registry.register(...)` (kind "registry") or
  `ctx.register_tool(...)` (kind "plugin") call gives one Registration per way it runs: one per
  row of each loop around it (any loop, at module level or in a def: `for` over a literal, an
  imported table, `BASE + EXTRA`, a table built with `.append`/`.extend`/`+=`/`[k] = v`, a
  dict's `.items()`, also of one keyed by the handlers themselves...), and, in a helper def whose parameters the call uses, one per call of the
  helper in the module (`_register("book", book, BOOK_SCHEMA)`, or `add(spec)` after
  `add = partial(_register_one, ctx)`, or one per def a decorator factory hands to it:
  `@tool("book", SCHEMA)` of `def tool(name, schema): return lambda fn: _register(name, fn,
  schema)`), each with what the rows and
  calls bind in its `scope`. When rows cannot be read the call gives one Registration whose
  `rows_known` is False.
- `Registration`: `module`, `call`, `kind`, `scope` (where its arguments are read), `keywords`
  (every argument as written; positional ones named by register()'s parameter order),
  `value(key)` (what it may be), `static_str(key)` / `name` / `toolset` (the static string or
  None), `handler` (a `Handler`, or None), `place` ("module": a statement of the module body,
  "loop": directly in a module-level `for`, "nested": deeper in module-level blocks,
  "function": in a def), `discoverable` (Hermes's start-up discovery sees it: module body or
  module-level `for` body, receiver spelled `registry`), `loop` (the innermost `for` around it),
  `functions` (the defs and lambdas around it, outermost first), `label()`.
- `Handler`: `kind` ("function", "lambda", "partial", "factory"), `func` (the registered callable),
  `target` (the def a lambda or partial forwards to; for `lambda args, **kw:
  runner(coro_fn(args))` the `async def coro_fn`, with `via_runner`), partial's
  `bound_positional` / `bound_keywords`, `is_async`, `code()` (the functions whose bodies run).
- `registered_names(models, path)`: the tool names a module registers, for new-tool/remove-tool.
"""

from __future__ import annotations

import ast

from hermes_dev.pyast.analyze.branches import decide
from hermes_dev.pyast.analyze.evaluate import Evaluator, strings_in
from hermes_dev.pyast.semantic.bindings import spans_any
from hermes_dev.pyast.semantic.modules import REGISTER_MARKERS, _lf_only, register_aliases
from hermes_dev.pyast.semantic.resolve import (
    applier_sites,
    assigned_value,
    bind_call,
    bind_target,
    class_bases,
    class_method,
    constant_defaults,
    decoration_scopes,
    entries,
    first_parameter,
    helper_applications,
    instance_method_applications,
    is_builtin_name,
    made_decorator,
    mapped_target,
    method_tables,
    own_object,
    resolve,
    rows,
    subtree_modules,
)
from hermes_dev.pyast.semantic.scopes import (
    Class,
    ClassRef,
    External,
    Function,
    Instance,
    Literal,
    Partial,
    Possible,
    Prefilled,
    Scope,
    module_scope,
)
from hermes_dev.pyast.semantic.walker import is_name, last_name, walk_function, within

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from pathlib import Path

    from hermes_dev.pyast.calls.driver import Code
    from hermes_dev.pyast.semantic.modules import Models, ModuleInfo

    FuncNode = ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda

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
_FUNC_TYPES = (*_DEF_TYPES, ast.Lambda)
# Bounds: a table of more rows, or more helper calls, than this is read as not known.
MAX_ROWS = 2000
_MAX_CALL_SITE_DEPTH = 4


class Registration:
    """One way a tool registration call runs (one per table row, one per helper call)."""

    __slots__ = (
        "_handler",
        "_handler_done",
        "_strings",
        "call",
        "discoverable",
        "functions",
        "keywords",
        "kind",
        "loop",
        "module",
        "place",
        "rows_known",
        "scope",
        "spread",
    )

    def __init__(
        self,
        module: ModuleInfo,
        call: ast.Call,
        kind: str,
        place: str,
        discoverable: bool,
        scope: Scope,
        loop: ast.For | ast.AsyncFor | None = None,
        functions: tuple[FuncNode, ...] = (),
        rows_known: bool = True,
    ) -> None:
        self.module = module
        self.call = call
        self.kind = kind  # "registry" | "plugin"
        self.place = place  # "module" | "loop" | "nested" | "function"
        self.discoverable = discoverable
        self.scope = scope
        self.loop = loop
        self.functions = functions
        self.rows_known = rows_known
        keywords: dict[str, ast.expr] = {}
        for index, arg in enumerate(call.args):
            if isinstance(arg, ast.Starred) or index >= len(REGISTER_PARAMS):
                break
            keywords[REGISTER_PARAMS[index]] = arg
        for kw in call.keywords:
            if kw.arg is not None:
                keywords[kw.arg] = kw.value
        spread: list[tuple[str, ast.expr, ModuleInfo]] = []
        for kw in call.keywords:
            if kw.arg is None:
                # `ctx.register_tool(**spec)` of a row of dict displays: its items
                for key, key_node, value, home in _spread(kw.value, scope):
                    keywords.setdefault(key, value)
                    spread.append((key, key_node, home))
        self.keywords = keywords
        self.spread = spread  # (key, its node in the display, the display's module)
        self._handler: Handler | None = None
        self._handler_done = False
        self._strings: dict[str, str | None] = {}

    @property
    def line(self) -> int:
        return self.call.lineno

    @property
    def column(self) -> int:
        return self.call.col_offset + 1

    @property
    def function(self) -> FuncNode | None:
        """The outermost def or lambda around the call (place "function"), else None."""
        return self.functions[0] if self.functions else None

    def arg(self, key: str) -> ast.expr | None:
        """The argument `key` as written (read it in `scope`)."""
        return self.keywords.get(key)

    def value(self, key: str) -> Possible | None:
        """What the argument `key` may be, in this registration's row."""
        expr = self.keywords.get(key)
        return None if expr is None else resolve(expr, self.scope)

    def static_str(self, key: str) -> str | None:
        """The argument `key` when it is a string known statically in this row: constants,
        f-strings and concatenations of them, names imported from modules under the root."""
        if key in self._strings:
            return self._strings[key]
        expr = self.keywords.get(key)
        found = None
        if expr is not None and self.rows_known:
            found = Evaluator().string(expr, self.scope)
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
            expr = self.keywords.get("handler")
            if expr is not None:
                self._handler = resolve_handler(expr, self.scope)
        return self._handler

    def label(self) -> str:
        """How findings name the tool: its name, or `<tool at line N>` when not static."""
        return self.name or f"<tool at line {self.line}>"

    def __repr__(self) -> str:
        return f"Registration({self.name!r}, {self.module.rel}:{self.line}, {self.place})"


def _spread(
    expr: ast.expr, scope: Scope, depth: int = 0
) -> list[tuple[str, ast.expr, ast.expr, ModuleInfo]]:
    """The items of a dict display `**expr` stands for (its keys constant strings), as (key,
    key node, value, the display's module); empty when it is not one such display. Displays
    spread into one (`{**COMMON, **tool}`) and a call of a def that merges the dicts it is
    handed (`merge(COMMON, tool)`) give theirs, the later ones over the earlier."""
    if depth > _MAX_SPREAD_DEPTH:
        return []
    if isinstance(expr, ast.BinOp) and isinstance(expr.op, ast.BitOr):
        return _spread_all([expr.left, expr.right], scope, depth)  # (`BASE | spec`)
    if isinstance(expr, ast.Call):
        merged = _merged(expr, scope)
        if merged is not None:
            return _spread_all(merged, scope, depth)
    found = resolve(expr, scope).single()
    if not isinstance(found, Literal):
        return []
    made = found.expr
    own = found.scope is scope or (found.scope.func is None and found.scope.module is scope.module)

    def read(key: str, value: ast.expr) -> ast.expr:
        # A row made in another scope (a decorator's `_TOOLS.append({"handler": fn, ...})`)
        # holds names of that scope: read its items through the row, `spec["handler"]`.
        if own:
            return value
        item = ast.Subscript(value=expr, slice=ast.Constant(value=key), ctx=ast.Load())
        return ast.copy_location(item, expr)

    if (
        isinstance(made, ast.Call)
        and isinstance(made.func, ast.Name)
        and made.func.id == "dict"
        and not made.args
        and is_builtin_name("dict", found.scope)
    ):
        # `kwargs = dict(name=..., handler=..., **opts)`: its named keywords (`**opts` cannot
        # hold them again: dict() refuses a keyword given twice)
        return [
            (kw.arg, kw.value, read(kw.arg, kw.value), found.scope.module)
            for kw in made.keywords
            if kw.arg
        ]
    if not isinstance(made, ast.Dict):
        return _entries_of(expr, scope, read, found.scope.module)
    items: list[tuple[str, ast.expr, ast.expr, ModuleInfo]] = []
    for key, value in zip(made.keys, made.values):
        if key is None and _keyword_options(value, found.scope):
            continue  # (`**options` of a decorator factory's `**options`: emoji, check_fn...)
        if key is None and own:
            inner = _spread(value, found.scope, depth + 1)
            if not inner:
                return []  # a spread not known whole
            items = _overridden(items, inner)
            continue
        if not (isinstance(key, ast.Constant) and isinstance(key.value, str)):
            return []  # a spread or a computed key: not known whole
        items = _overridden(items, [(key.value, key, read(key.value, value), found.scope.module)])
    return items


def _entries_of(
    expr: ast.expr,
    scope: Scope,
    read: Callable[[str, ast.expr], ast.expr],
    module: ModuleInfo,
) -> list[tuple[str, ast.expr, ast.expr, ModuleInfo]]:
    """A dict the model knows whole, however it is made (`DEFAULTS | {k: spec[k] for k in
    keep if k in spec}` returned by a helper): its constant keys, the later over the
    earlier; empty when a key or part is not known."""
    table = entries(expr, scope)
    if table is None or not table.complete or not table.items:
        return []
    items: list[tuple[str, ast.expr, ast.expr, ModuleInfo]] = []
    for key, value, _where in table.items:
        if not isinstance(key, str):
            return []
        items = _overridden(items, [(key, expr, read(key, value), module)])
    return items


_MAX_SPREAD_DEPTH = 4
_MERGES = frozenset({"toolz.merge", "toolz.dicttoolz.merge", "cytoolz.merge"})


def _overridden(
    items: list[tuple[str, ast.expr, ast.expr, ModuleInfo]],
    later: list[tuple[str, ast.expr, ast.expr, ModuleInfo]],
) -> list[tuple[str, ast.expr, ast.expr, ModuleInfo]]:
    keys = {item[0] for item in later}
    return [item for item in items if item[0] not in keys] + later


def _spread_all(
    parts: list[ast.expr], scope: Scope, depth: int
) -> list[tuple[str, ast.expr, ast.expr, ModuleInfo]]:
    items: list[tuple[str, ast.expr, ast.expr, ModuleInfo]] = []
    for part in parts:
        inner = _spread(part, scope, depth + 1)
        if not inner:
            return []
        items = _overridden(items, inner)
    return items


def _merged(call: ast.Call, scope: Scope) -> list[ast.expr] | None:
    """The dicts a call merges, in order: `toolz.merge(a, b)`, or a project def whose one
    `return` is a display of nothing but its parameters spread (`{**a, **(b or {})}`), or a fold
    of its `*dicts` into one (`reduce(lambda acc, m: {**acc, **m}, dicts, {})`)."""
    if any(isinstance(a, ast.Starred) for a in call.args) or call.keywords:
        return None
    found = resolve(call.func, scope).single()
    if isinstance(found, External) and found.dotted in _MERGES:
        return list(call.args)
    if not isinstance(found, Function) or not isinstance(found.node, _DEF_TYPES):
        return None
    node = found.node
    returns = [s for s in walk_function(node) if isinstance(s, ast.Return)]
    if len(returns) != 1 or returns[0].value is None or node.args.kwonlyargs:
        return None
    value = returns[0].value
    params = [a.arg for a in (*node.args.posonlyargs, *node.args.args)]
    if isinstance(value, ast.Dict) and value.keys and all(k is None for k in value.keys):
        order = [_spread_param(v) for v in value.values]
        if any(p is None or p not in params for p in order) or len(call.args) != len(params):
            return None
        given = dict(zip(params, call.args))
        return [given[p] for p in order]  # type: ignore[index]
    vararg = node.args.vararg
    if (
        vararg is not None
        and not params
        and isinstance(value, ast.Call)
        and last_name(value.func) == "reduce"
        and len(value.args) == 3
        and is_name(value.args[1], vararg.arg)
        and isinstance(value.args[2], ast.Dict)
        and not value.args[2].keys
        and _merging_lambda(value.args[0])
    ):
        return list(call.args)
    return None


def _spread_param(value: ast.expr) -> str | None:
    """`p` of `**p` or `**(p or {})`."""
    if isinstance(value, ast.BoolOp) and isinstance(value.op, ast.Or) and len(value.values) == 2:
        empty = value.values[1]
        if isinstance(empty, ast.Dict) and not empty.keys:
            value = value.values[0]
    return value.id if isinstance(value, ast.Name) else None


def _merging_lambda(expr: ast.expr) -> bool:
    """`lambda acc, m: {**acc, **(m or {})}`."""
    if not isinstance(expr, ast.Lambda):
        return False
    params = [a.arg for a in expr.args.args]
    body = expr.body
    return (
        len(params) == 2
        and isinstance(body, ast.Dict)
        and len(body.keys) == 2
        and all(k is None for k in body.keys)
        and [_spread_param(v) for v in body.values] == params
    )


def _keyword_options(expr: ast.expr, scope: Scope) -> bool:
    """`expr` is the `**options` parameter of a def around the row (what its callers add)."""
    if not isinstance(expr, ast.Name):
        return False
    located = scope.lookup(expr.id)
    if located is None:
        return False
    func = located[0].func
    kwarg = func.args.kwarg if isinstance(func, (ast.FunctionDef, ast.AsyncFunctionDef)) else None
    return kwarg is not None and kwarg.arg == expr.id


# -- handlers ---------------------------------------------------------------------------------------


class Handler:
    """The code a registration's `handler=` runs."""

    __slots__ = (
        "bound_keywords",
        "bound_positional",
        "expr",
        "func",
        "kind",
        "partial",
        "receiver",
        "target",
        "via_runner",
    )

    def __init__(
        self,
        kind: str,
        expr: ast.expr,
        func: Function,
        target: Function | None = None,
        bound_positional: int = 0,
        bound_keywords: frozenset[str] = frozenset(),
        via_runner: bool = False,
        partial: Partial | None = None,
    ) -> None:
        self.kind = kind  # "function" | "lambda" | "partial" | "factory"
        self.partial = partial  # the `functools.partial` object, for a partial
        self.expr = expr  # the handler expression as registered
        self.func = func  # the registered callable (for a partial: the wrapped function)
        self.target = target  # what a lambda/partial forwards to
        self.bound_positional = bound_positional
        self.bound_keywords = bound_keywords
        # True when a lambda hands the target's coroutine to a runner: `_run_async(fn(args))`.
        self.via_runner = via_runner
        # `handler=spec.handle` of a row's object whose making call is known
        # (`FunctionTool(name=..., fn=fn)`): the `self` the method runs with
        self.receiver: Instance | None = None

    @property
    def is_async(self) -> bool:
        """True when calling the handler gives a coroutine (an `async def`, or a partial of one)."""
        return self.func.is_async

    def code(self) -> list[Function]:
        """The functions whose bodies run when the handler is called: itself and its target."""
        funcs = [self.func]
        if self.target is not None and self.target != self.func:
            funcs.append(self.target)
        return funcs

    def code_for(self, func: Function) -> Code:
        """`func` (one of `code()`) as calling the handler runs it: a lambda's target with
        what the lambda's call binds, a partial's function with its bound arguments, so the
        constants they give rule out the branches of the other tools of a shared function."""
        from hermes_dev.pyast.calls.driver import Code, forwarded_code, partial_code

        if self.partial is not None and func is self.partial.func:
            return partial_code(self.partial)
        if func is self.target and func is not self.func:
            return forwarded_code(self.func, func)
        node = func.node
        if (
            self.receiver is not None
            and func is self.func
            and func.bound
            and isinstance(node, _DEF_TYPES)
            and node.args.args
        ):
            return Code(func, {node.args.args[0].arg: Possible.of(self.receiver)})
        return Code(func)

    def args_parameter(self, func: Function) -> str | None:
        """The parameter of `func` (the handler or the def it forwards to) that receives the
        model's arguments: Hermes calls `handler(args, **kw)`."""
        if func is self.func:
            return _positional(func, self.bound_positional if self.kind == "partial" else 0)
        lam = self.func.node
        if func is not self.target or not isinstance(lam, ast.Lambda):
            return None
        params = lam.args.posonlyargs + lam.args.args
        body = lam.body
        if not params or not isinstance(body, ast.Call):
            return None
        given = params[0].arg
        for i, arg in enumerate(body.args):
            if isinstance(arg, ast.Name) and arg.id == given:
                return _positional(func, i)
        for kw in body.keywords:
            if isinstance(kw.value, ast.Name) and kw.value.id == given and kw.arg:
                return kw.arg
        return None

    def model_values(self, func: Function) -> frozenset[str]:
        """The parameters of the def a lambda forwards to that receive one of the model's
        arguments as it came: `lambda args, **kw: fn(args.get("n"), path=args["path"])`."""
        lam = self.func.node
        if func is not self.target or not isinstance(lam, ast.Lambda):
            return frozenset()
        params = lam.args.posonlyargs + lam.args.args
        body = lam.body
        if not params or not isinstance(body, ast.Call) or func.node is lam:
            return frozenset()
        given = params[0].arg
        found: set[str] = set()
        for i, arg in enumerate(body.args):
            if isinstance(arg, ast.Starred):
                break
            if _reads_argument(arg, given):
                name = _positional(func, i)
                if name is not None:
                    found.add(name)
        for kw in body.keywords:
            if kw.arg and _reads_argument(kw.value, given):
                found.add(kw.arg)
        if any(kw.arg is None and is_name(kw.value, given) for kw in body.keywords):
            # (`lambda args, **kw: fn(**args)`: each parameter is the model's value by its name)
            node = func.node
            if isinstance(node, _DEF_TYPES):
                taken = len([a for a in body.args if not isinstance(a, ast.Starred)])
                named = {kw.arg for kw in body.keywords if kw.arg}
                called = resolve(body.func, self.func.scope).single()
                if isinstance(called, Partial):
                    # (`chat_read(**args)` of a partial: its own arguments are not the model's)
                    taken += len(called.args)
                    named |= {kw.arg for kw in called.keywords if kw.arg}
                elif isinstance(func, Prefilled):
                    taken += func.given_args
                    named |= func.given_keywords
                if func.bound:
                    taken += 1
                positional = [*node.args.posonlyargs, *node.args.args][taken:]
                found |= {a.arg for a in (*positional, *node.args.kwonlyargs)} - named
        return frozenset(found)

    def __repr__(self) -> str:
        return f"Handler({self.kind}, {self.func!r}, target={self.target!r})"


def _reads_argument(expr: ast.expr, args: str) -> bool:
    """`args.get("k")`, `args.get("k", default)` or `args["k"]`: one argument as it came."""
    if isinstance(expr, ast.Subscript):
        return isinstance(expr.value, ast.Name) and expr.value.id == args
    return (
        isinstance(expr, ast.Call)
        and isinstance(expr.func, ast.Attribute)
        and expr.func.attr == "get"
        and isinstance(expr.func.value, ast.Name)
        and expr.func.value.id == args
    )


def _positional(func: Function, index: int) -> str | None:
    node = func.node
    params = [a.arg for a in node.args.posonlyargs + node.args.args]
    if func.bound and params:
        params = params[1:]  # self / cls
    return params[index] if index < len(params) else None


def _decided(expr: ast.expr, scope: Scope) -> tuple[ast.expr, Scope]:
    """The branch of a conditional expression its row decides (`t["fn"] if t["is_async"] else
    partial(_call, t["fn"])`, written out or through the name it is bound to)."""
    for _ in range(4):
        where = scope
        value = expr
        if isinstance(expr, ast.Subscript) and isinstance(expr.slice, ast.Constant):
            # (`spec["handler"]` of a row made elsewhere: the item as the row writes it)
            item = _row_item(expr, scope)
            if item is None:
                break
            expr, scope = item
            continue
        if isinstance(expr, ast.Name):
            bound = assigned_value(expr.id, scope)
            if bound is None:
                break
            value, where = bound
        if not isinstance(value, ast.IfExp):
            break
        verdict = decide(value.test, where)
        if verdict is None:
            break
        expr, scope = (value.body if verdict else value.orelse), where
    return expr, scope


def _row_item(expr: ast.Subscript, scope: Scope) -> tuple[ast.expr, Scope] | None:
    """The expression a row (a dict display, or `dict(...)` with keywords) holds under the
    subscript's constant key, with the row's scope."""
    row = resolve(expr.value, scope).single()
    if not isinstance(row, Literal):
        return None
    key = expr.slice.value  # type: ignore[attr-defined]
    made = row.expr
    if isinstance(made, ast.Dict):
        for k, v in zip(made.keys, made.values):
            if isinstance(k, ast.Constant) and k.value == key:
                return v, row.scope
    elif isinstance(made, ast.Call) and is_name(made.func, "dict") and not made.args:
        for kw in made.keywords:
            if kw.arg == key:
                return kw.value, row.scope
    return None


# (a partial's call, id of the branch put in its place) -> (the call, the branch, the partial
# with that branch first: rows are remembered by identity)
_DECIDED_PARTIALS: dict[tuple[int, int], tuple[ast.Call, ast.expr, ast.Call]] = {}


def _decided_partial(expr: ast.expr, scope: Scope) -> ast.expr:
    """`functools.partial(dispatcher, ...)` where `dispatcher = _run_async if row.is_async
    else _run`: the partial of the branch the row decides."""
    if not (
        isinstance(expr, ast.Call)
        and expr.args
        and isinstance(expr.args[0], ast.Name)
        and last_name(expr.func) == "partial"
    ):
        return expr
    branch, where = _decided(expr.args[0], scope)
    if branch is expr.args[0] or where is not scope:
        return expr
    key = (id(expr), id(branch))
    made = _DECIDED_PARTIALS.get(key)
    if made is None or made[0] is not expr or made[1] is not branch:
        call = ast.Call(func=expr.func, args=[branch, *expr.args[1:]], keywords=expr.keywords)
        ast.copy_location(call, expr)
        made = _DECIDED_PARTIALS[key] = (expr, branch, call)
    return made[2]


def resolve_handler(expr: ast.expr, scope: Scope) -> Handler | None:
    """The code a handler expression runs in `scope`, or None when it cannot be known."""
    expr, scope = _decided(expr, scope)
    expr = _decided_partial(expr, scope)
    # (`handler=self._handle` in a plugin class's method: its own method)
    found = own_object(expr, scope)
    if found is None:
        # `_agent.run` where `_agent = Agent.instance()` (a lazily made singleton the model
        # cannot follow to its end): the one callable it is known to be
        callables = {
            o.key: o
            for o in resolve(expr, scope).items
            if isinstance(o, (Function, Partial, Instance))
        }
        if len(callables) == 1:
            found = next(iter(callables.values()))
    if isinstance(found, Partial):
        if any(kw.arg is None for kw in found.keywords):
            return None
        return Handler(
            "partial",
            expr,
            found.func,
            found.func,
            bound_positional=len(found.args),
            bound_keywords=frozenset(kw.arg for kw in found.keywords if kw.arg is not None),
            partial=found,
        )
    if isinstance(found, Instance):
        # `handler=tool` where `tool = PutNote()`: Hermes calls the object, so its class's
        # `__call__` runs, with `self` that class (its `run()` is the subclass's)
        method = class_method(found.cls, "__call__")
        if method is None or not isinstance(method[0].node, _DEF_TYPES):
            return None
        made = method[0]
        found = Function(made.node, made.module, made.scope, found.cls, bound=True)
    if not isinstance(found, Function):
        return None
    if isinstance(expr, ast.Call):
        target = forward_target(found) if isinstance(found.node, ast.Lambda) else None
        return Handler("factory", expr, found, target)
    if isinstance(found.node, ast.Lambda):
        target = forward_target(found)
        runner = _runner_call(found.node)
        via_runner = bool(
            target is not None
            and target.is_async
            and runner is not None
            and runner.id == target.name
        )
        return Handler("lambda", expr, found, target, via_runner=via_runner)
    handler = Handler("function", expr, found)
    if found.bound and isinstance(expr, ast.Attribute):
        objects = resolve(expr.value, scope).items
        if len(objects) == 1 and isinstance(objects[0], Instance) and objects[0].made is not None:
            handler.receiver = objects[0]
    return handler


def forward_target(func: Function) -> Function | None:
    """The def a lambda's body calls (`lambda args, **kw: fn(...)`), when it is one def: also
    through a `functools.partial` (`core = partial(_run, ...)`), a parameter's default (`lambda
    args, _h=_handler, **kw: _h(args)`, the late-binding idiom of registration loops), a row's
    or a call's function, and `runner(coro_fn(args))` (the code that runs is `coro_fn`)."""
    node = func.node
    if not isinstance(node, ast.Lambda):
        return None
    body = node.body
    if not isinstance(body, ast.Call):
        return None
    scope = func.scope.child(node)
    inner = _runner_call(node)
    if inner is not None:
        coroutine = resolve(inner, scope).single()
        if isinstance(coroutine, Function) and coroutine.is_async:
            return coroutine
    called = resolve(body.func, scope).single()
    if isinstance(called, Partial):
        return called.func
    if isinstance(called, Function) and isinstance(called.node, _DEF_TYPES):
        return called
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


# -- finding registrations ----------------------------------------------------------------------


def registrations_of(module: ModuleInfo) -> list[Registration]:
    """The tool registrations of `module`, in source order (found once, kept in its state)."""
    found = module.state.registrations
    if found is None:
        found = _find_registrations(module) if module.tree is not None else []
        module.state.registrations = found
    return found


def _marker_lines(source: str, aliases: dict[str, str] | None = None) -> set[int]:
    """1-based lines on which a register marker text starts (or a call of an alias)."""
    source = _lf_only(source)
    lines: set[int] = set()
    for marker in (*REGISTER_MARKERS, *(f"{name}(" for name in aliases or {})):
        start = source.find(marker)
        while start != -1:
            lines.add(source.count("\n", 0, start) + 1)
            start = source.find(marker, start + 1)
    return lines


def register_kind(call: ast.Call, aliases: dict[str, str] | None = None) -> str | None:
    """ "registry" for `registry.register(...)`, "plugin" for `<x>.register_tool(...)` (and
    for a call of a name bound to one of them: `reg = ctx.register_tool; reg(...)`)."""
    func = call.func
    if isinstance(func, ast.Name) and aliases and func.id in aliases:
        given = {kw.arg for kw in call.keywords}
        if _tool_contract(given, call):
            return aliases[func.id]
        return None
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
    if _tool_contract(given, call):
        return "registry"
    return None


def _tool_contract(given: set[str | None], call: ast.Call) -> bool:
    """The call passes a handler or a schema, four arguments or more, or a `**row` (whose
    items are looked at once the row is read: see `_find_registrations`)."""
    return "handler" in given or "schema" in given or None in given or len(call.args) >= 4


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
    aliases = register_aliases(module.source)
    lines = _marker_lines(module.source, aliases)
    if not lines:
        return []
    calls: list[tuple[ast.Call, str, list[ast.AST]]] = []
    for stmt in module.tree.body:
        if spans_any(stmt, lines):
            _visit(stmt, [stmt], lines, calls, aliases)
    fixed = _partial_keywords(module.tree, aliases) if aliases else {}
    found: list[Registration] = []
    for call, kind, path in calls:
        if isinstance(call.func, ast.Name) and call.func.id in fixed:
            call = _with_fixed(call, fixed[call.func.id])
        made = _registrations_for(module, call, kind, path)
        if kind == "registry" and not _given(call):
            # (`registry.register(**row)`: a tool's registration only if its rows give one)
            made = [r for r in made if "handler" in r.keywords or "schema" in r.keywords]
        found.extend(made)
    found.sort(key=lambda r: (r.call.lineno, r.call.col_offset))
    return found


def _given(call: ast.Call) -> bool:
    """The call itself passes a handler or a schema (or four arguments or more)."""
    given = {kw.arg for kw in call.keywords}
    return "handler" in given or "schema" in given or len(call.args) >= 4


def _partial_keywords(tree: ast.Module, aliases: dict[str, str]) -> dict[str, list[ast.keyword]]:
    """`reg = functools.partial(ctx.register_tool, toolset="fx")`: reg -> the keywords fixed."""
    found: dict[str, list[ast.keyword]] = {}
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Assign)
            and len(node.targets) == 1
            and isinstance(node.targets[0], ast.Name)
            and node.targets[0].id in aliases
            and isinstance(node.value, ast.Call)
            and last_name(node.value.func) == "partial"
            and len(node.value.args) == 1
        ):
            found[node.targets[0].id] = [kw for kw in node.value.keywords if kw.arg is not None]
    return found


def _with_fixed(call: ast.Call, fixed: list[ast.keyword]) -> ast.Call:
    """The call as the partial makes it: its fixed keywords, then the call's own."""
    given = {kw.arg for kw in call.keywords}
    merged = ast.Call(
        func=call.func,
        args=call.args,
        keywords=[*(kw for kw in fixed if kw.arg not in given), *call.keywords],
    )
    return ast.copy_location(merged, call)


def _visit(
    node: ast.AST,
    path: list[ast.AST],
    lines: set[int],
    out: list[tuple[ast.Call, str, list[ast.AST]]],
    aliases: dict[str, str],
) -> None:
    """Collect register calls under `node` with the nodes from the module-level statement down
    to them, descending only where a marker line lies."""
    if isinstance(node, ast.Call):
        kind = register_kind(node, aliases)
        if kind is not None:
            out.append((node, kind, list(path)))
    for child in ast.iter_child_nodes(node):
        if spans_any(child, lines):
            path.append(child)
            _visit(child, path, lines, out, aliases)
            path.pop()


def _registrations_for(
    module: ModuleInfo, call: ast.Call, kind: str, path: list[ast.AST]
) -> list[Registration]:
    functions = tuple(n for n in path if isinstance(n, _FUNC_TYPES))
    top = path[0]
    loops = [n for n in path if isinstance(n, (ast.For, ast.AsyncFor))]
    if functions:
        place = "function"
    elif isinstance(top, ast.Expr) and top.value is call:
        place = "module"
    elif isinstance(top, ast.For):
        direct = any(isinstance(s, ast.Expr) and s.value is call for s in top.body)
        place = "loop" if direct else "nested"
    else:
        place = "nested"
    discoverable = (
        kind == "registry"
        and place in ("module", "loop")
        and _is_discoverable_stmt(path[1] if place == "loop" else top)
    )
    contexts, known = _contexts(module, path, call, 0)
    loop = loops[-1] if loops else None
    return [
        Registration(
            module, call, kind, place, discoverable, scope, loop, functions, known and rows_ok
        )
        for scope, rows_ok in contexts
    ]


def _contexts(
    module: ModuleInfo, path: list[ast.AST], call: ast.AST, depth: int
) -> tuple[list[tuple[Scope, bool]], bool]:
    """Each scope the code at the end of `path` runs in: one per row of every loop around it
    and per call of every helper def around it whose parameters it uses."""
    contexts: list[tuple[Scope, bool]] = [(module_scope(module), True)]
    known = True
    skip: ast.AST | None = None
    for i, node in enumerate(path):
        inner = path[i + 1] if i + 1 < len(path) else call
        if node is skip:
            continue
        decorated = _decoration_contexts(module, path, i, call, contexts, depth)
        if decorated is not None:
            contexts, skip = decorated
        elif isinstance(node, (ast.For, ast.AsyncFor)) and _in_body(node, inner):
            contexts = _loop_contexts(node, contexts)
        elif isinstance(node, _COMPREHENSIONS) and _in_element(node, inner):
            # (`[ctx.register_tool(name=n, ...) for n, s, h in TOOLS]`: a loop written short)
            for gen in node.generators:
                contexts = _loop_contexts(gen, contexts)
        elif isinstance(node, _FUNC_TYPES):
            contexts = _function_contexts(module, node, contexts, path[: i + 1], call, depth)
        if len(contexts) > MAX_ROWS:
            return [(contexts[0][0], False)], False
    return contexts, known


def _decoration_contexts(
    module: ModuleInfo,
    path: list[ast.AST],
    i: int,
    call: ast.AST,
    contexts: list[tuple[Scope, bool]],
    depth: int,
) -> tuple[list[tuple[Scope, bool]], ast.AST | None] | None:
    """A registration in a decorator (`def tool(name): def deco(fn): registry.register(name=name,
    handler=fn, ...); return deco`, or a module-level `def tool(fn): ...` used as `@tool`): one
    scope per def it decorates, and the decorator's def when the factory's scopes cover it.
    None when `path[i]` is no such def or nothing is decorated with it."""
    node = path[i]
    if not isinstance(node, _DEF_TYPES):
        return None
    deco, factory = node, None
    made = made_decorator(node)
    if made is not None and i + 1 < len(path) and path[i + 1] is made:
        deco, factory = made, node
    elif i != 0:
        return None  # (a method, or a def nested in one that does not return it)
    param = first_parameter(deco)
    if param is None or param not in _names_in(call):
        return None
    out: list[tuple[Scope, bool]] = []
    for scope, ok in contexts:
        out.extend((applied, ok) for applied in decoration_scopes(deco, factory, scope, depth))
        if len(out) > MAX_ROWS:
            return [(contexts[0][0], False)], deco
    if not out:
        return None
    if factory is None:
        # (a def used as `@tool` may be called as a helper too: `tool(extra)`)
        called = _function_contexts(module, deco, contexts, path[: i + 1], call, depth)
        out.extend(c for c in called if c[0].env)
        return out, None
    return out, deco


_COMPREHENSIONS = (ast.ListComp, ast.SetComp, ast.GeneratorExp, ast.DictComp)


def _in_element(
    comp: ast.ListComp | ast.SetComp | ast.GeneratorExp | ast.DictComp, inner: ast.AST
) -> bool:
    """`inner` is (in) what the comprehension makes of each row, not its iterables."""
    parts = [comp.key, comp.value] if isinstance(comp, ast.DictComp) else [comp.elt]
    return any(part is inner or within(inner, part) for part in parts)


def _in_body(loop: ast.For | ast.AsyncFor, inner: ast.AST) -> bool:
    return any(stmt is inner for stmt in loop.body) or any(stmt is inner for stmt in loop.orelse)


def _loop_contexts(
    loop: ast.For | ast.AsyncFor | ast.comprehension, contexts: list[tuple[Scope, bool]]
) -> list[tuple[Scope, bool]]:
    out: list[tuple[Scope, bool]] = []
    for scope, ok in contexts:
        with method_tables():
            table = rows(loop.iter, scope)
            # (each row read as the table was: `cls.create(name)` of a factory whose classes a
            # class decorator put in its table)
            bound_rows = (
                [
                    bind_target(loop.target, row, row_scope)
                    for row, row_scope in table.items[:MAX_ROWS]
                ]
                if table is not None
                else []
            )
        if table is None or not table.items:
            out.append((scope, False))
            continue
        for bound in bound_rows:
            here = scope.with_env(bound)
            if _skipped(loop, here):
                continue  # (`if not method.endswith("Action"): continue` for this row)
            out.append((here, ok))
        if not table.complete or len(table.items) > MAX_ROWS:
            out.append((scope, False))  # more rows than can be read
    return out


def _skipped(loop: ast.For | ast.AsyncFor | ast.comprehension, scope: Scope) -> bool:
    """A test at the top of the loop's body that goes on to the next row (`if not
    name.endswith("Action"): continue`), or a comprehension's `if`, decided for this row."""
    if isinstance(loop, ast.comprehension):
        return any(decide(test, scope) is False for test in loop.ifs)
    for stmt in loop.body:
        if not (isinstance(stmt, ast.If) and not stmt.orelse and stmt.body):
            break
        if isinstance(stmt.body[-1], ast.Continue) and decide(stmt.test, scope) is True:
            return True
        if not isinstance(stmt.body[-1], ast.Continue):
            break
    return False


def _function_contexts(
    module: ModuleInfo,
    func: FuncNode,
    contexts: list[tuple[Scope, bool]],
    path: list[ast.AST],
    call: ast.AST,
    depth: int,
) -> list[tuple[Scope, bool]]:
    """The scopes of `func`'s body: one per call of it in the module with the arguments bound
    when the registration reads its parameters and the def is a helper called with them, else
    one with nothing bound."""
    out: list[tuple[Scope, bool]] = []
    params = _parameters(func)
    used = params & _names_in(call) if params else set()
    if used and isinstance(func, ast.Lambda):
        # (`map(lambda kw: registry.register(**kw), SPECS)`, or the lambda a curried helper
        # makes: `map(register_with(registry, "garden"), SPECS)`)
        mapped = _mapped_contexts(module, func, depth)
        if mapped:
            return mapped
    sites = _call_sites(module, func, depth) if used and isinstance(func, _DEF_TYPES) else []
    # A method (`Plugin.register(self, ctx)`): `self` is an instance of its class.
    holder = path[-2] if len(path) >= 2 else None
    if (
        not sites
        and isinstance(holder, ast.ClassDef)
        and isinstance(func, _DEF_TYPES)
        and first_parameter(func) in used
        and any(last_name(d) == "classmethod" for d in func.decorator_list)
    ):
        # `@classmethod def register(cls): registry.register(name=cls.name, ...)`, called as
        # `Weather.register()` in each tool's module: one registration per class it is called on
        return _classmethod_contexts(module, holder, func, contexts, depth)
    if (
        not sites
        and used
        and isinstance(holder, ast.ClassDef)
        and isinstance(func, _DEF_TYPES)
        and not func.decorator_list
        and len(path) >= 2
    ):
        # (`self._register_one(ctx, handler)` in another method of the class: one scope per
        # such call, in the scopes that method runs in)
        own = _self_call_contexts(module, holder, func, contexts, path[:-1], depth)
        if own:
            return own
        # (`StockController().register_routes(registry)` at the top of a module)
        base = ClassRef(holder, module, contexts[0][0])
        called = instance_method_applications(base, func, depth)
        if called:
            return [(scope, contexts[0][1]) for scope in called[: MAX_ROWS + 1]]
        # (`for builder in REGISTRY: builder.register_on(ctx)`: `self` each row's instance)
        rows_of = _instance_call_contexts(module, base, func, depth)
        if rows_of:
            return rows_of
    if not sites and used and holder is None and isinstance(func, _DEF_TYPES) and len(path) == 1:
        # (`route(registry, "refund_issue", ...)` at the top of another module)
        applied = helper_applications(module, func, contexts[0][0], depth)
        if applied:
            return [(scope, contexts[0][1]) for scope in applied[: MAX_ROWS + 1]]
        # (`wph_register_tool(ctx, "wp_get_post", ...)` in a def of another module)
        foreign = _foreign_call_contexts(module, func, contexts[0][0], depth)
        if foreign:
            return foreign
    for scope, ok in contexts:
        owner = ClassRef(holder, module, scope) if isinstance(holder, ast.ClassDef) else None
        if not sites:
            out.append((scope.child(func, None, owner), ok))
            continue
        for site_call, site_scope, site_ok in sites:
            function = Function(func, module, scope, owner)
            env = bind_call(site_call, site_scope, function)
            out.append((scope.child(func, env or None, owner), ok and site_ok))
    return out


def _mapped_contexts(module: ModuleInfo, lam: ast.Lambda, depth: int) -> list[tuple[Scope, bool]]:
    """The scopes of a lambda's body, one per row of each `map(f, rows)` (`starmap` too) in
    the package whose `f` is that lambda, written there or made by a def that returns it, its
    parameters bound to the row (for `starmap`, to the row's items)."""
    params = [a.arg for a in (*lam.args.posonlyargs, *lam.args.args)]
    if not params or depth > _MAX_CALL_SITE_DEPTH:
        return []
    out: list[tuple[Scope, bool]] = []
    for other in subtree_modules(module, "map(", package=True):
        if other.tree is None:
            continue
        lines = other.word_lines("map") | other.word_lines("starmap")
        sites: list[tuple[ast.Call, list[ast.AST]]] = []
        for stmt in other.tree.body:
            if spans_any(stmt, lines):
                _calls_where(stmt, [stmt], lines, _maps, sites)
        for site, site_path in sites:
            spread = last_name(site.func) == "starmap"
            contexts, _ = _contexts(other, site_path, site, depth + 1)
            for scope, ok in contexts:
                made = [
                    o
                    for o in resolve(site.args[0], scope).items
                    if isinstance(o, Function) and o.node is lam
                ]
                if not made:
                    continue
                with method_tables():
                    table = rows(site.args[1], scope)
                for fn in made:
                    if table is None or not table.items:
                        out.append((fn.scope.child(lam, None), False))
                        continue
                    for row, row_scope in table.items[:MAX_ROWS]:
                        env = bind_target(mapped_target(params, spread), row, row_scope)
                        out.append((fn.scope.child(lam, env), ok))
                    if not table.complete or len(table.items) > MAX_ROWS:
                        out.append((fn.scope.child(lam, None), False))
                if len(out) > MAX_ROWS:
                    return out
    return out


def _maps(node: ast.Call) -> bool:
    return (
        last_name(node.func) in ("map", "starmap")
        and len(node.args) == 2
        and not node.keywords
        and not any(isinstance(a, ast.Starred) for a in node.args)
    )


def _self_call_contexts(
    module: ModuleInfo,
    holder: ast.ClassDef,
    func: ast.FunctionDef | ast.AsyncFunctionDef,
    contexts: list[tuple[Scope, bool]],
    outer: list[ast.AST],
    depth: int,
) -> list[tuple[Scope, bool]]:
    """The scopes of a method's body, one per `self.<name>(...)` call in the class's other
    methods, its parameters bound to what that call gives where it runs."""
    me = first_parameter(func)
    if me is None or depth > _MAX_CALL_SITE_DEPTH:
        return []
    out: list[tuple[Scope, bool]] = []
    for method in holder.body:
        if not isinstance(method, _DEF_TYPES) or method is func:
            continue
        caller = first_parameter(method)
        if caller is None:
            continue
        calls: list[tuple[ast.Call, list[ast.AST]]] = []
        for stmt in method.body:
            _visit_self_calls(stmt, [*outer, method, stmt], caller, func.name, calls)
        for site, site_path in calls:
            site_contexts, _ = _contexts(module, site_path, site, depth + 1)
            for site_scope, site_ok in site_contexts:
                owner = site_scope.owner
                function = Function(
                    func, module, site_scope.parent or module_scope(module), owner, bound=True
                )
                env = dict(bind_call(site, site_scope, function))
                held = site_scope.lookup(caller)
                if held is not None and held[1] is None and held[0].env is not None:
                    env[me] = held[0].env[caller]  # (the same instance as the caller's)
                for scope, ok in contexts[:1]:
                    out.append((scope.child(func, env or None, owner), ok and site_ok))
                if len(out) > MAX_ROWS:
                    return out
    return out


def _instance_call_contexts(
    module: ModuleInfo,
    cls: ClassRef,
    func: ast.FunctionDef | ast.AsyncFunctionDef,
    depth: int,
) -> list[tuple[Scope, bool]]:
    """The scopes of a method's body, one per call `x.<name>(...)` in the package (in a def
    or at a module's top) where `x` is an instance of the class (or of one made from it),
    `self` that instance and the parameters what the call gives where it runs."""
    me = first_parameter(func)
    if me is None or depth > _MAX_CALL_SITE_DEPTH:
        return []
    out: list[tuple[Scope, bool]] = []
    method_calls = _package_calls(
        module,
        f".{func.name}(",
        func.name,
        lambda c: isinstance(c.func, ast.Attribute) and c.func.attr == func.name,
    )
    for other, calls in method_calls:
        for site, site_path in calls:
            if any(node is func for node in site_path):
                continue  # (a call of itself)
            site_contexts, _ = _contexts(other, site_path, site, depth + 1)
            for site_scope, site_ok in site_contexts:
                assert isinstance(site.func, ast.Attribute)
                for obj in resolve(site.func.value, site_scope).items:
                    if not (isinstance(obj, Instance) and _derives_from(obj.cls, cls)):
                        continue
                    function = Function(func, module, cls.scope, obj.cls, bound=True)
                    env = dict(bind_call(site, site_scope, function))
                    env[me] = Possible.of(obj)
                    out.append((cls.scope.child(func, env, obj.cls), site_ok))
                    if len(out) > MAX_ROWS:
                        return out
    return out


def _foreign_call_contexts(
    module: ModuleInfo,
    func: ast.FunctionDef | ast.AsyncFunctionDef,
    where: Scope,
    depth: int,
) -> list[tuple[Scope, bool]]:
    """The scopes of a module-level helper's body, one per call of it in the other modules of
    its package (in their defs too, read in the scopes those run in: a row of a loop around
    the call, a caller's call), its parameters bound to what each call gives."""
    if depth > _MAX_CALL_SITE_DEPTH:
        return []
    out: list[tuple[Scope, bool]] = []
    helper = Function(func, module, where)
    helper_calls = _package_calls(
        module,
        f"{func.name}(",
        func.name,
        lambda c: isinstance(c.func, ast.Name) and c.func.id == func.name,
    )
    for other, sites in helper_calls:
        if other is module:
            continue
        for site, site_path in sites:
            contexts, _ = _contexts(other, site_path, site, depth + 1)
            for scope, ok in contexts:
                made = resolve(site.func, scope).single()
                if not (isinstance(made, Function) and made.node is func):
                    break
                env = constant_defaults(bind_call(site, scope, helper), site, func)
                out.append((where.child(func, env or None), ok))
                if len(out) > MAX_ROWS:
                    return out
    return out


def _package_calls(
    module: ModuleInfo, needle: str, word: str, wanted: Callable[[ast.Call], bool]
) -> list[tuple[ModuleInfo, list[tuple[ast.Call, list[ast.AST]]]]]:
    """The calls `wanted` takes in each module of `module`'s package whose text holds
    `needle`, each with the nodes from its module-level statement down to it (only the
    statements on lines that hold `word` are read)."""
    found: list[tuple[ModuleInfo, list[tuple[ast.Call, list[ast.AST]]]]] = []
    for other in subtree_modules(module, needle, package=True):
        if other.tree is None:
            continue
        lines = other.word_lines(word)
        calls: list[tuple[ast.Call, list[ast.AST]]] = []
        for stmt in other.tree.body:
            if spans_any(stmt, lines):
                _calls_where(stmt, [stmt], lines, wanted, calls)
        found.append((other, calls))
    return found


def _calls_where(
    node: ast.AST,
    path: list[ast.AST],
    lines: set[int],
    wanted: Callable[[ast.Call], bool],
    out: list[tuple[ast.Call, list[ast.AST]]],
) -> None:
    """Collect the calls under `node` that `wanted` takes, each with the nodes from the
    module-level statement down to it, descending only where a line of `lines` lies."""
    if isinstance(node, ast.Call) and wanted(node):
        out.append((node, list(path)))
    for child in ast.iter_child_nodes(node):
        if spans_any(child, lines):
            path.append(child)
            _calls_where(child, path, lines, wanted, out)
            path.pop()


def _visit_self_calls(
    node: ast.AST,
    path: list[ast.AST],
    me: str,
    name: str,
    out: list[tuple[ast.Call, list[ast.AST]]],
) -> None:
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == name
        and is_name(node.func.value, me)
    ):
        out.append((node, list(path)))
    for child in ast.iter_child_nodes(node):
        if isinstance(child, (*_DEF_TYPES, ast.Lambda, ast.ClassDef)):
            continue
        path.append(child)
        _visit_self_calls(child, path, me, name, out)
        path.pop()


def _classmethod_contexts(
    module: ModuleInfo,
    holder: ast.ClassDef,
    func: ast.FunctionDef | ast.AsyncFunctionDef,
    contexts: list[tuple[Scope, bool]],
    depth: int,
) -> list[tuple[Scope, bool]]:
    """The scopes of a classmethod's body, one per class it is called on (`Weather.register()`)
    in the modules of its folder and the folders under it: `cls` is that class."""
    cls_param = first_parameter(func)
    out: list[tuple[Scope, bool]] = []
    for scope, ok in contexts:
        base = ClassRef(holder, module, scope)
        for site, site_scope, site_ok in _method_call_sites(module, func.name, depth):
            if not isinstance(site.func, ast.Attribute):
                continue
            for obj in resolve(site.func.value, site_scope).items:
                if not isinstance(obj, Class) or not _derives_from(obj.ref, base):
                    continue
                function = Function(func, module, scope, obj.ref, bound=True)
                env = dict(bind_call(site, site_scope, function))
                if cls_param is not None:
                    env[cls_param] = Possible.of(obj)
                out.append((scope.child(func, env, obj.ref), ok and site_ok))
                if len(out) > MAX_ROWS:
                    return out
    return out or [(scope.child(func, None, None), False) for scope, _ in contexts]


def _derives_from(cls: ClassRef, base: ClassRef, depth: int = 0) -> bool:
    if cls.node is base.node:
        return True
    if depth > 8:
        return False
    return any(
        parent is not None and _derives_from(parent, base, depth + 1) for parent in class_bases(cls)
    )


def _method_call_sites(
    module: ModuleInfo, name: str, depth: int
) -> list[tuple[ast.Call, Scope, bool]]:
    """Calls `X.name(...)` at the top of the modules of `module`'s folder and the folders under
    it, each with the scopes they run in."""
    if depth > _MAX_CALL_SITE_DEPTH:
        return []
    found: list[tuple[ast.Call, Scope, bool]] = []
    # (the files the cache's key of a module with such a classmethod counts too)
    for site_module in subtree_modules(module, f".{name}("):
        if site_module.tree is None:
            continue
        for stmt in site_module.tree.body:
            for node in ast.walk(stmt):
                if (
                    isinstance(node, ast.Call)
                    and isinstance(node.func, ast.Attribute)
                    and node.func.attr == name
                    and not isinstance(stmt, (*_FUNC_TYPES, ast.ClassDef))
                ):
                    contexts, _ = _contexts(site_module, [stmt], node, depth + 1)
                    found.extend((node, scope, ok) for scope, ok in contexts)
    return found[: MAX_ROWS + 1]


def _parameters(func: FuncNode) -> set[str]:
    a = func.args
    return {p.arg for p in (*a.posonlyargs, *a.args, *a.kwonlyargs)}


def _names_in(node: ast.AST) -> set[str]:
    return {n.id for n in ast.walk(node) if isinstance(n, ast.Name)}


def _call_sites(
    module: ModuleInfo, func: ast.FunctionDef | ast.AsyncFunctionDef, depth: int
) -> list[tuple[ast.Call, Scope, bool]]:
    """Calls of the helper `func` by name in its module, each with the scopes it runs in."""
    if depth > _MAX_CALL_SITE_DEPTH or module.tree is None:
        return []
    name = func.name
    lines = module.word_lines(name)
    found: list[tuple[ast.Call, Scope, bool]] = []
    calls: list[tuple[ast.Call, str, list[ast.AST]]] = []
    for stmt in module.tree.body:
        if spans_any(stmt, lines):
            _visit_calls(stmt, [stmt], lines, name, calls)
    # `add = partial(_register_one, ctx)` then `add(spec)`: a call of the helper with the
    # partial's arguments first
    for alias, bound in _partial_aliases(module.tree, lines, name).items():
        alias_lines = module.word_lines(alias)
        alias_calls: list[tuple[ast.Call, str, list[ast.AST]]] = []
        for stmt in module.tree.body:
            if spans_any(stmt, alias_lines):
                _visit_calls(stmt, [stmt], alias_lines, alias, alias_calls)
        for site, _, site_path in alias_calls:
            made = ast.Call(
                func=ast.Name(id=name, ctx=ast.Load()),
                args=[*bound.args[1:], *site.args],
                keywords=[*bound.keywords, *site.keywords],
            )
            calls.append((ast.copy_location(made, site), name, site_path))
    # `@tool("book", SCHEMA)` of `def tool(name, schema): return lambda fn: _register(name,
    # fn, schema)`: a call of the helper per decorated def, in the scope the decoration binds
    # (the lambda's call itself is not one more site: it runs only as those)
    applied = applier_sites(module, func, module_scope(module), depth)
    by_decoration = {id(site) for site, _, _ in applied}
    for site, _, site_path in calls:
        if any(node is func for node in site_path) or id(site) in by_decoration:
            continue  # (a recursive call; the lambda's, counted below)
        contexts, _ = _contexts(module, site_path, site, depth + 1)
        for scope, ok in contexts:
            found.append((site, scope, ok))
            if len(found) > MAX_ROWS:
                return found
    for site, scope, _ in applied:
        found.append((site, scope, True))
        if len(found) > MAX_ROWS:
            break
    if len(found) <= MAX_ROWS:
        found.extend(_handed_sites(module, lines, name, depth)[: MAX_ROWS + 1 - len(found)])
    return found


# (the row a higher-order call hands the helper: a name no code can spell)
_ROW = "<row>"


def _handed_sites(
    module: ModuleInfo, lines: set[int], name: str, depth: int
) -> list[tuple[ast.Call, Scope, bool]]:
    """The helper handed to `functools.reduce(name, rows, first)` or `map(name, rows)`: a call
    per row, `name(first, row)` or `name(row)`, in the scope the higher-order call runs in."""
    assert module.tree is not None
    sites: list[tuple[ast.Call, list[ast.AST]]] = []
    for stmt in module.tree.body:
        if spans_any(stmt, lines):
            _calls_where(stmt, [stmt], lines, _hands(name), sites)
    found: list[tuple[ast.Call, Scope, bool]] = []
    for outer, site_path in sites:
        folding = last_name(outer.func) == "reduce"
        contexts, _ = _contexts(module, site_path, outer, depth + 1)
        made = _row_call(outer, name, folding)
        for scope, ok in contexts:
            table = rows(outer.args[1], scope)
            if table is None or not table.items:
                found.append((made, scope, False))
                continue
            for row, row_scope in table.items[:MAX_ROWS]:
                env = {_ROW: resolve(row, row_scope)}
                found.append((made, scope.with_env(env), ok))
            if not table.complete:
                found.append((made, scope, False))
            if len(found) > MAX_ROWS:
                return found
    return found


def _row_call(outer: ast.Call, name: str, folding: bool) -> ast.Call:
    """The call of the helper a higher-order call makes per row (one node per call, kept on
    it): `name(first, row)`, `name(row)`, or with what a partial of it binds first."""
    key = f"_hd_row_call_{name}"
    made: ast.Call | None = outer.__dict__.get(key)
    if made is not None:
        return made
    row = ast.Name(id=_ROW, ctx=ast.Load())
    first = outer.args[2:3] if folding else []
    given = outer.args[0]
    bound: list[ast.expr] = []
    keywords: list[ast.keyword] = []
    if isinstance(given, ast.Call):
        # (`map(partial(_register, ctx), SPECS)`: `_register(ctx, row)` per row)
        bound, keywords = given.args[1:], given.keywords
    made = ast.Call(
        func=ast.Name(id=name, ctx=ast.Load()), args=[*bound, *first, row], keywords=keywords
    )
    made = ast.copy_location(made, outer)
    outer.__dict__[key] = made
    return made


def _hands(name: str) -> Callable[[ast.Call], bool]:
    """`functools.reduce(name, rows[, first])` or `map(name, rows)`, `name` or a partial of
    it (`map(partial(name, ctx), rows)`)."""

    def wanted(node: ast.Call) -> bool:
        kind = last_name(node.func)
        if not (
            kind in ("reduce", "map")
            and len(node.args) in ((2, 3) if kind == "reduce" else (2,))
            and not node.keywords
        ):
            return False
        given = node.args[0]
        if isinstance(given, ast.Call) and last_name(given.func) == "partial":
            return (
                bool(given.args)
                and is_name(given.args[0], name)
                and not any(isinstance(a, ast.Starred) for a in given.args)
                and all(kw.arg is not None for kw in given.keywords)
            )
        return is_name(given, name)

    return wanted


def _partial_aliases(tree: ast.Module, lines: set[int], name: str) -> dict[str, ast.Call]:
    """The names bound to `partial(name, ...)` (`functools.partial` too) on those lines."""
    found: dict[str, ast.Call] = {}
    for stmt in tree.body:
        if not spans_any(stmt, lines):
            continue
        for node in ast.walk(stmt):
            if (
                isinstance(node, ast.Assign)
                and len(node.targets) == 1
                and isinstance(node.targets[0], ast.Name)
                and isinstance(node.value, ast.Call)
                and last_name(node.value.func) == "partial"
                and node.value.args
                and isinstance(node.value.args[0], ast.Name)
                and node.value.args[0].id == name
                and not any(isinstance(a, ast.Starred) for a in node.value.args)
                and all(kw.arg is not None for kw in node.value.keywords)
            ):
                found[node.targets[0].id] = node.value
    return found


def _visit_calls(
    node: ast.AST,
    path: list[ast.AST],
    lines: set[int],
    name: str,
    out: list[tuple[ast.Call, str, list[ast.AST]]],
) -> None:
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == name:
        out.append((node, name, list(path)))
    for child in ast.iter_child_nodes(node):
        if spans_any(child, lines):
            path.append(child)
            _visit_calls(child, path, lines, name, out)
            path.pop()


# -- the names a module registers (new-tool, remove-tool) -----------------------------------------


class RegisteredNames:
    """The tool names a module registers: those known statically, and those it may register."""

    __slots__ = ("computed", "known", "possible")

    def __init__(
        self, known: frozenset[str], possible: frozenset[str], computed: bool = False
    ) -> None:
        self.known = known
        # `known` plus, for a call whose name is computed, every string its table or name
        # expression can reach (a table the model could not read row by row).
        self.possible = possible
        # Some call's name is not known statically.
        self.computed = computed


def registered_names(models: Models, path: Path, source: str | None = None) -> RegisteredNames:
    """What `registry.register(...)` / `register_tool(...)` calls in `path` register, row by row
    (`for _name, _schema in _SCHEMAS.items(): registry.register(name=_name, ...)` gives each key
    of `_SCHEMAS`). A string elsewhere in the module (a property name, an enum value) is never
    taken for a tool name."""
    module = models.get(path, source)
    if module is None:
        return RegisteredNames(frozenset(), frozenset())
    known: set[str] = set()
    possible: set[str] = set()
    computed = False
    for registration in registrations_of(module):
        name = registration.name
        if name is not None:
            known.add(name)
            continue
        computed = True
        name_expr = registration.keywords.get("name")
        if name_expr is not None:
            possible.update(strings_in(name_expr, registration.scope))
        if registration.loop is not None:
            possible.update(strings_in(registration.loop.iter, registration.scope))
    return RegisteredNames(frozenset(known), frozenset(known | possible), computed)
