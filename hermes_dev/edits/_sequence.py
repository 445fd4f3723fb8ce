"""Append an element to a list or dict literal, and remove one, keeping every other byte.

libcst keeps the whitespace between the last element and the closing bracket on the bracket
(`rbracket.whitespace_before`): the rest of the last element's line (its comment), then own-line
comments and blank lines, then the closing line's indentation. A naive append would move all of that
after the new element. `append` instead splits that tail:

    "b",  # kept on b's line          <- first_line stays with "b"
    # ── Section ──                    <- own-line comments stay above the new element
    "new",                            <- inserted, with the siblings' indentation
                                      <- a trailing run of blank lines stays below it
]

so `source -> append` only inserts characters, and `remove` is its exact inverse: removing the
element `append` added gives back the original bytes. The one style choice that would make two
sources collide (a blank line before the new entry when siblings are blank-separated, versus a blank
line the source already had before the bracket) is resolved by keeping a trailing blank run below
the new element, so `remove` can tell the cases apart.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar, cast

import libcst as cst

Container = TypeVar("Container", cst.List, cst.Dict, cst.Set)
Whitespace = cst.BaseParenthesizableWhitespace
AnyElement = cst.BaseElement | cst.BaseDictElement
# Builds the new element for a given item indentation; None means "on the same line".
ElementBuilder = Callable[[str | None], AnyElement]

_NO_SPACE = cst.SimpleWhitespace("")
_ONE_SPACE = cst.SimpleWhitespace(" ")


def _parts(
    node: cst.List | cst.Dict | cst.Set,
) -> tuple[list[AnyElement], Whitespace, Whitespace]:
    if isinstance(node, cst.List):
        return list(node.elements), node.lbracket.whitespace_after, node.rbracket.whitespace_before
    return list(node.elements), node.lbrace.whitespace_after, node.rbrace.whitespace_before


def _rebuild(
    node: Container,
    elements: Sequence[AnyElement],
    open_ws: Whitespace,
    close_ws: Whitespace,
) -> Container:
    if isinstance(node, cst.List):
        return node.with_changes(
            elements=elements,
            lbracket=node.lbracket.with_changes(whitespace_after=open_ws),
            rbracket=node.rbracket.with_changes(whitespace_before=close_ws),
        )
    return node.with_changes(
        elements=elements,
        lbrace=node.lbrace.with_changes(whitespace_after=open_ws),
        rbrace=node.rbrace.with_changes(whitespace_before=close_ws),
    )


def _comma(element: AnyElement) -> cst.Comma | None:
    return element.comma if isinstance(element.comma, cst.Comma) else None


def _with_comma(element: AnyElement, comma: cst.Comma | None) -> AnyElement:
    return element.with_changes(comma=comma if comma is not None else cst.MaybeSentinel.DEFAULT)


def _ws_before(elements: Sequence[AnyElement], index: int, open_ws: Whitespace) -> Whitespace:
    if index == 0:
        return open_ws
    comma = _comma(elements[index - 1])
    return comma.whitespace_after if comma is not None else _NO_SPACE


def _is_blank(line: cst.EmptyLine) -> bool:
    return line.comment is None


def _is_empty(ws: Whitespace) -> bool:
    return isinstance(ws, cst.SimpleWhitespace) and ws.value == ""


def _unit(indent: str) -> str:
    return "\t" if "\t" in indent else "    "


def item_indent(node: cst.List | cst.Dict | cst.Set) -> str:
    """The indentation of the literal's last line-starting element (its closing line + 4 if none)."""
    elements, open_ws, close_ws = _parts(node)
    for index in range(len(elements) - 1, -1, -1):
        ws = _ws_before(elements, index, open_ws)
        if isinstance(ws, cst.ParenthesizedWhitespace):
            return ws.last_line.value
    tail = open_ws if not elements else close_ws
    if isinstance(tail, cst.ParenthesizedWhitespace):
        if not elements:
            comments = [line for line in tail.empty_lines if not _is_blank(line)]
            if comments:
                return comments[-1].whitespace.value
        return tail.last_line.value + _unit(tail.last_line.value)
    return "    "


def is_multiline(node: cst.List | cst.Dict | cst.Set) -> bool:
    elements, open_ws, close_ws = _parts(node)
    return isinstance(close_ws if elements else open_ws, cst.ParenthesizedWhitespace)


