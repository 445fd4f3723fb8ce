"""What raises on how large the model's number is: JSON has no upper bound on an integer.

- a number bound into a sqlite statement (`conn.execute(sql, (limit,))`) raises OverflowError
  above 2**63 - 1: `except sqlite3.Error` does not catch it;
- `timedelta(days=n)` raises OverflowError past 999,999,999 days (a float: past its range,
  or infinity), `datetime.fromtimestamp(n)` past the platform's time_t;
- `date(y, m, d)` / `datetime(...)` raise ValueError on a month of 13 or a day of 0.

The model's number is `int(x)` / `float(x)` of its value (or of what a file it names holds), a
value tested to be one (`n if isinstance(n, int) else 20`), a parameter a caller hands one to,
what a helper hands back of one (`def _id(args): return int(args.get("id"))`, unbounded there),
and sums and products of those. A number compared with a bound (`n > 500`, `1 <= m <= 12`,
`n in range(...)`) is taken as checked; one compared only with 0 or 1 is not (`if n <= 0:`
still lets 10**30 through).
"""

from __future__ import annotations

import ast

from hermes_dev.pyast.semantic.walker import is_name, is_none, last_name

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable

Risk = tuple[type[BaseException] | str, str]

_ORDERS = (ast.Lt, ast.LtE, ast.Gt, ast.GtE)
_COMPREHENSIONS = (ast.ListComp, ast.SetComp, ast.GeneratorExp, ast.DictComp)
# (what a test against these says nothing of how large a number is)
_NO_BOUND = frozenset({0, 1, -1})
_SQL_RUNS = frozenset({"execute"})
_DATES = frozenset({"datetime.date", "datetime.datetime", "datetime.time"})
_STAMPS = frozenset(
    {
        "datetime.datetime.fromtimestamp",
        "datetime.datetime.utcfromtimestamp",
        "datetime.date.fromtimestamp",
    }
)
_WEEKS = frozenset({"datetime.date.fromisocalendar", "datetime.datetime.fromisocalendar"})
# (last names worth resolving: every other call is not asked about)
_ASKED = frozenset(
    {
        "timedelta",
        "date",
        "datetime",
        "time",
        "fromtimestamp",
        "utcfromtimestamp",
        "fromisocalendar",
    }
)
# (the kind of `int(m.group(1))`: only a date's parts are asked about it, not its size)
_DIGITS = "digits"


