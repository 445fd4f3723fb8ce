"""What raises on the size of what the model sent: an empty list, text without a separator.

- `text.split(":")[1]` raises IndexError when the text has no ":" (`[0]` and `[-1]` never do);
  `text.split()[0]` when it is blank; `items[0]` of the model's own list when it is empty;
- `max(items)` / `min(items)` (without `default=`) raise ValueError on an empty list,
  `statistics.mean(items)` StatisticsError (`stdev`/`variance` on fewer than two values),
  `random.choice(items)` IndexError;
- `total / len(items)` raises ZeroDivisionError on an empty list (also `/ n` after `n =
  len(items)`, and of `sorted(items)` or `list(items)`), `x / args["n"]` (or `//`,
  `%`, also of a parameter a caller hands the model's value) when the model sends 0;
- `time.sleep(n)`, `random.sample(items, n)`, `itertools.islice(it, n)`, `deque(maxlen=n)`
  raise ValueError on a negative number (the last three past a type test too, which does not
  bound it; `n = max(1, n)` does).

The model's list stays its list through `enumerate`, `filter`, `map`, `sorted`, `tuple`, and a
comprehension (with or without a filter: none of none).

A value whose size the function looks at (`if not items`, `len(parts) < 2`, `":" in text`,
`x if parts else y`, any `len(...)` of it) is taken as checked: precision first.
"""

from __future__ import annotations

import ast
import itertools
import math
import operator
from typing import Any

from hermes_dev.pyast.analyze.stand_ins import Element, Item
from hermes_dev.pyast.analyze.tests_read import leaf_tests, tests_of
from hermes_dev.pyast.semantic.walker import is_name, is_none, last_name, within, written_name

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
# (a list the model's value filters: what the model sends for it to be empty)
_NO_MATCH = "a value that no item matches"
# Builtins whose use of a length looks at it (`range(len(x))`).
_SIZE_READERS = frozenset({"range", "divmod", "bool"})
_REQUESTS_VERBS = frozenset({"get", "post", "put", "patch", "delete", "head", "options", "request"})
# What a list of numbers adds up to: 0 for the list [] and for [0, 0] (`statistics.mean`
# raises on [] itself).
_TOTALS = frozenset({"sum", "mean", "fmean", "median"})
# What says how far apart numbers are: 0 when they are all the same.
_SPREADS = frozenset({"pstdev", "stdev", "pvariance", "variance"})
# Methods whose answer is empty exactly when what they are called on is empty or blank.
_KEEP_SIZE = frozenset(
    {"strip", "lstrip", "rstrip", "lower", "upper", "casefold", "splitlines", "split"}
)

Risk = tuple[type[BaseException] | str, str]
_COMPREHENSIONS = (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)


