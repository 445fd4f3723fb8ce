"""Why Python source does not parse: a null byte, syntax of a newer Python, or a plain error."""

from __future__ import annotations

import re
import sys

TYPE_CHECKING = False
if TYPE_CHECKING:
    from pathlib import Path

# Syntax errors of the running Python that newer Pythons accept: (version, message start or
# line pattern). `except A, B:` (PEP 758), f-strings with nested quotes (PEP 701), type
# parameters and `type` aliases (PEP 695), template strings (PEP 750).
_NEWER_MESSAGES = (((3, 14), "multiple exception types must be parenthesized"),)
# An f-string error is a newer Python's syntax only where the line reuses the string's quote
# inside a closed `{...}` (PEP 701); `f"{1"` is broken in every Python.
_PEP_701 = re.compile(r"""[fF][rR]?(["'])[^\n]*?\{[^}\n]*\1[^}\n]*\}""")
_NEWER_LINES = (
    ((3, 12), r"^\s*type\s+[A-Za-z_]\w*\s*(\[.*\])?\s*="),
    ((3, 12), r"^\s*(async\s+)?(def|class)\s+[A-Za-z_]\w*\s*\["),
    ((3, 14), r"(?<![\w\"'])[tT][rR]?[\"']"),
)


def newer_python(message: str, line: str) -> str | None:
    """The Python version that may accept what this one cannot parse, if newer than it."""
    for version, start in _NEWER_MESSAGES:
        if sys.version_info[:2] < version and message.startswith(start):
            return "{}.{}".format(*version)
    if sys.version_info[:2] < (3, 12) and message.startswith("f-string") and _PEP_701.search(line):
        return "3.12"
    for version, pattern in _NEWER_LINES:
        if sys.version_info[:2] < version and re.search(pattern, line):
            return "{}.{}".format(*version)
    return None


def parse_problem(where: str, source: bytes) -> str | None:
    """One line saying why `source` (the file `where`) does not parse, and where; None when it
    parses."""
    import ast
    import platform

    null = source.find(b"\0")
    if null >= 0:
        line = source.count(b"\n", 0, null) + 1
        return (
            f"{where}: line {line} holds a null byte; this is not Python source hermes-dev can"
            " edit (remove the byte, or restore the file)"
        )
    try:
        ast.parse(source, filename=where)
    except SyntaxError as exc:
        lineno = exc.lineno or 1
        lines = source.decode("utf-8", "replace").splitlines()
        text = lines[lineno - 1] if 0 < lineno <= len(lines) else ""
        if newer_python(exc.msg or "", text) is not None:
            return (
                f"{where} uses syntax this Python ({platform.python_version()}) cannot parse"
                f" (line {lineno}: {exc.msg}); run hermes-dev with the checkout's Python"
            )
        column = f", column {exc.offset}" if exc.offset else ""
        return f"{where}: line {lineno}{column}: {exc.msg}; fix it, then run hermes-dev again"
    except (RecursionError, MemoryError):
        return (
            f"{where} holds an expression nested too deeply for Python to parse; fix it, then"
            " run hermes-dev again"
        )
    except ValueError as exc:
        return f"{where} cannot be parsed ({exc}); fix it, then run hermes-dev again"
    return None


def required_python(pyproject: str) -> str | None:
    """The minimum Python a pyproject.toml's text asks for (`requires-python = ">=3.12"`), when
    newer than the running one."""
    found = re.search(
        r'^requires-python\s*=\s*["\'][^"\']*?>=\s*(\d+)\.(\d+)', pyproject, re.MULTILINE
    )
    if found is None:
        return None
    version = (int(found.group(1)), int(found.group(2)))
    return "{}.{}".format(*version) if sys.version_info[:2] < version else None


def required_python_at(root: Path) -> str | None:
    """`required_python` of the pyproject.toml at `root` (None when it has none)."""
    from hermes_dev.reading import CONFIG_LIMIT, read_bounded

    try:
        text = read_bounded(root / "pyproject.toml", CONFIG_LIMIT).decode("utf-8")
    except (OSError, UnicodeDecodeError):
        return None
    return required_python(text)
