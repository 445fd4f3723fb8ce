"""The calls `check` makes of a tool, built from its own schema.

Designed calls first, deterministic and few: the simplest valid arguments, every property given,
every enum value, each property's boundaries (numbers at their limits, empty, unicode and long
strings), each required property left out, each property wrongly typed, an unknown extra
property, and the `requires_env` variables unset. Then schema-valid arguments drawn by hypothesis
and hypothesis-jsonschema (`--max-examples`, `--seed`): deterministic for a seed.

hypothesis and hypothesis-jsonschema are imported here only, when `check` runs (the `check`
extra: `pip install 'hermes-dev[check]'`).
"""

from __future__ import annotations

import contextlib
import json
import math
import signal
import threading

from hermes_dev.errors import UserError

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Iterator
    from typing import Any, TypeGuard

    from hermes_dev.check.sandbox import ToolInfo

EXTRA_PROPERTY = "hermes_dev_unknown"
UNICODE_TEXT = "Z\u00fcrich \u6771\u4eac \U0001f326\ufe0f \u202e"  # accents, CJK, emoji, RTL
LONG_TEXT_CHARS = 2000
WRONG_VALUES: dict[str, object] = {
    "string": 12345,
    "integer": "not a number",
    "number": "not a number",
    "boolean": "not a boolean",
    "array": "not a list",
    "object": "not an object",
    "null": 0,
}
INSTALL_HINT = "pip install 'hermes-dev[check]'"


def require_hypothesis() -> None:
    """UserError (one line, exit 2) when the check extra is not installed."""
    try:
        import hypothesis  # noqa: F401
        import hypothesis_jsonschema  # noqa: F401
    except ImportError as exc:
        raise UserError(
            f"check needs hypothesis and hypothesis-jsonschema ({exc.name or exc} is not"
            f" installed): {INSTALL_HINT}"
        ) from None


class Case:
    """One call: its arguments, what kind of call it is, and whether they fit the schema.

    `kind`: valid, enum, boundary, missing, wrong-type, extra, env-unset, generated, saved,
    replay. `label` says it for people ("without 'symbol'"); `unset_env` are the variables the
    call runs without; `valid` constrains shrinking (a valid call shrinks only to valid ones).
    """

    __slots__ = ("args", "kind", "label", "unset_env", "valid")

    def __init__(
        self,
        args: Any,
        kind: str,
        label: str,
        valid: bool,
        unset_env: tuple[str, ...] = (),
    ) -> None:
        self.args = args
        self.kind = kind
        self.label = label
        self.valid = valid
        self.unset_env = unset_env

    def key(self) -> str:
        return json.dumps([self.args, list(self.unset_env)], sort_keys=True)

    def __repr__(self) -> str:
        return f"Case({self.kind}, {self.args!r})"


def object_schema(tool: ToolInfo) -> dict[str, Any]:
    """The tool's parameters as a JSON Schema of an object (Hermes schemas sometimes leave out
    `type` or the whole `parameters`)."""
    schema = dict(tool.parameters)
    if not schema:
        return {"type": "object", "properties": {}}
    schema.setdefault("type", "object")
    return schema


def validator(schema: dict[str, Any]) -> Callable[[Any], bool]:
    """`is_valid(args)` for the schema; everything passes when jsonschema cannot read it."""
    import jsonschema  # type: ignore[import-untyped]

    try:
        cls = jsonschema.validators.validator_for(schema, default=jsonschema.Draft202012Validator)
        cls.check_schema(schema)
        checker = cls(schema)
    except Exception:  # noqa: BLE001 -- any schema error: no validation, not a crash
        return lambda args: True

    def is_valid(args: Any) -> bool:
        try:
            return bool(checker.is_valid(args))
        except Exception:  # noqa: BLE001 -- a pattern the re module rejects, a bad $ref
            return False

    return is_valid


def _types(prop: Any) -> list[str]:
    if not isinstance(prop, dict):
        return []
    kind = prop.get("type")
    if isinstance(kind, str):
        return [kind]
    if isinstance(kind, list):
        return [k for k in kind if isinstance(k, str)]
    if "enum" in prop or "const" in prop:
        return []
    if "properties" in prop:
        return ["object"]
    if "items" in prop:
        return ["array"]
    return []


def _json_type(value: object) -> str:
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int):
        return "integer"
    if isinstance(value, float):
        return "number"
    if isinstance(value, str):
        return "string"
    return "array" if isinstance(value, list) else "object" if isinstance(value, dict) else "null"


