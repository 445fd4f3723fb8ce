"""The reference host's bridge from the synchronous dispatcher to async handlers."""

from __future__ import annotations

import asyncio
from typing import Any, Coroutine


def _run_async(coro: Coroutine[Any, Any, Any]) -> Any:
    """Run a coroutine to completion from synchronous code (as Hermes' `_run_async` does)."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.run(coro)
    import concurrent.futures

    with concurrent.futures.ThreadPoolExecutor(max_workers=1) as pool:
        return pool.submit(asyncio.run, coro).result()
