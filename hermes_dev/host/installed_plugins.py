"""Entry-point plugins installed in this Python environment: the packages that expose the group
`hermes_agent.plugins`, which Hermes loads by entry-point name. Read from the distributions'
metadata only (the entry points, the file list, `direct_url.json` of an editable install, and
the `plugin.yaml` shipped beside the entry point's module): nothing is imported.

API: `installed_plugins(path=None) -> list[InstalledPlugin]` (`path`: where to look instead of
`sys.path`). Every file is untrusted: a broken distribution is skipped, a manifest larger than
MAX_MANIFEST_BYTES or not valid YAML gives no tools; never an exception.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from hermes_dev.host.plugins import ENTRY_POINT_GROUP
from hermes_dev.reading import read_head

MAX_MANIFEST_BYTES = 256_000
_MANIFEST_NAMES = ("plugin.yaml", "plugin.yml")


@dataclass(frozen=True)
class InstalledPlugin:
    name: str  # the entry point's name: the plugin's name in Hermes (plugins.enabled)
    distribution: str  # "hermes-plugin-weather 0.1.0"
    module: str  # the entry point's module
    tools: tuple[str, ...]  # `provides_tools` of its plugin.yaml, when the package ships one


def installed_plugins(path: list[str] | None = None) -> list[InstalledPlugin]:
    from importlib import metadata

    found: dict[tuple[str, str], InstalledPlugin] = {}
    try:
        dists = list(
            metadata.distributions(path=path) if path is not None else (metadata.distributions())
        )
    except Exception:  # noqa: BLE001 -- a broken site-packages entry: nothing to say
        return []
    for dist in dists:
        try:
            eps = [ep for ep in dist.entry_points if ep.group == ENTRY_POINT_GROUP]
            if not eps:
                continue
            label = f"{dist.metadata['Name'] or '?'} {dist.version or '?'}"
        except Exception:  # noqa: BLE001, S112 -- unreadable metadata of one distribution
            continue
        for ep in eps:
            module = ep.value.partition(":")[0].strip()
            key = (ep.name, module)
            if key not in found:  # the same distribution seen twice on the path
                found[key] = InstalledPlugin(ep.name, label, module, _tools(dist, module))
    return list(found.values())


def _tools(dist: Any, module: str) -> tuple[str, ...]:
    """`provides_tools` of the plugin.yaml beside `module` in the distribution (installed, or
    the source folder of an editable install); () when there is none or it cannot be read."""
    folder = module.replace(".", "/")
    for name in _MANIFEST_NAMES:
        text = _installed_file(dist, f"{folder}/{name}") or _editable_file(dist, folder, name)
        if text is not None:
            return _provides_tools(text)
    return ()


def _installed_file(dist: Any, relpath: str) -> str | None:
    try:
        files = dist.files or []
        for file in files:
            if file.as_posix() == relpath:
                return _read(Path(dist.locate_file(file)))
    except Exception:  # noqa: BLE001 -- a RECORD that does not read: no manifest
        return None
    return None


def _editable_file(dist: Any, folder: str, name: str) -> str | None:
    """For `pip install -e`: `direct_url.json` names the source folder (PEP 610)."""
    try:
        raw = dist.read_text("direct_url.json")
        data = json.loads(raw) if raw and len(raw) < 100_000 else None
    except Exception:  # noqa: BLE001 -- unreadable or not JSON
        return None
    if not isinstance(data, dict):
        return None
    url, info = data.get("url"), data.get("dir_info")
    if not (isinstance(url, str) and url.startswith("file://") and isinstance(info, dict)):
        return None
    if info.get("editable") is not True:
        return None
    from urllib.parse import unquote, urlparse

    source = Path(unquote(urlparse(url).path))
    for candidate in (source / folder / name, source / "src" / folder / name):
        text = _read(candidate)
        if text is not None:
            return text
    return None


def _read(path: Path) -> str | None:
    try:
        data = read_head(path, MAX_MANIFEST_BYTES + 1)  # (a FIFO: an OSError, never a hang)
    except OSError:
        return None
    if len(data) > MAX_MANIFEST_BYTES:
        return None
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return None


def _provides_tools(text: str) -> tuple[str, ...]:
    from hermes_dev.host.plugins import parse_manifest

    try:
        manifest = parse_manifest(Path("plugin.yaml"), text)
    except (RecursionError, MemoryError, ValueError):
        return ()
    tools = manifest.provides_tools
    return tuple(tools) if tools else ()
