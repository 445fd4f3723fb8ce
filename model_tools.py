"""The reference host's model-facing side, API-compatible with Hermes Agent's `model_tools.py`:
the tool schemas the model is offered for the enabled toolsets, and the bridge from the
synchronous dispatcher to async handlers."""

from __future__ import annotations

import asyncio
from typing import Any, Coroutine, Dict, List, Optional


def get_tool_definitions(
    enabled_toolsets: Optional[List[str]] = None,
    disabled_toolsets: Optional[List[str]] = None,
    quiet_mode: bool = False,
) -> List[Dict[str, Any]]:
    """The OpenAI-format schemas of the tools in `enabled_toolsets` (every toolset when None),
    without those of `disabled_toolsets`; a tool whose check_fn is false is left out."""
    from tools.registry import discover_builtin_tools, registry
    from toolsets import get_all_toolsets, resolve_toolset, validate_toolset

    discover_builtin_tools()
    names = enabled_toolsets if enabled_toolsets is not None else list(get_all_toolsets())
    wanted = set()
    for name in names:
        if validate_toolset(name):
            wanted.update(resolve_toolset(name))
    for name in disabled_toolsets or []:
        wanted.difference_update(resolve_toolset(name))
    return registry.get_definitions(wanted, quiet=quiet_mode)


def _run_async(coro: Coroutine[Any, Any, Any]) -> Any:
    """Run a coroutine to completion from synchronous code (as Hermes' `_run_async` does)."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.run(coro)
    import concurrent.futures

    with concurrent.futures.ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, coro).result()