def _blank_separated(elements: Sequence[AnyElement]) -> bool:
    """True when siblings are mostly spaced out by a bare blank line.

    Gaps holding a comment are section breaks, not evidence either way.
    """
    blank = plain = 0
    for element in elements[:-1]:
        comma = _comma(element)
        gap = comma.whitespace_after if comma is not None else None
        lines = gap.empty_lines if isinstance(gap, cst.ParenthesizedWhitespace) else []
        if not lines:
            plain += 1
        elif all(_is_blank(line) for line in lines):
            blank += 1
    return blank > plain


def _split_tail(
    tail: cst.ParenthesizedWhitespace, indent: str, blank_before: bool
) -> tuple[cst.ParenthesizedWhitespace, cst.ParenthesizedWhitespace]:
    """Cut the whitespace before a closing bracket into (before the new item, after it)."""
    lines = list(tail.empty_lines)
    cut = len(lines)
    while cut > 0 and _is_blank(lines[cut - 1]):
        cut -= 1
    above, below = lines[:cut], lines[cut:]
    if not lines and blank_before:
        above = [cst.EmptyLine(indent=True, whitespace=_NO_SPACE, comment=None)]
    head = cst.ParenthesizedWhitespace(
        first_line=tail.first_line,
        empty_lines=above,
        indent=tail.indent,
        last_line=cst.SimpleWhitespace(indent),
    )
    rest = cst.ParenthesizedWhitespace(
        first_line=cst.TrailingWhitespace(),
        empty_lines=below,
        indent=tail.indent,
        last_line=tail.last_line,
    )
    return head, rest


def _join_tail(before: Whitespace, after: Whitespace) -> Whitespace:
    """Inverse of `_split_tail`: the whitespace that was there before an element was added."""
    if isinstance(before, cst.ParenthesizedWhitespace) and isinstance(
        after, cst.ParenthesizedWhitespace
    ):
        above = list(before.empty_lines)
        if not after.empty_lines and above and _is_blank(above[-1]):
            above.pop()  # the separator `_split_tail` put before an entry of a blank-spaced dict
        return before.with_changes(
            empty_lines=above + list(after.empty_lines), last_line=after.last_line
        )
    if isinstance(before, cst.SimpleWhitespace) and isinstance(after, cst.SimpleWhitespace):
        return cst.SimpleWhitespace(before.value + after.value)
    return before if isinstance(before, cst.ParenthesizedWhitespace) else after


def _join_gap(before: Whitespace, after: Whitespace) -> Whitespace:
    """The gap left between two siblings once the element between them is gone."""
    if not isinstance(after, cst.ParenthesizedWhitespace):
        return before
    if not isinstance(before, cst.ParenthesizedWhitespace):
        return after
    above = list(before.empty_lines)
    below = list(after.empty_lines)
    if above and below and _is_blank(above[-1]) and _is_blank(below[0]):
        below = below[1:]  # two blank-line separators meet: keep one
    return before.with_changes(empty_lines=above + below, last_line=after.last_line)


def append(node: Container, build: ElementBuilder) -> Container:
    """`node` with one more element at the end, in the layout of its siblings."""
    parts = _parts(node)
    elements: list[AnyElement] = parts[0]
    open_ws, close_ws = parts[1], parts[2]
    if not elements:
        if isinstance(open_ws, cst.ParenthesizedWhitespace):
            head, rest = _split_tail(open_ws, item_indent(node), blank_before=False)
            new = _with_comma(build(head.last_line.value), cst.Comma())
            return _rebuild(node, [new], head, _join_tail(rest, close_ws))
        return _rebuild(node, [_with_comma(build(None), None)], open_ws, close_ws)

    last = elements[-1]
    last_comma = _comma(last)
    if isinstance(close_ws, cst.ParenthesizedWhitespace):
        indent = item_indent(node)
        head, rest = _split_tail(close_ws, indent, _blank_separated(elements))
        if last_comma is not None:
            # The new element inherits the trailing comma; the old last keeps its own.
            elements[-1] = _with_comma(last, last_comma.with_changes(whitespace_after=head))
            new = _with_comma(
                build(indent), cst.Comma(whitespace_after=last_comma.whitespace_after)
            )
        else:
            elements[-1] = _with_comma(last, cst.Comma(whitespace_after=head))
            new = _with_comma(build(indent), None)
        return _rebuild(node, [*elements, new], open_ws, rest)

    # Everything on one line: `["a", "b"]` -> `["a", "b", "new"]`.
    if last_comma is not None:
        elements[-1] = _with_comma(last, last_comma.with_changes(whitespace_after=_ONE_SPACE))
        new = _with_comma(build(None), cst.Comma(whitespace_after=last_comma.whitespace_after))
    else:
        elements[-1] = _with_comma(last, cst.Comma(whitespace_after=_ONE_SPACE))
        new = _with_comma(build(None), None)
    return _rebuild(node, [*elements, new], open_ws, close_ws)


