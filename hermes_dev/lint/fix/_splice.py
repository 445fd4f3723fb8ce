"""The tree of a fixed file without parsing all of it again, when the fixes allow.

The handler fixes rewrite one simple statement in place (`return V` -> `return json.dumps(V)`,
`raise X(m)` -> `return tool_error(m)`), most often with no line added. Then the new file's
tree is the old one with that statement parsed again where it stands: its lines, under an
`if 1:` at their own indentation, shifted to their line. Only the nodes on the path down to it
are new (copies without the analyses' memos); every other subtree is the old tree's. What the
file would parse to is what `ast.parse` of the new text gives (the tests compare the two, dumps
with positions). Replacing one whole statement by another at the same indentation keeps the
file valid Python, so this is also the check that the fixed file parses.

Anything else (an edit that adds or removes a line, one outside a statement, a statement that
shares a line with another or with its block's header, a `__future__` import other than
annotations, which may change how the file parses) gives None: parse the whole file.
"""

from __future__ import annotations

import ast

from hermes_dev.lint.fix._text import Lines, TextEdit, line_breaks

_BLOCKS = ("body", "orelse", "finalbody", "handlers", "cases")


def spliced(tree: ast.Module, old: Lines, new: str, edits: list[TextEdit]) -> ast.Module | None:
    """The tree of `new` (`old.source` with `edits` applied), built from `tree` (the parse of
    `old.source`), or None when the edits are not all in-place statement rewrites."""
    if not edits or _future_imports(tree):
        return None
    for edit in edits:
        if line_breaks(old.source[edit.start : edit.end]) != line_breaks(edit.text):
            return None  # the lines after it would move
    new_lines = Lines(new)
    if len(new_lines.starts) != len(old.starts):
        return None
    # Where each edited statement is, in the old tree (two edits in one statement: once).
    places: dict[int, list[tuple[str, int]]] = {}
    for edit in edits:
        path = _path_to_statement(tree, old, edit)
        if path is None:
            return None
        places[id(path[-1][0])] = [(field, index) for _, field, index in path]
    result = tree
    for place in places.values():
        replaced = _replace(result, place, new_lines)
        if replaced is None:
            return None
        result = replaced
    return result


def _future_imports(tree: ast.Module) -> bool:
    return any(
        isinstance(stmt, ast.ImportFrom)
        and stmt.module == "__future__"
        and any(alias.name != "annotations" for alias in stmt.names)
        for stmt in tree.body
    )


def _path_to_statement(
    tree: ast.Module, lines: Lines, edit: TextEdit
) -> list[tuple[ast.AST, str, int]] | None:
    """[(node, field, index)] from the module down to the simple statement that holds the
    edit, each node with the block it is in; None when there is no such statement, or it is
    not alone on its lines."""
    path: list[tuple[ast.AST, str, int]] = []
    holder: ast.AST = tree
    while True:
        found = None
        for field in _BLOCKS:
            block = getattr(holder, field, None)
            if not isinstance(block, list):
                continue
            for index, child in enumerate(block):
                if not isinstance(child, (ast.stmt, ast.ExceptHandler)):
                    return None  # a match case: no positions of its own
                start, end = lines.span(child)
                if start <= edit.start and edit.end <= end:
                    found = (child, field, index, block)
                    break
            if found is not None:
                break
        if found is None:
            return None
        child, field, index, block = found
        path.append((child, field, index))
        if isinstance(child, ast.ExceptHandler) or _is_compound(child):
            holder = child
            continue
        if not _alone(child, holder, block, index):
            return None
        return path


def _is_compound(stmt: ast.AST) -> bool:
    return any(isinstance(getattr(stmt, f, None), list) for f in _BLOCKS)


def _alone(stmt: ast.stmt, holder: ast.AST, block: list[ast.AST], index: int) -> bool:
    """No other statement on its lines (`a = 1; return x`), and not on its block's header
    line (`if x: return y`)."""
    if index > 0 and block[index - 1].end_lineno >= stmt.lineno:  # type: ignore[attr-defined]
        return False
    if index + 1 < len(block) and block[index + 1].lineno <= stmt.end_lineno:  # type: ignore[attr-defined]
        return False
    if isinstance(holder, ast.Module):
        return stmt.col_offset == 0
    return getattr(holder, "lineno", 0) < stmt.lineno and stmt.col_offset > 0


def _parse_statement(lines: Lines, old: ast.stmt) -> ast.stmt | None:
    """The one statement on `old`'s lines of the new text, placed where `old` was."""
    first = old.lineno
    last = old.end_lineno or first
    start = lines.starts[first - 1]
    end = lines.starts[last] if last < len(lines.starts) else len(lines.source)
    text = lines.source[start:end]
    nested = old.col_offset > 0
    try:
        parsed = ast.parse("if 1:\n" + text if nested else text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None
    body = parsed.body[0].body if nested and parsed.body else parsed.body  # type: ignore[attr-defined]
    if len(parsed.body) != 1 or len(body) != 1 or not isinstance(body[0], ast.stmt):
        return None
    stmt: ast.stmt = body[0]
    if _is_compound(stmt) or stmt.col_offset != old.col_offset:
        return None
    ast.increment_lineno(stmt, first - 2 if nested else first - 1)
    if stmt.lineno != first or stmt.end_lineno != last:
        return None
    return stmt


def _replace(tree: ast.Module, place: list[tuple[str, int]], lines: Lines) -> ast.Module | None:
    """A new module with the statement at `place` ((block, index) from the module down) parsed
    again from `lines`; the nodes above it are copies. An ancestor that ended where the old
    statement ended ends where the new one does."""
    chain: list[ast.AST] = [tree]
    for field, index in place:
        chain.append(getattr(chain[-1], field)[index])
    old = chain[-1]
    assert isinstance(old, ast.stmt)
    fresh = _parse_statement(lines, old)
    if fresh is None:
        return None
    old_end = (old.end_lineno, old.end_col_offset)
    new_end = (fresh.end_lineno, fresh.end_col_offset)
    replacement: ast.AST = fresh
    for depth in range(len(place) - 1, -1, -1):
        field, index = place[depth]
        copy = _copy(chain[depth])
        block = list(getattr(copy, field))
        block[index] = replacement
        setattr(copy, field, block)
        if depth and (copy.end_lineno, copy.end_col_offset) == old_end:  # type: ignore[attr-defined]
            copy.end_lineno, copy.end_col_offset = new_end  # type: ignore[attr-defined]
        replacement = copy
    assert isinstance(replacement, ast.Module)
    return replacement


def _copy(node: ast.AST) -> ast.AST:
    """The node with its fields and positions only (no memo an analysis kept on it)."""
    copy = type(node)()
    for name in (*node._fields, *node._attributes):
        if hasattr(node, name):
            setattr(copy, name, getattr(node, name))
    return copy
