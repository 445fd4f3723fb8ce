"""Shrink a failing call's arguments to the smallest that still fail the same way.

Greedy and deterministic, on JSON values: drop a property or a list item, then make a value
simpler (a string empty, shorter, one character; a number 0, smaller, whole; `true` false; a list
shorter), keeping a change when the call still shows the same problem (and, for a call whose
arguments fit the schema, when they still fit it: a dict returned on one enum value shrinks to
that value, not to a schema violation). Smaller is shorter JSON, then earlier in sort order.
Each try is a call of the handler, so tries are bounded (a time-out costs seconds).
"""

from __future__ import annotations

import json

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Iterator
    from typing import Any


def size(value: Any) -> tuple[int, str]:
    text = json.dumps(value, sort_keys=True, ensure_ascii=False)
    return len(text), text


def simpler(value: Any) -> Iterator[Any]:
    """Candidates simpler than `value`, the most promising first (each a new object)."""
    if isinstance(value, dict):
        keys = sorted(value)
        for key in keys:
            yield {k: v for k, v in value.items() if k != key}
        for key in keys:
            for smaller in simpler(value[key]):
                yield {**value, key: smaller}
    elif isinstance(value, list):
        if value:
            yield []
            if len(value) > 2:
                yield value[: len(value) // 2]
            for i in range(len(value)):
                yield value[:i] + value[i + 1 :]
            for i, item in enumerate(value):
                for smaller in simpler(item):
                    yield value[:i] + [smaller] + value[i + 1 :]
    elif isinstance(value, bool):
        if value:
            yield False
    elif isinstance(value, int):
        if value != 0:
            yield 0
            if abs(value) > 1:
                yield value // 2 if value > 0 else -(-value // 2)
            if value < 0:
                yield -value
    elif isinstance(value, float):
        if value != 0:
            yield 0
            if value != int(value) and abs(value) < 1e15:
                yield float(int(value))
            if abs(value) > 1:
                yield value / 2
            if value < 0:
                yield -value
    elif isinstance(value, str) and value:
        yield ""
        if len(value) > 1:
            yield value[:1]
        if len(value) > 2:
            yield value[: len(value) // 2]
        if any(not ("a" <= c <= "z") for c in value):
            yield "a" * len(value)


def shrink(
    args: Any,
    still_fails: Callable[[Any], bool],
    keep: Callable[[Any], bool] | None = None,
    max_tries: int = 200,
) -> tuple[Any, int]:
    """The smallest variant of `args` found that `still_fails` (and that `keep` accepts), and
    how many calls it took."""
    current = args
    current_size = size(current)
    tries = 0
    improved = True
    while improved and tries < max_tries:
        improved = False
        for candidate in simpler(current):
            if tries >= max_tries:
                break
            candidate_size = size(candidate)
            if candidate_size >= current_size:
                continue
            if keep is not None and not keep(candidate):
                continue
            tries += 1
            if still_fails(candidate):
                current, current_size = candidate, candidate_size
                improved = True
                break
    return current, tries
