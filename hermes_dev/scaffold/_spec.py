"""What a new tool is made of, checked before anything is rendered or read."""

from __future__ import annotations

import keyword
import re
import unicodedata
from dataclasses import dataclass, field
from typing import Any

from hermes_dev.errors import UserError

MAX_NAME_LENGTH = 64
JSON_TYPES = ("string", "integer", "number", "boolean", "array", "object")
DEFAULT_EMOJI = "🔧"

_NAME_RE = re.compile(r"[a-z_][a-z0-9_]*")
_TOOLSET_RE = re.compile(r"[a-z_][a-z0-9_-]*")
_ENV_RE = re.compile(r"[A-Z][A-Z0-9_]*")
_PARAM_NAME_RE = re.compile(r"[a-z_][a-z0-9_]*")


@dataclass(frozen=True)
class Param:
    name: str
    type: str
    description: str
    required: bool = True

    def as_data(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "type": self.type,
            "description": self.description,
            "required": self.required,
        }


@dataclass(frozen=True)
class ToolSpec:
    """Every answer `new-tool` needs; build it with `make_spec` so it is checked."""

    name: str
    description: str
    toolset: str
    core: bool = False
    # An opt-in tool: its new toolset is listed in `hermes tools` but off by default.
    opt_in: bool = False
    env_vars: tuple[str, ...] = ()
    env_url: str | None = None
    # The --env variables whose setup-wizard entry asks for a password (hidden input).
    secret_env: frozenset[str] = frozenset()
    params: tuple[Param, ...] = field(default=())
    is_async: bool = False
    emoji: str = DEFAULT_EMOJI
    with_test: bool = True

    @property
    def module_relpath(self) -> str:
        return f"tools/{self.name}_tool.py"

    @property
    def test_relpath(self) -> str:
        return f"tests/tools/test_{self.name}_tool.py"

    def template_data(self) -> dict[str, Any]:
        """The copier answers: plain data, never pasted into code by the template."""
        return {
            "name": self.name,
            "description": self.description,
            "toolset": self.toolset,
            "env_vars": list(self.env_vars),
            "params": [p.as_data() for p in self.params],
            "is_async": self.is_async,
            "emoji": self.emoji,
            "with_test": self.with_test,
        }


def toolset_label(toolset: str, emoji: str) -> str:
    """A new toolset's label in the `hermes tools` picker: "🌦️ Weather", "📈 Stock Quote"."""
    title = toolset.replace("_", " ").replace("-", " ").title()
    return f"{emoji} {title}"


def first_line(text: str) -> str:
    """The first line of `text`, stripped: a new toolset entry's description."""
    return text.strip().splitlines()[0].strip() if text.strip() else ""


def default_description(name: str) -> str:
    return f"TODO: say what {name} does and when to use it."


def check_name(name: str) -> str:
    """`name` if it can name a tool module; a UserError otherwise."""
    if not name:
        raise UserError("the tool name is empty; give a lower-case Python identifier, e.g. weather")
    if len(name) > MAX_NAME_LENGTH:
        raise UserError(f"tool name is {len(name)} characters long; the limit is {MAX_NAME_LENGTH}")
    if not _NAME_RE.fullmatch(name):
        raise UserError(
            f"tool name {name!r} is not a lower-case Python identifier"
            " (letters a-z, digits and _, not starting with a digit), e.g. weather"
        )
    if keyword.iskeyword(name):
        raise UserError(f"tool name {name!r} is a Python keyword; pick another name")
    if len(name) > 4 and name.startswith("__") and name.endswith("__"):
        # tools/__init___tool.py, labelled "Init" in the picker: Python's names, not a tool's.
        raise UserError(f"tool name {name!r} is a Python special name (__...__); pick another name")
    return name


def check_toolset(toolset: str) -> str:
    if not _TOOLSET_RE.fullmatch(toolset) or len(toolset) > MAX_NAME_LENGTH:
        raise UserError(
            f"toolset {toolset!r} must be lower-case letters, digits, _ or -"
            f" (at most {MAX_NAME_LENGTH} characters), e.g. weather"
        )
    return toolset


# Names that look like secrets get `password: True` in their OPTIONAL_ENV_VARS entry.
SECRET_SUFFIXES = ("_KEY", "_TOKEN", "_SECRET", "_PASSWORD")
SECRET, PLAIN = "secret", "plain"


def looks_secret(var: str) -> bool:
    return var.endswith(SECRET_SUFFIXES) or var in {s[1:] for s in SECRET_SUFFIXES}


def parse_env(raw: str) -> tuple[str, bool]:
    """An `--env` value, `NAME`, `NAME:secret` or `NAME:plain`: (NAME, whether it is a secret).
    Without a kind, names ending in _KEY, _TOKEN, _SECRET or _PASSWORD are secrets."""
    var, sep, kind = raw.partition(":")
    check_env_var(var)
    if not sep:
        return var, looks_secret(var)
    if kind not in (SECRET, PLAIN):
        raise UserError(f"--env {raw!r}: the kind after ':' must be {SECRET} or {PLAIN}")
    return var, kind == SECRET