class Sizes:
    """Size risks in one function, asked node by node (`risk(node)`)."""

    __slots__ = (
        "_carried",
        "_comprehended_tests",
        "_dotted",
        "_empty_given",
        "_fields_looked_at",
        "_filled",
        "_from_model",
        "_guarded",
        "_key_read",
        "_looked_at",
        "_neutral",
        "_nodes",
        "_not_blank",
        "_popped",
        "_reads",
        "_rebinding",
        "_tested",
        "_tested_forms",
        "_tool_valued",
        "_values",
        "_zero_given",
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
        zero_given: frozenset[str] = frozenset(),
        empty_given: frozenset[str] = frozenset(),
        filled_given: frozenset[str] = frozenset(),
        not_blank: frozenset[str] = frozenset(),
    ) -> None:
        """`dotted(func)`: the library name a called expression resolves to (`mean` imported
        from statistics); without it, names are taken as written. `carried(call)`: the number
        a helper hands back of the model's (`_num(args, "bpm")` -> `float(args.get("bpm"))`)."""
        self._dotted = dotted
        self._carried = carried
        self._tool_valued = tool_valued  # (the model's keys, the tool's values)
        # (parameters a caller hands the model's number, untested: `.name` a float)
        self._zero_given = zero_given
        # (parameters a caller hands a list the model may leave empty, untested there)
        self._empty_given = empty_given
        self._nodes = nodes
        self._fields_looked_at: dict[str, set[str]] = {}
        self._neutral: set[str] | None = None
        self._popped: set[str] = set()  # (lists whose first `.pop()` was asked about)
        self._values = values
        self._from_model = from_model
        self._reads = reads
        self._key_read = key_read
        tested: set[str] = set()
        sized: set[str] = set()
        # (`{"count": len(values)}` reports a size; it looks at nothing before what follows)
        reported = {id(v) for sub in nodes if type(sub) is ast.Dict for v in sub.values}
        # (`score(len(words), ...)` and `max(len(words), 1)` hand the size on; `range(len(
        # parts))` looks at it)
        reported |= {
            id(a)
            for sub in nodes
            if type(sub) is ast.Call
            and isinstance(sub.func, (ast.Name, ast.Attribute))
            and last_name(sub.func) not in _SIZE_READERS
            for a in sub.args
        }
        # (`Stats(count=len(values))`: a size given as a keyword is reported too)
        reported |= {id(sub.value) for sub in nodes if type(sub) is ast.keyword}
        # (a test in a comprehension's `if` of the comprehension's own variable, `[p for p in
        # text.split() if p.strip()]`: that `p` is not a local of the same name elsewhere)
        own_tests: dict[int, tuple[ast.AST, frozenset[str]]] = {}
        for sub in nodes:
            if type(sub) in _COMPREHENSIONS:
                for gen in sub.generators:  # type: ignore[attr-defined]
                    own = frozenset(n.id for n in ast.walk(gen.target) if isinstance(n, ast.Name))
                    for test in gen.ifs:
                        for inner in ast.walk(test):
                            own_tests[id(inner)] = (sub, own)
        inside: dict[str, list[ast.AST]] = {}
        outside: set[str] = set()
        for sub in nodes:
            kind = type(sub)
            found: set[str] = set()
            if kind in (ast.If, ast.While, ast.IfExp, ast.Assert):
                found = self._tested_in(sub.test)  # type: ignore[attr-defined]
            elif kind is ast.comprehension:
                for test in sub.ifs:  # type: ignore[attr-defined]
                    found |= self._tested_in(test)
            elif kind is ast.BoolOp and isinstance(sub.op, ast.And):  # type: ignore[attr-defined]
                # (`parts and parts[1]`; `items or []` gives a default, it tests nothing)
                for value in sub.values[:-1]:  # type: ignore[attr-defined]
                    found |= self._tested_in(value)
            elif kind is ast.Compare:
                found = self._tested_in(sub)  # type: ignore[arg-type]
            elif (
                kind is ast.Call
                and is_name(sub.func, "len")  # type: ignore[attr-defined]
                and sub.args  # type: ignore[attr-defined]
                and id(sub) not in reported
            ):
                sized |= reads(sub.args[0])  # type: ignore[attr-defined]
            if not found:
                continue
            tested |= found
            home = own_tests.get(id(sub))
            if kind is ast.comprehension and sub.ifs:  # type: ignore[attr-defined]
                home = own_tests.get(id(sub.ifs[0]))  # type: ignore[attr-defined]
            if home is None:
                outside |= found
                continue
            outside |= found - home[1]
            for name in found & home[1]:
                inside.setdefault(name, []).append(home[0])
        self._comprehended_tests = {n: c for n, c in inside.items() if n not in outside}
        # (a local holding a size that is tested: `n = len(items); if n < 2: ...`)
        for name, bound in values.items():
            if name in tested:
                for value in bound:
                    if isinstance(value, ast.Call) and is_name(value.func, "len") and value.args:
                        tested |= reads(value.args[0])
        self._tested = tested
        self._looked_at = tested | sized
        # (what tests look at, as written; made when an index is about to be reported)
        self._tested_forms: set[str] | None = None
        # (parameters a caller turned an empty value away for: no emptiness risk, nothing else)
        self._filled = filled_given
        self._guarded: set[str] = set()
        self._rebinding: set[str] = set()  # (names whose rebinding `_signed` is reading)
        # (locals a helper handed back after turning blank text away: never blank nor empty)
        self._not_blank = not_blank

    def _forms_tested(self) -> set[str]:
        """What the def's tests look at, as written (`x.split()[-1] if x.split() else y` of a
        value no name holds), each once."""
        if self._tested_forms is None:
            self._tested_forms = {
                ast.dump(form)
                for sub in self._nodes
                if type(sub) in (ast.If, ast.While, ast.IfExp, ast.Assert)
                for form in _tested_forms(sub.test)  # type: ignore[attr-defined]
            }
        return self._tested_forms

    def tested_within(self, name: str) -> list[ast.AST] | None:
        """The comprehensions whose own variable `name` is, when only tests of theirs look at
        a name `name` (`[p for p in text.split() if p.strip()]`); else None."""
        return self._comprehended_tests.get(name)

    def looked_at(self, guarded: bool = True) -> set[str]:
        """Names a test here looks at in any way (`if m:`, `m is None`, `len(x) < 2`), and
        (`guarded`) what the caller's tests guard."""
        return self._looked_at | self._guarded if guarded else self._looked_at

    def zero_tested(self) -> set[str]:
        """Names a test here looks at in a way that may turn 0 away (`if n:`, `n <= 0`,
        `n == 0`), unlike `n < 0` or `n > -1`, which treat 0 as every positive number."""
        if self._neutral is None:
            self._neutral = _zero_neutral(self._nodes, self._reads)
        return (self._looked_at | self._guarded) - self._neutral

    def may_be_empty(self, expr: ast.expr) -> bool:
        """`expr` is a list the model decides the length of and may leave empty (`[len(s) for
        s in strings]` of `args.get("strings") or []`), and nothing here looks at its size."""
        found = self._sequence(expr)
        return (
            found is not None
            and found[0] == "empty"
            and not found[2] & (self._looked_at | self._guarded | self._filled)
        )

    def guarded_by(self, guarded: set[str]) -> None:
        """What the caller's tests guard where the next question is asked."""
        self._guarded = guarded

    def as_sent(self, expr: ast.expr) -> bool:
        """`expr` is the model's number as it came, no default applied by `or`."""
        return self._number(expr, given=True)

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
            if (
                len(test.ops) == 1
                and isinstance(test.ops[0], (ast.In, ast.NotIn))
                and is_none(test.left)
                and isinstance(test.comparators[0], (ast.Tuple, ast.List))
            ):
                # (`if None in (price, flows, sale): return ...`: each one looked at)
                return {e.id for e in test.comparators[0].elts if isinstance(e, ast.Name)}
            return set().union(*(self._tested_in(v) for v in (test.left, *test.comparators)))
        if isinstance(test, ast.Call):
            if is_name(test.func, "len") and test.args:
                return self._reads(test.args[0])
            if isinstance(test.func, ast.Attribute) and test.func.attr in _KEEP_SIZE:
                return self._tested_in(test.func.value)  # (`not text.strip()`: blank or not)
            if (
                isinstance(test.func, ast.Attribute)
                and test.func.attr in ("startswith", "endswith")
                and test.args
                and isinstance(test.args[0], ast.Constant)
                and isinstance(test.args[0].value, str)
                and test.args[0].value.strip()
            ):
                # (`text.startswith("@")`: where it holds, the text is not blank)
                return self._tested_in(test.func.value)
            if (
                isinstance(test.func, ast.Name)
                and test.func.id in _NUMBER_CALLS
                and len(test.args) == 1
            ):
                return self._tested_in(test.args[0])  # (`float(den) == 0`: the number of it)
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
            return self._aggregate(node) or self._negative(node) or self._pop(node)  # type: ignore[arg-type]
        if kind is ast.BinOp and isinstance(node.op, (ast.Div, ast.FloorDiv)):  # type: ignore[attr-defined]
            # (a number divided: the divisor is no text joined to a path)
            return self._division(node.right, given=_number_made(node.left))  # type: ignore[attr-defined]
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
        if depth > 10:  # (a list made in several steps: `tuple(map(f, enumerate(xs)))`)
            return None
        if isinstance(expr, ast.Name):
            bound = self._values.get(expr.id)
            if (
                bound
                and all(isinstance(v, Element) and self._model_items(v.value, depth) for v in bound)
                and self._from_model(expr)
            ):
                # (`for cat, values in scores.items()`: each a list or text the model sent;
                # not the words of a text, which are never empty)
                return "empty", "an empty list or text", {expr.id}
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
            if bound is None and expr.id in self._empty_given:
                return "empty", "an empty list", {expr.id}
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
            if method == "findall" and expr.args and not isinstance(expr.args[0], ast.Starred):
                # `WORD.findall(text)`, `re.findall(p, text)`: what the pattern matches of the
                # model's text, none at all for text it tested only to be non-blank
                text = expr.args[1] if is_name(expr.func.value, "re") else expr.args[0]
                if (is_name(expr.func.value, "re") and len(expr.args) < 2) or not self._from_model(
                    text
                ):
                    return None
                return "empty", "text the pattern finds nothing in", set()
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
        if (
            isinstance(expr, ast.Call)
            and isinstance(expr.func, ast.Name)
            and (
                (expr.func.id in ("enumerate", "reversed") and len(expr.args) == 1)
                or (expr.func.id == "filter" and len(expr.args) == 2)
            )
            and not expr.keywords
            and not isinstance(expr.args[-1], ast.Starred)
        ):
            # (`enumerate(texts)`: one pair for each item; `filter(ok, texts)`: none of none)
            inner = self._sequence(expr.args[-1], depth + 1)
            if inner is None or inner[0] != "empty":
                return None
            return "empty", "an empty list", inner[2]
        if (
            isinstance(expr, ast.Call)
            and is_name(expr.func, "map")
            and len(expr.args) == 2
            and not expr.keywords
            and not isinstance(expr.args[1], ast.Starred)
        ):
            # `map(tally, results)`: one item for each it was given
            inner = self._sequence(expr.args[1], depth + 1)
            if inner is None or inner[0] != "empty":
                return None
            return "empty", "an empty list", inner[2]
        if (
            isinstance(expr, ast.Subscript)
            and isinstance(expr.slice, ast.Slice)
            and expr.slice.upper is None
            and expr.slice.step is None
        ):
            # (`sorted(values)[drop:]`: fewer still, none when there were none)
            inner = self._sequence(expr.value, depth + 1)
            return inner if inner is not None and inner[0] == "empty" else None
        if isinstance(expr, (ast.ListComp, ast.GeneratorExp)) and len(expr.generators) == 1:
            gen = expr.generators[0]
            if gen.ifs and any(self._model_in(test) for test in gen.ifs):
                # (`[h for h in hits if h.path.startswith(prefix)]`: no item may pass the
                # model's value)
                return "empty", _NO_MATCH, set()
            inner = self._sequence(gen.iter, depth + 1)
            if inner is None or (gen.ifs and inner[0] != "empty"):
                return None  # (a filter may leave nothing for any input: not the model's doing)
            # (of the model's list, filtered or not: none when it sent none)
            return inner[0], inner[1] if inner[0] != "empty" else "an empty list", inner[2]
        return None

    def _rank_of(self, index: ast.expr, sequence: ast.expr) -> bool:
        """`index` is a local bound once to arithmetic of `len(sequence)` (a rank in it)."""
        if not (isinstance(index, ast.Name) and isinstance(sequence, ast.Name)):
            return False
        bound = self._values.get(index.id)
        if not bound or len(bound) != 1 or bound[0] is None or isinstance(bound[0], Element):
            return False  # (`for i in range(len(values))`: a loop's index is in it)
        return any(
            isinstance(sub, ast.Call)
            and is_name(sub.func, "len")
            and len(sub.args) == 1
            and is_name(sub.args[0], sequence.id)
            for sub in ast.walk(bound[0])
        )

    def _counted_by(self, index: ast.expr, sequence: ast.expr) -> str | None:
        """The name of another list whose indexes `index` runs over (`for i in
        range(len(other))`, `n = len(other)` ... `for i in range(n)`), not `sequence`'s own."""
        if not (isinstance(index, ast.Name) and isinstance(sequence, ast.Name)):
            return None
        loop = self._loop_binding(index)
        if loop is None:
            return None
        made = loop.iter
        if not (
            isinstance(made, ast.Call)
            and is_name(made.func, "range")
            and len(made.args) == 1
            and not made.keywords
        ):
            return None
        count = made.args[0]
        if isinstance(count, ast.Name):
            counted = self._values.get(count.id)
            if not counted or len(counted) != 1 or counted[0] is None:
                return None
            count = counted[0]
        if not (
            isinstance(count, ast.Call)
            and is_name(count.func, "len")
            and len(count.args) == 1
            and isinstance(count.args[0], ast.Name)
            and count.args[0].id != sequence.id
        ):
            return None
        return count.args[0].id

    def _read_before(self, node: ast.Subscript) -> bool:
        """The same list is read by the same index earlier in the text (`r[i] <= 0` before
        `x / r[i]`): only the first read can raise."""
        shown = ast.dump(node)
        at = (node.lineno, node.col_offset)
        return any(
            type(sub) is ast.Subscript
            and (sub.lineno, sub.col_offset) < at
            and isinstance(sub.ctx, ast.Load)
            and ast.dump(sub) == shown
            for sub in self._nodes
        )

    def _loop_binding(self, read: ast.Name) -> ast.For | None:
        """The `for` whose target binds `read` where it is read: the innermost loop around it
        with that target, no other binding of the name inside that loop."""
        around = [
            sub
            for sub in self._nodes
            if type(sub) is ast.For
            and isinstance(sub.target, ast.Name)
            and sub.target.id == read.id
            and sub.lineno <= read.lineno <= (sub.end_lineno or sub.lineno)
            and any(within(read, stmt) for stmt in sub.body)
        ]
        if not around:
            return None
        loop = max(around, key=lambda sub: sub.lineno)
        for stmt in loop.body:
            for sub in ast.walk(stmt):
                if (
                    isinstance(sub, ast.Name)
                    and sub.id == read.id
                    and not isinstance(sub.ctx, ast.Load)
                ):
                    return None
        return loop

    def _model_in(self, test: ast.expr) -> bool:
        """A test that reads one of the model's values (or text made of one)."""
        return any(
            isinstance(sub, (ast.Name, ast.Subscript, ast.Call)) and self._from_model(sub)
            for sub in ast.walk(test)
        )

    def _model_items(self, source: ast.expr | None, depth: int) -> bool:
        """`source` is a list or dict the model sent, whose items are its values as they came
        (`scores.items()`, `.values()` of it, the list itself)."""
        if (
            isinstance(source, ast.Call)
            and isinstance(source.func, ast.Attribute)
            and source.func.attr in ("items", "values")
            and not source.args
        ):
            source = source.func.value
        if source is None:
            return False
        found = self._sequence(source, depth + 1)
        return found is not None and found[0] == "empty"

    # -- the risks ------------------------------------------------------------------------------

    def _index(self, node: ast.Subscript) -> Risk | None:
        if not isinstance(node.ctx, ast.Load):
            return None
        index = _constant_int(node.slice)
        if index is None:
            other = self._counted_by(node.slice, node.value)
            if other is not None:
                # (`for i in range(len(sails)): ratings[i]`: a list as long as another)
                found = self._sequence(node.value)
                if (
                    found is None
                    or found[0] != "empty"
                    or found[2] & (self._looked_at | self._guarded)
                ):
                    return None
                if self._read_before(node):
                    return None  # (the first read by that index raised, or all pass)
                shown = node.value.id if isinstance(node.value, ast.Name) else "one list"
                return IndexError, f"when the model sends fewer items in {shown} than in {other}"
            if not self._rank_of(node.slice, node.value):
                return None
            # (`values[k]`, `k = ceil(p / 100 * len(values)) - 1`: no rank in none; that
            # `len()` makes the rank, it tests nothing)
            found = self._sequence(node.value)
            if found is None or found[0] != "empty" or found[2] & (self._tested | self._guarded):
                return None
            return IndexError, f"when the model sends {found[1]}"
        found = self._sequence(node.value)
        if found is None or found[2] & (self._looked_at | self._guarded):
            return None
        if ast.dump(node.value) in self._forms_tested():
            return None
        kind, what, _ = found
        if kind in ("blank", "empty") and found[2] & self._not_blank:
            return None  # (`_text(args, "name", required=True).split()[0]`: a word is there)
        if kind == "sep":
            if -1 <= index <= 0:
                return None
            return IndexError, f"when the model sends text without {what!r}"
        if kind == "blank":
            return IndexError, "when the model sends blank text"
        return IndexError, f"when the model sends {what}"

    def _pop(self, call: ast.Call) -> Risk | None:
        """`tokens.pop(0)` of the words of the model's text (or a list it may leave empty),
        nothing looking at its size: IndexError on none. The first pop of a list only."""
        func = call.func
        if not (
            isinstance(func, ast.Attribute)
            and func.attr == "pop"
            and isinstance(func.value, ast.Name)
            and len(call.args) <= 1
            and not call.keywords
            and all(_constant_int(a) is not None for a in call.args)
        ):
            return None
        name = func.value.id
        if name in self._popped:
            return None
        self._popped.add(name)
        found = self._sequence(func.value)
        if found is None or found[0] == "sep" or found[2] & (self._looked_at | self._guarded):
            return None
        if found[0] == "blank":
            return IndexError, "when the model sends blank text"
        return IndexError, f"when the model sends {found[1]}"

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
        if name == "functools.reduce" and len(call.args) == 2 and not call.keywords:
            # (`reduce(merge, tallies)` with no start value: TypeError on an empty list)
            made, sequence = (TypeError, "an empty list"), call.args[1]
        else:
            made = _EMPTY_CALLS.get(name)  # type: ignore[assignment]
            if made is None or len(call.args) != 1:
                return None
            if call.keywords and not (
                name in ("max", "min") and all(kw.arg == "key" for kw in call.keywords)
            ):
                return None  # (`default=` answers for an empty list; `key=` does not)
            sequence = call.args[0]
        if isinstance(sequence, ast.Starred):
            return None
        found = self._sequence(sequence)
        if found is None or found[0] == "sep":
            return None
        if found[2] & (self._looked_at | self._guarded | self._filled):
            return None  # (`if not scores: return` here, or in the caller that handed it)
        return made[0], f"when the model sends {found[1] if found[1] == _NO_MATCH else made[1]}"

    def _negative(self, call: ast.Call) -> Risk | None:
        """`time.sleep(n)`, `requests.get(url, timeout=t)` of the model's number that nothing
        keeps above 0: they raise ValueError on a negative one."""
        name = self._dotted(call.func) if self._dotted is not None else written_name(call.func)
        if name is None:
            return None
        value: ast.expr | None = None
        why = "when the model sends a negative number"
        typed = False  # (a type test of the number does not bound it)
        if name == "time.sleep" and len(call.args) == 1:
            value = call.args[0]
        elif name.startswith("requests.") and name.rsplit(".", 1)[1] in _REQUESTS_VERBS:
            value = next((kw.value for kw in call.keywords if kw.arg == "timeout"), None)
        elif name == "random.sample":
            # (more than the population holds raises too: one test of the number answers both)
            value = call.args[1] if len(call.args) == 2 else _keyword(call, "k")
            why = "when the model sends a negative number or more than the list holds"
            typed = True
        elif name == "itertools.islice" and len(call.args) == 2:
            value, typed = call.args[1], True
        elif name == "collections.deque":
            value, typed = _keyword(call, "maxlen"), True
        if value is None or not self._signed(value, 0, typed):
            return None
        return ValueError, why

    def _signed(self, expr: ast.expr, depth: int, typed: bool = False) -> bool:
        """The model's number, which may be negative here: as it came, converted, or kept by
        `min()` or an `or` default; not past a test of it or `max()` with a positive bound
        (`typed`: past a test the caller's checks made, only when it is one here of its size,
        not of its type: `isinstance(n, int)` lets -5 through)."""
        if depth > 4:
            return False
        if self._key_read(expr) is not None:
            return True
        if isinstance(expr, ast.Name):
            if expr.id in self._tested or (not typed and expr.id in self._guarded):
                return False
            bound = self._values.get(expr.id)
            if bound is None:
                return expr.id in self._zero_given or "." + expr.id in self._zero_given
            rebound = [
                v
                for v in bound
                if v is not None
                and any(isinstance(n, ast.Name) and n.id == expr.id for n in ast.walk(v))
            ]
            if rebound and expr.id not in self._rebinding:
                # (`lines = max(1, lines)`: what the number became replaces what it was, read
                # of the name's other values)
                self._rebinding.add(expr.id)
                try:
                    return any(self._signed(v, depth + 1, typed) for v in rebound)
                finally:
                    self._rebinding.discard(expr.id)
            if rebound:
                bound = [v for v in bound if v not in rebound]
            return any(v is not None and self._signed(v, depth + 1, typed) for v in bound)
        if isinstance(expr, ast.BoolOp) and isinstance(expr.op, ast.Or):
            return self._signed(expr.values[0], depth + 1, typed)
        if isinstance(expr, ast.Call) and isinstance(expr.func, ast.Name) and not expr.keywords:
            func, args = expr.func.id, expr.args
            if func in ("int", "float") and len(args) == 1:
                arg = args[0]
                return self._signed(arg, depth + 1, typed) or (
                    not isinstance(arg, (ast.BoolOp, ast.IfExp)) and self._from_model(arg)
                )
            if func == "min":
                return any(self._signed(a, depth + 1, typed) for a in args)
            if func == "max":
                floor = any(
                    isinstance(a, ast.Constant)
                    and isinstance(a.value, (int, float))
                    and not isinstance(a.value, bool)
                    and a.value > 0
                    for a in args
                )
                return not floor and any(self._signed(a, depth + 1, typed) for a in args)
        return False

    def _division(self, divisor: ast.expr, given: bool = False) -> Risk | None:
        """`given`: a parameter handed the model's value counts as its number (not for `/`,
        which joins a path to the model's text)."""
        if (
            isinstance(divisor, ast.Call)
            and is_name(divisor.func, "len")
            and len(divisor.args) == 1
        ):
            found = self._sequence(divisor.args[0])
            if found is None or found[0] == "sep":
                return None
            if found[2] & (self._tested | self._guarded | self._filled):
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
            counted = self._counted(divisor.id)
            if counted is not None:
                return ZeroDivisionError, counted
            # `n = len(vals)` ... `/ n`: the size, through a local bound to it alone
            bound = self._values.get(divisor.id)
            if (
                bound
                and len(bound) == 1
                and isinstance(bound[0], ast.Call)
                and (is_name(bound[0].func, "len") or is_name(bound[0].func, "sum"))
            ):
                return self._division(bound[0])
        total = divisor
        if isinstance(divisor, ast.Name):
            bound = self._values.get(divisor.id)
            if bound and len(bound) == 1 and bound[0] is not None:
                total = bound[0]
        if (
            isinstance(total, ast.Call)
            and last_name(total.func) in _TOTALS
            and len(total.args) == 1
            and not total.keywords
            and self._numbers(total.args[0], 0)
        ):
            # (`/ mean(sales)`: a test that the list is not empty leaves its zeros in)
            own = {divisor.id} if isinstance(divisor, ast.Name) else set()
            if own & (self.zero_tested() | self._guarded):
                return None
            return ZeroDivisionError, "when the model sends numbers that are all 0"
        if self._spread(total):
            # (`(x - m) / pstdev(xs)`, `/ (hi - lo)` of `max(xs)` and `min(xs)`: 0 when every
            # number is the same, a test that the list has two items leaves that in)
            own = self._reads(divisor)
            if own & (self.zero_tested() | self._guarded):
                return None
            return ZeroDivisionError, "when the model sends numbers that are all the same"
        if self._number(divisor, given=given) and not self._reads(divisor) & self.zero_tested():
            return ZeroDivisionError, "when the model sends 0"
        zero = _Arithmetic(self).zero_of(divisor)
        if zero is not None:
            return ZeroDivisionError, f"when the model sends {zero}"
        return None

    def _counted(self, name: str) -> str | None:
        """`cnt = 0`, then `cnt += 1` only in a loop, past a test of the model's value (`if
        f[0] != sid: continue`) or over the model's list: nothing may be counted, and `/ cnt`
        divides by 0. Why, else None."""
        bound = self._values.get(name) or []
        # (an augmented assignment is kept as the operation it does: `cnt + 1`)
        made = [
            v
            for v in bound
            if v is not None and not (isinstance(v, ast.BinOp) and is_name(v.left, name))
        ]
        if not (
            len(made) == 1
            and isinstance(made[0], ast.Constant)
            and made[0].value == 0
            and type(made[0].value) is int
        ):
            return None
        counts = [
            sub
            for sub in self._nodes
            if isinstance(sub, ast.AugAssign) and is_name(sub.target, name)
        ]
        if not counts or len(counts) != len(bound) - 1:
            return None  # (bound another way too: a for target, a tuple)
        if not all(isinstance(c.op, ast.Add) and _positive(c.value) for c in counts):
            return None
        loops = [sub for sub in self._nodes if type(sub) in (ast.For, ast.AsyncFor)]
        why = None
        for count in counts:
            loop = next((lp for lp in loops if _holds(lp.body, count)), None)  # type: ignore[attr-defined]
            if loop is None:
                return None  # (counted once whatever happens)
            if self._made_of_model(loop.iter, 0):  # type: ignore[attr-defined]
                why = why or "when the model sends an empty list (nothing is counted)"
            elif self._filtered_by_model(loop, count):
                why = why or "when nothing matches what the model asked for (nothing is counted)"
            else:
                return None
        return why

    def _filtered_by_model(self, loop: ast.AST, count: ast.AST) -> bool:
        """A test in the loop's body, around the count or a `continue` before it, that reads
        the model's value."""
        for stmt in loop.body:  # type: ignore[attr-defined]
            for sub in ast.walk(stmt):
                if not isinstance(sub, ast.If):
                    continue
                skips = any(isinstance(s, ast.Continue) for s in sub.body) and (
                    sub.lineno < count.lineno  # type: ignore[attr-defined]
                )
                if not (skips or _holds(sub.body, count) or _holds(sub.orelse, count)):
                    continue
                if any(
                    isinstance(n, ast.Name) and self._from_model(n) for n in ast.walk(sub.test)
                ) or any(self._key_read(n) is not None for n in ast.walk(sub.test)):
                    return True
        return False

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
            # (`int(args["n"])`, or of a part of its text: `int(den)` of `"4/0".split("/")`)
            arg = expr.args[0]
            return self._number(arg, depth + 1) or (
                not isinstance(arg, (ast.BoolOp, ast.IfExp)) and self._from_model(arg)
            )
        if (
            isinstance(expr, ast.Call)
            and last_name(expr.func) in _TOTALS
            and len(expr.args) == 1
            and not expr.keywords
        ):
            # (`mean(sales)` of `sales = [float(x) for x in item["sales"]]`: all zeros)
            return self._numbers(expr.args[0], depth + 1)
        if isinstance(expr, (ast.Call, Item)) and self._carried(expr) is not None:  # type: ignore[arg-type]
            return True  # (what a helper hands back of it, or an item of its tuple)
        if (
            isinstance(expr, ast.Attribute)
            and isinstance(expr.value, ast.Name)
            and self._zero_given
            and f"{expr.value.id}.{expr.attr}"
            in self._zero_given | {n[1:] for n in self._zero_given if n[0] == "."}
        ):
            # (a field of a record the caller built of the model's number: `req.kw`)
            owner = expr.value.id
            if owner not in self._fields_looked_at:
                self._fields_looked_at[owner] = attributes_looked_at(self._nodes, owner)
            return (
                self._values.get(owner) is None and expr.attr not in self._fields_looked_at[owner]
            )
        if isinstance(expr, ast.Name) and depth < 3:
            bound = self._values.get(expr.id)
            if not bound:
                # (a parameter a caller hands the model's value, as it came, or its number)
                return bound is None and (
                    expr.id in self._zero_given
                    or "." + expr.id in self._zero_given
                    or given
                    and self._from_model(expr)
                )
            converted = [v for v in bound if number_of_itself(v, expr.id)]
            if converted:
                # (`den = int(den)`: the text it held, now its number)
                return all(
                    v is not None
                    and (
                        self._number(v, depth + 1)
                        or (not isinstance(v, (ast.BoolOp, ast.IfExp)) and self._from_model(v))
                    )
                    for v in bound
                    if v not in converted
                )
            return all(v is not None and self._number(v, depth + 1) for v in bound)
        return False

    def _spread(self, expr: ast.expr) -> bool:
        """How far apart the model's numbers are: `statistics.pstdev(xs)` (stdev, variance...)
        or `max(xs) - min(xs)` (through locals bound once to each)."""
        if (
            isinstance(expr, ast.Call)
            and last_name(expr.func) in _SPREADS
            and len(expr.args) == 1
            and not expr.keywords
        ):
            return self._numbers(expr.args[0], 0)
        if not (isinstance(expr, ast.BinOp) and isinstance(expr.op, ast.Sub)):
            return False
        high, low = self._once(expr.left), self._once(expr.right)
        if not all(
            isinstance(side, ast.Call)
            and isinstance(side.func, ast.Name)
            and len(side.args) == 1
            and not side.keywords
            for side in (high, low)
        ):
            return False
        assert isinstance(high, ast.Call) and isinstance(low, ast.Call)
        return (
            {high.func.id, low.func.id} == {"max", "min"}  # type: ignore[attr-defined]
            and ast.dump(high.args[0]) == ast.dump(low.args[0])
            and self._numbers(high.args[0], 0)
        )

    def _once(self, expr: ast.expr) -> ast.expr:
        """What a local bound once holds (the expression itself otherwise)."""
        if isinstance(expr, ast.Name):
            bound = self._values.get(expr.id)
            if bound and len(bound) == 1 and bound[0] is not None:
                return bound[0]
        return expr

    def _numbers(self, expr: ast.expr, depth: int) -> bool:
        """The model's list of numbers: a list it sent (`args["sales"]`), or each of its items
        made a number (`[float(x) for x in sales]`), or a local bound once to one."""
        if depth > 3:
            return False
        if isinstance(expr, ast.Name):
            bound = self._values.get(expr.id)
            if not bound or len(bound) != 1 or bound[0] is None:
                return False
            return self._numbers(bound[0], depth + 1)
        if isinstance(expr, (ast.ListComp, ast.GeneratorExp)) and len(expr.generators) == 1:
            loop = expr.generators[0]
            elt = expr.elt
            if loop.ifs or not isinstance(loop.target, ast.Name):
                return False  # (`if x`: the zeros left out)
            if (
                isinstance(elt, ast.Call)
                and isinstance(elt.func, ast.Name)
                and elt.func.id in ("int", "float")
                and len(elt.args) == 1
            ):
                elt = elt.args[0]
            return is_name(elt, loop.target.id) and self._from_model(loop.iter)
        return self._key_read(expr) is not None


