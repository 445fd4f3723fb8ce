"""The model's value of another type than the code expects, read as it came.

Hermes coerces numbers and booleans written as strings to the schema's type and wraps a bare
value in a list where the schema says `array` (`coerce_tool_args`); anything else reaches the
handler as the model sent it. So an argument as it came (`args["k"]`, `args.get("k") or ""`, a
local bound only to one: `InputRisks.raw_at`) may be a number, a list or null where the code
expects text:

- a str method of it (`.strip()`, `.lower()`, `.split()`...) raises AttributeError, and so
  does a dict method (`.get()`, `.items()`) of it: only a JSON object has those; a field read
  of it (`v["lat"]`) raises TypeError on text, a number or a list, and a slice by it
  (`items[:limit]`) on text or a list;
- `int()` / `float()` of it raises TypeError on a list or null (the caller says it where an
  `except` takes only the ValueError: uncaught, the ValueError is the finding);
- a dict written out with it as a key (`{v: n}`), and a dict or a set the code writes out
  (`frozenset({...})` too), looked up by it (`T[v]`,
  `T.get(v)`, `v in T`, `v not in {"a", "b"}`: the membership test hashes `v` itself, so it
  guards only later reads), or a
  part of a record under a text key asked with `.get(v)` (`store["playlists"].get(v)`: only a
  JSON object has `.get`), raises TypeError on a list or an object (unhashable), which `except
  KeyError` misses;
- a loop over it raises TypeError on a number, unless the schema declares it an array;
- spread with `**` (`{**DEFAULTS, **(args.get("options") or {})}`, `f(**v)`) it raises
  TypeError on text, a number or a list: only a JSON object is a mapping;
- a path made of it (`os.path.expanduser(v)`, `os.path.join(base, v)`, `Path(v)`) raises
  TypeError on a number or a list;
- an order comparison of it with a number the code makes (`hours_left <= warn`) raises
  TypeError on text, a list or null, and so does a math function of it (`math.ceil(v)`,
  `math.sqrt(v)`, `round(v)`, `abs(v)`): each takes a number only;
- text joined to it with `+` (`subject + "\n" + v`) raises TypeError on a number or a list;
- a parser of text only (`date.fromisoformat(v)`, `datetime.strptime(v, fmt)`, `re.match(p,
  v)`, `json.loads(v)`) raises TypeError on a number or a list, which an `except ValueError`
  around it misses (the caller says it there: uncaught, the ValueError is the finding).

Each answer is the key the value came under, or None (a type test of it, `str()` of it, a
helper that saw it first: `raw_at` says None).
"""

from __future__ import annotations

import ast

from hermes_dev.pyast.calls.group_lookups import is_compiled_pattern
from hermes_dev.pyast.semantic.resolve import is_builtin_name, resolve
from hermes_dev.pyast.semantic.scopes import Const, External, Literal
from hermes_dev.pyast.semantic.walker import is_name

TYPE_CHECKING = False
if TYPE_CHECKING:
    from hermes_dev.pyast.analyze.model_input import InputRisks
    from hermes_dev.pyast.semantic.scopes import Scope

# Methods of text only (a number, a list or None has none of them).
_STR_METHODS = frozenset(
    {"strip", "lstrip", "rstrip", "lower", "upper", "casefold", "split", "rsplit",
     "splitlines", "startswith", "endswith", "replace", "encode", "title", "capitalize",
     "isdigit", "isalpha", "isalnum", "isdecimal", "isnumeric", "zfill", "partition",
     "rpartition", "removeprefix", "removesuffix", "expandtabs", "swapcase", "center", "ljust",
     "rjust"}
)  # fmt: skip
_TABLE_METHODS = frozenset({"get", "pop", "setdefault"})
_MAPPING_METHODS = frozenset({"get", "items", "keys", "values"})
_HASHED_LITERALS = (ast.Dict, ast.Set, ast.DictComp, ast.SetComp)
# Functions that take text (or a path) only: a number or a list raises TypeError. (Not `open`
# or `os.path.exists`, which take a file descriptor too.)
_PATH_MAKERS = frozenset(
    {"os.path.expanduser", "os.path.expandvars", "os.path.join", "os.path.abspath",
     "os.path.normpath", "os.path.realpath", "os.path.basename", "os.path.dirname",
     "os.path.splitext", "os.path.split", "os.fspath", "pathlib.Path", "pathlib.PurePath",
     "pathlib.PosixPath", "pathlib.PurePosixPath"}
)  # fmt: skip

