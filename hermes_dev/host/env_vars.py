"""`OPTIONAL_ENV_VARS` entries as a Hermes checkout writes them, read statically with `ast`.

One reader for lint (HD303, HD304) and the scaffold (new-tool, remove-tool). An entry's value is
either a dict literal (`{"description": ..., "tools": [...], "category": "tool"}`) or, in newer
Hermes (`hermes_cli/config_defaults.py`), a call of a module-level helper:

    def _env(description, prompt, **keys): ...             # keys become dict keys, in order
    def _category(category, password, advanced):           # a factory of entry helpers
        def make(description, prompt, url=_OMIT, *, help=_OMIT, tools=_OMIT,
                 password=password, advanced=advanced): ...
        return make
    _tool = _category("tool", password=True, advanced=False)

    "FIRECRAWL_API_KEY": _tool("...", "Firecrawl API key", "https://...", tools=["web_search"]),

Such a helper writes each parameter under a key of the same name (as both do). A call's fields are
found by binding its arguments to the helper's signature: an argument passed, else the parameter's
default, else what the factory call fixed (`category="tool"`); a default that is a module-level
`object()` sentinel means "not written". A helper that takes no `tools` and never mentions
"tools" writes none. Anything else (an imported helper, `*args`/`**kw` in the call, a `**spread`
in a dict, a value that is a name) cannot be read: the entry counts as skipped (not static).
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass, field

ENV_VARS_NAME = "OPTIONAL_ENV_VARS"
TOOLS = "tools"


@dataclass(frozen=True)
class Field:
    """Where an entry's field comes from: `expr` is the expression giving its value (None when
    the entry does not write the field); `written` says it is written in the entry itself (a
    dict key or a call argument) rather than coming from a helper's default."""

    expr: ast.expr | None
    written: bool = False


ABSENT = Field(None)


@dataclass(frozen=True)
class EnvEntry:
    """One `"VAR": <value>` of the table."""

    var: str
    key: ast.expr
    value: ast.expr
    index: int  # position among the table's elements
    helper: str | None  # the helper called; None for a dict literal
    # Whether the entry's fields could be read; when False every field below is unknown.
    static: bool
    fields: dict[str, Field] = field(default_factory=dict)

    def field(self, name: str) -> Field:
        return self.fields.get(name, ABSENT)

    def constant(self, name: str) -> object:
        """The field's value when it is a literal constant (`"tool"`, `True`, `None`); else
        `...` (absent or not a constant)."""
        expr = self.field(name).expr
        if isinstance(expr, ast.Constant):
            return expr.value
        return ...

    @property
    def category(self) -> str | None:
        value = self.constant("category")
        return value if isinstance(value, str) else None

    @property
    def tools_expr(self) -> ast.expr | None:
        return self.field(TOOLS).expr

    @property
    def tools(self) -> tuple[str, ...] | None:
        """The tool names when written as a literal list or tuple of strings; () when the entry
        has no tools; None when they cannot be read (not static, or computed)."""
        if not self.static:
            return None
        expr = self.tools_expr
        if expr is None:
            return ()
        return string_items(expr)


@dataclass
class EnvTable:
    """The module-level `OPTIONAL_ENV_VARS = {...}` literal of one module."""

    node: ast.Dict
    entries: list[EnvEntry]
    # Entries whose key is not a string constant (a computed key, a `**spread`).
    unread_keys: int = 0
    helpers: dict[str, Helper] = field(default_factory=dict)

    @property
    def skipped(self) -> int:
        """Entries whose fields could not be read statically."""
        return self.unread_keys + sum(1 for e in self.entries if not e.static)

    def get(self, var: str) -> EnvEntry | None:
        found = None
        for entry in self.entries:  # the last one wins, as when Python builds the dict
            if entry.var == var:
                found = entry
        return found

    def tool_names(self) -> set[str]:
        """Every tool name an entry lists (where readable)."""
        return {name for entry in self.entries for name in entry.tools or ()}


def string_items(expr: ast.expr) -> tuple[str, ...] | None:
    """The strings of a list or tuple literal of string constants; None for anything else."""
    if not isinstance(expr, ast.List | ast.Tuple):
        return None
    names = []
    for element in expr.elts:
        if not (isinstance(element, ast.Constant) and isinstance(element.value, str)):
            return None
        names.append(element.value)
    return tuple(names)


# --- helpers --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Helper:
    """A module-level entry helper: its signature, and what a factory call fixed."""

    name: str
    positional: tuple[str, ...]  # positional-or-keyword parameters, in order
    keyword_only: tuple[str, ...]
    defaults: dict[str, ast.expr]
    var_keyword: str | None  # the `**keys` parameter
    var_positional: bool
    fixed: dict[str, ast.expr]  # the factory's parameters as its call bound them
    names_tools: bool  # the helper's (or its factory's) code mentions "tools"
    sentinels: frozenset[str]  # module-level names bound to `object()`
    # `return other_helper(...)`: a helper that fills in another one (`_base_url(name)`)
    delegate: ast.Call | None = None

    def accepts(self, name: str) -> bool:
        return name in self.positional or name in self.keyword_only or self.var_keyword is not None


