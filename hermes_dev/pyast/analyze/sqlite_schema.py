"""What a project's sqlite code says of its tables, read from its text: the UNIQUE columns its
CREATE TABLE statements declare (`sqlite_uniques(module)`, for the module's folder), whether a
folder uses sqlite3 at all (`uses_sqlite(module)`), and which columns a plain INSERT or UPDATE
fills with its `?` placeholders (`written_columns(sql)`).
"""

from __future__ import annotations

import re

from hermes_dev.pyast.semantic.import_graph import subtree_files

TYPE_CHECKING = False
if TYPE_CHECKING:
    from pathlib import Path

    from hermes_dev.pyast.semantic.modules import ModuleInfo


def uses_sqlite(module: ModuleInfo) -> bool:
    """The module, or a module of its folder (its `store.connect()`), uses sqlite3."""
    if module.word_lines("sqlite3"):
        return True
    folder = module.path.parent
    memo = module.models.memo
    found = memo.get(("uses-sqlite", folder))
    if found is None:
        found = False
        for path in _folder_files(module):
            text = module.models.read(path) if path != module.path else None
            if text is not None and "sqlite3" in text:
                found = True
                break
        memo[("uses-sqlite", folder)] = found
    return bool(found)


_CREATE = re.compile(
    r"CREATE\s+TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?[\"`]?(\w+)[\"`]?\s*\((.*?)\)\s*(?:;|\"|'|$)",
    re.IGNORECASE | re.DOTALL,
)


def _folder_files(module: ModuleInfo) -> list[Path]:
    """The `.py` files of the module's own folder, as `import_graph.subtree_files` lists them
    (what the cache's key of a module that runs SQL counts)."""
    root = module.models.root
    try:
        folder = module.path.parent.relative_to(root).as_posix()
    except ValueError:
        return []
    folder = "" if folder == "." else folder
    return [
        root / rel
        for rel in subtree_files(str(root), folder)
        if (rel.rpartition("/")[0] if "/" in rel else "") == folder
    ]


def sqlite_uniques(module: ModuleInfo) -> dict[str, tuple[frozenset[str], ...]]:
    """The UNIQUE columns of each table the CREATE TABLE statements of the module's folder
    declare (a column's own `UNIQUE` or non-integer `PRIMARY KEY`, a one-column
    `UNIQUE (col)`), when the folder uses sqlite3."""
    folder = module.path.parent
    memo = module.models.memo
    known = memo.get(("sqlite-uniques", folder))
    if known is not None:
        return known  # type: ignore[return-value]
    found = {}
    if uses_sqlite(module):
        for path in _folder_files(module):
            text = module.models.read(path)
            if text is None or "CREATE TABLE" not in text.upper():
                continue
            for match in _CREATE.finditer(text):
                columns = _unique_columns(match.group(2))
                if columns:
                    found[match.group(1).lower()] = columns
    memo[("sqlite-uniques", folder)] = found
    return found


def _unique_columns(body: str) -> tuple[frozenset[str], ...]:
    """The column groups a table holds UNIQUE: a column's own `UNIQUE` (or a primary key that
    is not an INTEGER one), a table's `UNIQUE (a, b)`."""
    groups: list[frozenset[str]] = []
    for part in _top_level_parts(body):
        words = part.split()
        if not words:
            continue
        upper = part.upper()
        first = words[0].upper()
        if first == "UNIQUE" and "(" in part and ")" in part:
            inner = part[part.index("(") + 1 : part.rindex(")")].split(",")
            groups.append(frozenset(c.strip().strip('"`').lower() for c in inner))
        elif first not in ("PRIMARY", "CONSTRAINT", "FOREIGN", "CHECK") and (
            "UNIQUE" in upper.split() or ("PRIMARY KEY" in upper and "INTEGER" not in upper)
        ):
            groups.append(frozenset({words[0].strip('"`').lower()}))
    return tuple(groups)


def _top_level_parts(body: str) -> list[str]:
    """A CREATE TABLE body split at its top-level commas."""
    parts: list[str] = []
    depth = start = 0
    for i, char in enumerate(body):
        if char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
        elif char == "," and depth == 0:
            parts.append(body[start:i])
            start = i + 1
    parts.append(body[start:])
    return [p.strip() for p in parts]


