"""Is a value a JSON string? Inferred conservatively from the ast, one function at a time.

`infer(expr, scope, calls)` gives a `Verdict`: JSON (surely a JSON string), NOT_JSON (surely not
one, with a reason and the node that shows it) or UNKNOWN. What a call of project code returns
is asked of `calls` (the return transfer of the call driver answers it; without it such a call
is UNKNOWN).

JSON: `json.dumps(...)`, `tool_error(...)` / `tool_result(...)` from a `registry` module, a string
constant that parses as JSON, a name every binding of which is JSON, a conditional whose branches
are, the multimodal envelope `{"_multimodal": True, ...}` (Hermes passes it through).
NOT_JSON: literals of other types, None, a function, `orjson.dumps` (bytes), strings and
f-strings that start like prose (also through the names an f-string starts with), JSON with text
joined to it (`+`, an f-string, `+=`), `str()`/`repr()` of a value that is not JSON text (a dict's
or list's Python repr, None, a bool, an exception's message), `"\\n".join(...)` of text lines,
a file's `.read_text()` when the code names a text file (`notes.md`), a command's `.stdout` when
the command is written out and prints text (not one asked for JSON, not an API client, JSON
filter, interpreter or shell, whose output may be JSON), a name every binding of which is NOT_JSON.
Everything else is UNKNOWN and never reported (precision first).

`exits(func, scope, calls)` lists a function's ways out (each `return`, and falling off the end
when that can happen) with their verdicts; `is_generator(node)` tells a generator.
"""

from __future__ import annotations

import ast
import builtins
import re

from hermes_dev.pyast.analyze.flow import (
    dict_read_locals,
    falloff_node,
    never_returns_call,
    terminates,
)
from hermes_dev.pyast.analyze.text_buffers import first_written
from hermes_dev.pyast.semantic.clients import RESPONSES
from hermes_dev.pyast.semantic.resolve import (
    assigned_value,
    bind_call,
    class_bases,
    class_method,
    class_named,
    def_scope,
    import_objects,
    is_builtin_name,
    is_typed_dict,
    resolve,
    resolve_binding,
    rows,
)
from hermes_dev.pyast.semantic.scopes import (
    Builtin,
    Class,
    ClassRef,
    Const,
    External,
    Function,
    Instance,
    Literal,
    ModuleObject,
    Partial,
)
from hermes_dev.pyast.semantic.walker import (
    blocks_of,
    is_name,
    is_none,
    last_name,
    returns_of,
    walk_function,
    walk_shallow,
)

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable

    from hermes_dev.pyast.semantic.bindings import Binding
    from hermes_dev.pyast.semantic.scopes import Obj, Scope

    CallVerdict = Callable[[ast.Call, "Scope", int], "Verdict | None"]

JSON = "json"
NOT_JSON = "not-json"
UNKNOWN = "unknown"
# Start characters of a JSON text; a string starting otherwise is prose.
_JSON_START = '{["-0123456789tfn'
_MAX_DEPTH = 12


class Verdict:
    __slots__ = ("kind", "node", "reason", "what")

    def __init__(
        self, kind: str, reason: str = "", node: ast.AST | None = None, what: str | None = None
    ) -> None:
        self.kind = kind
        self.reason = reason  # for NOT_JSON: what the value is ("a dict", "None" ...)
        self.node = node  # for NOT_JSON: where that shows
        # The value's own kind ("a dict"), kept when the reason is worded through a call
        # ("the result of f(), which returns a dict"): what `str(...)` of it gives.
        self.what = reason if what is None else what

    def __repr__(self) -> str:
        return f"Verdict({self.kind}, {self.reason!r})"


_JSON_V = Verdict(JSON)
_UNKNOWN_V = Verdict(UNKNOWN)


class Exit:
    """One way out of a function: a `return` (node is the Return) or falling off the end."""

    __slots__ = ("falls_off", "narrowed", "node", "not_none", "verdict")

    def __init__(
        self,
        node: ast.AST,
        verdict: Verdict,
        falls_off: bool = False,
        narrowed: bool = False,
        not_none: bool = False,
    ) -> None:
        self.node = node
        self.verdict = verdict
        self.falls_off = falls_off
        # a `return x` a test has shown to be a `str` (what else `x` may hold is not returned)
        self.narrowed = narrowed
        # a `return x` a test has shown not to be None (`if x is None: raise ...` before it)
        self.not_none = not_none


# -- inference ---------------------------------------------------------------------------------


def infer(
    expr: ast.expr, scope: Scope, calls: CallVerdict | None = None, depth: int = 0
) -> Verdict:
    if depth > _MAX_DEPTH:
        return _UNKNOWN_V
    if isinstance(expr, ast.Constant):
        return _constant(expr.value, expr)
    if isinstance(expr, ast.Dict) and _is_multimodal_envelope(expr):
        return _JSON_V
    if isinstance(expr, (ast.Dict, ast.DictComp)):
        return Verdict(NOT_JSON, "a dict", expr)
    if isinstance(expr, (ast.List, ast.ListComp)):
        return Verdict(NOT_JSON, "a list", expr)
    if isinstance(expr, ast.Tuple):
        return Verdict(NOT_JSON, "a tuple", expr)
    if isinstance(expr, (ast.Set, ast.SetComp)):
        return Verdict(NOT_JSON, "a set", expr)
    if isinstance(expr, ast.GeneratorExp):
        return Verdict(NOT_JSON, "a generator", expr)
    if isinstance(expr, ast.JoinedStr):
        return _fstring(expr, scope, calls, depth)
    if isinstance(expr, ast.UnaryOp):
        if isinstance(expr.operand, ast.Constant) and isinstance(expr.operand.value, (int, float)):
            return Verdict(NOT_JSON, "a number", expr)
        if isinstance(expr.op, ast.Not):
            return Verdict(NOT_JSON, "a bool", expr)
        return _UNKNOWN_V
    if isinstance(expr, ast.Compare):
        return Verdict(NOT_JSON, "a bool", expr)
    if isinstance(expr, ast.IfExp):
        body = infer(expr.body, scope, calls, depth + 1)
        orelse = infer(expr.orelse, scope, calls, depth + 1)
        # (`x if isinstance(x, str) else json.dumps(x)`: a dict `x` may hold is not returned)
        narrowed = narrowed_branch(expr)
        if narrowed is expr.body and body.kind == NOT_JSON and _not_text(body):
            body = _UNKNOWN_V
        elif narrowed is expr.orelse and orelse.kind == NOT_JSON and _not_text(orelse):
            orelse = _UNKNOWN_V
        if body.kind == JSON and orelse.kind == JSON:
            return _JSON_V
        for branch in (body, orelse):
            if branch.kind == NOT_JSON:
                return branch
        return _UNKNOWN_V
    if isinstance(expr, ast.BoolOp):
        # (its value is one of its operands: an `or`'s falsy constant before the last never)
        values = expr.values
        if isinstance(expr.op, ast.Or):
            values = [v for v in values[:-1] if not _falsy_constant(v)] + values[-1:]
        verdicts = [infer(v, scope, calls, depth + 1) for v in values]
        if all(v.kind == JSON for v in verdicts):
            return _JSON_V
        if all(v.kind == NOT_JSON for v in verdicts):
            return verdicts[0]
        return _UNKNOWN_V
    if isinstance(expr, ast.BinOp):
        return _binop(expr, scope, calls, depth)
    if isinstance(expr, ast.Name):
        return _name(expr, scope, calls, depth)
    if isinstance(expr, ast.Await):
        return infer(expr.value, scope, calls, depth + 1)
    if isinstance(expr, ast.Call):
        return _call(expr, scope, calls, depth)
    if isinstance(expr, ast.NamedExpr):
        return infer(expr.value, scope, calls, depth + 1)
    if isinstance(expr, ast.Lambda):
        return Verdict(NOT_JSON, "a function", expr)
    if isinstance(expr, ast.Attribute):
        return _attribute(expr, scope, calls, depth)
    if isinstance(expr, ast.Subscript) and isinstance(expr.slice, ast.Slice):
        # `data[:512]` of bytes is bytes
        inner = infer(expr.value, scope, calls, depth + 1)
        if inner.kind == NOT_JSON and inner.reason.startswith("bytes"):
            return Verdict(NOT_JSON, inner.reason, expr)
    return _UNKNOWN_V


def _falsy_constant(expr: ast.expr) -> bool:
    return isinstance(expr, ast.Constant) and not expr.value


# Bytes that hold JSON (their `.decode()` is a JSON string).
_JSON_BYTES = ("bytes (orjson", "bytes (an encoded JSON")


def _constant(value: object, node: ast.AST) -> Verdict:
    if value is None:
        return Verdict(NOT_JSON, "None", node)
    if isinstance(value, bool):
        return Verdict(NOT_JSON, "a bool", node)
    if isinstance(value, (int, float, complex)):
        return Verdict(NOT_JSON, "a number", node)
    if isinstance(value, bytes):
        return Verdict(NOT_JSON, "bytes", node)
    if isinstance(value, str):
        return _text(value, node, whole=True)
    return _UNKNOWN_V


def _text(text: str, node: ast.AST, whole: bool) -> Verdict:
    """A string known entirely (`whole`) or only by its start."""
    stripped = text.lstrip()
    if whole:
        if stripped[:1] not in tuple(_JSON_START):
            return Verdict(NOT_JSON, "a string that is not JSON", node)
        import json

        try:
            json.loads(text)
        except ValueError:
            return Verdict(NOT_JSON, "a string that is not JSON", node)
        except RecursionError:
            return _UNKNOWN_V  # nested deeper than the decoder goes: no verdict
        return _JSON_V
    if not stripped:
        return _UNKNOWN_V
    first = stripped[0]
    if first == "-" and len(stripped) > 1 and not stripped[1].isdigit():
        return Verdict(NOT_JSON, "a string that is not JSON", node)  # `- item`: a list line
    if first in '{["-0123456789':
        return _UNKNOWN_V
    if first in "tfn":
        word = stripped.split(None, 1)[0]
        if any(w.startswith(word) or word.startswith(w) for w in ("true", "false", "null")):
            return _UNKNOWN_V
    return Verdict(NOT_JSON, "a string that is not JSON", node)


