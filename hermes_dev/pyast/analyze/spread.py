"""The model's arguments spread into a callable: `Params(**args)`, `book(**args)`,
`Model.model_validate(args)`. Such a call raises when the model leaves out an argument the
callable requires (TypeError), and a pydantic model raises `ValidationError` on a value of the
wrong form too. A dataclass or a plain class keeps the values as they came: its attributes are
the model's text (`analyze.model_input` follows them).

- `spread_risk(call, param, scope, checked)`: (the exception, why) for such a call of the
  handler's argument dict `param`, or None; `checked` are keys the handler made sure of.
- `keeps_values(call, param, scope)`: whether the call builds an object that holds the model's
  values unchecked (a dataclass or a plain class given `**param`).
"""

from __future__ import annotations

import ast

from hermes_dev.pyast.analyze.exceptions import ExcType, builtin_type, library_type
from hermes_dev.pyast.semantic.resolve import class_method, resolve
from hermes_dev.pyast.semantic.scopes import Class, ClassRef, External, Function
from hermes_dev.pyast.semantic.walker import is_name, last_name

TYPE_CHECKING = False
if TYPE_CHECKING:
    from hermes_dev.pyast.semantic.scopes import Scope

_VALIDATE_METHODS = frozenset({"model_validate", "parse_obj"})
# Annotations a validating model accepts any text for.
_TEXT_TYPES = frozenset({"str", "Any", "object"})


def spread_risk(
    call: ast.Call, param: str, scope: Scope, checked: set[str]
) -> tuple[ExcType, str] | None:
    func = call.func
    if (
        isinstance(func, ast.Attribute)
        and func.attr in _VALIDATE_METHODS
        and len(call.args) == 1
        and is_name(call.args[0], param)
    ):
        found = resolve(func.value, scope).single()
        if isinstance(found, Class) and _pydantic(found.ref):
            return _refused(found.ref, checked)
        return None
    if not _spreads(call, param):
        return None
    found = resolve(func, scope).single()
    if isinstance(found, Class):
        cls = found.ref
        if _pydantic(cls):
            return _refused(cls, checked)
        required = _required_fields(cls) if _dataclass(cls) else _required_of_init(cls)
    elif isinstance(found, Function) and not isinstance(found.node, ast.Lambda):
        if found.node.decorator_list:
            return None  # (a decorator may take other arguments)
        required = _required_parameters(found.node, found.owner is not None)
    else:
        return None
    if required is None:
        return None
    given = {kw.arg for kw in call.keywords if kw.arg is not None}
    missing = [name for name in required[len(call.args) :] if name not in given | checked]
    if not missing:
        return None
    return builtin_type(TypeError), f"when the model leaves {missing[0]!r} out"


def keeps_values(call: ast.Call, param: str, scope: Scope) -> bool:
    if not _spreads(call, param):
        return False
    found = resolve(call.func, scope).single()
    return isinstance(found, Class) and not _pydantic(found.ref)


def _spreads(call: ast.Call, param: str) -> bool:
    return bool(param) and any(kw.arg is None and is_name(kw.value, param) for kw in call.keywords)


def _refused(cls: ClassRef, checked: set[str]) -> tuple[ExcType, str] | None:
    """A pydantic model given the model's arguments: refused when a required field is left
    out or a field's type is not text."""
    for name, annotation, default in _fields(cls):
        if default is None and name not in checked:
            return library_type("pydantic.ValidationError"), f"when the model leaves {name!r} out"
    for name, annotation, _ in _fields(cls):
        if not _text_type(annotation):
            return (
                library_type("pydantic.ValidationError"),
                f"when the model sends {name!r} in another form than its type",
            )
    return None


def _pydantic(cls: ClassRef, depth: int = 0) -> bool:
    if depth > 6:
        return False
    for base in cls.node.bases:
        found = resolve(base, cls.scope).single()
        if isinstance(found, External) and found.dotted.split(".")[0] == "pydantic":
            return found.dotted.endswith("BaseModel")
        if isinstance(found, Class) and _pydantic(found.ref, depth + 1):
            return True
    return False