_INSERT = re.compile(
    r"^\s*INSERT\s+INTO\s+[\"`]?(\w+)[\"`]?\s*\(([^)]*)\)\s*VALUES\s*\(([^)]*)\)\s*;?\s*$",
    re.IGNORECASE | re.DOTALL,
)
_UPDATE = re.compile(
    r"^\s*UPDATE\s+[\"`]?(\w+)[\"`]?\s+SET\s+(.*?)\s+WHERE\s", re.IGNORECASE | re.DOTALL
)


def written_columns(sql: str) -> tuple[str, list[str]] | None:
    """(table, the columns its `?` placeholders fill, in order) of a plain INSERT or UPDATE
    (none for `INSERT OR IGNORE` / `OR REPLACE`, `ON CONFLICT`, or placeholders elsewhere)."""
    if "ON CONFLICT" in sql.upper():
        return None
    found = _INSERT.match(sql)
    if found is not None:
        names = [c.strip().strip('"`').lower() for c in found.group(2).split(",")]
        marks = [v.strip() for v in found.group(3).split(",")]
        if len(names) != len(marks) or any(m != "?" for m in marks):
            return None
        return found.group(1).lower(), names
    found = _UPDATE.match(sql)
    if found is not None:
        names = []
        for part in found.group(2).split(","):
            column, _, value = part.partition("=")
            if value.strip() != "?":
                return None
            names.append(column.strip().strip('"`').lower())
        return found.group(1).lower(), names
    return None


# (not FileNotFoundError alone: a folder opened there still escapes, and is reported there)


# Declared types sqlite3's default converters turn into objects when a connection is opened
# with `detect_types=sqlite3.PARSE_DECLTYPES` (no others: a DATETIME column stays text).
_CONVERTED = {"DATE": "date", "TIMESTAMP": "datetime"}


def converted_columns(module: ModuleInfo) -> dict[str, dict[str, str]]:
    """table -> {column: "date" | "datetime"}: the columns the module's folder declares DATE or
    TIMESTAMP, when a module of the folder connects with PARSE_DECLTYPES (else empty)."""
    folder = module.path.parent
    memo = module.models.memo
    known = memo.get(("sqlite-converted", folder))
    if known is not None:
        return known  # type: ignore[return-value]
    texts = [
        text
        for text in (module.models.read(path) for path in _folder_files(module))
        if text is not None
    ]
    found: dict[str, dict[str, str]] = {}
    if any("PARSE_DECLTYPES" in text for text in texts):
        for text in texts:
            if "CREATE TABLE" not in text.upper():
                continue
            for match in _CREATE.finditer(text):
                columns = {}
                for part in _top_level_parts(match.group(2)):
                    words = part.split()
                    if len(words) < 2 or words[0].upper() in _CONSTRAINTS:
                        continue
                    made = _CONVERTED.get(words[1].split("(")[0].upper())
                    if made is not None:
                        columns[words[0].strip('"`').lower()] = made
                if columns:
                    found[match.group(1).lower()] = columns
    memo[("sqlite-converted", folder)] = found
    return found


_CONSTRAINTS = frozenset({"PRIMARY", "CONSTRAINT", "FOREIGN", "CHECK", "UNIQUE"})
_SELECT = re.compile(r"^\s*SELECT\s+(?:DISTINCT\s+)?(.*?)\s+FROM\s", re.IGNORECASE | re.DOTALL)
_TABLES = re.compile(r"\b(?:FROM|JOIN)\s+[\"`]?(\w+)", re.IGNORECASE)
_COLUMN = re.compile(
    r"^(?:[\"`]?\w+[\"`]?\.)?[\"`]?(\w+|\*)[\"`]?(?:\s+(?:AS\s+)?\w+)?$", re.IGNORECASE
)


def selected_conversion(sql: str, converted: dict[str, dict[str, str]]) -> str | None:
    """ "date" or "datetime" when the SELECT reads a column `converted_columns` names (by name,
    or by `*`) of a table it reads from; None for expressions, other columns, other SQL."""
    found = _SELECT.match(sql)
    if found is None or not converted:
        return None
    tables = [converted.get(t.lower(), {}) for t in _TABLES.findall(sql)]
    for item in _top_level_parts(found.group(1)):
        column = _COLUMN.match(item)
        if column is None:
            continue
        name = column.group(1).lower()
        for columns in tables:
            if name == "*" and columns:
                return next(iter(columns.values()))
            if name in columns:
                return columns[name]
    return None