def _starts_as_prose(expr: ast.expr, scope: Scope, depth: int) -> bool:
    """Whether a string value surely starts with text no JSON starts with (through the names
    an f-string or a concatenation starts with)."""
    if depth > _MAX_DEPTH:
        return False
    if isinstance(expr, ast.Constant) and isinstance(expr.value, str):
        return _text(expr.value, expr, whole=False).kind == NOT_JSON
    if isinstance(expr, ast.Name):
        # (`_FRONT_MATTER = "---"` at module level, the first line of a joined text)
        held = resolve(expr, scope).single()
        if (
            isinstance(held, Const)
            and isinstance(held.value, str)
            and _text(held.value, expr, whole=False).kind == NOT_JSON
        ):
            return True
    if isinstance(expr, ast.JoinedStr):
        for part in expr.values:
            if isinstance(part, ast.Constant) and isinstance(part.value, str):
                if not part.value.strip():
                    continue  # leading whitespace: look further
                return _text(part.value, part, whole=False).kind == NOT_JSON
            if isinstance(part, ast.FormattedValue):
                # (a width pads text with spaces, which JSON skips: `{'Mounted on':<30}`)
                return _padding_only(part.format_spec) and _starts_as_prose(
                    part.value, scope, depth + 1
                )
        return False
    if isinstance(expr, ast.BinOp) and isinstance(expr.op, ast.Add):
        return _starts_as_prose(expr.left, scope, depth + 1)
    if isinstance(expr, ast.IfExp):
        return _starts_as_prose(expr.body, scope, depth + 1) and _starts_as_prose(
            expr.orelse, scope, depth + 1
        )
    if (
        isinstance(expr, ast.BinOp)
        and isinstance(expr.op, ast.Mod)
        and isinstance(expr.left, ast.Constant)
        and isinstance(expr.left.value, str)
    ):
        # `"%s %s" % (name, ...)`: the template's own start, or the first value's
        template = expr.left.value.lstrip()
        if not template.startswith("%"):
            return _starts_as_prose(expr.left, scope, depth + 1)
        first = expr.right.elts[0] if isinstance(expr.right, ast.Tuple) else expr.right
        return (
            template.startswith("%s")
            and not isinstance(first, ast.Starred)
            and _starts_as_prose(first, scope, depth + 1)
        )
    kept = _same_start(expr)
    if kept is not None:
        return _starts_as_prose(kept, scope, depth + 1)
    if (
        isinstance(expr, ast.Call)
        and isinstance(expr.func, ast.Attribute)
        and expr.func.attr == "join"
        and isinstance(expr.func.value, ast.Constant)
        and isinstance(expr.func.value.value, str)
        and len(expr.args) == 1
    ):
        # (`"\n".join(head) + body`: the text starts as its first line does; `", ".join(
        # pieces)`: whichever piece comes first, every one starts as prose)
        row = _first_row(expr.args[0], scope)
        if row is not None and _starts_as_prose(row[0], row[1], depth + 1):
            return True
        table = rows(expr.args[0], scope)
        return (
            table is not None
            and table.complete
            and bool(table.items)
            and all(_starts_as_prose(row, where, depth + 1) for row, where in table.items)
        )
    if isinstance(expr, ast.Call):
        return _returns_prose(expr, scope, depth)
    if isinstance(expr, ast.Name):
        return _every_value(
            expr,
            scope,
            lambda value, where: _starts_as_prose(value, where, depth + 1),
            lambda text: _text(text, expr, whole=False).kind == NOT_JSON,
        )
    return False


_PADDING = re.compile(r"^[<>^]?\d*$")


def _padding_only(spec: ast.expr | None) -> bool:
    """No format spec, or only an alignment and a width (`:<30`, `:>8`)."""
    if spec is None:
        return True
    return (
        isinstance(spec, ast.JoinedStr)
        and len(spec.values) == 1
        and isinstance(spec.values[0], ast.Constant)
        and isinstance(spec.values[0].value, str)
        and bool(_PADDING.match(spec.values[0].value))
    )


def _every_value(
    name: ast.Name,
    scope: Scope,
    holds: Callable[[ast.expr, Scope], bool],
    holds_text: Callable[[str], bool],
) -> bool:
    """Whether every value `name` can hold passes: each binding's expression (`holds`), or,
    for a loop target or a parameter a call binds, each constant text it can hold."""
    values = _binding_values(name.id, scope)
    if values and all(v is not None for v in values):
        return all(value is not None and holds(value[0], value[1]) for value in values)
    texts = _held_texts(name, scope)
    return bool(texts) and all(holds_text(text) for text in texts)


def _held_texts(name: ast.Name, scope: Scope) -> list[str]:
    """The texts a name can hold, when each is a constant (a loop over a table of them, a
    parameter calls give one); [] when any is not."""
    found = resolve(name, scope)
    if not found.complete or not all(
        isinstance(obj, Const) and isinstance(obj.value, str) for obj in found.items
    ):
        return []
    return [obj.value for obj in found.items]  # type: ignore[attr-defined]


# Text methods after which a text that starts as prose still does (`lower` does not: "True"
# becomes JSON's `true`).
_START_KEEPING = frozenset({"upper", "capitalize", "title", "rstrip"})


def _same_start(expr: ast.expr) -> ast.expr | None:
    """The text whose start `expr` keeps, as far as JSON can tell: `text[:1].upper()`,
    `text.capitalize()`, `text.strip()`, `text[:40]`, `text.replace("  ", " ")`."""
    if isinstance(expr, ast.Subscript) and isinstance(expr.slice, ast.Slice):
        lower = expr.slice.lower
        if lower is None or (isinstance(lower, ast.Constant) and lower.value == 0):
            return expr.value if expr.slice.step is None else None
        return None
    if not (isinstance(expr, ast.Call) and isinstance(expr.func, ast.Attribute)):
        return None
    attr, args = expr.func.attr, expr.args
    if attr in _START_KEEPING or (attr in ("strip", "lstrip") and not args):
        return expr.func.value
    if attr == "ljust" or (attr in ("rjust", "center") and len(args) <= 1):
        return expr.func.value  # (padded with spaces before, which JSON skips, or after)
    if attr in ("format", "format_map"):
        # (a template's literal start stays; one that starts with a `{` field is not prose)
        return expr.func.value
    if (
        attr == "replace"
        and len(args) == 2
        and all(
            isinstance(a, ast.Constant) and isinstance(a.value, str) and not a.value.strip()
            for a in args
        )
        and args[0].value  # type: ignore[attr-defined]
    ):
        return expr.func.value  # (white space for white space)
    return None


def _returns_prose(call: ast.Call, scope: Scope, depth: int) -> bool:
    """A call of a project def whose every return but `None` starts as prose (`None` cannot be
    joined or concatenated: the caller's text is not made of it)."""
    origin = resolve(call.func, scope).single()
    if not isinstance(origin, Function) or isinstance(origin.node, ast.Lambda):
        return False
    if is_generator(origin.node):
        return False
    # (what the call gives the parameters: `_describe("minute", ...)` names its field)
    inner = origin.scope.child(
        origin.node, bind_call(call, scope, origin, depth) or None, origin.owner
    )
    # (memoised per def and binding: a chain of helpers each returning the next was asked
    # again on every path, exponentially)
    memo = origin.module.state.summaries
    key = ("jsonness.returns_prose", id(origin.node), inner.env_key())
    known = memo.get(key)
    if isinstance(known, bool):
        return known
    if known is _ASKING:
        return False  # (a recursive call)
    memo[key] = _ASKING
    values = [
        r.value for r in returns_of(origin.node) if r.value is not None and not is_none(r.value)
    ]
    found = bool(values) and all(_starts_as_prose(v, inner, depth + 1) for v in values)
    memo[key] = found
    return found


_ASKING = object()


# A %-conversion at the end of a template (`"%d"`): what it gives ends the text.
_CONVERSION_AT_END = re.compile(r"%[-#0 +]*(\d+|\*)?(\.(\d+|\*))?[diouxXeEfFgGcrsa]$")
_CONVERSION = re.compile(r"%(\([^)]*\))?[-#0 +]*(\d+|\*)?(\.(\d+|\*))?[diouxXeEfFgGcrsa]")
# Last characters of a JSON text (`}`, `]`, a string's quote, a number, true/false/null).
_JSON_END = '}]"0123456789el'
_JSON_WORDS = ("true", "false", "null")


def _ends_as_prose(expr: ast.expr, scope: Scope, depth: int) -> bool:
    """Whether a string value surely ends with text no JSON ends with (`f"{secs:.2f}
    seconds"`, `"Saved " + name + "."`), through the names it ends with."""
    if depth > _MAX_DEPTH:
        return False
    if isinstance(expr, ast.Constant) and isinstance(expr.value, str):
        end = expr.value.rstrip()
        if not end:
            return False
        if end[-1] in "el":
            # (only `true`, `false` and `null` end a JSON text with a letter: "unknown zone"
            # cannot, "e" after a value might)
            return not (
                end.endswith(_JSON_WORDS) or any(word.endswith(end) for word in _JSON_WORDS)
            )
        return end[-1] not in _JSON_END
    if isinstance(expr, ast.JoinedStr):
        for part in reversed(expr.values):
            if isinstance(part, ast.Constant) and isinstance(part.value, str):
                if not part.value.strip():
                    continue  # trailing whitespace: look further
                return _ends_as_prose(part, scope, depth + 1)
            if isinstance(part, ast.FormattedValue):
                return part.format_spec is None and _ends_as_prose(part.value, scope, depth + 1)
        return False
    if isinstance(expr, ast.BinOp) and isinstance(expr.op, ast.Add):
        return _ends_as_prose(expr.right, scope, depth + 1)
    if (
        isinstance(expr, ast.Subscript)
        and isinstance(expr.slice, ast.Slice)
        and expr.slice.upper is None
        and expr.slice.step is None
    ):
        return _ends_as_prose(expr.value, scope, depth + 1)  # (`text[1:]`)
    if isinstance(expr, ast.Name):
        values = _binding_values(expr.id, scope)
        return bool(values) and all(
            value is not None and _ends_as_prose(value[0], value[1], depth + 1) for value in values
        )
    if (
        isinstance(expr, ast.Call)
        and isinstance(expr.func, ast.Attribute)
        and expr.func.attr in ("format", "format_map")
    ):
        # (a template ends as its text after the last field does)
        return _template_ends_as_prose(expr.func.value, scope, depth + 1)
    if isinstance(expr, ast.Call):
        origin = resolve(expr.func, scope).single()
        if not isinstance(origin, Function) or isinstance(origin.node, ast.Lambda):
            return False
        if is_generator(origin.node):
            return False
        inner = origin.scope.child(
            origin.node, bind_call(expr, scope, origin, depth) or None, origin.owner
        )
        returned = [
            r.value for r in returns_of(origin.node) if r.value is not None and not is_none(r.value)
        ]
        return bool(returned) and all(_ends_as_prose(v, inner, depth + 1) for v in returned)
    return False


def _template_ends_as_prose(template: ast.expr, scope: Scope, depth: int) -> bool:
    """A `str.format` template whose text after its last `{field}` ends as prose: written
    out, bound to one, a parameter given one, or any value of a table of them."""
    if depth > _MAX_DEPTH:
        return False
    if isinstance(template, ast.Constant) and isinstance(template.value, str):
        tail = template.value.rsplit("}", 1)[-1]
        return bool(tail.strip()) and _ends_as_prose(ast.Constant(tail), scope, depth + 1)
    if isinstance(template, ast.Subscript) and isinstance(template.value, ast.Name):
        # (`BANDS[band]`: every value of the table)
        found = assigned_value(template.value.id, scope)
        table = found[0] if found is not None else None
        return (
            isinstance(table, ast.Dict)
            and bool(table.values)
            and None not in table.keys
            and all(
                _template_ends_as_prose(v, found[1], depth + 1)  # type: ignore[index]
                for v in table.values
            )
        )
    if isinstance(template, ast.Name):
        return _every_value(
            template,
            scope,
            lambda value, where: _template_ends_as_prose(value, where, depth + 1),
            lambda text: _template_ends_as_prose(ast.Constant(text), scope, depth + 1),
        )
    return False


