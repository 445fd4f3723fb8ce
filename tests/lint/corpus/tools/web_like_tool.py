#!/usr/bin/env python3
"""Shapes of a large real tool module that is correct: nothing here may be reported."""

import json
import logging
import os
from typing import Any, Dict, Optional

logger = logging.getLogger(__name__)

_MAX_CHARS = 20_000


class WebToolError(Exception):
    """Raised by helpers; every handler catches it."""


class RateLimited(WebToolError):
    pass


def _check_api_key() -> bool:
    return bool(os.getenv("WEB_API_KEY"))


def _error_payload(message: str, **extra: Any) -> str:
    # A helper every return of which is JSON.
    return tool_error(message, **extra)


def _fetch(url: str) -> Dict[str, Any]:
    if not url.startswith("http"):
        raise WebToolError("only http(s) URLs")  # a helper may raise: only handlers are checked
    return {"url": url, "content": "..."}


def web_search(query: str, limit: int = 5, task_id: Optional[str] = None) -> str:
    """Early returns, a try/except/else/finally, and dozens of raises all caught."""
    if not query:
        return tool_error("query is required")
    if limit <= 0:
        return _error_payload("limit must be positive", limit=limit)
    try:
        if len(query) > 500:
            raise ValueError("query too long")
        if "\x00" in query:
            raise ValueError("query has a null byte")
        if limit > 50:
            raise RateLimited("too many results")
        try:
            pages = [_fetch(f"https://search.example/{query}")]
        except KeyError:
            # A raise in an inner except that the outer try catches.
            raise WebToolError("bad response")
        except (TypeError, AttributeError) as exc:
            raise WebToolError(str(exc)) from exc
        for page in pages:
            if not page:
                raise WebToolError("empty page")
            if page.get("blocked"):
                raise RateLimited("blocked")
        assert pages, "search returned nothing"
    except WebToolError as e:
        logger.warning("search failed: %s", e)
        return tool_error(f"Search failed: {e}")
    except Exception as e:  # noqa: BLE001 - the contract: errors as JSON
        return json.dumps({"error": str(e)}, ensure_ascii=False)
    else:
        result = json.dumps({"query": query, "results": pages[:limit]}, ensure_ascii=False)
    finally:
        logger.debug("search done for %s", task_id)
    return result


def web_extract(urls: list, task_id: Optional[str] = None) -> str:
    """A variable every assignment of which is JSON, and nested functions."""

    def _one(url: str) -> Dict[str, Any]:
        if not url:
            raise ValueError("empty URL")  # inside a nested function: not the handler's raise
        return _fetch(url)

    if not urls:
        response = tool_error("urls is required")
    elif len(urls) > 10:
        response = _error_payload("at most 10 URLs")
    else:
        try:
            pages = [_one(u) for u in urls]
        except Exception as e:
            return tool_error(str(e))
        response = json.dumps({"pages": pages}, ensure_ascii=False)
    return response


def web_crawl(url: str, depth: int = 1, **kwargs: Any) -> str:
    """A conditional return whose both branches are JSON, and a while loop that never ends."""
    attempts = 0
    while True:
        attempts += 1
        try:
            page = _fetch(url)
        except WebToolError as e:
            if attempts >= 3:
                return tool_error(e)
            continue
        return json.dumps(page) if depth <= 1 else tool_result(page=page, depth=depth)


WEB_SEARCH_SCHEMA = {
    "name": "web_search",
    "description": "Search the web.",
    "parameters": {
        "type": "object",
        "properties": {"query": {"type": "string", "description": "What to search for"}},
        "required": ["query"],
    },
}


# --- Registry ---
from tools.registry import registry, tool_error, tool_result  # noqa: E402 - imported at the bottom

registry.register(
    name="web_search",
    toolset="web",
    schema=WEB_SEARCH_SCHEMA,
    handler=lambda args, **kw: web_search(
        args.get("query", ""), limit=args.get("limit", 5), task_id=kw.get("task_id")),
    check_fn=_check_api_key,
    requires_env=["WEB_API_KEY"],
    emoji="🔍",
)
registry.register(
    name="web_extract",
    toolset="web",
    schema={"name": "web_extract", "description": "Extract pages.", "parameters": {}},
    handler=lambda args, **kw: web_extract(args.get("urls", []), task_id=kw.get("task_id")),
    check_fn=_check_api_key,
)
registry.register(
    name="web_crawl",
    toolset="web",
    schema={"name": "web_crawl", "description": "Crawl a site.", "parameters": {}},
    handler=lambda args, **kw: web_crawl(args.get("url", ""), depth=args.get("depth", 1), **kw),
    check_fn=_check_api_key,
)
