"""Where a handler's own code raises on what the model sent.

Hermes hands a handler the model's arguments as they come: numbers written as strings are
coerced by the schema, nothing else is checked. So in the handler's own body:
- `args["k"]` raises KeyError when the model leaves `k` out (unless the function tests
  `"k" in args`, reads `args.get("k")` or hands `args` and "k" to a call such as
  `require(args, "k")` somewhere: then it is taken as checked);
- `int(x)` / `float(x)` of an argument (`args.get(...)`, `args[...]`, `... or default`, `str()`
  or `.strip()` of one, or a local bound only to such values) raises ValueError for text that is
  not a number (unless the function tests the value with `isinstance` or `.isdigit()` first);
- `json.loads(x)` of an argument raises ValueError (JSONDecodeError) for text that is not JSON,
  and the parsers of `_PARSERS` (dates, regular expressions, TOML, YAML, XML...) their errors.
`InputRisks(function_node, "args").risk(node)` says which of these `node` is.
"""

from __future__ import annotations

import ast
import builtins
import json
import re
from typing import TypeVar

from hermes_dev.pyast.analyze.file_calls import (
    catches_decoding,
    reading,
    reads_name,
    returns_on_os_error,
    sent_by,
    speaks_http,
    suffixed,
    text_mode,
    writes,
)
from hermes_dev.pyast.analyze.found_elements import Documents
from hermes_dev.pyast.analyze.magnitudes import Magnitudes
from hermes_dev.pyast.analyze.sizes import Sizes, attributes_looked_at
from hermes_dev.pyast.analyze.sqlite_schema import written_columns
from hermes_dev.pyast.analyze.stand_ins import Element as _Element
from hermes_dev.pyast.analyze.stand_ins import Item as _Item
from hermes_dev.pyast.analyze.tests_read import (
    CHECKS,
    MATCHES,
    asked_keys,
    choice_tests,
    ends,
    leaf_tests,
    passing_exits,
    rejected_prefixes,
    tested_calls,
    tests_of,
)
from hermes_dev.pyast.semantic.dispatch import dispatched_on
from hermes_dev.pyast.semantic.walker import (
    COMPREHENSIONS,
    augmented_value,
    is_name,
    is_none,
    last_name,
    walk_shallow,
    within,
    written_name,
)

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable

_CONVERTERS = {"int": ValueError, "float": ValueError}
# Builtins that give back the values of what they are handed, in another order or container.
_REORDERING = frozenset({"sorted", "list", "tuple", "set", "frozenset", "reversed"})
# Searches whose answer is a list that is empty when nothing matches: the argument searched for.
_SEARCHES = {"difflib.get_close_matches": 0, "re.findall": 1}
# Parsers whose datetime is naive or aware as the text says (`2024-03-01` or `...+00:00`).
_ZONE_FREE_PARSERS = frozenset(
    {"datetime.datetime.fromisoformat", "dateutil.parser.isoparse", "dateutil.parser.parse"}
)
# A record's field that holds a moment: `h.ts`, `event.start`, `row.created_at`.
_DATETIME_FIELD = re.compile(
    r"^(ts|timestamp|time|when|at|start|end|created|updated|modified|due|expires?)(_at|_on|_time)?$|_(at|time)$"
)
# (spans of code are (line, column) pairs, first and last: a test in `x if test else y`
# holds in `x` only, which may share its line with `y`)
_END = (1 << 30, 0)  # (a span that runs to the def's end)
_LINE_END = 1 << 30  # (a column past any line's end)
# A full-text search's query placeholder (FTS5, FTS4): `WHERE notes MATCH ?`.
_MATCH = re.compile(r"\bMATCH\s+(\?|:\w+)", re.IGNORECASE)
_CSV_CALLS = frozenset({"reader", "writer", "DictReader", "DictWriter"})
# Parsers of text, as written, whose first argument may be the model's: what they raise on text
# they cannot read, and what the model then sent.
# (a builtin class, or a dotted name: a library's class of analyze.library_raises, else the
# standard library's, imported only when a risk names it: lint's start-up imports none of them)
_PARSERS: dict[str, tuple[type[BaseException] | str, str]] = {
    **{
        name: (ValueError, "a date or time that does not parse")
        for name in (
            "datetime.strptime",
            "datetime.datetime.strptime",
            "datetime.fromisoformat",
            "datetime.datetime.fromisoformat",
            "date.fromisoformat",
            "datetime.date.fromisoformat",
            "time.strptime",
        )
    },
    "uuid.UUID": (ValueError, "text that is not a UUID"),
    "UUID": (ValueError, "text that is not a UUID"),
    "ipaddress.ip_address": (ValueError, "text that is not an IP address"),
    "ipaddress.ip_network": (ValueError, "text that is not an IP network"),
    "shlex.split": (ValueError, "a command line with unbalanced quotes"),
    **{
        f"re.{name}": (re.error, "a pattern that is not a regular expression")
        for name in (
            "compile",
            "search",
            "match",
            "fullmatch",
            "findall",
            "finditer",
            "sub",
            "subn",
            "split",
        )
    },
    "base64.b64decode": ("binascii.Error", "text that is not base64"),
    "base64.urlsafe_b64decode": ("binascii.Error", "text that is not base64"),
    "decimal.Decimal": ("decimal.InvalidOperation", "text that is not a number"),
    "fractions.Fraction": (ValueError, "text that is not a number or a fraction"),
    "Fraction": (ValueError, "text that is not a number or a fraction"),
    "Decimal": ("decimal.InvalidOperation", "text that is not a number"),
    "tomllib.loads": ("tomllib.TOMLDecodeError", "text that is not TOML"),
    **{
        f"yaml.{name}": ("yaml.YAMLError", "text that is not YAML")
        for name in ("safe_load", "load", "full_load", "safe_load_all", "load_all")
    },
    **{
        name: ("xml.etree.ElementTree.ParseError", "text that is not XML")
        for name in (
            "ET.fromstring",
            "ElementTree.fromstring",
            "xml.etree.ElementTree.fromstring",
            "ET.XML",
        )
    },
    **{
        name: (ValueError, "a URL without a scheme")
        for name in ("urllib.request.urlopen", "urlopen", "urllib.request.Request")
    },
    "hashlib.new": (ValueError, "the name of a hash algorithm that does not exist"),
    # (the name is encoded to IDNA first: `foo..com`, a label past 63 characters)
    **{
        name: (UnicodeError, "a host name with an empty or overlong label")
        for name in ("socket.getaddrinfo", "socket.gethostbyname", "socket.gethostbyname_ex")
    },
    **{
        name: ("zoneinfo.ZoneInfoNotFoundError", "a time zone that does not exist")
        for name in ("zoneinfo.ZoneInfo", "ZoneInfo")
    },
    **{
        name: ("git.exc.InvalidGitRepositoryError", "a folder that is not a git repository")
        for name in ("git.Repo", "Repo")
    },
    "codecs.lookup": (LookupError, "the name of an encoding that does not exist"),
    "jwt.decode": ("jwt.exceptions.InvalidTokenError", "a token that does not decode or verify"),
    **{
        name: (ValueError, "a date that does not parse")
        for name in (
            "email.utils.parsedate_to_datetime",
            "utils.parsedate_to_datetime",
            "parsedate_to_datetime",
        )
    },
    **{
        name: (KeyError, "a character name that does not exist")
        for name in ("unicodedata.lookup", "lookup")
    },
    **{
        name: (ModuleNotFoundError, "a module whose package does not exist")
        for name in ("importlib.util.find_spec", "util.find_spec", "find_spec")
    },
    **{
        f"ipaddress.{name}": (ValueError, "text that is not an IP address or network")
        for name in ("ip_interface", "IPv4Address", "IPv6Address", "IPv4Network", "IPv6Network")
    },
    "bytes.fromhex": (ValueError, "text that is not hexadecimal"),
    **{
        name: ("binascii.Error", "text that is not hexadecimal")
        for name in ("binascii.unhexlify", "binascii.a2b_hex", "base64.b16decode")
    },
    "base64.b32decode": ("binascii.Error", "text that is not base32"),
    **{
        name: (ValueError, "a time that does not parse")
        for name in ("time.fromisoformat", "datetime.time.fromisoformat")
    },
    "ast.literal_eval": (SyntaxError, "text that is not a Python literal"),
    "pytz.timezone": ("pytz.exceptions.UnknownTimeZoneError", "a time zone that does not exist"),
    **{
        f"dateutil.parser.{name}": ("dateutil.parser.ParserError", "a date that does not parse")
        for name in ("parse", "isoparse")
    },
    **{
        name: ("packaging.version.InvalidVersion", "text that is not a version")
        for name in ("packaging.version.Version", "packaging.version.parse")
    },
}
# Calls that give back what the model's text spells (its first argument), decoded.
_DECODERS = frozenset(
    {
        "base64.b64decode",
        "base64.urlsafe_b64decode",
        "base64.b32decode",
        "base64.b16decode",
        "binascii.unhexlify",
        "binascii.a2b_base64",
        "bytes.fromhex",
        "urllib.parse.unquote",
        "parse.unquote",
        "unquote",
        "unquote_plus",
        "html.unescape",
    }
)
# Of those, the ones that give bytes (`.decode()` of them may fail).
_BYTES_FROM_TEXT = _DECODERS - {
    "urllib.parse.unquote",
    "parse.unquote",
    "unquote",
    "unquote_plus",
    "html.unescape",
}
# File operations that fail when the path does not lead to a file (or cannot be written).
_PATH_METHODS = frozenset(
    {"read_text", "read_bytes", "write_text", "write_bytes", "open", "iterdir", "stat", "unlink",
     "rmdir", "rename", "replace", "mkdir", "touch"}
)  # fmt: skip
# Encodings in which every byte is a character (reading never fails).
_ANY_BYTE = frozenset({"latin-1", "latin1", "iso-8859-1", "iso8859-1", "cp1252", "cp437"})
# Path methods that open the file (a folder raises IsADirectoryError).
_OPENING_METHODS = frozenset(
    {"read_text", "read_bytes", "write_text", "write_bytes", "open", "unlink"}
)
_OS_FILE_CALLS = frozenset(
    {"open", "listdir", "scandir", "remove", "unlink", "rmdir", "makedirs", "mkdir", "rename",
     "replace", "stat"}
)  # fmt: skip
_SHUTIL_CALLS = frozenset({"copy", "copy2", "copyfile", "copytree", "move", "rmtree", "disk_usage"})
# Readers of a file's format that open the path they are given (module, name as written).
_OPENERS = frozenset(
    {
        ("tarfile", "open"),
        ("tarfile", "is_tarfile"),
        ("zipfile", "ZipFile"),
        ("wave", "open"),
        ("Image", "open"),
    }
)
# What each reader raises when the file is not of its format (a library's class by name).
_FORMAT_ERRORS: dict[tuple[str, str], tuple[type[BaseException] | str, str]] = {
    ("tarfile", "open"): ("tarfile.ReadError", "a tar archive"),
    ("zipfile", "ZipFile"): ("zipfile.BadZipFile", "a zip archive"),
    ("wave", "open"): ("wave.Error", "a WAV file"),
    ("Image", "open"): ("PIL.UnidentifiedImageError", "an image"),
}
# Path methods whose result is the same path, resolved (`Path(p).expanduser()`).
_PATH_KEEPS = frozenset({"expanduser", "resolve", "absolute", "with_suffix", "with_name"})
# Tests that a path leads somewhere (`p.exists()`, `os.path.isfile(p)`).
# Tests that a path leads to something (a guard of what a file operation on it does).
EXISTS_TESTS = frozenset({"exists", "is_file", "is_dir", "isfile", "isdir", "lexists"})
_TEXT_METHODS = frozenset(
    {
        "strip",
        "lower",
        "upper",
        "lstrip",
        "rstrip",
        "replace",
        "casefold",
        "title",
        "capitalize",
        "swapcase",
        "removeprefix",
        "removesuffix",
        "expandtabs",
    }
)
# `os.path` functions whose answer is made of the text they are given (a path, or its parts).
_OS_PATH_TEXT = frozenset(
    {"join", "basename", "dirname", "abspath", "realpath", "normpath", "expanduser", "expandvars"}
)
# Parsers of a value the text of a file may hold (`datetime.strptime(row[0], ...)`).
_CONTENT_PARSERS = frozenset(
    {
        "datetime.strptime",
        "datetime.datetime.strptime",
        "datetime.fromisoformat",
        "datetime.datetime.fromisoformat",
        "date.fromisoformat",
        "datetime.date.fromisoformat",
        "decimal.Decimal",
        "Decimal",
    }
)
# Parsers of a whole document: what they raise when a file or an address the model names holds
# something else ((module, function) as written -> the exception, the format).
_DOCUMENT_PARSERS: dict[tuple[str, str], tuple[type[BaseException] | str, str]] = {
    **{("json", name): ("json.JSONDecodeError", "JSON") for name in ("loads", "load")},
    **{
        (module, name): ("xml.etree.ElementTree.ParseError", "XML")
        for module in ("ET", "ElementTree", "etree")
        for name in ("fromstring", "XML", "parse")
    },
    **{
        ("yaml", name): ("yaml.YAMLError", "YAML")
        for name in ("safe_load", "load", "full_load", "safe_load_all", "load_all")
    },
    **{("tomllib", name): ("tomllib.TOMLDecodeError", "TOML") for name in ("loads", "load")},
}
# Methods of an ElementTree element or tree that read an ElementPath expression.
_ELEMENT_PATHS = frozenset({"find", "findall", "iterfind", "findtext"})
# Calls whose answer is an element or a tree (as written, by their last name).
_ELEMENT_MAKERS = frozenset({"fromstring", "XML", "parse", "getroot", "find", "ElementTree"})
# Network calls whose first argument (or `url=`) is the address read (by their last name).
_FETCHES = frozenset({"get", "post", "request", "urlopen", "Request"})
# (`url.startswith(("http://", "https://"))`: the text's form tested)


_Method = TypeVar("_Method", bound="Callable[..., object]")


def _placed(method: _Method) -> _Method:
    """Asked of one node: the guards that hold where it is (see InputRisks.guards_at)."""

    def run(self: InputRisks, node: ast.AST, *rest: object) -> object:
        if not self._conditional:
            return method(self, node, *rest)
        kept = self.guarded
        self.guarded = self.guards_at(node)
        try:
            return method(self, node, *rest)
        finally:
            self.guarded = kept

    return run  # type: ignore[return-value]


_BUILTIN_NAMES = frozenset(dir(builtins))


