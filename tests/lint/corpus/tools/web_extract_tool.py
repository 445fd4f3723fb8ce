"""Web extraction: the handler's try catches RuntimeError only."""

import json
import urllib.request

from agent.redact import redact
from tools.registry import registry, tool_error


class Request:
    def __init__(self, url: str, max_bytes: int):
        if not url.startswith(("http://", "https://")):
            raise ValueError(f"not a web URL: {url}")  # origin: runtime-only-try
        self.url = url
        self.max_bytes = max_bytes


def _build_request(url: str, max_bytes: int) -> Request:
    if max_bytes > 5_000_000:
        raise RuntimeError("max_bytes is too large")
    return Request(url, max_bytes)


def _download(request: Request) -> str:
    with urllib.request.urlopen(request.url) as response:  # origin: urlopen-in-helper
        return response.read(request.max_bytes).decode("utf-8", "replace")


def web_extract(args, **kw):
    try:
        request = _build_request(args.get("url", ""), int(args.get("max_bytes", 100_000)))  # shape: runtime-only-try  # expect: HD102
        text = _download(request)  # shape: urlopen-in-helper  # expect: HD102
    except RuntimeError as e:
        return tool_error(str(e))
    return json.dumps({"url": request.url, "text": redact(text)})


def web_extract_plain(args, **kw):
    text = redact(args.get("text", ""), scope="normal")
    return json.dumps({"text": text})


registry.register(name="web_extract", toolset="web", schema={}, handler=web_extract)
registry.register(name="web_extract_plain", toolset="web", schema={}, handler=web_extract_plain)
