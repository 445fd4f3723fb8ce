"""What one group of a regular expression can match: a few strings, or open text.

`UNITS[m.group(2)]` after `m = SIZE.match(text)` raises KeyError only if the group can match a
key the table lacks. A group of a few literal choices (`([kmgt]?)`, `(ml|cl|l)`) matches only
those strings; a group of open text (`(.*)`, `(\\w+)`, `([^,]+)`) matches whatever the model
sends. `group_strings(pattern, flags, group)` tells which, from the pattern's parse tree.
"""

from __future__ import annotations

import itertools
import re
from typing import Any

_c: Any
_p: Any
try:
    from re import _constants as _c  # type: ignore[no-redef]
    from re import _parser as _p  # type: ignore[no-redef]
except ImportError:  # pragma: no cover (other Pythons: nothing is told)
    _p = _c = None

OPEN = "open"  # (the group matches text of no fixed set)
_LIMIT = 512  # (more strings than this: taken as open)


class _Open(Exception):
    pass


def group_strings(pattern: str, flags: int, group: int | str) -> frozenset[str] | str | None:
    """The strings the group can match (a frozenset), OPEN, or None when not known (a pattern
    that does not parse, a group it does not have)."""
    found = _group_body(pattern, flags, group)
    if found is None:
        return None
    body, fold = found
    try:
        return frozenset(_strings(body, fold))
    except _Open:
        return OPEN
    except RecursionError:
        return None


def group_is_free(pattern: str, flags: int, group: int | str) -> bool:
    """Whether the group matches free text: any character, a negated set or a class like
    `\\w`/`\\S` (`(.*)`, `([^,]+)`), so nothing of its form is known past the pattern's own
    text around it. Digits, white space (`\\d+\\s+\\d+`, `[0-9.]+`) and sets of listed
    characters are not free.
    False when the pattern or the group is not known."""
    found = _group_body(pattern, flags, group)
    return found is not None and _free(found[0])


def _group_body(pattern: str, flags: int, group: int | str) -> tuple[list[Any], bool] | None:
    """The parse of the group's own pattern, and whether case is folded; None when the
    pattern does not parse or has no such group."""
    if _p is None:
        return None
    try:
        parsed = _p.parse(pattern, flags)
    except (re.error, TypeError, ValueError, RecursionError, OverflowError):
        return None
    number = parsed.state.groupdict.get(group) if isinstance(group, str) else group
    if not isinstance(number, int) or number <= 0:
        return None
    body = _find(list(parsed), number)
    if body is None:
        return None
    return body, bool((flags | parsed.state.flags) & re.IGNORECASE)


# (classes of characters that hold no text of the model's choosing: digits, white space)
_CLOSED = () if _c is None else (_c.CATEGORY_DIGIT, _c.CATEGORY_SPACE)


def _free(items: list[Any]) -> bool:
    op: Any
    av: Any
    for op, av in items:
        if op in (_c.ANY, _c.NOT_LITERAL):
            return True
        if op is _c.IN:
            for kind, value in av:
                if kind is _c.NEGATE or (kind is _c.CATEGORY and value not in _CLOSED):
                    return True
        elif op is _c.SUBPATTERN:
            if _free(list(av[3])):
                return True
        elif op in (_c.MAX_REPEAT, _c.MIN_REPEAT, _c.POSSESSIVE_REPEAT):
            if _free(list(av[2])):
                return True
        elif op is _c.BRANCH:
            if any(_free(list(alt)) for alt in av[1]):
                return True
        elif op is _c.ATOMIC_GROUP and _free(list(av)):
            return True
    return False


def _find(items: list[Any], number: int) -> list[Any] | None:
    op: Any
    av: Any
    for op, av in items:
        if op is _c.SUBPATTERN:
            gid, _add, _del, sub = av
            if gid == number:
                return list(sub)
            found = _find(list(sub), number)
        elif op in (_c.MAX_REPEAT, _c.MIN_REPEAT, _c.POSSESSIVE_REPEAT):
            found = _find(list(av[2]), number)
        elif op is _c.BRANCH:
            found = None
            for alt in av[1]:
                found = _find(list(alt), number)
                if found is not None:
                    break
        elif op is _c.ATOMIC_GROUP:
            found = _find(list(av), number)
        else:
            continue
        if found is not None:
            return found
    return None


def _strings(items: list[Any], fold: bool) -> set[str]:
    """Every string the sequence matches (raises _Open past the limit or on open parts)."""
    out = {""}
    for op, av in items:
        part = _item(op, av, fold)
        out = {a + b for a, b in itertools.product(out, part)}
        if len(out) > _LIMIT:
            raise _Open
    return out


def _item(op: Any, av: Any, fold: bool) -> set[str]:
    if op is _c.LITERAL:
        return _cased(chr(av), fold)
    if op is _c.IN:
        chars: set[str] = set()
        for kind, value in av:
            if kind is _c.LITERAL:
                chars |= _cased(chr(value), fold)
            elif kind is _c.RANGE and value[1] - value[0] < _LIMIT:
                for code in range(value[0], value[1] + 1):
                    chars |= _cased(chr(code), fold)
            else:
                raise _Open  # (a negated set, a category like \w, a huge range)
        return chars
    if op is _c.SUBPATTERN:
        return _strings(list(av[3]), fold)
    if op is _c.BRANCH:
        found: set[str] = set()
        for alt in av[1]:
            found |= _strings(list(alt), fold)
        return found
    if op in (_c.MAX_REPEAT, _c.MIN_REPEAT, _c.POSSESSIVE_REPEAT):
        low, high, sub = av
        if high is _c.MAXREPEAT or high > 8:
            raise _Open
        once = _strings(list(sub), fold)
        found = set()
        for count in range(low, high + 1):
            found |= {"".join(p) for p in itertools.product(once, repeat=count)}
            if len(found) > _LIMIT:
                raise _Open
        return found
    if op is _c.AT:
        return {""}
    raise _Open  # (any character, a back-reference, a look-around: not a fixed set)


def _cased(char: str, fold: bool) -> set[str]:
    return {char.lower(), char.upper()} if fold else {char}
