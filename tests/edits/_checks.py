"""Assertions shared by the edit tests: an add only inserts, and a remove undoes it."""

from __future__ import annotations

import difflib
import os


def inserted_text(before: str, after: str) -> str:
    """The span of `after` that differs from `before`; fails unless `after` only inserts characters.

    Trims the common prefix and suffix, then checks that what is left of `before` is a
    subsequence of what is left of `after` (every byte of `before` kept, in order). For a single
    insertion the span is exactly the inserted text.
    """
    prefix = len(os.path.commonprefix([before, after]))
    limit = min(len(before), len(after)) - prefix
    suffix = min(limit, len(os.path.commonprefix([before[::-1], after[::-1]])))
    removed = before[prefix : len(before) - suffix]
    span = after[prefix : len(after) - suffix]
    chars = iter(span)
    assert all(ch in chars for ch in removed), (
        f"changed, not only inserted: {removed!r} -> {span!r}"
    )
    return span


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
