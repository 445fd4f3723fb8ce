"""Per-function summaries: the exceptions that may escape a function, following its calls.

- `Step`: `(rel, line, function)`: one place of a chain (posix path relative to the root).
- `Escape`: an exception leaving a function: `exc` (an `ExcType`, or None when the class is
  unknown), `kind` ("raise", "reraise", "assert" or "call"), `node` (where it leaves the
  function: the raise/assert statement or the call), `chain` (the steps from that line down to
  the `raise`: the last step is the origin), `callee` (for a call: the called code's label).
- `escapes(callee)`: what may escape calling a def (the `ESCAPES` transfer of the call driver,
  memoised per def and what the call binds; a def being summarised counts as raising nothing).
  Precision first: an unknown class, an `assert`, a control-flow exception (CancelledError,
  SystemExit...), an abstract method, a generator, a def behind a decorator that may change
  what it raises, and a raise on a branch that constants rule out (the call's arguments, at any
  depth of the chain, and the module's) are left out.
- `handler_escapes(code, skip)`: the same walk on a handler's own code, keeping what a callee
  summary drops (its asserts, control-flow and unknown classes), with the node of each.
"""

from __future__ import annotations

import ast
import copy
import re

from hermes_dev.pyast.analyze import library_raises, preconditions
from hermes_dev.pyast.analyze.branches import constant, decide, returned_if_in
from hermes_dev.pyast.analyze.exceptions import (
    MISSES,
    ExcType,
    catches,
    class_type,
    exc_type,
    exception_type,
    handler_type,
    library_type,
    stdlib_type,
)
from hermes_dev.pyast.analyze.flow import always_true, has_break, never_returns_call
from hermes_dev.pyast.analyze.jsonness import sealed
from hermes_dev.pyast.analyze.model_input import EXISTS_TESTS, InputRisks, the_arguments
from hermes_dev.pyast.analyze.preconditions import (
    INTERNAL,
    TAINTED,
    guarded_raises,
    origin,
)
from hermes_dev.pyast.analyze.sizes import number_of_itself
from hermes_dev.pyast.analyze.spread import keeps_values, spread_risk
from hermes_dev.pyast.analyze.sqlite_schema import sqlite_uniques, uses_sqlite
from hermes_dev.pyast.analyze.stand_ins import Element
from hermes_dev.pyast.analyze.stdlib_classes import stdlib_exception
from hermes_dev.pyast.analyze.verdicts import (
    Guard,
    holds_at,
    is_contains,
    rebound,
    verdict_raises,
)
from hermes_dev.pyast.calls import serialisable
from hermes_dev.pyast.calls.answered_checks import keys_asked
from hermes_dev.pyast.calls.defaulted import Defaulted, defaulted_local, merged_parts
from hermes_dev.pyast.calls.driver import (
    Callee,
    Code,
    Transfer,
    callees,
    decorated_names,
    is_context_manager,
    parameter_defaults,
    property_callees,
    summary,
    tenacity_retry,
    yield_handlers,
)
from hermes_dev.pyast.calls.emptiness import empty_guard, tested_nonempty
from hermes_dev.pyast.calls.entered_state import usage_raises
from hermes_dev.pyast.calls.fresh_registry import unfired_duplicate_raises
from hermes_dev.pyast.calls.group_lookups import free_group, may_miss, may_not_match
from hermes_dev.pyast.calls.handed_dumps import refused_in_callee
from hermes_dev.pyast.calls.quiet import cannot_raise
from hermes_dev.pyast.calls.read_back import read_back_raises
from hermes_dev.pyast.calls.returns import reachable_returns
from hermes_dev.pyast.calls.row_loops import row_bindings
from hermes_dev.pyast.calls.wrong_types import (
    arithmetic_key,
    concat_key,
    conversion_key,
    field_key,
    loop_key,
    mapping_method_key,
    number_call_key,
    order_key,
    parser_key,
    path_key,
    pattern_key,
    slice_key,
    spread_key,
    text_method_key,
    unhashable_key,
)
from hermes_dev.pyast.semantic.narrowing import (
    Ruled,
    instance_classes,
    kept,
    narrows,
    ruled_out,
)
from hermes_dev.pyast.semantic.resolve import MAX_DEPTH as RESOLVE_DEPTH
from hermes_dev.pyast.semantic.resolve import (
    assigned_value,
    call_arguments,
    class_method,
    entries,
    enum_kind,
    enum_members,
    handed_on,
    is_builtin_name,
    parameter_default_constants,
    record_fields,
    resolve,
    text_of,
)
from hermes_dev.pyast.semantic.scopes import (
    Class,
    Const,
    External,
    Function,
    Instance,
    Literal,
    Prefilled,
)
from hermes_dev.pyast.semantic.walker import (
    def_statements,
    handlers_around,
    is_name,
    is_none,
    last_name,
    returns_of,
    walk_function,
    walk_shallow,
    written_name,
)

Step = tuple[str, int, str]
_DEF_TYPES = (ast.FunctionDef, ast.AsyncFunctionDef)
_NESTED = (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef, ast.Lambda)
_COMPREHENSION_KINDS = (ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp)
_CONTROL_FLOW_NAMES = frozenset(
    {"CancelledError", "KeyboardInterrupt", "SystemExit", "GeneratorExit"}
)
TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import ClassVar

    from hermes_dev.pyast.semantic.scopes import Possible, Scope

_MAX_PER_FUNCTION = 12
_NO_COVER = "pragma: no cover"
# The OSErrors of local files (not a connection's: ConnectionError, TimeoutError, socket's).
_LOCAL_OS_ERRORS = frozenset(
    {
        "OSError",
        "PermissionError",
        "FileNotFoundError",
        "FileExistsError",
        "IsADirectoryError",
        "NotADirectoryError",
    }
)
# Names in a `try` that say it may talk to the network (`except OSError` catches those too).
_NETWORK_WORDS = frozenset(
    {"requests", "httpx", "aiohttp", "urllib", "urlopen", "socket", "create_connection"}
    | {"boto3", "redis", "psycopg", "psycopg2", "paramiko", "smtplib", "ftplib", "http"}
)
_BARE_HANDLER = ast.ExceptHandler(type=None, name=None, body=[])
# A helper's label and the guard of its answer (`analyze.verdicts`); `_HOLDS`: at this call
# site the raise cannot fire.
Verdict = tuple[str, Guard]
_HOLDS: Verdict = ("", Guard(ast.Call(ast.Name(""), [], []), "", -1, (), True))


class Escape:
    __slots__ = ("callee", "chain", "exc", "kind", "needs", "node", "reraise", "verdict")

    def __init__(
        self,
        exc: ExcType | None,
        kind: str,
        chain: tuple[Step, ...],
        node: ast.AST | None = None,
        callee: str | None = None,
        reraise: bool = False,
        needs: frozenset[str] = frozenset(),
        verdict: Verdict | None = None,
    ) -> None:
        self.exc = exc
        self.reraise = reraise or kind == "reraise"  # the origin re-raises what it caught
        self.kind = kind
        self.chain = chain
        self.node = node
        self.callee = callee
        # The parameters of the def that lets it out whose type a guard checks before the
        # raise: a caller that builds them itself never sees it (`analyze.preconditions`).
        self.needs = needs
        # The helper whose answer on one parameter the raise depends on: a caller that asked
        # it first about what it passes never sees it (`analyze.verdicts`).
        self.verdict = verdict

    @property
    def origin(self) -> Step:
        return self.chain[-1]

    @property
    def label(self) -> str:
        return self.exc.label if self.exc is not None else "an exception"

    def __repr__(self) -> str:
        return f"Escape({self.label}, {self.kind}, {list(self.chain)})"


class _Escapes(Transfer):
    name = "escapes"
    bottom: ClassVar[list[Escape]] = []  # (never changed: a summary's list is a new one)
    enters_context_managers = True

    def compute(self, code: Code, depth: int) -> list[Escape]:
        walker = _Walker(code, top=False, depth=depth)
        walker.run()
        return walker.escapes

    def empty(self, result: object) -> bool:
        return not result


ESCAPES = _Escapes()


class _IteratedEscapes(_Escapes):
    """What a loop over a call of the def lets out: a generator's body too."""

    name = "escapes-iterated"
    follows_generators = True


ITERATED_ESCAPES = _IteratedEscapes()


class _InputEscapes(Transfer):
    """What a def raises on the model's values that its parameters `seeds` hold (`int(page)`,
    `open(path)` in a helper the handler hands `args["page"]` to), and its callees' the same
    way: only those, the rest is ESCAPES's."""

    bottom: ClassVar[list[Escape]] = []
    enters_context_managers = True

    def __init__(self, seeds: frozenset[str], iterated: bool = False) -> None:
        self.seeds = seeds
        self.follows_generators = iterated
        self.name = ("iterated-" if iterated else "") + "input-escapes:" + ",".join(sorted(seeds))

    def constants_add(self, function: Function, env: dict[str, Possible]) -> bool:
        # (`args.get(key)` of `key="quantity"`: the key bound says which of the model's
        # values is read, and what raises on it)
        return bool(_key_parameters(function.node) & set(env))

    def compute(self, code: Code, depth: int) -> list[Escape]:
        walker = _Walker(code, top=False, depth=depth, inputs_only=True)
        # `*args`: the parameter holds the model's arguments themselves; `?key`: a key the
        # caller made sure is there (`args.get("key")` read, `"key" in args`); `!key`: one
        # whose value it checked (its type, its form)
        table = next((s[1:] for s in self.seeds if s[0] == "*"), "")
        values = frozenset(s for s in self.seeds if s[0] not in "*?!~^@+#%&$=|-]>{")
        contents = frozenset(s[1:] for s in self.seeds if s[0] == "~")
        checked = frozenset(s[1:] for s in self.seeds if s[0] == "^")
        # `@path`: a path the caller tested leads to a file (what it holds is the model's)
        files = frozenset(s[1:] for s in self.seeds if s[0] == "@")
        # `+path`: one the caller tested only to exist (a folder exists too)
        there = frozenset(s[1:] for s in self.seeds if s[0] == "+")
        # `#n`: the model's number, unbounded (`int(args["id"])` handed on)
        numbers = frozenset(s[1:] for s in self.seeds if s[0] == "#")  # (`.<name>`: a float)
        made = frozenset(s[1:] for s in self.seeds if s[0] == "$")
        holder = next((s[1:].split(":", 1) for s in self.seeds if s[0] == "{"), None)
        local = None
        merged: Defaulted | None = None
        if holder is not None and not table:
            # (`a = state["Args"]` of a parameter a caller filled with `{"Args": args}`: the
            # local holds the model's arguments)
            walker.holder = (holder[0], holder[1])
            local = _item_local(code.node, holder[0], holder[1])
            table = local or ""
        elif table:
            # (`a = args` before any read: the local holds them; `a = DEFAULTS | args`: with
            # DEFAULTS' keys always there)
            local = _alias_local(code.node, table)
            if local is None:
                merged = defaulted_local(code.node, table, code.scope)
                local = merged[0] if merged is not None else None
            table = local or table
        inputs = walker.inputs = _input_risks(
            code, table, values | checked | files | there, contents, checked, numbers, made
        )
        if local is not None:
            _held_by_local(inputs, local)
        if merged is not None:
            _with_defaults(inputs, merged)
        if files or there:
            inputs.guarded |= files | there
            inputs.kind_tested |= files
            inputs.exists_tested |= files | there
        # `%name`: a value whose length the caller looked at (`len(sep) != 1`)
        inputs.sized_given = frozenset(s[1:] for s in self.seeds if s[0] == "%")
        # `>name`: a list or text the caller turned away when empty (`if not scores: return`)
        inputs.filled_given = frozenset(s[1:] for s in self.seeds if s[0] == ">")
        # `&name`: a comprehension over the model's items whose values the tool wrote
        inputs.tool_valued = frozenset(s[1:] for s in self.seeds if s[0] == "&")
        # `=name`: the model's number, untested by the caller (it may be 0)
        inputs.zero_given = frozenset(s[1:] for s in self.seeds if s[0] == "=")
        # `[name`: a list the model may leave empty, untested by the caller
        inputs.empty_given = frozenset(s[1:] for s in self.seeds if s[0] == "[")
        # `-name`: the model's value as it came, of whatever type (no test of it, no `str()`)
        inputs.raw_given = frozenset(s[1:] for s in self.seeds if s[0] == "-")
        if table:
            inputs.typed_numbers = dict(s[1:].split(":", 1) for s in self.seeds if s[0] == "|")
        # `]name`: a value the schema declares an array
        inputs.typed_numbers.update((s[1:], "array") for s in self.seeds if s[0] == "]")
        if table:
            for seed in self.seeds:
                if seed == "?*":
                    inputs.any_key_checked = True
                elif seed[0] in "?!":
                    inputs.checked_keys.add(seed[1:])
                if seed[0] == "!":
                    inputs.guarded.add(f"{table}[{seed[1:]!r}]")
        walker.run()
        return walker.escapes

    def empty(self, result: object) -> bool:
        return not result


_INPUT_TRANSFERS: dict[tuple[frozenset[str], bool], _InputEscapes] = {}


def _input_escapes(
    callee: Callee, seeds: frozenset[str], depth: int, iterated: bool = False
) -> list[Escape]:
    transfer = _INPUT_TRANSFERS.get((seeds, iterated))
    if transfer is None:
        transfer = _INPUT_TRANSFERS[(seeds, iterated)] = _InputEscapes(seeds, iterated)
    found = summary(transfer, callee, depth)
    assert isinstance(found, list)
    return found


def escapes(callee: Callee, depth: int = 0, iterated: bool = False) -> list[Escape]:
    """What may escape a call of `callee` (memoised per def and what the call binds;
    `iterated`: a loop runs what the call makes, a generator's body too)."""
    found = summary(ITERATED_ESCAPES if iterated else ESCAPES, callee, depth)
    assert isinstance(found, list)
    return found


def handler_escapes(
    code: Code,
    skip: frozenset[int] = frozenset(),
    model_args: str | None = None,
    model_values: frozenset[str] = frozenset(),
    numbers: dict[str, str] | None = None,
    checked: frozenset[str] = frozenset(),
) -> list[Escape]:
    """What may escape a handler's own code (`skip`: ids of calls not to follow, such as the
    call a forwarding lambda makes to the function checked on its own; `model_args`: the
    parameter that holds the model's arguments, whose reads can raise too; `model_values`:
    parameters that each hold one argument as the model sent it; `numbers`: the arguments its
    schema declares numbers with no range, "int" or "float"; `checked`: the keys a decorator's
    wrapper made sure are there before it calls the def, "*" for any)."""
    walker = _Walker(code, top=True, depth=0, skip=skip)
    if model_args is not None or model_values:
        alias = _alias_local(code.node, model_args) if model_args else None
        merged = (
            defaulted_local(code.node, model_args, code.scope)
            if model_args and alias is None
            else None
        )
        if merged is not None:
            alias = merged[0]
        # (no parameter of that name when only single values are given: "" is none)
        walker.inputs = _input_risks(code, alias or model_args or "", model_values)
        if alias is not None:
            _held_by_local(walker.inputs, alias)
        if merged is not None:
            _with_defaults(walker.inputs, merged)
        walker.inputs.typed_numbers = numbers or {}
        walker.inputs.raw_given = model_values
        if model_args:
            walker.inputs.checked_keys.update(checked - {"*"})
            walker.inputs.any_key_checked = walker.inputs.any_key_checked or "*" in checked
    walker.run()
    return walker.escapes


def wrapper_checked(wrapper: Function) -> frozenset[str]:
    """The keys of the model's arguments a decorator's wrapper (`def wrapper(args, **kw)`)
    makes sure are there before it calls what it wraps (`missing = [n for n in names if
    args.get(n) is None]; if missing: return ...`), "*" for a key it reads by a name."""
    node = wrapper.node
    if isinstance(node, ast.Lambda):
        return frozenset()
    positional = [*node.args.posonlyargs, *node.args.args]
    if not positional:
        return frozenset()
    param = positional[0].arg
    scope = Code(wrapper).scope
    inputs = _input_risks(Code(wrapper), param, frozenset())
    found = set(inputs.checked_keys)
    if inputs.any_key_checked:
        listed = _listed_reads(node, param, scope)
        if listed is None:
            found.add("*")
        else:
            found |= listed
    return frozenset(found)


def _listed_reads(
    node: ast.FunctionDef | ast.AsyncFunctionDef, param: str, scope: Scope
) -> set[str] | None:
    """The keys of every `args.get(n)` (or `n in args`) whose `n` a loop or comprehension
    takes from a tuple of constants (`for n in names`, `names` bound to `("to", "body")`);
    None when one reads a key that is not such a name."""
    sources: dict[str, ast.expr] = {}
    for sub in walk_function(node):
        if isinstance(sub, (ast.For, ast.comprehension)) and isinstance(sub.target, ast.Name):
            sources[sub.target.id] = sub.iter
    keys: set[str] = set()
    for sub in walk_function(node):
        name: ast.expr | None = None
        if (
            isinstance(sub, ast.Call)
            and isinstance(sub.func, ast.Attribute)
            and sub.func.attr == "get"
            and is_name(sub.func.value, param)
            and sub.args
        ):
            name = sub.args[0]
        elif (
            isinstance(sub, ast.Compare)
            and len(sub.ops) == 1
            and isinstance(sub.ops[0], (ast.In, ast.NotIn))
            and is_name(sub.comparators[0], param)
        ):
            name = sub.left
        if name is None or isinstance(name, ast.Constant):
            continue
        if not isinstance(name, ast.Name) or name.id not in sources:
            return None
        known, value = constant(sources[name.id], scope)
        if not known or not isinstance(value, tuple) or not all(isinstance(v, str) for v in value):
            return None
        keys.update(value)
    return keys


def _closed_over(here: ast.AST, callee: Function, call: ast.Call) -> list[tuple[str, ast.expr]]:
    """A def nested in the one that calls it reads that def's locals as they are at the call
    (`city = args.get("city")`, then `def lookup(): return CITIES[city]`): each such name, as
    a value handed to it under its own name."""
    node = callee.node
    if callee.scope.func is not here or not isinstance(here, _DEF_TYPES):
        return []
    known: list[tuple[str, ast.expr]] | None = node.__dict__.get(_CLOSED_ATTR)
    if known is None:
        a = node.args
        own = {p.arg for p in (*a.posonlyargs, *a.args, *a.kwonlyargs)}
        own.update(p.arg for p in (a.vararg, a.kwarg) if p is not None)
        read: set[str] = set()
        for sub in walk_function(node):
            if isinstance(sub, ast.Name):
                (read if isinstance(sub.ctx, ast.Load) else own).add(sub.id)
            elif isinstance(sub, (ast.Global, ast.Nonlocal)):
                own.update(sub.names)
        h = here.args
        outer = {p.arg for p in (*h.posonlyargs, *h.args, *h.kwonlyargs)}
        outer.update(
            sub.id
            for sub in walk_function(here)
            if isinstance(sub, ast.Name) and isinstance(sub.ctx, ast.Store)
        )
        known = [
            (name, ast.copy_location(ast.Name(name, ast.Load()), call))
            for name in sorted((read - own) & outer)
        ]
        node.__dict__[_CLOSED_ATTR] = known
    return known


_CLOSED_ATTR = "_hd_closed_over"


def model_text(code: Code, param: str, expr: ast.expr) -> bool:
    """`expr`, in the def `code` runs, is the model's own text (its argument in `param`) or text
    made from it (stripped, replaced, split and joined, a helper's that hands it back), and the
    def never parses it as JSON (where it might be JSON by design)."""
    if isinstance(expr, (ast.BinOp, ast.JoinedStr)):
        return False  # (what text is added to it says more: jsonness judges that)
    risks = _input_risks(code, param, frozenset())
    if not risks._from_model(expr):
        return False
    read = {n.id for n in ast.walk(expr) if isinstance(n, ast.Name)} | {param}
    made = [expr]
    for sub in walk_function(code.function.node):
        if isinstance(sub, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id in read for t in sub.targets
        ):
            made.append(sub.value)
        if (
            isinstance(sub, ast.Call)
            and written_name(sub.func) in ("json.loads", "loads")
            and any(isinstance(n, ast.Name) and n.id in read for a in sub.args for n in ast.walk(a))
        ):
            return False
    # (JSON made by hand of the model's items: `"[" + ",".join(json.dumps(i) ...) + "]"`)
    return not any(
        (isinstance(n, ast.Call) and written_name(n.func) in ("json.dumps", "dumps"))
        or (
            isinstance(n, ast.Constant)
            and isinstance(n.value, str)
            and n.value.startswith(("[", "{"))
        )
        for value in made
        for n in ast.walk(value)
    )


def _input_risks(
    code: Code,
    param: str,
    values: frozenset[str],
    contents: frozenset[str] = frozenset(),
    checked: frozenset[str] = frozenset(),
    numbers: frozenset[str] = frozenset(),
    made: frozenset[str] = frozenset(),
) -> InputRisks:
    """InputRisks of a def whose `param` holds the model's arguments (or ""), whose parameters
    `values` each hold one of them, and `contents` what a file or address the model names holds;
    helpers of the root asked as the def's scope resolves them."""
    scope = code.scope

    def parses_json(func: ast.expr) -> bool:
        if isinstance(func, ast.Attribute) and func.attr != "loads":
            return False  # (most calls: no lookup)
        if not isinstance(func, (ast.Attribute, ast.Name)):
            return False
        found = resolve(func, scope).single()
        return isinstance(found, External) and found.dotted == "json.loads"

    def dotted(func: ast.expr) -> str | None:
        if not isinstance(func, (ast.Attribute, ast.Name)):
            return None
        found = resolve(func, scope)
        items = found.items
        # (`try: from zoneinfo import ZoneInfo` / `except ImportError: from backports.zoneinfo
        # import ZoneInfo`: the same class by either name, the first one)
        if (
            found.complete
            and items
            and all(isinstance(o, External) for o in items)
            and len({o.dotted.rsplit(".", 1)[-1] for o in items}) == 1  # type: ignore[attr-defined]
        ):
            return items[0].dotted  # type: ignore[attr-defined,no-any-return]
        return None

    def recognizes(call: ast.Call) -> bool:
        # (only a helper that is no library call, `test(text)` of a table's row)
        if not isinstance(call.func, (ast.Name, ast.Attribute)):
            return False
        targets = callees(call, scope)
        return (
            targets is not None
            and bool(targets)
            and all(_prefix_only(t.function.node) for t in targets)
        )

    def entry_or_none(call: ast.Call) -> bool:
        named = _named_function(call, scope)
        return named is not None and _member_or_none(named[0].node)  # type: ignore[arg-type]

    def entry_always(call: ast.Call) -> bool:
        named = _named_function(call, scope)
        if named is None:
            return False
        node = named[0].node
        if returns_member(node):
            return True
        # (`_machine_arg(args, required=True)` of a def that answers None or an entry: the
        # call's constants rule its `return None` out)
        return isinstance(node, _DEF_TYPES) and _member_or_none(node) and _none_ruled_out(call)

    def number_always(call: ast.Call) -> bool:
        named = _named_function(call, scope)
        return named is not None and returns_number(named[0].node)

    def never_blank(call: ast.Call) -> bool:
        named = _named_function(call, scope)
        return named is not None and _rejects_blank(named[0].node)

    def _none_ruled_out(call: ast.Call) -> bool:
        targets = callees(call, scope)
        return bool(targets) and all(
            isinstance(t.function.node, _DEF_TYPES)
            and t.env
            and not any(_none(r.value) for r in reachable_returns(t.code()))
            for t in targets  # type: ignore[union-attr]
        )

    return InputRisks(
        code.node,
        param,
        parses_json,
        values,
        _carrier(scope),
        _checker(scope),
        lambda call: keeps_values(call, param, scope),
        contents,
        checked,
        uses_sqlite(code.module),
        sqlite_uniques(code.module),
        dotted,
        numbers,
        recognizes,
        lambda expr: text_of(expr, scope),
        made,
        lambda table, match, group, changes: may_miss(table, match, group, changes, scope),
        lambda match, group: free_group(match, group, scope),
        entry_or_none,
        entry_always,
        lambda call: keys_asked(call, scope),
        number_always,
        lambda call: never_returns_call(ast.Expr(value=call), scope),
        never_blank,
        _constant_texts(code),
    )


