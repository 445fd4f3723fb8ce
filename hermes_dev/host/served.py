"""The tools a memory provider or context engine serves through its own interface.

Such a class has `get_tool_schemas()` (the schemas of its tools) and `handle_tool_call(tool_name,
args, **kwargs)`; Hermes's memory manager routes each of those tools to `handle_tool_call` with
the tool's name, and hands its result to the model as any tool's. So what the result rules
(HD101, HD107) say of a registered handler they say of `handle_tool_call`, once per served tool,
with the tool's name bound as a constant: the branches of other tools are left out. HD102 does
not apply: the manager catches what the method raises.
"""

from __future__ import annotations

import ast

from hermes_dev.host.plugins import SERVES_MARKER, served_tools_in
from hermes_dev.pyast.semantic.resolve import attribute_of
from hermes_dev.pyast.semantic.scopes import (
    ClassRef,
    Const,
    Function,
    Instance,
    Possible,
    module_scope,
)

TYPE_CHECKING = False
if TYPE_CHECKING:
    from hermes_dev.pyast.semantic.modules import ModuleInfo

HANDLER_METHOD = "handle_tool_call"
# The served tools of one class that are checked (a provider serves a handful).
MAX_SERVED = 200


class ServedTool:
    """One tool a class serves: its name, and `handle_tool_call` of an instance of the class."""

    __slots__ = ("function", "name", "parameter")

    def __init__(self, name: str, function: Function, parameter: str) -> None:
        self.name = name
        self.function = function
        self.parameter = parameter  # the parameter that receives the tool's name

    def env(self) -> dict[str, Possible]:
        """The method's parameters as Hermes calls it for this tool."""
        return {self.parameter: Possible((Const(self.name),))}

    def __repr__(self) -> str:
        return f"ServedTool({self.name!r}, {self.function!r})"


def served_tools_of(module: ModuleInfo) -> list[ServedTool]:
    """The tools the classes of `module` serve (found once, kept in its state)."""
    state = module.state
    found = state.served
    if found is None:
        found = _find(module)
        state.served = found
    return found


def _find(module: ModuleInfo) -> list[ServedTool]:
    tree = module.tree
    if tree is None or not module.contains(f"def {SERVES_MARKER}"):
        return []
    names, _ = served_tools_in(tree)
    if not names:
        return []
    found: list[ServedTool] = []
    scope = module_scope(module)
    for stmt in tree.body:
        if not isinstance(stmt, ast.ClassDef):
            continue
        ref = ClassRef(stmt, module, scope)
        if ref.own_def(SERVES_MARKER) is None or ref.own_def(HANDLER_METHOD) is None:
            continue
        method = attribute_of(Instance(ref), HANDLER_METHOD).single()
        if not isinstance(method, Function) or isinstance(method.node, ast.Lambda):
            continue
        params = method.node.args.posonlyargs + method.node.args.args
        if len(params) < 3:
            continue  # (self, tool_name, args) is how the manager calls it
        # (each tool walks the method once: thousands of names would be a quadratic walk)
        found.extend(ServedTool(name, method, params[1].arg) for name in names[:MAX_SERVED])
    return found
