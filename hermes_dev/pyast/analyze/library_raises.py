"""What the common network clients raise when a connection fails.

Lint reads only the code under the root, so a call into `requests`, `httpx`, `aiohttp`,
`urllib.request` or `socket` is opaque to it. Those calls raise whenever the host is down,
the name does not resolve or the network is out, which for a tool is an ordinary day: the
handler has to catch it. This table names the calls, the one exception each raises on a
refused connection, and the classes of those libraries with their bases, so that `except
requests.RequestException:` or `except OSError:` catch it and `except ValueError:` or
`except requests.Timeout:` do not.

- `raised_by(dotted)`: the class a call of `dotted` raises when it cannot connect (a module
  function `requests.get`, or a client's method `httpx.AsyncClient().get`), or None.
- `class_named(dotted)`: the class an `except` clause names, when it is one of the table's
  (any of its public spellings), or None.
- `bases(name)`, `label(name)`: a class's bases, and how a message names it.
- `COMMAND_CALLS`: the subprocess calls that raise `COMMAND_ERROR` when the command fails
  (`subprocess.run` with `check=True`).
`analyze.exceptions.library_type(name)` makes the ExcType.

A client's instance (`requests.Session()`, `httpx.AsyncClient()`) is followed by the semantic
model (`semantic.clients`).
"""

from __future__ import annotations

