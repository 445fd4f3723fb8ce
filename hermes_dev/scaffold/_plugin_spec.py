"""What a new plugin is made of, checked before anything is rendered or read."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Literal

from hermes_dev.errors import UserError
from hermes_dev.scaffold._spec import (
    DEFAULT_EMOJI,
    Param,
    check_emoji,
    check_env_var,
    check_name,
    check_text,
    check_toolset,
    default_description,
    parse_param,
)

Layout = Literal["checkout", "standalone"]
DEFAULT_VERSION = "0.1.0"
# pre-commit's `repo:` in a standalone plugin: hermes-dev's repository (pyproject.toml's
# [project.urls] Repository, and templates/plugin/copier.yml's default; a test keeps them equal).
HOOK_REPOSITORY = "https://github.com/OWNER/hermes-dev"
FIRST_RELEASE = "v0.1.0"
# A hermes-dev version as the build writes it from git (hatch-vcs): a release, or a dev build
# after one (0.1.1.dev3+g1a2b3c4d or ...+g1a2b3c4d.d20260101).
_RELEASE_RE = re.compile(r"[0-9]+\.[0-9]+\.[0-9]+((a|b|rc)[0-9]+)?")
_DEV_RE = re.compile(r"([0-9]+)\.([0-9]+)\.([0-9]+)\.dev[0-9]+(\+.*)?")
_FIRST = (0, 1, 0)


def hook_rev(version: str) -> str:
    """pre-commit's `rev:` for the hermes-dev of `version`: a release tag, always (pre-commit
    cannot fetch the abbreviated commit a build's version names). A release's own tag; for a
    build between releases (hatch-vcs guesses the next patch: 0.1.1.dev3+g1a2b3c4d follows
    v0.1.0) the release before it; never one before the first release."""
    if _RELEASE_RE.fullmatch(version):
        release = tuple(int(part) for part in re.findall(r"[0-9]+", version)[:3])
        return f"v{version}" if release >= _FIRST else FIRST_RELEASE
    found = _DEV_RE.fullmatch(version)
    if found is not None:
        major, minor, patch = (int(part) for part in found.groups()[:3])
        if patch > 0 and (major, minor, patch - 1) >= _FIRST:
            return f"v{major}.{minor}.{patch - 1}"
    return FIRST_RELEASE


# A version as pip reads one (PEP 440, the common forms): 1, 0.1.0, 1.2rc1, 2.0.post1.
_VERSION_RE = re.compile(r"[0-9]+(\.[0-9]+)*((a|b|rc)[0-9]+)?(\.post[0-9]+)?(\.dev[0-9]+)?")


@dataclass(frozen=True)
class PluginSpec:
    """Every answer `new-plugin` needs; build it with `make_plugin_spec` so it is checked."""

    name: str
    description: str
    tools: tuple[str, ...]
    toolset: str
    layout: Layout = "checkout"
    env_vars: tuple[str, ...] = ()
    params: tuple[Param, ...] = ()
    is_async: bool = False
    emoji: str = DEFAULT_EMOJI
    version: str = DEFAULT_VERSION
    author: str = ""
    with_test: bool = True

    @property
    def plugin_dir(self) -> str:
        """The folder of plugin.yaml, __init__.py and tools.py (relative to the root or DEST)."""
        if self.layout == "standalone":
            return self.package
        return f"plugins/{self.name}"

    @property
    def package(self) -> str:
        """The standalone package's import name (the entry point's module)."""
        return f"hermes_plugin_{self.name}"

    @property
    def test_relpath(self) -> str:
        folder = "tests" if self.layout == "standalone" else "tests/plugins"
        return f"{folder}/test_{self.name}_plugin.py"

    @property
    def plugin_relpaths(self) -> tuple[str, ...]:
        return tuple(f"{self.plugin_dir}/{f}" for f in ("plugin.yaml", "__init__.py", "tools.py"))

    def template_data(self) -> dict[str, Any]:
        """The copier answers: plain data, never pasted into code by the template."""
        from hermes_dev import __version__

        return {
            "hermes_dev_repo": HOOK_REPOSITORY,
            "hermes_dev_rev": hook_rev(__version__),
            "name": self.name,
            "layout": self.layout,
            "description": self.description,
            "tools": list(self.tools),
            "toolset": self.toolset,
            "env_vars": list(self.env_vars),
            "params": [p.as_data() for p in self.params],
            "is_async": self.is_async,
            "emoji": self.emoji,
            "version": self.version,
            "author": self.author,
            "with_test": self.with_test,
        }


def _manifest_text(what: str, text: str) -> str:
    """`text` as plugin.yaml can hold it: YAML allows no control character but tab and line
    breaks (not DEL, not the C1 range with NEL), and no noncharacter, even escaped in a
    double-quoted scalar by some readers. Refused here, before anything is rendered."""
    check_text(what, text)
    for char in text:
        code = ord(char)
        if (
            (code < 0x20 and char not in "\t\n\r")
            or 0x7F <= code <= 0x9F
            or 0xFDD0 <= code <= 0xFDEF
            or (code & 0xFFFE) == 0xFFFE
        ):
            raise UserError(
                f"{what} holds the character {char!r}, which plugin.yaml cannot hold; leave it out"
            )
    return text


def _checked_name(what: str, name: str) -> str:
    try:
        return check_name(name)
    except UserError as exc:
        raise UserError(str(exc).replace("tool name", what, 1)) from None


def make_plugin_spec(
    name: str,
    *,
    layout: Layout = "checkout",
    description: str | None = None,
    tools: tuple[str, ...] | list[str] = (),
    toolset: str | None = None,
    env_vars: tuple[str, ...] | list[str] = (),
    params: tuple[str, ...] | list[str] = (),
    optional_params: tuple[str, ...] | list[str] = (),
    is_async: bool = False,
    emoji: str | None = None,
    version: str | None = None,
    author: str | None = None,
    with_test: bool = True,
) -> PluginSpec:
    """Check every answer and fill in the defaults; the first bad one raises a UserError.

    The plugin registers the tool NAME, or the `tools` when given; every tool gets the
    same parameters (edit tools.py to tell them apart)."""
    _checked_name("plugin name", name)
    if layout not in ("checkout", "standalone"):
        raise UserError(f"layout {layout!r} must be checkout or standalone")
    tool_names = tuple(_checked_name("tool name", t) for t in tools) or (name,)
    duplicates = sorted({t for t in tool_names if tool_names.count(t) > 1})
    if duplicates:
        raise UserError(f"tool {duplicates[0]!r} is given twice")
    if description is None or not description.strip():
        description = default_description(name)
    _manifest_text("the description", description)
    toolset = check_toolset(toolset if toolset is not None else name)
    env = tuple(dict.fromkeys(check_env_var(v) for v in env_vars))
    parsed = [parse_param(p, required=True) for p in params]
    parsed += [parse_param(p, required=False) for p in optional_params]
    seen: set[str] = set()
    for param in parsed:
        if param.name in seen:
            raise UserError(f"parameter {param.name!r} is given twice")
        seen.add(param.name)
    version = DEFAULT_VERSION if version is None else version.strip()
    if not _VERSION_RE.fullmatch(version):
        raise UserError(f"--version {version!r} is not a version pip accepts, e.g. 0.1.0")
    author = "" if author is None else _manifest_text("author", author).strip()
    if "\n" in author or "\r" in author:
        raise UserError("--author must be one line")
    return PluginSpec(
        name=name,
        description=description,
        tools=tool_names,
        toolset=toolset,
        layout=layout,
        env_vars=env,
        params=tuple(parsed),
        is_async=is_async,
        emoji=check_emoji(DEFAULT_EMOJI if emoji is None else emoji),
        version=version,
        author=author,
        with_test=with_test,
    )
