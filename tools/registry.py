"""Tool registry of the reference host, API-compatible with Hermes Agent's `tools/registry.py`.

Each tool module calls `registry.register(...)` at import time. `discover_builtin_tools()` imports
every `tools/*.py` (and `tools/<pkg>/tool.py`) whose module body, or a module-level `for` loop,
contains a `registry.register(...)` call expression: the same rule Hermes uses.
"""

from __future__ import annotations

import ast
import importlib
import json
import logging
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Dict, List, Optional, Set

logger = logging.getLogger(__name__)

_SKIPPED_MODULES = {"__init__.py", "registry.py", "mcp_tool.py"}


@dataclass(eq=False)
class ToolEntry:
    name: str
    toolset: str
    schema: dict
    handler: Callable
    check_fn: Optional[Callable]
    requires_env: list
    is_async: bool
    description: str
    emoji: str
    max_result_size_chars: int | float | None = None
    dynamic_schema_overrides: Optional[Callable] = None
    extra: Dict[str, Any] = field(default_factory=dict)


class ToolRegistry:
    """Collects tool schemas and handlers from tool modules."""

    def __init__(self) -> None:
        self._tools: Dict[str, ToolEntry] = {}

    def register(
        self,
        name: str,
        toolset: str,
        schema: dict,
        handler: Callable,
        check_fn: Callable | None = None,
        requires_env: list | None = None,
        is_async: bool = False,
        description: str = "",
        emoji: str = "",
        max_result_size_chars: int | float | None = None,
        dynamic_schema_overrides: Callable | None = None,
        override: bool = False,
    ) -> None:
        if not isinstance(schema, dict):
            raise ValueError(f"Tool {name!r}: schema must be a dict, got {type(schema).__name__}")
        params = schema.get("parameters")
        if params is not None and not isinstance(params, dict):
            raise ValueError(f"Tool {name!r}: schema['parameters'] must be an object")
        existing = self._tools.get(name)
        if existing is not None and existing.toolset != toolset and not override:
            logger.error(
                "Tool registration REJECTED: '%s' (toolset '%s') would shadow tool from toolset '%s'",
                name, toolset, existing.toolset)
            return
        self._tools[name] = ToolEntry(
            name=name,
            toolset=toolset,
            schema=schema,
            handler=handler,
            check_fn=check_fn,
            requires_env=list(requires_env or []),
            is_async=is_async,
            description=description or schema.get("description", ""),
            emoji=emoji,
            max_result_size_chars=max_result_size_chars,
            dynamic_schema_overrides=dynamic_schema_overrides,
        )

    def deregister(self, name: str) -> None:
        self._tools.pop(name, None)

    def get_entry(self, name: str) -> Optional[ToolEntry]:
        return self._tools.get(name)

    def get_all_entries(self) -> List[ToolEntry]:
        return list(self._tools.values())

    def get_all_tool_names(self) -> List[str]:
        return sorted(self._tools)

    def get_schema(self, name: str) -> Optional[dict]:
        entry = self._tools.get(name)
        return entry.schema if entry else None

    def get_toolset_for_tool(self, name: str) -> Optional[str]:
        entry = self._tools.get(name)
        return entry.toolset if entry else None

    def get_emoji(self, name: str, default: str = "⚡") -> str:
        entry = self._tools.get(name)
        return (entry.emoji if entry else "") or default

    def get_tool_names_for_toolset(self, toolset: str) -> List[str]:
        return sorted(e.name for e in self._tools.values() if e.toolset == toolset)

    def check_toolset_requirements(self) -> Dict[str, bool]:
        result: Dict[str, bool] = {}
        for entry in self._tools.values():
            ok = _check_cached(entry.check_fn)
            result[entry.toolset] = result.get(entry.toolset, False) or ok
        return dict(sorted(result.items()))

    def get_definitions(self, tool_names: Set[str], quiet: bool = False) -> List[dict]:
        """OpenAI-format schemas of the named tools whose `check_fn` passes (or is absent)."""
        result = []
        for name in sorted(tool_names):
            entry = self._tools.get(name)
            if entry is None:
                continue
            if entry.check_fn is not None and not _check_cached(entry.check_fn):
                if not quiet:
                    logger.debug("Tool %s unavailable (check failed)", name)
                continue
            schema = {**entry.schema, "name": entry.name}
            if entry.dynamic_schema_overrides is not None:
                try:
                    overrides = entry.dynamic_schema_overrides()
                except Exception as exc:
                    logger.warning("dynamic_schema_overrides for %s raised %s", name, exc)
                    overrides = None
                if isinstance(overrides, dict):
                    schema.update(overrides)
            result.append({"type": "function", "function": schema})
        return result

    def dispatch(self, name: str, args: dict, **kwargs: Any) -> str | dict:
        """Run a handler; an exception that escapes it becomes `{"error": ...}` here."""
        entry = self._tools.get(name)
        if entry is None:
            return tool_error(f"Unknown tool: {name}")
        try:
            if entry.is_async:
                from model_tools import _run_async

                result = _run_async(entry.handler(args, **kwargs))
            else:
                result = entry.handler(args, **kwargs)
        except Exception as e:
            logger.exception("Tool %s dispatch error: %s", name, e)
            return tool_error(f"Tool execution failed: {type(e).__name__}: {e}")
        if isinstance(result, str):
            return result
        # The multimodal envelope (text plus images for vision models) passes through as is.
        if (
            isinstance(result, dict)
            and result.get("_multimodal") is True
            and isinstance(result.get("content"), list)):
            return result
        result_type = type(result).__name__
        logger.error("Tool %s handler returned unsupported result type: %s", name, result_type)
        return tool_error(
            f"Tool handler returned unsupported result type: {result_type}",
            error_type="tool_result_contract", tool=name, result_type=result_type)