# Parsers of text only, with the index of the argument that must be text: a number or a list
# raises TypeError.
_TEXT_PARSERS = {
    "datetime.date.fromisoformat": 0,
    "datetime.datetime.fromisoformat": 0,
    "datetime.time.fromisoformat": 0,
    "datetime.datetime.strptime": 0,
    "time.strptime": 0,
    "json.loads": 0,
}


# Where a pattern's method (`ORDER_RX.findall(text)`) and `re`'s functions take the text.
_PATTERN_TEXT = {"match": 0, "search": 0, "fullmatch": 0, "findall": 0, "finditer": 0}
_PATTERN_TEXT.update({"split": 0, "sub": 1, "subn": 1})
_RE_TEXT = {f"re.{name}": at + 1 for name, at in _PATTERN_TEXT.items()}


def pattern_key(inputs: InputRisks, call: ast.Call, scope: Scope) -> str | None:
    """`ORDER_RX.findall(v)`, `re.search(p, v)` of the model's value as it came: a pattern
    takes text only (TypeError on a number or a list), whatever catches a ValueError."""
    func = call.func
    if not isinstance(func, ast.Attribute) or func.attr not in _PATTERN_TEXT:
        return None
    if is_compiled_pattern(func.value, scope):
        at: int | None = _PATTERN_TEXT[func.attr]
    else:
        found = resolve(func, scope).single()
        at = _RE_TEXT.get(found.dotted) if isinstance(found, External) else None
    if at is None or len(call.args) <= at or isinstance(call.args[at], ast.Starred):
        return None
    return inputs.raw_at(call.args[at], call)


def parser_key(inputs: InputRisks, call: ast.Call, scope: Scope) -> str | None:
    """`date.fromisoformat(v)`, `datetime.strptime(v, fmt)`, `json.loads(v)` of the model's
    value as it came (`re`'s functions: `pattern_key`)."""
    if not isinstance(call.func, ast.Attribute):
        return None
    found = resolve(call.func, scope).single()
    if not isinstance(found, External):
        return None
    at = _TEXT_PARSERS.get(found.dotted)
    if at is None or len(call.args) <= at or isinstance(call.args[at], ast.Starred):
        return None
    # (the parser itself meets the value as it came, in a `try` or not)
    return inputs.raw_at(call.args[at], call)


def concat_key(inputs: InputRisks, node: ast.BinOp) -> str | None:
    """`"note: " + v`, `a + "\n" + v`: the model's value as it came joined to text."""
    if not isinstance(node.op, ast.Add):
        return None
    for text, other in ((node.left, node.right), (node.right, node.left)):
        if _a_text(text) and not _a_text(other):
            return inputs.raw_at(other)
    return None


def _a_text(expr: ast.expr, depth: int = 0) -> bool:
    """An expression that is text by how it is written: a string literal, an f-string,
    `str(...)`, or text joined to something with `+`."""
    if depth > 20:
        return False
    if isinstance(expr, ast.Constant):
        return isinstance(expr.value, str)
    if isinstance(expr, ast.JoinedStr):
        return True
    if isinstance(expr, ast.Call):
        return is_name(expr.func, "str")
    if isinstance(expr, ast.BinOp) and isinstance(expr.op, ast.Add):
        return _a_text(expr.left, depth + 1) or _a_text(expr.right, depth + 1)
    return False


def text_method_key(inputs: InputRisks, call: ast.Call) -> str | None:
    """`v.strip()` of the model's value as it came."""
    func = call.func
    if not (isinstance(func, ast.Attribute) and func.attr in _STR_METHODS):
        return None
    return inputs.raw_at(func.value)


