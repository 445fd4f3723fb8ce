"""Values `json.dumps` refuses: `refused(expr, scope)` names one the serialised value may hold.

The standard encoder raises TypeError ("Object of type Path is not JSON serializable") for any
value that is not a str, number, bool, None, list, tuple or dict, unless the call passes
`default=` or `cls=`. Authors put such values in their results without noticing: a `Path`, a
`datetime`, a `Decimal`, a set, bytes, a NumPy array or integer (`np.linalg.matrix_rank(a)`), the exception an `except` caught (`{"error": exc}`), an
instance of their own record class.

What is followed: dict, list and tuple displays (and `**`/`*` in them), comprehensions, `x if c
else y`, `a or b`, names to the bindings that reach the call (assignments, `d[k] = v`,
`.append`/`.update`...; an assignment in the same block before the call replaces the earlier
ones), attributes to the displays they resolve to and the entries the class's methods store
in them, parameters a call binds, and calls of project defs to what they return. A value is
refused only when the code makes it: a call of a known constructor (`Path(...)`,
`datetime.now()`, `Decimal(...)`, `set(...)`, a project class with no base), a method that
keeps its type (`p.resolve()`, `p / "x"`), bytes and set literals, an `except ... as e` name,
or a field a project class declares of such a type (`entry.amount` of `amount: Decimal`;
`asdict(entry)` when the record may hold one: `_record_field`, also of each record a
comprehension takes, and through fields that are records or lists of them). Keys are checked
too, whatever `default=` converts: a key made as one of these (`counts[ts.date()] += 1`,
`groups.setdefault(day, [])` read back by `{k: ... for k, v in sorted(groups.items())}`).
What YAML or TOML read is put in as it is (a whole record, `dict(item)` of one, or a field
named for a date): both read an unquoted `2024-05-01` as a date; so does a row sqlite3 reads a
DATE or TIMESTAMP column into on a connection opened with PARSE_DECLTYPES (the folder's
CREATE TABLE says which; `SELECT *` reads them all). A sum over a comprehension of fields a
class declares Decimal (`sum(e.amount for e in entries)`) is one.
A date plus a timedelta is a date where one branch made the date (the local's other bindings
not known: on that path the sum is one).
Unknown values are never refused (precision first).
"""

from __future__ import annotations

import ast
import re

from hermes_dev.pyast.analyze.branches import decide
from hermes_dev.pyast.analyze.sqlite_schema import converted_columns, selected_conversion
from hermes_dev.pyast.analyze.tests_read import ends
from hermes_dev.pyast.calls.driver import Code, called_method, wrapped
from hermes_dev.pyast.semantic.dispatch import is_dispatcher, registered_types
from hermes_dev.pyast.semantic.resolve import (
    annotation_class,
    attribute_changes,
    attribute_sets,
    bind_call,
    call_arguments,
    class_method,
    constant_defaults,
    def_scope,
    enum_kind,
    fold_operator,
    receiver,
    resolve,
    rows,
)
from hermes_dev.pyast.semantic.scopes import (
    Builtin,
    Class,
    Const,
    External,
    Function,
    Instance,
    Literal,
    Partial,
    Possible,
    Prefilled,
    Undecorated,
)
from hermes_dev.pyast.semantic.walker import (
    Block,
    def_statements,
    is_name,
    is_none,
    last_name,
    returns_of,
    walk_function,
)

TYPE_CHECKING = False
if TYPE_CHECKING:
    from hermes_dev.pyast.semantic.bindings import Binding
    from hermes_dev.pyast.semantic.scopes import ClassRef, Scope

# What a call of these makes, as the encoder's message names it.
_MADE_BY: dict[str, str] = {
    **{
        f"pathlib.{cls}{tail}": "Path"
        for cls in ("Path", "PurePath", "PosixPath", "PurePosixPath", "WindowsPath")
        for tail in ("", ".cwd", ".home")
    },
    **{
        f"datetime.datetime{tail}": "datetime"
        for tail in (
            "",
            ".now",
            ".utcnow",
            ".today",
            ".fromtimestamp",
            ".utcfromtimestamp",
            ".fromisoformat",
            ".strptime",
            ".combine",
        )
    },
    **{
        f"datetime.date{tail}": "date"
        for tail in ("", ".today", ".fromtimestamp", ".fromisoformat")
    },
    "datetime.time": "time",
    "datetime.timedelta": "timedelta",
    "decimal.Decimal": "Decimal",
    "fractions.Fraction": "Fraction",
    "uuid.UUID": "UUID",
    "uuid.uuid1": "UUID",
    "uuid.uuid3": "UUID",
    "uuid.uuid4": "UUID",
    "uuid.uuid5": "UUID",
    # NumPy: arrays, and the integers its searches and counts give (a float64 is a float)
    **{
        f"numpy.{name}": "ndarray"
        for name in (
            "array",
            "asarray",
            "zeros",
            "ones",
            "arange",
            "linspace",
            "linalg.inv",
            "linalg.solve",
            "linalg.matrix_power",
        )
    },
    **{f"numpy.{name}": "int64" for name in ("linalg.matrix_rank", "argmax", "argmin")},
}
_BUILTINS = {"set": "set", "frozenset": "frozenset", "bytes": "bytes", "bytearray": "bytearray"}
# Methods and attributes that give a value of the type they are called on.
_KEEPS_TYPE = {
    "Path": frozenset(
        {
            "resolve",
            "absolute",
            "expanduser",
            "with_suffix",
            "with_name",
            "with_stem",
            "joinpath",
            "relative_to",
            "parent",
        }
    ),
    "datetime": frozenset({"replace", "astimezone"}),
    "date": frozenset({"replace"}),
    "Decimal": frozenset(
        {
            "quantize",
            "normalize",
            "copy_abs",
            "copy_negate",
            "copy_sign",
            "sqrt",
            "to_integral_value",
            "scaleb",
            "fma",
            "max",
            "min",
        }
    ),
}
# (arithmetic that keeps a Decimal a Decimal: `unit * quantity`, `subtotal - off`)
_ARITHMETIC = (ast.Add, ast.Sub, ast.Mult, ast.Div, ast.FloorDiv, ast.Mod, ast.Pow)
_SET_OPS = (ast.Sub, ast.BitOr, ast.BitAnd, ast.BitXor)
_KNOWN_NAMES = frozenset({*_MADE_BY.values(), *_BUILTINS.values(), "generator", "set"})
_MAX_DEPTH = 12
_MADE_DEPTH = 14  # (a type is followed through names, helpers' returns and their parameters)
# How an escape's reason starts when the value serialised is refused (the rule's cure reads it).
WHY = "when it holds"
# (how a Refusal of a key says where the value is)
AS_KEY = "as a dict key"
# (what a `default=` that converts any value converts: only keys can still be refused)
ALL_VALUES = frozenset({"*"})
# (how a Refusal names a member of a plain Enum class of the project: "Enum:Severity")
ENUM = "Enum:"
_ENUM_BASES = frozenset({"Enum", "Flag"})


class Refusal:
    """A value the encoder refuses: its type name and the expression that makes it."""

    __slots__ = ("how", "node", "scope", "type_name")

    def __init__(self, type_name: str, node: ast.AST, scope: Scope, how: str = "") -> None:
        self.type_name = type_name
        self.node = node
        self.scope = scope
        self.how = how  # (how it comes to be one, when the code does not make it)

    @property
    def shown(self) -> str:
        """`a Path`, `bytes`, `an exception object`: the value as a sentence names it."""
        name = self.type_name
        if self.how:
            return f"a {name} ({self.how})"
        if name in ("bytes", "an exception object"):
            return name
        if name.startswith(ENUM):
            return f"a {name[len(ENUM) :]} member"
        if name not in _KNOWN_NAMES:
            return f"a {name} instance"
        return f"{'an' if name[0] in 'aeiouAEIOU' else 'a'} {name}"


def dumps_call(call: ast.Call, dotted: str) -> ast.expr | None:
    """The value a `json.dumps(obj)` / `json.dump(obj, fp)` call serialises with the standard
    encoder (no `default=`, `cls=` or `**options`), or None."""
    if dotted not in ("json.dumps", "json.dump") or not call.args:
        return None
    if any(kw.arg in (None, "default", "cls", "skipkeys") for kw in call.keywords):
        return None
    first = call.args[0]
    return None if isinstance(first, ast.Starred) else first


def dumps_value(
    call: ast.Call, dotted: str, scope: Scope
) -> tuple[ast.expr, frozenset[str]] | None:
    """`dumps_call`, and also a call whose `default=` is a def of the project that converts
    some types and raises TypeError for the rest (`if isinstance(o, Decimal): return str(o)`
    ... `raise TypeError(...)`): the value and the type names the def converts; any other
    `default=` converts every value (`ALL_VALUES`), not keys."""
    value = dumps_call(call, dotted)
    if value is not None:
        return value, frozenset()
    if dotted not in ("json.dumps", "json.dump") or not call.args:
        return None
    if isinstance(call.args[0], ast.Starred) or any(
        kw.arg in (None, "cls", "skipkeys") for kw in call.keywords
    ):
        return None
    given = next(kw.value for kw in call.keywords if kw.arg == "default")
    found = resolve(given, scope).single()
    handled = (
        _converted_types(found.node)
        if isinstance(found, Function) and not isinstance(found.node, ast.Lambda)
        else None
    )
    if handled is not None and isinstance(found, Function):
        # (`@singledispatch def to_jsonable(obj): raise TypeError(...)` and its
        # `@to_jsonable.register` overloads: the types those take are converted)
        dispatched = registered_types(found)
        if "date" in dispatched:
            dispatched |= {"datetime"}  # (a datetime is a date)
        handled = handled | dispatched
    # (any other `default=` converts every value it is asked about, but keys are never asked:
    # `default=str` leaves a date key refused)
    return call.args[0], handled if handled is not None else ALL_VALUES


_SET_OPERATORS = frozenset({"operator.or_", "operator.and_", "operator.sub", "operator.xor"})


def _set_fold(call: ast.Call, scope: Scope) -> bool:
    """`functools.reduce(op, items, start)` with a set operator (`operator.or_`, `lambda a, b:
    a | b`): the result is of the kind `start` is."""
    made = resolve(call.func, scope).single()
    if not (isinstance(made, External) and made.dotted == "functools.reduce"):
        return False
    return fold_operator(call.args[0], scope) in _SET_OPERATORS


def _converted_types(node: ast.FunctionDef | ast.AsyncFunctionDef) -> frozenset[str] | None:
    """The type names a `default=` def converts, when it is a run of `if isinstance(o, T):
    return ...` that ends in `raise TypeError`; else None."""
    body = [
        s for s in node.body if not (isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant))
    ]
    if not body or not _raises_type_error(body[-1]):
        return None
    names: set[str] = set()
    for stmt in body[:-1]:
        if isinstance(stmt, (ast.Import, ast.ImportFrom)):
            continue
        if not (isinstance(stmt, ast.If) and not stmt.orelse and ends(stmt.body)):
            return None
        test = stmt.test
        if not (
            isinstance(test, ast.Call)
            and is_name(test.func, "isinstance")
            and len(test.args) == 2
            and not test.keywords
        ):
            return None
        classes = test.args[1]
        for cls in classes.elts if isinstance(classes, ast.Tuple) else [classes]:
            name = last_name(cls)
            if name is None:
                return None
            names.add(name)
    if "date" in names:
        names.add("datetime")  # (a datetime is a date)
    if "PurePath" in names:
        names.add("Path")
    return frozenset(names)


