"""The version of this copy of hermes-dev, for the build (hatchling's `code` version source).

1. Git with a `v*` tag behind HEAD: setuptools-scm's version, as hatch-vcs gives it (`v0.7.0`
   is 0.7.0, two commits later 0.7.1.dev2+gHASH).
2. Git without such a tag (a clone or mirror that dropped tags): the newest dated release in
   CHANGELOG.md, counted from the commit that added its heading, the same way (that commit is
   0.7.0, two commits later 0.7.1.dev2+gHASH), so a pin by commit still sorts as its release.
3. No git: what setuptools-scm reads (an sdist's PKG-INFO, a filled-in .git_archival.txt),
   else FALLBACK.

Not part of the package; hatchling runs it when it builds.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent
FALLBACK = "0.0.0"
_RELEASE = re.compile(r"^## \[(\d+)\.(\d+)\.(\d+)\] - \d{4}-\d{2}-\d{2}", re.MULTILINE)


def _git(*args: str) -> str | None:
    try:
        done = subprocess.run(
            ["git", *args], cwd=ROOT, capture_output=True, text=True, timeout=60, check=False
        )
    except (OSError, subprocess.SubprocessError):
        return None
    return done.stdout.strip() if done.returncode == 0 else None


def _in_own_git() -> bool:
    top = _git("rev-parse", "--show-toplevel")
    return top is not None and Path(top).resolve() == ROOT


def from_changelog() -> str | None:
    """The newest dated CHANGELOG release, counted from the commit that added its heading."""
    try:
        text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    except OSError:
        return None
    match = _RELEASE.search(text)
    if match is None:
        return None
    major, minor, patch = (int(part) for part in match.groups())
    heading = f"## [{major}.{minor}.{patch}]"
    added = _git("log", "--reverse", "--format=%H", "-S", heading, "--", "CHANGELOG.md")
    if not added:
        return None
    distance = _git("rev-list", "--count", f"{added.split()[0]}..HEAD")
    short = _git("rev-parse", "--short", "HEAD")
    if distance is None or short is None:
        return None
    if distance == "0":
        return f"{major}.{minor}.{patch}"
    return f"{major}.{minor}.{patch + 1}.dev{distance}+g{short}"


def version() -> str:
    if _in_own_git() and _git("describe", "--tags", "--abbrev=0", "--match", "v[0-9]*") is None:
        found = from_changelog()
        if found is not None:
            return found
    from setuptools_scm import get_version  # hatch-vcs's dependency, there at build time

    return str(get_version(root=str(ROOT), fallback_version=FALLBACK))


__version__ = version()