def _key_parameters(node: ast.AST) -> frozenset[str]:
    """The def's parameters used as the key of a lookup (`args.get(key)`, `args[key]`)."""
    known: frozenset[str] | None = node.__dict__.get(_KEY_PARAMS_ATTR)
    if known is not None:
        return known
    found: set[str] = set()
    if isinstance(node, _DEF_TYPES):
        a = node.args
        params = {p.arg for p in (*a.posonlyargs, *a.args, *a.kwonlyargs)}
        for sub in walk_function(node):
            key = None
            if (
                isinstance(sub, ast.Call)
                and isinstance(sub.func, ast.Attribute)
                and sub.func.attr in ("get", "pop")
                and sub.args
            ):
                key = sub.args[0]
            elif isinstance(sub, ast.Subscript):
                key = sub.slice
            if isinstance(key, ast.Name) and key.id in params:
                found.add(key.id)
    result = frozenset(found)
    node.__dict__[_KEY_PARAMS_ATTR] = result
    return result


_KEY_PARAMS_ATTR = "_hd_key_parameters"


def _constant_texts(code: Code) -> dict[str, str]:
    """The parameters the call binds to one text (`key` of `optional_number(args, "quantity")`):
    `args.get(key)` reads that key."""
    out: dict[str, str] = {}
    for name, value in (code.scope.env or {}).items():
        one = value.single() if value.complete else None
        if isinstance(one, Const) and isinstance(one.value, str):
            out[name] = one.value
    return out


def _rejects_blank(node: ast.AST) -> bool:
    """A def every text it hands back it first tested for blankness, raising when blank
    (`cleaned = value.strip(); if not cleaned: raise Invalid(...)`; `return cleaned`), and it
    hands back nothing else but None."""
    if not isinstance(node, _DEF_TYPES):
        return False
    memo = node.__dict__.get("_hd_rejects_blank")
    if memo is not None:
        return memo  # type: ignore[no-any-return]
    tested: set[str] = set()
    for sub in walk_function(node):
        if isinstance(sub, ast.If) and any(isinstance(s, ast.Raise) for s in ast.walk(sub)):
            name = _blank_tested(sub.test)
            if name is not None:
                tested.add(name)
    returned = [r.value for r in returns_of(node) if r.value is not None and not _none(r.value)]
    found = bool(returned) and all(isinstance(v, ast.Name) and v.id in tested for v in returned)
    node.__dict__["_hd_rejects_blank"] = found
    return found


def _blank_tested(test: ast.expr) -> str | None:
    """The name `not x` or `not x.strip()` tests (also as one part of an `or`)."""
    if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.Or):
        found = [_blank_tested(v) for v in test.values]
        return next((f for f in found if f is not None), None)
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        inner = test.operand
        if (
            isinstance(inner, ast.Call)
            and isinstance(inner.func, ast.Attribute)
            and inner.func.attr == "strip"
            and not inner.args
        ):
            inner = inner.func.value
        return inner.id if isinstance(inner, ast.Name) else None
    return None


def _prefix_only(node: ast.AST) -> bool:
    """A def (or lambda) whose every answer is a test of how its text starts or ends
    (`lambda t: t.startswith("geo:")`): it tells kinds apart, it checks nothing after that."""
    if isinstance(node, ast.Lambda):
        answers: list[ast.expr | None] = [node.body]
    elif isinstance(node, _DEF_TYPES):
        answers = [r.value for r in returns_of(node)]
    else:
        return False
    if answers and all(isinstance(a, ast.Constant) for a in answers):
        # (`return True` / `return False`: the verdict is the body's tests, a prefix test
        # only when each of them is one; a `try` around a parse checks the whole text)
        if not isinstance(node, _DEF_TYPES):
            return True  # (`lambda t: True` checks nothing)
        body = walk_function(node)
        tests = [sub.test for sub in body if isinstance(sub, (ast.If, ast.IfExp))]
        return (
            bool(tests)
            and not any(isinstance(sub, ast.Try) for sub in body)
            and all(_a_prefix_test(t) for t in tests)
        )
    return bool(answers) and all(a is not None and _a_prefix_test(a) for a in answers)


def _a_prefix_test(expr: ast.expr) -> bool:
    if isinstance(expr, ast.Constant):
        return isinstance(expr.value, bool)
    if isinstance(expr, ast.BoolOp):
        return all(_a_prefix_test(v) for v in expr.values)
    if isinstance(expr, ast.UnaryOp) and isinstance(expr.op, ast.Not):
        return _a_prefix_test(expr.operand)
    if (
        isinstance(expr, ast.Compare)
        and len(expr.ops) == 1
        and isinstance(expr.ops[0], (ast.Is, ast.IsNot))
        and is_none(expr.comparators[0])
    ):
        # `re.match(r"https?://", t) is not None`: how the text starts, unless the
        # pattern is anchored at its end too
        match = expr.left
        return (
            isinstance(match, ast.Call)
            and isinstance(match.func, ast.Attribute)
            and match.func.attr == "match"
            and bool(match.args)
            and isinstance(match.args[0], ast.Constant)
            and isinstance(match.args[0].value, str)
            and not match.args[0].value.endswith(("$", "\\Z"))
        )
    return (
        isinstance(expr, ast.Call)
        and isinstance(expr.func, ast.Attribute)
        and expr.func.attr in ("startswith", "endswith")
    )


def _as_call(worker: ast.Call, place: ast.Call, memo: dict[object, object]) -> ast.Call:
    """`pool.submit(fn, a, k=1)` as the call `fn(a, k=1)`, at `place` (made once per pair:
    analyses remember calls by identity)."""
    key = ("as-call", id(worker), id(place))
    made = memo.get(key)
    if isinstance(made, tuple) and made[0] is worker and made[1] is place:
        return made[2]  # type: ignore[no-any-return]
    call = ast.Call(func=worker.args[0], args=worker.args[1:], keywords=worker.keywords)
    ast.copy_location(call, place)
    call.end_lineno, call.end_col_offset = place.end_lineno, place.end_col_offset
    memo[key] = (worker, place, call)
    return call


def _raise_tested(
    escape: Escape, call: ast.Call, target: Callee, memo: dict[object, object]
) -> tuple[Step, object, frozenset[tuple[str, str]]]:
    """Where `escape` was raised, what, and the parameters of `target` the `if` around that
    raise tests, each with the name this call gives it (empty when the raise is not in the
    def itself under an `if` that tests only plain names the call gives)."""
    key = escape.exc.key if escape.exc is not None else None
    node = target.function.node
    if isinstance(node, ast.Lambda) or len(escape.chain) != 1:
        return escape.origin, key, frozenset()
    tests = _raise_tests(node, memo).get(escape.origin[1])
    if not tests:
        return escape.origin, key, frozenset()
    given = call_arguments(call, target.function)
    positional = [*node.args.posonlyargs, *node.args.args]
    first = positional[0] if positional else None
    pairs = set()
    for param in tests:
        expr = given.get(param)
        if expr is None and first is not None and param == first.arg:
            # (a method's own object: the one the call is made on, `schedule.sessions(...)`)
            func = call.func
            expr = func.value if isinstance(func, ast.Attribute) else None
        if not isinstance(expr, ast.Name):
            return escape.origin, key, frozenset()
        pairs.add((param, expr.id))
    return escape.origin, key, frozenset(pairs)


def _raise_tests(
    node: ast.FunctionDef | ast.AsyncFunctionDef, memo: dict[object, object]
) -> dict[int, frozenset[str]]:
    """Line of each `raise` that ends the body of an `if` -> the parameters its test reads
    (the def's names only parameters it never binds again), cached per def."""
    key = ("raise tests", id(node))
    found = memo.get(key)
    if found is not None and found[0] is node:  # type: ignore[index]
        return found[1]  # type: ignore[index,no-any-return]
    params = {a.arg for a in (*node.args.posonlyargs, *node.args.args, *node.args.kwonlyargs)}
    again = rebound(node)
    tests: dict[int, frozenset[str]] = {}
    for sub in walk_function(node):
        if not isinstance(sub, ast.If) or not sub.body or not isinstance(sub.body[-1], ast.Raise):
            continue
        read = {n.id for n in ast.walk(sub.test) if isinstance(n, ast.Name)}
        if read and read <= params and not read & again:
            tests[sub.body[-1].lineno] = frozenset(read)
    memo[key] = (node, tests)
    return tests


def _picked_for(call: ast.Call, expr: ast.expr, inputs: InputRisks) -> bool:
    """`rule.check(number)` where `rule` is an item of what a call given `number` too made
    (`for rule in matching_rules(number)`), or that call's answer: the object was chosen for
    the value."""
    func = call.func
    if not (
        isinstance(func, ast.Attribute)
        and isinstance(func.value, ast.Name)
        and isinstance(expr, ast.Name)
    ):
        return False
    bound = inputs.only_binding(func.value.id)
    made = bound.value if isinstance(bound, Element) else bound
    if not isinstance(made, ast.Call) or is_builtin_call(made):
        return False
    return any(is_name(arg, expr.id) for arg in made.args)


def is_builtin_call(call: ast.Call) -> bool:
    """`list(x)`, `sorted(x)`...: a builtin that hands the value on, choosing nothing."""
    return isinstance(call.func, ast.Name) and call.func.id in (
        "list",
        "sorted",
        "tuple",
        "iter",
        "reversed",
        "enumerate",
        "set",
    )


def _given_names(call: ast.Call, scope: Scope) -> frozenset[str]:
    """The plain names a call gives as arguments, and the object of the project's class a
    method is called on (`svc.categories()`: what its state let through, it lets through
    again; not a module, `rates.to_decimal(...)`)."""
    given = {
        a.id for a in (*call.args, *(kw.value for kw in call.keywords)) if isinstance(a, ast.Name)
    }
    func = call.func
    if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name):
        found = resolve(func.value, scope)
        if found.items and all(isinstance(o, Instance) for o in found.items):
            given.add(func.value.id)
    return frozenset(given)


def _returns_in_all(group: list[ast.ExceptHandler]) -> bool:
    """Every `except` of a `try` ends by returning."""
    return bool(group) and all(h.body and isinstance(h.body[-1], ast.Return) for h in group)


def _raises_instead(call: ast.Call, scope: Scope) -> bool:
    """`parser.parse_args(...)` of a project's ArgumentParser subclass whose `error` (or
    `exit`) raises instead of exiting."""
    func = call.func
    if not isinstance(func, ast.Attribute):
        return False
    for obj in resolve(func.value, scope).items:
        if isinstance(obj, Instance) and (
            class_method(obj.cls, "error") is not None or class_method(obj.cls, "exit") is not None
        ):
            return True
    return False


def _named_def(
    call: ast.Call, scope: Scope
) -> tuple[ast.FunctionDef | ast.AsyncFunctionDef, int] | None:
    """The def of the root a call of a bare name or of `self`'s method runs (`_resolve(raw)`,
    `self.workspace_file(rel)`), and how many of its parameters the call does not fill (the
    object a method is bound to), or None."""
    named = _named_function(call, scope)
    return (named[0].node, named[1]) if named is not None else None  # type: ignore[return-value]


def _named_function(call: ast.Call, scope: Scope) -> tuple[Function, int] | None:
    """`_named_def`'s def as the semantic model's Function (its scope says where its own
    calls resolve)."""
    func = call.func
    if isinstance(func, ast.Name):
        if is_builtin_name(func.id, scope):
            return None
    elif not isinstance(func, ast.Attribute):
        return None
    elif not is_name(func.value, "self"):
        # (`table.zone_of(stop)`: a method of an object of the project's, the one method it
        # can be, as for `self`; an annotated parameter's class may have subclasses)
        possible = resolve(func, scope)
        method = possible.items[0] if len(possible.items) == 1 else None
        if not (
            isinstance(method, Function) and method.bound and isinstance(method.node, _DEF_TYPES)
        ):
            return None
        return method, 1
    possible = resolve(func, scope)
    # (`self.m`: the method the class defines or inherits, though a subclass might not be
    # known)
    found = possible.single() if isinstance(func, ast.Name) else next(iter(possible.items), None)
    if len(possible.items) != 1 and isinstance(func, ast.Attribute):
        return None
    if not isinstance(found, Function) or not isinstance(found.node, _DEF_TYPES):
        return None
    bound = found.bound or any(last_name(d) == "classmethod" for d in found.node.decorator_list)
    return found, int(bound)


def _is_cast(func: ast.expr, scope: Scope) -> bool:
    """`typing.cast` (or typing_extensions'), as the scope resolves `func`."""
    if not isinstance(func, (ast.Name, ast.Attribute)) or last_name(func) != "cast":
        return False
    found = resolve(func, scope).single()
    return isinstance(found, External) and found.dotted in ("typing.cast", "typing_extensions.cast")


def _carrier(scope: Scope) -> Callable[..., tuple[str, int] | None]:
    """`carries(call)` for InputRisks: a call of a def of the root that hands back one of its
    parameters made into a path or text (`def _resolve(raw): if not raw: return None; return
    Path(raw).expanduser().resolve()`), never testing whether the file exists."""

    # (asked again for every test of the value, and by every def's InputRisks in the same
    # scope: resolve once per call and scope)
    key = ("carried", id(scope.module), scope.env_key())
    known: dict[object, tuple[ast.Call, tuple[str, int] | None]] = (
        scope.module.models.memo.setdefault(key, {})  # type: ignore[assignment]
    )

    def carries(call: ast.Call, item: int | str | None = None) -> tuple[str, int] | None:
        key = id(call) if item is None else (id(call), item)
        found = known.get(key)
        if found is not None and found[0] is call:
            return found[1]
        if item == "raw" and len(call.args) == 2 and _is_cast(call.func, scope):
            return ("raw", 1)  # (`cast(EditOp, op)`: the value itself)
        if not isinstance(call.func, ast.Name) and not (
            isinstance(call.func, ast.Attribute) and is_name(call.func.value, "self")
        ):
            return None  # (only a bare name or `self.m` can be a helper of the root)
        named = _named_def(call, scope)
        carried = (
            None
            if named is None
            else _carried_by(named[0])
            if item is None
            else _raw_carried_by(named[0])
            if item == "raw"
            else _arguments_carried_by(named[0])
            if item == "arguments"
            else _carried_item(named[0], item)  # type: ignore[arg-type]
        )
        if carried is not None and named is not None and named[1]:
            # (a method: the call's arguments start after `self`)
            index = carried[1] - named[1]
            carried = (carried[0], index) if index >= 0 else None
        known[key] = (call, carried)
        return carried

    return carries


def _checker(scope: Scope) -> Callable[[ast.Call], frozenset[str]]:
    """`checks(call)` for InputRisks: the keys a def of the root that is handed the model's
    arguments reads from them and then may raise on (`def _key(args): key = args.get("key");
    if not isinstance(key, str) or not key: raise BadKey(...)`): once it returned, they are
    there."""

    def checks(call: ast.Call) -> frozenset[str]:
        named = _named_function(call, scope)
        if named is None:
            return frozenset()
        node = named[0].node
        assert isinstance(node, _DEF_TYPES)
        ensured = (
            _ensures_file(named[0], 0) if any(isinstance(a, ast.Name) for a in call.args) else set()
        )
        if ensured:
            # (`open_image(raw)` of a helper that raises unless the path leads to a file:
            # once it returned, the argument names one: "#i", the call's i-th argument)
            return frozenset(f"#{i - named[1]}" for i in ensured if i >= named[1])
        members = _ensures_member(node) or _raises_unless_held(node)
        if members:
            # (`category_of(unit)` of a helper that returns only where `unit in TABLE` and
            # raises past its tests: once it returned, the argument is an entry: "=i")
            return frozenset(f"={i - named[1]}" for i in members if i >= named[1])
        params = [a.arg for a in (*node.args.posonlyargs, *node.args.args)]
        keys: set[str] = set()
        raises = False
        for sub in walk_function(node):
            if isinstance(sub, ast.Raise):
                raises = True
            elif (
                isinstance(sub, ast.Call)
                and isinstance(sub.func, ast.Attribute)
                and sub.func.attr == "get"
                and isinstance(sub.func.value, ast.Name)
                and sub.func.value.id in params
                and sub.args
                and isinstance(sub.args[0], ast.Constant)
                and isinstance(sub.args[0].value, str)
            ):
                keys.add(sub.args[0].value)
        return frozenset(keys) if raises else frozenset()

    return checks


_ENSURES_ATTR = "_hermes_dev_ensures"
_MEMBERS_ATTR = "_hermes_dev_members"


def _ensures_file(function: Function, depth: int) -> set[int]:
    """The indices of `node`'s parameters it raises on unless they lead to a file: an `if`
    that tests existence (`if not p.exists(): raise ...`, `p.is_dir()`) of a path made of the
    parameter and raises, or a call handing the parameter to such a def (memoised)."""
    node = function.node
    assert isinstance(node, _DEF_TYPES)
    known = node.__dict__.get(_ENSURES_ATTR)
    if known is not None:
        return known  # type: ignore[no-any-return]
    node.__dict__[_ENSURES_ATTR] = set()  # (a cycle: nothing)
    params = [a.arg for a in (*node.args.posonlyargs, *node.args.args)]
    # the names made of each parameter (`p = Path(str(raw)).expanduser()`)
    made: dict[str, int] = {name: i for i, name in enumerate(params)}
    found: set[int] = set()
    scope: Scope | None = None
    for sub in walk_function(node):
        if isinstance(sub, ast.Assign) and len(sub.targets) == 1:
            target = sub.targets[0]
            if isinstance(target, ast.Name):
                reads = {n.id for n in ast.walk(sub.value) if isinstance(n, ast.Name)} & set(made)
                if len(reads) == 1:
                    made[target.id] = made[reads.pop()]
        elif isinstance(sub, ast.If) and any(isinstance(b, ast.Raise) for b in sub.body):
            for test in ast.walk(sub.test):
                if (
                    isinstance(test, ast.Call)
                    and isinstance(test.func, ast.Attribute)
                    and test.func.attr in EXISTS_TESTS
                ):
                    tested = test.args[0] if test.args else test.func.value
                    if isinstance(tested, ast.Name) and tested.id in made:
                        found.add(made[tested.id])
        elif isinstance(sub, ast.Call) and depth < 3 and sub.args:
            if scope is None:
                scope = Code(function).scope  # (its own calls resolve where it is written)
            inner = _named_function(sub, scope)
            if inner is None:
                continue
            for i in _ensures_file(inner[0], depth + 1):
                j = i - inner[1]
                if 0 <= j < len(sub.args):
                    arg = sub.args[j]
                    if isinstance(arg, ast.Name) and arg.id in made:
                        found.add(made[arg.id])
    node.__dict__[_ENSURES_ATTR] = found
    return found


def _ensures_member(node: ast.FunctionDef | ast.AsyncFunctionDef) -> set[int]:
    """The indices of `node`'s parameters it returns only for entries of its tables: every
    `return` sits in the body of an `if param in TABLE:` (or of an `and` holding one), and
    the def ends with a raise (`if unit in TEMPERATURE: return ...; for cat, table in
    LINEAR.items(): if unit in table: return cat; raise UnknownUnit(unit)`)."""
    known = node.__dict__.get(_MEMBERS_ATTR)
    if known is not None:
        return known  # type: ignore[no-any-return]
    found: set[int] = set()
    params = [a.arg for a in (*node.args.posonlyargs, *node.args.args)]
    if node.body and isinstance(node.body[-1], ast.Raise):
        for index, param in enumerate(params):
            if _returns_only_members(node.body, _standing_for(node, param), False):
                found.add(index)
    else:
        found |= _raises_unless_member(node, params)
    node.__dict__[_MEMBERS_ATTR] = found
    return found


def _raises_unless_held(node: ast.FunctionDef | ast.AsyncFunctionDef) -> set[int]:
    """`def zone_of(self, stop_id): if stop_id not in self.stop_names: raise ...`: the indices
    of the parameters a test at the top of the body raises on unless a table holds them
    (alone or in an `or` of such tests), whatever the def returns after it."""
    params = [a.arg for a in (*node.args.posonlyargs, *node.args.args)]
    found: set[int] = set()
    for stmt in node.body:
        if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Constant):
            continue  # (the docstring)
        if not (
            isinstance(stmt, ast.If) and not stmt.orelse and isinstance(stmt.body[-1], ast.Raise)
        ):
            break
        tests = (
            stmt.test.values
            if isinstance(stmt.test, ast.BoolOp) and isinstance(stmt.test.op, ast.Or)
            else [stmt.test]
        )
        for test in tests:
            if (
                isinstance(test, ast.Compare)
                and len(test.ops) == 1
                and isinstance(test.ops[0], ast.NotIn)
                and isinstance(test.left, ast.Name)
                and test.left.id in params
                and isinstance(test.comparators[0], (ast.Name, ast.Attribute))
            ):
                found.add(params.index(test.left.id))
    rebound = {
        n.id
        for n in walk_function(node)
        if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)
    }
    return {i for i in found if params[i] not in rebound}


def _raises_unless_member(
    node: ast.FunctionDef | ast.AsyncFunctionDef, params: list[str]
) -> set[int]:
    """`key = raw.strip().lower(); if key not in table: raise ...; return key`: every return
    gives one name, after a test at the top of the body that raises unless a table holds it;
    the index of the one parameter it is made from."""
    found = _member_returned(node)
    if found is None:
        return set()
    name, made_from = found
    if name in params:
        made_from.add(name)
    sources = [p for p in params if p in made_from]
    return {params.index(sources[0])} if len(sources) == 1 else set()


def returns_member(node: ast.AST) -> bool:
    """The def returns only an entry of a table, raising otherwise (`_member_returned`, or
    the same expression its test asked about: `if m.strip().lower() not in METERS: raise ...;
    return m.strip().lower()`)."""
    return isinstance(node, _DEF_TYPES) and (
        _member_returned(node) is not None or _tested_expression_returned(node)
    )


_NUMBER_TYPES = frozenset({"int", "float"})


def returns_number(node: ast.AST) -> bool:
    """Every return gives one name, past a test at the top of the body that raises unless it
    is a number (`if isinstance(v, bool) or not isinstance(v, (int, float)) ...: raise`; the
    classes written there, or in the one local they are bound to, are int and float only)."""
    if not isinstance(node, _DEF_TYPES):
        return False
    returns = [r for r in walk_function(node) if isinstance(r, ast.Return)]
    name = _returned_name(returns)
    if name is None:
        return False
    for _, stmt in _raising_tests(node):
        for part in _or_parts(stmt.test):
            if not (
                isinstance(part, ast.UnaryOp)
                and isinstance(part.op, ast.Not)
                and isinstance(part.operand, ast.Call)
                and is_name(part.operand.func, "isinstance")
                and len(part.operand.args) == 2
                and is_name(part.operand.args[0], name)
            ):
                continue
            if _numeric_classes(part.operand.args[1], node) and not any(
                r.lineno < stmt.lineno for r in returns
            ):
                return not any(
                    isinstance(sub, ast.Name)
                    and sub.id == name
                    and isinstance(sub.ctx, ast.Store)
                    and sub.lineno > stmt.lineno
                    for sub in walk_function(node)
                )
    return False