class InputRisks:
    __slots__ = (
        "_all_asked",
        "_alone",
        "_answered",
        "_asked_keys",
        "_async",
        "_body",
        "_checked",
        "_checked_by",
        "_choices",
        "_comprehended",
        "_conditional",
        "_container_typed",
        "_dict_values",
        "_documents",
        "_each_keyed",
        "_element_reads",
        "_ensured",
        "_first_checks",
        "_first_port",
        "_flag_tests",
        "_free_group",
        "_group_misses",
        "_helper_calls",
        "_keeps",
        "_key_names",
        "_keyed",
        "_keys_asked",
        "_locals",
        "_looked_up",
        "_loops",
        "_magnitudes",
        "_match_numbers",
        "_match_typed",
        "_match_typed_names",
        "_matched",
        "_numbers",
        "_opened",
        "_parts",
        "_passing",
        "_path_params",
        "_rebinding",
        "_recognizes",
        "_rejected",
        "_seen_in_try",
        "_sep_tested",
        "_sized_memo",
        "_sizes",
        "_tar_tested",
        "_test_nodes",
        "_tested",
        "_tested_names",
        "_text_opens",
        "_texts",
        "_turned_away",
        "_type_blind",
        "_types_tested",
        "_values",
        "any_key_checked",
        "asked_by",
        "carries",
        "checked_keys",
        "checks",
        "contents",
        "derived",
        "dotted",
        "each_tested",
        "elements",
        "empty_given",
        "exists_tested",
        "filled_given",
        "form_tested",
        "format_tested",
        "guarded",
        "handles",
        "helper_checked",
        "kind_tested",
        "never_blank",
        "number_always",
        "param",
        "parses_json",
        "path_objects",
        "paths",
        "raw_given",
        "rebound",
        "records",
        "requested",
        "shadowed",
        "sized_given",
        "sqlite",
        "tool_valued",
        "typed_numbers",
        "uniques",
        "unpacked",
        "zero_given",
    )

    def __init__(
        self,
        node: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda,
        param: str,
        parses_json: Callable[[ast.expr], bool] | None = None,
        seeds: frozenset[str] = frozenset(),
        carries: Callable[..., tuple[str, int] | None] | None = None,
        checks: Callable[[ast.Call], frozenset[str]] | None = None,
        keeps: Callable[[ast.Call], bool] | None = None,
        contents: frozenset[str] = frozenset(),
        checked: frozenset[str] = frozenset(),
        sqlite: bool = False,
        uniques: dict[str, tuple[frozenset[str], ...]] | None = None,
        dotted: Callable[[ast.expr], str | None] | None = None,
        numbers: frozenset[str] = frozenset(),
        recognizes: Callable[[ast.Call], bool] | None = None,
        texts: Callable[[ast.expr], str | None] | None = None,
        worked: frozenset[str] = frozenset(),
        group_misses: Callable[[ast.expr, ast.Call, int | str, tuple[str, ...]], bool]
        | None = None,
        free_group: Callable[[ast.Call, int | str], bool] | None = None,
        entry_or_none: Callable[[ast.Call], bool] | None = None,
        entry_always: Callable[[ast.Call], bool] | None = None,
        asked_by: Callable[[ast.Call], frozenset[str]] | None = None,
        number_always: Callable[[ast.Call], bool] | None = None,
        stops: Callable[[ast.Call], bool] | None = None,
        never_blank: Callable[[ast.Call], bool] | None = None,
        key_names: dict[str, str] | None = None,
    ) -> None:
        """`parses_json(func)`: whether a called expression is `json.loads` (as the scope
        resolves it: `from json import loads as parse` too); else only `json.loads` as written.
        `seeds`: parameters that hold one of the model's arguments as it came (a forwarding
        lambda's `fn(args.get("n"))`); `contents`: parameters that hold what a file or an
        address the model names holds (`parse_feed(fetch(url))`); `checked`: those of `seeds`
        the caller tested (`if not is_read_only(sql): return ...`); `sqlite`: the module
        uses sqlite3 (what `.execute(sql)` runs on); `dotted(func)`: the library name a called
        expression resolves to; `numbers`: parameters that hold the model's number (a caller's
        `int(args["id"])`) that nothing bounds; `recognizes(call)`: the call is of a helper that
        only tells kinds of text apart (`t.startswith("geo:")`), which checks nothing else.
        `worked`: those of `seeds` a caller made of the model's values with its own code
        (`start + duration` a helper bounded), no number the model sent as it is."""
        self.param = param
        # (parameters the caller bound to one text: `args.get(key)` of `key="quantity"`)
        self._key_names = key_names or {}
        self._async = isinstance(node, ast.AsyncFunctionDef)
        self.parses_json = parses_json
        # `carries(call)`: ("path" or "text", i) when the call is of a helper that hands back
        # its i-th argument made into a path or text (`_resolve(raw)` -> `Path(raw).resolve()`)
        self.carries = carries
        # `checks(call)`: the keys a helper given the arguments tests (`_key(args)` raising when
        # `args.get("key")` is not a non-empty string)
        self.checks = checks
        # `asked_by(call)`: the keys a helper handed the arguments asks about, for a call
        # whose answer a test turns away on (`problem = _problem(args); if problem: return`)
        self.asked_by = asked_by
        # `number_always(call)`: the call is of a helper that hands back only a number it
        # tested (`int(_bounded(args, "n", ...))` cannot meet text)
        self.number_always = number_always
        # `never_blank(call)`: the call is of a helper that turns blank text away before it
        # hands the text back (`name = _text(args, "name", required=True)`)
        self.never_blank = never_blank
        self.checked_keys: set[str] = set()
        # `[k for k in needed if not args.get(k)]`: keys checked from a list, any of them
        self.any_key_checked = False
        self.guarded: set[str] = set(checked)
        self._checked = checked
        self.sqlite = sqlite
        # sqlite tables -> their UNIQUE columns (as the project's CREATE TABLE says)
        self.uniques = uniques or {}
        self._texts = texts  # (the text an expression makes of constants: `SEARCH`)
        self._keeps = keeps
        # (names whose own rebinding is being read; "*" until __init__ has read the bindings,
        # whose tests and tainting judge a name by all its values)
        self._rebinding: set[str] = {"*"}
        # (each local's values, read below; a pass that asks before then finds none)
        self._values: dict[str, list[ast.expr | None]] = {}
        # (`group_misses(table, match, group, changes)`: a pattern's group can name an entry
        # the table lacks: calls.group_lookups.may_miss)
        self._group_misses = group_misses
        # (`free_group(match, group)`: the group matches free text, `(.*)`: its reads are not
        # tested by the match; calls.group_lookups.free_group)
        self._free_group = free_group
        self._matched: set[str] = set()  # (set below, once the bindings are read)
        self.dotted = dotted
        self._recognizes = recognizes
        self._magnitudes: Magnitudes | None = None  # (made when first asked, like sizes)
        self._documents: Documents | None = None
        self._types_tested: set[str] | None = None
        # (names only a project helper called in a `try` saw first -> the ids of those calls)
        self._seen_in_try: dict[str, set[int]] = {}
        # (what only `(value, problem)` helpers looked at, and which calls of them did)
        self._checked_by: dict[str, set[int]] = {}
        self._tested_names: set[str] | None = None
        self._type_blind: set[str] | None = None
        # (what a comprehension tested of each item against a table: the items' reads, the
        # test's value with the item abstracted, the table)
        self._each_keyed: list[tuple[frozenset[str], str, str]] = []
        self._sep_tested: set[str] = set()  # (names a test asked whether a text holds)
        self._all_asked: set[int] | None = None
        # keys the tool's schema declares numbers with no range -> "int" or "float"
        self.typed_numbers: dict[str, str] = {}
        # (a parameter given the model's value and declared a number: `def get(note_id: int)`)
        self._numbers = numbers | (
            frozenset()
            if isinstance(node, ast.Lambda)
            else frozenset(
                a.arg
                for a in (*node.args.posonlyargs, *node.args.args, *node.args.kwonlyargs)
                if a.arg in seeds - checked - worked
                and a.annotation is not None
                and is_name(a.annotation, "int")
            )
        )
        self._looked_up: set[str] = set()  # (values a SELECT was asked about first)
        self._first_port: dict[str, int] = {}
        # names an `isfile`/`is_dir` test has read (a file, not a folder; `exists` says neither)
        self.kind_tested: set[str] = set()
        self.exists_tested: set[str] = set()
        # (of the guarded, names whose text's form was tested: `"/" in name`, a pattern; that
        # says nothing of the file it names)
        self.form_tested: set[str] = set()
        self.helper_checked: set[str] = set()  # (by a helper whose test is not known)
        self.format_tested: set[str] = set()  # (`tarfile.is_tarfile(path)`)
        self._tar_tested: set[str] = set()  # (by `tarfile.is_tarfile`, which opens the file)
        self._sizes: Sizes | None = None  # (made when first asked: most functions never are)
        self._asked_keys: set[tuple[str, str]] | None = None  # (likewise)
        self._keys_asked: set[tuple[str, str]] | None = None  # (keys only, not presence)
        self._choices: dict[str, list[tuple[tuple[int, int], tuple[int, int]]]] | None = None
        self._first_checks: (
            dict[str, list[tuple[tuple[int, int], ast.AST | None, ast.expr | None]]] | None
        ) = None
        self.rebound = False
        self.shadowed: set[str] = set()
        self._locals: set[str] = set()
        self.unpacked: dict[int, int] = {}  # id(`s.split(...)`) -> the names it is unpacked to
        self._keyed: dict[str, str] = {}  # local -> the argument it holds (`args['k']`)
        self._parts: set[int] = set()  # ids of `s.partition(...)` / `s.split(...)` unpacked
        # (a name a comprehension binds is its own, not the def's: the ids of its uses there,
        # to the element it takes, or None where that is not known)
        self._comprehended: dict[int, ast.expr | None] = {}
        # (what each comprehension item's source reads, once: nested comprehensions that
        # reuse a name would read it again for every use, doubling at each level)
        self._element_reads: dict[int, set[str]] = {}
        self._container_typed: set[str] = set()  # (names `isinstance(x, dict)` tested)
        assigns: dict[str, list[ast.expr | None]] = {}
        withs: list[ast.With | ast.AsyncWith] = []
        # the files, responses and elements of what the model names (set up below)
        self.handles: set[str] = set()
        self.records: set[str] = set()  # (set below; asked of by helpers during the walk)
        self.requested: set[str] = set()  # (of those, responses of `requests`)
        self.contents: set[str] = set(contents)
        self.elements: set[str] = set()
        # (filled once the bindings are read, below; a helper asked about during the first
        # pass finds none yet)
        self.paths: set[str] = set()
        self.path_objects: set[str] = set()
        self._text_opens: set[int] = set()
        self._opened: dict[str, list[ast.expr | None]] = {}
        body = [node.body] if isinstance(node, ast.Lambda) else node.body
        nodes = walk_shallow(body)  # (read once: every pass below walks the same nodes)
        # (`match raw: case str(): ...`: a class pattern tests the subject's type, as
        # `isinstance` does)
        self._match_typed = [
            sub.subject for sub in nodes if type(sub) is ast.Match and _class_patterns(sub)
        ]
        # (`match x: case int() | float():` tests what `x` is, as `isinstance(x, (int,
        # float))` does: a conversion of it there never meets text)
        self._match_numbers = [
            sub.subject for sub in nodes if type(sub) is ast.Match and _number_patterns(sub)
        ]
        # (`if isinstance(item, bool): raise ...` turns away flags only: text still comes)
        self._flag_tests = {
            id(sub.test)
            for sub in nodes
            if type(sub) is ast.If and not sub.orelse and _turns_away_flags(sub)
        }
        self._body = body  # (walked again only if sizes or keys are asked about: rarely)
        self._test_nodes: set[int] | None = None
        self._tested = tested_calls(nodes)
        self._turned_away = tested_calls(nodes, turning_away=True)
        self._ensured: set[str] = set()  # (names a helper raised on unless they lead to a file)
        self._dict_values: set[str] = set()  # (names a loop over `d.items()` binds the values to)
        self._helper_calls: list[ast.Call] = []
        self._rejected = rejected_prefixes(nodes)
        self._loops = [sub for sub in nodes if type(sub) in (ast.For, ast.AsyncFor, ast.While)]
        # (tests that turn the values they pass away: `if PAT.match(name): return ...` says
        # nothing of `name` after the `if`; what they guard holds only inside it)
        self._passing = {
            key: ((first, 0), (last, _LINE_END))
            for key, (first, last) in passing_exits(nodes).items()
        }
        self._passing.update(choice_tests(nodes))
        self._conditional: dict[str, list[tuple[tuple[int, int], tuple[int, int]]]] = {}
        for sub in nodes:
            if type(sub) is ast.BoolOp:
                self._short_circuit(sub)
            elif type(sub) is ast.If and sub.orelse:
                self._else_guard(sub)
        # (what a helper's tested answer guards: it holds after the call, not at the call,
        # which runs on the unchecked value; placed by `_noted`)
        self._answered: set[str] = set()
        self.sized_given: frozenset[str] = frozenset()  # (whose length a caller looked at)
        self.filled_given: frozenset[str] = frozenset()  # (a caller turned an empty one away)
        # (names each of whose values a comprehension tests against a table: `missing = [i for
        # i in ids if i not in DEVICES]`)
        self.each_tested: set[str] = set()
        # (parameters a caller hands a comprehension over the model's items whose values are
        # its own: `{n: Decimal(1) for n in names}`)
        self.tool_valued: frozenset[str] = frozenset()
        # (parameters given the model's number, nothing testing it on the way: it may be 0)
        self.zero_given: frozenset[str] = frozenset()
        # (parameters given a list the model may leave empty, nothing testing it on the way)
        self.empty_given: frozenset[str] = frozenset()
        self._sized_memo: set[str] | None = None
        # (calls made as statements, their answer unused: `validate_path(p)` raises or not)
        self._alone = {
            id(sub.value)
            for sub in nodes
            if isinstance(sub, ast.Expr) and isinstance(sub.value, ast.Call)
        }
        self.derived: set[str] = set(seeds)  # (complete after the walk, below)
        # (`day` of `case {"date": str(day)}`; `value` of a def singledispatch runs for str)
        self._match_typed_names: set[str] = set()
        if dispatched_on(node) and not isinstance(node, ast.Lambda):
            first = [*node.args.posonlyargs, *node.args.args][:1]
            self._match_typed_names.update(a.arg for a in first)
        # (parameters that hold the model's value as it came, untested by the caller)
        self.raw_given: frozenset[str] = frozenset()
        for sub in nodes:
            kind = type(sub)
            if kind is ast.Compare:
                self._noted(sub, self._note_membership, placed=True)
            elif kind is ast.Assign:
                self._note_unpacking(sub)  # type: ignore[arg-type]
            elif kind is ast.Call:
                self._noted(sub, self._note_call)
            elif kind is ast.Name and isinstance(sub.ctx, ast.Store):  # type: ignore[attr-defined]
                assigns.setdefault(sub.id, [])  # type: ignore[attr-defined]
            elif kind is ast.With or kind is ast.AsyncWith:
                withs.append(sub)  # type: ignore[arg-type]
            if kind is ast.Assign:
                value = sub.value  # type: ignore[attr-defined]
                if type(value) is ast.Call:
                    value = _uncast(value)
                for target in sub.targets:  # type: ignore[attr-defined]
                    if isinstance(target, ast.Name):
                        assigns.setdefault(target.id, []).append(value)
                    elif (
                        isinstance(target, (ast.Tuple, ast.List))
                        and isinstance(value, (ast.Tuple, ast.List))
                        and len(value.elts) == len(target.elts)
                        and not any(isinstance(e, ast.Starred) for e in value.elts)
                    ):
                        # `src, dst = args.get("from"), args.get("to")`: one by one
                        for elt, item in zip(target.elts, value.elts):
                            if isinstance(elt, ast.Name):
                                assigns.setdefault(elt.id, []).append(item)
                    elif isinstance(target, (ast.Tuple, ast.List)) and _all_groups(value):
                        # `day, year = m.groups()`: each is `m.group(n)`, as written
                        for index, elt in enumerate(target.elts):
                            if isinstance(elt, ast.Name):
                                assigns.setdefault(elt.id, []).append(_group_of(value, index + 1))
                    elif isinstance(target, (ast.Tuple, ast.List)):
                        # `start, _, end = spec.partition("-")`: each part is the text's
                        part = value if _splits(value) or _first_parts(value) else None
                        if part is not None:
                            self._parts.add(id(part))
                        items = (
                            part is None
                            and carries is not None
                            and isinstance(value, ast.Call)
                            and not any(isinstance(e, ast.Starred) for e in target.elts)
                        )
                        for index, elt in enumerate(target.elts):
                            if isinstance(elt, ast.Name):
                                # (`path, err = _resolve(raw)`: an item of the helper's tuple)
                                assigns.setdefault(elt.id, []).append(
                                    _Item(value, index) if items else part
                                )
            elif kind in (ast.AnnAssign, ast.AugAssign, ast.NamedExpr):
                target = sub.target  # type: ignore[attr-defined]
                if isinstance(target, ast.Name):
                    value = (
                        augmented_value(sub)  # type: ignore[arg-type]
                        if kind is ast.AugAssign
                        else sub.value  # type: ignore[attr-defined]
                    )
                    assigns.setdefault(target.id, []).append(value)
            elif kind in COMPREHENSIONS:
                self._note_comprehension(sub)  # type: ignore[arg-type]
            elif kind is ast.Match:
                # `case {"date": str(day)}:` binds `day` to the subject's `["date"]`
                for name, value, typed in match_captures(sub):  # type: ignore[arg-type]
                    assigns.setdefault(name, []).append(value)
                    if typed:
                        self._match_typed_names.add(name)
            elif kind is ast.For or kind is ast.AsyncFor:
                # `for p in args.get("paths") or []:` each element is the model's (the loop's
                # iterable stands for it: its values are as much the model's as it is)
                target = sub.target  # type: ignore[attr-defined]
                if isinstance(target, ast.Name):
                    assigns.setdefault(target.id, []).append(_Element(sub.iter))  # type: ignore[attr-defined]
                elif isinstance(target, ast.Tuple):
                    # `for raw, spec in zip(parts, FIELDS)`, `for i, line in enumerate(lines)`:
                    # a name paired with the model's sequence holds its elements
                    paired = _paired(sub.iter, len(target.elts))  # type: ignore[attr-defined]
                    values_half = _items_call(sub.iter)  # type: ignore[attr-defined]
                    for at, (elt, source) in enumerate(zip(target.elts, paired)):
                        if isinstance(elt, ast.Name):
                            element = _Element(source) if source is not None else None
                            if element is not None and values_half and at == 1:
                                # (`for cat, values in scores.items()`: a test of each key
                                # says nothing of the values)
                                self._dict_values.add(elt.id)
                            assigns.setdefault(elt.id, []).append(element)
        if param in assigns and all(
            v is not None and (the_arguments(v, param, empty=True) or self._handed_back(v, param))
            for v in assigns[param]
        ):
            # (`args = args or {}`, `args = _as_object(args)`: still the model's arguments, or
            # none of them)
            del assigns[param]
        self.rebound = param in assigns
        self._values = assigns
        for subject in self._match_numbers:
            self.guarded.update(self._reads(subject))
        for sub in nodes:
            if type(sub) is ast.Match:
                # (`case int() | float() as x:` binds `x` to a number only)
                self.guarded.update(_number_captures(sub))
        # (parameters annotated as paths: `root: Path`)
        self._path_params = (
            set()
            if isinstance(node, ast.Lambda)
            else {
                a.arg
                for a in (*node.args.posonlyargs, *node.args.args, *node.args.kwonlyargs)
                if a.annotation is not None and last_name(a.annotation) == "Path"
            }
        )
        # `unknown = [n for n in wanted if n not in FEEDS]; if unknown: return ...`: every
        # value of `wanted` is tested against the table; `[k for k in scores if
        # k.strip().lower() not in T]`: what each makes is (`_each_keyed`)
        for sub in nodes:
            if isinstance(sub, (ast.ListComp, ast.SetComp, ast.GeneratorExp)):
                for gen in sub.generators:
                    if not isinstance(gen.target, ast.Name) or _made_by_helper(gen.iter):
                        continue  # (`for p in placeholders(body)`: the helper's items, not body's)
                    for cond in gen.ifs:
                        for compared in ast.walk(cond):
                            if not (
                                isinstance(compared, ast.Compare)
                                and len(compared.ops) == 1
                                and isinstance(compared.ops[0], (ast.In, ast.NotIn))
                            ):
                                continue
                            if is_name(compared.left, gen.target.id):
                                self.guarded.update(self._reads(gen.iter))
                                self.each_tested.update(self._reads(gen.iter))
                            elif any(is_name(n, gen.target.id) for n in _names_in(compared.left)):
                                self._each_keyed.append(
                                    (
                                        frozenset(self._reads(gen.iter)),
                                        _shape(compared.left, gen.target.id),
                                        ast.dump(compared.comparators[0]),
                                    )
                                )
        # `bad = set(seq) - set(COMPLEMENT)`, `set(seq).difference(TABLE)`: every item of
        # `seq` is tested against the table, as the comprehension above tests it
        for sub in nodes:
            iterated = _set_difference(sub)
            if iterated is not None:
                self.guarded.update(self._reads(iterated))
                self.each_tested.update(self._reads(iterated))
        # `bad = [k for k, ok in zip(KEYS, CHECKS) if not ok(args.get(k))]`: a helper answers
        # for the model's value under each key of a list written out
        for sub in nodes:
            if isinstance(sub, (ast.ListComp, ast.SetComp, ast.GeneratorExp)):
                for gen in sub.generators:
                    listed = self._listed_keys(gen)
                    if listed is not None:
                        reads = {f"{param}[{key!r}]" for key in listed}
                        self.guarded |= reads
                        self.helper_checked |= reads
        # `for i, item in enumerate(items): err = _check(i, item); if err: return ...`: a
        # helper of the project's answered for each item, the def leaves on what it turned away
        for sub in nodes:
            if type(sub) is ast.For:
                iterated = _each_checked(sub)
                if iterated is not None:
                    self.guarded.update(self._reads(iterated))
                    self.each_tested.update(self._reads(iterated))
            elif type(sub) is ast.If and ends(sub.body):
                # `if not all(_is_number(x) for x in raw): return ...`, `all(map(ok, raw))`
                for iterated in _all_asked_of(sub.test):
                    self.guarded.update(self._reads(iterated))
                    self.each_tested.update(self._reads(iterated))
        # `m = PATTERN.match(text)`, `for m in PATTERN.finditer(text)`: what a pattern
        # matched; its groups are of the form the pattern tested
        matched = {
            name
            for name, values in assigns.items()
            if values
            and all(
                v is not None
                and _a_match(
                    _before_stops(v, stops) if type(v) is ast.BoolOp and stops is not None else v
                )
                for v in values
            )
        }
        self.guarded |= matched
        self.form_tested |= matched
        self._matched = matched
        # `url = "https://" + source[9:] if ... else source` after `source.startswith(...)`:
        # a local made only of tested values is tested
        own = set(assigns) | (
            set() if isinstance(node, ast.Lambda) else {a.arg for a in node.args.args}
        )
        if entry_or_none is not None:
            # `system = _units(args)` ... `if system is None: return ...` of a helper that
            # answers None or an entry of its table: past the test, an entry
            for name, values in assigns.items():
                if (
                    len(values) == 1
                    and isinstance(values[0], ast.Call)
                    and id(values[0]) in self._turned_away
                    and entry_or_none(values[0])
                ):
                    self.guarded.add(name)
                    self.helper_checked.add(name)
        if entry_always is not None:
            # `unit = _unit(args)` of a helper that returns only an entry of its table and
            # raises otherwise: an entry
            for name, values in assigns.items():
                if len(values) == 1 and isinstance(values[0], ast.Call) and entry_always(values[0]):
                    self.guarded.add(name)
                    self.helper_checked.add(name)
        # `match = table.get(mid)` ... `if match is None: return ...`: past the test, `mid` is
        # a key of that table
        for name, values in assigns.items():
            value = values[0] if len(values) == 1 else None
            if (
                isinstance(value, ast.Call)
                and id(value) in self._turned_away
                and isinstance(value.func, ast.Attribute)
                and value.func.attr == "get"
                and not is_name(value.func.value, param)
                and value.args
                and (len(value.args) == 1 or is_none(value.args[1]))
                and not value.keywords
            ):
                after = (
                    (getattr(value, "end_lineno", 0), getattr(value, "end_col_offset", 0)),
                    _END,
                )
                for read in self._reads(value.args[0]):
                    self._conditional.setdefault(read, []).append(after)
                self.helper_checked.update(self._reads(value.args[0]))
        # `if feed == "rss2": ... elif feed == "atom": ... else: return ...`: past the chain,
        # `feed` is one of those constants
        for sub in nodes:
            if isinstance(sub, ast.If):
                chosen = _exhausted_choice(sub)
                if chosen is not None:
                    after = (
                        (getattr(sub, "end_lineno", 0), getattr(sub, "end_col_offset", 0)),
                        _END,
                    )
                    self._conditional.setdefault(chosen, []).append(after)
        self._spread_guards(assigns, own)
        self._guard_items(nodes, assigns)
        # `for code in (src, dst): if code not in RATES: return ...`: each value is tested
        for sub in nodes:
            if (
                isinstance(sub, ast.For)
                and isinstance(sub.target, ast.Name)
                and sub.target.id in self.guarded
                and isinstance(sub.iter, (ast.Tuple, ast.List))
            ):
                target = sub.target.id
                for elt in sub.iter.elts:
                    self.guarded.update(self._reads(elt))
                    # (`for p in (src, dst): if not os.path.exists(p): return`: each exists)
                    for tests in (self.exists_tested, self.kind_tested):
                        if target in tests:
                            tests.update(self._reads(elt))
            elif type(sub) is ast.If and ends(sub.body):
                # (`if not all(isinstance(x, (int, float)) for x in (lat, lon)): return`)
                for asked in ast.walk(sub.test):
                    if not (
                        isinstance(asked, ast.Call)
                        and is_name(asked.func, "all")
                        and len(asked.args) == 1
                        and isinstance(asked.args[0], ast.GeneratorExp)
                    ):
                        continue
                    for gen in asked.args[0].generators:
                        if (
                            isinstance(gen.target, ast.Name)
                            and gen.target.id in self.guarded
                            and isinstance(gen.iter, (ast.Tuple, ast.List))
                        ):
                            for elt in gen.iter.elts:
                                self.guarded.update(self._reads(elt))
        self.shadowed = {n for n in ("int", "float", "json", "open") if n in assigns}
        self._locals = set(assigns) | {a.arg for a in ast.walk(node.args) if isinstance(a, ast.arg)}
        # A local counts as the model's value when every binding of it is one (a for target, an
        # augmented assignment or an import leaves a None in its list: not counted).
        self.derived = set(seeds)
        # `limit = int(limit)`: the conversion of the model's value, not another value
        kept = {
            name: [v for v in values if not _converts_itself(v, name)]
            for name, values in assigns.items()
        }
        # `limit = args.get("limit")`: a test of `limit` is a test of that argument
        for name, values in kept.items():
            keys = {self._key_read(v) if v is not None else None for v in values}
            if len(keys) == 1 and None not in keys:
                self._keyed[name] = f"{param}[{keys.pop()!r}]"
        self.guarded.update(self._keyed[n] for n in list(self.guarded) if n in self._keyed)
        for name in [n for n in self._conditional if n in self._keyed]:
            self._conditional.setdefault(self._keyed[name], []).extend(self._conditional[name])
        # `p = Params(**args)` of a class that keeps the values as they came: `p.query` is the
        # model's text (`keeps(call)`: analyze.spread.keeps_values)
        if keeps is not None:
            for name, values in kept.items():
                if values and all(isinstance(v, ast.Call) and keeps(v) for v in values):
                    self.records.add(name)
        # `if sep == "tab": sep = "\t"`: a constant put in place of one value the test picked
        # out; on every other path the name holds what it held
        normalising = (
            _normalising_constants(nodes)
            if any(len(values) > 1 for values in kept.values())
            else {}
        )
        # (a parameter the caller gives, not the model: `settings = settings or SETTINGS` holds
        # what it held, the caller's)
        own_params = (
            set()
            if isinstance(node, ast.Lambda)
            else {a.arg for a in (*node.args.posonlyargs, *node.args.args, *node.args.kwonlyargs)}
            - set(seeds)
        )
        for _ in range(2):  # (a local from a local: two rounds are plenty)
            for name, values in kept.items():
                if (
                    name == param
                    or name in own_params
                    or not values
                    or name in self.derived
                    or None in values
                ):
                    continue
                # (taken as the model's while its values are asked: `path =
                # os.path.abspath(path)` keeps what `path` held)
                self.derived.add(name)
                if not all(
                    self._from_model(v) or id(v) in normalising.get(name, ())  # type: ignore[arg-type]
                    for v in values
                ) or all(id(v) in normalising.get(name, ()) for v in values):
                    self.derived.discard(name)
        for name, values in kept.items():
            if len(values) != sum(1 for v in values if v is not None):
                self.derived.discard(name)
            elif name in seeds and not all(
                v is not None and (self._from_model(v) or id(v) in normalising.get(name, ()))
                for v in values
            ):
                self.derived.discard(name)  # (a parameter given another value in the body)
        if checked:
            # (a local made from a value the caller tested is as tested as it: only the risks
            # no test of the text's form prevents count on it)
            tested = set(checked)
            for _ in range(2):
                for name, values in kept.items():
                    if (
                        name in self.derived
                        and name not in tested
                        and values
                        and all(v is not None and self._reads(v) & tested for v in values)
                    ):
                        tested.add(name)
            self.guarded |= tested
            self._checked = frozenset(tested)
            self._guard_items(nodes, assigns)
        # Parameters given the model's path as a `Path` (`path.open("x")` in the body)
        if seeds and not isinstance(node, ast.Lambda):
            for a in (*node.args.posonlyargs, *node.args.args, *node.args.kwonlyargs):
                if a.arg in seeds and a.arg not in assigns and _a_path_object(a, nodes):
                    self.path_objects.add(a.arg)
        # Locals that are paths the model names (`p = Path(args["path"]).expanduser()`);
        # path_objects: of those, `Path` objects, not text
        arms: dict[int, tuple[tuple[int, int], ...]] | None = None
        for _ in range(2):
            for name, values in assigns.items():
                if not values or None in values:
                    continue
                for text, found in ((True, self.paths), (False, self.path_objects)):
                    model = [v for v in values if self._model_path(v, text)]  # type: ignore[arg-type]
                    if not model or name in found:
                        continue
                    if len(model) < len(values) and arms is None:
                        arms = _branch_arms(node.body if not isinstance(node, ast.Lambda) else [])
                    if len(model) == len(values) or all(
                        v in model or _passes(v, name) or _exclusive(arms, v, model)  # type: ignore[arg-type]
                        for v in values
                    ):
                        found.add(name)

        # `for f in root.rglob("*.md")`, `for f in collect_markdown(root)`: files found in the
        # model's folder; they are there, what they hold is not known
        for name, values in assigns.items():
            if (
                values
                and name not in self.paths
                and all(isinstance(v, _Element) and self._listing(v.value) for v in values)
            ):
                self.paths.add(name)
                self.path_objects.add(name)
                self.guarded.add(name)
                self.exists_tested.add(name)
                self.kind_tested.add(name)
        # `try: open(path) ... except OSError: return ...`: past the `try`, the file is there
        for sub in nodes:
            if isinstance(sub, ast.Try) and returns_on_os_error(sub):
                for inner in walk_shallow(sub.body):
                    if isinstance(inner, ast.Call) and not writes(inner):
                        # (a file read there is there; one written there says nothing of it)
                        file_path = self._opened_path(inner)
                        if file_path is not None and self._model_path(file_path):
                            opened_reads = self._reads(file_path)
                            self.guarded.update(opened_reads)
                            self.exists_tested.update(opened_reads)
                            self.kind_tested.update(opened_reads)
        # `p = self.workspace_file(rel)` of a helper that tests the file is there: the path
        # leads to a file (what it holds is still the model's choice)
        for name, values in assigns.items():
            if values and all(
                isinstance(v, (ast.Call, _Item))
                and (self._carried(v) or ("",))[0].startswith("path!")
                for v in values
            ):
                self.guarded.add(name)
                self.kind_tested.add(name)
        checks = self.checks
        entries: set[str] = set()  # (names a helper's check makes entries of its tables)
        for helper_call in self._helper_calls if checks is not None else []:
            if not any(
                (isinstance(a, ast.Name) and (a.id in self.paths or a.id in self.derived))
                or self._key_read(a) is not None
                for a in helper_call.args
            ):
                continue
            for mark in checks(helper_call):  # type: ignore[misc]
                if mark.startswith("#") and int(mark[1:]) < len(helper_call.args):
                    # (a helper that raises unless the path leads to a file: it does)
                    ensured = self._reads(helper_call.args[int(mark[1:])])
                    self._ensured.update(ensured)
                    self.guarded.update(ensured)
                    self.exists_tested.update(ensured)
                    self.kind_tested.update(ensured)
                elif mark.startswith("=") and int(mark[1:]) < len(helper_call.args):
                    # (a helper that raises unless the value is an entry of its tables: past
                    # the call, it is one)
                    after = ((getattr(helper_call, "end_lineno", 0) + 1, 0), _END)
                    named = {
                        n for n, vs in assigns.items() if vs and all(v is helper_call for v in vs)
                    }
                    # (and what it hands back, `v = member_of(x)`: the entry it found)
                    checked_arg = helper_call.args[int(mark[1:])]
                    for name in self._reads(checked_arg) | named:
                        self._conditional.setdefault(name, []).append(after)
                        if isinstance(checked_arg, ast.Name):
                            entries.add(name)  # (not `item` of `item.get("unit")`)
        # `subprocess.run([tar, "-czf", str(target), ...], check=True)`: past the call the
        # command ran to the end, so the paths it was given are there (it wrote or read them)
        for sub in nodes:
            if type(sub) is ast.Call and _checked_command(sub):
                after = ((getattr(sub, "end_lineno", 0) + 1, 0), _END)
                for part in _command_paths(sub):
                    for name in self._reads(part):
                        self._conditional.setdefault(name, []).append(after)
        # (`u = normalise(unit)` after a helper's check of `unit`: guarded where it holds)
        if entries:
            self._spread_guards(assigns, own, frozenset(entries))
        if self._ensured:
            # (`p = Path(raw)` after `open_image(raw)` returned: p leads to that file)
            for name, values in assigns.items():
                if values and all(v is not None and self._reads(v) & self._ensured for v in values):
                    self.guarded.add(name)
                    self.exists_tested.add(name)
                    self.kind_tested.add(name)
        # `with open(path) as f`, `resp = requests.get(url)`, `root = ET.fromstring(data)`
        opened: dict[str, list[ast.expr | None]] = {n: list(v) for n, v in assigns.items()}
        for statement in withs:
            for with_item in statement.items:
                if isinstance(with_item.optional_vars, ast.Name):
                    opened.setdefault(with_item.optional_vars.id, []).append(with_item.context_expr)
        self._opened = opened
        for _ in range(2):
            for name, values in opened.items():
                if not values or None in values:
                    continue
                for test, found in (
                    (self._handle, self.handles),
                    (self._content, self.contents),
                    (self._element, self.elements),
                ):
                    if name not in found and all(test(v) for v in values):  # type: ignore[arg-type]
                        found.add(name)
                        if found is self.handles and any(
                            sent_by(v, "requests", self.requested)  # type: ignore[arg-type]
                            for v in values
                        ):
                            self.requested.add(name)
        for name, values in assigns.items():
            # `text = args.get("text")` or `text = path.read_text()` of the path it sends: the
            # model's text either way, as far as what raises on it goes
            if (
                name in self.derived
                or name in self.contents
                or name == param
                or not values
                or None in values
            ):
                continue
            kinds = [
                "model" if self._from_model(v) else "content" if self._content(v) else None  # type: ignore[arg-type]
                for v in values
            ]
            if None not in kinds and len(set(kinds)) == 2:
                self.derived.add(name)
        for statement in withs:
            # (a file the model names read as text in the block, no `except` there for what
            # decoding raises: the `open` is where it fails)
            for with_item in statement.items:
                made = with_item.context_expr
                target = with_item.optional_vars
                if (
                    isinstance(target, ast.Name)
                    and isinstance(made, ast.Call)
                    and is_name(made.func, "open")
                    and made.args
                    and text_mode(made, 1)
                    and reading(made, 1)
                    and self._model_path(made.args[0])
                    and reads_name(statement.body, target.id)
                    and not catches_decoding(statement.body)
                ):
                    self._text_opens.add(id(made))
        self._rebinding.clear()  # (the bindings are read: a rebinding's own name may be asked)

    def _handle(self, expr: ast.expr) -> bool:
        """`expr` is a file the model names, opened to be read, or the response of an address
        it names (`open(path)`, `requests.get(url)`, `urlopen(url)`)."""
        if isinstance(expr, ast.Name):
            return expr.id in self.handles
        if not isinstance(expr, ast.Call):
            return False
        func = expr.func
        if is_name(func, "open"):
            return (
                "open" not in self.shadowed
                and bool(expr.args)
                and reading(expr, 1)
                and self._model_path(expr.args[0])
                and not self._kind_fixed(expr.args[0])
            )
        if not isinstance(func, (ast.Name, ast.Attribute)):
            return False
        name = last_name(func)
        if name == "open" and isinstance(func, ast.Attribute):
            return (
                reading(expr, 0)
                and self._model_path(func.value, False)
                and not self._kind_fixed(func.value)
            )
        if name not in _FETCHES:
            return False
        url = (
            expr.args[0]
            if expr.args
            else next((kw.value for kw in expr.keywords if kw.arg == "url"), None)
        )
        if url is None:
            return False
        if name == "urlopen" and self._handle(url):
            return True  # (`urlopen(Request(url))`)
        if not self._from_model(url):
            return False
        if name in ("urlopen", "Request"):
            return True
        # (`requests.get(url)`, `self.session.get(url)`: not a dict's `get`)
        if not isinstance(func, ast.Attribute):
            return False
        receiver = func.value
        if speaks_http(receiver):
            return True
        # (`with http.client() as c: c.get(path)`: a client made by a call so named)
        made = self._opened.get(receiver.id) if isinstance(receiver, ast.Name) else None
        return bool(made) and all(
            isinstance(v, ast.Call) and speaks_http(v.func)
            for v in made  # type: ignore[union-attr]
        )

    def _content(self, expr: ast.expr) -> bool:
        """`expr` is what a file or an address the model names holds (`p.read_text()`,
        `f.read()`, `resp.text`, a helper's `fetch(url)`)."""
        if isinstance(expr, ast.Name):
            return expr.id in self.contents or (
                id(expr) in self._comprehended and self._documents_of().element(expr)
            )
        if isinstance(expr, _Item):
            carried = self._carried(expr)
            return carried is not None and carried[0] == "content"
        if isinstance(expr, ast.Attribute):
            return (
                expr.attr in ("text", "content")
                and self._handle(expr.value)
                or (expr.attr == "text" and self._documents_of().element(expr.value))
            )
        if isinstance(expr, _Element):
            # (`for row in csv.reader(fh)`, `for line in fh`: each row or line it holds; an
            # element of a document it holds)
            return self._rows_of_content(expr.value) or self._documents_of().element(expr)
        if isinstance(expr, ast.Subscript):
            # (`row[0]`, `row["date"]` of a row the file holds)
            return isinstance(expr.value, ast.Name) and expr.value.id in self.contents
        if not isinstance(expr, ast.Call):
            return False
        carried = self._carried(expr)
        if carried is not None:
            return carried[0] == "content"
        func = expr.func
        if not isinstance(func, ast.Attribute):
            return False
        if func.attr in ("read_text", "read_bytes"):
            return self._model_path(func.value, False) and not self._kind_fixed(func.value)
        if func.attr == "read":
            return self._handle(func.value)
        if func.attr == "decode" or func.attr in _TEXT_METHODS:
            return self._content(func.value)
        return self._documents_of().element(expr)  # (`ET.parse(path).getroot()`)

    def _search_risk(self, node: ast.Call) -> tuple[type[BaseException] | str, str] | None:
        """`next(s for s in stops if s.stop_id == wanted)` without a default, searching for
        the model's value: StopIteration when nothing matches (a coroutine turns it into
        RuntimeError)."""
        if len(node.args) != 1 or node.keywords or not isinstance(node.args[0], ast.GeneratorExp):
            return None
        tests = [test for gen in node.args[0].generators for test in gen.ifs]
        if not any(
            isinstance(sub, ast.expr)
            and (
                (self._from_model(sub) and not self._reads(sub) & self.guarded)
                or (isinstance(sub, ast.Name) and self.number(sub))
            )
            for test in tests
            for sub in ast.walk(test)
        ):
            return None
        exc: type[BaseException] = RuntimeError if self._async else StopIteration
        return exc, "when nothing matches what the model asked for (next() without a default)"

    def _first_found_risk(
        self, found: ast.expr, key: ast.expr
    ) -> tuple[type[BaseException] | str, str] | None:
        """`difflib.get_close_matches(query, names)[0]`, `re.findall(pat, text)[0]`, `[r for r in
        rows if r.name == wanted][0]`: the first of what a search for the model's value found,
        IndexError when it found nothing (unless the code looks at the matches first)."""
        if not (isinstance(key, ast.Constant) and type(key.value) is int) and not (
            isinstance(key, ast.UnaryOp)
            and isinstance(key.op, ast.USub)
            and isinstance(key.operand, ast.Constant)
        ):
            return None
        if isinstance(found, ast.Name):
            values = self._values.get(found.id) or []
            if len(values) != 1 or values[0] is None or _looked_at(self._body, found.id):
                return None
            found = values[0]
        if isinstance(found, ast.ListComp):
            tests = [test for gen in found.generators for test in gen.ifs]
            searched = any(
                isinstance(sub, ast.expr)
                and self._from_model(sub)
                and not self._reads(sub) & self.guarded
                for test in tests
                for sub in ast.walk(test)
            )
        elif isinstance(found, ast.Call) and self.dotted is not None:
            dotted = self.dotted(found.func)
            at = _SEARCHES.get(dotted or "")
            searched = (
                at is not None
                and len(found.args) > at
                and self._from_model(found.args[at])
                and not self._reads(found.args[at]) & self.guarded
            )
        else:
            return None
        if not searched:
            return None
        return IndexError, "when nothing matches what the model asked for"

    def _rows_of_content(self, expr: ast.expr) -> bool:
        """`expr` iterates what a file or an address the model names holds: the file itself,
        a csv reader of it, its text's lines."""
        if self._handle(expr) or self._content(expr):
            return True
        if isinstance(expr, ast.Call) and expr.args:
            name = (
                last_name(expr.func) if isinstance(expr.func, (ast.Name, ast.Attribute)) else None
            )
            if name in _CSV_CALLS and name in ("reader", "DictReader"):
                return self._handle(expr.args[0]) or self._content(expr.args[0])
        if (
            isinstance(expr, ast.Call)
            and isinstance(expr.func, ast.Attribute)
            and expr.func.attr in ("splitlines", "split")
        ):
            return self._content(expr.func.value)
        return False

    def _element(self, expr: ast.expr) -> bool:
        """`expr` is an ElementTree element or tree (`ET.fromstring(...)`, `tree.getroot()`)."""
        if isinstance(expr, ast.Name):
            return expr.id in self.elements
        if not isinstance(expr, ast.Call):
            return False
        func = expr.func
        if isinstance(func, ast.Name):
            return func.id in ("fromstring", "XML")
        if not isinstance(func, ast.Attribute) or func.attr not in _ELEMENT_MAKERS:
            return False
        if func.attr in ("getroot", "find"):
            return func.attr == "getroot" or self._element(func.value)
        return isinstance(func.value, ast.Name) and func.value.id in ("ET", "ElementTree", "etree")

    @_placed
    def document_risk(self, node: ast.AST) -> tuple[type[BaseException] | str, str] | None:
        """A parser given what a file or an address the model names holds (`json.loads(
        p.read_text())`, `ET.fromstring(fetch(url))`, `resp.json()`) raises when it holds
        something else; an ElementTree path the model sends (`root.findall(expr)`) when it is
        not one."""
        if type(node) is not ast.Call:
            return None
        func = node.func
        if not isinstance(func, ast.Attribute):
            return None
        args = node.args
        if isinstance(func.value, ast.Name) and args:
            known = _DOCUMENT_PARSERS.get((func.value.id, func.attr))
            if known is not None:
                arg = args[0]
                if not (
                    self._content(arg)
                    or self._handle(arg)
                    or (
                        func.attr == "parse" and self._model_path(arg) and not self._kind_fixed(arg)
                    )
                ) or (self._reads(arg) & self.contents & self.guarded):
                    return None
                return known[0], f"when the model names a file or an address that is not {known[1]}"
        if (
            func.attr in ("unpack", "unpack_from")
            and _is_module(func.value, "struct")
            and len(args) >= 2
            and self._content(_unsliced(args[1]))
            and not self._end_tested(args[1])
            and not (
                func.attr == "unpack_from" and len(args) >= 3 and self._offset_tested(*args[1:3])
            )
        ):
            # `struct.unpack(">II", data[16:24])` of what a file the model names holds (unless
            # the def looks at its length: `while i + 4 <= len(data)`)
            return "struct.error", "when the model names a file shorter than the layout it reads"
        if func.attr == "json" and not args and self._handle(func.value):
            made = (
                "requests.exceptions.JSONDecodeError"
                if sent_by(func.value, "requests", self.requested)
                else "json.JSONDecodeError"
            )
            return made, "when the model names an address that does not answer JSON"
        if func.attr in _ELEMENT_PATHS and args and self._element(func.value):
            arg = args[0]
            if self._from_model(arg) and not self._reads(arg) & self.guarded:
                return SyntaxError, "when the model sends a path ElementTree cannot read"
        return None

    def _guard_items(self, nodes: list[ast.AST], assigns: dict[str, list[ast.expr | None]]) -> None:
        """`(int(ch, 36) for ch in iban)` of a text matched whole, `int(c) for i, c in
        enumerate(digits)`: each item of a tested value is tested (not the items of a value
        tested only to be a list or dict)."""
        for sub in nodes:
            if not isinstance(sub, COMPREHENSIONS):
                continue
            for gen in sub.generators:
                target = gen.target
                if isinstance(target, ast.Name):
                    pairs: list[tuple[ast.expr, ast.expr | None]] = [(target, gen.iter)]
                elif isinstance(target, ast.Tuple):
                    pairs = list(zip(target.elts, _paired(gen.iter, len(target.elts))))
                else:
                    continue
                for elt, source in pairs:
                    if not isinstance(elt, ast.Name) or source is None or assigns.get(elt.id):
                        continue
                    # (`for k in dict.fromkeys(kinds)`: what it iterates is `kinds`; `dict` is
                    # no value of the def's)
                    iterated = {
                        r
                        for r in self._reads(source)
                        if r in assigns or "[" in r or r in self.derived or r in self.guarded
                    }
                    if (
                        iterated
                        and iterated <= self.guarded
                        # (not the items of a value tested only to be a list or dict; those
                        # each tested against a table are entries of it)
                        and not iterated & (self._container_typed - self.each_tested)
                    ):
                        self.guarded.add(elt.id)

    def _spread_guards(
        self,
        assigns: dict[str, list[ast.expr | None]],
        own: set[str],
        checked: frozenset[str] = frozenset(),
    ) -> None:
        """`url = "https://" + source[9:] if ... else source` after `source.startswith(...)`:
        a local made only of tested values is tested (where they are, for those a helper's
        check guards past its call). `checked`: only locals made of these, which a helper's
        check made entries of its tables, by calls too (`u = normalise(unit)` past
        `dimension(unit)`, which raises unless it names an entry)."""
        for _ in range(2):
            for name, values in assigns.items():
                if name in self.guarded or not values or None in values:
                    continue
                if name in self._dict_values and all(
                    isinstance(v, _Element) and self._reads(v) & self.each_tested for v in values
                ):
                    continue  # (the values of a dict each of whose keys a test looked at)
                # (`number = number[:-2]`, `x = x.strip()`: a part of what it held, as tested)
                values = [v for v in values if not _part_of_itself(v, name)] or values
                if not checked and any(_makes_text(v) for v in values):  # type: ignore[arg-type]
                    continue  # (a part of it, `port = text.rsplit(":", 1)[1]`, is another text)
                reads = [
                    {r for r in self._value_reads(v) if r in own or "[" in r} - {self.param}  # type: ignore[arg-type]
                    for v in values
                ]
                if checked and not all(r and r & checked for r in reads):
                    continue
                if all(r and r <= self.guarded for r in reads):
                    self.guarded.add(name)
                    if all(r <= self._container_typed for r in reads):
                        self._container_typed.add(name)  # (its elements: `for k in d`)
                elif name not in self._conditional and all(
                    r and r <= self.guarded | self._conditional.keys() for r in reads
                ):
                    # (made of a value a helper's answer guards: guarded where that holds)
                    spans = [self._conditional[n] for r in reads for n in r - self.guarded]
                    self._conditional[name] = list(spans[0])

    def _of_a_match(self, expr: ast.expr) -> bool:
        """`m.group(2)`, or a local bound only to groups of matches: digits of the length the
        pattern allows (`isdigit()` allows any length: not this)."""
        reads = self._reads(expr)
        if not reads:
            return False
        for name in reads:
            if name in self._matched:
                continue
            values = self._values.get(name)
            if not values or not all(
                v is not None and (r := self._reads(v)) and r <= self._matched for v in values
            ):
                return False
        return True

    def _value_reads(self, value: ast.expr) -> set[str]:
        """What a value is made of: `_reads`, less what only a conditional's test reads
        (`m.group(1) if kind == "assignment" else m.group(0)` is made of `m`)."""
        if isinstance(value, ast.IfExp):
            return self._value_reads(value.body) | self._value_reads(value.orelse)
        return self._reads(value)

    def _listed_keys(self, gen: ast.comprehension) -> list[str] | None:
        """The keys of a comprehension's loop over a list of keys written out (`for k in
        KEYS`, `for k, ok in zip(KEYS, CHECKS)`) whose `if` hands a helper the model's value
        under the key (`ok(args.get(k))`), else None."""
        target, iterated = gen.target, gen.iter
        if (
            isinstance(target, ast.Tuple)
            and target.elts
            and isinstance(iterated, ast.Call)
            and is_name(iterated.func, "zip")
            and iterated.args
        ):
            target, iterated = target.elts[0], iterated.args[0]
        if not isinstance(target, ast.Name) or not gen.ifs:
            return None
        if isinstance(iterated, ast.Name):
            bound = self._values.get(iterated.id)
            if bound and len(bound) == 1 and bound[0] is not None:
                iterated = bound[0]
        if not isinstance(iterated, (ast.Tuple, ast.List)) or not all(
            isinstance(e, ast.Constant) and isinstance(e.value, str) for e in iterated.elts
        ):
            return None
        key = target.id
        asked = any(
            isinstance(call, ast.Call)
            and _asks_a_helper(call.func)
            and any(self._read_by(arg, key) for arg in call.args)
            for cond in gen.ifs
            for call in ast.walk(cond)
        )
        return [e.value for e in iterated.elts] if asked else None  # type: ignore[attr-defined]

    def _read_by(self, node: ast.expr, key: str) -> bool:
        """`args.get(k)` or `args[k]`: the model's value under the key the name `key` holds."""
        if isinstance(node, ast.Call):
            func = node.func
            return (
                isinstance(func, ast.Attribute)
                and func.attr == "get"
                and is_name(func.value, self.param)
                and bool(node.args)
                and is_name(node.args[0], key)
            )
        return (
            isinstance(node, ast.Subscript)
            and is_name(node.value, self.param)
            and is_name(node.slice, key)
        )

    def _short_circuit(self, test: ast.BoolOp) -> None:
        """`not _is_int(d) or d <= 0`, `_is_int(d) and d > 0`, `_num(d) is None or d < 0`: the
        operands after a helper's answer that lets `d` pass run only on what it let pass (a
        guard there, not after)."""
        passing = isinstance(test.op, ast.And)
        end = (test.end_lineno or test.lineno, test.end_col_offset or 0)
        for at, value in enumerate(test.values[:-1]):
            call, said = value, True
            while isinstance(call, ast.UnaryOp) and isinstance(call.op, ast.Not):
                call, said = call.operand, not said
            if (
                isinstance(call, ast.Compare)
                and len(call.ops) == 1
                and isinstance(call.ops[0], (ast.Is, ast.IsNot))
                and isinstance(call.comparators[0], ast.Constant)
                and call.comparators[0].value is None
            ):
                # (`_price(p) is None or p < 0`: the helper's None turns `p` away)
                said = said if isinstance(call.ops[0], ast.IsNot) else not said
                call = call.left
            if not (isinstance(call, ast.Call) and said is passing and _asks_a_helper(call.func)):
                continue
            start = (test.values[at + 1].lineno, test.values[at + 1].col_offset)
            for arg in call.args:
                if isinstance(arg, ast.Name):
                    self._conditional.setdefault(arg.id, []).append((start, end))

    def _else_guard(self, stmt: ast.If) -> None:
        """`if not _num(grade) or ...: <turn it away> else: float(grade)`: the `else` (and an
        `elif` chain in it) runs only on what the helper let pass, whether or not the branch
        that turned it away leaves."""
        test = stmt.test
        parts = (
            test.values if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.Or) else [test]
        )
        start = (stmt.orelse[0].lineno, stmt.orelse[0].col_offset)
        last = stmt.orelse[-1]
        end = (
            getattr(last, "end_lineno", None) or last.lineno,
            getattr(last, "end_col_offset", 0) or 0,
        )
        for part in parts:
            if not (isinstance(part, ast.UnaryOp) and isinstance(part.op, ast.Not)):
                continue
            call = part.operand
            if isinstance(call, ast.Call) and _asks_a_helper(call.func):
                for arg in call.args:
                    if isinstance(arg, ast.Name):
                        self._conditional.setdefault(arg.id, []).append((start, end))

    def _tested_here(self, names: set[str], node: ast.AST) -> bool:
        """One of `names` is tested where `node` is by a test that holds there only (`if
        item.strip() in COMMON: ports.append(COMMON[item.strip()])`), never a type test."""
        line = (getattr(node, "lineno", 0), getattr(node, "col_offset", 0))
        return any(
            first <= line <= last
            for name in names & self._conditional.keys()
            for first, last in self._conditional[name]
        )

    def _noted(self, node: ast.AST, note: Callable[..., None], placed: bool = False) -> None:
        """`note(node)`; what a test that turns its passing values away guards is kept apart,
        with the lines where it holds. `placed`: a comparison outside any test (`prefer_flats =
        root in FLAT_KEYS`) guards from where it is on (`ROOTS[root]` above it is not tested)."""
        lines = self._passing.get(id(node))
        if lines is None:
            before = set(self.guarded) if placed and id(node) not in self._in_tests() else None
            note(node)
            if before is not None:
                start = ((getattr(node, "lineno", 0), getattr(node, "col_offset", 0)), _END)
                for name in self.guarded - before:
                    self._conditional.setdefault(name, []).append(start)
                self.guarded = before
            if self._answered:
                after = ((getattr(node, "end_lineno", 0) + 1, 0), _END)
                for name in self._answered:
                    self._conditional.setdefault(name, []).append(after)
                self._answered.clear()
            return
        kept = self.guarded
        self.guarded = set()
        try:
            note(node)
        finally:
            for name in (self.guarded - kept) | self._answered:
                self._conditional.setdefault(name, []).append(lines)
            self._answered.clear()
            self.guarded = kept

    def _in_tests(self) -> set[int]:
        """ids of the nodes inside a test the code branches on (`if`, `while`, `assert`, a
        conditional expression, a comprehension's `if`)."""
        found = self._test_nodes
        if found is None:
            found = self._test_nodes = set()
            for sub in walk_shallow(self._body):
                tests: list[ast.expr] = []
                if isinstance(sub, (ast.If, ast.While, ast.IfExp, ast.Assert)):
                    tests.append(sub.test)
                elif isinstance(sub, ast.comprehension):
                    tests.extend(sub.ifs)
                for test in tests:
                    found.update(id(n) for n in ast.walk(test))
        return found

    def guards_at(self, node: ast.AST) -> set[str]:
        """What is guarded where `node` is (the values a test turned away guarded inside it)."""
        if not self._conditional:
            return self.guarded
        line = (getattr(node, "lineno", 0), getattr(node, "col_offset", 0))
        return self.guarded | {
            name
            for name, spans in self._conditional.items()
            if any(first <= line <= last for first, last in spans)
        }

    def _note_membership(self, node: ast.Compare) -> None:
        counted = node.left
        if (
            isinstance(counted, ast.Call)
            and isinstance(counted.func, ast.Attribute)
            and counted.func.attr == "count"
            and len(counted.args) == 1
            and isinstance(counted.args[0], ast.Constant)
            and isinstance(counted.args[0].value, str)
        ):
            # (`if formula.count("~") != 1: stop(...)`: how many separators there are, tested)
            text = self._reads(counted.func.value)
            self.guarded.update(text)
            self.form_tested.update(text)
            self._sep_tested.update(text)
        for op, right in zip(node.ops, node.comparators):
            if (
                isinstance(op, (ast.In, ast.NotIn))
                and isinstance(right, ast.Name)
                and right.id == self.param
                and isinstance(node.left, ast.Constant)
                and isinstance(node.left.value, str)
            ):
                self.checked_keys.add(node.left.value)
            elif (
                isinstance(op, (ast.In, ast.NotIn))
                and isinstance(right, ast.Name)
                and right.id == self.param
                and isinstance(node.left, ast.Name)
            ):
                self.any_key_checked = True  # (`k in args` for each k of a list)
            elif isinstance(op, (ast.In, ast.NotIn)) and isinstance(node.left, ast.Constant):
                self.guarded.update(self._reads(right))  # (`"." in text`: a separator tested)
                self.form_tested.update(self._reads(right))
                self._sep_tested.update(self._reads(right))
            elif isinstance(op, (ast.In, ast.NotIn)) and _empties(right):
                continue  # (`value in (None, "")`: whether it was given, not what it is)
            elif isinstance(op, (ast.In, ast.NotIn)) and _some_text(right):
                continue  # (`query.lower() in art.title.lower()`: a search of text, no table)
            elif isinstance(op, (ast.In, ast.NotIn)) and (
                isinstance(node.left, ast.Name)
                or self._key_read(node.left) is not None
                or (isinstance(node.left, ast.Call) and _text_of_name(node.left))
            ):
                # (`action in ACTIONS`, `item.strip().lower() in COMMON`: tested; `p.suffix in
                # (".md",)` says nothing of `p`)
                self.guarded.update(self._reads(node.left))
                key = _table_key(right)
                if key is not None:
                    # (`key in gl.get(pair, {})`: where it holds, `pair` is in `gl` too)
                    self.guarded.update(self._reads(key))

    def _note_unpacking(self, node: ast.Assign) -> None:
        """`a, b = text.split(".", 1)` (or its first parts, `text.split(",")[:2]`): too few
        parts when the separator is missing."""
        value = node.value
        if _first_parts(value):
            value = value.value  # type: ignore[attr-defined]
        if not (
            len(node.targets) == 1
            and isinstance(node.targets[0], (ast.Tuple, ast.List))
            and isinstance(value, ast.Call)
            and isinstance(value.func, ast.Attribute)
            and value.func.attr in ("split", "rsplit")
            and value.args
            and isinstance(value.args[0], ast.Constant)
            and isinstance(value.args[0].value, str)
        ):
            return
        names = node.targets[0].elts
        if len(names) >= 2 and not any(isinstance(n, ast.Starred) for n in names):
            self.unpacked[id(value)] = len(names)

    def _note_call(self, node: ast.Call) -> None:
        func = node.func
        if (
            self.uniques
            and isinstance(func, ast.Attribute)
            and func.attr == "execute"
            and len(node.args) >= 2
            and isinstance(node.args[0], ast.Constant)
            and isinstance(node.args[0].value, str)
            and node.args[0].value.lstrip().upper().startswith("SELECT")
        ):
            # (`SELECT id FROM bookmarks WHERE url = ?` first: whether it is there was asked)
            self._looked_up.update(self._reads(node.args[1]))
        elif (
            id(node) in self._tested
            and (last_name(func) if isinstance(func, (ast.Name, ast.Attribute)) else None)
            and _LOOKUP_WORDS & set((last_name(func) or "").lower().split("_"))
        ):
            # (`if store.find_by_url(url): return ...`: asked whether it is there)
            for arg in (*node.args, *(kw.value for kw in node.keywords)):
                self._looked_up.update(self._reads(arg))
        given = [*node.args, *(kw.value for kw in node.keywords)]
        if (
            self.checks is not None
            and isinstance(func, (ast.Name, ast.Attribute))
            and any(
                (isinstance(a, ast.Name) and a.id != self.param) or self._key_read(a) is not None
                for a in node.args
            )
        ):
            self._helper_calls.append(node)  # (asked once the paths are known, below)
        if any(isinstance(a, ast.Name) and a.id == self.param for a in given):
            # `require(args, "action")`, `_missing(args, ["a", "b"])`: a check of these keys.
            for arg in given:
                for sub in ast.walk(arg):
                    if isinstance(sub, ast.Constant) and isinstance(sub.value, str):
                        self.checked_keys.add(sub.value)
            if self.checks is not None:
                self.checked_keys.update(self.checks(node))
            if self.asked_by is not None and id(node) in self._turned_away:
                asked = self.asked_by(node)
                self.checked_keys.update(asked)
                # (what the helper said of each, past the test: as for `if not ok(x): return`)
                reads = {f"{self.param}[{key!r}]" for key in asked}
                self._answered.update(reads)
                self.helper_checked.update(reads)
        if isinstance(func, ast.Attribute):
            if (
                func.attr == "get"
                and isinstance(func.value, ast.Name)
                and func.value.id == self.param
                and node.args
            ):
                if isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str):
                    self.checked_keys.add(node.args[0].value)
                elif isinstance(node.args[0], ast.Name):
                    self.any_key_checked = True
            elif func.attr in CHECKS and id(node) not in self._rejected:
                checked = self._reads(func.value)
                iterated = self._iterated(func.value)
                if iterated is not None and id(func.value) in self._each_asked():
                    # (`all(p.isdecimal() for p in parts)`: each of the parts)
                    checked |= self._reads(iterated)
                self.guarded.update(checked)
                self.form_tested.update(checked)
            elif func.attr in MATCHES and node.args and id(node) in self._tested:
                # `if not DATE.match(text): return ...`: the text's form is tested
                for arg in node.args[-1:] if written_name(func) not in _PARSERS else node.args[1:2]:
                    self.guarded.update(self._reads(arg))
                    self.form_tested.update(self._reads(arg))
        elif (
            isinstance(func, ast.Name)
            and func.id == "isinstance"
            and node.args
            # (`isinstance(x, str)` says nothing of what int(x) or a parser makes of the text;
            # `if isinstance(x, bool): raise` turns a flag away, and lets all the rest on)
            and not (len(node.args) == 2 and is_name(node.args[1], "str"))
            and id(node) not in self._flag_tests
            and not _no_json_type(node)
        ):
            self.guarded.update(self._reads(node.args[0]))
            if (
                len(node.args) == 2
                and _containers_only(node.args[1])
                and not (
                    isinstance(node.args[0], ast.Subscript) and self._key_read(node.args[0]) is None
                )
            ):
                # (nor `isinstance(x, dict)` of the keys the model put in it, looked up; a
                # test of `data[key]` is one of the value found, not of `key`)
                self._container_typed.update(self._reads(node.args[0]))
        name = (last_name(func) or "") if not isinstance(func, ast.Call) else ""
        if (
            (_validates(name) and (id(node) in self._tested or id(node) in self._alone))
            or (
                id(node) in self._turned_away
                and _asks_a_helper(func)
                and self._carried(node) is None
            )
        ) and not (self._recognizes is not None and self._recognizes(node)):
            # `err = _validate_command(command); if err: return ...`, `kind = _kind(unit)` ...
            # `if kind is None: return ...`: checked by a helper, the answer tested (past
            # the call: the helper itself still runs on the unchecked value)
            for arg in given:
                self._answered.update(self._reads(arg))
                self.helper_checked.update(self._reads(arg))
        if name == "is_tarfile" and given:
            # (`tarfile.is_tarfile(path)` opens the file: a missing one raises there, once; the
            # path it answered for is a tar archive that exists)
            for arg in given:
                self._tar_tested.update(self._reads(arg))
                self.format_tested.update(self._reads(arg))
        elif _predicate(name) and name not in EXISTS_TESTS and given:
            # `zipfile.is_zipfile(p)`: what the file is, tested (a missing one is not a zip)
            for arg in given:
                self.guarded.update(self._reads(arg))
                self.kind_tested.update(self._reads(arg))
                self.format_tested.update(self._reads(arg))
        if isinstance(func, ast.Attribute) and func.attr in EXISTS_TESTS:
            # `p.exists()`, `os.path.isfile(p)`: the path is tested before it is used
            tested = node.args[0] if node.args and _is_module(func.value, "path") else func.value
            self.guarded.update(self._reads(tested))
            if func.attr in ("exists", "lexists"):
                self.exists_tested.update(self._reads(tested))
            else:
                self.kind_tested.update(self._reads(tested))

    def _from_model(self, expr: ast.expr) -> bool:
        """`expr` is (text made from) one of the model's arguments."""
        if isinstance(expr, _Item):
            carried = self._carried(expr)
            return carried is not None and carried[0].rstrip(".") == "text"
        if isinstance(expr, ast.Subscript):
            if isinstance(expr.value, ast.Name) and expr.value.id == self.param:
                return True
            # (`line["qty"]` of an object the model sent, `parts[0]` of its text split,
            # `text.split(",")[:2]`)
            if (
                isinstance(expr.value, ast.Name)
                and expr.value.id in self.derived
                and expr.value.id in self._container_typed
                and not isinstance(expr.slice, ast.Slice)
            ):
                return True  # (`metrics[rule.metric]` of the model's dict: one of its values)
            return (
                (isinstance(expr.value, ast.Name) and expr.value.id in self.derived)
                or (isinstance(expr.value, ast.Call) and self._from_model(expr.value))
            ) and (
                isinstance(expr.slice, ast.Slice)  # (`token[7:]`: a part of its text)
                or (
                    isinstance(expr.slice, ast.Constant)
                    and isinstance(expr.slice.value, (str, int))
                )
            )
        if isinstance(expr, ast.Call):
            func = expr.func
            carried = self._carried(expr)
            if carried is not None:
                return carried[0].rstrip(".") == "text"
            handed = self.carries(expr, "raw") if self.carries is not None and expr.args else None
            if handed is not None and handed[1] < len(expr.args):
                # (`cast(EditOp, op)`, `Nz(v)`: the value handed back as it came)
                arg = expr.args[handed[1]]
                return not isinstance(arg, ast.Starred) and self._from_model(arg)
            if (
                isinstance(func, ast.Attribute)
                and func.attr == "pop"
                and isinstance(func.value, ast.Name)
                and func.value.id in self.derived
                and len(expr.args) <= 1
                and not expr.keywords
            ):
                return True  # (`tokens.pop(0)` of the words of its text: one of them)
            if isinstance(func, ast.Attribute):
                if func.attr == "get":
                    # (`ALIASES.get(order, order)`: the model's text when the table lacks it;
                    # `item.get("unit")` of an object the model sent, an item of its list)
                    return (
                        (isinstance(func.value, ast.Name) and func.value.id == self.param)
                        or (len(expr.args) == 2 and self._from_model(expr.args[1]))
                        or (
                            isinstance(func.value, ast.Name)
                            and func.value.id in self.derived
                            and bool(expr.args)
                            and isinstance(expr.args[0], ast.Constant)
                            and isinstance(expr.args[0].value, str)
                            # (an item of the model's list; or a parameter a caller gives
                            # one of the model's objects, `_plan(item)`)
                            and (
                                _an_element(self._values.get(func.value.id))
                                or func.value.id not in self._values
                            )
                        )
                    )
                if func.attr == "split" and _is_module(func.value, "re"):
                    # `re.split(r"[./-]", text)`: the model's text, in parts
                    return len(expr.args) > 1 and self._from_model(expr.args[1])
                if func.attr in _TEXT_METHODS or id(expr) in self._parts:
                    return self._from_model(func.value)
                if func.attr in _GROUPS:
                    return self._from_model(func.value)  # (`m.group(2)`: a part of the text)
                matched = _matched_text(expr) if func.attr in _MATCHING else None
                if matched is not None:
                    return self._from_model(matched)  # (a match of the model's text)
                if func.attr == "sub":
                    # `re.sub(p, r, text)`, `PATTERN.sub(r, text)`: the model's text, edited
                    at = 2 if _is_module(func.value, "re") else 1
                    return len(expr.args) > at and self._from_model(expr.args[at])
                if func.attr in ("encode", "decode"):
                    return self._from_model(func.value)  # (the same text, as bytes or back)
                if written_name(func) in _DECODERS:
                    # `base64.urlsafe_b64decode(token)`: what the model's text spells
                    return any(self._from_model(a) for a in expr.args[:1])
                if func.attr == "split" and _is_module(func.value, "shlex"):
                    return bool(expr.args) and self._from_model(expr.args[0])
                if func.attr in ("split", "rsplit", "splitlines"):
                    if self._from_model(func.value):
                        return True  # (the model's text, in parts)
                    # `SEPARATORS.split(text)` of a compiled pattern
                    return (
                        func.attr == "split"
                        and not isinstance(func.value, ast.Constant)
                        and bool(expr.args)
                        and self._from_model(expr.args[0])
                    )
                if (
                    func.attr == "join"
                    and isinstance(func.value, ast.Constant)
                    and len(expr.args) == 1
                ):
                    return self._from_model(expr.args[0])  # (`" ".join(text.split())`)
                if func.attr in _OS_PATH_TEXT and _is_module(func.value, "path"):
                    # `os.path.abspath(os.path.expanduser(path))`: the model's text, as a path
                    return any(self._from_model(a) for a in expr.args)
                if func.attr == "fromkeys" and is_name(func.value, "dict") and expr.args:
                    return self._from_model(expr.args[0])  # (`dict.fromkeys(zones)`: deduped)
                return False
            if isinstance(func, ast.Name) and func.id == "str" and len(expr.args) == 1:
                return self._from_model(expr.args[0])
            if (
                isinstance(func, ast.Name)
                and func.id in _REORDERING
                and func.id not in self.shadowed
                and len(expr.args) == 1
            ):
                return self._from_model(expr.args[0])  # (`sorted(set(tags))`: the same values)
            return False
        if isinstance(expr, ast.BoolOp) and isinstance(expr.op, ast.Or):
            return self._from_model(expr.values[0])
        if isinstance(expr, ast.JoinedStr):
            # `f"SELECT * FROM t ORDER BY {order}"`: text the model's text is part of
            return any(
                isinstance(part, ast.FormattedValue) and self._from_model(part.value)
                for part in expr.values
            )
        if (
            isinstance(expr, ast.BinOp)
            and isinstance(expr.op, ast.Mod)
            and isinstance(expr.left, ast.Constant)
            and isinstance(expr.left.value, str)
        ):
            # `"%s" % value`, `"%s-%s" % (a, b)`: text the model's text is part of, as an
            # f-string makes it
            given = expr.right.elts if isinstance(expr.right, ast.Tuple) else [expr.right]
            return any(self._from_model(part) for part in given)
        if isinstance(expr, ast.BinOp) and isinstance(expr.op, ast.Add):
            # (text joined to the model's: `segment + pad`, `"https://" + host`; not a sum)
            return not any(
                isinstance(side, ast.Constant) and not isinstance(side.value, (str, bytes))
                for side in (expr.left, expr.right)
            ) and (self._from_model(expr.left) or self._from_model(expr.right))
        if isinstance(expr, ast.IfExp):
            # `query if regex else re.escape(query)`: the model's text on one branch
            return self._from_model(expr.body) or self._from_model(expr.orelse)
        if isinstance(expr, _Element):
            return self._from_model(expr.value)
        if isinstance(expr, (ast.DictComp, ast.ListComp, ast.SetComp, ast.GeneratorExp)):
            # `{k: str(v) for k, v in (args.get("vars") or {}).items()}`: the model's, reshaped
            # (not numbers made of it: `str(int(ch, 36)) for ch in text`)
            item = expr.value if isinstance(expr, ast.DictComp) else expr.elt
            return (
                not _number_text(item)
                and not self._own_made(item)
                and any(self._iterates_model(gen.iter) for gen in expr.generators)
            )
        if isinstance(expr, ast.Name):
            element = self._comprehended.get(id(expr), expr)
            if element is not expr:
                return element is not None and self._from_model(element)
            return expr.id in self.derived or self._before_rebinding(expr)
        if isinstance(expr, ast.Attribute):
            return isinstance(expr.value, ast.Name) and expr.value.id in self.records
        return False

    def _note_comprehension(
        self, node: ast.ListComp | ast.SetComp | ast.DictComp | ast.GeneratorExp
    ) -> None:
        """The uses, inside the comprehension, of the names its generators bind: each the
        element of its generator's iterable (`{qid: a for qid, a in load()}` binds a `qid` of
        its own, which says nothing of the def's `qid`)."""
        bound: dict[str, ast.expr | None] = {}
        for gen in node.generators:
            target = gen.target
            if isinstance(target, ast.Name):
                bound[target.id] = _Element(gen.iter)
            elif isinstance(target, ast.Tuple):
                paired = _paired(gen.iter, len(target.elts))
                for elt, source in zip(target.elts, paired):
                    if isinstance(elt, ast.Name):
                        bound[elt.id] = _Element(source) if source is not None else None
            else:
                for name in ast.walk(target):
                    if isinstance(name, ast.Name):
                        bound[name.id] = None
        if not bound:
            return
        # (outer comprehensions are noted before the ones inside them: what an inner one binds
        # is written over the outer one's; the first iterable is read outside the
        # comprehension, and a lambda's parameter of the same name is its own)
        results = [node.key, node.value] if isinstance(node, ast.DictComp) else [node.elt]
        todo: list[ast.AST] = [
            *results,
            *(test for gen in node.generators for test in gen.ifs),
            *(gen.iter for gen in node.generators[1:]),
        ]
        while todo:
            sub = todo.pop()
            if isinstance(sub, ast.Lambda) and any(
                a.arg in bound for a in (*sub.args.posonlyargs, *sub.args.args)
            ):
                continue
            if isinstance(sub, ast.Name) and sub.id in bound and isinstance(sub.ctx, ast.Load):
                self._comprehended[id(sub)] = bound[sub.id]
            todo.extend(ast.iter_child_nodes(sub))

    def _fts_query(self, sql: ast.expr, params: ast.expr) -> bool:
        """The parameter a full-text `MATCH ?` (`MATCH :name`) takes is the model's text,
        untested and not quoted as a phrase (`'"' + q.replace('"', '""') + '"'`)."""
        text = sql.value if isinstance(sql, ast.Constant) else None
        if text is None and self._texts is not None:
            text = self._texts(sql)
        if not isinstance(text, str):
            return False
        found = _MATCH.search(text)
        if found is None:
            return False
        if isinstance(params, ast.Name):
            bound = self._values.get(params.id)
            if not bound or len(bound) != 1 or bound[0] is None:
                return False
            params = bound[0]
        value: ast.expr | None = None
        if found.group(1) == "?" and isinstance(params, (ast.Tuple, ast.List)):
            at = text[: found.start(1)].count("?")
            elts = params.elts
            if at < len(elts) and not any(isinstance(e, ast.Starred) for e in elts[: at + 1]):
                value = elts[at]
        elif found.group(1).startswith(":") and isinstance(params, ast.Dict):
            for key, item in zip(params.keys, params.values):
                if isinstance(key, ast.Constant) and key.value == found.group(1)[1:]:
                    value = item
        if value is None or not self._from_model(value) or self.membership_guarded(value):
            return False
        made = [value]
        if isinstance(value, ast.Name):
            made.extend(v for v in self._values.get(value.id) or () if v is not None)
        # (quoted as a phrase: FTS5 reads it as text)
        return not any(
            isinstance(n, ast.Constant) and isinstance(n.value, str) and '"' in n.value
            for part in made
            for n in ast.walk(part)
        )

    def given_only(self, names: set[str]) -> bool:
        """Every test here that reads `names` only asks whether the value was given (`if not
        query: return ...`, `x is None`), and nothing else checked it (a helper's verdict, a
        file test): it checks nothing of what the value is."""
        if names & (
            self.kind_tested | self.exists_tested | self.format_tested | self._ensured
        ) or not self._asked_holds(names, pieces=False):
            return False
        return any(self._reads(test) & names for test in self._tests_of())

    def _asked_holds(self, names: set[str], pieces: bool = True) -> bool:
        """Every test here that reads `names` only asks whether the text holds a piece (`"T"
        in value or " " in value`), is one word (`value == "today"`) or was given at all (`if
        not value`): that picks a format, it checks none (a date parser given the text still
        fails on `next friday`)."""
        if names & (
            self.helper_checked | self._checked | self._matched | self.form_tested
            if not pieces
            else self.helper_checked
            | self._checked
            | self._matched
            | self.kind_tested
            | self.exists_tested
            | self._ensured
        ) or not any(self._reads(test) & names for test in self._tests_of()):
            return False
        for test in leaf_tests(self._tests_of()):
            if not self._reads(test) & names or (isinstance(test, ast.Name) and test.id in names):
                continue  # (`if not value:`: whether it was given, not what it is)
            if not (
                isinstance(test, ast.Compare)
                and len(test.ops) == 1
                and (
                    pieces
                    and isinstance(test.ops[0], (ast.In, ast.NotIn))
                    and isinstance(test.left, ast.Constant)
                    and isinstance(test.left.value, str)
                    or pieces
                    and isinstance(test.ops[0], (ast.Eq, ast.NotEq))
                    and isinstance(test.comparators[0], ast.Constant)
                    and isinstance(test.comparators[0].value, str)
                    or isinstance(test.ops[0], (ast.Is, ast.IsNot))
                    and is_none(test.comparators[0])
                    and isinstance(test.left, ast.Name)
                    and test.left.id in names
                )
            ):
                return False
        return True

    def _each_asked(self) -> set[int]:
        """Ids of the names in what `all(...)` asks of each item (`all(p.isdecimal() for p in
        parts)`), not `any(...)` or a filter."""
        if self._all_asked is None:
            self._all_asked = {
                id(name)
                for sub in walk_shallow(self._body)
                if isinstance(sub, ast.Call)
                and is_name(sub.func, "all")
                and len(sub.args) == 1
                and isinstance(sub.args[0], ast.GeneratorExp)
                for name in ast.walk(sub.args[0].elt)
                if isinstance(name, ast.Name)
            }
        return self._all_asked

    def _tests_of(self) -> list[ast.expr]:
        """The tests of this def's `if`s, loops, conditional expressions, asserts and
        comprehension filters."""
        return tests_of(walk_shallow(self._body))

    def _keyed_each(self, table: ast.expr, key: ast.expr) -> bool:
        """`by_name[key.strip().lower()]` in a loop over the items of what a comprehension
        tested each of against `by_name` made the same way (`k.strip().lower() not in
        by_name`, then leave)."""
        shown = ast.dump(table)
        for name in _names_in(key):
            element = self._iterated(name)
            if element is None:
                bound = self._values.get(name.id)
                element = (
                    bound[0].value
                    if bound and len(bound) == 1 and isinstance(bound[0], _Element)
                    else None
                )
            if element is None:
                continue
            iterated = self._reads(element)
            made = _shape(key, name.id)
            if any(
                reads <= iterated and shape == made and where == shown
                for reads, shape, where in self._each_keyed
            ):
                return True
        return False

    def _parser_name(self, func: ast.expr) -> str | None:
        """The name `_PARSERS` knows the called parser by: as written (`datetime.strptime`),
        else as the module it is imported under resolves it (`import datetime as _dt`:
        `_dt.date.fromisoformat`)."""
        written = written_name(func)
        if written in _PARSERS and self._library_call(func):
            return written
        if self.dotted is None or not isinstance(func, ast.Attribute):
            return None
        dotted = self.dotted(func)
        return dotted if dotted in _PARSERS and "." in dotted else None

    def _library_call(self, func: ast.expr) -> bool:
        """A parser's name written bare (`lookup(...)`, `UUID(...)`) is the library's only when
        it resolves to it: a project's own `def lookup(name)` is not unicodedata's."""
        if not isinstance(func, ast.Name) or self.dotted is None:
            return True
        dotted = self.dotted(func)
        return dotted is not None and dotted.rsplit(".", 1)[-1] == func.id

    def _lookup_risk(
        self, table: ast.expr, key: ast.expr
    ) -> tuple[type[BaseException] | str, str] | None:
        """`ACTIONS[action]`, `Color[args["c"]]`: a table looked up by the model's text raises
        KeyError when the model names an entry it does not hold (unless the text was tested:
        `if action not in ACTIONS: return ...`)."""
        if isinstance(key, (ast.Slice, ast.Constant)) or not self._from_model(key):
            return None
        reads = self._reads(key)
        guards = (reads & self.guarded) - self._container_typed
        if guards and guards <= self._matched and self._group_misses is not None:
            # (`UNITS[m.group(2)]`: the pattern tested the form, which may not be an entry)
            read = self._group_read(key)
            if (
                read is not None
                and not self._membership_tested(guards)
                and self._group_misses(table, *read)
            ):
                guards = set()
        if guards or self._tested_here(reads, key):
            return None
        if self._each_keyed and self._keyed_each(table, key):
            return None
        if self._stored_before(table, key):
            return None  # (`spools[sid] = {...}` ... `spools[sid]`: the entry was just made)
        root = table
        while isinstance(root, ast.Subscript):
            root = root.value
        if (
            self._from_model(root)
            or self._from_model(table)
            or root is not table
            and (
                not isinstance(root, (ast.Name, ast.Attribute)) or self._reads(root) & self.guarded
            )
        ):
            # (a part of the model's own value: its shape is the schema's; of a record that is
            # not the tool's own store, nothing is known)
            return None
        if isinstance(table, ast.Name) and any(
            isinstance(v, ast.Call) and last_name(v.func) in _DEFAULTING
            for v in self._values.get(table.id) or ()
        ):
            return None  # (`seen = defaultdict(list)`: a missing key is made, not raised)
        return KeyError, "when the model names an entry the table does not hold"

    def _own_made(self, item: ast.expr) -> bool:
        """`_analyse(e)` of a project def that hands back none of what it is given (a record
        it builds): the items are the tool's values, keyed as its code says."""
        return (
            isinstance(item, ast.Call)
            and isinstance(item.func, ast.Name)
            and item.func.id not in _BUILTIN_NAMES
            and self.carries is not None
            and self.dotted is not None
            and self.dotted(item.func) is None
            and self._carried(item) is None
            and self._keeps is not None
            and not self._keeps(item)
        )

    def _group_read(
        self, key: ast.expr, depth: int = 0
    ) -> tuple[ast.Call, int | str, tuple[str, ...]] | None:
        """`m.group(2).lower()`, `m["unit"]` (or a local bound once to one): the match call, the
        group, and the str methods applied after it, innermost first."""
        changes: list[str] = []
        while (
            isinstance(key, ast.Call)
            and isinstance(key.func, ast.Attribute)
            and key.func.attr in ("lower", "upper", "casefold", "strip")
            and not key.args
        ):
            changes.append(key.func.attr)
            key = key.func.value
        if isinstance(key, ast.Name) and depth == 0:
            bound = self._values.get(key.id)
            if not bound or len(bound) != 1 or bound[0] is None:
                return None
            inner = self._group_read(bound[0], depth + 1)
            return None if inner is None else (*inner[:2], (*inner[2], *reversed(changes)))
        read = self._match_group(key)
        if read is None:
            return None
        return read[1], read[2], tuple(reversed(changes))

    def _before_rebinding(self, expr: ast.Name) -> bool:
        """`day = date.fromisoformat(day).isoformat()`: the `day` read inside the value that
        rebinds it is what the other bindings made, here the model's text."""
        if "*" in self._rebinding:
            return False  # (asked while the bindings are still being read)
        bound = self._values.get(expr.id)
        line = getattr(expr, "lineno", 0)
        if not bound or None in bound or expr.id in self._rebinding:
            return False
        inside = [
            v
            for v in bound
            if v is not None
            and getattr(v, "lineno", 0) <= line <= (getattr(v, "end_lineno", None) or 0)
        ]
        # (`word &= 0xFFFF` after the `if` that read it: that binding never reaches the read)
        others = [v for v in bound if v not in inside and not self._later(v, expr)]  # type: ignore[arg-type]
        if not inside or not others:
            return False
        self._rebinding.add(expr.id)
        try:
            return all(self._from_model(v) for v in others)  # type: ignore[arg-type]
        finally:
            self._rebinding.discard(expr.id)

    def _end_tested(self, sliced: ast.expr) -> bool:
        """`data[i + 2 : i + 4]` where a test compares that end with `len(data)` (`while i + 4
        <= len(data)`): the bytes are there."""
        if not (
            isinstance(sliced, ast.Subscript)
            and isinstance(sliced.slice, ast.Slice)
            and sliced.slice.upper is not None
        ):
            return False
        end = ast.dump(sliced.slice.upper)
        size = ast.dump(ast.Call(ast.Name("len", ast.Load()), [sliced.value], []))
        for sub in walk_shallow(self._body):
            if isinstance(sub, ast.Compare):
                sides = {ast.dump(side) for side in (sub.left, *sub.comparators)}
                if end in sides and size in sides:
                    return True
        return False

    def _offset_tested(self, data: ast.expr, offset: ast.expr) -> bool:
        """`struct.unpack_from(fmt, data, pos)` where a test compares `len(data)` with what
        reads `pos` (`while pos + 8 <= len(data)`): the bytes are there."""
        size = ast.dump(ast.Call(ast.Name("len", ast.Load()), [data], []))
        names = {n.id for n in ast.walk(offset) if isinstance(n, ast.Name)}
        if not names:
            return False
        for sub in walk_shallow(self._body):
            if isinstance(sub, ast.Compare):
                sides = [sub.left, *sub.comparators]
                if any(ast.dump(side) == size for side in sides) and any(
                    isinstance(n, ast.Name) and n.id in names
                    for side in sides
                    for n in ast.walk(side)
                ):
                    return True
        return False

    def _stored_before(self, table: ast.expr, key: ast.expr) -> bool:
        """The def stores the same key in the same table on a line before the lookup
        (`table[key] = value`, `table.setdefault(key, ...)`; the table a name or a fixed part
        of one: `store["playlists"][key] = {...}`)."""
        if not _fixed_place(table):
            return False
        line = getattr(key, "lineno", 0)
        wanted, place = ast.dump(key), ast.dump(table)
        for sub in walk_shallow(self._body):
            if getattr(sub, "lineno", line) >= line:
                continue
            if isinstance(sub, ast.Assign):
                stored = [t for t in sub.targets if isinstance(t, ast.Subscript)]
            elif (
                isinstance(sub, ast.Call)
                and isinstance(sub.func, ast.Attribute)
                and sub.func.attr == "setdefault"
                and sub.args
            ):
                stored = [ast.Subscript(sub.func.value, sub.args[0], ast.Load())]
            else:
                continue
            if any(ast.dump(t.value) == place and ast.dump(t.slice) == wanted for t in stored):
                return True
        return False

    def _membership_tested(self, names: set[str]) -> bool:
        """A test here asks whether a value made of `names` is in something (`x in TABLE`,
        `.get(x)`, `.keys()`): not only its form."""
        for sub in walk_shallow(self._body):
            if isinstance(sub, ast.Compare) and any(
                isinstance(op, (ast.In, ast.NotIn)) for op in sub.ops
            ):
                if self._reads(sub.left) & names:
                    return True
            elif (
                isinstance(sub, ast.Call)
                and isinstance(sub.func, ast.Attribute)
                and sub.func.attr in ("get", "setdefault", "pop")
                and sub.args
                and self._reads(sub.args[0]) & names
            ):
                return True
        return False

    def _iterates_model(self, iterable: ast.expr) -> bool:
        if (
            isinstance(iterable, ast.Call)
            and isinstance(iterable.func, ast.Attribute)
            and iterable.func.attr in ("items", "keys", "values")
        ):
            iterable = iterable.func.value
        return self._from_model(iterable)

    def _fills_template(self, call: ast.Call) -> bool:
        """`Template(text).substitute(values)`, `text.format(**values)`, `text.format_map(values)`
        where the template or the values are the model's: a name the template holds that the
        values lack raises KeyError."""
        func = call.func
        if not isinstance(func, ast.Attribute) or func.attr not in (
            "substitute",
            "format",
            "format_map",
        ):
            return False
        values = [*call.args, *(kw.value for kw in call.keywords if kw.arg is None)]
        if not values or (func.attr == "format" and call.args):
            return False  # (positional `format` arguments: no names to miss)
        template: ast.expr | None = func.value
        if func.attr == "substitute":
            template = self._template_text(func.value)
            if template is None:
                return False
        model = any(self._from_model(v) for v in values) or (
            template is not None and self._from_model(template)
        )
        if not model:
            return False
        reads: set[str] = set()
        for value in values:
            reads |= self._reads(value)
        return not reads & self.guarded

    def _template_text(self, made: ast.expr) -> ast.expr | None:
        """The text of `Template(text)`, written there or bound to the name (its one value)."""
        if isinstance(made, ast.Name):
            bound = self._values.get(made.id)
            if not bound or len(bound) != 1 or bound[0] is None:
                return None
            made = bound[0]
        if (
            isinstance(made, ast.Call)
            and made.args
            and written_name(made.func) in ("Template", "string.Template")
        ):
            return made.args[0]
        return None

    @_placed
    def template_risk(self, node: ast.AST) -> tuple[type[BaseException], str] | None:
        """`Template(text).substitute(...)` of a template the model sends (or a file it names
        holds) raises ValueError for a `$` that starts no name (`costs $5`)."""
        if self.rebound or not isinstance(node, ast.Call):
            return None
        func = node.func
        if not isinstance(func, ast.Attribute) or func.attr != "substitute":
            return None
        template = self._template_text(func.value)
        if template is None or not (self._from_model(template) or self._content(template)):
            return None
        return ValueError, "when the template holds a `$` that starts no name"

    def _handed_back(self, expr: ast.expr, param: str) -> bool:
        """`_as_object(args)` of a helper each of whose returns is the argument dict it is given,
        or a copy of it, or an empty one (`return args if isinstance(args, dict) else {}`)."""
        if not (isinstance(expr, ast.Call) and expr.args and self.carries is not None):
            return False
        handed = self.carries(expr, "arguments")
        return (
            handed is not None
            and handed[1] < len(expr.args)
            and the_arguments(expr.args[handed[1]], param)
        )

    def _carried(self, call: ast.Call | _Item) -> tuple[str, int] | None:
        """What a helper call (or an item of the tuple it gives) hands back of the model's
        value it is given, or None."""
        if isinstance(call, _Item):
            item: int | None = call.index
            call = call.call
        else:
            item = None
        if self.carries is None or not call.args:
            return None
        carried = self.carries(call) if item is None else self.carries(call, item)
        if carried is None or carried[1] >= len(call.args):
            return None
        arg = call.args[carried[1]]
        if isinstance(arg, ast.Starred):
            return None
        if carried[0].endswith("*"):
            # (a helper handed the arguments themselves: this call must give its own)
            if not (self.param and is_name(arg, self.param)):
                return None
            return carried[0][:-1], carried[1]
        if not (
            self._from_model(arg) or (carried[0] in ("content", "files") and self._model_path(arg))
        ):
            return None
        return carried

    @_placed
    def risk(self, node: ast.AST) -> tuple[type[BaseException] | str, str] | None:
        """(the exception, what the model does to cause it) when `node` raises on the model's
        input, else None."""
        if self.rebound:
            return None
        if type(node) is ast.Subscript:
            if not isinstance(node.ctx, ast.Load):
                return None
            value, key = node.value, node.slice
            if not (isinstance(value, ast.Name) and value.id == self.param):
                return (
                    self._lookup_risk(value, key)
                    or self._item_risk(value, key)
                    or self._row_risk(value, key)
                    or self.size_risk(node)
                    or self._first_found_risk(value, key)
                )
            if not (isinstance(key, ast.Constant) and isinstance(key.value, str)):
                return None
            if key.value in self.checked_keys or self.any_key_checked:
                return None
            return KeyError, f"when the model leaves {key.value!r} out"
        if type(node) is ast.BinOp:
            return self.size_risk(node) or self._zone_risk(node)
        if type(node) is ast.Compare:
            return self._zone_risk(node)
        if type(node) is ast.Call:
            func = node.func
            args = node.args
            sized = self.size_risk(node) or self.magnitude_risk(node)
            if sized is not None:
                return sized
            if id(node) in self.unpacked and isinstance(func, ast.Attribute):
                unpacked = self._unpack_risk(node, func)
                if unpacked is not None:
                    return unpacked
            if is_name(func, "next") and "next" not in self.shadowed:
                return self._search_risk(node)
            if isinstance(func, ast.Name) and func.id in _CONVERTERS:
                if func.id in self.shadowed or any(
                    kw.arg != "base" or func.id != "int" for kw in node.keywords
                ):
                    return None
                if func.id == "int" and len(args) == 2:
                    args = args[:1]  # (`int(text, 16)`: text in that base, or ValueError)
                risk: tuple[type[BaseException] | str, str] = (
                    _CONVERTERS[func.id],
                    "when the model sends text that is not a number",
                )
            elif (
                self.parses_json(func)
                if self.parses_json is not None
                else (
                    isinstance(func, ast.Attribute)
                    and func.attr == "loads"
                    and isinstance(func.value, ast.Name)
                    and func.value.id == "json"
                    and "json" not in self.shadowed
                )
            ):
                risk = json.JSONDecodeError, "when the model sends text that is not JSON"
            elif (parser := self._parser_name(func)) is not None:
                if not args or isinstance(args[0], ast.Starred):
                    return None
                exc, what = _PARSERS[parser]
                guarding = self._reads(args[0]) & self.guarded
                container = self.only_container_typed()
                if guarding and self._reads(args[0]) - container:
                    # (`Decimal(str(item))` of an item of a list tested only to be a list)
                    guarding -= container
                if guarding and not (
                    exc is ValueError and what.startswith("a date") and self._asked_holds(guarding)
                ):
                    return None
                if self._from_model(args[0]):
                    return exc, f"when the model sends {what}"
                if parser in _CONTENT_PARSERS and self._content(args[0]):
                    return exc, f"when a file or an address the model names holds {what}"
                return None
            elif (
                self.uniques
                and isinstance(func, ast.Attribute)
                and func.attr == "execute"
                and self._duplicates(node)
            ):
                return (
                    "sqlite3.IntegrityError",
                    "when the model sends a value the table already holds (UNIQUE)",
                )
            elif (
                self.sqlite
                and isinstance(func, ast.Attribute)
                and func.attr in ("execute", "executemany", "executescript")
            ):
                if func.attr == "execute" and len(args) >= 2 and self._fts_query(args[0], args[1]):
                    # `... WHERE notes MATCH ?` with the model's text: FTS5 parses it as a
                    # query, and `NOT`, a stray quote or `C++` is a syntax error
                    return (
                        "sqlite3.OperationalError",
                        "when the model sends text that is no full-text query (`NOT`, a stray quote)",
                    )
                # SQL the model writes (or a part of it): what sqlite cannot run raises, however
                # the text was checked before (a test that it is a SELECT does not make it run)
                if not args or not self._from_model(args[0]) or self.membership_guarded(args[0]):
                    return None
                return "sqlite3.DatabaseError", "when the model sends SQL that sqlite cannot run"
            elif isinstance(func, ast.Attribute) and func.attr in ("glob", "rglob"):
                # `root.glob(pattern)`: an empty or absolute pattern is refused
                receiver = func.value
                if not (
                    self._model_path(receiver, False)
                    or _is_path_call(receiver)
                    or (isinstance(receiver, ast.Name) and receiver.id in self._path_params)
                    or _made_as_path(receiver, self._values)
                ):
                    return None
                if not args or not self._from_model(args[0]) or self._reads(args[0]) & self.guarded:
                    return None
                return (
                    ValueError,
                    "when the model sends a pattern Path.glob refuses (empty, absolute)",
                )
            elif isinstance(func, ast.Attribute) and func.attr in (
                "parse_args",
                "parse_known_args",
            ):
                # `parser.parse_args(shlex.split(line))`: argparse exits on what it refuses
                if not args or not self._from_model(args[0]) or self._reads(args[0]) & self.guarded:
                    return None
                return SystemExit, "when the model sends arguments the parser does not accept"
            elif (
                isinstance(func, ast.Attribute)
                and func.attr in ("format", "format_map")
                and self._from_model(func.value)
                and not self._reads(func.value) & self.guarded
            ):
                # `template.format(**fields)` of the model's template: `{` alone, `{x!q}` or
                # `{0}` with no positional value raise ValueError or IndexError (first: an
                # `except KeyError` for the fields it names is the usual guard)
                return ValueError, "when the model's template holds a stray brace or an odd field"
            elif self._fills_template(node):
                return KeyError, "when the template names a value the model does not give"
            elif (
                isinstance(func, ast.Attribute)
                and func.attr == "decode"
                and not any(kw.arg == "errors" for kw in node.keywords)
                and len(args) < 2
                and isinstance(func.value, ast.Call)
                and written_name(func.value.func) in _BYTES_FROM_TEXT
                and func.value.args
                and self._from_model(func.value.args[0])
            ):
                # `base64.b64decode(text).decode("utf-8")`: the bytes the model's text spells
                # need not be UTF-8 (`/w==` is one 0xff byte)
                return UnicodeDecodeError, "when the model sends bytes that are not UTF-8"
            elif self._dialect_risk(node):
                return TypeError, "when the model sends a delimiter that is not one character"
            elif any(
                self._from_model(value) and not self._reads(value) & self.guarded
                for value in _encoding_arguments(node, self._locals)
            ):
                # `open(path, encoding=args["encoding"])`, `text.encode(args.get("codec"))`
                return LookupError, "when the model names an encoding that does not exist"
            else:
                return self._file_risk(node)
            if len(args) != 1:
                return None
            arg = args[0]
            if (
                risk[0] is ValueError
                and not self._from_model(arg)
                and self._content(arg)
                and not self._reads(arg) & self.guarded
            ):
                # (`float(row["exposure"])` of a row of a file the model names: `n/a`, blank)
                return (
                    ValueError,
                    "when a file or an address the model names holds text that is not a number",
                )
            # (a dict or list tested only for its type: its items are still the model's)
            if not self._from_model(arg) or (self._reads(arg) & self.guarded) - (
                self.only_container_typed() if isinstance(arg, ast.Subscript) else set()
            ):
                return None
            if (
                risk[0] is ValueError
                and isinstance(arg, ast.Call)
                and self.number_always is not None
                and self.number_always(arg)
            ):
                return None  # (`int(_bounded(args, "n", ...))`: a helper that hands back a number)
            return risk
        return None

    def _unpack_risk(
        self, call: ast.Call, func: ast.Attribute
    ) -> tuple[type[BaseException], str] | None:
        """`a, b = text.split(".")` (`re.split(r"[./-]", text)` too) of the model's text."""
        text = func.value
        sep = call.args[0].value  # type: ignore[attr-defined]
        missing = f"without {sep!r}"
        if _is_module(text, "re"):
            if len(call.args) < 2:
                return None
            text = call.args[1]  # (the pattern comes first)
            missing = f"that {sep!r} does not split"
        if not self._from_model(text) or self._reads(text) & self.guarded:
            return None
        return ValueError, f"when the model sends text {missing} (too few to unpack)"

    def _dialect_risk(self, call: ast.Call) -> bool:
        """`csv.reader(f, delimiter=args["sep"])`: csv takes a one-character delimiter (quote
        or escape character) only, unless the length was looked at (`len(sep) != 1`)."""
        name = written_name(call.func) or ""
        if name.rsplit(".", 1)[-1] not in _CSV_CALLS:
            return False
        dotted = self.dotted(call.func) if self.dotted is not None else None
        if dotted is not None and not dotted.startswith("csv."):
            return False
        if dotted is None and not name.startswith("csv."):
            return False
        for kw in call.keywords:
            if kw.arg in ("delimiter", "quotechar", "escapechar") and self._from_model(kw.value):
                reads = self._reads(kw.value)
                if reads & self.guarded or reads & self._sized():
                    continue
                return True
        return False

    def _sized(self) -> set[str]:
        """What a `len(...)` anywhere in the def reads."""
        if self._sized_memo is None:
            found: set[str] = set()
            for sub in walk_shallow(self._body):
                if isinstance(sub, ast.Call) and is_name(sub.func, "len") and sub.args:
                    found |= self._reads(sub.args[0])
            self._sized_memo = found
        return self._sized_memo | self.sized_given

    def _item_risk(self, value: ast.expr, key: ast.expr) -> tuple[type[BaseException], str] | None:
        """`line["qty"]` of an object the model sent (an item of its list, a parameter a
        caller gave one): KeyError when the model leaves the key out, unless the code asks
        (`"qty" in line`, `line.get("qty")`)."""
        if not (
            isinstance(value, ast.Name)
            and value.id != self.param
            and value.id in self.derived
            and value.id not in self._matched  # (`m["label"]`: a group the pattern names)
            and isinstance(key, ast.Constant)
            and isinstance(key.value, str)
        ):
            return None
        if self._keys_asked is None:
            # (not `if near is None`: whether it came says nothing of the keys it holds)
            self._keys_asked = asked_keys(walk_shallow(self._body), whole=False)
        if (value.id, key.value) in self._keys_asked or (value.id, "") in self._keys_asked:
            return None
        if self._from_text(value):
            return None  # (text the model sent: a `str` has no keys to leave out)
        return KeyError, f"when the model leaves {key.value!r} out of what it sends"

    def _from_text(self, name: ast.Name) -> bool:
        """A local made of the model's text (`.strip()`, `.split()`...), not an object."""
        bound = self._values.get(name.id) or []
        return any(
            isinstance(v, ast.Call)
            and not (isinstance(v.func, ast.Attribute) and v.func.attr == "get")
            for v in bound
        )

    def _row_risk(self, value: ast.expr, key: ast.expr) -> tuple[type[BaseException], str] | None:
        """`row[0]` of `cur.execute("SELECT ... WHERE sku = ?", (sku,)).fetchone()` asked about
        the model's value: None when no row matches, so TypeError, unless the row is tested."""
        call: ast.expr | None = value
        if isinstance(value, ast.Name):
            bound = self._values.get(value.id)
            call = bound[0] if bound and len(bound) == 1 else None
            if self._asked_keys is None:
                self._asked_keys = asked_keys(walk_shallow(self._body))
            if (value.id, "") in self._asked_keys or value.id in self.guarded:
                return None
        if not (
            isinstance(call, ast.Call)
            and isinstance(call.func, ast.Attribute)
            and call.func.attr == "fetchone"
            and isinstance(call.func.value, ast.Call)
            and isinstance(call.func.value.func, ast.Attribute)
            and call.func.value.func.attr == "execute"
            and len(call.func.value.args) >= 2
        ):
            return None
        sql, params = call.func.value.args[:2]
        if not (isinstance(sql, ast.Constant) and isinstance(sql.value, str)):
            return None
        text = sql.value.upper()
        if not text.lstrip().startswith("SELECT") or " WHERE " not in f" {text} ".replace(
            "\n", " "
        ):
            return None
        if any(f"{agg}(" in text for agg in ("COUNT", "SUM", "MAX", "MIN", "AVG", "TOTAL")):
            return None  # (an aggregate gives one row whatever matches)
        if not any(
            self._from_model(p) and not self._reads(p) & self.guarded
            for p in (params.elts if isinstance(params, (ast.Tuple, ast.List)) else [params])
        ):
            return None
        return TypeError, "when the model names a row the table does not hold (fetchone() is None)"

    def size_risk(self, node: ast.AST) -> tuple[type[BaseException] | str, str] | None:
        """An empty list or text the model sends (analyze.sizes)."""
        return self._sizes_of().risk(node, self._size_guarded())

    def _size_guarded(self) -> set[str]:
        """What is guarded, less what only a test of its type as a list or dict guards
        (`isinstance(values, list)` lets an empty list through)."""
        typed = self.only_container_typed() if self._container_typed else set()
        return self.guarded - typed if typed else self.guarded

    def may_be_zero(self, expr: ast.expr) -> bool:
        """`expr` is the model's number as it came (no `or 7` default), and nothing here
        tests what it reads (`if n:`, `n == 0`, `n > 0`): it may still be 0."""
        sizes = self._sizes_of()
        sizes.guarded_by(self.guarded)
        return sizes.as_sent(expr) and not self._reads(expr) & sizes.zero_tested()

    def may_be_empty(self, expr: ast.expr) -> bool:
        """`expr` is a list whose length the model decides, and nothing here tests its size:
        it may be empty."""
        sizes = self._sizes_of()
        sizes.guarded_by(self._size_guarded())
        return sizes.may_be_empty(expr)

    def only_binding(self, name: str) -> ast.expr | None:
        """The one value a local is bound to here, else None."""
        bound = self._values.get(name)
        return bound[0] if bound and len(bound) == 1 else None

    def fields_looked_at(self, name: str) -> set[str]:
        """The fields of `name` a test here reads or a statement sets (`if req.kw <= 0`,
        `req.kw = 1`)."""
        return attributes_looked_at(walk_shallow(self._body), name)

    def _sizes_of(self) -> Sizes:
        if self._sizes is None:
            self._sizes = Sizes(
                walk_shallow(self._body),
                self._values,
                self._from_model,
                self._reads,
                self._key_read,
                self.dotted,
                self._carried_divisor,
                self.tool_valued,
                self.zero_given,
                self.empty_given,
                self.filled_given,
                self._not_blank(),
            )
        return self._sizes

    def _not_blank(self) -> frozenset[str]:
        """Locals every binding of which is a call of a helper that turns blank text away."""
        asked = self.never_blank
        if asked is None:
            return frozenset()
        return frozenset(
            name
            for name, values in self._values.items()
            if values and all(isinstance(v, ast.Call) and asked(v) for v in values)
        )

    def _magnitudes_of(self) -> Magnitudes:
        if self._magnitudes is None:
            self._magnitudes = Magnitudes(
                lambda: walk_shallow(self._body),
                self._values,
                lambda expr: self._from_model(expr) or self._content(expr),
                self._reads,
                self.dotted or (lambda func: None),
                self._numbers,
                self.sqlite,
                self.shadowed,
                self._carried_number,
                self._typed_number,
                self._of_a_match,
            )
        return self._magnitudes

    def only_container_typed(self) -> set[str]:
        """Names whose only test is of their type as a list or dict (`isinstance(legs, list)`):
        what they hold is still the model's."""
        names = self._container_typed - self.helper_checked - self.form_tested
        # (and what they were read from: `legs = args.get("legs")` tests `args['legs']` too)
        return {read for name in names for read in self._reads(ast.Name(name, ast.Load()))}

    def _typed_number(self, expr: ast.expr) -> str | None:
        if not self.typed_numbers or self.rebound:
            return None
        key = self._key_read(expr)
        kind = self.typed_numbers.get(key) if key is not None else None
        return kind if kind in ("int", "float") else None

    def declared_array(self, key: str) -> bool:
        """The tool's schema declares the argument `key` an array."""
        return self.typed_numbers.get(key) == "array"

    def magnitude_risk(self, node: ast.Call) -> tuple[type[BaseException] | str, str] | None:
        """A number the model sends, too large for where it goes (analyze.magnitudes)."""
        return self._magnitudes_of().risk(node)

    def number(self, expr: ast.expr) -> bool:
        """`expr` is the model's number, and nothing here bounds it (analyze.magnitudes)."""
        return self.number_kind(expr) is not None

    def number_kind(self, expr: ast.expr) -> str | None:
        """ "int" or "float" when `expr` is the model's number, unbounded here."""
        if self.rebound:
            return None
        return self._magnitudes_of().number(expr)

    def _carried_number(self, call: ast.Call) -> str | None:
        """ "int" or "float" when `call` is of a helper that hands back the model's number it
        is given (or reads from the arguments it is handed), unbounded there."""
        carried = self._carried(call)
        kind = carried[0].removesuffix("+") if carried is not None else None
        return kind if kind in ("int", "float") else None

    def _carried_divisor(self, call: ast.Call) -> str | None:
        """`_carried_number`, when the helper does not rule out 0 (`if n <= 0: raise`)."""
        carried = self._carried(call)
        return carried[0] if carried is not None and carried[0] in ("int", "float") else None

    def _file_risk(self, node: ast.Call) -> tuple[type[BaseException], str] | None:
        """A file operation on a path the model names (`open(args["path"])`,
        `Path(path).read_text()`, `os.remove(path)`): the file may not exist."""
        func = node.func
        path: ast.expr | None = None
        if isinstance(func, ast.Name):
            if func.id == "open" and "open" not in self.shadowed and node.args:
                path = node.args[0]
        elif isinstance(func, ast.Attribute):
            if (
                _is_module(func.value, "os")
                and func.attr in _OS_FILE_CALLS
                and node.args
                or (_is_module(func.value, "shutil") or _is_module(func.value, "psutil"))
                and func.attr in _SHUTIL_CALLS
                and node.args
                or isinstance(func.value, ast.Name)
                and (func.value.id, func.attr) in _OPENERS
                and node.args
            ):
                path = node.args[0]
            elif (
                func.attr in _PATH_METHODS
                and not (func.attr == "replace" and len(node.args) != 1)  # (`str.replace(a, b)`)
                and self._model_path(func.value, False)
            ):
                path = func.value  # (a `Path`'s method: `str.replace` is none)
                if func.attr == "mkdir" and any(
                    kw.arg == "parents"
                    and not (isinstance(kw.value, ast.Constant) and not kw.value.value)
                    for kw in node.keywords
                ):
                    # (`mkdir(parents=True)` makes what is missing; a folder the model names
                    # may still be one nobody can write)
                    if not self._whole_path(path) or self._reads(path) & self.guarded:
                        return None
                    return OSError, "when the model names a folder that cannot be written"
        if (
            path is None
            and isinstance(func, ast.Attribute)
            and _is_module(func.value, "subprocess")
        ):
            # `subprocess.run(cmd, cwd=args["repo"])`: the folder must exist
            path = next((kw.value for kw in node.keywords if kw.arg == "cwd"), None)
        if path is None or not self._model_path(path):
            return None
        if (self._reads(path) & self.guarded) - self.form_tested - self._checked:
            # (a test of what the name looks like, here or by the caller, says nothing of
            # whether the file is there)
            return None
        if self._reads(path) & self._tar_tested and not (
            isinstance(func, ast.Attribute) and func.attr == "is_tarfile"
        ):
            return None  # (is_tarfile opened it first: the first call raised, or it exists)
        written = writes(node) or (last_name(func) or "") in ("makedirs", "mkdir")
        if writes(node) and not self._whole_path(path):
            return None  # (a file written under a folder the tool chose, the model naming it)
        return (
            FileNotFoundError,
            "when the model names a path that does not exist"
            + (" or cannot be written" if written else ""),
        )

    @_placed
    def folder_risk(self, node: ast.AST) -> tuple[type[BaseException], str] | None:
        """A file the model names opened, written or removed (`open(path)`, `p.read_text()`,
        `os.remove(path)`) raises IsADirectoryError when the model names a folder: unless a
        test said what the path is (`isfile`, `is_dir`); an `exists()` test does not."""
        if self.rebound or type(node) is not ast.Call:
            return None
        path = self._opened_path(node)
        if path is None or not self._model_path(path):
            return None
        reads = self._reads(path)
        if reads & self.kind_tested or self._checked_otherwise(reads):
            return None
        if reads & self._tar_tested and last_name(node.func) != "is_tarfile":
            return None  # (is_tarfile opened it first)
        if self._kind_fixed(path) or (writes(node) and not self._whole_path(path)):
            # (a file whose name ends with the code's own extension, `f"{rid}.json"`, is no
            # folder, whoever names the rest; a file written under a folder the tool chose)
            return None
        return IsADirectoryError, "when the model names a folder"

    @_placed
    def format_risk(self, node: ast.AST) -> tuple[type[BaseException] | str, str] | None:
        """A reader of a format given a file the model names (`zipfile.ZipFile(path)`,
        `Image.open(path)`) raises its own error when the file is not of that format."""
        if self.rebound or not isinstance(node, ast.Call) or not node.args:
            return None
        func = node.func
        if not (isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name)):
            return None
        known = _FORMAT_ERRORS.get((func.value.id, func.attr))
        path = node.args[0]
        if known is None or not self._model_path(path):
            return None
        reads = self._reads(path)
        if reads & self.format_tested or self._checked_otherwise(reads) or self._kind_fixed(path):
            return None
        return known[0], f"when the model names a file that is not {known[1]}"

    @_placed
    def text_risk(self, node: ast.AST) -> tuple[type[BaseException], str] | None:
        """A file the model names read as text (`p.read_text()`) raises UnicodeDecodeError when it is not text in that encoding (unless `errors=` says
        what to do, or the encoding takes any byte)."""
        if self.rebound or not isinstance(node, ast.Call):
            return None
        func = node.func
        path: ast.expr | None = None
        mode: ast.expr | None = None
        # (only where the call itself reads: a file object opened here may be read where
        # an `except` of the caller's catches what decoding raises)
        opener = node
        if (
            isinstance(func, ast.Attribute)
            and func.attr == "read_text"
            and self._model_path(func.value, False)
        ):
            path = func.value
        elif id(node) in self._text_opens:
            path = node.args[0]
            mode = node.args[1] if len(node.args) > 1 else None
        elif (
            isinstance(func, ast.Attribute)
            and func.attr in ("read", "readlines")
            and isinstance(func.value, ast.Call)
            and is_name(func.value.func, "open")
            and func.value.args
        ):
            # `open(path).read()`: read right here
            opener = func.value
            path = opener.args[0]
            mode = opener.args[1] if len(opener.args) > 1 else None
        if path is None or not self._model_path(path):
            return None
        keywords = {kw.arg: kw.value for kw in opener.keywords}
        mode = keywords.get("mode", mode)
        if mode is not None and not (
            isinstance(mode, ast.Constant) and isinstance(mode.value, str) and "b" not in mode.value
        ):
            return None
        encoding = keywords.get("encoding")
        if "errors" in keywords or (
            isinstance(encoding, ast.Constant)
            and isinstance(encoding.value, str)
            and encoding.value.lower().replace("_", "-") in _ANY_BYTE
        ):
            return None
        if self._checked_otherwise(self._reads(path)) or self._kind_fixed(path):
            return None
        return UnicodeDecodeError, "when the model names a file that is not text"

    def _checked_otherwise(self, reads: set[str]) -> bool:
        """The path was checked by something other than a test of what is there (`exists()`,
        `isfile()`): a helper, a pattern; what it checked is not known, so nothing is said."""
        return bool(reads & (self.guarded - self.form_tested)) and not reads & (
            self.exists_tested | self.kind_tested
        )

    def _opened_path(self, node: ast.Call) -> ast.expr | None:
        func = node.func
        if isinstance(func, ast.Name):
            if func.id == "open" and "open" not in self.shadowed and node.args:
                return node.args[0]
            return None
        if not isinstance(func, ast.Attribute):
            return None
        if _is_module(func.value, "os") and func.attr in ("open", "remove", "unlink") and node.args:
            return node.args[0]
        if (
            isinstance(func.value, ast.Name)
            and (func.value.id, func.attr) in _OPENERS
            and node.args
        ):
            return node.args[0]
        if func.attr in _OPENING_METHODS and self._model_path(func.value, False):
            return func.value
        return None

    def _model_path(self, expr: ast.expr, text: bool = True) -> bool:
        """`expr` is a path the model names: `Path(...)` of its text, joined or resolved, and
        with `text` the text itself (`os.path.join(...)` of it too)."""
        if text and self._from_model(expr):
            return True
        if isinstance(expr, _Item):
            carried = self._carried(expr)
            return carried is not None and carried[0].startswith("path")
        if isinstance(expr, ast.Name):
            return expr.id in (self.paths if text else self.path_objects)
        if isinstance(expr, ast.BinOp) and isinstance(expr.op, ast.Div):
            # (`base / name`: a division by text is a path, whatever `base` is; not by the
            # model's number, `total / speed` after `speed = float(speed)`)
            if self._a_number(expr.right):
                return False
            objects = self._model_path(expr.left, False) or self._model_path(expr.right, False)
            return (
                objects
                or self._model_path(expr.right)
                or (self._model_path(expr.left) and _is_path_call(expr.left))
            )
        if isinstance(expr, ast.Attribute) and expr.attr == "parent":
            return self._model_path(expr.value, False)
        if isinstance(expr, ast.IfExp):
            # `Path(raw).expanduser() if raw else None`: the path, where there is one
            branches = [b for b in (expr.body, expr.orelse) if not is_none(b)]
            return bool(branches) and all(self._model_path(b, text) for b in branches)
        if isinstance(expr, ast.Call):
            func = expr.func
            carried = self._carried(expr)
            if carried is not None:
                # (a helper's path or text made from the model's)
                return carried[0].startswith(("path", "text"))
            name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", None)
            if name == "Path":
                return any(self._model_path(a) for a in expr.args)
            if text and name in ("str", "fspath") and len(expr.args) == 1:
                return self._model_path(expr.args[0], False)  # (the path as text)
            if (
                text
                and name in ("join", "expanduser", "expandvars", "abspath", "realpath", "normpath")
                and isinstance(func, ast.Attribute)
                and _is_module(func.value, "path")
            ):
                return any(self._model_path(a) for a in expr.args)
            if isinstance(func, ast.Attribute) and name in _PATH_KEEPS:
                return self._model_path(func.value, False)
        return False

    def _listing(self, expr: ast.expr, depth: int = 0) -> bool:
        """`expr` lists files of a folder (or the file) the model names: `root.rglob("*.md")`,
        `sorted(p for p in root.glob(pattern) if p.is_file())`, `[root]`, a name bound only to
        those, or a helper that hands back such a list of its argument."""
        if depth > 3:
            return False
        if isinstance(expr, ast.Name):
            values = self._values.get(expr.id) or []
            return bool(values) and all(
                v is not None and not isinstance(v, _Element) and self._listing(v, depth + 1)
                for v in values
            )
        if isinstance(expr, (ast.List, ast.Tuple)):
            return bool(expr.elts) and all(self._model_path(e) for e in expr.elts)
        if isinstance(expr, (ast.ListComp, ast.GeneratorExp)):
            gen = expr.generators[0]
            return (
                len(expr.generators) == 1
                and isinstance(expr.elt, ast.Name)
                and is_name(gen.target, expr.elt.id)
                and self._listing(gen.iter, depth + 1)
            )
        if isinstance(expr, ast.IfExp):
            return self._listing(expr.body, depth + 1) and self._listing(expr.orelse, depth + 1)
        if not isinstance(expr, ast.Call):
            return False
        func = expr.func
        if isinstance(func, ast.Name) and func.id in ("sorted", "list", "tuple") and expr.args:
            return self._listing(expr.args[0], depth + 1)
        if isinstance(func, ast.Attribute) and func.attr in ("glob", "rglob", "iterdir"):
            return self._model_path(func.value)
        carried = self._carried(expr)
        return carried is not None and carried[0] == "files"

    def _a_number(self, expr: ast.expr) -> bool:
        """A value made a number (`float(x)`, `int(x)`, written out, or a name one of whose
        bindings converts it so)."""
        if isinstance(expr, ast.Constant):
            return isinstance(expr.value, (int, float)) and not isinstance(expr.value, bool)
        if isinstance(expr, ast.Call):
            return isinstance(expr.func, ast.Name) and expr.func.id in _CONVERTERS
        if isinstance(expr, ast.Name):
            return any(
                isinstance(v, ast.Call)
                and isinstance(v.func, ast.Name)
                and v.func.id in _CONVERTERS
                for v in self._values.get(expr.id) or []
            )
        return False

    def _duplicates(self, call: ast.Call) -> bool:
        """`conn.execute("INSERT INTO t (a, b) VALUES (?, ?)", (x, y))` (or `UPDATE t SET a =
        ?`) of the model's value into a column the table holds UNIQUE, without `OR IGNORE`,
        `OR REPLACE` or `ON CONFLICT`, and no SELECT asked about the value first."""
        if len(call.args) < 2 or not isinstance(call.args[1], (ast.Tuple, ast.List)):
            return False
        sql = call.args[0]
        if not (isinstance(sql, ast.Constant) and isinstance(sql.value, str)):
            return False
        columns = written_columns(sql.value)
        if columns is None:
            return False
        table, names = columns
        groups = self.uniques.get(table)
        values = call.args[1].elts
        if not groups or len(names) > len(values):
            return False
        given = dict(zip(names, values))
        # (a UNIQUE column, or every column of a UNIQUE group, written, one of them the model's)
        return any(
            group <= given.keys()
            and any(
                not isinstance(given[name], ast.Starred)
                and self._from_model(given[name])
                and not self._reads(given[name]) & self._looked_up
                for name in group
            )
            for group in groups
        )

    def _zone_risk(self, node: ast.BinOp | ast.Compare) -> tuple[type[BaseException], str] | None:
        """`since > datetime.now(timezone.utc)`, `end - start` of a datetime read from the
        model's text by `fromisoformat`: naive or aware as the model writes it, so it cannot be
        compared with (or subtracted from) another datetime of the other kind: TypeError."""
        if isinstance(node, ast.BinOp):
            if not isinstance(node.op, ast.Sub):
                return None
            sides = [node.left, node.right]
        else:
            if not all(isinstance(op, (ast.Lt, ast.LtE, ast.Gt, ast.GtE)) for op in node.ops):
                return None
            sides = [node.left, *node.comparators]
        parsed = [side for side in sides if self._zone_free(side)]
        if not parsed or len(parsed) == len(sides):
            return None
        others = [side for side in sides if side not in parsed]
        if any(isinstance(o, ast.Constant) or not self._a_datetime(o) for o in others):
            return None
        return (
            TypeError,
            "when the model sends a time with a UTC offset and the other has none, or the reverse",
        )

    def _zone_free(self, expr: ast.expr) -> bool:
        """A name bound only to `datetime.fromisoformat(...)` of the model's text, whose zone
        the function never looks at (`.tzinfo`, `.astimezone()`, `.replace(tzinfo=...)`)."""
        if not isinstance(expr, ast.Name) or self.dotted is None:
            return False
        values = self._values.get(expr.id)
        if not values or not all(
            isinstance(v, ast.Call)
            and self.dotted(v.func) in _ZONE_FREE_PARSERS
            and v.args
            and self._from_model(v.args[0])
            for v in values
        ):
            return False
        for sub in walk_shallow(self._body):
            if isinstance(sub, ast.Attribute) and sub.attr in ("tzinfo", "astimezone", "utcoffset"):
                if is_name(sub.value, expr.id):
                    return False
            elif isinstance(sub, ast.keyword) and sub.arg == "tzinfo":
                return False
        return True

    def _a_datetime(self, expr: ast.expr) -> bool:
        """A value made as a datetime here (`datetime.now(...)`, a datetime a parser made, a
        local bound only to such), or a record's field named for a moment (`h.ts`, `e.start`)."""
        if isinstance(expr, ast.Call):
            dotted = self.dotted(expr.func) if self.dotted is not None else None
            return dotted is not None and dotted.startswith("datetime.datetime")
        if isinstance(expr, ast.Attribute):
            return bool(_DATETIME_FIELD.search(expr.attr))
        if isinstance(expr, ast.Name):
            values = self._values.get(expr.id) or []
            return bool(values) and all(v is not None and self._a_datetime(v) for v in values)
        return False

    def fraction_risk(self, node: ast.AST) -> tuple[type[BaseException], str] | None:
        """`Fraction(text)` of the model's text also raises ZeroDivisionError: "1/0" is a
        fraction's form (what `except ValueError` around it lets through)."""
        if not (isinstance(node, ast.Call) and last_name(node.func) == "Fraction"):
            return None
        found = self.risk(node)
        if found is None or found[1] != "when the model sends " + _PARSERS["Fraction"][1]:
            return None
        return ZeroDivisionError, "when the model sends a fraction over 0 (1/0)"

    @_placed
    @_placed
    def element_risk(self, node: ast.AST) -> tuple[type[BaseException], str] | None:
        """`doc.find(path).text` of a document the model names (analyze.found_elements)."""
        if type(node) is not ast.Attribute:
            return None
        return self._documents_of().risk(node)

    def _documents_of(self) -> Documents:
        if self._documents is None:
            self._documents = Documents(
                self._values,
                self.contents,
                lambda expr: self._model_path(expr) or self._content(expr),
                self._iterated,
                lambda: self._sizes_of().looked_at() | self.guarded,
            )
        return self._documents

    def _iterated(self, expr: ast.expr) -> ast.expr | None:
        """The iterable whose element `expr` is (a loop's name, a comprehension's), else None."""
        if isinstance(expr, _Element):
            return expr.value
        found = self._comprehended.get(id(expr)) if isinstance(expr, ast.Name) else None
        return found.value if isinstance(found, _Element) else None

    @_placed
    def group_risk(self, node: ast.AST) -> tuple[type[BaseException], str] | None:
        """`m.group(1)` (`m.group("name")`, `m[1]`) of a match of a pattern the model wrote
        (`re.compile(args["pat"])`, `re.search(pat, line)`): IndexError when it has no such
        group, which a pattern the code wrote would say."""
        if type(node) is ast.Call:
            func = node.func
            if not (
                isinstance(func, ast.Attribute)
                and func.attr in ("group", "start", "end", "span")
                and node.args
            ):
                return None
            target, wanted = func.value, node.args
        elif type(node) is ast.Subscript:
            target, wanted = node.value, [node.slice]
        else:
            return None
        if not all(
            isinstance(a, ast.Constant)
            and ((type(a.value) is int and a.value >= 1) or isinstance(a.value, str))
            for a in wanted
        ):
            return None
        match: ast.expr | None = target.value if isinstance(target, _Element) else target
        if isinstance(match, ast.Name):
            bound = self._values.get(match.id)
            if not bound or len(bound) != 1:
                return None
            match = bound[0].value if isinstance(bound[0], _Element) else bound[0]
        if not isinstance(match, ast.Call):
            return None
        pattern = self._matched_pattern(match)
        if pattern is None or not self._from_model(pattern):
            return None
        first = wanted[0].value  # type: ignore[attr-defined]
        group = f"group {first}" if type(first) is int else f"group {first!r}"
        return IndexError, f"when the model sends a pattern without {group}"

    def _matched_pattern(self, call: ast.Call) -> ast.expr | None:
        """The pattern `re.search(p, text)` (`PATTERN.search(text)` of `PATTERN =
        re.compile(p)`) matches with."""
        func = call.func
        if not isinstance(func, ast.Attribute) or func.attr not in _MATCHING:
            return None
        if is_name(func.value, "re"):
            return call.args[0] if call.args else None
        compiled = func.value
        if isinstance(compiled, ast.Name):
            bound = self._values.get(compiled.id)
            if not bound or len(bound) != 1 or bound[0] is None:
                return None
            compiled = bound[0]
        if isinstance(compiled, (_Item, ast.Call)):
            # (`r, err = _rx(p)` of a helper that returns `re.compile(p), None`)
            carried = self._carried(compiled)
            if carried is not None and carried[0] == "pattern":
                call_of = compiled.call if isinstance(compiled, _Item) else compiled
                return call_of.args[carried[1]]
        if (
            isinstance(compiled, ast.Call)
            and isinstance(compiled.func, ast.Attribute)
            and compiled.func.attr == "compile"
            and is_name(compiled.func.value, "re")
            and compiled.args
        ):
            return compiled.args[0]
        return None

    @_placed
    def unmatched(self, node: ast.AST) -> tuple[ast.Call, str] | None:
        """`m.group(1)` of `m = PAT.match(text)` (or of the call itself) of the model's text,
        or of what a file it names holds, where no test looks at the match: (the match call,
        whose text it reads). When the text does not match, the match is None and the read
        raises AttributeError; whether the pattern can fail is the caller's to ask."""
        if self.rebound or type(node) is not ast.Attribute or node.attr not in _MATCH_READS:
            return None
        target = node.value
        if isinstance(target, ast.Name):
            # (a match is itself `guarded`: what it matched has the pattern's form)
            name = target.id
            if name in self.tested_names():
                return None
            bound = self._values.get(name)
            if not bound or len(bound) != 1 or not isinstance(bound[0], ast.Call):
                return None
            target = bound[0]
        if not isinstance(target, ast.Call):
            return None
        text = _matched_text(target)
        if text is None or target.func.attr == "finditer":  # type: ignore[attr-defined]
            return None
        if self._reads(text) & (self.guarded | self._checked | self.helper_checked):
            return None  # (its form tested, here or by the caller: an entry of a table)
        if self._from_model(text):
            return target, "when the model sends text the pattern does not match (no match: None)"
        if self._content(text):
            return target, (
                "when a file or an address the model names holds text the pattern does not "
                "match (no match: None)"
            )
        return None

    @_placed
    def raw_at(self, expr: ast.AST, given_to: ast.AST | None = None) -> str | None:
        """`raw_value` with the guards that hold where `expr` is (`given_to`: the call that
        hands it on, which meets it as it came even in a `try`)."""
        return self.raw_value(expr, given_to=given_to)  # type: ignore[arg-type]

    def raw_value(
        self, expr: ast.expr, depth: int = 0, given_to: ast.AST | None = None
    ) -> str | None:
        """The argument `expr` is as the model sent it, of whatever type it came (`args["k"]`,
        `args.get("k")`, `args.get("k") or "x"`, a local bound only to one), where no test
        looks at it (a type test, a membership test that answers first): its key, else None."""
        if depth > 3 or self.rebound:
            return None
        if isinstance(expr, _Element):
            # (an item of a list the schema declares: of whatever type the model sent it, also
            # of one tested only to be a list)
            if self._reads(expr.value) & self.each_tested:
                return None  # (a helper checked each item first)
            listed = _same_items(expr.value)
            key = self.raw_value(listed, depth + 1, given_to) or self._listed_key(listed)
            if key is None and isinstance(listed, ast.Name):
                key = self._text_normalised(listed, depth, given_to)
            return key + "[]" if key is not None and self.declared_array(key) else None
        if isinstance(expr, ast.Name) and id(expr) in self._comprehended:
            item = self._comprehended[id(expr)]
            if not isinstance(item, _Element) or expr.id in self._type_tested_but(given_to):
                return None
            return self.raw_value(item, depth + 1, given_to)
        key = self._key_read(expr)
        if key is None and isinstance(expr, ast.Call) and self.carries is not None and expr.args:
            # (`Nz(args.get("unit"))` of a helper that hands its argument back as it came)
            handed = self.carries(expr, "raw")
            if handed is not None and handed[1] < len(expr.args):
                arg = expr.args[handed[1]]
                if not isinstance(arg, ast.Starred):
                    return self.raw_value(arg, depth + 1, given_to)
        if key is None and isinstance(expr, ast.BoolOp) and isinstance(expr.op, ast.Or):
            # (`args.get("k") or "x"`, `or today()`: the model's value whenever it sent one)
            key = self._key_read(expr.values[0])
        if key is None and isinstance(expr, ast.Name):
            bound = self._values.get(expr.id)
            if bound and any(v is not None and within(expr, v) for v in bound):
                # (`call = call.strip().upper()`: read in the value of its own rebinding, the
                # name holds what it held before)
                bound = [v for v in bound if v is None or not within(expr, v)]
            if bound and any(v is not None and self._later(v, expr) for v in bound):
                # (`colour = ALIASES.get(colour, colour)` after the read, no loop around
                # both: that binding never reaches it)
                bound = [v for v in bound if v is None or not self._later(v, expr)]
            told = self.tested_names() - self._tested_blind()
            if expr.id in told and (self._chosen_elsewhere(expr) or self._tested_apart(expr)):
                told = told - {expr.id}
            early = self._unchecked_before(expr, given_to)
            if not early and expr.id in told | self._type_tested_but(given_to):
                return None
            if not bound and expr.id in self.raw_given:
                key = expr.id  # (`def add(playlist)` a lambda hands `args.get("playlist")`)
            elif not bound or any(v is None for v in bound):
                return None
            else:
                kept = self.guarded
                if early:
                    # (nothing tested what it holds yet either: `if not sql.strip()...`)
                    self.guarded = kept - self._reads(expr)
                try:
                    keys = {self.raw_value(v, depth + 1, given_to) for v in bound}  # type: ignore[arg-type]
                finally:
                    self.guarded = kept
                key = keys.pop() if len(keys) == 1 else None
        if key is None:
            return None
        seen = self.guarded | self._type_tested_but(given_to)
        if isinstance(expr, ast.Name) and self._unchecked_before(expr, given_to):
            # (its tests and checks all come after this read, also those of what it holds)
            seen = seen - self._reads(expr)
        if key.endswith("[]"):
            # (that the list is a list says nothing of its items; a check of each item does)
            seen = seen - (self._container_typed - self.each_tested)
        return None if self._reads(expr) & seen else key

    def _text_normalised(self, name: ast.Name, depth: int, given_to: ast.AST | None) -> str | None:
        """`paths = args.get("paths")`, then `if isinstance(paths, str): paths =
        paths.splitlines()`: the list's items are the model's where it sent a list (the other
        bindings make text items); its key, else None."""
        bound = self._values.get(name.id)
        if not bound or None in bound:
            return None
        keys = set()
        for value in bound:
            if _text_items(value):  # type: ignore[arg-type]
                continue
            keys.add(self.raw_value(value, depth + 1, given_to))  # type: ignore[arg-type]
        if len(keys) != 1 or len(bound) < 2:
            return None
        return keys.pop()

    def _later(self, value: ast.AST, read: ast.AST) -> bool:
        """`value` (a binding's) comes after `read` and no loop holds both: it cannot reach
        the read."""
        start = (getattr(value, "lineno", None), getattr(value, "col_offset", None))
        end = (getattr(read, "end_lineno", None), getattr(read, "end_col_offset", None))
        if None in start or None in end or start < end:
            return False
        return not any(within(read, loop) and within(value, loop) for loop in self._loops)

    @_placed
    def raw_compared(self, expr: ast.expr) -> str | None:
        """`raw_value` of a value an order comparison reads, that comparison aside (it is
        itself a test of the value, and asks it to be a number): the key, unless a type test
        or a guard here looks at it."""
        if self.rebound:
            return None
        name = expr.id if isinstance(expr, ast.Name) else None
        given = False
        if name is not None:
            bound = self._values.get(name)
            if not bound and name in self.raw_given:
                given = True  # (a parameter a caller hands the model's value as it came)
            elif not bound or len(bound) != 1 or bound[0] is None:
                return None
            else:
                expr = bound[0]
        if isinstance(expr, ast.BoolOp) and isinstance(expr.op, ast.Or):
            expr = expr.values[0]
        key = name if given else self._key_read(expr)
        if key is None:
            return None
        reads = self._reads(expr) | ({name} if name else set())
        if reads & (self.guarded | self._type_tested()):
            return None
        return key

    def raw_member(self, expr: ast.expr, test: ast.Compare) -> str | None:
        """`raw_value` of a value a membership test `test` asks a dict or a set about: that
        test (and any other of the same value) hashes it, so it is no guard of itself; only a
        type test, or a test that tells something of it and comes before, is."""
        if self.rebound:
            return None
        name = expr.id if isinstance(expr, ast.Name) else None
        if name is not None:
            bound = self._values.get(name)
            if not bound and name in self.raw_given:
                key: str | None = name
                expr_reads = {name}
            elif not bound or len(bound) != 1 or bound[0] is None:
                return None
            else:
                value = bound[0]
                if isinstance(value, ast.BoolOp) and isinstance(value.op, ast.Or):
                    value = value.values[0]
                key = self._key_read(value)
                expr_reads = self._reads(value) | {name}
        else:
            key = self._key_read(expr)
            expr_reads = self._reads(expr)
        if key is None:
            return None
        # (a check the value meets only after this test, `plan(boxes, kind)` in a `try`,
        # guards nothing here)
        early = isinstance(expr, ast.Name) and self._unchecked_before(expr, None, True)
        if not early and expr_reads & self._type_tested():
            return None
        return None if expr_reads & self._told_before(test) else key

    def _told_before(self, test: ast.Compare) -> set[str]:
        """What the tests before `test` (in the text) ask more of than truth or None."""
        at = (test.lineno, test.col_offset)
        blind: set[str] = set()
        telling: set[str] = set()
        for part in leaf_tests(tests_of(walk_shallow(self._body))):
            if part is not test and (part.lineno, part.col_offset) < at and not within(test, part):
                _truth_reads(part, blind, telling)
        return telling

    def _listed_key(self, expr: ast.expr) -> str | None:
        """`addresses` bound once to `args.get("addresses")` (or a parameter given the model's
        list) and tested only to be a list (`isinstance(addresses, list)`): the key it came
        under (the parameter's name)."""
        if not isinstance(expr, ast.Name) or expr.id not in self._container_typed:
            return None
        bound = self._values.get(expr.id)
        if not bound and expr.id in self.raw_given:
            return expr.id  # (a parameter a caller hands the model's list as it came)
        if bound:
            # (`items = []` where the test turns the model's value away: no element comes)
            bound = [v for v in bound if not _no_elements(v)]
        if not bound or len(bound) != 1 or bound[0] is None:
            return None
        value = bound[0]
        if isinstance(value, ast.BoolOp) and isinstance(value.op, ast.Or):
            value = value.values[0]
        return self._key_read(value)

    def _type_tested(self) -> set[str]:
        """What an `isinstance(x, ...)` or `type(x)` here reads (its first argument)."""
        if self._types_tested is not None:
            return self._types_tested
        found: set[str] = set()
        typed: set[str] = set()
        checked_by: dict[str, set[int]] = {}
        nodes = walk_shallow(self._body)
        flags_only = self._flag_tests
        for subject in self._match_typed:
            typed |= self._reads(subject)
        typed |= self._match_typed_names
        found |= typed
        for sub in nodes:
            if (
                type(sub) is ast.Call
                and isinstance(sub.func, ast.Name)
                and sub.func.id in ("isinstance", "type")
                and sub.args
                and id(sub) not in flags_only
                and not _no_json_type(sub)
            ):
                typed |= self._reads(sub.args[0])
                found |= typed
            elif type(sub) is ast.Try and any(_may_catch_a_check(h.type) for h in sub.handlers):
                # (`try: safe_name(tank) except ValueError: return ...`: a helper of the
                # project's saw the value first, and what it raised was caught)
                for inner in walk_shallow(sub.body):
                    if (
                        type(inner) is ast.Call
                        and isinstance(inner.func, (ast.Name, ast.Attribute))
                        and (last_name(inner.func) or "") not in _BUILTIN_NAMES
                    ):
                        for arg in inner.args:
                            if isinstance(arg, ast.Name):
                                self._seen_in_try.setdefault(arg.id, set()).add(id(inner))
            elif (
                type(sub) is ast.Assign
                and isinstance(sub.targets[0], ast.Tuple)
                and isinstance(sub.value, ast.Call)
                and (last_name(sub.value.func) or "") not in _BUILTIN_NAMES
                and {n.id for n in ast.walk(sub.targets[0]) if isinstance(n, ast.Name)}
                & self.tested_names()
            ):
                # (`dev, problem = _lookup(devices, args.get("device")); if problem: return`)
                for arg in sub.value.args:
                    for read in self._reads(arg):
                        checked_by.setdefault(read, set()).add(id(sub.value))
                    found |= self._reads(arg)
        # (`for key, value in (("deck", deck), ...): if not isinstance(value, str)`, also in a
        # comprehension: each name the loop goes over is tested)
        for sub in nodes:
            loops: list[ast.For | ast.AsyncFor | ast.comprehension] = (
                [sub]  # type: ignore[list-item]
                if type(sub) in (ast.For, ast.AsyncFor)
                else list(sub.generators)  # type: ignore[attr-defined]
                if type(sub) in COMPREHENSIONS
                else []
            )
            for loop in loops:
                targets = {n.id for n in ast.walk(loop.target) if isinstance(n, ast.Name)}
                if targets & found and isinstance(loop.iter, (ast.Tuple, ast.List)):
                    found |= {n.id for n in ast.walk(loop.iter) if isinstance(n, ast.Name)}
        # (`[e.strip() for e in raw if _is_text(e)]`: a helper of the project's answers for
        # each item first, and the comprehension drops those it turns away, as `if not
        # _is_text(e): continue` would)
        for sub in nodes:
            if type(sub) is ast.comprehension:
                for test in sub.ifs:
                    for call in _verdict_calls(test):
                        if _asks_a_helper(call.func):
                            for arg in call.args:
                                if isinstance(arg, ast.Name):
                                    found |= self._reads(arg)
        for name in list(self._seen_in_try):
            if name in found:
                del self._seen_in_try[name]  # (tested otherwise too)
        found |= self._seen_in_try.keys()
        self._checked_by = {
            read: calls
            for read, calls in checked_by.items()
            if read not in typed and read not in self._seen_in_try
        }
        self._types_tested = found
        return found

    def _type_tested_but(self, call: ast.AST | None) -> set[str]:
        """`_type_tested`, less what only `call` (a helper in a `try`, or one answering
        `(value, problem)`) saw first: that helper itself meets the value as it came."""
        found = self._type_tested()
        if call is None:
            return found
        only = {n for n, calls in self._seen_in_try.items() if calls == {id(call)}}
        # (`x, err = parse(args.get("alt"))`: the helper checks the value, as it came)
        only |= {n for n, calls in self._checked_by.items() if calls == {id(call)}}
        return found - only if only else found

    def tested_names(self) -> set[str]:
        """Names a test here looks at (`if card is None`, `row and row["id"]`) or `:=` binds
        (`if m := PAT.match(t)`: bound where it is tested)."""
        if self._tested_names is None:
            self._tested_names = (
                self._sizes_of().looked_at(guarded=False)
                | {
                    sub.target.id
                    for sub in walk_shallow(self._body)
                    if type(sub) is ast.NamedExpr and isinstance(sub.target, ast.Name)
                }
                | _tested_through_rows(self._body)
            )
        return self._tested_names

    def _unchecked_before(
        self, use: ast.Name, given_to: ast.AST | None, at_first: bool = False
    ) -> bool:
        """No test that tells something of `use`'s name (a truth or None test tells nothing of
        its type) and no call handed it (a check, a conversion) comes before `use` in the
        text: where it is read, nothing has looked at it yet (`v = v.strip()` before `if not
        PATTERN.match(v): return ...`)."""
        if self._first_checks is None:
            self._first_checks = _first_checks(self._body)
        checks = self._first_checks.get(use.id)
        if not checks:
            return False  # (never checked: the flow-insensitive answer stands)
        # (the conversion that reads it, `size = int(size)`, is no check before the read)
        found = next((c for c in checks if c[1] is None or not within(use, c[1])), None)
        if found is None:
            return False
        first, _, test = found
        at = (use.lineno, use.col_offset)
        if test is not None and within(use, test) and not _read_before(test, use):
            # (`if name.lower() == "x":`, `if not name.strip():` read it before anything in
            # the test tells what it is: the test guards what follows it, not itself)
            return not (given_to is not None and within(use, given_to))
        return (at <= first if at_first else at < first) and not (
            given_to is not None and within(use, given_to)
        )

    def _tested_apart(self, use: ast.Name) -> bool:
        """Only a comprehension's tests of its own variable of that name look at `use`'s name
        (`[p for p in text.split() if p.strip()]`), and `use` is outside them."""
        owners = self._sizes_of().tested_within(use.id)
        return owners is not None and not any(within(use, owner) for owner in owners)

    def _chosen_elsewhere(self, use: ast.Name) -> bool:
        """Every test that tells something of `use`'s name is `name == "constant"` as an
        `if`'s whole test (`if team == "platform": ...` / `elif team == "db": ...`), and `use`
        sits in none of their bodies: where it is read, no test said what it is."""
        if self._choices is None:
            self._choices = _equality_choices(self._body)
        spans = self._choices.get(use.id)
        if spans is None:
            return False
        at = (use.lineno, use.col_offset)
        return not any(first <= at <= last for first, last in spans)

    def _tested_blind(self) -> set[str]:
        """Names the tests here look at only for truth or None (`if not q:`, `q is None`):
        a number or a list passes those as text does."""
        if self._type_blind is None:
            blind: set[str] = set()
            telling: set[str] = set()
            for sub in walk_shallow(self._body):
                if isinstance(sub, (ast.If, ast.While, ast.IfExp, ast.Assert)):
                    _truth_reads(sub.test, blind, telling)
                elif isinstance(sub, ast.comprehension):
                    for test in sub.ifs:
                        _truth_reads(test, blind, telling)
            self._type_blind = blind - telling
        return self._type_blind

    def port_risk(self, node: ast.AST) -> tuple[type[BaseException], str] | None:
        """`urlsplit(url).port` of a URL the model sends raises ValueError when its port is
        not a number (or out of range)."""
        if not (isinstance(node, ast.Attribute) and node.attr == "port"):
            return None
        value = node.value
        if isinstance(value, ast.Name):
            # (the first read of a URL's port raises; a later one of the same URL cannot)
            first = self._first_port.setdefault(value.id, id(node))
            if first != id(node):
                return None
        made = (
            [value]
            if isinstance(value, ast.Call)
            else (self._values.get(value.id) if isinstance(value, ast.Name) else None)
        )
        if not made:
            return None
        for call in made:
            if not (
                isinstance(call, ast.Call)
                and last_name(call.func) in ("urlparse", "urlsplit")
                and call.args
                and self._from_model(call.args[0])
                and not self.membership_guarded(call.args[0])
            ):
                return None
        return ValueError, "when the model sends a URL whose port is not a number"

    @_placed
    def membership_guarded(self, expr: ast.expr) -> bool:
        """A value `expr` reads was tested for what it is (`if t not in TABLES: return ...`),
        not only for its form (a pattern, `"/" in name`) or by a helper whose test is unknown
        (`is_read_only(sql)`), nor by the caller (`checked`)."""
        return bool(
            self._reads(expr)
            & (self.guarded - self.form_tested - self.helper_checked - self._checked)
        )

    def _kind_fixed(self, path: ast.expr, depth: int = 0) -> bool:
        """The tool names the kind of file (`unit_dir() / f"{name}.json"`, `p.with_suffix(
        ".md")`, a helper that makes such a name): the model picks one of the tool's own
        files, not what it holds, and names no folder."""
        if depth > 4:
            return False
        if isinstance(path, ast.Name):
            values = self._values.get(path.id)
            return bool(values) and all(
                v is not None and self._kind_fixed(v, depth + 1)
                for v in values  # type: ignore[union-attr]
            )
        if isinstance(path, ast.BinOp) and isinstance(path.op, ast.Div):
            return self._kind_fixed(path.right, depth + 1)
        if isinstance(path, ast.Call) and isinstance(path.func, ast.Attribute):
            if path.func.attr == "with_suffix":
                return True
            if path.func.attr in _PATH_KEEPS:
                return self._kind_fixed(path.func.value, depth + 1)
            if path.func.attr == "join" and _is_module(path.func.value, "path") and path.args:
                return self._kind_fixed(path.args[-1], depth + 1)
        if isinstance(path, (ast.Call, _Item)):
            # (a helper's path whose name it ends with its own extension: `_path(name)`)
            carried = self._carried(path)
            if carried is not None and carried[0].startswith(("path", "text")):
                return carried[0].endswith(".")
        return suffixed(path)

    def _whole_path(self, expr: ast.expr, depth: int = 0) -> bool:
        """The model names the whole path (`Path(args["out"]).expanduser()`), not only a name
        under a folder the tool chose (`EXPORTS / name`)."""
        if self._from_model(expr):
            return True
        if depth > 4:
            return False
        if isinstance(expr, ast.Name):
            # (on some path of the code the model names all of it)
            values = self._values.get(expr.id)
            return bool(values) and any(
                v is not None and self._whole_path(v, depth + 1)
                for v in values  # type: ignore[union-attr]
            )
        if isinstance(expr, ast.Attribute) and expr.attr == "parent":
            return self._whole_path(expr.value, depth + 1)
        if isinstance(expr, ast.BinOp) and isinstance(expr.op, ast.Div):
            return self._whole_path(expr.left, depth + 1)
        if isinstance(expr, ast.Call) and expr.args and _is_path_call(expr):
            return self._whole_path(expr.args[0], depth + 1)
        if isinstance(expr, ast.Call) and isinstance(expr.func, ast.Attribute):
            if expr.func.attr in _PATH_KEEPS:
                return self._whole_path(expr.func.value, depth + 1)
            if expr.func.attr in _OS_PATH_TEXT and expr.args:
                return self._whole_path(expr.args[0], depth + 1)
        return False

    def _reads(self, expr: ast.expr, seen: frozenset[int] = frozenset()) -> set[str]:
        """The names an expression reads, with each read of one argument (`args.get("k")`,
        `args["k"]`) as `args['k']`: a test of one argument guards that one, not the others
        (`seen`: the comprehension items being read, each read once)."""
        found: set[str] = set()
        keyed: set[int] = set()
        for node in ast.walk(expr):
            key = self._key_read(node)
            if key is not None:
                found.add(f"{self.param}[{key!r}]")
                keyed.add(id(node.func.value if isinstance(node, ast.Call) else node.value))  # type: ignore[attr-defined]
            elif (free := self._free_read(node)) is not None:
                # (`m.group(2)` of `(.*)`: a read of its own, which only a test of it guards)
                found.add(free[0])
                keyed.add(free[1])
            elif isinstance(node, ast.Name) and id(node) not in keyed:
                found.add(node.id)
                if node.id in self._keyed:
                    found.add(self._keyed[node.id])
                element = self._comprehended.get(id(node))
                if isinstance(element, _Element) and id(element) not in seen:
                    # (a comprehension's item of a text whose form was tested, `for p in
                    # ts.split(":")`, is of that form too)
                    inner = self._element_reads.get(id(element))
                    if inner is None:
                        inner = self._reads(element.value, seen | {id(element)})
                        self._element_reads[id(element)] = inner
                    found |= inner & (self._checked | self.form_tested)
        return found

    def _free_read(self, node: ast.AST) -> tuple[str, int] | None:
        """For `m.group(2)` or `m[2]` of a match whose group matches free text: the read's own
        name (`m.group(2)`) and the id of the `m` it reads through; else None."""
        if self._free_group is None or not self._matched:
            return None
        read = self._match_group(node)
        if read is None or read[0].id not in self._matched:
            return None
        owner, match, group = read
        if not self._free_group(match, group):
            return None
        return f"{owner.id}.group({group!r})", id(owner)

    def _match_group(self, node: ast.AST) -> tuple[ast.Name, ast.Call, int | str] | None:
        """`m.group(2)` or `m["unit"]` of a local bound once to a call: `m`, that call (the
        match) and the group."""
        owner: ast.expr | None = None
        group: object = None
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "group"
            and len(node.args) == 1
            and isinstance(node.args[0], ast.Constant)
        ):
            owner, group = node.func.value, node.args[0].value
        elif isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant):
            owner, group = node.value, node.slice.value
        if (
            not isinstance(owner, ast.Name)
            or not isinstance(group, (int, str))
            or isinstance(group, bool)
        ):
            return None
        made = self._values.get(owner.id)
        if not made or len(made) != 1 or not isinstance(made[0], ast.Call):
            return None
        return owner, made[0], group

    def _key_read(self, node: ast.AST) -> str | None:
        """ "k" for `args.get("k", ...)` or `args["k"]`, else None."""
        if isinstance(node, ast.Call):
            func = node.func
            if (
                isinstance(func, ast.Attribute)
                and func.attr == "get"
                and isinstance(func.value, ast.Name)
                and func.value.id == self.param
                and node.args
            ):
                return self._constant_text(node.args[0])
        elif isinstance(node, ast.Subscript) and (
            isinstance(node.value, ast.Name) and node.value.id == self.param
        ):
            return self._constant_text(node.slice)
        return None

    def _constant_text(self, key: ast.expr) -> str | None:
        """A constant text, or a parameter the caller bound to one (and this def never
        rebinds)."""
        if isinstance(key, ast.Constant):
            return key.value if isinstance(key.value, str) else None
        if isinstance(key, ast.Name) and key.id in self._key_names and key.id not in self._values:
            return self._key_names[key.id]
        return None