def number_of_itself(value: ast.expr | None, name: str) -> str | None:
    """ "int" or "float" for `int(name)` / `float(name)`: the name made a number of itself."""
    if (
        isinstance(value, ast.Call)
        and isinstance(value.func, ast.Name)
        and value.func.id in ("int", "float")
        and len(value.args) == 1
        and is_name(value.args[0], name)
    ):
        return value.func.id
    return None


_OPERATORS: dict[type[ast.operator], Callable[[Any, Any], Any]] = {
    ast.Add: operator.add,
    ast.Sub: operator.sub,
    ast.Mult: operator.mul,
    ast.Div: operator.truediv,
    ast.Pow: lambda base, exponent: math.pow(base, exponent),  # (floats: no huge integers)
}
_CONVERSIONS: dict[str, Callable[[Any], Any]] = {"int": int, "float": float, "abs": abs}
# Values tried for each of the model's numbers (with the constants the expression names).
_TRIED = (0, 1, -1, 2, 0.5)
_MAX_LEAVES = 4
# Values tried for what the divisor holds besides the model's numbers.
_OPAQUE = (1.7, 1, 2.5, -1, 7)


class _Arithmetic:
    """Whether a divisor made by arithmetic of the model's numbers (`1 - (1 + r) ** -n`,
    `end - start`, `base * (1 + lift) - base`) is 0 for numbers the model can send: the
    expression is evaluated on a few values of each (0, 1, -1, 2, 0.5 and the constants it
    names, with their negatives). Any other value in it (a name tested here, a local bound
    twice, a call) is opaque: the divisor must be 0 whatever it holds. Anything but numbers,
    arithmetic and `int`/`float`/`abs`, and it says nothing (precision first)."""

    def __init__(self, sizes: Sizes) -> None:
        self._sizes = sizes
        self._leaves: dict[str, bool] = {}  # the model's numbers: name shown -> whole only
        self._opaque: dict[str, ast.expr] = {}  # other values, by their text
        self._constants: set[float] = set()
        self._numeric = False  # (not `prefix + name`, which may join text)

    def zero_of(self, divisor: ast.expr) -> str | None:
        """What the model sends for the divisor to be 0 (`"rate 0"`), else None."""
        if not isinstance(divisor, (ast.BinOp, ast.UnaryOp, ast.Name)):
            return None
        built = self._build(divisor, 0, frozenset())
        if built is None or not self._leaves or not self._numeric:
            return None
        if len(self._leaves) > _MAX_LEAVES or len(self._opaque) > _MAX_LEAVES:
            return None
        names = list(self._leaves)
        tried = [self._tried(whole) for whole in self._leaves.values()]
        for values in itertools.product(*tried):
            env: dict[str, Any] = dict(zip(names, values))
            env.update(dict.fromkeys(self._opaque, _OPAQUE[0]))
            if _value(built, env) != 0 or not all(self._free(built, env, o) for o in self._opaque):
                continue
            # (only the numbers that must be what they are: `rate 0`, whatever `months`)
            needed = []
            for name in names:
                if self._free(built, env, name):
                    env[name] = self._loose(name)[0]
                else:
                    needed.append(name)
            if not needed:
                return None  # (0 whatever the model sends: not its doing)
            same = {**env, **{n: 3 for n in needed}}
            if len(needed) > 1 and _value(built, same) == 0:
                return "the same number as " + " and ".join(needed)
            return " and ".join(f"{n} {env[n]!r}" for n in needed)
        return None

    def _loose(self, name: str) -> tuple[float, ...]:
        if name in self._opaque:
            return _OPAQUE
        return (3, 7, -2) if self._leaves[name] else (1.5, 3, 7.25, -2)

    def _free(self, built: Callable[[dict[str, Any]], Any], env: dict[str, Any], name: str) -> bool:
        """The divisor stays 0 whatever `name` holds (tried on a few values)."""
        return all(_value(built, {**env, name: v}) == 0 for v in self._loose(name))

    def _tried(self, whole: bool) -> list[float]:
        values: list[float] = list(_TRIED)
        for c in sorted(self._constants):
            values.extend((c, -c))
        if whole:
            values = [v for v in values if float(v).is_integer()]
        return list(dict.fromkeys(int(v) if whole else v for v in values))

    def _build(
        self, expr: ast.expr, depth: int, seen: frozenset[str]
    ) -> Callable[[dict[str, Any]], Any] | None:
        sizes = self._sizes
        if depth > 8:
            return None
        if isinstance(expr, ast.Constant):
            value = expr.value
            if not isinstance(value, (int, float)) or isinstance(value, bool):
                return None
            if value:
                self._constants.add(abs(value))
            self._numeric = True
            return lambda env: value
        if isinstance(expr, ast.UnaryOp) and isinstance(expr.op, (ast.USub, ast.UAdd)):
            operand = self._build(expr.operand, depth + 1, seen)
            if operand is None:
                return None
            if isinstance(expr.op, ast.UAdd):
                return operand
            self._numeric = True
            return lambda env: -operand(env)
        if isinstance(expr, ast.BinOp):
            op = _OPERATORS.get(type(expr.op))
            if op is None:
                return None
            left = self._build(expr.left, depth + 1, seen)
            right = self._build(expr.right, depth + 1, seen) if left is not None else None
            if left is None or right is None:
                return None
            if op is not operator.add:
                self._numeric = True
            return lambda env: op(left(env), right(env))
        if (
            isinstance(expr, ast.Call)
            and isinstance(expr.func, ast.Name)
            and expr.func.id in _CONVERSIONS
            and len(expr.args) == 1
            and not expr.keywords
        ):
            convert = _CONVERSIONS[expr.func.id]
            inner = self._build(expr.args[0], depth + 1, seen)
            if inner is None:
                return None
            self._numeric = True
            return lambda env: convert(inner(env))
        if isinstance(expr, ast.Name):
            bound = sizes._values.get(expr.id)
            if (
                bound
                and len(bound) == 1
                and bound[0] is not None
                and expr.id not in seen
                and expr.id not in sizes.zero_tested()
            ):
                return self._build(bound[0], depth + 1, seen | {expr.id})
        if sizes._number(expr, given=True) and not sizes._reads(expr) & sizes.zero_tested():
            label, whole = self._label(expr)
            if label in self._leaves:
                self._leaves[label] = self._leaves[label] or whole
            else:
                self._leaves[label] = whole
            return lambda env: env[label]
        if isinstance(expr, (ast.Name, ast.Attribute, ast.Subscript, ast.Call)):
            text = "?" + ast.unparse(expr)  # (a value the model's numbers do not decide)
            self._opaque[text] = expr
            return lambda env: env[text]
        return None

    def _label(self, expr: ast.expr) -> tuple[str, bool]:
        """The name the message gives a number (the model's key, else the name read) and
        whether only whole numbers can be it (a parameter a caller hands an `int`)."""
        key = self._sizes._key_read(expr)
        if key is not None:
            return key, False
        if isinstance(expr, ast.Name):
            return expr.id, expr.id in self._sizes._zero_given
        if isinstance(expr, ast.Attribute) and isinstance(expr.value, ast.Name):
            return expr.attr, f"{expr.value.id}.{expr.attr}" in self._sizes._zero_given
        if isinstance(expr, ast.Call) and len(expr.args) == 1:
            # (`_money(args.get("waste"))`: the key of what a helper converts)
            key = self._sizes._key_read(expr.args[0])
            if key is not None:
                return key, False
        return ast.unparse(expr), False