def _numeric_classes(kinds: ast.expr, node: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """`(int, float)`, `int`, or a local bound once to such (`(int,) if whole else (int,
    float)`): the classes named are numbers only."""
    if isinstance(kinds, ast.Name) and kinds.id not in _NUMBER_TYPES:
        bound = [
            stmt.value
            for stmt in node.body
            if isinstance(stmt, ast.Assign)
            and len(stmt.targets) == 1
            and is_name(stmt.targets[0], kinds.id)
        ]
        if len(bound) != 1:
            return False
        kinds = bound[0]
        named = [n for n in ast.walk(kinds) if isinstance(n, ast.Name)]
        tested = [n for n in named if n.id in _NUMBER_TYPES]
        others = [n for n in named if n.id not in _NUMBER_TYPES]
        # (the names of a conditional's test may be anything: only the classes count)
        if isinstance(kinds, ast.IfExp):
            others = [n for n in others if not any(n is t for t in ast.walk(kinds.test))]
        return bool(tested) and not others
    names = kinds.elts if isinstance(kinds, ast.Tuple) else [kinds]
    return bool(names) and all(is_name(n, "int") or is_name(n, "float") for n in names)


def _tested_expression_returned(node: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """Every return gives one expression (no plain name) that a test at the top of the body
    asked about (`if not isinstance(m, str) or m.strip() not in T: raise ...`), whose names
    nothing binds after that test."""
    returns = [r for r in walk_function(node) if isinstance(r, ast.Return)]
    if not returns or any(r.value is None or isinstance(r.value, ast.Name) for r in returns):
        return False
    shapes = {ast.dump(r.value) for r in returns}  # type: ignore[arg-type]
    if len(shapes) != 1:
        return False
    [shape] = shapes
    for at, stmt in _raising_tests(node):
        if not any(
            isinstance(p, ast.Compare)
            and len(p.ops) == 1
            and isinstance(p.ops[0], ast.NotIn)
            and ast.dump(p.left) == shape
            for p in _or_parts(stmt.test)
        ):
            continue
        if any(r.lineno < stmt.lineno for r in returns):
            return False
        read = {n.id for n in ast.walk(returns[0].value) if isinstance(n, ast.Name)}  # type: ignore[arg-type]
        return not any(
            isinstance(sub, ast.Name) and sub.id in read and isinstance(sub.ctx, ast.Store)
            for later in node.body[at + 1 :]
            for sub in ast.walk(later)
        )
    return False


def _returned_name(returns: list[ast.Return]) -> str | None:
    """The one name every `return` gives, else None."""
    if not returns or not all(isinstance(r.value, ast.Name) for r in returns):
        return None
    names = {r.value.id for r in returns}  # type: ignore[union-attr]
    return names.pop() if len(names) == 1 else None


def _or_parts(test: ast.expr) -> list[ast.expr]:
    """The operands of an `or` (the test itself when it is none)."""
    return test.values if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.Or) else [test]


def _raising_tests(node: ast.FunctionDef | ast.AsyncFunctionDef) -> list[tuple[int, ast.If]]:
    """The `if ...: ... raise` statements of a def's own body (no `else`), with their index."""
    return [
        (at, stmt)
        for at, stmt in enumerate(node.body)
        if isinstance(stmt, ast.If)
        and not stmt.orelse
        and stmt.body
        and isinstance(stmt.body[-1], ast.Raise)
    ]


def _member_returned(
    node: ast.FunctionDef | ast.AsyncFunctionDef,
) -> tuple[str, set[str]] | None:
    """`unit = args.get("unit") or default; if unit not in UNITS: raise ...; return unit`:
    the one name every return gives, past a test at the top of the body that raises unless a
    table holds it, with the names it is made from; None for any other def."""
    returns = [r for r in walk_function(node) if isinstance(r, ast.Return)]
    name = _returned_name(returns)
    if name is None:
        return None
    test_at = next(
        (at for at, stmt in _raising_tests(node) if _tests_member(stmt.test, name, negated=True)),
        None,
    )
    if test_at is None:
        return None
    tested_line = node.body[test_at].lineno
    if any(r.lineno < tested_line for r in returns):
        return None
    made_from: set[str] = set()
    for at, stmt in enumerate(node.body):
        for sub in ast.walk(stmt):
            if isinstance(sub, ast.Name) and sub.id == name and isinstance(sub.ctx, ast.Store):
                if at > test_at or not isinstance(stmt, ast.Assign):
                    return None  # (bound again after its test, or in a block)
                made_from |= {n.id for n in ast.walk(stmt.value) if isinstance(n, ast.Name)}
    return name, made_from


def _member_or_none(node: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """The def answers None or an entry of a table: each return is None, `x if x in TABLE
    else None`, or `x` after `if x not in TABLE: return None` (or `raise`) at the top of its
    body. A caller that turns None away holds an entry."""
    returns = [r for r in walk_function(node) if isinstance(r, ast.Return)]
    turned: set[str] = set()
    for stmt in node.body:
        if (
            isinstance(stmt, ast.If)
            and not stmt.orelse
            and len(stmt.body) == 1
            and isinstance(stmt.body[0], ast.Return)
            and _none(stmt.body[0].value)
            and isinstance(stmt.test, ast.Compare)
            and isinstance(stmt.test.left, ast.Name)
            and _tests_member(stmt.test, stmt.test.left.id, negated=True)
        ):
            turned.add(stmt.test.left.id)
    # (`if not isinstance(v, str) or v not in allowed: raise ...` before `return v`: the
    # other answer is an entry too)
    raised_at: dict[str, int] = {}
    for _, stmt in _raising_tests(node):
        test = stmt.test
        parts = test.values if isinstance(test, ast.BoolOp) else [test]
        for part in parts:
            if (
                isinstance(part, ast.Compare)
                and isinstance(part.left, ast.Name)
                and part.left.id not in raised_at
                and _tests_member(test, part.left.id, negated=True)
            ):
                raised_at[part.left.id] = stmt.end_lineno or stmt.lineno
    for sub in walk_function(node):
        if (
            isinstance(sub, ast.Name)
            and isinstance(sub.ctx, ast.Store)
            and sub.lineno > raised_at.get(sub.id, sub.lineno)
        ):
            del raised_at[sub.id]  # (bound again past its test)
    inside = returned_if_in(node)
    seen = False
    for ret in returns:
        value = ret.value
        if _none(value):
            continue
        if id(ret) in inside:
            seen = True  # (`if v.strip() in T: return v.strip()`)
            continue
        if (
            isinstance(value, ast.IfExp)
            and isinstance(value.body, ast.Name)
            and _tests_member(value.test, value.body.id)
            and _none(value.orelse)
        ) or (isinstance(value, ast.Name) and value.id in turned):
            seen = True
            continue
        if isinstance(value, ast.Name) and ret.lineno > raised_at.get(value.id, ret.lineno):
            seen = True
            continue
        return False
    return seen


def _table_identity(contains: ast.Call, scope: Scope) -> str | None:
    """`in:<value>` for the constant table a membership verdict asks (`METHODS` of
    `METHODS = ("a", "b")`, imported or not): two tables holding the same are asked alike."""
    found = resolve(contains.func.value, scope).single()  # type: ignore[attr-defined]
    if isinstance(found, Const):
        return f"in:{found.key!r}"
    if isinstance(found, Literal) and isinstance(found.expr, (ast.Tuple, ast.List, ast.Set)):
        written = found.expr.elts
        if written and all(isinstance(e, ast.Constant) for e in written):
            return "in:" + repr(sorted({repr(e.value) for e in written}))  # type: ignore[attr-defined]
    return None


def _written_table(expr: ast.expr, scope: Scope) -> bool:
    """A dict written out with constant keys only (a module's table, not a record the tool
    reads or the model's own object)."""
    if not isinstance(expr, (ast.Name, ast.Attribute)):
        return False
    table = entries(expr, scope)
    return (
        table is not None
        and table.complete
        and bool(table.items)
        and all(isinstance(key, (str, int)) for key, _, _ in table.items)
    )


def _answers_none(node: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """The def returns None on some path that a test or an `except` picks (`return None`, a
    bare `return`), and something else on another: not a def that only ever answers None."""
    if any(isinstance(sub, (ast.Yield, ast.YieldFrom)) for sub in walk_function(node)):
        return False
    conditional: set[int] = set()
    for sub in walk_function(node):
        if isinstance(sub, (ast.If, ast.ExceptHandler)):
            conditional.update(id(r) for r in ast.walk(sub) if isinstance(r, ast.Return))
    returns = returns_of(node)
    nones = [r for r in returns if _none(r.value)]
    return any(id(r) in conditional for r in nones) and any(not _none(r.value) for r in returns)


def _none(expr: ast.expr | None) -> bool:
    return expr is None or (isinstance(expr, ast.Constant) and expr.value is None)


def _standing_for(node: ast.FunctionDef | ast.AsyncFunctionDef, param: str) -> frozenset[str]:
    """`param` and the locals the body binds once, at its top, to what is made of it alone
    (`u = normalise(unit)`, `key = unit.strip().lower()`): a test of them tests it."""
    params = {a.arg for a in (*node.args.posonlyargs, *node.args.args, *node.args.kwonlyargs)}
    counts: dict[str, int] = {}
    for sub in walk_function(node):
        if isinstance(sub, ast.Name) and isinstance(sub.ctx, ast.Store):
            counts[sub.id] = counts.get(sub.id, 0) + 1
    found = {param}
    for stmt in node.body:
        if (
            isinstance(stmt, ast.Assign)
            and len(stmt.targets) == 1
            and isinstance(stmt.targets[0], ast.Name)
            and counts.get(stmt.targets[0].id) == 1
        ):
            reads = {
                n.id
                for n in ast.walk(stmt.value)
                if isinstance(n, ast.Name) and (n.id in params or n.id in counts)
            }
            if reads and reads <= found:
                found.add(stmt.targets[0].id)
    return frozenset(found)


def _returns_only_members(stmts: list[ast.stmt], param: str | frozenset[str], tested: bool) -> bool:
    """Every `return` in `stmts` (nested defs aside) is under a membership test of `param`
    (or of one of the names that stand for it), and at least one is."""
    seen = False
    for stmt in stmts:
        if isinstance(stmt, ast.Return):
            if not tested:
                return False
            seen = True
        elif isinstance(stmt, ast.If):
            inner = tested or _tests_member(stmt.test, param)
            for part, flag in ((stmt.body, inner), (stmt.orelse, tested)):
                if any(isinstance(s, ast.Return) for s in ast.walk(ast.Module(part, []))):
                    if not _returns_only_members(part, param, flag):
                        return False
                    seen = True
        elif isinstance(stmt, (ast.For, ast.AsyncFor, ast.While, ast.With, ast.AsyncWith)):
            if any(isinstance(s, ast.Return) for s in ast.walk(stmt)):
                if not _returns_only_members(stmt.body, param, tested):
                    return False
                seen = True
        elif not isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)) and any(
            isinstance(s, ast.Return) for s in ast.walk(stmt)
        ):
            return False  # (a `try` or `match` holding a return: not followed)
    return seen


def _tests_member(test: ast.expr, name: str | frozenset[str], negated: bool = False) -> bool:
    """`name in T` (alone, or one of an `and`); with `negated`, `name not in T` (alone, or one
    of an `or`). `name` may be a set of names, any of them."""
    names = {name} if isinstance(name, str) else name
    joined, op = (ast.Or, ast.NotIn) if negated else (ast.And, ast.In)
    parts = test.values if isinstance(test, ast.BoolOp) and isinstance(test.op, joined) else [test]
    return any(
        isinstance(part, ast.Compare)
        and len(part.ops) == 1
        and isinstance(part.ops[0], op)
        and isinstance(part.left, ast.Name)
        and part.left.id in names
        for part in parts
    )


_CARRIED_ATTR = "_hermes_dev_carried"
_CARRIED_ITEMS_ATTR = "_hermes_dev_carried_items"
# What a returned value that may be a parameter made into text or a path is written as (not a
# display, a constant or a comparison).
_CARRYING = (
    ast.Name,
    ast.Call,
    ast.Attribute,
    ast.BinOp,
    ast.JoinedStr,
    ast.IfExp,
    ast.Subscript,
    ast.List,  # (`return [root]`: one of the files a listing gives)
)


# A raise's message that says the author holds it unreachable.
_UNREACHABLE = re.compile(
    r"\bunreachable\b|\bshould (never|not) (happen|be reached|get here)\b|"
    r"\bcan(no|')t (happen|get here)\b|\bimpossible\b|\bexhaustive\b",
    re.IGNORECASE,
)


def _raised_message(exc: ast.expr | None) -> str | None:
    """The constant text a raise gives its exception (`ValueError("unreachable")`)."""
    if not (isinstance(exc, ast.Call) and exc.args):
        return None
    first = exc.args[0]
    if isinstance(first, ast.Constant) and isinstance(first.value, str):
        return first.value
    if isinstance(first, ast.JoinedStr):
        return "".join(
            v.value
            for v in first.values
            if isinstance(v, ast.Constant) and isinstance(v.value, str)
        )
    return None


def _carried_by(node: ast.FunctionDef | ast.AsyncFunctionDef) -> tuple[str, int] | None:
    """("path" or "text", i): every value `node` returns that is not None is its i-th
    parameter made into a path (or text), and it tests no file's existence (memoised); a
    trailing "." says the name ends with the helper's own extension (`name + ".json"`)."""
    if _CARRIED_ATTR in node.__dict__:
        return node.__dict__[_CARRIED_ATTR]  # type: ignore[no-any-return]
    values = [
        r.value
        for r in returns_of(node)
        if r.value is not None and not (isinstance(r.value, ast.Constant) and r.value.value is None)
    ]
    found = _carried_values(node, values)
    node.__dict__[_CARRIED_ATTR] = found
    return found


def _carried_item(
    node: ast.FunctionDef | ast.AsyncFunctionDef, index: int
) -> tuple[str, int] | None:
    """The same for the `index`-th item of the tuples `node` returns (`return p, None` /
    `return None, "not found"`, unpacked as `path, err = _resolve(raw)`)."""
    memo: dict[int, tuple[str, int] | None] = node.__dict__.setdefault(_CARRIED_ITEMS_ATTR, {})
    if index in memo:
        return memo[index]
    tuples = [r.value for r in returns_of(node)]
    found: tuple[str, int] | None = None
    if tuples and all(isinstance(t, ast.Tuple) for t in tuples):
        sizes = {len(t.elts) for t in tuples}  # type: ignore[union-attr]
        if len(sizes) == 1 and index < sizes.pop():
            values = [
                t.elts[index]  # type: ignore[union-attr]
                for t in tuples
                if not is_none(t.elts[index])  # type: ignore[union-attr]
            ]
            found = _carried_values(node, values)
            if found is not None and found[0].startswith("text") and len(values) < len(tuples):
                # (`return None, None, "unknown ecosystem"`: a helper that can refuse the value
                # checked the text it gives back; a path it gives is still only a path)
                found = None
    memo[index] = found
    return found


def _carried_values(
    node: ast.FunctionDef | ast.AsyncFunctionDef, values: list[ast.expr]
) -> tuple[str, int] | None:
    if isinstance(node, ast.AsyncFunctionDef) or not all(
        last_name(d) in ("staticmethod", "classmethod") for d in node.decorator_list
    ):
        return None
    if not values or not all(isinstance(v, _CARRYING) for v in values):
        return None
    calls = walk_function(node)
    tests = any(
        isinstance(n, ast.Call)
        and isinstance(n.func, ast.Attribute)
        and n.func.attr in EXISTS_TESTS
        for n in calls
    )
    if all(isinstance(v, ast.Name) for v in values) and {
        v.id  # type: ignore[attr-defined]
        for v in values
    } <= _number_typed(calls):
        return None  # (`if not isinstance(rate, (int, float)): raise ...`: a number, no text)
    params = [a.arg for a in (*node.args.posonlyargs, *node.args.args)]
    # (a parameter the body never reads hands nothing back)
    read = {n.id for n in calls if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load)}
    for index, param in enumerate(params):
        if param not in read:
            continue
        if all(_compiles(v, param) for v in values):
            return ("pattern", index)  # (`return re.compile(p), None`: the pattern it is given)
        if _keyed_by(calls, param):
            # (`int(args.get("n"))`: handed the arguments themselves, below)
            risks = InputRisks(node, "")
        else:
            risks = InputRisks(node, "", None, frozenset({param}))
        if all(risks._model_path(v, False) for v in values):
            # (`path!`: a path the helper tests, an existing file when it answers; `.`: its
            # name ends with the helper's own extension, `os.path.join(ROOT, name + ".json")`)
            named = "." if all(risks._kind_fixed(v) for v in values) else ""
            return ("path!" + named if tests else "path" + named, index)
        if all(risks._listing(v) for v in values):
            return ("files", index)  # (`return sorted(p for p in root.glob("*.md"))`)
        if tests:
            continue
        converted = _converted(calls, values)
        number = _number_kind(risks, values)
        if number is not None:
            # (`def _as_int(raw): return int(raw)`: unbounded; `+`: never 0 when it returns)
            return (number + ("+" if _rules_out_zero(node, values) else ""), index)
        # (`if v is None: return default` gives the caller's own text back: the rest is what
        # the helper makes of the model's value)
        given = [v for v in values if not _fallback(v, node, param)]
        if _member_tested(calls, given):
            given = []  # (`if v not in choices: raise`: an entry of the caller's table)
        if given and all(risks._from_model(v) for v in given) and not converted:
            return ("text" + ("." if all(risks._kind_fixed(v) for v in given) else ""), index)
        if all(risks._from_model(v) for v in values):
            if converted and not _bounded(node, values):
                # (`value = float(value)` keeps the name: a number now, not the text it was)
                return (converted + ("+" if _rules_out_zero(node, values) else ""), index)
            return ("text" + ("." if all(risks._kind_fixed(v) for v in values) else ""), index)
        if all(risks._content(v) for v in values):
            return ("content", index)  # (`def fetch(url): ... return resp.content`)
        # `def _path(args): return Path(args.get("path")).expanduser()`: handed the
        # arguments themselves ("*": the call gives its own argument dict)
        table = InputRisks(node, param)
        if all(table._model_path(v, False) for v in values):
            return ("path*", index)
        number = _number_kind(table, values)
        if (
            number is None
            and converted
            and not _bounded(node, values)
            and all(table._from_model(v) for v in values)
        ):
            plus = "+" if _rules_out_zero(node, values) else ""
            return (converted + plus + "*", index)
        if number is not None:
            # (`def _id(args): return int(args.get("id"))`)
            return (number + ("+" if _rules_out_zero(node, values) else "") + "*", index)
        if all(table._from_model(v) for v in values) or (
            given and not converted and all(table._from_model(v) for v in given)
        ):
            return ("text*", index)  # (`def require(args, key): ... return value`)
    return None


def _compiles(value: ast.expr, param: str) -> bool:
    """`re.compile(param, ...)`."""
    return (
        isinstance(value, ast.Call)
        and isinstance(value.func, ast.Attribute)
        and value.func.attr == "compile"
        and is_name(value.func.value, "re")
        and bool(value.args)
        and is_name(value.args[0], param)
    )


def _member_tested(nodes: list[ast.AST], values: list[ast.expr]) -> bool:
    """Some value (or a name it reads) is tested for membership (`raw.lower() not in
    choices`) in the def."""
    whole = {ast.dump(v) for v in values}
    names = {ast.dump(n) for v in values for n in ast.walk(v) if isinstance(n, ast.Name)}
    return any(
        isinstance(n, ast.Compare)
        and isinstance(n.ops[0], (ast.In, ast.NotIn))
        and (
            ast.dump(n.left) in whole
            # (of a name: against a table, not `raw in (None, "")`, a test for nothing given)
            or (
                ast.dump(n.left) in names
                and not isinstance(n.comparators[0], (ast.Tuple, ast.List, ast.Set))
            )
        )
        for n in nodes
    )


def _raw_carried_by(node: ast.FunctionDef | ast.AsyncFunctionDef) -> tuple[str, int] | None:
    """("raw", i): `node` hands back its i-th parameter as it came, or a stand-in for none (`def
    Nz(value, default=""): if value is None: return default; return value`), neither
    rebinding nor testing the type of it (memoised)."""
    if _RAW_ATTR in node.__dict__:
        return node.__dict__[_RAW_ATTR]  # type: ignore[no-any-return]
    found: tuple[str, int] | None = None
    if isinstance(node, ast.FunctionDef) and not node.decorator_list:
        values = [r.value for r in returns_of(node) if r.value is not None]
        params = [a.arg for a in (*node.args.posonlyargs, *node.args.args)]
        body = walk_function(node)
        for index, param in enumerate(params):
            given = [v for v in values if not _fallback(v, node, param)]
            if not given or not all(is_name(v, param) for v in given):
                continue
            if any(
                (isinstance(n, ast.Name) and n.id == param and not isinstance(n.ctx, ast.Load))
                or (
                    isinstance(n, ast.Call)
                    and isinstance(n.func, ast.Name)
                    and n.func.id in ("isinstance", "type", "str", "int", "float")
                    and n.args
                    and is_name(n.args[0], param)
                )
                for n in body
            ):
                continue
            found = ("raw", index)
            break
    node.__dict__[_RAW_ATTR] = found
    return found


_RAW_ATTR = "_hd_raw_carried"


def _arguments_carried_by(
    node: ast.FunctionDef | ast.AsyncFunctionDef,
) -> tuple[str, int] | None:
    """("arguments", i): every return of `node` is its i-th parameter as it came, a copy of it
    or an empty dict (`def _as_object(a): return a if isinstance(a, dict) else {}`)."""
    if not isinstance(node, ast.FunctionDef) or node.decorator_list:
        return None
    values = [r.value for r in returns_of(node)]
    if not values or any(v is None for v in values):
        return None
    params = [a.arg for a in (*node.args.posonlyargs, *node.args.args)]
    for index, param in enumerate(params):
        if all(the_arguments(v, param, empty=True) for v in values) and any(  # type: ignore[arg-type]
            not (isinstance(v, ast.Dict) and not v.keys) for v in values
        ):
            return ("arguments", index)
    return None


def _fallback(value: ast.expr, node: ast.FunctionDef | ast.AsyncFunctionDef, param: str) -> bool:
    """A constant, or another parameter whose default is one: what a helper returns instead of
    `param` when there is none."""
    if isinstance(value, ast.Constant):
        return True
    return (
        isinstance(value, ast.Name)
        and value.id != param
        and value.id in parameter_default_constants(node)
    )


def _keyed_by(nodes: list[ast.AST], param: str) -> bool:
    """The def reads `param` as a mapping (`param.get("k")`, `param["k"]`)."""
    for node in nodes:
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "get"
            and is_name(node.func.value, param)
        ) or (
            isinstance(node, ast.Subscript)
            and is_name(node.value, param)
            and isinstance(node.slice, ast.Constant)
            and isinstance(node.slice.value, str)
        ):
            return True
    return False


