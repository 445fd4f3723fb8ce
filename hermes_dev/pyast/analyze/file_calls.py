"""What a call does with a file or a response, as written: whether it reads or writes (its mode),
reads as text, catches what decoding raises; whether a `try` returns on any OSError; whether a
receiver speaks HTTP. Used by `model_input` to tell what a file or an address the model names
can do to the handler.
"""

from __future__ import annotations

import ast

from hermes_dev.pyast.semantic.walker import is_name, last_name, walk_shallow


def reading(call: ast.Call, index: int) -> bool:
    """The call's mode (its `index`-th argument or `mode=`) opens for reading, or there is
    none."""
    mode = call.args[index] if len(call.args) > index else None
    mode = next((kw.value for kw in call.keywords if kw.arg == "mode"), mode)
    return mode is None or (
        isinstance(mode, ast.Constant)
        and isinstance(mode.value, str)
        and not set(mode.value) & set("wax")
    )


def suffixed(expr: ast.expr) -> bool:
    """A file name the code ends with its own extension (`f"{name}.json"`, `name + ".md"`)."""
    tail: ast.expr | None = expr
    if isinstance(expr, ast.JoinedStr):
        tail = expr.values[-1] if expr.values else None
    elif isinstance(expr, ast.BinOp) and isinstance(expr.op, ast.Add):
        tail = expr.right
    return (
        tail is not expr
        and isinstance(tail, ast.Constant)
        and isinstance(tail.value, str)
        and "." in tail.value
    )


def writes(call: ast.Call) -> bool:
    """`open(p, "w")`, `p.write_text(...)`, `p.open("a")`, `p.mkdir()`: the call writes."""
    func = call.func
    if isinstance(func, ast.Attribute) and func.attr in (
        "write_text",
        "write_bytes",
        "mkdir",
        "touch",
    ):
        return True
    if is_name(func, "open"):
        return not reading(call, 1)
    return isinstance(func, ast.Attribute) and func.attr == "open" and not reading(call, 0)


def text_mode(call: ast.Call, index: int) -> bool:
    mode = call.args[index] if len(call.args) > index else None
    mode = next((kw.value for kw in call.keywords if kw.arg == "mode"), mode)
    return mode is None or (
        isinstance(mode, ast.Constant) and isinstance(mode.value, str) and "b" not in mode.value
    )


def reads_name(body: list[ast.stmt], name: str) -> bool:
    return any(
        isinstance(sub, ast.Name) and sub.id == name and isinstance(sub.ctx, ast.Load)
        for sub in walk_shallow(body)
    )


DECODING_CAUGHT = frozenset(
    {"UnicodeDecodeError", "UnicodeError", "ValueError", "Exception", "BaseException"}
)


def catches_decoding(body: list[ast.stmt]) -> bool:
    """A `try` in the block has an `except` that may catch UnicodeDecodeError."""
    for sub in walk_shallow(body):
        if isinstance(sub, ast.Try) or type(sub).__name__ == "TryStar":
            for handler in sub.handlers:  # type: ignore[attr-defined]
                kinds = handler.type
                if kinds is None:
                    return True
                names = kinds.elts if isinstance(kinds, ast.Tuple) else [kinds]
                if any(last_name(n) in DECODING_CAUGHT for n in names):
                    return True
    return False


OS_ERRORS = frozenset({"OSError", "IOError", "EnvironmentError", "Exception", "BaseException"})


def returns_on_os_error(node: ast.Try) -> bool:
    """A `try` with an `except` that catches any OSError and returns (or raises)."""
    for handler in node.handlers:
        kinds = handler.type
        names = (
            [None]
            if kinds is None
            else [last_name(n) for n in (kinds.elts if isinstance(kinds, ast.Tuple) else [kinds])]
        )
        if (
            (None in names or set(names) & OS_ERRORS)
            and handler.body
            and isinstance(handler.body[-1], (ast.Return, ast.Raise))
        ):
            return True
    return False


def speaks_http(receiver: ast.expr) -> bool:
    """`requests`, `httpx`, `self.session`, `client`: a receiver whose `get(url)` fetches."""
    name = (last_name(receiver) or "").lower().strip("_")
    return name in ("requests", "httpx", "http", "s") or "session" in name or "client" in name


def sent_by(response: ast.expr, library: str, known: set[str]) -> bool:
    """The response (or the call that made it) is written with `library` (`requests.get`;
    `known`: locals holding such responses)."""
    return any(
        isinstance(sub, ast.Name) and (sub.id == library or sub.id in known)
        for sub in ast.walk(response)
    )