# A format spec that makes a number (`:g`, `:.2f`, `:,d`, `:5.1%`): its last character.
_NUMBER_SPEC = re.compile(r"^[^{}]*?[,_]?(\.\d+)?[bcdeEfFgGnoxX%]$")


def _wrapped_in_structure(node: ast.JoinedStr) -> bool:
    """The f-string opens an array or object in its own text and closes it there."""
    first, last = node.values[0], node.values[-1]
    return (
        isinstance(first, ast.Constant)
        and isinstance(first.value, str)
        and first.value.lstrip()[:1] in ("[", "{")
        and isinstance(last, ast.Constant)
        and isinstance(last.value, str)
        and last.value.rstrip()[-1:] in ("]", "}")
    )


def _text_between(node: ast.JoinedStr) -> bool:
    """`f"{amount} {unit} = {grams} g"`: the f-string's own text holds characters JSON never
    has outside a string (`=`, letters other than true/false/null), and no quote of its own
    opens one: only a value that ends in an open string could make it JSON."""
    return _prose_between(
        [v.value for v in node.values if isinstance(v, ast.Constant) and isinstance(v.value, str)]
    )


def _prose_inside(expr: ast.expr) -> bool:
    """An f-string (or a `%` template) whose own text between its fields is prose
    (`_text_between`), alone or as a piece of a `+`: the text between could be JSON only inside a string that a field opens
    and another closes, on that line."""
    if isinstance(expr, ast.JoinedStr):
        return _text_between(expr)
    if isinstance(expr, ast.BinOp) and isinstance(expr.op, ast.Add):
        return _prose_inside(expr.left) or _prose_inside(expr.right)
    if (
        isinstance(expr, ast.BinOp)
        and isinstance(expr.op, ast.Mod)
        and isinstance(expr.left, ast.Constant)
        and isinstance(expr.left.value, str)
    ):
        # (`"%s for %.3f MHz:" % (kind, f)`: the template's own text, as an f-string's)
        return _prose_between(_template_parts(expr.left.value, True))
    return False


def _prose_between(parts: list[str]) -> bool:
    """A template's own text, piece by piece between its fields, holds characters JSON never
    has outside a string, and no quote of its own opens one."""
    if not parts or any('"' in part for part in parts):
        return False
    return any(set(part) - _OUTSIDE_STRINGS for part in parts)


def _template_parts(template: str, percent: bool) -> list[str]:
    """The text of a `%` template (or a `str.format` one) between its fields."""
    if percent:
        return _CONVERSION.sub("\0", template.replace("%%", "")).split("\0")
    return re.split(r"\{[^{}]*\}", template.replace("{{", "").replace("}}", ""))


def _number_then_text(node: ast.JoinedStr) -> bool:
    """`f"{value:g} {unit} = {result:.6g}"`: a formatted number first, then text of the
    f-string's own; a JSON text that starts as a number is that number alone."""
    parts = [
        v for v in node.values if not (isinstance(v, ast.Constant) and not str(v.value).strip())
    ]
    if len(parts) < 2 or not isinstance(parts[0], ast.FormattedValue):
        return False
    spec = parts[0].format_spec
    if not (
        isinstance(spec, ast.JoinedStr)
        and all(isinstance(v, ast.Constant) for v in spec.values)
        and _NUMBER_SPEC.match("".join(str(v.value) for v in spec.values))  # type: ignore[attr-defined]
    ):
        return False
    return any(isinstance(v, ast.Constant) and str(v.value).strip() for v in parts[1:])


def _fstring(node: ast.JoinedStr, scope: Scope, calls: CallVerdict | None, depth: int) -> Verdict:
    if not node.values:
        return Verdict(NOT_JSON, "an empty string", node)
    if (
        _starts_as_prose(node, scope, depth)
        or _ends_as_prose(node, scope, depth)
        or _number_then_text(node)
        or _text_between(node)
        or any(
            isinstance(v, ast.Constant) and isinstance(v.value, str) and _prose_line(v.value)
            for v in node.values
        )
    ):
        return Verdict(NOT_JSON, "an f-string that is not JSON", node)
    if _wrapped_in_structure(node):
        return _UNKNOWN_V  # (`f"[{a}, {b}]"`, `f'{{"id": {n}}}'`: JSON built around values)
    # `f"{json.dumps(data)}\n[hint]"`: a JSON value with text joined to it
    has_text = any(
        isinstance(v, ast.Constant) and isinstance(v.value, str) and v.value.strip()
        for v in node.values
    )
    fields = [v for v in node.values if isinstance(v, ast.FormattedValue)]
    if has_text and any(
        f.format_spec is None
        and f.conversion == -1
        and infer(f.value, scope, calls, depth + 1).kind == JSON
        for f in fields
    ):
        return Verdict(NOT_JSON, "a JSON string with text joined to it", node)
    if len(fields) >= 2 and all(
        f.format_spec is None and infer(f.value, scope, calls, depth + 1).kind == JSON
        for f in fields
    ):
        return Verdict(NOT_JSON, "JSON strings joined together", node)
    return _UNKNOWN_V


# Characters a JSON text holds outside its strings (white space, structure, numbers, and the
# letters of true, false and null).
_OUTSIDE_STRINGS = frozenset(' \t\r\n{}[],:-+.0123456789eEtruefalsn"')


def _prose_line(part: str) -> bool:
    """A piece of an f-string's own text with a line break, beside which (up to a quote) stands
    a character no JSON text holds outside a string: a raw line break is never inside a JSON
    string, so that character is outside one (`f"{before}## [Unreleased]\n\n{body}"`)."""
    if "\n" not in part:
        return False
    for at in (i for i, c in enumerate(part) if c == "\n"):
        before = part[:at].rsplit('"', 1)[-1]
        after = part[at + 1 :].split('"', 1)[0]
        if any(c not in _OUTSIDE_STRINGS for c in before + after):
            return True
    return False


def has_text(expr: ast.expr) -> bool:
    """A string literal (or f-string) with non-whitespace characters of its own."""
    if isinstance(expr, ast.Constant) and isinstance(expr.value, str):
        return bool(expr.value.strip())
    if isinstance(expr, ast.JoinedStr):
        return any(
            (isinstance(v, ast.Constant) and isinstance(v.value, str) and v.value.strip())
            or isinstance(v, ast.FormattedValue)
            for v in expr.values
        )
    return False


def _binop(expr: ast.BinOp, scope: Scope, calls: CallVerdict | None, depth: int) -> Verdict:
    if isinstance(expr.op, ast.Mod):
        template = (
            expr.left.value
            if isinstance(expr.left, ast.Constant) and isinstance(expr.left.value, str)
            else None
        )
        # (`"%d" % n`: what a conversion at either end gives starts or ends the text)
        starts = not (
            template is not None and _CONVERSION.match(template.lstrip())
        ) and _starts_as_prose(expr.left, scope, depth)
        ends = not (
            template is not None and _CONVERSION_AT_END.search(template.rstrip())
        ) and _ends_as_prose(expr.left, scope, depth)
        # (`"%s: %d files" % (...)`: text between the fields that no JSON holds)
        between = template is not None and _prose_between(_template_parts(template, True))
        if starts or ends or between:
            return Verdict(NOT_JSON, "a %-formatted string that is not JSON", expr)
        return _UNKNOWN_V
    if isinstance(expr.op, ast.Div):
        left = infer(expr.left, scope, calls, depth + 1)
        return left if left.what == "a path" else _UNKNOWN_V  # (`base / name`: a Path)
    if not isinstance(expr.op, ast.Add):
        return _UNKNOWN_V
    for blank, other in ((expr.right, expr.left), (expr.left, expr.right)):
        if (
            isinstance(blank, ast.Constant)
            and isinstance(blank.value, str)
            and not blank.value.strip()
        ):
            # (`"\n".join(out) + "\n"`: whitespace around JSON is JSON; around text, text)
            return infer(other, scope, calls, depth + 1)
    if _starts_as_prose(expr.left, scope, depth) or _ends_as_prose(expr.right, scope, depth):
        return Verdict(NOT_JSON, "a string that is not JSON", expr)
    left = infer(expr.left, scope, calls, depth + 1)
    right = infer(expr.right, scope, calls, depth + 1)
    if (left.kind == JSON and has_text(expr.right)) or (right.kind == JSON and has_text(expr.left)):
        return Verdict(NOT_JSON, "a JSON string with text concatenated to it", expr)
    if left.kind == JSON and right.kind == JSON:
        return Verdict(NOT_JSON, "two JSON strings concatenated", expr)
    if _is_text(left) and _is_text(right):
        return Verdict(NOT_JSON, f"text joined: {left.reason} + {right.reason}", expr)
    return _UNKNOWN_V


def _is_text(verdict: Verdict) -> bool:
    """A verdict of text that is not JSON (a command's output, a file's text, prose)."""
    return verdict.kind == NOT_JSON and verdict.reason.startswith(
        (*_TEXTS, "a command's", "a file's text", "a string that is not JSON")
    )


# -- names: every binding ------------------------------------------------------------------------


def _binding_values(name: str, scope: Scope) -> list[tuple[ast.expr, Scope] | None]:
    """The value expression of each binding of `name` in force (None for a binding whose
    value is not written as an expression: a parameter, a loop target, an import...)."""
    located = scope.lookup(name)
    if located is None:
        return [None]
    where, bindings = located
    if bindings is None:
        assert where.env is not None
        out: list[tuple[ast.expr, Scope] | None] = []
        for obj in where.env[name].items:
            out.append((obj.expr, obj.scope) if isinstance(obj, Literal) else None)
        return out or [None]
    values: list[tuple[ast.expr, Scope] | None] = []
    for binding in where.live(name, bindings):
        if binding.kind == "mutated":
            continue
        values.append(_value_of(binding, where))
    return values


def _value_of(binding: Binding, where: Scope) -> tuple[ast.expr, Scope] | None:
    if binding.kind in ("assign", "annotated", "named", "global") and binding.value is not None:
        if binding.path != ():
            return None
        home = where
        if binding.kind == "global" and binding.home is not None:
            home = def_scope(where.module, binding.home)
        return binding.value, home
    if binding.kind == "augmented" and binding.value is not None:
        return None
    return None


# Changes that only a dict, a list or a set takes (never a string).
_ADDS_ITEMS = frozenset({"setitem", "append", "update", "add"})


def _may_be_multimodal(binding: Binding, where: Scope) -> bool:
    """The value may be Hermes' multimodal envelope, a dict it passes on: the module, or that
    of the def whose call made it, builds one."""
    if where.module.contains(MULTIMODAL_KEY):
        return True
    value = binding.value
    if not isinstance(value, ast.Call):
        return False
    return any(
        isinstance(obj, Function) and obj.module.contains(MULTIMODAL_KEY)
        for obj in resolve(value.func, where).items
    )


