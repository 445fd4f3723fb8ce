"""What a lint rule is: a code, docs in Ruff's sections, example cases, and a check.

One rule per module under `hermes_dev/lint/rules/`, named `hdNNN_<slug>.py`, defining one
subclass of `Rule`. The module docstring is the rule's documentation (printed by
`hermes-dev rule CODE`) and must have the sections `## What it does`, `## Why is this bad?`,
`## Example` and `## Use instead`. `VALID` cases must give no finding of the rule; `INVALID`
cases must give exactly the findings they list. The test suite runs every case of every rule.

A rule that can fix what it reports sets `fix` ("safe", "unsafe" or "safe or unsafe": Ruff's
applicability), documents it in a `## Fix safety` section, attaches a `Fix` to each finding it
knows how to fix, and gives every INVALID case its source after the fix (`fixed`).
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


class Fix(_Record):
    """How to fix one finding, decided by the rule that reports it; applied by `hermes_dev.lint.fix`.

    `edit` names the transform module under `hermes_dev/lint/fix/` that does it; `path` is the
    file it changes (toolsets.py for a tool missing from every toolset); `args` are that
    transform's own arguments (plain, hashable values: positions, names). `safe` is Ruff's
    applicability: an unsafe fix may change what the code does and runs only with
    `--unsafe-fixes`. `title` names the cure ("Wrap the value in `json.dumps(...)`").
    Plain data: building one imports nothing (libcst is imported only when fixes are applied).
    """

    __slots__ = ("edit", "path", "args", "safe", "title")  # noqa: RUF023
    _fields = __slots__

    edit: str
    path: Path
    args: tuple[object, ...]
    safe: bool
    title: str

    def __init__(
        self, edit: str, path: Path, args: tuple[object, ...], safe: bool, title: str
    ) -> None:
        for name, value in zip(self._fields, (edit, path, args, safe, title)):
            object.__setattr__(self, name, value)


class Finding(_Record):
    # In constructor order (positional construction depends on it). `fix` is not part of a
    # finding's identity (equality, hash, repr): two runs that differ only in how a finding
    # could be fixed report the same finding.
    __slots__ = (  # noqa: RUF023
        "code",
        "message",
        "path",
        "line",
        "column",
        "end_line",
        "end_column",
        "tool",
        "chain",
        "fix",
    )
    _fields = __slots__[:-1]

    code: str
    message: str
    path: Path  # absolute
    line: int  # 1-based
    column: int  # 1-based
    end_line: int
    end_column: int  # 1-based, exclusive
    tool: str | None
    # Where the failure comes from, step by step (a call chain): (absolute path, line, function),
    # from the reported line down to the `raise` or `return`; empty for most findings.
    chain: tuple[tuple[Path, int, str], ...]
    fix: Fix | None

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
        fix: Fix | None = None,
        chain: tuple[tuple[Path, int, str], ...] = (),
    ) -> None:
        values = (code, message, path, line, column, end_line, end_column, tool, chain)
        for name, value in zip(self._fields, values):
            object.__setattr__(self, name, value)
        object.__setattr__(self, "fix", fix)

    def with_fix(self, fix: Fix | None) -> Finding:
        """This finding, carrying `fix`."""
        return Finding(
            self.code,
            self.message,
            self.path,
            self.line,
            self.column,
            self.end_line,
            self.end_column,
            self.tool,
            fix,
            self.chain,
        )


class Case(_Record):
    """An example for a rule.

    `files` is one source (written to `tools/example_tool.py`) or a mapping of paths relative to
    the root to sources (e.g. also `toolsets.py`, `hermes_cli/config.py`). The case root gets a
    minimal `tools/registry.py` and `toolsets.py` unless `files` gives its own, or gives a
    `pyproject.toml` (a plugin package outside any checkout).
    `findings` lists the expected findings of this rule as `(path, line)`; for a single-source
    case `lines` is enough. `fixed` (INVALID cases of a rule with a fix) is the source after
    `--fix --unsafe-fixes` applied this rule's fixes: one source for `tools/example_tool.py`, or a
    mapping of the paths that change to their new text (`{}`: nothing is fixable here); files
    it does not name must stay as they were.
    """

    __slots__ = ("files", "lines", "findings", "note", "fixed")  # noqa: RUF023
    _fields = __slots__

    files: str | Mapping[str, str]
    lines: tuple[int, ...]
    findings: tuple[tuple[str, int], ...]
    note: str
    fixed: str | Mapping[str, str] | None

    def __init__(
        self,
        files: str | Mapping[str, str],
        lines: tuple[int, ...] = (),
        findings: tuple[tuple[str, int], ...] = (),
        note: str = "",
        fixed: str | Mapping[str, str] | None = None,
    ) -> None:
        object.__setattr__(self, "files", files)
        object.__setattr__(self, "lines", lines)
        object.__setattr__(self, "findings", findings)
        object.__setattr__(self, "note", note)
        object.__setattr__(self, "fixed", fixed)

    def __hash__(self) -> int:
        files = self.files if isinstance(self.files, str) else tuple(sorted(self.files.items()))
        fixed = (
            self.fixed
            if self.fixed is None or isinstance(self.fixed, str)
            else tuple(sorted(self.fixed.items()))
        )
        return hash((self.__class__.__name__, files, self.lines, self.findings, self.note, fixed))

    def sources(self) -> dict[str, str]:
        if isinstance(self.files, str):
            return {DEFAULT_CASE_PATH: self.files}
        return dict(self.files)

    def fixed_sources(self) -> dict[str, str]:
        """Every file of the case as `fixed` says it reads after the fix."""
        after = self.sources()
        if isinstance(self.fixed, str):
            after[DEFAULT_CASE_PATH] = self.fixed
        elif self.fixed is not None:
            after.update(self.fixed)
        return after

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
    # Whether findings can be fixed by `--fix` (Ruff's applicability): None, "safe" (always
    # safe), "unsafe" (needs --unsafe-fixes) or "safe or unsafe" (depends on the finding).
    fixable: ClassVar[Literal["safe", "unsafe", "safe or unsafe"] | None] = None
    VALID: ClassVar[tuple[Valid, ...]] = ()
    INVALID: ClassVar[tuple[Invalid, ...]] = ()

    def check(self, ctx: LintContext) -> Iterator[Finding]:
        raise NotImplementedError
