"""Removal helpers shared by the remove edits."""

from __future__ import annotations

import libcst as cst

from hermes_dev.edits._cst import string_value
from hermes_dev.edits._sequence import remove


def without_string(node: cst.List, text: str) -> cst.List | None:
    """`node` without every string element equal to `text`; None when there was none."""
    hits = [
        index
        for index, element in enumerate(node.elements)
        if isinstance(element, cst.Element) and string_value(element.value) == text
    ]
    if not hits:
        return None
    for index in reversed(hits):
        node = remove(node, index)
    return node
