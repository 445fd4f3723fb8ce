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

from hermes_dev.lint.finding import Finding, Fix, _Record

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterator, Mapping
    from typing import ClassVar, Literal

    from hermes_dev.lint.context import LintContext

# Finding and Fix are part of the rule contract; they live in lint/finding.py so that the rule
# context (lint/context.py) can build findings without importing this module.
__all__ = ["DEFAULT_CASE_PATH", "Case", "Finding", "Fix", "Invalid", "Rule", "Valid"]

# The file a single-source case is written to, inside a throwaway Hermes-shaped root.
DEFAULT_CASE_PATH = "tools/example_tool.py"


class Case(_Record):
    """An example for a rule.

    `files` is one source (written to `tools/example_tool.py`) or a mapping of paths relative to
    the root to sources (e.g. also `toolsets.py`, `hermes_cli/config.py`). The case root gets a
    minimal `tools/registry.py` and `toolsets.py` unless `files` gives its own, or gives a
    `pyproject.toml` or a `plugin.yaml` at the root (a plugin package outside any checkout).
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
    # "module": looks at one tool module at a time; "project": needs the whole root;
    # "runtime": reported by `hermes-dev check` from running the handlers (HD5xx; lint never
    # runs it, and its cases are run by check's tests).
    scope: ClassVar[Literal["module", "project", "runtime"]] = "module"
    # Whether findings can be fixed by `--fix` (Ruff's applicability): None, "safe" (always
    # safe), "unsafe" (needs --unsafe-fixes) or "safe or unsafe" (depends on the finding).
    fixable: ClassVar[Literal["safe", "unsafe", "safe or unsafe"] | None] = None
    VALID: ClassVar[tuple[Valid, ...]] = ()
    INVALID: ClassVar[tuple[Invalid, ...]] = ()

    def check(self, ctx: LintContext) -> Iterator[Finding]:
        raise NotImplementedError
