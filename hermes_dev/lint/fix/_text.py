"""Positions and text edits: where a fix goes in a file's text, and applying several at once.

Fixes are planned against the file as the linter read it. Each transform turns its findings into
`TextEdit`s (character offsets into that text); the planner applies those that do not overlap,
last first, so every byte outside them stays as it was.
"""

from __future__ import annotations

import re

_NEWLINE = re.compile(r"\r\n|\r|\n")  # as the tokenizer counts lines (not at \f or \x1c)


class TextEdit:
    """Replace `source[start:end]` with `text`."""

    __slots__ = ("end", "start", "text")

    def __init__(self, start: int, end: int, text: str) -> None:
        self.start = start
        self.end = end
        self.text = text

    def __repr__(self) -> str:
        return f"TextEdit({self.start}, {self.end}, {self.text!r})"


def line_breaks(text: str) -> int:
    """How many lines `text` ends (as the tokenizer counts them)."""
    return len(_NEWLINE.findall(text))


def ast_span(node: object) -> tuple[int, int, int, int]:
    """A node's position as a fix's `args` keep it."""
    return (
        node.lineno,  # type: ignore[attr-defined]
        node.col_offset,  # type: ignore[attr-defined]
        node.end_lineno,  # type: ignore[attr-defined]
        node.end_col_offset,  # type: ignore[attr-defined]
    )


class Lines:
    """A file's text with line starts, to turn ast positions into offsets."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.starts = [0] + [m.end() for m in _NEWLINE.finditer(source)]
        first = _NEWLINE.search(source)
        self.newline = first.group() if first is not None else "\n"

    def text(self, line: int) -> str:
        """Line `line` (1-based) without its line break."""
        start = self.starts[line - 1]
        end = self.starts[line] if line < len(self.starts) else len(self.source)
        return self.source[start:end].rstrip("\r\n")

    def offset(self, line: int, byte_col: int) -> int:
        """The offset of an ast position (1-based line, 0-based UTF-8 byte column)."""
        text = self.text(line)
        col = byte_col if text.isascii() else len(text.encode("utf-8")[:byte_col].decode())
        return self.starts[line - 1] + col

    def char_offset(self, line: int, column: int) -> int:
        """The offset of a finding's position (1-based line and character column)."""
        return self.starts[line - 1] + column - 1

    def span(self, node: object) -> tuple[int, int]:
        """(start, end) offsets of an ast node."""
        start = self.offset(node.lineno, node.col_offset)  # type: ignore[attr-defined]
        end = self.offset(node.end_lineno, node.end_col_offset)  # type: ignore[attr-defined]
        return start, end


def apply(source: str, edits: list[TextEdit]) -> str:
    """`source` with `edits` (which must not overlap) applied."""
    out = source
    for edit in sorted(edits, key=lambda e: (e.start, e.end), reverse=True):
        out = out[: edit.start] + edit.text + out[edit.end :]
    return out


def overlaps(a: TextEdit, b: TextEdit) -> bool:
    """True when two edits touch the same text (two insertions at one point count too)."""
    if a.start == a.end and b.start == b.end:
        return a.start == b.start
    return a.start < b.end and b.start < a.end
