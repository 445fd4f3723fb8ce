"""What raises on the size of what the model sent: an empty list, text without a separator.

- `text.split(":")[1]` raises IndexError when the text has no ":" (`[0]` and `[-1]` never do);
  `text.split()[0]` when it is blank; `items[0]` of the model's own list when it is empty;
- `max(items)` / `min(items)` (without `default=`) raise ValueError on an empty list,
  `statistics.mean(items)` StatisticsError (`stdev`/`variance` on fewer than two values),
  `random.choice(items)` IndexError;
- `total / len(items)` raises ZeroDivisionError on an empty list (also `/ n` after `n =
  len(items)`, and of `sorted(items)` or `list(items)`), `x / args["n"]` (or `//`,
  `%`, also of a parameter a caller hands the model's value) when the model sends 0.

A value whose size the function looks at (`if not items`, `len(parts) < 2`, `":" in text`,
`x if parts else y`, any `len(...)` of it) is taken as checked: precision first.
"""

from __future__ import annotations

import ast

from hermes_dev.pyast.semantic.walker import is_name, written_name

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable

# (exception, what the model sends) of a call given the model's list, by name as written
_EMPTY_CALLS: dict[str, tuple[type[BaseException] | str, str]] = {
    **{
        f"statistics.{name}": ("statistics.StatisticsError", "an empty list")
        for name in (
            "mean",
            "fmean",
            "median",
            "median_low",
            "median_high",
            "median_grouped",
            "mode",
            "geometric_mean",
            "harmonic_mean",
            "quantiles",
        )
    },
    **{
        f"statistics.{name}": ("statistics.StatisticsError", "fewer than two values")
        for name in ("stdev", "variance")
    },
    "random.choice": (IndexError, "an empty list"),
    "max": (ValueError, "an empty list"),
    "min": (ValueError, "an empty list"),
}
_FROM_STATISTICS = {name.split(".", 1)[1]: name for name in _EMPTY_CALLS if "." in name}
_NUMBER_CALLS = frozenset({"int", "float", "abs"})
# Methods whose answer is empty exactly when what they are called on is empty or blank.
_KEEP_SIZE = frozenset(
    {"strip", "lstrip", "rstrip", "lower", "upper", "casefold", "splitlines", "split"}
)

Risk = tuple[type[BaseException] | str, str]


