"""Build the elements the edits insert, in the style of the literal they go into."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

import libcst as cst

from hermes_dev.edits._cst import quote_of, string_literal
from hermes_dev.edits._sequence import ElementBuilder, is_multiline, item_indent


def string_element(text: str, quote: str) -> ElementBuilder:
    """A list element holding one string; the same on its own line or inline."""

    def build(indent: str | None) -> cst.Element:
        return cst.Element(value=cst.SimpleString(string_literal(text, quote)))

    return build


def key_element(key: str, value_code: str, quote: str) -> ElementBuilder:
    """A `"key": value` element for a dict, where `value_code` is a one-line expression."""

    def build(indent: str | None) -> cst.DictElement:
        return cst.DictElement(
            key=cst.SimpleString(string_literal(key, quote)),
            value=cst.parse_expression(value_code),
        )

    return build


# New lines longer than this get their text split into a parenthesised implicit concatenation,
# the way Hermes writes its long descriptions.
LINE_LENGTH = 100


@dataclass(frozen=True)
class Text:
    """A string value: one literal, or several in parentheses when its line would be too long."""

    value: str


def string_list_code(items: Sequence[str], quote: str) -> str:
    return "[" + ", ".join(string_literal(item, quote) for item in items) + "]"


def entry_element(
    parent: cst.Dict,
    key: str,
    fields: Sequence[tuple[str, str | Text]],
    sibling: tuple[cst.Dict | None] | None = None,
) -> ElementBuilder:
    """A `"key": {"field": value, ...}` element for `parent`, laid out like its last entry.

    `fields` are (name, one-line value code or Text). On its own line the entry gets one field per line,
    indented like the fields of the parent's last multi-line entry, with its trailing-comma habit.
    `sibling`: that entry's value when the caller knows it already (`last_dict_value(parent)`).
    """
    quote = quote_of(parent)
    sibling_value = last_dict_value(parent) if sibling is None else sibling[0]
    return _entry_builder(quote, key, fields, sibling_value)


def _entry_builder(
    quote: str, key: str, fields: Sequence[tuple[str, str | Text]], sibling: cst.Dict | None
) -> ElementBuilder:
    trailing_comma = True
    if sibling is not None:
        trailing_comma = isinstance(sibling.elements[-1].comma, cst.Comma)

    def build(indent: str | None) -> cst.DictElement:
        head = f"{string_literal(key, quote)}: {{"
        if indent is None:
            pairs = [f"{string_literal(name, quote)}: {_code(v, quote)}" for name, v in fields]
            text = head + ", ".join(pairs) + "}"
        else:
            inner = indent + "    "
            if sibling is not None:
                inner = item_indent(sibling)
            lines = [
                _field_line(inner, string_literal(name, quote), v, quote) for name, v in fields
            ]
            if not trailing_comma:
                lines[-1] = lines[-1][:-1]
            text = "\n".join([head, *lines, f"{indent}}}"])
        # Parsed as a one-entry dict so libcst builds the nested whitespace for us; its newlines
        # are the module default, so a CRLF file gets CRLF lines.
        parsed = cst.parse_expression("{" + text + "}")
        assert isinstance(parsed, cst.Dict)
        element = parsed.elements[0]
        assert isinstance(element, cst.DictElement)
        return element

    return build


def _code(value: str | Text, quote: str) -> str:
    return string_literal(value.value, quote) if isinstance(value, Text) else value


def _field_line(inner: str, key: str, value: str | Text, quote: str) -> str:
    """`inner"key": value,` on one line, or a long Text wrapped over several in parentheses."""
    line = f"{inner}{key}: {_code(value, quote)},"
    if not isinstance(value, Text) or len(line.expandtabs()) <= LINE_LENGTH:
        return line
    deeper = inner + _unit(inner)
    body = [f"{deeper}{chunk}" for chunk in wrapped(value.value, quote, deeper)]
    return "\n".join([f"{inner}{key}: (", *body, f"{inner}),"])


def _unit(indent: str) -> str:
    return "\t" if "\t" in indent else "    "


def wrapped(text: str, quote: str, indent: str, reserve: int = 0) -> list[str]:
    """`text` as string literals, each short enough to fit a line at `indent` (and `reserve`
    more characters).

    Split after runs of whitespace, so the pieces join back to exactly the same text.
    """
    width = LINE_LENGTH - len(indent.expandtabs()) - reserve
    chunks: list[str] = []
    current = ""
    for piece in re.findall(r"\S+\s*|\s+", text):
        if current and len(string_literal(current + piece, quote)) > width:
            chunks.append(current)
            current = ""
        current += piece
    chunks.append(current)
    return [string_literal(chunk, quote) for chunk in chunks]


def call_entry_element(
    parent: cst.Dict, key: str, helper: str, description: str, tools_code: str
) -> ElementBuilder:
    """A `"key": helper("description", [tools])` element for `parent`, laid out like its calls.

    One line when it fits in LINE_LENGTH (or the dict is on one line); otherwise the arguments go
    one per line, the description split into an implicit concatenation, as Hermes writes them.
    """
    quote = quote_of(parent)
    sibling = _last_multiline_call(parent)
    trailing_comma = sibling is None or isinstance(sibling.args[-1].comma, cst.Comma)

    def build(indent: str | None) -> cst.DictElement:
        head = f"{string_literal(key, quote)}: {helper}("
        text = f"{head}{string_literal(description, quote)}, {tools_code})"
        if indent is not None and len(f"{indent}{text},".expandtabs()) > LINE_LENGTH:
            inner = indent + _unit(indent)
            if sibling is not None and isinstance(
                sibling.whitespace_before_args, cst.ParenthesizedWhitespace
            ):
                inner = sibling.whitespace_before_args.last_line.value
            lines = [f"{inner}{chunk}" for chunk in wrapped(description, quote, inner, 1)]
            lines[-1] += ","
            lines.append(f"{inner}{tools_code}" + ("," if trailing_comma else ""))
            text = "\n".join([head, *lines, f"{indent})"])
        parsed = cst.parse_expression("{" + text + "}")
        assert isinstance(parsed, cst.Dict)
        element = parsed.elements[0]
        assert isinstance(element, cst.DictElement)
        return element

    return build


def _last_multiline_call(parent: cst.Dict) -> cst.Call | None:
    for element in reversed(parent.elements):
        value = element.value if isinstance(element, cst.DictElement) else None
        if (
            isinstance(value, cst.Call)
            and value.args
            and isinstance(value.whitespace_before_args, cst.ParenthesizedWhitespace)
        ):
            return value
    return None


def last_dict_value(parent: cst.Dict) -> cst.Dict | None:
    """The value of the parent's last entry laid out over several lines: the style to follow."""
    for element in reversed(parent.elements):
        value = element.value if isinstance(element, cst.DictElement) else None
        if isinstance(value, cst.Dict) and value.elements and is_multiline(value):
            return value
    return None


def replace_element(node: cst.Dict, index: int, element: cst.BaseDictElement) -> cst.Dict:
    elements = list(node.elements)
    elements[index] = element
    return node.with_changes(elements=elements)