_LOOKUP_WORDS = frozenset(
    {"find", "get", "exists", "exist", "lookup", "has", "fetch", "load", "select", "contains"}
)


def _before_stops(expr: ast.BoolOp, stops: Callable[[ast.Call], bool]) -> ast.expr:
    """`PAT.match(q) or die("can't parse")`: where the value is bound, `die` never returned, so
    it is what the operands before it gave, a match (`stops(call)`: the call never returns)."""
    values = list(expr.values)
    while len(values) > 1 and isinstance(values[-1], ast.Call) and stops(values[-1]):
        values.pop()
    if len(values) == len(expr.values) or not isinstance(expr.op, ast.Or):
        return expr
    if len(values) == 1:
        return values[0]
    return ast.copy_location(ast.BoolOp(op=expr.op, values=values), expr)


def _uncast(expr: ast.expr) -> ast.expr:
    """`cast(StatusFilter, raw)` is `raw` (typing.cast hands its value back as it is)."""
    if (
        isinstance(expr, ast.Call)
        and last_name(expr.func) == "cast"
        and len(expr.args) == 2
        and not expr.keywords
        and not isinstance(expr.args[1], ast.Starred)
    ):
        return expr.args[1]
    return expr


def _no_elements(expr: ast.expr | None) -> bool:
    """An empty list or tuple display (`[]`, `()`, `list()`)."""
    if isinstance(expr, (ast.List, ast.Tuple)):
        return not expr.elts
    return (
        isinstance(expr, ast.Call)
        and isinstance(expr.func, ast.Name)
        and expr.func.id in ("list", "tuple")
        and not expr.args
        and not expr.keywords
    )