def _converted(nodes: list[ast.AST], values: list[ast.expr]) -> str | None:
    """ "int" or "float" when each returned value is a name the def converts in place
    (`value = float(value)`), else None."""
    names = {v.id for v in values if isinstance(v, ast.Name)}
    if not names or len(names) != len(values):
        return None
    kinds: dict[str, str] = {}
    for sub in nodes:
        if (
            isinstance(sub, ast.Assign)
            and len(sub.targets) == 1
            and isinstance(sub.targets[0], ast.Name)
            and sub.targets[0].id in names
        ):
            kind = number_of_itself(sub.value, sub.targets[0].id)
            if kind is not None:
                kinds[sub.targets[0].id] = kind
    if set(kinds) != names:
        return None
    return "float" if "float" in kinds.values() else "int"


def _bounded(node: ast.FunctionDef | ast.AsyncFunctionDef, values: list[ast.expr]) -> bool:
    """The helper compares its number with a bound other than 0 or 1 (`pid > 2**62`, `lo <=
    value <= hi`): how large or small it may be is the helper's, not the model's."""
    names = {v.id for v in values if isinstance(v, ast.Name)}
    for sub in walk_function(node):
        if not isinstance(sub, ast.Compare) or not any(
            isinstance(op, (ast.Lt, ast.LtE, ast.Gt, ast.GtE)) for op in sub.ops
        ):
            continue
        sides = [sub.left, *sub.comparators]
        if any(isinstance(side, ast.Name) and side.id in names for side in sides) and any(
            not (isinstance(side, ast.Name) and side.id in names)
            and not (isinstance(side, ast.Constant) and side.value in (0, 1, -1))
            for side in sides
        ):
            return True
    return False


def _number_typed(nodes: list[ast.AST]) -> set[str]:
    """Names a def tests to be numbers: `isinstance(rate, (int, float))`."""
    found: set[str] = set()
    for sub in nodes:
        if (
            isinstance(sub, ast.Call)
            and is_name(sub.func, "isinstance")
            and len(sub.args) == 2
            and isinstance(sub.args[0], ast.Name)
        ):
            kinds = sub.args[1]
            names = kinds.elts if isinstance(kinds, ast.Tuple) else [kinds]
            if names and all(
                isinstance(k, ast.Name) and k.id in ("int", "float", "Decimal") for k in names
            ):
                found.add(sub.args[0].id)
    return found


def _rules_out_zero(node: ast.FunctionDef | ast.AsyncFunctionDef, values: list[ast.expr]) -> bool:
    """The helper tests the number it returns against 0 (`if number <= 0: raise ...`, `if not
    n:`), so a division by what it hands back cannot be by zero."""
    names = {v.id for v in values if isinstance(v, ast.Name)}
    if not names:
        return False
    for sub in walk_function(node):
        if not isinstance(sub, (ast.If, ast.While, ast.Assert)):
            continue
        for test in ast.walk(sub.test):
            if (
                isinstance(test, ast.UnaryOp)
                and isinstance(test.op, ast.Not)
                and isinstance(test.operand, ast.Name)
                and test.operand.id in names
            ):
                return True
            if (
                isinstance(test, ast.Compare)
                and any(
                    isinstance(side, ast.Name) and side.id in names
                    for side in (test.left, *test.comparators)
                )
                and any(
                    isinstance(side, ast.Constant)
                    and side.value == 0
                    and type(side.value) is not bool
                    for side in (test.left, *test.comparators)
                )
            ):
                return True
    return False


def _number_kind(risks: InputRisks, values: list[ast.expr]) -> str | None:
    """ "int" or "float" when every value is the model's number, unbounded in the helper."""
    kinds = {risks.number_kind(v) for v in values}
    if None in kinds:
        return None
    return "float" if "float" in kinds else "int"


# Callables that call the function they are handed before they return (`key=`, a mapper).
_RUNS_ITS_FUNCTION = frozenset({"sorted", "min", "max", "map", "filter", "reduce", "sort"})
# Methods of a wrapped value (a Result, an Option) that run the function on what it holds.
_MAPS_ITS_VALUE = frozenset({"map", "flat_map", "and_then", "bind", "fmap", "map_ok"})


