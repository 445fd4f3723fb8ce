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
    if limit <= 0:  # expect: HD102
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
            page = _fetch(url)  # expect: HD102
        except WebToolError as e:
            if attempts >= 3:
                return tool_error(e)
            continue
        return json.dumps(page) if depth <= 1 else tool_result(page=page, depth=depth)  # expect: HD102


def web_search_advanced(args, **kw):
    """Dozens of raises, every one caught by the one try around them."""
    try:
        value = args.get("query")
        if value is not None and not isinstance(value, str):
            raise TypeError("query must be text")
        value = args.get("query")
        if value is not None and not value.strip():
            raise ValueError("query is blank")
        value = args.get("query")
        if value is not None and len(value) > 2000:
            raise ValueError("query is too long")
        value = args.get("query")
        if value is not None and value.startswith('-'):
            raise ValueError("query cannot start with a dash")
        value = args.get("limit")
        if value is not None and not isinstance(value, int):
            raise TypeError("limit must be an integer")
        value = args.get("limit")
        if value is not None and value < 1:
            raise ValueError("limit must be at least 1")
        value = args.get("limit")
        if value is not None and value > 100:
            raise ValueError("limit must be at most 100")
        value = args.get("offset")
        if value is not None and not isinstance(value, int):
            raise TypeError("offset must be an integer")
        value = args.get("offset")
        if value is not None and value < 0:
            raise ValueError("offset cannot be negative")
        value = args.get("lang")
        if value is not None and not isinstance(value, str):
            raise TypeError("lang must be text")
        value = args.get("lang")
        if value is not None and len(value) != 2:
            raise ValueError("lang must be a two-letter code")
        value = args.get("region")
        if value is not None and not isinstance(value, str):
            raise TypeError("region must be text")
        value = args.get("region")
        if value is not None and value.upper() != value:
            raise ValueError("region must be upper case")
        value = args.get("safe")
        if value is not None and not isinstance(value, bool):
            raise TypeError("safe must be a boolean")
        value = args.get("since")
        if value is not None and not isinstance(value, str):
            raise TypeError("since must be a date")
        value = args.get("since")
        if value is not None and len(value) != 10:
            raise ValueError("since must look like 2026-01-31")
        value = args.get("until")
        if value is not None and not isinstance(value, str):
            raise TypeError("until must be a date")
        value = args.get("until")
        if value is not None and len(value) != 10:
            raise ValueError("until must look like 2026-01-31")
        value = args.get("site")
        if value is not None and not isinstance(value, str):
            raise TypeError("site must be text")
        value = args.get("site")
        if value is not None and '/' in value:
            raise ValueError("site is a host name, not a URL")
        value = args.get("format")
        if value is not None and value not in ('json', 'text'):
            raise ValueError("format must be json or text")
        value = args.get("fields")
        if value is not None and not isinstance(value, list):
            raise TypeError("fields must be a list")
        value = args.get("fields")
        if value is not None and len(value) > 20:
            raise ValueError("at most 20 fields")
        value = args.get("fields")
        if value is not None and not all(isinstance(f, str) for f in value):
            raise TypeError("fields must be names")
        value = args.get("timeout")
        if value is not None and not isinstance(value, (int, float)):
            raise TypeError("timeout must be a number")
        value = args.get("timeout")
        if value is not None and value > 60:
            raise WebToolError("timeout must be at most 60 seconds")
    except (TypeError, ValueError, WebToolError) as e:
        return tool_error(f"Invalid arguments: {e}")
    return web_search(args["query"], limit=args.get("limit", 5), task_id=kw.get("task_id"))  # expect: HD102


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
registry.register(
    name="web_search_advanced",
    toolset="web",
    schema={"name": "web_search_advanced", "description": "Search with filters.", "parameters": {}},
    handler=web_search_advanced,
    check_fn=_check_api_key,
)
