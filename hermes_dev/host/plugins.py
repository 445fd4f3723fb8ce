"""Hermes Agent plugins as hermes-dev sees them: where they are, and what their manifests say.

A directory plugin is a folder holding `plugin.yaml` (or `plugin.yml`) and an `__init__.py` with
`register(ctx)`. Hermes finds them under a checkout's `plugins/<name>/` (and one category level
deeper, `plugins/<category>/<name>/`), under `~/.hermes/plugins/` and `./.hermes/plugins/`, and as
pip packages exposing the entry-point group `hermes_agent.plugins` (the entry point's name is the
plugin's name, `ep.load()` gives the module whose `register(ctx)` runs).

API:

- `read_manifest(path) -> Manifest`: the YAML parsed with PyYAML (never a traceback: a malformed
  file is a `Manifest` with `data` None and a problem at the error's line); `Manifest.name`,
  `.kind`, `.provides_tools`, `.requires_env` (names; None where the key is absent),
  `.position(keys)` (line and column of a value, for findings).
- `manifest_problems(manifest)`: the parse problem, or every way the data breaks the manifest
  schema this package ships (`plugin_manifest.schema.json`, checked with jsonschema).
- `checkout_plugin_dirs(root)`: the plugin folders under a checkout's `plugins/`, found as the
  loader finds them.
- `find_plugin_package(start)`: the root of a plugin package outside any checkout: the first folder
  at or above `start` with a `pyproject.toml` that declares the entry-point group, else the first
  with a `plugin.yaml`. `package_plugin_dirs(root)` are its plugin folders.
- `entry_points(pyproject)`: the `hermes_agent.plugins` entry points a `pyproject.toml` declares.
- `plugin_dir_slug(key)`: the module name Hermes imports a directory plugin under.
"""

from __future__ import annotations

import os
from pathlib import Path

TYPE_CHECKING = False
if TYPE_CHECKING:  # typing costs milliseconds at start-up, paid on every pre-commit run
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
    """Why `manifest` is no valid plugin manifest (empty when it is one), first line first."""
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
    return sorted(problems, key=lambda p: (p.line, p.column, p.message))


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


def checkout_plugin_dirs(root: Path) -> list[Path]:
    """Plugin folders under `root/plugins/`: `<name>/` with a manifest, and `<category>/<name>/`
    under a folder without one (the loader's two levels). Sorted."""
    found: list[Path] = []
    top = root / "plugins"
    for child in _subfolders(top):
        if manifest_file(child) is not None:
            found.append(child)
            continue
        found.extend(grand for grand in _subfolders(child) if manifest_file(grand) is not None)
    return found


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


def package_plugin_dirs(root: Path) -> list[Path]:
    """The plugin folders of a plugin package: each entry point's package folder (under the root
    or `src/`) and the root itself when it holds a manifest. Sorted, no duplicates."""
    found: set[Path] = set()
    if manifest_file(root) is not None:
        found.add(root)
    pyproject = root / "pyproject.toml"
    for ref in entry_points(pyproject).values() if pyproject.is_file() else ():
        module = ref.split(":", 1)[0].strip()
        parts = [p for p in module.split(".") if p]
        if not parts or not all(p.isidentifier() for p in parts):
            continue
        for base in (root, root / "src"):
            package = base.joinpath(*parts)
            if (package / "__init__.py").is_file():
                found.add(package)
                break
            if package.with_suffix(".py").is_file():
                found.add(package.parent)
                break
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
    `root/plugins/` declares in its manifest's `provides_tools` or registers statically with
    `ctx.register_tool(name="...")`. A text scan first: only files that call `register_tool`
    are parsed."""
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
    return owned