MULTIMODAL_KEY = "_multimodal"


def _name(expr: ast.Name, scope: Scope, calls: CallVerdict | None, depth: int) -> Verdict:
    name = expr.id
    located = scope.lookup(name)
    if located is None:
        return _UNKNOWN_V
    where, bindings = located
    memo = _memo(where, name)
    if memo is not None and name in memo:
        known = memo[name]
        return known if isinstance(known, Verdict) else _UNKNOWN_V
    if memo is not None:
        memo[name] = None  # in progress: a cycle gives UNKNOWN
    verdict = _name_uncached(name, where, bindings, calls, depth)
    if memo is not None:
        memo[name] = verdict
    return verdict


def _memo(where: Scope, name: str) -> dict[str, object] | None:
    if where.func is None and where.env is None:
        return where.module.state.json_names  # one verdict per module name and run
    return where.cache()


def _name_uncached(
    name: str,
    where: Scope,
    bindings: list[Binding] | None,
    calls: CallVerdict | None,
    depth: int,
) -> Verdict:
    verdicts: list[Verdict] = []
    if bindings is None:
        assert where.env is not None
        possible = where.env[name]
        if not possible.complete or not possible.items:
            return _UNKNOWN_V
        verdicts = [_object_verdict(obj, calls, depth) for obj in possible.items]
    else:
        reaching = where.live(name, bindings)
        live = [b for b in reaching if b.kind != "mutated"]
        if not live:
            return _UNKNOWN_V
        appended = [b for b in live if b.kind == "augmented"]
        for binding in live:
            if binding.kind == "augmented":
                continue
            verdicts.append(_binding_verdict(binding, where, calls, depth))
        if appended:
            # `s = json.dumps(...)` then `s += "\n[hint]"`: JSON followed by prose
            if (
                verdicts
                and all(v.kind == JSON for v in verdicts)
                and all(
                    b.detail == "Add" and b.value is not None and has_text(b.value)
                    for b in appended
                )
            ):
                line = appended[0].line
                return Verdict(
                    NOT_JSON,
                    f"a JSON string with text appended to it (line {line})",
                    appended[0].node,
                )
            firsts = [_value_of(b, where) for b in live if b.kind != "augmented"]
            if firsts and all(
                f is not None and _starts_as_prose(f[0], f[1], depth + 1) for f in firsts
            ):
                # (`txt = "Pos  Sail " + ...` then `txt += row`: appending keeps its start)
                return Verdict(NOT_JSON, "a string that is not JSON", firsts[0][0])  # type: ignore[index]
            return _UNKNOWN_V
    if verdicts and all(v.kind == JSON for v in verdicts):
        return _JSON_V
    if verdicts and all(v.kind == NOT_JSON for v in verdicts):
        return verdicts[0]
    if bindings is not None:
        return _given_items(name, where, bindings)
    return _UNKNOWN_V


def _given_items(name: str, where: Scope, bindings: list[Binding]) -> Verdict:
    """`cached["cached"] = True` ... `return cached`: a value given items after every binding
    that reaches here is a dict or a list (no text takes items), unless it may be the
    multimodal envelope Hermes passes on."""
    reaching = where.live(name, bindings)
    live = [b for b in reaching if b.kind != "mutated"]
    added = [b for b in reaching if b.kind == "mutated" and b.detail in _ADDS_ITEMS]
    if (
        live
        and added
        and all(any(m.line > b.line for m in added) for b in live)
        and not any(_may_be_multimodal(b, where) for b in live)
    ):
        return Verdict(
            NOT_JSON,
            f"a dict or a list (items are added to it, line {added[0].line})",
            added[0].node,
        )
    return _UNKNOWN_V


def _binding_verdict(
    binding: Binding, where: Scope, calls: CallVerdict | None, depth: int
) -> Verdict:
    value = _value_of(binding, where)
    if value is not None:
        return infer(value[0], value[1], calls, depth + 1)
    kind = binding.kind
    if kind == "def":
        return Verdict(NOT_JSON, "a function", binding.node)
    if kind == "except":
        return Verdict(NOT_JSON, "an exception", binding.node)
    if kind == "import":
        found = import_objects(binding, where)
        if not found.complete or len(found.items) != 1:
            return _UNKNOWN_V
        return _object_verdict(found.items[0], calls, depth)
    if kind == "param":
        found = resolve_binding(binding, where)
        if found.complete and found.items:
            verdicts = [_object_verdict(o, calls, depth) for o in found.items]
            if all(v.kind == NOT_JSON for v in verdicts):
                return verdicts[0]
    return _UNKNOWN_V


def _object_verdict(obj: Obj, calls: CallVerdict | None, depth: int) -> Verdict:
    if isinstance(obj, Literal):
        return infer(obj.expr, obj.scope, calls, depth + 1)
    if isinstance(obj, Const):
        return _constant(obj.value, obj.node or ast.Constant(obj.value))  # type: ignore[arg-type]
    if isinstance(obj, (Function, Partial)):
        return Verdict(NOT_JSON, "a function", getattr(obj, "node", None))
    if isinstance(obj, (Class, ModuleObject)):
        return Verdict(NOT_JSON, "a class" if isinstance(obj, Class) else "a module")
    return _UNKNOWN_V


# -- attributes and calls ------------------------------------------------------------------------


def _attribute(expr: ast.Attribute, scope: Scope, calls: CallVerdict | None, depth: int) -> Verdict:
    """`result.stdout` of a command run with subprocess: its output, text."""
    if expr.attr in ("stdout", "stderr"):
        found = _command_call(expr.value, scope)
        if found is None:
            return _UNKNOWN_V
        call, where, outer = found
        if outer is not None and _asks_for_json(outer, scope):
            return _UNKNOWN_V
        command = _command_of(call)
        if (
            outer is not None
            and isinstance(command, ast.Name)
            and isinstance(where.func, (ast.FunctionDef, ast.AsyncFunctionDef))
        ):
            # `def _run(cmd): return subprocess.run(cmd, ...)`: the command is the caller's
            given = _argument_for(outer, where.func, command.id)
            if given is not None:
                if not _prints_text(call, where, (given, scope)):
                    return _UNKNOWN_V
                return Verdict(NOT_JSON, f"a command's {expr.attr} (text)", expr)
        spread: tuple[str, list[ast.expr]] | None = None
        if outer is not None and isinstance(where.func, (ast.FunctionDef, ast.AsyncFunctionDef)):
            vararg = where.func.args.vararg
            if vararg is not None:
                # `def run_docker(*argv): subprocess.run([DOCKER, *argv])`: the caller's words
                leading = len(where.func.args.posonlyargs) + len(where.func.args.args)
                spread = (vararg.arg, outer.args[leading:])
        if not _prints_text(call, where, spread=spread):
            return _UNKNOWN_V
        return Verdict(NOT_JSON, f"a command's {expr.attr} (text)", expr)
    if expr.attr == "__dict__":
        return Verdict(NOT_JSON, "a dict (__dict__)", expr)
    return _UNKNOWN_V


def _is_response(expr: ast.expr, scope: Scope) -> bool:
    """`expr` is an HTTP response of requests, httpx or aiohttp (`semantic.clients`)."""
    found = resolve(expr, scope).single()
    return isinstance(found, External) and found.dotted in RESPONSES


def _command_call(expr: ast.expr, scope: Scope) -> tuple[ast.Call, Scope, ast.Call | None] | None:
    """The `subprocess.run(...)` call whose result `expr` is, with its scope: written here, or
    returned as it is by a project function called here (`def git(*argv): return
    subprocess.run(["git", *argv], ...)`; then that call is the third item), else None."""
    call = _call_behind(expr, scope)
    if call is None:
        return None
    origin = resolve(call.func, scope).single()
    if _is_run(origin):
        return call, scope, None
    if not isinstance(origin, Function) or isinstance(origin.node, ast.Lambda):
        return None
    inner = def_scope(origin.module, origin.node)
    found: ast.Call | None = None
    for ret in returns_of(origin.node):
        value = ret.value
        if not (
            isinstance(value, ast.Call)
            and _is_run(resolve(value.func, inner).single())
            and (found is None or found is value)
        ):
            return None
        found = value
    return (found, inner, call) if found is not None else None


def _is_run(obj: object) -> bool:
    return isinstance(obj, External) and obj.dotted == "subprocess.run"


def _call_behind(expr: ast.expr, scope: Scope) -> ast.Call | None:
    """The call an expression is (or a local name is bound to once)."""
    if isinstance(expr, ast.Await):
        expr = expr.value
    if isinstance(expr, ast.Call):
        return expr
    if isinstance(expr, ast.Name):
        values = _binding_values(expr.id, scope)
        if len(values) == 1 and values[0] is not None and isinstance(values[0][0], ast.Call):
            return values[0][0]
    return None


def _asks_for_json(expr: ast.expr, scope: Scope) -> bool:
    """A command or file whose text mentions JSON (`--json`, `-o json`, `x.json`); True for
    an expression that is no call (nor a name bound to one): it cannot be known."""
    call = _call_behind(expr, scope)
    return _mentions_json(call) if call is not None else True


def _mentions_json(node: ast.AST) -> bool:
    """Some string constant in `node` mentions JSON."""
    return any(
        isinstance(sub, ast.Constant) and isinstance(sub.value, str) and "json" in sub.value.lower()
        for sub in ast.walk(node)
    )


# Programs whose output is often JSON (API clients, JSON filters) or anything at all (interpreters
# running a script, shells, remote or wrapped commands): their output is not known to be text.
_ANY_OUTPUT = frozenset(
    [
        "aws",
        "az",
        "bash",
        "bun",
        "cmd",
        "curl",
        "deno",
        "docker",
        "env",
        "fish",
        "gcloud",
        "gh",
        "helm",
        "http",
        "https",
        "httpie",
        "jq",
        "kubectl",
        "node",
        "npm",
        "npx",
        "nice",
        "oc",
        "perl",
        "php",
        "podman",
        "powershell",
        "pwsh",
        "py",
        "python",
        "python2",
        "python3",
        "ruby",
        "sh",
        "ssh",
        "sudo",
        "terraform",
        "timeout",
        "uv",
        "uvx",
        "wget",
        "xargs",
        "xh",
        "yq",
        "zsh",
    ]
)


def _command_of(call: ast.Call) -> ast.expr | None:
    """The command a subprocess call runs (its first argument, or `args=`)."""
    command = call.args[0] if call.args else None
    for kw in call.keywords:
        if kw.arg == "args":
            command = kw.value
    return command


def _argument_for(
    call: ast.Call, func: ast.FunctionDef | ast.AsyncFunctionDef, param: str
) -> ast.expr | None:
    """The expression `call` gives `func`'s parameter `param` (positional or by keyword)."""
    names = [a.arg for a in (*func.args.posonlyargs, *func.args.args)]
    if param in names:
        index = names.index(param)
        if index < len(call.args) and not any(
            isinstance(a, ast.Starred) for a in call.args[: index + 1]
        ):
            return call.args[index]
    return next((kw.value for kw in call.keywords if kw.arg == param), None)


