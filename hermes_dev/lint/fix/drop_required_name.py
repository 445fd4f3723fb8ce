"""DropRequiredName: take a name that is not a property out of a schema's `required` list
(HD203, unsafe: the typo may be in `properties` instead, and the model stops sending it).

The list literal alone is parsed with libcst and loses the element the way remove-tool takes a
name out of a toolset (`hermes_dev.edits`), so comments and layout around it stay.
"""

from __future__ import annotations

import ast

import libcst as cst

from hermes_dev.edits._cst import EditError, string_value
from hermes_dev.edits._sequence import remove
from hermes_dev.lint.fix._statement import parse_expression, render
from hermes_dev.lint.fix._text import Lines, TextEdit

TYPE_CHECKING = False
if TYPE_CHECKING:
    from hermes_dev.lint.rule import Fix

EDIT = "drop_required_name"
REQUIRES = None


def edits(lines: Lines, tree: ast.Module, fixes: list[Fix]) -> list[tuple[TextEdit, list[Fix]]]:
    """`fix.args` is (line, byte column as ast counts it, name) of the string in `required`; the
    fixes of one list make one edit."""
    wanted = {lines.offset(f.args[0], f.args[1]): f for f in fixes}  # type: ignore[arg-type]
    by_list: dict[ast.List, list[tuple[int, Fix]]] = {}
    for node in ast.walk(tree):
        if not isinstance(node, ast.List):
            continue
        for index, element in enumerate(node.elts):
            if isinstance(element, ast.Constant) and isinstance(element.value, str):
                fix = wanted.get(lines.span(element)[0])
                if fix is not None and fix.args[2] == element.value:
                    by_list.setdefault(node, []).append((index, fix))
    out: list[tuple[TextEdit, list[Fix]]] = []
    for node, hits in by_list.items():
        start, end = lines.span(node)
        try:
            parsed = parse_expression(lines, lines.source[start:end])
        except (cst.ParserSyntaxError, EditError):
            continue
        if not isinstance(parsed, cst.List) or len(parsed.elements) != len(node.elts):
            continue
        for index, fix in sorted(hits, key=lambda hit: hit[0], reverse=True):
            if string_value(parsed.elements[index].value) != fix.args[2]:
                break
            parsed = remove(parsed, index)
        else:
            code = render(lines, parsed)
            old = lines.source[start:end]
            hugged = code[:-1].rstrip()
            if (
                not old[-2:-1].isspace()
                and code[-2:-1].isspace()
                and "#" not in hugged.rsplit("\n", 1)[-1]
            ):
                # `["id",\n "content"]` -> `["id"]`, not `["id"\n ]`: the bracket hugged the
                # last element, so it hugs the new last one (unless a comment ends its line:
                # `["q",  # the query\n "limit"]` keeps the bracket on the next line).
                code = hugged + "]"
            out.append((TextEdit(start, end, code), [f for _, f in hits]))
    return out
