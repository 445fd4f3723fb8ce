"""RemoveSuppression: drop a `# hermes-dev: ignore[...]` comment that suppresses nothing, or
only the codes in it that suppress nothing (HD900, safe).

A comment edit: the suppression is a comment token, which the fix finds at the position HD900
reports, so no tree is needed. When the suppression shares its comment with another one
(`# noqa: E501  # hermes-dev: ignore[HD101]`), only its own part goes; a line left blank goes.
"""

from __future__ import annotations

from hermes_dev.lint.fix._text import Lines, TextEdit

TYPE_CHECKING = False
if TYPE_CHECKING:
    import ast

    from hermes_dev.lint.rule import Fix

EDIT = "remove_suppression"
REQUIRES = None
MARKER = "hermes-dev:"


def edits(lines: Lines, tree: ast.Module, fixes: list[Fix]) -> list[tuple[TextEdit, list[Fix]]]:
    """`fix.args` is (line, column of the comment's `#`, end column, code or None for a bare
    ignore); the fixes of one comment make one edit."""
    by_comment: dict[tuple[int, int, int], list[Fix]] = {}
    for fix in fixes:
        line, column, end_column, _ = fix.args
        assert isinstance(line, int) and isinstance(column, int) and isinstance(end_column, int)
        by_comment.setdefault((line, column, end_column), []).append(fix)
    out: list[tuple[TextEdit, list[Fix]]] = []
    for (line, column, end_column), group in by_comment.items():
        codes = {f.args[3] for f in group}
        edit = _edit(lines, line, column, end_column, codes)
        if edit is not None:
            out.append((edit, group))
    return out


def _edit(
    lines: Lines, line: int, column: int, end_column: int, unused: set[object]
) -> TextEdit | None:
    text = lines.text(line)
    comment = text[column - 1 : end_column - 1]
    at = comment.find(MARKER)
    if not comment.startswith("#") or at == -1:
        return None
    own = comment.rfind("#", 0, at)  # the `#` that starts this suppression
    rest = comment[at + len(MARKER) :]
    open_at, close_at = rest.find("["), rest.find("]")
    listed: list[str] = []
    if None not in unused and open_at != -1 and close_at > open_at:
        listed = [c.strip() for c in rest[open_at + 1 : close_at].replace(" ", ",").split(",")]
        listed = [c for c in listed if c]
        kept = [c for c in listed if c.upper() not in unused]
        if kept:
            start = lines.char_offset(line, column) + at + len(MARKER) + open_at + 1
            end = lines.char_offset(line, column) + at + len(MARKER) + close_at
            return TextEdit(start, end, ", ".join(kept))
    line_start = lines.starts[line - 1]
    cut = column - 1 + own  # from this suppression's `#` ...
    if own == 0:
        stop = end_column - 1  # ... to the comment's end (a reason after it goes with it)
    else:
        stop = column - 1 + at + len(MARKER) + (close_at + 1 if close_at != -1 else len(rest))
    before = text[:cut].rstrip(" \t")
    after = text[stop:]
    if not before.strip() and not after.strip():
        # The line held only the suppression: remove the line.
        end = lines.starts[line] if line < len(lines.starts) else len(lines.source)
        return TextEdit(line_start, end, "")
    return TextEdit(line_start + len(before), line_start + stop, "")
