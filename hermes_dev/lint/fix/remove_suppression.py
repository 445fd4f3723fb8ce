"""RemoveSuppression: drop a `# hermes-dev: ignore[...]` or `# noqa: HD...` comment that
suppresses nothing, or only the codes in it that suppress nothing (HD900, safe). A `# noqa`
keeps the other linters' codes it names (`# noqa: E501, HD101` -> `# noqa: E501`).

A comment edit: the suppression is a comment token, which the fix finds at the position HD900
reports, so no tree is needed. When the suppression shares its comment with another one
(`# noqa: E501  # hermes-dev: ignore[HD101]`), only its own part goes; a line left blank goes.
"""

from __future__ import annotations

import re

from hermes_dev.lint.fix._text import Lines, TextEdit

TYPE_CHECKING = False
if TYPE_CHECKING:
    import ast

    from hermes_dev.lint.rule import Fix

EDIT = "remove_suppression"
REQUIRES = None
MARKER = "hermes-dev:"
NOQA = "noqa"  # hermes_dev.lint.suppress.NOQA (a fix imports no engine module)
_NOQA = re.compile(
    r"#\s*noqa\s*:\s*(?P<codes>[A-Za-z]+[0-9]+(?:(?:\s*,\s*|\s+)[A-Za-z]+[0-9]+)*)",
    re.IGNORECASE,
)


def edits(lines: Lines, tree: ast.Module, fixes: list[Fix]) -> list[tuple[TextEdit, list[Fix]]]:
    """`fix.args` is (line, column of the suppression's `#`, its end column, code or None for a
    bare ignore, the kind: "ignore" or "noqa"); the fixes of one suppression make one edit. The
    span is the suppression's own part of its comment token (another tool's comment in the
    same token is outside it, and stays)."""
    by_comment: dict[tuple[int, int, int, object], list[Fix]] = {}
    for fix in fixes:
        line, column, end_column, _, kind = fix.args
        assert isinstance(line, int) and isinstance(column, int) and isinstance(end_column, int)
        by_comment.setdefault((line, column, end_column, kind), []).append(fix)
    out: list[tuple[TextEdit, list[Fix]]] = []
    for (line, column, end_column, kind), group in by_comment.items():
        codes = {f.args[3] for f in group}
        if kind == NOQA:
            edit = _noqa_edit(lines, line, column, end_column, codes)
        else:
            edit = _edit(lines, line, column, end_column, codes)
        if edit is not None:
            out.append((edit, group))
    return out


def _noqa_edit(
    lines: Lines, line: int, column: int, end_column: int, unused: set[object]
) -> TextEdit | None:
    """Take the unused HD codes out of the comment's `# noqa: ...`; the whole `# noqa` goes when
    it names nothing else (a line left blank goes too)."""
    text = lines.text(line)
    comment = text[column - 1 : end_column - 1]
    match = _NOQA.search(comment)
    if not comment.startswith("#") or match is None:
        return None
    listed = [c for c in re.split(r"[\s,]+", match.group("codes")) if c]
    kept = [c for c in listed if c.upper() not in unused]
    offset = lines.char_offset(line, column)
    if kept:
        return TextEdit(offset + match.start("codes"), offset + match.end("codes"), ", ".join(kept))
    own, stop = match.start(), match.end()
    if own == 0:
        stop = len(comment)  # a reason after it goes with it
    return _cut(lines, line, column - 1 + own, column - 1 + stop)


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
    cut = column - 1 + own  # from this suppression's `#` ...
    if own == 0:
        stop = end_column - 1  # ... to its end (a reason after it goes with it)
    else:
        stop = column - 1 + at + len(MARKER) + (close_at + 1 if close_at != -1 else len(rest))
    return _cut(lines, line, cut, stop)


def _cut(lines: Lines, line: int, cut: int, stop: int) -> TextEdit:
    """Remove text[cut:stop] of the line and the blanks before it; the line when none is left."""
    text = lines.text(line)
    line_start = lines.starts[line - 1]
    before = text[:cut].rstrip(" \t")
    after = text[stop:]
    if not before.strip() and not after.strip():
        # The line held only the suppression: remove the line.
        end = lines.starts[line] if line < len(lines.starts) else len(lines.source)
        return TextEdit(line_start, end, "")
    return TextEdit(line_start + len(before), line_start + stop, "")