def _raises_type_error(stmt: ast.stmt) -> bool:
    exc = stmt.exc if isinstance(stmt, ast.Raise) else None
    if isinstance(exc, ast.Call):
        exc = exc.func
    return exc is not None and last_name(exc) == "TypeError"


def refused(
    expr: ast.expr, scope: Scope, depth: int = 0, converted: frozenset[str] = frozenset()
) -> Refusal | None:
    """A value `expr` may hold (at any depth of its lists and dicts) that JSON refuses
    (`converted`: type names a `default=` converts)."""
    search = _Search()
    search.converted = converted
    search.popped = _popped_keys(scope.func)
    return search.value(expr, scope, depth)


def _popped_keys(
    func: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda | None,
) -> frozenset[str]:
    """The constant keys the def takes out of its dicts (`r.pop("_raw")`, `del row["_raw"]`)
    before what it serialises: a refused value kept under one is not serialised."""
    if func is None or isinstance(func, ast.Lambda):
        return frozenset()
    keys: set[str] = set()
    for sub in walk_function(func):
        if (
            type(sub) is ast.Call
            and isinstance(sub.func, ast.Attribute)
            and sub.func.attr == "pop"
            and sub.args
            and isinstance(sub.args[0], ast.Constant)
            and isinstance(sub.args[0].value, str)
        ):
            keys.add(sub.args[0].value)
        elif type(sub) is ast.Delete:
            for target in sub.targets:
                if (
                    isinstance(target, ast.Subscript)
                    and isinstance(target.slice, ast.Constant)
                    and isinstance(target.slice.value, str)
                ):
                    keys.add(target.slice.value)
    return frozenset(keys)


def refused_given(
    expr: ast.expr,
    obj: Function,
    call: ast.Call,
    scope: Scope,
    converted: frozenset[str] = frozenset(),
) -> Refusal | None:
    """What `expr`, in the def `obj`, may hold that JSON refuses when `call` (in `scope`)
    runs it: its parameters are what the call hands them, read where the call is."""
    search = _Search()
    search.converted = converted
    inner = Code(obj, bind_call(call, scope, obj, 0)).scope
    search.given[id(inner)] = (
        inner,
        {param: (arg, scope, False) for param, arg in _given(call, obj).items()},
    )
    return search.value(expr, inner, 0)


def _given(call: ast.Call, obj: Function) -> dict[str, ast.expr]:
    """`call_arguments`, and a `*args` parameter as the tuple of the positional arguments
    past the named ones (`jsonify(body)`: `args[0]` is `body`)."""
    given = call_arguments(call, obj)
    node = obj.node
    kwarg = node.args.kwarg
    if kwarg is not None and all(kw.arg is not None for kw in call.keywords):
        # (`def reply(**fields)` called as `reply(premium=money(x))`: a dict of the keywords
        # no other parameter takes)
        taken = {a.arg for a in (*node.args.posonlyargs, *node.args.args, *node.args.kwonlyargs)}
        extra = [kw for kw in call.keywords if kw.arg not in taken]
        given[kwarg.arg] = ast.Dict(
            keys=[ast.Constant(value=kw.arg) for kw in extra], values=[kw.value for kw in extra]
        )
    vararg = node.args.vararg
    if vararg is None or any(isinstance(a, ast.Starred) for a in call.args):
        return given
    named = len(node.args.posonlyargs) + len(node.args.args)
    if obj.bound or (obj.owner is not None and named and not isinstance(node, ast.Lambda)):
        named -= 1  # (`self`: a method's own first parameter is not the call's)
    rest = call.args[named:] if named <= len(call.args) else []
    given[vararg.arg] = ast.Tuple(elts=list(rest), ctx=ast.Load())
    return given


def made_type(expr: ast.expr, scope: Scope) -> str | None:
    """The type `expr` is known to hold, by what makes it (`date.fromisoformat(...)`, a
    parameter annotated `date`), of those JSON refuses (`"date"`, `"Path"`...), or None."""
    return _Search().made(expr, scope, 0)


# How many expressions one search reads at most (a real handler's values take a few hundred).
_SEARCH_BUDGET = 20_000