class _Walker:
    def __init__(
        self,
        code: Code,
        top: bool,
        depth: int,
        skip: frozenset[int] = frozenset(),
        inputs_only: bool = False,
    ) -> None:
        self.code = code
        self.inputs_only = inputs_only
        self.module = code.module
        self.scope = code.scope
        self.bound = bool(code.scope.env_key())
        self.top = top
        self.depth = depth
        self.skip = skip
        self.escapes: list[Escape] = []
        # (defs called in a `try` whose `except`s all return: their label, the names given,
        # the `except`s, what they raised on the model's values, and where what was caught
        # was raised)
        # (names bound to what a def so called returned, and where what was caught there was
        # raised: `invoice = book.load(...)` caught around, then `book.save(invoice)`)
        self._made_valid: list[tuple[frozenset[str], frozenset[tuple[Step, object]]]] = []
        self._bound_to: dict[int, frozenset[str]] = {}
        # (a raise of a def called in such a `try`, with what the call gave the parameters its
        # `if` tests: a later call giving them the same passes it too)
        self._passed_tests: list[tuple[Step, object, frozenset[tuple[str, str]]]] = []
        self._validated: list[
            tuple[
                str,
                frozenset[str],
                list[ast.ExceptHandler],
                frozenset[object],
                frozenset[tuple[Step, object]],
            ]
        ] = []
        self._submits: list[ast.Call] | None = None  # (`pool.submit(fn, ...)` in the def)
        self._iterated: set[int] = set()  # (calls a loop iterates over)
        self._looped_keys: set[str] = set()  # (the model's values a loop went over as they came)
        self._seen: set[tuple[object, ...]] = set()
        # What each `except` block of this def caught (by id): what a bare re-raise in it lets
        # out again (in a callee, where only known raises count).
        self._caught: dict[int, list[Escape]] = {}
        self._tries: dict[int, ast.Try | ast.TryStar] = {}
        self.inputs: InputRisks | None = None
        # (the parameter whose item holds the model's arguments, and its key: `state` of
        # `state["Args"]`, from a caller's `{"Args": args}`)
        self.holder: tuple[str, str] | None = None
        self.label = code.label
        self._guarded: dict[int, frozenset[str]] | None = None
        self._verdicts: dict[int, Guard] | None = None
        self._saved: dict[str, ast.ExceptHandler] | None = None
        # (whether control ends after a statement: asked again and again of an elif chain's
        # tail, which doubled with each arm where a call's constant decides the tests)
        self._ends: dict[int, bool] = {}
        # id(handler) -> the scope its type is read in, for a context manager's `except`
        self._handler_scopes: dict[int, Scope] = {}
        # parameters bound to one of several constants -> those the path here has ruled out
        # (`if cycle == "weekly": return ...` passed): all of them, and the rest cannot run
        self._ruled_out: dict[str, frozenset[object]] = {}
        # names -> the classes a test passed on the path here says their instances are not
        # (`if result.is_err(): return ...` passed: not an `Err`)
        self._not_class: Ruled = {}

    def run(self) -> None:
        node = self.code.node
        if isinstance(node, ast.Lambda):
            self.expr(node.body, [])
            return
        nodes = walk_function(node)
        if (
            not self.top
            and not self.inputs_only
            and not self.bound
            and not any(
                _blocks_flat(n)
                or self._decided(n)
                or (type(n) is ast.For and row_bindings(n, self.scope) is not None)
                or (type(n) is ast.If and self._missing_program(n))
                or (type(n) is ast.If and self._narrowing(n.test))
                for n in nodes
            )
            and not any(
                isinstance(s, (ast.If, ast.Match)) and sealed(s, node, self.scope)
                for s in node.body
            )
        ):
            # No try, no `with`, no branch to decide, no end a sealed `match` leaves unreached:
            # every raise and call of the body lets its exception out, so one pass over the
            # cached node list does (the same calls and raises the statement walk finds; code
            # after a statement that always raises is not told apart, which only matters for
            # dead code).
            self.flat(nodes)
            return
        self.body(node.body, [], {}, None)

    def _decided(self, node: ast.AST) -> bool:
        """An `if` whose test the module's own state decides (`if _CLIENT is None:` after
        register(ctx) set it up; a module flag bound once)."""
        return type(node) is ast.If and decide(node.test, self.scope) is not None

    def flat(self, nodes: list[ast.AST]) -> None:
        awaited: set[int] = set()
        called = {id(n.func) for n in nodes if type(n) is ast.Call}
        for node in nodes:
            kind = type(node)
            if kind is ast.Attribute or kind is ast.BinOp:
                self._read_or_divided(node, called, [])
            elif kind is ast.Raise:
                self.raise_(node, [], {}, None)  # type: ignore[arg-type]
            elif kind is ast.Await:
                awaited.add(id(node.value))  # type: ignore[attr-defined]
            elif kind is ast.Call:
                func = node.func  # type: ignore[attr-defined]
                if type(func) is ast.Lambda:
                    for default in (*func.args.defaults, *func.args.kw_defaults):
                        if default is not None:
                            self.expr(default, [])
                    self.expr(func.body, [])
                    continue
                awaited.update(_run_here(node, self.scope))  # type: ignore[arg-type]
                self.call(node, [], id(node) in awaited)  # type: ignore[arg-type]

    # -- statements ------------------------------------------------------------------------

    def body(
        self,
        stmts: list[ast.stmt],
        handlers: list[list[ast.ExceptHandler]],
        caught: dict[str, ast.ExceptHandler],
        current: ast.ExceptHandler | None,
    ) -> None:
        saved, classes = self._ruled_out, self._not_class
        try:
            for stmt in stmts:
                if self._ruled_out and self._exhausted():
                    break  # (every constant the parameter can be was handled above)
                self.stmt(stmt, handlers, caught, current)
                if self.ends(stmt):
                    break  # what follows is unreachable
                if self._not_class:
                    self._forget_rebound(stmt)
                if isinstance(stmt, (ast.For, ast.AsyncFor)):
                    self._narrow_each(stmt)
                if isinstance(stmt, ast.If):
                    self._rule_out_chain(stmt)
                    if self.ends_all(stmt.body) and not self.ends_all(stmt.orelse):
                        self._narrow(stmt.test, False)
                    elif (
                        stmt.orelse and self.ends_all(stmt.orelse) and not self.ends_all(stmt.body)
                    ):
                        self._narrow(stmt.test, True)
        finally:
            self._ruled_out, self._not_class = saved, classes

    def _narrowing(self, test: ast.expr) -> bool:
        return narrows(test) and bool(
            ruled_out(test, True, self.scope) or ruled_out(test, False, self.scope)
        )

    def _narrow(self, test: ast.expr, truth: bool) -> None:
        """The path goes on where `test` was `truth`: the classes it rules out are out."""
        if not narrows(test):
            return
        found = ruled_out(test, truth, self.scope)
        if found:
            out = dict(self._not_class)
            for name, classes in found.items():
                out[name] = out.get(name, frozenset()) | classes
            self._not_class = out

    def _tested_away(self, call: ast.Call, class_name: str) -> bool:
        """The instances of `class_name` a serialised value could hold come from locals it
        reads, and a test on the path has shown each of those locals is not one (`for parsed
        in (amount, source): if isinstance(parsed, Invalid): return`): nothing to refuse."""
        names: set[str] = set()
        todo = [
            n.id
            for a in (*call.args, *call.keywords)
            for n in ast.walk(a)
            if isinstance(n, ast.Name)
        ]
        index = self.scope.index if self.scope.func is not None else None
        while todo and index is not None and len(names) < 64:
            name = todo.pop()
            if name in names:
                continue
            names.add(name)
            for binding in index.get(name):
                if binding.value is not None and binding.kind in ("assign", "annotated", "mutated"):
                    todo.extend(n.id for n in ast.walk(binding.value) if isinstance(n, ast.Name))
        holders = [
            name
            for name in names
            if any(c.name == class_name for c in instance_classes(name, self.scope))
        ]
        return bool(holders) and all(
            any(c.name == class_name for c in self._not_class.get(name, ())) for name in holders
        )

    def _narrow_each(self, loop: ast.For | ast.AsyncFor) -> None:
        """`for parsed in (amount, source): if isinstance(parsed, Invalid): return ...` passed:
        what the test rules out for the loop's name is out for each name it went over."""
        target, items = loop.target, loop.iter
        if not (
            isinstance(target, ast.Name)
            and isinstance(items, (ast.Tuple, ast.List))
            and items.elts
            and all(isinstance(e, ast.Name) for e in items.elts)
        ):
            return
        for stmt in loop.body:
            if not (
                isinstance(stmt, ast.If)
                and not stmt.orelse
                and stmt.body
                and isinstance(stmt.body[-1], (ast.Return, ast.Raise))
                and narrows(stmt.test)
            ):
                continue
            for item in items.elts:
                assert isinstance(item, ast.Name)
                self._narrow(_renamed(stmt.test, target.id, item.id), False)

    def _asks_model(self, test: ast.expr) -> bool:
        """An `assert` in a def the handler calls that tests the model's own value (`assert
        isinstance(count, int)` of `count = args.get("count", 10)`): it fails on what the model
        sends, not on a broken invariant of the code."""
        inputs = self.inputs
        return inputs is not None and any(
            isinstance(sub, (ast.Name, ast.Subscript, ast.Call)) and inputs._from_model(sub)
            for sub in ast.walk(test)
        )

    def _restates(self, test: ast.expr) -> bool:
        """An `assert` of what a test on the path has already shown of a name
        (`assert isinstance(amount, float)` once `amount` is known not to be an `Invalid`):
        the author's note to a type checker, not a check that can fail here."""
        parts = (
            test.values if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.And) else [test]
        )
        for part in parts:
            if (
                isinstance(part, ast.Call)
                and isinstance(part.func, ast.Name)
                and part.func.id == "isinstance"
                and len(part.args) == 2
            ):
                subject = part.args[0]
            elif (
                isinstance(part, ast.Compare)
                and len(part.ops) == 1
                and isinstance(part.ops[0], ast.IsNot)
                and is_none(part.comparators[0])
            ):
                subject = part.left  # (`assert hotel_id is not None`)
            else:
                return False
            if not (isinstance(subject, ast.Name) and subject.id in self._not_class):
                return False
        return True

    def _forget_rebound(self, stmt: ast.stmt) -> None:
        """A name a statement binds again holds a new value: what a test said of it is gone."""
        stored = {
            n.id
            for n in ast.walk(stmt)
            if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store) and n.id in self._not_class
        }
        if stored:
            self._not_class = {k: v for k, v in self._not_class.items() if k not in stored}

    def _rule_out_chain(self, stmt: ast.If) -> None:
        """Past `if a == C: return ... elif a == D: return ...` (each branch ending, an
        `else` or none at the end) every test of the chain was false."""
        tests = []
        while self.ends_all(stmt.body):
            tests.append(stmt.test)
            if len(stmt.orelse) != 1 or not isinstance(stmt.orelse[0], ast.If):
                for test in tests:
                    self._rule_out(test)
                return
            stmt = stmt.orelse[0]

    def stmt(
        self,
        stmt: ast.stmt,
        handlers: list[list[ast.ExceptHandler]],
        caught: dict[str, ast.ExceptHandler],
        current: ast.ExceptHandler | None,
    ) -> None:
        if isinstance(stmt, _NESTED):
            if isinstance(stmt, _DEF_TYPES):
                for dec in stmt.decorator_list:
                    self.expr(dec, handlers)
            return
        if self.top and type(stmt) is ast.Assign:
            value = stmt.value.value if isinstance(stmt.value, ast.Await) else stmt.value
            if isinstance(value, ast.Call):
                self._bound_to[id(value)] = frozenset(
                    n.id for t in stmt.targets for n in ast.walk(t) if isinstance(n, ast.Name)
                )
        if isinstance(stmt, ast.Raise):
            for part in (stmt.exc, stmt.cause):
                if part is not None:
                    self.expr(part, handlers)
            self.raise_(stmt, handlers, caught, current)
            return
        if isinstance(stmt, ast.Assert):
            self.expr(stmt.test, handlers)
            if (
                (self.top or self._asks_model(stmt.test))
                and not (isinstance(stmt.test, ast.Constant) and stmt.test.value)
                and not self._restates(stmt.test)
            ):
                exc = ExcType(
                    "AssertionError",
                    "AssertionError",
                    frozenset({"AssertionError", "Exception", "BaseException"}),
                    True,
                    builtin=True,
                )
                self.check(stmt, exc, handlers, "assert")
            return
        if isinstance(stmt, (ast.Try, ast.TryStar)):
            swallowing = any(
                isinstance(s, (ast.Return, ast.Break, ast.Continue)) for s in stmt.finalbody
            )
            for handler in stmt.handlers:
                self._tries[id(handler)] = stmt
            inner = [*handlers, stmt.handlers]
            if swallowing:
                inner.append([_BARE_HANDLER])
            self.body(stmt.body, inner, caught, current)
            outer = [*handlers, [_BARE_HANDLER]] if swallowing else handlers
            for handler in stmt.handlers:
                if handler.type is not None:
                    self.expr(handler.type, outer)
                bound = dict(caught)
                if handler.name:
                    bound[handler.name] = handler
                self.body(handler.body, outer, bound, handler)
            self.body(stmt.orelse, outer, caught, current)
            self.body(stmt.finalbody, handlers, caught, current)
            return
        if isinstance(stmt, ast.If):
            self.expr(stmt.test, handlers)
            verdict = decide(stmt.test, self.scope)
            if verdict is not False and self._missing_program(stmt):
                verdict = False  # (the tool's own program not installed: the machine's state)
            classes = self._not_class
            if verdict is not False:
                self._narrow(stmt.test, True)
                try:
                    self.body(stmt.body, handlers, caught, current)
                finally:
                    self._not_class = classes
            if verdict is not True:
                saved = self._ruled_out
                self._rule_out(stmt.test)
                self._narrow(stmt.test, False)
                try:
                    self.body(stmt.orelse, handlers, caught, current)
                finally:
                    self._ruled_out, self._not_class = saved, classes
            return
        if isinstance(stmt, (ast.With, ast.AsyncWith)):
            for item in stmt.items:
                # (`async with cm():` enters the context as an `await` would)
                self.expr(item.context_expr, handlers, isinstance(stmt, ast.AsyncWith))
            if any(_is_suppress(item.context_expr) for item in stmt.items):
                self.body(stmt.body, [*handlers, [_BARE_HANDLER]], caught, current)
                return
            translating = self._context_handlers(stmt)
            inner = [*handlers, translating] if translating else handlers
            self.body(stmt.body, inner, caught, current)
            return
        if isinstance(stmt, ast.Match):
            self.expr(stmt.subject, handlers)
            for case in stmt.cases:
                if case.guard is not None:
                    self.expr(case.guard, handlers)
                self.body(case.body, handlers, caught, current)
            return
        if self._not_class and isinstance(stmt, (ast.For, ast.AsyncFor, ast.While)):
            self._forget_rebound(stmt)  # (a name the loop binds again is new on its next turn)
        if isinstance(stmt, (ast.For, ast.AsyncFor)):
            # (`async for line in aiter_lines(path)`: the async generator runs as awaited; a
            # generator the loop runs raises here)
            if isinstance(stmt.iter, ast.Call):
                self._iterated.add(id(stmt.iter))
            self.expr(stmt.iter, handlers, isinstance(stmt, ast.AsyncFor))
            self._iterated_risk(stmt, handlers)
            per_row = row_bindings(stmt, self.scope)
            if per_row is None:
                self.body(stmt.body, handlers, caught, current)
            else:
                scope = self.scope
                try:
                    for row in per_row:
                        self.scope = scope.with_env(row)
                        self.body(stmt.body, handlers, caught, current)
                finally:
                    self.scope = scope
            self.body(stmt.orelse, handlers, caught, current)
            return
        if isinstance(stmt, ast.While):
            self.expr(stmt.test, handlers)
            self.body(stmt.body, handlers, caught, current)
            self.body(stmt.orelse, handlers, caught, current)
            return
        self.expr(stmt, handlers)  # a simple statement: no statements inside

    def _one_of(self, name: str) -> frozenset[object] | None:
        """The constants a call bound the parameter `name` to, when more than one."""
        env = self.scope.env
        possible = env.get(name) if env else None
        if possible is None or len(possible.items) < 2 or not possible.complete:
            return None
        if not all(isinstance(o, Const) for o in possible.items):
            return None
        return frozenset(o.value for o in possible.items)  # type: ignore[attr-defined]

    def _rule_out(self, test: ast.expr) -> None:
        """After `if name == C` (or `name in (C, D)`) is passed by: C is ruled out for `name`."""
        if not (isinstance(test, ast.Compare) and len(test.ops) == 1):
            return
        left, right, op = test.left, test.comparators[0], test.ops[0]
        if isinstance(op, ast.Eq) and isinstance(left, ast.Constant):
            left, right = right, left
        if not isinstance(left, ast.Name) or self._one_of(left.id) is None:
            return
        if isinstance(op, ast.Eq) and isinstance(right, ast.Constant):
            values = frozenset({right.value})
        elif (
            isinstance(op, ast.In)
            and isinstance(right, (ast.Tuple, ast.List, ast.Set))
            and all(isinstance(e, ast.Constant) for e in right.elts)
        ):
            values = frozenset(e.value for e in right.elts)  # type: ignore[attr-defined]
        else:
            return
        out = dict(self._ruled_out)
        out[left.id] = out.get(left.id, frozenset()) | values
        self._ruled_out = out

    def _exhausted(self) -> bool:
        for name, out in self._ruled_out.items():
            one_of = self._one_of(name)
            if one_of is not None and one_of <= out:
                return True
        return False

    def ends(self, stmt: ast.stmt) -> bool:
        """True when control cannot go on after `stmt` (a call of a def that always raises
        counts; doubt says True, which only leaves code unexamined)."""
        if isinstance(stmt, (ast.Return, ast.Raise)):
            return True
        known = self._ends.get(id(stmt))
        if known is None:
            known = self._ends[id(stmt)] = self._ends_now(stmt)
        return known

    def _ends_now(self, stmt: ast.stmt) -> bool:
        if isinstance(stmt, ast.If):
            if bool(stmt.orelse) and self.ends_all(stmt.body) and self.ends_all(stmt.orelse):
                return True
            # (`if part == "minor": return ...` where a call bound `part` to "minor": what
            # follows is not reached; a branch it decides the other way leaves the else)
            verdict = decide(stmt.test, self.scope) if self.bound else None
            if verdict is True:
                return self.ends_all(stmt.body)
            return verdict is False and bool(stmt.orelse) and self.ends_all(stmt.orelse)
        if isinstance(stmt, ast.While):
            return always_true(stmt.test) and not has_break(stmt.body)
        if isinstance(stmt, (ast.Try, ast.TryStar)):
            if stmt.finalbody and self.ends_all(stmt.finalbody):
                return True
            normal = self.ends_all(stmt.body) or (bool(stmt.orelse) and self.ends_all(stmt.orelse))
            return normal and all(self.ends_all(h.body) for h in stmt.handlers)
        if isinstance(stmt, (ast.With, ast.AsyncWith)):
            return self.ends_all(stmt.body)
        if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Call):
            return never_returns_call(stmt, self.scope)
        node = self.code.node
        if isinstance(stmt, (ast.If, ast.Match)) and isinstance(node, _DEF_TYPES):
            # (`match result: case Ok(): return ... case Err(): return ...` over a parameter
            # annotated `Result = Union[Ok, Err]`: the `raise` after it is never reached)
            return any(s is stmt for s in node.body) and sealed(stmt, node, self.scope)
        return False

    def ends_all(self, stmts: list[ast.stmt]) -> bool:
        return any(self.ends(s) for s in stmts)

    # -- raise -----------------------------------------------------------------------------

    def _missing_program(self, stmt: ast.If) -> bool:
        """`if exe is None: raise ...` after `exe = shutil.which(name)` of a name the model does
        not give: a program the tool runs is not installed. Hermes offers such a tool only when
        its check finds the program, so the raise is the machine's state, not the tool's input.
        The same after a lookup keyed by a class (`_class_keyed`).
        """
        if not (len(stmt.body) == 1 and isinstance(stmt.body[0], ast.Raise) and not stmt.orelse):
            return False
        test = stmt.test
        if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
            tested: ast.expr = test.operand
        elif (
            isinstance(test, ast.Compare)
            and len(test.ops) == 1
            and isinstance(test.ops[0], ast.Is)
            and isinstance(test.comparators[0], ast.Constant)
            and test.comparators[0].value is None
        ):
            tested = test.left
        else:
            return False
        values = [tested]
        if isinstance(tested, ast.Name):
            values = [b.value for b in self.scope.index.get(tested.id) if b.value is not None]
        calls = [sub for value in values for sub in ast.walk(value) if isinstance(sub, ast.Call)]
        inputs = self.inputs
        return bool(calls) and any(
            (
                isinstance(call.func, ast.Attribute)
                and call.func.attr == "which"
                and is_name(call.func.value, "shutil")
                and not (inputs is not None and any(inputs._from_model(a) for a in call.args))
            )
            or self._class_keyed(call)
            for call in calls
        )

    def _class_keyed(self, call: ast.Call) -> bool:
        """`registrations.get(contract)` where `contract` is a class of the project (a
        registry of services keyed by their type, which the code fills as it sets up): a
        missing entry is the code's own wiring, not the tool's input."""
        if not (
            isinstance(call.func, ast.Attribute)
            and call.func.attr == "get"
            and len(call.args) == 1
            and isinstance(call.args[0], ast.Name)
            and self.bound
        ):
            return False
        keys = resolve(call.args[0], self.scope)
        return keys.complete and bool(keys.items) and all(isinstance(k, Class) for k in keys)

    def raise_(
        self,
        stmt: ast.Raise,
        handlers: list[list[ast.ExceptHandler]],
        caught: dict[str, ast.ExceptHandler],
        current: ast.ExceptHandler | None,
    ) -> None:
        if self.inputs_only:
            return  # (ESCAPES has the def's own raises)
        if _passes_on_control_flow(stmt, caught, current) or self._not_covered(stmt):
            return
        if not self.top and current is not None and self._local_failure(current):
            return  # the machine's own disk or database failing, passed on: not the tool's input
        if current is not None:
            owner = self._tries.get(id(current))
            if owner is not None and cannot_raise(owner.body, self.scope):
                return  # (what this `except` catches never comes)
        exc_expr = stmt.exc
        exc: ExcType | None
        kind = "raise"
        block: ast.ExceptHandler | None = None
        if exc_expr is None:
            kind = "reraise"
            block = current
            exc = handler_type(current, self.scope) if current else None
        elif isinstance(exc_expr, ast.Name) and exc_expr.id in caught:
            kind = "reraise"
            block = caught[exc_expr.id]
            exc = handler_type(block, self.scope)
        elif isinstance(exc_expr, ast.Name) and exc_expr.id in self._saved_exceptions():
            # `except retry_on as exc: last = exc` ... `raise last`: what that block caught
            kind = "reraise"
            block = self._saved_exceptions()[exc_expr.id]
            exc = handler_type(block, self.scope)
        else:
            exc = exc_type(exc_expr, self.scope)
        if (
            block is not None
            and (_catch_all(block) or exc is None)
            and (not self.top or self._all_followed(block))
        ):
            # A re-raise lets out again what its `try` caught (`except Exception: log();
            # raise` around a call that raises nothing lets out nothing). In a callee only
            # known raises count anyway; in the handler itself, only when every call its
            # `try` makes is followed (else it re-raises what a library raised).
            for inner in self._caught.get(id(block), ()):
                self.escape_or_catch(inner, handlers)
            return
        if not self.top and (exc is None or exc.is_control_flow()):
            return  # precision first in callees: unknown classes and control flow are left out
        needs: frozenset[str] = frozenset()
        if not self.top and kind == "raise" and exc is not None and exc.label in _ASSERTING:
            if self._guarded is None:
                self._guarded = guarded_raises(self.code.node)
            needs = self._guarded.get(id(stmt), frozenset())
        if not self.top and kind == "raise" and not needs and current is not None:
            needs = self._converted(current)
        if not self.top and kind == "raise" and not needs and isinstance(stmt, ast.Raise):
            emptied = empty_guard(self.code.node, stmt, self.scope)
            if emptied is not None:
                needs = frozenset({_EMPTY + emptied})  # (it fires on an empty sequence only)
        verdict = self._verdict(stmt) if not self.top and kind == "raise" else None
        self.check(stmt, exc, handlers, kind, needs, verdict)

    def _not_covered(self, stmt: ast.Raise) -> bool:
        """A raise its author marks as unreachable (`# pragma: no cover` on it, or on the line
        of the `if` / `else` just above it, or its message: `raise ValueError("unreachable")`):
        a guard of an invariant, not a failure."""
        message = _raised_message(stmt.exc)
        if message is not None and _UNREACHABLE.search(message):
            return True
        if self._has_match() and _after_every_member(stmt, self.code.node, self.scope):
            # (`match j: case Zone.A: ... case Zone.B: ...` over every member of the enum,
            # then `raise AssertionError(j)`: the raise guards the enum's completeness)
            return True
        if _takes_no_value(self.code.node):
            # (`def assert_never(value: NoReturn)`: a call of it is the author's claim, checked
            # by the type checker, that a dispatch left no case out; a call given the model's
            # value as it came is reported where it is made: `_never_given_input`)
            return True
        lines = self.module.lines
        for number in (stmt.lineno, stmt.lineno - 1):
            line = lines[number - 1] if 0 < number <= len(lines) else ""
            comment = line[line.index("#") :] if "#" in line else ""
            if _NO_COVER in comment:
                return number == stmt.lineno or line.lstrip().startswith(
                    ("if ", "elif ", "else", "except")
                )
        return False

    def _saved_exceptions(self) -> dict[str, ast.ExceptHandler]:
        """Locals that keep what an `except ... as exc` block caught (`last = exc`), each with
        that block, when it is their only value besides None."""
        found = self._saved
        if found is None:
            found = self._saved = {}
            node = self.code.node
            if isinstance(node, ast.Lambda):
                return found
            values: dict[str, list[ast.expr | None]] = {}
            blocks: dict[int, ast.ExceptHandler] = {}
            for sub in walk_function(node):
                if isinstance(sub, ast.ExceptHandler) and sub.name:
                    for stmt in sub.body:
                        for inner in ast.walk(stmt):
                            if isinstance(inner, ast.Assign) and is_name(inner.value, sub.name):
                                blocks[id(inner.value)] = sub
                if isinstance(sub, ast.Assign):
                    for target in sub.targets:
                        if isinstance(target, ast.Name):
                            values.setdefault(target.id, []).append(sub.value)
            for name, bound in values.items():
                saved = {id(blocks[id(v)]): blocks[id(v)] for v in bound if id(v) in blocks}
                others = [v for v in bound if id(v) not in blocks]
                if len(saved) == 1 and all(
                    isinstance(v, ast.Constant) and v.value is None for v in others
                ):
                    found[name] = next(iter(saved.values()))
        return found

    def _local_failure(self, block: ast.ExceptHandler) -> bool:
        """`block` catches only failures of local files or a local database (`except OSError`,
        `except sqlite3.Error`) around code that talks to no network client: what it raises
        passes on the machine's own state, which no argument of the model decides."""
        if block.type is None:
            return False
        types = block.type.elts if isinstance(block.type, ast.Tuple) else [block.type]
        for expr in types:
            exc = class_type(expr, self.scope)
            if exc is None or not (exc.key in _LOCAL_OS_ERRORS or "sqlite3.Error" in exc.ancestors):
                return False
        for escape in self._caught.get(id(block), ()):
            if escape.exc is not None and library_raises.bases(escape.exc.key) is not None:
                return False  # a network client's failure caught as an OSError
        owner = self._tries.get(id(block))
        if owner is None:
            return False
        for node in walk_shallow(owner.body):
            kind = type(node)
            if kind is ast.Name and node.id in _NETWORK_WORDS:  # type: ignore[attr-defined]
                return False
            if kind is ast.Attribute and node.attr in _NETWORK_WORDS:  # type: ignore[attr-defined]
                return False
        return True

    def _all_followed(self, block: ast.ExceptHandler) -> bool:
        """Every call in the body of the `try` that `block` belongs to goes into code under
        the root (so what it can raise is known)."""
        owner = self._tries.get(id(block))
        if owner is None:
            return False
        calls = [n for n in walk_shallow(owner.body) if isinstance(n, ast.Call)]
        return bool(calls) and all(
            type(c.func) is not ast.Lambda and callees(c, self.scope) for c in calls
        )

    def catcher(
        self, exc: ExcType | None, handlers: list[list[ast.ExceptHandler]]
    ) -> ast.ExceptHandler | None:
        """The innermost `except` that may catch `exc` (None: it escapes)."""
        for group in reversed(handlers):
            for handler in group:
                scope = self._handler_scopes.get(id(handler), self.scope)
                if exc is None or catches(handler, exc, scope) != MISSES:
                    return handler
        return None

    def _context_handlers(self, stmt: ast.With | ast.AsyncWith) -> list[ast.ExceptHandler]:
        """The `except` blocks of the `@contextmanager` generators this `with` enters that hold
        their `yield` and do not re-raise what they catch: what the `with` body raises is thrown
        in at the `yield`, and such a block takes it (what the block raises instead is the
        generator's own, followed where the `with` enters it)."""
        found: list[ast.ExceptHandler] = []
        for item in stmt.items:
            expr = item.context_expr
            if not isinstance(expr, ast.Call):
                continue
            targets = callees(expr, self.scope)
            if not targets or len(targets) != 1:
                continue
            node = targets[0].function.node
            if isinstance(node, ast.Lambda) or not is_context_manager(node):
                continue
            scope = targets[0].code().scope
            for handler in yield_handlers(node):
                if not _reraises(handler):
                    self._handler_scopes[id(handler)] = scope
                    found.append(handler)
        return found

    def escape_or_catch(self, escape: Escape, handlers: list[list[ast.ExceptHandler]]) -> None:
        handler = self.catcher(escape.exc, handlers)
        if handler is None:
            self.add(escape)
        elif escape.exc is not None:
            self._caught.setdefault(id(handler), []).append(escape)

    def check(
        self,
        node: ast.stmt,
        exc: ExcType | None,
        handlers: list[list[ast.ExceptHandler]],
        kind: str,
        needs: frozenset[str] = frozenset(),
        verdict: Verdict | None = None,
    ) -> None:
        step = (self.module.rel, node.lineno, self.label)
        self.escape_or_catch(
            Escape(exc, kind, (step,), node, needs=needs, verdict=verdict), handlers
        )

    def add(self, escape: Escape) -> None:
        exc_key = escape.exc.key if escape.exc else None
        key: tuple[object, ...] = (exc_key, escape.origin, escape.verdict)
        if self.top:
            key = (exc_key, id(escape.node), escape.origin)
        if key in self._seen:
            return
        if not self.top and len(self.escapes) >= _MAX_PER_FUNCTION:
            # (past the bound, only an exception type not kept yet: many ways of one error
            # must not hide another)
            kept = {e.exc.key if e.exc else None for e in self.escapes}
            if exc_key in kept or len(self.escapes) >= 2 * _MAX_PER_FUNCTION:
                return
        self._seen.add(key)
        self.escapes.append(escape)

    # -- calls in expressions ------------------------------------------------------------------

    def expr(
        self,
        expr: ast.expr | ast.stmt,
        handlers: list[list[ast.ExceptHandler]],
        entered: bool = False,
    ) -> None:
        """Follow the calls `expr` makes (not those inside lambdas, except one called at once;
        `entered`: `expr` is entered by `async with`, so a call there is as if awaited)."""
        nodes = walk_shallow([expr])  # type: ignore[arg-type]
        awaited: set[int] = {id(expr)} if entered else set()
        inputs = self.inputs
        called = {id(n.func) for n in nodes if type(n) is ast.Call}
        for node in nodes:
            kind = type(node)
            if kind is ast.Attribute or kind is ast.BinOp:
                self._read_or_divided(node, called, handlers)
            if inputs is not None and (kind is ast.Attribute or kind is ast.Subscript):
                port = (
                    inputs.port_risk(node)
                    or inputs.element_risk(node)
                    or self._unmatched_risk(node)  # type: ignore[arg-type]
                    or self._none_answer_risk(node)
                    or self._wrong_type_risk(node, handlers)
                )
                if port is not None:
                    step = (self.module.rel, node.lineno, self.label)  # type: ignore[attr-defined]
                    self.escape_or_catch(
                        Escape(stdlib_type(port[0]), "input", (step,), node, port[1]), handlers
                    )
            if inputs is not None and kind in _COMPREHENSION_KINDS:
                self._iterated_risk(node, handlers)
            if inputs is not None and kind is ast.Call and self._never_given_input(node):  # type: ignore[arg-type]
                # (`assert_never(op)` of an item of the model's list: the type checker's claim
                # that no case is left holds for the code's own values, not for the model's)
                step = (self.module.rel, node.lineno, self.label)  # type: ignore[attr-defined]
                self.escape_or_catch(
                    Escape(
                        stdlib_type(AssertionError),
                        "input",
                        (step,),
                        node,
                        "when the model sends a variant the dispatch does not handle",
                    ),
                    handlers,
                )
            if inputs is not None and (
                kind is ast.Call or kind is ast.Compare or kind is ast.BinOp or kind is ast.Dict
            ):
                unhashable = self._wrong_type_risk(node, handlers)
                if unhashable is not None:
                    step = (self.module.rel, node.lineno, self.label)  # type: ignore[attr-defined]
                    self.escape_or_catch(
                        Escape(stdlib_type(unhashable[0]), "input", (step,), node, unhashable[1]),
                        handlers,
                    )
            if inputs is not None and (
                kind is ast.Subscript
                or kind is ast.Call
                or kind is ast.BinOp
                or kind is ast.Compare
            ):
                risk = inputs.risk(node)
                if risk is not None and risk[0] is SystemExit and _raises_instead(node, self.scope):  # type: ignore[arg-type]
                    risk = None
                found_risk = None
                if risk is not None:
                    made, why = risk
                    made_type = exception_type(made)
                    found_risk = (made_type, why) if made_type is not None else None
                if found_risk is None and kind is ast.Call and not inputs.any_key_checked:
                    found_risk = spread_risk(
                        node,  # type: ignore[arg-type]
                        inputs.param if not inputs.rebound else "",
                        self.scope,
                        inputs.checked_keys,
                    )
                if found_risk is not None:
                    exc_type, why = found_risk
                    step = (self.module.rel, node.lineno, self.label)  # type: ignore[attr-defined]
                    self.escape_or_catch(Escape(exc_type, "input", (step,), node, why), handlers)
                if kind is ast.Call and (
                    found_risk is None
                    or not self.top  # (a caller's `except` decides what it catches)
                    or self.catcher(found_risk[0], handlers) is not None
                ):
                    # (a folder where a file is wanted: what `except FileNotFoundError` or an
                    # `exists()` test lets through)
                    for more in (
                        inputs.fraction_risk(node),
                        inputs.folder_risk(node),
                        inputs.text_risk(node),
                        inputs.format_risk(node),
                        inputs.document_risk(node),
                        inputs.template_risk(node),
                        inputs.group_risk(node),
                    ):
                        made_type = exception_type(more[0]) if more is not None else None
                        if more is not None and made_type is not None:
                            step = (self.module.rel, node.lineno, self.label)  # type: ignore[attr-defined]
                            self.escape_or_catch(
                                Escape(made_type, "input", (step,), node, more[1]), handlers
                            )
            if kind is ast.Await:
                awaited.add(id(node.value))  # type: ignore[attr-defined]
            elif kind is ast.Call:
                func = node.func  # type: ignore[attr-defined]
                if type(func) is ast.Lambda:
                    # `(lambda _m=helper(...): run(...))()`: defaults and body run now.
                    for default in (*func.args.defaults, *func.args.kw_defaults):
                        if default is not None:
                            self.expr(default, handlers)
                    self.expr(func.body, handlers)
                    continue
                for arg in node.args:  # type: ignore[attr-defined]
                    if type(arg) is ast.Call:
                        # (`summarise(read_frames(path))`: what a generator it is handed
                        # raises, it raises where it loops over it)
                        self._iterated.add(id(arg))
                awaited.update(_run_here(node, self.scope))  # type: ignore[arg-type]
                if id(node) in awaited:
                    awaited.update(_awaited_with(node, self.scope))  # type: ignore[arg-type]
                self.call(node, handlers, id(node) in awaited)  # type: ignore[arg-type]
                if inputs is not None:
                    for body in self._called_lambdas(node):  # type: ignore[arg-type]
                        # (`Ok(text).map(lambda s: grams(s, n))`: the lambda runs in the call,
                        # reading the model's `n` here; what the call itself raises is
                        # followed above, so only what the model's values cause counts)
                        kept = self.inputs_only
                        self.inputs_only = True
                        try:
                            self.expr(body, handlers)
                        finally:
                            self.inputs_only = kept
                for deferred in self._deferred_calls(node):  # type: ignore[arg-type]
                    self.call(deferred, handlers, False)

    def _called_lambdas(self, call: ast.Call) -> list[ast.expr]:
        """The bodies of the lambdas `call` is handed that run before it returns: a project
        def that calls the parameter it fills (`def map(self, fn): return Ok(fn(self.v))`), or
        `sorted`/`min`/`max`/`map`/`filter`/`functools.reduce`."""
        given = [a for a in call.args if type(a) is ast.Lambda]
        given += [kw.value for kw in call.keywords if type(kw.value) is ast.Lambda]
        if not given:
            return []
        name = last_name(call.func) if isinstance(call.func, (ast.Name, ast.Attribute)) else None
        if name in _RUNS_ITS_FUNCTION:
            return [lam.body for lam in given]
        out: list[ast.expr] = []
        targets = callees(call, self.scope) or []
        if not targets and name in _MAPS_ITS_VALUE and isinstance(call.func, ast.Attribute):
            # (`result.map(lambda v: ...)` of a value no def is known for: a functor's map
            # runs the function on what it holds)
            return [lam.body for lam in given]
        for target in targets:
            node = target.function.node
            if isinstance(node, ast.Lambda):
                continue
            called = {
                sub.func.id
                for sub in walk_function(node)
                if isinstance(sub, ast.Call) and isinstance(sub.func, ast.Name)
            }
            for param, expr in call_arguments(call, target.function).items():
                if type(expr) is ast.Lambda and param in called and expr.body not in out:
                    out.append(expr.body)
        return out

    def call(
        self,
        call: ast.Call,
        handlers: list[list[ast.ExceptHandler]],
        awaited: bool,
        known: list[Callee] | None = None,
    ) -> None:
        """`known`: the defs it runs, when the node only stands for a call (a property read)."""
        if id(call) in self.skip:
            return
        if not self.inputs_only and self._task_group_task(call, handlers):
            return
        if not awaited and (self._kept_as_results(call) or self._future_left(call)):
            return
        targets = known if known is not None else callees(call, self.scope)
        if targets and self._not_class:
            targets = self._narrowed(call, targets)
        if not targets:
            if not self.inputs_only:
                self._library_call(call, handlers)
            return
        for target in targets:
            node = target.function.node
            if isinstance(node, ast.AsyncFunctionDef) and not awaited:
                continue  # a coroutine not awaited here raises elsewhere
            retried = tenacity_retry(target.function)
            if retried is not None:
                target = retried[0]  # (the def's own body, what tenacity calls)
            found: list[Escape] = []
            iterated = id(call) in self._iterated
            if not self.inputs_only:
                found = (
                    _awaited_through(target, self.depth + 1)
                    if awaited and isinstance(node, ast.Lambda)
                    else escapes(target, self.depth + 1, iterated)
                )
            if found and _hands_only_classes(call, self.scope):
                # (`app(ControllerClass)`, `container.make(Service)`: what a container raises
                # for a class is its wiring, the same on every call, not the model's input)
                found = []
            if found:
                # (`bus.register(A, ...)` on a bus made here: its duplicate check never fires)
                unfired = unfired_duplicate_raises(call, target.function, self.scope)
                unfired |= usage_raises(target.function)  # (`if self._http is None: raise`)
                if unfired:
                    rel = target.function.module.rel
                    found = [
                        e for e in found if not (e.origin[0] == rel and e.origin[1] in unfired)
                    ]
            if not self.inputs_only:
                self._refused_in_callee(call, target, handlers)
            seeds = self._model_parameters(call, target)
            from_input: list[Escape] = []
            if seeds:
                from_input = _input_escapes(target, seeds, self.depth + 1, iterated)
                found = [*found, *from_input]
            if retried is not None and not retried[1] and found:
                # `@retry(...)` without `reraise=True`: once it gives up, tenacity raises its
                # own RetryError in place of what the def raised
                first = found[0]
                found = [
                    Escape(library_type("tenacity.RetryError"), "call", first.chain, first.node)
                ]
            given = _given_names(call, self.scope)
            on_input = {id(e) for e in from_input}
            if self.top and handlers and given and _returns_in_all(handlers[-1]):
                failed = frozenset(e.exc.key for e in from_input if e.exc is not None)
                # (where what it let out was raised: `convert(v, src, dst)` caught around, then
                # `lookup(src)`, which raised in there for a unit it does not know, cannot now)
                sites = frozenset(
                    (e.origin, e.exc.key)
                    for e in found
                    if e.exc is not None and self.catcher(e.exc, [handlers[-1]]) is not None
                )
                self._validated.append((target.function.label, given, handlers[-1], failed, sites))
                self._passed_tests.extend(
                    _raise_tested(e, call, target, self.module.models.memo)
                    for e in found
                    if e.exc is not None and self.catcher(e.exc, [handlers[-1]]) is not None
                )
            if (
                self.top
                and handlers
                and id(call) in self._bound_to
                and _returns_in_all(handlers[-1])
            ):
                self._made_valid.append(
                    (
                        self._bound_to[id(call)],
                        frozenset(
                            (e.origin, e.exc.key)
                            for e in found
                            if e.exc is not None and self.catcher(e.exc, [handlers[-1]]) is not None
                        ),
                    )
                )
            written = (
                read_back_raises(
                    self.code.function.node,
                    call,
                    node,
                    call_arguments(call, target.function),
                    lambda expr: text_of(expr, self.scope),
                )
                if found and self.module.contains("execute")
                else frozenset()
            )
            for inner in found:
                if self.top and self._tested_before(inner, given, id(inner) in on_input):
                    continue  # (what it raises for these values, the handler already caught)
                if self.top and self._passed_tests:
                    tested = _raise_tested(inner, call, target, self.module.models.memo)
                    if tested[2] and tested in self._passed_tests:
                        continue  # (`sessions(branch, start)` caught, then `sessions(branch, day)`)
                if len(inner.chain) == 1 and inner.origin[1] in written:
                    continue  # (a row read back after this def wrote it: it is there)
                needs = inner.needs
                if needs:
                    passed = self._passed_on(call, target, needs)
                    if passed is None:
                        continue  # the caller built what the guard checks: it holds
                    needs = passed
                verdict = inner.verdict
                if verdict is not None:
                    verdict = self._verdict_at(call, target, verdict)
                    if verdict is _HOLDS:
                        continue  # (this def asked the helper first: the raise cannot fire)
                step = (self.module.rel, call.lineno, self.label)
                self.escape_or_catch(
                    Escape(
                        inner.exc,
                        "call",
                        (step, *inner.chain),
                        call,
                        target.function.label,
                        inner.reraise,
                        needs,
                        verdict,
                    ),
                    handlers,
                )

    def _narrowed(self, call: ast.Call, targets: list[Callee]) -> list[Callee]:
        """`result.unwrap()` past `if result.is_err(): return`: not `Err.unwrap`."""
        func = call.func
        if not (isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name)):
            return targets
        ruled = self._not_class.get(func.value.id)
        if not ruled:
            return targets
        name, attr = func.value.id, func.attr
        return [
            t
            for t in targets
            if t.function.owner is None or kept(name, attr, t.function.owner, ruled, self.scope)
        ]

    def _read_or_divided(
        self, node: ast.AST, called: set[int], handlers: list[list[ast.ExceptHandler]]
    ) -> None:
        """A property read (`game.average`: its getter runs, as a call would) or a division by
        the size of a field its class starts empty."""
        if (
            type(node) is ast.Attribute
            and id(node) not in called
            and type(node.ctx) is ast.Load
            and type(node.value) is ast.Name
        ):
            read = property_callees(node, self.scope)
            if read is not None:
                self.call(read[0], handlers, False, read[1])
        elif type(node) is ast.BinOp and not self.inputs_only:
            field = self._empty_field_divisor(node)
            if field is not None:
                step = (self.module.rel, node.lineno, self.label)
                why = f"when its {field!r} is empty (the class starts it empty)"
                self.escape_or_catch(
                    Escape(stdlib_type(ZeroDivisionError), "input", (step,), node, why),
                    handlers,
                )

    def _empty_field_divisor(self, node: ast.BinOp) -> str | None:
        """`sum(self.ratings) / len(self.ratings)` in a method of a class that declares
        `ratings` empty by default (`field(default_factory=list)`, `= []`), the method not
        looking at its size first: the field's name, else None."""
        if not isinstance(node.op, (ast.Div, ast.FloorDiv, ast.Mod)):
            return None
        divisor = node.right
        if not (
            isinstance(divisor, ast.Call)
            and is_name(divisor.func, "len")
            and len(divisor.args) == 1
            and isinstance(divisor.args[0], ast.Attribute)
            and is_name(divisor.args[0].value, "self")
        ):
            return None
        owner = self.code.function.owner
        attr = divisor.args[0].attr
        if owner is None or not _starts_empty(owner.node, attr):
            return None
        func = self.code.node
        body = func.body if not isinstance(func, ast.Lambda) else [func.body]
        for sub in walk_shallow(body):
            tests: list[ast.expr] = []
            if isinstance(sub, (ast.If, ast.While, ast.IfExp, ast.Assert)):
                tests.append(sub.test)
            elif isinstance(sub, ast.BoolOp):
                tests.extend(sub.values[:-1])
            if any(
                isinstance(n, ast.Attribute) and n.attr == attr and is_name(n.value, "self")
                for t in tests
                for n in ast.walk(t)
            ):
                return None
        return attr

    def _future_left(self, call: ast.Call) -> bool:
        """`pending = loop.run_in_executor(...)` whose future the def never awaits, returns or
        hands on, only gives callbacks (`pending.add_done_callback(settle)`): what the worker
        raises stays in the future."""
        node = self.code.node
        if isinstance(node, ast.Lambda) or not (
            isinstance(call.func, ast.Attribute) and call.func.attr in _FUTURE_MAKERS
        ):
            return False
        name: str | None = None
        for sub in walk_function(node):
            if (
                type(sub) is ast.Assign
                and sub.value is call
                and len(sub.targets) == 1
                and isinstance(sub.targets[0], ast.Name)
            ):
                name = sub.targets[0].id
        if name is None:
            return False
        uses = [sub for sub in walk_function(node) if isinstance(sub, ast.Name) and sub.id == name]
        callbacks = {
            id(sub.func.value)
            for sub in walk_function(node)
            if isinstance(sub, ast.Call)
            and isinstance(sub.func, ast.Attribute)
            and sub.func.attr in ("add_done_callback", "cancel", "done", "cancelled")
            and isinstance(sub.func.value, ast.Name)
            and sub.func.value.id == name
        }
        return all(isinstance(u.ctx, ast.Store) or id(u) in callbacks for u in uses)

    def _kept_as_results(self, call: ast.Call) -> bool:
        """A coroutine of asyncio made and not awaited here (`jobs = [asyncio.wait_for(
        asyncio.to_thread(f, x), 8) ...]`) in a def that gathers with `return_exceptions=True`:
        what it raises becomes one of the results."""
        func = call.func
        name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
        if name not in _ASYNCIO_COROUTINES:
            return False
        node = self.code.node
        if isinstance(node, ast.Lambda) or not any(
            isinstance(sub, ast.Call)
            and (last_name(sub.func) if isinstance(sub.func, (ast.Name, ast.Attribute)) else None)
            == "gather"
            and any(
                kw.arg == "return_exceptions"
                and isinstance(kw.value, ast.Constant)
                and kw.value.value
                for kw in sub.keywords
            )
            for sub in walk_function(node)
        ):
            return False
        made = resolve(func, self.scope).single()
        return isinstance(made, External) and made.dotted == f"asyncio.{name}"

    def _task_group_task(self, call: ast.Call, handlers: list[list[ast.ExceptHandler]]) -> bool:
        """`tg.create_task(fetch(u))` in `async with asyncio.TaskGroup() as tg`: what the
        coroutine raises leaves the block wrapped in an ExceptionGroup, which an `except` of
        the inner class does not catch (only `except*`, or a class ExceptionGroup derives
        from)."""
        func = call.func
        if not (
            isinstance(func, ast.Attribute)
            and func.attr == "create_task"
            and isinstance(func.value, ast.Name)
            and len(call.args) == 1
            and isinstance(call.args[0], ast.Call)
            and _task_group(func.value.id, self.scope)
        ):
            return False
        for target in callees(call.args[0], self.scope) or []:
            if not isinstance(target.function.node, ast.AsyncFunctionDef):
                continue
            found = [e for e in escapes(target, self.depth + 1) if e.exc is not None]
            step = (self.module.rel, call.lineno, self.label)
            label = target.function.label
            if handlers and isinstance(self._tries.get(id(handlers[-1][0])), ast.TryStar):
                # (`except* httpx.HTTPError`: each exception of the group meets the handlers)
                for each in found:
                    self.escape_or_catch(
                        Escape(each.exc, "call", (step, *each.chain), call, label), handlers
                    )
            elif found:
                made = library_type("ExceptionGroup")
                group = ExcType(
                    f"ExceptionGroup (of {found[0].label})",
                    made.key,
                    made.ancestors,
                    True,
                    builtin=True,
                )
                self.escape_or_catch(
                    Escape(group, "call", (step, *found[0].chain), call, label), handlers
                )
            break
        return True

    def _deferred_calls(self, call: ast.Call) -> list[ast.Call]:
        """Calls a worker makes where this call hands back what they raise: `asyncio.to_thread(
        fn, a)` runs `fn(a)`; `fut.result()` of a def that submits `pool.submit(fn, a)` raises
        what `fn(a)` raised (written as calls at this call's place)."""
        func = call.func
        name = last_name(func) if isinstance(func, (ast.Name, ast.Attribute)) else None
        if name == "to_thread" and call.args and not isinstance(call.args[0], ast.Starred):
            if self._kept_as_results(call):
                return []
            return [_as_call(call, call, self.module.models.memo)]
        if (
            name == "run_in_executor"
            and len(call.args) >= 2
            and not any(isinstance(a, ast.Starred) for a in call.args)
        ):
            # `loop.run_in_executor(None, fn, a)` runs `fn(a)` (the executor comes first)
            if self._kept_as_results(call) or self._future_left(call):
                return []
            memo = self.module.models.memo
            key = ("executor", id(call))
            made = memo.get(key)
            if not (isinstance(made, tuple) and made[0] is call):
                made = (call, ast.Call(func=func, args=call.args[1:], keywords=[]))
                memo[key] = made
            return [_as_call(made[1], call, memo)]
        if name != "result" or call.args or not isinstance(func, ast.Attribute):
            return []
        if self._submits is None:
            node = self.code.node
            self._submits = [
                sub
                for sub in (walk_function(node) if not isinstance(node, ast.Lambda) else [])
                if isinstance(sub, ast.Call)
                and isinstance(sub.func, ast.Attribute)
                and sub.func.attr == "submit"
                and sub.args
                and not isinstance(sub.args[0], ast.Starred)
            ]
        return [_as_call(submit, call, self.module.models.memo) for submit in self._submits]

    def _tested_before(self, inner: Escape, given: frozenset[str], on_input: bool) -> bool:
        """The def `inner` is raised in was called before with names this call gives too, in
        a `try` whose `except` catches it and returns: those values passed its tests. So did
        they when another def given them before failed the same way on them (`on_input`: the
        model's path that is not there, caught around `fs_usage(path)`, is there after it)."""
        for label, names, group, failed, sites in self._validated:
            if (
                names <= given
                and (
                    any(step[2] == label for step in inner.chain)
                    or (on_input and inner.exc is not None and inner.exc.key in failed)
                )
                and self.catcher(inner.exc, [group]) is not None
            ):
                return True
            if (
                given
                and given <= names
                and not on_input
                and inner.exc is not None
                and (inner.origin, inner.exc.key) in sites
            ):
                return True  # (the same raise of the same exception, caught before)
        for made, sites in self._made_valid:
            if given & made and inner.exc is not None and (inner.origin, inner.exc.key) in sites:
                return True  # (what a call that passed that raise gave back passes it again)
        return False

    def _iterated_risk(self, node: ast.AST, handlers: list[list[ast.ExceptHandler]]) -> None:
        """A loop (a `for`'s iterable, a comprehension's first) over the model's value as it
        came (calls.wrong_types); the first loop over it only (a later one never runs on a
        number)."""
        if self.inputs is None:
            return
        if isinstance(node, (ast.For, ast.AsyncFor)):
            iterated = node.iter
        elif isinstance(node, _COMPREHENSION_KINDS):
            iterated = node.generators[0].iter
        else:
            return
        key = loop_key(self.inputs, iterated)
        if key is None or key in self._looped_keys:
            return
        self._looped_keys.add(key)
        step = (self.module.rel, iterated.lineno, self.label)
        why = f"when the model sends a number for {_shown(key)} (not a list)"
        self.escape_or_catch(
            Escape(stdlib_type(TypeError), "input", (step,), iterated, why), handlers
        )

    def _enum_value_risk(self, call: ast.Call) -> tuple[type[BaseException], str] | None:
        """`Program(args.get("program", ""))`: an Enum of the project called with the model's
        value, nothing testing it first, raises ValueError for a value it has no member for."""
        inputs = self.inputs
        if (
            inputs is None
            or len(call.args) != 1
            or call.keywords
            or isinstance(call.args[0], ast.Starred)
            or not isinstance(call.func, (ast.Name, ast.Attribute))
        ):
            return None
        arg = call.args[0]
        if (
            not inputs._from_model(arg)
            or inputs._reads(arg) & inputs.guarded
            or self._case_guarded(call, arg)
        ):
            return None
        found = resolve(call.func, self.scope).single()
        if not (isinstance(found, Class) and enum_kind(found.ref) is not None):
            return None
        return ValueError, f"when the model sends a value `{found.ref.node.name}` has no member for"

    def _case_guarded(self, call: ast.Call, arg: ast.expr) -> bool:
        """`case str(k) if k in {m.value for m in Kind}: Kind(k)`: a `case` around the call
        whose guard reads the value."""
        node = self.code.node
        if isinstance(node, ast.Lambda):
            return False
        names = {n.id for n in ast.walk(arg) if isinstance(n, ast.Name)}
        line = call.lineno
        for stmt, blocks in def_statements(node):
            if not stmt.lineno <= line <= (stmt.end_lineno or stmt.lineno):
                continue
            for block in blocks:
                case = block.part
                if (
                    isinstance(case, ast.match_case)
                    and case.guard is not None
                    and any(isinstance(n, ast.Name) and n.id in names for n in ast.walk(case.guard))
                ):
                    return True
        return False

    def _wrong_type_risk(
        self, node: ast.AST, handlers: list[list[ast.ExceptHandler]]
    ) -> tuple[type[BaseException], str] | None:
        """The model's value as it came, of another type (calls.wrong_types): a str method
        of it, `int()` of it past an `except` that takes the ValueError, a table it keys, a path
        made of it."""
        inputs = self.inputs
        if inputs is None:
            return None
        if type(node) is ast.Call:
            member = self._enum_value_risk(node)
            if member is not None:
                return member
        key = unhashable_key(inputs, node, self.scope)
        if key is not None:
            return TypeError, f"when the model sends a list or an object for {_shown(key)} (no key)"
        if type(node) is ast.Compare:
            key = order_key(inputs, node, self.scope)
            if key is not None:
                return TypeError, f"when the model sends text or null for {_shown(key)} (no number)"
            return None
        if type(node) is ast.Subscript:
            key = field_key(inputs, node)
            if key is not None:
                return (
                    TypeError,
                    f"when the model sends text, a number or a list for {_shown(key)} (no object)",
                )
            key = slice_key(inputs, node)
            if key is not None:
                return (
                    TypeError,
                    f"when the model sends text or a list for {_shown(key)} (no whole number)",
                )
            return None
        if type(node) is ast.Dict or type(node) is ast.Call:
            key = spread_key(inputs, node)
            if key is not None:
                return (
                    TypeError,
                    f"when the model sends text, a number or a list for {_shown(key)} (no object)",
                )
            if type(node) is ast.Dict:
                return None
        if type(node) is ast.BinOp:
            key = concat_key(inputs, node)
            if key is not None:
                return (
                    TypeError,
                    f"when the model sends a number or a list for {_shown(key)} (no text)",
                )
            key = arithmetic_key(inputs, node, self.scope)
            if key is not None:
                return (
                    TypeError,
                    f"when the model sends text, a list or null for {_shown(key)} (no number)",
                )
            return None
        if type(node) is not ast.Call:
            return None
        key = text_method_key(inputs, node)
        if key is not None:
            return AttributeError, f"when the model sends a number or a list for {_shown(key)}"
        key = mapping_method_key(inputs, node)
        if key is not None:
            return (
                AttributeError,
                f"when the model sends text, a number or a list for {_shown(key)} (no object)",
            )
        key = number_call_key(inputs, node, self.scope)
        if key is not None:
            return (
                TypeError,
                f"when the model sends text, a list or null for {_shown(key)} (no number)",
            )
        key = conversion_key(inputs, node, self.scope)
        if key is not None and self.catcher(stdlib_type(ValueError), handlers) is not None:
            return TypeError, f"when the model sends a list or null for {_shown(key)}"
        key = path_key(inputs, node, self.scope)
        if key is not None:
            return TypeError, f"when the model sends a number or a list for {_shown(key)} (no path)"
        key = pattern_key(inputs, node, self.scope)
        if key is not None:
            return TypeError, f"when the model sends a number or a list for {_shown(key)} (no text)"
        key = parser_key(inputs, node, self.scope)
        if key is not None and self.catcher(stdlib_type(ValueError), handlers) is not None:
            return TypeError, f"when the model sends a number or a list for {_shown(key)} (no text)"
        return None

    def _none_answer_risk(self, node: ast.AST) -> tuple[type[BaseException], str] | None:
        """`card.due` (`row["id"]`) of `card = get_card(args["id"])`, a project def that
        answers None on some path (`return None` under a test or in an `except`), handed the
        model's value, the answer looked at by no test: AttributeError (TypeError) on None."""
        inputs = self.inputs
        if inputs is None or inputs.rebound:
            return None
        if type(node) is ast.Attribute:
            made: type[BaseException] = AttributeError
        elif type(node) is ast.Subscript and type(node.ctx) is ast.Load:
            made = TypeError
        else:
            return None
        value = node.value
        if not isinstance(value, ast.Name) or value.id in inputs.tested_names():
            return None
        call = inputs.only_binding(value.id)
        if isinstance(call, ast.Await):
            call = call.value
        if not isinstance(call, ast.Call) or not isinstance(call.func, (ast.Name, ast.Attribute)):
            return None
        given = [a for a in call.args if not isinstance(a, ast.Starred)]
        given += [kw.value for kw in call.keywords if kw.arg is not None]
        guards = inputs.guards_at(call)
        func = call.func
        if (
            isinstance(func, ast.Attribute)
            and func.attr == "get"
            and len(call.args) == 1
            and not call.keywords
            and not isinstance(call.args[0], ast.Starred)
        ):
            # (`plan = PRICING.get(args.get("plan"))` ... `plan["unlock"]`: None for a plan the
            # table does not hold)
            key = call.args[0]
            if (
                inputs._from_model(key)
                and not inputs._reads(key) & guards
                and not inputs.membership_guarded(key)
                and _written_table(func.value, self.scope)
            ):
                shown = ast.unparse(func.value)[:40]
                return (
                    made,
                    f"when the model names an entry `{shown}` does not hold (.get gives None)",
                )
            return None
        if not any(
            (inputs._from_model(a) or inputs._model_path(a)) and not inputs._reads(a) & guards
            for a in given
        ):
            return None
        targets = callees(call, self.scope)
        if not targets or not all(
            isinstance(t.function.node, _DEF_TYPES) and _answers_none(t.function.node)
            for t in targets
        ):
            return None
        shown = ast.unparse(call.func)[:40]
        return made, f"when the model sends a value `{shown}()` answers None for"

    def _unmatched_risk(self, node: ast.Attribute) -> tuple[type[BaseException], str] | None:
        """`m.group(1)` of an untested match of the model's text whose pattern can fail."""
        found = self.inputs.unmatched(node) if self.inputs is not None else None
        if found is None or not may_not_match(found[0], self.scope):
            return None
        return AttributeError, found[1]

    def _model_parameters(self, call: ast.Call, target: Callee) -> frozenset[str]:
        """The parameters of `target` this call gives one of the model's values, as the model
        sent it (unchecked here): what raises on them in there raises on the model's input."""
        inputs = self.inputs
        if inputs is None:
            return frozenset()
        # (`asyncio.to_thread(_rank, query, mode)` hands `_rank` its arguments after the first)
        given = handed_on(call, self.scope) or call
        seeds: set[str] = set()
        handed = list(call_arguments(given, target.function).items())
        handed.extend(_closed_over(self.code.node, target.function, call))
        for param, expr in handed:
            inside = self._arguments_inside(expr)
            if inside is not None:
                seeds.add("{" + param + ":" + inside)
            if inputs.param and the_arguments(expr, inputs.param):
                if not inputs.rebound:
                    seeds.add("*" + param)  # (the model's arguments, handed on)
            elif (inputs._from_model(expr) or inputs._model_path(expr)) and not _code_keyed(
                expr, inputs
            ):
                # (the model's text, or a path made of it; `^`: its form tested here, or by a
                # helper, so only what no such test prevents counts in there)
                key = inputs.raw_at(expr, call)
                if key is not None:
                    seeds.add("-" + param)
                    if inputs.declared_array(key):
                        seeds.add("]" + param)  # (Hermes wraps a bare value in a list)
                # (a list or dict tested to be one: its items are still the model's)
                tested = (
                    inputs._reads(expr) & inputs.guards_at(call)
                ) - inputs.only_container_typed()
                if tested and inputs.given_only(tested):
                    tested = set()  # (`if not query: return ...` asks only whether it came)
                if not tested and inputs._reads(expr) & inputs.each_tested:
                    # (each value tested against a table, `missing = [i for i in ids if i not in
                    # devices]; if missing: return`, is an entry of it, whatever else it is)
                    pass
                elif not tested and _picked_for(call, expr, inputs):
                    # (`for rule in matching(number): rule.check(number)`: the row was chosen
                    # for this value, by a test of its form only the row knows)
                    seeds.add("^" + param)
                elif not tested:
                    seeds.add(param)
                elif tested <= inputs.kind_tested | inputs.exists_tested and inputs._model_path(
                    expr
                ):
                    # (tested to be there, or to be a file: its bytes are still the model's;
                    # `+`: only to be there, and a folder is there too)
                    seeds.add(("@" if tested & inputs.kind_tested else "+") + param)
                elif not inputs.membership_guarded(expr) and (
                    uses_sqlite(target.function.module) or tested <= inputs.form_tested
                ):
                    # (only what no test of its form prevents raises on a tested text: SQL it
                    # runs, a date made of the digits a pattern let through)
                    seeds.add("^" + param)
            elif inputs._content(expr):
                seeds.add("~" + param)  # (what a file or an address the model names holds)
            number = inputs.number_kind(expr)
            if number is not None:
                # (the model's number, that nothing bounds; `#.` a float, which sqlite binds
                # as REAL whatever its size)
                seeds.add(("#." if number == "float" else "#") + param)
                if inputs.may_be_zero(expr):
                    # (and nothing here tests it: it may be 0)
                    seeds.add(("=." if number == "float" else "=") + param)
            if inputs.may_be_empty(expr) and not inputs._reads(expr) & inputs.guards_at(call):
                seeds.add("[" + param)  # (a list the model may leave empty)
            if (
                isinstance(expr, ast.Call)
                and is_name(expr.func, "len")
                and len(expr.args) == 1
                and inputs.may_be_empty(expr.args[0])
                and not inputs._reads(expr) & inputs.guards_at(call)
            ):
                seeds.add("=" + param)  # (the length of such a list: it may be 0)
            for field, kind in self._zero_fields(expr).items():
                seeds.add(("=." if kind == "float" else "=") + f"{param}.{field}")
            if param in seeds and inputs._reads(expr) & inputs._sized():
                seeds.add("%" + param)  # (its length looked at here: `len(sep) != 1`)
            if (
                param in seeds
                and isinstance(expr, ast.Name)
                and (
                    expr.id in inputs._sizes_of().looked_at(guarded=False)
                    or expr.id in inputs.filled_given
                )
            ):
                # (its size or truth tested here, `if not scores:`, or by a caller of this def)
                seeds.add(">" + param)
            if param in seeds and not _as_sent(expr, inputs):
                seeds.add("$" + param)  # (made by the caller's code of the model's values)
            if param in seeds and _own_values(expr):
                seeds.add("&" + param)  # (`{n: Decimal(1) for n in names}`: the tool's values)
        if inputs.param and not inputs.rebound:
            seeds.update(self._spread_parameters(given, target, inputs.param))
        if any(seed[0] == "*" for seed in seeds):
            prefix = f"{inputs.param}["
            seeds.update("?" + key for key in inputs.checked_keys)
            if inputs.any_key_checked:
                seeds.add("?*")
            seeds.update(
                "!" + name[len(prefix) + 1 : -2]
                for name in inputs.guarded
                if name.startswith(prefix)
            )
            # (`|key:kind`: what the schema declares a number without a range, in the
            # arguments handed on as in the handler's own)
            seeds.update(f"|{key}:{kind}" for key, kind in inputs.typed_numbers.items())
        return frozenset(seeds)

    @staticmethod
    def _spread_parameters(call: ast.Call, target: Callee, param: str) -> set[str]:
        """`fn(**args)` of the model's arguments: each parameter the call does not fill
        otherwise is the model's value under its name, as it was sent (or its default)."""
        if not any(kw.arg is None and the_arguments(kw.value, param) for kw in call.keywords):
            return set()
        node = target.function.node
        if not isinstance(node, _DEF_TYPES):
            return set()
        function = target.function
        filled = set(call_arguments(call, function))
        positional = [a.arg for a in (*node.args.posonlyargs, *node.args.args)]
        if function.bound and positional:
            positional = positional[1:]
        if isinstance(function, Prefilled):
            # (a partial's own arguments are not the model's)
            positional = positional[function.given_args :]
            filled |= function.given_keywords
        names = [*positional, *(a.arg for a in node.args.kwonlyargs)]
        return {seed for name in names if name not in filled for seed in (name, "-" + name)}

    def _has_match(self) -> bool:
        """The def holds a `match` statement (read from its text: most defs have none, and
        finding the block a raise is in walks the whole def)."""
        node = self.code.node
        if not isinstance(node, _DEF_TYPES):
            return False
        text = self.module.lines.text(node.lineno, node.end_lineno or node.lineno)
        return "match " in text

    def _never_given_input(self, call: ast.Call) -> bool:
        """`call` runs a def whose parameter no value has (`def assert_never(x: NoReturn)`)
        and gives it the model's value (an object it sent, whatever its fields hold)."""
        inputs = self.inputs
        if inputs is None or not isinstance(call.func, (ast.Name, ast.Attribute)) or not call.args:
            return False
        found = (
            resolve(call.func, self.scope).single()
            if last_name(call.func) == "assert_never"
            else None
        )
        if not (
            isinstance(found, External)
            and found.dotted in ("typing.assert_never", "typing_extensions.assert_never")
        ):
            named = _named_def(call, self.scope) if isinstance(call.func, ast.Name) else None
            if named is None or not _takes_no_value(named[0]):
                return False
        return any(
            inputs.raw_at(arg, call) is not None or inputs._from_model(arg) for arg in call.args
        )

    def _arguments_inside(self, expr: ast.expr) -> str | None:
        """The constant key under which the dict `expr` holds the model's arguments: a
        display (`{"Args": args}`), a local bound to one or to a call of a project def that
        builds one of its parameter (`state = new_state(args)`), later only handed to calls
        (`state = step(state)`), or this def's own such parameter; else None."""
        inputs = self.inputs
        if inputs is None or inputs.rebound:
            return None
        if isinstance(expr, ast.Name) and self.holder is not None and expr.id == self.holder[0]:
            return self.holder[1]
        if isinstance(expr, ast.Dict):
            return _key_of_arguments(expr, inputs.param) if inputs.param else None
        if isinstance(expr, ast.Call):
            return self._built_with_arguments(expr) if inputs.param else None
        if not isinstance(expr, ast.Name):
            return None
        bound = inputs._values.get(expr.id)
        if not bound or not inputs.param:
            return None
        keys: set[str] = set()
        for value in bound:
            if value is None:
                return None
            if isinstance(value, ast.Dict):
                key = _key_of_arguments(value, inputs.param)
                if key is None:
                    return None
                keys.add(key)
            elif isinstance(value, (ast.Call, ast.Await, ast.BoolOp)):
                if isinstance(value, ast.BoolOp) and len(value.values) == 2:
                    if not is_name(value.values[1], expr.id):
                        return None
                    value = value.values[0]  # (`state = step(state) or state`)
                call = value.value if isinstance(value, ast.Await) else value
                if not isinstance(call, ast.Call):
                    return None
                if any(is_name(a, expr.id) for a in call.args):
                    continue  # (`state = step(state)`: handed on and back)
                key = self._built_with_arguments(call)
                if key is None:
                    return None
                keys.add(key)
            else:
                return None
        return keys.pop() if len(keys) == 1 else None

    def _built_with_arguments(self, call: ast.Call) -> str | None:
        """The key under which the project def `call` calls returns a dict display holding
        the parameter this call gives the model's arguments (`def new_state(args): return
        {"Args": args, ...}`)."""
        inputs = self.inputs
        if inputs is None:
            return None
        targets = callees(call, self.scope)
        if not targets:
            return None
        keys: set[str] = set()
        for target in targets:
            node = target.function.node
            if not isinstance(node, _DEF_TYPES):
                return None
            given = [
                param
                for param, arg in call_arguments(call, target.function).items()
                if the_arguments(arg, inputs.param)
            ]
            returned = [r.value for r in returns_of(node)]
            if len(given) != 1 or not returned:
                return None
            for value in returned:
                if isinstance(value, ast.Name):
                    # (`ctx = {...}; ctx.update(extra); return ctx`)
                    value = _only_display(node, value.id)
                key = _key_of_arguments(value, given[0]) if isinstance(value, ast.Dict) else None
                if key is None:
                    return None
                keys.add(key)
        return keys.pop() if len(keys) == 1 else None

    def _zero_fields(self, expr: ast.expr) -> dict[str, str]:
        """The fields of a record this def built and hands on (`req = Charge(kw=float(args[
        "kw"]))`) that hold the model's number, untested here: field -> "int" or "float"."""
        inputs = self.inputs
        if inputs is None or not isinstance(expr, ast.Name):
            return {}
        built = inputs.only_binding(expr.id)
        if not isinstance(built, ast.Call) or not built.keywords:
            return {}
        made = resolve(built.func, self.scope).single()
        if not isinstance(made, Class) or class_method(made.ref, "__post_init__") is not None:
            return {}  # (a record that checks its fields when made)
        fields = record_fields(made.ref)
        if not fields:
            return {}
        names = {name for name, _ in fields}
        looked_at = inputs.fields_looked_at(expr.id)
        found: dict[str, str] = {}
        for kw in built.keywords:
            if kw.arg is None or kw.arg not in names or kw.arg in looked_at:
                continue
            kind = inputs.number_kind(kw.value)
            if kind is not None and inputs.may_be_zero(kw.value):
                found[kw.arg] = kind
        return found

    def _library_call(self, call: ast.Call, handlers: list[list[ast.ExceptHandler]]) -> None:
        """A network client's call (`requests.get`, `client.get` of an `httpx.AsyncClient()`):
        what it raises when it cannot connect."""
        func = call.func
        if self._refused_value(call, handlers):
            return
        if (
            isinstance(func, ast.Attribute)
            and func.attr == "replace"
            and _moves_month(call, self.scope)
        ):
            step = (self.module.rel, call.lineno, self.label)
            why = "when the day is past the end of the month it moves to (31 January to February)"
            self.escape_or_catch(
                Escape(stdlib_type(ValueError), "input", (step,), call, why), handlers
            )
            return
        if (
            isinstance(func, ast.Attribute)
            and func.attr in ("scalar_one", "one")
            and not call.args
            and self.module.word_lines("sqlalchemy")
        ):
            # (a SQLAlchemy query asked for exactly one row: none matches what was asked for)
            step = (self.module.rel, call.lineno, self.label)
            none_found = library_type("sqlalchemy.exc.NoResultFound")
            self.escape_or_catch(Escape(none_found, "call", (step,), call, func.attr), handlers)
            return
        if isinstance(func, ast.Attribute):
            if (
                func.attr not in library_raises.CALL_NAMES
                and not isinstance(func.value, (ast.Call, ast.Attribute))
                and not any(
                    self.module.word_lines(word) for word in library_raises.ANY_METHOD_WORDS
                )
            ):
                # (a method of a local or an argument: only the table's names, unless the module
                # names such a client; one of a call's result or of an attribute, `self.s3()`,
                # `self.client`, may be a client made elsewhere)
                return
        elif not isinstance(func, ast.Name) or is_builtin_name(func.id, self.scope):
            return
        for obj in resolve(func, self.scope).items:
            if not isinstance(obj, External):
                continue
            raised = library_raises.raised_by(obj.dotted)
            exc: ExcType | None = None
            if raised is not None:
                exc = library_type(raised)
            elif obj.dotted in library_raises.COMMAND_CALLS and _checks_status(
                call, obj.dotted, self.scope
            ):
                cls = stdlib_exception(library_raises.COMMAND_ERROR)
                exc = stdlib_type(cls) if cls is not None else None
            elif obj.dotted in library_raises.TIMEOUT_CALLS and _times_out(call):
                exc = library_type(library_raises.TIMEOUT_CALLS[obj.dotted])
            if obj.dotted in _PROGRAM_CALLS and self._runs_a_program(call):
                # `subprocess.run(["ffmpeg", ...])`: FileNotFoundError where it is not installed
                step = (self.module.rel, call.lineno, self.label)
                self.escape_or_catch(
                    Escape(stdlib_type(FileNotFoundError), "call", (step,), call, obj.dotted),
                    handlers,
                )
            if exc is not None:
                step = (self.module.rel, call.lineno, self.label)
                self.escape_or_catch(Escape(exc, "call", (step,), call, obj.dotted), handlers)
                if raised is not None and self.catcher(exc, handlers) is not None:
                    self._model_url(call, obj.dotted, handlers)
                return
        if isinstance(func, ast.Attribute) and func.attr in library_raises.SEND_METHODS:
            self._sent_request(call, handlers)

    def _runs_a_program(self, call: ast.Call) -> bool:
        """The call runs a program named in the code (`["ffmpeg", "-i", path]`) that a machine
        may not have: not a POSIX basic, not the interpreter, and the module never asks
        `shutil.which` whether it is there."""
        argv = call.args[0] if call.args else None
        for kw in call.keywords:
            if kw.arg == "args":
                argv = kw.value
            elif kw.arg == "shell" and not (
                isinstance(kw.value, ast.Constant) and not kw.value.value
            ):
                return False  # (a shell runs it: a missing program is its exit status)
        # (`shutil.which(...)` or `which(...)` called: the word in prose says nothing)
        if argv is None or self.module.contains("which("):
            return False
        names = _programs(argv, self.scope, 0)
        return bool(names) and not any(n in _BASE_PROGRAMS or "/" in n for n in names)

    def _refused_value(self, call: ast.Call, handlers: list[list[ast.ExceptHandler]]) -> bool:
        """`json.dumps(obj)` of a value holding what JSON refuses (a Path, a datetime, the
        exception an `except` caught): TypeError, on every path that reaches it."""
        func = call.func
        name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", None)
        if name not in ("dumps", "dump"):
            return False
        for obj in resolve(func, self.scope).items:
            found = (
                serialisable.dumps_value(call, obj.dotted, self.scope)
                if isinstance(obj, External)
                else None
            )
            if found is None:
                continue
            hit = serialisable.refused(found[0], self.scope, converted=found[1])
            if hit is not None:
                self._refused_escape(call, hit, (), handlers)
            return True
        return False

    def _refused_escape(
        self,
        call: ast.Call,
        hit: serialisable.Refusal,
        through: tuple[Step, ...],
        handlers: list[list[ast.ExceptHandler]],
    ) -> None:
        """TypeError at `call`: the encoder meets what `hit` made (`through`: the steps down to
        the dumps, when it is in a def the call runs)."""
        if self._not_class and self._tested_away(call, hit.type_name.removeprefix("Enum:")):
            return
        made = (hit.scope.module.rel, getattr(hit.node, "lineno", call.lineno), self.label)
        step = (self.module.rel, call.lineno, self.label)
        why = f"{serialisable.WHY} {hit.shown} (made at {made[0]}:{made[1]})"
        exc = library_type("TypeError")
        self.escape_or_catch(Escape(exc, "input", (step, *through, made), call, why), handlers)

    def _refused_in_callee(
        self, call: ast.Call, target: Callee, handlers: list[list[ast.ExceptHandler]]
    ) -> None:
        """`_ok(result)` of a def that `json.dumps` what it is handed, `result` holding what
        JSON refuses (calls.handed_dumps): TypeError in there."""
        # (`asyncio.to_thread(_write, path, state)` hands `_write` its arguments after the
        # first)
        given = handed_on(call, self.scope) or call
        found = refused_in_callee(given, target.function, self.scope)
        if found is None:
            return
        dumps, hit = found
        inner = (target.function.module.rel, dumps.lineno, target.function.label)
        self._refused_escape(call, hit, (inner,), handlers)

    def _model_url(
        self, call: ast.Call, dotted: str, handlers: list[list[ast.ExceptHandler]]
    ) -> None:
        """A request to a URL the model sends as it came: the client refuses text that is no
        URL (no scheme) with its own error, which an `except` of the connection failure
        alone does not catch."""
        inputs = self.inputs
        raised = library_raises.raised_by_bad_url(dotted)
        if inputs is None or raised is None:
            return
        url = next((kw.value for kw in call.keywords if kw.arg == "url"), None)
        if url is None and call.args and not isinstance(call.args[0], ast.Starred):
            url = call.args[0]
        if url is None or not inputs._from_model(url) or inputs._reads(url) & inputs.guarded:
            return
        step = (self.module.rel, call.lineno, self.label)
        why = "when the model sends text that is not a URL"
        self.escape_or_catch(Escape(library_type(raised), "input", (step,), call, why), handlers)

    def _sent_request(self, call: ast.Call, handlers: list[list[ast.ExceptHandler]]) -> None:
        """`client.send(request)` of a client of any type, given a request object of a known
        HTTP library (`requests.Request(...).prepare()`, `httpx.Request(...)`, a lark-oapi
        `BaseRequest.builder()...build()`): sending it may not connect."""
        if not call.args:
            return
        made = _built_from(call.args[0], self.scope, 0)
        raised = library_raises.raised_by_sending(made) if made is not None else None
        if raised is not None:
            step = (self.module.rel, call.lineno, self.label)
            what = f"sending a {made.split('(', 1)[0]}"  # type: ignore[union-attr]
            self.escape_or_catch(
                Escape(library_type(raised), "call", (step,), call, what), handlers
            )

    def _converted(self, handler: ast.ExceptHandler) -> frozenset[str]:
        """The parameters a raise in `handler` says were bad: its `try` reads them and it
        catches only what a parser raises (`try: ts = datetime.fromisoformat(raw) except
        ValueError as exc: raise RecordError(...) from exc`). Like a type guard's, the raise
        asserts what callers pass: one that built the value itself (its own stored rows) never
        sees it (`_passed_on`)."""
        owner = self._tries.get(id(handler))
        if owner is None or handler.type is None:
            return frozenset()
        types = handler.type.elts if isinstance(handler.type, ast.Tuple) else [handler.type]
        if not all(last_name(t) in _PARSE_ERRORS for t in types):
            return frozenset()
        node = self.code.node
        if isinstance(node, ast.Lambda):
            return frozenset()
        params = preconditions.parameters(node)
        # (and the locals made of them: `ts = datetime.fromisoformat(raw)`, then `ts` read;
        # not what they look up: `raw = os.getenv(name)` is the environment's)
        made: dict[str, set[str]] = {p: {p} for p in params}
        for _ in range(2):
            for sub in walk_function(node):
                if isinstance(sub, ast.Assign) and not _looks_up(sub.value):
                    sources: set[str] = set()
                    for name in ast.walk(sub.value):
                        if isinstance(name, ast.Name) and name.id in made:
                            sources |= made[name.id]
                    for target in sub.targets:
                        if isinstance(target, ast.Name) and sources:
                            made[target.id] = made.get(target.id, set()) | sources
        called = {
            id(sub.func)
            for sub in walk_shallow(owner.body)
            if isinstance(sub, ast.Call) and isinstance(sub.func, ast.Name)
        }
        read: set[str] = set()
        for sub in walk_shallow(owner.body):
            if isinstance(sub, ast.Name) and sub.id in made and id(sub) not in called:
                read |= made[sub.id]  # (a function handed in, `converter(raw)`, is no value)
        return frozenset(read)

    def _verdict(self, stmt: ast.Raise) -> Verdict | None:
        """The helper's verdict this raise depends on, the helper known by its label."""
        if self._verdicts is None:
            self._verdicts = verdict_raises(self.code.node)
        guard = self._verdicts.get(id(stmt))
        if guard is None:
            return None
        if is_contains(guard.test):
            table = _table_identity(guard.test, self.scope)
            return (table, guard) if table is not None else None
        labels = {t.function.label for t in callees(guard.test, self.scope) or ()}
        return (labels.pop(), guard) if len(labels) == 1 else None

    def _verdict_at(self, call: ast.Call, target: Callee, verdict: Verdict) -> Verdict | None:
        """`_HOLDS` when this def asked the helper about the argument `call` gives the guarded
        parameter and goes on only on the answer that lets the raise pass; the verdict on this
        def's own parameter when it passes one on as it is; else None (it may fire)."""
        label, guard = verdict
        callee = target.function.node
        if isinstance(callee, ast.Lambda):
            return None
        a = callee.args
        names = [p.arg for p in (*a.posonlyargs, *a.args)]
        if target.function.bound and names:
            names = names[1:]
        expr = _argument(call, names, guard.param)
        if expr is None or expr is _DEFAULT:
            return None
        node = self.code.node

        def same(test: ast.Call) -> bool:
            if is_contains(test):
                return _table_identity(test, self.scope) == label
            return any(t.function.label == label for t in callees(test, self.scope) or ())

        if holds_at(node, call, expr, guard, same):
            return _HOLDS
        if (
            isinstance(expr, ast.Name)
            and expr.id in preconditions.parameters(node)
            and expr.id not in rebound(node)
        ):
            return (label, guard._replace(param=expr.id))
        return None

    def _passed_on(
        self, call: ast.Call, target: Callee, needs: frozenset[str]
    ) -> frozenset[str] | None:
        """What a type guard of `target`'s parameters `needs` depends on at this call: None
        when every checked argument is built here (the raise cannot fire), the parameters of
        this def passed on as they are, or nothing (derived or unknown: it may fire)."""
        node = self.code.node
        callee = target.function.node
        if isinstance(callee, ast.Lambda):
            return frozenset()
        a = callee.args
        names = [p.arg for p in (*a.posonlyargs, *a.args)]
        if target.function.bound and names:
            names = names[1:]
        passed: set[str] = set()
        for need in needs:
            if not need.startswith(_EMPTY):
                continue
            expr = _argument(call, names, need[len(_EMPTY) :])
            if expr is None or expr is _DEFAULT:
                return frozenset()
            if tested_nonempty(node, call, expr):
                continue  # (`if not cards: return ...` before `average(cards, ...)`)
            if (
                isinstance(expr, ast.Name)
                and expr.id in preconditions.parameters(node)
                and expr.id not in rebound(node)
            ):
                passed.add(_EMPTY + expr.id)
                continue
            return frozenset()
        needs = frozenset(n for n in needs if not n.startswith(_EMPTY))
        required = dict(n.split(":", 1) for n in needs if ":" in n)
        for name in needs:
            if ":" in name:
                continue
            expr = _argument(call, names, name)
            if (
                name in required
                and isinstance(expr, ast.Call)
                and isinstance(expr.func, ast.Name)
                and is_builtin_name(expr.func.id, self.scope)
                and preconditions.satisfies(expr, required[name])
            ):
                continue  # (`int(...)` for `if not isinstance(cents, int): raise`)
            where = (
                TAINTED
                if expr is None
                else origin(expr, node)
                if expr is not _DEFAULT
                else INTERNAL
            )
            if where == TAINTED and expr is not None:
                root = preconditions.root_parameter(expr, node)
                if root is None:
                    return frozenset()
                where = root  # (`rows[-1]["ts"]`, `r["ts"]` for r in rows: of `rows`)
            if where == TAINTED:
                return frozenset()
            if where != INTERNAL:
                passed.add(where)
        return frozenset(passed) if passed else None


