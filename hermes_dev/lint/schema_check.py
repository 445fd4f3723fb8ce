"""The schemas of a module's registrations (HD2xx), evaluated once per run, and their check.

`tool_schemas(module)` evaluates each registration's schema (one per table row) statically;
`checked_schemas(ctx)` yields those of the files being reported on. `schema_errors(document,
kind)` checks one against the function-schema meta-schema: proven valid without jsonschema when
`pyast.schema_fast` can, else by running jsonschema, whose results are cached by the schema's
content in the run's cache (`lint.cache`), so an unchanged schema never imports it.
"""

from __future__ import annotations

import ast
import json
from pathlib import Path

from hermes_dev.host.registered_tools import keyword_node
from hermes_dev.host.registrations import registrations_of
from hermes_dev.lint.cache import ResultCache
from hermes_dev.lint.rule import Finding
from hermes_dev.pyast.analyze.evaluate import Evaluator
from hermes_dev.pyast.analyze.values import Evaluated, NotStatic, Opaque
from hermes_dev.pyast.semantic.locations import Pos, Span, reported_span

TYPE_CHECKING = False  # typing is not imported at run time: a pre-commit run pays for it
if TYPE_CHECKING:
    from collections.abc import Iterable, Iterator
    from typing import Any, Literal

    from hermes_dev.host.registrations import Registration
    from hermes_dev.lint.context import LintContext
    from hermes_dev.pyast.semantic.modules import ModuleInfo
    from hermes_dev.pyast.semantic.scopes import Scope


# --- the schemas of a module's registrations (HD2xx) -------------------------------------


class ToolSchema:
    """The schema of one registration (one table row), evaluated when that can be done."""

    __slots__ = ("anchor", "evaluated", "name", "name_span", "reg")

    def __init__(
        self,
        reg: Registration,
        name: str | None,
        evaluated: Evaluated | None,
        anchor: ast.AST,
        name_span: Span | None = None,
    ) -> None:
        self.reg = reg
        self.name = name  # the registered name, when static
        self.name_span = name_span  # where that name is written
        self.evaluated = evaluated  # None: not static (skipped silently, counted)
        # the `schema=` argument: where findings go when a key has no position
        self.anchor = anchor

    def as_sent(self) -> dict[str, Any] | None:
        """The function definition the model receives: Hermes' `get_definitions()` sends
        `{**schema, "name": <registered name>}`. None when the schema is not a dict."""
        value = self.evaluated.value if self.evaluated is not None else None
        if not isinstance(value, dict):
            return None
        return {**value, "name": self.name} if self.name is not None else dict(value)

    def position(self, pointer: str | list[str | int], path: Path, as_sent: bool = True) -> Span:
        """Where the schema part at `pointer` is written in the file at `path` (else the
        `schema=` argument: the literal may live in another module). The name the model
        sees is the registered one: "/name" points at it when it is known (`as_sent`)."""
        registered_name = as_sent and pointer in ("/name", ["name"]) and self.name is not None
        if registered_name and self.name_span is not None:
            return self.name_span
        if self.evaluated is not None:
            pos = self.evaluated.locate(pointer)
            if pos.path == path:
                return Span.from_pos(pos)
        return Span.of(self.anchor)

    def finding(
        self,
        code: str,
        message: str,
        module: ModuleInfo,
        pointer: str | list[str | int],
        as_sent: bool = True,
        at_source: bool = False,
    ) -> Finding:
        """A finding at the schema part `pointer` (its first line only, as the engine does).
        When that part is written in another module, the finding stays at the `schema=` here
        and its message says where the part is; with `at_source` it goes where the part is
        written (a fix goes there, and parts of one table each get their own line)."""
        span = self.position(pointer, module.path, as_sent)
        where_module = module
        if self.evaluated is not None and span == Span.of(self.anchor):
            elsewhere = self.evaluated.locate(pointer)
            source_module = module.models.get(elsewhere.path) if at_source else None
            if elsewhere.path != module.path and source_module is not None:
                span, where_module = Span.from_pos(elsewhere), source_module
            elif elsewhere.path != module.path:
                where = module.models.relative(elsewhere.path)
                message = f"{message} (in {where}:{elsewhere.line})"
        lines = where_module.lines
        text = lines[span.line - 1] if 0 < span.line <= len(lines) else ""
        line, column, end_line, end_column = reported_span(text, span)
        return Finding(
            code,
            message,
            where_module.path,
            line,
            column,
            end_line,
            end_column,
            self.name or self.reg.label(),
        )


NOT_STATIC_LABEL = "schemas skipped (not static)"


