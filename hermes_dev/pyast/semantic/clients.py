"""Network client classes outside the root whose instances the model keeps track of.

`requests.Session()`, `httpx.Client()`, `httpx.AsyncClient()` and `aiohttp.ClientSession()`
are how tools talk to their services; what their methods raise is known
(`analyze.library_raises`). A call of one of these classes gives `External("<class>()")`, and a
`with` on that instance gives the instance itself (their `__enter__` returns `self`), so
`async with httpx.AsyncClient() as client: await client.get(url)` reads
`httpx.AsyncClient().get`.

A request made with one of them (or with `requests.get`, `httpx.get`...) gives its response,
`External("requests.Response()")` (`httpx.Response()`, `aiohttp.ClientResponse()`), whose
`raise_for_status()` raises on an error status and whose `.json()` is the parsed body.

- `client_instance(dotted)`: the instance's dotted name for a call of `dotted`, else None.
- `is_client_instance(dotted)`: `dotted` names such an instance (a client or a response).
- `RESPONSES`: the responses' dotted names.
"""

from __future__ import annotations

_CLIENTS = {
    "requests.Session": "requests.Session",
    "requests.sessions.Session": "requests.Session",
    "requests.session": "requests.Session",
    "httpx.Client": "httpx.Client",
    "httpx.AsyncClient": "httpx.AsyncClient",
    "aiohttp.ClientSession": "aiohttp.ClientSession",
    "boto3.client": "boto3.client",
    "boto3.Session().client": "boto3.client",
    "boto3.session.Session().client": "boto3.client",
    "redis.Redis": "redis.Redis",
    "redis.StrictRedis": "redis.Redis",
    "redis.from_url": "redis.Redis",
    "redis.Redis.from_url": "redis.Redis",
    "redis.asyncio.Redis": "redis.Redis",
    "redis.asyncio.from_url": "redis.Redis",
    "openai.OpenAI": "openai.OpenAI",
    "openai.AsyncOpenAI": "openai.AsyncOpenAI",
    "openai.AzureOpenAI": "openai.OpenAI",
    "docker.from_env": "docker.DockerClient",
    "docker.DockerClient": "docker.DockerClient",
    "docker.client.from_env": "docker.DockerClient",
    "paramiko.SSHClient": "paramiko.SSHClient",
}
_VERBS = ("get", "post", "put", "patch", "delete", "head", "options", "request", "send")
# A request's response: `requests.get(...)`, `session.get(...)`, `await client.get(...)`,
# `async with session.get(...) as resp`.
_RESPONSES = {
    **{f"requests.{verb}": "requests.Response" for verb in _VERBS if verb != "send"},
    **{f"requests.Session().{verb}": "requests.Response" for verb in _VERBS},
    **{f"httpx.{verb}": "httpx.Response" for verb in _VERBS if verb != "send"},
    **{f"httpx.Client().{verb}": "httpx.Response" for verb in _VERBS},
    **{f"httpx.AsyncClient().{verb}": "httpx.Response" for verb in _VERBS},
    **{f"aiohttp.ClientSession().{verb}": "aiohttp.ClientResponse" for verb in _VERBS},
}
_INSTANCES = frozenset(f"{cls}()" for cls in (*_CLIENTS.values(), *_RESPONSES.values()))
RESPONSES = frozenset(f"{cls}()" for cls in _RESPONSES.values())


def client_instance(dotted: str) -> str | None:
    """What a call of `dotted` gives when it is a client or a request: the instance's dotted
    name (`requests.Session()`, `requests.Response()`), else None."""
    cls = _CLIENTS.get(dotted) or _RESPONSES.get(dotted)
    return f"{cls}()" if cls is not None else None


def is_client_instance(dotted: str) -> bool:
    """`dotted` names a client or a response (never None; a `with` on it gives itself)."""
    return dotted in _INSTANCES
