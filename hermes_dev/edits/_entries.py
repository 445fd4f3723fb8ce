"""Build the elements the edits insert, in the style of the literal they go into."""

from __future__ import annotations

from collections.abc import Sequence

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


def string_list_code(items: Sequence[str], quote: str) -> str:
    return "[" + ", ".join(string_literal(item, quote) for item in items) + "]"


def entry_element(parent: cst.Dict, key: str, fields: Sequence[tuple[str, str]]) -> ElementBuilder:
    """A `"key": {"field": value, ...}` element for `parent`, laid out like its last entry.

    `fields` are (name, one-line value code). On its own line the entry gets one field per line,
    indented like the fields of the parent's last multi-line entry, with its trailing-comma habit.
    """
    quote = quote_of(parent)
    sibling = _last_dict_value(parent)
    trailing_comma = True
    if sibling is not None:
        trailing_comma = isinstance(sibling.elements[-1].comma, cst.Comma)

    def build(indent: str | None) -> cst.DictElement:
        pairs = [f"{string_literal(name, quote)}: {code}" for name, code in fields]
        head = f"{string_literal(key, quote)}: {{"
        if indent is None:
            text = head + ", ".join(pairs) + "}"
        else:
            inner = indent + "    "
            if sibling is not None:
                inner = item_indent(sibling)
            lines = [f"{inner}{pair}," for pair in pairs]
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


def _last_dict_value(parent: cst.Dict) -> cst.Dict | None:
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