def _empties(expr: ast.expr) -> bool:
    """A literal collection of empty values only (`(None, "")`)."""
    return (
        isinstance(expr, (ast.Tuple, ast.List, ast.Set))
        and bool(expr.elts)
        and all(isinstance(e, ast.Constant) and not e.value for e in expr.elts)
    )


def _is_module(expr: ast.expr, name: str) -> bool:
    """`expr` is the module `name` as written (`os`; `path` also as `os.path`)."""
    if isinstance(expr, ast.Name):
        return expr.id == name
    return (
        name == "path"
        and isinstance(expr, ast.Attribute)
        and expr.attr == "path"
        and isinstance(expr.value, ast.Name)
        and expr.value.id == "os"
    )


def _made_as_path(expr: ast.expr, values: dict[str, list[ast.expr | None]]) -> bool:
    """A local bound only to `Path(...)`, `Path.cwd()` or `Path.home()` (or one of those)."""
    made = values.get(expr.id) if isinstance(expr, ast.Name) else [expr]
    return bool(made) and all(
        v is not None
        and (
            _is_path_call(v)
            or isinstance(v, ast.Call)
            and isinstance(v.func, ast.Attribute)
            and v.func.attr in ("cwd", "home")
            and is_name(v.func.value, "Path")
        )
        for v in made  # type: ignore[union-attr]
    )


