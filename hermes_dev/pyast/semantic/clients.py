"""Network client classes outside the root whose instances the model keeps track of.

`requests.Session()`, `httpx.Client()`, `httpx.AsyncClient()` and `aiohttp.ClientSession()`
are how tools talk to their services; what their methods raise is known
(`analyze.library_raises`). A call of one of these classes gives `External("<class>()")`, and a
`with` on that instance gives the instance itself (their `__enter__` returns `self`), so
`async with httpx.AsyncClient() as client: await client.get(url)` reads
`httpx.AsyncClient().get`.

- `client_instance(dotted)`: the instance's dotted name for a call of `dotted`, else None.
- `is_client_instance(dotted)`: `dotted` names such an instance.
"""

from __future__ import annotations

_CLIENTS = {
    "requests.Session": "requests.Session",
    "requests.sessions.Session": "requests.Session",
    "requests.session": "requests.Session",
    "httpx.Client": "httpx.Client",
    "httpx.AsyncClient": "httpx.AsyncClient",
    "aiohttp.ClientSession": "aiohttp.ClientSession",
}
_INSTANCES = frozenset(f"{cls}()" for cls in _CLIENTS.values())


def client_instance(dotted: str) -> str | None:
    cls = _CLIENTS.get(dotted)
    return f"{cls}()" if cls is not None else None


def is_client_instance(dotted: str) -> bool:
    return dotted in _INSTANCES