def _prints_text(
    call: ast.Call,
    scope: Scope,
    given: tuple[ast.expr, Scope] | None = None,
    spread: tuple[str, list[ast.expr]] | None = None,
) -> bool:
    """Whether a subprocess call runs a command known from the code whose output is text: its
    program is written out, is not one whose output may be JSON, and nothing in the command or
    the call mentions JSON (`--json`, `-o json`). `given`: the command, when a caller passes
    it (with the caller's scope); `spread`: a `*args` parameter of the def the call is in and
    what its caller passes there."""
    if _asks_for_json(call, scope):
        return False
    command = _command_of(call)
    if given is not None:
        command, scope = given
    if isinstance(command, ast.BinOp) and isinstance(command.op, ast.Add):
        if _mentions_json(command.right):
            return False
        command = command.left  # (`cmd + [path]`: the program is the left part's)
    if isinstance(command, ast.Name):
        values = _command_values(command.id, scope)
        if len(values) != 1 or values[0] is None:
            return False
        command, _ = values[0]
        if _mentions_json(command):
            return False
    first: ast.expr | None = command
    elts: list[ast.expr] = []
    if isinstance(command, (ast.List, ast.Tuple)):
        elts = _spread(command.elts, spread)
        first = elts[0] if elts else None
    elif isinstance(command, ast.JoinedStr):
        first = command.values[0] if command.values else None
    program_text = _program_text(first, scope) if first is not None else None
    if program_text is None:
        return False
    words = program_text.split()
    if not words:
        return False
    program = words[0].rsplit("/", 1)[-1].lower()
    if program in _TEXT_SUBCOMMANDS:
        # `docker logs`: a subcommand of a program whose other subcommands print JSON
        second: ast.expr | None = None
        if len(words) > 1:
            return words[1] in _TEXT_SUBCOMMANDS[program]
        if len(elts) > 1:
            second = elts[1]
        return (
            isinstance(second, ast.Constant)
            and isinstance(second.value, str)
            and second.value in _TEXT_SUBCOMMANDS[program]
        )
    return program not in _ANY_OUTPUT


def _spread(elts: list[ast.expr], spread: tuple[str, list[ast.expr]] | None) -> list[ast.expr]:
    """A command list's words with `*argv` replaced by what the caller passes there."""
    if spread is None:
        return elts
    name, given = spread
    out: list[ast.expr] = []
    for elt in elts:
        if isinstance(elt, ast.Starred) and isinstance(elt.value, ast.Name):
            if elt.value.id != name or any(isinstance(a, ast.Starred) for a in given):
                return out + [elt]  # (what follows cannot be placed)
            out.extend(given)
        else:
            out.append(elt)
    return out


def _program_text(expr: ast.expr, scope: Scope) -> str | None:
    """The text of a command's first word: a constant, or a name bound once to one or to an
    environment lookup with a default (`DOCKER = os.environ.get("DOCKER_BIN", "docker")`)."""
    if isinstance(expr, ast.Name):
        values = _binding_values(expr.id, scope)
        if len(values) != 1 or values[0] is None:
            return None
        expr, scope = values[0]
        if (
            isinstance(expr, ast.Call)
            and len(expr.args) == 2
            and isinstance(expr.func, ast.Attribute)
            and _dotted_of(expr.func, scope) in ("os.environ.get", "os.getenv")
        ):
            expr = expr.args[1]
    if isinstance(expr, ast.Constant) and isinstance(expr.value, str):
        return expr.value
    return None


def _dotted_of(expr: ast.expr, scope: Scope) -> str | None:
    found = resolve(expr, scope).single()
    return found.dotted if isinstance(found, External) else None


# Subcommands that print text (logs, descriptions) of programs in _ANY_OUTPUT.
_TEXT_SUBCOMMANDS = {
    "docker": frozenset({"logs"}),
    "podman": frozenset({"logs"}),
    "kubectl": frozenset({"logs", "describe"}),
}


def _command_values(name: str, scope: Scope) -> list[tuple[ast.expr, Scope] | None]:
    """`_binding_values` of a command list, without what `+=` / `.append` / `.extend` add to
    it (they leave its program first; what they add is searched for JSON all the same)."""
    located = scope.lookup(name)
    if located is None:
        return [None]
    where, bindings = located
    if bindings is None:
        return _binding_values(name, scope)
    values: list[tuple[ast.expr, Scope] | None] = []
    for binding in where.live(name, bindings):
        if binding.kind in ("mutated", "augmented"):
            value = binding.value
            if value is not None and _mentions_json(value):
                return [None]
            continue
        values.append(_value_of(binding, where))
    return values


# Suffixes of files that hold text no JSON parser reads.
_TEXT_SUFFIXES = (
    ".txt", ".md", ".markdown", ".rst", ".log", ".csv", ".tsv", ".yaml", ".yml", ".toml", ".ini",
    ".cfg", ".html", ".htm", ".xml", ".py", ".sh", ".env",
)  # fmt: skip


def _text_file(path: ast.expr, scope: Scope) -> bool:
    """Whether the code shows the file a path names is a text file: a name in it ends with a
    text suffix (`notes.md`, also as a default or a single binding), and nothing mentions JSON.
    A path the code does not show (a parameter, the model's own) may be a JSON file."""
    call = _call_behind(path, scope)
    node: ast.AST = call if call is not None else path
    if isinstance(path, ast.Name) and call is None:
        values = _binding_values(path.id, scope)
        if len(values) != 1 or values[0] is None:
            return False
        node = values[0][0]
    texts = [
        sub.value.lower()
        for sub in ast.walk(node)
        if isinstance(sub, ast.Constant) and isinstance(sub.value, str)
    ]
    if any("json" in text for text in texts):
        return False
    return any(text.endswith(_TEXT_SUFFIXES) for text in texts)


def callee_origin(func: ast.expr, scope: Scope) -> tuple[str, str] | None:
    """(module, name) of a called function that comes from outside the project or from a
    `registry` module (`json.dumps`, `tool_error`)."""
    found = resolve(func, scope).single()
    if isinstance(found, External) and found.attr is not None:
        return found.module, found.attr
    if isinstance(found, Function) and found.module.dotted.endswith("registry"):
        return found.module.dotted, found.name
    return None


_TEXT_READERS = {"read_text": "a file's text", "readlines": "a list", "read": None}


def _call(expr: ast.Call, scope: Scope, calls: CallVerdict | None, depth: int) -> Verdict:
    func = expr.func
    origin = callee_origin(func, scope)
    if origin is not None:
        module, name = origin
        if module in ("json", "simplejson") and name == "dumps":
            return _JSON_V
        if module == "orjson" and name == "dumps":
            return Verdict(NOT_JSON, "bytes (orjson.dumps returns bytes)", expr)
        if name in ("tool_error", "tool_result") and (
            module == "registry" or module.endswith(".registry")
        ):
            return _JSON_V
        other = _OTHER_FORMATS.get((module, name))
        if other is not None and expr.args:
            return Verdict(NOT_JSON, other, expr)
        if module == "pathlib" and name in ("Path", "PurePath", "PosixPath"):
            return Verdict(NOT_JSON, "a path (a Path object)", expr, what="a path")
        made = _PATH_TEXT.get((module, name))
        if made is not None and expr.args and (name != "join" or len(expr.args) >= 2):
            return Verdict(NOT_JSON, made, expr)
        if module == "dataclasses" and name in ("asdict", "astuple") and expr.args:
            kind = "a dict" if name == "asdict" else "a tuple"
            return Verdict(NOT_JSON, f"{kind} (dataclasses.{name})", expr)
        if module == "subprocess" and name == "check_output":
            if not _prints_text(expr, scope):
                return _UNKNOWN_V
            text = any(kw.arg in ("text", "universal_newlines", "encoding") for kw in expr.keywords)
            return Verdict(
                NOT_JSON, "a command's output" + (" (text)" if text else " (bytes)"), expr
            )
    if _same_start(expr) is not None and _starts_as_prose(expr, scope, depth):
        return Verdict(NOT_JSON, "a string that is not JSON", expr)  # (`summary.capitalize()`)
    if (
        isinstance(func, ast.Attribute)
        and func.attr in ("strip", "lstrip", "rstrip")
        and not expr.args
        and not expr.keywords
    ):
        # (JSON allows white space around it: stripped, a text is JSON exactly when it was)
        inner = infer(func.value, scope, calls, depth + 1)
        if inner.kind == JSON or (inner.kind == NOT_JSON and inner.reason.startswith(_STRIPPABLE)):
            return inner
    if isinstance(func, ast.Attribute):
        if func.attr in _PATH_KEEPING and isinstance(func.value, (ast.Call, ast.Name, ast.BinOp)):
            inner = infer(func.value, scope, calls, depth + 1)
            if inner.what == "a path":
                return inner  # (`Path(p).expanduser().resolve()`: still a Path)
        if func.attr == "decode" and isinstance(func.value, ast.Call):
            inner = _call(func.value, scope, calls, depth + 1)
            if inner.kind == NOT_JSON and inner.reason.startswith(_JSON_BYTES):
                return _JSON_V  # `orjson.dumps(...).decode()` is a str holding JSON
            return _UNKNOWN_V
        if func.attr == "encode" and isinstance(func.value, (ast.Call, ast.Name)):
            inner = infer(func.value, scope, calls, depth + 1)
            if inner.kind == JSON:
                return Verdict(NOT_JSON, "bytes (an encoded JSON string)", expr)
            if inner.kind == NOT_JSON and inner.reason.startswith(_TEXTS):
                return Verdict(NOT_JSON, "bytes (encoded text)", expr)
            return _UNKNOWN_V
        if func.attr == "format":
            template = (
                func.value.value
                if isinstance(func.value, ast.Constant) and isinstance(func.value.value, str)
                else None
            )
            if (
                _starts_as_prose(func.value, scope, depth)
                or _ends_as_prose(func.value, scope, depth)
                or (template is not None and _prose_between(_template_parts(template, False)))
            ):
                return Verdict(NOT_JSON, "a formatted string that is not JSON", expr)
            return _UNKNOWN_V
        if func.attr == "join" and len(expr.args) == 1 and not expr.keywords:
            return _join(func.value, expr, scope, calls, depth)
        if func.attr == "getvalue":
            written = first_written(expr, scope)
            if isinstance(written, str) and _text(written, expr, whole=False).kind == NOT_JSON:
                return Verdict(NOT_JSON, "CSV text (a text buffer)", expr)
            if isinstance(written, ast.expr) and _starts_as_prose(written, scope, depth + 1):
                return Verdict(NOT_JSON, "text written to a buffer", expr)
            return _UNKNOWN_V
        if func.attr == "read_text" and _text_file(func.value, scope):
            return Verdict(NOT_JSON, "a file's text", expr)
        if func.attr == "read_bytes" and not expr.args and not expr.keywords:
            return Verdict(NOT_JSON, "bytes (a file's contents)", expr)
        if func.attr == "json" and not expr.args and _is_response(func.value, scope):
            return Verdict(NOT_JSON, "a response's parsed body (a dict or a list)", expr)
    if isinstance(func, ast.Name):
        builtin = resolve(func, scope).single()
        if isinstance(builtin, Builtin):
            return _builtin(builtin.name, expr, scope, calls, depth)
    if isinstance(func, (ast.Name, ast.Attribute)) and is_typed_dict(func, scope):
        return Verdict(NOT_JSON, "a dict (a TypedDict)", expr)
    if isinstance(func, (ast.Name, ast.Attribute)):
        classes = resolve(func, scope)
        if (
            classes.complete
            and classes.items
            and all(isinstance(o, Class) and _never_text(o.ref) for o in classes.items)
        ):
            # (`return Err("not_found", ...)` where `.to_json()` was meant)
            first = classes.items[0]
            assert isinstance(first, Class)
            return Verdict(
                NOT_JSON, f"an instance of {first.ref.name} (an object)", expr, what="an object"
            )
        if (
            classes.complete
            and classes.items
            and all(_makes_instance(o) and _never_text(o.owner) for o in classes.items)  # type: ignore[attr-defined]
        ):
            # (`return Result.failure(err)` of `@classmethod def failure(cls, e): return
            # cls(error=e)`: an instance of the class it is called on)
            name = classes.items[0].owner.name  # type: ignore[attr-defined]
            return Verdict(NOT_JSON, f"an instance of {name} (an object)", expr, what="an object")
    if calls is not None:
        found = calls(expr, scope, depth)
        if found is not None:
            return found
    if isinstance(func, ast.Attribute) and not expr.args and func.attr in _MODEL_DUMPS:
        # (a pydantic model's, when the method is none of the project's)
        dumped = _MODEL_DUMPS[func.attr]
        if not isinstance(resolve(func, scope).single(), Function):
            return _JSON_V if dumped is None else Verdict(NOT_JSON, dumped, expr)
    return _UNKNOWN_V