class _Search:
    def __init__(self) -> None:
        self.seen: set[tuple[int, int]] = set()
        self.budget = _SEARCH_BUDGET
        self.shadowed: frozenset[str] = frozenset()
        # (the comprehensions whose element is being looked at, innermost last)
        self.comps: list[tuple[ast.expr, Scope]] = []
        # (id of the scope a followed call runs a def in -> each parameter's argument, the
        # caller's scope, and whether it is a comprehension's own name there)
        self.given: dict[int, tuple[Scope, dict[str, tuple[ast.expr, Scope, bool]]]] = {}
        self.converted: frozenset[str] = frozenset()  # (what the dumps's `default=` converts)
        self.popped: frozenset[str] = frozenset()  # (keys the serialising def takes out)
        # (keys a dict the name holds gets again, always, before it is serialised: `d =
        # asdict(self); d["start"] = self.start.isoformat()`)
        self.rewritten: frozenset[str] = frozenset()

    def value(self, expr: ast.expr, scope: Scope, depth: int) -> Refusal | None:
        found = self._value(expr, scope, depth)
        if (
            found is not None
            and found.how != AS_KEY
            and (
                found.type_name.removeprefix(ENUM) in self.converted
                or "*" in self.converted
                or (found.type_name.startswith(ENUM) and self.converted & _ENUM_BASES)
            )
        ):
            return None  # (this part is converted; another may not be)
        return found

    def _value(self, expr: ast.expr, scope: Scope, depth: int) -> Refusal | None:
        if depth > _MAX_DEPTH:
            return None
        self.budget -= 1
        if self.budget < 0:
            return None  # (helpers that call each other: each call a new scope to search)
        key = (id(expr), id(scope))
        if key in self.seen:
            return None
        self.seen.add(key)
        kind = type(expr)
        keyed = _tuple_key(expr)
        if keyed is not None:
            return Refusal("tuple", keyed, scope, AS_KEY)
        if kind is ast.Dict:
            for k in expr.keys:  # type: ignore[attr-defined]
                made_key = self.key_type(k, scope, depth + 1) if k is not None else None
                if made_key is not None:
                    return Refusal(made_key, k, scope, AS_KEY)
            parts: list[ast.expr] = [
                v
                for k, v in zip(expr.keys, expr.values)  # type: ignore[attr-defined]
                if not (isinstance(k, ast.Constant) and k.value in self.popped)
            ]
        elif kind in (ast.List, ast.Tuple):
            parts = [
                e.value if isinstance(e, ast.Starred) else e
                for e in expr.elts  # type: ignore[attr-defined]
            ]
        elif kind in (ast.Set, ast.SetComp):
            return Refusal("set", expr, scope)
        elif kind is ast.GeneratorExp:
            return Refusal("generator", expr, scope)
        elif kind in (ast.ListComp, ast.DictComp):
            if kind is ast.DictComp:
                from_keys = self.comp_keys(expr, scope, depth)  # type: ignore[arg-type]
                if from_keys is not None:
                    return from_keys
            element = expr.elt if kind is ast.ListComp else expr.value  # type: ignore[attr-defined]
            return self.element(expr, element, scope, depth)  # type: ignore[arg-type]
        elif kind is ast.IfExp:
            for part in (expr.body, expr.orelse):  # type: ignore[attr-defined]
                found = self.value(part, scope, depth + 1)
                if found is not None and not _tested_away(expr, part, found.type_name):  # type: ignore[arg-type]
                    return found
            return None
        elif kind is ast.BoolOp:
            parts = list(expr.values)  # type: ignore[attr-defined]
        elif kind is ast.Await:
            parts = [expr.value]  # type: ignore[attr-defined]
        elif kind is ast.Subscript and type(expr.slice) is ast.Slice:  # type: ignore[attr-defined]
            # (`ranked[:limit]`: some of them)
            parts = [expr.value]  # type: ignore[attr-defined]
        elif kind is ast.Constant:
            value = expr.value  # type: ignore[attr-defined]
            return Refusal("bytes", expr, scope) if isinstance(value, bytes) else None
        elif kind is ast.BinOp and isinstance(expr.op, ast.Add):  # type: ignore[attr-defined]
            # (`hdr + body` of two reads of a socket: bytes joined are bytes)
            for side in (expr.left, expr.right):  # type: ignore[attr-defined]
                found = self.value(side, scope, depth + 1)
                if found is not None and found.type_name == "bytes":
                    return found
            made = self.kept(expr, scope, depth)
            return Refusal(made, expr, scope) if made is not None else None
        elif kind is ast.Name:
            return self.name(expr, scope, depth) or self.record(expr, scope)  # type: ignore[arg-type]
        elif kind is ast.Call:
            return self.call(expr, scope, depth) or self.record(expr, scope)  # type: ignore[arg-type]
        else:
            item = self._given_item(expr, scope) if isinstance(expr, ast.Subscript) else None
            if item is not None:
                return self.value(item[0], item[1], depth + 1)
            made = self.kept(expr, scope, depth)
            if made is None and kind is ast.Subscript:
                return self.element_field(expr, scope, depth) or self.record(expr, scope)  # type: ignore[arg-type]
            if made is None and kind is ast.Attribute:
                return self.attribute(expr, scope, depth)  # type: ignore[arg-type]
            return Refusal(made, expr, scope) if made is not None else None
        for part in parts:
            found = self.value(part, scope, depth + 1)
            if found is not None:
                return found
        return None

    def attribute(self, expr: ast.Attribute, scope: Scope, depth: int) -> Refusal | None:
        """The displays an attribute resolves to, followed (`rc.result` after `rc.result =
        {...}`, `self.result` of what `__init__` stored), and the entries the methods of the
        holder's class store in it (`self.terms[term] = {...}`)."""
        for obj in resolve(expr, scope).items:
            if isinstance(obj, Literal) and isinstance(
                obj.expr, (ast.Dict, ast.List, ast.Tuple, ast.Set, ast.ListComp, ast.DictComp)
            ):
                found = self.value(obj.expr, obj.scope, depth + 1)
                if found is not None:
                    return found
        # (`self.terms[term] = {..., "used_in": set()}` in a method of the holder's class)
        for holder in receiver(expr.value, scope).items:
            if not isinstance(holder, Instance) or _entries_rewritten(holder.cls.node, expr.attr):
                continue
            for _, home, _, value in attribute_changes(holder.cls, expr.attr):
                found = self.value(value, def_scope(holder.cls.module, home), depth + 1)
                if found is not None:
                    return found
            # (`self.last_rx = bytearray(frame)` in any method: a value the code makes there)
            for method, value in attribute_sets(holder.cls, expr.attr):
                made = self.kept(value, def_scope(holder.cls.module, method), depth + 1)
                if made is not None:
                    return Refusal(made, value, def_scope(holder.cls.module, method))
        return None

    def _given_item(self, expr: ast.Subscript, scope: Scope) -> tuple[ast.expr, Scope] | None:
        """`args[0]` of a `*args` parameter a followed call filled: the argument there."""
        index = expr.slice
        if not (
            isinstance(expr.value, ast.Name)
            and isinstance(index, ast.Constant)
            and type(index.value) is int
        ):
            return None
        found = scope.lookup(expr.value.id)
        if found is None or any(b.kind != "param" for b in found[1] or ()):
            return None
        entry = self.given.get(id(found[0]))
        given = entry[1].get(expr.value.id) if entry is not None else None
        if given is None or not isinstance(given[0], ast.Tuple):
            return None
        elts = given[0].elts
        if not -len(elts) <= index.value < len(elts):
            return None
        return elts[index.value], given[1]

    def record(self, expr: ast.expr, scope: Scope) -> Refusal | None:
        """What YAML or TOML read, put in as it is: a whole record (or a field whose name
        says it is a date) may hold a date, which both read from an unquoted `2024-05-01`."""
        if self.shadowed and any(
            isinstance(n, ast.Name) and n.id in self.shadowed for n in ast.walk(expr)
        ):
            # (`[dict(r) for r in rows]`: a whole item of what the loop takes, as it is; `[r["due"]
            # for r in rows]`: a field named for a date of one)
            field = _field_read(expr)
            row = _field_of(expr)
            iterated = self.whole_item(row if row is not None else expr)
            if iterated is None or (
                row is not None and (not field or not _DATE_WORDS.search(field))
            ):
                return None
            expr = iterated
        read = expr
        while (
            isinstance(read, ast.Call)
            and isinstance(read.func, ast.Name)
            and read.func.id in ("sorted", "list", "tuple", "set", "reversed")
            and len(read.args) == 1
        ):
            read = read.args[0]  # (`sorted(table)`: what it holds is the field's)
        fields = [_field_read(read)]
        if isinstance(read, ast.Name) and fields[0] is None:
            # (`old = data.get("version")` ... `{"old": old}`: the field it holds)
            found = scope.lookup(read.id)
            values = [b.value for b in (found[1] or []) if b.value is not None] if found else []
            fields = [_field_read(v) for v in values] or [None]
        if all(f is not None and not _DATE_WORDS.search(f) for f in fields):
            return None  # (`item.get("seats")`: a field no one writes a date in)
        if self.budget <= 0:
            return None
        loaded = _Loaded(self.budget)
        held = loaded.holds(expr, scope, 0)
        self.budget = loaded.budget  # (one budget for the whole search)
        if not held:
            return None
        return Refusal(loaded.made, expr, scope, loaded.how)

    def element(
        self,
        comp: ast.ListComp | ast.DictComp | ast.GeneratorExp | ast.SetComp,
        element: ast.expr,
        scope: Scope,
        depth: int,
    ) -> Refusal | None:
        """A comprehension's element (its own loop names are not the def's)."""
        names = {
            n.id for gen in comp.generators for n in ast.walk(gen.target) if isinstance(n, ast.Name)
        }
        before = self.shadowed
        self.shadowed = before | names
        self.comps.append((comp, scope))
        try:
            return self.value(element, scope, depth + 1)
        finally:
            self.shadowed = before
            self.comps.pop()

    def whole_item(self, expr: ast.expr) -> ast.expr | None:
        """`r` or `dict(r)` where `r` is a comprehension's own loop name over `rows`: `rows`
        (what the item is one of), else None."""
        if (
            isinstance(expr, ast.Call)
            and is_name(expr.func, "dict")
            and len(expr.args) == 1
            and not expr.keywords
        ):
            expr = expr.args[0]
        if not isinstance(expr, ast.Name):
            return None
        for comp, _scope in reversed(self.comps):
            for gen in comp.generators:  # type: ignore[attr-defined]
                if is_name(gen.target, expr.id):
                    return gen.iter  # type: ignore[no-any-return]
        return None

    def target_type(self, name: str) -> str | None:
        """The refused type a comprehension's loop name holds: `v` of `for k, v in
        totals.items()` (or `.values()`, also sorted) of a dict whose values are made one
        type (`totals = defaultdict(Decimal)`, `totals: dict[str, Decimal]`)."""
        for comp, scope in reversed(self.comps):
            for gen in comp.generators:  # type: ignore[attr-defined]
                target, iterated = gen.target, gen.iter
                if isinstance(iterated, ast.Call) and is_name(iterated.func, "sorted"):
                    iterated = iterated.args[0] if iterated.args else iterated
                method = (
                    iterated.func.attr
                    if isinstance(iterated, ast.Call)
                    and isinstance(iterated.func, ast.Attribute)
                    and not iterated.args
                    else None
                )
                if method == "values" and is_name(target, name):
                    return _value_type(iterated.func.value, scope)
                if (
                    method == "items"
                    and isinstance(target, ast.Tuple)
                    and len(target.elts) == 2
                    and is_name(target.elts[1], name)
                ):
                    return _value_type(iterated.func.value, scope)
                if any(isinstance(n, ast.Name) and n.id == name for n in ast.walk(target)):
                    return None
        return None

    def name(self, expr: ast.Name, scope: Scope, depth: int) -> Refusal | None:
        if expr.id in self.shadowed:
            return self.comp_item(expr.id, depth)
        found = scope.lookup(expr.id)
        if found is None:
            return None
        where, bindings = found
        if where is scope and _narrowed_to_json(expr, scope):
            return None  # (`if isinstance(paid_on, str): return _error(paid_on)`: text there)
        if where.func is not None and _items_rewritten(expr.id, where.func):
            return None  # (`for l in lines: l["price"] = str(l["price"])`: made serialisable)
        if bindings is None or all(b.kind == "param" for b in bindings):
            # (a parameter the call binds; `**fields` too, which the scope's env leaves out)
            entry = self.given.get(id(where))
            given = entry[1].get(expr.id) if entry is not None and entry[0] is where else None
            if given is not None:
                # (what the call handed the parameter, read where the call is)
                hit = (
                    self.comp_item(given[0].id, depth)  # type: ignore[attr-defined]
                    if given[2]
                    else self.value(given[0], given[1], depth + 1)
                )
                if hit is not None:
                    return hit
            if bindings is None:
                return self.possible(where.env[expr.id], depth)  # type: ignore[index]
        rewritten = frozenset(
            key for b in bindings if b.kind == "mutated" for key in _rewritten_keys(b)
        )
        before, self.rewritten = self.rewritten, rewritten
        try:
            return self._name_bindings(expr, scope, where, bindings, depth)
        finally:
            self.rewritten = before

    def _name_bindings(
        self, expr: ast.Name, scope: Scope, where: Scope, bindings: list[Binding], depth: int
    ) -> Refusal | None:
        for binding in _reaching(where, bindings, expr.lineno):
            if _ruled_out(binding, where):
                continue
            kind = binding.kind
            if kind == "except" and where is scope:
                return Refusal("an exception object", binding.node, where)
            adds = kind == "mutated" and binding.detail in ("setitem", "append", "update", "add")
            if adds and binding.detail == "setitem" and isinstance(binding.key, ast.Tuple):
                # (`pairs[a, b] = n`: the encoder takes only str, int, float, bool or None keys)
                return Refusal("tuple", binding.key, where, AS_KEY)
            if kind == "mutated" and binding.key is not None:
                # (`counts[day] += 1`, `groups.setdefault(day, [])` of `day = ts.date()`)
                keyed = self.key_type(binding.key, where, depth + 1)
                if keyed is not None:
                    return Refusal(keyed, binding.key, where, AS_KEY)
            path = binding.path
            if (
                kind == "assign"
                and path is not None
                and len(path) == 1
                and isinstance(binding.value, ast.Call)
            ):
                # `shares, leftover = allocate(total, weights)`: that item of what it returns
                hit = self.item(binding.value, path[0], where, depth + 1)
                if hit is not None:
                    return hit
                continue
            if kind == "loop" and path == ():
                # (`for r in records: out.append(r)`: r is one of what the loop takes)
                hit = self.elements(binding.value, where, depth)  # type: ignore[arg-type]
                if hit is not None:
                    return hit
                continue
            if not (adds or (kind in ("assign", "annotated", "named") and path == ())):
                continue
            value = binding.value
            if value is None:
                continue
            hit = self.value(value, where, depth + 1)
            if hit is not None:
                return hit
        return None

    def key_type(self, key: ast.expr, scope: Scope, depth: int) -> str | None:
        """The refused type a dict key may be made as: a date, a Decimal... (either branch of
        `a if c else b`, any value a local is bound to: the path that makes one breaks)."""
        if depth > _MAX_DEPTH:
            return None
        if isinstance(key, ast.IfExp):
            for part in (key.body, key.orelse):
                found = self.key_type(part, scope, depth + 1)
                if found is not None and not _tested_away(key, part, found):
                    return found
            return None
        if isinstance(key, ast.Name) and key.id not in self.shadowed:
            located = scope.lookup(key.id)
            if located is not None and located[1]:
                for binding in _reaching(located[0], located[1], key.lineno):
                    if binding.kind in ("assign", "annotated") and binding.path == ():
                        found = self.key_type(binding.value, located[0], depth + 1)  # type: ignore[arg-type]
                        if found is not None:
                            return found
                return None
        if (
            isinstance(key, ast.Call)
            and isinstance(key.func, ast.Attribute)
            and not key.args
            and isinstance(key.func.value, ast.Name)
        ):
            # (`taken_at.date()` of `taken_at = datetime.fromisoformat(t) if t else None`)
            base = self.key_type(key.func.value, scope, depth + 1)
            if base == "datetime" and key.func.attr in ("date", "time"):
                return key.func.attr
            if base is not None and key.func.attr in _KEEPS_TYPE.get(base, ()):
                return base
        found = self.made(key, scope, depth)
        return found if found not in (None, "set", "frozenset", "generator") else None

    def comp_keys(self, comp: ast.DictComp, scope: Scope, depth: int) -> Refusal | None:
        """`{k: n for k, n in sorted(groups.items())}`: the keys the comprehension's loop
        takes from a dict, as that dict was given them."""
        key = comp.key
        if not isinstance(key, ast.Name) or len(comp.generators) != 1:
            return None
        gen = comp.generators[0]
        source, pairs = _mapping_of(gen.iter)
        target = gen.target
        if pairs:
            if not (
                isinstance(target, ast.Tuple) and target.elts and is_name(target.elts[0], key.id)
            ):
                return None
        elif not is_name(target, key.id):
            return None
        if not isinstance(source, ast.Name):
            return None
        located = scope.lookup(source.id)
        if located is None or not located[1]:
            return None
        for binding in located[1]:
            if binding.kind == "mutated" and binding.key is not None:
                found = self.key_type(binding.key, located[0], depth + 1)
                if found is not None:
                    return Refusal(found, binding.key, located[0], AS_KEY)
        return None

    def comp_loop(self, name: str) -> tuple[ast.expr, Scope] | None:
        """What the innermost comprehension whose loop binds `name` whole (`for e in
        entries`) iterates, read where it is; None when none does (or one binds it inside a
        tuple)."""
        for comp, comp_scope in reversed(self.comps):
            for gen in comp.generators:  # type: ignore[attr-defined]
                if is_name(gen.target, name):
                    return gen.iter, comp_scope
                if any(isinstance(n, ast.Name) and n.id == name for n in ast.walk(gen.target)):
                    return None
        return None

    def comp_records(self, name: str) -> list[object]:
        """The objects the rows a comprehension's loop name takes resolve to."""
        loop = self.comp_loop(name)
        table = rows(*loop) if loop is not None else None
        if table is None:
            return []
        return [o for row, at in table.items for o in resolve(row, at).items]

    def comp_item(self, name: str, depth: int) -> Refusal | None:
        """A comprehension's own loop name taken whole (`[r for r in records]`): one of what
        its loop takes."""
        loop = self.comp_loop(name)
        return self.elements(loop[0], loop[1], depth) if loop is not None else None

    def comp_methods(self, func: ast.expr) -> list[Function]:
        """`e.to_dict(...)` of a comprehension's own loop name (`for e in entries`): the
        method of each record its loop takes, bound to that record."""
        if not (
            isinstance(func, ast.Attribute)
            and isinstance(func.value, ast.Name)
            and func.value.id in self.shadowed
        ):
            return []
        found: list[Function] = []
        for obj in self.comp_records(func.value.id):
            method = class_method(obj.cls, func.attr) if isinstance(obj, Instance) else None
            if method is not None:
                made, owner = method
                found.append(Function(made.node, made.module, made.scope, owner, bound=True))
        return found

    def comp_record(self, call: ast.Call, scope: Scope) -> str | None:
        """`asdict(e) for e in entries` (`astuple`, `e._asdict()`): the refused type a field of
        the records the comprehension's loop takes may hold (`_held_field`)."""
        record = _record_of(call, scope)
        if not (isinstance(record, ast.Name) and record.id in self.shadowed):
            return None
        found = self.comp_records(record.id)
        if not found or not all(isinstance(o, Instance) for o in found):
            return None
        skipped = self.popped | self.rewritten
        kinds = {_held_field(o, skipped) for o in found}  # type: ignore[arg-type]
        return kinds.pop() if len(kinds) == 1 else None

    def comp_field(self, name: str, attr: str) -> str | None:
        """`line.amount` of a comprehension's own loop name (`for line in self.extras`): the
        refused type the class of every row its loop takes declares `attr` to hold."""
        loop = self.comp_loop(name)
        return _rows_declare(loop[0], attr, loop[1]) if loop is not None else None

    def elements(self, iterable: ast.expr, scope: Scope, depth: int) -> Refusal | None:
        """A refused value one element of a list may hold: a display, a comprehension, a
        name bound only to lists (and what `.append` adds to them), `d.values()`; through
        `sorted`/`list`/`reversed`. A dict iterates its keys, so a name that may be one is
        not followed."""
        while (
            isinstance(iterable, ast.Call)
            and isinstance(iterable.func, ast.Name)
            and iterable.func.id in ("sorted", "list", "tuple", "reversed")
            and iterable.args
            and not isinstance(iterable.args[0], ast.Starred)
        ):
            iterable = iterable.args[0]
        if isinstance(iterable, (ast.List, ast.Tuple, ast.Set)):
            for elt in iterable.elts:
                hit = (
                    self.elements(elt.value, scope, depth)
                    if isinstance(elt, ast.Starred)
                    else self.value(elt, scope, depth)
                )
                if hit is not None:
                    return hit
            return None
        if isinstance(iterable, (ast.ListComp, ast.GeneratorExp, ast.SetComp)):
            return self.element(iterable, iterable.elt, scope, depth)
        if (
            isinstance(iterable, ast.Call)
            and isinstance(iterable.func, ast.Attribute)
            and iterable.func.attr == "values"
            and not iterable.args
        ):
            return self.value(iterable.func.value, scope, depth)
        if isinstance(iterable, ast.Name) and (
            iterable.id in self.shadowed or _list_bound(iterable, scope)
        ):
            return self.value(iterable, scope, depth)
        return None

    def element_field(self, expr: ast.Subscript, scope: Scope, depth: int) -> Refusal | None:
        """`points[0]["time"]` of a list whose elements are dicts written out (`points.append(
        {"time": ts, ...})`): what those dicts hold under the key."""
        key, items = expr.slice, expr.value
        if not (
            isinstance(key, ast.Constant)
            and isinstance(key.value, str)
            and isinstance(items, ast.Subscript)
            and not isinstance(items.slice, ast.Slice)
            and isinstance(items.value, ast.Name)
            and _list_bound(items.value, scope)
        ):
            return None
        if scope.func is not None and _items_rewritten(items.value.id, scope.func):
            return None  # (`for p in points: p["time"] = p["time"].isoformat()`)
        for element in _list_elements(items.value, scope):
            for k, v in zip(element.keys, element.values):
                if isinstance(k, ast.Constant) and k.value == key.value:
                    hit = self.value(v, scope, depth + 1)
                    if hit is not None:
                        return hit
        return None

    def item(self, call: ast.Call, index: int, scope: Scope, depth: int) -> Refusal | None:
        """The `index`-th item of the tuples a project def returns (`return shares, total -
        sum(...)`, or what another call it returns gives), its parameters bound to what the
        call gives."""
        if depth > _MAX_DEPTH:
            return None
        for obj in resolve(call.func, scope).items:
            if not isinstance(obj, Function) or not isinstance(
                obj.node, (ast.FunctionDef, ast.AsyncFunctionDef)
            ):
                continue
            if not isinstance(obj, Undecorated) and wrapped(obj.node, obj.scope):
                continue
            inner = Code(obj, bind_call(call, scope, obj, depth)).scope
            shadowed, self.shadowed = self.shadowed, frozenset()
            try:
                for ret in returns_of(obj.node):
                    value = ret.value
                    if isinstance(value, ast.Tuple) and index < len(value.elts):
                        hit = self.value(value.elts[index], inner, depth + 1)
                        if hit is not None:
                            return hit
                    elif isinstance(value, ast.Call):
                        # (`return self.get_json(url)`: the item of what that one returns)
                        hit = self.item(value, index, inner, depth + 1)
                        if hit is not None:
                            return hit
            finally:
                self.shadowed = shadowed
        return None

    def possible(self, possible: object, depth: int) -> Refusal | None:
        for obj in getattr(possible, "items", ()):
            if isinstance(obj, Literal):
                hit = self.value(obj.expr, obj.scope, depth + 1)
                if hit is not None:
                    return hit
        return None

    def call(self, call: ast.Call, scope: Scope, depth: int) -> Refusal | None:
        # (a project def's returns are followed below, to where the value is made)
        made = (
            self.kept(call, scope, depth, defs=False)
            or _record_field(call, scope, self.popped | self.rewritten)
            or self.comp_record(call, scope)
        )
        if made is not None:
            return Refusal(made, call, scope)
        func = call.func
        if isinstance(func, ast.Name) and func.id in ("list", "tuple", "sorted") and call.args:
            # (a list of what it iterates: a comprehension's elements are what count)
            return self.elements(call, scope, depth)
        factory = _defaultdict_factory(call, scope)
        if factory is not None:
            # (`totals = defaultdict(Decimal)` ... `totals[k] += amount`: each value starts as
            # what the factory makes, and `+=` of Decimals keeps it one)
            return self.value(factory, scope, depth + 1)
        if (
            isinstance(func, ast.Name)
            and func.id == "dict"
            and len(call.args) == 1
            and not call.keywords
            and "dict" not in self.shadowed
        ):
            # (`dict(sorted(bal.items(), key=...))`, `dict(bal)`: the same values again)
            source = _mapping_of(call.args[0])[0]
            if (
                isinstance(source, ast.Subscript)
                and not isinstance(source.slice, ast.Slice)
                and isinstance(source.value, ast.Name)
                and _bound_to_defaultdict(source.value, scope)
            ):
                # (`dict(by_currency[key])` of a `defaultdict(lambda: defaultdict(Decimal))`:
                # every value is what the factory made)
                source = source.value
            if isinstance(source, (ast.Name, ast.Call, ast.Dict, ast.DictComp, ast.Attribute)):
                return self.value(source, scope, depth + 1)
            return None
        if isinstance(func, ast.Name) and func.id == "dict" and not call.args:
            for kw in call.keywords:
                hit = self.value(kw.value, scope, depth + 1)
                if hit is not None:
                    return hit
            return None
        for obj in resolve(func, scope).items or self.comp_methods(func):
            if isinstance(obj, Instance):
                obj = called_method(obj)  # type: ignore[assignment]
            if isinstance(obj, Function) and not isinstance(obj.node, ast.Lambda):
                if not isinstance(obj, Undecorated) and wrapped(obj.node, obj.scope):
                    continue  # (what the decorator's wrapper returns is another value)
                if is_dispatcher(obj.node, obj.scope):
                    continue  # (`@singledispatch`: what runs depends on the value's type)
                shadowed, self.shadowed = self.shadowed, frozenset()
                try:
                    hit = self.returned(obj, [(call, scope, obj)], depth)
                finally:
                    self.shadowed = shadowed
                if hit is not None:
                    return hit
            elif isinstance(obj, Partial) and not isinstance(obj.func.node, ast.Lambda):
                # (`fn(args)` of `fn = partial(_dispatch, name)`: the partial's own arguments,
                # read where it was made, then the call's)
                filled = Prefilled(
                    obj.func,
                    len(obj.args),
                    frozenset(kw.arg for kw in obj.keywords if kw.arg is not None),
                )
                own = ast.Call(func=call.func, args=list(obj.args), keywords=obj.keywords)
                shadowed, self.shadowed = self.shadowed, frozenset()
                try:
                    hit = self.returned(
                        filled, [(own, obj.scope, obj.func), (call, scope, filled)], depth
                    )
                finally:
                    self.shadowed = shadowed
                if hit is not None:
                    return hit
        return None

    def returned(
        self, obj: Function, calls: list[tuple[ast.Call, Scope, Function]], depth: int
    ) -> Refusal | None:
        """What a project def returns, its parameters bound to what the calls give (a
        partial's, then its caller's; and the defaults they leave), so a branch on a flag the
        call leaves False is not taken."""
        node = obj.node
        if isinstance(node, ast.Lambda):
            return None
        env: dict[str, Possible] = {}
        given: dict[str, tuple[ast.expr, Scope, bool]] = {}
        for call, scope, func in calls:
            env.update(bind_call(call, scope, func, depth))
            # (`[slim(r) for r in rows]` of `def slim(r): return r`: one of the rows, handed
            # back; `_as_number(score[name])`: the item, as the caller reads it)
            for param, expr in _given(call, func).items():
                given[param] = (
                    expr,
                    scope,
                    isinstance(expr, ast.Name)
                    and any(s is scope and _comp_binds(c, expr.id) for c, s in self.comps),
                )
        env = constant_defaults(env, calls[-1][0], node)
        inner = Code(obj, env).scope
        self.given[id(inner)] = (inner, given)
        for ret in returns_of(node):
            if ret.value is not None:
                hit = self.value(ret.value, inner, depth + 1)
                if hit is not None:
                    return hit
        return None

    def kept(self, expr: ast.expr, scope: Scope, depth: int, defs: bool = True) -> str | None:
        """The refused type a call, an attribute or `/` makes, by what it is (`defs`: also a
        call of a project def, by what it returns)."""
        if isinstance(expr, (ast.Set, ast.SetComp)):
            return "set"
        if isinstance(expr, ast.BinOp) and isinstance(expr.op, _SET_OPS):
            # (`wanted - best.keys()`: a set less, with or and another is a set)
            left = self.made(expr.left, scope, depth)
            if left in ("set", "frozenset"):
                return left
        if isinstance(expr, ast.BinOp) and isinstance(expr.op, ast.Div):
            left = self.made(expr.left, scope, depth)
            if left in ("Path", "Decimal"):
                return left
            right = self.made(expr.right, scope, depth)
            if right == "Decimal":
                return "Decimal"
            return _fraction_kept(expr, left, right)
        if isinstance(expr, ast.BinOp) and isinstance(expr.op, _ARITHMETIC):
            left, right = self.made(expr.left, scope, depth), self.made(expr.right, scope, depth)
            if "Decimal" in (left, right):
                return "Decimal"
            if left is None and right == "timedelta" and isinstance(expr.left, ast.Name):
                # (`as_of + timedelta(days=28)` where one branch made `as_of` a date: on that
                # path the sum is one, and on any other it is no number either)
                left = self._maybe_moment(expr.left, scope, depth)
            return _fraction_kept(expr, left, right) or _temporal(expr.op, left, right)
        if isinstance(expr, ast.Attribute):
            base = self.made(expr.value, scope, depth)
            if base in _KEEPS_TYPE:
                return base if expr.attr in _KEEPS_TYPE[base] else None
            if isinstance(expr.value, ast.Name) and expr.value.id in self.shadowed:
                return self.comp_field(expr.value.id, expr.attr)
            return _field_type(expr, scope)
        if isinstance(expr, ast.Subscript) and not isinstance(expr.slice, ast.Slice):
            return _value_type(expr.value, scope)  # (`score[name]` of a `defaultdict(Fraction)`)
        if not isinstance(expr, ast.Call):
            return None
        func = expr.func
        if isinstance(func, ast.Name) and func.id == "sum" and len(expr.args) == 2:
            start = self.made(expr.args[1], scope, depth)
            if start in ("Decimal", "Fraction"):
                return start  # (`sum(amounts, Decimal(0))`)
        if (
            isinstance(func, ast.Name)
            and func.id == "sum"
            and [kw.arg for kw in expr.keywords] == ["start"]
            and len(expr.args) == 1
        ):
            start = self.made(expr.keywords[0].value, scope, depth)
            if start in ("Decimal", "Fraction"):
                return start  # (`sum(amounts, start=Decimal(0))`)
        if (
            isinstance(func, ast.Name)
            and func.id == "sum"
            and len(expr.args) == 1
            and isinstance(expr.args[0], (ast.GeneratorExp, ast.ListComp))
            and _element_type(expr.args[0], scope) == "Decimal"
        ):
            return "Decimal"  # (`sum(e.amount for e in entries)`, once there is one)
        if (
            isinstance(func, ast.Name)
            and func.id == "round"
            and len(expr.args) == 2
            and self.made(expr.args[0], scope, depth) in ("Decimal", "Fraction")
        ):
            # (`round(total, 2)` of a Decimal: a Decimal; with no digits, an int)
            return self.made(expr.args[0], scope, depth)
        if (
            isinstance(func, ast.Name)
            and func.id in ("max", "min")
            and len(expr.args) == 1
            and isinstance(expr.args[0], (ast.GeneratorExp, ast.ListComp))
            and len(expr.args[0].generators) == 1
        ):
            # (`max((date.fromisoformat(r["on"]) for r in rows), default=None)`: one of them;
            # `min(i.expires_on for i in items)`: a field the rows' class declares a date)
            if isinstance(expr.args[0].elt, ast.Call):
                return self.made(expr.args[0].elt, scope, depth)
            return _element_type(expr.args[0], scope)
        if isinstance(func, ast.Attribute):
            base = self.made(func.value, scope, depth)
            if base is not None and func.attr in _KEEPS_TYPE.get(base, ()):
                return base
            if base == "datetime" and func.attr in ("date", "time") and not expr.args:
                return func.attr  # (`ts.date()`: the day of a moment)
            if func.attr == "read_bytes" and self.made(func.value, scope, depth) == "Path":
                return "bytes"
            if (
                base is None
                and func.attr == "quantize"
                and len(expr.args) in (1, 2)
                and not any(isinstance(o, Instance) for o in resolve(func.value, scope).items)
            ):
                # (`g["value"].quantize(CENTS)`: of the standard library's types only a
                # Decimal has it)
                return "Decimal"
        if len(expr.args) == 3 and _set_fold(expr, scope):
            # (`reduce(or_, (frozenset({r}) for r in ...), frozenset())`: what it starts from)
            return self.made(expr.args[2], scope, depth)
        for obj in resolve(func, scope).items:
            if isinstance(obj, External):
                made = _MADE_BY.get(obj.dotted)
                if made is not None:
                    return made
            elif isinstance(obj, Class):
                if _plain_class(obj.ref.node):
                    return obj.ref.node.name
            elif isinstance(obj, Builtin) and obj.name in _BUILTINS:
                return _BUILTINS[obj.name]
            elif isinstance(obj, Function) and defs and not is_dispatcher(obj.node, obj.scope):
                made = self.returned_type(expr, obj, scope, depth + 1)
                if made is not None:
                    return made
            elif isinstance(obj, Instance) and defs:
                # (`money(x)` of `money = Money()`: what its `__call__` returns)
                called = called_method(obj)
                made = self.returned_type(expr, called, scope, depth + 1) if called else None
                if made is not None:
                    return made
        return None

    def _maybe_moment(self, expr: ast.Name, scope: Scope, depth: int) -> str | None:
        """The one date or time type some plain binding of the local makes (the others not
        known)."""
        found = scope.lookup(expr.id)
        if found is None:
            return None
        where, bindings = found
        if bindings is None:
            return None
        kinds = {
            self.made(b.value, where, depth + 1)
            for b in bindings
            if b.kind in ("assign", "annotated") and b.path == () and b.value is not None
        } - {None}
        return kinds.pop() if len(kinds) == 1 and kinds <= set(_MOMENTS) else None

    def made(self, expr: ast.expr, scope: Scope, depth: int) -> str | None:
        """The refused type `expr` is known to hold (a name followed to its one value)."""
        if depth > _MADE_DEPTH:
            return None
        if isinstance(expr, ast.Name) and expr.id in self.shadowed:
            return self.target_type(expr.id)
        if isinstance(expr, ast.Name):
            found = scope.lookup(expr.id)
            if found is None:
                return None
            where, bindings = found
            if bindings is None:
                # (a parameter a call binds: what the def says it is given, or what the call
                # gives it)
                func = where.func
                if func is None or isinstance(func, ast.Lambda):
                    return None
                for arg in (*func.args.posonlyargs, *func.args.args, *func.args.kwonlyargs):
                    if arg.arg == expr.id and arg.annotation is not None:
                        return _annotated_type(arg.annotation, where)
                entry = self.given.get(id(where))
                handed = entry[1].get(expr.id) if entry is not None and entry[0] is where else None
                if handed is not None and not handed[2]:
                    # (`now.replace(...)` of `_next(hours, datetime.now())`: read at the call)
                    return self.made(handed[0], handed[1], depth + 1)
                given = where.env.get(expr.id) if where.env else None
                items = getattr(given, "items", ())
                if items and getattr(given, "complete", False):
                    kinds = {
                        self.made(o.expr, o.scope, depth + 1) if isinstance(o, Literal) else None
                        for o in items
                    }
                    return kinds.pop() if len(kinds) == 1 else None
                return None
            if (
                len(bindings) == 1
                and bindings[0].kind == "param"
                and isinstance(bindings[0].node, ast.arg)
                and bindings[0].node.annotation is not None
            ):
                # (`def allocate(total: Decimal, ...)`: what the def says it is given)
                return _annotated_type(bindings[0].node.annotation, where)
            values = [
                b.value
                for b in bindings
                if b.kind in ("assign", "annotated") and b.path == () and b.value is not None
            ]
            if not values or len(values) != len(bindings):
                return None
            # (`kwh = _dec(raw)` on one branch, `kwh = sum(..., Decimal(0))` on the other)
            kinds = {self.made(v, where, depth + 1) for v in values}
            return kinds.pop() if len(kinds) == 1 else None
        return self.kept(expr, scope, depth + 1)

    def returned_type(self, call: ast.Call, obj: Function, scope: Scope, depth: int) -> str | None:
        """The refused type every value a project def returns is made as (its parameters
        bound to what the call gives), or None."""
        node = obj.node
        if (
            isinstance(node, ast.Lambda)
            or (not isinstance(obj, Undecorated) and wrapped(node, obj.scope))
            or depth > _MADE_DEPTH
        ):
            return None
        values = [r.value for r in returns_of(node) if r.value is not None]
        if not values:
            return None
        inner = Code(obj, bind_call(call, scope, obj, depth)).scope
        # (`def night_of(t): return (t + timedelta(hours=12)).date()`: `t` as the call gives it)
        self.given[id(inner)] = (
            inner,
            {param: (expr, scope, False) for param, expr in _given(call, obj).items()},
        )
        kinds = {self.made(v, inner, depth + 1) for v in values}
        return kinds.pop() if len(kinds) == 1 else None