class Magnitudes:
    """Magnitude risks in one function, asked node by node (`risk(node)`)."""

    __slots__ = (
        "_bounded",
        "_carried",
        "_dotted",
        "_formed",
        "_given",
        "_model",
        "_nodes",
        "_reads",
        "_shadowed",
        "_sqlite",
        "_typed",
        "_values",
    )

    def __init__(
        self,
        nodes: Callable[[], list[ast.AST]],
        values: dict[str, list[ast.expr | None]],
        model: Callable[[ast.expr], bool],
        reads: Callable[[ast.expr], set[str]],
        dotted: Callable[[ast.expr], str | None],
        given: frozenset[str],
        sqlite: bool,
        shadowed: set[str],
        carried: Callable[[ast.Call], str | None] = lambda call: None,
        typed: Callable[[ast.expr], str | None] = lambda expr: None,
        formed: Callable[[ast.expr], bool] = lambda expr: False,
    ) -> None:
        """`model(expr)`: the model's value, or what a file it names holds; `dotted(func)`: the
        library name a called expression resolves to; `given`: parameters a caller hands the
        model's number (unchecked there); `sqlite`: the module runs sqlite3; `carried(call)`:
        the number a helper hands back of the model's ("int", "float"), unbounded there;
        `typed(expr)`: "int" or "float" for a read of an argument the tool's schema declares a
        number with no range (JSON sets no bound; Hermes does not check the schema);
        `formed(expr)`: text whose form a pattern tested (its digits: any value, few of them)."""
        self._formed = formed
        self._values = values
        self._model = model
        self._reads = reads
        self._dotted = dotted
        self._given = given
        self._sqlite = sqlite
        self._shadowed = shadowed
        self._nodes = nodes
        self._carried = carried
        self._typed = typed
        self._bounded: set[str] | None = None  # (found when first needed: most never are)

    def _bounded_reads(self) -> set[str]:
        if self._bounded is not None:
            return self._bounded
        reads = self._reads
        bounded: set[str] = set()
        nodes = self._nodes()
        # (a comprehension's filter picks items by the number: `next(p for kg, p in bands if
        # w <= kg)` bounds nothing, it is the search the number can fail)
        filters = {
            id(test)
            for sub in nodes
            if type(sub) in _COMPREHENSIONS
            for gen in sub.generators  # type: ignore[attr-defined]
            for cond in gen.ifs
            for test in ast.walk(cond)
        }
        for sub in nodes:
            if type(sub) is not ast.Compare or id(sub) in filters:
                continue
            sides = [sub.left, *sub.comparators]
            ops = sub.ops
            if (
                len(ops) == 1
                and isinstance(ops[0], (ast.In, ast.NotIn))
                and _code_made(sub.comparators[0], self._model)
            ):
                # (`if n not in range(1, 100)`, `if minutes not in sport.durations()`: one of
                # the values the code made, none of them the model's)
                bounded |= reads(sub.left)
                continue
            if not any(isinstance(op, _ORDERS) for op in ops):
                continue
            for at, side in enumerate(sides):
                if any(_a_bound(other) for other in sides[:at] + sides[at + 1 :]):
                    bounded |= reads(side)
        self._bounded = bounded
        return bounded

    def number(self, expr: ast.expr, depth: int = 0) -> str | None:
        """ "int" or "float" when `expr` is the model's number and nothing bounds it."""
        kind = self._kind(expr, depth)
        if kind is None or kind == _DIGITS or self._reads(expr) & self._bounded_reads():
            return None
        return kind

    def _kind(self, expr: ast.expr, depth: int) -> str | None:
        if depth > 4:
            return None
        if isinstance(expr, ast.Call):
            func = expr.func
            if (
                isinstance(func, ast.Name)
                and func.id in ("int", "float")
                and func.id not in self._shadowed
                and expr.args
                and not isinstance(expr.args[0], ast.Starred)
            ):
                inner = expr.args[0]
                if func.id == "int" and self._formed(inner) and self._model(inner):
                    return _DIGITS  # (digits a pattern let through: a date's parts, no size)
                if self._model(inner) or self._kind(inner, depth + 1) is not None:
                    return func.id
                return None
            if is_name(func, "abs") and len(expr.args) == 1:
                return self._kind(expr.args[0], depth + 1)
            if (
                last_name(func) == "Decimal"
                and len(expr.args) == 1
                and self._dotted(func) in ("decimal.Decimal", None)
            ):
                # (`Decimal(str(args["rate"]))`: the model's number, as exact as it came; a
                # helper read with no module at hand cannot say where `Decimal` comes from)
                inner = expr.args[0]
                if self._model(inner) or self._kind(inner, depth + 1) in ("int", "float"):
                    return "float"
                return None
            return self._typed(expr) or self._carried(expr)
        if isinstance(expr, ast.Subscript):
            return self._typed(expr)
        if isinstance(expr, ast.Name):
            bound = self._values.get(expr.id)
            if not bound:
                if expr.id in self._given:
                    return "int"
                return "float" if "." + expr.id in self._given else None
            if any(v is None for v in bound):
                return None
            # (`sid = None` before `sid = int(args.get("id"))`: a placeholder, no number)
            bound = [v for v in bound if not is_none(v)] or bound  # type: ignore[arg-type]
            kinds = {self._kind(v, depth + 1) for v in bound}  # type: ignore[arg-type]
            if None in kinds:
                return None
            if _DIGITS in kinds:
                return _DIGITS
            return "float" if "float" in kinds else "int"
        if isinstance(expr, ast.IfExp):
            tested = _tested_as(expr.test)
            if tested is not None and self._model(expr.body):
                return tested  # (`n if isinstance(n, int) else 20`)
            sides = [self._kind(expr.body, depth + 1), self._kind(expr.orelse, depth + 1)]
            if sides[0] is None and sides[1] is None:
                return None
            other = expr.orelse if sides[0] is not None else expr.body
            known = sides[0] or sides[1]
            if None in sides and not (_a_literal_number(other) or is_none(other)):
                return None  # (`n if given else None`: the number, or no number at all)
            return "float" if "float" in sides else known
        if isinstance(expr, ast.BinOp) and isinstance(expr.op, (ast.Add, ast.Sub, ast.Mult)):
            sides = [self._kind(expr.left, depth + 1), self._kind(expr.right, depth + 1)]
            if sides == [None, None]:
                return None
            for side, kind in zip((expr.left, expr.right), sides):
                if kind is None and not _a_literal_number(side):
                    return None
            if _DIGITS in sides:
                return _DIGITS
            return "float" if "float" in sides else "int"
        return None

    def _date_part(self, expr: ast.expr) -> bool:
        """The model's whole number, or digits of its text a pattern picked (unbounded here)."""
        kind = self._kind(expr, 0)
        return kind in ("int", _DIGITS) and not self._reads(expr) & self._bounded_reads()

    def risk(self, node: ast.Call) -> Risk | None:
        func = node.func
        if isinstance(func, ast.Attribute) and func.attr == "quantize":
            # (`(hours * rate).quantize(Decimal("0.01"))`: past 28 digits the context's
            # precision cannot hold the result)
            if any(self.number(sub) is not None for sub in _growing(func.value)):
                return (
                    "decimal.InvalidOperation",
                    "when the model sends a number too large to round",
                )
            return None
        if self._sqlite and isinstance(func, ast.Attribute) and func.attr in _SQL_RUNS:
            if len(node.args) >= 2 and any(
                self.number(value) == "int" for value in self._parameters(node.args[1])
            ):
                return OverflowError, "when the model sends a number larger than SQLite holds"
            return None
        if last_name(func) not in _ASKED:
            return None
        dotted = self._dotted(func)
        given = [*node.args, *(kw.value for kw in node.keywords if kw.arg is not None)]
        if dotted == "datetime.timedelta" and any(self.number(v) for v in given):
            return OverflowError, "when the model sends a number too large for a timedelta"
        if dotted in _STAMPS and node.args and self.number(node.args[0]):
            return OverflowError, "when the model sends a timestamp past the platform's range"
        if dotted in _DATES and any(self._date_part(v) for v in given[:7]):
            return ValueError, "when the model sends a date out of range (month 13, day 0)"
        if dotted in _WEEKS and any(self._date_part(v) for v in given[:3]):
            return ValueError, "when the model sends a week out of range (week 0, week 54)"
        return None

    def _parameters(self, params: ast.expr) -> list[ast.expr]:
        if isinstance(params, ast.Name):
            added = self._added(params.id)
            bound = self._values.get(params.id)
            if not bound or len(bound) != 1 or bound[0] is None:
                return added
            return [*self._parameters(bound[0]), *added]
        if isinstance(params, (ast.Tuple, ast.List)):
            return [e for e in params.elts if not isinstance(e, ast.Starred)]
        if isinstance(params, ast.Dict):
            return list(params.values)
        return []

    def _added(self, name: str) -> list[ast.expr]:
        """What the def appends to the list `name` (`params.append(slot_id)`, `.extend([a,
        b])`): the values a statement built one condition at a time binds."""
        found: list[ast.expr] = []
        for sub in self._nodes():
            if not (
                isinstance(sub, ast.Call)
                and isinstance(sub.func, ast.Attribute)
                and is_name(sub.func.value, name)
                and sub.args
            ):
                continue
            method, last = sub.func.attr, sub.args[-1]
            if method in ("append", "insert"):
                found.append(last)
            elif method == "extend" and isinstance(last, (ast.List, ast.Tuple)):
                found.extend(e for e in last.elts if not isinstance(e, ast.Starred))
        return found


