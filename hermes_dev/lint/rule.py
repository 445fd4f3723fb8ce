"""What a lint rule is: a code, docs in Ruff's sections, example cases, and a check.

One rule per module under `hermes_dev/lint/rules/`, named `hdNNN_<slug>.py`, defining one
subclass of `Rule`. The module docstring is the rule's documentation (printed by
`hermes-dev rule CODE`) and must have the sections `## What it does`, `## Why is this bad?`,
`## Example` and `## Use instead`. `VALID` cases must give no finding of the rule; `INVALID`
cases must give exactly the findings they list. The test suite runs every case of every rule.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterator, Mapping
    from pathlib import Path
    from typing import ClassVar, Literal

    from hermes_dev.lint.engine import LintContext

# The file a single-source case is written to, inside a throwaway Hermes-shaped root.
DEFAULT_CASE_PATH = "tools/example_tool.py"


class _Record:
    """A frozen record (eq, hash, repr) without importing dataclasses.

    `dataclasses` pulls in `inspect` and builds classes with `exec`: milliseconds that a
    pre-commit run on one file pays on every commit.
    """

    __slots__: tuple[str, ...] = ()
    _fields: tuple[str, ...] = ()

    def _values(self) -> tuple[object, ...]:
        return tuple(getattr(self, name) for name in self._fields)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"{type(self).__name__} is immutable")

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, _Record)
        return self._values() == other._values()

    def __hash__(self) -> int:
        return hash((self.__class__.__name__, *self._values()))

    def __repr__(self) -> str:
        args = ", ".join(f"{name}={getattr(self, name)!r}" for name in self._fields)
        return f"{type(self).__name__}({args})"


class Finding(_Record):
    # In constructor order (positional construction depends on it).
    __slots__ = ("code", "message", "path", "line", "column", "end_line", "end_column", "tool")  # noqa: RUF023
    _fields = __slots__

    code: str
    message: str
    path: Path  # absolute
    line: int  # 1-based
    column: int  # 1-based
    end_line: int
    end_column: int  # 1-based, exclusive
    tool: str | None

    def __init__(
        self,
        code: str,
        message: str,
        path: Path,
        line: int,
        column: int,
        end_line: int,
        end_column: int,
        tool: str | None = None,
    ) -> None:
        for name, value in zip(
            self._fields, (code, message, path, line, column, end_line, end_column, tool)
        ):
            object.__setattr__(self, name, value)


class Case(_Record):
    """An example for a rule.

    `files` is one source (written to `tools/example_tool.py`) or a mapping of paths relative to
    the root to sources (e.g. also `toolsets.py`, `hermes_cli/config.py`). The case root gets a
    minimal `tools/registry.py` and `toolsets.py` unless `files` gives its own.
    `findings` lists the expected findings of this rule as `(path, line)`; for a single-source
    case `lines` is enough.
    """

    __slots__ = ("files", "lines", "findings", "note")  # noqa: RUF023
    _fields = __slots__

    files: str | Mapping[str, str]
    lines: tuple[int, ...]
    findings: tuple[tuple[str, int], ...]
    note: str

    def __init__(
        self,
        files: str | Mapping[str, str],
        lines: tuple[int, ...] = (),
        findings: tuple[tuple[str, int], ...] = (),
        note: str = "",
    ) -> None:
        object.__setattr__(self, "files", files)
        object.__setattr__(self, "lines", lines)
        object.__setattr__(self, "findings", findings)
        object.__setattr__(self, "note", note)

    def __hash__(self) -> int:
        files = self.files if isinstance(self.files, str) else tuple(sorted(self.files.items()))
        return hash((self.__class__.__name__, files, self.lines, self.findings, self.note))

    def sources(self) -> dict[str, str]:
        if isinstance(self.files, str):
            return {DEFAULT_CASE_PATH: self.files}
        return dict(self.files)

    def expected(self) -> list[tuple[str, int]]:
        return sorted([(DEFAULT_CASE_PATH, n) for n in self.lines] + list(self.findings))


class Valid(Case):
    __slots__ = ()


class Invalid(Case):
    __slots__ = ()


class Rule:
    code: ClassVar[str]  # "HD101"
    name: ClassVar[str]  # "handler-returns-non-json"
    summary: ClassVar[str]  # one line: what is wrong (SARIF shortDescription)
    # "module": looks at one tool module at a time; "project": needs the whole root.
    scope: ClassVar[Literal["module", "project"]] = "module"
    VALID: ClassVar[tuple[Valid, ...]] = ()
    INVALID: ClassVar[tuple[Invalid, ...]] = ()

    def check(self, ctx: LintContext) -> Iterator[Finding]:
        raise NotImplementedError
