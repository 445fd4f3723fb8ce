"""`[tool.hermes-dev]` in `<root>/pyproject.toml`, merged with the command-line flags.

Keys: `select`, `ignore` (lists of codes or prefixes such as "HD1"), `exclude` (globs relative to
the root), `per-file-ignores` (glob -> list of codes), `known-tools` (tool names registered at run
time, e.g. by MCP servers; read by the project rules), `baseline` (the baseline file, relative to
the root; see `hermes_dev.lint.baseline`), `check` (the table `[tool.hermes-dev.check]`, read by
`hermes_dev.check.config`). Flags replace `select`/`ignore`/`baseline`.
Unknown codes and malformed values are `UserError`s (one line, exit 2).
"""

from __future__ import annotations

import os

from hermes_dev.errors import UserError
from hermes_dev.reading import CONFIG_LIMIT, read_bounded

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterable, Sequence
    from pathlib import Path

KNOWN_KEYS = (
    "select",
    "ignore",
    "exclude",
    "per-file-ignores",
    "known-tools",
    "baseline",
    "check",  # `[tool.hermes-dev.check]`: read by `hermes-dev check` (hermes_dev.check.config)
)


class Config:
    """What to check and where, after the config file and the flags are merged."""

    def __init__(self) -> None:
        self.select: tuple[str, ...] = ()  # empty: every rule
        self.ignore: tuple[str, ...] = ()
        self.exclude: tuple[str, ...] = ()
        self.per_file_ignores: dict[str, tuple[str, ...]] = {}
        self.known_tools: tuple[str, ...] = ()
        self.baseline: str | None = None  # the baseline file (absolute), from `baseline`
        self.source: str | None = None  # the file the settings came from
        self.raw: dict[str, object] = {}  # the whole [tool.hermes-dev] table

    def enabled(self, all_codes: Iterable[str]) -> list[str]:
        """The codes that run: selected (all by default) and not ignored."""
        chosen = [c for c in all_codes if not self.select or _matches(c, self.select)]
        return [c for c in chosen if not _matches(c, self.ignore)]

    def ignored_in(self, rel_path: str) -> tuple[str, ...]:
        """Codes `per-file-ignores` turns off for the file at `rel_path` (posix, from root)."""
        if not self.per_file_ignores:
            return ()
        codes: list[str] = []
        for pattern, ignored in self.per_file_ignores.items():
            if _glob_match(rel_path, pattern):
                codes.extend(ignored)
        return tuple(codes)

    def excluded(self, rel_path: str) -> bool:
        if not self.exclude:
            return False
        return any(_glob_match(rel_path, pattern) for pattern in self.exclude)


def _glob_match(rel_path: str, pattern: str) -> bool:
    from fnmatch import fnmatchcase as match  # imported only when a config uses globs

    pattern = pattern.strip("/")
    if match(rel_path, pattern):
        return True
    # A folder pattern ("tools/legacy") covers everything below it; a bare name any component.
    if rel_path.startswith(pattern + "/"):
        return True
    return "/" not in pattern and any(match(part, pattern) for part in rel_path.split("/"))


def _matches(code: str, patterns: Sequence[str]) -> bool:
    return any(code.startswith(p) for p in patterns)


def check_codes(codes: Iterable[str], known: Sequence[str], where: str) -> tuple[str, ...]:
    """Normalise codes (upper case) and reject those that name no rule."""
    out: list[str] = []
    for raw in codes:
        code = raw.strip().upper()
        if not code:
            continue
        if code == "ALL":
            code = "HD"
        if not any(k.startswith(code) for k in known):
            listing = ", ".join(known)
            raise UserError(f"{where}: unknown rule code {raw.strip()!r} (known: {listing})")
        out.append(code)
    return tuple(out)


def split_codes(value: str) -> list[str]:
    return [part for part in value.replace(" ", ",").split(",") if part]


def load_config(root: Path, known: Sequence[str]) -> Config:
    """The settings of `[tool.hermes-dev]` in `root/pyproject.toml` (defaults when absent)."""
    config = Config()
    path = os.path.join(root, "pyproject.toml")
    try:
        data = read_bounded(path, CONFIG_LIMIT)
    except FileNotFoundError:
        return config
    except OSError as exc:  # a FIFO, a folder, a huge file: say so rather than guess
        raise UserError(f"{path}: cannot read it ({exc.strerror or exc})") from None
    if b"hermes-dev" not in data:
        return config  # skip the TOML parser when the table cannot be there
    import tomllib

    where = "pyproject.toml [tool.hermes-dev]"
    try:
        parsed = tomllib.loads(data.decode("utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise UserError(f"{path}: not valid TOML ({exc})") from None
    tools = parsed.get("tool", {})
    if not isinstance(tools, dict):
        raise UserError("pyproject.toml: `tool` must be a table ([tool.NAME] sections)")
    table = tools.get("hermes-dev")
    if table is None:
        return config
    if not isinstance(table, dict):
        raise UserError(f"{where}: must be a table")
    config.source = path
    config.raw = table
    for key in table:
        if key not in KNOWN_KEYS:
            raise UserError(f"{where}: unknown key {key!r} (known: {', '.join(KNOWN_KEYS)})")
    config.select = check_codes(_strings(table, "select", where), known, f"{where} select")
    config.ignore = check_codes(_strings(table, "ignore", where), known, f"{where} ignore")
    config.exclude = tuple(_strings(table, "exclude", where))
    config.known_tools = tuple(_strings(table, "known-tools", where))
    baseline = table.get("baseline")
    if baseline is not None:
        if not isinstance(baseline, str) or not baseline.strip():
            raise UserError(f"{where} baseline: must be a file name (a string)")
        config.baseline = os.path.join(root, baseline)
    pfi = table.get("per-file-ignores", {})
    if not isinstance(pfi, dict):
        raise UserError(f"{where} per-file-ignores: must be a table of glob = [codes]")
    for pattern, codes in pfi.items():
        if not isinstance(codes, list) or not all(isinstance(c, str) for c in codes):
            raise UserError(f"{where} per-file-ignores {pattern!r}: must be a list of codes")
        config.per_file_ignores[pattern] = check_codes(
            codes, known, f"{where} per-file-ignores {pattern!r}"
        )
    return config


def _strings(table: dict[str, object], key: str, where: str) -> list[str]:
    value = table.get(key, [])
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise UserError(f"{where} {key}: must be a list of strings")
    return list(value)
