"""Static call resolution: which defs a call runs, within the root (project code never runs).

- `Code`: a function being analysed: its `Func`, the class it is a method of (`owner`, or
  None) and its local names (`scope`, the module model's function scope).
- `ClassRef`: a class of the project (`node`, `module`): `bases()` resolved as written (across
  modules; None for a base outside the root), `method(name)` found in the class or its bases,
  `attribute_class(name)` the class of `self.name` (a class-level annotation, or what `__init__`
  assigns: a constructor call, an annotated parameter).
- `class_of(expr, code)`: the class of the object an expression evaluates to: a local
  constructor call, a module-level instance, an annotated parameter or attribute (also
  `Optional[X]`, `X | None`, string annotations), a function's return annotation, `self`/`cls`.
- `call_targets(call, code)`: the `Target`s a call runs, or None when it cannot be known: a
  function (module-level, nested, imported, `module.name`), a class (its `__init__` and
  `__post_init__`), a method (`self.m()`, `cls.m()`, `Cls.m()`, `obj.m()`, `super().m()`).
  A call that leaves the root (stdlib, third-party) resolves to None. Modules are parsed only
  when a resolution reaches them.
"""

from __future__ import annotations

import ast

from hermes_dev.pyast.model import Binding, Func, ModuleInfo
from hermes_dev.pyast.scope import Scope

_DEF_TYPES = (ast.FunctionDef, ast.AsyncFunctionDef)
_MAX_DEPTH = 6
_OPTIONAL = {"Optional", "Union", "Annotated", "Final", "ClassVar"}


class ClassRef:
    """A class statement of the project and the module it is written in."""

    __slots__ = ("module", "node")

    def __init__(self, node: ast.ClassDef, module: ModuleInfo) -> None:
        self.node = node
        self.module = module

    @property
    def name(self) -> str:
        return self.node.name

    def __eq__(self, other: object) -> bool:
        return isinstance(other, ClassRef) and other.node is self.node

    def __hash__(self) -> int:
        return id(self.node)

    def __repr__(self) -> str:
        return f"ClassRef({self.name} at {self.module.rel}:{self.node.lineno})"

    def bases(self) -> list[ClassRef | None]:
        """Each base as written: a project class, or None (a builtin, or outside the root)."""
        key = ("resolve.bases", id(self.node))
        cached = self.module.memo.get(key)
        if isinstance(cached, list):
            return cached
        found: list[ClassRef | None] = []
        self.module.memo[key] = found  # a cycle of bases ends here
        for base in self.node.bases:
            found.append(class_named(base, self.module))
        return found

    def _own(self, name: str) -> ast.FunctionDef | ast.AsyncFunctionDef | None:
        found = None
        for stmt in self.node.body:
            if isinstance(stmt, _DEF_TYPES) and stmt.name == name:
                found = stmt  # the last definition wins, as at run time
        return found

    def method(self, name: str, depth: int = 0) -> tuple[Func, ClassRef] | None:
        """The def `name` in this class or its bases (left to right, depth first), or None
        when it is not found or a base that cannot be resolved might define it."""
        own = self._own(name)
        if own is not None:
            return Func(own, self.module), self
        if depth > _MAX_DEPTH:
            return None
        for base in self.bases():
            if base is None:
                if self._base_is_object_like():
                    continue
                return None
            found = base.method(name, depth + 1)
            if found is not None:
                return found
        return None

    def _base_is_object_like(self) -> bool:
        """True when every unresolved base is a builtin (object, Exception...): those define no
        method the project calls by its own name."""
        import builtins

        for base in self.node.bases:
            if (
                isinstance(base, ast.Name)
                and isinstance(getattr(builtins, base.id, None), type)
                and self.module.resolve(base.id) is None
            ):
                continue
            if class_named(base, self.module) is None:
                return False
        return True

    def attribute_class(self, name: str, depth: int = 0) -> ClassRef | None:
        """The class of `self.<name>`: a class-level annotation, or every assignment
        `self.<name> = ...` in `__init__` / `__post_init__` agreeing on one class."""
        key = ("resolve.attribute", id(self.node), name)
        memo = self.module.memo
        if key in memo:
            cached = memo[key]
            return cached if isinstance(cached, ClassRef) else None
        memo[key] = None
        found = self._attribute_class(name, depth)
        memo[key] = found
        return found

    def _attribute_class(self, name: str, depth: int) -> ClassRef | None:
        for stmt in self.node.body:
            if (
                isinstance(stmt, ast.AnnAssign)
                and isinstance(stmt.target, ast.Name)
                and stmt.target.id == name
            ):
                return annotation_class(stmt.annotation, self.module)
        classes: set[ClassRef | None] = set()
        for init_name in ("__init__", "__post_init__"):
            init = self._own(init_name)
            if init is None:
                continue
            code = Code(Func(init, self.module), self)
            for node in ast.walk(init):
                if isinstance(node, (ast.Assign, ast.AnnAssign)):
                    targets = node.targets if isinstance(node, ast.Assign) else [node.target]
                    for target in targets:
                        if (
                            isinstance(target, ast.Attribute)
                            and target.attr == name
                            and isinstance(target.value, ast.Name)
                            and target.value.id == "self"
                        ):
                            if isinstance(node, ast.AnnAssign):
                                classes.add(annotation_class(node.annotation, self.module))
                            elif node.value is not None:
                                classes.add(class_of(node.value, code, depth + 1))
        if len(classes) == 1:
            return next(iter(classes))
        if not classes and depth <= _MAX_DEPTH:
            for base in self.bases():
                if base is not None:
                    found = base.attribute_class(name, depth + 1)
                    if found is not None:
                        return found
        return None