def minimal_value(prop: Any, depth: int = 0) -> Any:
    """The simplest value a property schema allows, as a model would write it (best effort:
    the result is validated, and hypothesis finds one when this one does not fit)."""
    if not isinstance(prop, dict) or depth > 8:
        return ""
    if "const" in prop:
        return prop["const"]
    enum = prop.get("enum")
    if isinstance(enum, list) and enum:
        return enum[0]
    if "default" in prop:
        return prop["default"]
    for key in ("anyOf", "oneOf"):
        branches = prop.get(key)
        if isinstance(branches, list) and branches:
            return minimal_value(branches[0], depth + 1)
    types = _types(prop)
    kind = next((t for t in types if t != "null"), types[0] if types else "string")
    if kind == "string":
        length = prop.get("minLength")
        return "a" * length if isinstance(length, int) and 0 < length < 10_000 else ""
    if kind in ("integer", "number"):
        low = prop.get("minimum", prop.get("exclusiveMinimum"))
        high = prop.get("maximum", prop.get("exclusiveMaximum"))
        value: int | float = 0
        if _finite(low) and value < low:
            value = low + (1 if "exclusiveMinimum" in prop and "minimum" not in prop else 0)
        if _finite(high) and value > high:
            value = high
        return int(value) if kind == "integer" else value
    if kind == "boolean":
        return False
    if kind == "null":
        return None
    if kind == "array":
        count = prop.get("minItems")
        item = minimal_value(prop.get("items"), depth + 1)
        return [item] * count if isinstance(count, int) and 0 < count < 100 else []
    if kind == "object":
        return minimal_object(prop, depth + 1)
    return ""


def minimal_object(schema: dict[str, Any], depth: int = 0) -> dict[str, Any]:
    props = schema.get("properties")
    props = props if isinstance(props, dict) else {}
    required = schema.get("required")
    required = required if isinstance(required, list) else []
    return {
        name: minimal_value(props.get(name), depth) for name in required if isinstance(name, str)
    }


def _boundaries(prop: Any) -> Iterator[tuple[object, str]]:
    types = _types(prop)
    assert isinstance(prop, dict)
    if "string" in types and "enum" not in prop:
        yield "", "an empty string"
        yield UNICODE_TEXT, "unicode text"
        yield "x" * LONG_TEXT_CHARS, f"a {LONG_TEXT_CHARS}-character string"
    for kind in ("integer", "number"):
        if kind not in types:
            continue
        for bound in ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"):
            value = prop.get(bound)
            if _finite(value):
                step = 1 if kind == "integer" else 0.5
                if bound == "exclusiveMinimum":
                    value = value + step
                elif bound == "exclusiveMaximum":
                    value = value - step
                yield value, f"its {bound.replace('exclusive', '').lower()} {value}"
        yield -1, "-1"
        yield (10**12 if kind == "integer" else 1e12), "a very large number"
        if kind == "number":
            yield 0.5, "a fraction"
    if "array" in types:
        item = minimal_value(prop.get("items"))
        yield [item, item, item], "three items"


def designed(tool: ToolInfo) -> list[Case]:
    """The deterministic calls, each once, in a stable order."""
    schema = object_schema(tool)
    is_valid = validator(schema)
    props = schema.get("properties")
    props = props if isinstance(props, dict) else {}
    listed = schema.get("required")
    required = [r for r in listed if isinstance(r, str)] if isinstance(listed, list) else []
    cases: list[Case] = []
    seen: set[str] = set()

    def add(args: Any, kind: str, label: str, unset: tuple[str, ...] = ()) -> None:
        case = Case(args, kind, label, is_valid(args), unset)
        if case.key() not in seen:
            seen.add(case.key())
            cases.append(case)

    base = minimal_object(schema)
    if not is_valid(base):
        found = simplest_valid(schema)
        if isinstance(found, dict):  # (parameters that are no object schema: Hermes still
            base = found  # passes a dict; the designed calls send one)
    add(base, "valid", "the simplest valid arguments")
    full = dict(base)
    for name, prop in props.items():
        full.setdefault(name, minimal_value(prop))
    add(full, "valid", "every property given")
    for name, prop in props.items():
        enum = prop.get("enum") if isinstance(prop, dict) else None
        if isinstance(enum, list):
            for value in enum[:100]:
                add({**base, name: value}, "enum", f"{name}={json.dumps(value)}")
        if isinstance(prop, dict):
            for value, label in _boundaries(prop):
                add({**base, name: value}, "boundary", f"{name} as {label}")
    for name in required:
        add({k: v for k, v in base.items() if k != name}, "missing", f"without {name!r}")
    for name, prop in props.items():
        types = _types(prop)
        if not types:
            continue
        wrong = WRONG_VALUES.get(next((t for t in types if t != "null"), types[0]))
        if wrong is None or _json_type(wrong) in types:
            continue  # a property of several types: this value may be one of them
        add({**base, name: wrong}, "wrong-type", f"{name} as {type(wrong).__name__}")
    add({**base, EXTRA_PROPERTY: "x"}, "extra", "an unknown extra property")
    if tool.requires_env:
        env = tuple(tool.requires_env)
        add(base, "env-unset", f"without {', '.join(env)} set", env)
    return cases