def _a_bound(side: ast.expr) -> bool:
    """A side of an ordering test that bounds the others: a name, a call, a constant other
    than 0 or 1 (`n <= 0` lets any large number through)."""
    if isinstance(side, ast.UnaryOp) and isinstance(side.op, ast.USub):
        side = side.operand
    if isinstance(side, ast.Constant):
        value = side.value
        return (
            isinstance(value, (int, float))
            and not isinstance(value, bool)
            and value not in _NO_BOUND
        )
    return True


def _growing(expr: ast.expr) -> list[ast.expr]:
    """The names and calls of an arithmetic value that make it larger as they grow (not a
    divisor: `total / days` shrinks as `days` grows)."""
    found: list[ast.expr] = []
    stack = [expr]
    while stack:
        node = stack.pop()
        if isinstance(node, (ast.Name, ast.Call)):
            found.append(node)
        if isinstance(node, ast.BinOp):
            stack.append(node.left)
            if not isinstance(node.op, (ast.Div, ast.FloorDiv, ast.Mod)):
                stack.append(node.right)
        elif isinstance(node, (ast.UnaryOp, ast.Call)):
            stack.extend(n for n in ast.iter_child_nodes(node) if isinstance(n, ast.expr))
    return found


def _a_literal_number(expr: ast.expr) -> bool:
    if isinstance(expr, ast.UnaryOp) and isinstance(expr.op, ast.USub):
        expr = expr.operand
    return (
        isinstance(expr, ast.Constant)
        and isinstance(expr.value, (int, float))
        and not isinstance(expr.value, bool)
    )


def _tested_as(test: ast.expr) -> str | None:
    """ "int" for `isinstance(x, int)`, "float" when float is among the classes."""
    if not (
        isinstance(test, ast.Call) and is_name(test.func, "isinstance") and len(test.args) == 2
    ):
        return None
    classes = test.args[1]
    names = (
        {last_name(e) for e in classes.elts}
        if isinstance(classes, ast.Tuple)
        else {last_name(classes)}
    )
    if "float" in names:
        return "float"
    return "int" if "int" in names else None


def _code_made(collection: ast.expr, model: Callable[[ast.expr], bool]) -> bool:
    """A collection the code makes, not the model: a display of constants, or a call (`range(1,
    100)`, `sport.durations()`), a name or an attribute that holds nothing of the model's."""
    if isinstance(collection, (ast.Tuple, ast.List, ast.Set)):
        return all(isinstance(e, ast.Constant) for e in collection.elts)
    return isinstance(collection, (ast.Call, ast.Name, ast.Attribute)) and not model(collection)