def remove(node: Container, index: int) -> Container:
    """`node` without element `index`; the exact inverse of `append` for its last element."""
    parts = _parts(node)
    elements: list[AnyElement] = parts[0]
    open_ws, close_ws = parts[1], parts[2]
    gone = elements.pop(index)
    before = _ws_before([*elements[:index], gone], index, open_ws)
    gone_comma = _comma(gone)
    after = gone_comma.whitespace_after if gone_comma is not None else _NO_SPACE

    if index < len(elements):  # a middle (or first) element: close the gap
        gap = _join_gap(before, after)
        if index == 0:
            return _rebuild(node, elements, gap, close_ws)
        prev = elements[index - 1]
        elements[index - 1] = _with_comma(
            prev, cast(cst.Comma, _comma(prev)).with_changes(whitespace_after=gap)
        )
        return _rebuild(node, elements, open_ws, close_ws)

    if index == 0:  # it was the only element: `[` before E , after close `]`
        tail = close_ws if _is_empty(after) else (after if _is_empty(close_ws) else close_ws)
        return _rebuild(node, elements, _join_tail(before, tail), _NO_SPACE)
    # The last of several: `prev , before E [, after] close` -> `prev [, after] close`.
    prev = elements[index - 1]
    if gone_comma is not None:
        prev_comma = cast(cst.Comma, _comma(prev))
        elements[index - 1] = _with_comma(prev, prev_comma.with_changes(whitespace_after=after))
    else:
        elements[index - 1] = _with_comma(prev, None)
    if isinstance(before, cst.ParenthesizedWhitespace):
        close_ws = _join_tail(before, close_ws)
    return _rebuild(node, elements, open_ws, close_ws)


def insert_after(node: Container, index: int, build: ElementBuilder) -> Container:
    """`node` with a new element right after element `index`, in its siblings' layout.

    The new element goes on the line after element `index` (which keeps its own trailing
    comment); own-line comments and blank lines that stood between `index` and the next element
    stay above the next one (they head it: a `# ── Section ──` comment), so the edit only inserts
    characters and `remove` of the new element gives back the original bytes. The last element
    goes through `append`.
    """
    parts = _parts(node)
    elements: list[AnyElement] = parts[0]
    if index >= len(elements) - 1:
        return append(node, build)
    open_ws, close_ws = parts[1], parts[2]
    current = elements[index]
    comma = cast(cst.Comma, _comma(current))  # not the last element: it has a comma
    gap = comma.whitespace_after
    if isinstance(gap, cst.ParenthesizedWhitespace):
        indent = gap.last_line.value
        head = cst.ParenthesizedWhitespace(
            first_line=gap.first_line,
            empty_lines=[],
            indent=gap.indent,
            last_line=cst.SimpleWhitespace(indent),
        )
        rest = cst.ParenthesizedWhitespace(
            first_line=cst.TrailingWhitespace(),
            empty_lines=gap.empty_lines,
            indent=gap.indent,
            last_line=gap.last_line,
        )
        new = _with_comma(build(indent), cst.Comma(whitespace_after=rest))
        elements[index] = _with_comma(current, comma.with_changes(whitespace_after=head))
    else:  # on one line: `a, b` -> `a, new, b`
        new = _with_comma(build(None), cst.Comma(whitespace_after=_ONE_SPACE))
    return _rebuild(node, [*elements[: index + 1], new, *elements[index + 1 :]], open_ws, close_ws)