# A need of a raise that fires only on an empty sequence: "empty:<parameter>".
_EMPTY = "empty:"


def _hands_only_classes(call: ast.Call, scope: Scope) -> bool:
    """Every argument of the call is one of the project's classes, known for sure."""
    given = [*call.args, *(kw.value for kw in call.keywords)]
    if not given or not all(isinstance(a, (ast.Name, ast.Attribute)) for a in given):
        return False  # (a class is handed by its name, or a local holding it)
    for arg in given:
        # (a few steps only: a class handed on is written as one, not computed)
        found = resolve(arg, scope, RESOLVE_DEPTH - 4)
        if not found.complete or not found.items:
            return False
        if not all(isinstance(o, Class) for o in found.items):
            return False
    return True


def _key_of_arguments(display: ast.Dict, param: str) -> str | None:
    """The one constant key of the display whose value is the arguments `param` holds (or a
    copy of them: `args if isinstance(args, dict) else {}`)."""
    keys = [
        key.value
        for key, value in zip(display.keys, display.values)
        if isinstance(key, ast.Constant)
        and isinstance(key.value, str)
        and the_arguments(value, param)
    ]
    return keys[0] if len(keys) == 1 else None


def _only_display(node: ast.FunctionDef | ast.AsyncFunctionDef, name: str) -> ast.expr | None:
    """The dict display a def binds `name` to, when that is its one binding."""
    values = preconditions.assigned_values(name, node)
    return values[0] if values and len(values) == 1 and isinstance(values[0], ast.Dict) else None