# Bases (not the project's) whose instances are no text: `class Err(Generic[T])`.
_OBJECT_BASES = frozenset({"object", "Generic", "Protocol", "ABC"})
# Class decorators that hand the class back as it is.
_KEEPING_DECORATORS = frozenset(
    {"dataclass", "define", "frozen", "mutable", "s", "attrs", "total_ordering", "final"}
)


def _makes_instance(obj: object) -> bool:
    """A classmethod of a project class every `return` of which calls its `cls` (`return
    cls(error=e)`): a factory of instances of the class it is called on."""
    if not isinstance(obj, Function) or obj.owner is None or isinstance(obj.node, ast.Lambda):
        return False
    node = obj.node
    if not any(last_name(d) == "classmethod" for d in node.decorator_list):
        return False
    params = [*node.args.posonlyargs, *node.args.args]
    if not params:
        return False
    returns = [r for r in walk_function(node) if isinstance(r, ast.Return)]
    return bool(returns) and all(
        isinstance(r.value, ast.Call) and is_name(r.value.func, params[0].arg) for r in returns
    )


def _never_text(cls: ClassRef, depth: int = 0) -> bool:
    """Instances of `cls` are surely no `str`: no base could be `str` (each is the project's,
    a builtin other than str, or `Generic`/`ABC`...), no `__new__`, no metaclass, and no
    decorator that could put something else in the class's place."""
    node = cls.node
    if depth > 8 or node.keywords or cls.own_def("__new__") is not None:
        return False
    for dec in node.decorator_list:
        target = dec.func if isinstance(dec, ast.Call) else dec
        if last_name(target) not in _KEEPING_DECORATORS:
            return False
    for expr, base in zip(node.bases, class_bases(cls)):
        if base is not None:
            if not _never_text(base, depth + 1):
                return False
            continue
        if isinstance(expr, ast.Subscript):
            expr = expr.value  # (`Outcome[T]`: the class it parametrises)
            generic = class_named(expr, cls.scope)
            if generic is not None:
                if not _never_text(generic, depth + 1):
                    return False
                continue
        name = last_name(expr)
        if name in _OBJECT_BASES:
            continue
        if (
            isinstance(expr, ast.Name)
            and is_builtin_name(expr.id, cls.scope)
            and isinstance(getattr(builtins, expr.id, None), type)
            and expr.id not in ("str", "type")
        ):
            continue
        return False
    return True


# Methods of pydantic models: what they return (None: a JSON string).
_MODEL_DUMPS = {"model_dump": "a dict (model_dump)", "model_dump_json": None}


def _join(
    separator: ast.expr, call: ast.Call, scope: Scope, calls: CallVerdict | None, depth: int
) -> Verdict:
    """`"\\n".join(lines)`: text lines joined, not JSON."""
    if not (isinstance(separator, ast.Constant) and isinstance(separator.value, str)):
        return _UNKNOWN_V
    lines = call.args[0]
    if "\n" not in separator.value:
        # (the joined text starts as its first piece does, and ends as its last)
        first = _first_row(lines, scope)
        last = _last_rows(lines, scope)
        if (first is not None and _starts_as_prose(first[0], first[1], depth + 1)) or (
            last and all(_ends_as_prose(row, where, depth + 1) for row, where in last)
        ):
            return Verdict(NOT_JSON, "pieces of text joined together", call)
    if "\n" in separator.value:
        # (a JSON text holds no line break inside a string: across lines, a first line that
        # starts or ends as no JSON does makes the whole text none)
        first = _first_row(lines, scope)
        if first is not None and (
            _starts_as_prose(first[0], first[1], depth + 1)
            or _ends_as_prose(first[0], first[1], depth + 1)
            or _prose_inside(first[0])
            or infer(first[0], first[1], calls, depth + 1).reason.endswith(_PATH_REASONS)
        ):
            return Verdict(NOT_JSON, "lines of text joined together", call)
        if _prose_lines(lines, scope):
            return Verdict(NOT_JSON, "lines of text joined together", call)
        last = _last_rows(lines, scope)
        if last and all(
            _prose_inside(row)
            or _starts_as_prose(row, where, depth + 1)
            or _ends_as_prose(row, where, depth + 1)
            for row, where in last
        ):
            # (so does a last line that is no JSON's: `f"{n} commits, busiest {day}"`)
            return Verdict(NOT_JSON, "lines of text joined together", call)
    if isinstance(lines, ast.Name):
        bound = assigned_value(lines.id, scope)
        if bound is not None and isinstance(bound[0], (ast.GeneratorExp, ast.ListComp, ast.Call)):
            lines, scope = bound  # `lines = [f"- {n}" for n in notes]` bound once
    if isinstance(lines, ast.Call):
        origin = callee_origin(lines.func, scope)
        if origin is not None and origin[0] == "difflib" and origin[1] in _DIFFS:
            return Verdict(NOT_JSON, f"the lines of a diff (difflib.{origin[1]})", call)
        return _UNKNOWN_V
    if isinstance(lines, (ast.GeneratorExp, ast.ListComp)) and len(lines.generators) == 1:
        # `"\n".join(f"- {n}" for n in notes)`: every line prose (none at all: "")
        element = lines.elt
        if _starts_as_prose(element, scope, depth) or (
            "\n" in separator.value and _prose_inside(element)
        ):
            return Verdict(NOT_JSON, "lines of text joined together", call)
        if separator.value.strip() not in (",",) and _json_element(lines, scope, calls, depth):
            # `"\n".join(json.dumps(r) for r in rows)`: JSON Lines, one JSON text only when
            # there is one row
            return Verdict(NOT_JSON, "JSON strings joined together", call)
    table = rows(lines, scope)
    if table is None or not table.complete:
        return _UNKNOWN_V
    items = table.items
    if not items:
        return Verdict(NOT_JSON, "an empty string", call)
    if all(_starts_as_prose(row, where, depth + 1) for row, where in items):
        # (whichever row comes first, the joined text starts as no JSON text does)
        what = "lines" if "\n" in separator.value else "pieces"
        return Verdict(NOT_JSON, f"{what} of text joined together", call)
    verdicts = [infer(row, row_scope, calls, depth + 1) for row, row_scope in items]
    if all(v.kind == NOT_JSON for v in verdicts) and not isinstance(lines, _COMPREHENSIONS):
        # (a comprehension's pieces, each no JSON text, may still make one: `'{"a"'`, `': 1}'`)
        return Verdict(NOT_JSON, "lines of text joined together", call)
    if (
        len(items) >= 2
        and separator.value.strip() not in (",",)
        and all(v.kind == JSON for v in verdicts)
    ):
        return Verdict(NOT_JSON, "JSON strings joined together", call)
    return _UNKNOWN_V


_PATH_REASONS = ("a file's path", "a Path object)")
_COMPREHENSIONS = (ast.GeneratorExp, ast.ListComp, ast.SetComp)
# Path methods whose answer is a Path again.
_PATH_KEEPING = frozenset(
    {"resolve", "expanduser", "absolute", "with_suffix", "with_name", "with_stem", "joinpath"}
)


def _built_then_appended(
    lines: ast.expr, scope: Scope
) -> tuple[ast.expr, list[Binding], Scope] | None:
    """For a name bound once (`lines = [...]`, a comprehension) and then only mutated: that
    value, the mutations that reach here, and the scope the name lives in; else None."""
    if not isinstance(lines, ast.Name):
        return None
    located = scope.lookup(lines.id)
    if located is None:
        return None
    where, bindings = located
    if bindings is None:
        return None
    live = where.live(lines.id, bindings)
    made = [b for b in live if b.kind != "mutated"]
    if not (
        len(made) == 1
        and made[0].kind == "assign"
        and made[0].path == ()
        and made[0].value is not None
    ):
        return None
    return made[0].value, [b for b in live if b.kind == "mutated"], where


def _last_rows(lines: ast.expr, scope: Scope) -> list[tuple[ast.expr, Scope]]:
    """What may be the last element of a list written out and only appended to (`parts =
    [a, b]` ... `parts.append(c)`): its last element and each value appended; [] when not
    known."""
    built = _built_then_appended(lines, scope)
    if built is None:
        return []
    value, mutations, where = built
    if not (
        isinstance(value, ast.List)
        and value.elts
        and not any(isinstance(e, ast.Starred) for e in value.elts)
    ):
        return []
    found = [(value.elts[-1], where)]
    for binding in mutations:
        if binding.detail != "append" or binding.value is None:
            return []
        found.append((binding.value, where))
    if mutations and mutations[-1].unconditional:
        # (`lines.append(f"{n} commits")` after the loop that adds rows: always the last)
        return found[-1:]
    return found


def _prose_lines(lines: ast.expr, scope: Scope) -> bool:
    """A name bound once to a comprehension whose every element holds prose between its
    fields (`[f"{lo}-{hi}| {bar}" for ...]`), and to which only such lines are appended:
    joined with line breaks, each line is no JSON's, so neither is the whole."""
    built = _built_then_appended(lines, scope)
    if built is None:
        return False
    value, mutations, where = built
    if not (isinstance(value, (ast.ListComp, ast.GeneratorExp)) and _prose_inside(value.elt)):
        return False
    return all(
        binding.detail == "append"
        and binding.value is not None
        and (_prose_inside(binding.value) or _starts_as_prose(binding.value, where, 0))
        for binding in mutations
    )