class Code:
    """A function under analysis: the def or lambda, its class (for methods) and its locals."""

    __slots__ = ("func", "owner", "scope")

    def __init__(self, func: Func, owner: ClassRef | None = None) -> None:
        self.func = func
        self.owner = owner
        self.scope = Scope(func.module, func)

    @property
    def module(self) -> ModuleInfo:
        return self.func.module

    @property
    def label(self) -> str:
        """How a chain names it: `name`, or `Class.name` for a method."""
        name = self.func.name
        return f"{self.owner.name}.{name}" if self.owner is not None else name


class Target:
    """A def a call runs, with the class it is a method of (None for a function)."""

    __slots__ = ("func", "owner")

    def __init__(self, func: Func, owner: ClassRef | None) -> None:
        self.func = func
        self.owner = owner

    def code(self) -> Code:
        return Code(self.func, self.owner)

    def __repr__(self) -> str:
        return f"Target({self.code().label})"


def owner_of(func: Func) -> ClassRef | None:
    """The module-level class whose body defines `func` (a method), else None."""
    module = func.module
    index = module.memo.get("resolve.owners")
    if not isinstance(index, dict):
        owners: dict[int, ast.ClassDef] = {}
        module.index()
        for cls in module.classes.values():
            for stmt in cls.body:
                if isinstance(stmt, _DEF_TYPES):
                    owners[id(stmt)] = cls
        module.memo["resolve.owners"] = index = owners
    cls_node = index.get(id(func.node))
    return ClassRef(cls_node, module) if isinstance(cls_node, ast.ClassDef) else None


def code_of(func: Func) -> Code:
    return Code(func, owner_of(func))


# -- names to classes and defs -----------------------------------------------------------------


def _binding_of(expr: ast.expr, module: ModuleInfo, scope: Scope | None = None) -> Binding | None:
    """What a name or `module.name` expression is bound to at module level (or by a local
    import of the function `scope` belongs to)."""
    if isinstance(expr, ast.Name):
        if scope is not None and scope.func is not None and scope.local_values(expr.id) is not None:
            origin = scope.import_origin(expr.id)
            if origin is None:
                return None  # a local variable
            return _imported(module, origin)
        return module.resolve(expr.id)
    if isinstance(expr, ast.Attribute) and isinstance(expr.value, ast.Name):
        owner = _binding_of(expr.value, module, scope)
        if owner is not None and isinstance(owner.node, ast.Module):
            return owner.module.resolve(expr.attr)
        if owner is not None and isinstance(owner.node, ast.ClassDef):
            return None
    return None


def _imported(module: ModuleInfo, origin: tuple[str, str | None]) -> Binding | None:
    """A function-local import's binding (`from tools.x import y` inside a def)."""
    name, attr = origin
    target = module.models.by_name(name)
    if attr is None:
        return Binding(target, target.tree) if target and target.tree else None
    if target is not None:
        found = target.resolve(attr)
        if found is not None:
            return found
    sub = module.models.by_name(f"{name}.{attr}")
    if sub is not None and sub.tree is not None:
        return Binding(sub, sub.tree)
    return None


def class_named(expr: ast.expr, module: ModuleInfo, scope: Scope | None = None) -> ClassRef | None:
    """The project class an expression names (`Cls`, `mod.Cls`, an imported class), or None."""
    binding = _binding_of(expr, module, scope)
    if binding is not None and isinstance(binding.node, ast.ClassDef):
        return ClassRef(binding.node, binding.module)
    return None