def _held_by_local(inputs: InputRisks, local: str) -> None:
    """The local `inputs` reads as the model's arguments is no value of its own."""
    if inputs._values.get(local, [None])[0] is not None:
        inputs._values.pop(local)
        inputs.rebound = False


def _code_keyed(expr: ast.expr, inputs: InputRisks) -> bool:
    """An item of the model's merged with keys the code sets (`recs = [r | {"value":
    str(r.get("value", ""))} for r in records]`, then `target(rec)`): what a callee reads of
    it under those keys is the code's, not the model's as sent (followed no further)."""
    for _ in range(4):
        if isinstance(expr, Element):
            expr = expr.value
        if isinstance(expr, (ast.ListComp, ast.GeneratorExp)):
            expr = expr.elt
        if isinstance(expr, ast.Name):
            element = inputs._comprehended.get(id(expr))
            if element is not None:
                expr = element  # (`r` of `[target(r) for r in recs]`)
                continue
            values = inputs._values.get(expr.id) or []
            if len(values) != 1 or values[0] is None:
                return False
            expr = values[0]
            continue
        break
    if isinstance(expr, ast.Dict) and None in expr.keys and expr.keys[-1] is not None:
        return True  # (`{**r, "value": ...}`)
    parts = merged_parts(expr)
    return parts is not None and isinstance(parts[-1], ast.Dict) and bool(parts[-1].keys)


def _with_defaults(inputs: InputRisks, merged: Defaulted) -> None:
    """The keys a merge with the code's dict put in the model's arguments are there; those
    it sets after them hold the code's values."""
    local, present, fixed = merged
    inputs.checked_keys.update(present)
    inputs.guarded.update(f"{local}[{key!r}]" for key in fixed)


def _alias_local(
    node: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda, param: str
) -> str | None:
    """The local a def binds, once, to `param` as it came (`a = args`, `a = args or {}`,
    `a = dict(args)`), where that is the only read of `param`: what the def reads of the
    model's arguments, it reads through the local."""
    if isinstance(node, ast.Lambda):
        return None
    found: list[str] = []
    reads = 0
    for sub in walk_function(node):
        if isinstance(sub, ast.Name) and sub.id == param and isinstance(sub.ctx, ast.Load):
            reads += 1
        elif (
            isinstance(sub, (ast.Assign, ast.AnnAssign))
            and sub.value is not None
            and the_arguments(sub.value, param)
            and isinstance(
                target := sub.targets[0] if isinstance(sub, ast.Assign) else sub.target, ast.Name
            )
            and (not isinstance(sub, ast.Assign) or len(sub.targets) == 1)
        ):
            found.append(target.id)
    if len(found) != 1 or reads != 1 or found[0] == param:
        return None
    if len(preconditions.assigned_values(found[0], node) or ()) != 1:
        return None
    return found[0]