def _first_row(lines: ast.expr, scope: Scope) -> tuple[ast.expr, Scope] | None:
    """The first element of a list written out (`lines = [header]`, later appended to)."""
    if isinstance(lines, ast.Name):
        located = scope.lookup(lines.id)
        if located is None or located[1] is None:
            return None
        where = located[0]
        # (`out += [...]` and `.append` add lines after the first)
        live = where.live(lines.id, located[1])
        made = [b for b in live if b.kind not in ("mutated", "augmented")]
        if not (
            len(made) == 1
            and made[0].kind == "assign"
            and made[0].value is not None
            and made[0].path == ()
        ):
            return None
        lines, scope = made[0].value, where
        if isinstance(lines, ast.List) and not lines.elts:
            # (`out = []` then `out.append(f"INVOICE {n}")` before anything else: that line)
            added = sorted(
                (b for b in live if b.kind in ("mutated", "augmented") and b.line > made[0].line),
                key=lambda b: b.line,
            )
            if added and added[0].detail == "append" and added[0].unconditional:
                value = added[0].value
                return (value, where) if value is not None else None
            return None
    if isinstance(lines, ast.List) and lines.elts and not isinstance(lines.elts[0], ast.Starred):
        return lines.elts[0], scope
    return None


def _json_element(
    lines: ast.GeneratorExp | ast.ListComp, scope: Scope, calls: CallVerdict | None, depth: int
) -> bool:
    """Each element a `json.dumps(...)` of the loop's value (read in the element's own scope:
    the loop variable is unknown, which does not matter to `json.dumps`)."""
    element = lines.elt
    return (
        isinstance(element, ast.Call)
        and isinstance(element.func, ast.Attribute)
        and element.func.attr == "dumps"
        and isinstance(element.func.value, ast.Name)
        and element.func.value.id == "json"
        and infer(element, scope, calls, depth + 1).kind == JSON
    )


# Library calls that give text in another format (given something to write).
_OTHER_FORMATS = {
    ("yaml", "dump"): "YAML text (yaml.dump)",
    ("yaml", "safe_dump"): "YAML text (yaml.safe_dump)",
    ("toml", "dumps"): "TOML text (toml.dumps)",
    ("tomli_w", "dumps"): "TOML text (tomli_w.dumps)",
    ("pprint", "pformat"): "a Python repr (pprint.pformat)",
}
# Library calls that give a file's path (`/usr/bin/git`, `/home/me/notes`): text no JSON is.
_PATH_TEXT = {
    ("shutil", "which"): "a program's path (shutil.which)",
    **{
        (module, name): f"a file's path (os.path.{name})"
        for module in ("os.path", "posixpath")
        for name in ("abspath", "realpath", "join", "expanduser")
    },
}
# Library calls whose lines are a diff (`--- a`, `+++ b` ...).
_DIFFS = frozenset({"unified_diff", "context_diff", "ndiff"})
# Reasons of verdicts that are text (their `.encode()` gives bytes).
# Reasons a text is not JSON that hold of it stripped too (a str: `.strip()` runs on it).
_STRIPPABLE = (
    "a command's",
    "a file's text",
    "lines of text",
    "pieces of text",
    "a string that is not JSON",
    "an f-string",
    "a formatted string",
    "a %-formatted string",
    "text joined",
    "JSON strings joined",
    "a JSON string with text",
    "two JSON strings",
    "the lines of a diff",
)

_TEXTS = (
    "an f-string",
    "lines of text",
    "a formatted string",
    "YAML",
    "TOML",
    "a Python repr",
    "the lines of a diff",
    "a program's path",
    "a file's path",
)

# Builtins whose result is surely not a str.
_BUILTIN_RESULTS = {
    "len": "a number",
    "int": "a number",
    "float": "a number",
    "abs": "a number",
    "sum": "a number",
    "round": "a number",
    "ord": "a number",
    "bool": "a bool",
    "isinstance": "a bool",
    "dict": "a dict",
    "vars": "a dict",
    "list": "a list",
    "tuple": "a tuple",
    "set": "a set",
    "sorted": "a list",
    "bytes": "bytes",
}


def _builtin(
    name: str, expr: ast.Call, scope: Scope, calls: CallVerdict | None, depth: int
) -> Verdict:
    reason = _BUILTIN_RESULTS.get(name)
    if reason is not None:
        return Verdict(NOT_JSON, reason, expr)
    if name in ("str", "repr") and len(expr.args) == 1 and not expr.keywords:
        inner = _repr_text(expr.args[0], scope, calls, depth)
        if inner is not None:
            return Verdict(NOT_JSON, f"{name}() of {inner}", expr)
    return _UNKNOWN_V


def _repr_text(expr: ast.expr, scope: Scope, calls: CallVerdict | None, depth: int) -> str | None:
    """What `str(expr)` surely is not JSON for: a dict's or list's Python repr, None, a bool,
    an exception (its message)."""
    if isinstance(expr, ast.Name):
        values = _binding_values(expr.id, scope)
        located = scope.lookup(expr.id)
        if located is not None and located[1] is not None:
            kinds = {b.kind for b in located[0].live(expr.id, located[1]) if b.kind != "mutated"}
            if kinds == {"except"}:
                return "an exception (its message)"
        if values and all(v is not None for v in values):
            reasons = [_repr_text(v[0], v[1], calls, depth + 1) for v in values if v is not None]
            if reasons and all(r is not None for r in reasons):
                return reasons[0]
        return None
    verdict = infer(expr, scope, calls, depth + 1)
    if verdict.kind != NOT_JSON:
        return _displayed_text(expr, scope, calls, depth)
    if verdict.what in REPR_NOT_JSON:
        return verdict.reason if verdict.what in ("None", "a bool") else _repr_reason(verdict)
    if verdict.what == "a path":
        return "a file's path"
    return _displayed_text(expr, scope, calls, depth)


def _displayed_text(
    expr: ast.expr, scope: Scope, calls: CallVerdict | None, depth: int
) -> str | None:
    """`str(report)` of the project's objects whose class writes itself out as text that is
    not JSON (`def __str__(self): return ". ".join(parts) + "."`): every way out of its
    `__str__` (or `__repr__`) gives such text."""
    if depth > _MAX_DEPTH:
        return None
    found = resolve(expr, scope)
    if not found.complete or not found.items:
        return None
    names: list[str] = []
    for obj in found.items:
        if not isinstance(obj, Instance):
            return None
        method = class_method(obj.cls, "__str__") or class_method(obj.cls, "__repr__")
        if method is None or not isinstance(method[0].node, ast.FunctionDef):
            return None
        func = method[0]
        node = func.node
        assert isinstance(node, ast.FunctionDef)
        params = [*node.args.posonlyargs, *node.args.args]
        if len(params) != 1:
            return None
        body = func.scope.child(node, {params[0].arg: found}, obj.cls)
        ways = exits(node, body, calls)
        if not ways or not all(
            w.verdict.kind == NOT_JSON
            and not not_text_reason(w.verdict.reason)
            and not none_reason(w.verdict.reason)
            for w in ways
        ):
            return None
        names.append(f"{obj.cls.name}.{node.name}")
    return f"an object whose {names[0]} gives text"


# Values whose `str()` is surely not JSON text: a Python repr (quotes, True, None).
REPR_NOT_JSON = frozenset(("a dict", "a list", "a tuple", "a set", "None", "a bool"))


def _repr_reason(verdict: Verdict) -> str:
    if verdict.reason == verdict.what:
        return f"{verdict.reason} (its Python repr)"
    return f"{verdict.reason} (a Python repr)"


def common_what(verdicts: list[Verdict]) -> str:
    """The kind all these NOT_JSON verdicts share for `str()`, or "" when they differ in it."""
    whats = {v.what if v.what in REPR_NOT_JSON else "" for v in verdicts}
    if len(whats) == 1 or (whats and "" not in whats):
        return verdicts[0].what
    return ""


def _is_multimodal_envelope(expr: ast.Dict) -> bool:
    """`{"_multimodal": True, "content": [...]}`: the one dict Hermes' dispatch passes through
    (images for vision models), so it is an accepted result, not a contract breach."""
    return any(isinstance(key, ast.Constant) and key.value == "_multimodal" for key in expr.keys)


# -- a function's exits ------------------------------------------------------------------------


_YIELD_TYPES = (ast.Yield, ast.YieldFrom)


def is_generator(node: ast.AST) -> bool:
    if isinstance(node, ast.Lambda):
        return False
    for sub in walk_function(node):  # type: ignore[arg-type]  # (a plain loop: any() costs 2x here)
        if isinstance(sub, _YIELD_TYPES):
            return True
    return False


_NOT_TEXT = frozenset(
    {
        "a dict",
        "a list",
        "a tuple",
        "a set",
        "a generator",
        "a number",
        "a bool",
        "a function",
        "an object",
    }
)


def _not_text(verdict: Verdict) -> bool:
    """A verdict about a value that is no `str` at all (a dict, None, bytes...)."""
    what = verdict.what or ""
    return what in _NOT_TEXT or what.startswith(("None", "bytes"))


def narrowed_branch(expr: ast.IfExp) -> ast.expr | None:
    """The branch of `x if isinstance(x, str) else ...` (or `... if not isinstance(x, str) else
    x`) that gives `x` where the test has shown it is a `str`, else None."""
    tested, negated = _str_test(expr.test)
    branch = expr.orelse if negated else expr.body
    return (
        branch
        if tested is not None and isinstance(branch, ast.Name) and branch.id == tested
        else None
    )


def none_reason(reason: str) -> bool:
    """A NOT_JSON reason that says the value is None (`None`, `the result of f(), which
    returns None`)."""
    what = reason.rsplit("which returns ", 1)[-1].rsplit("which can return ", 1)[-1]
    return what.startswith("None")


def not_text_reason(reason: str) -> bool:
    """A NOT_JSON reason about a value that is no `str` (`a dict`, `the result of f(), which
    returns a dict`, `None ...`)."""
    what = reason.rsplit("which returns ", 1)[-1].rsplit("which can return ", 1)[-1]
    return what in _NOT_TEXT or what.startswith(("None", "bytes", "an instance of"))


