"""Reading cached summaries back: shape checks for JSON that anyone may have written.

Each `from_json` of a cached summary (host.toolsets, host.registered_tools, host.config_summary)
checks every value's type with these (cheap isinstance tests); any other shape raises ValueError,
which makes the entry a cache miss.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import Any, TypeVar

    _T = TypeVar("_T")


def _str(value: object) -> str:
    if type(value) is not str:
        raise ValueError("not a string")
    return value


def _bool(value: object) -> bool:
    if type(value) is not bool:
        raise ValueError("not a boolean")
    return value


def _count(value: object) -> int:
    if type(value) is not int or value < 0:
        raise ValueError("not a count")
    return value


def _dict(value: object) -> dict[Any, Any]:
    if type(value) is not dict:
        raise ValueError("not an object")
    return value


def _list(value: object, length: int | None = None) -> list[Any]:
    if type(value) is not list or (length is not None and len(value) != length):
        raise ValueError("not a list of the right length")
    return value


def _strs(value: object) -> list[str]:
    return [_str(item) for item in _list(value)]


def _pairs(value: object) -> list[list[Any]]:
    return [_list(item, 2) for item in _list(value)]


def _triples(value: object) -> list[list[Any]]:
    return [_list(item, 3) for item in _list(value)]


def _span(value: object) -> list[int]:
    """A cached (line, column, end_line, end_column) as the list it is stored as."""
    if type(value) is not list or len(value) != 4:
        raise ValueError("not a span")
    for number in value:
        if type(number) is not int or not 0 <= number < 1 << 31:
            raise ValueError("not a span")
    return value


def _relative_py(value: object) -> bool:
    """A cached path: a `.py` file below the root, written relative to it."""
    if type(value) is not str or not value.endswith(".py") or "\0" in value:
        return False
    parts = value.split("/")
    return not value.startswith("/") and ".." not in parts and "\\" not in value


def _optional(read: Callable[[Any], _T], value: object) -> _T | None:
    return None if value is None else read(value)
