"""Rewrite one statement with a libcst transformer, touching no byte outside it.

Parsing the whole module with libcst would cost more than the rest of a one-file lint run
(a 2,000-line module takes ~10x its `ast.parse`); the statement alone is parsed instead. Its
text runs from the keyword to the end of its last expression, so brackets keep every line break
and comment inside it, and the transformer's result replaces exactly that text.
"""

from __future__ import annotations

import libcst as cst

from hermes_dev.lint.fix._text import Lines, TextEdit

_RENDER = cst.Module(body=[])


def rewrite(lines: Lines, node: object, transformer: cst.CSTTransformer) -> TextEdit | None:
    """The edit that replaces the ast statement `node` with what `transformer` makes of it;
    None when its text does not parse alone or the transformer leaves it as it was."""
    start, end = lines.span(node)
    text = lines.source[start:end]
    try:
        parsed = cst.parse_statement(text)
    except cst.ParserSyntaxError:
        return None
    if not isinstance(parsed, cst.SimpleStatementLine) or len(parsed.body) != 1:
        return None
    new = parsed.visit(transformer)
    assert isinstance(new, cst.SimpleStatementLine)
    code = _RENDER.code_for_node(new.body[0])
    if code == text:
        return None
    return TextEdit(start, end, code)


def call(func: str, *args: cst.BaseExpression) -> cst.Call:
    """`func(args...)`, `func` a name or a dotted name."""
    parts = func.split(".")
    target: cst.BaseExpression = cst.Name(parts[0])
    for part in parts[1:]:
        target = cst.Attribute(value=target, attr=cst.Name(part))
    return cst.Call(func=target, args=[cst.Arg(value=a) for a in args])