def _text_narrowed(
    stmts: list[ast.stmt],
    known: dict[int, str],
    test_of: Callable[[ast.expr], tuple[str | None, bool]] | None = None,
) -> dict[int, str]:
    """id(return) -> the name a test has shown to be a `str` where that `return` is reached:
    the body of `if isinstance(x, str):`, the `else` of `if not isinstance(x, str):`, and
    what follows an `if not isinstance(x, str):` whose body always leaves. With `test_of`,
    what that test shows instead (`_not_none_test`: that the name is not None)."""
    tests = test_of or _str_test
    names: set[str] = set()

    def mark(block: list[ast.stmt], extra: set[str]) -> None:
        for sub in walk_shallow(block):
            if isinstance(sub, ast.Return) and extra:
                known.setdefault(id(sub), next(iter(extra)))
        _text_narrowed(block, known, test_of)

    for stmt in stmts:
        if names:
            mark([stmt], names)
        if isinstance(stmt, ast.If):
            tested, negated = tests(stmt.test)
            if tested is not None and not negated:
                mark(stmt.body, {tested})
                _text_narrowed(stmt.orelse, known, test_of)
                continue
            if tested is not None and negated:
                mark(stmt.orelse, {tested})
                _text_narrowed(stmt.body, known, test_of)
                if terminates(stmt.body):
                    names = {tested}
                continue
        if isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            continue
        for block in blocks_of(stmt):
            _text_narrowed(block, known, test_of)
    return known


def _not_none_test(test: ast.expr) -> tuple[str | None, bool]:
    """(x, negated) for a test that holds where `x` is not None: `x is not None` / `x` (x,
    False); `x is None` / `not x` (x, True)."""
    if isinstance(test, ast.Name):
        return test.id, False
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        inner = test.operand
        return (inner.id, True) if isinstance(inner, ast.Name) else (None, False)
    compared = _none_compared(test)
    if compared is not None:
        return compared[0], compared[1]
    return None, False


def _is_none_test(test: ast.expr) -> tuple[str | None, bool]:
    """(x, negated) for a test that holds where `x` is None: `x is None` (x, False), `x is
    not None` (x, True); not a truth test (`not x` holds for an empty value too)."""
    compared = _none_compared(test)
    if compared is not None:
        return compared[0], not compared[1]
    return None, False


def _none_compared(test: ast.expr) -> tuple[str, bool] | None:
    """(x, True) for `x is None`, (x, False) for `x is not None`, else None."""
    if (
        isinstance(test, ast.Compare)
        and len(test.ops) == 1
        and isinstance(test.ops[0], (ast.Is, ast.IsNot))
        and isinstance(test.left, ast.Name)
        and is_none(test.comparators[0])
    ):
        return test.left.id, isinstance(test.ops[0], ast.Is)
    return None


def _may_be_none(name: str, scope: Scope) -> bool:
    """Whether a local tested for None may be None: False only when every value bound to it
    is a call (awaited or not) none of whose known results is None (a call known to give None,
    or a value not made by a call, may be)."""
    values = _binding_values(name, scope)
    if not values or any(v is None for v in values):
        return True
    for value in values:
        assert value is not None
        expr, where = value
        if isinstance(expr, ast.Await):
            expr = expr.value
        if not isinstance(expr, ast.Call):
            return True
        found = resolve(expr, where)
        if any(isinstance(o, Const) and o.value is None for o in found.items):
            return True
    return False  # (no known result is None: the branch is dead or not known to be taken)


def _str_test(test: ast.expr) -> tuple[str | None, bool]:
    """(x, negated) for `isinstance(x, str)` / `not isinstance(x, str)`, else (None, False)."""
    negated = False
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        test, negated = test.operand, True
    if (
        isinstance(test, ast.Call)
        and isinstance(test.func, ast.Name)
        and test.func.id == "isinstance"
        and len(test.args) == 2
        and isinstance(test.args[0], ast.Name)
        and isinstance(test.args[1], ast.Name)
        and test.args[1].id == "str"
    ):
        return test.args[0].id, negated
    return None, False


def exits(
    node: ast.FunctionDef | ast.AsyncFunctionDef,
    scope: Scope,
    calls: CallVerdict | None = None,
    returns: list[ast.Return] | None = None,
    model_args: str | None = None,
) -> list[Exit]:
    """Each exit of a def with its verdict (`scope`: its own body's scope; `returns`: the
    `return`s to look at, all of them by default; `model_args`: the parameter that holds the
    model's arguments, when the def is a handler). Empty for generators."""
    if is_generator(node):
        return []
    found: list[Exit] = []
    if returns is None:
        returns = [sub for sub in walk_function(node) if isinstance(sub, ast.Return)]
    narrowed: dict[int, str] | None = None
    not_none: dict[int, str] | None = None
    passed_none: dict[int, str] | None = None
    for ret in returns:
        if ret.value is None or is_none(ret.value):
            if passed_none is None:
                passed_none = _text_narrowed(node.body, {}, _is_none_test)
            tested_none = passed_none.get(id(ret))
            if tested_none is not None and not _may_be_none(tested_none, scope):
                # (`result = self.execute(cmd)` ... `if result is None: return None`: the
                # def passes on a None the call gives, and no known call gives one)
                found.append(Exit(ret, _UNKNOWN_V))
                continue
        if ret.value is None:
            found.append(Exit(ret, Verdict(NOT_JSON, "None (a bare return)", ret)))
            continue
        verdict = infer(ret.value, scope, calls)
        held = False
        if isinstance(ret.value, ast.Name):
            if not_none is None:
                not_none = _text_narrowed(node.body, {}, _not_none_test)
            # (`if member is None: raise NotFound(...)` ... `return member`)
            held = not_none.get(id(ret)) == ret.value.id
            if held and verdict.kind == NOT_JSON and none_reason(verdict.reason):
                verdict = _UNKNOWN_V
        if verdict.kind != JSON and isinstance(ret.value, ast.Name):
            if narrowed is None:
                narrowed = _text_narrowed(node.body, {})
            if narrowed.get(id(ret)) == ret.value.id:
                # (`if isinstance(result, str): return result`: a dict it may hold is not)
                if verdict.kind == NOT_JSON and _not_text(verdict):
                    verdict = _UNKNOWN_V
                found.append(Exit(ret, verdict, narrowed=True, not_none=held))
                continue
        found.append(Exit(ret, verdict, not_none=held))
    read = dict_read_locals(node, model_args)
    if not terminates(node.body, model_args, read) and not _sealed_match(node, scope):
        where = falloff_node(node.body, model_args, read)
        if not never_returns_call(where, scope):
            found.append(
                Exit(where, Verdict(NOT_JSON, "None (it can end without a return)", where), True)
            )
    return found


def _sealed_match(node: ast.FunctionDef | ast.AsyncFunctionDef, scope: Scope) -> bool:
    """The def ends in a statement that leaves on every value its parameter's annotation
    allows (`sealed`): the end past it is never reached."""
    return bool(node.body) and sealed(node.body[-1], node, scope)


def sealed(stmt: ast.stmt, node: ast.FunctionDef | ast.AsyncFunctionDef, scope: Scope) -> bool:
    """`stmt` is `if isinstance(p, A): ... elif isinstance(p, B): ...` or `match p: case A():
    ... case B(): ...`, each branch leaving, and `p`'s annotation says it is one of those
    classes (`result: Result` with `Result = Union[Ok, Err]`): what follows it in the def is
    never reached."""
    found = _match_tested(stmt) if isinstance(stmt, ast.Match) else _chain_tested(stmt)
    if found is None:
        return False
    param, tested = found
    annotation = next(
        (
            a.annotation
            for a in (*node.args.posonlyargs, *node.args.args, *node.args.kwonlyargs)
            if a.arg == param
        ),
        None,
    )
    members = _union_members(annotation, scope, 0) if annotation is not None else None
    return bool(members) and members <= tested  # type: ignore[operator]


def _chain_tested(last: ast.stmt) -> tuple[str, set[str]] | None:
    """(the parameter, the class names) of an `isinstance` chain whose branches all leave."""
    param: str | None = None
    tested: set[str] = set()
    while isinstance(last, ast.If):
        test = last.test
        if not (
            isinstance(test, ast.Call)
            and isinstance(test.func, ast.Name)
            and test.func.id == "isinstance"
            and len(test.args) == 2
            and isinstance(test.args[0], ast.Name)
            and (param is None or test.args[0].id == param)
            and terminates(last.body)
        ):
            return None
        param = test.args[0].id
        kinds = test.args[1]
        for kind in kinds.elts if isinstance(kinds, ast.Tuple) else [kinds]:
            name = last_name(kind)
            if name is None:
                return None
            tested.add(name)
        if not last.orelse:
            break
        if len(last.orelse) != 1:
            return None
        last = last.orelse[0]
    if param is None or not isinstance(last, ast.If) or last.orelse:
        return None
    return param, tested


def _match_tested(stmt: ast.Match) -> tuple[str, set[str]] | None:
    """(the subject, the class names) of `match p:` whose cases are class patterns, unguarded,
    each leaving."""
    if not isinstance(stmt.subject, ast.Name) or not stmt.cases:
        return None
    tested: set[str] = set()
    for case in stmt.cases:
        pattern = case.pattern
        if isinstance(pattern, ast.MatchAs) and pattern.pattern is not None:
            pattern = pattern.pattern  # (`case Ok() as ok:`)
        if not isinstance(pattern, ast.MatchClass) or case.guard is not None:
            return None
        if not terminates(case.body) or not all(
            isinstance(sub, ast.MatchAs) and sub.pattern is None
            for sub in (*pattern.patterns, *pattern.kwd_patterns)
        ):
            return None  # (`case Ok(value=[])` takes only some of them)
        name = last_name(pattern.cls)
        if name is None:
            return None
        tested.add(name)
    return stmt.subject.id, tested


def _union_members(annotation: ast.expr, scope: Scope, depth: int) -> set[str] | None:
    """The class names a `Union[A, B]`, `A | B`, `Optional`-free alias or quoted annotation
    names (`Ok[T]` as `Ok`), or None when it is not such a union."""
    if depth > 3:
        return None
    if isinstance(annotation, ast.Constant) and isinstance(annotation.value, str):
        try:
            parsed = ast.parse(annotation.value, mode="eval").body
        except SyntaxError:
            return None
        return _union_members(parsed, scope, depth + 1)
    if isinstance(annotation, ast.Subscript) and last_name(annotation.value) == "Union":
        parts = (
            annotation.slice.elts if isinstance(annotation.slice, ast.Tuple) else [annotation.slice]
        )
        found: set[str] = set()
        for part in parts:
            inner = _union_members(part, scope, depth + 1)
            if inner is None:
                return None
            found |= inner
        return found
    if isinstance(annotation, ast.BinOp) and isinstance(annotation.op, ast.BitOr):
        left = _union_members(annotation.left, scope, depth + 1)
        right = _union_members(annotation.right, scope, depth + 1)
        return left | right if left is not None and right is not None else None
    base = annotation.value if isinstance(annotation, ast.Subscript) else annotation
    if isinstance(base, ast.Name):
        bound = assigned_value(base.id, scope)
        if bound is not None and depth < 3:
            # (`Result = Union[Ok[T], Err]`: the alias's members)
            value, where = bound
            if (isinstance(value, ast.Subscript) and last_name(value.value) == "Union") or (
                isinstance(value, ast.BinOp) and isinstance(value.op, ast.BitOr)
            ):
                return _union_members(value, where, depth + 1)
    name = last_name(base) if isinstance(base, (ast.Name, ast.Attribute)) else None
    return {name} if name is not None and name not in ("None", "Any", "object") else None