# Loaders whose answer turns unquoted dates into `datetime.date` / `datetime.datetime`.
_LOADERS = frozenset(
    {
        "yaml.safe_load",
        "yaml.load",
        "yaml.full_load",
        "yaml.unsafe_load",
        "tomllib.load",
        "tomllib.loads",
        "toml.load",
        "toml.loads",
    }
)
_LOADED_DEPTH = 16  # (each name, call and operator is a step)
_DATE_WORDS = re.compile(
    r"date|time|day|expir|created|updated|modified|deadline|due|since|until|birth|released|"
    r"(^|_)(at|on)$",
    re.IGNORECASE,
)


_MOMENTS = frozenset({"datetime", "date"})


def _tuple_key(expr: ast.expr) -> ast.expr | None:
    """A tuple written as a key: `{(a, b): n}`, `{(a, b): n for ...}`, `dict(((a, b), n) for
    ...)` (json.dumps takes only str, int, float, bool or None keys; `default=` is not asked)."""
    if isinstance(expr, ast.Dict):
        return next((k for k in expr.keys if isinstance(k, ast.Tuple)), None)
    if isinstance(expr, ast.DictComp):
        return expr.key if isinstance(expr.key, ast.Tuple) else None
    if (
        isinstance(expr, ast.Call)
        and isinstance(expr.func, ast.Name)
        and expr.func.id == "dict"
        and len(expr.args) == 1
        and isinstance(expr.args[0], (ast.GeneratorExp, ast.ListComp))
    ):
        pair = expr.args[0].elt
        if (
            isinstance(pair, ast.Tuple)
            and len(pair.elts) == 2
            and isinstance(pair.elts[0], ast.Tuple)
        ):
            return pair.elts[0]
    return None