_OPENAI_STATUS = (
    "BadRequestError",
    "AuthenticationError",
    "PermissionDeniedError",
    "NotFoundError",
    "RateLimitError",
    "InternalServerError",
)
# Each class: its bases (other classes of this table or builtins), as the libraries define them.
_BASES: dict[str, tuple[str, ...]] = {
    "requests.exceptions.RequestException": ("OSError",),
    "requests.exceptions.HTTPError": ("requests.exceptions.RequestException",),
    "requests.exceptions.ConnectionError": ("requests.exceptions.RequestException",),
    # (`response.json()` of a body that is not JSON)
    "requests.exceptions.JSONDecodeError": (
        "requests.exceptions.RequestException",
        "json.JSONDecodeError",
    ),
    "requests.exceptions.ProxyError": ("requests.exceptions.ConnectionError",),
    "requests.exceptions.SSLError": ("requests.exceptions.ConnectionError",),
    "requests.exceptions.Timeout": ("requests.exceptions.RequestException",),
    "requests.exceptions.ConnectTimeout": (
        "requests.exceptions.ConnectionError",
        "requests.exceptions.Timeout",
    ),
    "requests.exceptions.ReadTimeout": ("requests.exceptions.Timeout",),
    "requests.exceptions.TooManyRedirects": ("requests.exceptions.RequestException",),
    "httpx.HTTPError": ("Exception",),
    "httpx.RequestError": ("httpx.HTTPError",),
    "httpx.TransportError": ("httpx.RequestError",),
    "httpx.TimeoutException": ("httpx.TransportError",),
    "httpx.ConnectTimeout": ("httpx.TimeoutException",),
    "httpx.ReadTimeout": ("httpx.TimeoutException",),
    "httpx.NetworkError": ("httpx.TransportError",),
    "httpx.ConnectError": ("httpx.NetworkError",),
    "httpx.HTTPStatusError": ("httpx.HTTPError",),
    "aiohttp.ClientError": ("Exception",),
    "aiohttp.ClientResponseError": ("aiohttp.ClientError",),
    "aiohttp.ClientConnectionError": ("aiohttp.ClientError",),
    "aiohttp.ClientOSError": ("aiohttp.ClientConnectionError", "OSError"),
    "aiohttp.ClientConnectorError": ("aiohttp.ClientOSError",),
    "aiohttp.ServerConnectionError": ("aiohttp.ClientConnectionError",),
    "aiohttp.ServerTimeoutError": ("aiohttp.ServerConnectionError", "TimeoutError"),
    "urllib.error.URLError": ("OSError",),
    # AWS (boto3's botocore), PostgreSQL (psycopg2, psycopg 3) and Redis clients.
    "botocore.exceptions.BotoCoreError": ("Exception",),
    "botocore.exceptions.ConnectionError": ("botocore.exceptions.BotoCoreError",),
    "botocore.exceptions.EndpointConnectionError": ("botocore.exceptions.ConnectionError",),
    "botocore.exceptions.NoCredentialsError": ("botocore.exceptions.BotoCoreError",),
    "botocore.exceptions.ClientError": ("Exception",),
    **{
        f"{lib}.{name}": bases
        for lib in ("psycopg2", "psycopg")
        for name, bases in (
            ("Error", ("Exception",)),
            ("InterfaceError", (f"{lib}.Error",)),
            ("DatabaseError", (f"{lib}.Error",)),
            ("OperationalError", (f"{lib}.DatabaseError",)),
            ("ProgrammingError", (f"{lib}.DatabaseError",)),
            ("IntegrityError", (f"{lib}.DatabaseError",)),
            ("DataError", (f"{lib}.DatabaseError",)),
        )
    },
    "redis.exceptions.RedisError": ("Exception",),
    "redis.exceptions.ConnectionError": ("redis.exceptions.RedisError",),
    "redis.exceptions.TimeoutError": ("redis.exceptions.RedisError",),
    "urllib.error.HTTPError": ("urllib.error.URLError",),
    # (a URL the client cannot use: no scheme, an unknown one)
    "requests.exceptions.MissingSchema": ("requests.exceptions.RequestException", "ValueError"),
    "httpx.UnsupportedProtocol": ("httpx.TransportError",),
    "aiohttp.InvalidURL": ("aiohttp.ClientError", "ValueError"),
    # OpenAI-compatible LLM clients, the Docker SDK, SSH (paramiko), GitPython.
    "openai.OpenAIError": ("Exception",),
    "openai.APIError": ("openai.OpenAIError",),
    "openai.APIConnectionError": ("openai.APIError",),
    "openai.APITimeoutError": ("openai.APIConnectionError",),
    "openai.APIStatusError": ("openai.APIError",),
    **{f"openai.{name}": ("openai.APIStatusError",) for name in _OPENAI_STATUS},
    "docker.errors.DockerException": ("Exception",),
    "docker.errors.APIError": ("docker.errors.DockerException",),
    "docker.errors.NotFound": ("docker.errors.APIError",),
    "docker.errors.ImageNotFound": ("docker.errors.NotFound",),
    "docker.errors.ContainerError": ("docker.errors.DockerException",),
    "paramiko.ssh_exception.SSHException": ("Exception",),
    "paramiko.ssh_exception.NoValidConnectionsError": ("OSError",),
    "git.exc.GitError": ("Exception",),
    "git.exc.InvalidGitRepositoryError": ("git.exc.GitError",),
    "git.exc.NoSuchPathError": ("git.exc.GitError", "OSError"),
    # (what a pydantic model raises on data it refuses: `Model(**args)`, `model_validate`)
    "pydantic.ValidationError": ("ValueError",),
    "yaml.YAMLError": ("Exception",),
    "PIL.UnidentifiedImageError": ("OSError",),
    "tenacity.RetryError": ("Exception",),
    # websockets: what the library raises of its own (a refused connection is an OSError)
    "websockets.exceptions.WebSocketException": ("Exception",),
    "websockets.exceptions.InvalidURI": ("websockets.exceptions.WebSocketException",),
    "websockets.exceptions.InvalidHandshake": ("websockets.exceptions.WebSocketException",),
    "websockets.exceptions.ConnectionClosed": ("websockets.exceptions.WebSocketException",),
    # SQLAlchemy: a query asked for exactly one row
    "sqlalchemy.exc.SQLAlchemyError": ("Exception",),
    "sqlalchemy.exc.InvalidRequestError": ("sqlalchemy.exc.SQLAlchemyError",),
    "sqlalchemy.exc.NoResultFound": ("sqlalchemy.exc.InvalidRequestError",),
    "sqlalchemy.exc.MultipleResultsFound": ("sqlalchemy.exc.InvalidRequestError",),
    # parsers of what the model names (model_input's table)
    "pytz.exceptions.UnknownTimeZoneError": ("KeyError",),
    "dateutil.parser.ParserError": ("ValueError",),
    "packaging.version.InvalidVersion": ("ValueError",),
    # PyJWT: what decoding a token raises
    "jwt.exceptions.PyJWTError": ("Exception",),
    "jwt.exceptions.InvalidTokenError": ("jwt.exceptions.PyJWTError",),
    "jwt.exceptions.DecodeError": ("jwt.exceptions.InvalidTokenError",),
    "jwt.exceptions.InvalidSignatureError": ("jwt.exceptions.DecodeError",),
    "jwt.exceptions.ExpiredSignatureError": ("jwt.exceptions.InvalidTokenError",),
    "jwt.exceptions.InvalidAudienceError": ("jwt.exceptions.InvalidTokenError",),
}