_ORDERINGS = {
    ast.Lt: operator.lt,
    ast.LtE: operator.le,
    ast.Gt: operator.gt,
    ast.GtE: operator.ge,
}
# Tests that say nothing of 0: `math.isfinite(x)`, `isinstance(x, float)`.
_ZERO_BLIND = frozenset({"isfinite", "isnan", "isinf", "isinstance"})


def _zero_neutral(nodes: list[ast.AST], reads: Callable[[ast.expr], set[str]]) -> set[str]:
    """Names every test among `nodes` of which treats 0 as it treats every positive number:
    an ordering against constants that gives the same at 0 as at any number above it (`x <
    0`, `x >= 0`, `-1 < x`; not `1 <= x <= 50`), or `math.isfinite(x)`; 0 passes where a
    positive number does."""
    neutral: set[str] = set()
    other: set[str] = set()
    for test in leaf_tests(tests_of(nodes, (ast.Compare,))):
        if isinstance(test, ast.Call) and last_name(test.func) in _ZERO_BLIND:
            for arg in test.args[:1]:
                neutral |= reads(arg)
        elif isinstance(test, ast.Compare) and (_neutral_ordering(test) or _none_test(test)):
            neutral |= reads(test)
        else:
            other |= reads(test)
    return neutral - other


def _tested_forms(test: ast.expr) -> list[ast.expr]:
    """The values a test looks at the truth or size of: `x`, `not x`, `len(x) > 1`, each
    side of `and`/`or`."""
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        return _tested_forms(test.operand)
    if isinstance(test, ast.BoolOp):
        return [form for value in test.values for form in _tested_forms(value)]
    if isinstance(test, ast.Compare) and len(test.ops) == 1:
        sides = [test.left, *test.comparators]
        return [
            s.args[0]
            for s in sides
            if isinstance(s, ast.Call) and is_name(s.func, "len") and s.args
        ]
    return [test]