def _defaultdict_factory(call: ast.Call, scope: Scope) -> ast.expr | None:
    """What `defaultdict(F)` makes for a new key, as an expression (`F()`, or a lambda's
    body), when the call is the collections one."""
    if len(call.args) < 1 or call.keywords:
        return None
    found = resolve(call.func, scope).single()
    if not (isinstance(found, External) and found.dotted == "collections.defaultdict"):
        return None
    maker = call.args[0]
    if isinstance(maker, ast.Lambda):
        return None if maker.args.args else maker.body
    if isinstance(maker, (ast.Name, ast.Attribute)):
        made = ast.Call(func=maker, args=[], keywords=[])
        return ast.copy_location(made, call)
    return None


def _bound_to_defaultdict(name: ast.Name, scope: Scope) -> bool:
    found = scope.lookup(name.id)
    if found is None or found[1] is None:
        return False
    made = [b for b in found[0].live(name.id, found[1]) if b.kind != "mutated"]
    return bool(made) and all(
        b.kind in ("assign", "annotated")
        and isinstance(b.value, ast.Call)
        and _defaultdict_factory(b.value, found[0]) is not None
        for b in made
    )


def _fraction_kept(expr: ast.BinOp, left: str | None, right: str | None) -> str | None:
    """A Fraction with a number that is no float (`mean + modifier`, `mean * mean`) is one."""
    if "Fraction" not in (left, right):
        return None
    other = expr.right if left == "Fraction" else expr.left
    if (isinstance(other, ast.Constant) and isinstance(other.value, float)) or (
        isinstance(other, ast.Call) and is_name(other.func, "float")
    ):
        return None
    return "Fraction"


