"""Function bodies parsed when first read: a run follows calls into large modules for a few of
their functions, and the `ast` of the others' bodies was most of its memory.

`defer_bodies(tree, source)` replaces the body of each def of a module (at module level and in
class bodies, past a few lines) with a `LazyBody`: an empty list that, the first time anything
reads it (iteration, indexing, `len`, truth), parses its def's lines again and takes the body of
that parse, with the same line and column numbers. Code that walks the tree sees the same nodes as
a full parse, one body at a time. Bodies never read are never built again, so a module whose one
def a handler calls keeps the rest as statements' headers only.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Sequence

from hermes_dev.pyast.semantic.source_lines import SourceLines

# Defs shorter than this keep their body: re-reading the lines costs more than they hold.
MIN_LINES = 5


class LazyBody(list):  # type: ignore[type-arg]
    """A def's body, parsed on first read (see the module's docstring)."""

    __slots__ = ("_def", "_filename", "_filled", "_source")

    def __init__(
        self, node: ast.FunctionDef | ast.AsyncFunctionDef, source: SourceLines, filename: str
    ) -> None:
        super().__init__()
        self._def = node
        self._source: SourceLines | None = source
        self._filename = filename
        self._filled = False

    def _fill(self) -> None:
        self._filled = True
        try:
            body = self._segment_body()
        except (SyntaxError, ValueError, RecursionError, MemoryError, IndexError):
            body = None
        if body is None:
            # (text the segment cannot stand for: the whole file, the def found by position)
            body = self._whole_body()
        share_positions(body)
        list.extend(self, body)
        self._source = None

    def _segment_body(self) -> list[ast.stmt] | None:
        node, lines = self._def, self._source
        assert lines is not None
        first, last = node.lineno, node.end_lineno or node.lineno
        segment = lines.text(first, last)
        if node.col_offset:
            # An indented def parses inside a block opened on the line above it, so every line
            # and column number is the file's own.
            text = "\n" * (first - 2) + "if 1:\n" + segment
        else:
            text = "\n" * (first - 1) + segment
        parsed: ast.stmt = ast.parse(text, self._filename).body[0]
        if node.col_offset and isinstance(parsed, ast.If):
            parsed = parsed.body[0]
        if not isinstance(parsed, (ast.FunctionDef, ast.AsyncFunctionDef)) or not _same(
            parsed, node
        ):
            return None
        return parsed.body

    def _whole_body(self) -> list[ast.stmt]:
        node = self._def
        assert self._source is not None
        try:
            tree = ast.parse(self._source.source, self._filename)
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            return []
        for found in ast.walk(tree):
            if isinstance(found, (ast.FunctionDef, ast.AsyncFunctionDef)) and _same(found, node):
                return found.body
        return []

    def __iter__(self):  # type: ignore[no-untyped-def]
        if not self._filled:
            self._fill()
        return list.__iter__(self)

    def __len__(self) -> int:
        if not self._filled:
            self._fill()
        return list.__len__(self)

    def __getitem__(self, index):  # type: ignore[no-untyped-def]
        if not self._filled:
            self._fill()
        return list.__getitem__(self, index)

    def __bool__(self) -> bool:
        return len(self) > 0

    def __contains__(self, item: object) -> bool:
        if not self._filled:
            self._fill()
        return list.__contains__(self, item)

    def __reversed__(self):  # type: ignore[no-untyped-def]
        if not self._filled:
            self._fill()
        return list.__reversed__(self)

    def __eq__(self, other: object) -> bool:
        if not self._filled:
            self._fill()
        return list.__eq__(self, other)

    __hash__ = None

    def index(self, *args):  # type: ignore[no-untyped-def]
        if not self._filled:
            self._fill()
        return list.index(self, *args)

    def count(self, item: object) -> int:
        if not self._filled:
            self._fill()
        return list.count(self, item)

    def copy(self):  # type: ignore[no-untyped-def]
        return list(iter(self))

    def __add__(self, other):  # type: ignore[no-untyped-def]
        return list(iter(self)) + other

    def __radd__(self, other):  # type: ignore[no-untyped-def]
        return other + list(iter(self))

    def __reduce_ex__(self, protocol):  # type: ignore[no-untyped-def]
        return (list, (list(iter(self)),))


def _same(found: ast.FunctionDef | ast.AsyncFunctionDef, node: ast.AST) -> bool:
    return (
        type(found) is type(node)
        and found.lineno == getattr(node, "lineno", None)
        and found.col_offset == getattr(node, "col_offset", None)
        and found.name == getattr(node, "name", None)
    )


_NUMBERS: dict[int, int] = {}


def share_positions(nodes: Sequence[ast.AST] | ast.AST) -> None:
    """Make the line numbers of `nodes` (and all under them, unread bodies aside) one shared
    int each: the parser makes a new int object for every number above 256 on every node,
    two per node in a long module (about 20 MB of a real checkout's run)."""
    numbers = _NUMBERS
    stack: list[object] = [nodes] if isinstance(nodes, ast.AST) else list(nodes)
    pop, push, AST = stack.pop, stack.append, ast.AST
    while stack:
        node = pop()
        if type(node) is list or (type(node) is LazyBody and node._filled):
            stack.extend(list.__iter__(node))
            continue
        if not isinstance(node, AST):
            continue
        attrs = node.__dict__
        line = attrs.get("lineno")
        if line is not None and line > 256:
            attrs["lineno"] = numbers.setdefault(line, line)
            end = attrs.get("end_lineno")
            if end is not None:
                attrs["end_lineno"] = numbers.setdefault(end, end)
        for value in attrs.values():
            if type(value) is list or isinstance(value, AST):
                push(value)


def defer_bodies(tree: ast.Module, lines: SourceLines, filename: str = "<unknown>") -> None:
    """Give each long def at module level or in a class body (at any depth of classes) a
    `LazyBody`; `lines` are the module's (the text `tree` was parsed from)."""
    stack: list[list[ast.stmt]] = [tree.body]
    while stack:
        for stmt in stack.pop():
            if isinstance(stmt, ast.ClassDef):
                stack.append(stmt.body)
            elif isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef)):
                end = stmt.end_lineno or stmt.lineno
                if end - stmt.lineno >= MIN_LINES and not _one_line_header(stmt):
                    stmt.body = LazyBody(stmt, lines, filename)
            elif isinstance(stmt, (ast.If, ast.Try)):
                # (defs under `if TYPE_CHECKING:` / `try:` at module level)
                stack.append(stmt.body)
                stack.append(stmt.orelse)
                if isinstance(stmt, ast.Try):
                    stack.append(stmt.finalbody)
                    for handler in stmt.handlers:
                        stack.append(handler.body)


def _one_line_header(node: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """`def f(): return x` with the body on the def's own line: kept (the segment would hold
    the header's line twice over)."""
    return bool(node.body) and node.body[0].lineno == node.lineno


def may_mention(node: ast.AST, word: str) -> bool:
    """False when `node` is a def whose body is still unread and whose lines do not hold `word`
    (so nothing in it can name it); True otherwise. Lets a search for a name skip bodies."""
    text = _unread_text(node)
    return text is None or word in text


def may_match(node: ast.AST, pattern: re.Pattern[str]) -> bool:
    """`may_mention` for a pattern: False when `node` is a def whose unread body's lines do not
    match it."""
    text = _unread_text(node)
    return text is None or pattern.search(text) is not None


def _unread_text(node: ast.AST) -> str | None:
    """The lines of a def whose body is still unread, else None."""
    body = getattr(node, "body", None)
    if type(body) is not LazyBody or body._filled:
        return None
    node_def = body._def
    assert body._source is not None
    return body._source.text(node_def.lineno, node_def.end_lineno or node_def.lineno)


def body_read(node: ast.AST) -> bool:
    """Whether a node's body is in memory (False only for a def whose body is still unread)."""
    body = getattr(node, "body", None)
    return type(body) is not LazyBody or body._filled
