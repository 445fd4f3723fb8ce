"""Which `raise` and `assert` statements of a function let an exception out of it.

`escaping(func)` walks the function's own body (not nested defs) keeping the enclosing `try`
handlers, and returns each raise/assert that no enclosing handler catches, with the exception
class it raises. Conservative: a handler of a class that cannot be resolved, or a raised value
whose class is unknown under a specific handler, counts as catching it.
"""

from __future__ import annotations

import ast
import builtins

from hermes_dev.pyast.model import Func, ModuleInfo

_DEF_TYPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)
_MAX_DEPTH = 8
CATCHES, MAYBE, MISSES = "catches", "maybe", "misses"
# Exceptions that carry control flow (cancellation, exit) rather than errors.
_CONTROL_FLOW = {"CancelledError", "KeyboardInterrupt", "SystemExit", "GeneratorExit"}


class Raised:
    """What a raise statement raises: a known class chain, or unknown (`names` is None)."""

    __slots__ = ("builtin", "label", "names")

    def __init__(self, label: str, names: tuple[str, ...] | None, builtin: type | None) -> None:
        self.label = label  # "ValueError", "MyError", "the caught exception"
        self.names = names  # the class and the non-builtin ancestors found, by name
        self.builtin = builtin  # the first builtin ancestor (or the class itself), if known


class Escape:
    __slots__ = ("node", "raised", "reraise")

    def __init__(self, node: ast.stmt, raised: Raised, reraise: bool) -> None:
        self.node = node
        self.raised = raised
        self.reraise = reraise


def _builtin_exception(name: str) -> type | None:
    value = getattr(builtins, name, None)
    if isinstance(value, type) and issubclass(value, BaseException):
        return value
    return None


def _expr_name(expr: ast.expr) -> str | None:
    if isinstance(expr, ast.Name):
        return expr.id
    if isinstance(expr, ast.Attribute):
        return expr.attr
    return None


def classify(expr: ast.expr, module: ModuleInfo) -> Raised:
    """The class chain of an exception class expression (a name, `mod.Name`, or a call of one)."""
    if isinstance(expr, ast.Call):
        expr = expr.func
    label = _expr_name(expr)
    if label is None:
        return Raised("an exception", None, None)
    if isinstance(expr, ast.Attribute):
        return Raised(label, None, None)  # `requests.HTTPError`: ancestry unknown
    names: list[str] = []
    current: ast.expr = expr
    current_module = module
    for _ in range(_MAX_DEPTH):
        name = _expr_name(current)
        if name is None:
            return Raised(label, None, None)
        builtin = _builtin_exception(name) if isinstance(current, ast.Name) else None
        if isinstance(current, ast.Name):
            binding = current_module.resolve(name)
        else:
            binding = None
        if binding is None and builtin is not None:
            return Raised(label, (*names, name), builtin)
        if binding is None or not isinstance(binding.node, ast.ClassDef):
            return Raised(label, None, None)
        names.append(name)
        bases = binding.node.bases
        if len(bases) != 1:
            return Raised(label, None, None)  # several bases: not followed
        current, current_module = bases[0], binding.module
    return Raised(label, None, None)


def _handler_catches(handler: ast.ExceptHandler, raised: Raised, module: ModuleInfo) -> str:
    if handler.type is None:
        return CATCHES
    types = handler.type.elts if isinstance(handler.type, ast.Tuple) else [handler.type]
    verdicts = [_type_catches(t, raised, module) for t in types]
    if CATCHES in verdicts:
        return CATCHES
    if MAYBE in verdicts:
        return MAYBE
    return MISSES


def _type_catches(expr: ast.expr, raised: Raised, module: ModuleInfo) -> str:
    name = _expr_name(expr)
    if name is None:
        return MAYBE
    caught = classify(expr, module)
    if caught.names is None:
        return MAYBE  # an unknown class could be anything's base (or an alias of a builtin)
    caught_builtin = caught.builtin
    if len(caught.names) == 1 and caught_builtin is not None:
        # A builtin class: compare with the raised class's builtin ancestor.
        if caught_builtin is BaseException:
            return CATCHES
        if raised.builtin is None:
            # Unknown raised class: user exceptions derive from Exception.
            return CATCHES if caught_builtin is Exception else MAYBE
        if issubclass(raised.builtin, caught_builtin):
            return CATCHES
        return MISSES if raised.names is not None else MAYBE
    # A class of the project: caught only if it is among the raised class's ancestors.
    if raised.names is None:
        return MAYBE
    return CATCHES if caught.names[0] in raised.names else MISSES


def _handler_raised(handler: ast.ExceptHandler, module: ModuleInfo) -> Raised:
    """What a bare `raise` inside `handler` re-raises."""
    if handler.type is None or isinstance(handler.type, ast.Tuple):
        return Raised("the caught exception", None, None)
    raised = classify(handler.type, module)
    raised.label = raised.label or "the caught exception"
    return raised