def _temporal(op: ast.operator, left: str | None, right: str | None) -> str | None:
    """What date arithmetic makes, when both sides are known: a moment plus or minus a
    timedelta is a moment, two moments' difference a timedelta, a timedelta times a number a
    timedelta (the number is not refused, so only the timedelta side is known)."""
    if isinstance(op, ast.Add):
        if left in _MOMENTS and right == "timedelta":
            return left
        if left == "timedelta" and right in (*_MOMENTS, "timedelta"):
            return right
    if isinstance(op, ast.Sub):
        if left in _MOMENTS and right == "timedelta":
            return left
        if left in _MOMENTS and right == left or left == right == "timedelta":
            return "timedelta"
    if isinstance(op, ast.Mult) and "timedelta" in (left, right):
        other = right if left == "timedelta" else left
        return "timedelta" if other is None else None
    return None


def _field_of(expr: ast.expr) -> ast.expr | None:
    """The record `x["k"]` / `x.get("k", ...)` reads a field of, or None."""
    if isinstance(expr, ast.Subscript) and isinstance(expr.slice, ast.Constant):
        return expr.value
    if (
        isinstance(expr, ast.Call)
        and isinstance(expr.func, ast.Attribute)
        and expr.func.attr == "get"
        and expr.args
        and isinstance(expr.args[0], ast.Constant)
    ):
        return expr.func.value
    return None


def _field_read(expr: ast.expr) -> str | None:
    """ "k" for `x["k"]` / `x.get("k", ...)` (`or {}` after it too): one field of a record, by
    its name."""
    if isinstance(expr, ast.BoolOp) and isinstance(expr.op, ast.Or):
        return _field_read(expr.values[0])
    if isinstance(expr, ast.Subscript) and isinstance(expr.slice, ast.Constant):
        key = expr.slice.value
        return key if isinstance(key, str) else ""
    if (
        isinstance(expr, ast.Call)
        and isinstance(expr.func, ast.Attribute)
        and expr.func.attr == "get"
        and expr.args
        and isinstance(expr.args[0], ast.Constant)
    ):
        key = expr.args[0].value
        return key if isinstance(key, str) else ""
    return None


class _Loaded:
    """Whether a value is (a part of) what a YAML or TOML loader answered, followed through
    names, loops, `dict(x)` / `x.get(...)` / `x[k]`, comprehensions and project defs."""

    def __init__(self, budget: int = 0) -> None:
        self.seen: set[tuple[int, int]] = set()
        self.budget = budget or _SEARCH_BUDGET
        self.made = "date"
        self.how = "YAML and TOML read an unquoted 2024-05-01 as one"

    def holds(self, expr: ast.expr, scope: Scope, depth: int) -> bool:
        if depth > _LOADED_DEPTH:
            return False
        self.budget -= 1
        if self.budget < 0:
            return False  # (helpers that call each other: each call a new scope to search)
        key = (id(expr), id(scope))
        if key in self.seen:
            return False
        self.seen.add(key)
        kind = type(expr)
        if kind is ast.BoolOp:
            return any(self.holds(v, scope, depth + 1) for v in expr.values)  # type: ignore[attr-defined]
        if isinstance(expr, ast.IfExp):
            return self.holds(expr.body, scope, depth + 1) or self.holds(
                expr.orelse, scope, depth + 1
            )
        if kind is ast.Subscript:
            return self.holds(expr.value, scope, depth + 1)  # type: ignore[attr-defined]
        if kind is ast.Await:
            return self.holds(expr.value, scope, depth + 1)  # type: ignore[attr-defined]
        if kind in (ast.ListComp, ast.GeneratorExp):
            elt = expr.elt  # type: ignore[attr-defined]
            for gen in expr.generators:  # type: ignore[attr-defined]
                if isinstance(elt, ast.Name) and is_name(gen.target, elt.id):
                    return self.holds(gen.iter, scope, depth + 1)
            return False
        if kind is ast.Name:
            return self.name(expr, scope, depth)  # type: ignore[arg-type]
        if kind is ast.Call:
            return self.call(expr, scope, depth)  # type: ignore[arg-type]
        return False

    def name(self, expr: ast.Name, scope: Scope, depth: int) -> bool:
        found = scope.lookup(expr.id)
        if found is None:
            return False
        where, bindings = found
        if bindings is None:
            return False
        for binding in _reaching(where, bindings, expr.lineno):
            if binding.path != () or binding.value is None:
                continue
            if binding.kind in ("assign", "annotated", "named", "loop") and self.holds(
                binding.value, where, depth + 1
            ):
                return True
        return False

    def call(self, call: ast.Call, scope: Scope, depth: int) -> bool:
        func = call.func
        if isinstance(func, ast.Name) and func.id in ("dict", "list", "sorted", "tuple"):
            if func.id != "dict" and call.args and _a_mapping(call.args[0], scope):
                return False  # (`sorted(record)`: a mapping's keys, the names of its fields)
            return bool(call.args) and self.holds(call.args[0], scope, depth + 1)
        if isinstance(func, ast.Attribute) and func.attr in ("get", "copy", "values", *_FETCHES):
            return self.holds(func.value, scope, depth + 1)
        if isinstance(func, ast.Attribute) and func.attr == "execute" and call.args:
            return self.selected(call.args[0], scope)
        if not isinstance(func, (ast.Name, ast.Attribute)):
            return False
        for obj in resolve(func, scope).items:
            if isinstance(obj, External) and obj.dotted in _LOADERS:
                return True
            if (
                isinstance(obj, Function)
                and isinstance(obj.node, (ast.FunctionDef, ast.AsyncFunctionDef))
                and not wrapped(obj.node, obj.scope)
            ):
                inner = Code(obj).scope
                if any(
                    ret.value is not None and self.holds(ret.value, inner, depth + 1)
                    for ret in returns_of(obj.node)
                ):
                    return True
        return False

    def selected(self, sql: ast.expr, scope: Scope) -> bool:
        """The query reads a DATE or TIMESTAMP column of a table the folder declares, and
        the folder connects with PARSE_DECLTYPES: sqlite3 hands back a date or datetime."""
        converted = converted_columns(scope.module)
        if not converted:
            return False
        texts: list[object] = (
            [sql.value]
            if isinstance(sql, ast.Constant)
            else [obj.value for obj in resolve(sql, scope).items if isinstance(obj, Const)]
        )
        if not texts and isinstance(sql, ast.Name):
            # (`sql = "SELECT ... FROM loans WHERE ..."` then `sql += " ORDER BY ..."`: the
            # statement's start names what it reads)
            found = scope.lookup(sql.id)
            bindings = found[1] if found is not None else None
            texts = [
                b.value.value
                for b in bindings or []
                if b.kind == "assign"
                and isinstance(b.value, ast.Constant)
                and isinstance(b.value.value, str)
            ]
        for text in texts:
            made = selected_conversion(text, converted) if isinstance(text, str) else None
            if made is not None:
                self.made = made
                self.how = f"sqlite3 reads a {made.upper()} column as one with PARSE_DECLTYPES"
                return True
        return False


_FETCHES = ("fetchone", "fetchall", "fetchmany")


def _items_rewritten(name: str, func: ast.AST) -> bool:
    """The def rewrites the items of the list `name` one by one, each field from itself (`for l
    in lines: l["unit_price"] = str(l["unit_price"])`) or taking one out (`t.pop("_start")`):
    what they held is not known to be there."""
    body = func.body if isinstance(func, (ast.FunctionDef, ast.AsyncFunctionDef)) else []
    always = {id(loop) for loop in _unconditional(body)}
    for sub in walk_function(func):  # type: ignore[arg-type]
        if not (
            isinstance(sub, (ast.For, ast.AsyncFor))
            and is_name(sub.iter, name)
            and isinstance(sub.target, ast.Name)
        ):
            continue
        item = sub.target.id
        if id(sub) in always and any(
            isinstance(top, (ast.Expr, ast.Assign, ast.AugAssign, ast.Delete))
            and _takes_out(top, item)
            for top in sub.body
        ):
            return True  # (`t.pop("_start")`: a field taken out of each item)
        for stmt in ast.walk(ast.Module(sub.body, [])):
            if not isinstance(stmt, ast.Assign):
                continue
            pairs = [(t, stmt.value) for t in stmt.targets]
            for target, value in list(pairs):
                if (
                    isinstance(target, ast.Tuple)
                    and isinstance(value, ast.Tuple)
                    and len(target.elts) == len(value.elts)
                ):
                    pairs.extend(zip(target.elts, value.elts))  # (`l["a"], l["b"] = ...`)
            for target, value in pairs:
                # (the value read back, converted, in its own place)
                if (
                    isinstance(target, ast.Subscript)
                    and is_name(target.value, item)
                    and any(
                        isinstance(n, ast.Subscript)
                        and is_name(n.value, item)
                        and ast.dump(n.slice) == ast.dump(target.slice)
                        for n in ast.walk(value)
                    )
                ):
                    return True
    return False


