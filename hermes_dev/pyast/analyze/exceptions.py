"""The exception hierarchy, and which `except` clauses catch what a `raise` raises.

- `ExcType`: an exception class as a raise gives it: `label` ("AuthError"), `key` (unique:
  "ValueError" for a builtin, "plugins/foo/client.py:AuthError" for a project class),
  `ancestors` (the keys of the class and every base found: builtins by the running
  interpreter's real MRO, project classes by their bases as written, across modules),
  `complete` (every base was resolved), `subclass` (True for a re-raise: "some subclass of").
- `exc_type(expr, scope)`: the ExcType of a raised expression (`Cls`, `Cls(...)`,
  `mod.Cls(...)`, a name bound to an instance of a known class), or None when the class cannot
  be known.
- `catches(handler, exc, scope)`: CATCHES, MAYBE or MISSES. A handler whose class cannot be
  resolved is MAYBE (precision first: it counts as catching).
- `library_type(name)`: the ExcType of a network library's exception class; `stdlib_type(cls)`
  that of a standard library class (`except sqlite3.Error` catches what derives from it, and
  nothing else).
- `CONTROL_FLOW`: exceptions that carry cancellation or exit rather than errors.
"""

from __future__ import annotations

import ast
import builtins

from hermes_dev.pyast.analyze import library_raises
from hermes_dev.pyast.analyze.stdlib_classes import stdlib_exception
from hermes_dev.pyast.semantic.resolve import class_bases, is_builtin_name, own_object, resolve
from hermes_dev.pyast.semantic.scopes import Builtin, Class, External, Instance, Literal

TYPE_CHECKING = False
if TYPE_CHECKING:
    from hermes_dev.pyast.semantic.scopes import ClassRef, Scope

CATCHES, MAYBE, MISSES = "catches", "maybe", "misses"
CONTROL_FLOW = frozenset({"CancelledError", "KeyboardInterrupt", "SystemExit", "GeneratorExit"})
_MAX_DEPTH = 8


class ExcType:
    __slots__ = ("ancestors", "builtin", "complete", "key", "label", "subclass")

    def __init__(
        self,
        label: str,
        key: str,
        ancestors: frozenset[str],
        complete: bool,
        builtin: bool = False,
        subclass: bool = False,
    ) -> None:
        self.label = label
        self.key = key
        self.ancestors = ancestors
        self.complete = complete
        self.builtin = builtin
        self.subclass = subclass

    def reraised(self) -> ExcType:
        """The type a bare `raise` in `except <this>:` gives: this class or a subclass."""
        return ExcType(self.label, self.key, self.ancestors, self.complete, self.builtin, True)

    def is_control_flow(self) -> bool:
        return self.label in CONTROL_FLOW or bool(self.ancestors & CONTROL_FLOW)

    def to_json(self) -> list[object]:
        return [
            self.label,
            self.key,
            sorted(self.ancestors),
            self.complete,
            self.builtin,
            self.subclass,
        ]

    @classmethod
    def from_json(cls, data: object) -> ExcType | None:
        if not (isinstance(data, list) and len(data) == 6):
            return None
        label, key, ancestors, complete, builtin, subclass = data
        if not (isinstance(label, str) and isinstance(key, str) and isinstance(ancestors, list)):
            return None
        if not all(isinstance(a, str) for a in ancestors):
            return None
        return cls(label, key, frozenset(ancestors), bool(complete), bool(builtin), bool(subclass))

    def __repr__(self) -> str:
        return f"ExcType({self.key}{'+' if self.subclass else ''})"


def _builtin_class(name: str) -> type[BaseException] | None:
    value = getattr(builtins, name, None)
    if isinstance(value, type) and issubclass(value, BaseException):
        return value
    return None


def builtin_type(cls: type[BaseException]) -> ExcType:
    ancestors = frozenset(c.__name__ for c in cls.__mro__ if issubclass(c, BaseException))
    return ExcType(cls.__name__, cls.__name__, ancestors, True, builtin=True)


_LIBRARY_TYPES: dict[str, ExcType] = {}


def library_type(name: str) -> ExcType:
    """The ExcType of a network library's class (`analyze.library_raises`) or a builtin."""
    made = _LIBRARY_TYPES.get(name)
    if made is None:
        bases = library_raises.bases(name)
        if bases is None:
            builtin = _builtin_class(name)
            assert builtin is not None, name
            made = builtin_type(builtin)
        else:
            ancestors = {name}
            for base in bases:
                # (a base of the standard library's: `json.JSONDecodeError`)
                cls = (
                    stdlib_exception(base)
                    if "." in base and library_raises.bases(base) is None
                    else None
                )
                ancestors |= (stdlib_type(cls) if cls is not None else library_type(base)).ancestors
            made = ExcType(library_raises.label(name), name, frozenset(ancestors), True)
        _LIBRARY_TYPES[name] = made
    return made


def exception_type(made: type[BaseException] | str) -> ExcType | None:
    """The ExcType of a class of the interpreter, or of a class named by its dotted name: a
    library's of `library_raises`' table, else the standard library's (imported when first
    asked for), None when it is neither."""
    if isinstance(made, type):
        return stdlib_type(made)
    if library_raises.bases(made) is not None:
        return library_type(made)
    cls = stdlib_exception(made)
    return stdlib_type(cls) if cls is not None else None