def spread_key(inputs: InputRisks, node: ast.Dict | ast.Call) -> str | None:
    """`{**v}` or `f(**v)` of the model's value as it came."""
    if isinstance(node, ast.Dict):
        spread = [value for key, value in zip(node.keys, node.values) if key is None]
    else:
        spread = [kw.value for kw in node.keywords if kw.arg is None]
    for value in spread:
        key = inputs.raw_at(value)
        if key is not None:
            return key
    return None


def mapping_method_key(inputs: InputRisks, call: ast.Call) -> str | None:
    """`v.get("k")` (`.items()`, `.keys()`, `.values()`) of the model's value as it came: only
    a JSON object has them."""
    func = call.func
    if not (isinstance(func, ast.Attribute) and func.attr in _MAPPING_METHODS):
        return None
    return inputs.raw_at(func.value)


def slice_key(inputs: InputRisks, node: ast.Subscript) -> str | None:
    """`items[:limit]` of the model's value as it came: text or a list is no index
    (TypeError: slice indices must be integers)."""
    part = node.slice
    if not isinstance(part, ast.Slice):
        return None
    for bound in (part.lower, part.upper, part.step):
        if bound is not None:
            key = inputs.raw_at(bound)
            if key is not None:
                return key
    return None


def field_key(inputs: InputRisks, node: ast.Subscript) -> str | None:
    """`v["lat"]` of the model's value as it came: text, a number or a list has no fields
    (TypeError: string indices must be integers)."""
    if not (
        type(node.ctx) is ast.Load
        and isinstance(node.slice, ast.Constant)
        and isinstance(node.slice.value, str)
    ):
        return None
    if inputs.param and is_name(node.value, inputs.param):
        return None
    return inputs.raw_at(node.value)


def conversion_key(inputs: InputRisks, call: ast.Call, scope: Scope) -> str | None:
    """`int(v)` / `float(v)` (the builtins) of the model's value as it came."""
    func = call.func
    if not (
        isinstance(func, ast.Name)
        and func.id in ("int", "float")
        and len(call.args) == 1
        and not call.keywords
        and is_builtin_name(func.id, scope)
    ):
        return None
    return inputs.raw_at(call.args[0])


def unhashable_key(inputs: InputRisks, node: ast.AST, scope: Scope) -> str | None:
    """`T[v]`, `T.get(v)` (`pop`, `setdefault`), `v in T` of a dict or set the code writes
    out, and `{v: ...}`, `v` the model's value as it came."""
    table: ast.expr | None = None
    key: ast.expr | None = None
    if type(node) is ast.Dict:
        # (`{p1: r1, p2: r2}`: a dict written out with the model's value as a key hashes it)
        for written in node.keys:
            found = inputs.raw_at(written) if written is not None else None
            if found is not None:
                return found
        return None
    if type(node) is ast.Subscript and type(node.ctx) is ast.Load:
        table, key = node.value, node.slice
    elif type(node) is ast.Call:
        func = node.func
        if isinstance(func, ast.Attribute) and func.attr in _TABLE_METHODS and node.args:
            table, key = func.value, node.args[0]
    elif (
        type(node) is ast.Compare
        and len(node.ops) == 1
        and isinstance(node.ops[0], (ast.In, ast.NotIn))
    ):
        table, key = node.comparators[0], node.left
    if table is None or key is None:
        return None
    if _record_part(table) and type(node) is ast.Call:
        # (`store["playlists"].get(v)`: only a JSON object has `.get`, and it hashes `v`)
        return None if _part_of_arguments(inputs, table) else inputs.raw_at(key)
    if type(node) is ast.Compare and isinstance(table, _HASHED_LITERALS):
        # (`v not in {"km", "m"}`: the membership test is itself what reads `v`)
        return inputs.raw_member(key, node)
    if not isinstance(table, (ast.Name, ast.Attribute)) and not (
        # (`v in UNITS["length"]`: a table of a table the code writes out)
        isinstance(table, ast.Subscript)
        and isinstance(table.value, (ast.Name, ast.Attribute))
        and isinstance(table.slice, ast.Constant)
    ):
        return None
    if inputs.param and is_name(table, inputs.param):
        return None
    if type(node) is ast.Compare:
        return inputs.raw_member(key, node) if _hashed_table(table, scope) else None
    # (a lookup hashes its key in every world where the table is a dict: `data.get(v)` of
    # `data = _load()`, a helper that answers `json.loads(...)` or `{}`)
    return inputs.raw_at(key) if _hashed_table(table, scope, any_world=True) else None