def _entries_rewritten(cls: ast.ClassDef, attr: str) -> bool:
    """A method of the class rewrites a part of an entry of `self.attr` (`self.terms[t]["used"]
    = sorted(...)`, or through a loop over it: `for info in self.terms.values(): info["used"]
    = ...`): what an entry was made with may be gone by the time it is dumped."""
    for method in cls.body:
        if not isinstance(method, (ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        items: set[str] = set()
        for node in ast.walk(method):
            if isinstance(node, (ast.For, ast.AsyncFor, ast.comprehension)) and any(
                isinstance(n, ast.Attribute) and n.attr == attr for n in ast.walk(node.iter)
            ):
                items.update(n.id for n in ast.walk(node.target) if isinstance(n, ast.Name))
        for node in ast.walk(method):
            targets = (
                node.targets
                if isinstance(node, ast.Assign)
                else [node.target]
                if isinstance(node, (ast.AugAssign, ast.AnnAssign))
                else []
            )
            for target in targets:
                if not isinstance(target, ast.Subscript):
                    continue
                root = target.value
                if isinstance(root, ast.Name) and root.id in items:
                    return True
                if isinstance(root, ast.Subscript) and any(
                    isinstance(n, ast.Attribute) and n.attr == attr for n in ast.walk(root)
                ):
                    return True
    return False


def _takes_out(stmt: ast.stmt, item: str) -> bool:
    """The statement takes a field out of `item`: `item.pop(k)`, `del item[k]`."""
    if isinstance(stmt, ast.Delete):
        return any(isinstance(t, ast.Subscript) and is_name(t.value, item) for t in stmt.targets)
    return any(
        isinstance(n, ast.Call)
        and isinstance(n.func, ast.Attribute)
        and n.func.attr == "pop"
        and is_name(n.func.value, item)
        and bool(n.args)
        for n in ast.walk(stmt)
    )


def _unconditional(body: list[ast.stmt]) -> list[ast.stmt]:
    """The statements of a def's body that run whenever it runs to its end (through `with`
    and `try` bodies, not under an `if` or a loop)."""
    found: list[ast.stmt] = []
    for stmt in body:
        found.append(stmt)
        if isinstance(stmt, (ast.With, ast.AsyncWith, ast.Try)):
            found.extend(_unconditional(stmt.body))
    return found


_MAPPING_METHODS = frozenset({"get", "items", "keys", "update", "setdefault"})


def _a_mapping(expr: ast.expr, scope: Scope) -> bool:
    """A name the code treats as a dict: bound to a dict display (`existing = {}`) or given
    `.update(...)` / `.setdefault(...)` / `.items()`; an item of a loaded document the def
    calls such a method of (`cfg["campaigns"].get(name)`)."""
    if isinstance(expr, (ast.Subscript, ast.Attribute)) and scope.func is not None:
        text = ast.dump(expr)
        return any(
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in _MAPPING_METHODS
            and type(node.func.value) is type(expr)
            and ast.dump(node.func.value) == text
            for node in walk_function(scope.func)
        )
    if not isinstance(expr, ast.Name):
        return False
    found = scope.lookup(expr.id)
    if found is None or found[1] is None:
        return False
    for binding in found[1]:
        if binding.kind == "assign" and isinstance(binding.value, (ast.Dict, ast.DictComp)):
            return True
        if binding.kind == "mutated" and binding.detail in ("update", "setdefault"):
            return True
    return False


def _comp_binds(comp: ast.expr, name: str) -> bool:
    return any(
        isinstance(n, ast.Name) and n.id == name
        for gen in comp.generators  # type: ignore[attr-defined]
        for n in ast.walk(gen.target)
    )


_LISTS = (ast.List, ast.ListComp, ast.GeneratorExp, ast.Tuple)
_LIST_CALLS = frozenset({"list", "sorted", "tuple", "reversed"})
_LIST_ADDS = frozenset({"append", "extend", "insert", "sort", "reverse", "pop", "remove", "clear"})


def _list_elements(name: ast.Name, scope: Scope) -> list[ast.Dict]:
    """The dict displays a list name's bindings put in it (`[{...}]`, `.append({...})`)."""
    found = scope.lookup(name.id)
    out: list[ast.Dict] = []
    for binding in (found[1] or []) if found is not None else []:
        value = binding.value
        if binding.kind == "mutated" and isinstance(binding.node, ast.Expr):
            called = binding.node.value
            if isinstance(called, ast.Call) and called.args:
                value = called.args[-1]  # (`.append(x)`, `.insert(i, x)`)
                if isinstance(called.func, ast.Attribute) and called.func.attr == "extend":
                    value = value if isinstance(value, (ast.List, ast.Tuple)) else None
                else:
                    out.extend([value] if isinstance(value, ast.Dict) else [])
                    continue
        if isinstance(value, (ast.List, ast.Tuple)):
            out.extend(e for e in value.elts if isinstance(e, ast.Dict))
        elif isinstance(value, ast.ListComp) and isinstance(value.elt, ast.Dict):
            out.append(value.elt)
    return out


def _list_bound(name: ast.Name, scope: Scope) -> bool:
    """Every binding of the name makes a list (a display, a comprehension, `sorted(...)`) or
    changes one (`.append`, `+=`), so iterating it gives its elements."""
    found = scope.lookup(name.id)
    if found is None or not found[1]:
        return False
    for binding in found[1]:
        value = binding.value
        if binding.kind == "mutated":
            stmt = binding.node
            called = stmt.value if isinstance(stmt, ast.Expr) else None
            if not (
                isinstance(called, ast.Call)
                and isinstance(called.func, ast.Attribute)
                and is_name(called.func.value, name.id)
                and called.func.attr in _LIST_ADDS
            ):
                return False
        elif binding.kind == "augmented":
            if not isinstance(value, _LISTS):
                return False
        elif (
            binding.kind not in ("assign", "annotated")
            or binding.path != ()
            or not (
                isinstance(value, _LISTS)
                or (
                    isinstance(value, ast.Call)
                    and isinstance(value.func, ast.Name)
                    and value.func.id in _LIST_CALLS
                )
            )
        ):
            return False
    return True


def _reaching(where: Scope, bindings: list[Binding], line: int) -> list[Binding]:
    """The bindings of a def that may reach a use on `line`: those before it, less those a
    later assignment in the same block replaces first."""
    if where.func is None:
        return where.live(bindings[0].name, bindings) if bindings else []
    before = [b for b in bindings if b.line < line and b.kind != "deleted"]
    kept: list[Binding] = []
    for i, binding in enumerate(before):
        # (replaced by a later assignment in the same block, or in a block around it: `lines
        # = load()` in a `try` whose `except` returns, then `lines, tot = convert(lines)`)
        if binding.kind == "mutated" or not any(
            later.kind in ("assign", "annotated")
            and binding.blocks[: len(later.blocks)] == later.blocks
            for later in before[i + 1 :]
        ):
            kept.append(binding)
    return kept


def _ruled_out(binding: Binding, where: Scope) -> bool:
    """A binding under an `if` whose test the call's arguments decide the other way."""
    for block in binding.blocks:
        node = block.node
        if isinstance(node, ast.If) and block.part in ("body", "orelse"):
            verdict = decide(node.test, where)
            if verdict is not None and verdict != (block.part == "body"):
                return True
    return False


def _field_type(expr: ast.Attribute, scope: Scope) -> str | None:
    """`entry.amount` of a project class whose body declares `amount: Decimal` (a dataclass's
    field, an annotated attribute): the refused type it holds, when every object `entry` may be
    is such an instance."""
    found = resolve(expr.value, scope)
    if not found.items or not all(isinstance(o, Instance) for o in found.items):
        return None
    names = {_declared(o.cls, expr.attr) for o in found.items}  # type: ignore[attr-defined]
    return names.pop() if len(names) == 1 else None


_JSON_TYPES = frozenset({"str", "int", "float", "bool"})


def _narrowed_to_json(expr: ast.Name, scope: Scope) -> bool:
    """`expr` stands in the block of an `if isinstance(name, str)` (or the `else` of an
    `if not isinstance(...)`) of its own def, for types JSON takes (text, numbers)."""
    func = scope.func
    if func is None or isinstance(func, ast.Lambda):
        return False
    line = expr.lineno
    blocks: tuple[Block, ...] = ()
    for stmt, around in def_statements(func):
        if stmt.lineno <= line <= (stmt.end_lineno or stmt.lineno):
            blocks = around  # (the innermost statement holding it comes last)
    for block in blocks:
        branch = block.node
        if not isinstance(branch, ast.If) or block.part not in ("body", "orelse"):
            continue
        tested = _isinstance_test(branch.test, expr.id)
        if tested is None or (block.part == "body") == tested[1]:
            continue  # (not the branch where the test holds)
        kinds = tested[0]
        if kinds and all(isinstance(k, ast.Name) and k.id in _JSON_TYPES for k in kinds):
            return True
    return False


def _isinstance_test(test: ast.expr, name: str) -> tuple[list[ast.expr], bool] | None:
    """For `isinstance(name, K)` (`K` a class or a tuple of them), or `not` of one: the classes
    and whether the test is negated; None for any other test."""
    negated = False
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        test, negated = test.operand, True
    if not (
        isinstance(test, ast.Call)
        and is_name(test.func, "isinstance")
        and len(test.args) == 2
        and is_name(test.args[0], name)
    ):
        return None
    kinds = test.args[1].elts if isinstance(test.args[1], ast.Tuple) else [test.args[1]]
    return kinds, negated


def _tested_away(choice: ast.IfExp, part: ast.expr, type_name: str) -> bool:
    """`str(v) if isinstance(v, Decimal) else v`: the branch that is `v` where the test says
    it is no `type_name`."""
    type_name = type_name.removeprefix(ENUM)
    tested = _isinstance_test(choice.test, part.id) if isinstance(part, ast.Name) else None
    if tested is None:
        # (`asdict(res) if is_dataclass(res) else res`: no record of the project's there)
        test = choice.test
        return (
            part is choice.orelse
            and isinstance(part, ast.Name)
            and isinstance(test, ast.Call)
            and last_name(test.func) == "is_dataclass"
            and len(test.args) == 1
            and is_name(test.args[0], part.id)
            and type_name not in _KNOWN_NAMES
        )
    kinds, negated = tested
    if (part is choice.orelse) == negated:
        return False  # (the branch where the test holds)
    return any(last_name(k) == type_name for k in kinds)


def _record_field(
    call: ast.Call, scope: Scope, skipped: frozenset[str] = frozenset()
) -> str | None:
    """`dataclasses.asdict(rec)` (`astuple`) of a project record whose class declares a field
    of a refused type (`last_report: Optional[datetime]`) that the record may hold: the call
    that made it gives the field a value that is not None, or (made elsewhere) the field has
    no default None, or the module sets the field by name (`last_report=_ts(...)`)."""
    record = _record_of(call, scope)
    if record is None:
        return None
    found = resolve(record, scope).items or _loop_items(record, scope)
    if not found or not all(isinstance(o, Instance) for o in found):
        return None
    kinds = {_held_field(o, skipped) for o in found}  # type: ignore[arg-type]
    kind = kinds.pop() if len(kinds) == 1 else None
    return kind


def _mapping_of(expr: ast.expr) -> tuple[ast.expr, bool]:
    """The dict a loop or `dict(...)` reads, and whether through `.items()`: `sorted(bal.items(),
    key=...)` is `(bal, True)`, `list(bal)` is `(bal, False)`."""
    while (
        isinstance(expr, ast.Call)
        and isinstance(expr.func, ast.Name)
        and expr.func.id in ("sorted", "list", "reversed")
        and expr.args
    ):
        expr = expr.args[0]
    if (
        isinstance(expr, ast.Call)
        and isinstance(expr.func, ast.Attribute)
        and expr.func.attr == "items"
        and not expr.args
    ):
        return expr.func.value, True
    return expr, False


def _rewritten_keys(binding: Binding) -> tuple[str, ...]:
    """The keys a `d[key] = ...` that always runs gives the dict again: its constant key, or
    each of the constant keys a loop around it names (`for key in ("opening", "closing"):
    out[key] = fmt(out[key])`), the loop being the only block around it."""
    if binding.detail != "setitem":
        return ()
    key = binding.key
    if isinstance(key, ast.Constant) and isinstance(key.value, str) and binding.unconditional:
        return (key.value,)
    blocks = binding.blocks
    if not (isinstance(key, ast.Name) and len(blocks) == 1):
        return ()
    loop = blocks[0].node
    if not (
        isinstance(loop, ast.For)
        and blocks[0].part == "body"
        and is_name(loop.target, key.id)
        and isinstance(loop.iter, (ast.Tuple, ast.List))
        and loop.iter.elts
        and all(isinstance(e, ast.Constant) and isinstance(e.value, str) for e in loop.iter.elts)
    ):
        return ()
    return tuple(e.value for e in loop.iter.elts)  # type: ignore[attr-defined]


def _record_of(call: ast.Call, scope: Scope) -> ast.expr | None:
    """The record `dataclasses.asdict(rec)` (`astuple`) or a named tuple's `rec._asdict()`
    takes apart, or None for another call."""
    func = call.func
    if isinstance(func, ast.Attribute) and func.attr == "_asdict" and not call.args:
        return None if call.keywords else func.value
    if len(call.args) != 1 or call.keywords or not isinstance(func, (ast.Name, ast.Attribute)):
        return None
    if not any(
        isinstance(o, External) and o.dotted in ("dataclasses.asdict", "dataclasses.astuple")
        for o in resolve(func, scope).items
    ):
        return None
    return call.args[0]


def _loop_items(expr: ast.expr, scope: Scope) -> list[object]:
    """What `for rec in records` binds `rec` to, `records` a list display or a comprehension
    (`[Station.from_payload(r) for r in rows]`) bound once: the objects its elements are."""
    if not isinstance(expr, ast.Name):
        return []
    found = scope.lookup(expr.id)
    if found is None or found[1] is None or len(found[1]) != 1 or found[1][0].kind != "loop":
        return []
    iterable = found[1][0].value
    if isinstance(iterable, ast.Name):
        outer = found[0].lookup(iterable.id)
        if outer is None or outer[1] is None or len(outer[1]) != 1:
            return []
        iterable = outer[1][0].value
    if isinstance(iterable, ast.ListComp) and len(iterable.generators) == 1:
        elements = [iterable.elt]
    elif isinstance(iterable, (ast.List, ast.Tuple)):
        elements = list(iterable.elts)
    else:
        return []
    items: list[object] = []
    for element in elements:
        items.extend(resolve(element, found[0]).items)
    return items


def _held_field(
    record: Instance, skipped: frozenset[str] = frozenset(), depth: int = 0
) -> str | None:
    """The refused type of the first field of `record`'s class that it may hold (`skipped`:
    fields the dict it becomes loses or gets again before it is serialised; a field that is
    a record of the project, or a list of them, as `asdict` converts it: `commits:
    List[Commit]` of a `Commit` whose `authored_at: datetime` has no default)."""
    cls = record.cls
    fields = [
        stmt
        for stmt in cls.node.body
        if isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name)
    ]
    for index, stmt in enumerate(fields):
        kind = _annotated_type(stmt.annotation, cls.scope)
        field_name = stmt.target.id  # type: ignore[union-attr]
        if kind is None and depth < 3 and field_name not in skipped:
            inner = _record_class(stmt.annotation, cls.scope)
            if inner is not None and inner.node is not cls.node:
                kind = _held_field(Instance(inner), frozenset(), depth + 1)
                if kind is not None and record.made is not None:
                    given = next(
                        (k.value for k in record.made[0].keywords if k.arg == field_name), None
                    )
                    if given is not None and (
                        is_none(given) or isinstance(given, ast.List) and not given.elts
                    ):
                        continue  # (`commits=[]`, `parent=None`: none held)
                if kind is not None:
                    return kind
            continue
        if kind is None or stmt.target.id in skipped:  # type: ignore[union-attr]
            continue
        name = stmt.target.id  # type: ignore[union-attr]
        if record.made is not None:
            made = record.made[0]
            given = next((k.value for k in made.keywords if k.arg == name), None)
            if (
                given is None
                and index < len(made.args)
                and not any(isinstance(a, ast.Starred) for a in made.args[: index + 1])
            ):
                given = made.args[index]
            if given is not None:
                if _made_here(given):
                    return kind
                continue  # (None, a constant, a value read from elsewhere: not made as one)
        if stmt.value is None or not is_none(stmt.value):
            return kind
        if re.search(rf"\b{name}\s*=\s*(?!None\b)\S", cls.module.source):
            return kind
    return None


def _record_class(ann: ast.expr, scope: Scope) -> ClassRef | None:
    """The project dataclass a field's annotation names, itself or as the element of a
    sequence (`List[Commit]`, `Optional[Commit]`)."""
    if isinstance(ann, ast.Subscript) and last_name(ann.value) in _SEQUENCES:
        ann = ann.slice
    cls = annotation_class(ann, scope)
    if cls is None or not any(
        last_name(d.func if isinstance(d, ast.Call) else d) == "dataclass"
        for d in cls.node.decorator_list
    ):
        return None
    return cls


def _made_here(given: ast.expr) -> bool:
    """What a record's maker hands a field: a call that makes a value (`datetime.now()`,
    `_ts(raw)`), not None, a constant or a value read as it is (`args.get("w")`, `row[1]`)."""
    if not isinstance(given, (ast.Call, ast.BinOp, ast.IfExp)):
        return False
    if isinstance(given, ast.Call) and isinstance(given.func, ast.Attribute):
        return given.func.attr not in ("get", "pop", "setdefault")
    return True


def _value_type(table: ast.expr, scope: Scope, depth: int = 0) -> str | None:
    """The refused type each value of a dict is made as: `defaultdict(Decimal)`, or what its
    annotation says (`dict[str, Decimal]`), bound once (also as an item of the tuple a
    project def returns: `score, seen = _tally(games)`)."""
    if not isinstance(table, ast.Name) or depth > 3:
        return None
    found = scope.lookup(table.id)
    if found is None:
        return None
    where, bindings = found
    made = [b for b in bindings or () if b.kind != "mutated"]
    if len(made) != 1:
        return None
    binding = made[0]
    path = binding.path
    if (
        binding.kind == "assign"
        and path is not None
        and len(path) == 1
        and isinstance(binding.value, ast.Call)
    ):
        kinds = set()
        for obj in resolve(binding.value.func, where).items:
            if not isinstance(obj, Function) or isinstance(obj.node, ast.Lambda):
                return None
            inner = Code(obj, {}).scope
            for ret in returns_of(obj.node):
                value = ret.value
                if not isinstance(value, ast.Tuple) or len(value.elts) <= path[0]:
                    return None
                kinds.add(_value_type(value.elts[path[0]], inner, depth + 1))
        return kinds.pop() if len(kinds) == 1 else None
    annotation = getattr(binding.node, "annotation", None)
    if binding.kind == "annotated" and annotation is not None:
        said = _annotated_type(annotation, where)
        if said is not None:
            return said
    value = binding.value
    if (
        binding.kind in ("assign", "annotated")
        and isinstance(value, ast.Call)
        and last_name(value.func) == "defaultdict"
        and len(value.args) == 1
        and isinstance(value.args[0], (ast.Name, ast.Attribute))
    ):
        for obj in resolve(value.args[0], where).items:
            if isinstance(obj, External) and obj.dotted in _MADE_BY:
                return _MADE_BY[obj.dotted]
            if isinstance(obj, Builtin) and obj.name in _BUILTINS:
                return _BUILTINS[obj.name]
    return None


def _element_type(comp: ast.GeneratorExp | ast.ListComp, scope: Scope) -> str | None:
    """The refused type each element of a one-loop comprehension is declared to hold:
    `e.amount for e in entries` where every row of `entries` is an instance whose class
    declares `amount: Decimal`."""
    elt = comp.elt
    if (
        len(comp.generators) != 1
        or not isinstance(elt, ast.Attribute)
        or not isinstance(elt.value, ast.Name)
        or not is_name(comp.generators[0].target, elt.value.id)
    ):
        return None
    return _rows_declare(comp.generators[0].iter, elt.attr, scope)


def _rows_declare(iterable: ast.expr, attr: str, scope: Scope) -> str | None:
    """The refused type the class of every row of `iterable` declares `attr` to hold."""
    table = rows(iterable, scope)
    if table is None or not table.items:
        return None
    names = set()
    for row, row_scope in table.items:
        found = resolve(row, row_scope)
        if not found.items or not all(isinstance(o, Instance) for o in found.items):
            return None
        names |= {_declared(o.cls, attr) for o in found.items}  # type: ignore[attr-defined]
    return names.pop() if len(names) == 1 else None


def _declared(cls: ClassRef, attr: str) -> str | None:
    """The refused type the class body annotates `attr` with (`Optional[...]` too), or a
    property of that name says it returns."""
    for stmt in cls.node.body:
        if (
            isinstance(stmt, ast.AnnAssign)
            and isinstance(stmt.target, ast.Name)
            and stmt.target.id == attr
        ):
            return _annotated_type(stmt.annotation, cls.scope)
        if (
            isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef))
            and stmt.name == attr
            and stmt.returns is not None
            and any(last_name(d) == "property" for d in stmt.decorator_list)
        ):
            return _annotated_type(stmt.returns, cls.scope)
    return None


