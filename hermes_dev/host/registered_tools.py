"""Every registration of a tool module evaluated statically (the project rules' view, HD3xx):
each one as a `RegisteredTool` (name, toolset, `requires_env`, `check_fn`, `override`, spans),
gathered in a `ModuleSummary` small enough to cache per file. The names alone, for new-tool and
remove-tool, are `host.registrations.registered_names`.

No dataclasses or typing at import: this module is on the one-file lint path, where importing
them (dataclasses pulls in inspect) costs ~8 ms of a ~50 ms pre-commit run (`python -X importtime`).
May import `pyast` (and `host`), never `lint`.
"""

from __future__ import annotations

import ast

from hermes_dev.host._json_shapes import (
    _bool,
    _dict,
    _list,
    _optional,
    _pairs,
    _span,
    _str,
    _strs,
)
from hermes_dev.host.registrations import registrations_of
from hermes_dev.pyast.analyze.evaluate import Evaluator, strings_in
from hermes_dev.pyast.analyze.values import NotStatic
from hermes_dev.pyast.semantic.locations import Span
from hermes_dev.pyast.semantic.resolve import resolve
from hermes_dev.pyast.semantic.scopes import Const, Literal, Scope

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from hermes_dev.host.registrations import Registration
    from hermes_dev.pyast.semantic.modules import ModuleInfo


# Plain classes rather than dataclasses: building a dataclass costs more at import than a
# pre-commit run can spare, and a one-file run reads every module's summary from the cache.


class RegisteredTool:
    __slots__ = (
        "call_span",
        "discovered",
        "env_span",
        "has_check_fn",
        "has_requires_env",
        "kind",
        "name",
        "override",
        "requires_env",
        "span",
        "toolset",
    )

    def __init__(
        self,
        name: str | None,  # None: not static
        kind: str,  # "registry" | "plugin"
        discovered: bool,
        override: bool,
        has_check_fn: bool,
        has_requires_env: bool,  # given and not an empty literal / None
        requires_env: list[tuple[str, Span]] | None,  # None: not static (or absent)
        span: Span,  # the call's `name=` (or the call itself)
        call_span: Span,
        toolset: str | None = None,  # the registered toolset, when static
        env_span: Span | None = None,  # the `requires_env=` argument
    ) -> None:
        self.name = name
        self.kind = kind
        self.discovered = discovered
        self.override = override
        self.has_check_fn = has_check_fn
        self.has_requires_env = has_requires_env
        self.requires_env = requires_env
        self.span = span
        self.call_span = call_span
        self.toolset = toolset
        self.env_span = env_span

    # the JSON order (a list: summaries of a whole root are read on every one-file run)
    _JSON_FIELDS = (
        "name",
        "kind",
        "discovered",
        "override",
        "has_check_fn",
        "has_requires_env",
        "requires_env",
        "span",
        "call_span",
        "toolset",
        "env_span",
    )

    def to_json(self) -> list[Any]:
        return [getattr(self, field) for field in self._JSON_FIELDS]

    @classmethod
    def from_json(cls, data: list[Any]) -> RegisteredTool:
        (
            name,
            kind,
            discovered,
            override,
            has_check_fn,
            has_requires_env,
            env,
            span,
            call_span,
            toolset,
            env_span,
        ) = _list(data, 11)
        return cls(
            _optional(_str, name),
            _str(kind),
            _bool(discovered),
            _bool(override),
            _bool(has_check_fn),
            _bool(has_requires_env),
            _optional(lambda e: [(_str(v), Span(*_span(s))) for v, s in _pairs(e)], env),
            Span(*_span(span)),
            Span(*_span(call_span)),
            _optional(_str, toolset),
            _optional(lambda s: Span(*_span(s)), env_span),
        )

    def __repr__(self) -> str:
        return f"RegisteredTool({self.name!r}, line {self.span.line})"