# Other spellings of a class (package re-exports, modules that hold the class).
_ALIASES = {
    **{
        f"requests.{name}": f"requests.exceptions.{name}"
        for name in (
            "RequestException",
            "HTTPError",
            "ConnectionError",
            "Timeout",
            "ConnectTimeout",
            "ReadTimeout",
            "TooManyRedirects",
            "JSONDecodeError",
        )
    },
    **{
        f"aiohttp.client_exceptions.{name.split('.', 1)[1]}": name
        for name in _BASES
        if name.startswith("aiohttp.")
    },
    **{
        f"httpx._exceptions.{name.split('.', 1)[1]}": name
        for name in _BASES
        if name.startswith("httpx.")
    },
    **{
        f"redis.{name}": f"redis.exceptions.{name}"
        for name in ("RedisError", "ConnectionError", "TimeoutError")
    },
    **{
        f"{lib}.errors.{name}": f"{lib}.{name}"
        for lib in ("psycopg2", "psycopg")
        for name in ("OperationalError", "ProgrammingError", "IntegrityError", "DataError")
    },
    "pydantic_core.ValidationError": "pydantic.ValidationError",
    "PIL.Image.UnidentifiedImageError": "PIL.UnidentifiedImageError",
    **{
        f"openai._exceptions.{name}": f"openai.{name}"
        for name in (
            "OpenAIError",
            "APIError",
            "APIConnectionError",
            "APITimeoutError",
            "APIStatusError",
            *_OPENAI_STATUS,
        )
    },
    **{
        f"paramiko.{name}": f"paramiko.ssh_exception.{name}"
        for name in ("SSHException", "NoValidConnectionsError")
    },
    **{
        f"git.{name}": f"git.exc.{name}"
        for name in ("GitError", "InvalidGitRepositoryError", "NoSuchPathError")
    },
    **{
        f"yaml.{name}": "yaml.YAMLError"
        for name in ("error.YAMLError", "scanner.ScannerError", "parser.ParserError")
    },
    "pydantic_core._pydantic_core.ValidationError": "pydantic.ValidationError",
    "pytz.UnknownTimeZoneError": "pytz.exceptions.UnknownTimeZoneError",
    "dateutil.parser._parser.ParserError": "dateutil.parser.ParserError",
    **{
        f"websockets.{name}": f"websockets.exceptions.{name}"
        for name in ("WebSocketException", "InvalidURI", "InvalidHandshake", "ConnectionClosed")
    },
    **{
        f"sqlalchemy.orm.exc.{name}": f"sqlalchemy.exc.{name}"
        for name in ("NoResultFound", "MultipleResultsFound")
    },
    **{
        f"jwt.{name}": f"jwt.exceptions.{name}"
        for name in (
            "PyJWTError",
            "InvalidTokenError",
            "DecodeError",
            "InvalidSignatureError",
            "ExpiredSignatureError",
            "InvalidAudienceError",
        )
    },
    "socket.error": "OSError",
    "socket.gaierror": "OSError",
    "socket.timeout": "TimeoutError",
}