def _sentinels(tree: ast.Module) -> frozenset[str]:
    found: set[str] = set()
    for stmt in tree.body:
        if (
            isinstance(stmt, ast.Assign)
            and isinstance(stmt.value, ast.Call)
            and isinstance(stmt.value.func, ast.Name)
            and stmt.value.func.id == "object"
            and not stmt.value.args
            and not stmt.value.keywords
        ):
            found.update(t.id for t in stmt.targets if isinstance(t, ast.Name))
    return frozenset(found)


def _mentions(node: ast.AST, word: str) -> bool:
    for sub in ast.walk(node):
        if isinstance(sub, ast.Constant) and sub.value == word:
            return True
        if isinstance(sub, ast.keyword) and sub.arg == word:
            return True
        if isinstance(sub, ast.Name) and sub.id == word:
            return True
    return False


def _signature(
    func: ast.FunctionDef,
    name: str,
    fixed: dict[str, ast.expr],
    names_tools: bool,
    sentinels: frozenset[str],
) -> Helper:
    args = func.args
    positional = [a.arg for a in (*args.posonlyargs, *args.args)]
    defaults: dict[str, ast.expr] = {}
    for name_, default in zip(reversed(positional), reversed(args.defaults), strict=False):
        defaults[name_] = default
    for param, kw_default in zip(args.kwonlyargs, args.kw_defaults, strict=True):
        if kw_default is not None:
            defaults[param.arg] = kw_default
    return Helper(
        name=name,
        positional=tuple(positional),
        keyword_only=tuple(a.arg for a in args.kwonlyargs),
        defaults=defaults,
        var_keyword=args.kwarg.arg if args.kwarg is not None else None,
        var_positional=args.vararg is not None,
        fixed=fixed,
        names_tools=names_tools or _mentions(func, TOOLS),
        sentinels=sentinels,
        delegate=_delegate(func),
    )


def _delegate(func: ast.FunctionDef) -> ast.Call | None:
    last = func.body[-1] if func.body else None
    if (
        isinstance(last, ast.Return)
        and isinstance(last.value, ast.Call)
        and isinstance(last.value.func, ast.Name)
    ):
        return last.value
    return None


def _returned_inner(func: ast.FunctionDef) -> ast.FunctionDef | None:
    """The nested `def` a factory returns (`def make(...): ...; return make`)."""
    inner = {s.name: s for s in func.body if isinstance(s, ast.FunctionDef)}
    for stmt in func.body:
        if isinstance(stmt, ast.Return) and isinstance(stmt.value, ast.Name):
            return inner.get(stmt.value.id)
    return None


def find_helpers(tree: ast.Module) -> dict[str, Helper]:
    """Entry helpers defined in the module: plain functions, and names bound to a factory call."""
    sentinels = _sentinels(tree)
    defs = {s.name: s for s in tree.body if isinstance(s, ast.FunctionDef)}
    found: dict[str, Helper] = {}
    for name, func in defs.items():
        if _returned_inner(func) is None:
            found[name] = _signature(func, name, {}, False, sentinels)
    for stmt in tree.body:
        if not (
            isinstance(stmt, ast.Assign)
            and len(stmt.targets) == 1
            and isinstance(stmt.targets[0], ast.Name)
            and isinstance(stmt.value, ast.Call)
            and isinstance(stmt.value.func, ast.Name)
        ):
            continue
        factory = defs.get(stmt.value.func.id)
        inner = _returned_inner(factory) if factory is not None else None
        if factory is None or inner is None:
            continue
        outer = _signature(factory, factory.name, {}, False, sentinels)
        bound = _bind(outer, stmt.value)
        if bound is None:
            continue
        fixed = {**{p: d for p, d in outer.defaults.items() if p not in bound}, **bound}
        name = stmt.targets[0].id
        found[name] = _signature(inner, name, fixed, _mentions(factory, TOOLS), sentinels)
    return found


def _bind(helper: Helper, call: ast.Call) -> dict[str, ast.expr] | None:
    """The call's arguments by parameter name; None when they cannot be bound statically."""
    bound: dict[str, ast.expr] = {}
    for index, arg in enumerate(call.args):
        if isinstance(arg, ast.Starred) or index >= len(helper.positional):
            return None
        bound[helper.positional[index]] = arg
    for keyword in call.keywords:
        if keyword.arg is None or keyword.arg in bound:
            return None  # **spread, or a parameter given twice
        if (
            keyword.arg not in helper.positional and keyword.arg not in helper.keyword_only
        ) and helper.var_keyword is None:
            return None
        bound[keyword.arg] = keyword.value
    return bound