def _is_path_call(expr: ast.expr) -> bool:
    """`Path(...)` (or `pathlib.Path(...)`) as written."""
    if not isinstance(expr, ast.Call):
        return False
    func = expr.func
    return (isinstance(func, ast.Name) and func.id == "Path") or (
        isinstance(func, ast.Attribute) and func.attr == "Path"
    )


def _table_key(expr: ast.expr) -> ast.expr | None:
    """`K` of `table.get(K, {})` (or no default): a table's entry, empty where it has none."""
    if not (
        isinstance(expr, ast.Call)
        and isinstance(expr.func, ast.Attribute)
        and expr.func.attr == "get"
        and 1 <= len(expr.args) <= 2
        and not expr.keywords
    ):
        return None
    if len(expr.args) == 2:
        default = expr.args[1]
        empty = isinstance(default, (ast.Dict, ast.List, ast.Tuple, ast.Set)) and not (
            default.keys if isinstance(default, ast.Dict) else default.elts
        )
        if not empty:
            return None
    return expr.args[0]


def _a_path_object(param: ast.arg, nodes: list[ast.AST]) -> bool:
    """A parameter whose path methods the body calls (`path.open(...)`, `path.write_text()`):
    text has none of them. (An annotation alone says less: `skill_dir: Path` may be given the
    model's text, made a path by the caller or not.)"""
    return any(
        isinstance(sub, ast.Call)
        and isinstance(sub.func, ast.Attribute)
        and sub.func.attr in _PATH_METHODS
        and sub.func.attr != "replace"  # (text has that one)
        and isinstance(sub.func.value, ast.Name)
        and sub.func.value.id == param.arg
        for sub in nodes
    )


