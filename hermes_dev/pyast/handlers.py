"""The code a tool registration's `handler=` runs, read with the stdlib `ast`.

- `Handler`: `kind` ("function", "lambda", "partial", "factory"), `func` (the registered callable:
  a def or a lambda, as a `Func`), `target` (the `Func` a lambda or partial forwards to; for
  `lambda args, **kw: runner(coro_fn(args))` the `async def coro_fn`, with `via_runner` True),
  partial's `bound_positional`/`bound_keywords`, `is_async` (calling it gives a coroutine),
  `code()` (the functions whose bodies run: func and target).
- `resolve_handler(module, expr, substitute)`: the `Handler` of any handler expression (a name
  here or imported, a lambda, `functools.partial`, a factory's product, an entry of a dict
  literal); `forward_target(func)`: the function a lambda forwards to.

Builds on the module index (`model`), the walker (`walk`) and dict literals (`values`); the
registrations (`registrations`) use it.
"""

from __future__ import annotations

import ast

from hermes_dev.pyast.model import Func, ModuleInfo
from hermes_dev.pyast.values import dict_get
from hermes_dev.pyast.walk import returns_of, walk_function

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable

_DEF_TYPES = (ast.FunctionDef, ast.AsyncFunctionDef)
_MAX_DEPTH = 8  # how many names deep a handler is followed


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