def _none_test(test: ast.Compare) -> bool:
    """`x is None`, `x is not None`: 0 is not None, as no number is."""
    return (
        len(test.ops) == 1
        and isinstance(test.ops[0], (ast.Is, ast.IsNot))
        and isinstance(test.comparators[0], ast.Constant)
        and test.comparators[0].value is None
    )


def _neutral_ordering(test: ast.Compare) -> bool:
    sides = [test.left, *test.comparators]
    names = [side for side in sides if _constant_number(side) is None]
    if len(names) != 1 or not all(type(op) in _ORDERINGS for op in test.ops):
        return False
    # (every stretch of the positive numbers between the constants, and the constants)
    constants = [c for c in map(_constant_number, sides) if c is not None and c > 0]
    points = {0.0, 1e-9, 1e12, *constants}
    points |= {c * (1 + d) for c in constants for d in (1e-9, -1e-9)}
    answers = set()
    for at in points:
        values = [at if v is None else v for v in map(_constant_number, sides)]
        answers.add(
            all(_ORDERINGS[type(op)](values[i], values[i + 1]) for i, op in enumerate(test.ops))
        )
    return len(answers) == 1


def _holds(body: list[ast.stmt], node: ast.AST) -> bool:
    return any(within(node, stmt) for stmt in body)


