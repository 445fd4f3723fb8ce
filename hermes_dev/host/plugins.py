"""Hermes Agent plugins as hermes-dev sees them: where they are, and what their manifests say.

A directory plugin is a folder holding `plugin.yaml` (or `plugin.yml`) and an `__init__.py` with
`register(ctx)`. Hermes' general loader (`hermes_cli/plugins.py`) finds them under a checkout's
`plugins/<name>/` (and one category level deeper, `plugins/<category>/<name>/`; `platforms/` is
scanned the same way on its own), under `~/.hermes/plugins/` and `./.hermes/plugins/`, and as
pip packages exposing the entry-point group `hermes_agent.plugins` (the entry point's name is the
plugin's name, `ep.load()` gives the module whose `register(ctx)` runs). It skips
`plugins/memory/`, `plugins/context_engine/` and `plugins/model-providers/`, whose own discovery
(`plugins/memory/__init__.py`, `plugins/context_engine/__init__.py`, `providers/__init__.py`)
imports every `<name>/__init__.py` there.

API:

- `read_manifest(path) -> Manifest`: the YAML parsed with PyYAML (never a traceback: a malformed
  file is a `Manifest` with `data` None and a problem at the error's line); `Manifest.name`,
  `.kind`, `.provides_tools`, `.requires_env` (names; None where the key is absent),
  `.position(keys)` (line and column of a value, for findings).
- `manifest_problems(manifest)`: the parse problem, or every way the data breaks the manifest
  schema this package ships (`plugin_manifest.schema.json`, checked with jsonschema).
- `checkout_plugins(root)`: the plugin folders under a checkout's `plugins/` as Hermes' loaders
  find them (`PluginDir`: `key`, `loader`: the general loader or the memory / context-engine /
  model-provider discovery, `kind` as Hermes decides it, `needs_register`);
  `checkout_plugin_dirs(root)` their paths.
- `served_tools(source)`, `provider_modules(root)`, `served_tool_names(root)`: the tools memory
  providers and context engines serve through `get_tool_schemas()` (no registry call names
  them, yet Hermes offers them).
- `find_plugin_package(start)`: the root of a plugin package outside any checkout: the first folder
  at or above `start` with a `pyproject.toml` that declares the entry-point group, else the first
  with a `plugin.yaml`. `package_plugin_dirs(root)` are its plugin folders.
- `entry_points(pyproject)`: the `hermes_agent.plugins` entry points a `pyproject.toml` declares.
- `plugin_dir_slug(key)`: the module name Hermes imports a directory plugin under.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

from hermes_dev.reading import SOURCE_LIMIT, read_bounded, read_head

TYPE_CHECKING = False
if TYPE_CHECKING:  # typing costs milliseconds at start-up, paid on every pre-commit run
    import ast
    from collections.abc import Iterable, Mapping
    from typing import Any

ENTRY_POINT_GROUP = "hermes_agent.plugins"
MANIFEST_FILES = ("plugin.yaml", "plugin.yml")
KINDS = ("standalone", "backend", "exclusive", "platform", "model-provider")
DEFAULT_KIND = "standalone"
SCHEMA_FILE = Path(__file__).with_name("plugin_manifest.schema.json")
# Folders the loader never treats as plugins, and folders no plugin package keeps its code in.
_SKIPPED = {"__pycache__", "node_modules", ".git", ".venv", "venv", "build", "dist"}


class ManifestProblem:
    """Something wrong with a manifest, at a 1-based line and column of the file."""

    __slots__ = ("column", "line", "message")

    def __init__(self, message: str, line: int = 1, column: int = 1) -> None:
        self.message = message
        self.line = line
        self.column = column

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ManifestProblem):
            return NotImplemented
        return (self.message, self.line, self.column) == (other.message, other.line, other.column)

    def __hash__(self) -> int:
        return hash((self.message, self.line, self.column))

    def __repr__(self) -> str:
        return f"ManifestProblem({self.message!r}, {self.line}, {self.column})"


class Manifest:
    """A parsed plugin.yaml. (Plain classes, not dataclasses: lint imports this module, and a
    pre-commit run pays for every import.)"""

    __slots__ = ("data", "node", "path", "problems")

    def __init__(
        self, path: Path, data: Any, problems: tuple[ManifestProblem, ...] = (), node: Any = None
    ) -> None:
        self.path = path
        # The parsed document; None when the file cannot be read or is not YAML.
        self.data = data
        # Why `data` is None (one problem), else empty.
        self.problems = problems
        # The composed node tree, for positions (None with `data`).
        self.node = node

    def __repr__(self) -> str:
        return f"Manifest({self.path!r}, {self.data!r})"

    @property
    def mapping(self) -> dict[str, Any]:
        return self.data if isinstance(self.data, dict) else {}

    @property
    def name(self) -> str | None:
        name = self.mapping.get("name")
        return name if isinstance(name, str) and name.strip() else None

    @property
    def kind(self) -> str:
        kind = self.mapping.get("kind", DEFAULT_KIND)
        return kind.strip().lower() if isinstance(kind, str) else DEFAULT_KIND

    @property
    def provides_tools(self) -> tuple[str, ...] | None:
        """The declared tool names; None when the key is absent or not a list of strings."""
        return _strings(self.mapping.get("provides_tools"))

    @property
    def requires_env(self) -> frozenset[str] | None:
        """The declared variable names (entries are names or `{name: ...}` mappings); None when
        the key is absent or not a list."""
        raw = self.mapping.get("requires_env")
        if not isinstance(raw, list):
            return None
        names = set()
        for item in raw:
            if isinstance(item, dict):
                item = item.get("name")
            if isinstance(item, str):
                names.add(item)
        return frozenset(names)

    def position(self, keys: tuple[str | int, ...] = ()) -> tuple[int, int]:
        """1-based line and column of the value at `keys` (its nearest existing parent)."""
        node = self.node
        if node is None:
            return 1, 1
        for key in keys:
            child = _child(node, key)
            if child is None:
                break
            node = child
        return node.start_mark.line + 1, node.start_mark.column + 1

    def key_position(self, key: str) -> tuple[int, int]:
        """1-based line and column of a top-level key (the document's start when absent)."""
        if self.node is not None and self.node.id == "mapping":
            for key_node, _ in self.node.value:
                if key_node.value == key:
                    return key_node.start_mark.line + 1, key_node.start_mark.column + 1
        return 1, 1


def _strings(raw: object) -> tuple[str, ...] | None:
    if not isinstance(raw, list) or not all(isinstance(item, str) for item in raw):
        return None
    return tuple(raw)


def _child(node: Any, key: str | int) -> Any:
    if node.id == "mapping" and isinstance(key, str):
        for key_node, value_node in node.value:
            if key_node.value == key:
                return value_node
    if node.id == "sequence" and isinstance(key, int) and 0 <= key < len(node.value):
        return node.value[key]
    return None


# Bounds of a manifest, checked on the parser's events before anything is composed: a real one
# is a few dozen nodes deep 3. Aliases count as what they expand to, so an alias bomb of a few
# hundred bytes (each level nine aliases of the one before) is refused, never built or walked.
MAX_MANIFEST_CHARS = 1024 * 1024
MAX_MANIFEST_NODES = 100_000
MAX_MANIFEST_DEPTH = 64
# Problems reported for one manifest: a list of 100,000 non-strings is these and one more line.
MAX_MANIFEST_PROBLEMS = 20


def shown(value: object, limit: int = 60) -> str:
    """`repr(value)` for a message, cut to about `limit` characters: a manifest's values are
    untrusted and may be megabytes long (repr also escapes control characters)."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 200:
        return "a number of many digits"
    if isinstance(value, str | bytes) and len(value) > limit:
        value = value[:limit]
        return repr(value)[: limit + 2] + "..."
    if isinstance(value, list | dict | tuple):
        return f"a {_json_type(value)} of {len(value)} entries"
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + "..."


def _over_budget(events: Any) -> str | None:
    """Why the event stream is too big to compose (None: it is not): nesting deeper than
    MAX_MANIFEST_DEPTH, more than MAX_MANIFEST_NODES nodes once aliases are expanded, or an alias
    to a node that contains it."""
    import yaml

    sizes: dict[str, int] = {}  # anchor -> the expanded size of its node
    stack: list[list[Any]] = []  # open collections: [anchor, expanded size so far]
    total = 0
    for event in events:
        if isinstance(event, yaml.CollectionStartEvent):
            stack.append([event.anchor, 1])
            if len(stack) > MAX_MANIFEST_DEPTH:
                return f"nested deeper than {MAX_MANIFEST_DEPTH} levels"
            continue
        if isinstance(event, yaml.CollectionEndEvent):
            anchor, size = stack.pop()
        elif isinstance(event, yaml.AliasEvent):
            anchor = None
            if any(open_anchor == event.anchor for open_anchor, _ in stack):
                return f"the alias *{shown(event.anchor)[1:-1]} refers to a node that contains it"
            size = sizes.get(event.anchor, 1)
        elif isinstance(event, yaml.ScalarEvent):
            anchor, size = event.anchor, 1
        else:
            continue
        if anchor is not None:
            sizes[anchor] = size
        # (A collection's size reaches its parent when it ends: each value counts once.)
        if stack:
            stack[-1][1] += size
        else:
            total += size
        if (stack[-1][1] if stack else total) > MAX_MANIFEST_NODES:
            return f"more than {MAX_MANIFEST_NODES:,} values once its aliases are expanded"
    return None


def _events(loader: Any) -> Any:
    while loader.check_event():
        yield loader.get_event()


def parse_manifest(path: Path, text: str) -> Manifest:
    """`text` (the content of `path`) as a manifest; a YAML error becomes its one problem, and
    so does a manifest over the bounds above (nothing of it is composed then)."""
    import yaml

    if len(text) > MAX_MANIFEST_CHARS:
        return Manifest(
            path, None, (ManifestProblem(f"larger than {MAX_MANIFEST_CHARS // 1024} KiB"),)
        )
    loader_class = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    counter = loader_class(text)
    loader = loader_class(text)
    try:
        too_big = _over_budget(_events(counter))
        if too_big is not None:
            return Manifest(path, None, (ManifestProblem(f"too large to read: {too_big}"),))
        node = loader.get_single_node()
        data = loader.construct_document(node) if node is not None else None
    except ValueError as exc:  # an integer of more digits than int() takes
        what = str(exc).splitlines()[0][:80] if str(exc) else "a value it cannot convert"
        return Manifest(path, None, (ManifestProblem(f"not a valid value: {what}"),))
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, column = (mark.line + 1, mark.column + 1) if mark is not None else (1, 1)
        what = exc.problem or "a syntax error"
        if exc.context:
            what += f" ({exc.context})"
        return Manifest(path, None, (ManifestProblem(f"not valid YAML: {what}", line, column),))
    except yaml.YAMLError as exc:
        return Manifest(path, None, (ManifestProblem(f"not valid YAML: {exc}"),))
    except RecursionError:
        return Manifest(path, None, (ManifestProblem("too deeply nested to read"),))
    finally:
        counter.dispose()
        loader.dispose()
    return Manifest(path, data, (), node)


def read_manifest(path: Path) -> Manifest:
    from hermes_dev.reading import MANIFEST_LIMIT, read_bounded

    try:
        text = read_bounded(path, MANIFEST_LIMIT).decode("utf-8-sig")
    except UnicodeDecodeError:
        return Manifest(path, None, (ManifestProblem("not UTF-8 text"),))
    except OSError as exc:
        return Manifest(path, None, (ManifestProblem(f"cannot read it: {exc.strerror or exc}"),))
    return parse_manifest(path, text)


def manifest_schema() -> dict[str, Any]:
    import json

    schema: dict[str, Any] = json.loads(SCHEMA_FILE.read_text(encoding="utf-8"))
    return schema


def manifest_problems(manifest: Manifest) -> list[ManifestProblem]:
    """Why `manifest` is no valid plugin manifest (empty when it is one), first line first: at
    most MAX_MANIFEST_PROBLEMS, then one that says how many more there are."""
    if manifest.problems:
        return list(manifest.problems)
    if not isinstance(manifest.data, dict):
        what = "empty" if manifest.data is None else f"a {_json_type(manifest.data)}"
        return [ManifestProblem(f"the manifest is {what}, not a mapping of keys such as name:")]
    import jsonschema  # type: ignore[import-untyped]

    validator = jsonschema.Draft202012Validator(manifest_schema())
    problems: list[ManifestProblem] = []
    for error in validator.iter_errors(manifest.data):
        keys = tuple(error.absolute_path)
        line, column = manifest.position(keys)
        problems.append(ManifestProblem(_describe(error, keys), line, column))
    problems.sort(key=lambda p: (p.line, p.column, p.message))
    if len(problems) > MAX_MANIFEST_PROBLEMS:
        rest = problems[MAX_MANIFEST_PROBLEMS]
        more = len(problems) - MAX_MANIFEST_PROBLEMS
        problems[MAX_MANIFEST_PROBLEMS:] = [
            ManifestProblem(f"and {more:,} more problems like these", rest.line, rest.column)
        ]
    return problems


def _describe(error: Any, keys: tuple[str | int, ...]) -> str:
    where = _key_text(keys)
    if error.validator == "required":
        missing = error.message.split("'")[1] if "'" in error.message else "a key"
        return f"required key {missing!r} is missing" + (f" in {where}" if where else "")
    if error.validator == "enum" and keys == ("kind",):
        return f"kind {shown(error.instance)} is not one of {', '.join(KINDS)}"
    if error.validator == "type":
        expected = error.validator_value
        types = expected if isinstance(expected, list) else [expected]
        names = [_SCHEMA_TYPES.get(str(t), str(t)) for t in types]
        wanted = " or ".join(names)
        return f"{where} must be {_article(wanted)}, not {_article(_json_type(error.instance))}"
    if error.validator == "anyOf" and keys[:1] in (("requires_env",), ("optional_env",)):
        return f"{where} must be a variable name or a mapping with a name: key"
    if error.validator in ("pattern", "minLength") and isinstance(error.instance, str):
        return f"{where} {shown(error.instance)} is not a valid value here"
    # jsonschema's own words quote the value whole: cut them short.
    message = error.message if len(error.message) <= 200 else error.message[:200] + "..."
    return f"{where}: {message}" if where else message


# JSON Schema's type names as a YAML author says them.
_SCHEMA_TYPES = {"array": "list", "object": "mapping", "null": "empty"}


def _key_text(keys: tuple[str | int, ...]) -> str:
    text = ""
    for key in keys:
        text += f"[{key}]" if isinstance(key, int) else (f".{key}" if text else key)
    return text


def _article(type_name: str) -> str:
    return f"an {type_name}" if type_name[:1] in "aeiou" else f"a {type_name}"


def _json_type(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "boolean"
    if isinstance(value, int | float):
        return "number" if isinstance(value, float) else "integer"
    if isinstance(value, str):
        return "string"
    if isinstance(value, list):
        return "list"
    if isinstance(value, dict):
        return "mapping"
    return type(value).__name__


def manifest_file(folder: Path) -> Path | None:
    """The folder's `plugin.yaml` (or `plugin.yml`), or None."""
    for name in MANIFEST_FILES:
        candidate = folder / name
        if candidate.is_file():
            return candidate
    return None


# Who loads a plugin folder: Hermes' general plugin loader (`hermes_cli/plugins.py`), or the
# discovery of its own kind of folder.
GENERAL = "general"
MEMORY = "memory"  # plugins/memory/__init__.py: memory providers
CONTEXT_ENGINE = "context_engine"  # plugins/context_engine/__init__.py: context engines
MODEL_PROVIDERS = "model-providers"  # providers/__init__.py: model provider profiles
# Folders of a checkout's plugins/ the general loader skips because another system discovers
# what is in them; `platforms/` it scans on its own, one level deeper.
OWN_DISCOVERY = (MEMORY, CONTEXT_ENGINE, MODEL_PROVIDERS)
PLATFORMS = "platforms"
# The kinds whose module the general loader imports and whose register(ctx) it calls.
REGISTERING_KINDS = ("standalone", "backend", "platform")
# How much of an __init__.py Hermes reads to guess the kind of a manifest without `kind:`.
_KIND_SNIFF_CHARS = 8192


class PluginDir:
    """A plugin folder as Hermes finds it: its `path`, `key` (the path under `plugins/`, e.g.
    `image_gen/openai` or `memory/honcho`), which `loader` discovers it (`GENERAL`, `MEMORY`,
    `CONTEXT_ENGINE` or `MODEL_PROVIDERS`) and its manifest (None when it has none). `kind` is
    the kind Hermes gives it; `needs_register` says whether Hermes calls its `register(ctx)`."""

    __slots__ = ("_kind", "entry_module", "key", "loader", "manifest_path", "path")

    def __init__(
        self,
        path: Path,
        key: str,
        loader: str,
        manifest_path: Path | None,
        entry_module: Path | None = None,
    ) -> None:
        self.path = path
        self.key = key
        self.loader = loader
        self.manifest_path = manifest_path
        # The module an entry point names when it is not the folder's `__init__.py`
        # (`wx = "hermes_wx.plugin"`): the one Hermes imports and whose register it calls.
        self.entry_module = entry_module
        self._kind: str | None = None

    def __repr__(self) -> str:
        return f"PluginDir({self.key!r}, {self.loader})"

    @property
    def kind(self) -> str:
        """`standalone`, `backend`, `exclusive`, `platform` or `model-provider`: for the general
        loader, the manifest's `kind` (an unknown one is `standalone`), and without a `kind:` key
        the guess Hermes makes from the start of `__init__.py` (a memory provider is `exclusive`,
        a `register_provider(ProviderProfile(...))` module is `model-provider`); for the other
        loaders, the kind of what they load."""
        if self._kind is None:
            self._kind = self._find_kind()
        return self._kind

    @kind.setter
    def kind(self, kind: str) -> None:
        """Take `kind` as known (a caller that keeps it per manifest content)."""
        self._kind = kind

    def _find_kind(self) -> str:
        if self.loader == MODEL_PROVIDERS:
            return "model-provider"
        if self.loader in (MEMORY, CONTEXT_ENGINE):
            return "exclusive"
        data = read_manifest(self.manifest_path).mapping if self.manifest_path else {}
        return plugin_kind(data, self.path)

    @property
    def needs_register(self) -> bool:
        """Whether Hermes imports the folder's `__init__.py` and calls its `register(ctx)` (the
        general loader, for the kinds it loads); memory providers and context engines may
        have one, model providers register at import."""
        return self.loader == GENERAL and self.kind in REGISTERING_KINDS


def plugin_kind(manifest: Mapping[str, Any], folder: Path) -> str:
    """The kind Hermes' loader gives a plugin whose manifest holds `manifest` (see
    `PluginDir.kind`)."""
    raw = manifest.get("kind", DEFAULT_KIND)
    kind = raw.strip().lower() if isinstance(raw, str) else DEFAULT_KIND
    if kind not in KINDS:
        kind = DEFAULT_KIND
    if kind == DEFAULT_KIND and "kind" not in manifest:
        try:
            raw = read_head(folder / "__init__.py", _KIND_SNIFF_CHARS)  # (a FIFO: an OSError)
            head = raw.decode("utf-8", "replace")
        except OSError:
            head = ""
        if "register_memory_provider" in head or "MemoryProvider" in head:
            return "exclusive"
        if "register_provider" in head and "ProviderProfile" in head:
            return "model-provider"
    return kind


def checkout_plugins(root: Path) -> list[PluginDir]:
    """The plugin folders of a checkout's `plugins/`, as Hermes' loaders find them:

    - the general loader: `<name>/` with a manifest, and `<category>/<name>/` under a folder
      without one (two levels), skipping `memory/`, `context_engine/`, `model-providers/` and
      `platforms/`; then `platforms/` the same way (`platforms/<name>/`,
      `platforms/<category>/<name>/`);
    - `plugins/memory/<name>/` and `plugins/context_engine/<name>/` with an `__init__.py`
      (memory providers, context engines) and `plugins/model-providers/<name>/` with one (model
      providers): each of these loaders imports such a folder whether or not it has a manifest.

    Sorted by path."""
    found: list[PluginDir] = []
    top = root / "plugins"
    found.extend(_general(top, "", skip=(*OWN_DISCOVERY, PLATFORMS)))
    found.extend(_general(top / PLATFORMS, PLATFORMS + "/", skip=()))
    for loader in OWN_DISCOVERY:
        for child in _subfolders(top / loader):
            if child.name.startswith("_") or not (child / "__init__.py").is_file():
                continue
            found.append(PluginDir(child, f"{loader}/{child.name}", loader, manifest_file(child)))
    return sorted(found, key=lambda p: p.path)


def _general(top: Path, prefix: str, skip: tuple[str, ...]) -> list[PluginDir]:
    """What the general loader's two-level scan of `top` finds."""
    found: list[PluginDir] = []
    for child in _subfolders(top):
        if child.name in skip:
            continue
        manifest = manifest_file(child)
        if manifest is not None:
            found.append(PluginDir(child, prefix + child.name, GENERAL, manifest))
            continue
        for grand in _subfolders(child):
            manifest = manifest_file(grand)
            if manifest is not None:
                key = f"{prefix}{child.name}/{grand.name}"
                found.append(PluginDir(grand, key, GENERAL, manifest))
    return found


def checkout_plugin_dirs(root: Path) -> list[Path]:
    """The folders of `checkout_plugins(root)`. Sorted."""
    return [plugin.path for plugin in checkout_plugins(root)]


def _subfolders(folder: Path) -> list[Path]:
    try:
        children = sorted(folder.iterdir())
    except OSError:
        return []
    return [
        c
        for c in children
        if c.is_dir()
        and not c.name.startswith(".")
        and not _dunder(c.name)
        and c.name not in _SKIPPED
    ]


def _dunder(name: str) -> bool:
    return name.startswith("__") and name.endswith("__")


def entry_points(pyproject: Path) -> dict[str, str]:
    """Entry-point name -> object reference (`module` or `module:attr`) of the group
    `hermes_agent.plugins` in a `pyproject.toml` (PEP 621, or Poetry's plugins table). Empty
    when the file is missing, malformed or declares none."""
    import tomllib

    from hermes_dev.reading import CONFIG_LIMIT, read_bounded

    try:
        data = tomllib.loads(read_bounded(pyproject, CONFIG_LIMIT).decode("utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError):
        return {}
    tables = [
        _table(data, "project", "entry-points", ENTRY_POINT_GROUP),
        _table(data, "tool", "poetry", "plugins", ENTRY_POINT_GROUP),
    ]
    found: dict[str, str] = {}
    for table in tables:
        for name, ref in table.items():
            if isinstance(name, str) and isinstance(ref, str):
                found[name] = ref
    return found


def _table(data: object, *keys: str) -> dict[Any, Any]:
    for key in keys:
        if not isinstance(data, dict):
            return {}
        data = data.get(key)
    return data if isinstance(data, dict) else {}


def _declares_entry_point(folder: Path) -> bool:
    pyproject = folder / "pyproject.toml"
    return pyproject.is_file() and bool(entry_points(pyproject))


def find_plugin_package(start: Path | None = None) -> Path | None:
    """The root of the plugin package at or above `start` (a file or folder): the first folder
    with a `pyproject.toml` declaring a `hermes_agent.plugins` entry point; failing that, the
    first folder holding a `plugin.yaml`. None when there is neither."""
    here = (start or Path.cwd()).resolve()
    if here.is_file():
        here = here.parent
    folders = (here, *here.parents)
    for folder in folders:
        if _declares_entry_point(folder):
            return folder
    for folder in folders:
        if manifest_file(folder) is not None:
            return folder
    return None


def find_plugin_collection(start: Path) -> Path | None:
    """The first folder at or above `start` whose `plugins/` holds plugin folders (a
    `plugins/<name>/plugin.yaml`, or one a category deeper): a repository of directory plugins
    that its owner copies to `~/.hermes/plugins/`. None when there is none."""
    here = start if start.is_dir() else start.parent
    for folder in (here, *here.parents):
        plugins = folder / "plugins"
        if plugins.is_dir() and any(
            manifest_file(child) is not None
            or any(manifest_file(inner) is not None for inner in _subfolders(child))
            for child in _subfolders(plugins)
        ):
            return folder
    return None


def _entry_targets(root: Path) -> list[tuple[Path, Path | None]]:
    """For each `hermes_agent.plugins` entry point of the root's `pyproject.toml` found under the
    root or `src/`: (its plugin folder, the module file it names when that is a module below a
    package, `wx = "hermes_wx.plugin"`, else None)."""
    found: list[tuple[Path, Path | None]] = []
    pyproject = root / "pyproject.toml"
    for ref in entry_points(pyproject).values() if pyproject.is_file() else ():
        module, colon, _ = ref.partition(":")
        parts = [p for p in module.strip().split(".") if p]
        if not parts or not all(p.isidentifier() for p in parts):
            continue
        for base in (root, root / "src"):
            package = base.joinpath(*parts)
            if (package / "__init__.py").is_file():
                found.append((package, None))
                break
            if package.with_suffix(".py").is_file():
                # (`module:attr` names an object, not the module Hermes calls register on)
                named = None if colon or len(parts) < 2 else package.with_suffix(".py")
                found.append((package.parent, named))
                break
    return found


def entry_modules(root: Path) -> dict[Path, Path]:
    """Plugin folder -> the module file its entry point names, for an entry point that names a
    module below the package (`wx = "hermes_wx.plugin"`: `hermes_wx/plugin.py`)."""
    return {folder: module for folder, module in _entry_targets(root) if module is not None}


def package_plugin_dirs(root: Path) -> list[Path]:
    """The plugin folders of a plugin package: each entry point's package folder (under the root
    or `src/`) and the root itself when it holds a manifest. Sorted, no duplicates."""
    found = {folder for folder, _ in _entry_targets(root)}
    if manifest_file(root) is not None:
        found.add(root)
    return sorted(found)


def plugin_dir_slug(key: str) -> str:
    """`image_gen/openai` -> `image_gen__openai`, `disk-cleanup` -> `disk_cleanup`: the name
    under `hermes_plugins.` that Hermes imports a directory plugin as."""
    return key.replace("/", "__").replace("-", "_")


def relative_key(root: Path, plugin_dir: Path) -> str:
    """A checkout plugin's registry key: its path under `plugins/` (`name` or `category/name`)."""
    return os.path.relpath(plugin_dir, root / "plugins").replace(os.sep, "/")


def plugin_tool_names(root: Path) -> dict[str, str]:
    """Tool name -> why a checkout's plugin owns it (one phrase), for every tool a plugin under
    `root/plugins/` declares in its manifest's `provides_tools`, registers statically with
    `ctx.register_tool(name="...")`, or serves through `get_tool_schemas()` (a memory provider,
    a context engine). A text scan first: only files that call `register_tool` are parsed."""
    from hermes_dev.host.registrations import registrations_of
    from hermes_dev.pyast.semantic.modules import Models
    from hermes_dev.reading import SOURCE_LIMIT, read_bounded

    owned: dict[str, str] = {}
    models: Models | None = None
    for folder in checkout_plugin_dirs(root):
        rel = folder.relative_to(root).as_posix()
        manifest_path = manifest_file(folder)
        if manifest_path is not None:
            for tool in read_manifest(manifest_path).provides_tools or ():
                owned.setdefault(tool, f"{rel}/{manifest_path.name} provides it")
        for path in sorted(folder.rglob("*.py")):
            if "__pycache__" in path.parts:
                continue
            try:
                text = read_bounded(path, SOURCE_LIMIT).decode("utf-8", "replace")
            except OSError:
                continue
            if "register_tool" not in text:
                continue
            if models is None:
                models = Models(root)
            module = models.get(path, text)
            for registration in registrations_of(module) if module is not None else ():
                name = registration.name
                if name is not None and registration.kind == "plugin":
                    where = path.relative_to(root).as_posix()
                    owned.setdefault(name, f"{where} registers it")
    for name, where in served_tool_names(root).items():
        owned.setdefault(name, f"{where} serves it through get_tool_schemas()")
    return owned


# -- tools served through a provider's own interface ------------------------------------------

SERVES_MARKER = "get_tool_schemas"
# Strings in a get_tool_schemas() that may be tool names (aliases built in code).
_TOOL_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_.-]{0,63}")
_MAX_SCHEMA_DEPTH = 12


def serving_plugins(root: Path, plugins: list[PluginDir] | None = None) -> list[PluginDir]:
    """The plugins that serve tools through their own interface rather than the registry:
    memory providers and context engines (`get_tool_schemas()` and a tool-call method).
    `plugins`: `checkout_plugins(root)` when the caller has it."""
    return [
        p
        for p in (checkout_plugins(root) if plugins is None else plugins)
        if p.loader in (MEMORY, CONTEXT_ENGINE) or (p.loader == GENERAL and p.kind == "exclusive")
    ]


def provider_modules(root: Path, plugins: list[PluginDir] | None = None) -> list[Path]:
    """The `.py` files of `serving_plugins(root, plugins)` that define `get_tool_schemas` (a
    text test). Sorted."""
    found: list[Path] = []
    for plugin in serving_plugins(root, plugins):
        for path in sorted(plugin.path.rglob("*.py")):
            if "__pycache__" in path.parts:
                continue
            try:
                text = read_bounded(path, SOURCE_LIMIT).decode("utf-8", "replace")
            except OSError:
                continue
            if f"def {SERVES_MARKER}" in text:
                found.append(path)
    return found


def served_tools(source: str) -> tuple[list[str], list[str]]:
    """(names, maybe) of the tools a module serves through `get_tool_schemas()`: `names` are
    the `"name"` of every schema dict its return values reach (a literal, a local or
    module-level variable and what is appended to it, a list of them, `list(ALL_SCHEMAS)`, a
    helper's argument); `maybe` adds every string in the method that could be a tool name
    (aliases it builds in code). Read with `ast`, never run; empty when it does not parse."""
    import ast

    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return [], []
    return served_tools_in(tree)


def served_tools_in(tree: ast.Module) -> tuple[list[str], list[str]]:
    """`served_tools` of a module already parsed."""
    import ast

    module_values = _bindings(tree.body)
    names: list[str] = []
    maybe: list[str] = []
    for node in _defs_named(tree, SERVES_MARKER):
        local_values = _bindings(ast.walk(node))
        values = {**module_values, **local_values}
        for sub in ast.walk(node):
            if isinstance(sub, ast.Return) and sub.value is not None:
                _schema_names(sub.value, values, names, 0, frozenset())
            elif (
                isinstance(sub, ast.Constant)
                and isinstance(sub.value, str)
                and _TOOL_NAME.fullmatch(sub.value)
            ):
                maybe.append(sub.value)
    return _unique(names), _unique(names + maybe)


def _defs_named(tree: ast.Module, name: str) -> list[ast.FunctionDef | ast.AsyncFunctionDef]:
    """The defs called `name` at any depth, entering only the defs whose text holds the name
    (a def's body is parsed on first read: see pyast.semantic.lazy_bodies)."""
    import ast
    from collections import deque

    from hermes_dev.pyast.semantic.lazy_bodies import may_mention

    found: list[ast.FunctionDef | ast.AsyncFunctionDef] = []
    todo: deque[ast.AST] = deque([tree])  # (breadth first, as ast.walk)
    while todo:
        node = todo.popleft()
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            if node.name == name:
                found.append(node)
            if not may_mention(node, name):
                continue
        todo.extend(ast.iter_child_nodes(node))
    return found


def _bindings(nodes: Iterable[ast.AST]) -> dict[str, list[ast.expr]]:
    """Every value each name is given among `nodes`: `x = ...`, `x: T = ...`, `x += ...`,
    `x.append(...)` / `x.extend(...)`."""
    import ast

    values: dict[str, list[ast.expr]] = {}
    for node in nodes:
        if isinstance(node, ast.Assign):
            for target in node.targets:
                if isinstance(target, ast.Name):
                    values.setdefault(target.id, []).append(node.value)
        elif isinstance(node, ast.AnnAssign | ast.AugAssign) and node.value is not None:
            if isinstance(node.target, ast.Name):
                values.setdefault(node.target.id, []).append(node.value)
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in ("append", "extend")
            and isinstance(node.func.value, ast.Name)
        ):
            values.setdefault(node.func.value.id, []).extend(node.args)
    return values


def _schema_names(
    expr: ast.expr,
    values: dict[str, list[ast.expr]],
    out: list[str],
    depth: int,
    seen: frozenset[str],
) -> None:
    import ast

    if depth > _MAX_SCHEMA_DEPTH:
        return
    if isinstance(expr, ast.Dict):
        for key, value in zip(expr.keys, expr.values):
            if (
                isinstance(key, ast.Constant)
                and key.value == "name"
                and isinstance(value, ast.Constant)
                and isinstance(value.value, str)
            ):
                out.append(value.value)
        return
    if isinstance(expr, ast.Name):
        if expr.id not in seen:
            for value in values.get(expr.id, ()):
                _schema_names(value, values, out, depth + 1, seen | {expr.id})
        return
    children: list[ast.expr] = []
    if isinstance(expr, ast.List | ast.Tuple | ast.Set):
        children = list(expr.elts)
    elif isinstance(expr, ast.Starred):
        children = [expr.value]
    elif isinstance(expr, ast.Call):
        children = [*expr.args, *(kw.value for kw in expr.keywords)]
    elif isinstance(expr, ast.BinOp):
        children = [expr.left, expr.right]
    elif isinstance(expr, ast.IfExp):
        children = [expr.body, expr.orelse]
    for child in children:
        _schema_names(child, values, out, depth + 1, seen)


def _unique(items: list[str]) -> list[str]:
    return list(dict.fromkeys(items))


def served_tool_names(root: Path) -> dict[str, str]:
    """Tool name -> the module (posix, from the root) of the checkout's memory provider or
    context engine that serves it, for every name `served_tools` finds in
    `provider_modules(root)`."""
    served: dict[str, str] = {}
    for path in provider_modules(root):
        try:
            text = read_bounded(path, SOURCE_LIMIT).decode("utf-8", "replace")
        except OSError:
            continue
        where = path.relative_to(root).as_posix()
        for name in served_tools(text)[0]:
            served.setdefault(name, where)
    return served
