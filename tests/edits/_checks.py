"""Assertions shared by the edit tests: an add only inserts, and a remove undoes it."""

from __future__ import annotations

import difflib


def inserted_text(before: str, after: str) -> str:
    """The characters `after` adds to `before`; fails if anything of `before` was changed or lost.

    Compares lines first (fast on files of thousands of lines), then checks that every changed
    block of `before` is a subsequence of its replacement, i.e. only characters were inserted.
    """
    old, new = before.splitlines(keepends=True), after.splitlines(keepends=True)
    added: list[str] = []
    matcher = difflib.SequenceMatcher(None, old, new, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            continue
        assert tag != "delete", f"lines removed: {old[i1:i2]!r}"
        removed, replacement = "".join(old[i1:i2]), "".join(new[j1:j2])
        added.append(_insertions(removed, replacement))
    return "".join(added)


def _insertions(removed: str, replacement: str) -> str:
    out: list[str] = []
    pos = 0
    for ch in replacement:
        if pos < len(removed) and ch == removed[pos]:
            pos += 1
        else:
            out.append(ch)
    assert pos == len(removed), f"changed, not only inserted: {removed!r} -> {replacement!r}"
    return "".join(out)


def diff_lines(before: str, after: str) -> tuple[list[str], list[str]]:
    """(+ lines, - lines) of a unified diff, without the file headers."""
    plus, minus = [], []
    for line in difflib.unified_diff(before.splitlines(), after.splitlines(), lineterm="", n=0):
        if line.startswith(("+++", "---")):
            continue
        if line.startswith("+"):
            plus.append(line[1:])
        elif line.startswith("-"):
            minus.append(line[1:])
    return plus, minus