def unbounded_numbers(schema: ToolSchema) -> dict[str, str]:
    """The arguments a tool's schema declares numbers ("integer": "int", "number": "float")
    without a range: no `maximum` or no `minimum` (JSON sets no bound, and Hermes passes what
    the model sends)."""
    value = schema.evaluated.value if schema.evaluated is not None else None
    params = value.get("parameters") if isinstance(value, dict) else None
    props = params.get("properties") if isinstance(params, dict) else None
    if not isinstance(props, dict):
        return {}
    found: dict[str, str] = {}
    for key, prop in props.items():
        if not isinstance(key, str) or not isinstance(prop, dict) or "enum" in prop:
            continue
        kind = prop.get("type")
        if kind not in ("integer", "number"):
            continue
        above = "maximum" in prop or "exclusiveMaximum" in prop
        below = "minimum" in prop or "exclusiveMinimum" in prop
        if not (above and below):
            found[key] = "int" if kind == "integer" else "float"
    return found


def array_arguments(schema: ToolSchema) -> frozenset[str]:
    """The arguments a tool's schema declares arrays: Hermes wraps a bare value the model
    sends for one in a list before the handler sees it (`coerce_tool_args`)."""
    value = schema.evaluated.value if schema.evaluated is not None else None
    params = value.get("parameters") if isinstance(value, dict) else None
    props = params.get("properties") if isinstance(params, dict) else None
    if not isinstance(props, dict):
        return frozenset()
    return frozenset(
        key
        for key, prop in props.items()
        if isinstance(key, str)
        and isinstance(prop, dict)
        and (
            prop.get("type") == "array"
            or (isinstance(prop.get("type"), list) and "array" in prop["type"])
        )
    )


def tool_schemas(module: ModuleInfo) -> list[ToolSchema]:
    """Every registration's schema in `module` (one per table row), evaluated once per run
    (kept in the module's state). Schemas that cannot be evaluated statically are counted in
    `module.state.schemas_not_static`."""
    memo = module.state.tool_schemas
    if isinstance(memo, list):
        return memo
    result: list[ToolSchema] = []
    not_static = 0
    if module.tree is not None and registrations_of(module):
        # partial: a non-static description or enum leaves the rest of the schema checkable
        evaluator = Evaluator(partial=True)
        for reg in registrations_of(module):
            schema_node = reg.keywords.get("schema")
            if schema_node is None:
                continue
            anchor = keyword_node(reg, "schema") or reg.call
            if not reg.rows_known:
                not_static += 1
                result.append(ToolSchema(reg, None, None, anchor))
                continue
            scope = reg.scope
            overrides = reg.keywords.get("dynamic_schema_overrides")
            overridden: list[tuple[str, Pos]] = []
            if overrides is not None and not (
                isinstance(overrides, ast.Constant) and overrides.value is None
            ):
                keys = _override_keys(overrides, scope)
                if keys is None:
                    # the schema the model sees is changed at run time: nothing static to check
                    not_static += 1
                    result.append(ToolSchema(reg, None, None, anchor))
                    continue
                overridden = keys  # those top-level keys are replaced at run time: opaque
            name: str | None = None
            name_span: Span | None = None
            name_node = reg.keywords.get("name")
            if name_node is not None:
                try:
                    named = evaluator.evaluate(name_node, scope)
                    name = named.value if isinstance(named.value, str) else None
                    pos = named.locate("")
                    name_span = (
                        Span.from_pos(pos) if pos.path == module.path else Span.of(name_node)
                    )
                except NotStatic:
                    name = None
            try:
                evaluated: Evaluated | None = evaluator.evaluate(schema_node, scope)
            except NotStatic:
                evaluated = None
                not_static += 1
            if overridden and evaluated is not None and isinstance(evaluated.value, dict):
                value = dict(evaluated.value)
                for key, pos in overridden:
                    value[key] = Opaque(pos)
                evaluated = Evaluated(value, evaluated.loc)
            result.append(ToolSchema(reg, name, evaluated, anchor, name_span))
    module.state.tool_schemas = result
    module.state.schemas_not_static = not_static
    return result