def simplest_valid(schema: dict[str, Any]) -> Any:
    """The simplest schema-valid arguments hypothesis finds (None when it finds none)."""
    import hypothesis
    from hypothesis_jsonschema import from_schema

    try:
        with _time_limit(FIND_SECONDS):
            return hypothesis.find(
                from_schema(_closed(schema)),
                lambda _: True,
                settings=hypothesis.settings(
                    database=None,
                    max_examples=50,
                    suppress_health_check=list(hypothesis.HealthCheck),
                ),
            )
    except (Exception, _TooSlow):  # noqa: BLE001 -- NoSuchExample, an unsupported schema, too slow
        return None


# (a schema hypothesis takes long to satisfy, `propertyNames` of a long pattern: the search
# gives up after this, and the designed calls go on without its example)
FIND_SECONDS = 10.0


class _TooSlow(BaseException):
    """Past the time limit: a BaseException, so hypothesis, which takes an Exception in the
    search for a failing example to shrink, lets it through."""


@contextlib.contextmanager
def _time_limit(seconds: float) -> Iterator[None]:
    """Raise _TooSlow in the main thread after `seconds` (a timer signal); elsewhere, none."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def expire(signum: int, frame: object) -> None:
        raise _TooSlow

    before = signal.signal(signal.SIGALRM, expire)
    # (again every half second: a signal that lands in a weakref callback or a finaliser is
    # swallowed there, "Exception ignored", and the search would go on)
    signal.setitimer(signal.ITIMER_REAL, seconds, 0.5)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, before)


def _finite(value: object) -> TypeGuard[int | float]:
    """A number a bound can be (`float("-inf")` and NaN are none; nor a bool)."""
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def _closed(schema: dict[str, Any]) -> dict[str, Any]:
    """The schema without arbitrary extra properties (the designed `extra` call covers those);
    models send the properties they are told of."""
    if schema.get("type") == "object" and "additionalProperties" not in schema:
        return {**schema, "additionalProperties": False}
    return schema


class SchemaProblem(Exception):
    """hypothesis-jsonschema cannot turn the schema into arguments."""


def generated(tool: ToolInfo, max_examples: int, seed: int) -> list[Case]:
    """Up to `max_examples` schema-valid calls drawn by hypothesis, the same for the same seed.
    SchemaProblem when the schema is one hypothesis-jsonschema cannot handle."""
    if max_examples <= 0:
        return []
    import warnings

    import hypothesis
    from hypothesis import strategies as st
    from hypothesis_jsonschema import from_schema

    schema = _closed(object_schema(tool))
    drawn: list[Any] = []
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            strategy = from_schema(schema)

            @hypothesis.seed(seed)
            @hypothesis.settings(
                max_examples=max_examples,
                database=None,
                deadline=None,
                phases=[hypothesis.Phase.generate],
                suppress_health_check=list(hypothesis.HealthCheck),
                derandomize=False,
            )
            @hypothesis.given(st.data())
            def draw(data: st.DataObject) -> None:
                drawn.append(data.draw(strategy))

            draw()
    except Exception as exc:  # noqa: BLE001 -- InvalidArgument and friends: say which
        first = str(exc).strip().splitlines()
        raise SchemaProblem(f"{type(exc).__name__}: {first[0] if first else ''}"[:300]) from None
    is_valid = validator(object_schema(tool))
    cases: list[Case] = []
    seen: set[str] = set()
    for args in drawn:
        case = Case(args, "generated", "generated from the schema", is_valid(args))
        if case.key() not in seen:
            seen.add(case.key())
            cases.append(case)
    return cases
