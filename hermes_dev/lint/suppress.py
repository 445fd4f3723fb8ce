"""Suppression comments: `# hermes-dev: ignore[HD101, HD102]`, a bare `# hermes-dev: ignore`,
and Ruff's and flake8's `# noqa: HD101` (its HD codes only).

A suppression applies to findings on its own line. The text scan finds candidates; only when a
file has some is it tokenized, so that the words inside a string literal never count. One
comment may hold several suppressions (`# noqa: E501  # hermes-dev: ignore[HD101]`): each `#`
part is read on its own.

A `# noqa` comment suppresses only the HD codes it names: a bare `# noqa`, or `# noqa: E501`,
belongs to the other linters a project runs and is neither honoured nor reported here.
"""

from __future__ import annotations

import re

MARKER = "hermes-dev:"
IGNORE, NOQA = "ignore", "noqa"

# A noqa comment that names an HD code (the quick test before a file is tokenized).
_NOQA_HD = re.compile(r"#\s*noqa\s*:[^#\n\r]*?\bHD\d", re.IGNORECASE)
# Ruff's form: `noqa`, a colon, codes separated by commas and/or spaces.
_NOQA_PART = re.compile(
    r"noqa\s*:\s*(?P<codes>[A-Za-z]+[0-9]+(?:(?:\s*,\s*|\s+)[A-Za-z]+[0-9]+)*)", re.IGNORECASE
)
_HD_CODE = re.compile(r"HD[0-9]+")


class Suppression:
    __slots__ = ("codes", "column", "end_column", "kind", "line", "used")

    def __init__(
        self,
        line: int,
        column: int,
        end_column: int,
        codes: tuple[str, ...] | None,
        kind: str = IGNORE,
    ) -> None:
        self.line = line
        # 1-based, from its '#' to its end: a comment token holding another tool's comment too
        # (a noqa comment, then a hermes-dev one) gives each its own span.
        self.column = column
        self.end_column = end_column
        self.codes = codes  # None: every code
        self.kind = kind  # IGNORE (`# hermes-dev: ignore`) or NOQA (a noqa comment)
        self.used: set[str] = set()

    def covers(self, code: str) -> bool:
        return self.codes is None or code in self.codes

    def __repr__(self) -> str:
        return f"Suppression(line {self.line}, {self.kind}, {self.codes})"


def may_hold_suppression(source: str) -> bool:
    """False when `source` surely holds no suppression comment (a text test, no tokenizing)."""
    return MARKER in source or _NOQA_HD.search(source) is not None


def _parse_ignore(body: str) -> tuple[bool, tuple[str, ...] | None]:
    """(is a suppression, its codes or None when bare) for one `hermes-dev:` part."""
    rest = body[len(MARKER) :].strip()
    if not rest.startswith("ignore"):
        return False, None
    rest = rest[len("ignore") :].strip()
    if not rest.startswith("["):
        bare = not rest or rest.startswith(";")
        return bare, None
    close = rest.find("]")
    if close == -1:
        return False, None
    codes = tuple(
        c.strip().upper() for c in rest[1:close].replace(" ", ",").split(",") if c.strip()
    )
    return True, codes or None


def parse_noqa(part: str) -> tuple[str, ...]:
    """The HD codes a `noqa: ...` part names, upper-cased ((): none, or no such part)."""
    match = _NOQA_PART.match(part)
    if match is None:
        return ()
    codes = [c.upper() for c in re.split(r"[\s,]+", match.group("codes")) if c]
    return tuple(c for c in codes if _HD_CODE.fullmatch(c))


# Where a comment token holds another comment: noqa, `type: ignore`, `hermes-dev:`...
_PART_START = re.compile(r"#\s*(?:noqa\b|[A-Za-z][\w-]*:)", re.IGNORECASE)


def parts(comment: str) -> list[tuple[int, int]]:
    """The (start, end) of each comment a comment token holds: it starts at its `#`, and ends
    where the next one starts (blanks before it left out), or at the token's end."""
    starts = [0] + [m.start() for m in _PART_START.finditer(comment, 1)]
    ends = [len(comment[:start].rstrip()) for start in starts[1:]] + [len(comment)]
    return list(zip(starts, ends))


def parse_comment(comment: str) -> list[tuple[str, tuple[str, ...] | None, int, int]]:
    """The suppressions one comment token holds: (kind, codes or None for a bare ignore, and
    the suppression's own span in the token)."""
    found: list[tuple[str, tuple[str, ...] | None, int, int]] = []
    for start, end in parts(comment):
        body = comment[start:end].lstrip("#").strip()
        if body.startswith(MARKER):
            is_suppression, codes = _parse_ignore(body)
            if is_suppression:
                found.append((IGNORE, codes, start, end))
        elif body[:4].lower() == NOQA:
            noqa_codes = parse_noqa(body)
            if noqa_codes:
                found.append((NOQA, noqa_codes, start, end))
    return found


def find_suppressions(source: str) -> dict[int, list[Suppression]]:
    """Line -> the suppressions its comment holds."""
    if not may_hold_suppression(source):
        return {}
    candidates: set[int] = set()
    lines = source.replace("\r\n", "\n").replace("\r", "\n").split("\n")  # as tokenize counts
    for number, text in enumerate(lines, 1):
        hash_at = text.find("#")
        if hash_at != -1 and may_hold_suppression(text[hash_at:]):
            candidates.add(number)
    if not candidates:
        return {}
    import io
    import tokenize

    found: dict[int, list[Suppression]] = {}
    try:
        # newline=None: a CR-only file is read line by line as ast and the scan above count
        # its lines (StringIO alone splits at "\n" only: the whole file was one line).
        for tok in tokenize.generate_tokens(io.StringIO(source, newline=None).readline):
            if tok.type != tokenize.COMMENT or tok.start[0] not in candidates:
                continue
            line, col = tok.start
            for kind, codes, start, end in parse_comment(tok.string):
                sup = Suppression(line, col + 1 + start, col + 1 + end, codes, kind)
                found.setdefault(line, []).append(sup)
    except (tokenize.TokenError, SyntaxError, ValueError):
        pass  # a file that does not tokenize keeps the suppressions seen so far
    return found