def _branch_arms(body: list[ast.stmt]) -> dict[int, tuple[tuple[int, int], ...]]:
    """id of each assigned value -> the arms of the `if`s and `match`es it sits in."""
    out: dict[int, tuple[tuple[int, int], ...]] = {}

    def visit(stmts: list[ast.stmt], path: tuple[tuple[int, int], ...]) -> None:
        for stmt in stmts:
            if isinstance(stmt, ast.If):
                visit(stmt.body, (*path, (id(stmt), 0)))
                visit(stmt.orelse, (*path, (id(stmt), 1)))
            elif isinstance(stmt, ast.Match):
                for number, case in enumerate(stmt.cases):
                    visit(case.body, (*path, (id(stmt), number)))
            elif isinstance(stmt, (ast.Assign, ast.AnnAssign)):
                if stmt.value is not None:
                    out[id(stmt.value)] = path
            elif not isinstance(stmt, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                for field in ("body", "orelse", "finalbody"):
                    inner = getattr(stmt, field, None)
                    if isinstance(inner, list):
                        visit(inner, path)
                for handler in getattr(stmt, "handlers", ()):
                    visit(handler.body, path)

    visit(body, ())
    return out


def _exclusive(
    arms: dict[int, tuple[tuple[int, int], ...]] | None, value: ast.expr, others: list[ast.expr]
) -> bool:
    """`value` is bound on another arm of an `if` (or `match`) than one of `others`: a default
    for when the model names no path, not a replacement of its path."""
    mine = dict((arms or {}).get(id(value), ()))
    return any(
        mine.get(branch, arm) != arm
        for other in others
        for branch, arm in (arms or {}).get(id(other), ())
    )


def _passes(value: ast.expr, name: str) -> bool:
    """`p = adjust(p, ...)`, `p = os.path.abspath(os.path.expanduser(p))`: the path handed on
    (and what comes back made from it); `p = p.with_suffix(".pgn")`, `p = base / p`: the same
    path, changed."""
    if isinstance(value, ast.BinOp) and isinstance(value.op, ast.Div):
        return is_name(value.left, name) or is_name(value.right, name)
    if (
        isinstance(value, ast.Call)
        and isinstance(value.func, ast.Attribute)
        and value.func.attr in _PATH_KEEPS
        and is_name(value.func.value, name)
    ):
        return True
    while isinstance(value, ast.Call):
        if any(isinstance(arg, ast.Name) and arg.id == name for arg in value.args):
            return True
        value = next((a for a in value.args if isinstance(a, ast.Call)), None)  # type: ignore[assignment]
    return False


def _first_parts(value: ast.expr) -> bool:
    """`text.split(",")[:2]`: the first parts of a split."""
    return (
        isinstance(value, ast.Subscript)
        and _splits(value.value)
        and isinstance(value.slice, ast.Slice)
        and value.slice.lower is None
        and value.slice.step is None
    )


def _splits(value: ast.expr) -> bool:
    return (
        isinstance(value, ast.Call)
        and isinstance(value.func, ast.Attribute)
        and value.func.attr in ("split", "rsplit", "partition", "rpartition")
    )


# Tables that make a missing key instead of raising KeyError.
_DEFAULTING = frozenset({"defaultdict", "Counter"})
_CONTAINERS = frozenset(
    {"str", "dict", "list", "tuple", "set", "frozenset", "Mapping", "Sequence", "Iterable"}
)


def _containers_only(classes: ast.expr) -> bool:
    """`str`, `dict`, `(list, tuple)`...: a test of a container's type, not of what it holds."""
    names = classes.elts if isinstance(classes, ast.Tuple) else [classes]
    return bool(names) and all(last_name(n) in _CONTAINERS for n in names)


def _looked_at(body: list[ast.stmt] | list[ast.expr], name: str) -> bool:
    """The def tests `name` (`if not close:`, `x if close else y`, `close and ...`) or takes
    its length."""
    for sub in walk_shallow(body):
        tests: list[ast.expr] = []
        if isinstance(sub, (ast.If, ast.While, ast.IfExp, ast.Assert)):
            tests.append(sub.test)
        elif isinstance(sub, ast.BoolOp):
            tests.extend(sub.values[:-1])
        elif isinstance(sub, ast.Call) and is_name(sub.func, "len"):
            tests.extend(sub.args)
        if any(isinstance(n, ast.Name) and n.id == name for t in tests for n in ast.walk(t)):
            return True
    return False


def _normalising_constants(nodes: list[ast.AST]) -> dict[str, set[int]]:
    """name -> ids of the constants an `if` that tests the name binds it to in its block
    (`if sep == "tab": sep = "\t"`, `if not unit: unit = "m"`)."""
    found: dict[str, set[int]] = {}
    for sub in nodes:
        if not isinstance(sub, ast.If):
            continue
        tested = {n.id for n in ast.walk(sub.test) if isinstance(n, ast.Name)}
        # (the block's own statements; under an absence test, those nested in it too:
        # `if not text: ... try: text = path.read_text()`)
        absent = any(_absent_test(sub.test, name) for name in tested)
        block = walk_shallow(sub.body) if absent else sub.body
        for stmt in block:
            if not isinstance(stmt, ast.Assign) or len(stmt.targets) != 1:
                continue
            target, value = stmt.targets[0], stmt.value
            pairs: list[tuple[ast.expr, ast.expr]] = [(target, value)]
            if (
                isinstance(target, ast.Tuple)
                and isinstance(value, ast.Tuple)
                and len(target.elts) == len(value.elts)
            ):
                # (`current, source = path.read_text(), "file"`: one by one)
                pairs = list(zip(target.elts, value.elts))
            for name, made in pairs:
                if (
                    isinstance(name, ast.Name)
                    and name.id in tested
                    and (
                        isinstance(made, ast.Constant)
                        # (`if not spec: spec = f"{y}-W{w:02d}"`: a default where none was
                        # given; every other time the name holds what the model sent)
                        or _absent_test(sub.test, name.id)
                    )
                ):
                    found.setdefault(name.id, set()).add(id(made))
    return found


def _absent_test(test: ast.expr, name: str) -> bool:
    """`not name`, `name is None`, `name == ""`: whether the value was given at all (also as
    one side of an `and`: `if not text and args.get("file")`)."""
    if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.And):
        return any(_absent_test(value, name) for value in test.values)
    if isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        return is_name(test.operand, name)
    return (
        isinstance(test, ast.Compare)
        and len(test.ops) == 1
        and isinstance(test.ops[0], (ast.Is, ast.Eq))
        and is_name(test.left, name)
        and isinstance(test.comparators[0], ast.Constant)
        and test.comparators[0].value in (None, "")
    )