def _dataclass(cls: ClassRef) -> bool:
    for dec in cls.node.decorator_list:
        if last_name(dec) == "dataclass":
            return True
    return False


def _fields(cls: ClassRef, depth: int = 0) -> list[tuple[str, ast.expr, ast.expr | None]]:
    """(name, annotation, default or None) of the class's annotated fields, its project
    bases' first."""
    found: list[tuple[str, ast.expr, ast.expr | None]] = []
    if depth < 6:
        for base in cls.node.bases:
            made = resolve(base, cls.scope).single()
            if isinstance(made, Class):
                found.extend(_fields(made.ref, depth + 1))
    for stmt in cls.node.body:
        if not (isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name)):
            continue
        if _class_var(stmt.annotation):
            continue
        default = stmt.value
        if isinstance(default, ast.Call) and _is_field_call(default):
            default = _field_default(default)
        found = [f for f in found if f[0] != stmt.target.id]
        found.append((stmt.target.id, stmt.annotation, default))
    return found


def _required_fields(cls: ClassRef) -> list[str] | None:
    """A dataclass's required fields in order (None: its `__init__` is its own)."""
    if class_method(cls, "__init__") is not None:
        return _required_of_init(cls)
    return [name for name, _, default in _fields(cls) if default is None]


def _required_of_init(cls: ClassRef) -> list[str] | None:
    found = class_method(cls, "__init__")
    if found is None or isinstance(found[0].node, ast.Lambda):
        return None
    return _required_parameters(found[0].node, True)


def _required_parameters(node: ast.FunctionDef | ast.AsyncFunctionDef, method: bool) -> list[str]:
    """The parameters a call must give, positional ones first."""
    a = node.args
    positional = [*a.posonlyargs, *a.args]
    if method and positional and not _static(node):
        positional = positional[1:]
    required = [p.arg for p in positional[: len(positional) - len(a.defaults)]]
    required += [p.arg for p, d in zip(a.kwonlyargs, a.kw_defaults) if d is None]
    return required


def _static(node: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    return any(is_name(dec, "staticmethod") for dec in node.decorator_list)


def _class_var(annotation: ast.expr) -> bool:
    target = annotation.value if isinstance(annotation, ast.Subscript) else annotation
    return last_name(target) == "ClassVar"


def _is_field_call(call: ast.Call) -> bool:
    return last_name(call.func) in ("field", "Field")


def _field_default(call: ast.Call) -> ast.expr | None:
    """The default `field(...)` / `Field(...)` gives (None: the field is required)."""
    for kw in call.keywords:
        if kw.arg in ("default", "default_factory"):
            return kw.value
    if call.args and not (
        isinstance(call.args[0], ast.Constant) and call.args[0].value is Ellipsis
    ):
        return call.args[0]  # (pydantic's `Field(20, ...)`)
    return None


def _text_type(annotation: ast.expr) -> bool:
    """An annotation every text satisfies (`str`, `Optional[str]`, `str | None`)."""
    if isinstance(annotation, ast.Constant):
        if isinstance(annotation.value, str):
            try:
                annotation = ast.parse(annotation.value, mode="eval").body
            except SyntaxError:
                return True
        elif annotation.value is None:
            return True
    if isinstance(annotation, ast.Name):
        return annotation.id in _TEXT_TYPES
    if isinstance(annotation, ast.Attribute):
        return annotation.attr in _TEXT_TYPES
    if isinstance(annotation, ast.BinOp) and isinstance(annotation.op, ast.BitOr):
        return _text_type(annotation.left) and _text_type(annotation.right)
    if isinstance(annotation, ast.Subscript):
        name = last_name(annotation.value)
        if name == "Optional":
            return _text_type(annotation.slice)
        if name == "Union" and isinstance(annotation.slice, ast.Tuple):
            return all(_text_type(e) for e in annotation.slice.elts)
    return False