def check_env_var(var: str) -> str:
    if not _ENV_RE.fullmatch(var):
        raise UserError(
            f"environment variable {var!r} is not UPPER_SNAKE (A-Z, 0-9, _), e.g. WEATHER_API_KEY"
        )
    return var


def check_text(what: str, text: str) -> str:
    """Any text is fine as data, except what cannot be written as UTF-8 (lone surrogates)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise UserError(f"{what} is not valid Unicode text") from None
    return text


def check_emoji(emoji: str) -> str:
    check_text("--emoji", emoji)
    # Control characters and line breaks only: emoji sequences hold joiners (format characters).
    if len(emoji) > 16 or any(unicodedata.category(c) in ("Cc", "Zl", "Zp") for c in emoji):
        raise UserError(f"--emoji {emoji!r} must be a short printable text, e.g. 🌦️")
    return emoji


def parse_param(raw: str, *, required: bool) -> Param:
    """A `NAME:TYPE[:DESCRIPTION]` option value."""
    option = "--param" if required else "--optional-param"
    parts = raw.split(":", 2)
    if len(parts) < 2:
        raise UserError(
            f"{option} {raw!r}: expected NAME:TYPE[:DESCRIPTION], e.g. location:string:City name"
        )
    name, type_ = parts[0].strip(), parts[1].strip()
    description = parts[2].strip() if len(parts) == 3 else ""
    if not _PARAM_NAME_RE.fullmatch(name) or len(name) > MAX_NAME_LENGTH:
        raise UserError(
            f"{option} {raw!r}: parameter name {name!r} must be a lower-case identifier"
            " (letters a-z, digits and _)"
        )
    if type_ not in JSON_TYPES:
        guess = did_you_mean(type_)
        hint = f"; did you mean {guess!r}?" if guess else ""
        raise UserError(
            f"{option} {raw!r}: type {type_!r} must be one of {', '.join(JSON_TYPES)}{hint}"
        )
    check_text(f"{option} {name} description", description)
    return Param(name, type_, description or f"TODO: describe {name}.", required)


# The names people type for a JSON Schema type: Python's, TypeScript's, other schemas'.
_TYPE_ALIASES = {
    "str": "string",
    "text": "string",
    "int": "integer",
    "float": "number",
    "double": "number",
    "decimal": "number",
    "bool": "boolean",
    "list": "array",
    "tuple": "array",
    "dict": "object",
    "map": "object",
    "json": "object",
}


def did_you_mean(type_: str) -> str | None:
    """The JSON Schema type a mistyped `--param` type most likely meant, or None."""
    lowered = type_.strip().lower()
    if lowered in JSON_TYPES:
        return lowered  # only the case was wrong (String)
    if lowered in _TYPE_ALIASES:
        return _TYPE_ALIASES[lowered]
    import difflib

    close = difflib.get_close_matches(lowered, JSON_TYPES, n=1, cutoff=0.6)
    return close[0] if close else None


def make_spec(
    name: str,
    *,
    description: str | None = None,
    toolset: str | None = None,
    core: bool = False,
    opt_in: bool = False,
    env_vars: tuple[str, ...] | list[str] = (),
    env_url: str | None = None,
    params: tuple[str, ...] | list[str] = (),
    optional_params: tuple[str, ...] | list[str] = (),
    is_async: bool = False,
    emoji: str | None = None,
    with_test: bool = True,
) -> ToolSpec:
    """Check every answer and fill in the defaults; the first bad one raises a UserError."""
    check_name(name)
    if core and opt_in:
        # A core tool whose new toolset is default-off: Hermes's _get_platform_tools skips the
        # toolset on every platform, so the tool is offered nowhere with a fresh config.
        raise UserError(
            "--core and --opt-in contradict each other: --core offers the tool by default,"
            " --opt-in keeps its toolset off until a user turns it on; pass one of them"
        )
    if description is None or not description.strip():
        description = default_description(name)
    check_text("the description", description)
    toolset = check_toolset(toolset if toolset is not None else name)
    kinds = dict(parse_env(v) for v in env_vars)  # a later kind for the same name wins
    env = tuple(kinds)
    if env_url is not None:
        check_text("--env-url", env_url)
        if not env_url.strip() or any(c.isspace() for c in env_url):
            raise UserError(f"--env-url {env_url!r} must be a URL without spaces")
    parsed = [parse_param(p, required=True) for p in params]
    parsed += [parse_param(p, required=False) for p in optional_params]
    seen: set[str] = set()
    for param in parsed:
        if param.name in seen:
            raise UserError(f"parameter {param.name!r} is given twice")
        seen.add(param.name)
    emoji = check_emoji(DEFAULT_EMOJI if emoji is None else emoji)
    return ToolSpec(
        name=name,
        description=description,
        toolset=toolset,
        core=core,
        opt_in=opt_in,
        env_vars=env,
        env_url=env_url,
        secret_env=frozenset(var for var, secret in kinds.items() if secret),
        params=tuple(parsed),
        is_async=is_async,
        emoji=emoji,
        with_test=with_test,
    )