def _annotated_type(ann: ast.expr, scope: Scope) -> str | None:
    if isinstance(ann, ast.BinOp) and isinstance(ann.op, ast.BitOr):
        sides = [s for s in (ann.left, ann.right) if not is_none(s)]
        return _annotated_type(sides[0], scope) if len(sides) == 1 else None
    if isinstance(ann, ast.Subscript):
        head = last_name(ann.value)
        if head == "Optional":
            return _annotated_type(ann.slice, scope)
        inner = ann.slice
        if head in _SEQUENCES:
            # (`discounts: List[Decimal]`: once it holds one, the encoder refuses it)
            if isinstance(inner, ast.Tuple):
                kinds = {_annotated_type(e, scope) for e in inner.elts if not _is_ellipsis(e)}
                return kinds.pop() if len(kinds) == 1 else None
            return _annotated_type(inner, scope)
        if head in _MAPPINGS and isinstance(inner, ast.Tuple) and len(inner.elts) == 2:
            return _annotated_type(inner.elts[1], scope)
        return {"set": "set", "Set": "set", "frozenset": "frozenset"}.get(head or "")
    if not isinstance(ann, (ast.Name, ast.Attribute)):
        return None
    for obj in resolve(ann, scope).items:
        if isinstance(obj, External):
            made = _MADE_BY.get(obj.dotted)
            if made is not None:
                return made
        elif isinstance(obj, Builtin) and obj.name in _BUILTINS:
            return _BUILTINS[obj.name]
        elif isinstance(obj, Class) and enum_kind(obj.ref) == "plain":
            # (`severity: Severity` of an `Enum` with no str or int mixed in: its members are
            # no values JSON knows)
            return ENUM + obj.ref.node.name
    return None


_SEQUENCES = frozenset(
    {"list", "List", "tuple", "Tuple", "Sequence", "MutableSequence", "Iterable", "deque"}
)
_MAPPINGS = frozenset({"dict", "Dict", "Mapping", "MutableMapping", "OrderedDict", "defaultdict"})


def _is_ellipsis(expr: ast.expr) -> bool:
    return isinstance(expr, ast.Constant) and expr.value is Ellipsis


def _plain_class(node: ast.ClassDef) -> bool:
    """A project class the encoder cannot take apart: no base (or only `object`), so not a
    dict, list, str, number or Enum of one."""
    return all(isinstance(b, ast.Name) and b.id == "object" for b in node.bases) and not any(
        kw.arg == "metaclass" for kw in node.keywords
    )