def _item_local(
    node: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda, param: str, key: str
) -> str | None:
    """The local a def binds, once, to `param[key]` (or `param.get(key)`)."""
    found = [
        sub.targets[0].id
        for sub in walk_function(node)
        if isinstance(sub, ast.Assign)
        and len(sub.targets) == 1
        and isinstance(sub.targets[0], ast.Name)
        and _item_of(sub.value, param, key)
    ]
    if len(found) != 1 or len(preconditions.assigned_values(found[0], node) or ()) != 1:
        return None
    return found[0]


def _item_of(value: ast.expr, param: str, key: str) -> bool:
    """`param[key]` or `param.get(key)`."""
    if isinstance(value, ast.Subscript):
        return (
            is_name(value.value, param)
            and isinstance(value.slice, ast.Constant)
            and value.slice.value == key
        )
    return (
        isinstance(value, ast.Call)
        and isinstance(value.func, ast.Attribute)
        and value.func.attr == "get"
        and is_name(value.func.value, param)
        and len(value.args) == 1
        and isinstance(value.args[0], ast.Constant)
        and value.args[0].value == key
    )


# Types no value has: a parameter annotated so is never given one at run time.
_NO_VALUE_TYPES = frozenset({"NoReturn", "Never"})


def _after_every_member(stmt: ast.Raise, node: ast.AST, scope: Scope) -> bool:
    """`stmt` directly follows a `match` whose cases name every member of one enum class
    (`case Jurisdiction.US:` ... for each), each of which ends its case."""
    if not isinstance(node, _DEF_TYPES):
        return False
    before: ast.stmt | None = None
    for sub in ast.walk(node):
        for field in ("body", "orelse", "finalbody"):
            block = getattr(sub, field, None)
            if isinstance(block, list) and stmt in block:
                at = block.index(stmt)
                before = block[at - 1] if at > 0 else None
    if not isinstance(before, ast.Match):
        return False
    named: set[str] = set()
    owner: ast.expr | None = None
    for case in before.cases:
        options = case.pattern.patterns if isinstance(case.pattern, ast.MatchOr) else [case.pattern]
        for option in options:
            value = option.value if isinstance(option, ast.MatchValue) else None
            if not isinstance(value, ast.Attribute) or case.guard is not None:
                return False
            if owner is None:
                owner = value.value
            elif ast.dump(owner) != ast.dump(value.value):
                return False
            named.add(value.attr)
        if not case.body or not isinstance(case.body[-1], (ast.Return, ast.Raise)):
            return False
    if owner is None:
        return False
    found = resolve(owner, scope).single()
    if not isinstance(found, Class):
        return False
    members = enum_members(found.ref)
    return bool(members) and set(members) <= named


def _takes_no_value(node: ast.AST) -> bool:
    """A def with a parameter annotated `NoReturn` or `Never` (`assert_never(value)`)."""
    return isinstance(node, _DEF_TYPES) and any(
        a.annotation is not None and last_name(a.annotation) in _NO_VALUE_TYPES
        for a in (*node.args.posonlyargs, *node.args.args, *node.args.kwonlyargs)
    )


# asyncio's coroutine functions: calling one makes a coroutine; it raises where it is awaited.
# (calls that hand back a future of work running elsewhere: what the work raises stays in it)
_FUTURE_MAKERS = frozenset(
    {"run_in_executor", "to_thread", "create_task", "ensure_future", "submit"}
)
_ASYNCIO_COROUTINES = frozenset({"wait_for", "to_thread", "shield", "sleep", "open_connection"})


def _shown(key: str) -> str:
    """An argument's key as a message names it (`x[]`: an item of the list `x`)."""
    return f"an item of {key[:-2]!r}" if key.endswith("[]") else repr(key)


def _task_group(name: str, scope: Scope) -> bool:
    """`name` is bound by `async with asyncio.TaskGroup() as name` in this def."""
    found = scope.lookup(name)
    if found is None or found[1] is None:
        return False
    for binding in found[1]:
        if binding.kind != "with" or not isinstance(binding.value, ast.Call):
            continue
        for obj in resolve(binding.value.func, found[0]).items:
            if isinstance(obj, External) and obj.dotted == "asyncio.TaskGroup":
                return True
    return False


def _built_from(expr: ast.expr, scope: Scope, depth: int) -> str | None:
    """`Cls(` for an object a library class builds: `Cls(...)`, `Cls.builder()...build()`,
    `Cls(...).prepare()`, through the local names it is bound to (every binding that is not a
    step of the same chain, `b = b.paths(...)`, must agree); None when unknown."""
    if depth > 6:
        return None
    called = False
    while isinstance(expr, (ast.Call, ast.Attribute)):
        if isinstance(expr, ast.Call):
            called = True
            expr = expr.func
        else:
            found = resolve(expr, scope).single()
            if isinstance(found, External):
                return found.dotted + "(" if called else None
            expr = expr.value
    if not isinstance(expr, ast.Name):
        return None
    found = resolve(expr, scope).single()
    if isinstance(found, External):
        return found.dotted + "(" if called else None
    located = scope.lookup(expr.id)
    if located is None:
        return None
    where, bindings = located
    if bindings is None:
        return None
    made: set[str | None] = set()
    for binding in where.live(expr.id, bindings):
        value = binding.value
        if binding.kind != "assign" or value is None or binding.path != ():
            return None
        if _chain_root(value) == expr.id:
            continue  # (`builder = builder.paths(...)`: the same object, one more step)
        made.add(_built_from(value, where, depth + 1))
    return made.pop() if len(made) == 1 else None


def _chain_root(expr: ast.expr) -> str | None:
    while isinstance(expr, (ast.Call, ast.Attribute)):
        expr = expr.func if isinstance(expr, ast.Call) else expr.value
    return expr.id if isinstance(expr, ast.Name) else None


# The exceptions a parameter's type guard raises (see `analyze.preconditions`).
_ASSERTING = frozenset({"ValueError", "TypeError"})


def _looks_up(value: ast.expr) -> bool:
    """A value found by a key rather than made of it: `os.getenv(name)`, `cfg.get(name)`,
    `os.environ[name]`, `table[name]`, a file read."""
    for sub in ast.walk(value):
        if isinstance(sub, ast.Subscript):
            return True
        if isinstance(sub, ast.Call) and last_name(sub.func) in _LOOKUPS:
            return True
    return False


_LOOKUPS = frozenset(
    {"getenv", "get", "pop", "environ", "open", "read", "read_text", "read_bytes", "load"}
)
# What a parser raises on text it cannot read (an `except` of only these converts a bad value).
_PARSE_ERRORS = frozenset(
    {"ValueError", "TypeError", "OverflowError", "JSONDecodeError", "InvalidOperation"}
    | {"KeyError", "IndexError", "UnicodeDecodeError", "ParseError", "YAMLError"}
)
# An argument a call leaves to the parameter's default.
_DEFAULT = ast.Constant(value=None)


def _argument(call: ast.Call, names: list[str], name: str) -> ast.expr | None:
    """The expression a call gives parameter `name` (`_DEFAULT` when it gives none; None
    when it cannot be told: a `*args` or `**kwargs` spread)."""
    for kw in call.keywords:
        if kw.arg == name:
            return kw.value
    index = names.index(name) if name in names else -1
    for i, arg in enumerate(call.args):
        if isinstance(arg, ast.Starred):
            return None
        if i == index:
            return arg
    if any(kw.arg is None for kw in call.keywords):
        return None
    return _DEFAULT


def _awaited_through(target: Callee, depth: int) -> list[Escape]:
    """`await fn()` where `fn` is `lambda: coro(...)`: the lambda only makes the coroutine,
    which runs (and raises) where it is awaited."""
    lam = target.function
    found = list(escapes(target, depth))
    body = lam.node.body if isinstance(lam.node, ast.Lambda) else None
    if not isinstance(body, ast.Call):
        return found
    for callee in callees(body, Code(lam, target.env).scope) or ():
        if isinstance(callee.function.node, ast.AsyncFunctionDef):
            step = (lam.module.rel, body.lineno, lam.label)
            found.extend(
                Escape(e.exc, "call", (step, *e.chain), body, callee.function.label, e.reraise)
                for e in escapes(callee, depth + 1)
            )
    return found


def _catch_all(handler: ast.ExceptHandler) -> bool:
    """`except:`, `except Exception` or `except BaseException`: a block that names no class
    of its own, so what it re-raises is only what its `try` is known to raise."""
    if handler.type is None:
        return True
    return isinstance(handler.type, ast.Name) and handler.type.id in ("Exception", "BaseException")


def _is_runner(call: ast.Call) -> bool:
    """`asyncio.run(coro())`, `loop.run_until_complete(...)`, `_run_async(...)`: the coroutine
    passed runs (and raises) here."""
    name = last_name(call.func)
    return name is not None and "run" in name.lower()


# asyncio functions whose awaited result is their coroutines' (which raise at the `await`):
# the index of the one argument they run, or None for every positional one (`gather`).
_AWAITS_ITS_ARGUMENTS: dict[str, int | None] = {
    "asyncio.wait_for": 0,
    "asyncio.shield": 0,
    "asyncio.create_task": 0,
    "asyncio.ensure_future": 0,
    "asyncio.gather": None,
}


def _awaited_with(call: ast.Call, scope: Scope) -> set[int]:
    """The ids of the coroutine arguments an awaited `asyncio.wait_for(coro(), t)`,
    `asyncio.gather(a(), b())` (unless it returns the exceptions), `asyncio.shield(...)` or a
    task awaited at once runs: they raise at this `await`."""
    func = call.func
    if not (isinstance(func, ast.Attribute) and func.attr in _AWAITED_NAMES) and not (
        isinstance(func, ast.Name) and func.id in _AWAITED_NAMES
    ):
        return set()
    found = resolve(func, scope).single()
    if not isinstance(found, External) or found.dotted not in _AWAITS_ITS_ARGUMENTS:
        return set()
    index = _AWAITS_ITS_ARGUMENTS[found.dotted]
    if index is None:
        if any(kw.arg == "return_exceptions" for kw in call.keywords):
            return set()  # (`return_exceptions=True` hands the exceptions back as results)
        # (`gather(*(fetch(u) for u in urls))`: each element's coroutine)
        return {
            id(a.value.elt)
            if isinstance(a, ast.Starred) and isinstance(a.value, (ast.GeneratorExp, ast.ListComp))
            else id(a)
            for a in call.args
        }
    if index < len(call.args) and not isinstance(call.args[index], ast.Starred):
        return {id(call.args[index])}
    return set()


_AWAITED_NAMES = frozenset(name.rsplit(".", 1)[1] for name in _AWAITS_ITS_ARGUMENTS)


def _run_here(call: ast.Call, scope: Scope) -> set[int]:
    """The ids of the arguments of a runner (`asyncio.run(coro())`, `_run_async(coro())`) whose
    coroutines run, and raise, at this call."""
    if not _is_runner(call):
        return set()
    caught = _run_caught(call, scope)
    return {id(a) for a in call.args if id(a) not in caught}


def _run_caught(call: ast.Call, scope: Scope) -> frozenset[int]:
    """The arguments of a runner of the root (`_run_coroutine(coro, label)`) that it runs
    inside a `try` whose `except Exception` (or bare `except`) handles what they raise (not
    only re-raises it): those coroutines' exceptions stay in there."""
    targets = callees(call, scope)
    if not targets:
        return frozenset()
    caught: set[int] | None = None
    for target in targets:
        node = target.function.node
        if not isinstance(node, _DEF_TYPES):
            return frozenset()
        params = [p.arg for p in (*node.args.posonlyargs, *node.args.args)]
        if target.function.bound:
            params = params[1:]
        here = {
            id(arg)
            for param, arg in zip(params, call.args)
            if not isinstance(arg, ast.Starred) and _runs_in_catch_all(node, param)
        }
        caught = here if caught is None else caught & here
    return frozenset(caught or ())


def _runs_in_catch_all(node: ast.FunctionDef | ast.AsyncFunctionDef, param: str) -> bool:
    """`param` is run (awaited, or handed to a call such as `loop.run_until_complete`) in the
    body of a `try` one of whose catch-all handlers does more than re-raise."""
    for sub in walk_function(node):
        if not isinstance(sub, (ast.Try, ast.TryStar)):
            continue
        if not any(_catch_all(h) and not _only_reraises(h) for h in sub.handlers):
            continue
        for inner in walk_shallow(sub.body):
            if isinstance(inner, ast.Await) and is_name(inner.value, param):
                return True
            if (
                isinstance(inner, ast.Call)
                and _runs_coroutines(inner)
                and any(is_name(a, param) for a in inner.args)
            ):
                return True
    return False


def _runs_coroutines(call: ast.Call) -> bool:
    """`asyncio.run(c)`, `loop.run_until_complete(c)`, `asyncio.wait_for(c, ...)`,
    `asyncio.gather(...)`: a call that runs the coroutine it is given."""
    name = (last_name(call.func) or "").lower()
    return "run" in name or name in ("wait_for", "gather", "shield")


def _only_reraises(handler: ast.ExceptHandler) -> bool:
    return all(isinstance(stmt, (ast.Raise, ast.Pass, ast.Expr)) for stmt in handler.body) and any(
        isinstance(stmt, ast.Raise) for stmt in handler.body
    )


def wrapper_handlers(wrapper: Function) -> list[ast.ExceptHandler] | None:
    """The `except` blocks around a decorator wrapper's call of the def it wraps (its bound
    parameter, `fn(args, **kw)`) that do not raise again what they catch: what they catch of
    the def's exceptions never leaves the wrapper. None when the wrapper calls no such def."""
    node = wrapper.node
    if isinstance(node, ast.Lambda):
        return None
    bound = decorated_names(wrapper)
    found = handlers_around(
        node.body,
        lambda n: isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id in bound,
    )
    return None if found is None else [h for h in found if not _reraises(h)]


def _blocks_flat(node: ast.AST) -> bool:
    """A statement that may catch (try, `with suppress(...)`, a `with` of a call, which may
    enter a context manager that catches): the flat pass would not be exact."""
    kind = type(node)
    if kind is ast.Try or kind is ast.TryStar:
        return True
    if kind is ast.With or kind is ast.AsyncWith:
        return any(
            isinstance(item.context_expr, ast.Call) and not is_name(item.context_expr.func, "open")
            for item in node.items  # type: ignore[attr-defined]
        )
    return False


def _reraises(handler: ast.ExceptHandler) -> bool:
    """Whether an `except` block may raise again what it caught (`raise`, `raise exc`)."""
    for node in walk_shallow(handler.body):
        if isinstance(node, ast.Raise) and (
            node.exc is None or (handler.name is not None and is_name(node.exc, handler.name))
        ):
            return True
    return False


def _renamed(test: ast.expr, old: str, new: str) -> ast.expr:
    """`test` with the name `old` read as `new` (a copy)."""
    copied = copy.deepcopy(test)
    for node in ast.walk(copied):
        if isinstance(node, ast.Name) and node.id == old:
            node.id = new
    return copied


def _is_suppress(expr: ast.expr) -> bool:
    return isinstance(expr, ast.Call) and last_name(expr.func) == "suppress"


def _passes_on_control_flow(
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
    return all(last_name(t) in _CONTROL_FLOW_NAMES for t in types)


# Calls that start a program (FileNotFoundError when it is not installed).
_PROGRAM_CALLS = frozenset(
    {
        "subprocess.run",
        "subprocess.call",
        "subprocess.check_call",
        "subprocess.check_output",
        "subprocess.Popen",
    }
)
# Programs every POSIX machine Hermes runs on has (and git, which Hermes itself needs).
_BASE_PROGRAMS = frozenset(
    {
        "sh", "bash", "env", "ls", "cat", "cp", "mv", "rm", "mkdir", "rmdir", "find", "grep",
        "sed", "awk", "tar", "gzip", "gunzip", "head", "tail", "wc", "sort", "uniq", "date",
        "echo", "true", "false", "test", "kill", "ps", "df", "du", "uname", "id", "whoami",
        "hostname", "chmod", "chown", "ln", "touch", "stat", "sleep", "xargs", "tee", "cut",
        "tr", "diff", "python", "python3", "git", "which", "command", "nohup", "nice", "timeout",
    }
)  # fmt: skip


def _programs(argv: ast.expr, scope: Scope, depth: int) -> set[str]:
    """The programs a command line may start: the first word of a list or text written out,
    through names bound once, `list(...)`, `+` and a table's rows (`list(ARGV[linter]) +
    [path]`); empty when one is not known."""
    if depth > 4:
        return set()
    if isinstance(argv, (ast.List, ast.Tuple)):
        first = argv.elts[0] if argv.elts else None
        if isinstance(first, ast.Constant) and isinstance(first.value, str) and first.value:
            return {first.value}
        return set()
    if isinstance(argv, ast.Constant) and isinstance(argv.value, str):
        words = argv.value.split()
        return {words[0]} if words else set()
    if isinstance(argv, ast.BinOp) and isinstance(argv.op, ast.Add):
        return _programs(argv.left, scope, depth + 1)
    if isinstance(argv, ast.Call) and last_name(argv.func) in ("list", "tuple") and argv.args:
        return _programs(argv.args[0], scope, depth + 1)
    if isinstance(argv, ast.Name):
        bound = assigned_value(argv.id, scope)
        return _programs(bound[0], bound[1], depth + 1) if bound is not None else set()
    if isinstance(argv, ast.Call) and isinstance(argv.func, ast.Name):
        # `_pull_command(seconds)`: the command lines a helper of the project writes out (one
        # the user configures instead, `shlex.split(custom)`, leaves the default's program)
        helper = resolve(argv.func, scope).single()
        if not isinstance(helper, Function) or not isinstance(helper.node, _DEF_TYPES):
            return set()
        inner = Code(helper).scope
        written: set[str] = set()
        for ret in returns_of(helper.node):
            if ret.value is not None:
                written |= _programs(ret.value, inner, depth + 1)
        return written
    if isinstance(argv, ast.Subscript):
        table = entries(argv.value, scope)
        if table is None or not table.complete or not table.items:
            return set()
        found: set[str] = set()
        for _, value, where in table.items:
            names = _programs(value, where, depth + 1)
            if not names:
                return set()
            found |= names
        return found
    return set()


def _times_out(call: ast.Call) -> bool:
    """`asyncio.wait_for(aw, timeout)` with a timeout that is not None."""
    timeout = call.args[1] if len(call.args) > 1 else None
    for kw in call.keywords:
        if kw.arg == "timeout":
            timeout = kw.value
    return timeout is not None and not (isinstance(timeout, ast.Constant) and timeout.value is None)


def _as_sent(expr: ast.expr, inputs: InputRisks) -> bool:
    """The model's value as it came: `args["id"]`, `args.get("id")`, or a name bound only to
    such a read (not `start + duration`, not an item of a helper's answer)."""
    if inputs._key_read(expr) is not None:
        return True
    if isinstance(expr, ast.Name):
        values = inputs._values.get(expr.id) or []
        return bool(values) and all(
            v is not None and inputs._key_read(v) is not None for v in values
        )
    return False


def _starts_empty(cls: ast.ClassDef, attr: str) -> bool:
    """The class body declares `attr` with an empty default: `attr: list =
    field(default_factory=list)`, `attr: list = []` (a dataclass's field)."""
    for stmt in cls.body:
        if not (
            isinstance(stmt, ast.AnnAssign)
            and isinstance(stmt.target, ast.Name)
            and stmt.target.id == attr
        ):
            continue
        value = stmt.value
        if isinstance(value, (ast.List, ast.Dict, ast.Tuple, ast.Set)):
            return not (value.keys if isinstance(value, ast.Dict) else value.elts)
        return (
            isinstance(value, ast.Call)
            and last_name(value.func) == "field"
            and any(
                kw.arg == "default_factory"
                and isinstance(kw.value, ast.Name)
                and kw.value.id in ("list", "dict", "set", "tuple")
                for kw in value.keywords
            )
        )
    return False


def _own_values(expr: ast.expr) -> bool:
    """A comprehension whose items (a dict's values) read none of the names it loops over:
    `{n: Decimal(1) for n in names}` keys the tool's own values by the model's."""
    if not isinstance(expr, (ast.ListComp, ast.GeneratorExp, ast.SetComp, ast.DictComp)):
        return False
    item = expr.value if isinstance(expr, ast.DictComp) else expr.elt
    targets = {
        n.id for gen in expr.generators for n in ast.walk(gen.target) if isinstance(n, ast.Name)
    }
    return not any(isinstance(n, ast.Name) and n.id in targets for n in ast.walk(item))


def _moves_month(call: ast.Call, scope: Scope) -> bool:
    """`d.replace(month=m)` (a month not written out, no `day=`) of a date or datetime whose
    day is not known to be one every month has: raises ValueError from the 29th on."""
    func = call.func
    assert isinstance(func, ast.Attribute)
    given = {kw.arg: kw.value for kw in call.keywords}
    month = given.get("month")
    if call.args or month is None or "day" in given or isinstance(month, ast.Constant):
        return False
    if serialisable.made_type(func.value, scope) not in ("date", "datetime"):
        return False
    return not _day_fixed(func.value, scope, 0)


def _day_fixed(expr: ast.expr, scope: Scope, depth: int) -> bool:
    """A date whose day is written out and at most 28: `d.replace(day=1)`, `date(y, m, 1)`,
    `strptime(text, "%Y-%m")` (no day read: the 1st), `strptime(t + "-01", "%Y-%m-%d")`,
    `.date()` of one, a name bound once to one."""
    if depth > 4:
        return False
    if isinstance(expr, ast.Name):
        found = assigned_value(expr.id, scope)
        return found is not None and _day_fixed(found[0], found[1], depth + 1)
    if not isinstance(expr, ast.Call):
        return False
    func = expr.func
    if isinstance(func, ast.Attribute) and func.attr == "date" and not expr.args:
        return _day_fixed(func.value, scope, depth + 1)
    day = next((kw.value for kw in expr.keywords if kw.arg == "day"), None)
    name = last_name(func)
    if name == "replace":
        return _small_day(day) or (
            day is None
            and isinstance(func, ast.Attribute)
            and _day_fixed(func.value, scope, depth + 1)
        )
    if name in ("date", "datetime"):
        return _small_day(expr.args[2] if len(expr.args) > 2 else day)
    if name == "strptime" and len(expr.args) == 2:
        text, form = expr.args
        if not (isinstance(form, ast.Constant) and isinstance(form.value, str)):
            return False
        if "%d" not in form.value and "%j" not in form.value:
            return True  # (no day read: the 1st)
        return (
            form.value.endswith("%d")
            and isinstance(text, ast.BinOp)
            and isinstance(text.right, ast.Constant)
            and isinstance(text.right.value, str)
            and _small_day(ast.Constant(text.right.value[-2:].lstrip("0") or "0"))
        )
    return False


def _small_day(day: ast.expr | None) -> bool:
    if isinstance(day, ast.Constant) and isinstance(day.value, str) and day.value.isdigit():
        return 1 <= int(day.value) <= 28
    return isinstance(day, ast.Constant) and type(day.value) is int and 1 <= day.value <= 28


def _checks_status(call: ast.Call, dotted: str, scope: Scope) -> bool:
    """Whether a subprocess call raises when its command fails: `check_call`/`check_output`
    always, `run` with `check=True` (written out, or a parameter the call binds to True:
    `def run_git(args, check=True)` called without it)."""
    if dotted != "subprocess.run":
        return True
    for kw in call.keywords:
        if kw.arg == "check":
            known, value = constant(kw.value, scope)
            if known:
                return value is True
            # (a parameter whose default is True, not bound here: as most calls leave it)
            func = scope.func
            if not isinstance(kw.value, ast.Name) or func is None:
                return False
            default = parameter_defaults(func).get(kw.value.id)
            return isinstance(default, ast.Constant) and default.value is True
    return False