def annotation_class(ann: ast.expr | None, module: ModuleInfo, depth: int = 0) -> ClassRef | None:
    """The project class an annotation names: `X`, `mod.X`, `"X"`, `Optional[X]`, `X | None`."""
    if ann is None or depth > _MAX_DEPTH:
        return None
    if isinstance(ann, ast.Constant) and isinstance(ann.value, str):
        try:
            parsed = ast.parse(ann.value, mode="eval").body
        except SyntaxError:
            return None
        return annotation_class(parsed, module, depth + 1)
    if isinstance(ann, ast.BinOp) and isinstance(ann.op, ast.BitOr):
        sides = [s for s in (ann.left, ann.right) if not _is_none(s)]
        return annotation_class(sides[0], module, depth + 1) if len(sides) == 1 else None
    if isinstance(ann, ast.Subscript):
        head = (
            ann.value.attr if isinstance(ann.value, ast.Attribute) else getattr(ann.value, "id", "")
        )
        if head not in _OPTIONAL:
            return None
        inner = ann.slice
        items = inner.elts if isinstance(inner, ast.Tuple) else [inner]
        if head == "Annotated":
            items = items[:1]
        items = [i for i in items if not _is_none(i)]
        return annotation_class(items[0], module, depth + 1) if len(items) == 1 else None
    if isinstance(ann, (ast.Name, ast.Attribute)):
        return class_named(ann, module)
    return None


def _is_none(expr: ast.expr) -> bool:
    return (isinstance(expr, ast.Constant) and expr.value is None) or (
        isinstance(expr, ast.Name) and expr.id == "None"
    )


def _param(node: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda, name: str) -> ast.arg | None:
    a = node.args
    for arg in (*a.posonlyargs, *a.args, *a.kwonlyargs):
        if arg.arg == name:
            return arg
    return None


def _first_param(node: ast.FunctionDef | ast.AsyncFunctionDef) -> str | None:
    a = node.args
    params = [*a.posonlyargs, *a.args]
    return params[0].arg if params else None