def _check(check_fn: Optional[Callable]) -> bool:
    if check_fn is None:
        return True
    try:
        return bool(check_fn())
    except Exception:
        logger.warning("check_fn %s raised", getattr(check_fn, "__qualname__", check_fn))
        return False


# As in Hermes Agent, a check_fn verdict is reused for a while (checks may probe the network or
# the file system); whoever changes what a check depends on calls invalidate_check_fn_cache().
_CHECK_FN_TTL_SECONDS = 30.0
_check_fn_cache: Dict[Callable, tuple[float, bool]] = {}


def _check_cached(check_fn: Optional[Callable]) -> bool:
    if check_fn is None:
        return True
    now = time.monotonic()
    cached = _check_fn_cache.get(check_fn)
    if cached is not None and now - cached[0] < _CHECK_FN_TTL_SECONDS:
        return cached[1]
    verdict = _check(check_fn)
    _check_fn_cache[check_fn] = (now, verdict)
    return verdict


def invalidate_check_fn_cache() -> None:
    """Forget every cached check_fn verdict (after changing env vars or settings a check reads)."""
    _check_fn_cache.clear()


def _is_registry_register_call(node: ast.AST) -> bool:
    if not isinstance(node, ast.Expr) or not isinstance(node.value, ast.Call):
        return False
    func = node.value.func
    return (
        isinstance(func, ast.Attribute) and func.attr == "register"
        and isinstance(func.value, ast.Name) and func.value.id == "registry")


def _module_registers_tools(module_path: Path) -> bool:
    """True when the module body, or a module-level `for`, calls `registry.register(...)`."""
    try:
        source = module_path.read_text(encoding="utf-8-sig")
        if "registry" not in source or "register" not in source:
            return False
        tree = ast.parse(source, filename=str(module_path))
    except (OSError, SyntaxError, ValueError):
        return False
    return any(
        _is_registry_register_call(stmt)
        or (isinstance(stmt, ast.For) and any(_is_registry_register_call(s) for s in stmt.body))
        for stmt in tree.body)


def discover_builtin_tools(tools_dir: Optional[Path] = None) -> List[str]:
    """Import every self-registering tool module; return the imported module names."""
    tools_path = Path(tools_dir or Path(__file__).resolve().parent).resolve()
    candidates = sorted(list(tools_path.glob("*.py")) + list(tools_path.glob("*/tool.py")))
    imported: List[str] = []
    for path in candidates:
        if path.name in _SKIPPED_MODULES:
            continue
        rel_parts = path.relative_to(tools_path).with_suffix("").parts
        if len(rel_parts) > 1 and not (path.parent / "__init__.py").exists():
            logger.warning("Skipping %s: package %s has no __init__.py", path, path.parent.name)
            continue
        if not _module_registers_tools(path):
            continue
        module_name = ".".join(("tools", *rel_parts))
        try:
            importlib.import_module(module_name)
            imported.append(module_name)
        except Exception as e:
            logger.warning("Could not import tool module %s: %s", module_name, e)
    return imported


registry = ToolRegistry()


def tool_error(message: Any, **extra: Any) -> str:
    """`'{"error": "<message>", **extra}'` as a JSON string."""
    return json.dumps({"error": str(message), **extra}, ensure_ascii=False)


def tool_result(data: Any = None, **kwargs: Any) -> str:
    """JSON-encode a positional value or the keyword arguments (not both)."""
    return json.dumps(data if data is not None else kwargs, ensure_ascii=False)
