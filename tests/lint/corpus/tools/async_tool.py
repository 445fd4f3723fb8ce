"""Async handlers, registered right and wrong."""

import asyncio
import json

from tools.registry import registry, tool_error


async def fetch_page(url, task_id=None):
    if not url:
        return tool_error("url is required")
    await asyncio.sleep(0)
    return json.dumps({"url": url})


async def fetch_raw(args, **kw):
    try:
        await asyncio.sleep(0)
    except asyncio.CancelledError:
        raise  # passing cancellation on is right: not reported
    except (KeyboardInterrupt, SystemExit) as stop:
        raise stop
    return {"raw": args}  # expect: HD101


async def _fetch_forecast(args):
    if not args.get("city"):
        return {"error": "city is required"}  # expect: HD101
    await asyncio.sleep(0)
    return json.dumps({"city": args["city"]})


def _run_coroutine(coro):
    """A sync bridge, as tool modules write it: the handler stays sync."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return asyncio.run(coro)
    raise RuntimeError("cannot bridge from inside a running loop")


def render_page(args, **kw):
    return json.dumps({"rendered": True})


registry.register(
    name="fetch_page",
    toolset="web_async",
    schema={},
    handler=lambda args, **kw: fetch_page(args.get("url", ""), task_id=kw.get("task_id")),
    is_async=True,
)
registry.register(
    name="fetch_page_sync",
    toolset="web_async",
    schema={},
    handler=lambda args, **kw: fetch_page(args.get("url", "")),  # expect: HD104
)
registry.register(name="fetch_raw", toolset="web_async", schema={}, handler=fetch_raw, is_async=True)
registry.register(
    name="render_page",
    toolset="web_async",
    schema={},
    handler=render_page,
    is_async=True,  # expect: HD104
)
registry.register(
    name="forecast",
    toolset="web_async",
    schema={},
    handler=lambda args, **kw: _run_coroutine(_fetch_forecast(args)),
    is_async=False,
)
