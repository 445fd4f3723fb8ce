"""`# hermes-dev: ignore[HD101, HD102]` and bare `# hermes-dev: ignore` comments.

A suppression applies to findings on its own line. The text scan finds candidates; only when a
file has some is it tokenized, so that the words inside a string literal never count.
"""

from __future__ import annotations

MARKER = "hermes-dev:"


class Suppression:
    __slots__ = ("codes", "column", "end_column", "line", "used")

    def __init__(
        self, line: int, column: int, end_column: int, codes: tuple[str, ...] | None
    ) -> None:
        self.line = line
        self.column = column  # 1-based, at the '#'
        self.end_column = end_column
        self.codes = codes  # None: every code
        self.used: set[str] = set()

    def covers(self, code: str) -> bool:
        return self.codes is None or code in self.codes

    def __repr__(self) -> str:
        return f"Suppression(line {self.line}, {self.codes})"


def _parse_comment(comment: str) -> tuple[bool, tuple[str, ...] | None]:
    """(is a suppression, its codes or None when bare) for one comment token."""
    body = comment.lstrip("#").strip()
    if not body.startswith(MARKER):
        return False, None
    rest = body[len(MARKER) :].strip()
    if not rest.startswith("ignore"):
        return False, None
    rest = rest[len("ignore") :].strip()
    if not rest.startswith("["):
        bare = not rest or rest.startswith(("#", ";"))
        return bare, None
    close = rest.find("]")
    if close == -1:
        return False, None
    codes = tuple(
        c.strip().upper() for c in rest[1:close].replace(" ", ",").split(",") if c.strip()
    )
    return True, codes or None


def find_suppressions(source: str) -> dict[int, Suppression]:
    """Line -> the suppression comment on it."""
    if MARKER not in source:
        return {}
    candidates: set[int] = set()
    lines = source.replace("\r\n", "\n").replace("\r", "\n").split("\n")  # as tokenize counts
    for number, text in enumerate(lines, 1):
        hash_at = text.find("#")
        if hash_at != -1 and MARKER in text[hash_at:]:
            candidates.add(number)
    if not candidates:
        return {}
    import io
    import tokenize

    found: dict[int, Suppression] = {}
    try:
        # newline=None: a CR-only file is read line by line as ast and the scan above count
        # its lines (StringIO alone splits at "\n" only: the whole file was one line).
        for tok in tokenize.generate_tokens(io.StringIO(source, newline=None).readline):
            if tok.type != tokenize.COMMENT or tok.start[0] not in candidates:
                continue
            is_suppression, codes = _parse_comment(tok.string)
            if not is_suppression:
                continue
            line, col = tok.start
            found[line] = Suppression(line, col + 1, tok.end[1] + 1, codes)
    except (tokenize.TokenError, SyntaxError, ValueError):
        pass  # a file that does not tokenize keeps the suppressions seen so far
    return found
