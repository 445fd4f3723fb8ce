"""Where something is written in a module: `Pos` (a path, line and column span), `Span` (line,
1-based column, end line, end column), and `NodeSpan`, the same place in ast's own coordinates
for code that takes a node."""

from __future__ import annotations

import ast
from pathlib import Path

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Self


class Pos:
    """Where a node is written: path, 1-based line and column, exclusive end."""

    __slots__ = ("column", "end_column", "end_line", "line", "path")

    def __init__(self, path: Path, line: int, column: int, end_line: int, end_column: int) -> None:
        self.path = path
        self.line = line
        self.column = column  # 1-based
        self.end_line = end_line
        self.end_column = end_column  # 1-based, exclusive

    def _key(self) -> tuple[Path, int, int, int, int]:
        return (self.path, self.line, self.column, self.end_line, self.end_column)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Pos) and self._key() == other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    def __repr__(self) -> str:
        return f"Pos({self.path.name}:{self.line}:{self.column})"

    @classmethod
    def of(cls, path: Path, node: ast.AST) -> Pos:
        line = getattr(node, "lineno", 1)
        col = getattr(node, "col_offset", 0)
        end_line = getattr(node, "end_lineno", None) or line
        end_col = getattr(node, "end_col_offset", None)
        return cls(path, line, col + 1, end_line, (end_col if end_col is not None else col) + 1)


class Span(tuple[int, int, int, int]):
    """Where something is written: (line, column, end_line, end_column), 1-based columns, end
    exclusive. A tuple: cheap to build, and JSON as a list."""

    __slots__ = ()

    def __new__(cls, line: int, column: int, end_line: int, end_column: int) -> Self:
        return tuple.__new__(cls, (line, column, end_line, end_column))

    @property
    def line(self) -> int:
        return self[0]

    @property
    def column(self) -> int:
        return self[1]

    @property
    def end_line(self) -> int:
        return self[2]

    @property
    def end_column(self) -> int:
        return self[3]

    @classmethod
    def of(cls, node: ast.AST) -> Span:
        pos = Pos.of(_NO_PATH, node)
        return cls(pos.line, pos.column, pos.end_line, pos.end_column)

    @classmethod
    def from_pos(cls, pos: Pos) -> Span:
        return cls(pos.line, pos.column, pos.end_line, pos.end_column)


_NO_PATH = Path()


class NodeSpan:
    """A position shaped like an ast node's (lineno, 0-based byte col_offset, end_lineno,
    end_col_offset) without the node: the span a `Fix` keeps, a syntax error's place. Code that
    reads node positions (`LintContext.finding`, the fixes) takes it as a node."""

    __slots__ = ("col_offset", "end_col_offset", "end_lineno", "lineno")

    def __init__(self, lineno: int, col_offset: int, end_lineno: int, end_col_offset: int) -> None:
        self.lineno = lineno
        self.col_offset = col_offset
        self.end_lineno = end_lineno
        self.end_col_offset = end_col_offset

    @classmethod
    def of(cls, args: tuple[object, ...]) -> NodeSpan:
        """The span in the first four of a fix's `args`."""
        line, col, end_line, end_col = args[:4]
        assert isinstance(line, int) and isinstance(col, int)
        assert isinstance(end_line, int) and isinstance(end_col, int)
        return cls(line, col, end_line, end_col)


def first_line_end(line_text: str, column: int) -> int:
    """Where a finding whose node spans several lines ends: it keeps to its first line (editors
    and code scanning show that best) and ends with it, never before `column`. The one rule for
    every rule's multi-line findings (1-based, exclusive)."""
    return max(len(line_text) + 1, column)


def char_column(text: str, byte_offset: int) -> int:
    """1-based character column of an ast byte offset (they differ on non-ASCII lines)."""
    if text.isascii():
        return byte_offset + 1
    return len(text.encode("utf-8")[:byte_offset].decode("utf-8", "replace")) + 1


def reported_span(line_text: str, span: Span) -> Span:
    """`span` (ast byte columns) as a finding shows it: character columns (they differ on a
    line with non-ASCII text), kept to its first line (`first_line_end`). `line_text` is the
    text of the span's first line."""
    column, end_line, end_column = span.column, span.end_line, span.end_column
    if not line_text.isascii():
        column = char_column(line_text, column - 1)
        if end_line == span.line:
            end_column = char_column(line_text, end_column - 1)
    if end_line != span.line:
        end_line, end_column = span.line, first_line_end(line_text, column)
    return Span(span.line, column, end_line, end_column)