def _an_element(values: list[ast.expr | None] | None) -> bool:
    """A loop's name over a sequence (`for item in items`): each value an element of it."""
    return bool(values) and all(isinstance(v, _Element) for v in values)  # type: ignore[union-attr]


_TEXT_MAKERS = frozenset({"lower", "upper", "casefold", "strip", "lstrip", "rstrip", "title"})


def _some_text(expr: ast.expr) -> bool:
    """Text made here, which `x in` searches rather than looks up: `art.title.lower()`, an
    f-string (not a string written out: `sep in ",;"` picks from its characters)."""
    if isinstance(expr, ast.JoinedStr):
        return True
    return (
        isinstance(expr, ast.Call)
        and isinstance(expr.func, ast.Attribute)
        and expr.func.attr in _TEXT_MAKERS
        and not expr.args
    )


def _names_in(expr: ast.expr) -> list[ast.Name]:
    return [n for n in ast.walk(expr) if isinstance(n, ast.Name)]


def _shape(expr: ast.expr, name: str) -> str:
    """`expr` as a dump, with `name` in place of nothing in particular (`k.strip().lower()`
    and `key.strip().lower()` have one shape)."""
    return ast.dump(expr).replace(f"Name(id={name!r}, ctx=Load())", "Name(id='_', ctx=Load())")


def _checked_command(call: ast.Call) -> bool:
    """`subprocess.run(argv, check=True)`, `subprocess.check_call(argv)`, `check_output`."""
    func = call.func
    if not (isinstance(func, ast.Attribute) and _is_module(func.value, "subprocess")):
        return False
    if func.attr in ("check_call", "check_output"):
        return True
    return func.attr == "run" and any(
        kw.arg == "check" and isinstance(kw.value, ast.Constant) and kw.value.value is True
        for kw in call.keywords
    )


def _command_paths(call: ast.Call) -> list[ast.expr]:
    """The parts of a command's argument list that may be paths (`str(target)`, `target`)."""
    if not call.args or not isinstance(call.args[0], (ast.List, ast.Tuple)):
        return []
    found: list[ast.expr] = []
    for part in call.args[0].elts:
        if isinstance(part, ast.Starred):
            continue
        if isinstance(part, ast.Call) and last_name(part.func) in ("str", "fspath") and part.args:
            part = part.args[0]
        if isinstance(part, (ast.Name, ast.Attribute)):
            found.append(part)
    return found


# Calls whose items are the items of what they are given.
_PASSING_ITEMS = frozenset(
    {"list", "sorted", "set", "tuple", "reversed", "fromkeys", "keys", "values", "split"}
)


def _made_by_helper(iterable: ast.expr) -> bool:
    """A call other than one that hands on the items it is given (`placeholders(body)`)."""
    return isinstance(iterable, ast.Call) and last_name(iterable.func) not in _PASSING_ITEMS


def _items_call(iterable: ast.expr) -> bool:
    """`d.items()`: a loop over a dict's keys and values."""
    return (
        isinstance(iterable, ast.Call)
        and isinstance(iterable.func, ast.Attribute)
        and iterable.func.attr == "items"
        and not iterable.args
    )


def _paired(iterable: ast.expr, width: int) -> list[ast.expr | None]:
    """For each name of a loop's tuple target, the sequence whose elements it takes (`zip(a,
    b)`: a, b; `enumerate(a)`: None, a; `d.items()`: d, d), None where unknown."""
    if isinstance(iterable, ast.Call) and isinstance(iterable.func, ast.Name):
        args = iterable.args
        if any(isinstance(a, ast.Starred) for a in args):
            return [None] * width
        if iterable.func.id == "zip" and len(args) == width:
            return list(args)
        if iterable.func.id == "enumerate" and len(args) >= 1 and width == 2:
            return [None, args[0]]
    if (
        isinstance(iterable, ast.Call)
        and isinstance(iterable.func, ast.Attribute)
        and iterable.func.attr == "items"
        and not iterable.args
        and width == 2
    ):
        # `for qid, given in answers.items()`: the model's keys (text) and its values
        return [iterable.func.value, iterable.func.value]
    return [None] * width


def _text_of_name(expr: ast.expr) -> bool:
    """`name.strip().lower()`: text methods called on a name, one after another."""
    while (
        isinstance(expr, ast.Call)
        and isinstance(expr.func, ast.Attribute)
        and expr.func.attr in _TEXT_METHODS
    ):
        expr = expr.func.value
    return isinstance(expr, ast.Name)


def _number_text(expr: ast.expr) -> bool:
    """A number, or the digits `str()` writes of one: `int(ch, 36)`, `str(ord(c))`,
    `(total * w / wsum).quantize(CENT)`, `a / b`."""
    if isinstance(expr, ast.Call) and is_name(expr.func, "str") and len(expr.args) == 1:
        expr = expr.args[0]
    if isinstance(expr, ast.BinOp) and isinstance(
        expr.op, (ast.Sub, ast.Div, ast.FloorDiv, ast.Pow)
    ):
        return True
    if isinstance(expr, ast.Call) and isinstance(expr.func, ast.Attribute):
        return expr.func.attr == "quantize"
    return (
        isinstance(expr, ast.Call)
        and isinstance(expr.func, ast.Name)
        and expr.func.id in ("int", "float", "ord", "len", "round", "abs")
    )


def _makes_text(expr: ast.expr) -> bool:
    """A call in the value (not in a conditional's test, nor `len`): what it makes of the
    tested text is another text."""
    tests = {id(sub.test) for sub in ast.walk(expr) if isinstance(sub, ast.IfExp)}
    stack: list[ast.AST] = [expr]
    while stack:
        node = stack.pop()
        if id(node) in tests:
            continue
        if (
            isinstance(node, ast.Call)
            and not is_name(node.func, "len")
            and not (isinstance(node.func, ast.Attribute) and node.func.attr in _SAME_TEXT)
        ):
            return True
        stack.extend(ast.iter_child_nodes(node))
    return False


# Pattern methods whose answer is a match (or matches) of the text they are given.
_MATCHING = frozenset({"match", "fullmatch", "search", "finditer"})
# What reads a match (on None: AttributeError).
_MATCH_READS = frozenset(
    {"group", "groups", "groupdict", "start", "end", "span", "expand", "lastindex", "lastgroup"}
)
# A match's methods that give what its groups matched.
_GROUPS = frozenset({"group", "groups", "groupdict"})
# (what these make of a tested text is that text: a group the pattern matched, its case or
# its outer blanks changed)
_SAME_TEXT = _GROUPS | {"lower", "upper", "casefold", "strip", "lstrip", "rstrip"}


def _all_groups(value: ast.expr) -> bool:
    """`m.groups()`: every group of a match, in order."""
    return (
        isinstance(value, ast.Call)
        and isinstance(value.func, ast.Attribute)
        and value.func.attr == "groups"
        and not value.args
        and not value.keywords
    )


def _group_of(groups: ast.Call, number: int) -> ast.Call:
    """`m.group(number)` standing for an item of `m.groups()`, placed where that call is."""
    func = groups.func
    assert isinstance(func, ast.Attribute)
    made = ast.Call(
        func=ast.copy_location(ast.Attribute(func.value, "group", ast.Load()), func),
        args=[ast.copy_location(ast.Constant(number), groups)],
        keywords=[],
    )
    return ast.copy_location(made, groups)


def _exhausted_choice(node: ast.If) -> str | None:
    """The name an `if`/`elif` chain compares with constants (`x == "a"`, `x in ("b", "c")`)
    when its last `else` leaves (returns, raises): past the chain it is one of them."""
    name: str | None = None
    current: ast.If = node
    while True:
        test = current.test
        if not (
            isinstance(test, ast.Compare)
            and len(test.ops) == 1
            and isinstance(test.left, ast.Name)
            and (
                (isinstance(test.ops[0], ast.Eq) and isinstance(test.comparators[0], ast.Constant))
                or (
                    isinstance(test.ops[0], ast.In)
                    and isinstance(test.comparators[0], (ast.Tuple, ast.List, ast.Set))
                    and all(isinstance(e, ast.Constant) for e in test.comparators[0].elts)
                )
            )
        ):
            return None
        if name is not None and test.left.id != name:
            return None
        name = test.left.id
        rest = current.orelse
        if len(rest) == 1 and isinstance(rest[0], ast.If):
            current = rest[0]
            continue
        if rest and isinstance(rest[-1], (ast.Return, ast.Raise)):
            return name
        return None


def _matched_text(call: ast.Call) -> ast.expr | None:
    """The text `re.match(p, text)` / `PATTERN.search(text)` / `.finditer(text)` reads."""
    func = call.func
    if not isinstance(func, ast.Attribute) or func.attr not in _MATCHING:
        return None
    at = 1 if is_name(func.value, "re") else 0
    return call.args[at] if len(call.args) > at else None


def _a_match(value: ast.expr) -> bool:
    """A match of a pattern (`PATTERN.match(text)`), or one a loop takes of `finditer`."""
    if isinstance(value, _Element):
        value = value.value
    if isinstance(value, ast.BoolOp):
        return all(_a_match(v) for v in value.values)  # (`A.search(s) or B.search(s)`)
    if isinstance(value, ast.IfExp):
        # (`P.fullmatch(s) if s else None`: a match, or nothing to read groups of)
        branches = [b for b in (value.body, value.orelse) if not is_none(b)]
        return bool(branches) and all(_a_match(b) for b in branches)
    return isinstance(value, ast.Call) and _matched_text(value) is not None