class Sizes:
    """Size risks in one function, asked node by node (`risk(node)`)."""

    __slots__ = (
        "_carried",
        "_dotted",
        "_from_model",
        "_guarded",
        "_key_read",
        "_looked_at",
        "_reads",
        "_tested",
        "_tool_valued",
        "_values",
    )

    def __init__(
        self,
        nodes: list[ast.AST],
        values: dict[str, list[ast.expr | None]],
        from_model: Callable[[ast.expr], bool],
        reads: Callable[[ast.expr], set[str]],
        key_read: Callable[[ast.AST], str | None],
        dotted: Callable[[ast.expr], str | None] | None = None,
        carried: Callable[[ast.Call], str | None] = lambda call: None,
        tool_valued: frozenset[str] = frozenset(),
    ) -> None:
        """`dotted(func)`: the library name a called expression resolves to (`mean` imported
        from statistics); without it, names are taken as written. `carried(call)`: the number
        a helper hands back of the model's (`_num(args, "bpm")` -> `float(args.get("bpm"))`)."""
        self._dotted = dotted
        self._carried = carried
        self._tool_valued = tool_valued  # (the model's keys, the tool's values)
        self._values = values
        self._from_model = from_model
        self._reads = reads
        self._key_read = key_read
        tested: set[str] = set()
        sized: set[str] = set()
        for sub in nodes:
            kind = type(sub)
            if kind in (ast.If, ast.While, ast.IfExp, ast.Assert):
                tested |= self._tested_in(sub.test)  # type: ignore[attr-defined]
            elif kind is ast.comprehension:
                for test in sub.ifs:  # type: ignore[attr-defined]
                    tested |= self._tested_in(test)
            elif kind is ast.BoolOp and isinstance(sub.op, ast.And):  # type: ignore[attr-defined]
                # (`parts and parts[1]`; `items or []` gives a default, it tests nothing)
                for value in sub.values[:-1]:  # type: ignore[attr-defined]
                    tested |= self._tested_in(value)
            elif kind is ast.Compare:
                tested |= self._tested_in(sub)  # type: ignore[arg-type]
            elif kind is ast.Call and is_name(sub.func, "len") and sub.args:  # type: ignore[attr-defined]
                sized |= reads(sub.args[0])  # type: ignore[attr-defined]
        # (a local holding a size that is tested: `n = len(items); if n < 2: ...`)
        for name, bound in values.items():
            if name in tested:
                for value in bound:
                    if isinstance(value, ast.Call) and is_name(value.func, "len") and value.args:
                        tested |= reads(value.args[0])
        self._tested = tested
        self._looked_at = tested | sized
        self._guarded: set[str] = set()

    def _tested_in(self, test: ast.expr) -> set[str]:
        """What a test looks at the size or presence of: `items`, `not items`, `len(parts) < 2`,
        `":" in text`, `args.get("items")`; not `parts[1] == "on"` (that reads a part)."""
        if isinstance(test, ast.Name):
            return {test.id}
        if isinstance(test, ast.UnaryOp):
            return self._tested_in(test.operand)
        if isinstance(test, ast.BoolOp):
            return set().union(*(self._tested_in(v) for v in test.values))
        if isinstance(test, ast.Compare):
            return set().union(*(self._tested_in(v) for v in (test.left, *test.comparators)))
        if isinstance(test, ast.Call):
            if is_name(test.func, "len") and test.args:
                return self._reads(test.args[0])
            if isinstance(test.func, ast.Attribute) and test.func.attr in _KEEP_SIZE:
                return self._tested_in(test.func.value)  # (`not text.strip()`: blank or not)
            if self._key_read(test) is not None:
                return self._reads(test)
            return set()
        if isinstance(test, ast.Subscript) and self._key_read(test) is not None:
            return self._reads(test)
        if isinstance(test, ast.NamedExpr):
            return self._tested_in(test.value) | {test.target.id}
        return set()

    def risk(self, node: ast.AST, guarded: set[str]) -> Risk | None:
        """`guarded`: what the caller's tests guard where `node` is."""
        self._guarded = guarded
        kind = type(node)
        if kind is ast.Subscript:
            return self._index(node)  # type: ignore[arg-type]
        if kind is ast.Call:
            return self._aggregate(node)  # type: ignore[arg-type]
        if kind is ast.BinOp and isinstance(node.op, (ast.Div, ast.FloorDiv)):  # type: ignore[attr-defined]
            return self._division(node.right)  # type: ignore[attr-defined]
        if (
            kind is ast.BinOp
            and isinstance(node.op, ast.Mod)  # type: ignore[attr-defined]
            and not _text(node.left)  # type: ignore[attr-defined]
        ):
            # (`ts.minute % minutes`; not `"%s" % name`, which formats)
            return self._division(node.right, given=True)  # type: ignore[attr-defined]
        return None

    # -- what a value is ------------------------------------------------------------------------

    def _sequence(self, expr: ast.expr, depth: int = 0) -> tuple[str, str, set[str]] | None:
        """("sep", ":", reads) for the parts of the model's text split at ":", ("blank", "",
        reads) for its words or lines, ("empty", noun, reads) for the model's own list or text;
        reads: what a test of its size reads."""
        if depth > 3:
            return None
        if isinstance(expr, ast.Name):
            bound = self._values.get(expr.id)
            if bound:
                if any(v is None for v in bound):
                    return None
                found = [self._sequence(v, depth + 1) for v in bound]  # type: ignore[arg-type]
                first = found[0]
                if first is None or any(f is None or f[:2] != first[:2] for f in found):
                    return None
                reads = {expr.id}.union(*(f[2] for f in found if f is not None))
                return first[0], first[1], reads
            if self._from_model(expr):
                return "empty", "an empty list or text", {expr.id}
            return None
        if isinstance(expr, ast.Call) and isinstance(expr.func, ast.Attribute):
            method = expr.func.attr
            if method in ("split", "rsplit", "splitlines") and self._from_model(expr.func.value):
                reads = self._reads(expr.func.value)
                sep = expr.args[0] if expr.args else None
                if (
                    method == "splitlines"
                    or sep is None
                    or (isinstance(sep, ast.Constant) and sep.value is None)
                ):
                    return "blank", "", reads
                if isinstance(sep, ast.Constant) and isinstance(sep.value, str) and sep.value:
                    return "sep", sep.value, reads
                return None
            if method == "get" and self._key_read(expr) is not None:
                return (
                    "empty",
                    _noun(expr.args[1] if len(expr.args) > 1 else None),
                    self._reads(expr),
                )
            return None
        if isinstance(expr, ast.Subscript) and self._key_read(expr) is not None:
            return "empty", "an empty list or text", self._reads(expr)
        if (
            isinstance(expr, ast.BoolOp)
            and isinstance(expr.op, ast.Or)
            and len(expr.values) == 2
            and self._key_read(expr.values[0]) is not None
        ):
            default = expr.values[1]
            if (isinstance(default, (ast.List, ast.Tuple)) and default.elts) or (
                isinstance(default, ast.Constant) and default.value
            ):
                return None  # (`args.get("names") or ["a"]`: never empty)
            return "empty", _noun(default), self._reads(expr)
        if (
            isinstance(expr, ast.Call)
            and isinstance(expr.func, ast.Name)
            and expr.func.id in ("sorted", "list", "tuple")
            and len(expr.args) == 1
            and not isinstance(expr.args[0], ast.Starred)
        ):
            # `sorted(values)`: as many items as it was given
            inner = self._sequence(expr.args[0], depth + 1)
            if inner is None or inner[0] != "empty":
                return None
            return inner
        if isinstance(expr, ast.ListComp) and len(expr.generators) == 1:
            gen = expr.generators[0]
            inner = self._sequence(gen.iter, depth + 1)
            if inner is None or gen.ifs:
                return None  # (a filter may leave nothing for any input: said elsewhere)
            return inner[0], inner[1] if inner[0] != "empty" else "an empty list", inner[2]
        return None

    # -- the risks ------------------------------------------------------------------------------

    def _index(self, node: ast.Subscript) -> Risk | None:
        if not isinstance(node.ctx, ast.Load):
            return None
        index = _constant_int(node.slice)
        if index is None:
            return None
        found = self._sequence(node.value)
        if found is None or found[2] & (self._looked_at | self._guarded):
            return None
        kind, what, _ = found
        if kind == "sep":
            if -1 <= index <= 0:
                return None
            return IndexError, f"when the model sends text without {what!r}"
        if kind == "blank":
            return IndexError, "when the model sends blank text"
        return IndexError, f"when the model sends {what}"

    def _aggregate(self, call: ast.Call) -> Risk | None:
        name = written_name(call.func)
        if name is None:
            return None
        if name in ("max", "min"):
            pass  # (builtins: a def of that name would have been followed instead)
        elif self._dotted is not None:
            name = self._dotted(call.func) or ""
        elif "." not in name:
            name = _FROM_STATISTICS.get(name, name)
        made = _EMPTY_CALLS.get(name)
        if made is None or len(call.args) != 1 or call.keywords:
            return None
        if isinstance(call.args[0], ast.Starred):
            return None
        found = self._sequence(call.args[0])
        if found is None or found[0] == "sep" or found[2] & (self._looked_at | self._guarded):
            return None
        return made[0], f"when the model sends {made[1]}"

    def _division(self, divisor: ast.expr, given: bool = False) -> Risk | None:
        """`given`: a parameter handed the model's value counts as its number (not for `/`,
        which joins a path to the model's text)."""
        if (
            isinstance(divisor, ast.Call)
            and is_name(divisor.func, "len")
            and len(divisor.args) == 1
        ):
            found = self._sequence(divisor.args[0])
            if found is None or found[0] == "sep" or found[2] & (self._tested | self._guarded):
                return None
            return ZeroDivisionError, "when the model sends an empty list"
        if (
            isinstance(divisor, ast.Call)
            and is_name(divisor.func, "sum")
            and len(divisor.args) == 1
            and not divisor.keywords
            and not isinstance(divisor.args[0], ast.Starred)
        ):
            # `total = sum(weights.values())` ... `/ total`: the model's numbers may add up to 0
            summed = divisor.args[0]
            if self._made_of_model(summed, 0) and not self._reads(summed) & (
                self._tested | self._guarded
            ):
                return ZeroDivisionError, "when the model sends numbers that add up to 0 (or none)"
            return None
        if isinstance(divisor, ast.Name) and divisor.id not in self._tested | self._guarded:
            # `n = len(vals)` ... `/ n`: the size, through a local bound to it alone
            bound = self._values.get(divisor.id)
            if (
                bound
                and len(bound) == 1
                and isinstance(bound[0], ast.Call)
                and (is_name(bound[0].func, "len") or is_name(bound[0].func, "sum"))
            ):
                return self._division(bound[0])
        if self._number(divisor, given=given) and not self._reads(divisor) & (
            self._looked_at | self._guarded
        ):
            return ZeroDivisionError, "when the model sends 0"
        return None

    def _made_of_model(
        self, expr: ast.expr, depth: int, seen: frozenset[str] = frozenset()
    ) -> bool:
        """Values made item by item from what the model sent: the model's own list or dict
        (`.values()` of it), a comprehension over one, a local bound only to such (and to
        what is made of itself: `abund = [a / total for a in abund]`)."""
        if depth > 4 or (isinstance(expr, ast.Name) and expr.id in self._tool_valued):
            return False
        if self._from_model(expr):
            return True
        if (
            isinstance(expr, ast.Call)
            and isinstance(expr.func, ast.Attribute)
            and expr.func.attr in ("values", "items")
            and not expr.args
        ):
            return self._made_of_model(expr.func.value, depth + 1, seen)
        if isinstance(expr, ast.Name):
            if expr.id in seen:
                return True
            bound = self._values.get(expr.id) or []
            inner = seen | {expr.id}
            return bool(bound) and all(
                v is not None and self._made_of_model(v, depth + 1, inner) for v in bound
            )
        if isinstance(expr, (ast.ListComp, ast.GeneratorExp, ast.DictComp, ast.SetComp)):
            if len(expr.generators) != 1:
                return False
            gen = expr.generators[0]
            item = expr.value if isinstance(expr, ast.DictComp) else expr.elt
            targets = {n.id for n in ast.walk(gen.target) if isinstance(n, ast.Name)}
            # (each value made of the item it takes: `{n: Decimal(1) for n in names}` is not)
            return any(
                isinstance(n, ast.Name) and n.id in targets for n in ast.walk(item)
            ) and self._made_of_model(gen.iter, depth + 1, seen)
        return False

    def _number(self, expr: ast.expr, depth: int = 0, given: bool = False) -> bool:
        """The model's number as it came (`args["n"]`, `int(args.get("n"))`), no default
        applied by `or`."""
        if self._key_read(expr) is not None:
            return True
        if (
            isinstance(expr, ast.Call)
            and isinstance(expr.func, ast.Name)
            and expr.func.id in _NUMBER_CALLS
            and len(expr.args) == 1
            and not expr.keywords
        ):
            return self._number(expr.args[0], depth + 1)
        if isinstance(expr, ast.Call) and self._carried(expr) is not None:
            return True
        if isinstance(expr, ast.Name) and depth < 3:
            bound = self._values.get(expr.id)
            if not bound:
                # (a parameter a caller hands the model's value, as it came)
                return given and bound is None and self._from_model(expr)
            return all(v is not None and self._number(v, depth + 1) for v in bound)
        return False


def _text(expr: ast.expr) -> bool:
    """Text written out, which `%` formats: a string, an f-string, `"..." + x`."""
    if isinstance(expr, ast.Constant):
        return isinstance(expr.value, (str, bytes))
    if isinstance(expr, ast.JoinedStr):
        return True
    if isinstance(expr, ast.BinOp) and isinstance(expr.op, (ast.Add, ast.Mod)):
        return _text(expr.left) or _text(expr.right)
    return False


def _constant_int(expr: ast.expr) -> int | None:
    if isinstance(expr, ast.Constant) and type(expr.value) is int:
        return expr.value
    if (
        isinstance(expr, ast.UnaryOp)
        and isinstance(expr.op, ast.USub)
        and isinstance(expr.operand, ast.Constant)
        and type(expr.operand.value) is int
    ):
        return -expr.operand.value
    return None


def _noun(default: ast.expr | None) -> str:
    if isinstance(default, (ast.List, ast.Tuple, ast.ListComp)):
        return "an empty list"
    if isinstance(default, ast.Constant) and isinstance(default.value, str):
        return "empty text"
    return "an empty list or text"