def _record_part(table: ast.expr) -> bool:
    """`store["playlists"]`: a part of a record under a text key."""
    return (
        isinstance(table, ast.Subscript)
        and isinstance(table.slice, ast.Constant)
        and isinstance(table.slice.value, str)
        and isinstance(table.value, (ast.Name, ast.Attribute, ast.Subscript))
    )


def _part_of_arguments(inputs: InputRisks, table: ast.expr) -> bool:
    """A part of the model's own value (`args["filters"].get(k)`): its shape is the model's."""
    if inputs._from_model(table):
        return True
    while isinstance(table, (ast.Subscript, ast.Attribute)):
        table = table.value
    return bool(inputs.param) and is_name(table, inputs.param) or inputs.raw_at(table) is not None


def path_key(inputs: InputRisks, call: ast.Call, scope: Scope) -> str | None:
    """`os.path.expanduser(v)`, `os.path.join(base, v)`, `Path(v)` of the model's value as
    it came."""
    if not isinstance(call.func, (ast.Name, ast.Attribute)) or call.keywords:
        return None
    found = resolve(call.func, scope).single()
    if not isinstance(found, External) or found.dotted not in _PATH_MAKERS:
        return None
    for arg in call.args:
        key = None if isinstance(arg, ast.Starred) else inputs.raw_at(arg)
        if key is not None:
            return key
    return None


_ORDERS = (ast.Lt, ast.LtE, ast.Gt, ast.GtE)
_NUMERIC_CALLS = frozenset({"int", "float", "len", "round", "abs", "sum", "min", "max"})


def order_key(inputs: InputRisks, node: ast.Compare, scope: Scope | None = None) -> str | None:
    """`hours_left <= warn` (`<`, `>`...) of the model's value as it came against a number
    (`MIN_BPM <= bpm`: a module's constant too): text, a list or null has no order with one
    (TypeError)."""
    if not any(isinstance(op, _ORDERS) for op in node.ops):
        return None
    sides = [node.left, *node.comparators]
    for at, side in enumerate(sides):
        key = inputs.raw_compared(side)
        if key is None:
            continue
        # (a chain compares each side with its neighbours only: `MIN <= x <= MAX`)
        others = sides[max(at - 1, 0) : at] + sides[at + 1 : at + 2]
        if any(_a_number(o, inputs) or _a_constant_number(o, scope) for o in others):
            return key
    return None


def arithmetic_key(inputs: InputRisks, node: ast.BinOp, scope: Scope) -> str | None:
    """`weight / 2`, `total - paid`, `qty + 1` (also `price * 1.2`) of the model's value as it
    came with a number: text, a list or null is no number (TypeError). Not `text * 3` (text
    repeated) nor `%` of a text on the left (formatting)."""
    op = node.op
    both = [(node.left, node.right), (node.right, node.left)]
    if isinstance(op, ast.Mod):
        pairs = both[:1]
    elif isinstance(op, (ast.Mult, ast.Add, ast.Sub, ast.Div, ast.FloorDiv, ast.Pow)):
        pairs = both
    else:
        return None
    for raw, other in pairs:
        if isinstance(op, ast.Mult):
            number = _a_float(other)  # (times a whole number, text and lists repeat)
        else:
            number = _a_number(other, inputs) or _a_constant_number(other, scope)
        key = _raw_number(inputs, raw, node) if number else None
        if key is not None:
            return key
    return None


def _raw_number(inputs: InputRisks, expr: ast.expr, node: ast.AST) -> str | None:
    if not isinstance(expr, (ast.Name, ast.Subscript, ast.Call, ast.BoolOp)):
        return None
    return inputs.raw_at(expr, node) or inputs.raw_compared(expr)