_VERBS = ("get", "post", "put", "patch", "delete", "head", "options", "request")

# The call -> the class it raises when it cannot connect.
_RAISES: dict[str, str] = {
    **{f"requests.{verb}": "requests.exceptions.ConnectionError" for verb in _VERBS},
    **{f"requests.Session().{v}": "requests.exceptions.ConnectionError" for v in (*_VERBS, "send")},
    **{f"httpx.{verb}": "httpx.ConnectError" for verb in (*_VERBS, "stream")},
    **{f"httpx.Client().{v}": "httpx.ConnectError" for v in (*_VERBS, "send", "stream")},
    **{f"httpx.AsyncClient().{v}": "httpx.ConnectError" for v in (*_VERBS, "send", "stream")},
    **{
        f"aiohttp.ClientSession().{v}": "aiohttp.ClientConnectorError"
        for v in (*_VERBS, "ws_connect")
    },
    "urllib.request.urlopen": "urllib.error.URLError",
    "socket.create_connection": "OSError",
    # (a name that does not resolve: socket.gaierror, an OSError)
    "socket.gethostbyname": "OSError",
    "socket.gethostbyname_ex": "OSError",
    "socket.getaddrinfo": "OSError",
    "docker.from_env": "docker.errors.DockerException",
    # (a websocket client connects when its context is entered)
    **{
        f"{module}.connect": "OSError"
        for module in (
            "websockets",
            "websockets.client",
            "websockets.asyncio.client",
            "websockets.sync.client",
        )
    },
    "docker.client.from_env": "docker.errors.DockerException",
    "paramiko.SSHClient().connect": "paramiko.ssh_exception.NoValidConnectionsError",
    # (mail and file-transfer clients connect when they are made with a host)
    **{
        f"{lib}.{cls}": "ConnectionRefusedError"
        for lib, cls in (
            ("imaplib", "IMAP4"),
            ("imaplib", "IMAP4_SSL"),
            ("smtplib", "SMTP"),
            ("smtplib", "SMTP_SSL"),
            ("poplib", "POP3"),
            ("poplib", "POP3_SSL"),
            ("ftplib", "FTP"),
            ("ftplib", "FTP_TLS"),
        )
    },
    "psycopg2.connect": "psycopg2.OperationalError",
    "psycopg.connect": "psycopg.OperationalError",
    "psycopg.AsyncConnection.connect": "psycopg.OperationalError",
    # A response's raise_for_status(): the server answered with an error status (4xx, 5xx).
    "requests.Response().raise_for_status": "requests.exceptions.HTTPError",
    "httpx.Response().raise_for_status": "httpx.HTTPStatusError",
    "aiohttp.ClientResponse().raise_for_status": "aiohttp.ClientResponseError",
}

# Calls that raise subprocess.CalledProcessError when the command exits with a status other
# than 0 (`subprocess.run` only with `check=True`): a failing command is an ordinary outcome.
COMMAND_CALLS = frozenset({"subprocess.check_call", "subprocess.check_output", "subprocess.run"})
COMMAND_ERROR = "subprocess.CalledProcessError"

# Calls that raise when their `timeout` passes (unless it is None).
TIMEOUT_CALLS = {"asyncio.wait_for": "TimeoutError"}
# A client's methods that send a request object built beforehand (see _SENT).
SEND_METHODS = frozenset({"request", "arequest", "send", "execute"})
# The names a call of the table ends with (a cheap test before resolving the callee).
CALL_NAMES = frozenset(
    {dotted.rsplit(".", 1)[1] for dotted in (*_RAISES, *COMMAND_CALLS, *TIMEOUT_CALLS)}
    | SEND_METHODS
    | {"Popen", "call"}  # (subprocess's, which start a program that may not be installed)
)


# Clients every method of which talks to the service (`s3.get_object(...)`, `r.get(k)`).
_ANY_METHOD: dict[str, str] = {
    "boto3.client()": "botocore.exceptions.EndpointConnectionError",
    "redis.Redis()": "redis.exceptions.ConnectionError",
}
# Words a module names when it may hold such a client (a cheap test before resolving).
ANY_METHOD_WORDS = ("boto3", "redis", "openai", "docker")