class ModuleSummary:
    __slots__ = ("cacheable", "maybe_names", "tools")

    def __init__(
        self,
        tools: list[RegisteredTool] | None = None,
        maybe_names: list[str] | None = None,
    ) -> None:
        self.tools = tools if tools is not None else []
        # Strings that may name a registered tool although no name evaluated (tables of a
        # loop that did not evaluate, dynamic names): HD302 must not cry wolf on them.
        self.maybe_names = maybe_names if maybe_names is not None else []
        self.cacheable = True

    def to_json(self) -> dict[str, Any]:
        return {
            "tools": [t.to_json() for t in self.tools],
            "maybe_names": sorted(set(self.maybe_names)),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> ModuleSummary:
        return cls(
            [RegisteredTool.from_json(t) for t in _list(_dict(data)["tools"])],
            _strs(data["maybe_names"]),
        )


def summarize_module(module: ModuleInfo) -> ModuleSummary:
    summary = ModuleSummary()
    if module.tree is None:
        return summary
    evaluator = Evaluator()
    for reg in registrations_of(module):
        if not reg.rows_known and reg.loop is not None:
            summary.maybe_names.extend(strings_in(reg.loop.iter, reg.scope))
        summary.tools.append(registered_tool(reg, evaluator, summary.maybe_names))
    # A summary that read another module is stale when that module changes: keep it per run.
    summary.cacheable = evaluator.modules <= {module.path}
    return summary


def _argument(reg: Registration, param: str) -> ast.expr | None:
    return reg.keywords.get(param)


def keyword_node(reg: Registration, param: str) -> ast.AST | None:
    for kw in reg.call.keywords:
        if kw.arg == param:
            return kw
    return reg.keywords.get(param)


# A maybe-name that ends with this stands for every name with that start (`"order_" + x`).
PREFIX_MARK = "*"


def name_prefix(node: ast.expr, scope: Scope | None = None) -> str | None:
    """The constant start of a name the code computes (`"order_" + snake(action)`,
    `f"order_{action}"`, a local bound only to such), when it is long enough to say something
    (3 characters)."""
    if isinstance(node, ast.Name) and scope is not None:
        located = scope.lookup(node.id)
        if located is None or located[1] is None:
            return None
        found = {
            name_prefix(b.value) if b.kind == "assign" and b.value is not None else None
            for b in located[1]
        }
        return found.pop() if len(found) == 1 else None
    while isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        node = node.left
    if isinstance(node, ast.JoinedStr) and node.values:
        node = node.values[0]
    if isinstance(node, ast.Constant) and isinstance(node.value, str) and len(node.value) >= 3:
        return node.value
    return None


def matches_maybe(name: str, maybe: set[str]) -> bool:
    """`name` is one of the maybe-names, or starts as a computed one's constant start does."""
    return name in maybe or any(
        m.endswith(PREFIX_MARK) and name.startswith(m[: -len(PREFIX_MARK)]) for m in maybe
    )


def registered_tool(
    reg: Registration, evaluator: Evaluator, maybe_names: list[str]
) -> RegisteredTool:
    scope = reg.scope
    unknown_rows = not reg.rows_known
    name_node = _argument(reg, "name")
    name: str | None = None
    if name_node is not None and not unknown_rows:
        name = evaluator.string(name_node, scope)
    if name is None and name_node is not None:
        maybe_names.extend(strings_in(name_node, scope))
        prefix = name_prefix(name_node, scope)
        if prefix is not None:
            maybe_names.append(prefix + PREFIX_MARK)
    override_node = _argument(reg, "override")
    override = False
    if override_node is not None:
        try:
            override = bool(evaluator.evaluate(override_node, scope).value)
        except NotStatic:
            override = True  # unknown: assume the author meant it
    has_check_fn = _given(reg, "check_fn", evaluator, unknown_rows)
    env_node = _argument(reg, "requires_env")
    requires_env: list[tuple[str, Span]] | None = None
    has_requires_env = False
    if env_node is not None and _given(reg, "requires_env", evaluator, unknown_rows):
        try:
            if unknown_rows:
                raise NotStatic("row")
            evaluated = evaluator.evaluate(env_node, scope)
            values = evaluated.value
            if isinstance(values, list | tuple) and all(isinstance(v, str) for v in values):
                requires_env = []
                for i, var in enumerate(values):
                    pos = evaluated.locate([i])
                    same_file = pos.path == reg.module.path
                    span = Span.from_pos(pos) if same_file else Span.of(env_node)
                    requires_env.append((var, span))
                has_requires_env = bool(values)
            else:
                has_requires_env = True
        except NotStatic:
            # (unknown: given, unless it may be an empty default, `row.get("requires_env", [])`)
            has_requires_env = not _may_be_empty(env_node, scope)
    toolset: str | None = None
    toolset_node = _argument(reg, "toolset")
    if toolset_node is not None and not unknown_rows:
        toolset = evaluator.string(toolset_node, scope)
    env_keyword = keyword_node(reg, "requires_env")
    anchor = keyword_node(reg, "name") or reg.call
    return RegisteredTool(
        toolset=toolset,
        env_span=Span.of(env_keyword) if env_keyword is not None else None,
        name=name,
        kind="plugin" if reg.kind == "plugin" else "registry",
        discovered=reg.discoverable,
        override=override,
        has_check_fn=has_check_fn,
        has_requires_env=has_requires_env,
        requires_env=requires_env,
        span=Span.of(anchor),
        call_span=Span.of(reg.call),
    )


def _given(reg: Registration, param: str, evaluator: Evaluator, unknown_rows: bool) -> bool:
    """Whether the registration passes `param` with a value other than None in this row (a
    row's `spec.get("check_fn")` may be None for one tool and a function for the next)."""
    node = _argument(reg, param)
    if node is None or (isinstance(node, ast.Constant) and node.value is None):
        return False
    if unknown_rows:
        return True
    found = reg.value(param)
    if found is None:
        return True
    single = found.single()
    from hermes_dev.pyast.semantic.scopes import Const

    if isinstance(single, Const) and single.value is None:
        return False
    if param == "requires_env":
        try:
            value = evaluator.evaluate(node, reg.scope).value
        except NotStatic:
            # (what the semantic model knows: `spec.requires_env` of a record whose field
            # defaults to an empty list)
            return not _empty_display(single)
        return value is not None and value != [] and value != ()
    return True


def _empty_display(obj: object) -> bool:
    from hermes_dev.pyast.semantic.scopes import Literal

    return isinstance(obj, Literal) and (
        isinstance(obj.expr, (ast.List, ast.Tuple))
        and not obj.expr.elts
        or isinstance(obj.expr, ast.Dict)
        and not obj.expr.keys
    )


def _may_be_empty(expr: ast.expr, scope: Scope) -> bool:
    """One of the values `expr` may hold is None or an empty list or tuple."""
    for found in resolve(expr, scope).items:
        if isinstance(found, Const) and found.value in (None, (), []):
            return True
        if (
            isinstance(found, Literal)
            and isinstance(found.expr, (ast.List, ast.Tuple))
            and not found.expr.elts
        ):
            return True
    return False