def _override_keys(expr: ast.expr, scope: Scope) -> list[tuple[str, Pos]] | None:
    """The top-level schema keys a `dynamic_schema_overrides=` callable may replace (Hermes
    does `schema.update(overrides())`): the keys of the dict literals it returns, when every
    `return` is one with constant keys (or None); else None (unknown: skip the schema)."""
    from hermes_dev.pyast.calls.driver import wrapped
    from hermes_dev.pyast.semantic.resolve import resolve
    from hermes_dev.pyast.semantic.scopes import Function
    from hermes_dev.pyast.semantic.walker import returns_of

    func = resolve(expr, scope).single()
    if not isinstance(func, Function) or wrapped(func.node):
        return None
    node = func.node
    values = [node.body] if isinstance(node, ast.Lambda) else [r.value for r in returns_of(node)]
    if not values:
        return None
    keys: list[tuple[str, Pos]] = []
    for value in values:
        if value is None or (isinstance(value, ast.Constant) and value.value is None):
            continue
        if not isinstance(value, ast.Dict):
            return None
        for key, item in zip(value.keys, value.values):
            if not (isinstance(key, ast.Constant) and isinstance(key.value, str)):
                return None
            keys.append((key.value, Pos.of(func.module.path, item)))
    return keys


def checked_schemas(
    ctx: LintContext, modules: Iterable[ModuleInfo] | None = None
) -> Iterator[tuple[ModuleInfo, ToolSchema]]:
    """The evaluated schemas of `modules` (default: those being reported on). Schemas that are
    not static are counted in `--statistics`, each module once per run, however many rules
    look at it (`Statistics.add_once`). (A helper's literal serving several table rows gives
    the same finding several times: the engine keeps one per place.)"""
    for module in ctx.modules if modules is None else modules:
        total = 0
        for schema in tool_schemas(module):
            if schema.evaluated is None:
                total += 1
                continue
            yield module, schema
        if total:
            ctx.stats.add_once(NOT_STATIC_LABEL, module.rel, total)


# --- jsonschema, imported only when a schema is checked, and its results cached -------------

SCHEMAS_DIR = Path(__file__).parent / "schemas"
CHECKS_CACHE = "schema-checks"  # the name of jsonschema's results in the run's cache


def _json_value(value: Any) -> Any:
    """The value as the model receives it (tuples become lists; keys strings); a part that is
    not static becomes its placeholder string."""
    return json.loads(json.dumps(value, default=_placeholder))


def _placeholder(value: Any) -> str:
    if isinstance(value, Opaque):
        return value.placeholder()
    raise TypeError(type(value).__name__)


def _opaque_pointers(value: Any, path: str = "") -> Iterator[str]:
    if isinstance(value, Opaque):
        yield path
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _opaque_pointers(item, f"{path}/{key}")
    elif isinstance(value, list | tuple):
        for i, item in enumerate(value):
            yield from _opaque_pointers(item, f"{path}/{i}")


# Keywords whose failure at an object or array cannot come from what its parts hold.
_SHAPE_KEYWORDS = frozenset(
    {
        "required",
        "type",
        "minItems",
        "maxItems",
        "minProperties",
        "maxProperties",
        "dependentRequired",
        "additionalProperties",
        "propertyNames",
    }
)


def _caused_by_opaque(pointer: str, validator: str, opaque: list[str]) -> bool:
    """True when a jsonschema error may come from a part that is not static."""
    for hidden in opaque:
        if pointer == hidden or pointer.startswith(hidden + "/"):
            return True
        is_ancestor = pointer == "" or hidden.startswith(pointer + "/")
        if is_ancestor and validator not in _SHAPE_KEYWORDS:
            return True
    return False


def schema_errors(
    value: Any, kind: Literal["function", "parameters"], cache: ResultCache | None = None
) -> list[tuple[str, str]]:
    """(JSON pointer, message) for every problem jsonschema finds:

    - "function": the tool schema against `schemas/function_schema.json` (HD201);
    - "parameters": the parameters against the metaschema of the draft they declare in
      `$schema`, Draft 2020-12 by default (HD202).

    jsonschema is imported only here, and its results are kept in `cache` (the run's
    `ctx.cache.results(CHECKS_CACHE)`, on disk unless the cache is off) by the schema's content,
    so a pre-commit run over a file whose schemas did not change never imports it. Without a
    `cache`, nothing is kept.
    """
    import zlib  # not hashlib: importing it costs a pre-commit run several milliseconds

    from hermes_dev import __version__

    try:
        document = _json_value(value)
    except (TypeError, ValueError):
        return []  # not a schema jsonschema can judge
    # What jsonschema would say, without its cost (see schema_fast): first as the document is
    # (placeholders and all), then with the parts that are not static standing for anything.
    if _proven_valid(document, kind):
        return []
    opaque = list(_opaque_pointers(value))
    if opaque and _proven_valid(document, kind, value):
        return []
    try:
        # the key: the content as the model receives it, and what it is checked against
        text = json.dumps([kind, __version__, value], sort_keys=True, default=_placeholder)
    except (TypeError, ValueError):
        return []  # e.g. keys of mixed types: not a schema jsonschema can judge either
    data = text.encode("utf-8")
    key = f"{zlib.crc32(data):08x}{zlib.adler32(data):08x}{len(data):x}"
    cached = cache.get(key) if cache is not None else None
    if _is_checks_result(cached):
        assert isinstance(cached, list)
        return [(p, m) for p, m in cached]
    errors = _run_jsonschema(document, kind, opaque)
    if cache is not None:
        cache.put(key, [list(e) for e in errors])  # written when the run's cache is saved
    return errors