class _Walker:
    def __init__(self, module: ModuleInfo) -> None:
        self.module = module
        self.escapes: list[Escape] = []

    def body(
        self,
        stmts: list[ast.stmt],
        handlers: list[list[ast.ExceptHandler]],
        caught: dict[str, ast.ExceptHandler],
        current: ast.ExceptHandler | None,
    ) -> None:
        for stmt in stmts:
            self.stmt(stmt, handlers, caught, current)

    def stmt(
        self,
        stmt: ast.stmt,
        handlers: list[list[ast.ExceptHandler]],
        caught: dict[str, ast.ExceptHandler],
        current: ast.ExceptHandler | None,
    ) -> None:
        if isinstance(stmt, _DEF_TYPES):
            return
        if isinstance(stmt, ast.Raise):
            if self.passes_on_control_flow(stmt, caught, current):
                return
            self.check(stmt, self.raised_by(stmt, caught, current), handlers, stmt.exc is None)
            return
        if isinstance(stmt, ast.Assert):
            if not (isinstance(stmt.test, ast.Constant) and stmt.test.value):
                self.check(
                    stmt,
                    Raised("AssertionError", ("AssertionError",), AssertionError),
                    handlers,
                    False,
                )
            return
        if isinstance(stmt, (ast.Try, ast.TryStar)):
            swallowing = any(isinstance(s, ast.Return) for s in stmt.finalbody) or any(
                isinstance(s, (ast.Return, ast.Break, ast.Continue)) for s in stmt.finalbody
            )
            inner = [*handlers, stmt.handlers]
            if swallowing:
                inner.append([ast.ExceptHandler(type=None, name=None, body=[])])
            self.body(stmt.body, inner, caught, current)
            outer = handlers
            if swallowing:
                outer = [*handlers, [ast.ExceptHandler(type=None, name=None, body=[])]]
            for handler in stmt.handlers:
                bound = dict(caught)
                if handler.name:
                    bound[handler.name] = handler
                self.body(handler.body, outer, bound, handler)
            self.body(stmt.orelse, outer, caught, current)
            self.body(stmt.finalbody, handlers, caught, current)
            return
        if isinstance(stmt, (ast.With, ast.AsyncWith)) and any(
            _is_suppress(item.context_expr) for item in stmt.items
        ):
            # contextlib.suppress(...) catches what it names: count it as maybe-catching.
            self.body(
                stmt.body,
                [*handlers, [ast.ExceptHandler(type=None, name=None, body=[])]],
                caught,
                current,
            )
            return
        for field in ("body", "orelse", "finalbody"):
            sub = getattr(stmt, field, None)
            if isinstance(sub, list):
                self.body([s for s in sub if isinstance(s, ast.stmt)], handlers, caught, current)
        if isinstance(stmt, ast.Match):
            for case in stmt.cases:
                self.body(case.body, handlers, caught, current)

    @staticmethod
    def passes_on_control_flow(
        stmt: ast.Raise, caught: dict[str, ast.ExceptHandler], current: ast.ExceptHandler | None
    ) -> bool:
        """A re-raise in `except asyncio.CancelledError:` (or KeyboardInterrupt, SystemExit):
        passing cancellation on is right, and the registry must not swallow it either."""
        handler = current
        if stmt.exc is not None:
            handler = caught.get(stmt.exc.id) if isinstance(stmt.exc, ast.Name) else None
        if handler is None or handler.type is None:
            return False
        types = handler.type.elts if isinstance(handler.type, ast.Tuple) else [handler.type]
        return all(_expr_name(t) in _CONTROL_FLOW for t in types)

    def raised_by(
        self,
        stmt: ast.Raise,
        caught: dict[str, ast.ExceptHandler],
        current: ast.ExceptHandler | None,
    ) -> Raised:
        exc = stmt.exc
        if exc is None:
            if current is None:
                return Raised("an exception", None, None)
            return _handler_raised(current, self.module)
        if isinstance(exc, ast.Name) and exc.id in caught:
            return _handler_raised(caught[exc.id], self.module)
        if isinstance(exc, ast.Name) and not (
            exc.id[:1].isupper() or _builtin_exception(exc.id) is not None
        ):
            return Raised("an exception", None, None)  # `raise err`: a variable
        return classify(exc, self.module)

    def check(
        self, stmt: ast.stmt, raised: Raised, handlers: list[list[ast.ExceptHandler]], reraise: bool
    ) -> None:
        for group in handlers:
            for handler in group:
                if _handler_catches(handler, raised, self.module) != MISSES:
                    return
        self.escapes.append(Escape(stmt, raised, reraise))


def _is_suppress(expr: ast.expr) -> bool:
    return isinstance(expr, ast.Call) and _expr_name(expr.func) == "suppress"


def escaping(func: Func) -> list[Escape]:
    """The raise/assert statements whose exception leaves `func`."""
    node = func.node
    if isinstance(node, ast.Lambda):
        return []
    key = ("raises.escaping", id(node))
    cached = func.module.memo.get(key)
    if isinstance(cached, list):
        return cached
    walker = _Walker(func.module)
    walker.body(node.body, [], {}, None)
    func.module.memo[key] = walker.escapes
    return walker.escapes