def _project_type(cls: ClassRef, depth: int = 0) -> ExcType:
    state = cls.module.state
    cached = state.exc_types.get(id(cls.node))
    if isinstance(cached, ExcType):
        return cached
    ancestors = {f"{cls.module.rel}:{cls.name}"}
    complete = True
    if depth > _MAX_DEPTH:
        complete = False
    else:
        for base_expr, base in zip(cls.node.bases, class_bases(cls)):
            if base is not None:
                inner = _project_type(base, depth + 1)
                ancestors |= inner.ancestors
                complete = complete and inner.complete
                continue
            builtin = (
                _builtin_class(base_expr.id)
                if isinstance(base_expr, ast.Name) and is_builtin_name(base_expr.id, cls.scope)
                else None
            )
            if builtin is None:
                # `sqlite3.Error`, a network library's class; else an import from outside the
                # root whose bases cannot be known
                outer = class_type(base_expr, cls.scope)
                if outer is None:
                    complete = False
                else:
                    ancestors |= outer.ancestors
            else:
                ancestors |= builtin_type(builtin).ancestors
    made = ExcType(cls.name, f"{cls.module.rel}:{cls.name}", frozenset(ancestors), complete)
    state.exc_types[id(cls.node)] = made
    return made


def class_type(expr: ast.expr, scope: Scope) -> ExcType | None:
    """The ExcType of an expression naming an exception class, or None when unknown."""
    found = own_object(expr, scope)  # (`except self.Invalid`: the class's own)
    if isinstance(found, Class):
        return _project_type(found.ref)
    if isinstance(found, Builtin):
        builtin = _builtin_class(found.name)
        return builtin_type(builtin) if builtin is not None else None
    if isinstance(found, External):
        name = library_raises.class_named(found.dotted)
        if name is not None:
            return library_type(name)
        stdlib = stdlib_exception(found.dotted)
        return stdlib_type(stdlib) if stdlib is not None else None
    return None


def stdlib_type(cls: type[BaseException]) -> ExcType:
    """The ExcType of a class of the interpreter (builtins by name, the standard library's by
    module and name: `sqlite3.Error`), with its real MRO."""
    if cls.__module__ == "builtins":
        return builtin_type(cls)
    ancestors = frozenset(
        c.__name__ if c.__module__ == "builtins" else f"{c.__module__}.{c.__qualname__}"
        for c in cls.__mro__
        if issubclass(c, BaseException)
    )
    key = f"{cls.__module__}.{cls.__qualname__}"
    # (`error`, `Error`: a name that says nothing without its module, `re.error`)
    label = key if cls.__name__ in ("error", "Error") else cls.__name__
    return ExcType(label, key, ancestors, True)


def exc_type(expr: ast.expr, scope: Scope) -> ExcType | None:
    """What `raise <expr>` raises: `Cls`, `Cls(...)`, or a name bound to an instance of a
    known class; None when the class cannot be known."""
    if isinstance(expr, ast.Call):
        return class_type(expr.func, scope)
    found = resolve(expr, scope).single()
    if isinstance(found, Class):
        return _project_type(found.ref)
    if isinstance(found, Instance):
        return _project_type(found.cls)
    if isinstance(found, Builtin):
        builtin = _builtin_class(found.name)
        return builtin_type(builtin) if builtin is not None else None
    if isinstance(found, Literal) and isinstance(found.expr, ast.Call):
        return class_type(found.expr.func, found.scope)  # `err = ValueError(...)`
    return None


def _type_catches(caught: ExcType | None, exc: ExcType) -> str:
    if caught is None:
        return MAYBE
    if caught.key in exc.ancestors:
        return CATCHES
    if exc.subclass and exc.key in caught.ancestors:
        return MAYBE  # a subclass of what was caught may be what the handler names
    if not exc.complete:
        return MAYBE
    return MISSES


def catches(handler: ast.ExceptHandler, exc: ExcType, scope: Scope) -> str:
    """Whether `except <handler.type>` catches `exc`."""
    if handler.type is None:
        return CATCHES
    verdicts = {
        _type_catches(class_type(t, where), exc) for t, where in _named(handler.type, scope)
    }
    if CATCHES in verdicts:
        return CATCHES
    if MAYBE in verdicts:
        return MAYBE
    return MISSES


def _named(expr: ast.expr, scope: Scope, depth: int = 0) -> list[tuple[ast.expr, Scope]]:
    """The classes an `except` names: a tuple's items, also of a tuple bound to a name
    (`_IO_ERRORS = (OSError, sqlite3.Error)` ... `except _IO_ERRORS:`)."""
    if isinstance(expr, ast.Tuple) and depth < 4:
        return [n for e in expr.elts for n in _named(e, scope, depth + 1)]
    if isinstance(expr, (ast.Name, ast.Attribute)) and depth < 4:
        found = resolve(expr, scope).single()
        if isinstance(found, Literal) and isinstance(found.expr, ast.Tuple):
            return _named(found.expr, found.scope, depth + 1)
    return [(expr, scope)]


def handler_type(handler: ast.ExceptHandler, scope: Scope) -> ExcType | None:
    """What a bare `raise` in `handler` re-raises: a subclass of the one class it names."""
    if handler.type is None or isinstance(handler.type, ast.Tuple):
        return None
    caught = class_type(handler.type, scope)
    return caught.reraised() if caught is not None else None