def _a_float(expr: ast.expr) -> bool:
    return isinstance(expr, ast.Constant) and type(expr.value) is float


_MATH_OF_NUMBERS = frozenset(
    {
        "ceil",
        "floor",
        "trunc",
        "sqrt",
        "exp",
        "log",
        "log10",
        "log2",
        "sin",
        "cos",
        "tan",
        "radians",
        "degrees",
        "fabs",
        "isfinite",
        "isnan",
        "isinf",
    }
)


def number_call_key(inputs: InputRisks, call: ast.Call, scope: Scope) -> str | None:
    """`math.ceil(v)` (`math.sqrt`, `round`, `abs`...) of the model's value as it came: text, a
    list or null is no number (TypeError)."""
    if not call.args or isinstance(call.args[0], ast.Starred):
        return None
    func = call.func
    if isinstance(func, ast.Name) and func.id in ("round", "abs"):
        if not is_builtin_name(func.id, scope):
            return None
    else:
        found = resolve(func, scope).single()
        if not (
            isinstance(found, External)
            and found.module == "math"
            and found.attr in _MATH_OF_NUMBERS
        ):
            return None
    # (as an order comparison does, the call asks the value to be a number: a test around
    # it that only compares it, `if f == 0 or abs(f) > 3`, is no guard)
    return inputs.raw_at(call.args[0]) or inputs.raw_compared(call.args[0])


def _a_constant_number(expr: ast.expr, scope: Scope | None) -> bool:
    if scope is None or not isinstance(expr, (ast.Name, ast.Attribute)):
        return False
    found = resolve(expr, scope).single()
    value = getattr(found, "value", None) if isinstance(found, Const) else None
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _a_number(expr: ast.expr, inputs: InputRisks, depth: int = 0) -> bool:
    """A number the code makes: a constant, arithmetic, `len()`/`float()`..., or a local
    bound only to one."""
    if isinstance(expr, ast.Constant):
        return isinstance(expr.value, (int, float)) and not isinstance(expr.value, bool)
    if isinstance(expr, ast.UnaryOp) and isinstance(expr.op, ast.USub):
        return _a_number(expr.operand, inputs, depth)
    if isinstance(expr, ast.BinOp) and isinstance(
        expr.op, (ast.Add, ast.Sub, ast.Mult, ast.Div, ast.FloorDiv, ast.Mod)
    ):
        return _a_number(expr.left, inputs, depth) or _a_number(expr.right, inputs, depth)
    if isinstance(expr, ast.Call):
        if isinstance(expr.func, ast.Attribute) and expr.func.attr == "total_seconds":
            return True
        return isinstance(expr.func, ast.Name) and expr.func.id in _NUMERIC_CALLS
    if isinstance(expr, ast.Name) and depth < 2:
        bound = inputs.only_binding(expr.id)
        return bound is not None and _a_number(bound, inputs, depth + 1)
    return False


def loop_key(inputs: InputRisks, iterated: ast.expr) -> str | None:
    """`for x in args.get("items") or []` of the model's value as it came, unless the schema
    declares it an array (Hermes wraps a bare value in a list)."""
    if isinstance(iterated, ast.Call):
        return None
    found = inputs.raw_at(iterated)
    return None if found is None or inputs.declared_array(found) else found


def _hashed_table(table: ast.expr, scope: Scope, any_world: bool = False) -> bool:
    """`table` is a dict or a set the code writes out (`{...}`, a comprehension): one that
    hashes what it is asked for (`any_world`: one of what it may be is)."""
    found = resolve(table, scope)
    if any_world:
        return any(_hashing(item, scope) for item in found)
    single = found.single()
    return single is not None and _hashing(single, scope)


def _hashing(found: object, scope: Scope) -> bool:
    if not isinstance(found, Literal):
        return False
    made = found.expr
    if isinstance(made, ast.Call) and isinstance(made.func, ast.Name) and not made.keywords:
        # (`frozenset({...})`, `set(NAMES)`, `dict(...)` of the builtins)
        return made.func.id in ("frozenset", "set", "dict") and is_builtin_name(made.func.id, scope)
    return isinstance(made, _HASHED_LITERALS)
