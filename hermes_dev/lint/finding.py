"""What a rule reports: a `Finding` (code, message, span) and, when it knows the cure, a `Fix`.

Plain records with no imports, so the rule contract (`hermes_dev.lint.rule`), the rule context
(`hermes_dev.lint.context`) and the engine can all build them without importing each other.
"""

from __future__ import annotations

TYPE_CHECKING = False
if TYPE_CHECKING:
    from pathlib import Path

    # (absolute path, line, function) steps, from the reported line to where it comes from
    Chain = tuple[tuple[Path, int, str], ...]


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
        "chains",
        "fix",
        "also",
    )
    _fields = __slots__[:-2]

    code: str
    message: str
    path: Path  # absolute
    line: int  # 1-based
    column: int  # 1-based
    end_line: int
    end_column: int  # 1-based, exclusive
    tool: str | None
    # Where the failure comes from, step by step (a call chain): (absolute path, line, function),
    # from the reported line down to the `raise` or `return`; empty for most findings. The
    # first of `chains`, kept for the readers that know one chain only.
    chain: Chain
    # Every chain of the finding: one place that fails several ways (a call that can raise
    # three exceptions, from four `raise` statements) is one finding with a chain per way.
    chains: tuple[Chain, ...]
    fix: Fix | None
    # Other tools whose handler reaches the same place (one shared function behind a table of
    # tools): one finding names them all. Not part of the identity, like `fix`.
    also: tuple[str, ...]

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
        chain: Chain = (),
        chains: tuple[Chain, ...] = (),
        also: tuple[str, ...] = (),
    ) -> None:
        if not chains and chain:
            chains = (chain,)
        elif chains and not chain:
            chain = chains[0]
        values = (code, message, path, line, column, end_line, end_column, tool, chain, chains)
        for name, value in zip(self._fields, values):
            object.__setattr__(self, name, value)
        object.__setattr__(self, "fix", fix)
        object.__setattr__(self, "also", also)

    @property
    def tools(self) -> tuple[str, ...]:
        """Every tool the finding is about: `tool` first."""
        return (self.tool, *self.also) if self.tool else self.also

    def with_also(self, also: tuple[str, ...]) -> Finding:
        """This finding, naming `also` as further tools at its place."""
        return self._with(self.fix, also)

    def with_fix(self, fix: Fix | None) -> Finding:
        """This finding, carrying `fix`."""
        return self._with(fix, self.also)

    def _with(self, fix: Fix | None, also: tuple[str, ...]) -> Finding:
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
            self.chains,
            also,
        )