def _encoding_arguments(call: ast.Call, local: set[str]) -> list[ast.expr]:
    """What a call takes as the name of an encoding or of an error handler: `encoding=` and
    `errors=`, and the first two arguments of `.encode(...)` / `.decode(...)` of a value (a
    local, or what a call or a subscript gives; `qr.encode(text)` of a module is no codec)."""
    found = [kw.value for kw in call.keywords if kw.arg in ("encoding", "errors")]
    func = call.func
    if (
        isinstance(func, ast.Attribute)
        and func.attr in ("encode", "decode")
        and (
            isinstance(func.value, (ast.Call, ast.Subscript, ast.Constant, ast.JoinedStr))
            or (isinstance(func.value, ast.Name) and func.value.id in local)
        )
    ):
        found.extend(a for a in call.args[:2] if not isinstance(a, ast.Starred))
    return found


def _unsliced(expr: ast.expr) -> ast.expr:
    """`data` of `data[16:24]` (a part of the same bytes)."""
    while isinstance(expr, ast.Subscript) and isinstance(expr.slice, ast.Slice):
        expr = expr.value
    return expr


def _part_of_itself(value: ast.expr | None, name: str) -> bool:
    """`name[:-2]`, `name.strip()`: a slice of the name's own text, or the text trimmed."""
    if isinstance(value, ast.Subscript) and isinstance(value.slice, ast.Slice):
        return is_name(value.value, name)
    return (
        isinstance(value, ast.Call)
        and isinstance(value.func, ast.Attribute)
        and value.func.attr in ("strip", "lstrip", "rstrip", "removesuffix", "removeprefix")
        and is_name(value.func.value, name)
    )


def _converts_itself(value: ast.expr | None, name: str) -> bool:
    """`int(name)`, `name.strip()`: a conversion of the name's own value."""
    if not isinstance(value, ast.Call):
        return False
    func = value.func
    if isinstance(func, ast.Name) and func.id in _CONVERTERS:
        return (
            len(value.args) == 1
            and isinstance(value.args[0], ast.Name)
            and value.args[0].id == name
        )
    return (
        isinstance(func, ast.Attribute)
        and func.attr in _TEXT_METHODS
        and isinstance(func.value, ast.Name)
        and func.value.id == name
    )


_VALIDATING = frozenset({"validate", "valid", "verify", "check", "sanitize", "sanitise"})


# Builtins whose answer says nothing of a value's form (`if len(text) > 100:`).
_NOT_CHECKS = frozenset(
    {
        "isinstance",
        "issubclass",
        "callable",
        "len",
        "str",
        "repr",
        "bool",
        "int",
        "float",
        "type",
        "print",
        "list",
        "dict",
        "tuple",
        "set",
        "sorted",
        "min",
        "max",
        "abs",
        "round",
        "sum",
        "any",
        "all",
        "getattr",
        "hasattr",
        "open",
        "iter",
        "next",
        "enumerate",
        "zip",
        "range",
        "format",
        "id",
        "hash",
    }
)


def _read_before(test: ast.expr, use: ast.Name) -> bool:
    """`test` reads `use`'s name before `use` (`isinstance(v, str) and v.strip()`)."""
    at = (use.lineno, use.col_offset)
    return any(
        isinstance(n, ast.Name) and n.id == use.id and (n.lineno, n.col_offset) < at
        for n in ast.walk(test)
    )


def _first_checks(
    body: list[ast.stmt] | list[ast.expr],
) -> dict[str, list[tuple[tuple[int, int], ast.AST | None, ast.expr | None]]]:
    """For each name, where each test that tells something of it, or each call handed it,
    starts (with the call; None for a test; and an `if`'s, `while`'s or `assert`'s own test),
    first first."""
    first: dict[str, list[tuple[tuple[int, int], ast.AST | None, ast.expr | None]]] = {}

    def note(name: str, node: ast.AST, call: bool = False, test: ast.expr | None = None) -> None:
        at = (getattr(node, "lineno", 0), getattr(node, "col_offset", 0))
        first.setdefault(name, []).append((at, node if call else None, test))

    for sub in walk_shallow(body):
        # (where the test runs first: an `if`'s own test, but the start of a conditional
        # expression or a comprehension, whose tests are written after what they guard)
        at: ast.AST = sub
        if isinstance(sub, (ast.If, ast.While, ast.Assert)):
            tests = [sub.test]
            at = sub.test
        elif isinstance(sub, ast.IfExp):
            tests = [sub.test]
        elif isinstance(sub, COMPREHENSIONS):
            tests = [test for gen in sub.generators for test in gen.ifs]
        elif isinstance(sub, ast.Call):
            for arg in (*sub.args, *(k.value for k in sub.keywords)):
                for read in ast.walk(arg):
                    if isinstance(read, ast.Name):
                        note(read.id, sub, call=True)
            continue
        elif isinstance(sub, (ast.For, ast.AsyncFor)) and isinstance(
            sub.iter, (ast.Tuple, ast.List)
        ):
            # (`for label, value in (("donor", donor), ("centre", centre)): if not
            # isinstance(value, str): return ...`: each name listed is tested there)
            targets = {n.id for n in ast.walk(sub.target) if isinstance(n, ast.Name)}
            if any(
                isinstance(stmt, (ast.If, ast.Assert))
                and targets & {n.id for n in ast.walk(stmt.test) if isinstance(n, ast.Name)}
                for stmt in sub.body
            ):
                for read in ast.walk(sub.iter):
                    if isinstance(read, ast.Name):
                        note(read.id, sub.iter)
            continue
        elif isinstance(sub, ast.Match):
            # (`match x: case int() | float() if math.isfinite(x):` the class pattern tests
            # the subject before the guard reads it)
            subject = [n.id for n in ast.walk(sub.subject) if isinstance(n, ast.Name)]
            for case in sub.cases:
                if any(isinstance(p, ast.MatchClass) for p in ast.walk(case.pattern)):
                    for name in subject:
                        note(name, case.pattern)
            continue
        elif isinstance(sub, ast.MatchClass):
            # (`case {"bay": str(bay)} if bay.strip():` the class pattern tests it first)
            for inner in sub.patterns:
                if isinstance(inner, ast.MatchAs) and inner.name:
                    note(inner.name, sub)
            continue
        elif isinstance(sub, ast.MatchAs) and sub.name and isinstance(sub.pattern, ast.MatchClass):
            note(sub.name, sub)  # (`case str() as bay:`)
            continue
        else:
            continue
        for test in tests:
            blind: set[str] = set()
            telling: set[str] = set()
            _truth_reads(test, blind, telling)
            for told in telling:
                note(told, at, test=test if at is test else None)
    for checks in first.values():
        checks.sort(key=lambda check: check[0])
    return first


def _equality_choices(
    body: list[ast.stmt] | list[ast.expr],
) -> dict[str, list[tuple[tuple[int, int], tuple[int, int]]]]:
    """Names each telling test of which is an `if name == "constant":` (its whole test), with
    the spans of those `if`s' bodies; a name any other test tells of is left out."""
    spans: dict[str, list[tuple[tuple[int, int], tuple[int, int]]]] = {}
    other: set[str] = set()
    for sub in walk_shallow(body):
        if isinstance(sub, (ast.If, ast.While, ast.IfExp, ast.Assert)):
            tests = [sub.test]
        elif isinstance(sub, ast.comprehension):
            tests = list(sub.ifs)
        else:
            continue
        for test in tests:
            if (
                isinstance(sub, ast.If)
                and test is sub.test
                and isinstance(test, ast.Compare)
                and len(test.ops) == 1
                and isinstance(test.ops[0], ast.Eq)
                and isinstance(test.left, ast.Name)
                and isinstance(test.comparators[0], ast.Constant)
                and isinstance(test.comparators[0].value, str)
            ):
                first, last = sub.body[0], sub.body[-1]
                spans.setdefault(test.left.id, []).append(
                    (
                        (first.lineno, first.col_offset),
                        (last.end_lineno or last.lineno, last.end_col_offset or 0),
                    )
                )
                continue
            blind: set[str] = set()
            telling: set[str] = set()
            _truth_reads(test, blind, telling)
            other |= telling
    return {name: found for name, found in spans.items() if name not in other}


def _each_checked(loop: ast.For) -> ast.expr | None:
    """The list a `for` runs a project helper's check over, leaving on the answer for any
    item (`for item in items: if not _valid(item): return ...`, `err = _check(i, item); if
    err: return ...`, `enumerate(items)` too), else None."""
    target, iterated = loop.target, loop.iter
    if (
        isinstance(iterated, ast.Call)
        and is_name(iterated.func, "enumerate")
        and len(iterated.args) == 1
        and isinstance(target, ast.Tuple)
        and len(target.elts) == 2
    ):
        target, iterated = target.elts[1], iterated.args[0]
    if not isinstance(target, ast.Name) or not isinstance(iterated, (ast.Name, ast.Attribute)):
        return None
    item = target.id
    answers: set[str] = set()
    for stmt in loop.body:
        if (
            isinstance(stmt, ast.Assign)
            and len(stmt.targets) == 1
            and isinstance(stmt.targets[0], ast.Name)
            and _asks_about(stmt.value, item)
        ):
            answers.add(stmt.targets[0].id)
        elif isinstance(stmt, ast.If) and ends(stmt.body):
            test = stmt.test
            while isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
                test = test.operand
            if _asks_about(test, item) or any(is_name(test, a) for a in answers):
                return iterated
    return None


def _all_asked_of(test: ast.expr) -> list[ast.expr]:
    """The lists a test turning away `not all(...)` asks a helper (or `isinstance`) about
    each item of: `not all(ok(x) for x in xs)`, `not all(map(ok, xs))`, also as a part of an
    `or` (`not isinstance(xs, list) or not all(...)`)."""
    parts = test.values if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.Or) else [test]
    found: list[ast.expr] = []
    for part in parts:
        if not (isinstance(part, ast.UnaryOp) and isinstance(part.op, ast.Not)):
            continue
        call = part.operand
        if not (
            isinstance(call, ast.Call)
            and is_name(call.func, "all")
            and len(call.args) == 1
            and not call.keywords
        ):
            continue
        inner = call.args[0]
        if (
            isinstance(inner, ast.Call)
            and is_name(inner.func, "map")
            and len(inner.args) == 2
            and isinstance(inner.args[0], ast.Name)
            and _asks_a_helper(inner.args[0])
        ):
            found.append(inner.args[1])
        elif (
            isinstance(inner, ast.GeneratorExp)
            and len(inner.generators) == 1
            and not inner.generators[0].ifs
            and isinstance(inner.generators[0].target, ast.Name)
            and _each_asked(inner.elt, inner.generators[0].target.id)
        ):
            found.append(inner.generators[0].iter)
    return found


def _each_asked(elt: ast.expr, item: str) -> bool:
    """What `all(...)` asks of each item: a helper or `isinstance` given it, its membership of
    a table (`m in METRICS`), or an `and` of parts one of which is such a test."""
    if isinstance(elt, ast.BoolOp) and isinstance(elt.op, ast.And):
        return any(_each_asked(part, item) for part in elt.values)
    if isinstance(elt, ast.Compare):
        return len(elt.ops) == 1 and isinstance(elt.ops[0], ast.In) and is_name(elt.left, item)
    return (
        isinstance(elt, ast.Call)
        and (_asks_a_helper(elt.func) or is_name(elt.func, "isinstance"))
        and any(is_name(a, item) for a in elt.args)
    )


def _asks_about(expr: ast.expr, item: str) -> bool:
    return (
        isinstance(expr, ast.Call)
        and _asks_a_helper(expr.func)
        and any(is_name(a, item) for a in expr.args)
    )


def _verdict_calls(test: ast.expr) -> list[ast.Call]:
    """The calls whose answer `test` reads as a yes or no (`ok(x)`, `not ok(x)`, `ok(x) and
    y`), not a value it compares."""
    found: list[ast.Call] = []
    parts = [test]
    while parts:
        part = parts.pop()
        if isinstance(part, ast.Call):
            found.append(part)
        elif isinstance(part, ast.UnaryOp) and isinstance(part.op, ast.Not):
            parts.append(part.operand)
        elif isinstance(part, ast.BoolOp):
            parts.extend(part.values)
    return found


def match_captures(stmt: ast.Match) -> list[tuple[str, ast.expr, bool]]:
    """The names a `match` binds to a part of its subject, each with that part as an
    expression and whether a class pattern tested its type: `day` of `case {"date":
    str(day)}` is `subject["date"]` (typed), `x` of `case x` the subject itself. Other captures
    (sequence items, attributes) are not given."""
    found: list[tuple[str, ast.expr, bool]] = []

    def visit(pattern: ast.pattern, value: ast.expr, typed: bool = False) -> None:
        if isinstance(pattern, ast.MatchAs):
            if pattern.name:
                found.append((pattern.name, value, typed or pattern.pattern is not None))
            if pattern.pattern is not None:
                visit(pattern.pattern, value)
        elif isinstance(pattern, ast.MatchOr):
            for option in pattern.patterns:
                visit(option, value)
        elif (
            isinstance(pattern, ast.MatchClass)
            and len(pattern.patterns) == 1
            and not pattern.kwd_patterns
            and isinstance(pattern.cls, ast.Name)
            and pattern.cls.id in _SELF_MATCHING
        ):
            visit(pattern.patterns[0], value, True)  # (`str(x)` matches the value itself)
        elif isinstance(pattern, ast.MatchMapping):
            for key, inner in zip(pattern.keys, pattern.patterns):
                if isinstance(key, ast.Constant) and isinstance(key.value, (str, int)):
                    item = ast.Subscript(value=value, slice=key, ctx=ast.Load())
                    visit(inner, ast.copy_location(item, inner))

    for case in stmt.cases:
        visit(case.pattern, stmt.subject)
    return found


# Builtin classes whose one positional pattern matches the value itself (`case str(x):`).
_SELF_MATCHING = frozenset(
    {"str", "int", "float", "bool", "bytes", "list", "tuple", "dict", "set", "frozenset"}
)


def _number_patterns(stmt: ast.Match) -> bool:
    """Every case of the `match` that binds nothing of the subject as text either tests it
    with a class pattern of a number (`case int() | float():`) or refuses it: each case body
    that reads the subject has it as a number, a bool or None."""
    seen = False
    for case in stmt.cases:
        classes = [p for p in ast.walk(case.pattern) if isinstance(p, ast.MatchClass)]
        if not classes:
            if _ends_the_def(case.body):
                continue
            return False
        for pattern in classes:
            if not (
                isinstance(pattern.cls, ast.Name) and pattern.cls.id in ("int", "float", "bool")
            ):
                return False
        seen = True
    return seen


def _number_captures(stmt: ast.Match) -> set[str]:
    """The names a case binds to a value its class patterns make a number (`case int() |
    float() as x`, `case float(x)`): a conversion of them never meets text."""
    found: set[str] = set()

    def numbers(pattern: ast.pattern) -> bool:
        if isinstance(pattern, ast.MatchOr):
            return all(numbers(option) for option in pattern.patterns)
        if isinstance(pattern, ast.MatchAs) and pattern.pattern is not None:
            return numbers(pattern.pattern)
        return (
            isinstance(pattern, ast.MatchClass)
            and isinstance(pattern.cls, ast.Name)
            and pattern.cls.id in ("int", "float", "bool")
        )

    for case in stmt.cases:
        for sub in ast.walk(case.pattern):
            if isinstance(sub, ast.MatchAs) and sub.name and sub.pattern is not None:
                if numbers(sub.pattern):
                    found.add(sub.name)
            elif (
                isinstance(sub, ast.MatchClass)
                and numbers(sub)
                and len(sub.patterns) == 1
                and isinstance(sub.patterns[0], ast.MatchAs)
                and sub.patterns[0].name
            ):
                found.add(sub.patterns[0].name)  # (`case float(x):` matches the value itself)
    return found


def _ends_the_def(body: list[ast.stmt]) -> bool:
    """The block only returns a constant (`return None`) or raises."""
    return len(body) == 1 and (
        isinstance(body[0], ast.Raise)
        or (
            isinstance(body[0], ast.Return)
            and (body[0].value is None or isinstance(body[0].value, ast.Constant))
        )
    )


def _class_patterns(stmt: ast.Match) -> bool:
    """A case of the `match` tests the subject's class (`case str():`, `case list() as v:`)."""
    for case in stmt.cases:
        for pattern in ast.walk(case.pattern):
            if isinstance(pattern, ast.MatchClass):
                return True
    return False


def _turns_away_flags(stmt: ast.If) -> bool:
    """`if isinstance(v, bool): raise/return ...`: a test that turns away a flag (or None)
    and nothing else, whatever else `v` is going on."""
    test = stmt.test
    if not (
        isinstance(test, ast.Call)
        and is_name(test.func, "isinstance")
        and len(test.args) == 2
        and stmt.body
        and isinstance(stmt.body[-1], (ast.Raise, ast.Return, ast.Continue))
    ):
        return False
    kinds = test.args[1]
    names = kinds.elts if isinstance(kinds, ast.Tuple) else [kinds]
    return all(
        is_name(n, "bool") or (isinstance(n, ast.Call) and is_name(n.func, "type")) for n in names
    )


def _asks_a_helper(func: ast.expr) -> bool:
    """A call of the project's own helper (`_kind(unit)`, `self._known(code)`), not a builtin
    or a library method, nor a class (`Tune(index=...)` makes an object, never None: a test
    of the name it is bound to is of its other values)."""
    if isinstance(func, ast.Name):
        return func.id not in _NOT_CHECKS and not func.id[:1].isupper()
    return isinstance(func, ast.Attribute) and is_name(func.value, "self")


def _validates(name: str) -> bool:
    """A helper named for checking what it is given (`_validate_command`, `is_valid_date`,
    `check_path`, `validateInput`), not `check_output` / `check_call`."""
    words = name_words(name)
    return (
        bool(words)
        and name not in ("check_output", "check_call")
        and (any(w in _VALIDATING for w in words) or words[:2] == ["is", "valid"])
    )


def _predicate(name: str) -> bool:
    """A helper named as a question about what it is given: `is_zipfile`, `isNumeric`,
    `IsNumeric` (not `isdigit`, one word)."""
    words = name_words(name)
    return len(words) > 1 and words[0] == "is"


_WORD = re.compile(r"[A-Z]?[a-z0-9]+|[A-Z]+(?![a-z])")


def name_words(name: str) -> list[str]:
    """The words of a snake_case, camelCase or PascalCase name, lower-cased."""
    return [w.lower() for part in name.split("_") for w in _WORD.findall(part)]


_SPLITS = frozenset({"split", "splitlines", "rsplit"})


def _text_items(value: ast.expr) -> bool:
    """A list of text made from text: `text.splitlines()`, `[p.strip() for p in
    text.split(",")]`."""
    if isinstance(value, (ast.ListComp, ast.GeneratorExp)) and len(value.generators) == 1:
        value = value.generators[0].iter
    return (
        isinstance(value, ast.Call)
        and isinstance(value.func, ast.Attribute)
        and value.func.attr in _SPLITS
    )


def _same_items(expr: ast.expr) -> ast.expr:
    """The list whose items `expr` iterates: `paths[:MAX]`, `reversed(paths)`, `list(paths)`
    hold items of `paths`."""
    while True:
        if isinstance(expr, ast.Subscript) and isinstance(expr.slice, ast.Slice):
            expr = expr.value
        elif (
            isinstance(expr, ast.Call)
            and isinstance(expr.func, ast.Name)
            and expr.func.id in ("reversed", "list", "tuple")
            and len(expr.args) == 1
            and not expr.keywords
        ):
            expr = expr.args[0]
        else:
            return expr


def _set_difference(node: ast.AST) -> ast.expr | None:
    """`X` of `set(X) - set(T)`, `set(X) - T.keys()`, `set(X).difference(T)`: what the
    difference tests item by item against a table; else None."""
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Sub):
        made, table = node.left, node.right
    elif (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "difference"
        and len(node.args) == 1
    ):
        made, table = node.func.value, node.args[0]
    else:
        return None
    if not (
        isinstance(made, ast.Call)
        and isinstance(made.func, ast.Name)
        and made.func.id in ("set", "frozenset")
        and len(made.args) == 1
        and not made.keywords
    ):
        return None
    if isinstance(table, ast.Call) and not table.keywords:
        if isinstance(table.func, ast.Name) and table.func.id in ("set", "frozenset"):
            table = table.args[0] if len(table.args) == 1 else table
        elif isinstance(table.func, ast.Attribute) and table.func.attr == "keys" and not table.args:
            table = table.func.value
    written = isinstance(table, ast.Constant) and isinstance(table.value, str)
    written = written or (
        isinstance(table, (ast.Set, ast.List, ast.Tuple))
        and all(isinstance(e, ast.Constant) for e in table.elts)
    )
    if not written and not isinstance(table, (ast.Name, ast.Attribute)):
        return None  # (a table the code names or writes out: not `set(a) - set(b)` of two inputs)
    return made.args[0]


def _tested_through_rows(body: list[ast.expr] | list[ast.stmt]) -> set[str]:
    """Names a comprehension's filter tests through the rows it goes over: `bad = [x for x, v
    in ((a, va), (b, vb)) if v is None]` looks at `va` and `vb`."""
    found: set[str] = set()
    for sub in walk_shallow(body):
        if not isinstance(sub, (ast.ListComp, ast.SetComp, ast.GeneratorExp, ast.DictComp)):
            continue
        for gen in sub.generators:
            if not gen.ifs or not isinstance(gen.iter, (ast.Tuple, ast.List)):
                continue
            tested = {n.id for test in gen.ifs for n in ast.walk(test) if isinstance(n, ast.Name)}
            for row in gen.iter.elts:
                found.update(_paired_names(gen.target, row, tested))
    return found


def _paired_names(target: ast.expr, row: ast.expr, tested: set[str]) -> set[str]:
    """The names of `row` that go to the names of `target` in `tested`."""
    if isinstance(target, ast.Name):
        return {row.id} if isinstance(row, ast.Name) and target.id in tested else set()
    if (
        isinstance(target, ast.Tuple)
        and isinstance(row, ast.Tuple)
        and len(target.elts) == len(row.elts)
    ):
        out: set[str] = set()
        for part, value in zip(target.elts, row.elts):
            out |= _paired_names(part, value, tested)
        return out
    return set()


def the_arguments(expr: ast.expr, param: str, empty: bool = False) -> bool:
    """`expr` is the handler's argument dict `param` as it came, or a copy of it: `args`,
    `args or {}`, `dict(args)`, `args.copy()`, `{**args}`, `dict(args or {})`, `args if
    isinstance(args, dict) else {}`; `empty`: an empty dict counts too (`args = {}` under
    `if args is None:`)."""
    if is_name(expr, param):
        return True
    if empty and isinstance(expr, ast.Dict) and not expr.keys:
        return True
    if isinstance(expr, ast.BoolOp) and isinstance(expr.op, ast.Or):
        return is_name(expr.values[0], param)
    if isinstance(expr, ast.IfExp):
        arms = (expr.body, expr.orelse)
        return any(is_name(a, param) for a in arms) and all(
            the_arguments(a, param, empty=True) for a in arms
        )
    if isinstance(expr, ast.Call) and len(expr.args) == 1 and not expr.keywords:
        return is_name(expr.func, "dict") and the_arguments(expr.args[0], param)
    if isinstance(expr, ast.Call) and not expr.args and isinstance(expr.func, ast.Attribute):
        return expr.func.attr == "copy" and is_name(expr.func.value, param)
    if isinstance(expr, ast.Dict) and len(expr.keys) == 1 and expr.keys[0] is None:
        return is_name(expr.values[0], param)
    return False


def _fixed_place(expr: ast.expr) -> bool:
    """A name, or an attribute or constant-keyed item of one (`store["playlists"]`)."""
    while isinstance(expr, (ast.Attribute, ast.Subscript)):
        if isinstance(expr, ast.Subscript) and not isinstance(expr.slice, ast.Constant):
            return False
        expr = expr.value
    return isinstance(expr, ast.Name)


def _truth_reads(test: ast.expr, blind: set[str], telling: set[str]) -> None:
    """Sort the names `test` reads: `blind` where it asks only their truth or whether they are
    None, `telling` where it asks anything else of them."""
    if isinstance(test, ast.Name):
        blind.add(test.id)
    elif isinstance(test, ast.UnaryOp) and isinstance(test.op, ast.Not):
        _truth_reads(test.operand, blind, telling)
    elif isinstance(test, ast.BoolOp):
        for value in test.values:
            _truth_reads(value, blind, telling)
    elif (
        isinstance(test, ast.Compare)
        and len(test.ops) == 1
        and isinstance(test.ops[0], (ast.Is, ast.IsNot))
        and isinstance(test.left, ast.Name)
        and is_none(test.comparators[0])
    ):
        blind.add(test.left.id)
    elif (
        isinstance(test, ast.Compare)
        and len(test.ops) == 1
        and isinstance(test.ops[0], (ast.Eq, ast.NotEq))
        and isinstance(test.left, ast.Name)
        and isinstance(test.comparators[0], ast.Constant)
        and test.comparators[0].value == ""
    ):
        blind.add(test.left.id)  # (`if tower == "":` a number is not "" either)
    else:
        telling.update(n.id for n in ast.walk(test) if isinstance(n, ast.Name))


# What a check of a value's type or form raises (a project's own error classes too); not what
# a file, a connection or a library's client raises.
_CHECK_ERRORS = frozenset(
    {"Exception", "BaseException", "TypeError", "AttributeError", "ValueError"}
)


def _may_catch_a_check(caught: ast.expr | None) -> bool:
    """An `except` that may take what a helper checking the model's value raises: bare, a
    catch-all, TypeError/AttributeError/ValueError, or a class of the project's own (a name
    that is no builtin exception: `except ArgError`)."""
    if caught is None:
        return True
    kinds = caught.elts if isinstance(caught, ast.Tuple) else [caught]
    return any(
        isinstance(kind, ast.Name) and (kind.id in _CHECK_ERRORS or kind.id not in _BUILTIN_NAMES)
        for kind in kinds
    )


# Types no JSON value the model sends is: a test for one of them turns none of its values away.
_NOT_FROM_JSON = frozenset(
    {"bytes", "bytearray", "memoryview", "Path", "PurePath", "PosixPath", "datetime", "date",
     "Decimal", "Fraction", "Enum", "set", "frozenset", "tuple"}
)  # fmt: skip


def _no_json_type(test: ast.Call) -> bool:
    """`isinstance(d, bytes)` (`(bytes, bytearray)`): a test for types JSON never gives."""
    if len(test.args) != 2 or not isinstance(test.func, ast.Name) or test.func.id != "isinstance":
        return False
    kinds = test.args[1]
    names = kinds.elts if isinstance(kinds, ast.Tuple) else [kinds]
    return bool(names) and all(
        (last_name(n) if isinstance(n, (ast.Name, ast.Attribute)) else None) in _NOT_FROM_JSON
        for n in names
    )
