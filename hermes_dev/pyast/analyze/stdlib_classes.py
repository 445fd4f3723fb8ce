"""Exception classes of the standard library, by their real MRO: `except sqlite3.Error`,
`except json.JSONDecodeError`, `except subprocess.CalledProcessError`, `except ET.ParseError`.

`stdlib_exception("xml.etree.ElementTree.ParseError")` gives the class itself, imported from
the interpreter's own standard library (never from the project: a module found anywhere but
the stdlib folder, or a module with side effects at import, is not imported), or None.
"""

from __future__ import annotations

import sys

# Standard modules that do something when imported (print, open a browser, need a display).
_NOT_IMPORTED = frozenset(
    {"this", "antigravity", "idlelib", "turtle", "turtledemo", "tkinter", "__main__", "__hello__"}
)
_FOUND: dict[str, type[BaseException] | None] = {}


def stdlib_exception(dotted: str) -> type[BaseException] | None:
    """The standard library's exception class named `dotted` (module path, then attributes), or
    None when it is none (or its module is not the interpreter's own)."""
    if dotted in _FOUND:
        return _FOUND[dotted]
    found = None
    parts = dotted.split(".")
    top = parts[0]
    if len(parts) > 1 and top in sys.stdlib_module_names and top not in _NOT_IMPORTED:
        found = _find(parts)
    _FOUND[dotted] = found
    return found


def _find(parts: list[str]) -> type[BaseException] | None:
    import importlib

    if not _in_stdlib(parts[0]):
        return None
    # The longest prefix that is a module, then attributes (`xml.etree.ElementTree.ParseError`).
    for split in range(len(parts) - 1, 0, -1):
        name = ".".join(parts[:split])
        try:
            value: object = importlib.import_module(name)
        except (ImportError, OSError, ValueError, AttributeError):  # not a module (here)
            continue
        for attr in parts[split:]:
            value = getattr(value, attr, None)
        if isinstance(value, type) and issubclass(value, BaseException):
            return value
        return None
    return None


def _in_stdlib(top: str) -> bool:
    """Whether the module `top` would be the interpreter's own: built in, frozen, or under the
    stdlib folder (a project's `sqlite3.py` on sys.path must not be imported)."""
    if top in sys.modules:
        module = sys.modules[top]
        origin = getattr(module, "__file__", None)
        return origin is None or _under_stdlib(origin)
    import importlib.util

    try:
        spec = importlib.util.find_spec(top)
    except (ImportError, ValueError):
        return False
    if spec is None:
        return False
    origin = spec.origin
    return origin in (None, "built-in", "frozen") or _under_stdlib(origin)


def _under_stdlib(path: str) -> bool:
    import os
    import sysconfig

    paths = sysconfig.get_paths()
    roots = {os.path.realpath(paths["stdlib"]), os.path.realpath(paths["platstdlib"])}
    real = os.path.realpath(path)
    return any(real.startswith(root + os.sep) for root in roots) and "site-packages" not in real