def _call_fields(
    helper: Helper, call: ast.Call, helpers: dict[str, Helper], depth: int = 0
) -> dict[str, Field] | None:
    bound = _bind(helper, call)
    if bound is None:
        return None
    delegate = helper.delegate
    inner = None
    if delegate is not None and isinstance(delegate.func, ast.Name):
        inner = helpers.get(delegate.func.id)
    if inner is not None and delegate is not None and not helper.var_keyword and depth < 4:
        # `def _base_url(name): return _prov(f"...", ..., password=False)`: the entry is what
        # the inner call makes, its arguments read with this call's bound in
        own = {**helper.defaults, **bound}
        replaced = ast.Call(
            func=delegate.func,
            args=[_substitute(a, own) for a in delegate.args],
            keywords=[
                ast.keyword(arg=k.arg, value=_substitute(k.value, own)) for k in delegate.keywords
            ],
        )
        return _call_fields(inner, replaced, helpers, depth + 1)
    fields: dict[str, Field] = {}
    names = [*helper.fixed, *helper.positional, *helper.keyword_only, *bound]
    for name in dict.fromkeys(names):
        if name in bound:
            expr: ast.expr | None = bound[name]
            written = True
        else:
            written = False
            expr = helper.defaults.get(name)
            if isinstance(expr, ast.Name) and expr.id in helper.fixed:
                expr = helper.fixed[expr.id]
            elif expr is None:
                expr = helper.fixed.get(name)
        if isinstance(expr, ast.Name) and expr.id in helper.sentinels:
            expr = None
        if expr is not None:
            fields[name] = Field(expr, written)
    if TOOLS not in fields and helper.names_tools and not helper.accepts(TOOLS):
        return None  # the helper writes some tools of its own making
    return fields


def _substitute(expr: ast.expr, own: dict[str, ast.expr]) -> ast.expr:
    if isinstance(expr, ast.Name) and expr.id in own:
        return own[expr.id]
    return expr


def _dict_fields(node: ast.Dict) -> dict[str, Field] | None:
    fields: dict[str, Field] = {}
    for key, value in zip(node.keys, node.values, strict=True):
        if key is None:
            # `**base`: the spread may hold any field, unless the ones after it say otherwise
            fields.clear()
            return None
        if isinstance(key, ast.Constant) and isinstance(key.value, str):
            fields[key.value] = Field(value, written=True)
        else:
            return None
    return fields


# --- the table -------------------------------------------------------------------------------


def table_assignment(tree: ast.Module) -> ast.Dict | None:
    """The value of the first module-level `OPTIONAL_ENV_VARS = {...}` (or annotated) that is a
    dict literal."""
    for stmt in tree.body:
        if isinstance(stmt, ast.Assign):
            targets = stmt.targets
        elif isinstance(stmt, ast.AnnAssign) and stmt.value is not None:
            targets = [stmt.target]
        else:
            continue
        named = any(isinstance(t, ast.Name) and t.id == ENV_VARS_NAME for t in targets)
        if named and isinstance(stmt.value, ast.Dict):
            return stmt.value
    return None


def read_table(tree: ast.Module, node: ast.Dict | None = None) -> EnvTable | None:
    """The entries of the module's `OPTIONAL_ENV_VARS` literal (or of `node`, a dict literal of
    the module such as an `OPTIONAL_ENV_VARS.update({...})` argument); None when there is none."""
    if node is None:
        node = table_assignment(tree)
    if node is None:
        return None
    helpers = find_helpers(tree)
    table = EnvTable(node, [], helpers=helpers)
    for index, (key, value) in enumerate(zip(node.keys, node.values, strict=True)):
        if not (isinstance(key, ast.Constant) and isinstance(key.value, str)):
            table.unread_keys += 1
            continue
        table.entries.append(_entry(key.value, key, value, index, helpers))
    return table


def _entry(
    var: str, key: ast.expr, value: ast.expr, index: int, helpers: dict[str, Helper]
) -> EnvEntry:
    fields: dict[str, Field] | None = None
    helper_name = None
    if isinstance(value, ast.Dict):
        fields = _dict_fields(value)
    elif isinstance(value, ast.Call) and isinstance(value.func, ast.Name):
        helper_name = value.func.id
        helper = helpers.get(helper_name)
        if helper is not None:
            fields = _call_fields(helper, value, helpers)
    if fields is None:
        return EnvEntry(var, key, value, index, helper_name, static=False)
    return EnvEntry(var, key, value, index, helper_name, static=True, fields=fields)


def iter_list_strings(expr: ast.expr) -> Iterator[tuple[str, ast.expr]]:
    """(name, node) of each string constant of a list or tuple literal."""
    if isinstance(expr, ast.List | ast.Tuple):
        for element in expr.elts:
            if isinstance(element, ast.Constant) and isinstance(element.value, str):
                yield element.value, element