def is_static(node: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    return any(
        (isinstance(d, ast.Name) and d.id == "staticmethod")
        or (isinstance(d, ast.Attribute) and d.attr == "staticmethod")
        for d in node.decorator_list
    )


def class_of(expr: ast.expr, code: Code, depth: int = 0) -> ClassRef | None:
    """The project class of the object `expr` evaluates to, when known statically."""
    if depth > _MAX_DEPTH:
        return None
    if isinstance(expr, ast.Await):
        return class_of(expr.value, code, depth + 1)
    if isinstance(expr, ast.Call):
        func = expr.func
        cls = _class_called(func, code)
        if cls is not None:
            return cls
        targets = call_targets(expr, code, depth + 1)
        if targets and len(targets) == 1 and not isinstance(targets[0].func.node, ast.Lambda):
            target = targets[0]
            returns = target.func.node.returns  # type: ignore[union-attr]
            if returns is not None:
                if target.owner is not None and _names_self(returns):
                    return target.owner
                return annotation_class(returns, target.func.module)
        return None
    if isinstance(expr, ast.Attribute):
        module_binding = _binding_of(expr.value, code.module, code.scope)
        if module_binding is not None and isinstance(module_binding.node, ast.Module):
            # `helpers.STORE`: an instance another module builds at import time.
            inner = module_binding.module.resolve(expr.attr)
            if inner is None or not isinstance(inner.node, ast.expr):
                return None
            if isinstance(inner.node, ast.Name):
                return None
            module_code = Code(Func(_module_lambda(inner.module), inner.module))
            return class_of(inner.node, module_code, depth + 1)
        owner = class_of(expr.value, code, depth + 1)
        return owner.attribute_class(expr.attr) if owner is not None else None
    if isinstance(expr, ast.Name):
        return _name_class(expr.id, code, depth)
    return None


def _names_self(ann: ast.expr) -> bool:
    return (isinstance(ann, ast.Name) and ann.id == "Self") or (
        isinstance(ann, ast.Attribute) and ann.attr == "Self"
    )


def _class_called(func: ast.expr, code: Code) -> ClassRef | None:
    """The class a call constructs (`Cls(...)`, `mod.Cls(...)`, `cls(...)` in a classmethod)."""
    if isinstance(func, ast.Name) and code.owner is not None:
        node = code.func.node
        if (
            isinstance(node, _DEF_TYPES)
            and _first_param(node) == func.id
            and func.id == "cls"
            and code.scope.local_values(func.id) == [None]
        ):
            return code.owner
    if isinstance(func, (ast.Name, ast.Attribute)):
        return class_named(func, code.module, code.scope)
    return None


def _name_class(name: str, code: Code, depth: int) -> ClassRef | None:
    key = ("resolve.name_class", id(code.func.node), name)
    memo = code.module.memo
    if key in memo:
        cached = memo[key]
        return cached if isinstance(cached, ClassRef) else None
    memo[key] = None  # in progress: `x = x.child()` ends here
    found = _name_class_uncached(name, code, depth)
    memo[key] = found
    return found


def _name_class_uncached(name: str, code: Code, depth: int) -> ClassRef | None:
    node = code.func.node
    values = code.scope.local_values(name) if code.func is not None else None
    if values is None:
        # A module-level name: an instance built at import time (`store = MemoryStore()`).
        binding = code.module.resolve(name)
        if binding is None or not isinstance(binding.node, ast.expr):
            return None
        if isinstance(binding.node, ast.Name):
            return None
        module_code = Code(Func(_module_lambda(binding.module), binding.module))
        return class_of(binding.node, module_code, depth + 1)
    param = _param(node, name)
    found: set[ClassRef | None] = set()
    if param is not None:
        values = values[1:]  # the first binding is the parameter itself
        if (
            code.owner is not None
            and isinstance(node, _DEF_TYPES)
            and _first_param(node) == name
            and not is_static(node)
        ):
            found.add(code.owner)  # self (or cls: its methods are the class's too)
        else:
            found.add(annotation_class(param.annotation, code.module))
    for value in values:
        if value is None:
            return None
        found.add(class_of(value, code, depth + 1))
    if len(found) == 1:
        return next(iter(found))
    return None


def _module_lambda(module: ModuleInfo) -> ast.Lambda:
    """A stand-in function with no locals, for expressions evaluated at module level."""
    key = "resolve.module_code"
    made = module.memo.get(key)
    if not isinstance(made, ast.Lambda):
        made = ast.Lambda(
            args=ast.arguments(
                posonlyargs=[],
                args=[],
                vararg=None,
                kwonlyargs=[],
                kw_defaults=[],
                kwarg=None,
                defaults=[],
            ),
            body=ast.Constant(value=None),
        )
        made.lineno = made.end_lineno = 1
        made.col_offset = made.end_col_offset = 0
        module.memo[key] = made
    return made


# -- calls to the defs they run ------------------------------------------------------------------


def constructor_targets(cls: ClassRef) -> list[Target]:
    """What `Cls(...)` runs of the project's code: `__init__` and `__post_init__` (own or
    inherited)."""
    targets: list[Target] = []
    for name in ("__init__", "__post_init__"):
        found = cls.method(name)
        if found is not None:
            targets.append(Target(found[0], found[1]))
    return targets


def call_targets(call: ast.Call, code: Code, depth: int = 0) -> list[Target] | None:
    """The defs `call` runs (none for a class without `__init__`), or None when unknown."""
    func = call.func
    module = code.module
    scope = code.scope
    if isinstance(func, ast.Name):
        if code.func is not None:
            nested = scope.nested_def(func.id)
            if nested is not None:
                return [Target(Func(nested, module), None)]
        cls = _class_called(func, code)
        if cls is not None:
            return constructor_targets(cls)
        binding = _binding_of(func, module, scope)
        if binding is None:
            return None
        if isinstance(binding.node, _DEF_TYPES):
            target = Func(binding.node, binding.module)
            return [Target(target, owner_of(target))]
        return None
    if not isinstance(func, ast.Attribute):
        return None
    receiver = func.value
    # `super().m()`: the first base that defines `m`.
    if (
        isinstance(receiver, ast.Call)
        and isinstance(receiver.func, ast.Name)
        and receiver.func.id == "super"
        and code.owner is not None
    ):
        for base in code.owner.bases():
            if base is None:
                return None
            found = base.method(func.attr)
            if found is not None:
                return [Target(found[0], found[1])]
        return None
    # `module.name(...)` and `Cls.method(...)`
    if isinstance(receiver, ast.Name) and (
        scope.local_values(receiver.id) is None or scope.import_origin(receiver.id) is not None
    ):
        binding = _binding_of(receiver, module, scope)
        if binding is not None and isinstance(binding.node, ast.Module):
            inner = binding.module.resolve(func.attr)
            if inner is None:
                return None
            if isinstance(inner.node, _DEF_TYPES):
                target = Func(inner.node, inner.module)
                return [Target(target, owner_of(target))]
            if isinstance(inner.node, ast.ClassDef):
                return constructor_targets(ClassRef(inner.node, inner.module))
            return None
        if binding is not None and isinstance(binding.node, ast.ClassDef):
            found = ClassRef(binding.node, binding.module).method(func.attr)
            return None if found is None else [Target(found[0], found[1])]
    if depth > _MAX_DEPTH:
        return None
    cls = class_of(receiver, code, depth + 1)
    if cls is None:
        return None
    found = cls.method(func.attr)
    return None if found is None else [Target(found[0], found[1])]