def _positive(expr: ast.expr) -> bool:
    """A constant above 0 (`cnt += 1`), or a comparison's truth is not one."""
    return (
        isinstance(expr, ast.Constant) and type(expr.value) in (int, float) and expr.value > 0  # type: ignore[operator]
    )


def _constant_number(expr: ast.expr) -> float | None:
    if isinstance(expr, ast.UnaryOp) and isinstance(expr.op, ast.USub):
        inner = _constant_number(expr.operand)
        return -inner if inner is not None else None
    if (
        isinstance(expr, ast.Constant)
        and isinstance(expr.value, (int, float))
        and not isinstance(expr.value, bool)
    ):
        return float(expr.value)
    return None


def attributes_looked_at(nodes: list[ast.AST], name: str) -> set[str]:
    """The attributes of `name` that a test among `nodes` reads (`if req.kw <= 0`) or that
    a statement sets (`req.kw = 1`)."""
    found = {
        sub.attr
        for sub in nodes
        if type(sub) is ast.Attribute and type(sub.ctx) is not ast.Load and is_name(sub.value, name)
    }
    for test in tests_of(nodes, (ast.Compare, ast.BoolOp)):
        for node in ast.walk(test):
            if isinstance(node, ast.Attribute) and is_name(node.value, name):
                found.add(node.attr)
    return found


def _number_made(expr: ast.expr) -> bool:
    """Surely a number, whatever the names in it hold: `10`, `-1`, `2 * x`, `int(x)`,
    `len(x)`."""
    if isinstance(expr, ast.Constant):
        return type(expr.value) in (int, float)
    if isinstance(expr, ast.UnaryOp) and isinstance(expr.op, ast.USub):
        return _number_made(expr.operand)
    if isinstance(expr, ast.Call) and isinstance(expr.func, ast.Name):
        return expr.func.id in ("int", "float", "len", "abs", "round")
    if isinstance(expr, ast.BinOp) and isinstance(expr.op, (ast.Mult, ast.Sub, ast.Pow)):
        return _number_made(expr.left) or _number_made(expr.right)
    return False


def _value(built: Callable[[dict[str, Any]], Any], env: dict[str, Any]) -> Any:
    try:
        return built(env)
    except (ArithmeticError, ValueError, TypeError):
        return None


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


def _keyword(call: ast.Call, name: str) -> ast.expr | None:
    return next((kw.value for kw in call.keywords if kw.arg == name), None)