def _is_checks_result(value: object) -> bool:
    """A cached jsonschema result has the shape schema_errors writes: [[pointer, message]...]."""
    return type(value) is list and all(
        type(e) is list and len(e) == 2 and type(e[0]) is str and type(e[1]) is str for e in value
    )


# The function-schema meta-schema shipped in schemas/ (read once per process: it never changes).
_FUNCTION_SCHEMA: list[Any] = []


def _proven_valid(document: Any, kind: str, partial: Any = None) -> bool:
    """True when jsonschema surely finds nothing (but what parts that are not static may
    cause: `partial` is the value holding them), proven without running it (schema_fast)."""
    from hermes_dev.pyast.analyze.schema_fast import document_valid, mark_opaque, parameters_valid

    if partial is not None:
        document = mark_opaque(partial, document)
        if document is None:
            return False
    if kind == "parameters":
        return parameters_valid(document)
    if not _FUNCTION_SCHEMA:
        path = SCHEMAS_DIR / "function_schema.json"
        _FUNCTION_SCHEMA.append(json.loads(path.read_text(encoding="utf-8")))
    return document_valid(document, _FUNCTION_SCHEMA[0])


# One validator per meta-schema checked against (built on first use; they never change).
_VALIDATORS: dict[str, Any] = {}


def _run_jsonschema(
    document: Any, kind: str, opaque: list[str] | None = None
) -> list[tuple[str, str]]:
    from jsonschema import validators  # type: ignore[import-untyped]
    from jsonschema.validators import Draft202012Validator  # type: ignore[import-untyped]

    validator: Any
    if kind == "function":
        validator = _VALIDATORS.get("function")
        if validator is None:
            path = SCHEMAS_DIR / "function_schema.json"
            meta = json.loads(path.read_text(encoding="utf-8"))
            validator = _VALIDATORS["function"] = Draft202012Validator(meta)
    else:
        if not isinstance(document, dict):
            return []  # HD201 reports parameters that are not an object
        declared = document.get("$schema")
        cls = Draft202012Validator
        if isinstance(declared, str):
            import warnings

            with warnings.catch_warnings():
                # an unknown `$schema` URI falls back to the latest draft (with a warning)
                warnings.simplefilter("ignore")
                cls = validators.validator_for(document, default=Draft202012Validator)
        validator = _VALIDATORS.get(cls.__name__)
        if validator is None:
            validator = _VALIDATORS[cls.__name__] = cls(cls.META_SCHEMA)
    found: list[tuple[str, str]] = []
    seen: set[str] = set()
    for error in sorted(validator.iter_errors(document), key=lambda e: list(e.absolute_path)):
        pointer = "".join(f"/{p}" for p in error.absolute_path)
        if opaque and _caused_by_opaque(pointer, str(error.validator), opaque):
            continue
        message = _error_message(error, kind)
        if pointer in seen:
            continue  # one problem per place: the first says enough
        seen.add(pointer)
        found.append((pointer, message))
    return found


_JSON_TYPES = ("array", "boolean", "integer", "null", "number", "object", "string")


def _error_message(error: Any, kind: str) -> str:
    path = list(error.absolute_path)
    where = ".".join(str(p) for p in path) or "the schema"
    if kind == "parameters":
        where = "parameters" + "".join(f".{p}" for p in path)
    if path and path[-1] == "type" and error.validator in ("anyOf", "enum"):
        types = ", ".join(_JSON_TYPES)
        return f"{where}: {error.instance!r} is not a JSON Schema type (one of {types})"
    if error.validator == "required":
        return f"{where}: {error.message}"
    if error.validator == "pattern" and path == ["name"]:
        return f"name {error.instance!r} must be 1 to 64 letters, digits, '_' or '-'"
    if error.validator == "pattern" and path == ["description"]:
        return "description is empty"
    if error.validator == "const" and path == ["parameters", "type"]:
        return f'parameters.type must be "object", not {error.instance!r}'
    return f"{where}: {error.message}"