# Request objects that a client's `send`/`request` method sends (the client itself may be of
# any type: `session.send(req.prepare())`, lark's `client.request(BaseRequest.builder()...
# .build())`): the prefix of the object's dotted name -> what sending it raises.
_SENT: dict[str, str] = {
    "requests.Request(": "requests.exceptions.ConnectionError",
    "requests.PreparedRequest(": "requests.exceptions.ConnectionError",
    "requests.models.PreparedRequest(": "requests.exceptions.ConnectionError",
    "httpx.Request(": "httpx.ConnectError",
    # the Lark / Feishu SDK (lark-oapi) sends through requests
    "lark_oapi.": "requests.exceptions.ConnectionError",
}


def raised_by_sending(dotted: str) -> str | None:
    """What a client's send method raises when it cannot connect, given a request object of
    the dotted name `dotted` (None: not a known request)."""
    for prefix, raised in _SENT.items():
        if dotted.startswith(prefix):
            return raised
    return None


# Clients whose resources' methods talk to the service (`client.chat.completions.create`,
# `docker_client.containers.list`): the instance's prefix -> what they raise.
_RESOURCE_CLIENTS = {
    "openai.OpenAI().": "openai.APIConnectionError",
    "openai.AsyncOpenAI().": "openai.APIConnectionError",
    "docker.DockerClient().": "docker.errors.DockerException",
}
_RESOURCE_VERBS = frozenset(
    {"create", "list", "retrieve", "delete", "update", "stream", "parse", "get", "run", "logs",
     "ping", "info", "version", "remove", "stop", "start", "restart", "pull", "exec_run"}
)  # fmt: skip


def raised_by_bad_url(dotted: str) -> str | None:
    """What a request call of `dotted` raises for a URL without a scheme, or None."""
    for prefix, raised in (
        ("requests.", "requests.exceptions.MissingSchema"),
        ("httpx.", "httpx.UnsupportedProtocol"),
        ("aiohttp.", "aiohttp.InvalidURL"),
    ):
        if dotted.startswith(prefix) and dotted.rsplit(".", 1)[1] in _VERBS:
            return raised
    return None


def raised_by(dotted: str) -> str | None:
    """The class (a key of `bases`, or a builtin's name) a call of `dotted` raises when it
    cannot connect, or None."""
    found = _RAISES.get(dotted)
    if found is None:
        for prefix, raised in _RESOURCE_CLIENTS.items():
            if dotted.startswith(prefix) and dotted.rsplit(".", 1)[1] in _RESOURCE_VERBS:
                return raised
    if found is None and "()." in dotted:
        instance, method = dotted.rsplit(".", 1)
        if not method.startswith("_") and "." not in method and method not in _LOCAL_METHODS:
            found = _ANY_METHOD.get(instance)
    return found


# Methods of those clients that do their work locally (a presigned URL is signed, not fetched;
# a pipeline or a paginator only talks to the service when it runs).
_LOCAL_METHODS = frozenset(
    {
        "generate_presigned_url",
        "generate_presigned_post",
        "get_paginator",
        "can_paginate",
        "get_waiter",
        "pipeline",
        "pubsub",
        "close",
    }
)


def class_named(dotted: str) -> str | None:
    """The class an `except` clause's `dotted` names, when it is one of the table's."""
    name = _ALIASES.get(dotted, dotted)
    return name if name in _BASES or dotted in _ALIASES else None


def bases(name: str) -> tuple[str, ...] | None:
    """The bases of a class of the table (None for a builtin's name)."""
    return _BASES.get(name)


def label(name: str) -> str:
    """How a message names the class: `requests.ConnectionError`, `httpx.ConnectError`."""
    prefix = "requests.exceptions."
    return "requests." + name[len(prefix) :] if name.startswith(prefix) else name
