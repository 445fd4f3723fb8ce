"""## What it does
Reports an exception that can escape a tool handler (or the function a handler lambda or
`functools.partial` forwards to): a `raise` or `assert` in the handler that no enclosing `try`
catches, and a call whose callee can raise an exception that no `except` around the call
catches. The finding sits at the handler's line that lets it out (the `raise`, or the call),
one finding per place: every exception one call lets out is named in it (`` `_make_client()` can
raise AuthError or ValueError (plugins/foo/client.py:52, via Client.__init__ -> Client._resolve;
2 more paths), uncaught ``), with the first chain of calls down to its `raise` in the text (the
text format shortens a long line to 199 characters: the middle of the chain, the cure, then the
chain go first). `--format json` gives every chain (`chains`; `chain` is the first) and SARIF
gives them as related locations and one code flow per chain.

The handler's own reads of the model's arguments count too (a handler lambda's as well, and in
the def a lambda forwards to, its parameters the lambda fills with `args.get("k")` or
`args["k"]`) (Hermes passes them as the model
sent them: numbers written as strings are coerced by the schema, nothing else is checked):
`args["k"]` raises KeyError when the model leaves `k` out, unless the handler tests `"k" in
args`, reads `args.get("k")` or hands `args` and `"k"` to a check (`require(args, "k")`);
`int(...)` / `float(...)` of an argument (`args.get(...)`, `args.get(...) or 3`, `str()` or
`.strip()` of one, or a local bound only to such values) raises ValueError for text that is not
a number, unless the value is tested first: `isinstance` with a type other than `str`,
`.isdigit()`, or a helper named for checking it (`problem = _validate_times(times)`,
`is_valid_date(d)`, `check_path(p)`), whose answer tested (`rgb = to_rgb(text); if rgb is
None: return ...`) holds after the call, not in it: the helper itself still runs on the
unchecked text; a helper that returns only for entries of its tables and raises past its
tests (`category_of(unit)`) makes its argument one of them; `json.loads(...)`
of an argument raises ValueError (JSONDecodeError) for text that is not JSON; the standard
library's parsers of an argument raise on text they cannot read: `datetime.strptime` and
`fromisoformat` (ValueError), `uuid.UUID`, `ipaddress.ip_address`, `shlex.split` (unbalanced
quotes), `re.compile`/`re.search`/`re.sub`... of the model's pattern (re.error),
`base64.b64decode` (binascii.Error), `decimal.Decimal` (unless a pattern's `.match()` /
`.fullmatch()` of the text tests it first); `a, b =
text.split(".", 1)` of an argument raises ValueError when the separator is missing (unless the
code tests `"." in text` first); a file operation on a
path the model names (`open(...)`, a `Path`'s `read_text()`, `write_text()`, `mkdir()`...,
`os.remove(...)`, `shutil.copy(...)`, `tarfile.open(...)`, `zipfile.ZipFile(...)`,
`wave.open(...)`, also through `Path(...)`, `/`, `.expanduser()`, or a helper of the root that
hands the text back made a path without testing it, `_resolve(args.get("path"))`, also as an
item of the tuple it gives, `path, err = _resolve(raw)`) raises
FileNotFoundError when nothing is there or the folder does not exist, unless the path is tested
first (`p.exists()`, `os.path.isfile(p)`); it raises IsADirectoryError when the model names a
folder (unless `isfile()`/`is_dir()` says what it is: `exists()` does not, nor does an `except
FileNotFoundError`), `p.read_text()` raises UnicodeDecodeError for a file that is not text
(unless `errors=` says what to do), and a reader of a format raises its own error for a file of
another (`zipfile.BadZipFile`, `tarfile.ReadError`, `wave.Error`, `PIL.UnidentifiedImageError`;
unless `zipfile.is_zipfile(p)`-like tests say what it is; `tarfile.is_tarfile(p)` opens the file
itself, so it raises FileNotFoundError for a path that is not there). The size of what the
model sends: `text.split(":")[1]` raises IndexError when the text has no ":" (`[0]` and `[-1]`
never do), `text.split()[0]` when it is blank, `items[0]` of the model's list when it is empty,
`next(s for s in stops if s.id == wanted)` of the model's value without a default
StopIteration (RuntimeError in a coroutine), the first of what such a search found
(`difflib.get_close_matches(query, names)[0]`, `re.findall(p, text)[0]`, a filtered
comprehension's `[0]`) IndexError unless the matches are looked at first, `max(items)`/`min(items)` without `default=` ValueError, `statistics.mean(items)` (and `median`,
`stdev`...) StatisticsError, `random.choice(items)` IndexError, `total / len(items)` (also `/ n`
after `n = len(items)`, of `sorted(items)`) and `x / args["n"]` ZeroDivisionError (of the
model's list as it came or as `enumerate`, `filter`, `map`, a comprehension and `tuple()` left
it), `random.sample(items, n)`, `itertools.islice(it, n)`, `deque(maxlen=n)` and `time.sleep(n)`
of the model's number ValueError when it is negative (a type test does not bound it; `n =
max(1, n)` does); unless the code looks at the size first (`if not items`,
`len(parts) < 2`, `":" in text`, a value's `or` default). A test that ends the function when
it passes (`if PAT.match(name): return ...`, `if code in SPECIAL: return ...`, no `else`) checks
the value only inside its block: after it the value is unchecked. More of the model's text read by a
parser: `tomllib.loads`, `yaml.safe_load` (yaml.YAMLError), `ElementTree.fromstring`
(ParseError), `hashlib.new(name)`, `ZoneInfo(name)`, `git.Repo(path)`, a host name looked up
(`socket.getaddrinfo`, `gethostbyname`: UnicodeError for an empty or overlong label), an `encoding=` the model
names (LookupError), a URL without a scheme given to `urlopen` (ValueError) or, when only the
connection failure is caught, to a `requests`/`httpx`/`aiohttp` request (MissingSchema,
UnsupportedProtocol, InvalidURL), a `cwd=` of a subprocess (FileNotFoundError). Each element
of a list the model sends (`for p in args.get("paths")`, a comprehension's, also through
`dict.fromkeys(...)`, `sorted(...)`, `set(...)`) is the model's, and
a template filled with the model's values (`Template(...).substitute(values)`,
`format(**values)`, `format_map(values)`) raises KeyError for a name they lack (not
`safe_substitute`), and a template the model sends (or a file it names holds) raises
ValueError in `substitute` for a `$` that starts no name. An object the model sends (an
item of its list, also handed to a helper) read by key (`line["qty"]`) raises KeyError when the
model leaves the key out, unless the code asks (`"qty" in line`, `line.get("qty")`); a row
fetched for the model's value (`conn.execute("SELECT ... WHERE sku = ?", (sku,)).fetchone()`)
is None when nothing matches, so `row[0]` raises TypeError unless `row` is tested (an
aggregate, `COUNT(*)`, always gives a row); `struct.unpack(fmt, data[16:24])` of what a file
the model names holds raises struct.error when the file is shorter; each row or line of such
a file (`for row in csv.reader(fh)`, `for line in fh`) is what it holds, and a date
(`strptime`, `fromisoformat`), a `Decimal` or a number (`float(row["kg"])`) read from it raises
when it does not parse; text bound to the model's on one path and to a file's it names on
another (`if path: text = p.read_text()`) is the model's either way. An argument the tool's schema declares a number
(`integer`, `number`) without a `maximum` and a `minimum` is the model's number, as `int()` of
its text is. A table looked up by the model's text (`ACTIONS[action]`,
`RATES[code]`, `Color[name]`, a table of the tool's own store, `self._data["tickets"][tid]`)
raises KeyError when the model names an entry it does not hold,
unless the text is tested first (`action in ACTIONS`, each value of `for code in (src, dst): if
code not in RATES: return ...`, or a helper's answer about it, read as a yes or no where it ends the function: `if
_kind(unit) is None: return ...`; a value a helper gives back compared, `if order < 0:`, says
nothing of what it was given). The model's arguments spread into a callable (`Query(**args)`, `lookup(**args)`)
raise TypeError when the model leaves out a parameter it requires, and a pydantic model
(`Model(**args)`, `Model.model_validate(args)`) raises pydantic.ValidationError when a field is
left out or of another form; a dataclass or a plain class keeps the values as they came, so
`re.compile(q.text)` of one counts. The model's number has no upper bound: `int(x)` of it (or
one tested to be an int, or a parameter a caller hands one to, `book_id: int`) bound into a
sqlite statement raises OverflowError past 2**63 - 1, `timedelta(...)` and
`datetime.fromtimestamp(...)` of it OverflowError, `date(y, m, d)` (`datetime`, `time`,
`date.fromisocalendar`) ValueError, as for digits a pattern picks out of its text
(`int(m.group(2))`: what a pattern matched is the model's text, of the form it tested, so
`int()` of a group and a length are not reported; a table looked up by a group is, when the
pattern lets the group be open text, `(\\w+)`, or one of a few strings the table lacks, `[A-Za-z]`
against seven notes); unless it is compared with a bound other than 0 or 1 first (a
comprehension's filter is no bound: `next(p for kg, p in BANDS if w <= kg)` is a search that
can find nothing). `x % n` of the model's
number raises ZeroDivisionError (also `x / n` of the number a helper hands back, `n =
_num(args, "bpm")`, also one that converts the text in place, `value = float(value)`, and
`int()` of a part of the model's text, `"4/0".split("/")`, also as an item of the tuple a
helper returns, and `x / sum(weights.values())` of numbers the model sends, which may add
up to 0; a divisor made by arithmetic of the model's numbers that some of them make 0, found
by trying a few values of each, whatever the other values in it hold: `1 - (1 + r) ** -n` for
a rate of 0, `end - start` for the same number twice, `base * (1 + lift) - base` for a lift of
0; the model's number handed to a helper, or kept in a dataclass's field the helper divides by;
a test that treats 0 as every positive number, `x < 0` or `math.isfinite(x)`, checks nothing
of it), `Fraction(text)` ZeroDivisionError for "1/0" (past `except
ValueError`); a date of the model's moved to another month with `d.replace(month=...)`, its
day kept, ValueError from the 29th on (not when the day is set, `day=1`, or `strptime` read
none); a datetime read from the model's text by `fromisoformat` (naive or aware as the model
writes it) compared with or subtracted from another datetime, TypeError (unless the code looks
at its `.tzinfo` or gives it a zone); csv's `delimiter=` (`quotechar`, `escapechar`) of its text
TypeError unless its length is looked at; a search of a document the model names (`ET.parse(
path)`, `ET.fromstring(text)`, `BeautifulSoup(html)` of its text or of what a file or an
address it names holds) read without a test for None, `root.find("name").text` (also of a
name bound to it, in a loop over its elements, in a helper handed one), AttributeError when
the document lacks that element. What a caller's exit tests said before a call holds
in the callee for the value it hands on (`if not values: return` leaves a helper's own `if not
xs: raise` unreachable, as `if cycle not in CYCLES: return` does a chain of `if cycle == ...`
(or `elif`) that handles each member, and so does a helper that returns its default or a value
it tested against the table it was handed (`unit = pick(args, "unit", UNITS, "km")`), and `if not s.startswith("978"): return` the same test); a helper
that only tests how the text starts (`startswith`, an unanchored `re.match`) checks nothing
after that, and a loop's `continue` guards nothing made before the loop. A key is checked, too, by a helper handed the
arguments that reads it with `.get()` and raises (`key = _key(args)` raising BadKey when it
is missing): `args["key"]` after it returned is not reported. A helper's `*args` and
`**kwargs` are what each call gives (`args[0]` of `jsonify(body)` is `body`; `if args and
kwargs: raise` is decided by the call). A decorator whose wrapper turns the call away when a
key it is given is missing (`@require_fields("to", "body")`: `missing = [n for n in names if
args.get(n) is None]`) makes sure of those keys for the def it wraps.

A value of another type than the code expects (Hermes coerces numbers and booleans written as
strings to the schema's type and wraps a bare value in a list where the schema says `array`;
nothing else): a str method of an argument as it came (`(args.get("q") or "").strip()`)
raises AttributeError on a number or a list; `int()`/`float()` of one TypeError on a list or
null (said where an `except` takes only the ValueError); the first loop over one (a `for`, a
comprehension) TypeError on a number, unless the schema declares it an array; a dict or a set
the code writes out, looked up by one (`ACTIONS[action]`, `.get(action)`, `action in
ACTIONS`; a part of a stored record, `store["playlists"].get(v)`), TypeError on a list or an
object (unhashable), which `except KeyError` misses; a path made of one
(`os.path.expanduser(v)`, `os.path.join(base, v)`, `Path(v)`) TypeError on a number or a
list; an order comparison of one with a number the code makes (`hours_left < warn`) TypeError
on text or null, and so does arithmetic with one (`weight / 2`, `total - paid`, `qty + 1`; not
`text * 3`, which repeats it); a compiled pattern's `match`/`findall`/`sub` (and `re`'s) of one
TypeError on a number or a list; so does each item of a list the schema declares (Hermes checks no item's
type). Also
where a lambda or the handler hands the value as it came to a project def (which
meets it as it came, also when called in a `try`). A test of its truth or of None (`if not q:
return ...`) says nothing of its type. Not when the value is tested for its type
(`isinstance`, also each name of a tuple a loop tests), made text (`str(...)`), or handed
first to a project helper in a `try` whose `except` may take what a check raises (ValueError,
TypeError, a catch-all, the project's own error class; for what comes after that call),
or to one whose problem answer is tested. Also followed: a match of the model's text read with
no test (`PAT.match(text).group(1)`, `m.groupdict()`) raises AttributeError when the known
pattern can fail on some text; `day, year = m.groups()` are its groups; a list the model's
value filters (`[h for h in hits if h.path.startswith(prefix)]`) may be empty (its items, a
rank in it, `max()`); a project def that answers None for some of the model's values (`return
None` in an `except` or under a test), its answer read with no test (AttributeError,
TypeError on a subscript); a path tested only to exist (in a loop over a tuple of them too)
opened by a helper (IsADirectoryError: a folder exists too); a helper's raise on what is not
in a constant table is passed when the caller turned the same table's non-members away.

Calls of the common network clients raise when they cannot connect (the host is down, the name
does not resolve, the network is out), which for a tool is an ordinary day: `requests.get/post/
...` and a `requests.Session()`'s methods (requests.ConnectionError), `httpx.get/...` and an
`httpx.Client()` or `httpx.AsyncClient()`'s methods (httpx.ConnectError), an
`aiohttp.ClientSession()`'s methods (aiohttp.ClientConnectorError), `urllib.request.urlopen`
(urllib.error.URLError) and `socket.create_connection` (OSError). A response's
`raise_for_status()` raises on an error status (requests.HTTPError, httpx.HTTPStatusError,
aiohttp.ClientResponseError), which `except requests.ConnectionError` does not catch. So do the subprocess calls
that check the command's status when the command fails: `subprocess.check_call`,
`check_output`, and `subprocess.run(..., check=True)` (subprocess.CalledProcessError). Also known:
`psycopg2.connect` / `psycopg.connect` (OperationalError when the server is down), and every
method of a `boto3.client(...)` (botocore's EndpointConnectionError; not those that work
locally: `generate_presigned_url`, `get_paginator`...) or a `redis.Redis(...)`
(redis.ConnectionError), with those drivers' exception classes by their bases. A parameter
annotated with a client's class (`client: httpx.AsyncClient`) is such a client. A request object
built by a known HTTP library and handed to a `send`/`request`/`execute` method of a client of
any type is sent over the network too: `session.send(requests.Request(...).prepare())`,
`client.send(httpx.Request(...))`, and the Lark SDK's `client.request(BaseRequest.builder()
....build())` (lark-oapi sends with requests: requests.ConnectionError). `await
asyncio.wait_for(aw, timeout)` raises TimeoutError when the timeout passes (not with
`timeout=None`). Mail and file-transfer clients connect when they are made with a host
(`imaplib.IMAP4_SSL(host)`, `smtplib.SMTP(...)`, `poplib`, `ftplib`: ConnectionRefusedError), as
does `docker.from_env()` (DockerException; the Docker client's resources' methods too), an
OpenAI-compatible client's requests (`client.chat.completions.create(...)`: openai.
APIConnectionError) and `paramiko.SSHClient().connect(...)` (NoValidConnectionsError, an
OSError). A def behind tenacity's `@retry(...)` raises `tenacity.RetryError` when it gives up
(with `reraise=True`, what the def raised). The client may be a local, a
module global, `self.session` set in `__init__`, or a `with ... as client` target. Those
libraries' exception classes are matched with their real bases: `except
requests.RequestException`, `except httpx.HTTPError`, `except aiohttp.ClientError` or `except
OSError` (for requests, aiohttp and urllib) catch it; `except requests.Timeout`, `except
httpx.HTTPStatusError` or `except urllib.error.HTTPError` alone do not.

Exceptions are matched with the real class hierarchy: builtins and the standard library's
classes by Python's own MRO (`FileNotFoundError` is an `OSError`; `except sqlite3.Error` or
`except subprocess.CalledProcessError` catch their own module's errors and nothing else), the
project's classes by their bases as written, across modules. A bare `raise` in an `except` block re-raises what it caught, and a raise in an `except`
block escapes unless an outer `try` catches it; `try`/`finally` without `except` catches nothing.
A catch-all block (`except Exception: log(...); raise`) re-raises only what its `try` is known to
raise: in a called function always, in the handler itself when every call in the `try` is
followed (a wrapper that logs and re-raises around a function that catches its own errors lets
nothing out).

## What is followed
Calls are followed statically (project code is never imported or run) within the root: into
functions (module-level, nested, imported from any module under the root, relative imports
too, `module.function`), classes (`Cls()` runs `__init__` and `__post_init__`, own or
inherited), and methods: `self.m()`, `cls.m()`, `Cls.m()`, `super().m()`, and `obj.m()` when
`obj`'s class is known from a local `obj = Cls(...)`, a module-level instance, `self.x = value`
(a parameter of `__init__` takes what the class's constructions in its folder give it:
`Handlers(Service.from_env())`, `cls(boto3.client("s3"))`, or the parameter's default when a
construction leaves it: `def __init__(self, client_factory=shared_client)`), a `@property` (what
its getter returns), a parameter or class attribute annotation (also `Optional[Cls]`, `Cls | None`, `"Cls"`) or a function's return
annotation. Reading a `@property` of such an object (`game.average`) runs its getter, so what
the getter raises is reported there (a division by the size of a field the class starts empty,
`field(default_factory=list)`, raises ZeroDivisionError unless the getter looks at it first).
`await asyncio.to_thread(fn, ...)` and `await loop.run_in_executor(None, fn, ...)`
run `fn(...)`; the body of a `@contextmanager` (or `@asynccontextmanager`) generator runs, and
raises, at the `with` that enters it; the coroutines given to an awaited `asyncio.wait_for`, `asyncio.shield`,
`asyncio.create_task` or `asyncio.gather` (without `return_exceptions`) raise at that `await`. A call of an abstract method (`@abstractmethod`, or a body that only raises
`NotImplementedError`) reaches what every subclass under the root puts in its place (the
subclasses are looked for in the folder of the abstract class and the folders under it): the
backend the code picks at run time may be any of them. A `functools.singledispatch` function runs
the implementation registered for its argument's type (`@fn.register`, `@fn.register(int)`):
the one for the type the code makes evident (a constant, `str(...)`, a `case str(x):`
capture), else every one, and its own body only for a type nothing is registered for (None
from `args.get("k")`); inside an implementation the argument has its type. A test of a value's
class holds along the path it leads: past `if result.is_err(): return ...` (a method or
`@property` each class answers with a constant, a plain class constant, or `isinstance`),
`result.unwrap()` runs only the methods of the classes left (Result/Option wrappers, sealed
hierarchies); a name bound again forgets it. A lambda's parameter whose default is a loop's
name (`lambda args, _name=name, **kw: HANDLERS[_name](args)`) holds that turn's value. A table
a package ships as data (`yaml.safe_load`, `json.load(s)`, `tomllib.load(s)` of a file named
from the module's own `__file__`, inside the root, small, plain data) is read as the literal it
holds, so tools a plugin declares in its `tools.yml` are registered from its rows. A record
written by hand (an `__init__` that only keeps its parameters) remembers the call that made it,
and its getters (`def get_name(self): return self._name`) hand back what that call gave, so
tools registered from such objects (`definition.get_handler()`) resolve. An immediately invoked lambda (`(lambda _m=helper(): run(_m))()`) runs at once.
A coroutine handed to a runner (`asyncio.run(coro())`, `_run_async(coro())`) runs there, unless
the runner is a def of the root that runs its argument inside `try: ... except Exception`
(what the coroutine raises stays in there). A `with` of a `@contextmanager` generator whose
`except` blocks around its `yield` do not re-raise catches what the `with` body raises there
(an error translator: `except StoreError as exc: raise Refused(...) from exc` turns one into
the other). A handler decorated by the project's own decorator is reported where the def
raises what the wrapper lets out (`@logged` that logs and re-raises lets everything out, one
that returns `{"error": ...}` for a ValueError keeps that). A program the tool runs that is not
installed (`exe = shutil.which(name)` ... `if exe is None: raise ...`, the name not the
model's) is the machine's state, which the tool's check reports before Hermes offers it: not
reported. A class's constructor gets the constants a call gives it (`Pool(fn, workers=8)` never
reaches `if workers < 1: raise`). A function or class given as an argument is bound
in the callee (`_recorded(read_note, args)`,
also from a handler lambda, and `await fn()` of `lambda: api.send(...)` runs that coroutine).
Constant arguments (and the defaults a call leaves) decide the callee's `if` tests one level
deep: `if scope not in (...)` or `if error is not None` ruled out by the call drops the raise
under it, also through a lookup: `patterns = TABLE.get(scope)` then `if patterns is None:`, where
`TABLE` is a dict display (set at import, or by a def module initialisation calls) that nothing
changes. A module global that a plugin's `register(ctx)` sets before any tool runs (`global _CLIENT;
_CLIENT = Client()`, also through a setter of the plugin's modules that it calls with a value:
`tools.bind(_RUNTIME)`) holds that value when a handler runs, so `if _CLIENT is None: raise
...` behind it cannot fire, and calls on it are followed. A `ValueError`/`TypeError` raised
behind a type check of the def's own parameters
(`if not isinstance(url, str) or not url: raise ValueError(...)`) asserts what callers pass: it
counts where a caller hands on the model's arguments or a value derived from them (through any
number of parameters passed on as they are), not where the caller built the value itself (a
constant, its own state, a record a store returns). So does a raise in an `except` of only what a
parser raises around a read of a parameter (`try: ts = datetime.fromisoformat(raw) except
ValueError: raise RecordError(...)`): it counts for the model's text, not for rows the tool
stored itself (`rows[-1]["ts"]`, a loop's item of them). A raise guarded by a helper's verdict
on a parameter (`if not valid_station(station): raise ArchiveError(...)`) is silent at a call
whose def asked the same helper about the same argument first (an `if` that leaves, a
conditional expression, a comprehension's `if`, a list kept of the items it accepted).

The model's values handed on to a helper, as they came (`parse_range(args["pages"])`, or the
arguments themselves: `self._do_think(args)`), are followed there and in what the helper hands
them on to: what raises on them in there (`int(start)` of a part of the text, `args["key"]`,
`open(path)`) counts as in the handler, unless the handler checked them first (`isinstance`,
`.isdigit()`, `"key" in args`, or the keys of a list checked one by one: `[k for k in needed
if not args.get(k)]`).

A callee's raise inside an `except` that catches only local file or database failures (`except
OSError`, its file subclasses, `except sqlite3.Error`) around a `try` that uses no network
client passes on the machine's own disk or database failing, which no argument of the model
decides: it is not reported (a handler's own is). A file operation on a path the model names
counts when any binding of the path is the model's (`file_path = Path(output_path)` on one
branch, a default folder on the other), or a helper's result made from it.

What a file or an address the model names holds is the model's choice too: parsed (`json.loads(
p.read_text())`, `ET.fromstring(fetch(url))` through a helper that returns `resp.content`,
`yaml.safe_load(f)`, a response's `.json()`) it raises when it holds something else
(JSONDecodeError, ParseError, YAMLError, requests' JSONDecodeError); a text file the model names
read in a `with` block raises UnicodeDecodeError; an ElementTree path the model sends
(`root.findall(expr)`) SyntaxError; `Path.glob(pattern)` ValueError for an empty or absolute
one; `urlsplit(url).port` ValueError. SQL the model writes, or a part of it (an f-string, a
table's `.get(order, order)`), run on sqlite raises DatabaseError unless the text was tested
against the allowed values (a pattern or a helper's test of its form does not make it run); an
INSERT (or `UPDATE ... SET col = ?`) of the model's value into a column, or every column of a
group, that the project's CREATE TABLE holds UNIQUE raises IntegrityError, unless a SELECT (or
a find/get/exists helper whose answer is tested) asked about it first, or the statement says
`OR IGNORE`/`OR REPLACE`/`ON CONFLICT`. argparse's `parse_args` of the model's command line
exits (SystemExit), unless the parser's class raises in `error()`. Also known: PyJWT's
`jwt.decode` (InvalidTokenError), `unicodedata.lookup` (KeyError), `email.utils.
parsedate_to_datetime`, `importlib.util.find_spec`, `ast.literal_eval` (SyntaxError),
pytz's `timezone` (UnknownTimeZoneError), dateutil's `parser.parse`, packaging's `Version`,
`ipaddress`'s classes, `bytes.fromhex` and the hex and base32 decoders, sqlite's full-text
`MATCH ?` of the model's text (OperationalError, unless quoted as a phrase), SQLAlchemy's `scalar_one()`/`one()`
(NoResultFound), a websocket client's connect (OSError, which the library's own
WebSocketException is not), `socket.gethostbyname` (gaierror). Work handed to a thread raises
where its result is asked for: `pool.submit(fn, x)` at `fut.result()`, `asyncio.to_thread(fn,
x)` at its await, each coroutine of `asyncio.gather(*(f(u) for u in urls))`; a generator (or
async generator) a `for` loop runs raises in the loop, and so does one handed to a call that
loops over it (`summarise(read_frames(path))`, `list(gen())`); a task of an `asyncio.TaskGroup` lets
out an ExceptionGroup, which only `except*` (or a class it derives from) catches, while
coroutines gathered with `return_exceptions=True` raise nothing. `json.dumps(obj)` (no
`default=`/`cls=`; also in a project def that serialises what its caller hands it:
`_ok(result)`) raises TypeError when obj holds what JSON refuses: a `Path`, a `datetime`,
a `Decimal`, a set, bytes, the exception an `except` caught, an instance of a plain project
class, made in the handler or returned by the project's functions it calls, or a field a
project class declares of such a type (`amount: Decimal` of a dataclass, read as `entry.amount`,
also of an element of a list the class declares `entries: list[Entry]`, or `min(...)` of one;
`dataclasses.asdict(rec)` of a record whose datetime field the code sets, also of each record
of a loop or a comprehension over a list of them, of one item of a list a class declares, and
of a record whose field is a record, or a list of records, with such a field), a key that is
not text or a number (`{day: n}` of `day = ts.date()`, `counts[day] += 1`, a comprehension over
`sorted(groups.items())`; `default=` converts values, never keys), a NumPy array or integer, a record YAML or TOML read put in as it is (both read an
unquoted `2024-05-01` as a date), a row sqlite3 reads DATE or TIMESTAMP columns into on a
connection opened with `detect_types=PARSE_DECLTYPES`, a sum over a comprehension of
Decimal fields (or properties that say they return one), a Fraction (also what arithmetic with
one gives, unless with a float), `min()`/`max()` of a date field the rows' class declares, what
a project helper returns made of one (`_money(_dec(x))`, `now.replace(...)` of the datetime it
is handed), a value of a `defaultdict(Decimal)` (or `Fraction`) or the dict itself (`dict(totals)`,
also one a factory nests: `defaultdict(lambda: defaultdict(Decimal))`), or date arithmetic (`EPOCH +
timedelta(...)`, the difference of two datetimes); also kept through a loop that appends the
items of such a list, a comprehension over it, `sorted()` of it, or a helper that hands an item
back (not when each item has the field taken out, `t.pop("_start")`, or rewritten from itself,
`l["net"] = str(l["net"])`; a loop over a dict takes its keys). An encoding the
model names (`data.decode(args["encoding"])`) raises LookupError. A path made of the model's text keeps
being its path when rebound (`path = os.path.abspath(os.path.expanduser(path))`), through
`os.path` functions and `base / name`; a folder the tool chose joined with the model's name
says nothing of folders when the file is written, and a file whose kind the tool names
(`unit_dir() / f"{name}.json"`) holds what the tool wrote; a helper method that tests the
file is there (`self.workspace_file(rel)`) still leaves its content to the model; a file a
`try` already opened for reading, returning on any OSError, is there after it; a value the
handler already tested by calling the same helper in a `try` that returns passes that helper
again (so does one given the same values for the parameters the raise's `if` tests,
`sessions(branch, start)` then `sessions(branch, day)`); a `functools.partial`'s own arguments
fill the first parameters, the call's the rest; `mkdir(parents=True)` makes what is missing (a folder the model names may still be one
nobody can write: OSError).

A pattern's group of free text (`(.*)`, `([^,]+)`, `\\w+`) is the model's text past the match
(a group of digits or white space keeps the form the match tested); a test in a conditional
expression holds in its own branch only (`tok if tok in BARS else int(tok)`); a value filled in
only when none came (`if not text and args.get("file"): text = ...`) is the model's the rest of
the time. A decorator whose wrapper calls the def with values of its own before the model's
arguments (`fn(get_client(key), args, **kw)`) binds them, and the def's parameter that gets the
arguments is the model's. A helper handed one of the model's objects reads its fields as the
model's; a list the model may leave empty handed to a helper that takes its `min()` or mean
raises there; a division by the mean of the model's numbers may divide by 0; `max()` of dates
made one by one is a date; a value of the model's dict (`for k, v in scores.items()`) may be
an empty list; the model's template formatted (`template.format(**fields)`) raises ValueError on
a stray brace; `requests.get(..., timeout=t)` and `time.sleep(t)` of the model's number that
nothing keeps above 0 raise ValueError. A method called on an object of the project's class
that reaches a raise an earlier call on the same object was caught for (a memoised config)
passes it again. A row chosen for the value by its own test (`for rule in matching(number):
rule.check(number)`) is handed a value of the form the row asked for; a type test of the entry
found (`isinstance(data[key], dict)`) is no test of the key; the items of what a helper makes of
a value (`placeholders(body)`), tested against a table, say nothing of the value itself; the
matches a pattern finds in the model's text (`WORD.findall(text)`) may be none, and their count
handed to a helper may be 0. A helper that answers None or an entry of its table (`x if x in T
else None`), its answer turned away when None, makes the caller's value an entry; so does one
that raises unless its normalised argument is an entry, for what the same normalising makes.

A raise in an `except` whose `try` surely raises nothing (a fallback that only logs and builds
a dict from constants, f-strings and `uuid.uuid4()`) is never reached, and not reported.

A program the code names for `subprocess.run`/`Popen`/`check_output`... (`["ffmpeg", ...]`,
also through a table's rows and `list(...) + [...]`) raises FileNotFoundError where it is not
installed: not reported for POSIX basics (`ls`, `tar`, `git`...), `python`, a path, `shell=True`,
or in a module that asks `shutil.which`.

A raise its author marks `# pragma: no cover` (on the raise, or on the `if`/`else` line just
above it), or whose message says it cannot happen (`raise ValueError("unreachable")`, "should
never happen"), guards an invariant and is not reported.

Not followed, and so never reported (precision first): other calls that leave the root (stdlib,
third-party), calls through names that cannot be resolved (parameters without annotations,
`getattr` of a name that is not constant, subscripts), exception classes that cannot be resolved (they count as caught), an
`assert` met in a callee that tests no value of the model's (one that does, `assert
isinstance(count, int)` of `count = args.get("count", 10)`, is reported), a control-flow
exception (`CancelledError`, `KeyboardInterrupt`, `SystemExit`, `GeneratorExit`) met in a callee, an abstract method's own body, generators no loop runs,
coroutines that are not awaited where they are called, other uses of the numbers the schema
asks for without a conversion (`range(n)`, `items[n]`: Hermes coerces numbers written as
text), a state file of the tool's own
that may be corrupt, and functions behind a decorator that is not the
project's own (or behind more than one that wraps them). A project decorator that hands the def
back unchanged, such as a registering `@tool(...)` that adds the def to a table, is seen
through, and each def it adds is a row of that table. One that wraps it (`@retry(times=3,
giving_up=ServiceDown)`, a `functools.wraps` wrapper) is followed as it runs: a call of the def
runs the wrapper, with the def and the factory's arguments bound, so what the wrapper catches is
caught and what it raises itself escapes (the chain names it `@retry`). A re-raise lets out
what its `except` caught from the `try`: a bare `raise`, `raise exc`, and an exception kept for
later (`except retry_on as exc: last = exc` ... `raise last` after the loop), also when the
class the `except` names is not known. Recursion ends at the
first repeat.

A test the caller made answers the callee's own test of the same value: a method's test of
`self` (`if not self.active: raise`) after the caller's `if not enc.active: return`, and a
test of a class's attribute (`if Locator._instance is not None: raise` in a constructor that
`get_instance()` calls only under `if cls._instance is None`). A call with constants of the
code decides the callee's tests on them: a pattern compiled once is run on the constant text
(`roll("1d20")` raises nothing, `roll("800d6")` what 800 dice raise). A test of a list's type
(`isinstance(values, list)`) says nothing of its size: an empty one still divides by 0 and
has no `mean()`, `min()` or `max()`; a division by the spread of the model's numbers
(`pstdev(xs)`, `max(xs) - min(xs)`) raises when they are all the same, unless tested first. A
lambda handed to a call that runs it before returning (`Ok(text).map(lambda s: f(s, n))`,
`sorted(key=...)`) runs there, with the model's values it reads. A file name a helper makes
with its own extension (`os.path.join(ROOT, name + ".json")`) names one of the tool's files,
never a folder. A call that hands only the project's classes (`make(ControllerClass)`, a
service container's wiring) raises the same on every call, not for the model's input: what it
raises is not reported; `inspect.isclass()` of what a call gave decides a test. Items of a
slice of the model's list (`paths[:50]`) are its items, and so are those of a list the def
remakes from text only where the model sent text (`if isinstance(paths, str): paths =
paths.splitlines()`); a set difference against a table (`set(seq) - set(COMPLEMENT)`) the def
leaves on tests each item of what it takes.

## Why is this bad?
A handler reports errors as `{"error": "..."}` so that the model can read what went wrong and
what to do next. An exception that escapes reaches Hermes' `registry.dispatch` instead, which
logs a crash and returns `{"error": "Tool execution failed: <Type>: <message>"}`: the model gets
an exception type and a raw message (often an internal detail) instead of the tool's own
explanation and next step, and an `assert` even disappears under `python -O`.

## Example
```python
def read_note(args, **kw):
    path = args.get("path")
    if not path:
        raise ValueError("path is required")
    return json.dumps({"text": open(path).read()})
```

## Use instead
```python
def read_note(args, **kw):
    path = args.get("path")
    if not path:
        return tool_error("path is required")
    return json.dumps({"text": open(path).read()})
```

## Fix safety
A `raise SomeError(message)` in the handler's own body (not in a function it calls) becomes
`return tool_error(message)`, keeping the message (a string, an f-string, `str(e)`); `tool_error`
is imported the way the module imports the registry when it is missing. The fix is unsafe: code
that relied on the exception (a caller catching it, a test expecting it) sees a returned error
instead. Bare re-raises, `assert`s and raises without one message argument have no fix.
"""

from __future__ import annotations

import ast

from hermes_dev.host.registrations import registrations_of
from hermes_dev.lint.call_cache import cached_findings
from hermes_dev.lint.rule import Fix, Invalid, Rule, Valid
from hermes_dev.lint.schema_check import array_arguments, tool_schemas, unbounded_numbers
from hermes_dev.pyast.analyze.exceptions import MISSES, catches
from hermes_dev.pyast.calls import serialisable
from hermes_dev.pyast.calls.driver import (
    Code,
    injected_code,
    is_property_read,
    through_decorator,
    wrapped,
)
from hermes_dev.pyast.calls.escapes import (
    Escape,
    Step,
    handler_escapes,
    wrapper_checked,
    wrapper_handlers,
)
from hermes_dev.pyast.calls.handed_dumps import dumps_first_parameter
from hermes_dev.pyast.semantic.resolve import resolve
from hermes_dev.pyast.semantic.scopes import External, Function, Undecorated
from hermes_dev.pyast.semantic.walker import returns_of

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Callable, Iterator
    from pathlib import Path

    from hermes_dev.lint.context import LintContext
    from hermes_dev.lint.rule import Finding
    from hermes_dev.pyast.semantic.modules import ModuleInfo
    from hermes_dev.pyast.semantic.scopes import Scope

_HEAD = """\
import json
from tools.registry import registry, tool_error

"""


# A lookup helper of a small ORM (keyword lookups read row by row) three HD102 cases share.
_LOOKUP_MODELS = """\
def _matches(obj, lookups):
    for key, expected in lookups.items():
        name, _, op = key.partition("__")
        value = getattr(obj, name)
        if op in ("", "exact"):
            if value != expected:
                return False
        elif op == "iexact":
            if str(value).lower() != str(expected).lower():
                return False
        else:
            raise ValueError(f"Unsupported lookup: {key}")
    return True


class QuerySet(list):
    def filter(self, **lookups):
        return QuerySet(o for o in self if _matches(o, lookups))


class Manager:
    def __init__(self):
        self._rows = []

    def all(self):
        return QuerySet(self._rows)

    def filter(self, **lookups):
        return self.all().filter(**lookups)
"""

_RELAY_INIT = """\
from . import tools
from .client import Client

_CLIENT = Client()


def register(ctx):
    tools.bind(_CLIENT)
    ctx.register_tool(name="relay_send", toolset="relay", schema={}, handler=tools.relay_send)
"""
_RELAY_BIND = """\
def bind(client):
    global _CLIENT
    _CLIENT = client
"""
_RELAY_TOOLS = (
    """\
import json

_CLIENT = None


"""
    + _RELAY_BIND
    + """

def _need():
    if _CLIENT is None:
        raise RuntimeError("the relay client is not set up")
    return _CLIENT


def relay_send(args, **kw):
    client = _need()
    try:
        return json.dumps(client.send(args.get("text") or ""))
    except Exception as exc:
        return json.dumps({"error": f"send failed: {exc}"})
"""
)


def _relay(
    register: str = "    tools.bind(_CLIENT)\n", setter: str = _RELAY_BIND
) -> dict[str, str]:
    """A plugin whose `register(ctx)` sets `tools._CLIENT` through a setter (two cases)."""
    return {
        "plugins/relay/__init__.py": _RELAY_INIT.replace("    tools.bind(_CLIENT)\n", register),
        "plugins/relay/client.py": "class Client:\n    def send(self, text):\n"
        '        return {"sent": text}\n',
        "plugins/relay/plugin.yaml": "name: relay\nversion: 0.1.0\n"
        "description: Relay messages through a broker\nprovides_tools: [relay_send]\n",
        "plugins/relay/tools.py": _RELAY_TOOLS.replace(_RELAY_BIND, setter),
    }


_ARCHIVE = """\
import os
import re
from pathlib import Path

_STATION = re.compile(r"[A-Z0-9]{3,8}")


class ArchiveError(Exception):
    pass


def valid_station(station):
    return isinstance(station, str) and bool(_STATION.fullmatch(station))


def station_dir(station):
    if not valid_station(station):
        raise ArchiveError(f"invalid station id: {station!r}")
    return Path(os.environ.get("WX_DIR", "/tmp/wx")) / station


def month_files(station):
    folder = station_dir(station)
    return sorted(folder.glob("*.csv")) if folder.is_dir() else []
"""


def _stations(handler: str) -> dict[str, str]:
    """A plugin whose archive helper raises on what `valid_station` turns away (two cases)."""
    return {
        "plugins/wx/__init__.py": "import json\nfrom pathlib import Path\n\nfrom . import archive\n\n\n"
        + handler
        + "\n\ndef register(ctx):\n"
        '    ctx.register_tool(name="wx_stations", toolset="wx", schema={}, handler=stations)\n',
        "plugins/wx/archive.py": _ARCHIVE,
        "plugins/wx/plugin.yaml": "name: wx\nversion: 0.1.0\n"
        "description: Weather archive\nprovides_tools: [wx_stations]\n",
    }


class HandlerRaises(Rule):
    code = "HD102"
    name = "handler-raises"
    summary = "A tool handler lets an exception escape"
    fixable = "unsafe"

    VALID = (
        Valid(
            _HEAD
            + """\
class QuotaError(RuntimeError):
    pass

def search(query, task_id=None):
    try:
        if not query:
            raise ValueError("query is required")
        try:
            data = {"q": query}
        except KeyError:
            raise QuotaError("inner")
        if len(query) > 100:
            raise QuotaError("too long")
        return json.dumps(data)
    except (ValueError, RuntimeError) as e:
        return tool_error(str(e))

registry.register(name="search", toolset="t", schema={},
    handler=lambda args, **kw: search(args.get("query"), task_id=kw.get("task_id")))
""",
            note="raises caught by an outer try, including one from an inner except",
        ),
        Valid(
            _HEAD
            + """\
def run(args, **kw):
    def helper():
        raise RuntimeError("only inside the nested function")
    try:
        assert args, "args required"
        return json.dumps({"r": helper()})
    except Exception as e:
        return tool_error(e)

registry.register(name="run", toolset="t", schema={}, handler=run)
""",
        ),
        Valid(
            _HEAD
            + """\
from somewhere import ApiError

def call(args, **kw):
    try:
        if not args:
            raise ApiError("no arguments")
        return json.dumps(args)
    except ValueError as e:
        return tool_error(e)

registry.register(name="call", toolset="t", schema={}, handler=call)
""",
            note="ApiError's bases are unknown (it may be a ValueError): not reported",
        ),
        Valid(
            {
                "tools/api_errors.py": """\
class ApiError(Exception):
    pass

class QuotaError(ApiError):
    pass
""",
                "tools/api_client.py": """\
from tools.api_errors import QuotaError

def fetch(query):
    if len(query) > 100:
        raise QuotaError("quota")
    if not query:
        raise FileNotFoundError(query)
    if query == "?":
        raise KeyError(query)
    return {"q": query}
""",
                "tools/search_tool.py": _HEAD
                + """\
from tools.api_client import fetch
from tools.api_errors import ApiError

def by_base(args, **kw):
    try:
        return json.dumps(fetch(args["q"]))
    except (ApiError, OSError, LookupError) as e:
        return tool_error(e)

def by_exception(args, **kw):
    try:
        return json.dumps(fetch(args["q"]))
    except Exception as e:
        return tool_error(e)

registry.register(name="by_base", toolset="t", schema={}, handler=by_base)
registry.register(name="by_exception", toolset="t", schema={}, handler=by_exception)
""",
            },
            note="a helper in a sibling module raises inside the handler's try, which catches it"
            " by a project base class across modules (QuotaError -> ApiError), by a builtin base"
            " (FileNotFoundError -> OSError, KeyError -> LookupError: the real MRO), in a tuple,"
            " or by `except Exception`",
        ),
        Valid(
            _HEAD
            + """\
import asyncio
import markdown
import requests

def _never_called():
    raise RuntimeError("no handler reaches this")

def _checked(value):
    assert value, "callee asserts are not reported"
    return value

def _interrupt(flag):
    if flag:
        raise KeyboardInterrupt
    return flag

def _exit(code):
    if code:
        raise SystemExit(code)

async def _poll():
    raise RuntimeError("runs in its own task")

def _walk(node, depth=0):
    if depth > 3:
        return node
    return _walk_children(node, depth)

def _walk_children(node, depth):
    return [_walk(child, depth + 1) for child in node]

def run(args, on_done, **kw):
    hooks = kw.get("hooks", {})
    _checked(args)
    _interrupt(args.get("stop"))
    _exit(args.get("code"))
    asyncio.get_event_loop().create_task(_poll())
    getattr(requests, "get")(args.get("url"))
    markdown.markdown(args.get("text"))
    hooks["done"]()
    on_done()
    _walk([args])
    return json.dumps(args)

registry.register(name="run", toolset="t", schema={}, handler=run)
""",
            note="a raise in a function no handler calls; assert and control-flow exceptions in"
            " callees; a coroutine not awaited; calls through names that cannot be resolved"
            " (getattr, a subscript, a parameter, a third-party module); recursion",
        ),
        Valid(
            _HEAD
            + """\
from abc import ABC, abstractmethod
from typing import Optional

_SCOPES = ("strict", "normal")

def _check_scope(scope):
    if scope not in _SCOPES:
        raise ValueError(f"unknown scope {scope}")
    return scope

def _finish(session, error=None):
    session.clear()
    if error is not None:
        raise RuntimeError("failed") from error

class Backend(ABC):
    @abstractmethod
    def search(self, query):
        raise NotImplementedError

class Store:
    def put(self, key):
        raise NotImplementedError("subclasses store")

def lookup(args, backend: Optional[Backend] = None, store: Store = None, **kw):
    _check_scope("strict")
    _finish({}, None)
    _finish({})
    backend.search(args.get("q"))
    store.put(args.get("q"))
    return json.dumps(args)

registry.register(name="lookup", toolset="t", schema={}, handler=lookup)
""",
            note="constant arguments rule out the raising branch (`not in` a module constant,"
            " `is not None` with None passed or by default); abstract methods are not followed",
        ),
        Valid(
            {
                "plugins/p10/__init__.py": """\
import json

from .client import Client

_CLIENT = None
_CONFIG = None


def _client():
    if _CLIENT is None:
        raise RuntimeError("plugin not registered")
    return _CLIENT


def get(args, **kw):
    return json.dumps(_client().get(args.get("k")))


def put(args, **kw):
    if _CONFIG is None:
        raise RuntimeError("not configured")
    return json.dumps({"put": True})


def register(ctx):
    global _CLIENT, _CONFIG
    _CLIENT = Client()
    _CONFIG = {"a": 1}
    s = {"type": "object", "properties": {}}
    ctx.register_tool(name="p10_get", toolset="p10", schema={"name": "p10_get", "description": "d", "parameters": s}, handler=get)
    ctx.register_tool(name="p10_put", toolset="p10", schema={"name": "p10_put", "description": "d", "parameters": s}, handler=put)
""",
                "plugins/p10/client.py": """\
class Client:
    def get(self, k):
        return {"k": k}
""",
                "plugins/p10/plugin.yaml": """\
name: p10
version: "1.0"
description: p10
provides_tools: [p10_get, p10_put]
""",
            },
            note="module globals set up by register(ctx) (`global _CLIENT; _CLIENT = Client()`): by the time a handler runs they are set, so `if _CLIENT is None: raise ...` cannot fire",
        ),
        Valid(
            {
                "tools/weather_tool.py": """\
import json
import socket
import urllib.request

import aiohttp
import httpx
import requests
from requests.exceptions import RequestException

from tools.registry import registry, tool_error

_API = "https://api.example.invalid"
_SESSION = requests.Session()


def _fetch(path):
    resp = _SESSION.get(f"{_API}/{path}", timeout=10)
    resp.raise_for_status()
    return resp.json()


def forecast(args, **kw):
    try:
        return json.dumps({"forecast": _fetch("forecast")})
    except RequestException as exc:
        return tool_error(f"weather service unreachable: {exc}")


async def alerts(args, **kw):
    try:
        async with httpx.AsyncClient(timeout=10) as client:
            resp = await client.get(f"{_API}/alerts")
    except httpx.HTTPError as exc:
        return tool_error(str(exc))
    return json.dumps({"alerts": resp.text})


async def radar(args, **kw):
    try:
        async with aiohttp.ClientSession() as session:
            async with session.get(f"{_API}/radar") as resp:
                body = await resp.text()
    except aiohttp.ClientError as exc:
        return tool_error(str(exc))
    return json.dumps({"radar": body})


def station(args, **kw):
    try:
        with urllib.request.urlopen(f"{_API}/station", timeout=10) as resp:
            body = resp.read()
        socket.create_connection(("example.invalid", 80), timeout=3).close()
    except OSError as exc:
        return tool_error(str(exc))
    return json.dumps({"station": body.decode()})


registry.register(name="forecast", toolset="weather", schema={}, handler=forecast)
registry.register(name="alerts", toolset="weather", schema={}, handler=alerts, is_async=True)
registry.register(name="radar", toolset="weather", schema={}, handler=radar, is_async=True)
registry.register(name="station", toolset="weather", schema={}, handler=station)
""",
            },
            note="trap: each network call is caught by its library's base class, an OSError handler, or a module-level `requests.Session()`'s call caught by RequestException",
        ),
        Valid(
            {
                "tools/batch_tool.py": """\
import json

from tools.registry import registry, tool_error


def add_items(args, **kw):
    raw = args.get("items") or "[]"
    try:
        items = json.loads(raw)
    except json.JSONDecodeError as exc:
        return tool_error(f"items is not JSON: {exc}")
    return json.dumps({"added": len(items)})


def tag_items(args, **kw):
    tags = args.get("tags")
    if not isinstance(tags, str):
        return tool_error("tags must be text")
    try:
        parsed = json.loads(tags)
    except ValueError:
        return tool_error("tags is not JSON")
    return json.dumps({"tags": parsed})


registry.register(name="add_items", toolset="batch", schema={}, handler=add_items)
registry.register(name="tag_items", toolset="batch", schema={}, handler=tag_items)
""",
            },
            note="trap: json.loads of the model's text inside `except json.JSONDecodeError` / `except ValueError`",
        ),
        Valid(
            _relay(),
            note="trap: a module global set by a setter that the package's register(ctx) calls with a module-level instance (`tools.bind(_CLIENT)`): `if _CLIENT is None: raise` cannot fire when a handler runs",
        ),
        Valid(
            {
                "tools/video_tool.py": """\
import asyncio
import json

from tools.registry import registry


async def _edit_async(prompt):
    if not prompt.startswith("http"):
        raise ValueError("the video must be a URL")
    return {"video": prompt}


def _run_coroutine(coro, label):
    try:
        loop = asyncio.new_event_loop()
        try:
            return loop.run_until_complete(coro)
        finally:
            loop.close()
    except Exception as exc:
        return {"error": f"{label} failed: {exc}"}


def video_edit(args, **kw):
    return json.dumps(_run_coroutine(_edit_async(args.get("prompt") or ""), "edit"))


registry.register(name="video_edit", toolset="t", schema={}, handler=video_edit)
""",
            },
            note="trap: a coroutine handed to a runner of the root that runs it inside `try: ... except Exception`: what it raises stays in there",
        ),
        Valid(
            {
                "tools/store_tool.py": """\
import json

from tools.registry import registry, tool_error

_ROWS = {}


def _insert(key, value):
    _ROWS[key] = value
    row = _ROWS.get(key)
    if row is None:  # pragma: no cover - the row was just written
        raise RuntimeError("the insert did not stick")
    return row


def _mode(name):
    if name == "fast":
        return 1
    raise AssertionError(name)  # pragma: no cover


def put(args, **kw):
    key = str(args.get("key") or "")
    if not key:
        return tool_error("key is required")
    return json.dumps({"stored": _insert(key, args.get("value")), "mode": _mode("fast")})


registry.register(name="put", toolset="t", schema={}, handler=put)
""",
            },
            note="trap: raises their authors mark `# pragma: no cover` (on the `if` above, or on the raise) guard invariants",
        ),
        Valid(
            _relay(
                register="    tools.bind(None)  # cleared first, then set: the last call wins\n"
                "    tools.bind(_CLIENT)\n",
                setter="def _set(client):\n"
                "    global _CLIENT\n"
                "    _CLIENT = client\n"
                "\n"
                "\n"
                "def bind(client):\n"
                "    _set(client)\n",
            ),
            note="trap: register(ctx) clears the global, then sets it through a setter that hands it to another (`bind(c)` -> `_set(c)`): the last straight-line call is what handlers see",
        ),
        Valid(
            {
                "tools/sentinel_tool.py": """\
import json

import requests

from tools.registry import registry

_MISSING = object()
_SESSION = requests.Session()


def fetch(args, **kw):
    if _MISSING is None:
        raise RuntimeError("the sentinel is gone")
    if _SESSION is None:
        raise RuntimeError("no session")
    try:
        text = _SESSION.get("https://example.invalid", timeout=5).text
    except requests.RequestException as exc:
        return json.dumps({"error": str(exc)})
    return json.dumps({"text": text})


registry.register(name="fetch", toolset="t", schema={}, handler=fetch)
""",
            },
            note="trap: a module global bound once to `object()` or to a `requests.Session()` is never None",
        ),
        Valid(
            {
                "tools/batch_tool.py": """\
import json

from tools.codec import loads
from tools.registry import registry


def add_items(args, **kw):
    items = loads(args.get("items") or "")
    return json.dumps({"added": len(items)})


registry.register(name="add_items", toolset="batch", schema={}, handler=add_items)
""",
                "tools/codec.py": """\
def loads(text):
    return [part for part in (text or "").split(",") if part]
""",
            },
            note="trap: a project function named `loads` is not json.loads",
        ),
        Valid(
            {
                "tools/feed_tool.py": """\
import json
import subprocess

from tools.registry import registry, tool_error


def _parse(text):
    return json.loads(text)


def feed(args, **kw):
    try:
        data = json.loads(args.get("payload") or "{}")
        proc = subprocess.run(["true"], check=True)
    except json.JSONDecodeError as exc:
        return tool_error(f"not JSON: {exc}")
    except subprocess.SubprocessError as exc:
        return tool_error(f"command failed: {exc}")
    return json.dumps({"keys": sorted(data), "code": proc.returncode})


registry.register(name="feed", toolset="feed", schema={}, handler=feed)
""",
            },
            note="trap: `except json.JSONDecodeError` catches json.loads's error, `except subprocess.SubprocessError` catches CalledProcessError (the standard library's own classes)",
        ),
        Valid(
            {
                "tools/logs_tool.py": """\
import json

from tools.registry import registry, tool_error


def build_log(args, **kw):
    if not isinstance(args.get("tail"), int) and not str(args.get("tail") or "").isdigit():
        return tool_error("tail must be a number")
    tail = int(args.get("tail") or 200)
    return json.dumps({"tail": tail})


registry.register(name="build_log", toolset="ci", schema={}, handler=build_log)
""",
            },
            note="trap: int() of an argument the handler tested with isinstance() / .isdigit() first",
        ),
        Valid(
            {
                "tools/git_tool.py": """\
import json
import subprocess

from tools.registry import registry


def git_log(args, **kw):
    try:
        out = subprocess.check_output(["git", "log", "-5"], text=True)
    except subprocess.SubprocessError as exc:
        return json.dumps({"error": str(exc)})
    done = subprocess.run(["git", "status"], capture_output=True, text=True)
    return json.dumps({"log": out, "status": done.returncode})


registry.register(name="git_log", toolset="git", schema={}, handler=git_log)
""",
            },
            note="trap: check_output inside `except subprocess.SubprocessError`; subprocess.run without check=True reports the status instead of raising",
        ),
        Valid(
            {
                "tools/logs_tool.py": """\
import json

from tools.registry import registry, tool_error


def tail(path, lines=None, offset=0):
    if not path:
        return tool_error("path is required")
    if not isinstance(lines, int):
        lines = 50
    offset = max(0, offset)
    return json.dumps({"path": path, "lines": int(lines), "offset": int(offset)})


registry.register(
    name="logs_tail",
    toolset="logs",
    schema={},
    handler=lambda args, **kw: tail(args.get("path"), lines=args.get("lines"), offset=3),
)
""",
            },
            note="trap: the parameter tested with isinstance() first (and given another value), or filled with a constant",
        ),
        Valid(
            {
                "tools/notes_tool.py": """\
import json
import os
from pathlib import Path

from tools.registry import registry, tool_error

_HOME = Path("~/.notes").expanduser()


def note_read(args, **kw):
    path = args.get("path") or ""
    if not os.path.isfile(path):
        return tool_error(f"no such file: {path}")
    with open(path, encoding="utf-8", errors="replace") as handle:
        return json.dumps({"text": handle.read()})


def note_export(args, **kw):
    name = str(args.get("name") or "notes").replace("/", "_")
    try:
        (_HOME / f"{name}.md").write_text("# notes\\n", encoding="utf-8")
    except OSError as exc:
        return tool_error(str(exc))
    return json.dumps({"written": name})


def note_index(args, **kw):
    _HOME.mkdir(parents=True, exist_ok=True)
    return json.dumps({"notes": sorted(p.name for p in _HOME.iterdir())})


registry.register(name="note_read", toolset="notes", schema={}, handler=note_read)
registry.register(name="note_export", toolset="notes", schema={}, handler=note_export)
registry.register(name="note_index", toolset="notes", schema={}, handler=note_index)
""",
            },
            note="trap: a path tested with os.path.isfile() first, a write inside `except OSError`, `str.replace` on the model's text, and paths the code names itself",
        ),
        Valid(
            {
                "tools/ha_tool.py": """\
import json

from tools.registry import registry, tool_error


def call_service(args, **kw):
    service = args.get("service") or ""
    if "." not in service:
        return tool_error("service must look like 'light.turn_on'")
    domain, name = service.split(".", 1)
    first, *rest = service.split(".")
    return json.dumps({"called": f"{domain}.{name}", "parts": [first, *rest]})


registry.register(name="call_service", toolset="ha", schema={}, handler=call_service)
""",
            },
            note="trap: the separator tested first; a starred target takes any number of parts",
        ),
        Valid(
            {
                "tools/gh_tool.py": """\
import asyncio
import json

from tools.registry import registry, tool_error


class NotFound(Exception):
    pass


async def _fetch(repo):
    if "/" not in repo:
        raise NotFound(repo)
    return {"repo": repo}


async def several(args, **kw):
    results = await asyncio.gather(_fetch("a/b"), _fetch(args.get("repo") or ""), return_exceptions=True)
    return json.dumps([r if isinstance(r, dict) else {"error": str(r)} for r in results])


async def latest(args, **kw):
    try:
        data = await asyncio.wait_for(_fetch(args.get("repo") or ""), timeout=10)
    except (NotFound, asyncio.TimeoutError) as exc:
        return tool_error(str(exc))
    return json.dumps(data)


registry.register(name="several", toolset="gh", schema={}, handler=several, is_async=True)
registry.register(name="latest", toolset="gh", schema={}, handler=latest, is_async=True)
""",
            },
            note="trap: gather(..., return_exceptions=True) hands the exceptions back; wait_for inside an except that names them",
        ),
        Valid(
            {
                "tools/pg_tool.py": """\
import contextlib
import json

import psycopg

from tools.registry import registry, tool_error


@contextlib.contextmanager
def connect():
    conn = psycopg.connect("dbname=app", connect_timeout=5)
    try:
        yield conn
    finally:
        conn.close()


def list_tables(args, **kw):
    try:
        with connect() as conn:
            rows = conn.execute("select table_name from information_schema.tables").fetchall()
    except psycopg.Error as exc:
        return tool_error(str(exc))
    return json.dumps({"tables": [r[0] for r in rows]})


registry.register(name="list_tables", toolset="pg", schema={}, handler=list_tables)
""",
            },
            note="trap: the driver's base class catches what connect raises",
        ),
        Valid(
            {
                "tools/data_tool.py": """\
import json

import boto3
import redis
from botocore.exceptions import BotoCoreError, ClientError

from tools.registry import registry, tool_error

_CACHE = redis.Redis.from_url("redis://localhost:6379/0")


class Store:
    def __init__(self):
        self.s3 = boto3.client("s3")

    def read(self, bucket, key):
        return self.s3.get_object(Bucket=bucket, Key=key)["Body"].read().decode()


def cache_get(args, **kw):
    try:
        value = _CACHE.get(args.get("key") or "k")
    except redis.RedisError as exc:
        return tool_error(str(exc))
    return json.dumps({"value": value.decode() if value else None})


def s3_read(args, **kw):
    try:
        text = Store().read(args.get("bucket") or "b", args.get("key") or "k")
    except (ClientError, BotoCoreError) as exc:
        return tool_error(str(exc))
    return json.dumps({"text": text})


registry.register(name="cache_get", toolset="data", schema={}, handler=cache_get)
registry.register(name="s3_read", toolset="data", schema={}, handler=s3_read)
""",
            },
            note="trap: redis.RedisError and botocore's BotoCoreError catch the connection failures",
        ),
        Valid(
            {
                "plugins/s3/__init__.py": """\
from .handlers import Handlers
from .service import Service


def register(ctx):
    handlers = Handlers(Service.from_env())
    ctx.register_tool(name="s3_get_text", toolset="s3", handler=handlers.get_text,
                      schema={"name": "s3_get_text", "description": "d", "parameters": {"type": "object", "properties": {}}})
""",
                "plugins/s3/handlers.py": """\
import json

from botocore.exceptions import BotoCoreError, ClientError


class Handlers:
    def __init__(self, service):
        self.svc = service

    def get_text(self, args, **kw):
        try:
            text = self.svc.read(args.get("key") or "k")
        except (BotoCoreError, ClientError) as exc:
            return json.dumps({"error": str(exc)})
        return json.dumps({"text": text})
""",
                "plugins/s3/plugin.yaml": """\
name: plug
""",
                "plugins/s3/service.py": """\
import boto3


class Service:
    def __init__(self, client, bucket=None):
        self.client = client
        self.bucket = bucket

    @classmethod
    def from_env(cls):
        client = boto3.client("s3")
        return cls(client, "b")

    def read(self, key):
        return self.client.get_object(Bucket=self.bucket, Key=key)["Body"].read().decode()
""",
            },
            note="trap: the handler catches botocore's base class",
        ),
        Valid(
            {
                "tools/speak_tool.py": """\
import json
from pathlib import Path

from tools.registry import registry

OUT_DIR = Path("/tmp/speech")


def _tune(path, fmt):
    return path.with_suffix("." + fmt) if fmt else path


def speak(text, output_path=None, fmt=""):
    if output_path:
        file_path = OUT_DIR / Path(str(output_path)).name
    else:
        file_path = OUT_DIR / "speech.mp3"
    file_path.parent.mkdir(parents=True, exist_ok=True)
    try:
        file_path.write_bytes(text.encode())
    except OSError as exc:
        return json.dumps({"error": str(exc)})
    return json.dumps({"path": str(file_path)})


registry.register(
    name="speak",
    toolset="speak",
    schema={"name": "speak", "description": "Speak.", "parameters": {"type": "object", "properties": {"text": {"type": "string"}, "output_path": {"type": "string"}}, "required": ["text"]}},
    handler=lambda args, **kw: speak(str(args.get("text", "")), args.get("output_path")),
)
""",
            },
            note="trap: only the model's file name, under the tool's own folder",
        ),
        Valid(
            {
                "tools/notes_store.py": """\
import os
import tempfile
from pathlib import Path

NOTES = Path.home() / ".notes" / "notes.txt"


class StoreError(Exception):
    pass


def save(text):
    try:
        fd, tmp = tempfile.mkstemp(dir=str(NOTES.parent))
        with os.fdopen(fd, "w") as handle:
            handle.write(text)
        os.replace(tmp, NOTES)
    except (OSError, IOError) as exc:
        raise StoreError(f"cannot write {NOTES}: {exc}") from exc
""",
                "tools/note_tool.py": """\
import json

from tools.notes_store import save
from tools.registry import registry


def note(args, **kw):
    text = args.get("text")
    if not isinstance(text, str):
        return json.dumps({"error": "text must be a string"})
    save(text)
    return json.dumps({"saved": len(text)})


registry.register(
    name="note",
    toolset="note",
    schema={"name": "note", "description": "Keep a note.", "parameters": {"type": "object", "properties": {"text": {"type": "string", "description": "The note."}}, "required": ["text"]}},
    handler=note,
)
""",
            },
            note="a helper that passes on its own disk failing (except OSError around local writes) as its own error: the machine's state, not the model's input",
        ),
        Valid(
            {
                "tools/notes_store.py": """\
import sqlite3
from pathlib import Path

DB = Path.home() / ".notes" / "notes.db"


def connect():
    conn = sqlite3.connect(str(DB))
    try:
        conn.execute("PRAGMA journal_mode=WAL")
    except sqlite3.OperationalError as exc:
        if "locked" not in str(exc):
            raise
    return conn


def save(text):
    conn = connect()
    with conn:
        conn.execute("INSERT INTO notes(text) VALUES (?)", (text,))
""",
                "tools/note_tool.py": """\
import json

from tools.notes_store import save
from tools.registry import registry


def note(args, **kw):
    text = args.get("text")
    if not isinstance(text, str):
        return json.dumps({"error": "text must be a string"})
    save(text)
    return json.dumps({"saved": len(text)})


registry.register(
    name="note",
    toolset="note",
    schema={"name": "note", "description": "Keep a note.", "parameters": {"type": "object", "properties": {"text": {"type": "string", "description": "The note."}}, "required": ["text"]}},
    handler=note,
)
""",
            },
            note="a helper re-raising its local database's own error (except sqlite3.OperationalError: raise): the machine's state",
        ),
        Valid(
            {
                "tools/net_util.py": """\
import functools
import time


class ServiceDown(Exception):
    pass


def retry(times=3, giving_up=None):
    def decorator(fn):
        @functools.wraps(fn)
        def inner(*args, **kwargs):
            last = None
            for attempt in range(times):
                try:
                    return fn(*args, **kwargs)
                except OSError as exc:
                    last = exc
                    time.sleep(0.1 * attempt)
            if giving_up is not None:
                raise giving_up(f"{fn.__name__} failed {times} times: {last}")
            return None
        return inner
    return decorator
""",
                "tools/quote_tool.py": """\
import json
import urllib.request

from tools.net_util import ServiceDown, retry
from tools.registry import registry


@retry(times=3)
def fetch(url):
    with urllib.request.urlopen(url, timeout=5) as resp:
        return json.load(resp)


def quote(args, **kw):
    symbol = args.get("symbol")
    if not isinstance(symbol, str) or not symbol:
        return json.dumps({"error": "symbol is required"})
    try:
        data = fetch("https://quotes.example/" + symbol)
    except OSError as exc:
        return json.dumps({"error": str(exc)})
    return json.dumps({"symbol": symbol, "price": data.get("price")})


registry.register(
    name="quote",
    toolset="quote",
    schema={"name": "quote", "description": "A stock quote.", "parameters": {"type": "object", "properties": {"symbol": {"type": "string", "description": "The ticker."}}, "required": ["symbol"]}},
    handler=quote,
)
""",
            },
            note="trap: the same decorator given no give-up class answers None after the last attempt",
        ),
        Valid(
            {
                "tools/pages_core.py": """\
def parse_range(spec):
    # '3-7' -> (3, 7); '4' -> (4, 4)
    start, _, end = spec.partition("-")
    first = int(start)
    return first, int(end) if end else first


class Pages:
    def __init__(self, total):
        self.total = total

    def pick(self, options):
        limit = options.get("limit")
        if limit is not None:
            limit = int(limit)
        return list(range(self.total))[:limit]
""",
                "tools/pages_tool.py": """\
import json

from tools.pages_core import Pages, parse_range
from tools.registry import registry


def split_pages(args, **kw):
    pages = args.get("pages")
    if not isinstance(pages, str) or not pages.replace("-", "").isdigit():
        return json.dumps({"error": "pages must look like '3-7'"})
    first, last = parse_range(pages)
    return json.dumps({"first": first, "last": last})


def pick_pages(args, **kw):
    if not isinstance(args.get("limit", 0), int):
        return json.dumps({"error": "limit must be a whole number"})
    return json.dumps({"pages": Pages(10).pick(args)})


registry.register(
    name="split_pages",
    toolset="pages",
    schema={"name": "split_pages", "description": "Split.", "parameters": {"type": "object", "properties": {"pages": {"type": "string", "description": "A range: 3-7."}}, "required": ["pages"]}},
    handler=split_pages,
)
registry.register(
    name="pick_pages",
    toolset="pages",
    schema={"name": "pick_pages", "description": "Pick.", "parameters": {"type": "object", "properties": {"limit": {"type": "integer", "description": "How many."}}}},
    handler=pick_pages,
)
""",
            },
            note="trap: the same helpers, with what they convert checked by the handler first",
        ),
        Valid(
            {
                "tools/ticket_tool.py": """\
import json

from tools.registry import registry


def _close(args):
    return json.dumps({"closed": args["key"], "note": args["note"]})


def _move(args):
    return json.dumps({"moved": args["key"], "to": args["to"]})


ACTIONS = {"close": (_close, ("key", "note")), "move": (_move, ("key", "to"))}


def ticket(args, **kw):
    entry = ACTIONS.get(str(args.get("action", "")))
    if entry is None:
        return json.dumps({"error": "unknown action", "allowed": sorted(ACTIONS)})
    fn, needed = entry
    missing = [k for k in needed if not args.get(k)]
    if missing:
        return json.dumps({"error": "missing: " + ", ".join(missing)})
    return fn(args)


registry.register(
    name="ticket",
    toolset="ticket",
    schema={"name": "ticket", "description": "Tickets.", "parameters": {"type": "object", "properties": {"action": {"type": "string", "description": "close or move."}}, "required": ["action"]}},
    handler=ticket,
)
""",
            },
            note="trap: each action's keys checked from its row of the table before the arguments are handed on",
        ),
        Valid(
            {
                "tools/lark_sheet_tool.py": """\
import json
import threading

import requests

from tools.registry import registry

_local = threading.local()


def bind_client(client):
    _local.client = client


def _client():
    return getattr(_local, "client", None)


def _call(client, uri, query=None):
    from lark_oapi.core.enum import HttpMethod
    from lark_oapi.core.model.base_request import BaseRequest

    builder = BaseRequest.builder().http_method(HttpMethod.GET).uri(uri)
    if query:
        builder = builder.queries(query)
    return client.request(builder.build())


def sheet_read(args, **kw):
    client = _client()
    if client is None:
        return json.dumps({"error": "no Lark client in this context"})
    token = args.get("token")
    if not isinstance(token, str) or not token:
        return json.dumps({"error": "token is required"})
    try:
        reply = _call(client, "/open-apis/sheets/v3/" + token)
    except requests.RequestException as exc:
        return json.dumps({"error": f"Lark unreachable: {exc}"})
    return json.dumps({"code": getattr(reply, "code", None)})


def page_fetch(args, **kw):
    url = args.get("url")
    if not isinstance(url, str) or not url.startswith("https://"):
        return json.dumps({"error": "an https URL is required"})
    prepared = requests.Request("GET", url).prepare()
    try:
        with requests.Session() as session:
            reply = session.send(prepared, timeout=10)
    except requests.ConnectionError as exc:
        return json.dumps({"error": str(exc)})
    return json.dumps({"status": reply.status_code})


registry.register(
    name="sheet_read",
    toolset="lark",
    schema={"name": "sheet_read", "description": "Read a sheet.", "parameters": {"type": "object", "properties": {"token": {"type": "string", "description": "The sheet."}}, "required": ["token"]}},
    handler=sheet_read,
)
registry.register(
    name="page_fetch",
    toolset="lark",
    schema={"name": "page_fetch", "description": "Fetch a page.", "parameters": {"type": "object", "properties": {"url": {"type": "string", "description": "The page."}}, "required": ["url"]}},
    handler=page_fetch,
)
""",
            },
            note="trap: the same sends inside excepts of requests' classes",
        ),
        Valid(
            {
                "tools/notify_tool.py": """\
import json
import queue

from tools.registry import registry

_OUTBOX = queue.Queue()


class Mailer:
    def send(self, message):
        _OUTBOX.put(message)


def notify(args, **kw):
    message = {"to": args.get("to"), "body": args.get("body")}
    Mailer().send(message)
    channel = kw.get("channel")
    if channel is not None:
        channel.send(json.dumps(message))
    return json.dumps({"queued": True})


registry.register(
    name="notify",
    toolset="notify",
    schema={"name": "notify", "description": "Notify.", "parameters": {"type": "object", "properties": {"to": {"type": "string", "description": "Who."}, "body": {"type": "string", "description": "What."}}, "required": ["to"]}},
    handler=notify,
)
""",
            },
            note="trap: send() of a dict or of text, by an object of any type: no known request is sent",
        ),
        Valid(
            {
                "tools/session_tool.py": """\
import json
import logging

from tools.registry import registry

logger = logging.getLogger(__name__)


class ProviderError(Exception):
    pass


def _remote_session(task):
    raise ProviderError("the provider is out of capacity")


def _local_session(task):
    import uuid

    name = f"local_{uuid.uuid4().hex[:8]}"
    logger.info("local session %s for %s", name, task)
    return {"name": name, "remote": False}


def _open_session(task):
    try:
        return _remote_session(task)
    except ProviderError as exc:
        logger.warning("provider failed (%s), going local", exc)
        try:
            return _local_session(task)
        except Exception as local_error:
            raise RuntimeError(f"no session: {exc}; {local_error}") from exc


def session_open(args, **kw):
    return json.dumps(_open_session(kw.get("task_id", "default")))


registry.register(
    name="session_open",
    toolset="session",
    schema={"name": "session_open", "description": "Open a session.", "parameters": {"type": "object", "properties": {}}},
    handler=session_open,
)
""",
            },
            note="a fallback that cannot fail (it only builds a dict from uuid4 and logs): the raise in its except is never reached",
        ),
        Valid(
            {
                "tools/retrying.py": """\
import asyncio
import functools


def retry(attempts=3, retry_on=(Exception,)):
    def deco(fn):
        @functools.wraps(fn)
        async def wrapper(*a, **kw):
            last = None
            for i in range(attempts):
                try:
                    return await fn(*a, **kw)
                except retry_on as exc:
                    last = exc
                    await asyncio.sleep(0.1 * (i + 1))
            raise last

        return wrapper

    return deco
""",
                "tools/tide_tool.py": """\
import json

import httpx

from tools.registry import registry
from tools.retrying import retry


@retry(attempts=3)
async def fetch_json(url):
    async with httpx.AsyncClient(timeout=5) as client:
        reply = await client.get(url)
    return reply.json()


async def tide(args, **kw):
    port = args.get("port")
    if not isinstance(port, str) or not port:
        return json.dumps({"error": "port is required"})
    try:
        data = await fetch_json("https://tides.example/" + port)
    except httpx.HTTPError as exc:
        return json.dumps({"error": f"tide service: {exc}"})
    return json.dumps({"port": port, "high": data.get("high")})


registry.register(
    name="tide",
    toolset="tide",
    schema={"name": "tide", "description": "Tide times.", "parameters": {"type": "object", "properties": {"port": {"type": "string", "description": "The port."}}, "required": ["port"]}},
    handler=tide,
    is_async=True,
)
""",
            },
            note="trap: the same retry, its last error caught by httpx.HTTPError (ConnectError's base)",
        ),
        Valid(
            {
                "tools/run_tool.py": """\
import asyncio
import json

from tools.registry import registry


async def _run(argv, timeout=None):
    proc = await asyncio.create_subprocess_exec(*argv, stdout=asyncio.subprocess.PIPE)
    if timeout is None:
        out, _ = await proc.communicate()
    else:
        out, _ = await asyncio.wait_for(proc.communicate(), timeout)
    return proc.returncode, out.decode(errors="replace")


async def slow_run(args, **kw):
    try:
        code, out = await _run(["uptime"], timeout=5)
    except asyncio.TimeoutError:
        return json.dumps({"error": "uptime took longer than 5 s"})
    return json.dumps({"code": code, "output": out})


async def quick_run(args, **kw):
    code, out = await _run(["uptime"])
    return json.dumps({"code": code, "output": out})


registry.register(
    name="slow_run",
    toolset="run",
    schema={"name": "slow_run", "description": "Run uptime with a time limit.", "parameters": {"type": "object", "properties": {}}},
    handler=slow_run,
    is_async=True,
)
registry.register(
    name="quick_run",
    toolset="run",
    schema={"name": "quick_run", "description": "Run uptime.", "parameters": {"type": "object", "properties": {}}},
    handler=quick_run,
    is_async=True,
)
""",
            },
            note="trap: the timeout caught as asyncio.TimeoutError (the builtin TimeoutError)",
        ),
        Valid(
            {
                "tools/desk_client.py": """\
import requests


class DeskClient:
    def __init__(self, base):
        self.base = base
        self.session = requests.Session()

    def ticket(self, number):
        reply = self.session.get(f"{self.base}/tickets/{number}", timeout=10)
        reply.raise_for_status()
        return reply.json()
""",
                "tools/desk_tool.py": """\
import json

import requests

from tools.desk_client import DeskClient
from tools.registry import registry

_CLIENT = None


def shared_client():
    global _CLIENT
    if _CLIENT is None:
        _CLIENT = DeskClient("https://desk.example")
    return _CLIENT


class DeskTools:
    def __init__(self, client_factory=shared_client):
        self._client_factory = client_factory

    @property
    def client(self):
        return self._client_factory()

    def get(self, args, **kw):
        number = args.get("number")
        if not isinstance(number, int):
            return json.dumps({"error": "number must be a whole number"})
        try:
            ticket = self.client.ticket(number)
        except requests.RequestException as exc:
            return json.dumps({"error": f"the desk: {exc}"})
        return json.dumps({"number": number, "title": ticket.get("title")})


_TOOLS = DeskTools()

registry.register(
    name="desk_get",
    toolset="desk",
    schema={"name": "desk_get", "description": "A ticket.", "parameters": {"type": "object", "properties": {"number": {"type": "integer", "description": "The ticket."}}, "required": ["number"]}},
    handler=_TOOLS.get,
)
""",
            },
            note="trap: the same client, its errors caught by requests.RequestException",
        ),
        Valid(
            {
                "tools/text_tool.py": """\
import json
import re
import shlex
from datetime import datetime

from tools.registry import registry


_DATE = re.compile(r"\\\\d{4}-\\\\d{2}-\\\\d{2}")


def _day_count(start, end):
    first = datetime.strptime(start, "%Y-%m-%d")
    last = datetime.strptime(end, "%Y-%m-%d")
    return (last - first).days


def days_between(args, **kw):
    start = args.get("start")
    end = args.get("end")
    if not start or not end:
        return json.dumps({"error": "start and end are required"})
    if not (_DATE.fullmatch(start) and _DATE.fullmatch(end)):
        return json.dumps({"error": "dates look like 2026-12-05"})
    return json.dumps({"days": _day_count(start, end)})


def grep_notes(args, **kw):
    pattern = args.get("pattern") or ""
    notes = ["buy milk", "call Ana"]
    try:
        found = [n for n in notes if re.search(pattern, n)]
    except re.error as exc:
        return json.dumps({"error": f"not a regular expression: {exc}"})
    return json.dumps({"matches": found})


def split_command(args, **kw):
    try:
        argv = shlex.split(args.get("command") or "")
    except ValueError as exc:
        return json.dumps({"error": str(exc)})
    return json.dumps({"argv": argv})


for name, fn in (("days_between", days_between), ("grep_notes", grep_notes), ("split_command", split_command)):
    registry.register(
        name=name,
        toolset="text",
        schema={"name": name, "description": "Text tools.", "parameters": {"type": "object", "properties": {}}},
        handler=fn,
    )
""",
            },
            note="trap: the dates' form tested by a pattern first; the bad pattern and the unbalanced quotes caught",
        ),
        Valid(
            {
                "tools/repeat_tool.py": """\
import json

from tools.registry import registry


def _validate_times(times):
    if not isinstance(times, str) or not times.isdigit():
        return "times must be a whole number, such as '3'"
    return None


def repeat(args, **kw):
    times = args.get("times")
    problem = _validate_times(times)
    if problem:
        return json.dumps({"error": problem})
    return json.dumps({"text": "ha" * int(times)})


registry.register(
    name="repeat",
    toolset="fun",
    schema={"name": "repeat", "description": "Laugh.", "parameters": {"type": "object", "properties": {"times": {"type": "string", "description": "How often."}}, "required": ["times"]}},
    handler=repeat,
)
""",
            },
            note="trap: a helper named for validating the value checks it before int() (its answer tested)",
        ),
        Valid(
            {
                "tools/archive_tool.py": """\
import json
import tarfile
from pathlib import Path

from tools.registry import registry


def _resolve(raw):
    if not isinstance(raw, str) or not raw.strip():
        return None
    path = Path(raw).expanduser().resolve()
    return path if path.is_file() else None


def tar_members(args, **kw):
    path = _resolve(args.get("path"))
    if path is None:
        return json.dumps({"error": "path must name a file"})
    try:
        archive = tarfile.open(path, mode="r:*")
    except tarfile.ReadError:
        return json.dumps({"error": f"{path.name} is not a tar archive"})
    with archive:
        names = archive.getnames()[:100]
    return json.dumps({"members": names})


registry.register(
    name="tar_members",
    toolset="archive",
    schema={"name": "tar_members", "description": "A tar archive's members.", "parameters": {"type": "object", "properties": {"path": {"type": "string", "description": "The archive."}}, "required": ["path"]}},
    handler=tar_members,
)
""",
            },
            note="trap: the helper tests that the file exists before it hands the path back",
        ),
        Valid(
            {
                "tools/kv_tool.py": """\
import json

from tools.registry import registry

STORE = {}


class BadKey(ValueError):
    pass


def _key(args):
    key = args.get("key")
    if not isinstance(key, str) or not key:
        raise BadKey("key must be a non-empty string")
    return "k:" + key


def kv_get(args, **kw):
    try:
        key = _key(args)
    except BadKey as exc:
        return json.dumps({"error": str(exc)})
    return json.dumps({"key": args["key"], "value": STORE.get(key)})


registry.register(
    name="kv_get",
    toolset="kv",
    schema={"name": "kv_get", "description": "A value.", "parameters": {"type": "object", "properties": {"key": {"type": "string", "description": "The key."}}, "required": ["key"]}},
    handler=kv_get,
)
""",
            },
            note="trap: a helper handed the arguments raises when args.get('key') is not a non-empty string; once it returned, args['key'] is there",
        ),
        Valid(
            {
                "tools/fetch_tool.py": """\
import json

import httpx

from tools.registry import registry


async def _get(client: httpx.AsyncClient, url: str) -> dict:
    reply = await client.get(url)
    return {"status": reply.status_code, "body": reply.text[:2000]}


async def fetch_page(args, **kw):
    url = args.get("url")
    if not isinstance(url, str) or not url.startswith(("http://", "https://")):
        return json.dumps({"error": "url must be an http(s) URL"})
    try:
        async with httpx.AsyncClient(timeout=5) as client:
            result = await _get(client, url)
    except httpx.HTTPError as exc:
        return json.dumps({"error": f"could not fetch {url}: {exc}"})
    return json.dumps(result)


registry.register(
    name="fetch_page",
    toolset="web",
    schema={"name": "fetch_page", "description": "Fetch a page.", "parameters": {"type": "object", "properties": {"url": {"type": "string", "description": "The page."}}, "required": ["url"]}},
    handler=fetch_page,
    is_async=True,
)
""",
            },
            note="trap: the same helper, its errors caught by httpx.HTTPError",
        ),
        Valid(
            {
                "tools/mixins.py": """\
import json


class ReplyMixin:
    def reply(self, **data):
        return json.dumps(data)

    def refuse(self, message):
        return json.dumps({"error": message})


class CheckMixin:
    class Invalid(Exception):
        pass

    def text_arg(self, args, key):
        value = args.get(key)
        if not isinstance(value, str) or not value:
            raise self.Invalid(f"{key!r} must be a non-empty string")
        return value
""",
                "tools/kv_tool.py": """\
from tools.mixins import CheckMixin, ReplyMixin
from tools.registry import registry


class KvTool(ReplyMixin, CheckMixin):
    name = ""

    def handle(self, args, **kw):
        try:
            return self.work(args)
        except self.Invalid as exc:
            return self.refuse(str(exc))

    def work(self, args):
        raise NotImplementedError


class Scan(KvTool):
    name = "kv_scan"

    def work(self, args):
        prefix = self.text_arg(args, "prefix")
        raw = args.get("limit") or 50
        if not str(raw).isdigit():
            raise self.Invalid("limit must be a whole number")
        limit = int(raw)
        return self.reply(prefix=prefix, limit=limit)


for cls in (Scan,):
    tool = cls()
    registry.register(
        name=cls.name,
        toolset="kv",
        schema={"name": cls.name, "description": "Keys.", "parameters": {"type": "object", "properties": {}}},
        handler=tool.handle,
    )
""",
            },
            note="trap: the limit checked and refused with the mixin's own class, which `except self.Invalid` catches",
        ),
        Valid(
            {
                "tools/store_tool.py": """\
import json
from contextlib import contextmanager

from tools.registry import registry, tool_error


class StoreError(Exception):
    pass


class Refused(Exception):
    def __init__(self, answer):
        super().__init__(answer)
        self.answer = answer


@contextmanager
def translated(action):
    try:
        yield
    except StoreError as exc:
        raise Refused(tool_error(f"{action}: {exc}")) from exc


def _put(key, value):
    if not key:
        raise StoreError("a key is required")
    return {"key": key}


def put(args, **kw):
    try:
        with translated("put"):
            return json.dumps(_put(args.get("key"), args.get("value")))
    except Refused as refused:
        return refused.answer


registry.register(name="put", toolset="t", schema={"name": "put", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=put)
""",
            },
            note="trap: a @contextmanager around its yield turns StoreError into Refused, which the handler catches",
        ),
        Valid(
            {
                "tools/find_tool.py": """\
import json
from dataclasses import dataclass

from tools.registry import registry, tool_error


@dataclass
class Query:
    text: str
    limit: int = 10


@dataclass
class Page:
    size: int = 20


def find(args, **kw):
    try:
        q = Query(**args)
    except TypeError as exc:
        return tool_error(f"bad arguments: {exc}")
    return json.dumps({"text": q.text})


def page(args, **kw):
    return json.dumps({"size": Page(**args).size})


def lookup(city, country="NL"):
    return {"city": city, "country": country}


def where(args, **kw):
    if not args.get("city"):
        return tool_error("city is required")
    return json.dumps(lookup(**args))


registry.register(name="find", toolset="t", schema={"name": "find", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=find)
registry.register(name="page", toolset="t", schema={"name": "page", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=page)
registry.register(name="where", toolset="t", schema={"name": "where", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=where)
""",
            },
            note="trap: Query(**args) in try/except TypeError; a dataclass whose every field has a default; a function called with **args after the handler checked its one required key",
        ),
        Valid(
            {
                "tools/convert_tool.py": """\
import hashlib
import json
import tomllib

import yaml

from tools.registry import registry, tool_error


def convert(args, **kw):
    text = args.get("text", "")
    try:
        data = tomllib.loads(text) if args.get("kind") == "toml" else yaml.safe_load(text)
    except (ValueError, yaml.YAMLError) as exc:
        return tool_error(f"cannot parse: {exc}")
    return json.dumps(data, default=str)


def digest(args, **kw):
    name = args.get("algorithm") or "sha256"
    if name not in hashlib.algorithms_available:
        return tool_error(f"unknown algorithm {name}")
    return json.dumps({"hex": hashlib.new(name, b"x").hexdigest()})


registry.register(name="convert", toolset="t", schema={"name": "convert", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=convert)
registry.register(name="digest", toolset="t", schema={"name": "digest", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=digest)
""",
            },
            note="trap: TOMLDecodeError is a ValueError; YAMLError caught by name; the algorithm tested against a table first",
        ),
        Valid(
            {
                "tools/mail_tool.py": """\
import imaplib
import json
import os

from tools.registry import registry, tool_error


def unread(args, **kw):
    host = os.environ.get("MAIL_HOST", "localhost")
    try:
        conn = imaplib.IMAP4_SSL(host)
        conn.select(args.get("folder") or "INBOX", readonly=True)
        _, data = conn.search(None, "UNSEEN")
    except (OSError, imaplib.IMAP4.error) as exc:
        return tool_error(str(exc))
    return json.dumps({"unread": len(data[0].split())})


registry.register(name="unread", toolset="t", schema={"name": "unread", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=unread)
""",
            },
            note="trap: the connection made inside the try, OSError caught",
        ),
        Valid(
            {
                "tools/ctl_tool.py": """\
import json

from tools.registry import registry, tool_error

RATES = {"EUR": 1.0, "USD": 1.08}
UNITS = {"m": 1.0, "km": 1000.0}


def _start(args):
    return {"started": args.get("name")}


ACTIONS = {"start": _start}


def control(args, **kw):
    action = str(args.get("action", ""))
    if action not in ACTIONS:
        return tool_error(f"unknown action {action!r}")
    return json.dumps(ACTIONS[action](args))


def convert(args, **kw):
    src = str(args.get("from", "")).upper()
    dst = str(args.get("to", "")).upper()
    for code in (src, dst):
        if code not in RATES:
            return tool_error(f"unknown currency {code}")
    return json.dumps({"rate": RATES[dst] / RATES[src]})


def _kind(unit):
    return "length" if unit in UNITS else None


def scale(args, **kw):
    unit = str(args.get("unit", ""))
    if _kind(unit) is None:
        return tool_error(f"unknown unit {unit}")
    return json.dumps({"factor": UNITS[unit]})


registry.register(name="control", toolset="t", schema={"name": "control", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=control)
registry.register(name="convert", toolset="t", schema={"name": "convert", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=convert)
registry.register(name="scale", toolset="t", schema={"name": "scale", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=scale)
""",
            },
            note="trap: the key tested against the table first: `in` the table, each value of a loop over them, a helper whose answer is tested",
        ),
        Valid(
            {
                "tools/files_tool.py": """\
import json
import os

from tools.registry import registry, tool_error


def read(args, **kw):
    path = os.path.expanduser(str(args.get("path", "")))
    try:
        with open(path, encoding="utf-8") as fh:
            text = fh.read()
    except (OSError, UnicodeDecodeError) as exc:
        return tool_error(f"cannot read {path}: {exc}")
    return json.dumps({"text": text[:1000]})


def size(args, **kw):
    path = args.get("path", "")
    if not os.path.isfile(path):
        return tool_error("not a file")
    with open(path, "rb") as fh:
        return json.dumps({"bytes": len(fh.read())})


registry.register(name="read", toolset="t", schema={"name": "read", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=read)
registry.register(name="size", toolset="t", schema={"name": "size", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=size)
""",
            },
            note="trap: OSError caught (IsADirectoryError is one) with UnicodeDecodeError (a file that is not text); isfile() tested first, the file read as bytes",
        ),
        Valid(
            {
                "tools/env_tool.py": """\
import json
import shutil
import subprocess
import sys

from tools.registry import registry, tool_error


class Runner:
    def __init__(self, workers=4):
        if workers < 1:
            raise ValueError("workers must be at least 1")
        self.workers = workers

    def run(self, argv, timeout=30):
        exe = shutil.which(argv[0])
        if exe is None:
            raise FileNotFoundError(f"command not found: {argv[0]}")
        try:
            proc = subprocess.run([exe, *argv[1:]], capture_output=True, text=True, timeout=timeout)
        except subprocess.TimeoutExpired:
            return None
        return proc.stdout


def version(args, **kw):
    out = Runner(workers=8).run([sys.executable, "--version"])
    if out is None:
        return tool_error("timed out")
    return json.dumps({"version": out.strip()})


registry.register(name="version", toolset="t", schema={"name": "version", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=version)
""",
            },
            note="trap: a program the tool runs not installed (`shutil.which(...) is None`) is the machine's state, which Hermes's check reports before the tool is offered; a constructor given workers=8 never reaches its `workers < 1` raise",
        ),
        Valid(
            {
                "tools/llm_tool.py": """\
import json

import docker
import openai
from openai import OpenAI

from tools.registry import registry, tool_error

_client = OpenAI(base_url="http://localhost:8080/v1", api_key="none")


def ask(args, **kw):
    try:
        reply = _client.chat.completions.create(
            model="local", messages=[{"role": "user", "content": args.get("q", "")}]
        )
    except openai.APIError as exc:
        return tool_error(f"the model server failed: {exc}")
    return json.dumps({"answer": reply.choices[0].message.content})


def containers(args, **kw):
    try:
        found = docker.from_env().containers.list()
    except docker.errors.DockerException:
        return tool_error("no such container")
    return json.dumps({"names": [c.name for c in found]})


registry.register(name="ask", toolset="t", schema={"name": "ask", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=ask)
registry.register(name="containers", toolset="t", schema={"name": "containers", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=containers)
""",
            },
            note="trap: openai.APIError is the base of APIConnectionError; DockerException caught",
        ),
        Valid(
            {
                "tools/misc_tool.py": """\
import json
import os
import tarfile
from string import Template

from tools.registry import registry, tool_error

FEEDS = {"news": "https://example.org/rss"}


def render(args, **kw):
    raw = args.get("values")
    values = {k: str(v) for k, v in raw.items()} if isinstance(raw, dict) else {}
    return json.dumps({"text": Template("Dear $name, $message").safe_substitute(values)})


def members(args, **kw):
    path = args.get("path", "")
    if not os.path.isfile(path) or not tarfile.is_tarfile(path):
        return tool_error("not a tar archive")
    with tarfile.open(path) as tf:
        return json.dumps({"names": tf.getnames()})


def feeds(args, **kw):
    wanted = args.get("feeds") or []
    if not isinstance(wanted, list):
        return tool_error("feeds must be a list")
    unknown = [name for name in wanted if name not in FEEDS]
    if unknown:
        return tool_error(f"unknown feeds: {unknown}")
    return json.dumps({"urls": [FEEDS[name] for name in wanted]})


registry.register(name="render", toolset="t", schema={"name": "render", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=render)
registry.register(name="members", toolset="t", schema={"name": "members", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=members)
registry.register(name="feeds", toolset="t", schema={"name": "feeds", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=feeds)
""",
            },
            note="trap: safe_substitute leaves a missing name as it is; isfile() then is_tarfile() say what the file is before tarfile.open (is_tarfile itself opens the file: only after isfile is it safe); every value of the list tested against the table by a comprehension first",
        ),
        Valid(
            {
                "tools/git_tool.py": """\
import json
import subprocess

from tools.registry import registry, tool_error


def status(args, **kw):
    try:
        proc = subprocess.run(["git", "status", "--short"], cwd=args.get("repo") or ".", capture_output=True, text=True, timeout=20)
    except (subprocess.TimeoutExpired, OSError) as exc:
        return tool_error(f"git failed: {exc}")
    return json.dumps({"changes": proc.stdout.splitlines()})


registry.register(name="status", toolset="t", schema={"name": "status", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=status)
""",
            },
            note="trap: OSError caught around the subprocess (FileNotFoundError and NotADirectoryError are OSErrors)",
        ),
        Valid(
            {
                "tools/ping_tool.py": """\
import json

import requests
from tenacity import retry, stop_after_attempt

from tools.registry import registry, tool_error


@retry(stop=stop_after_attempt(3), reraise=True)
def _status(url):
    return requests.get(url, timeout=5).status_code


def ping(args, **kw):
    try:
        return json.dumps({"status": _status("https://example.org/health")})
    except requests.RequestException as exc:
        return tool_error(f"unreachable: {exc}")


registry.register(name="ping", toolset="t", schema={"name": "ping", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=ping)
""",
            },
            note="trap: @retry(reraise=True) raises the def's last exception as it is, which the handler catches",
        ),
        Valid(
            {
                "tools/repo_helpers.py": """\
import os

import git


def open_repo(path):
    path = os.path.expanduser(path or os.getcwd())
    return git.Repo(path, search_parent_directories=True)
""",
                "tools/repo_head_tool.py": """\
import json
import os

import git

from tools.repo_helpers import open_repo
from tools.registry import registry, tool_error


def repo_head(args, **kw):
    target = args.get("target")
    if not isinstance(target, str) or not target:
        return tool_error("target is required")
    target = os.path.abspath(os.path.expanduser(target))
    try:
        repo = open_repo(os.path.dirname(target))
    except git.GitError as exc:
        return tool_error(f"not a repository: {exc}")
    return json.dumps({"head": repo.head.commit.hexsha})


registry.register(name="repo_head", toolset="t", schema={"name": "repo_head", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=repo_head)
""",
            },
            note="trap: the same rebinding and helper, with git's base error caught around the call",
        ),
        Valid(
            {
                "tools/feed_fetch.py": """\
import requests


class FetchError(Exception):
    pass


def fetch_body(url):
    try:
        resp = requests.get(url, timeout=10)
    except requests.RequestException as exc:
        raise FetchError(str(exc)) from exc
    return resp.content
""",
                "tools/feed_parse.py": """\
import xml.etree.ElementTree as ET


def titles(data):
    root = ET.fromstring(data)
    return [item.findtext("title") or "" for item in root.iter("item")]
""",
                "tools/feed_tool.py": """\
import json
import xml.etree.ElementTree as ET

import requests

from tools.feed_fetch import FetchError, fetch_body
from tools.feed_parse import titles
from tools.registry import registry, tool_error


def feed_titles(args, **kw):
    url = str(args.get("url") or "")
    if not url.startswith(("http://", "https://")):
        return tool_error("url must be http(s)")
    try:
        body = fetch_body(url)
    except FetchError as exc:
        return tool_error(str(exc))
    try:
        found = titles(body)
    except ET.ParseError as exc:
        return tool_error(f"not a feed: {exc}")
    return json.dumps({"titles": found})


def api_status(args, **kw):
    try:
        page = requests.get(args.get("url") or "", timeout=5)
        return json.dumps({"status": page.json().get("status")})
    except requests.RequestException as exc:
        return tool_error(str(exc))


registry.register(name="feed_titles", toolset="t", schema={"name": "feed_titles", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=feed_titles)
registry.register(name="api_status", toolset="t", schema={"name": "api_status", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=api_status)
""",
            },
            note="trap: ParseError caught around the parse; requests' JSONDecodeError is a RequestException, caught; a fixed service's `.json()` is not the model's choice",
        ),
        Valid(
            {
                "tools/table_tool.py": """\
import csv
import json
import xml.etree.ElementTree as ET
from pathlib import Path

from tools.registry import registry, tool_error

ROOT = Path.cwd()


class Tool:
    def handle(self, args, **kw):
        try:
            return json.dumps(self.run(args or {}))
        except LookupError as exc:
            return tool_error(str(exc))

    @staticmethod
    def existing(rel):
        path = (ROOT / rel).resolve()
        if not path.is_file():
            raise LookupError(f"no such file: {rel}")
        return path


class Columns(Tool):
    def run(self, args):
        path = self.existing(args.get("path") or "")
        with open(path, newline="", encoding="utf-8", errors="replace") as fh:
            header = next(csv.reader(fh), [])
        return {"columns": header}


class Select(Tool):
    def run(self, args):
        path = self.existing(args.get("path") or "")
        try:
            tree = ET.parse(path)
        except (ET.ParseError, UnicodeDecodeError) as exc:
            raise LookupError(f"not XML: {exc}") from exc
        try:
            found = tree.getroot().findall(args.get("xpath") or ".")
        except (SyntaxError, KeyError, TypeError) as exc:
            raise LookupError(f"bad path: {exc}") from exc
        return {"count": len(found)}


COLUMNS, SELECT = Columns(), Select()
registry.register(name="csv_columns", toolset="t", schema={"name": "csv_columns", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=COLUMNS.handle)
registry.register(name="xml_select", toolset="t", schema={"name": "xml_select", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=SELECT.handle)
""",
            },
            note="trap: errors='replace' decodes any byte; the ElementTree path's errors turned into the tool's own",
        ),
        Valid(
            {
                "plugins/tally/plugin.yaml": """\
name: tally
version: 0.1.0
description: d
provides_tools:
  - tally_top
  - tally_sql
""",
                "plugins/tally/__init__.py": """\
import json
import sqlite3
import re

from . import report

_ORDER = {"count": "n", "name": "tag"}
_READ_ONLY = re.compile(r"^\\s*select\\b", re.I)


def tally_top(args, **kw):
    order = str(args.get("order") or "count")
    if order not in _ORDER:
        return json.dumps({"error": f"order must be one of {sorted(_ORDER)}"})
    rows = report.top(_ORDER[order])
    return json.dumps({"rows": rows})


def tally_sql(args, **kw):
    sql = args.get("sql") or ""
    if not _READ_ONLY.match(sql):
        return json.dumps({"error": "only SELECT"})
    try:
        return json.dumps({"rows": report.run(sql)})
    except sqlite3.Error as exc:
        return json.dumps({"error": f"query failed: {exc}"})


def register(ctx):
    reg = ctx.register_tool
    for name, fn in (("tally_top", tally_top), ("tally_sql", tally_sql)):
        reg(name=name, toolset="tally", schema={"name": name, "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=fn)
""",
                "plugins/tally/report.py": """\
from . import store


def top(order_by):
    with store.connect() as conn:
        return conn.execute(f"SELECT tag, COUNT(*) AS n FROM items GROUP BY tag ORDER BY {order_by} DESC").fetchall()


def run(sql):
    with store.connect() as conn:
        return conn.execute(sql).fetchall()
""",
                "plugins/tally/store.py": """\
import sqlite3
from pathlib import Path

DB = Path.home() / ".tally.db"


def connect():
    return sqlite3.connect(DB)
""",
            },
            note="trap: the ORDER BY value tested against the table of columns; the model's SQL run inside `except sqlite3.Error`",
        ),
        Valid(
            {
                "tools/units.py": """\
import json
import os
from pathlib import Path


class UnitError(Exception):
    pass


def unit_dir():
    return Path(os.environ.get("UNIT_DIR", "/etc/units"))


def load(name):
    if not name.isidentifier():
        raise UnitError(f"bad unit name {name!r}")
    path = unit_dir() / f"{name}.json"
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except OSError:
        raise UnitError(f"no unit {name!r}")


def snapshot_path(name):
    if not name.isidentifier():
        raise ValueError(f"bad snapshot name {name!r}")
    folder = Path.home() / ".snapshots"
    folder.mkdir(parents=True, exist_ok=True)
    return folder / f"{name}.json"


def save(name, data):
    path = snapshot_path(name)
    path.write_text(json.dumps(data), encoding="utf-8")
    return path
""",
                "tools/units_tool.py": """\
import json

from tools import units
from tools.registry import registry, tool_error


def unit_show(args, **kw):
    try:
        return json.dumps(units.load(args.get("name") or ""))
    except units.UnitError as exc:
        return tool_error(str(exc))


def snapshot_save(args, **kw):
    name = args.get("name") or ""
    try:
        units.snapshot_path(name)
    except ValueError as exc:
        return tool_error(str(exc))
    path = units.save(name, args.get("data"))
    return json.dumps({"saved": str(path)})


registry.register(name="unit_show", toolset="t", schema={"name": "unit_show", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=unit_show)
registry.register(name="snapshot_save", toolset="t", schema={"name": "snapshot_save", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=snapshot_save)
""",
            },
            note="trap: the model picks a name, the tool the folder and the kind of file (a .json suffix of its own): what the file holds is the tool own; a folder made with parents=True; a name the handler already tested by calling the same helper in a try that returns",
        ),
        Valid(
            {
                "tools/api_http.py": """\
import httpx


def client():
    return httpx.Client(base_url="https://api.example.org", timeout=10)
""",
                "tools/api_tool.py": """\
import json

import httpx

from tools import api_http
from tools.registry import registry, tool_error


def api_get(args, **kw):
    path = args.get("path") or "/"
    with api_http.client() as c:
        try:
            resp = c.get(path)
            resp.raise_for_status()
        except httpx.HTTPError as exc:
            return tool_error(f"request failed: {exc}")
        try:
            data = resp.json()
        except ValueError:
            return tool_error("the answer is not JSON")
    return json.dumps({"data": data})


registry.register(name="api_get", toolset="t", schema={"name": "api_get", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=api_get)
""",
            },
            note="trap: the body parsed inside `except ValueError`",
        ),
        Valid(
            {
                "tools/tail_tool.py": """\
import json

from tools.registry import registry, tool_error


async def lines_of(path):
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            yield line.rstrip("\\n")


async def tail(args, **kw):
    path = args.get("path") or ""
    out = []
    try:
        async for line in lines_of(path):
            out.append(line)
    except (OSError, UnicodeDecodeError):
        return tool_error(f"no such file: {path}")
    return json.dumps({"lines": out[-10:]})


registry.register(name="tail", toolset="t", schema={"name": "tail", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=tail, is_async=True)
""",
            },
            note="trap: OSError and UnicodeDecodeError caught around the loop",
        ),
        Valid(
            {
                "tools/token_tool.py": """\
import json
import os

import jwt

from tools.registry import registry, tool_error


def token_check(args, **kw):
    token = str(args.get("token") or "").strip()
    try:
        claims = jwt.decode(token, os.environ.get("JWT_SECRET", ""), algorithms=["HS256"])
    except jwt.InvalidTokenError:
        return tool_error("expired")
    return json.dumps({"claims": claims})


registry.register(name="token_check", toolset="t", schema={"name": "token_check", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=token_check)
""",
            },
            note="trap: InvalidTokenError, the base of what decode raises, caught",
        ),
        Valid(
            {
                "tools/note_title_tool.py": """\
import json

from tools.registry import registry


class Note:
    title = "x"


def clean(text):
    return text.strip()


def note_title(args, **kw):
    note = Note()
    if not clean(note.title):
        return json.dumps({"error": "no title"})
    return json.dumps({"title": note.title})


registry.register(name="note_title", toolset="t", schema={"name": "note_title", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=note_title)
""",
            },
            note="trap (and no crash): a helper that hands back its text, tested on an attribute of a local object while the handler's values are still being read",
        ),
        Valid(
            {
                "tools/quote_tool.py": """\
import json
from dataclasses import dataclass
from datetime import date
from decimal import Decimal

from tools.registry import registry


@dataclass
class Quote:
    symbol: str
    price: float

    def as_dict(self):
        return {"symbol": self.symbol, "price": self.price}


def _quote(symbol):
    return Quote(symbol, 1.0)


def _price(text):
    amount = Decimal(text)
    amount = float(amount)
    return amount


def quote_get(args, **kw):
    quote = _quote(str(args.get("symbol") or "X"))
    day = date.today()
    try:
        raw = json.dumps({"quote": quote, "day": day})
    except TypeError:
        raw = "{}"
    return json.dumps({"quote": quote.as_dict(), "day": day.isoformat(), "price": _price("1.5"), "raw": raw})


registry.register(name="quote_get", toolset="quotes", schema={"name": "quote_get", "description": "A quote.", "parameters": {"type": "object", "properties": {"symbol": {"type": "string", "description": "A symbol."}}}}, handler=quote_get)
""",
            },
            note="trap: a record instance and a date serialised in a try that catches TypeError; their converted forms outside it; a Decimal rebound to float",
        ),
        Valid(
            {
                "tools/photos_tool.py": """\
import json
from pathlib import Path

from tools.registry import registry


class PhotoError(Exception):
    pass


def _resolve(raw):
    p = Path(str(raw)).expanduser()
    if not p.exists() or p.is_dir():
        raise PhotoError(f"no such file: {p}")
    return p


def _open_photo(raw):
    p = _resolve(raw)
    return p.read_bytes()[:16]


class Photos:
    def size(self, raw):
        head = _open_photo(raw)
        p = Path(raw)
        return {"head": head.hex(), "bytes": p.stat().st_size}


_PHOTOS = Photos()


def photo_size(args, **kw):
    try:
        return json.dumps(_PHOTOS.size(args.get("path", "")))
    except PhotoError as exc:
        return json.dumps({"error": str(exc)})


registry.register(name="photo_size", toolset="photos", schema={"name": "photo_size", "description": "A photo's size.", "parameters": {"type": "object", "properties": {"path": {"type": "string", "description": "A photo."}}}}, handler=photo_size)
""",
            },
            note="trap: a method reads the path's size after a helper (two calls deep) raised its own error unless the path leads to a file, which the handler catches",
        ),
        Valid(
            {
                "tools/ports_tool.py": """\
import asyncio
import json
import socket

from tools.registry import registry

PORTS = (22, 80, 443)


def _probe(host, port):
    with socket.create_connection((host, port), timeout=2):
        return True


async def ports_open(args, **kw):
    host = str(args.get("host") or "localhost")
    jobs = [asyncio.wait_for(asyncio.to_thread(_probe, host, p), timeout=3) for p in PORTS]
    results = await asyncio.gather(*jobs, return_exceptions=True)
    found = {str(p): r is True for p, r in zip(PORTS, results)}
    return json.dumps({"host": host, "open": found})


registry.register(name="ports_open", toolset="ports", schema={"name": "ports_open", "description": "Open ports.", "parameters": {"type": "object", "properties": {"host": {"type": "string", "description": "A host."}}}}, handler=ports_open, is_async=True)
""",
            },
            note="trap: asyncio.wait_for(asyncio.to_thread(...)) made in a list and gathered with return_exceptions=True: what they raise is a result",
        ),
        Valid(
            {
                "tools/disk_tool.py": """\
import json
import os
import shutil

from tools.registry import registry


def _usage(path):
    total, used, free = shutil.disk_usage(path)
    return {"total": total, "used": used, "free": free}


def _children(path, top):
    entries = sorted(os.scandir(path), key=lambda e: e.name)
    return [e.name for e in entries[:top]]


def disk_report(args, **kw):
    # trap: the path the model names failed the first helper's way before (caught, returned):
    # after it, the second helper's same failure cannot happen
    path = os.path.expanduser(str(args.get("path") or "/"))
    try:
        usage = _usage(path)
    except FileNotFoundError:
        return json.dumps({"error": f"no such path: {path}"})
    except OSError as exc:
        return json.dumps({"error": str(exc)})
    usage["first"] = _children(path, 5)
    return json.dumps(usage)


SCHEMA = {"type": "object", "properties": {"path": {"type": "string", "description": "A folder."}}}
registry.register(name="disk_report", toolset="disk", schema={"name": "disk_report", "description": "Disk.", "parameters": SCHEMA}, handler=disk_report)
""",
            },
            note="the model's path failed one helper (FileNotFoundError, caught and returned) before another helper is given it: that failure cannot happen there",
        ),
        Valid(
            {
                "tools/notes_tool.py": """\
import base64
import json

from tools.registry import registry


def note_title(args, **kw):
    # traps: blank text turned away first (`not text.strip()`), then its first line exists
    text = args.get("text")
    if not isinstance(text, str) or not text.strip():
        return json.dumps({"error": "text is required"})
    title = args.get("title") or text.strip().splitlines()[0][:60]
    return json.dumps({"title": title})


def note_token(args, **kw):
    # traps: a prefix stripped, then the text decoded inside a try that catches what fails
    token = str(args.get("token") or "")
    if token.lower().startswith("bearer "):
        token = token[7:]
    try:
        body = json.loads(base64.urlsafe_b64decode(token + "==").decode("utf-8"))
    except ValueError as exc:
        return json.dumps({"error": f"not a token: {exc}"})
    return json.dumps({"body": body})


SCHEMA = {"type": "object", "properties": {"text": {"type": "string", "description": "A note."}, "title": {"type": "string", "description": "Its title."}, "token": {"type": "string", "description": "A token."}}}
for name, handler in (("note_title", note_title), ("note_token", note_token)):
    registry.register(name=name, toolset="notes", schema={"name": name, "description": "Notes.", "parameters": SCHEMA}, handler=handler)
""",
            },
            note="blank text turned away by `not text.strip()` before its first line is read; a prefix stripped and the decoded text parsed inside a try that catches ValueError (binascii.Error, UnicodeDecodeError and JSONDecodeError are ValueErrors)",
        ),
        Valid(
            {
                "tools/calendar_tool.py": """\
import json
from datetime import date

from tools.registry import registry


def _clamped(year, month, day):
    for candidate in (day, 30, 29, 28):
        try:
            return date(year, month, candidate)
        except ValueError:
            continue
    raise ValueError("unreachable: every month has a 28th")


def month_end(args, **kw):
    # trap: the helper's last raise is one its author marks unreachable in its message
    today = date.today()
    return json.dumps({"end": _clamped(today.year, today.month, 31).isoformat()})


SCHEMA = {"type": "object", "properties": {}}
registry.register(name="month_end", toolset="calendar", schema={"name": "month_end", "description": "Calendar.", "parameters": SCHEMA}, handler=month_end)
""",
            },
            note="a raise whose message says the author holds it unreachable (`unreachable`, `should never happen`) guards an invariant, as `# pragma: no cover` does",
        ),
        Valid(
            {
                "tools/listen_tool.py": """\
import json
from tools.registry import registry

SCHEMA = {"type": "object", "properties": {"playback_speed": {"type": "number", "description": "A speed."}}}


def format_duration(total: int) -> str:
    h, rem = divmod(int(total), 3600)
    return f"{h:02d}:{rem:02d}"


def listen_time(args, **kw):
    # trap: a total divided by the model's number made a float is a number, not a path
    speed = args.get("playback_speed", 1.0)
    try:
        speed = float(speed)
    except (TypeError, ValueError):
        return json.dumps({"error": "bad"})
    if speed <= 0:
        return json.dumps({"error": "playback_speed must be positive"})
    total = 0
    for x in [1, 2]:
        total += x
    listening = total / speed
    return json.dumps({"total": format_duration(total), "at": format_duration(listening)})


registry.register(name="listen_time", toolset="listen", schema={"name": "listen_time", "description": "Listening.", "parameters": SCHEMA}, handler=listen_time)
""",
            },
            note="a total divided by the model's number made a float (`speed = float(speed)`) is a number, not a path: int() of it in a helper raises nothing on text",
        ),
        Valid(
            {
                "tools/tally_tool.py": """\
import json
import sqlite3
from datetime import date, datetime, timedelta

from tools.registry import registry


def _count(limit: int):
    with sqlite3.connect("tally.db") as conn:
        return conn.execute("SELECT n FROM tally LIMIT ?", (limit,)).fetchall()


def tally_list(args, **kw):
    try:
        limit = int(args.get("limit") or 10)
    except (TypeError, ValueError):
        return json.dumps({"error": "limit must be a number"})
    try:
        rows = _count(max(1, min(limit, 200)))
    except sqlite3.Error as exc:
        return json.dumps({"error": str(exc)})
    return json.dumps({"rows": [r[0] for r in rows]})


def tally_since(args, **kw):
    days = args.get("days") if isinstance(args.get("days"), int) else 7
    if not 1 <= days <= 3650:
        return json.dumps({"error": "days must be between 1 and 3650"})
    since = datetime.now() - timedelta(days=days)
    return json.dumps({"since": since.isoformat()})


def tally_day(args, **kw):
    try:
        day = date(int(args.get("year", 2024)), int(args.get("month", 1)), int(args.get("day", 1)))
        stamp = datetime.fromtimestamp(float(args.get("at", 0)))
    except (TypeError, ValueError, OverflowError, OSError) as exc:
        return json.dumps({"error": f"not a date: {exc}"})
    return json.dumps({"day": day.isoformat(), "at": stamp.isoformat()})


SCHEMA = {"type": "object", "properties": {"limit": {"type": "integer", "description": "How many."}}}
for name, fn in (("tally_list", tally_list), ("tally_since", tally_since), ("tally_day", tally_day)):
    registry.register(name=name, toolset="tally", schema={"name": name, "description": "Tally.", "parameters": SCHEMA}, handler=fn)
""",
            },
            note="the model's numbers bounded before use: `max(1, min(limit, 200))` into sqlite, `1 <= days <= 3650` before `timedelta`, a date and a timestamp whose ValueError, OverflowError and OSError are caught",
        ),
        Valid(
            {
                "plugins/stopwatch/plugin.yaml": """\
name: stopwatch
version: 0.2.0
description: Lap times and their spread.
provides_tools:
  - lap_stats
""",
                "plugins/stopwatch/maths.py": """\
def spread(sorted_laps, share):
    if not sorted_laps:
        raise ValueError("no laps")
    at = min(len(sorted_laps) - 1, int(share * len(sorted_laps)))
    return sorted_laps[at] - sorted_laps[0]
""",
                "plugins/stopwatch/__init__.py": """\
import json

from .maths import spread


def lap_stats(args, **kwargs):
    laps = sorted(float(x) for x in (args.get("laps") if isinstance(args.get("laps"), list) else []) if isinstance(x, (int, float)))
    if not laps:
        return json.dumps({"error": "give at least one lap time in seconds"})
    return json.dumps({"laps": len(laps), "p90_spread": spread(laps, 0.9)})


def register(ctx):
    schema = {"name": "lap_stats", "description": "Lap times.", "parameters": {"type": "object", "properties": {"laps": {"type": "array", "items": {"type": "number"}, "description": "Seconds per lap."}}}}
    ctx.register_tool(name="lap_stats", toolset="stopwatch", schema=schema, handler=lap_stats)
""",
            },
            note="`if not laps: return ...` before the call: the helper's own `if not sorted_laps: raise ValueError` cannot fire for the list it is given",
        ),
        Valid(
            {
                "tools/stats_tool.py": """\
import json

from tools.registry import registry


def median(values):
    ordered = sorted(v for v in values if isinstance(v, (int, float)))
    if not ordered:
        return None
    middle = len(ordered) // 2
    if len(ordered) % 2:
        return ordered[middle]
    return (ordered[middle - 1] + ordered[middle]) / 2


def stats_median(args, **kw):
    values = args.get("values") or []
    return json.dumps({"median": median(values)})


SCHEMA = {"type": "object", "properties": {"values": {"type": "array", "items": {"type": "number"}, "description": "Numbers."}}}
registry.register(name="stats_median", toolset="stats", schema={"name": "stats_median", "description": "Median.", "parameters": SCHEMA}, handler=stats_median)
""",
            },
            note="a project's own `median` (it answers None for no values) is not statistics.median: a call is what its name resolves to, not what it is called",
        ),
        Valid(
            {
                "plugins/renewals/plugin.yaml": """\
name: renewals
version: 1.0.0
description: When does a subscription renew next.
provides_tools:
  - renewal_next
""",
                "plugins/renewals/cycles.py": """\
from datetime import date, timedelta

CYCLES = ("weekly", "fortnightly", "yearly")


def advance(day: date, cycle: str) -> date:
    if cycle == "weekly":
        return day + timedelta(days=7)
    if cycle == "fortnightly":
        return day + timedelta(days=14)
    if cycle == "yearly":
        return day.replace(year=day.year + 1) if day.month != 2 or day.day != 29 else day + timedelta(days=365)
    raise ValueError(f"unknown cycle {cycle!r}")
""",
                "plugins/renewals/__init__.py": """\
import json
from datetime import date

from .cycles import CYCLES, advance


def renewal_next(args, **kwargs):
    cycle = args.get("cycle")
    if not isinstance(cycle, str) or cycle not in CYCLES:
        return json.dumps({"error": f"cycle must be one of {', '.join(CYCLES)}"})
    return json.dumps({"next": advance(date.today(), cycle).isoformat()})


def register(ctx):
    schema = {"name": "renewal_next", "description": "Next renewal.", "parameters": {"type": "object", "properties": {"cycle": {"type": "string", "enum": ["weekly", "fortnightly", "yearly"], "description": "How often it renews."}}}}
    ctx.register_tool(name="renewal_next", toolset="renewals", schema=schema, handler=renewal_next)
""",
            },
            note="`if cycle not in CYCLES: return ...` before the call: the helper's `if cycle == ...: return` chain covers every member of CYCLES (a tuple imported from its module), so its last `raise` cannot run",
        ),
        Valid(
            {
                "tools/isbn_tool.py": """\
import json

from tools.registry import registry


def clean(raw):
    return "".join(ch for ch in str(raw or "") if ch.isdigit() or ch in "Xx").upper()


def to_isbn10(isbn13):
    if not isbn13.startswith("978"):
        raise ValueError("only 978 ISBNs have an ISBN-10 form")
    body = isbn13[3:12]
    total = sum((10 - i) * int(c) for i, c in enumerate(body))
    check = (11 - total % 11) % 11
    return body + ("X" if check == 10 else str(check))


def isbn_short(args, **kw):
    isbn = clean(args.get("isbn"))
    if len(isbn) != 13 or not isbn.isdigit():
        return json.dumps({"error": "give a 13-digit ISBN"})
    if not isbn.startswith("978"):
        return json.dumps({"error": "a 979 ISBN has no ISBN-10 form"})
    return json.dumps({"isbn10": to_isbn10(isbn)})


SCHEMA = {"type": "object", "properties": {"isbn": {"type": "string", "description": "An ISBN-13."}}}
registry.register(name="isbn_short", toolset="books", schema={"name": "isbn_short", "description": "ISBN-10 of an ISBN-13.", "parameters": SCHEMA}, handler=isbn_short)
""",
            },
            note='the handler\'s exit test `if not isbn.startswith("978"): return ...` answers the helper\'s own `if not isbn13.startswith("978"): raise` for the value it hands on: that raise cannot run',
        ),
        Valid(
            {
                "tools/dotenv_tool.py": """\
import json
from pathlib import Path

from tools.registry import registry

LIMIT = 256 * 1024


def _read(path_text) -> str:
    path = Path(path_text).expanduser()
    if path.stat().st_size > LIMIT:
        raise ValueError(f"{path} is too large")
    return path.read_text(encoding="utf-8", errors="replace")


def dotenv_keys(args, **kw):
    text = args.get("text")
    path = str(args.get("path") or ".env")
    if text is None:
        try:
            text = _read(path)
        except (OSError, ValueError) as exc:
            return json.dumps({"error": f"could not read {path}: {exc}"})
    keys = [line.split("=", 1)[0].strip() for line in str(text).splitlines() if "=" in line]
    return json.dumps({"keys": keys})


SCHEMA = {"type": "object", "properties": {"path": {"type": "string", "description": "A .env file."}, "text": {"type": "string", "description": "Or its text."}}}
registry.register(name="dotenv_keys", toolset="dotenv", schema={"name": "dotenv_keys", "description": "Keys of a .env file.", "parameters": SCHEMA}, handler=dotenv_keys)
""",
            },
            note="a helper that hands back what the model's file holds, called in a `try` whose excepts return: silent (and no crash: 0.8.0 raised AttributeError asking about paths before they were read)",
        ),
        Valid(
            {
                "tools/pairs_tool.py": """\
import json
import re

from tools.registry import registry

PAIR = re.compile(r"-?[0-9]+(?:[.][0-9]+)?,-?[0-9]+(?:[.][0-9]+)?")


def is_pair(text):
    return PAIR.fullmatch(text) is not None


def parse_pair(text):
    left, right = text.split(",")
    return {"x": float(left), "y": float(right)}


READERS = [(is_pair, parse_pair)]


def pair_parse(args, **kw):
    text = str(args.get("text") or "").strip()
    for test, reader in READERS:
        if test(text):
            return json.dumps(reader(text))
    return json.dumps({"error": "give two numbers separated by a comma"})


SCHEMA = {"type": "object", "properties": {"text": {"type": "string", "description": "x,y"}}}
registry.register(name="pair_parse", toolset="pairs", schema={"name": "pair_parse", "description": "Pairs.", "parameters": SCHEMA}, handler=pair_parse)
""",
            },
            note="trap: a table whose test matches the whole text (`PAIR.fullmatch(text)`) before its reader splits and converts it: the reader cannot fail on what passed",
        ),
        Valid(
            {
                "tools/safe_tool.py": """\
import csv
import io
import json
from pathlib import Path

from tools.registry import registry

ROOT = Path.home() / "notes"


def note_line(args, **kw):
    name = str(args.get("name") or "note")
    rel = ROOT / name
    return json.dumps({"line": "%s lives at %s" % (name, rel)})


def csv_rows(args, **kw):
    sep = args.get("delimiter") or ","
    if len(sep) != 1:
        return json.dumps({"error": "the delimiter is one character"})
    rows = list(csv.reader(io.StringIO(str(args.get("csv") or "")), delimiter=sep))
    return json.dumps({"rows": rows})


SCHEMA = {"type": "object", "properties": {}}
for name, fn in (("note_line", note_line), ("csv_rows", csv_rows)):
    registry.register(name=name, toolset="safe", schema={"name": name, "description": "Safe.", "parameters": SCHEMA}, handler=fn)
""",
            },
            note="traps: `%` that formats text, a path joined to the model's name with `/`, a delimiter whose length is checked first",
        ),
        Valid(
            {
                "tools/notes_tool.py": """\
import contextlib
import json
import sqlite3

from tools.registry import registry, tool_error


class NoteStore:
    def __init__(self, path="notes.db"):
        self.conn = sqlite3.connect(path)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.conn.close()

    def fetch(self, note_id):
        return self.conn.execute("SELECT body FROM notes WHERE id = ?", (note_id,)).fetchone()


@contextlib.contextmanager
def opened(path):
    store = NoteStore(path)
    try:
        yield store
    finally:
        store.conn.close()


def _note_id(args):
    try:
        return int(args.get("note_id", 0))
    except (TypeError, ValueError):
        return None


def read_note(args, **kw):
    note_id = _note_id(args)
    if note_id is None:
        return tool_error("note_id must be a whole number")
    try:
        if not 0 < note_id < 2**31:
            return tool_error("no such note")
        with NoteStore() as store:
            row = store.fetch(note_id)
    except sqlite3.Error as exc:
        return tool_error(str(exc))
    return json.dumps({"body": row[0] if row else None})


def read_archived(args, **kw):
    note_id = _note_id(args)
    if note_id is None:
        return tool_error("note_id must be a whole number")
    try:
        with opened("archive.db") as store:
            row = store.fetch(note_id)
    except (sqlite3.Error, OverflowError) as exc:
        return tool_error(str(exc))
    return json.dumps({"body": row[0] if row else None})


SCHEMA = {
    "name": "read_note",
    "description": "Read a note.",
    "parameters": {
        "type": "object",
        "properties": {"note_id": {"type": "integer", "description": "The note's id."}},
        "required": ["note_id"],
    },
}
registry.register(name="read_note", toolset="notes", schema=SCHEMA, handler=read_note)
registry.register(
    name="read_archived",
    toolset="notes",
    schema={**SCHEMA, "name": "read_archived"},
    handler=read_archived,
)
""",
            },
            note="traps: the helper's number bounded before the `with` (`0 < note_id < 2**31`), and OverflowError caught beside sqlite3.Error",
        ),
        Valid(
            {
                "tools/p_tool.py": """\
import ast
import ipaddress
import json

import pytz
import dateutil.parser

from tools.registry import registry


def inspect_value(args, **kw):
    text = args.get("text", "")
    try:
        value = ast.literal_eval(text)
    except (ValueError, SyntaxError):
        return json.dumps({"error": "not a literal"})
    return json.dumps({"type": type(value).__name__})


def zone_now(args, **kw):
    try:
        zone = pytz.timezone(args.get("zone", "UTC"))
    except KeyError:
        return json.dumps({"error": "unknown zone"})
    return json.dumps({"zone": str(zone)})


def when(args, **kw):
    try:
        moment = dateutil.parser.parse(args.get("text", ""))
    except (OverflowError, ValueError):
        return json.dumps({"error": "out of range"})
    return json.dumps({"iso": moment.isoformat()})


def net(args, **kw):
    try:
        iface = ipaddress.ip_interface(args.get("cidr", ""))
    except ValueError as exc:
        return json.dumps({"error": str(exc)})
    return json.dumps({"network": str(iface.network)})


def hexed(args, **kw):
    try:
        raw = bytes.fromhex(args.get("hex", ""))
    except ValueError:
        return json.dumps({"error": "not hexadecimal"})
    return json.dumps({"bytes": len(raw)})


S = {"name": "x", "description": "d", "parameters": {"type": "object", "properties": {}}}
for name, fn in (("inspect_value", inspect_value), ("zone_now", zone_now), ("when", when), ("net", net), ("hexed", hexed)):
    registry.register(name=name, toolset="t", schema=dict(S, name=name), handler=fn)
""",
            },
            note="traps: each caught by its class or a base (UnknownTimeZoneError is a KeyError, ParserError a ValueError)",
        ),
        Valid(
            {
                "tools/quiz_tool.py": """\
import json

from tools.registry import registry

ANSWERS = {"q1": "a", "q2": "b"}
ZONES = {"utc": 0, "cet": 1}


def load():
    return [("q1", "a"), ("q2", "b")]


def lookup(name):
    return ZONES.get(name.lower())


def grade(args, **kw):
    answers = args.get("answers")
    if not isinstance(answers, dict):
        return json.dumps({"error": "answers must be an object"})
    correct = 0
    for qid, given in answers.items():
        if qid not in ANSWERS:
            return json.dumps({"error": f"no question {qid}"})
        correct += ANSWERS[qid] == given
    expected = {qid: ANSWERS[qid] for qid, _ in load()}
    return json.dumps({"score": correct, "expected": expected})


def zone(args, **kw):
    name = args.get("zone")
    if not isinstance(name, str):
        return json.dumps({"error": "zone must be text"})
    offset = lookup(name)
    return json.dumps({"offset": offset})


S = {"name": "x", "description": "d", "parameters": {"type": "object", "properties": {}}}
for name, fn in (("grade", grade), ("zone", zone)):
    registry.register(name=name, toolset="t", schema=dict(S, name=name), handler=fn)
""",
            },
            note="traps: each key tested against the table first; a comprehension's `qid` over the code's own rows; a project's own `lookup(name)` is not unicodedata's",
        ),
        Valid(
            {
                "tools/v_tool.py": """\
import json

from tools.registry import registry


def bump(version, part):
    major, minor, patch = version
    if part == "major":
        return (major + 1, 0, 0)
    if part == "minor":
        return (major, minor + 1, 0)
    if part == "patch":
        return (major, minor, patch + 1)
    raise ValueError(f"unknown part {part!r}")


def latest(args, **kw):
    version = (1, 2, 3)
    return json.dumps({"next": {part: bump(version, part) for part in ("major", "minor", "patch")}})


def latest2(args, **kw):
    version = (1, 2, 3)
    out = {}
    for part in ("major", "minor"):
        out[part] = bump(version, part)
    return json.dumps({"next": out})


S = {"name": "x", "description": "d", "parameters": {"type": "object", "properties": {}}}
for name, fn in (("latest", latest), ("latest2", latest2)):
    registry.register(name=name, toolset="t", schema=dict(S, name=name), handler=fn)


def latest3(args, **kw):
    return json.dumps({"next": bump((1, 2, 3), "minor")})


registry.register(name="latest3", toolset="t", schema=dict(S, name="latest3"), handler=latest3)
""",
            },
            note="traps: a helper called with each constant of a loop's or a comprehension's tuple, or with one constant, whose `if part == ...: return` chain covers them all: its last raise is not reached",
        ),
        Valid(
            {
                "tools/groups_tool.py": """\
import json
from collections import defaultdict

from tools.registry import registry


def tally(args, **kw):
    answers = args.get("answers") if isinstance(args.get("answers"), dict) else {}
    seen = defaultdict(list)
    for k, v in answers.items():
        seen[k].append(v)
    return json.dumps(seen)


S = {"name": "tally", "description": "d", "parameters": {"type": "object", "properties": {"answers": {"type": "object"}}}}
registry.register(name="tally", toolset="t", schema=S, handler=tally)
""",
                "tools/nested_tool.py": """\
import json

from tools.registry import registry

TABLE = {"q1": "a", "q2": "b"}


def grid(args, **kw):
    answers = args.get("answers") if isinstance(args.get("answers"), dict) else {}
    # the inner k runs over TABLE's own keys: TABLE[k] cannot raise
    return json.dumps([[TABLE[k] for k in TABLE] for k, v in answers.items()])


def grid2(args, **kw):
    answers = args.get("answers") if isinstance(args.get("answers"), dict) else {}
    return json.dumps([[TABLE[k] for k, _ in TABLE.items()] for k in answers])


S = {"name": "x", "description": "d", "parameters": {"type": "object", "properties": {"answers": {"type": "object"}}}}
for name, fn in (("grid", grid), ("grid2", grid2)):
    registry.register(name=name, toolset="t", schema=dict(S, name=name), handler=fn)
""",
            },
            note="traps: a defaultdict makes a missing key instead of raising; an inner comprehension's `k` over the table's own keys is not the model's key of the outer one",
        ),
        Valid(
            {
                "tools/journal_tool.py": """\
import json
import sqlite3

from tools.registry import registry, tool_error

SEARCH = "SELECT day, body FROM entries WHERE entries MATCH ? ORDER BY rank LIMIT ?"


def search(args, **kw):
    query = str(args.get("query") or "").strip()
    if not query:
        return tool_error("query is required")
    conn = sqlite3.connect("journal.db")
    try:
        rows = conn.execute(SEARCH, (query, 20)).fetchall()
    except sqlite3.OperationalError as exc:
        return tool_error(f"bad search: {exc}")
    finally:
        conn.close()
    return json.dumps({"hits": [{"day": d, "text": b} for d, b in rows]})


def phrase(args, **kw):
    text = str(args.get("query") or "")
    quoted = '"' + text.replace('"', '""') + '"'
    conn = sqlite3.connect("journal.db")
    try:
        rows = conn.execute(SEARCH, (quoted, 20)).fetchall()
    except sqlite3.DatabaseError as exc:
        return tool_error(str(exc))
    return json.dumps({"hits": len(rows)})


S = {"name": "x", "description": "d", "parameters": {"type": "object", "properties": {}}}
for name, fn in (("search", search), ("phrase", phrase)):
    registry.register(name=name, toolset="t", schema=dict(S, name=name), handler=fn)
""",
            },
            note="traps: OperationalError (or DatabaseError, its base) caught; the text quoted as a phrase (`'\"' + q.replace('\"', '\"\"') + '\"'`)",
        ),
        Valid(
            _HEAD
            + """\
import re
from dataclasses import dataclass, field
from decimal import Decimal


@dataclass
class Receipt:
    lines: list[str] = field(default_factory=list)
    discounts: list[Decimal] = field(default_factory=list)

    def to_dict(self):
        return {"lines": self.lines, "discounts": [str(d) for d in self.discounts]}


def receipt_parse(args, **kw):
    receipt = Receipt(lines=str(args.get("text", "")).splitlines())
    return json.dumps(receipt.to_dict())


def date_split(args, **kw):
    parts = re.split(r"[./-]", str(args.get("when", "")))
    return json.dumps({"parts": parts})


registry.register(name="receipt_parse", toolset="r", schema={}, handler=receipt_parse)
registry.register(name="date_split", toolset="r", schema={}, handler=date_split)
""",
            note="traps: a field annotated list[Decimal] serialised item by item as text;"
            " re.split's parts kept as a list (never unpacked)",
        ),
        Valid(
            _HEAD
            + """\
def stats_mean(args, **kw):
    values = args.get("values") or []
    n = len(values)
    if n == 0:
        return tool_error("no values")
    ordered = sorted(values)
    if not ordered:
        return tool_error("no values")
    return json.dumps({"mean": sum(values) / n, "median": ordered[len(ordered) // 2]})


def stats_safe(args, **kw):
    values = args.get("values") or []
    n = len(values) or 1
    return json.dumps({"mean": sum(values) / n})


registry.register(name="stats_mean", toolset="stats", schema={}, handler=stats_mean)
registry.register(name="stats_safe", toolset="stats", schema={}, handler=stats_safe)
""",
            note="traps: the size kept in a local and tested before dividing by it; a size that"
            " `or 1` keeps from zero",
        ),
        Valid(
            _stations(
                """\
def stations(args, **kw):
    root = Path(str(args.get("root") or "/tmp/wx"))
    found = {}
    for d in sorted(root.iterdir()) if root.is_dir() else []:
        if not archive.valid_station(d.name):
            continue
        found[d.name] = len(archive.month_files(d.name))
    names = [n for n in (args.get("names") if isinstance(args.get("names"), list) else []) if archive.valid_station(n)]
    more = {n: len(archive.month_files(n)) for n in names}
    one = args.get("one") or ""
    last = archive.month_files(one) if archive.valid_station(one) else []
    return json.dumps({"stations": found, "more": more, "last": [p.name for p in last]})"""
            ),
            note="a helper raises on what a validator turns away: callers asked it first "
            "(an `if ...: continue`, a comprehension's `if`, a conditional expression)",
        ),
        Valid(
            _HEAD
            + """\
class Playlists:
    def __init__(self, names):
        self.names = names
        self.actions = {"add": self.add, "show": self.show}

    def add(self, args):
        position = args.get("position") or 0
        if not isinstance(position, int):
            return {"error": "position must be a whole number"}
        self.names.insert(position, args.get("name") or "")
        return {"added": position}

    def show(self, args):
        return {"names": self.names}

    def run(self, args):
        fn = self.actions.get(str(args.get("action")))
        if fn is None:
            return {"error": "unknown action"}
        return fn(args)


def playlists(args, **kw):
    return json.dumps(Playlists([]).run(args))

registry.register(name="playlists", toolset="t", schema={}, handler=playlists)
""",
            note="the methods a table of bound methods holds all check what they read",
        ),
        Valid(
            _HEAD
            + """\
from datetime import datetime, timedelta, timezone

SCHEMA = {
    "name": "uptime_window",
    "description": "Checks in the last hours.",
    "parameters": {
        "type": "object",
        "properties": {"hours": {"type": "number", "minimum": 1, "maximum": 720}},
    },
}


def uptime_window(args, **kw):
    since = datetime.now(timezone.utc) - timedelta(hours=args.get("hours", 24))
    return json.dumps({"since": since.isoformat()})

registry.register(name="uptime_window", toolset="t", schema=SCHEMA, handler=uptime_window)
""",
            note="the schema bounds the number on both sides",
        ),
        Valid(
            _HEAD
            + """\
def _leg(raw, index):
    return {"from": raw.get("depart_tz"), "to": raw.get("arrive_tz"), "index": index}


def _legs(raw_legs):
    return [_leg(raw, i) for i, raw in enumerate(raw_legs)]


def plan_trip(args, **kw):
    legs = args.get("legs")
    if not legs or not isinstance(legs, list):
        return tool_error("legs must be a non-empty list")
    return json.dumps({"legs": _legs(legs)})

registry.register(name="plan_trip", toolset="t", schema={}, handler=plan_trip)
""",
            note="the items of a list tested to be a list, read with .get()",
        ),
        Valid(
            _HEAD
            + """\
class PayloadError(ValueError):
    pass


def _require(fields, *names):
    missing = [n for n in names if not str(fields.get(n) or "").strip()]
    if missing:
        raise PayloadError("missing field(s): " + ", ".join(missing))


def _wifi(f):
    _require(f, "ssid")
    return "WIFI:S:" + str(f["ssid"]) + ";;"


def qr_payload(args, **kw):
    fields = args.get("fields") or {}
    if not isinstance(fields, dict):
        return tool_error("fields must be an object")
    try:
        return json.dumps({"payload": _wifi(fields)})
    except PayloadError as exc:
        return tool_error(str(exc))

registry.register(name="qr_payload", toolset="t", schema={}, handler=qr_payload)
""",
            note="an item's key a check was handed first (_require(f, 'ssid')) is there",
        ),
        Valid(
            _HEAD
            + """\
import asyncio
from pathlib import Path


def _write_records(path, records):
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("w", encoding="ascii") as fh:
            fh.write("\\n".join(records))
    except OSError as exc:
        raise RuntimeError(f"cannot write {path}: {exc}") from None


async def fasta_save(args, **kw):
    out = str(args.get("output") or "kept.fasta")
    try:
        await asyncio.to_thread(_write_records, Path(out).expanduser(), ["ACGT"])
    except RuntimeError as exc:
        return tool_error(str(exc))
    return json.dumps({"output": out})

registry.register(name="fasta_save", toolset="t", schema={}, handler=fasta_save)
""",
            note="a helper that opens the model's path catches what opening raises",
        ),
        Valid(
            _HEAD
            + """\
GLOSSARY = {"en-de": {"cat": {"term": "cat", "translation": "Katze"}}}


def glossary_delete(args, **kw):
    pair = str(args.get("pair") or "")
    key = str(args.get("term") or "").lower()
    if key not in GLOSSARY.get(pair, {}):
        return tool_error("nothing to delete")
    removed = GLOSSARY[pair].pop(key)
    return json.dumps({"removed": removed})

registry.register(name="glossary_delete", toolset="t", schema={}, handler=glossary_delete)
""",
            note="`key in table.get(pair, {})` holds only when `pair` is in the table",
        ),
        Valid(
            _HEAD
            + """\
import socket


def _lookup(hostname):
    infos = socket.getaddrinfo(hostname, None, socket.AF_INET, socket.SOCK_STREAM)
    return sorted({info[4][0] for info in infos})


def dns_resolve(args, **kw):
    hostname = str(args.get("hostname", "")).strip().rstrip(".")
    if not hostname:
        return tool_error("hostname is required")
    try:
        addresses = _lookup(hostname)
    except (socket.gaierror, UnicodeError) as exc:
        return tool_error(f"lookup of {hostname} failed: {exc}")
    return json.dumps({"hostname": hostname, "addresses": addresses})

registry.register(name="dns_resolve", toolset="t", schema={}, handler=dns_resolve)
""",
            note="the lookup's UnicodeError caught beside gaierror",
        ),
        Valid(
            _HEAD
            + """\
import csv
from datetime import datetime
from pathlib import Path


def _day(raw):
    return datetime.strptime(raw.strip(), "%Y-%m-%d").date()


def statement_days(args, **kw):
    path = Path(str(args.get("path") or "")).expanduser()
    if not path.is_file():
        return tool_error(f"no such file: {path}")
    days = []
    try:
        with open(path, newline="", encoding="utf-8") as fh:
            for row in csv.reader(fh):
                days.append(_day(row[0]).isoformat())
    except (OSError, ValueError, csv.Error) as exc:
        return tool_error(f"cannot read {path}: {exc}")
    return json.dumps({"days": days})

registry.register(name="statement_days", toolset="t", schema={}, handler=statement_days)
""",
            note="the rows' dates parsed inside a try that catches ValueError (UnicodeDecodeError "
            "is one)",
        ),
        Valid(
            _HEAD
            + """\
import sqlite3


def snippet_get(args, **kw):
    sid = None
    if args.get("action") != "list":
        try:
            sid = int(args.get("id"))
        except (TypeError, ValueError):
            return tool_error("id must be an integer")
        if not 0 < sid < 2**63:
            return tool_error("id out of range")
    try:
        with sqlite3.connect("snippets.db") as conn:
            row = conn.execute("SELECT body FROM snippets WHERE id = ?", (sid,)).fetchone()
    except sqlite3.Error as exc:
        return tool_error(f"database error: {exc}")
    return json.dumps({"id": sid, "body": row[0] if row else None})

registry.register(name="snippet_get", toolset="t", schema={}, handler=snippet_get)
""",
            note="the number bounded before it is bound into the statement",
        ),
        Valid(
            _HEAD
            + """\
STOPS = [{"id": "S1", "seq": 1}, {"id": "S2", "seq": 2}]


def stop_find(args, **kw):
    wanted = str(args.get("stop") or "")
    stop = next((s for s in STOPS if s["id"] == wanted), None)
    if stop is None:
        return tool_error(f"no stop {wanted!r}")
    return json.dumps(stop)


def stop_second(args, **kw):
    return json.dumps(next(s for s in STOPS if s["seq"] == 2))

registry.register(name="stop_find", toolset="t", schema={}, handler=stop_find)
registry.register(name="stop_second", toolset="t", schema={}, handler=stop_second)
""",
            note="next() with a default, and a search for a constant of the code's own table",
        ),
        Valid(
            _HEAD
            + """\
UNITS = {"m": 1.0, "km": 1000.0}
TEMPERATURE = {"c": (0, 1), "f": (32, 1.8)}
COMMON = {"ssh": 22, "http": 80}


class UnknownUnit(KeyError):
    pass


def category_of(unit):
    if unit in TEMPERATURE:
        return "temperature"
    for name, table in (("length", UNITS),):
        if unit in table:
            return name
    raise UnknownUnit(unit)


def convert(value, unit):
    cat = category_of(unit)
    if cat == "temperature":
        zero, scale = TEMPERATURE[unit]
        return (value - zero) / scale
    return value * UNITS[unit]


def parse_id(raw):
    if isinstance(raw, str):
        s = raw.strip().lstrip("#")
        if s.isdigit() and int(s) > 0:
            return int(s)
    return None


def ports_of(raw):
    if not isinstance(raw, list):
        return None
    out = []
    for item in raw:
        if isinstance(item, str) and item.strip().lower() in COMMON:
            out.append(COMMON[item.strip().lower()])
    return out


def checksum_ok(code):
    code = code.replace(" ", "").upper()
    if not re.fullmatch(r"[A-Z]{2}[0-9]{2}[A-Z0-9]{4,30}", code):
        return False
    digits = "".join(str(int(ch, 36)) for ch in code[4:] + code[:4])
    return int(digits) % 97 == 1


def convert_tool(args, **kw):
    try:
        return json.dumps({"value": convert(1.0, str(args.get("unit") or ""))})
    except UnknownUnit:
        return tool_error("unknown unit")


def lookup(args, **kw):
    ticket = parse_id(args.get("ticket"))
    if ticket is None:
        return tool_error("ticket must be a number")
    ports = ports_of(args.get("ports"))
    if ports is None:
        return tool_error("ports must be a list")
    if not checksum_ok(str(args.get("iban") or "")):
        return tool_error("bad iban")
    return json.dumps({"ticket": ticket, "ports": ports})


registry.register(name="convert_tool", toolset="t", schema={}, handler=convert_tool)
registry.register(name="lookup", toolset="t", schema={}, handler=lookup)
""".replace("import json\n", "import json\nimport re\n", 1),
            note="traps: a helper that returns only for entries of its tables and raises past its tests (`category_of`) makes its argument one, so `TEMPERATURE[unit]` after it holds; `s.isdigit() and int(s)` in one test; a list item tested with `item.strip().lower() in COMMON` before `COMMON[...]` of the same text; the characters of a text matched whole by a pattern, and digits joined from `str(int(...))`",
        ),
        Valid(
            _HEAD
            + """\
import re
from datetime import date

WEEK = re.compile(r"^(\\d{4})-W(\\d{1,2})$")


def week_start(spec):
    m = WEEK.match(spec)
    if not m:
        return None
    year, week = int(m.group(1)), int(m.group(2))
    if not (1 <= week <= 52 and 1900 <= year <= 2100):
        return None
    return date.fromisocalendar(year, week, 1)


def summary(args, **kw):
    spec = args.get("week")
    if not spec:
        spec = date.today().strftime("%G-W%V")
    start = week_start(str(spec))
    if start is None:
        return tool_error("week must look like 2024-W07")
    return json.dumps({"start": start.isoformat()})


registry.register(name="summary", toolset="t", schema={}, handler=summary)
""",
            note="trap: the year and week a pattern picked out of the model's text, checked against their range before `date.fromisocalendar`",
        ),
        Valid(
            _HEAD
            + """\
from decimal import Decimal, InvalidOperation


def invoice(args, **kw):
    try:
        rate = Decimal(str(args["rate"])) if args.get("rate") is not None else None
    except (KeyError, InvalidOperation):
        return tool_error("rate must be a number")
    if rate is not None and not (0 <= rate <= 10_000):
        return tool_error("rate must be between 0 and 10000")
    hours = Decimal("7.5")
    amount = (hours * rate).quantize(Decimal("0.01")) if rate is not None else None
    return json.dumps({"amount": str(amount)})


registry.register(name="invoice", toolset="t", schema={}, handler=invoice)
""",
            note="trap: the model's rate bounded before `.quantize()`",
        ),
        Valid(
            {
                "tools/units.py": """\
UNITS = {"m": 1.0, "km": 1000.0}


class UnitError(ValueError):
    pass


def lookup(symbol):
    try:
        return UNITS[symbol.strip()]
    except KeyError:
        raise UnitError(f"unknown unit {symbol!r}") from None


def convert(value, src, dst):
    return value * lookup(src) / lookup(dst)
""",
                "tools/licenses_tool.py": """\
import json

import yaml

from tools.registry import registry, tool_error
from tools.units import UnitError, convert, lookup


def load(path):
    with open(path, encoding="utf-8") as fh:
        data = yaml.safe_load(fh) or {}
    return [i for i in data.get("licenses", []) if isinstance(i, dict)]


def licenses(args, **kw):
    try:
        items = load("licenses.yaml")
    except (OSError, yaml.YAMLError) as exc:
        return tool_error(str(exc))
    rows = [{"product": str(i.get("product")), "seats": i.get("seats")} for i in items]
    return json.dumps({"licenses": rows, "raw": items}, default=str)


def to_unit(args, **kw):
    src, dst = str(args.get("from") or ""), str(args.get("to") or "")
    try:
        value = convert(1.0, src, dst)
    except UnitError as exc:
        return tool_error(str(exc))
    return json.dumps({"value": value, "unit": lookup(dst)})


registry.register(name="licenses", toolset="t", schema={"name": "licenses", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=licenses)
registry.register(name="to_unit", toolset="t", schema={"name": "to_unit", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=to_unit)
""",
            },
            note="traps: fields of a YAML record no one writes a date in, and a whole record dumped with default=str; `lookup(dst)` after `convert(1.0, src, dst)` returned inside a try that caught what lookup raised in there for the same units",
        ),
        Valid(
            {
                "tools/parse_tool.py": """\
import csv
import io
import json
import re
from datetime import datetime, timedelta
from decimal import ROUND_HALF_UP, Decimal

from tools.registry import registry, tool_error

RELATIVE = re.compile(r"^(\\d+)\\s*([smhd])$", re.I)
UNITS = {"s": "seconds", "m": "minutes", "h": "hours", "d": "days"}
REPLY = re.compile(r"seq=(?P<seq>\\d+) ttl=(?P<ttl>\\d+)")
LOSS = re.compile(r"(?P<tx>\\d+) sent, (?P<rx>\\d+) received")
CENT = Decimal("0.01")


def ago(text):
    m = RELATIVE.match(text)
    if m:
        unit = m.group(2).lower()
        return datetime(2024, 1, 1) - timedelta(**{UNITS[unit]: min(int(m.group(1)), 1000)})
    return None


def replies(text):
    out = []
    for line in text.splitlines():
        m = REPLY.search(line) or LOSS.search(line)
        if m and "seq" in m.groupdict():
            out.append((int(m["seq"]), int(m["ttl"])))
    return out


def rows(text, delimiter=None):
    if delimiter is None:
        delimiter = ","
    return list(csv.reader(io.StringIO(text), delimiter=delimiter))


def parse(args, **kw):
    text = str(args.get("text") or "")
    sep = args.get("sep")
    if sep is not None and (not isinstance(sep, str) or len(sep) != 1):
        return tool_error("sep must be one character")
    days = args.get("days")
    if not isinstance(days, int) or days < 1:
        return tool_error("days must be a positive whole number")
    share = (Decimal("100") / days).quantize(CENT, rounding=ROUND_HALF_UP)
    when = ago(text)
    return json.dumps({"when": str(when), "replies": replies(text), "rows": rows(text, sep), "share": str(share)})


registry.register(name="parse", toolset="t", schema={"name": "parse", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=parse)
""",
            },
            note="traps: a group of a pattern whose class holds the table's keys (`([smhd])`, lowered) looked up in that table; named groups of either of two patterns (`A.search(s) or B.search(s)`); a delimiter whose length the caller tested, handed to a helper that defaults it; the model's number only as a divisor before `.quantize()`",
        ),
        Valid(
            _HEAD
            + """\
from decimal import Decimal
from functools import wraps


def serialised(fn):
    @wraps(fn)
    def wrapper(args, **kw):
        try:
            result = fn(args)
            return json.dumps(result)
        except (ValueError, TypeError) as exc:
            return tool_error(str(exc))
    return wrapper


def as_text(fn):
    @wraps(fn)
    def wrapper(args, **kw):
        result = fn(args)
        return json.dumps(result, default=str)
    return wrapper


@serialised
def saved(args):
    return {"saved": sum([Decimal("1.5")], Decimal(0))}


@as_text
def saved_text(args):
    return {"saved": sum([Decimal("1.5")], Decimal(0))}


registry.register(name="saved", toolset="t", schema={}, handler=saved)
registry.register(name="saved_text", toolset="t", schema={}, handler=saved_text)
""",
            note="traps: a decorator that serialises the def's result inside a try that catches TypeError, and one that passes default=str",
        ),
        Valid(
            _HEAD
            + """\
from pathlib import Path

NOTES = Path(__file__).parent / "notes"


def collect(target):
    if target.is_file():
        return [target]
    return sorted(p for p in target.glob("**/*.md") if p.is_file())


def words(args, **kw):
    target = Path(str(args.get("path") or ".")).expanduser()
    if not target.exists():
        return tool_error("no such folder")
    total = 0
    for f in collect(target):
        total += len(f.read_text(encoding="utf-8", errors="replace").split())
    for f in sorted(NOTES.glob("*.md")):
        total += len(f.read_text(encoding="utf-8").split())
    return json.dumps({"words": total})


registry.register(name="words", toolset="t", schema={}, handler=words)
""",
            note="traps: files listed from the model's folder read with errors='replace'; files of the tool's own folder read strictly",
        ),
        Valid(
            _HEAD
            + """\
FACTORS = {"m": 1.0, "km": 1000.0}


class UnknownUnit(ValueError):
    pass


def known_unit(unit):
    if unit in FACTORS:
        return unit
    raise UnknownUnit(unit)


def scale(args, **kw):
    try:
        unit = known_unit(args.get("unit"))
    except (UnknownUnit, TypeError) as exc:
        return tool_error(f"unknown unit {exc}")
    return json.dumps({"factor": FACTORS[unit], "again": FACTORS[args.get("unit")]})


registry.register(name="scale", toolset="t", schema={}, handler=scale)
""",
            note="trap: a helper that returns its argument only when the table holds it (and raises past its test) makes both what it hands back and the argument it was given entries of the table",
        ),
        Valid(
            _HEAD
            + """\
import re
from datetime import date

RELEASED = "release-2024-05-01"


def released(args, **kw):
    m = re.search(r"(\\d{4})-(\\d{2})-(\\d{2})", RELEASED)
    if not m:
        return tool_error("no date")
    day = date(int(m.group(1)), int(m.group(2)), int(m.group(3)))
    return json.dumps({"day": day.isoformat(), "asked": str(args.get("q") or "")})


registry.register(name="released", toolset="t", schema={}, handler=released)
""",
            note="trap: digits a pattern picks out of the tool's own text, not the model's, made into a date",
        ),
        Valid(
            _HEAD
            + """\
import os
from pathlib import Path

TEMPLATES = Path(os.getenv("TEMPLATES_DIR", "~/.templates")).expanduser()


def template_path(name):
    name = os.path.basename(str(name).strip())
    if not name.endswith(".md"):
        name += ".md"
    return TEMPLATES / name


def placeholders(args, **kw):
    path = template_path(args.get("template", ""))
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        return tool_error(f"cannot read {path.name}: {exc}")
    return json.dumps({"count": text.count("{{")})


registry.register(name="placeholders", toolset="t", schema={}, handler=placeholders)
""",
            note="trap: the same path, read inside a try that catches what a missing file raises",
        ),
        Valid(
            _HEAD
            + """\
from dataclasses import dataclass
from decimal import Decimal


@dataclass
class Entry:
    kind: str
    amount: Decimal

    @property
    def signed(self) -> Decimal:
        return self.amount if self.kind == "charge" else -self.amount


class Ledger:
    def entries(self, unit):
        rows = [("charge", "12.50"), ("payment", "10.00")]
        return [Entry(kind, Decimal(amount)) for kind, amount in rows]

    def balance(self, unit):
        return sum(e.signed for e in self.entries(unit))


def balance(args, **kw):
    owed = Ledger().balance(args.get("unit"))
    return json.dumps({"owed": str(owed), "entries": len(Ledger().entries(None))})


registry.register(name="balance", toolset="t", schema={}, handler=balance)
""",
            note="trap: the Decimal sum made text before it is serialised",
        ),
        Valid(
            {
                "plugins/matters/__init__.py": """\
import json
import sqlite3

SCHEMA = "CREATE TABLE IF NOT EXISTS matters (id INTEGER PRIMARY KEY, number TEXT, opened_on DATETIME, closed_on DATE);"


def _connect():
    conn = sqlite3.connect("matters.db")
    conn.row_factory = sqlite3.Row
    conn.executescript(SCHEMA)
    return conn


def matter(args, **kw):
    try:
        with _connect() as conn:
            row = conn.execute("SELECT * FROM matters WHERE number = ?", (str(args.get("number")),)).fetchone()
    except sqlite3.Error as exc:
        return json.dumps({"error": str(exc)})
    return json.dumps({"matter": dict(row) if row else None})


def register(ctx):
    ctx.register_tool(name="matter", toolset="m", schema={}, handler=matter)
""",
                "plugins/matters/plugin.yaml": "name: matters\nversion: 0.1.0\ndescription: Matters.\nprovides_tools:\n  - matter\n",
            },
            note="trap: a connection opened without detect_types hands back DATE columns as the text stored",
        ),
        Valid(
            _HEAD
            + """\
from datetime import date, datetime


def add_months(d: date, n: int) -> date:
    index = d.month - 1 + n
    return d.replace(year=d.year + index // 12, month=index % 12 + 1, day=1)


def month_end(month: str) -> date:
    start = datetime.strptime(month, "%Y-%m").date()
    return start.replace(month=start.month % 12 + 1)


def renewal(args, **kw):
    try:
        end = date.fromisoformat(str(args.get("end")))
        months = int(args.get("months", 1))
    except (TypeError, ValueError):
        return tool_error("end must be YYYY-MM-DD, months a number")
    if not 0 <= months <= 120:
        return tool_error("months must be between 0 and 120")
    return json.dumps({"first": add_months(end, months).isoformat()})


def billing(args, **kw):
    if not str(args.get("month", "")).strip():
        return tool_error("month is required")
    try:
        return json.dumps({"end": month_end(str(args["month"])).isoformat()})
    except ValueError:
        return tool_error("month must be YYYY-MM")


registry.register(name="renewal", toolset="t", schema={}, handler=renewal)
registry.register(name="billing", toolset="t", schema={}, handler=billing)
""",
            note="traps: a month moved with the day set to the 1st, and one of a date read without a day (strptime '%Y-%m' gives the 1st)",
        ),
        Valid(
            _HEAD
            + """\
import sqlite3


def _amount(args, key):
    value = args.get(key)
    if value is None:
        raise KeyError(key)
    return float(value)


def log_use(args, **kw):
    try:
        amount = _amount(args, "amount")
        with sqlite3.connect("pantry.db") as conn:
            conn.execute("INSERT INTO uses (amount) VALUES (?)", (amount,))
    except (KeyError, TypeError, ValueError, sqlite3.Error) as exc:
        return tool_error(str(exc))
    if amount <= 0:
        return tool_error("amount must be positive")
    return json.dumps({"per_portion": 100.0 / amount})


registry.register(name="log_use", toolset="t", schema={}, handler=log_use)
""",
            note="traps: a float bound into a statement (sqlite binds it as REAL, whatever its size); a division after its divisor is tested",
        ),
        Valid(
            _HEAD
            + """\
from pathlib import Path


class Store:
    def __init__(self):
        path = Path("tickets.json")
        self._data = json.loads(path.read_text()) if path.exists() else {"tickets": {}}

    def get(self, tid):
        return dict(self._data["tickets"][tid])


def ticket(args, **kw):
    tid = str(args.get("ticket_id", "")).strip().upper()
    try:
        store = Store()
    except (OSError, ValueError) as exc:
        return tool_error(str(exc))
    if tid not in store._data["tickets"]:
        return tool_error(f"no ticket {tid}")
    return json.dumps(store.get(tid))


registry.register(name="ticket", toolset="t", schema={}, handler=ticket)
""",
            note="trap: the model's key tested against the store's table before it is looked up",
        ),
        Valid(
            _HEAD
            + """\
def weighted(means, weights):
    used = {k: w for k, w in weights.items() if k in means}
    total = sum(used.values())
    if total <= 0:
        raise ValueError("weights must add up to more than 0")
    return sum(means[k] * w for k, w in used.items()) / total


def average(args, **kw):
    weights = args.get("weights") or {"exam": 1.0}
    if not isinstance(weights, dict):
        return tool_error("weights must be an object")
    try:
        return json.dumps({"average": weighted({"exam": 3.0, "homework": 4.0}, weights)})
    except (TypeError, ValueError) as exc:
        return tool_error(str(exc))


registry.register(name="average", toolset="t", schema={}, handler=average)
""",
            note="trap: the sum of the model's weights tested before it divides",
        ),
        Valid(
            _HEAD
            + """\
from collections import defaultdict
from decimal import Decimal

CENTS = Decimal("0.01")


def _money(d):
    return d.quantize(CENTS)


def stock_value(args, **kw):
    rows = [("tyres", "12.50", 4), ("chains", "20.00", 2)]
    by_category = defaultdict(Decimal)
    for category, cost, qty in rows:
        by_category[category] += Decimal(cost) * qty
    total = _money(sum(by_category.values(), Decimal(0)))
    return json.dumps({
        "total": str(total),
        "by_category": {cat: str(_money(v)) for cat, v in sorted(by_category.items())},
    })


registry.register(name="stock_value", toolset="t", schema={}, handler=stock_value)
""",
            note="trap: Decimal totals made text before they are serialised",
        ),
        Valid(
            _HEAD
            + """\
from functools import partial

ANGLES = {"deg": 1.0, "arcmin": 1 / 60, "arcsec": 1 / 3600}
ALIASES = {"degree": "deg", "arcsecond": "arcsec"}


def unit_key(raw, table):
    if not isinstance(raw, str):
        raise ValueError("units must be strings")
    key = raw.strip().lower()
    key = ALIASES.get(key, key)
    if key not in table:
        raise ValueError(f"unknown unit {raw!r}")
    return key


def convert(args, *, table, **kw):
    try:
        value = float(args.get("value"))
        src = unit_key(args.get("from_unit"), table)
        dst = unit_key(args.get("to_unit"), table)
    except (TypeError, ValueError) as exc:
        return tool_error(str(exc))
    return json.dumps({"result": value * table[src] / table[dst]})


registry.register(name="convert_angle", toolset="t", schema={}, handler=partial(convert, table=ANGLES))
""",
            note="trap: a helper that raises unless the table it is handed holds the key it made of the text, then returns that key: the handler's lookups by it cannot fail",
        ),
        Valid(
            _HEAD
            + """\
from datetime import datetime, timezone


def since_hits(args, **kw):
    hits = [datetime(2024, 3, 1, 12, tzinfo=timezone.utc)]
    try:
        since = datetime.fromisoformat(str(args.get("since", "2024-01-01")))
    except ValueError:
        return tool_error("since must be an ISO date or time")
    if since.tzinfo is None:
        since = since.replace(tzinfo=timezone.utc)
    return json.dumps({"count": len([h for h in hits if h >= since])})


registry.register(name="since_hits", toolset="t", schema={}, handler=since_hits)
""",
            note="trap: a time the model sends given a zone when it has none before it is compared",
        ),
        Valid(
            _HEAD
            + """\
import re
import sqlite3

_LINE = re.compile(r"^\\s*(?P<ts>\\d{1,2}(?::\\d{1,2}){1,2})\\s+(?P<title>.+?)\\s*$")


class ChapterError(ValueError):
    pass


def to_seconds(ts: str) -> int:
    parts = [int(p) for p in ts.split(":")]
    if any(p >= 60 for p in parts[1:]):
        raise ChapterError(f"bad timestamp {ts!r}")
    total = 0
    for p in parts:
        total = total * 60 + p
    return total


def store(start_min: int, end_min: int) -> int:
    with sqlite3.connect("slots.db") as conn:
        return conn.execute("INSERT INTO slots (start_min, end_min) VALUES (?, ?)", (start_min, end_min)).lastrowid


def chapters(args, **kw):
    text = args.get("text")
    if not isinstance(text, str) or not text.strip():
        return tool_error("text is required")
    found = []
    for line in text.splitlines():
        m = _LINE.match(line)
        if not m:
            continue
        try:
            found.append(to_seconds(m.group("ts")))
        except ChapterError as exc:
            return tool_error(str(exc))
    try:
        slot = store(found[0], found[-1]) if found else None
    except sqlite3.Error as exc:
        return tool_error(str(exc))
    return json.dumps({"chapters": found, "slot": slot})


registry.register(name="chapters", toolset="t", schema={}, handler=chapters)
""",
            note="traps: the parts of a text a pattern matched as digits and colons are digits (also where the helper's loop reuses the name); numbers made of them, handed to a parameter annotated int, are no model's number of any size",
        ),
        Valid(
            _HEAD
            + """\
import yaml
from pathlib import Path


def write_meta(args, **kw):
    path = Path("meta") / "episode.yaml"
    existing = {}
    if path.exists():
        try:
            existing = yaml.safe_load(path.read_text()) or {}
        except (OSError, yaml.YAMLError) as exc:
            return tool_error(str(exc))
    existing.update({"title": str(args.get("title", ""))})
    return json.dumps({"path": str(path), "fields": sorted(existing)})


registry.register(name="write_meta", toolset="t", schema={}, handler=write_meta)
""",
            note="trap: sorted() of a mapping YAML read gives its keys, the names of its fields",
        ),
        Valid(
            _HEAD
            + """\
import sqlite3
from datetime import datetime

OPEN, CLOSE = 8 * 60, 18 * 60


def to_minutes(text):
    t = datetime.strptime(text.strip(), "%H:%M").time()
    return t.hour * 60 + t.minute


def validated(args):
    try:
        start = to_minutes(str(args.get("start", "")))
    except ValueError:
        raise ValueError("start must be HH:MM") from None
    duration = args.get("duration_min", 15)
    if isinstance(duration, bool) or not isinstance(duration, (int, float)):
        raise ValueError("duration_min must be a number")
    duration = int(duration)
    if not 5 <= duration <= 240:
        raise ValueError("duration_min must be between 5 and 240")
    end = start + duration
    if start < OPEN or end > CLOSE:
        raise ValueError("outside opening hours")
    return start, end


def insert(start_min: int, end_min: int) -> int:
    with sqlite3.connect("slots.db") as conn:
        cur = conn.execute("INSERT INTO slots (start_min, end_min) VALUES (?, ?)", (start_min, end_min))
        return cur.lastrowid


def book(args, **kw):
    try:
        start, end = validated(args)
    except ValueError as exc:
        return tool_error(str(exc))
    try:
        slot = insert(start, end)
    except sqlite3.Error as exc:
        return tool_error(str(exc))
    return json.dumps({"slot": slot})


registry.register(name="book", toolset="t", schema={}, handler=book)
""",
            note="trap: numbers a validating helper bounded before it returns them, handed to parameters annotated int and bound into a statement: no size sqlite cannot hold",
        ),
        Valid(
            _HEAD
            + """\
import difflib

MENU = [{"name": "Margherita", "allergens": ["milk"]}, {"name": "Marinara", "allergens": []}]


def allergens(args, **kw):
    query = str(args.get("item", ""))
    names = [i["name"] for i in MENU]
    close = difflib.get_close_matches(query, names, n=1, cutoff=0.4)
    if not close:
        return tool_error(f"no menu item like {query!r}")
    item = [i for i in MENU if i["name"] == close[0]][0]
    return json.dumps({"item": item["name"], "allergens": item["allergens"]})


registry.register(name="allergens", toolset="t", schema={}, handler=allergens)
""",
            note="trap: the close matches looked at before the first is taken; a search for a name the code found itself",
        ),
        Valid(
            _HEAD
            + """\
DEVICES = {"lamp": {"on": True}, "fan": {"on": False}}


def snapshot(devices, ids):
    return {dev_id: dict(devices[dev_id]) for dev_id in ids}


def scene_save(args, **kw):
    ids = args.get("device_ids") or []
    if not isinstance(ids, list):
        return tool_error("device_ids must be a list")
    ids = list(dict.fromkeys(ids))
    missing = [i for i in ids if i not in DEVICES]
    if missing:
        return tool_error(f"unknown devices: {missing}")
    return json.dumps({"scene": snapshot(DEVICES, ids)})


registry.register(name="scene_save", toolset="t", schema={}, handler=scene_save)
""",
            note="trap: the model's list, tested only for its type and then each value against the table (`missing = [...]; if missing: return`), handed to a helper that looks each up",
        ),
        Valid(
            _HEAD
            + """\
from dataclasses import dataclass, field


@dataclass
class Game:
    name: str
    ratings: list = field(default_factory=list)

    @property
    def average(self) -> float:
        if not self.ratings:
            return 0.0
        return round(sum(self.ratings) / len(self.ratings), 1)


CATALOGUE = {"cascadia": Game("Cascadia"), "heat": Game("Heat", [7, 8])}


def game_details(args, **kw):
    game = CATALOGUE.get(str(args.get("game", "")))
    if game is None:
        return tool_error("no such game")
    return json.dumps({"name": game.name, "average": game.average})


registry.register(name="game_details", toolset="t", schema={}, handler=game_details)
""",
            note="trap: a property that looks at the size of the field it divides by",
        ),
        Valid(
            _HEAD
            + """\
import sqlite3


class Store:
    def __init__(self, path="marks.db"):
        self.path = path
        self._conn = None

    def __enter__(self):
        self._conn = sqlite3.connect(self.path)
        return self

    def __exit__(self, *exc):
        self._conn.close()
        self._conn = None
        return False

    @property
    def db(self):
        if self._conn is None:
            raise RuntimeError("Store used outside of a with block")
        return self._conn

    def count(self):
        return self.db.execute("SELECT count(*) FROM marks").fetchone()[0]


def mark_count(args, **kw):
    try:
        with Store() as store:
            return json.dumps({"count": store.count()})
    except sqlite3.Error as exc:
        return tool_error(str(exc))


registry.register(name="mark_count", toolset="t", schema={}, handler=mark_count)
""",
            note="trap: a property that raises on the object's own state (used outside its `with`), read inside the `with` that sets it up",
        ),
        Valid(
            _HEAD
            + """\
import math


def _positive(name, value):
    number = float(value)
    if not math.isfinite(number) or number <= 0:
        raise ValueError(f"{name} must be a positive number")
    return number


def extraction(args, **kw):
    try:
        dose = _positive("dose_g", args.get("dose_g"))
        beverage = _positive("beverage_g", args.get("beverage_g"))
    except (TypeError, ValueError, OverflowError) as exc:
        return tool_error(str(exc))
    return json.dumps({"ratio": round(beverage / dose, 2)})


registry.register(name="extraction", toolset="t", schema={}, handler=extraction)
""",
            note="trap: a division by the number a helper hands back only once it is above 0",
        ),
        Valid(
            _HEAD
            + """\
from decimal import Decimal

PRICES = {"jersey": "45.00", "bibs": "65.00"}


class KitError(ValueError):
    pass


def _line_price(sku):
    return Decimal(PRICES[sku])


def price_lines(items):
    lines = []
    for raw in items:
        sku = str(raw.get("sku", ""))
        if sku not in PRICES:
            raise KitError(f"unknown item {sku!r}")
        unit = _line_price(sku)
        lines.append({"sku": sku, "unit_price": unit, "line_total": unit * int(raw.get("qty", 1))})
    return lines


def _jsonable(lines):
    for line in lines:
        line["unit_price"] = str(line["unit_price"])
        line["line_total"] = str(line["line_total"])
    return lines, len(lines)


def quote(args, **kw):
    try:
        lines = price_lines(args.get("items") or [])
    except (KitError, TypeError, ValueError, AttributeError) as exc:
        return tool_error(str(exc))
    lines, count = _jsonable(lines)
    return json.dumps({"lines": lines, "count": count})


registry.register(name="quote", toolset="t", schema={}, handler=quote)
""",
            note="trap: Decimal items rewritten one by one as text by a helper (`for l in lines: l['k'] = str(...)`), the list rebound to what it returns after the `try` that made it",
        ),
        Valid(
            _HEAD
            + """\
class ReservationError(ValueError):
    pass


def _require_str(args, key):
    value = args.get(key)
    if not isinstance(value, str) or not value.strip():
        raise ReservationError(f"{key!r} is required")
    return value.strip()


def _isbn(args):
    return _require_str(args, "isbn").replace("-", "").replace(" ", "")


def queue(args, **kw):
    try:
        isbn = _isbn(args)
    except ReservationError as exc:
        return tool_error(str(exc))
    return json.dumps({"isbn": isbn})


registry.register(name="queue", toolset="t", schema={}, handler=queue)
""",
            note="trap: the model's text with `str.replace(a, b)`, which renames no file (`Path.replace(target)` takes one argument)",
        ),
        Valid(
            {
                "plugins/bump/__init__.py": """\
import json
import re
import tomllib
from pathlib import Path

SEMVER = re.compile(r"^(\\d+)\\.(\\d+)\\.(\\d+)$")


def bump(args, **kw):
    src = Path("mod.toml")
    try:
        data = tomllib.loads(src.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        return json.dumps({"error": str(exc)})
    old = data.get("version")
    match = SEMVER.match(old) if isinstance(old, str) else None
    if not match:
        return json.dumps({"error": f"version {old!r} is not semver"})
    major, minor, patch = (int(g) for g in match.groups())
    return json.dumps({"old": old, "new": f"{major}.{minor}.{patch + 1}"})


def register(ctx):
    ctx.register_tool(name="bump", toolset="b", schema={}, handler=bump)
""",
                "plugins/bump/plugin.yaml": "name: bump\nversion: 0.1.0\ndescription: Bump.\nprovides_tools:\n  - bump\n",
            },
            note="trap: a field TOML read, bound to a name, whose key no one writes a date in (`version`)",
        ),
        Valid(
            _HEAD
            + """\
def _monthly(principal, rate, months):
    if rate == 0:
        return principal / months if months else principal
    r = rate / 1200
    return principal * r / (1 - (1 + r) ** -months)


def loan(args, **kw):
    try:
        p = float(args.get("principal", 0))
        rate = float(args.get("rate", 0))
        n = int(args.get("months", 12))
    except (TypeError, ValueError):
        return tool_error("principal, rate and months must be numbers")
    if n <= 0:
        return tool_error("months must be at least 1")
    return json.dumps({"payment": round(_monthly(p, rate, n), 2)})


def tip_share(args, **kw):
    try:
        total = float(args.get("total", 0))
        staff = float(args.get("staff", 1))
    except (TypeError, ValueError):
        return tool_error("numbers please")
    return json.dumps({"each": total / (abs(staff) + 1), "hourly": total / (staff * staff + 4)})


registry.register(name="loan", toolset="t", schema={}, handler=loan)
registry.register(name="tip_share", toolset="t", schema={}, handler=tip_share)
""",
            note="trap: a divisor made of the model's numbers that the helper tests first (`if rate == 0`) or that no number makes 0 (`abs(x) + 1`, `x * x + 4`)",
        ),
        Valid(
            {
                "plugins/export/__init__.py": """\
import json
from pathlib import Path

OUT = Path("exports")


def _target(prefix, name):
    return OUT / (prefix + name)


def _ratio(done, total):
    return done / total


def export(args, **kw):
    try:
        done = int(args.get("done", 0))
        total = int(args.get("total", 1))
    except (TypeError, ValueError):
        return json.dumps({"error": "done and total must be whole numbers"})
    if total < 1:
        return json.dumps({"error": "total must be at least 1"})
    path = _target(str(args.get("prefix") or "x"), str(args.get("name") or "out.txt"))
    return json.dumps({"path": str(path), "share": _ratio(done, total)})


def register(ctx):
    ctx.register_tool(name="export", toolset="e", schema={}, handler=export)
""",
                "plugins/export/plugin.yaml": "name: export\nversion: 0.1.0\ndescription: Export.\nprovides_tools:\n  - export\n",
            },
            note="trap: a path joined to text the model made (`OUT / (prefix + name)`: no number), and a number the handler bounds before handing it to a helper that divides by it",
        ),
        Valid(
            _HEAD
            + """\
from dataclasses import dataclass


@dataclass
class Charge:
    kwh: float
    kw: float


@dataclass
class Checked:
    kwh: float
    kw: float

    def __post_init__(self):
        if self.kw <= 0:
            raise ValueError("kw must be above 0")


def _hours(req):
    if req.kw <= 0:
        return None
    return req.kwh / req.kw


def _hours_checked(req):
    return req.kwh / req.kw


def plan(args, **kw):
    try:
        req = Charge(kwh=float(args.get("kwh", 10)), kw=float(args.get("kw", 7)))
    except (TypeError, ValueError):
        return tool_error("kwh and kw are numbers")
    return json.dumps({"hours": _hours(req)})


def plan_checked(args, **kw):
    try:
        req = Checked(kwh=float(args.get("kwh", 10)), kw=float(args.get("kw", 7)))
    except (TypeError, ValueError) as exc:
        return tool_error(str(exc))
    return json.dumps({"hours": _hours_checked(req)})


def plan_tested(args, **kw):
    try:
        req = Charge(kwh=float(args.get("kwh", 10)), kw=float(args.get("kw", 7)))
    except (TypeError, ValueError):
        return tool_error("kwh and kw are numbers")
    if req.kw < 0.1:
        return tool_error("kw must be at least 0.1")
    return json.dumps({"hours": _hours_checked(req)})


registry.register(name="plan", toolset="t", schema={}, handler=plan)
registry.register(name="plan_checked", toolset="t", schema={}, handler=plan_checked)
registry.register(name="plan_tested", toolset="t", schema={}, handler=plan_tested)
""",
            note="trap: a record's field of the model's number that the helper tests, that the record checks when made (`__post_init__`), or that the handler tests before handing the record on",
        ),
        Valid(
            {
                "plugins/radio/units.py": """\
C = 299_792_458.0


def wavelength(hz):
    return C / hz


def period(hz):
    return 1 / hz
""",
                "plugins/radio/__init__.py": """\
import json
import math

from . import units


def to_m(args, **kw):
    try:
        hz = float(args.get("hz", 0))
    except (TypeError, ValueError):
        return json.dumps({"error": "hz must be a number"})
    if not math.isfinite(hz) or hz <= 0:
        return json.dumps({"error": "hz must be above 0"})
    return json.dumps({"m": units.wavelength(hz)})


def to_s(args, **kw):
    try:
        hz = float(args.get("hz", 0))
    except (TypeError, ValueError):
        return json.dumps({"error": "hz must be a number"})
    if not hz:
        return json.dumps({"error": "hz must not be 0"})
    return json.dumps({"s": units.period(hz)})


def register(ctx):
    ctx.register_tool(name="to_m", toolset="r", schema={}, handler=to_m)
    ctx.register_tool(name="to_s", toolset="r", schema={}, handler=to_s)
""",
                "plugins/radio/plugin.yaml": "name: radio\nversion: 0.1.0\ndescription: Radio.\nprovides_tools:\n  - to_m\n  - to_s\n",
            },
            note="trap: the model's number tested in a way that turns 0 away (`hz <= 0`, `not hz`) before a helper divides by it",
        ),
        Valid(
            _HEAD
            + """\
COSTS = {"latte": 1.2, "tea": 0.4}


def markup(args, **kw):
    try:
        price = float(args.get("price", 0))
    except (TypeError, ValueError):
        return tool_error("price must be a number")
    cost = COSTS.get(str(args.get("item")), 1.0)
    if price <= cost:
        return tool_error("price must be above cost")
    return json.dumps({"multiple": price / (price - cost)})


def lift(args, **kw):
    try:
        base = float(args.get("base", 0.1))
        rel = float(args.get("lift", 0.1))
    except (TypeError, ValueError):
        return tool_error("numbers please")
    if rel == 0 or not 0 < base < 1:
        return tool_error("lift must not be 0, and the base is a rate between 0 and 1")
    return json.dumps({"n": 16 / (base * (1 + rel) - base) ** 2})


registry.register(name="markup", toolset="t", schema={}, handler=markup)
registry.register(name="lift", toolset="t", schema={}, handler=lift)
""",
            note="trap: a divisor 0 only for a value the model does not decide (`price - cost`, the cost from a table), or for a number the handler turns away first (`rel == 0`)",
        ),
        Valid(
            _HEAD
            + """\
def split_bill(args, **kw):
    people = args.get("people", 1)
    if not isinstance(people, int) or isinstance(people, bool) or not 1 <= people <= 50:
        return tool_error("people must be a whole number from 1 to 50")
    try:
        total = float(args.get("total", 0))
    except (TypeError, ValueError):
        return tool_error("total must be a number")
    return json.dumps({"each": round(total / people, 2)})


registry.register(name="split_bill", toolset="t", schema={}, handler=split_bill)
""",
            note="trap: the model's number tested to lie in a range that leaves 0 out (`1 <= people <= 50`), which a positive number can fail too",
        ),
        Valid(
            _HEAD
            + """\
WEIGHTS = {"clarity": 2, "evidence": 3}


def rubric(args, **kw):
    scores = args.get("scores")
    if not isinstance(scores, dict) or not scores:
        return tool_error("scores must be an object")
    unknown = [k for k in scores if k.strip().lower() not in WEIGHTS]
    if unknown:
        return tool_error(f"not in the rubric: {unknown}")
    total = 0
    for key, given in scores.items():
        total += WEIGHTS[key.strip().lower()] * int(bool(given))
    return json.dumps({"total": total})


registry.register(name="rubric", toolset="t", schema={}, handler=rubric)
""",
            note="trap: each key of the model's object tested against the table as it is made (`k.strip().lower() not in WEIGHTS`, then leave), so the loop's lookups of it find it",
        ),
        Valid(
            _HEAD
            + """\
import xml.etree.ElementTree as ET
from pathlib import Path

SETTINGS = Path(__file__).with_name("settings.xml")


def _text(el, path, default=None):
    node = el.find(path)
    return node.text if node is not None else default


def track_name(args, **kw):
    try:
        root = ET.parse(str(args.get("path", ""))).getroot()
    except (OSError, ET.ParseError) as exc:
        return tool_error(str(exc))
    name = root.find("name")
    if name is None:
        return tool_error("the file has no <name>")
    return json.dumps({"name": name.text, "desc": _text(root, "desc", "")})


def units(args, **kw):
    root = ET.parse(SETTINGS).getroot()
    return json.dumps({"units": root.find("units").text})


registry.register(name="track_name", toolset="t", schema={}, handler=track_name)
registry.register(name="units", toolset="t", schema={}, handler=units)
""",
            note="trap: a search of a document the model names whose answer is tested for None first (also in a helper), and one of a file the tool ships (its shape is the tool's)",
        ),
        Valid(
            _HEAD
            + """\
import yaml
from pathlib import Path


def progress(args, **kw):
    try:
        cfg = yaml.safe_load(Path("campaigns.yaml").read_text()) or {}
    except (OSError, yaml.YAMLError) as exc:
        return tool_error(str(exc))
    if not isinstance(cfg.get("campaigns"), dict):
        return tool_error("no campaigns")
    camp = cfg["campaigns"].get(str(args.get("campaign", "")))
    if camp is None:
        return json.dumps({"error": "no such campaign", "campaigns": sorted(cfg["campaigns"])})
    return json.dumps({"title": str(camp.get("title", ""))})


registry.register(name="progress", toolset="t", schema={}, handler=progress)
""",
            note="trap: `sorted()` of a loaded document's mapping (`cfg['campaigns'].get(...)` is read as one): its keys, names, not the dates YAML may read as values",
        ),
        Valid(
            _HEAD
            + """\
import re
from pathlib import Path

REPORTS = Path.home() / ".reports"


class ReportNotFound(Exception):
    pass


def _object_dir(object_id):
    if not isinstance(object_id, str) or not re.fullmatch(r"[A-Z0-9.]{1,20}", object_id):
        return None
    return REPORTS / object_id


def _load(object_id, report_id):
    folder = _object_dir(object_id)
    if folder is None or not re.fullmatch(r"[0-9a-f]{10}", report_id or ""):
        raise ReportNotFound(report_id)
    path = folder / f"{report_id}.json"
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ReportNotFound(report_id) from None
    except (UnicodeDecodeError, ValueError):
        return {}


def show_report(args, **kw):
    if not isinstance(args.get("object_id"), str):
        return tool_error("object_id is required")
    try:
        report = _load(args["object_id"], str(args.get("report_id") or ""))
    except ReportNotFound as exc:
        return tool_error(f"no report {exc}")
    return json.dumps(report)


registry.register(name="show_report", toolset="t", schema={}, handler=show_report)
""",
            note='trap: a file read under the tool\'s own folder whose name the code ends with its own extension (`f"{report_id}.json"`): the model names no folder there',
        ),
        Valid(
            _HEAD
            + """\
import sqlite3


class CardNotFound(Exception):
    pass


class Stamps:
    def __init__(self, path="stamps.db"):
        self.path = path

    def get_card(self, customer):
        conn = sqlite3.connect(self.path)
        try:
            row = conn.execute("SELECT customer, stamps FROM cards WHERE customer = ?", (customer,)).fetchone()
        finally:
            conn.close()
        if row is None:
            raise CardNotFound(customer)
        return {"customer": row[0], "stamps": row[1]}

    def add(self, customer, count):
        conn = sqlite3.connect(self.path)
        try:
            with conn:
                conn.execute(
                    "INSERT INTO cards (customer, stamps) VALUES (?, ?)"
                    " ON CONFLICT(customer) DO UPDATE SET stamps = stamps + excluded.stamps",
                    (customer, count),
                )
        finally:
            conn.close()
        return self.get_card(customer)


def add_stamp(args, **kw):
    customer = str(args.get("customer") or "").strip()
    if not customer:
        return tool_error("customer is required")
    try:
        card = Stamps().add(customer, 1)
    except sqlite3.Error as exc:
        return tool_error(str(exc))
    return json.dumps(card)


registry.register(name="add_stamp", toolset="t", schema={}, handler=add_stamp)
""",
            note="trap: a row read back by a helper that raises when it is missing (`if row is None: raise`), right after the caller wrote it with the same key (an upsert)",
        ),
        Valid(
            _HEAD
            + """\
import re
from pathlib import Path


class InvoiceError(Exception):
    pass


class Book:
    ID = re.compile(r"^[A-Za-z0-9_-]{1,40}$")

    def path_for(self, invoice_id):
        if not isinstance(invoice_id, str) or not self.ID.match(invoice_id):
            raise InvoiceError("invoice_id must be 1-40 letters, digits, '-' or '_'")
        return Path("invoices") / f"{invoice_id}.json"

    def load(self, invoice_id):
        path = self.path_for(invoice_id)
        if not path.exists():
            return {"invoice_id": invoice_id, "lines": []}
        try:
            return json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            raise InvoiceError(f"unreadable: {exc}") from exc

    def save(self, invoice):
        path = self.path_for(invoice["invoice_id"])
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(invoice), encoding="utf-8")


def add_line(args, **kw):
    book = Book()
    try:
        invoice = book.load(args.get("invoice_id"))
    except InvoiceError as exc:
        return tool_error(str(exc))
    invoice["lines"].append(str(args.get("text") or ""))
    try:
        book.save(invoice)
    except OSError as exc:
        return tool_error(f"could not save: {exc}")
    return json.dumps({"lines": len(invoice["lines"])})


registry.register(name="add_line", toolset="t", schema={}, handler=add_line)
""",
            note="trap: what a call that passed a validation gave back (`invoice = book.load(id)` in a `try` whose `except` catches InvoiceError and returns) passes the same raise again when handed on (`book.save(invoice)`)",
        ),
        Valid(
            _HEAD
            + """\
import re
import subprocess
from pathlib import Path

BACKUPS = Path("backups")


def backup(args, **kw):
    label = re.sub(r"[^a-z0-9-]", "-", str(args.get("label") or "")).strip("-")[:30]
    target = BACKUPS / f"logs-{label}.tar.gz"
    try:
        subprocess.run(["tar", "-czf", str(target), "-C", "logs", "."], check=True, capture_output=True, timeout=60)
    except (subprocess.CalledProcessError, OSError, subprocess.TimeoutExpired) as exc:
        return tool_error(f"backup failed: {exc}")
    return json.dumps({"backup": target.name, "bytes": target.stat().st_size})


registry.register(name="backup", toolset="t", schema={}, handler=backup)
""",
            note="trap: a path handed to a command run with `check=True` is there once the command has run to the end (tar wrote it)",
        ),
        Valid(
            {
                "plugins/load/__init__.py": """\
import json
from functools import partial

SETTINGS = {"acute_days": 7, "chronic_days": 28}


def _lam(window):
    return 2.0 / (window + 1)


def handle_acwr(args, settings=None, **kwargs):
    settings = settings or SETTINGS
    acute, chronic = settings["acute_days"], settings["chronic_days"]
    return json.dumps({"acute": acute, "chronic": chronic, "lambda": _lam(acute)})


def register(ctx):
    ctx.register_tool(name="acwr", toolset="load", schema={}, handler=partial(handle_acwr, settings=SETTINGS))
""",
                "plugins/load/plugin.yaml": "name: load\nversion: 0.1.0\ndescription: Load.\nprovides_tools:\n  - acwr\n",
            },
            note="trap: a parameter the registration binds (`partial(fn, settings=SETTINGS)`), rebound to itself or a default (`settings = settings or SETTINGS`), holds the tool's settings, not what the model sent",
        ),
        Valid(
            _HEAD
            + """\
import re
from datetime import datetime

ISO = re.compile(r"^\\d{4}-\\d{2}-\\d{2}([T ]\\d{2}:\\d{2})?$")


def start_at(args, **kw):
    value = str(args.get("start") or "").strip()
    if not ISO.match(value):
        return tool_error("start must look like 2025-03-01 or 2025-03-01T09:00")
    try:
        if "T" in value or " " in value:
            when = datetime.fromisoformat(value)
        else:
            when = datetime.strptime(value, "%Y-%m-%d")
    except ValueError:
        return tool_error("no such date")
    return json.dumps({"start": when.isoformat()})


registry.register(name="start_at", toolset="t", schema={}, handler=start_at)
""",
            note="trap: a date the parser is handed inside a `try` that catches ValueError, after a pattern checked its form",
        ),
        Valid(
            _HEAD
            + """\
import yaml
from pathlib import Path


def estimate(args, **kw):
    try:
        guide = yaml.safe_load(Path("labour.yaml").read_text()) or {}
    except (OSError, yaml.YAMLError) as exc:
        return tool_error(str(exc))
    table = guide.get("jobs") or {}
    job = str(args.get("job") or "")
    if job not in table:
        return json.dumps({"error": f"unknown job {job!r}", "known_jobs": sorted(table)})
    return json.dumps({"job": job})


registry.register(name="estimate", toolset="t", schema={}, handler=estimate)
""",
            note="trap: `sorted()` of a loaded document's field whose name says no date (`jobs`): its names, not dates YAML may read",
        ),
        Valid(
            _HEAD
            + """\
def _validate(args):
    rooms = args.get("rooms")
    if isinstance(rooms, bool) or not isinstance(rooms, int) or rooms < 0:
        raise ValueError("rooms must be a whole number")
    rate = args.get("rate")
    if rate is not None and (isinstance(rate, bool) or not isinstance(rate, (int, float))):
        raise ValueError("rate must be a number")
    return rooms, rate


def push(args, **kw):
    try:
        rooms, rate = _validate(args)
    except ValueError as exc:
        return tool_error(str(exc))
    item = {"rooms": rooms}
    if rate is not None:
        item["rate"] = round(float(rate), 2)
    return json.dumps(item)


def month(args, **kw):
    parts = str(args.get("month", "")).strip().split("-")
    if len(parts) != 2 or not all(p.isdecimal() for p in parts):
        return tool_error("month must look like YYYY-MM")
    return json.dumps({"year": int(parts[0]), "month": int(parts[1])})


registry.register(name="push", toolset="t", schema={}, handler=push)
registry.register(name="month", toolset="t", schema={}, handler=month)
""",
            note="trap: a value a helper hands back after testing it is a number (`isinstance(rate, (int, float))`, raising otherwise); parts each tested to be digits (`all(p.isdecimal() for p in parts)`)",
        ),
        Valid(
            _HEAD
            + """\
def growth(args, **kw):
    try:
        n = int(args["n"])
        total = float(args["total"])
    except (KeyError, TypeError, ValueError, OverflowError):
        return tool_error("n and total are numbers")
    return json.dumps({"v": total / (2 ** (n * 1000000000) + 1)})


registry.register(name="growth", toolset="t", schema={}, handler=growth)
""",
            note="trap (and no hang): a divisor with a huge power of the model's number is tried in floats, where it overflows; it is never 0",
        ),
        Valid(
            _HEAD
            + """\
from datetime import datetime, timedelta


def ages(args, **kw):
    stamps = {"build": datetime(2024, 5, 1), "deploy": datetime(2024, 5, 2)}
    names = []
    for name in stamps:
        names.append(name)
    span = stamps["deploy"] - stamps["build"]
    later = stamps["build"] + timedelta(days=1)
    codes = sorted({"EUR", *[str(c).upper() for c in (args.get("codes") if isinstance(args.get("codes"), list) else [])]})
    return json.dumps(
        {"names": names, "days": span.days, "later": later.isoformat(), "codes": codes}
    )


registry.register(name="ages", toolset="t", schema={}, handler=ages)
""",
            note="traps: a loop over a dict takes its keys, not its datetimes; a timedelta's `.days` and a moment's `.isoformat()` are JSON; `sorted()` of a set is a list of its strings",
        ),
        Valid(
            _HEAD
            + """\
class ScheduleError(Exception):
    pass


class Schedule:
    def __init__(self):
        self.branches = {"main": {}}

    def sessions(self, branch, day):
        if branch not in self.branches:
            raise ScheduleError(f"unknown branch {branch!r}")
        return self.branches[branch].get(day, [])


def next_open(args, **kw):
    branch = str(args.get("branch") or "main")
    schedule = Schedule()
    start = len(branch) % 7
    try:
        schedule.sessions(branch, start)
    except ScheduleError as exc:
        return tool_error(str(exc))
    for day in range(1, 8):
        if schedule.sessions(branch, day):
            return json.dumps({"day": day})
    return tool_error("closed all week")


registry.register(name="next_open", toolset="t", schema={}, handler=next_open)
""",
            note="trap: the raise tests only `branch` (and the object), which a call caught before gave the same: the later call with another day passes it too",
        ),
        Valid(
            _HEAD
            + """\
import math


class Bad(ValueError):
    pass


def _positive(args, key, default=None):
    value = args.get(key, default)
    if value is None:
        raise Bad(f"{key} is required")
    try:
        value = float(value)
    except (TypeError, ValueError):
        raise Bad(f"{key} must be a number") from None
    if not math.isfinite(value) or value <= 0:
        raise Bad(f"{key} must be positive")
    return value


def _bounded(args, key, default, lo, hi):
    value = args.get(key, default)
    try:
        value = int(value)
    except (TypeError, ValueError):
        raise Bad(f"{key} must be an integer") from None
    if not lo <= value <= hi:
        raise Bad(f"{key} out of range")
    return value


def _rule_500(focal_mm, crop=1.0):
    return 500.0 / (focal_mm * crop)


def exposure(args, **kw):
    try:
        focal = _positive(args, "focal_mm")
        seconds = _rule_500(focal, _positive(args, "crop", 1.0))
        wpm = _bounded(args, "wpm", 150, 1, 1000)
    except Bad as exc:
        return tool_error(str(exc))
    return json.dumps({"seconds": seconds, "minutes": 900 / wpm})


registry.register(name="exposure", toolset="t", schema={}, handler=exposure)
""",
            note="traps: a helper that makes the model's text a number in place (`value = float(value)`) and tests it against 0, or against bounds the caller gives: what it hands back is no 0",
        ),
        Valid(
            _HEAD
            + """\
import re

_SIZE = re.compile(r"^(\\d+)\\s*([kmg]?)b$", re.IGNORECASE)
_MULT = {"": 1, "k": 1024, "m": 1024**2, "g": 1024**3}


def size_bytes(args, **kw):
    m = _SIZE.match(str(args.get("size") or ""))
    if not m:
        return tool_error("use e.g. 10mb")
    return json.dumps({"bytes": int(m.group(1)) * _MULT[m.group(2).lower()]})


registry.register(name="size_bytes", toolset="t", schema={}, handler=size_bytes)
""",
            note="trap: the pattern's group can only be one of a few letters (any case), each of which the table holds once lowered",
        ),
        Valid(
            _HEAD
            + """\
def bar_length(args, **kw):
    sig = str(args.get("time_signature") or "4/4")
    try:
        num, den = sig.split("/")
        num, den = int(num), int(den)
    except ValueError:
        return tool_error("time_signature must look like 3/4")
    if den == 0:
        return tool_error("the beat unit cannot be 0")
    return json.dumps({"beats": num * 4 / den})


registry.register(name="bar_length", toolset="t", schema={}, handler=bar_length)
""",
            note="trap: the model's number made of a part of its text is tested against 0 before the division",
        ),
        Valid(
            _HEAD
            + """\
import functools
from datetime import datetime, timedelta
from decimal import Decimal


def round_to(step, value):
    return round(value / step) * step


quarter_hour = functools.partial(round_to, 0.25)


def plan(args, **kw):
    try:
        hours = float(args["hours"])
    except (KeyError, TypeError, ValueError):
        return tool_error("hours must be a number")
    timeline = []
    for name in ("prep", "cook"):
        start = datetime(2024, 1, 1, 18, 0) - timedelta(hours=1)
        timeline.append({"step": name, "at": start.strftime("%H:%M"), "_start": start})
    for t in timeline:
        t.pop("_start")
    lines = [{"net": Decimal("1.50"), "tax": Decimal("0.30")}]
    for line in lines:
        line["net"], line["tax"] = str(line["net"]), str(line["tax"])
    return json.dumps({"hours": quarter_hour(hours), "timeline": timeline, "lines": lines})


registry.register(name="plan", toolset="t", schema={}, handler=plan)
""",
            note="traps: a partial's own argument fills the first parameter (the model's number is the value, not the step); a field taken out of each item (`t.pop(...)`) or each rewritten in a tuple assignment is no longer what JSON refuses",
        ),
        Valid(
            _HEAD
            + """\
import csv
from pathlib import Path

PRICES = Path(__file__).with_name("prices.csv")


def _rows():
    with open(PRICES, newline="", encoding="utf-8") as fh:
        yield from csv.DictReader(fh)


def _total(rows):
    return sum(float(r["price"]) for r in rows)


def price_total(args, **kw):
    text = str(args.get("note") or "none")
    words = text.split()
    try:
        total = _total(_rows())
    except (OSError, ValueError, KeyError) as exc:
        return tool_error(str(exc))
    return json.dumps({"total": total, "words": len(words)})


registry.register(name="price_total", toolset="t", schema={}, handler=price_total)
""",
            note="traps: a generator handed to a helper that loops over it raises there, inside the `try` that catches it; the tool's own file is no file the model names",
        ),
        Valid(
            _HEAD
            + """\
import re
from pathlib import Path

_ID = re.compile(r"^[A-Za-z0-9_-]{3,32}$")
CACHE = Path.home() / ".cache" / "cards"


def _read(member_id):
    path = CACHE / f"{member_id}.json"
    if not path.is_file():
        return None
    return json.loads(path.read_text(encoding="utf-8", errors="replace"))


def card_balance(args, **kw):
    member = str(args.get("member_id") or "").strip()
    if not _ID.match(member):
        return tool_error("member_id must be 3-32 letters, digits, - or _")
    try:
        cached = _read(member)
    except ValueError:
        return tool_error("the cached balance is not JSON")
    if cached is None:
        return tool_error(f"no balance cached for {member}")
    return json.dumps(cached)


registry.register(name="card_balance", toolset="t", schema={}, handler=card_balance)
""",
            note="trap: the name's form tested, and the file's existence tested too (`is_file()`) before it is read",
        ),
        Valid(
            _HEAD
            + """\
from pathlib import Path

STORE = Path.home() / ".spools.json"


def _load():
    if not STORE.exists():
        return {}
    try:
        return json.loads(STORE.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}


def _add(spools, args):
    spool_id = str(args.get("spool_id") or "").strip().upper()
    if not spool_id:
        return tool_error("spool_id is required")
    if spool_id in spools:
        return tool_error(f"spool {spool_id} already exists")
    spools[spool_id] = {"material": "PLA", "remaining_g": 1000}
    STORE.write_text(json.dumps(spools))
    return json.dumps({"added": spool_id, **spools[spool_id]})


def spool_inventory(args, **kw):
    spools = _load()
    if args.get("action") == "add":
        try:
            return _add(spools, args)
        except OSError as exc:
            return tool_error(str(exc))
    return json.dumps({"spools": spools})


registry.register(name="spool_inventory", toolset="t", schema={}, handler=spool_inventory)
""",
            note="trap: the tool's own table looked up by the model's key right after the def stored that key in it",
        ),
        Valid(
            _HEAD
            + """\
def _clean(value):
    return value.strip().lower()


def tag_add(args, **kw):
    name = str(args.get("name") or "")
    if not _clean(name):
        return tool_error("name is required")
    return json.dumps({"tag": _clean(name)})


registry.register(name="tag_add", toolset="t", schema={}, handler=tag_add)
""",
            note="a helper that hands the model's text back, its answer tested while the def's bindings are still being read (this crashed the analysis once)",
        ),
        Valid(
            _HEAD
            + """\
import re

_POT = re.compile(r"^\\s*p?\\s*(\\d+(?:\\.\\d+)?)\\s*(cm|l)?\\s*$", re.I)


class PotSizeError(ValueError):
    pass


def normalise_pot(raw):
    text = str(raw or "").strip().lower()
    m = _POT.match(text)
    if not m:
        raise PotSizeError(f"unrecognised pot size {raw!r}")
    number = m.group(1)
    if number.endswith(".0"):
        number = number[:-2]
    return f"{number}L" if float(number) <= 5 else f"{number}cm"


def stock_lookup(args, **kw):
    pot = args.get("pot_size")
    try:
        pot = normalise_pot(pot) if pot else None
    except PotSizeError as exc:
        return tool_error(str(exc))
    return json.dumps({"pot_size": pot})


registry.register(name="stock_lookup", toolset="t", schema={}, handler=stock_lookup)
""",
            note="trap: a pattern's digits, trimmed of a part of themselves (`number = number[:-2]`), are still digits `float()` reads; the model's text handed on from inside the name's own rebinding",
        ),
        Valid(
            _HEAD
            + """\
from datetime import timedelta

SCHEMA = {
    "name": "clock",
    "description": "Format seconds.",
    "parameters": {
        "type": "object",
        "properties": {"seconds": {"type": "number", "minimum": 0, "maximum": 86400}},
    },
}


def _format(args):
    secs = args["seconds"]
    if isinstance(secs, bool) or not isinstance(secs, (int, float)):
        raise ValueError("seconds must be a number")
    return {"clock": str(timedelta(seconds=secs))}


def clock(args, **kw):
    try:
        return json.dumps(_format(args))
    except (KeyError, ValueError) as exc:
        return tool_error(str(exc))


registry.register(name="clock", toolset="t", schema=SCHEMA, handler=clock)
""",
            note="trap: the schema gives the number a range, so the arguments handed to a helper hold no number too large for a timedelta",
        ),
        Valid(
            _HEAD
            + """\
from pathlib import Path


def _archive():
    return Path.home() / "chess" / "pgn"


def _resolve(name):
    p = Path(name)
    if not p.suffix:
        p = p.with_suffix(".pgn")
    if not p.is_absolute():
        p = _archive() / p
    return p


def game_count(args, **kw):
    name = str(args.get("file") or "")
    path = _resolve(name)
    if not path.is_file():
        return tool_error(f"no such game file: {name}")
    with open(path, encoding="utf-8", errors="replace") as fh:
        return json.dumps({"games": fh.read().count("[Event ")})


registry.register(name="game_count", toolset="t", schema={}, handler=game_count)
""",
            note="trap: the path the helper made of the model's name, tested to be a file before it is opened",
        ),
        Valid(
            _HEAD
            + """\
import struct
from pathlib import Path


def _segments(data):
    i = 2
    found = []
    while i + 4 <= len(data):
        (size,) = struct.unpack(">H", data[i + 2 : i + 4])
        found.append(size)
        i += 2 + max(size, 2)
    return found


def jpeg_segments(args, **kw):
    path = Path(str(args.get("path") or ""))
    try:
        data = path.read_bytes()
    except OSError as exc:
        return tool_error(str(exc))
    return json.dumps({"segments": _segments(data)})


registry.register(name="jpeg_segments", toolset="t", schema={}, handler=jpeg_segments)
""",
            note="trap: `struct.unpack` of bytes of a file the model names, read only where the loop's test looked at their length (`i + 4 <= len(data)`)",
        ),
        Valid(
            _HEAD
            + """\
import re

_FIELD = re.compile(r"^([A-Z]):(\\d+)$")


def _numbers(text):
    found = {}
    for line in text.splitlines():
        m = _FIELD.match(line.strip())
        if m:
            found[m.group(1)] = int(m.group(2))
    return found


def header_numbers(args, **kw):
    text = args.get("text")
    if not isinstance(text, str) or not text:
        return tool_error("text is required")
    return json.dumps(_numbers(text))


registry.register(name="header_numbers", toolset="t", schema={}, handler=header_numbers)
""",
            note="trap: `int()` of a pattern's group of digits (`(\\d+)`): the match tested that group's form",
        ),
        Valid(
            _HEAD
            + """\
BARS = {"|", "||"}


def _counts(text):
    return [len(tok) if tok in BARS else tok.count("-") for tok in text.split()]


def bar_counts(args, **kw):
    text = str(args.get("chart") or "")
    sizes = [int(tok) if tok.isdigit() else 0 for tok in text.split()]
    return json.dumps({"counts": _counts(text), "sizes": sizes})


registry.register(name="bar_counts", toolset="t", schema={}, handler=bar_counts)
""",
            note="trap: `int(tok) if tok.isdigit() else 0`: the conditional's test holds in the branch that converts",
        ),
        Valid(
            _HEAD
            + """\
import statistics


def _summary(values):
    if not values:
        return {"count": 0}
    return {"count": len(values), "low": min(values), "mean": statistics.mean(values)}


def _cover(item):
    sales = [float(x) for x in item.get("sales") or [] if x]
    if not sales:
        return None
    return float(item.get("stock") or 0) / statistics.mean(sales)


def length_stats(args, **kw):
    strings = args.get("strings") if isinstance(args.get("strings"), list) else []
    try:
        covers = [_cover(it) for it in args.get("items") or [] if isinstance(it, dict)]
    except (TypeError, ValueError) as exc:
        return tool_error(str(exc))
    return json.dumps({"stats": _summary([len(s) for s in strings]), "covers": covers})


registry.register(name="length_stats", toolset="t", schema={}, handler=length_stats)
""",
            note="trap: a helper that tests the list the model may leave empty before `min()`, and a mean of the model's numbers with the zeros filtered out (`if x`)",
        ),
        Valid(
            _HEAD
            + """\
import functools
import os


class ApiError(Exception):
    pass


class Client:
    def __init__(self, key):
        self.key = key

    def lookup(self, name):
        raise ApiError(f"no network for {name}")


def needs_client(fn):
    @functools.wraps(fn)
    def wrapper(args, **kwargs):
        key = os.environ.get("LOOKUP_KEY", "")
        if not key:
            return tool_error("LOOKUP_KEY is not set")
        try:
            return fn(Client(key), args, **kwargs)
        except ApiError as exc:
            return tool_error(str(exc))

    return wrapper


@needs_client
def find(client, args, **kw):
    return json.dumps({"found": client.lookup(str(args.get("name") or ""))})


registry.register(name="find", toolset="t", schema={}, handler=find)
""",
            note="trap: a decorator that makes the client the def gets first, and catches what its calls raise around the call of the def",
        ),
        Valid(
            _HEAD
            + """\
MASS = {"g": 1.0, "kg": 1000.0}
VOLUME = {"ml": 1.0, "l": 1000.0}
ALIASES = {"gram": "g", "litre": "l"}


class UnitError(ValueError):
    pass


def _normalise(unit):
    u = str(unit or "").strip().lower()
    return ALIASES.get(u, u)


def _dimension(unit):
    u = _normalise(unit)
    if u in MASS:
        return "mass"
    if u in VOLUME:
        return "volume"
    raise UnitError(f"unknown unit {unit!r}")


def _convert(qty, from_unit, to_unit):
    if _dimension(from_unit) != _dimension(to_unit):
        raise UnitError("cannot convert between mass and volume")
    u = _normalise(to_unit)
    table = {"mass": MASS, "volume": VOLUME}[_dimension(to_unit)]
    return qty * table[_normalise(from_unit)] / table[u]


def cost_lines(args, **kw):
    out = []
    try:
        for line in args.get("lines") or []:
            if not isinstance(line, dict):
                raise ValueError("each line must be an object")
            qty = float(line.get("qty") or 0)
            out.append(_convert(qty, line.get("unit") or "g", line.get("per_unit") or "g"))
    except (TypeError, ValueError) as exc:
        return tool_error(str(exc))
    return json.dumps({"amounts": out})


registry.register(name="cost_lines", toolset="t", schema={}, handler=cost_lines)
""",
            note="trap: a helper that raises unless its normalised argument is an entry of its tables (`u = _normalise(unit); if u in MASS: ...; raise`): past its call, what the same normalising makes of the argument is an entry",
        ),
        Valid(
            _HEAD
            + """\
SYSTEMS = {"metric": {"temp": "c"}, "imperial": {"temp": "f"}}


def _units_arg(args):
    system = args.get("units") or "metric"
    if not isinstance(system, str):
        return None
    system = system.strip().lower()
    return system if system in SYSTEMS else None


def _present(value, system):
    return {"value": value, "unit": SYSTEMS[system]["temp"]}


def current(args, **kw):
    system = _units_arg(args)
    if system is None:
        return tool_error(f"units must be one of {sorted(SYSTEMS)}")
    return json.dumps(_present(20.0, system))


registry.register(name="current", toolset="t", schema={}, handler=current)
""",
            note="trap: a helper that answers None or an entry of its table (`x if x in SYSTEMS else None`), the answer turned away when None: past that test it is an entry",
        ),
        Valid(
            _HEAD
            + """\
import requests


class ConfigError(Exception):
    pass


class Service:
    def __init__(self):
        self._config = None

    def config(self):
        if self._config is None:
            self._config = self._read()
        return self._config

    def _read(self):
        try:
            with open("budget.json", encoding="utf-8") as fh:
                return json.load(fh)
        except (OSError, ValueError) as exc:
            raise ConfigError(f"cannot read budget.json: {exc}") from exc

    def categories(self):
        return self.config().get("categories", {})

    @property
    def currency(self):
        return str(self.config().get("currency", "EUR"))


SVC = Service()


def budget(args, **kw):
    try:
        limits = SVC.categories()
    except ConfigError as exc:
        return tool_error(str(exc))
    given = args.get("wait")
    wait = max(0.5, given) if isinstance(given, (int, float)) else 1.0
    try:
        requests.get("https://example.org/rates", timeout=wait)
    except requests.RequestException as exc:
        return tool_error(str(exc))
    return json.dumps({"limits": limits, "currency": SVC.currency})


registry.register(name="budget", toolset="t", schema={}, handler=budget)
""",
            note="trap: a method of the same object that reaches the raise an earlier call on it was caught for (`SVC.categories()`, then `SVC.currency`, both through the memoised `config()`); a timeout the model sends kept above 0 by `max(0.5, ...)`",
        ),
        Valid(
            _HEAD
            + """\
def label(args, **kw):
    template = args.get("template") or "{name}"
    try:
        text = template.format(name="x")
    except (KeyError, IndexError, ValueError) as exc:
        return tool_error(f"bad template: {exc}")
    return json.dumps({"label": text, "hello": "Hi {name}".format(name=args.get("name"))})


registry.register(name="label", toolset="t", schema={}, handler=label)
""",
            note="trap: the model's template formatted where the errors it can raise are caught; the tool's own template given the model's value",
        ),
        Valid(
            _HEAD
            + """\
import re

PATTERNS = {"email": re.compile(r"[\\w.]+@[\\w.]+"), "url": re.compile(r"https?://\\S+")}


def extract(args, **kw):
    text = str(args.get("text") or "")
    kinds = args.get("kinds") or list(PATTERNS)
    if not isinstance(kinds, list):
        return tool_error("kinds must be a list")
    unknown = [k for k in kinds if not isinstance(k, str) or k not in PATTERNS]
    if unknown:
        return tool_error(f"unknown kinds: {unknown!r}")
    found = {kind: PATTERNS[kind].findall(text) for kind in dict.fromkeys(kinds)}
    return json.dumps(found)


registry.register(name="extract", toolset="t", schema={}, handler=extract)
""",
            note="trap: a list tested to be one, each of its items then tested against the table, looked up through `dict.fromkeys(kinds)`: each is an entry",
        ),
        Valid(
            _HEAD
            + """\
import re


def _ups(number):
    return int(number[-1]) == sum(int(c) for c in number[2:-1] if c.isdigit()) % 10


RULES = [("ups", re.compile(r"^1Z[0-9A-Z]{15}\\d$"), _ups)]


class Rule:
    def __init__(self, carrier, pattern, check):
        self.carrier, self.pattern, self.check = carrier, pattern, check


def _matching(number):
    return [Rule(*row) for row in RULES if row[1].match(number)]


def validate(args, **kw):
    number = str(args.get("number") or "").replace(" ", "").upper()
    checks = [{"carrier": rule.carrier, "ok": rule.check(number)} for rule in _matching(number)]
    return json.dumps({"checks": checks})


def watch_update(args, **kw):
    data = {"1Z": {"status": "new"}}
    number = str(args.get("number") or "")
    if number not in data:
        return tool_error("not on the watchlist")
    entry = data[number] if isinstance(data[number], dict) else {}
    return json.dumps({"entry": entry})


registry.register(name="validate", toolset="t", schema={}, handler=validate)
registry.register(name="watch_update", toolset="t", schema={}, handler=watch_update)
""",
            note="trap: a row chosen for the value by its own pattern (`for rule in _matching(number): rule.check(number)`); a type test of the entry found (`isinstance(data[number], dict)`) is no test of the key the membership test already checked",
        ),
        Valid(
            _HEAD
            + """\
import re

_WORD = re.compile(r"[A-Za-z']+")


def _ease(words, sentences):
    return 206.8 - 1.0 * (words / sentences)


def readability(args, **kw):
    text = str(args.get("text") or "")
    words = _WORD.findall(text)
    sentences = [s for s in re.split(r"[.!?]+", text) if s.strip()]
    if not words or not sentences:
        return tool_error("text holds no words or no sentences")
    return json.dumps({"ease": _ease(len(words), len(sentences))})


registry.register(name="readability", toolset="t", schema={}, handler=readability)
""",
            note="trap: the words a pattern finds in the model's text, tested for none before their count is handed to a helper that divides by it",
        ),
        Valid(
            _HEAD
            + """\
import base64
import binascii


def peek(args, **kw):
    text = str(args.get("text") or "")
    try:
        raw = base64.b64decode(text, validate=True)
    except binascii.Error as exc:
        return tool_error(str(exc))
    return json.dumps({"hex": raw.hex(), "text": raw.decode("utf-8", errors="replace")})


registry.register(name="peek", toolset="t", schema={}, handler=peek)
""",
            note='trap: the bytes the model\'s base64 spells decoded with `errors="replace"`: no UnicodeDecodeError',
        ),
        Valid(
            _HEAD
            + """\
def fill(args, **kw):
    args = normalise(args)
    minutes = float(args["minutes"])
    return json.dumps({"hours": minutes / 60})


def normalise(raw):
    return {"minutes": 0, **(raw or {})}


registry.register(name="fill", toolset="t", schema={}, handler=fill)
""",
            note="trap: the arguments put through a helper of the tool's own (which fills the defaults) are not the model's as they came",
        ),
        Valid(
            _HEAD
            + """\
def pace(args, **kw):
    minutes = args.get("minutes")
    if minutes is None or not isinstance(minutes, (int, float)) or not minutes:
        return tool_error("minutes must be a number other than 0")
    return json.dumps({"per_km": 10 / minutes})


registry.register(name="pace", toolset="t", schema={}, handler=pace)
""",
            note="trap: `not minutes` turns 0 away, beside `is None`",
        ),
        Valid(
            _HEAD
            + """\
import re

_WHEN = re.compile(r"^(\\d{4})-(\\d{2})$")


def month_label(args, **kw):
    m = _WHEN.match(str(args.get("month") or ""))
    if m is None:
        return tool_error("month must look like 2024-05")
    year, month = m.groups()
    return json.dumps({"label": f"{month}/{year}"})


registry.register(name="month_label", toolset="t", schema={}, handler=month_label)
""",
            note="trap: groups unpacked from a tested match and used as text: nothing raises",
        ),
        Valid(
            _HEAD
            + """\
import re

_NUM = re.compile(r"(\\d+)")


def first_number(args, **kw):
    text = str(args.get("text") or "")
    m = _NUM.search(text)
    if not m:
        return tool_error("no number in the text")
    return json.dumps({"n": m.group(1)})


def trimmed(args, **kw):
    found = re.match(r"\\s*(.*)", str(args.get("text") or ""))
    return json.dumps({"text": found.group(1)})


def walrus(args, **kw):
    if (m := _NUM.search(str(args.get("text") or ""))) is None:
        return tool_error("no number")
    return json.dumps({"n": m.group(1)})


registry.register(name="first_number", toolset="t", schema={}, handler=first_number)
registry.register(name="trimmed", toolset="t", schema={}, handler=trimmed)
registry.register(name="walrus", toolset="t", schema={}, handler=walrus)
""",
            note="trap: a match tested before its group is read (`if not m`, `:=` ... `is None`), and a pattern that matches any text (`\\\\s*(.*)`): no AttributeError",
        ),
        Valid(
            _HEAD
            + """\
ROWS = [{"path": "/a", "ms": 12.0}, {"path": "/b", "ms": 40.0}]


def slowest(args, **kw):
    prefix = str(args.get("prefix") or "")
    times = sorted(r["ms"] for r in ROWS if r["path"].startswith(prefix))
    if not times:
        return tool_error(f"no request under {prefix!r}")
    return json.dumps({"max": times[-1], "p50": rank(times, 50)})


def rank(values, pct):
    k = max(0, int(pct / 100 * len(values)) - 1)
    return values[k]


registry.register(name="slowest", toolset="t", schema={}, handler=slowest)
""",
            note="trap: the list the model's prefix filters is tested for emptiness before it is indexed or ranked",
        ),
        Valid(
            _HEAD
            + """\
import os


def _read(path):
    with open(path, encoding="utf-8") as fh:
        return fh.read()


def env_diff(args, **kw):
    left = os.path.abspath(str(args.get("left") or ".env.example"))
    right = os.path.abspath(str(args.get("right") or ".env"))
    for p in (left, right):
        if not os.path.isfile(p):
            return tool_error(f"no file at {p}")
    try:
        a, b = _read(left), _read(right)
    except UnicodeDecodeError:
        return tool_error("not UTF-8")
    return json.dumps({"same": a == b})


registry.register(name="env_diff", toolset="t", schema={}, handler=env_diff)
""",
            note="trap: each path tested in a loop to be a file (`isfile`), then read by a helper under `except UnicodeDecodeError`: no folder gets through",
        ),
        Valid(
            _HEAD
            + """\
import re

MATCHES = {"R1M1": {"winner": None}, "R1M2": {"winner": None}}


def _advance(table, match_id):
    r, i = map(int, re.match(r"R(\\d+)M(\\d+)$", match_id).groups())
    return table[match_id]["winner"], r, i


def report(args, **kw):
    match_id = str(args.get("match_id", ""))
    match = MATCHES.get(match_id)
    if match is None:
        return tool_error(f"no match {match_id}")
    return json.dumps({"next": _advance(MATCHES, match_id)})


registry.register(name="report", toolset="t", schema={}, handler=report)
""",
            note="trap: past `match = MATCHES.get(match_id)` ... `if match is None: return`, the id is a key of the table: the helper's lookup and its pattern cannot fail on it",
        ),
        Valid(
            _HEAD
            + """\
METHODS = ("competition", "dense")


def rank_rows(rows, *, method="competition"):
    if method not in METHODS:
        raise ValueError(f"unknown ranking method {method!r}")
    return sorted(rows)


def _payload(rows, method):
    return {"ranked": rank_rows(rows, method=method)}


def standings(args, **kw):
    method = args.get("method") or "competition"
    if method not in METHODS:
        return tool_error("method must be competition or dense")
    return json.dumps(_payload([3, 1, 2], method))


registry.register(name="standings", toolset="t", schema={}, handler=standings)
""",
            note="trap: the helper raises on what is not in METHODS; the handler returned first on the same test of the same table, two calls up",
        ),
        Valid(
            _HEAD
            + """\
from datetime import date


def _parse(text):
    try:
        return date.fromisoformat(text)
    except ValueError:
        return None


def year_of(args, **kw):
    when = _parse(str(args.get("when", "")))
    if when is None:
        return tool_error("when must be a date like 2024-05-01")
    return json.dumps({"year": when.year})


registry.register(name="year_of", toolset="t", schema={}, handler=year_of)
""",
            note="trap: the helper answers None for text that is no date, and the handler tests for None before it reads `.year`",
        ),
        Valid(
            _HEAD
            + """\
def first_word(args, **kw):
    words = str(args.get("text") or "").split()
    if not words:
        return tool_error("text is blank")
    return json.dumps({"first": words.pop(0), "rest": len(words)})


registry.register(name="first_word", toolset="t", schema={}, handler=first_word)
""",
            note="trap: the words of the model's text are tested before the first is popped",
        ),
        Valid(
            _HEAD
            + """\
ACTIONS = {"list": "listing", "add": "adding"}


def todo(args, **kw):
    action = args.get("action") or "list"
    if not isinstance(action, str) or action not in ACTIONS:
        return tool_error(f"action must be one of {sorted(ACTIONS)}")
    return json.dumps({"doing": ACTIONS[action]})


def todo_text(args, **kw):
    action = str(args.get("action", "list"))
    return json.dumps({"doing": ACTIONS.get(action, "nothing")})


registry.register(name="todo", toolset="t", schema={}, handler=todo)
registry.register(name="todo_text", toolset="t", schema={}, handler=todo_text)
""",
            note="trap: the action tested to be text before the table is asked, or made text by str(): a list never reaches the dict",
        ),
        Valid(
            _HEAD
            + """\
def _safe_name(name):
    if not isinstance(name, str) or not name.isidentifier():
        raise ValueError("a name is letters, digits and _")
    return name


def _lookup(table, key):
    if not isinstance(key, str) or key not in table:
        return None, tool_error(f"unknown {key!r}")
    return table[key], None


def add_card(args, **kw):
    deck, front = args.get("deck"), args.get("front")
    for label, value in (("deck", deck), ("front", front)):
        if not isinstance(value, str) or not value.strip():
            return tool_error(f"{label} must be text")
    return json.dumps({"deck": deck.strip(), "front": front.strip()})


def log_tank(args, **kw):
    tank = args.get("tank")
    try:
        _safe_name(tank)
    except ValueError as exc:
        return tool_error(str(exc))
    return json.dumps({"tank": tank.strip().lower()})


def device(args, **kw):
    state, problem = _lookup({"lamp": "on"}, args.get("device"))
    if problem:
        return problem
    return json.dumps({"device": args["device"].strip(), "state": state})


def count(args, **kw):
    try:
        n = int(args.get("n", 5))
    except (TypeError, ValueError):
        return tool_error("n must be a whole number")
    return json.dumps({"n": n, "q": str(args.get("q", "")).strip()})


registry.register(name="add_card", toolset="t", schema={}, handler=add_card)
registry.register(name="log_tank", toolset="t", schema={}, handler=log_tank)
registry.register(name="device", toolset="t", schema={}, handler=device)
registry.register(name="count", toolset="t", schema={}, handler=count)
""",
            note="trap: values tested to be text in a loop over them, handed first to a helper in a `try` that returns on what it raises, checked by a helper whose problem is tested, made text by str(), or converted under `except (TypeError, ValueError)`",
        ),
        Valid(
            _HEAD
            + """\
def tag_all(args, **kw):
    tags = args.get("tags") or []
    if not isinstance(tags, list):
        return tool_error("tags must be a list")
    return json.dumps({"tags": [str(t).lower() for t in tags]})


registry.register(name="tag_all", toolset="t", schema={}, handler=tag_all)
""",
            note="trap: the model's list tested to be one before the loop goes over it",
        ),
        Valid(
            _HEAD
            + """\
SCHEMA = {
    "name": "tag_all",
    "description": "Lower-case tags.",
    "parameters": {
        "type": "object",
        "properties": {"tags": {"type": "array", "items": {"type": "string"}, "description": "Tags."}},
    },
}


def tag_all(args, **kw):
    return json.dumps({"tags": [str(t).lower() for t in args.get("tags") or []]})


registry.register(name="tag_all", toolset="t", schema=SCHEMA, handler=tag_all)
""",
            note="trap: the schema declares `tags` an array, and Hermes wraps a bare value the model sends for it in a list (`coerce_tool_args`): the loop never meets a number",
        ),
        Valid(
            _HEAD
            + """\
class CronError(Exception):
    pass


def _parse(expr):
    text = expr.strip()
    if text.startswith("@"):
        raise CronError(f"unsupported macro {text.split()[0]!r}")
    return text.split()


def cron_explain(args, **kw):
    try:
        fields = _parse(str(args.get("expression", "")))
    except CronError as exc:
        return tool_error(str(exc))
    return json.dumps({"fields": fields})


registry.register(name="cron_explain", toolset="t", schema={}, handler=cron_explain)
""",
            note='trap: where `text.startswith("@")` holds the text is not blank, so `text.split()[0]` has a word',
        ),
        Valid(
            _HEAD
            + """\
from pathlib import Path

STORE = Path.home() / ".playlists.json"


def _load():
    try:
        return json.loads(STORE.read_text())
    except (OSError, ValueError):
        return {"playlists": {}}


def playlist_create(args, **kw):
    name = str(args.get("name") or "").strip()
    if not name:
        return tool_error("name is required")
    store = _load()
    if name in store["playlists"]:
        return tool_error(f"playlist {name!r} already exists")
    store["playlists"][name] = {"name": name, "tracks": []}
    try:
        STORE.write_text(json.dumps(store))
    except OSError as exc:
        return tool_error(f"could not save: {exc}")
    return json.dumps({"created": store["playlists"][name]})


registry.register(name="playlist_create", toolset="t", schema={}, handler=playlist_create)
""",
            note="trap: `store['playlists'][name] = ...` makes the entry the handler reads back",
        ),
        Valid(
            _HEAD
            + """\
import os
from pathlib import Path


def scan_folder(args, **kw):
    raw = args.get("folder") or "~/Pictures"
    if not isinstance(raw, str):
        return tool_error("folder must be text")
    folder = Path(os.path.expanduser(raw))
    notes = Path(str(args.get("notes") or "notes.txt"))
    if not folder.is_dir():
        return tool_error(f"not a folder: {folder}")
    return json.dumps({"folder": str(folder), "notes": notes.name, "exists": os.path.exists(args.get("x") or "")})


registry.register(name="image_folder_scan", toolset="t", schema={}, handler=scan_folder)
""",
            note="trap: a path made of a value tested to be text, or of `str()` of it; `os.path.exists` takes a number too",
        ),
        Valid(
            _HEAD
            + """\
from dataclasses import asdict, dataclass
from datetime import datetime
from typing import Optional


@dataclass
class Station:
    id: str
    last_report: Optional[datetime] = None


def search(args, **kw):
    first = Station("KSFO")
    second = Station("KOAK", None)
    rows = [Station(str(args.get("id") or "KSJC"))]
    return json.dumps({"first": asdict(first), "second": asdict(second), "rows": [asdict(r) for r in rows][:5]})


registry.register(name="station_search", toolset="t", schema={}, handler=search)
""",
            note="trap: a datetime field left at its default None (or given None) is no datetime: `asdict()` of such records is JSON",
        ),
        Valid(
            _HEAD
            + """\
def lookup(args, **kw):
    filters = args.get("filters") or {}
    key = args.get("key")
    store = {"playlists": {"road": []}}
    by_name = store["playlists"].get(str(key or ""))
    same = args["scope"].get(key) if isinstance(args.get("scope"), dict) else None
    return json.dumps({"found": by_name is not None, "filter": filters.get("x") if isinstance(filters, dict) else None, "same": same})


registry.register(name="lookup", toolset="t", schema={}, handler=lookup)
""",
            note="trap: `.get()` of a stored record's part with `str()` of the value; a part of the model's own value asked for its own key",
        ),
        Valid(
            _HEAD
            + """\
import re
from decimal import Decimal

UNITS = {"km": 1.0, "mi": 0.621371192}
MONTH = re.compile(r"(\\d{4})-(\\d{2})")


def _unit(args, default):
    unit = args.get("unit") or default
    if not isinstance(unit, str) or unit not in UNITS:
        raise ValueError(f"unit must be one of {', '.join(UNITS)}")
    return unit


def _lower(name):
    return name.lower()


def _money(v):
    return str(v.quantize(Decimal("0.01"))) if isinstance(v, Decimal) else v


def distance(args, **kw):
    try:
        unit = _unit(args, "km")
    except ValueError as exc:
        return tool_error(str(exc))
    zone = args.get("zone")
    if not isinstance(zone, str):
        return tool_error("zone must be text")
    month = args.get("month")
    if month is not None and not isinstance(month, str):
        return tool_error("month must look like 2024-03")
    m = MONTH.fullmatch(month.strip()) if month else None
    if month and (m is None or not 1 <= int(m.group(2)) <= 12):
        return tool_error("month must look like 2024-03")
    return json.dumps({"km": 12.5 * UNITS[unit], "zone": _lower(zone), "cost": _money(Decimal("3.10"))})


registry.register(name="distance", toolset="t", schema={}, handler=distance)
""",
            note="traps: a helper that returns only an entry of its table (raising otherwise) hands back an entry; a value the caller tested to be text handed to a helper; `int()` of a digit group of a match bound by a conditional; `str(v) if isinstance(v, Decimal) else v` holds no Decimal",
        ),
        Valid(
            _HEAD
            + """\
def citation_counts(args, **kw):
    ids = [i.strip() for i in args.get("ids", []) if isinstance(i, str)]
    raw = args.get("tags")
    tags = [t.lower() for t in (raw if isinstance(raw, dict) else {})]
    if not ids:
        return tool_error("ids is empty")
    return json.dumps({"ids": ids, "tags": tags})


SCHEMA = {"type": "object", "properties": {"ids": {"type": "array", "items": {"type": "string"}, "description": "arXiv ids"}, "tags": {"type": "object", "description": "tag weights"}}}
registry.register(name="citation_counts", toolset="t", schema={"name": "citation_counts", "description": "d", "parameters": SCHEMA}, handler=citation_counts)
""",
            note="trap: items tested to be text in the comprehension's `if`; the keys of an object argument are text",
        ),
        Valid(
            _HEAD
            + """\
from datetime import datetime
from fractions import Fraction


def _ok(data):
    return json.dumps({"success": True, **data})


def _safe(data):
    try:
        return json.dumps(data)
    except TypeError:
        return tool_error("could not encode the result")


def _stamp(now):
    return now.replace(microsecond=0).isoformat()


def schedule(args, **kw):
    result = {"hours": [6, 18], "at": _stamp(datetime.now())}
    mean = Fraction(1, 3)
    if args.get("safe"):
        return _safe({"when": datetime.now()})
    return _ok({**result, "mean": float(mean) + 1, "ratio": mean * 1.0})


registry.register(name="schedule", toolset="t", schema={}, handler=schedule)
""",
            note="trap: a helper that `json.dumps` what it is handed, given text and floats (`isoformat()`, `float(Fraction)`, a Fraction times a float); one that catches TypeError around its dumps",
        ),
        Valid(
            _HEAD
            + """\
import struct

METERS = {"electricity": "kWh", "gas": "m3"}


class InputError(Exception):
    pass


def _meter(args):
    meter = args.get("meter")
    if not isinstance(meter, str) or meter.strip().lower() not in METERS:
        raise InputError(f"meter must be one of: {', '.join(METERS)}")
    return meter.strip().lower()


def _chunks(data):
    out, pos = [], 0
    while pos + 8 <= len(data):
        kind, length = struct.unpack_from(">4sI", data, pos)
        out.append((kind, length))
        pos += 8 + length
    return out


def history(args, **kw):
    try:
        meter = _meter(args)
    except InputError as exc:
        return tool_error(str(exc))
    path = str(args.get("path") or "meter.bin")
    try:
        with open(path, "rb") as fh:
            data = fh.read()
    except OSError as exc:
        return tool_error(str(exc))
    return json.dumps({"meter": meter, "unit": METERS[meter], "chunks": len(_chunks(data))})


registry.register(name="meter_history", toolset="t", schema={}, handler=history)
""",
            note="traps: a helper that returns the very expression its test found in a table (raising otherwise) hands back an entry; `struct.unpack_from(fmt, data, pos)` under `while pos + 8 <= len(data)` has its bytes",
        ),
        Valid(
            {
                "plugins/srs/validation.py": """\
class ValidationError(ValueError):
    pass


def require_int(args, key, minimum, maximum):
    value = args.get(key)
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValidationError(f"{key} must be an integer")
    if value < minimum or value > maximum:
        raise ValidationError(f"{key} must be between {minimum} and {maximum}")
    return value
""",
                "plugins/srs/__init__.py": """\
import json

from . import validation as v


def next_interval(days, grade):
    if not 0 <= grade <= 5:
        raise ValueError("grade must be between 0 and 5")
    return days * 2 if grade >= 3 else 1


def review(args, **kw):
    try:
        grade = v.require_int(args, "grade", minimum=0, maximum=5)
    except v.ValidationError as exc:
        return json.dumps({"error": str(exc)})
    return json.dumps({"next_in_days": next_interval(3, grade)})


def register(ctx):
    ctx.register_tool(name="srs_review", toolset="srs", schema={}, handler=review)
""",
                "plugins/srs/plugin.yaml": "name: srs\\nversion: 0.1.0\\n"
                "description: Spaced repetition\\nprovides_tools: [srs_review]\\n",
            },
            note="trap: a raise that guards its parameter's range (`if not 0 <= grade <= 5`) asserts what its callers pass; this caller passes what a helper of its project checked (another module's `v.require_int(..., minimum=0, maximum=5)`)",
        ),
        Valid(
            _HEAD
            + """\
import math


def _finite(x):
    return isinstance(x, (int, float)) and not isinstance(x, bool) and math.isfinite(x)


def contains(args, **kw):
    lat, lon = args.get("lat"), args.get("lon")
    if not (_finite(lat) and _finite(lon)):
        return tool_error("lat and lon must be finite numbers")
    if not (-90 <= lat <= 90 and -180 <= lon <= 180):
        return tool_error("lat/lon out of range")
    limit = args.get("limit", 10)
    if not isinstance(limit, int) or limit > 100:
        return tool_error("limit must be an integer up to 100")
    return json.dumps({"point": [lon, lat], "limit": limit})


registry.register(name="contains", toolset="t", schema={}, handler=contains)
""",
            note="trap: values a helper's answer or a type test checked before they are compared with numbers",
        ),
        Valid(
            _HEAD
            + """\
import datetime
from dataclasses import asdict, dataclass


@dataclass
class Rec:
    when: datetime.datetime


def record(args, **kw):
    return json.dumps(asdict(Rec(args.get("w", ""))))


registry.register(name="record", toolset="t", schema={}, handler=record)
""",
            note="trap: a record's field annotated `datetime` but given the model's value as it came (text) holds no datetime",
        ),
        Valid(
            _HEAD
            + """\
_is_text = lambda v: isinstance(v, str) and bool(v.strip())


def sort_names(args, **kw):
    raw = args.get("names")
    if not isinstance(raw, list):
        return tool_error("names must be a list")
    kept = [n.strip() for n in raw if _is_text(n) and len(n) < 80]
    return json.dumps({"names": sorted(kept)})


SCHEMA = {
    "name": "sort_names",
    "description": "Sort names.",
    "parameters": {
        "type": "object",
        "properties": {"names": {"type": "array", "items": {"type": "string"}}},
    },
}
registry.register(name="sort_names", toolset="t", schema=SCHEMA, handler=sort_names)
""",
            note="trap: a comprehension keeps only the items a helper of the project's said yes to",
        ),
        Valid(
            _HEAD
            + """\
def _text(key):
    def check(args):
        value = args.get(key)
        if not isinstance(value, str) or not value.strip():
            return f"{key} must be text"
        return None

    return check


_CHECKS = (_text("reporter"), _text("parties"), lambda a: None if a.get("year") else "year?")


def _first_error(checks, args):
    return next(filter(None, (check(args) for check in checks)), None)


def cite(args, **kw):
    problem = _first_error(_CHECKS, args)
    if problem:
        return tool_error(problem)
    line = args["reporter"].upper() + " " + args["parties"]
    return json.dumps({"citation": line, "year": args["year"]})


registry.register(name="cite", toolset="t", schema={}, handler=cite)
""",
            note="trap: a table of checkers a factory made answers for each key before the handler reads them",
        ),
        Valid(
            _HEAD
            + """\
import datetime


def _error(message):
    return json.dumps({"error": message})


def _paid_on(raw):
    if raw is None:
        return datetime.date.today()
    try:
        return datetime.date.fromisoformat(str(raw))
    except ValueError:
        return f"not a date: {raw!r}"


def record(args, **kw):
    paid_on = _paid_on(args.get("paid_on"))
    if isinstance(paid_on, str):
        return _error(paid_on)
    return json.dumps({"paid_on": paid_on.isoformat()})


registry.register(name="record", toolset="t", schema={}, handler=record)
""",
            note="trap: a helper answers a date or a message; the branch a type test says holds text hands on text",
        ),
        Valid(
            _HEAD
            + """\
import dataclasses
import functools


def _build(args):
    return {"orders": str(args.get("orders") or "")}


def _wave(args):
    return {"size": int(args.get("size") or 20)}


@dataclasses.dataclass
class Pipeline:
    params: object
    fields: list


PIPELINES = {"build": Pipeline(_build, ["orders"]), "wave": Pipeline(_wave, ["size"])}


def run_pipeline(name, args, **kw):
    pipeline = PIPELINES[name]
    params = pipeline.params(args)
    return json.dumps({key: params[key] for key in pipeline.fields})


registry.register(
    name="build", toolset="t", schema={}, handler=functools.partial(run_pipeline, "build")
)
""",
            note="trap: a table's key bound by a partial picks the one def that runs",
        ),
        Valid(
            _HEAD
            + """\
import datetime


def balance(args, **kw):
    raw = args.get("as_of")
    if raw is not None and not isinstance(raw, str):
        return tool_error("as_of must be text")
    try:
        as_of = datetime.date.fromisoformat(raw) if raw else datetime.date.today()
    except ValueError:
        return tool_error("as_of must be a date such as 2024-05-31")
    return json.dumps({"as_of": as_of.isoformat()})


registry.register(name="balance", toolset="t", schema={}, handler=balance)
""",
            note="trap: the value is tested to be text before the parser meets it",
        ),
        Valid(
            _HEAD
            + """\
DEFAULT_RATIO = "16:9"


def render(args, **kw):
    ratio = str(args.get("ratio") or DEFAULT_RATIO).strip()
    return json.dumps({"ratio": ratio})


registry.register(name="render", toolset="t", schema={}, handler=render)
""",
            note="trap: str() of the value before a str method",
        ),
        Valid(
            _HEAD
            + """\
def lookup(args, **kw):
    call = args.get("callsign")
    if not isinstance(call, str):
        return tool_error("callsign must be text")
    call = call.strip().upper()
    return json.dumps({"callsign": call})


registry.register(name="lookup", toolset="t", schema={}, handler=lookup)
""",
            note="trap: a name tested to be text, then rebound from itself",
        ),
        Valid(
            _HEAD
            + """\
PROCEDURES = {"clean": 30, "fill": 45}


class BadArgument(Exception):
    pass


def _choice(args, key, choices):
    value = args.get(key)
    if value is None:
        return None
    allowed = tuple(choices)
    if not isinstance(value, str) or value not in allowed:
        raise BadArgument(f"{key} must be one of {', '.join(allowed)}")
    return value


def book(args, **kw):
    try:
        procedure = _choice(args, "procedure", PROCEDURES)
    except BadArgument as exc:
        return tool_error(str(exc))
    if procedure is None:
        return tool_error("procedure is required")
    return json.dumps({"minutes": PROCEDURES[procedure]})


registry.register(name="book", toolset="t", schema={}, handler=book)
""",
            note="trap: a helper answers None or a value it raised on unless its table (handed to it) holds it",
        ),
        Valid(
            _HEAD
            + """\
def _safe(fn, args):
    try:
        return fn(args)
    except Exception as exc:
        return tool_error(str(exc))


def _register(name, fn, schema):
    registry.register(
        name=name, toolset="t", schema=schema, handler=lambda args, **kw: _safe(fn, args)
    )


def tool(name, schema):
    return lambda fn: _register(name, fn, schema)


@tool("weather", {})
def weather(args):
    city = args["city"]
    return json.dumps({"city": city})
""",
            note="trap: the registering helper's lambda calls the def inside a try that catches everything",
        ),
        Valid(
            _HEAD
            + """\
from datetime import date


def _is_iso_date(value):
    if not isinstance(value, str):
        return False
    try:
        date.fromisoformat(value)
        return True
    except ValueError:
        return False


def record(args, **kw):
    given = args.get("given_on")
    if not _is_iso_date(given):
        return tool_error("given_on must be a date such as 2024-05-31")
    if date.fromisoformat(given) > date.today():
        return tool_error("given_on is in the future")
    return json.dumps({"given_on": given})


registry.register(name="record", toolset="t", schema={}, handler=record)
""",
            note="trap: a helper answers True or False by parsing the text in a try; its verdict turns the bad ones away",
        ),
        Valid(
            _HEAD
            + """\
import asyncio
import pathlib


def _write(path, state):
    path.write_text(json.dumps(state), encoding="utf-8")


async def save_note(args, **kw):
    text = args.get("text")
    if not isinstance(text, str):
        return tool_error("text must be a string")
    state = {"note": text}
    try:
        await asyncio.to_thread(_write, pathlib.Path("notes.json"), state)
    except OSError as exc:
        return tool_error(f"could not save: {exc}")
    return json.dumps({"saved": True})


registry.register(name="save_note", toolset="t", schema={}, handler=save_note, is_async=True)
""",
            note="trap: asyncio.to_thread hands the def its arguments after the first: the path is no value it dumps",
        ),
        Valid(
            _HEAD
            + """\
def triage(args, **kw):
    subject, body = args.get("subject", ""), args.get("body", "")
    if not isinstance(subject, str) or not isinstance(body, str):
        return tool_error("subject and body must be text")
    text = (subject + "\\n" + body + str(len(body) + 1)).lower()
    return json.dumps({"urgent": "outage" in text})


registry.register(name="triage", toolset="t", schema={}, handler=triage)
""",
            note="trap: values tested to be text joined with `+`, and a length added to a number inside str()",
        ),
        Valid(
            _HEAD
            + """\
UNITS = frozenset({"km", "mi"})
FACTORS = {"km": 1.0, "mi": 1.609}


def distance(args, **kw):
    unit = args.get("unit") or "km"
    if not isinstance(unit, str) or unit not in UNITS:
        return tool_error("unit must be km or mi")
    return json.dumps({"unit": unit})


def convert(args, **kw):
    unit = str(args.get("unit", "km")).lower()
    if unit not in FACTORS:
        return tool_error("unknown unit")
    return json.dumps({"factor": FACTORS[unit]})


def scale(args, **kw):
    unit = args.get("unit", "km")
    if unit not in ("km", "mi"):
        return tool_error("unit must be km or mi")
    if unit in FACTORS:
        return json.dumps({"factor": FACTORS[unit]})
    return tool_error("no factor")


registry.register(name="distance", toolset="t", schema={}, handler=distance)
registry.register(name="convert", toolset="t", schema={}, handler=convert)
registry.register(name="scale", toolset="t", schema={}, handler=scale)
""",
            note="trap: a membership test of a set after a type test, of `str()` of the value, or after a tuple (which compares, never hashes) turned other values away",
        ),
        Valid(
            _HEAD
            + """\
def _whole(value):
    return isinstance(value, int) and not isinstance(value, bool)


def plan(args, **kw):
    minutes = args.get("minutes")
    if not _whole(minutes) or minutes <= 0:
        return tool_error("minutes must be a positive whole number")
    slots = args.get("slots", 4)
    if _whole(slots) and slots > 96:
        return tool_error("at most 96 slots")
    return json.dumps({"minutes": minutes})


registry.register(name="plan", toolset="t", schema={}, handler=plan)
""",
            note="trap: an order comparison after a helper's answer in the same `or`/`and` runs only on what the helper let pass",
        ),
        Valid(
            _HEAD
            + """\
import datetime as dt
from decimal import Decimal


def _plain(value):
    if isinstance(value, Decimal):
        return str(value)
    if isinstance(value, (dt.date, dt.datetime)):
        return value.isoformat()
    raise TypeError(f"{type(value).__name__} is not JSON serialisable")


def invoice(args, **kw):
    total = Decimal("12.50") * 3
    return json.dumps({"total": total, "due": dt.date.today()}, default=_plain)


registry.register(name="invoice", toolset="t", schema={}, handler=invoice)
""",
            note="trap: the `default=` def converts each refused type the result holds",
        ),
        Valid(
            _HEAD
            + """\
from dataclasses import asdict, dataclass, is_dataclass
from decimal import Decimal
from functools import partial


@dataclass
class Summary:
    count: int
    total: str


def _plain(value):
    if isinstance(value, Decimal):
        return str(value)
    raise TypeError(f"{type(value).__name__} is not JSON serialisable")


def summarise(args):
    return Summary(count=2, total="3.50")


def _invoke(fn, args, **kw):
    try:
        result = fn(args)
    except ValueError as exc:
        return tool_error(str(exc))
    payload = asdict(result) if is_dataclass(result) else result
    return json.dumps(payload, default=_plain)


registry.register(name="summarise", toolset="t", schema={}, handler=partial(_invoke, summarise))
""",
            note="trap: a record of the project's is made a dict by `asdict` where `is_dataclass` says it is one; the other branch holds no record",
        ),
        Valid(
            _HEAD
            + """\
def compare_tariffs(args, **kw):
    tariffs = args.get("tariffs") or []
    if not isinstance(tariffs, list):
        return tool_error("tariffs must be a list")
    names = []
    for tariff in tariffs:
        if not isinstance(tariff, dict):
            return tool_error("each tariff must be an object")
        names.append(tariff.get("name") or "unnamed")
    return json.dumps({"names": names})


def apply_filters(args, **kw):
    filters = args.get("filters")
    if not isinstance(filters, dict):
        filters = {}
    return json.dumps({"filters": {k: v for k, v in filters.items() if v}})


registry.register(name="compare_tariffs", toolset="t", schema={}, handler=compare_tariffs)
registry.register(name="apply_filters", toolset="t", schema={}, handler=apply_filters)
""",
            note="trap: dict methods of an item or an argument tested to be a dict first",
        ),
        Valid(
            _HEAD
            + """\
from decimal import Decimal


def _problem(index, item):
    if not isinstance(item, dict):
        return f"appliances[{index}] must be an object"
    if not isinstance(item.get("name"), str):
        return f"appliances[{index}].name must be text"
    watts = item.get("watts")
    if isinstance(watts, bool) or not isinstance(watts, (int, float)) or watts < 0:
        return f"appliances[{index}].watts must be a number"
    return None


def _estimate(item):
    kwh = Decimal(str(item["watts"])) * 24 / 1000
    return {"name": item["name"].strip(), "kwh": str(kwh), "_kwh": kwh}


def energy(args, **kw):
    appliances = args.get("appliances")
    if not isinstance(appliances, list) or not appliances:
        return tool_error("appliances must be a non-empty list")
    for index, item in enumerate(appliances):
        problem = _problem(index, item)
        if problem:
            return tool_error(problem)
    rows = [_estimate(a) for a in appliances]
    total = sum((r.pop("_kwh") for r in rows), Decimal(0))
    return json.dumps({"total": str(total), "rows": rows})


SCHEMA = {"name": "energy", "description": "d", "parameters": {"type": "object", "properties": {"appliances": {"type": "array", "items": {"type": "object"}, "description": "Appliances."}}}}
registry.register(name="energy", toolset="t", schema=SCHEMA, handler=energy)
""",
            note="trap: a loop that asks a helper about each item and leaves on a problem checks every item; a Decimal kept under a key each row has popped before the dumps is not serialised",
        ),
        Valid(
            _HEAD
            + """\
import math


class Invalid(ValueError):
    pass


def _real(x):
    return isinstance(x, (int, float)) and not isinstance(x, bool) and math.isfinite(x)


def _share_below(scores, value):
    below = sum(1 for s in scores if s < value)
    return 100.0 * below / len(scores)


def _percentile(args):
    raw = args.get("scores")
    if not isinstance(raw, list):
        raise Invalid("scores must be a list")
    scores = sorted(x for x in raw if _real(x))
    if not scores:
        raise Invalid("scores must hold a number")
    value = args.get("value")
    if not _real(value):
        raise Invalid("value must be a number")
    return {"percentile": _share_below(scores, value)}


def percentile(args, **kw):
    try:
        return json.dumps(_percentile(args))
    except Invalid as exc:
        return tool_error(str(exc))


SCHEMA = {"name": "percentile", "description": "d", "parameters": {"type": "object", "properties": {"scores": {"type": "array", "items": {"type": "number"}, "description": "Scores."}, "value": {"type": "number", "description": "A score."}}}}
registry.register(name="percentile", toolset="t", schema=SCHEMA, handler=percentile)
""",
            note="trap: a list the caller turned away when empty, handed to a helper that divides by its length",
        ),
        Valid(
            _HEAD
            + """\
class UnknownStop(Exception):
    pass


class FareTable:
    def __init__(self):
        self.stop_names = {"s1": "Central", "s2": "Harbour"}
        self.zones = {"s1": "A", "s2": "B"}

    def zone_of(self, stop_id):
        if stop_id not in self.stop_names:
            raise UnknownStop(f"unknown stop {stop_id!r}")
        return self.zones.get(stop_id, "A")


def _quote(table: FareTable, origin: str) -> dict:
    zone = table.zone_of(origin)
    return {"origin": table.stop_names[origin], "zone": zone}


def fare_quote(args, **kw):
    origin = args.get("origin")
    if not isinstance(origin, str):
        return tool_error("origin must be a stop id")
    try:
        return json.dumps(_quote(FareTable(), origin))
    except UnknownStop as exc:
        return tool_error(str(exc))


registry.register(name="fare_quote", toolset="t", schema={}, handler=fare_quote)
""",
            note="trap: a method of an object of the project's that raises unless its table holds the value (`table.zone_of(stop)`) makes it an entry past the call, through an annotated parameter too",
        ),
        Valid(
            _HEAD
            + """\
def recent(args, **kw):
    limit = args.get("limit", 10)
    if isinstance(limit, bool) or not isinstance(limit, int) or limit < 1:
        return tool_error("limit must be a positive whole number")
    items = ["a", "b", "c"]
    return json.dumps({"items": items[:limit]})


def recent_int(args, **kw):
    try:
        limit = int(args.get("limit", 10))
    except (TypeError, ValueError):
        return tool_error("limit must be a whole number")
    return json.dumps({"items": ["a", "b"][:limit]})


registry.register(name="recent", toolset="t", schema={}, handler=recent)
registry.register(name="recent_int", toolset="t", schema={}, handler=recent_int)
""",
            note="trap: a slice by a value tested to be a whole number, or converted with int() in a try",
        ),
        Valid(
            _HEAD
            + """\
def note(args, **kw):
    text = args.get("note")
    text = text.strip()[:200] if isinstance(text, str) else ""
    given = args.get("tags")
    tags = [t.strip() for t in given if isinstance(t, str)] if isinstance(given, list) else []
    return json.dumps({"note": text, "tags": tags})


registry.register(name="note", toolset="t", schema={}, handler=note)
""",
            note="trap: a conditional expression's or a comprehension's type test runs before what it guards, though it is written after it",
        ),
        Valid(
            {
                "plugins/seats/__init__.py": """\
import functools
import json
from enum import Enum


class Action(str, Enum):
    FIND = "seat_find"
    HOLD = "seat_hold"


def find(args):
    return {"free": ["A1", "A2"]}


def hold(args):
    return {"held": args["seats"]}


ACTIONS = {Action.FIND: find, Action.HOLD: hold}


def _dispatch(action, args, **kw):
    if action == Action.HOLD:
        return json.dumps({"error": "holds are closed until the seat map is published"})
    return json.dumps(ACTIONS[action](args))


def register(ctx):
    for action in Action:
        ctx.register_tool(
            name=action.value,
            toolset="seats",
            schema={"name": action.value, "description": "Seats.", "parameters": {}},
            handler=functools.partial(_dispatch, action),
        )
""",
                "plugins/seats/plugin.yaml": "name: seats\nversion: 0.1.0\n"
                "provides_tools: [seat_find, seat_hold]\n",
            },
            note="trap: tools registered in a loop over an Enum class: each member is a row, and"
            " the member a partial binds decides `action == Action.HOLD`; the table's entry for"
            " it is never looked up",
        ),
        Valid(
            _HEAD
            + """\
import math


def _price(value):
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        return None
    return float(value)


def seat_search(args, **kw):
    price_max = args.get("price_max")
    if price_max is not None and (_price(price_max) is None or price_max < 0):
        return tool_error("price_max must be a non-negative number")
    return json.dumps({"price_max": price_max})


registry.register(name="seat_search", toolset="seats", schema={}, handler=seat_search)
""",
            note="trap: `_price(p) is None or p < 0`: the comparison runs only on what the"
            " helper did not turn away (a number)",
        ),
        Valid(
            _HEAD
            + """\
def _is_lat(v):
    return isinstance(v, (int, float)) and not isinstance(v, bool) and -90 <= v <= 90


def _is_lon(v):
    return isinstance(v, (int, float)) and not isinstance(v, bool) and -180 <= v <= 180


def leg_distance(args, **kw):
    keys = ("from_lat", "from_lon", "to_lat", "to_lon")
    checks = (_is_lat, _is_lon, _is_lat, _is_lon)
    bad = [k for k, ok in zip(keys, checks) if not ok(args.get(k))]
    if bad:
        return tool_error("invalid or missing: " + ", ".join(bad))
    a = (float(args["from_lat"]), float(args["from_lon"]))
    b = (float(args["to_lat"]), float(args["to_lon"]))
    return json.dumps({"degrees": abs(a[0] - b[0]) + abs(a[1] - b[1])})


registry.register(name="leg_distance", toolset="nav", schema={}, handler=leg_distance)
""",
            note="trap: a comprehension hands a helper the model's value under each key of a"
            " list written out (`ok(args.get(k))` for `k, ok in zip(KEYS, CHECKS)`): each was"
            " checked before it is read",
        ),
        Valid(
            _HEAD
            + """\
def set_rollover(args, **kw):
    rollover = args.get("rollover", False)
    if not isinstance(rollover, bool):
        return tool_error("rollover must be true or false")
    return json.dumps({"rollover": int(rollover)})


registry.register(name="set_rollover", toolset="budget", schema={}, handler=set_rollover)
""",
            note="a test that lets only a flag on guards it (the one that turns a flag away does"
            " not)",
        ),
        Valid(
            _HEAD
            + """\
from dataclasses import dataclass
from typing import Any, Union


@dataclass(frozen=True)
class Ok:
    value: Any


@dataclass(frozen=True)
class Err:
    error: str


Result = Union[Ok, Err]


def to_json(result: Result) -> str:
    match result:
        case Ok(value=v):
            return json.dumps({"ok": True, "value": v})
        case Err(error=e):
            return json.dumps({"ok": False, "error": str(e)})
    raise TypeError(f"not a Result: {type(result).__name__}")


def isbn_check(args, **kw):
    isbn = args.get("isbn")
    if not isinstance(isbn, str) or not isbn.strip():
        return to_json(Err("isbn is required"))
    return to_json(Ok(isbn.strip().replace("-", "")))


registry.register(name="isbn_check", toolset="library", schema={}, handler=isbn_check)
""",
            note="trap: a `match` over a parameter annotated as a union of classes, one case per"
            " class and each returning, never reaches the `raise` after it",
        ),
        Valid(
            _HEAD
            + """\
def _wanted(raw):
    match raw:
        case None | []:
            return None
        case list():
            return {str(t).strip().upper() for t in raw if str(t).strip()}
        case str() if raw.strip():
            return {t.strip().upper() for t in raw.split(",") if t.strip()}
        case _:
            return None


def marc_tags(args, **kw):
    wanted = _wanted(args.get("tags"))
    return json.dumps({"tags": sorted(wanted or [])})


registry.register(name="marc_tags", toolset="library", schema={}, handler=marc_tags)
""",
            note="trap: a class pattern (`case str():`) tests the subject's type as isinstance"
            " does: `raw.strip()` and `raw.split()` run on text only",
        ),
        Valid(
            _HEAD
            + """\
from dataclasses import asdict, dataclass
from datetime import datetime


@dataclass
class Booking:
    id: int
    machine: str
    start: datetime
    end: datetime

    def to_json(self):
        d = asdict(self)
        d["start"] = self.start.isoformat()
        d["end"] = self.end.isoformat()
        return d


def booking_show(args, **kw):
    booking = Booking(1, "laser", datetime(2026, 12, 1, 9), datetime(2026, 12, 1, 10))
    return json.dumps({"booking": booking.to_json()})


registry.register(name="booking_show", toolset="space", schema={}, handler=booking_show)
""",
            note="trap: the dict `asdict` makes gets its datetime fields again as text, always,"
            " before it is handed back",
        ),
        Valid(
            _HEAD
            + """\
MACHINES = {"laser": "Laser cutter", "mill": "CNC mill"}


def _machine_arg(args, *, required):
    machine = args.get("machine")
    if machine is None and not required:
        return None
    if not isinstance(machine, str) or machine not in MACHINES:
        raise ValueError("machine must be one of: " + ", ".join(MACHINES))
    return machine


def machine_info(args, **kw):
    try:
        machine = _machine_arg(args, required=True)
    except ValueError as exc:
        return tool_error(str(exc))
    return json.dumps({"machine": machine, "name": MACHINES[machine]})


registry.register(name="machine_info", toolset="space", schema={}, handler=machine_info)
""",
            note="trap: a helper that answers None or an entry of the table, called with a"
            " constant that rules its `return None` out: what it hands back is an entry",
        ),
        Valid(
            _HEAD
            + """\
class GcodeError(Exception):
    pass


def _bounded(args, key, default, lo, hi, *, integer=False):
    value = args.get(key, default)
    kinds = (int,) if integer else (int, float)
    if isinstance(value, bool) or not isinstance(value, kinds) or not lo <= value <= hi:
        raise GcodeError(f"{key} must be a number between {lo} and {hi}")
    return value


def layer_summary(args, **kw):
    try:
        max_layers = int(_bounded(args, "max_layers", 20, 1, 500, integer=True))
    except GcodeError as exc:
        return tool_error(str(exc))
    return json.dumps({"max_layers": max_layers})


registry.register(name="layer_summary", toolset="gcode", schema={}, handler=layer_summary)
""",
            note="trap: a helper that hands back only a value it tested to be a number: int() of"
            " it meets no text",
        ),
        Valid(
            _HEAD
            + """\
from datetime import timedelta
from enum import Enum


class Sport(str, Enum):
    TENNIS = "tennis"
    SQUASH = "squash"

    def allowed_durations(self):
        return (60, 90) if self is Sport.TENNIS else (45, 60)


def court_slot(args, **kw):
    raw = args.get("sport")
    try:
        sport = Sport(raw.strip().lower()) if isinstance(raw, str) else None
    except ValueError:
        sport = None
    if sport is None:
        return tool_error("sport must be tennis or squash")
    duration = args.get("duration_minutes", 60)
    if isinstance(duration, bool) or duration not in sport.allowed_durations():
        return tool_error("that duration cannot be booked")
    return json.dumps({"length_s": timedelta(minutes=int(duration)).total_seconds()})


registry.register(name="court_slot", toolset="courts", schema={}, handler=court_slot)
""",
            note="trap: a number turned away unless it is one of the values a method of the code"
            " hands back is one of those: no timedelta overflows on it",
        ),
        Valid(
            _HEAD
            + """\
import functools


class NotRegistered(Exception):
    pass


class Locator:
    _registrations = {}

    @classmethod
    def register_factory(cls, contract, factory):
        cls._registrations[contract] = factory

    @classmethod
    def resolve(cls, contract):
        factory = cls._registrations.get(contract)
        if factory is None:
            raise NotRegistered(contract.__name__)
        return factory()


class GalleryStatus:
    def handle(self, args):
        return json.dumps({"galleries": 3})


Locator.register_factory(GalleryStatus, GalleryStatus)


def _dispatch(handler_type, args, **kw):
    return Locator.resolve(handler_type).handle(args or {})


registry.register(
    name="gallery_status",
    toolset="lab",
    schema={},
    handler=functools.partial(_dispatch, GalleryStatus),
)
""",
            note="trap: a lookup keyed by a class of the project that raises when the class is"
            " not there is the code's own wiring (a service locator), not the tool's input",
        ),
        Valid(
            _HEAD
            + """\
import math

UNITS = ("km", "mi", "nm")


def pick(args, key, choices, default):
    value = args.get(key)
    if value is None:
        return default
    if not isinstance(value, str):
        raise ValueError(f"{key} must be one of {choices}")
    value = value.strip().lower()
    if value not in choices:
        raise ValueError(f"{key} must be one of {choices}")
    return value


def convert(metres, unit):
    if unit == "km":
        return metres / 1000
    elif unit == "mi":
        return metres / 1609.344
    elif unit == "nm":
        return metres / 1852
    raise ValueError(f"unknown unit {unit}")


def distance_in(args, **kw):
    try:
        unit = pick(args, "unit", UNITS, "km")
    except ValueError as exc:
        return tool_error(str(exc))
    metres = args.get("metres")
    if not isinstance(metres, (int, float)) or isinstance(metres, bool) or not math.isfinite(metres):
        return tool_error("metres must be a number")
    return json.dumps({"value": convert(metres, unit), "unit": unit})


registry.register(name="distance_in", toolset="geo", schema={}, handler=distance_in)
""",
            note="trap: a helper that returns its default or a value it tested against the"
            " table it was handed returns one of those; the callee's `if unit == ...` chain"
            " covers them all, so its last `raise` cannot run",
        ),
        Valid(
            _HEAD
            + """\
SIZES = ("s", "m", "l")


def price(size):
    if size == "s":
        return 2.5
    elif size == "m":
        return 3.0
    elif size == "l":
        return 3.5
    raise KeyError(size)


def coffee_price(args, **kw):
    size = args.get("size")
    if size not in SIZES:
        return tool_error("size must be s, m or l")
    return json.dumps({"price": price(size)})


registry.register(name="coffee_price", toolset="cafe", schema={}, handler=coffee_price)
""",
            note="trap: an `if`/`elif` chain whose branches all return, over every member the"
            " caller let through: the `raise` after the chain is not reached",
        ),
        Valid(
            _HEAD
            + """\
def jsonify(*args, **kwargs):
    if args and kwargs:
        raise TypeError("jsonify() takes either args or kwargs, not both")
    payload = args[0] if len(args) == 1 else (list(args) if args else kwargs)
    return json.dumps(payload)


def echo(args, **kw):
    text = args.get("text")
    if not isinstance(text, str):
        return jsonify(error="text must be a string")
    return jsonify({"text": text, "length": len(text)})


registry.register(name="echo", toolset="misc", schema={}, handler=echo)
""",
            note="trap: `if args and kwargs: raise` of a `*args, **kwargs` helper: each call"
            " here gives one or the other, never both, so the raise is not reached",
        ),
        Valid(
            _HEAD
            + """\
import functools
import inspect


class Abort(Exception):
    pass


def handle_errors(view):
    if inspect.iscoroutinefunction(view):
        @functools.wraps(view)
        async def async_wrapper(args, **kw):
            try:
                return await view(args, **kw)
            except Abort as exc:
                return tool_error(str(exc))
        return async_wrapper

    @functools.wraps(view)
    def wrapper(args, **kw):
        try:
            return view(args, **kw)
        except Abort as exc:
            return tool_error(str(exc))
    return wrapper


async def kennel_board(args, **kw):
    day = args.get("day")
    if not isinstance(day, str):
        raise Abort("day must be a date")
    return json.dumps({"day": day, "guests": []})


registry.register(name="kennel_board", toolset="kennel", schema={}, handler=handle_errors(kennel_board), is_async=True)
""",
            note="trap: a wrapper chosen by `iscoroutinefunction(view)` in a decorator called"
            " by hand: the async one runs for a coroutine def, and what follows the `if`"
            " (the sync wrapper) does not",
        ),
        Valid(
            _HEAD
            + """\
import functools
def require_fields(*names):
    def decorator(view):
        @functools.wraps(view)
        def wrapper(args, **kwargs):
            if not isinstance(args, dict):
                return json.dumps({"error": "arguments must be an object"})
            missing = [n for n in names if args.get(n) in (None, "")]
            if missing:
                return json.dumps({"error": "missing " + ", ".join(missing)})
            return view(args, **kwargs)
        return wrapper
    return decorator


@require_fields("to", "body")
def send(args, **kwargs):
    return json.dumps({"to": str(args["to"]), "body": str(args["body"])})

registry.register(name="send", toolset="t", schema={}, handler=send)
""",
            note="trap: a decorator factory's wrapper (`@require_fields('to', 'body')`) turns"
            " the call away when a key it is given is missing: the def's `args['to']` holds",
        ),
        Valid(
            _HEAD
            + """\
import datetime


def parse_date(text):
    try:
        return 0, datetime.date.fromisoformat(str(text))
    except ValueError:
        return -22, None


def sched(args, **kw):
    if args.get("as_of") is None:
        as_of = datetime.date.today()
    else:
        rc, as_of = parse_date(args.get("as_of"))
        if rc:
            return tool_error("as_of must be YYYY-MM-DD")
    out = {"as_of": as_of.isoformat()}
    if args.get("late"):
        out["catch_up_by"] = (as_of + datetime.timedelta(days=28)).isoformat()
    return json.dumps(out)

registry.register(name="sched", toolset="t", schema={}, handler=sched)
""",
            note="trap: the same date made text before it is put in (`.isoformat()`)",
        ),
        Valid(
            _HEAD
            + """\
def IsNumeric(v):
    if v is None or isinstance(v, bool):
        return False
    try:
        float(v)
        return True
    except (TypeError, ValueError):
        return False


def CDbl(v):
    if IsNumeric(v):
        return float(v)
    return 0.0


def catch_entry(args, **kw):
    length = args.get("length_cm")
    if not IsNumeric(length):
        return tool_error("length_cm must be a number")
    return json.dumps({"length_cm": CDbl(length)})


registry.register(name="catch_entry", toolset="fishing", schema={}, handler=catch_entry)
""",
            note="a question helper named in PascalCase (`IsNumeric`) tests what it is given,"
            " as `is_numeric` does: float() past its yes never raises",
        ),
        Valid(
            _HEAD
            + """\
ENSEMBLES = ("choir", "orchestra")
IDEAL = {"choir": 4, "orchestra": 5}


def _ensemble(args):
    value = args.get("ensemble")
    if isinstance(value, str) and value.strip().lower() in ENSEMBLES:
        return value.strip().lower()
    return None


def balance(args, **kw):
    ensemble = _ensemble(args)
    if ensemble is None:
        return tool_error("ensemble must be choir or orchestra")
    return json.dumps({"sections": IDEAL[ensemble]})


registry.register(name="balance", toolset="music", schema={}, handler=balance)
""",
            note="a helper that returns what it just tested to be in a table (`if v.strip()"
            " in T: return v.strip()`) or None: past the None test, an entry",
        ),
        Valid(
            _HEAD
            + """\
from functools import singledispatch


@singledispatch
def tags_of(value):
    raise TypeError("tags must be text or a list of text")


@tags_of.register
def _(value: str):
    return [t.strip().lower() for t in value.split(",") if t.strip()]


@tags_of.register(list)
def _(value):
    return [str(t).strip().lower() for t in value]


def add_card(args, **kw):
    try:
        tags = tags_of(args.get("tags", ""))
    except TypeError as exc:
        return tool_error(str(exc))
    return json.dumps({"tags": tags})


registry.register(name="add_card", toolset="cards", schema={}, handler=add_card)
""",
            note="singledispatch runs the `str` implementation only for text: `.split()`"
            " there never meets a number",
        ),
        Valid(
            _HEAD
            + """\
def turn_advice(args, **kw):
    match args:
        case {"bay": str(bay)} if bay.strip():
            bay = bay.strip().upper()
        case _:
            return tool_error("bay is required, e.g. B02")
    return json.dumps({"bay": bay, "turn": bay.startswith("B")})


registry.register(name="turn_advice", toolset="compost", schema={}, handler=turn_advice)
""",
            note="a class pattern (`str(bay)`) tests the capture's type before its guard runs",
        ),
        Valid(
            _HEAD
            + """\
class Bus:
    def __init__(self):
        self._handlers = {}

    def register(self, kind, handler):
        if kind in self._handlers:
            raise ValueError(f"{kind} already has a handler")
        self._handlers[kind] = handler

    def dispatch(self, kind, payload):
        handler = self._handlers.get(kind)
        if handler is None:
            return {"error": f"no handler for {kind}"}
        return handler(payload)


def _reserve(payload):
    return {"reserved": True}


def _release(payload):
    return {"released": True}


def _bus():
    bus = Bus()
    bus.register("reserve", _reserve)
    bus.register("release", _release)
    return bus


def reserve(args, **kw):
    return json.dumps(_bus().dispatch("reserve", args))


registry.register(name="reserve", toolset="garage", schema={}, handler=reserve)
""",
            note="a registry's duplicate check (`if kind in self._handlers: raise`) on a bus the"
            " def has just made, each key given once: it never fires",
        ),
        Valid(
            _HEAD
            + """\
def corrected(args, **kw):
    sail = args.get("sail_numbers", [])
    rating = args.get("ratings", [])
    if len(rating) != len(sail):
        return tool_error("one rating per boat")
    out = []
    for i in range(len(sail)):
        out.append({"sail": sail[i], "rating": rating[i]})
    return json.dumps({"results": out})


registry.register(name="corrected", toolset="race", schema={}, handler=corrected)
""",
            note="parallel lists whose lengths the code compared first",
        ),
        Valid(
            _HEAD
            + """\
class Client:
    def __init__(self):
        self._rows = None

    def __enter__(self):
        self._rows = dict(a=1, b=2)
        return self

    def __exit__(self, *exc):
        self._rows = None

    def get(self, key):
        if self._rows is None:
            raise RuntimeError("Client used outside 'with'")
        return self._rows.get(key, 0)


def _count(client: Client, args):
    return {"count": client.get(str(args.get("key", "a")))}


def count(args, **kw):
    with Client() as client:
        result = _count(client, args)
    return json.dumps(result)


registry.register(name="count", toolset="demo", schema={}, handler=count)
""",
            note="a usage guard (`if self._rows is None: raise RuntimeError(...)`) of a class"
            " whose `__enter__` sets what it tests: the code holding the object keeps it",
        ),
        Valid(
            _HEAD
            + """\
import re


_ID_RE = re.compile(r"^[A-Za-z0-9_-]{2,40}$")


async def book(args, **kwargs):
    donor_id = args.get("donor_id")
    centre_id = args.get("centre_id")
    for label, value in (("donor_id", donor_id), ("centre_id", centre_id)):
        if not isinstance(value, str):
            return tool_error(f"{label} must be a code")
    donor_id = donor_id.strip()
    centre_id = centre_id.strip().upper()
    return json.dumps({"donor": donor_id, "centre": centre_id})


registry.register(name="x", toolset="x", schema={"name": "x", "description": "d", "parameters": {"type": "object", "properties": {"donor_id": {"type": "string"}, "centre_id": {"type": "string"}}}}, handler=book, is_async=True)
""",
            note="a loop over (label, value) pairs that tests each value first tests every name"
            " it lists, before they are used after the loop",
        ),
        Valid(
            _HEAD
            + """\
import math



def positive_metres(x, upper):
    match x:
        case bool():
            return None
        case int() | float() if 0 < x <= upper and math.isfinite(x):
            return float(x)
        case _:
            return None


def berth(args, **kw):
    loa = positive_metres(args.get("loa_m"), 60.0)
    if loa is None:
        return tool_error("loa_m must be a length in metres")
    return json.dumps({"loa_m": loa})


registry.register(name="berth", toolset="harbour", schema={}, handler=berth)
""",
            note="a `match` whose cases take only numbers (`case int() | float():`) and refuse"
            " the rest: float() of the subject there never meets text",
        ),
        Valid(
            _HEAD
            + """\
PRICING = {"payg": {"unlock": 1.0}, "member": {"unlock": 0.0}}


def estimate(args, **kw):
    plan = PRICING.get(str(args.get("plan", "payg")))
    if plan is None:
        return tool_error(f"plan must be one of {sorted(PRICING)}")
    return json.dumps({"unlock": plan["unlock"]})


registry.register(name="estimate", toolset="bikes", schema={}, handler=estimate)
""",
            note="the answer of `.get` tested for None before it is read",
        ),
        Valid(
            _HEAD
            + """\
class UnwrapError(RuntimeError):
    pass


class Ok:
    def __init__(self, value):
        self.value = value

    def is_err(self):
        return False

    def unwrap(self):
        return self.value

    def unwrap_err(self):
        raise UnwrapError("unwrap_err() on Ok")


class Err:
    def __init__(self, error):
        self.error = error

    def is_err(self):
        return True

    def unwrap(self):
        raise UnwrapError(f"unwrap() on Err: {self.error}")

    def unwrap_err(self):
        return self.error


def parse_count(raw):
    if isinstance(raw, bool) or not isinstance(raw, int) or raw < 1:
        return Err("count must be a positive integer")
    return Ok(raw)


def repeat(args, **kw):
    count = parse_count(args.get("count"))
    if count.is_err():
        return tool_error(count.unwrap_err())
    return json.dumps({"items": ["x"] * count.unwrap()})


registry.register(name="repeat", toolset="t", schema={}, handler=repeat)
""",
            note="a Result-like pair whose `is_err()` answers a constant: past `if r.is_err():"
            " return`, `r` is an `Ok`, so `r.unwrap()` runs `Ok.unwrap` (and `unwrap_err()` in the"
            " branch runs `Err`'s)",
        ),
        Valid(
            _HEAD
            + """\
class Outcome:
    pass


class Success(Outcome):
    def __init__(self, value):
        self.value = value

    def get(self):
        return self.value


class Failure(Outcome):
    def __init__(self, reason):
        self.reason = reason

    def get(self):
        raise RuntimeError(self.reason)


def parse_bpm(raw):
    if not isinstance(raw, (int, float)) or isinstance(raw, bool) or not 20 <= raw <= 300:
        return Failure("bpm must be a number from 20 to 300")
    return Success(float(raw))


def beat_length(args, **kw):
    bpm = parse_bpm(args.get("bpm"))
    if isinstance(bpm, Failure):
        return tool_error(bpm.reason)
    return json.dumps({"seconds_per_beat": 60.0 / bpm.get()})


registry.register(name="beat_length", toolset="t", schema={}, handler=beat_length)
""",
            note="a sealed hierarchy told apart by `isinstance`: past `if isinstance(r, Failure):"
            " return`, `r.get()` runs `Success.get`",
        ),
        Valid(
            _HEAD
            + """\
import re


def CheckMemberId(Value) -> str:
    Result = ""
    if not isinstance(Value, str) or not Value.strip():
        Result = "member_id is required (e.g. M10234)"
    elif not re.match(r"M[0-9]{4,}$", Value.strip()):
        Result = f"member_id {Value[:40]!r} is not a member number"
    return Result


def CheckReference(Value) -> str:
    Result = ""
    if Value is not None and not isinstance(Value, str):
        Result = "reference must be a string"
    return Result


def post_points(args, **kw):
    MemberId = args.get("member_id")
    Msg = CheckMemberId(MemberId) or CheckReference(args.get("reference"))
    if Msg:
        return tool_error(Msg)
    return json.dumps({"member_id": MemberId.strip()})


registry.register(name="post_points", toolset="t", schema={}, handler=post_points)
""",
            note="`err = check_a(x) or check_b(y)` then `if err: return`: past it every check"
            " answered nothing, so `x` passed its check",
        ),
        Valid(
            _HEAD
            + """\
from collections import defaultdict
from decimal import Decimal


PAIRS = [("a", "x"), ("a", "y"), ("b", "x")]


def group(args, **kw):
    groups = defaultdict(set)
    counts = defaultdict(int)
    money = defaultdict(Decimal)
    for a, b in PAIRS:
        groups[a].add(b)
        counts[a] += 1
        money[a] += Decimal("1.10")
    return json.dumps({
        "groups": {k: sorted(v) for k, v in groups.items()},
        "lists": {k: list(v) for k, v in groups.items()},
        "counts": dict(counts),
        "money": {k: str(v) for k, v in money.items()},
        "float_money": {k: float(v) for k, v in money.items()},
    })


registry.register(name="group", toolset="t", schema={}, handler=group)
""",
            note="trap: defaultdict(set) sorted or listed per key, of int, and Decimals converted"
            " per key are JSON's",
        ),
        Valid(
            _HEAD
            + """\
import math


def fnum(x, lo, hi):
    if isinstance(x, bool) or not isinstance(x, (int, float)) or not math.isfinite(x):
        return None
    return float(x) if lo <= x <= hi else None


def fvec(xs, lo, hi):
    if not isinstance(xs, list) or not 0 < len(xs) <= 100:
        return None
    v = tuple(fnum(x, lo, hi) for x in xs)
    return None if None in v else v


def hold(args, **kw):
    price = fnum(args.get("purchase_price"), 1, 1e11)
    flows = fvec(args.get("annual_cash_flows"), -1e10, 1e10)
    if None in (price, flows):
        return tool_error("purchase_price and annual_cash_flows are required")
    return json.dumps({"last": flows[-1], "multiple": round(sum(flows) / price, 3)})


registry.register(name="hold", toolset="t", schema={}, handler=hold)
""",
            note="`if None in (a, b): return` tests each name it lists for None",
        ),
        Valid(
            _HEAD
            + """\
import math


def _is_number(x):
    return isinstance(x, (int, float)) and not isinstance(x, bool) and math.isfinite(x)


def curve(args, **kw):
    raw = args.get("scores")
    if not isinstance(raw, list) or not raw:
        return tool_error("'scores' must be a non-empty array of numbers")
    if not all(map(_is_number, raw)):
        return tool_error("every score must be a finite number")
    weights = args.get("weights") or [1] * len(raw)
    if not isinstance(weights, list) or not all(_is_number(w) for w in weights):
        return tool_error("weights must be numbers")
    scores = [float(s) for s in raw]
    total = sum(float(v) for v in weights)
    return json.dumps({"mean": sum(scores) / len(scores), "weight": total})


registry.register(name="curve", toolset="t", schema={}, handler=curve)
""",
            note="`if not all(map(ok, xs)): return` and `not all(ok(x) for x in xs)` ask a helper"
            " about every item: each one is checked, whatever the later loop names it",
        ),
        Valid(
            """\
import functools
import json
from dataclasses import dataclass
from typing import Any, Callable

from tools.registry import registry


class ToolFailure(Exception):
    pass


@dataclass
class Spec:
    name: str
    schema: dict
    handler: Callable[..., Any]


TABLE: list[Spec] = []


def tool(name: str, params: dict):
    def decorate(func):
        spec = Spec(name=name, schema={"name": name, "description": name, "parameters": {"type": "object", "properties": params}}, handler=func)

        @functools.wraps(func)
        def handler(args: dict, **kw: Any) -> str:
            try:
                result = func(**{k: args.get(k) for k in params})
            except ToolFailure as exc:
                return json.dumps({"error": str(exc)})
            return json.dumps({"result": result}, default=str)

        spec.handler = handler
        TABLE.append(spec)
        return func

    return decorate


@tool("x_level", {"xp": {"type": "integer", "description": "Experience points."}})
def level(xp: Any) -> dict:
    if not isinstance(xp, int) or xp < 0:
        raise ToolFailure("xp must be a non-negative integer")
    return {"level": xp // 1000}


for spec in TABLE:
    registry.register(name=spec.name, toolset="x", schema=spec.schema, handler=spec.handler)
""",
            note="a decorator that builds a record of the def, then sets its `handler` to the "
            "wrapper it made (`spec.handler = handler`): the registered handler is the "
            "wrapper, which catches the failures and returns JSON",
        ),
        Valid(
            """\
import json

from tools.registry import registry

FAULT = "fault"


class Machine:
    def __init__(self, start, actions, table):
        self.start = start
        self.actions = dict(actions)
        self.table = dict(table)
        for state in self.actions:
            self.table.setdefault((state, FAULT), "FAILED")

    def run(self, run):
        state = self.start
        for _ in range(8):
            if state in ("DONE", "FAILED"):
                return json.dumps({"state": state} if state == "DONE" else {"error": "failed"})
            try:
                event = self.actions[state](run)
            except Exception:
                event = FAULT
            state = self.table[(state, event)]
        return json.dumps({"error": "too many steps"})


def _check(run):
    if not isinstance(run.get("code"), str):
        raise ValueError("code must be text")
    return "ok"


CHECK = Machine(start="CHECK", actions={"CHECK": _check}, table={("CHECK", "ok"): "DONE"})


def handle(args, **kw):
    return CHECK.run(dict(args))


registry.register(
    name="x_check",
    toolset="x",
    schema={"name": "x_check", "description": "Check a code.", "parameters": {"type": "object", "properties": {"code": {"type": "string", "description": "A code."}}}},
    handler=handle,
)
""",
            note="a table `__init__` copies, then adds to in place (`self.table.setdefault(...)`): "
            "what the construction gave is not all it holds, so no key is said to be missing",
        ),
        Valid(
            """\
import json

from tools.registry import registry


def handle(args, **kw):
    words = args.get("words")
    if not isinstance(words, list) or not all(isinstance(w, str) for w in words):
        return json.dumps({"error": "words must be a list of strings"})
    pairs = {}
    for a, b in zip(words, words[1:]):
        pairs[a, b] = pairs.get((a, b), 0) + 1
    table = {f"{a} {b}": n for (a, b), n in pairs.items()}
    if args.get("raw"):
        return json.dumps({"pairs": pairs}, skipkeys=True)
    return json.dumps({"pairs": table, "distinct": len(pairs)})


registry.register(
    name="x_pairs",
    toolset="x",
    schema={"name": "x_pairs", "description": "Count word pairs.", "parameters": {"type": "object", "properties": {"words": {"type": "array", "description": "Words.", "items": {"type": "string"}}, "raw": {"type": "boolean", "description": "Raw."}}}},
    handler=handle,
)
""",
            note="the tuple keys joined into strings before the dict is serialised, and the raw "
            "table passed with `skipkeys=True` (the encoder leaves such keys out)",
        ),
        Valid(
            """\
import json
from dataclasses import dataclass

from tools.registry import registry


@dataclass(frozen=True)
class Invalid:
    field: str
    reason: str


def text(args, field, max_len=40):
    raw = args.get(field)
    if not isinstance(raw, str) or not raw.strip():
        return Invalid(field, "is required")
    if len(raw) > max_len:
        return Invalid(field, f"must be at most {max_len} characters")
    return raw.strip()


def number(args, field, minimum, maximum):
    raw = args.get(field)
    if isinstance(raw, bool) or not isinstance(raw, (int, float)):
        return Invalid(field, "must be a number")
    if not minimum <= raw <= maximum:
        return Invalid(field, f"must be between {minimum} and {maximum}")
    return float(raw)


def ok(payload):
    return json.dumps({"ok": True, **payload})


def handle_quote(args, **kw):
    amount = number(args, "amount", 0, 1_000_000)
    source = text(args, "source", 3)
    target = text(args, "target", 3)
    for parsed in (amount, source, target):
        if isinstance(parsed, Invalid):
            return json.dumps({"error": f"{parsed.field}: {parsed.reason}"})
    assert isinstance(amount, float) and isinstance(source, str)
    assert target is not None
    return ok({"amount": amount, "source": source.upper(), "target": target.upper()})


registry.register(
    name="x_quote",
    toolset="x",
    schema={"name": "x_quote", "description": "Quote.", "parameters": {"type": "object", "properties": {"amount": {"type": "number", "description": "Amount."}, "source": {"type": "string", "description": "From."}, "target": {"type": "string", "description": "To."}}}},
    handler=handle_quote,
)
""",
            note="validators that return the value or an `Invalid`, each result tested in one loop "
            "that returns on an `Invalid` (`for parsed in (amount, source, target)`): past it "
            "none is one, so the asserts only restate it for a type checker and `ok(...)` "
            "serialises no `Invalid`",
        ),
        Valid(
            """\
import json

from tools.registry import registry


def text_or(value, default=""):
    if not isinstance(value, str):
        return default
    return value


def Nz(varValue, varDefault=""):
    if varValue is None:
        return varDefault
    return str(varValue)


def ticket_create(args, **kw):
    unit = text_or(args.get("unit")).strip()
    category = Nz(args.get("category"), "other").lower()
    if not unit:
        return json.dumps({"error": "unit is required"})
    return json.dumps({"unit": unit, "category": category})


registry.register(
    name="x_ticket_create",
    toolset="x",
    schema={"name": "x_ticket_create", "description": "Log a ticket.", "parameters": {"type": "object", "properties": {"unit": {"type": "string", "description": "Unit."}, "category": {"type": "string", "description": "Category."}}}},
    handler=ticket_create,
)
""",
            note="traps: helpers that test the value's type first, or make it text, before handing "
            "it back",
        ),
        Valid(
            """\
import json

from tools.registry import registry

ROOTS = {"C": 0, "D": 2, "E": 4, "F": 5, "G": 7, "A": 9, "B": 11}
FLAT_KEYS = {"F"}


def scale(args, **kw):
    root = str(args.get("root", "")).strip().upper()
    known = root in ROOTS
    if not known:
        return json.dumps({"error": f"unknown root {root!r}"})
    flats = root in FLAT_KEYS
    return json.dumps({"root": root, "tonic": ROOTS[root], "flats": flats})


registry.register(
    name="x_scale",
    toolset="x",
    schema={"name": "x_scale", "description": "A scale.", "parameters": {"type": "object", "properties": {"root": {"type": "string", "description": "Root note."}}}},
    handler=scale,
)
""",
            note="trap: a membership test bound to a flag the code tests before the lookup (`known "
            "= root in ROOTS` ... `if not known: return`)",
        ),
        Valid(
            """\
import json

from tools.registry import registry


def _reading(args, key, lo, hi):
    match args.get(key):
        case bool() | None:
            return None, f"'{key}' must be a number"
        case int() | float() as x if lo <= x <= hi:
            return float(x), None
        case float(x):
            return None, f"'{key}' is out of range: {float(x)}"
        case _:
            return None, f"'{key}' must be a number"


def dew_point(args, **kw):
    temp, problem = _reading(args, "temperature", -90, 60)
    if problem:
        return json.dumps({"error": problem})
    return json.dumps({"dew_point": round(temp - 5.0, 1)})


registry.register(
    name="dew_point",
    toolset="weather",
    schema={
        "name": "dew_point",
        "description": "Rough dew point.",
        "parameters": {
            "type": "object",
            "properties": {"temperature": {"type": "number", "description": "Celsius."}},
            "required": ["temperature"],
        },
    },
    handler=dew_point,
)
""",
            note="A class pattern with a capture (case int() | float() as x, case float(x)) binds "
            "a number: float(x) there never meets text.",
        ),
        Valid(
            """\
import json
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation

from tools.registry import registry


class Money:
    def __init__(self, cents, currency):
        if not isinstance(cents, int):
            raise TypeError("Money holds whole cents")
        self.cents = cents
        self.currency = currency

    @classmethod
    def parse(cls, value, currency):
        return cls(int((value * 100).quantize(Decimal(1), rounding=ROUND_HALF_UP)), currency)

    def __str__(self):
        return f"{self.cents / 100:.2f} {self.currency}"


def split_bill(args, **kw):
    try:
        subtotal = Decimal(str(args.get("subtotal", "0")))
        if not subtotal.is_finite() or not 0 <= subtotal <= 100000:
            raise ValueError("subtotal must be between 0 and 100000")
    except (InvalidOperation, ValueError) as exc:
        return json.dumps({"error": str(exc)})
    food = Money.parse(subtotal, "EUR")
    return json.dumps({"subtotal": str(food)})


registry.register(
    name="split_bill",
    toolset="dining",
    schema={
        "name": "split_bill",
        "description": "Split a bill.",
        "parameters": {
            "type": "object",
            "properties": {"subtotal": {"type": "string", "description": "Amount, e.g. 42.50."}},
            "required": ["subtotal"],
        },
    },
    handler=split_bill,
)
""",
            note="cls(int(...), currency) meets the guard if not isinstance(cents, int): raise "
            "TypeError in __init__: what int() makes passes it, whatever int() was given.",
        ),
        Valid(
            """\
import json
import re

from tools.registry import registry


class TermCollector:
    def __init__(self):
        self.terms = {}

    def define(self, term, where):
        self.terms[term] = {"defined_in": where, "used_in": set()}

    def used(self, term, where):
        if term in self.terms:
            self.terms[term]["used_in"].add(where)

    def finish(self):
        for info in self.terms.values():
            info["used_in"] = sorted(info["used_in"])


def defined_terms(args, **kw):
    text = args.get("text")
    if not isinstance(text, str):
        return json.dumps({"error": "text must be a string"})
    collector = TermCollector()
    for number, line in enumerate(text.splitlines(), 1):
        for term in re.findall(r'"([A-Z][a-z]+)" means', line):
            collector.define(term, number)
        for word in re.findall(r"[A-Z][a-z]+", line):
            collector.used(word, number)
    collector.finish()
    return json.dumps({"terms": collector.terms})


registry.register(
    name="defined_terms",
    toolset="legal",
    schema={
        "name": "defined_terms",
        "description": "Defined terms of a contract.",
        "parameters": {
            "type": "object",
            "properties": {"text": {"type": "string", "description": "The contract."}},
            "required": ["text"],
        },
    },
    handler=defined_terms,
)
""",
            note="The set a method stores in each entry of self.terms is rewritten by another "
            "method (for info in self.terms.values(): info[...] = sorted(...)): what the "
            "entry was made with may be gone, nothing is reported.",
        ),
        Valid(
            """\
import json
from datetime import date, timedelta

from tools.registry import registry


def new_state(args):
    return {"Args": args, "Error": None, "Notes": []}


def read_input(state):
    a = state["Args"]
    start = a.get("start")
    try:
        state["Start"] = date.fromisoformat(start) if isinstance(start, str) else None
    except ValueError:
        state["Start"] = None
    if state["Start"] is None:
        state["Error"] = "start must be a date, YYYY-MM-DD"
        return state
    state["Days"] = a.get("days", 30)
    if not isinstance(state["Days"], int) or not 0 <= state["Days"] <= 3650:
        state["Error"] = "days must be a whole number from 0 to 3650"
    return state


def add_days(state):
    if state["Error"]:
        return state
    state["Due"] = state["Start"] + timedelta(days=state["Days"])
    return state


def format_output(state):
    if state["Error"]:
        return json.dumps({"error": state["Error"]})
    return json.dumps({"due": state["Due"].isoformat(), "notes": state["Notes"]})


def deadline(args, **kw):
    state = new_state(args)
    for step in (read_input, add_days):
        state = step(state)
    return format_output(state)


registry.register(
    name="deadline",
    toolset="legal",
    schema={
        "name": "deadline",
        "description": "A deadline some days after a start date.",
        "parameters": {
            "type": "object",
            "properties": {
                "start": {"type": "string", "description": "YYYY-MM-DD."},
                "days": {"type": "integer", "description": "Days to add."},
            },
            "required": ["start"],
        },
    },
    handler=deadline,
)
""",
            note="The arguments travel in the state dict as in the invalid case, and read_input "
            "checks start before it parses it and catches the ValueError: nothing escapes.",
        ),
        Valid(
            """\
import json

from tools.registry import registry


def _name_or_none(value):
    if not isinstance(value, str):
        return None
    name = " ".join(value.split())
    return name if 0 < len(name) <= 40 else None


def _parse_match(raw, index):
    if not isinstance(raw, dict):
        return None, f"matches[{index}] must be an object"
    home, away = _name_or_none(raw.get("home")), _name_or_none(raw.get("away"))
    if home is None or away is None:
        return None, f"matches[{index}]: home and away must be team names"
    return (home, away), None


def standings(args, **kw):
    matches = args.get("matches")
    if not isinstance(matches, list) or not matches:
        return json.dumps({"error": "matches must be a non-empty list"})
    teams = set()
    for index, raw in enumerate(matches):
        match, problem = _parse_match(raw, index)
        if problem:
            return json.dumps({"error": problem})
        teams.update(match)
    return json.dumps({"teams": sorted(teams)})


registry.register(
    name="standings",
    toolset="league",
    schema={
        "name": "standings",
        "description": "Teams of a league.",
        "parameters": {
            "type": "object",
            "properties": {
                "matches": {
                    "type": "array",
                    "items": {"type": "object"},
                    "description": "Match objects with home and away.",
                }
            },
            "required": ["matches"],
        },
    },
    handler=standings,
)
""",
            note="A helper given an item of the model's list (raw) hands raw.get('home') to a "
            "helper that makes text of it: reading that call while the analysis of the helper "
            "was being set up asked for its locals before they were read (0.27.0 stopped with "
            "AttributeError in HERMES_DEV_STRICT, and skipped the module otherwise).",
        ),
        Valid(
            """\
import json
from typing import NoReturn, TypedDict, Union

from tools.registry import registry


class Ok(TypedDict):
    kind: str
    value: dict


class Err(TypedDict):
    kind: str
    message: str


Outcome = Union[Ok, Err]


def assert_never(value: NoReturn) -> NoReturn:
    raise AssertionError(f"Unhandled variant: {value!r}")


def ok(value: dict) -> Ok:
    return {"kind": "ok", "value": value}


def err(message: str) -> Err:
    return {"kind": "err", "message": message}


def to_wire(outcome: Outcome) -> str:
    if outcome["kind"] == "ok":
        return json.dumps(outcome["value"])
    elif outcome["kind"] == "err":
        return json.dumps({"error": outcome["message"]})
    else:
        assert_never(outcome)


def lookup(args: dict) -> Outcome:
    term = args.get("term")
    if not isinstance(term, str) or not term.strip():
        return err("term must be non-empty text")
    return ok({"term": term.strip(), "found": False})


def glossary_lookup(args, **kw):
    return to_wire(lookup(args))


registry.register(
    name="glossary_lookup",
    toolset="glossary",
    schema={
        "name": "glossary_lookup",
        "description": "Look a term up.",
        "parameters": {
            "type": "object",
            "properties": {"term": {"type": "string", "description": "The term."}},
            "required": ["term"],
        },
    },
    handler=glossary_lookup,
)
""",
            note="assert_never(value: NoReturn) after a dispatch on the tool's own results "
            "(ok()/err() it built): the type checker's claim that no case is left holds "
            "there; nothing is reported.",
        ),
        Valid(
            """\
import json
from enum import Enum

from tools.registry import registry


class Jurisdiction(Enum):
    US = "US"
    UK = "UK"
    CA = "CA"


RATES = {"US": 0.22, "UK": 0.20, "CA": 0.15}


def schedule_for(jurisdiction: Jurisdiction) -> float:
    match jurisdiction:
        case Jurisdiction.US:
            return RATES["US"]
        case Jurisdiction.UK:
            return RATES["UK"]
        case Jurisdiction.CA:
            return RATES["CA"]
    raise AssertionError(jurisdiction)


def render(payload):
    if isinstance(payload, dict):
        return json.dumps(payload)
    raise AssertionError(f"non-exhaustive render for {payload!r}")


def income_tax(args, **kw):
    try:
        where = Jurisdiction(str(args.get("jurisdiction", "US")).upper())
    except ValueError:
        return json.dumps({"error": "jurisdiction must be US, UK or CA"})
    income = args.get("income")
    if isinstance(income, bool) or not isinstance(income, (int, float)) or not 0 <= income <= 1e9:
        return json.dumps({"error": "income must be a number from 0 to 1e9"})
    return render({"tax": round(income * schedule_for(where), 2)})


registry.register(
    name="income_tax",
    toolset="tax",
    schema={
        "name": "income_tax",
        "description": "Flat income tax estimate.",
        "parameters": {
            "type": "object",
            "properties": {
                "jurisdiction": {"type": "string", "enum": ["US", "UK", "CA"], "description": "Where."},
                "income": {"type": "number", "description": "Yearly income."},
            },
            "required": ["income"],
        },
    },
    handler=income_tax,
)
""",
            note="A match whose cases name every member of an enum, then raise "
            "AssertionError(jurisdiction); and a raise whose message says the dispatch is "
            "non-exhaustive: guards of an invariant, not failures.",
        ),
        Valid(
            """\
import json

from tools.registry import registry


def stop_search(args, **kw):
    query = args.get("query")
    if not isinstance(query, str) or not query.strip():
        return json.dumps({"error": "query is required"})
    lat, lon = args.get("lat"), args.get("lon")
    near = None
    if lat is not None or lon is not None:
        if not all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in (lat, lon)):
            return json.dumps({"error": "lat and lon must both be numbers"})
        near = (float(lat), float(lon))
    return json.dumps({"query": query.strip(), "near": near, "stops": []})


registry.register(
    name="stop_search",
    toolset="transit",
    schema={
        "name": "stop_search",
        "description": "Find stops by name, optionally near a point.",
        "parameters": {
            "type": "object",
            "properties": {
                "query": {"type": "string", "description": "Stop name."},
                "lat": {"type": "number", "description": "Latitude."},
                "lon": {"type": "number", "description": "Longitude."},
            },
            "required": ["query"],
        },
    },
    handler=stop_search,
)
""",
            note="if not all(isinstance(x, (int, float)) ... for x in (lat, lon)): return ...: "
            "each name the generator goes over is tested to be a number, so float(lat) and "
            "float(lon) never meet text.",
        ),
        Valid(
            """\
import json
from datetime import date
from functools import singledispatch
from typing import Any

from tools.registry import registry


@singledispatch
def to_jsonable(value: Any) -> Any:
    return value


@to_jsonable.register
def _(value: date) -> str:
    return value.isoformat()


@to_jsonable.register(list)
def _(value: list) -> list:
    return [to_jsonable(v) for v in value]


@to_jsonable.register(dict)
def _(value: dict) -> dict:
    return {str(k): to_jsonable(v) for k, v in value.items()}


def _ok(**payload: Any) -> str:
    return json.dumps(to_jsonable(payload))


def due_cards(args, **kw):
    on = date.today()
    return _ok(on=on, cards=[{"id": 1, "due": on}])


registry.register(
    name="due_cards",
    toolset="cards",
    schema={
        "name": "due_cards",
        "description": "Cards due today.",
        "parameters": {"type": "object", "properties": {}},
    },
    handler=due_cards,
)
""",
            note="_ok(**payload) dumps to_jsonable(payload), a singledispatch converter whose "
            "registered implementations turn dates into text: what it returns depends on the "
            "value's type, so the base implementation that hands its value back is not read "
            "as what runs.",
        ),
        Valid(
            """\
import json
import math

from tools.registry import registry


def _num(value):
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def climb_category(args, **kw):
    result = {}
    length_km, grade = args.get("length_km"), args.get("avg_gradient_pct")
    if not _num(length_km) or not 0.1 <= length_km <= 100:
        result["error"] = "length_km must be a number between 0.1 and 100"
    elif not _num(grade) or not 0 < grade <= 30:
        result["error"] = "avg_gradient_pct must be a number above 0 and at most 30"
    else:
        score = float(length_km) * 1000.0 * float(grade)
        result["category"] = "HC" if score >= 80000 else "Cat 1" if score >= 64000 else "lower"
    return json.dumps(result)


registry.register(
    name="climb_category",
    toolset="cycling",
    schema={
        "name": "climb_category",
        "description": "Category of a climb.",
        "parameters": {
            "type": "object",
            "properties": {
                "length_km": {"type": "number", "description": "Length."},
                "avg_gradient_pct": {"type": "number", "description": "Average gradient."},
            },
            "required": ["length_km", "avg_gradient_pct"],
        },
    },
    handler=climb_category,
)
""",
            note="if not _num(length_km) or ...: result['error'] = ... elif not _num(grade) or "
            "...: ... else: float(grade): the else runs only on what the helper let pass, "
            "though the branches that turn values away do not leave.",
        ),
        Valid(
            """\
import json

from tools.registry import registry


def pos_int(lo, hi):
    return lambda x: isinstance(x, int) and not isinstance(x, bool) and lo <= x <= hi


def explain(m, spec):
    if not isinstance(m, dict):
        return ["arguments must be an object"]
    problems = []
    for k, (pred, message, required) in spec.items():
        if k not in m or m[k] is None:
            if required:
                problems.append(f"{k} is required")
            continue
        if not pred(m[k]):
            problems.append(message)
    return problems


PLAN_SPEC = {
    "orders": (lambda x: isinstance(x, list) and 0 < len(x) <= 50, "orders must be a list", True),
    "decks": (pos_int(1, 12), "decks must be an integer between 1 and 12", False),
}


def plan_batches(args, **kw):
    problems = explain(args, PLAN_SPEC)
    if problems:
        return json.dumps({"error": "; ".join(problems)})
    decks = args.get("decks") or 4
    return json.dumps({"orders": len(args["orders"]), "decks": decks})


registry.register(
    name="plan_batches",
    toolset="bakery",
    schema={
        "name": "plan_batches",
        "description": "Plan oven batches.",
        "parameters": {
            "type": "object",
            "properties": {
                "orders": {"type": "array", "items": {"type": "object"}, "description": "Orders."},
                "decks": {"type": "integer", "description": "Oven decks."},
            },
            "required": ["orders"],
        },
    },
    handler=plan_batches,
)
""",
            note="explain(args, PLAN_SPEC) checks each key its table of rules names (for k, (pred, "
            "message, required) in spec.items(): if k not in m ...: problems.append(...)), "
            "and the handler turns away what it finds: args['orders'] after it is there.",
        ),
        Valid(
            """\
import json
from tools.registry import registry


def _handler(args, **kw):
    a = args
    city = a.get("city")
    if not isinstance(city, str) or not city.strip():
        return json.dumps({"error": "city is required"})
    return json.dumps({"city": city.upper()})


registry.register(
    name="x_alias",
    toolset="x",
    schema={"name": "x_alias", "description": "d", "parameters": {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}},
    handler=_handler,
)
""",
            note="a = args: a local bound once to the model's arguments holds them; its value is "
            "tested for type and emptiness before use, nothing escapes.",
        ),
        Valid(
            """\
import json
from dataclasses import dataclass, field
from decimal import Decimal
from typing import List

from tools.registry import registry


@dataclass(frozen=True)
class QuoteLine:
    code: str
    days: int
    amount: Decimal


@dataclass
class Quote:
    base: Decimal
    extras: List[QuoteLine] = field(default_factory=list)

    def to_dict(self):
        return {
            "base": str(self.base),
            "extras": [{"code": line.code, "amount": str(line.amount)} for line in self.extras],
        }


def _price(days):
    lines = [QuoteLine("gps", days, Decimal("12.00") * days)]
    return Quote(Decimal("40") * days, lines)


def quote_tool(args, **kw):
    days = args.get("days")
    if not isinstance(days, int) or days < 1:
        return json.dumps({"error": "days must be a positive integer"})
    quote = _price(days)
    return json.dumps({"quote": quote.to_dict()})


registry.register(
    name="x_quote",
    toolset="x",
    schema={"name": "x_quote", "description": "d", "parameters": {"type": "object", "properties": {"days": {"type": "integer"}}, "required": ["days"]}},
    handler=quote_tool,
)
""",
            note="str(line.amount) in a comprehension over rows whose class declares amount: "
            "Decimal: the text is serialisable.",
        ),
        Valid(
            """\
import json

from tools.registry import registry

PLAYLISTS = [
    {"name": "Road trip", "songs": ["a", "b", "c"]},
    {"name": "Focus", "songs": ["d"]},
]


def playlist_size(args, **kw):
    name = args.get("playlist")
    for playlist in PLAYLISTS:
        if isinstance(name, str) and playlist["name"].lower() == name.lower():
            return json.dumps({"playlist": playlist["name"], "songs": len(playlist["songs"])})
    return json.dumps({"error": f"no playlist called {name!r}"})


registry.register(
    name="playlist_size",
    toolset="music",
    schema={
        "name": "playlist_size",
        "description": "Number of songs in a playlist.",
        "parameters": {
            "type": "object",
            "properties": {"playlist": {"type": "string", "description": "Playlist name."}},
            "required": ["playlist"],
        },
    },
    handler=playlist_size,
)
""",
            note="trap: isinstance(name, str) and ... name.lower(): the test tells the type before "
            "the method call reads it.",
        ),
        Valid(
            """\
import json
import sqlite3

from tools.registry import registry


class Query:
    def __init__(self, table):
        self._table = table
        self._where = []
        self._params = []

    def where(self, condition, *params):
        if condition.count("?") != len(params):
            raise ValueError(f"placeholder count mismatch in {condition!r}")
        self._where.append(condition)
        self._params.extend(params)
        return self

    def build(self):
        sql = "SELECT * FROM " + self._table
        if self._where:
            sql += " WHERE " + " AND ".join(self._where)
        return sql, list(self._params)


def recipe_get(args, **kw):
    recipe_id = args.get("id")
    if not isinstance(recipe_id, int):
        return json.dumps({"error": "id must be an integer"})
    sql, params = Query("recipes").where("id = ?", recipe_id).build()
    try:
        conn = sqlite3.connect(":memory:")
        conn.execute("CREATE TABLE recipes (id INTEGER, title TEXT)")
        row = conn.execute(sql, params).fetchone()
    except sqlite3.Error as exc:
        return json.dumps({"error": str(exc)})
    return json.dumps({"recipe": list(row) if row else None})


registry.register(
    name="recipe_get",
    toolset="x",
    schema={"name": "recipe_get", "description": "d", "parameters": {"type": "object", "properties": {"id": {"type": "integer", "description": "i"}}, "required": ["id"]}},
    handler=recipe_get,
)
""",
            note="trap: Query('recipes').where('id = ?', recipe_id): condition.count('?') is 1 and "
            "len(params) of the *params the call fills with one value is 1, so the builder's "
            "raise cannot run.",
        ),
        Valid(
            """\
import json

from tools.registry import registry

STATUS_BITS = ("on", "fading", "strobing", "locked")


def light_flags_decode(args, **kw):
    word = args.get("word")
    if isinstance(word, str):
        try:
            word = int(word.strip(), 0)
        except ValueError:
            return json.dumps({"error": "word must be a number, decimal or 0x hex"})
    if not isinstance(word, int):
        return json.dumps({"error": "word must be a number"})
    word &= 0xF
    bits = [STATUS_BITS[i] for i in range(4) if (word >> i) & 1]
    return json.dumps({"word": "0x%04x" % word, "set": bits})


registry.register(
    name="light_flags_decode",
    toolset="lighting",
    schema={
        "name": "light_flags_decode",
        "description": "Decode a status word.",
        "parameters": {
            "type": "object",
            "properties": {"word": {"type": "string", "description": "Status word, e.g. '0x0121' or '289'"}},
            "required": ["word"],
        },
    },
    handler=light_flags_decode,
)
""",
            note="trap: the same rebinding inside a try that catches ValueError, and the type "
            "tested before word &= 0xF.",
        ),
        Valid(
            """\
import json

from tools.registry import registry

MAX_LINES = 5


def build_declaration(args, **kw):
    errors = []
    items = args.get("items")
    if not items or not isinstance(items, list):
        errors.append("at least one item line is required")
        items = []
    if len(items) > MAX_LINES:
        errors.append(f"at most {MAX_LINES} item lines")
        items = []
    lines = []
    for raw in items:
        if not isinstance(raw, dict):
            errors.append("each item line must be an object")
            continue
        item = {str(k).lower(): v for k, v in raw.items()}
        description = item.get("description")
        if not isinstance(description, str) or not description.strip():
            errors.append("each line needs a description")
            continue
        lines.append(description.strip().upper())
    if errors:
        return json.dumps({"error": "; ".join(errors)})
    return json.dumps({"lines": lines})


registry.register(
    name="customs_declaration_build",
    toolset="customs",
    schema={
        "name": "customs_declaration_build",
        "description": "Build a customs declaration.",
        "parameters": {
            "type": "object",
            "properties": {
                "items": {
                    "type": "array",
                    "description": "Item lines.",
                    "items": {"type": "object", "properties": {"description": {"type": "string"}}},
                },
            },
            "required": ["items"],
        },
    },
    handler=build_declaration,
)
""",
            note="trap: each item tested to be a dict before raw.items().",
        ),
        Valid(
            """\
import json
import sqlite3

from tools.registry import registry


def recipe_sql_query(args, **kw):
    sql = str(args.get("sql") or "")
    if not sql.strip().lower().startswith(("select", "with")):
        return json.dumps({"error": "only SELECT / WITH queries are allowed"})
    con = sqlite3.connect(":memory:")
    try:
        rows = con.execute(sql).fetchmany(50)
    except sqlite3.Error as exc:
        return json.dumps({"error": f"{type(exc).__name__}: {exc}"})
    finally:
        con.close()
    return json.dumps({"rows": [list(r) for r in rows]})


registry.register(
    name="recipe_sql_query",
    toolset="recipes",
    schema={
        "name": "recipe_sql_query",
        "description": "Run a read-only query.",
        "parameters": {
            "type": "object",
            "properties": {"sql": {"type": "string", "description": "A SELECT or WITH statement."}},
            "required": ["sql"],
        },
    },
    handler=recipe_sql_query,
)
""",
            note="trap: str(args.get('sql') or '') before the prefix test; sqlite's errors are "
            "caught.",
        ),
        Valid(
            """\
import json
from typing import Literal, cast

from tools.registry import registry

StatusFilter = Literal["all", "up", "down", "paused"]
_STATUS_CODES: dict[StatusFilter, str] = {"all": "0-1-2-8-9", "up": "2", "down": "8-9", "paused": "0"}


def monitors(args, **_):
    status_raw = args.get("status") or "all"
    if not isinstance(status_raw, str) or status_raw not in _STATUS_CODES:
        return json.dumps({"error": f"status must be one of {list(_STATUS_CODES)}"})
    status = cast(StatusFilter, status_raw)
    return json.dumps({"statuses": _STATUS_CODES[status]})


registry.register(
    name="monitors",
    toolset="uptime",
    schema={
        "name": "monitors",
        "description": "Monitors by status.",
        "parameters": {
            "type": "object",
            "properties": {"status": {"type": "string", "enum": ["all", "up", "down", "paused"], "description": "Filter."}},
        },
    },
    handler=monitors,
)
""",
            note="trap: status = cast(StatusFilter, status_raw) after the membership test: "
            "typing.cast hands its value back as it is, so the table lookup is of the tested "
            "value.",
        ),
        Valid(
            """\
import json
import re

from tools.registry import registry

ORDER_RX = re.compile(r"([a-z_]+)\\s*[=:x]\\s*(\\d+)", re.I)
BATCH = {"soup": 4, "risotto": 6}


def prep_sheet(args, **kw):
    pairs = ORDER_RX.findall(str(args.get("orders") or ""))
    if not pairs:
        return json.dumps({"error": "no dish=count pairs in orders"})
    lines = [{"dish": d.lower(), "batches": int(n) / BATCH.get(d.lower(), 1)} for d, n in pairs]
    return json.dumps({"lines": lines})


registry.register(
    name="prep_sheet",
    toolset="kitchen",
    schema={
        "name": "prep_sheet",
        "description": "Batches to prep for the day's orders.",
        "parameters": {
            "type": "object",
            "properties": {"orders": {"type": "string", "description": "dish=count pairs, e.g. 'soup=12 risotto=8'"}},
            "required": ["orders"],
        },
    },
    handler=prep_sheet,
)
""",
            note="trap: str() of the model's value before the pattern reads it.",
        ),
        Valid(
            """\
import json
from statistics import mean

from tools.registry import registry

N = lambda x: isinstance(x, (int, float)) and not isinstance(x, bool)

CURVES = {
    "flat": lambda s, t: [x + t for x in s],
    "bell": lambda s, t: [x - mean(s) + t for x in s],
}


def curve(a, **_):
    s, m = a.get("scores"), a.get("method", "flat")
    if not isinstance(s, list) or not s or not all(N(x) and 0 <= x <= 100 for x in s):
        return json.dumps({"error": "scores: non-empty list of numbers in 0..100"})
    if not isinstance(m, str) or m not in CURVES:
        return json.dumps({"error": f"method: one of {sorted(CURVES)}"})
    c = [round(min(100, max(0, x)), 1) for x in CURVES[m](s, 5)]
    return json.dumps({"method": m, "curved": c})


registry.register(name="grade_curve", toolset="x", schema={"name": "grade_curve", "description": "d", "parameters": {"type": "object", "properties": {"scores": {"type": "array", "items": {"type": "number"}, "description": "s"}, "method": {"type": "string", "description": "m"}}, "required": ["scores"]}}, handler=curve)
""",
            note="trap: CURVES[m](s, 5) after if not ... or not s: return: the caller turned an "
            "empty list away, so the table's lambda's mean(s) meets a filled one (also "
            "through a def the lambda hands it to).",
        ),
        Valid(
            """\
import json
import re

from tools.registry import registry

QTY_RX = re.compile(r"^\\s*(\\d+(?:\\.\\d+)?)\\s*([a-z]+)\\s*$", re.I)


class Die(Exception):
    pass


def die(msg, *a):
    raise Die(msg % a if a else msg)


def unit_convert(args, **kw):
    q = args.get("quantity")
    try:
        isinstance(q, str) or die("quantity must be a string like '2.5 lb'")
        m = QTY_RX.match(q) or die("can't parse quantity '%s'", q[:40])
        v, u = float(m.group(1)), m.group(2).lower()
    except Die as e:
        return json.dumps({"error": str(e)})
    return json.dumps({"value": v, "unit": u})


registry.register(name="unit_convert", toolset="x", schema={"name": "unit_convert", "description": "d", "parameters": {"type": "object", "properties": {"quantity": {"type": "string", "description": "q"}}, "required": ["quantity"]}}, handler=unit_convert)
""",
            note="trap: m = QTY_RX.match(q) or die(...), die always raising: where m is bound it "
            "is a match, so float(m.group(1)) reads digits the pattern let through.",
        ),
        Valid(
            """\
import json

from tools.registry import registry


def half(args, **kw):
    weight = args.get("weight_kg")
    if isinstance(weight, bool) or not isinstance(weight, (int, float)) or weight <= 0:
        return json.dumps({"error": "weight_kg is required"})
    goal = weight * 35 + 500
    return json.dumps({"goal_ml": goal, "half": weight / 2})


registry.register(name="half", toolset="x", schema={"name": "half", "description": "d", "parameters": {"type": "object", "properties": {"weight_kg": {"type": "number", "description": "w"}}, "required": ["weight_kg"]}}, handler=half)
""",
            note="trap: the value tested to be a number (not a bool) before the arithmetic.",
        ),
        Valid(
            """\
import functools
import json

from tools.registry import registry


def _wrap(fn):
    def handler(args, **kw):
        try:
            res = fn(args or {}, **kw)
        except ValueError as err:
            return json.dumps({"error": str(err)})
        return json.dumps(res)
    return handler


def history(args, **kw):
    items = [{"exercise": "squat"}] * int(args.get("n") or 2)
    return {"ok": True, "exercises": sorted({w.get("exercise") for w in items})}


def volume(args, **kw):
    return {"ok": True}


HANDLERS = {"history": history, "volume": volume}


def _dispatch(name, args, **kw):
    return HANDLERS[name](args, **kw)


for name in HANDLERS:
    registry.register(
        name=name,
        toolset="x",
        schema={"name": name, "description": "d", "parameters": {"type": "object", "properties": {}}},
        handler=_wrap(functools.partial(_dispatch, name)),
    )
""",
            note="The same partial, the set sorted into a list first: nothing refused.",
        ),
        Valid(
            """\
import json

from tools.registry import registry

METRICS = {"a": len, "b": lambda s: 2}


def handler(args, **kw):
    wanted = args.get("metrics") or list(METRICS)
    if not isinstance(wanted, list) or not all(isinstance(m, str) and m in METRICS for m in wanted):
        return json.dumps({"error": "bad metrics"})
    scores = {name: METRICS[name]("x") for name in dict.fromkeys(wanted)}
    return json.dumps({"scores": scores})


registry.register(
    name="t",
    toolset="x",
    schema={"name": "t", "description": "d", "parameters": {"type": "object", "properties": {}}},
    handler=handler,
)
""",
            note="A list the def turns away unless all(isinstance(m, str) and m in METRICS for m "
            "in wanted): each name later looked up is an entry (an and of tests, one a "
            "membership).",
        ),
        Valid(
            """\
import json

from tools.registry import registry


def _score(indexed):
    index, text = indexed
    return index, len(text)


def handler(args, **kw):
    texts = args.get("texts") or []
    scored = tuple(map(_score, filter(lambda it: isinstance(it[1], str), enumerate(texts))))
    if not scored:
        return json.dumps({"error": "give at least one text"})
    easiest = min(scored, key=lambda s: s[1])
    return json.dumps({"easiest": easiest[0]})


registry.register(
    name="t",
    toolset="x",
    schema={"name": "t", "description": "d", "parameters": {"type": "object", "properties": {"texts": {"type": "array", "items": {"type": "string"}}}}},
    handler=handler,
)
""",
            note="trap: the same steps, the result's emptiness tested before min().",
        ),
        Valid(
            """\
import itertools
import json
import random
from collections import deque

from tools.registry import registry

WORDS = ["a", "b", "c"]


def pick(args, **kw):
    count = args.get("count", 2)
    if not isinstance(count, int) or not 0 <= count <= len(WORDS):
        return json.dumps({"error": f"count must be a whole number from 0 to {len(WORDS)}"})
    return json.dumps({"words": random.sample(WORDS, count)})


def tail(args, **kw):
    lines = args.get("lines", 5)
    if not isinstance(lines, int):
        return json.dumps({"error": "lines must be a whole number"})
    lines = max(1, lines)
    kept = deque(WORDS, maxlen=lines)
    return json.dumps({"lines": list(kept), "first": list(itertools.islice(WORDS, lines))})


for name, fn in (("pick", pick), ("tail", tail)):
    registry.register(
        name=name,
        toolset="x",
        schema={"name": name, "description": "d", "parameters": {"type": "object", "properties": {}}},
        handler=fn,
    )
""",
            note="trap: a range test before random.sample; lines = max(1, lines) before deque and "
            "islice (the rebinding replaces what the model sent).",
        ),
        Valid(
            """\
import functools
import json
from typing import Any, Callable, Dict, Literal

from tools.registry import registry

Op = Literal["add", "pick"]
WORDS = ["a", "b", "c"]


def _add(args: Dict[str, Any]) -> str:
    return json.dumps({"ok": True})


def _pick(args: Dict[str, Any]) -> str:
    count = args.get("count", 10)
    if not isinstance(count, int):
        return json.dumps({"error": "count must be an integer"})
    assert WORDS, "the word list is never empty"
    return json.dumps({"words": WORDS[:count]})


OPS: Dict[Op, Callable[[Dict[str, Any]], str]] = {"add": _add, "pick": _pick}


def run_op(op: Op, args: Dict[str, Any], **kwargs: Any) -> str:
    return OPS[op](args)


for op in ("add", "pick"):
    name = f"vocab_{op}"
    registry.register(
        name=name,
        toolset="x",
        schema={"name": name, "description": "d", "parameters": {"type": "object", "properties": {}}},
        handler=functools.partial(run_op, op),
    )
""",
            note="trap: the def turns a wrong count away itself, and its assert tests a constant "
            "of the module, not the model's value.",
        ),
        Valid(
            """\
import json
from dataclasses import asdict, dataclass, field
from datetime import datetime, timezone
from typing import List, Optional

from tools.registry import registry


@dataclass
class Episode:
    guid: str
    published: Optional[str] = None


@dataclass
class Channel:
    title: str
    episodes: List[Episode] = field(default_factory=list)


def parse_feed(n):
    channel = Channel(title="show")
    for i in range(n):
        channel.episodes.append(Episode(guid=str(i), published=datetime(2024, 1, i + 1, tzinfo=timezone.utc).isoformat()))
    return channel


def latest(args, **kw):
    channel = parse_feed(3)
    details = asdict(channel.episodes[0])
    return json.dumps({"podcast": channel.title, "episode": details})


def history(args, **kw):
    channel = parse_feed(3)
    return json.dumps({"episodes": [asdict(e) for e in channel.episodes]})


registry.register(name="latest", toolset="x", schema={"name": "latest", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=latest)
registry.register(name="history", toolset="x", schema={"name": "history", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=history)
""",
            note="trap: the same records with the field declared str and given isoformat().",
        ),
        Valid(
            """\
import json
from collections import defaultdict
from datetime import datetime, timedelta
from decimal import Decimal

from tools.registry import registry

ROWS = [{"utc": "2024-03-01T22:10:00", "target": "M51", "fee": "2.345"}]


def night_of(t):
    return (t + timedelta(hours=-12)).date().isoformat()


def by_night(args, **kw):
    groups = {}
    for r in ROWS:
        k = night_of(datetime.fromisoformat(r["utc"])) if args.get("by") == "night" else r["target"]
        groups.setdefault(k, []).append(r)
    return json.dumps({"groups": {k: len(v) for k, v in sorted(groups.items())}})


def by_day(args, **kw):
    groups = defaultdict(list)
    for r in ROWS:
        taken = datetime.fromisoformat(r["utc"]) if r.get("utc") else None
        groups[taken.date().isoformat() if taken else "undated"].append(taken)
    return json.dumps({"groups": dict(groups)}, default=str)


def fee(args, **kw):
    return json.dumps({"fee": round(float(Decimal(ROWS[0]["fee"])), 2)})


for name, fn in (("by_night", by_night), ("by_day", by_day), ("fee", fee)):
    registry.register(name=name, toolset="x", schema={"name": name, "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=fn)
""",
            note="trap: the helper returns isoformat() text, the key is isoformat() text (a "
            "datetime value with default=str is converted), round() of a float.",
        ),
        Valid(
            """\
import enum
import json
from dataclasses import asdict, dataclass
from datetime import datetime, timezone
from typing import NamedTuple

from tools.registry import registry


class Severity(str, enum.Enum):
    MINOR = "minor"
    CRITICAL = "critical"


@dataclass
class Excursion:
    start: str
    severity: Severity


class PricePoint(NamedTuple):
    price: str
    changed_at: str


class Money:
    def __init__(self, cents):
        self.cents = cents

    def quantize(self, step):
        return round(self.cents / 100, 2)


class Entry:
    def __init__(self, product):
        self.product = product
        self.history = [PricePoint("2.50", datetime.now(timezone.utc).isoformat())]
        self.last_frame = ""

    def poll(self):
        self.last_frame = bytearray(b"\\x02\\x01").hex()

    def to_dict(self):
        return {"product": self.product, "history": [p._asdict() for p in self.history]}


def find_excursions(temps):
    out = []
    for t in temps:
        if t > 8.0:
            out.append(Excursion(start="10:00", severity=Severity.CRITICAL if t > 13 else Severity.MINOR))
    return out


def excursions(args, **kw):
    return json.dumps({"excursions": [asdict(e) for e in find_excursions([4.0, 9.5])]})


def prices(args, **kw):
    entries = [Entry("kale")]
    return json.dumps({"prices": [e.to_dict() for e in entries]})


def frame(args, **kw):
    entry = Entry("kale")
    entry.poll()
    return json.dumps({"frame": entry.last_frame})


def totals(args, **kw):
    money = Money(234)
    return json.dumps({"value": money.quantize(2)})


for name, fn in (("excursions", excursions), ("prices", prices), ("frame", frame), ("totals", totals)):
    registry.register(name=name, toolset="x", schema={"name": name, "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=fn)
""",
            note="trap: a str-mixed Enum, a named tuple of text, a method storing hex text, "
            "quantize() of the project's own Money class.",
        ),
        Valid(
            """\
import json
from decimal import Decimal
from typing import NamedTuple

from tools.registry import registry


def fmt(d):
    return str(d.quantize(Decimal("0.01")))


class Row(NamedTuple):
    period: int
    opening: Decimal
    closing: Decimal

    def as_json(self):
        out = self._asdict()
        for key in ("opening", "closing"):
            out[key] = fmt(out[key])
        return out


def handler(args, **kw):
    rows = [Row(1, Decimal("100"), Decimal("90"))]
    return json.dumps({"rows": [r.as_json() for r in rows]})


registry.register(name="t", toolset="x", schema={"name": "t", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=handler)
""",
            note="trap: a loop over a tuple of constant keys gives every Decimal field new text "
            "(out[key] = fmt(out[key])).",
        ),
        Valid(
            """\
import enum
import json
from dataclasses import asdict, dataclass
from decimal import Decimal

from tools.registry import registry


class Tier(enum.Enum):
    COLD = "cold"
    HOT = "hot"


@dataclass
class Quote:
    tier: Tier
    price: Decimal


def _default(obj):
    if isinstance(obj, enum.Enum):
        return obj.value
    if isinstance(obj, Decimal):
        return float(obj)
    raise TypeError(f"{type(obj).__name__} is not JSON serializable")


def handler(args, **kw):
    q = Quote(tier=Tier.HOT if args.get("hot") else Tier.COLD, price=Decimal("2.5"))
    return json.dumps(asdict(q), default=_default)


registry.register(name="t", toolset="x", schema={"name": "t", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=handler)
""",
            note="trap: the default= def converts any Enum member (isinstance(obj, enum.Enum)).",
        ),
        Valid(
            """\
import functools
import json

from tools.registry import registry


def advice(endpoint):
    @functools.wraps(endpoint)
    def wrapper(self, args, **kwargs):
        try:
            response = endpoint(self, args or {}, **kwargs)
        except (KeyError, ValueError) as exc:
            return json.dumps({"error": str(exc)})
        return json.dumps(response)

    return wrapper


class Service:
    def release(self, allocation_id):
        return {"released": allocation_id}


class Controller:
    def __init__(self, service):
        self._service = service

    @advice
    def release(self, args, **kwargs):
        return self._service.release(str(args["allocation_id"]).strip())


def _build():
    return Controller(Service())


controller = _build()
for name, handler in (("bin_release", controller.release),):
    registry.register(name=name, toolset="x", schema={"name": name, "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=handler)
""",
            note="trap: the wrapper catches KeyError.",
        ),
        Valid(
            """\
import json
import sqlite3

from tools.registry import registry


def _conn():
    conn = sqlite3.connect(":memory:", detect_types=sqlite3.PARSE_DECLTYPES)
    conn.row_factory = sqlite3.Row
    conn.execute("CREATE TABLE receipts (id INTEGER PRIMARY KEY, item TEXT, warranty_until DATE)")
    return conn


def handler(args, **kw):
    rows = _conn().execute("SELECT * FROM receipts").fetchall()
    result = [{"id": r["id"], "item": r["item"], "warranty_until": str(r["warranty_until"])} for r in rows]
    return json.dumps(result)


registry.register(name="t", toolset="x", schema={"name": "t", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=handler)
""",
            note="trap: the id and item fields as they are, the date field through str().",
        ),
        Valid(
            """\
import json
import random

from tools.registry import registry


def handler(args, **kw):
    p1 = args.get("player1") or "Challenger"
    p2 = args.get("player2") or "Defender"
    r1, r2 = random.randint(1, 20), random.randint(1, 20)
    return json.dumps({"rolls": {str(p1): r1, str(p2): r2}})


registry.register(name="t", toolset="x", schema={"name": "t", "description": "d", "parameters": {"type": "object", "properties": {"player1": {"type": "string"}, "player2": {"type": "string"}}}}, handler=handler)
""",
            note="trap: the keys made text first (str(p1)).",
        ),
        Valid(
            """\
import json
from enum import Enum

from tools.registry import registry


class Program(Enum):
    AIR = "air"
    HOTEL = "hotel"


VALUES = {p.value for p in Program}


def handler(args, **kw):
    raw = args.get("program", "")
    if not isinstance(raw, str) or raw not in VALUES:
        return json.dumps({"error": f"program must be one of {sorted(VALUES)}"})
    program = Program(raw)
    return json.dumps({"program": program.value})


def lenient(args, **kw):
    try:
        program = Program(args.get("program", "air"))
    except ValueError:
        return json.dumps({"error": "unknown program"})
    return json.dumps({"program": program.value})


registry.register(name="t", toolset="x", schema={"name": "t", "description": "d", "parameters": {"type": "object", "properties": {"program": {"type": "string"}}}}, handler=handler)
registry.register(name="u", toolset="x", schema={"name": "u", "description": "d", "parameters": {"type": "object", "properties": {"program": {"type": "string"}}}}, handler=lenient)
""",
            note="trap: the value tested against the members' values first; a try that catches the "
            "ValueError.",
        ),
        Valid(
            """\
import json
from enum import Enum

from tools.registry import registry


class Kind(Enum):
    VIDEO = "video"
    AUDIO = "audio"


def handler(args, **kw):
    match args.get("kind", "any"):
        case "any":
            wanted = None
        case str(k) if k in {m.value for m in Kind}:
            wanted = Kind(k)
        case other:
            return json.dumps({"error": f"unknown kind {other!r}"})
    return json.dumps({"kind": wanted.value if wanted else "any"})


registry.register(name="t", toolset="x", schema={"name": "t", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=handler)
""",
            note="trap: the enum called on a value a case guard tested against the members' "
            "values.",
        ),
        Valid(
            """\
import json
import os

from tools.registry import registry

SHEETS = os.path.expanduser("~/.sheets")


def _sheet_path(name):
    file_name = name.strip().lower().replace(" ", "_") + ".json"
    return os.path.join(SHEETS, file_name)


def get_sheet(args, **kw):
    name = args.get("name")
    if not isinstance(name, str) or not name.strip():
        return json.dumps({"error": "name is required"})
    path = _sheet_path(name)
    if not os.path.exists(path):
        return json.dumps({"error": f"no sheet {name}"})
    with open(path, "r", encoding="utf-8") as f:
        return json.dumps({"sheet": f.read()})


registry.register(name="get_sheet", toolset="t", schema={}, handler=get_sheet)
""",
            note="trap: a helper names the file, ending it with its own extension (.json): the "
            "model picks one of the tool's own files, never a folder, and exists() is tested.",
        ),
        Valid(
            """\
import functools
import json

from tools.registry import registry


def rescuing(*errors, **opts):
    errors = errors or (Exception,)

    def decorate(fn):
        @functools.wraps(fn)
        def wrapper(args, **kwargs):
            try:
                return fn(args, **kwargs)
            except errors as e:
                return json.dumps({"error": str(e)})
        return wrapper
    return decorate


@rescuing()
def stats(args, **kw):
    return json.dumps({"n": int(args.get("n"))})


registry.register(name="stats", toolset="t", schema={"name": "stats", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=stats)
""",
            note="trap: a decorator factory with no arguments rebinds its parameter (errors = "
            "errors or (Exception,)): its wrapper catches every Exception, not the empty "
            "tuple the call gave",
        ),
        Valid(
            """\
import json

from tools.registry import registry

RATES = {"single": 0.1, "married": 0.08}


class Invalid(Exception):
    pass


def choice(a, k, choices, default=None):
    raw = a.get(k)
    if raw in (None, ""):
        return default
    if not isinstance(raw, str) or raw.strip().lower() not in choices:
        raise Invalid(f"{k} must be one of {', '.join(choices)}")
    return raw.strip().lower()


def rate(args, **kw):
    try:
        status = choice(args, "status", tuple(RATES), default="single")
    except Invalid as e:
        return json.dumps({"error": str(e)})
    return json.dumps({"rate": RATES[status]})


registry.register(name="rate", toolset="t", schema={"name": "rate", "description": "d", "parameters": {"type": "object", "properties": {"status": {"type": "string", "description": "single or married"}}}}, handler=rate)
""",
            note="a helper that raises unless the text it hands back is one of the caller's "
            "choices: the lookup by it holds.",
        ),
        Valid(
            {
                "tools/models.py": _LOOKUP_MODELS,
                "tools/orders_tool.py": """\
import json

from tools.models import Manager
from tools.registry import registry

ORDERS = Manager()


def find_orders(args, **kw):
    email = str(args.get("email", ""))
    found = ORDERS.filter(status="open", email__iexact=email)
    return json.dumps({"count": len(found)})


registry.register(
    name="find_orders",
    toolset="shop",
    schema={"name": "find_orders", "description": "Find orders.", "parameters": {"type": "object", "properties": {"email": {"type": "string", "description": "Customer email."}}}},
    handler=find_orders,
)
""",
            },
            note="The same helper given only lookups it knows, through a manager that hands its "
            "keyword arguments on (**lookups): each key is read on its own turn of the loop, "
            "its raise not reached.",
        ),
        Valid(
            {
                "tools/models.py": _LOOKUP_MODELS,
                "tools/orders_tool.py": """\
import json

from tools.models import QuerySet
from tools.registry import registry

ORDERS = QuerySet()


def find_orders(args, **kw):
    email = str(args.get("email", ""))
    found = ORDERS.filter(status="open", email__iexact=email)
    return json.dumps({"count": len(found)})


registry.register(
    name="find_orders",
    toolset="shop",
    schema={"name": "find_orders", "description": "Find orders.", "parameters": {"type": "object", "properties": {"email": {"type": "string", "description": "Customer email."}}}},
    handler=find_orders,
)
""",
            },
            note="The same helper called directly with lookups it knows (status, email__iexact): "
            "its raise for any other key is not reached.",
        ),
        Valid(
            {
                "tools/rename_tool.py": """\
from tools.registry import registry
from tools.views import ToolView


def _checked(args):
    name = args.get("name")
    if not isinstance(name, str) or not name:
        return {"error": "name must be a non-empty string"}
    return {"name": name}


class RenameItem(ToolView):
    method = "post"
    validator = staticmethod(_checked)

    def post(self, data):
        return self.respond({"renamed": data["name"].upper()})


registry.register(
    name="rename_item",
    toolset="shop",
    schema={"name": "rename_item", "description": "Rename an item.", "parameters": {"type": "object", "properties": {"name": {"type": "string", "description": "New name."}}, "required": ["name"]}},
    handler=RenameItem.as_handler(),
)
""",
                "tools/views.py": """\
import json


class ToolView:
    method = "get"
    validator = None

    @classmethod
    def as_handler(cls, **initkwargs):
        def handler(args, **kwargs):
            view = cls(**initkwargs)
            return view.dispatch(args, **kwargs)

        return handler

    def dispatch(self, args, **kwargs):
        action = getattr(self, self.method)
        if self.validator is not None:
            checked = self.validator(args)
            if "error" in checked:
                return json.dumps(checked)
            return action(checked)
        return action(args)

    def respond(self, data):
        return json.dumps(data)
""",
            },
            note="A class-based view whose handler factory makes the class's own instance "
            "(cls(**initkwargs)) and checks the arguments with the class's staticmethod "
            "validator first: the method reads only what the validator returned; the raw "
            "arguments path is not taken.",
        ),
        Valid(
            {
                "tools/ports_tool.py": """\
import json

from tools.registry import registry

DEFAULTS = {"start": 8000, "unit": "tcp"}


def _describe(a):
    return {"start": str(a["start"]), "unit": str(a["unit"])}


def ports(args, **kw):
    a = {**DEFAULTS, **args}
    return json.dumps(_describe(a))


registry.register(name="port_check", toolset="lab", schema={"name": "port_check", "description": "Check a port.", "parameters": {"type": "object", "properties": {"start": {"type": "integer", "description": "First port."}, "unit": {"type": "string", "description": "tcp or udp"}}}}, handler=ports)
""",
            },
            note="The model's arguments merged over the code's defaults ({**DEFAULTS, **args}) and "
            "handed to a helper: the keys the defaults hold are always there.",
        ),
        Valid(
            {
                "tools/zone_tool.py": """\
import json

from tools.registry import registry


def target(record):
    return record["value"].split()[-1] if record["value"].split() else "@"


def zone(args, **kw):
    records = args.get("records")
    if not isinstance(records, list):
        return json.dumps({"error": "records must be a list"})
    recs = [r | {"value": str(r.get("value", ""))} for r in records if isinstance(r, dict)]
    return json.dumps({"targets": [target(r) for r in recs]})


registry.register(name="zone_targets", toolset="dns", schema={"name": "zone_targets", "description": "Record targets.", "parameters": {"type": "object", "properties": {"records": {"type": "array", "items": {"type": "object"}, "description": "Zone records."}}}}, handler=zone)
""",
            },
            note="The model's records merged with a value the code sets (r | {'value': str(...)}): "
            "the helper reads that key, and takes the last word only when the text splits "
            "into some.",
        ),
        Valid(
            {
                "tools/semver_tool.py": """\
import json
import re

from tools.registry import registry

_SEMVER = re.compile(r"^(?P<major>0|[1-9]\\d*)\\.(?P<minor>0|[1-9]\\d*)\\.(?P<patch>0|[1-9]\\d*)$")


def _parse(tag):
    m = _SEMVER.match(tag.strip())
    if not m:
        return None
    return {"major": int(m.group("major")), "minor": int(m.group("minor")), "patch": int(m.group("patch"))}


def compare(args, **kw):
    a, b = args.get("a"), args.get("b")
    if not isinstance(a, str) or not isinstance(b, str):
        return json.dumps({"error": "'a' and 'b' must be version strings"})
    va, vb = _parse(a), _parse(b)
    bad = [x for x, v in ((a, va), (b, vb)) if v is None]
    if bad:
        return json.dumps({"error": "not SemVer: " + ", ".join(bad)})
    core_a = (va["major"], va["minor"], va["patch"])
    core_b = (vb["major"], vb["minor"], vb["patch"])
    return json.dumps({"newer": core_a > core_b})


registry.register(name="semver_compare", toolset="dev", schema={"name": "semver_compare", "description": "Compare versions.", "parameters": {"type": "object", "properties": {"a": {"type": "string", "description": "First."}, "b": {"type": "string", "description": "Second."}}}}, handler=compare)
""",
            },
            note="Two helper answers a comprehension's filter tests for None through the pairs it "
            "goes over (bad = [x for x, v in ((a, va), (b, vb)) if v is None]; if bad: return "
            "...): neither is None past it.",
        ),
        Valid(
            {
                "tools/units_tool.py": """\
import json

from tools.registry import registry

NAMES = {"length": ["m", "km"], "speed": ["kt", "m/s"]}


def speed_known(args, **kw):
    unit = args.get("unit")
    return json.dumps({"known": unit in NAMES["speed"]})


registry.register(name="speed_known", toolset="units", schema={"name": "speed_known", "description": "Is the unit known.", "parameters": {"type": "object", "properties": {"unit": {"type": "string", "description": "The unit."}}}}, handler=speed_known)
""",
            },
            note="Membership in a list of a table the code writes out (unit in NAMES['speed']): a "
            "list compares, it hashes nothing.",
        ),
        Valid(
            """\
import json
from tools.registry import registry

COMPLEMENT = {"A": "T", "C": "G", "G": "C", "T": "A", "N": "N"}


def reverse_complement(args, **kw):
    seq = args.get("sequence")
    if not isinstance(seq, str) or not seq:
        return json.dumps({"error": "sequence must be a non-empty string"})
    seq = seq.upper()
    bad = sorted(set(seq) - set(COMPLEMENT))
    if bad:
        return json.dumps({"error": "unexpected characters: " + "".join(bad)})
    return json.dumps({"reverse_complement": "".join(COMPLEMENT[c] for c in reversed(seq))})


def primer_dimer(args, **kw):
    primer = args.get("primer")
    if not isinstance(primer, str):
        return json.dumps({"error": "primer must be text"})
    primer = primer.upper()
    if set(primer) - set("ACGT"):
        return json.dumps({"error": "primer should only contain A/C/G/T"})
    rc = "".join(COMPLEMENT[c] for c in reversed(primer))
    return json.dumps({"self_complementary": primer[-4:] in rc})


registry.register(name="reverse_complement", toolset="seq", schema={}, handler=reverse_complement)
registry.register(name="primer_dimer", toolset="seq", schema={}, handler=primer_dimer)
""",
            note="a set difference against the table (set(seq) - set(COMPLEMENT), or against the "
            "letters written out) the def leaves on tests every item of what it iterates: "
            "each lookup of an item is of an entry",
        ),
        Valid(
            """\
import json
from tools.registry import registry

PATHS_SCHEMA = {
    "name": "owners",
    "description": "Owners of paths.",
    "parameters": {
        "type": "object",
        "properties": {"paths": {"type": "array", "items": {"type": "string"}}},
    },
}


def owners_any(args, **kw):
    paths = args.get("paths") or []
    if isinstance(paths, str):
        paths = [p for p in paths.splitlines() if p.strip()]
    if not isinstance(paths, list) or not all(isinstance(p, str) for p in paths):
        return json.dumps({"error": "paths must be a list of text or lines of text"})
    out = []
    for p in paths[:50]:
        out.append(p.strip())
    return json.dumps({"paths": out})


registry.register(name="owners_any", toolset="code", schema=PATHS_SCHEMA, handler=owners_any)
""",
            note="each item tested to be text before the loop: nothing to report",
        ),
        Valid(
            {
                "plugins/kit/__init__.py": """\
from .http import Kernel
from .routes import define_routes


def register(ctx):
    for route in define_routes():
        ctx.register_tool(
            name=route.name,
            toolset="kit",
            schema={"name": route.name, "description": route.description, "parameters": {"type": "object", "properties": {}}},
            handler=Kernel.handler_for(route),
            is_async=route.is_async,
            description=route.description,
        )
""",
                "plugins/kit/container.py": """\
import inspect


class BindingError(Exception):
    pass


def make(abstract):
    if not inspect.isclass(abstract):
        raise BindingError(f"{abstract!r} is not a class")
    for name, param in inspect.signature(abstract).parameters.items():
        if param.default is inspect.Parameter.empty:
            raise BindingError(f"cannot resolve {name} of {abstract.__name__}")
    return abstract()
""",
                "plugins/kit/http.py": """\
import json


class Kernel:
    @classmethod
    def handler_for(cls, route):
        if route.is_async:

            async def async_handler(args, **kwargs):
                return await route.run(args)

            return async_handler

        def handler(args, **kwargs):
            return json.dumps(route.run(args))

        return handler
""",
                "plugins/kit/plugin.yaml": """\
name: kit
version: "0.1"
description: Text tools declared as routes
provides_tools:
  - shout
  - whisper
""",
                "plugins/kit/routes.py": """\
from .routing import Route


class TextController:
    def shout(self, args):
        return {"text": str(args.get("text", "")).upper()}

    async def whisper(self, args):
        return {"text": str(args.get("text", "")).lower()}


def define_routes():
    Route.tool("shout", [TextController, "shout"]).describe("Upper-case a text.")
    Route.tool("whisper", [TextController, "whisper"]).describe("Lower-case a text.").queued()
    return Route.all()
""",
                "plugins/kit/routing.py": """\
from .container import make


class ToolRoute:
    def __init__(self, name, action):
        self.name = name
        self.action = action
        self.description = ""
        self.is_async = False

    def describe(self, text):
        self.description = text
        return self

    def queued(self):
        self.is_async = True
        return self

    def run(self, args):
        controller_class, method = self.action
        controller = make(controller_class)
        return getattr(controller, method)(args)


class Route:
    _routes = []

    @staticmethod
    def tool(name, action):
        route = ToolRoute(name, action)
        Route._routes.append(route)
        return route

    @staticmethod
    def all():
        return list(Route._routes)
""",
            },
            note="a container made to build a class it is handed (make(controller_class), the "
            "class each route names): what it raises is its wiring, the same on every call, "
            "not the model's input",
        ),
        Valid(
            """\
import json
from datetime import date
from decimal import Decimal
from fractions import Fraction
from functools import singledispatch

from tools.registry import registry


@singledispatch
def to_jsonable(obj):
    raise TypeError(f"Object of type {type(obj).__name__} is not JSON serializable")


@to_jsonable.register
def _(obj: Fraction) -> float:
    return round(float(obj), 3)


@to_jsonable.register(Decimal)
@to_jsonable.register(date)
def _(obj):
    return str(obj)


@to_jsonable.register
def _(obj: set | frozenset) -> list:
    return sorted(obj)


def scale(args, **kw):
    factor = Fraction(3, 2)
    tags = {"baking", "bread"}
    return json.dumps({"factor": factor, "tags": tags, "on": date.today()}, default=to_jsonable)


registry.register(name="scale", toolset="kitchen", schema={}, handler=scale)
""",
            note="a default= that is a functools.singledispatch def converts the types its "
            "overloads register (by annotation or by register(Type)): a Fraction, a set and a "
            "date are not refused",
        ),
        Valid(
            """\
import json
from tools.registry import registry


class NoModel(Exception):
    pass


class ObjectMixin:
    model = None

    def get_object(self):
        if self.model is None:
            raise NoModel("set model")
        return self.model()


class FormMixin:
    def post(self):
        return json.dumps({"saved": True})


class UpdateView(ObjectMixin, FormMixin):
    def post(self):
        self.object = self.get_object()
        return super().post()


class Note:
    pass


class NoteUpdate(UpdateView):
    model = Note

    def post(self):
        return super().post()


def handler(args, **kw):
    return NoteUpdate().post()


registry.register(name="note_update", toolset="notes", schema={}, handler=handler)
""",
            note="trap: super() in UpdateView.post hands on the caller's self (a NoteUpdate, whose "
            "model is set): get_object does not raise (it was reported when super() was read "
            "from the instance's class and self as any subclass's)",
        ),
        Valid(
            """\
import json
from tools.registry import registry


class Base:
    def run(self, args):
        raise ValueError("no run")


class Safe(Base):
    def run(self, args):
        return json.dumps({"ok": True})


class Named(Base):
    label = "named"


class Tool(Named, Safe):
    # (Python's order: Tool, Named, Safe, Base: Safe.run runs, not Base.run)
    pass


def handler(args, **kw):
    return Tool().run(args)


registry.register(name="diamond", toolset="t", schema={}, handler=handler)
""",
            note="trap: Python's order (C3) puts Safe before Base for Tool(Named, Safe): Safe.run "
            "runs, not Base.run (depth first found Base.run first)",
        ),
        Valid(
            """\
import json
from tools.registry import registry


def pages(args, **kw):
    data = args or {}
    if "page" in data and not str(data["page"]).isdigit():
        return json.dumps({"error": "page must be a whole number"})
    page = int(data.get("page") or 1)
    return json.dumps({"page": page})


def rows(args, **kw):
    data = args
    if "rows" in data and not str(data["rows"]).isdigit():
        return json.dumps({"error": "rows must be a whole number"})
    count = int(data.get("rows") or 10)
    return json.dumps({"rows": count})


registry.register(name="pages", toolset="views", schema={}, handler=pages)
registry.register(name="rows", toolset="views", schema={}, handler=rows)
""",
            note="traps: the key tested through the local that holds the arguments (data = args or "
            "{}, data = args) guards the int() of it",
        ),
        Valid(
            """\
import json
from tools.registry import registry

CITIES = {"paris": {"pop": 2}}


def population(args, **kw):
    city = args.get("city")
    if not isinstance(city, str) or city not in CITIES:
        return json.dumps({"error": f"unknown city: {city}"})

    def lookup():
        return CITIES[city]["pop"]

    return json.dumps({"pop": lookup()})


def area(args, **kw):
    city = args.get("city")

    def lookup():
        if not isinstance(city, str) or city not in CITIES:
            return None
        return CITIES[city]

    found = lookup()
    if found is None:
        return json.dumps({"error": "unknown city"})
    return json.dumps({"city": found})


def rank(args, **kw):
    field = args.get("field")

    def key(row):
        name = "pop"
        return row[name]

    return json.dumps(sorted(CITIES.values(), key=key) if field else [])


registry.register(name="population", toolset="t", schema={}, handler=population)
registry.register(name="area", toolset="t", schema={}, handler=area)
registry.register(name="rank", toolset="t", schema={}, handler=rank)
""",
            note="traps: the handler tests the closed-over value before the call; the nested def "
            "tests it itself; a nested key function reads its own local",
        ),
        Valid(
            """\
import datetime
import json
from tools.registry import registry


def stringify(obj):
    return json.dumps(obj, default=str)


def guarded(obj):
    return json.dumps(obj)


def done(err=None, result=None):
    if err:
        return stringify({"error": str(err)})
    return stringify(result)


def safe(result=None):
    try:
        return guarded(result)
    except TypeError as exc:
        return json.dumps({"error": str(exc)})


def notes(args, **kw):
    date = args.get("date") or datetime.date.today()
    return done(None, {"date": date})


def diary(args, **kw):
    date = args.get("date") or datetime.date.today()
    return safe({"date": date})


registry.register(name="notes", toolset="t", schema={}, handler=notes)
registry.register(name="diary", toolset="t", schema={}, handler=diary)
""",
            note="traps: the inner helper's default=str converts the date; a helper that catches "
            "TypeError around the inner helper's call",
        ),
        Valid(
            """\
import json
from tools.registry import registry

SAMPLES = [(1, 20.5), (2, 19.0), (1, 21.0)]


def checked(args, **kw):
    sid = args.get("sensor_id")
    total = 0
    cnt = 0
    for s in SAMPLES:
        if s[0] != sid:
            continue
        total += s[1]
        cnt += 1
    if cnt == 0:
        return json.dumps({"error": "no samples for that sensor"})
    return json.dumps({"mean": total / cnt})


def inline(args, **kw):
    sid = args.get("sensor_id")
    total = 0
    cnt = 0
    for s in SAMPLES:
        if s[0] == sid:
            total += s[1]
            cnt += 1
    return json.dumps({"mean": total / cnt if cnt else None})


def every_row(args, **kw):
    total = 0
    cnt = 0
    for s in SAMPLES:
        total += s[1]
        cnt += 1
    return json.dumps({"mean": total / cnt, "asked": str(args.get("sensor_id"))})


def own_filter(args, **kw):
    total = 0
    cnt = 0
    for s in SAMPLES:
        if s[0] != 1:
            continue
        total += s[1]
        cnt += 1
    return json.dumps({"mean": total / cnt, "asked": str(args.get("sensor_id"))})


registry.register(name="checked", toolset="t", schema={}, handler=checked)
registry.register(name="inline", toolset="t", schema={}, handler=inline)
registry.register(name="every_row", toolset="t", schema={}, handler=every_row)
registry.register(name="own_filter", toolset="t", schema={}, handler=own_filter)
""",
            note="traps: the count tested before the division, or in the division's own test; "
            "counted for every row of the tool's own table; a filter on the tool's own "
            "constant",
        ),
        Valid(
            """\
import json
from tools.registry import registry


def optional_number(args, key, default=None):
    value = args.get(key)
    if value is None:
        return default
    try:
        return float(value)
    except (TypeError, ValueError):
        return default


def remove(args, **kw):
    quantity = optional_number(args, "quantity")
    return json.dumps({"removed": quantity})


registry.register(name="remove", toolset="t", schema={}, handler=remove)
""",
            note="trap: the helper catches TypeError too",
        ),
    )
    INVALID = (
        Invalid(
            _HEAD
            + """\
def read_note(args, **kw):
    path = args.get("path")
    if not path:
        raise ValueError("path is required")
    assert isinstance(path, str)
    return json.dumps({"path": path})

registry.register(name="read_note", toolset="t", schema={}, handler=read_note)
""",
            lines=(7, 8),
            fixed=_HEAD
            + """\
def read_note(args, **kw):
    path = args.get("path")
    if not path:
        return tool_error("path is required")
    assert isinstance(path, str)
    return json.dumps({"path": path})

registry.register(name="read_note", toolset="t", schema={}, handler=read_note)
""",
        ),
        Invalid(
            _HEAD
            + """\
def fetch(url):
    try:
        return json.dumps({"url": url})
    except ValueError:
        raise KeyError(url)
    except Exception:
        raise

registry.register(name="fetch", toolset="t", schema={},
    handler=lambda args, **kw: fetch(args["url"]))
""",
            lines=(8, 10, 13),
            note="raises in except blocks escape their own try",
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
import functools

def lookup(table, args, **kw):
    try:
        return json.dumps(table[args["k"]])
    except KeyError:
        raise SystemExit(1)

registry.register(name="lookup", toolset="t", schema={},
    handler=functools.partial(lookup, {}))
""",
            lines=(10,),
            note="SystemExit is not an Exception: an `except KeyError` does not catch it either",
            fixed={},
        ),
        Invalid(
            """\
import json

from tools.registry import (
    registry,
)


def fetch(args, **kw):
    try:
        data = json.loads(args.get("payload"))
    except ValueError as e:
        raise RuntimeError(f"bad payload: {e}") from e
    if not data:
        raise LookupError(str(data))
    return json.dumps(data)


registry.register(name="fetch", toolset="t", schema={}, handler=fetch)
""",
            lines=(10, 12, 14),
            note="the message is kept; tool_error joins the parenthesised registry import",
            fixed="""\
import json

from tools.registry import (
    registry,
    tool_error,
)


def fetch(args, **kw):
    try:
        data = json.loads(args.get("payload"))
    except ValueError as e:
        return tool_error(f"bad payload: {e}")
    if not data:
        return tool_error(str(data))
    return json.dumps(data)


registry.register(name="fetch", toolset="t", schema={}, handler=fetch)
""",
        ),
        Invalid(
            {
                "plugins/weather/__init__.py": """\
import json
from .client import AuthError, Client

def _make_client():
    return Client()

def _format_auth(e: AuthError):
    return json.dumps({"error": f"auth: {e}"})

def forecast(args, **kw):
    client = _make_client()
    try:
        return json.dumps(client.forecast(args.get("city")))
    except AuthError as e:
        return _format_auth(e)

def register(ctx):
    ctx.register_tool(name="forecast", toolset="weather", schema={}, handler=forecast)
""",
                "plugins/weather/client.py": """\
import os

class AuthError(Exception):
    pass

class Client:
    def __init__(self):
        self.key = self._resolve_key()

    def _resolve_key(self):
        key = os.environ.get("WEATHER_KEY")
        if not key:
            raise AuthError("WEATHER_KEY is not set")
        return key

    def forecast(self, city):
        return {"city": city}
""",
            },
            findings=(("plugins/weather/__init__.py", 11),),
            note="the client is built before the try (`from .client import`); its __init__"
            " calls a method that raises",
            fixed={},
        ),
        Invalid(
            {
                "tools/search_backend.py": """\
class Query:
    def __init__(self, text):
        if not text.strip():
            raise ValueError("empty query")
        self.text = text

def build_query(text, limit):
    if limit > 50:
        raise RuntimeError("limit too high")
    return Query(text)
""",
                "tools/search_tool.py": _HEAD
                + """\
from tools.search_backend import build_query

def search(args, **kw):
    try:
        query = build_query(args.get("q"), args.get("limit", 10))
    except RuntimeError as e:
        return tool_error(e)
    return json.dumps({"q": query.text})

registry.register(name="search", toolset="t", schema={}, handler=search)
""",
            },
            findings=(("tools/search_tool.py", 8),),
            note="the try catches RuntimeError; the helper's constructor raises ValueError",
            fixed={},
        ),
        Invalid(
            {
                "tools/memory_store.py": """\
import json
import os

class MemoryStore:
    def __init__(self, path):
        self.path = path

    def add(self, entry):
        self.save([entry])

    def save(self, entries):
        _write_file(self.path, entries)

    def load(self):
        try:
            with open(self.path) as fh:
                return json.load(fh)
        except ValueError as e:
            raise RuntimeError(f"{self.path} is not JSON") from e

def _check(entries):
    if any(not isinstance(entry, str) for entry in entries):
        raise TypeError("entries must be text")

def _write_file(path, entries):
    tmp = path + ".tmp"
    try:
        _check(entries)
        with open(tmp, "w") as fh:
            fh.write("\\n".join(entries))
        os.replace(tmp, path)
    except Exception:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise
""",
                "tools/memory_tool.py": _HEAD
                + """\
from typing import Optional
from tools.memory_store import MemoryStore

_STORE = MemoryStore("memory.md")

class Memory:
    store: MemoryStore

    def __init__(self):
        self.store = _STORE

def _get_store() -> "MemoryStore":
    return _STORE

def _remember(store: MemoryStore, text):
    store.add(text)

def memory_add(args, store: Optional[MemoryStore] = None, **kw):
    _remember(store, args.get("text"))
    store.add(args.get("text"))
    return json.dumps({"ok": True})

def memory_save(args, **kw):
    _STORE.add(args.get("text"))
    local = MemoryStore(args.get("path"))
    local.add(args.get("text"))
    _get_store().add(args.get("text"))
    Memory().store.add(args.get("text"))
    return json.dumps({"ok": True})

def memory_read(args, **kw):
    return json.dumps(_STORE.load())

registry.register(name="memory_add", toolset="t", schema={}, handler=memory_add)
registry.register(name="memory_save", toolset="t", schema={}, handler=memory_save)
registry.register(name="memory_read", toolset="t", schema={}, handler=memory_read)
""",
            },
            findings=(
                ("tools/memory_tool.py", 22),
                ("tools/memory_tool.py", 23),
                ("tools/memory_tool.py", 27),
                ("tools/memory_tool.py", 29),
                ("tools/memory_tool.py", 30),
                ("tools/memory_tool.py", 31),
                ("tools/memory_tool.py", 35),
            ),
            note="four levels deep (function -> store.add() -> save() -> _write_file() re-raising"
            " in a cleanup handler); the object's class from an Optional[...] parameter, a"
            " module-level instance, a local constructor call, a return annotation, a"
            " class-level attribute annotation; ValueError converted into RuntimeError",
            fixed={},
        ),
        Invalid(
            {
                "tools/terminal_tool.py": """\
import os

class ConfigError(ValueError):
    pass

def _get_env_config():
    shell = os.environ.get("SHELL")
    if shell is None:
        raise ConfigError("SHELL is not set")
    return {"shell": shell}
""",
                "tools/process_tool.py": _HEAD
                + """\
from tools import terminal_tool
from tools.terminal_tool import _get_env_config

def _parse(text):
    try:
        return int(text)
    except Exception as e:
        raise RuntimeError(f"not a number: {text}") from e

def _cleanup():
    pass

def _check_mode(mode):
    if mode not in ("run", "kill"):
        raise KeyError(mode)

def process(args, **kw):
    config = _get_env_config()
    again = terminal_tool._get_env_config()
    count = _parse(args.get("n"))
    _check_mode("stop")
    try:
        _check_mode(args.get("mode"))
    finally:
        _cleanup()
    return json.dumps({"config": config, "n": count, "again": again})

registry.register(name="process", toolset="t", schema={}, handler=process)
""",
            },
            findings=(
                ("tools/process_tool.py", 21),
                ("tools/process_tool.py", 22),
                ("tools/process_tool.py", 23),
                ("tools/process_tool.py", 24),
                ("tools/process_tool.py", 26),
            ),
            note="a sibling module's function (imported by name, and as `module.attr`); a raise"
            " in an except block of a helper; a constant argument that makes the raise"
            " reachable; try/finally without except catches nothing",
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
def _resolve(model):
    if not model:
        raise ValueError("model is required")
    return model

def run(action, model):
    if action not in ("describe", "tag"):
        raise KeyError(action)
    return json.dumps({"action": action, "model": model})

registry.register(name="vision", toolset="t", schema={},
    handler=lambda args, **kw: (lambda _m=_resolve(args.get("model")): run(
        action=args.get("action"), model=_m))())
""",
            lines=(15, 15),
            note="an immediately invoked inner lambda whose default is computed by a helper",
            fixed={},
        ),
        Invalid(
            {
                "plugins/notify/__init__.py": """\
import json
import urllib.request


def register(ctx):
    def handle_send(params, **kwargs):
        try:
            with urllib.request.urlopen(params["url"], timeout=10) as resp:
                return json.dumps({"status": resp.status})
        except Exception as exc:
            raise ValueError(f"request failed: {exc}")

    ctx.register_tool(name="notify_send", toolset="notify", schema={}, handler=handle_send)
""",
            },
            findings=(("plugins/notify/__init__.py", 11),),
            note="a handler nested in the plugin's register(ctx) (an upstream plugin's shape)",
            fixed={
                "plugins/notify/__init__.py": """\
import json
import urllib.request
from tools.registry import tool_error


def register(ctx):
    def handle_send(params, **kwargs):
        try:
            with urllib.request.urlopen(params["url"], timeout=10) as resp:
                return json.dumps({"status": resp.status})
        except Exception as exc:
            return tool_error(f"request failed: {exc}")

    ctx.register_tool(name="notify_send", toolset="notify", schema={}, handler=handle_send)
"""
            },
        ),
        Invalid(
            {
                "tools/deploy_client.py": """\
class AuthError(Exception):
    pass


class QuotaError(RuntimeError):
    pass


def _token(region):
    if not region:
        raise ValueError("region is required")
    if region.startswith("eu"):
        raise AuthError("no key for the EU")
    raise AuthError("no key for " + region)


def connect(region):
    token = _token(region)
    if token == "spent":
        raise QuotaError("no quota left")
    return token
""",
                "tools/deploy_tool.py": _HEAD
                + """\
from tools.deploy_client import QuotaError, connect


def deploy(args, **kw):
    client = connect(args.get("region"))
    try:
        other = connect(args.get("fallback"))
    except (ValueError, QuotaError) as e:
        return tool_error(str(e))
    return json.dumps({"client": client, "other": other})


registry.register(name="deploy", toolset="t", schema={}, handler=deploy)
""",
            },
            findings=(("tools/deploy_tool.py", 8), ("tools/deploy_tool.py", 10)),
            note="one finding per call: every exception the call lets out in one message, a"
            " chain to each raise (json `chains`); what an except catches is left out",
            fixed={},
        ),
        Invalid(
            {
                "plugins/p5/__init__.py": """\
import json

_MGR = None


def _get():
    global _MGR
    if _MGR is None:
        from .manager import Manager
        _MGR = Manager()
    return _MGR


def _run(args, **kw):
    return _get().run(args.get("cmd", ""))


def _stat(args, **kw):
    mgr = _get()
    return json.dumps(mgr.stat())


SCHEMA = {"name": "p5_run", "description": "Run.", "parameters": {"type": "object", "properties": {}}}
STAT = {"name": "p5_stat", "description": "Stat.", "parameters": {"type": "object", "properties": {}}}


def register(ctx):
    ctx.register_tool(name="p5_run", toolset="p5", schema=SCHEMA, handler=_run)
    ctx.register_tool(name="p5_stat", toolset="p5", schema=STAT, handler=_stat)
""",
                "plugins/p5/manager.py": """\
class Manager:
    def run(self, cmd):
        if not cmd:
            raise ValueError("cmd is required")
        return {"ran": cmd}

    def stat(self):
        return {"ok": True}
""",
                "plugins/p5/plugin.yaml": """\
name: p5
version: "1.0"
description: p5
provides_tools: [p5_run, p5_stat]
""",
            },
            findings=(("plugins/p5/__init__.py", 15),),
            note="a lazily created module global (`_MGR = None`; `_get()` sets it to `Manager()` on first use): `_get().run(...)` is followed into Manager.run",
            fixed={},
        ),
        Invalid(
            {
                "plugins/p9/__init__.py": """\
import asyncio
import json
from typing import TYPE_CHECKING

from .service import Service

if TYPE_CHECKING:
    from .store import Store


def _list(args):
    return json.dumps({"items": []})


def _delete(args):
    if not args.get("id"):
        raise KeyError("id")
    return json.dumps({"deleted": args["id"]})


_ACTIONS = {"list": _list, "delete": _delete}
_HANDLERS = {"list": _list, "show": lambda args: {"shown": True}}


def act(args, **kw):
    action = args.get("action", "list")
    fn = _ACTIONS.get(action)
    if fn is None:
        return json.dumps({"error": f"unknown action {action}"})
    return fn(args)


def named(args, **kw):
    return _HANDLERS[args.get("name", "list")](args)


class Tool:
    def __init__(self):
        self.svc = Service()

    def call(self, args, **kw):
        return self.svc.go(args)


_TOOL = Tool()


def typed(args, store: "Store" = None, **kw):
    return store.fetch(args)


async def _fetch(args):
    await asyncio.sleep(0)
    raise TimeoutError("slow")


async def _run(coro):
    return await coro


async def p9_async(args, **kw):
    return await _run(_fetch(args))


def register(ctx):
    s = {"type": "object", "properties": {}}
    ctx.register_tool(name="p9_act", toolset="p9", schema={"name": "p9_act", "description": "d", "parameters": s}, handler=act)
    ctx.register_tool(name="p9_named", toolset="p9", schema={"name": "p9_named", "description": "d", "parameters": s}, handler=named)
    ctx.register_tool(name="p9_svc", toolset="p9", schema={"name": "p9_svc", "description": "d", "parameters": s}, handler=_TOOL.call)
    ctx.register_tool(name="p9_typed", toolset="p9", schema={"name": "p9_typed", "description": "d", "parameters": s}, handler=typed)
    ctx.register_tool(name="p9_async", toolset="p9", schema={"name": "p9_async", "description": "d", "parameters": s}, handler=p9_async, is_async=True)
""",
                "plugins/p9/plugin.yaml": """\
name: p9
version: "1.0"
description: p9
provides_tools: [p9_act, p9_named, p9_svc, p9_typed, p9_async]
""",
                "plugins/p9/service.py": """\
class Service:
    def go(self, args):
        return {"went": True}
""",
                "plugins/p9/store.py": """\
class Store:
    def fetch(self, args):
        raise LookupError("no row")
""",
            },
            findings=(
                ("plugins/p9/__init__.py", 27),
                ("plugins/p9/__init__.py", 30),
                ("plugins/p9/__init__.py", 34),
                ("plugins/p9/__init__.py", 49),
                ("plugins/p9/__init__.py", 62),
            ),
            note="a handler picked from a dispatch table (`_ACTIONS.get(action)`), a parameter annotated with a class imported under TYPE_CHECKING, a coroutine handed to a helper that awaits it",
            fixed={},
        ),
        Invalid(
            {
                "plugins/p2/__init__.py": """\
import os
import threading

_LOCK = threading.Lock()


def _install(ctx):
    from .table import EXTRA
    with _LOCK:
        try:
            for spec in EXTRA:
                ctx.register_tool(name=spec["name"], toolset="p2", schema=spec["schema"], handler=spec["fn"])
        except Exception:
            pass


def register(ctx):
    from .table import MAIN
    if os.environ.get("P2_OFF") != "1":
        for name, fn in MAIN.items():
            ctx.register_tool(name=name, toolset="p2", schema={"name": name, "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=fn)
    _install(ctx)
""",
                "plugins/p2/plugin.yaml": """\
name: p2
version: "1.0"
description: p2
provides_tools: [p2_a, p2_b, p2_c]
""",
                "plugins/p2/table.py": """\
import json


def a(args, **kw):
    return json.dumps({"a": 1})


def b(args, **kw):
    return None


def c(args, **kw):
    raise RuntimeError("boom")


MAIN = {"p2_a": a, "p2_b": b}
EXTRA = [{"name": "p2_c", "schema": {"name": "p2_c", "description": "d", "parameters": {"type": "object", "properties": {}}}, "fn": c}]
""",
            },
            findings=(("plugins/p2/table.py", 13),),
            note="a handler in a table imported inside a helper that register(ctx) calls, registered in a loop inside `with` and `try`",
            fixed={
                "plugins/p2/table.py": """\
import json
from tools.registry import tool_error


def a(args, **kw):
    return json.dumps({"a": 1})


def b(args, **kw):
    return None


def c(args, **kw):
    return tool_error("boom")


MAIN = {"p2_a": a, "p2_b": b}
EXTRA = [{"name": "p2_c", "schema": {"name": "p2_c", "description": "d", "parameters": {"type": "object", "properties": {}}}, "fn": c}]
""",
            },
        ),
        Invalid(
            {
                "plugins/p12/__init__.py": """\
import json
import logging

from .tools import read_note, write_note, risky

log = logging.getLogger(__name__)


def _recorded(fn, args):
    try:
        return fn(args)
    except Exception:
        log.exception("tool failed")
        raise


def _recorded_named(fn, args):
    try:
        return fn(args)
    except ValueError as exc:
        log.warning("bad input: %s", exc)
        raise exc


def register(ctx):
    s = {"type": "object", "properties": {}}
    ctx.register_tool(name="p12_read", toolset="p12", schema={"name": "p12_read", "description": "d", "parameters": s}, handler=lambda args, **kw: _recorded(read_note, args))
    ctx.register_tool(name="p12_write", toolset="p12", schema={"name": "p12_write", "description": "d", "parameters": s}, handler=lambda args, **kw: _recorded(write_note, args))
    ctx.register_tool(name="p12_risky", toolset="p12", schema={"name": "p12_risky", "description": "d", "parameters": s}, handler=lambda args, **kw: _recorded_named(risky, args))
""",
                "plugins/p12/plugin.yaml": """\
name: p12
version: "1.0"
description: p12
provides_tools: [p12_read, p12_write, p12_risky]
""",
                "plugins/p12/tools.py": """\
import json


def read_note(args):
    try:
        with open(args.get("path", "n.txt"), errors="replace") as fh:
            return json.dumps({"text": fh.read()})
    except OSError as exc:
        return json.dumps({"error": str(exc)})


def write_note(args):
    if not args.get("text"):
        raise ValueError("text is required")
    return json.dumps({"ok": True})


def risky(args):
    if args.get("n", 0) < 0:
        raise ValueError("n must be >= 0")
    return json.dumps({"n": args.get("n", 0)})
""",
            },
            findings=(
                ("plugins/p12/__init__.py", 11),
                ("plugins/p12/__init__.py", 19),
                ("plugins/p12/__init__.py", 22),
            ),
            note="a wrapper that logs and re-raises (`try: return fn(args) except Exception: log...; raise`), given the handler function by a forwarding lambda: a catch-all re-raise lets out what fn can raise (write_note's ValueError; nothing for read_note, which catches its own errors); `except ValueError as exc: raise exc` names its class and is reported at the re-raise",
            fixed={},
        ),
        Invalid(
            {
                "plugins/p13/__init__.py": """\
import json
import logging

log = logging.getLogger(__name__)


async def _recorded(name, args, fn):
    try:
        result = await fn()
    except Exception as exc:
        log.warning("%s failed: %s", name, exc)
        raise
    return result


async def handle_send(args, **kw):
    from . import api
    result = await _recorded("send", args, lambda: api.send(str(args.get("to") or "")))
    return json.dumps(result)


async def handle_list(args, **kw):
    from . import api
    result = await _recorded("list", args, lambda: api.listing())
    return json.dumps(result)


def register(ctx):
    s = {"type": "object", "properties": {}}
    ctx.register_tool(name="p13_send", toolset="p13", schema={"name": "p13_send", "description": "d", "parameters": s}, handler=handle_send, is_async=True)
    ctx.register_tool(name="p13_list", toolset="p13", schema={"name": "p13_list", "description": "d", "parameters": s}, handler=handle_list, is_async=True)
""",
                "plugins/p13/api.py": """\
class ApiError(Exception):
    pass


def _client():
    raise ApiError("no token configured")


async def send(to):
    client = _client()
    return {"sent": to, "client": client}


async def listing():
    try:
        client = _client()
    except ApiError as exc:
        return {"error": str(exc)}
    return {"items": [], "client": client}
""",
                "plugins/p13/plugin.yaml": """\
name: p13
version: "1.0"
description: p13
provides_tools: [p13_send, p13_list]
""",
            },
            findings=(("plugins/p13/__init__.py", 18),),
            note="an async wrapper that awaits `fn()` and re-raises whatever it caught, given `lambda: api.send(...)` (a lambda that makes a coroutine): the coroutine runs where fn() is awaited, so send's ApiError escapes through the re-raise; listing catches its own and stays silent",
            fixed={},
        ),
        Invalid(
            {
                "plugins/p14/__init__.py": """\
import json


def search(args, **kw):
    limit = int(args.get("limit", 10))
    query = args["query"]
    return json.dumps({"q": query, "limit": limit})


def page(args, **kw):
    try:
        size = int(args.get("size") or 20)
    except (TypeError, ValueError):
        return json.dumps({"error": "size must be a number"})
    if "cursor" not in args:
        return json.dumps({"error": "cursor is required"})
    return json.dumps({"size": size, "cursor": args["cursor"]})


def wait(args, **kw):
    raw = args.get("seconds", "1")
    if not str(raw).isdigit():
        return json.dumps({"error": "seconds must be a whole number"})
    seconds = int(raw)
    timeout = float(kw.get("timeout", 5))
    return json.dumps({"seconds": seconds, "timeout": timeout})


def _require(params, *keys):
    missing = [k for k in keys if not params.get(k)]
    return f"missing: {', '.join(missing)}" if missing else None


def send(args, **kw):
    problem = _require(args, "to", "body")
    if problem:
        return json.dumps({"error": problem})
    return json.dumps({"to": args["to"], "body": args["body"]})


class Tool:
    def run(self, params, **kw):
        port = int(params.get("port", 22))
        return json.dumps({"port": port})


_TOOL = Tool()


def register(ctx):
    s = {"type": "object", "properties": {}}
    ctx.register_tool(name="p14_search", toolset="p14", schema={"name": "p14_search", "description": "d", "parameters": s}, handler=search)
    ctx.register_tool(name="p14_page", toolset="p14", schema={"name": "p14_page", "description": "d", "parameters": s}, handler=page)
    ctx.register_tool(name="p14_wait", toolset="p14", schema={"name": "p14_wait", "description": "d", "parameters": s}, handler=wait)
    ctx.register_tool(name="p14_run", toolset="p14", schema={"name": "p14_run", "description": "d", "parameters": s}, handler=_TOOL.run)
    ctx.register_tool(name="p14_send", toolset="p14", schema={"name": "p14_send", "description": "d", "parameters": s}, handler=send)
    ctx.register_tool(name="p14_lam", toolset="p14", schema={"name": "p14_lam", "description": "d", "parameters": s}, handler=lambda a, **kw: search(a))
""",
                "plugins/p14/plugin.yaml": """\
name: p14
version: "1.0"
description: p14
provides_tools: [p14_search, p14_page, p14_wait, p14_run, p14_send, p14_lam]
""",
            },
            findings=(
                ("plugins/p14/__init__.py", 5),
                ("plugins/p14/__init__.py", 6),
                ("plugins/p14/__init__.py", 43),
            ),
            note="the handler's own reads of the model's arguments: `args['query']` (KeyError when left out) and `int(args.get('limit', 10))` (ValueError for text), also in a bound method and through a forwarding lambda. Traps: a conversion in try/except ValueError, a key tested with `in` or checked by a helper given args and the key (`_require(args, 'to')`), a value tested with .isdigit() first, and kw's values (not the model's)",
            fixed={},
        ),
        Invalid(
            {
                "hermes_cli/__init__.py": """\
""",
                "hermes_cli/profiles.py": """\
from pathlib import Path


def normalize_profile_name(name):
    if not isinstance(name, str):
        name = str(name)
    stripped = name.strip()
    if not stripped:
        raise ValueError("profile name cannot be empty")
    if stripped.casefold() == "default":
        return "default"
    return stripped.lower()


def get_profile_dir(name):
    canon = normalize_profile_name(name)
    if canon == "default":
        return Path("/tmp/default")
    return Path("/tmp") / canon
""",
                "plugins/p11/__init__.py": """\
import json


def show(args, **kw):
    from hermes_cli import profiles as profiles_mod
    d = profiles_mod.get_profile_dir("default")
    return json.dumps({"dir": str(d)})


def register(ctx):
    s = {"type": "object", "properties": {}}
    ctx.register_tool(name="p11_show", toolset="p11", schema={"name": "p11_show", "description": "d", "parameters": s}, handler=show)


def bad(args, **kw):
    from hermes_cli import profiles as profiles_mod
    d = profiles_mod.get_profile_dir("   ")
    return json.dumps({"dir": str(d)})


def register_more(ctx):
    s = {"type": "object", "properties": {}}
    ctx.register_tool(name="p11_bad", toolset="p11", schema={"name": "p11_bad", "description": "d", "parameters": s}, handler=bad)
""",
                "plugins/p11/plugin.yaml": """\
name: p11
version: "1.0"
description: p11
provides_tools: [p11_show, p11_bad]
""",
            },
            findings=(("plugins/p11/__init__.py", 17),),
            note='a constant decides a branch two calls deep, through a local (`stripped = name.strip()`) and a parameter normalised by `if not isinstance(name, str): name = str(name)`: get_profile_dir("default") never reaches the raise; get_profile_dir("   ") does',
            fixed={},
        ),
        Invalid(
            {
                "tools/node_client.py": """\
class NodeClient:
    def __init__(self, url, token, timeout=10.0):
        if not isinstance(url, str) or not url:
            raise ValueError("url must be a non-empty string")
        if not isinstance(token, str) or not token:
            raise ValueError("token must be a non-empty string")
        self.url = url
        self.token = token
        self.timeout = float(timeout)
""",
                "tools/node_store.py": """\
import json
from pathlib import Path


class NodeStore:
    def __init__(self, path=None):
        self.path = Path(path or Path.home() / ".nodes.json")

    def get(self, name):
        try:
            data = json.loads(self.path.read_text())
        except (OSError, ValueError):
            return None
        return data.get(name)
""",
                "tools/nodes_tool.py": """\
import json

from tools.node_client import NodeClient
from tools.node_store import NodeStore
from tools.registry import registry, tool_error


def _client_for(name):
    entry = NodeStore().get(name)
    if entry is None:
        return None
    return NodeClient(entry["url"], entry["token"])


def _connect(url, token):
    return NodeClient(url, token=token)


def node_ping(args, **kw):
    client = _client_for(args.get("node", ""))
    if client is None:
        return tool_error("no such node")
    return json.dumps({"url": client.url})


def node_direct(args, **kw):
    client = _connect(args.get("url"), "t0ken")
    return json.dumps({"url": client.url})


SCHEMA = {"name": "x", "description": "d", "parameters": {"type": "object", "properties": {}}}
registry.register(name="node_ping", toolset="nodes", schema={**SCHEMA, "name": "node_ping"}, handler=node_ping)
registry.register(name="node_direct", toolset="nodes", schema={**SCHEMA, "name": "node_direct"}, handler=node_direct)
""",
            },
            findings=(("tools/nodes_tool.py", 27),),
            note="a raise behind a type check of the def's own parameters (`if not isinstance(url, str) or not url: raise ValueError`) asserts what callers pass: node_direct hands the model's url on through a helper's parameter, so it can fire. Trap: node_ping builds the client from a record its store returns (and the token is a constant), so the guard holds and nothing is reported",
            fixed={},
        ),
        Invalid(
            {
                "plugins/deco/__init__.py": """\
import json

_TOOLS = []


def tool(name, description):
    def decorator(fn):
        _TOOLS.append({"name": name, "description": description, "fn": fn})
        return fn
    return decorator


@tool("deco_text", "Returns text.")
def deco_text(args, **kw):
    return "hello " + str(args.get("who"))


@tool("deco_ok", "Returns JSON.")
def deco_ok(args, **kw):
    return json.dumps({"ok": True})


@tool("deco_raise", "Raises.")
def deco_raise(args, **kw):
    if not args.get("x"):
        raise ValueError("x is required")
    return json.dumps({"x": args["x"]})


def register(ctx):
    for spec in _TOOLS:
        ctx.register_tool(
            name=spec["name"],
            toolset="deco",
            schema={"name": spec["name"], "description": spec["description"], "parameters": {"type": "object", "properties": {}}},
            handler=spec["fn"],
        )
""",
                "plugins/deco/plugin.yaml": """\
name: deco
version: "1.0"
description: deco
provides_tools: [deco_text, deco_ok, deco_raise]
""",
            },
            findings=(("plugins/deco/__init__.py", 26),),
            note='a decorator factory fills the table (`@tool("deco_raise", "...")`, whose inner decorator appends a dict of its parameters and the def, then hands the def back): each row\'s name and handler come from its own application. Traps: deco_ok lets nothing out; deco_text\'s text is HD101\'s',
            fixed={
                "plugins/deco/__init__.py": """\
import json
from tools.registry import tool_error

_TOOLS = []


def tool(name, description):
    def decorator(fn):
        _TOOLS.append({"name": name, "description": description, "fn": fn})
        return fn
    return decorator


@tool("deco_text", "Returns text.")
def deco_text(args, **kw):
    return "hello " + str(args.get("who"))


@tool("deco_ok", "Returns JSON.")
def deco_ok(args, **kw):
    return json.dumps({"ok": True})


@tool("deco_raise", "Raises.")
def deco_raise(args, **kw):
    if not args.get("x"):
        return tool_error("x is required")
    return json.dumps({"x": args["x"]})


def register(ctx):
    for spec in _TOOLS:
        ctx.register_tool(
            name=spec["name"],
            toolset="deco",
            schema={"name": spec["name"], "description": spec["description"], "parameters": {"type": "object", "properties": {}}},
            handler=spec["fn"],
        )
""",
            },
        ),
        Invalid(
            {
                "tools/scan.py": """\
_TABLES = None


def _build():
    global _TABLES
    strict = ["rm -rf", "curl | sh"]
    _TABLES = {"strict": strict, "loose": ["rm -rf"]}


_build()


def scan(text, scope="strict"):
    patterns = _TABLES.get(scope)
    if patterns is None:
        raise ValueError(f"unknown scope {scope!r}")
    return [p for p in patterns if p in text]
""",
                "tools/scan_tool.py": """\
import json

from tools.registry import registry
from tools.scan import scan


def scan_strict(args, **kw):
    return json.dumps({"hits": scan(args.get("text", ""), scope="strict")})


def scan_typo(args, **kw):
    return json.dumps({"hits": scan(args.get("text", ""), scope="stirct")})


S = {"name": "x", "description": "d", "parameters": {"type": "object", "properties": {}}}
registry.register(name="scan_strict", toolset="scan", schema={**S, "name": "scan_strict"}, handler=scan_strict)
registry.register(name="scan_typo", toolset="scan", schema={**S, "name": "scan_typo"}, handler=scan_typo)
""",
            },
            findings=(("tools/scan_tool.py", 12),),
            note='a lookup in a table that module initialisation builds (`_build()` sets the global `_TABLES` to a dict display) with a constant key that flows in through a keyword: `_TABLES.get(scope)` is an object for "strict", so `if patterns is None: raise` cannot fire for scan_strict; scan_typo\'s "stirct" is not a key, so the raise does',
            fixed={},
        ),
        Invalid(
            {
                "tools/weather_tool.py": """\
import json
import urllib.error
import urllib.request

import httpx
import requests

from tools.registry import registry, tool_error

_API = "https://api.example.invalid"


def _fetch(path, params):
    resp = requests.get(f"{_API}/{path}", params=params, timeout=10)
    resp.raise_for_status()
    return resp.json()


def forecast(args, **kw):
    city = args.get("city") or "Oslo"
    try:
        data = _fetch("forecast", {"q": city})
    except ValueError as exc:
        return tool_error(f"bad answer: {exc}")
    return json.dumps({"forecast": data})


async def alerts(args, **kw):
    async with httpx.AsyncClient(timeout=10) as client:
        try:
            resp = await client.get(f"{_API}/alerts")
            resp.raise_for_status()
        except httpx.HTTPStatusError as exc:
            return tool_error(f"status {exc.response.status_code}")
    return json.dumps({"alerts": resp.json()})


def station(args, **kw):
    try:
        with urllib.request.urlopen(f"{_API}/station", timeout=10) as resp:
            body = resp.read()
    except urllib.error.HTTPError as exc:
        return tool_error(f"HTTP {exc.code}")
    return json.dumps({"station": body.decode()})


registry.register(name="forecast", toolset="weather", schema={}, handler=forecast)
registry.register(name="alerts", toolset="weather", schema={}, handler=alerts, is_async=True)
registry.register(name="station", toolset="weather", schema={}, handler=station)
""",
            },
            findings=(
                ("tools/weather_tool.py", 22),
                ("tools/weather_tool.py", 31),
                ("tools/weather_tool.py", 40),
            ),
            note="a network client's call raises when it cannot connect: requests.get in a helper under `except ValueError`, `client.get` of an `async with httpx.AsyncClient()` under `except httpx.HTTPStatusError`, urlopen under `except urllib.error.HTTPError`",
            fixed={},
        ),
        Invalid(
            {
                "tools/batch_tool.py": """\
import json

from tools.registry import registry, tool_error


def add_items(args, **kw):
    items = json.loads(args.get("items") or "[]")
    if not isinstance(items, list):
        return tool_error("items must be a JSON list")
    return json.dumps({"added": len(items)})


registry.register(name="add_items", toolset="batch", schema={}, handler=add_items)
""",
            },
            findings=(("tools/batch_tool.py", 7),),
            note="json.loads of the model's text raises ValueError for text that is not JSON",
            fixed={},
        ),
        Invalid(
            {
                "tools/video_tool.py": """\
import asyncio
import json

from tools.registry import registry


async def _edit_async(prompt):
    if not prompt.startswith("http"):
        raise ValueError("the video must be a URL")
    return {"video": prompt}


def _run_coroutine(coro, label):
    try:
        loop = asyncio.new_event_loop()
    except RuntimeError as exc:
        return {"error": f"{label}: no event loop: {exc}"}
    try:
        return loop.run_until_complete(coro)
    finally:
        loop.close()


def video_edit(args, **kw):
    return json.dumps(_run_coroutine(_edit_async(args.get("prompt") or ""), "edit"))


registry.register(name="video_edit", toolset="t", schema={}, handler=video_edit)
""",
            },
            findings=(("tools/video_tool.py", 25),),
            note="a coroutine handed to a runner of the root runs where the runner runs it: its try here only covers making the loop, so the coroutine's ValueError escapes",
            fixed={},
        ),
        Invalid(
            {
                "tools/video_tool.py": """\
import asyncio
import json

from tools.registry import registry


async def _edit_async(prompt):
    if not prompt.startswith("http"):
        raise ValueError("the video must be a URL")
    return {"video": prompt}


def _run_coroutine(label, coro):
    try:
        print("running", label, coro)
    except Exception:
        pass
    try:
        return asyncio.run(coro)
    except Exception:
        raise


def video_edit(args, **kw):
    return json.dumps(_run_coroutine("edit", _edit_async(args.get("prompt") or "")))


registry.register(name="video_edit", toolset="t", schema={}, handler=video_edit)
""",
            },
            findings=(("tools/video_tool.py", 25),),
            note="a runner that only names its coroutine inside a catch-all try, and runs it under an `except Exception: raise`: the coroutine's ValueError escapes",
            fixed={},
        ),
        Invalid(
            {
                "tools/batch_tool.py": """\
import json
from json import loads as parse

from tools.registry import registry


def add_items(args, **kw):
    items = parse(args.get("items") or "[]")
    return json.dumps({"added": len(items)})


registry.register(name="add_items", toolset="batch", schema={}, handler=add_items)
""",
            },
            findings=(("tools/batch_tool.py", 8),),
            note="`from json import loads as parse`: the name is resolved, so the import's own spelling does not matter",
            fixed={},
        ),
        Invalid(
            {
                "tools/notes_tool.py": """\
import json
import sqlite3

from tools.registry import registry, tool_error


class NotFound(Exception):
    pass


def _load(note_id):
    with sqlite3.connect("notes.db") as db:
        row = db.execute("SELECT body FROM notes WHERE id = ?", (note_id,)).fetchone()
    if row is None:
        raise NotFound(note_id)
    return row[0]


def note_get(args, **kw):
    try:
        body = _load(args.get("id"))
    except sqlite3.Error as exc:
        return tool_error(f"database: {exc}")
    return json.dumps({"body": body})


registry.register(name="note_get", toolset="notes", schema={}, handler=note_get)
""",
            },
            findings=(("tools/notes_tool.py", 21),),
            note="a standard library class by its real MRO: `except sqlite3.Error` does not catch the project's NotFound(Exception)",
            fixed={},
        ),
        Invalid(
            {
                "tools/logs_tool.py": """\
import json

from tools.registry import registry


def build_log(args, **kw):
    step = args.get("step") if isinstance(args.get("step"), int) else 1
    tail = int(args.get("tail") or "200")
    return json.dumps({"step": step, "tail": tail})


registry.register(name="build_log", toolset="ci", schema={}, handler=build_log)
""",
            },
            findings=(("tools/logs_tool.py", 8),),
            note="an isinstance() test of one argument guards that argument only: int() of another is still reported",
            fixed={},
        ),
        Invalid(
            {
                "tools/git_tool.py": """\
import json
import subprocess

from tools.registry import registry


def git_commit(args, **kw):
    message = (args.get("message") or "").strip()
    try:
        subprocess.run(["git", "commit", "-am", message], check=True, capture_output=True)
    except OSError as exc:
        return json.dumps({"error": str(exc)})
    return json.dumps({"committed": True})


def git_log(args, **kw):
    try:
        out = subprocess.check_output(["git", "log", "-5"], text=True)
    except subprocess.CalledProcessError as exc:
        return json.dumps({"error": str(exc)})
    return json.dumps({"log": out})


registry.register(name="git_commit", toolset="git", schema={}, handler=git_commit)
registry.register(name="git_log", toolset="git", schema={}, handler=git_log)
""",
            },
            findings=(
                ("tools/git_tool.py", 8),
                ("tools/git_tool.py", 10),
            ),
            note="subprocess.run(check=True) raises CalledProcessError when the command fails: `except OSError` does not catch it",
            fixed={},
        ),
        Invalid(
            {
                "tools/ci_tool.py": """\
import json

import httpx
import requests

from tools.registry import registry

_SESSION = requests.Session()


def pipelines(args, **kw):
    try:
        resp = requests.get("https://ci.example.invalid/api/pipelines", timeout=10)
        resp.raise_for_status()
    except requests.ConnectionError as exc:
        return json.dumps({"error": str(exc)})
    return json.dumps({"pipelines": resp.json()})


def jobs(args, **kw):
    try:
        resp = _SESSION.get("https://ci.example.invalid/api/jobs", timeout=10)
        resp.raise_for_status()
    except requests.RequestException as exc:
        return json.dumps({"error": str(exc)})
    return json.dumps({"jobs": resp.json()})


async def runs(args, **kw):
    async with httpx.AsyncClient() as client:
        try:
            resp = await client.get("https://ci.example.invalid/api/runs")
            resp.raise_for_status()
        except httpx.ConnectError as exc:
            return json.dumps({"error": str(exc)})
    return json.dumps({"runs": resp.json()})


registry.register(name="pipelines", toolset="ci", schema={}, handler=pipelines)
registry.register(name="jobs", toolset="ci", schema={}, handler=jobs)
registry.register(name="runs", toolset="ci", schema={}, handler=runs, is_async=True)
""",
            },
            findings=(
                ("tools/ci_tool.py", 14),
                ("tools/ci_tool.py", 33),
            ),
            note="a response's raise_for_status() raises on an error status: `except requests.ConnectionError` / `except httpx.ConnectError` do not catch it (`except requests.RequestException` does)",
            fixed={},
        ),
        Invalid(
            {
                "tools/logs_tool.py": """\
import json

from tools.registry import registry, tool_error


def tail(path, lines=None, since=None):
    if not path:
        return tool_error("path is required")
    count = int(lines or 50)
    return json.dumps({"path": path, "lines": count, "since": since})


registry.register(
    name="logs_tail",
    toolset="logs",
    schema={},
    handler=lambda args, **kw: tail(args.get("path"), lines=args.get("lines")),
)
""",
            },
            findings=(("tools/logs_tool.py", 9),),
            note="int() of a parameter that a forwarding lambda fills with one of the model's arguments as it came",
            fixed={},
        ),
        Invalid(
            {
                "tools/notes_tool.py": """\
import json
from pathlib import Path

from tools.registry import registry, tool_error


def note_read(args, **kw):
    path = args.get("path")
    if not path:
        return tool_error("path is required")
    with open(path, encoding="utf-8") as handle:
        return json.dumps({"text": handle.read()})


def note_export(args, **kw):
    target = Path(args.get("target") or "notes.md").expanduser()
    target.write_text("# notes\\n", encoding="utf-8")
    return json.dumps({"written": str(target)})


registry.register(name="note_read", toolset="notes", schema={}, handler=note_read)
registry.register(name="note_export", toolset="notes", schema={}, handler=note_export)
""",
            },
            findings=(
                ("tools/notes_tool.py", 11),
                ("tools/notes_tool.py", 16),
                ("tools/notes_tool.py", 17),
            ),
            note="a file opened, read or written at a path the model names, outside any try (the file may not be there, the folder may not exist)",
            fixed={},
        ),
        Invalid(
            {
                "tools/ha_tool.py": """\
import json

from tools.registry import registry


def call_service(args, **kw):
    domain, service = (args.get("service") or "").split(".", 1)
    return json.dumps({"called": f"{domain}.{service}"})


registry.register(name="call_service", toolset="ha", schema={}, handler=call_service)
""",
            },
            findings=(("tools/ha_tool.py", 7),),
            note="the model's text split and unpacked: too few parts when the separator is missing",
            fixed={},
        ),
        Invalid(
            {
                "tools/gh_tool.py": """\
import asyncio
import json

from tools.registry import registry, tool_error


class NotFound(Exception):
    pass


async def _fetch(repo):
    if "/" not in repo:
        raise NotFound(repo)
    return {"repo": repo}


async def latest(args, **kw):
    try:
        data = await asyncio.wait_for(_fetch(args.get("repo") or ""), timeout=10)
    except asyncio.TimeoutError:
        return tool_error("timed out")
    return json.dumps(data)


async def several(args, **kw):
    first, second = await asyncio.gather(_fetch("a/b"), _fetch(args.get("repo") or ""))
    return json.dumps([first, second])


registry.register(name="latest", toolset="gh", schema={}, handler=latest, is_async=True)
registry.register(name="several", toolset="gh", schema={}, handler=several, is_async=True)
""",
            },
            findings=(
                ("tools/gh_tool.py", 19),
                ("tools/gh_tool.py", 26),
            ),
            note="a coroutine awaited through asyncio.wait_for(...) or asyncio.gather(...) raises at the await",
            fixed={},
        ),
        Invalid(
            {
                "tools/pg_tool.py": """\
import contextlib
import json

import psycopg

from tools.registry import registry, tool_error


@contextlib.contextmanager
def connect():
    conn = psycopg.connect("dbname=app", connect_timeout=5)
    try:
        yield conn
    finally:
        conn.close()


def list_tables(args, **kw):
    try:
        with connect() as conn:
            rows = conn.execute("select table_name from information_schema.tables").fetchall()
    except psycopg.ProgrammingError as exc:
        return tool_error(str(exc))
    return json.dumps({"tables": [r[0] for r in rows]})


registry.register(name="list_tables", toolset="pg", schema={}, handler=list_tables)
""",
            },
            findings=(("tools/pg_tool.py", 20),),
            note="a @contextmanager's body runs at the `with`: psycopg.connect raises OperationalError when the server is down, which `except psycopg.ProgrammingError` does not catch",
            fixed={},
        ),
        Invalid(
            {
                "tools/data_tool.py": """\
import json

import boto3
import redis
from botocore.exceptions import ClientError

from tools.registry import registry, tool_error

_CACHE = redis.Redis.from_url("redis://localhost:6379/0")


class Store:
    def __init__(self):
        self.s3 = boto3.client("s3")

    def read(self, bucket, key):
        return self.s3.get_object(Bucket=bucket, Key=key)["Body"].read().decode()


def cache_get(args, **kw):
    value = _CACHE.get(args.get("key") or "k")
    return json.dumps({"value": value.decode() if value else None})


def s3_read(args, **kw):
    try:
        text = Store().read(args.get("bucket") or "b", args.get("key") or "k")
    except ClientError as exc:
        return tool_error(str(exc))
    return json.dumps({"text": text})


registry.register(name="cache_get", toolset="data", schema={}, handler=cache_get)
registry.register(name="s3_read", toolset="data", schema={}, handler=s3_read)
""",
            },
            findings=(
                ("tools/data_tool.py", 21),
                ("tools/data_tool.py", 27),
            ),
            note="every method of a redis.Redis or a boto3 client talks to the service: a connection failure escapes (ClientError is an API answer, not a connection failure)",
            fixed={},
        ),
        Invalid(
            {
                "plugins/s3/__init__.py": """\
from .handlers import Handlers
from .service import Service


def register(ctx):
    handlers = Handlers(Service.from_env())
    ctx.register_tool(name="s3_get_text", toolset="s3", handler=handlers.get_text,
                      schema={"name": "s3_get_text", "description": "d", "parameters": {"type": "object", "properties": {}}})
""",
                "plugins/s3/handlers.py": """\
import json

from botocore.exceptions import ClientError


class Handlers:
    def __init__(self, service):
        self.svc = service

    def get_text(self, args, **kw):
        try:
            text = self.svc.read(args.get("key") or "k")
        except ClientError as exc:
            return json.dumps({"error": str(exc)})
        return json.dumps({"text": text})
""",
                "plugins/s3/plugin.yaml": """\
name: plug
""",
                "plugins/s3/service.py": """\
import boto3


class Service:
    def __init__(self, client, bucket=None):
        self.client = client
        self.bucket = bucket

    @classmethod
    def from_env(cls):
        client = boto3.client("s3")
        return cls(client, "b")

    def read(self, key):
        return self.client.get_object(Bucket=self.bucket, Key=key)["Body"].read().decode()
""",
            },
            findings=(("plugins/s3/handlers.py", 12),),
            note="a service handed to a constructor (`self.svc = service`, `self.client = client`) is what the plugin builds: `Handlers(Service.from_env())`, `cls(boto3.client('s3'))`",
            fixed={},
        ),
        Invalid(
            {
                "tools/speak_tool.py": """\
import json
from pathlib import Path

from tools.registry import registry

OUT_DIR = Path("/tmp/speech")


def _tune(path, fmt):
    return path.with_suffix("." + fmt) if fmt else path


def speak(text, output_path=None, fmt=""):
    if output_path:
        file_path = Path(output_path).expanduser()
        file_path = _tune(file_path, fmt)
    else:
        file_path = OUT_DIR / "speech.mp3"
    file_path.parent.mkdir(parents=True, exist_ok=True)
    try:
        file_path.write_bytes(text.encode())
    except OSError as exc:
        return json.dumps({"error": str(exc)})
    return json.dumps({"path": str(file_path)})


registry.register(
    name="speak",
    toolset="speak",
    schema={"name": "speak", "description": "Speak.", "parameters": {"type": "object", "properties": {"text": {"type": "string"}, "output_path": {"type": "string"}}, "required": ["text"]}},
    handler=lambda args, **kw: speak(args.get("text", ""), args.get("output_path")),
)
""",
            },
            findings=(
                ("tools/speak_tool.py", 15),
                ("tools/speak_tool.py", 19),
                ("tools/speak_tool.py", 21),
            ),
            note="a path the model may name on one branch (a default on the other) made before the try",
            fixed={},
        ),
        Invalid(
            {
                "tools/net_util.py": """\
import functools
import time


class ServiceDown(Exception):
    pass


def retry(times=3, giving_up=None):
    def decorator(fn):
        @functools.wraps(fn)
        def inner(*args, **kwargs):
            last = None
            for attempt in range(times):
                try:
                    return fn(*args, **kwargs)
                except OSError as exc:
                    last = exc
                    time.sleep(0.1 * attempt)
            if giving_up is not None:
                raise giving_up(f"{fn.__name__} failed {times} times: {last}")
            return None
        return inner
    return decorator
""",
                "tools/quote_tool.py": """\
import json
import urllib.request

from tools.net_util import ServiceDown, retry
from tools.registry import registry


@retry(times=3, giving_up=ServiceDown)
def fetch(url):
    with urllib.request.urlopen(url, timeout=5) as resp:
        return json.load(resp)


def quote(args, **kw):
    symbol = args.get("symbol")
    if not isinstance(symbol, str) or not symbol:
        return json.dumps({"error": "symbol is required"})
    try:
        data = fetch("https://quotes.example/" + symbol)
    except OSError as exc:
        return json.dumps({"error": str(exc)})
    return json.dumps({"symbol": symbol, "price": data.get("price")})


registry.register(
    name="quote",
    toolset="quote",
    schema={"name": "quote", "description": "A stock quote.", "parameters": {"type": "object", "properties": {"symbol": {"type": "string", "description": "The ticker."}}, "required": ["symbol"]}},
    handler=quote,
)
""",
            },
            findings=(("tools/quote_tool.py", 19),),
            note="a retry decorator's wrapper raises the give-up class its factory was given, which the handler's `except OSError` does not catch",
            fixed={},
        ),
        Invalid(
            {
                "tools/notes_store.py": """\
import os

import requests
import tempfile
from pathlib import Path

NOTES = Path.home() / ".notes" / "notes.txt"


class StoreError(Exception):
    pass


def save(text):
    try:
        requests.post("https://notes.example/api", json={"text": text}, timeout=5)
        fd, tmp = tempfile.mkstemp(dir=str(NOTES.parent))
        with os.fdopen(fd, "w") as handle:
            handle.write(text)
        os.replace(tmp, NOTES)
    except (OSError, IOError) as exc:
        raise StoreError(f"cannot write {NOTES}: {exc}") from exc
""",
                "tools/note_tool.py": """\
import json

from tools.notes_store import save
from tools.registry import registry


def note(args, **kw):
    text = args.get("text")
    if not isinstance(text, str):
        return json.dumps({"error": "text must be a string"})
    save(text)
    return json.dumps({"saved": len(text)})


registry.register(
    name="note",
    toolset="note",
    schema={"name": "note", "description": "Keep a note.", "parameters": {"type": "object", "properties": {"text": {"type": "string", "description": "The note."}}, "required": ["text"]}},
    handler=note,
)
""",
            },
            findings=(("tools/note_tool.py", 11),),
            note="trap: the same `except OSError` also catches a refused connection (requests' errors are OSErrors): the error it raises then escapes",
            fixed={},
        ),
        Invalid(
            {
                "tools/pages_core.py": """\
def parse_range(spec):
    # '3-7' -> (3, 7); '4' -> (4, 4)
    start, _, end = spec.partition("-")
    first = int(start)
    return first, int(end) if end else first


class Pages:
    def __init__(self, total):
        self.total = total

    def pick(self, options):
        limit = options.get("limit")
        if limit is not None:
            limit = int(limit)
        return list(range(self.total))[:limit]
""",
                "tools/pages_tool.py": """\
import json

from tools.pages_core import Pages, parse_range
from tools.registry import registry


def split_pages(args, **kw):
    pages = args.get("pages")
    if not pages:
        return json.dumps({"error": "pages is required, e.g. '3-7'"})
    first, last = parse_range(pages)
    return json.dumps({"first": first, "last": last})


def pick_pages(args, **kw):
    return json.dumps({"pages": Pages(10).pick(args)})


registry.register(
    name="split_pages",
    toolset="pages",
    schema={"name": "split_pages", "description": "Split.", "parameters": {"type": "object", "properties": {"pages": {"type": "string", "description": "A range: 3-7."}}, "required": ["pages"]}},
    handler=split_pages,
)
registry.register(
    name="pick_pages",
    toolset="pages",
    schema={"name": "pick_pages", "description": "Pick.", "parameters": {"type": "object", "properties": {"limit": {"type": "integer", "description": "How many."}}}},
    handler=pick_pages,
)
""",
            },
            findings=(
                ("tools/pages_tool.py", 11),
                ("tools/pages_tool.py", 16),
            ),
            note="the model's text handed to a helper that converts it (int() of a part of it; the arguments themselves handed to a method that converts one)",
            fixed={},
        ),
        Invalid(
            {
                "tools/lark_sheet_tool.py": """\
import json
import threading

import requests

from tools.registry import registry

_local = threading.local()


def bind_client(client):
    _local.client = client


def _client():
    return getattr(_local, "client", None)


def _call(client, uri, query=None):
    from lark_oapi.core.enum import HttpMethod
    from lark_oapi.core.model.base_request import BaseRequest

    builder = BaseRequest.builder().http_method(HttpMethod.GET).uri(uri)
    if query:
        builder = builder.queries(query)
    return client.request(builder.build())


def sheet_read(args, **kw):
    client = _client()
    if client is None:
        return json.dumps({"error": "no Lark client in this context"})
    token = args.get("token")
    if not isinstance(token, str) or not token:
        return json.dumps({"error": "token is required"})
    reply = _call(client, "/open-apis/sheets/v3/" + token)
    return json.dumps({"code": getattr(reply, "code", None)})


def page_fetch(args, **kw):
    url = args.get("url")
    if not isinstance(url, str) or not url.startswith("https://"):
        return json.dumps({"error": "an https URL is required"})
    prepared = requests.Request("GET", url).prepare()
    with requests.Session() as session:
        reply = session.send(prepared, timeout=10)
    return json.dumps({"status": reply.status_code})


registry.register(
    name="sheet_read",
    toolset="lark",
    schema={"name": "sheet_read", "description": "Read a sheet.", "parameters": {"type": "object", "properties": {"token": {"type": "string", "description": "The sheet."}}, "required": ["token"]}},
    handler=sheet_read,
)
registry.register(
    name="page_fetch",
    toolset="lark",
    schema={"name": "page_fetch", "description": "Fetch a page.", "parameters": {"type": "object", "properties": {"url": {"type": "string", "description": "The page."}}, "required": ["url"]}},
    handler=page_fetch,
)
""",
            },
            findings=(
                ("tools/lark_sheet_tool.py", 36),
                ("tools/lark_sheet_tool.py", 46),
            ),
            note="a request object of a known HTTP library sent by a client of unknown type: a lark-oapi BaseRequest.builder()...build() (the builder rebound step by step) handed to client.request(), and requests.Request(...).prepare() to session.send()",
            fixed={},
        ),
        Invalid(
            {
                "tools/session_tool.py": """\
import json
import logging

from tools.registry import registry

logger = logging.getLogger(__name__)


class ProviderError(Exception):
    pass


def _remote_session(task):
    raise ProviderError("the provider is out of capacity")


def _local_session(task):
    import uuid

    name = f"local_{uuid.uuid4().hex[:8]}"
    if task.startswith("-"):
        raise ValueError("a task id cannot start with '-'")
    logger.info("local session %s for %s", name, task)
    return {"name": name, "remote": False}


def _open_session(task):
    try:
        return _remote_session(task)
    except ProviderError as exc:
        logger.warning("provider failed (%s), going local", exc)
        try:
            return _local_session(task)
        except Exception as local_error:
            raise RuntimeError(f"no session: {exc}; {local_error}") from exc


def session_open(args, **kw):
    return json.dumps(_open_session(kw.get("task_id", "default")))


registry.register(
    name="session_open",
    toolset="session",
    schema={"name": "session_open", "description": "Open a session.", "parameters": {"type": "object", "properties": {}}},
    handler=session_open,
)
""",
            },
            findings=(("tools/session_tool.py", 39),),
            note="trap: the same fallback with a raise of its own: the except's RuntimeError can come",
            fixed={},
        ),
        Invalid(
            {
                "tools/retrying.py": """\
import asyncio
import functools


def retry(attempts=3, retry_on=(Exception,)):
    def deco(fn):
        @functools.wraps(fn)
        async def wrapper(*a, **kw):
            last = None
            for i in range(attempts):
                try:
                    return await fn(*a, **kw)
                except retry_on as exc:
                    last = exc
                    await asyncio.sleep(0.1 * (i + 1))
            raise last

        return wrapper

    return deco
""",
                "tools/tide_tool.py": """\
import json

import httpx

from tools.registry import registry
from tools.retrying import retry


@retry(attempts=3)
async def fetch_json(url):
    async with httpx.AsyncClient(timeout=5) as client:
        reply = await client.get(url)
    return reply.json()


async def tide(args, **kw):
    port = args.get("port")
    if not isinstance(port, str) or not port:
        return json.dumps({"error": "port is required"})
    try:
        data = await fetch_json("https://tides.example/" + port)
    except httpx.HTTPStatusError as exc:
        return json.dumps({"error": f"tide service said {exc.response.status_code}"})
    return json.dumps({"port": port, "high": data.get("high")})


registry.register(
    name="tide",
    toolset="tide",
    schema={"name": "tide", "description": "Tide times.", "parameters": {"type": "object", "properties": {"port": {"type": "string", "description": "The port."}}, "required": ["port"]}},
    handler=tide,
    is_async=True,
)
""",
            },
            findings=(("tools/tide_tool.py", 21),),
            note="a retry decorator keeps what its except caught (`last = exc`) and raises it after the last attempt (`raise last`): the connection error escapes, which `except httpx.HTTPStatusError` does not catch",
            fixed={},
        ),
        Invalid(
            {
                "tools/run_tool.py": """\
import asyncio
import json

from tools.registry import registry


async def _run(argv, timeout=None):
    proc = await asyncio.create_subprocess_exec(*argv, stdout=asyncio.subprocess.PIPE)
    if timeout is None:
        out, _ = await proc.communicate()
    else:
        out, _ = await asyncio.wait_for(proc.communicate(), timeout)
    return proc.returncode, out.decode(errors="replace")


async def slow_run(args, **kw):
    code, out = await _run(["uptime"], timeout=5)
    return json.dumps({"code": code, "output": out})


async def quick_run(args, **kw):
    code, out = await _run(["uptime"])
    return json.dumps({"code": code, "output": out})


registry.register(
    name="slow_run",
    toolset="run",
    schema={"name": "slow_run", "description": "Run uptime with a time limit.", "parameters": {"type": "object", "properties": {}}},
    handler=slow_run,
    is_async=True,
)
registry.register(
    name="quick_run",
    toolset="run",
    schema={"name": "quick_run", "description": "Run uptime.", "parameters": {"type": "object", "properties": {}}},
    handler=quick_run,
    is_async=True,
)
""",
            },
            findings=(("tools/run_tool.py", 17),),
            note="asyncio.wait_for with a timeout raises TimeoutError when it passes; quick_run's call leaves timeout=None, so its path never waits with one",
            fixed={},
        ),
        Invalid(
            {
                "tools/desk_client.py": """\
import requests


class DeskClient:
    def __init__(self, base):
        self.base = base
        self.session = requests.Session()

    def ticket(self, number):
        reply = self.session.get(f"{self.base}/tickets/{number}", timeout=10)
        reply.raise_for_status()
        return reply.json()
""",
                "tools/desk_tool.py": """\
import json

import requests

from tools.desk_client import DeskClient
from tools.registry import registry

_CLIENT = None


def shared_client():
    global _CLIENT
    if _CLIENT is None:
        _CLIENT = DeskClient("https://desk.example")
    return _CLIENT


class DeskTools:
    def __init__(self, client_factory=shared_client):
        self._client_factory = client_factory

    @property
    def client(self):
        return self._client_factory()

    def get(self, args, **kw):
        number = args.get("number")
        if not isinstance(number, int):
            return json.dumps({"error": "number must be a whole number"})
        try:
            ticket = self.client.ticket(number)
        except requests.HTTPError as exc:
            return json.dumps({"error": f"the desk said {exc.response.status_code}"})
        return json.dumps({"number": number, "title": ticket.get("title")})


_TOOLS = DeskTools()

registry.register(
    name="desk_get",
    toolset="desk",
    schema={"name": "desk_get", "description": "A ticket.", "parameters": {"type": "object", "properties": {"number": {"type": "integer", "description": "The ticket."}}, "required": ["number"]}},
    handler=_TOOLS.get,
)
""",
            },
            findings=(("tools/desk_tool.py", 31),),
            note="a client reached through a @property whose getter calls a factory the constructor's default gives (`client_factory=shared_client`): its session's refused connection is no HTTPError",
            fixed={},
        ),
        Invalid(
            {
                "tools/text_tool.py": """\
import json
import re
import shlex
from datetime import datetime

from tools.registry import registry


def _day_count(start, end):
    first = datetime.strptime(start, "%Y-%m-%d")
    last = datetime.strptime(end, "%Y-%m-%d")
    return (last - first).days


def days_between(args, **kw):
    start = args.get("start")
    end = args.get("end")
    if not start or not end:
        return json.dumps({"error": "start and end are required"})
    return json.dumps({"days": _day_count(start, end)})


def grep_notes(args, **kw):
    pattern = args.get("pattern") or ""
    notes = ["buy milk", "call Ana"]
    found = [n for n in notes if re.search(pattern, n)]
    return json.dumps({"matches": found})


def split_command(args, **kw):
    return json.dumps({"argv": shlex.split(args.get("command") or "")})


for name, fn in (("days_between", days_between), ("grep_notes", grep_notes), ("split_command", split_command)):
    registry.register(
        name=name,
        toolset="text",
        schema={"name": name, "description": "Text tools.", "parameters": {"type": "object", "properties": {}}},
        handler=fn,
    )
""",
            },
            findings=(
                ("tools/text_tool.py", 20),
                ("tools/text_tool.py", 26),
                ("tools/text_tool.py", 31),
            ),
            note="the model's text parsed by the standard library: a date by datetime.strptime in a helper, a regular expression by re.search, a command line by shlex.split",
            fixed={},
        ),
        Invalid(
            {
                "tools/repeat_tool.py": """\
import json

from tools.registry import registry


def repeat(args, **kw):
    times = args.get("times")
    if not isinstance(times, str):
        return json.dumps({"error": "times must be text, such as '3'"})
    return json.dumps({"text": "ha" * int(times)})


registry.register(
    name="repeat",
    toolset="fun",
    schema={"name": "repeat", "description": "Laugh.", "parameters": {"type": "object", "properties": {"times": {"type": "string", "description": "How often."}}, "required": ["times"]}},
    handler=repeat,
)
""",
            },
            findings=(("tools/repeat_tool.py", 10),),
            note="isinstance(x, str) says the value is text, not that int() can read it",
            fixed={},
        ),
        Invalid(
            {
                "tools/archive_tool.py": """\
import json
import tarfile
from pathlib import Path

from tools.registry import registry


def _resolve(raw):
    if not isinstance(raw, str) or not raw.strip():
        return None
    return Path(raw).expanduser().resolve()


def tar_members(args, **kw):
    path = _resolve(args.get("path"))
    if path is None:
        return json.dumps({"error": "path is required"})
    try:
        archive = tarfile.open(path, mode="r:*")
    except tarfile.ReadError:
        return json.dumps({"error": f"{path.name} is not a tar archive"})
    with archive:
        names = archive.getnames()[:100]
    return json.dumps({"members": names})


registry.register(
    name="tar_members",
    toolset="archive",
    schema={"name": "tar_members", "description": "A tar archive's members.", "parameters": {"type": "object", "properties": {"path": {"type": "string", "description": "The archive."}}, "required": ["path"]}},
    handler=tar_members,
)
""",
            },
            findings=(("tools/archive_tool.py", 19),),
            note="a helper hands the model's text back made a Path (`_resolve(raw)`): tarfile.open of it raises FileNotFoundError for a path that does not exist, which `except tarfile.ReadError` does not catch",
            fixed={},
        ),
        Invalid(
            {
                "tools/fetch_tool.py": """\
import json

import httpx

from tools.registry import registry


async def _get(client: httpx.AsyncClient, url: str) -> dict:
    reply = await client.get(url)
    return {"status": reply.status_code, "body": reply.text[:2000]}


async def fetch_page(args, **kw):
    url = args.get("url")
    if not isinstance(url, str) or not url.startswith(("http://", "https://")):
        return json.dumps({"error": "url must be an http(s) URL"})
    async with httpx.AsyncClient(timeout=5) as client:
        result = await _get(client, url)
    return json.dumps(result)


registry.register(
    name="fetch_page",
    toolset="web",
    schema={"name": "fetch_page", "description": "Fetch a page.", "parameters": {"type": "object", "properties": {"url": {"type": "string", "description": "The page."}}, "required": ["url"]}},
    handler=fetch_page,
    is_async=True,
)
""",
            },
            findings=(("tools/fetch_tool.py", 18),),
            note="a helper's parameter annotated with a network client's class (`client: httpx.AsyncClient`): its get() may not connect",
            fixed={},
        ),
        Invalid(
            {
                "tools/mixins.py": """\
import json


class ReplyMixin:
    def reply(self, **data):
        return json.dumps(data)

    def refuse(self, message):
        return json.dumps({"error": message})


class CheckMixin:
    class Invalid(Exception):
        pass

    def text_arg(self, args, key):
        value = args.get(key)
        if not isinstance(value, str) or not value:
            raise self.Invalid(f"{key!r} must be a non-empty string")
        return value
""",
                "tools/kv_tool.py": """\
from tools.mixins import CheckMixin, ReplyMixin
from tools.registry import registry


class KvTool(ReplyMixin, CheckMixin):
    name = ""

    def handle(self, args, **kw):
        try:
            return self.work(args)
        except self.Invalid as exc:
            return self.refuse(str(exc))

    def work(self, args):
        raise NotImplementedError


class Scan(KvTool):
    name = "kv_scan"

    def work(self, args):
        prefix = self.text_arg(args, "prefix")
        limit = int(args.get("limit") or 50)
        return self.reply(prefix=prefix, limit=limit)


for cls in (Scan,):
    tool = cls()
    registry.register(
        name=cls.name,
        toolset="kv",
        schema={"name": cls.name, "description": "Keys.", "parameters": {"type": "object", "properties": {}}},
        handler=tool.handle,
    )
""",
            },
            findings=(("tools/kv_tool.py", 10),),
            note="`except self.Invalid` names a mixin's nested class (found in the second base): it catches the subclass's own check, not int()'s ValueError",
            fixed={},
        ),
        Invalid(
            {
                "tools/notes_tool.py": """\
import json

import boto3

from tools.registry import registry


class Notes:
    _client = None

    @classmethod
    def s3(cls):
        if Notes._client is None:
            Notes._client = boto3.client("s3")
        return Notes._client

    def put(self, name, body):
        self.s3().put_object(Bucket="notes", Key=name, Body=body.encode("utf-8"))
        return {"saved": name}


def note_put(args, **kw):
    name = args.get("name")
    if not isinstance(name, str) or not name:
        return json.dumps({"error": "name is required"})
    return json.dumps(Notes().put(name, str(args.get("body") or "")))


registry.register(
    name="note_put",
    toolset="notes",
    schema={"name": "note_put", "description": "Save a note.", "parameters": {"type": "object", "properties": {"name": {"type": "string", "description": "The note."}}, "required": ["name"]}},
    handler=note_put,
)
""",
            },
            findings=(("tools/notes_tool.py", 26),),
            note="a class attribute a classmethod sets lazily (`Notes._client = boto3.client(...)` under `if Notes._client is None`): its put_object may not connect",
            fixed={},
        ),
        Invalid(
            {
                "tools/note_base.py": """\
import json

import boto3


class NoteTool:
    _client = None

    @classmethod
    def s3(cls):
        if NoteTool._client is None:
            NoteTool._client = boto3.client("s3")
        return NoteTool._client

    def run(self, args):
        raise NotImplementedError

    def __call__(self, args, **kw):
        name = args.get("name")
        if not isinstance(name, str) or not name:
            return json.dumps({"error": "name is required"})
        return json.dumps(self.run(args))
""",
                "tools/notes_tool.py": """\
from tools.note_base import NoteTool
from tools.registry import registry


class PutNote(NoteTool):
    name = "note_put"

    def run(self, args):
        self.s3().put_object(Bucket="notes", Key=args["name"], Body=b"")
        return {"saved": args["name"]}


class LinkNote(NoteTool):
    name = "note_link"

    def run(self, args):
        url = self.s3().generate_presigned_url("get_object", Params={"Bucket": "notes", "Key": args["name"]})
        return {"url": url}


for cls in (PutNote, LinkNote):
    tool = cls()
    registry.register(
        name=tool.name,
        toolset="notes",
        schema={"name": tool.name, "description": "Notes.", "parameters": {"type": "object", "properties": {"name": {"type": "string", "description": "The note."}}, "required": ["name"]}},
        handler=tool,
    )
""",
            },
            findings=(("tools/note_base.py", 22),),
            note="a boto3 client made in another module (the class's lazily set attribute) reached through `self.s3()`: put_object may not connect. Trap: generate_presigned_url signs locally (note_link stays silent)",
            fixed={},
        ),
        Invalid(
            {
                "tools/store_tool.py": """\
import json
from contextlib import contextmanager

from tools.registry import registry, tool_error


class StoreError(Exception):
    pass


class Refused(Exception):
    def __init__(self, answer):
        super().__init__(answer)
        self.answer = answer


@contextmanager
def translated(action):
    try:
        yield
    except StoreError as exc:
        raise Refused(tool_error(f"{action}: {exc}")) from exc


def _put(key, value):
    if not key:
        raise StoreError("a key is required")
    if value is None:
        raise ValueError("no value")
    return {"key": key}


def put(args, **kw):
    try:
        with translated("put"):
            return json.dumps(_put(args.get("key"), args.get("value")))
    except Refused as refused:
        return refused.answer


registry.register(name="put", toolset="t", schema={"name": "put", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=put)
""",
            },
            findings=(("tools/store_tool.py", 36),),
            note="a @contextmanager that turns StoreError into Refused (caught by the handler): the ValueError it does not catch still escapes",
            fixed={},
        ),
        Invalid(
            {
                "tools/find_tool.py": """\
import json
import re
from dataclasses import dataclass

from tools.registry import registry, tool_error


@dataclass
class Query:
    text: str
    limit: int = 10
    regex: bool = False


def find(args, **kw):
    q = Query(**args)
    pattern = re.compile(q.text) if q.regex else None
    return json.dumps({"text": q.text, "pattern": bool(pattern), "limit": int(q.limit)})


def lookup(city, country="NL"):
    return {"city": city, "country": country}


def where(args, **kw):
    return json.dumps(lookup(**args))


registry.register(name="find", toolset="t", schema={"name": "find", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=find)
registry.register(name="where", toolset="t", schema={"name": "where", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=where)
""",
            },
            findings=(
                ("tools/find_tool.py", 16),
                ("tools/find_tool.py", 17),
                ("tools/find_tool.py", 18),
                ("tools/find_tool.py", 26),
            ),
            note="the model's arguments spread into a dataclass (TypeError when 'text' is left out) and a function (when 'city' is); the dataclass keeps the model's text, so re.compile(q.text) and int(q.limit) raise on it",
            fixed={},
        ),
        Invalid(
            {
                "tools/book_tool.py": """\
import json

from pydantic import BaseModel, ValidationError

from tools.registry import registry, tool_error


class Booking(BaseModel):
    room: str
    nights: int


def book(args, **kw):
    booking = Booking.model_validate(args)
    return json.dumps({"room": booking.room, "nights": booking.nights})


def quote(args, **kw):
    try:
        booking = Booking(**args)
    except ValidationError as exc:
        return tool_error(str(exc))
    return json.dumps({"total": booking.nights * 90})


registry.register(name="book", toolset="t", schema={"name": "book", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=book)
registry.register(name="quote", toolset="t", schema={"name": "quote", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=quote)
""",
            },
            findings=(("tools/book_tool.py", 14),),
            note="a pydantic model validating the model's arguments raises ValidationError (book); quote catches it",
            fixed={},
        ),
        Invalid(
            {
                "tools/convert_tool.py": """\
import hashlib
import json
import tomllib
import urllib.request
import xml.etree.ElementTree as ET

import yaml

from tools.registry import registry


def convert(args, **kw):
    kind = args.get("kind")
    text = args.get("text", "")
    if kind == "toml":
        data = tomllib.loads(text)
    elif kind == "yaml":
        data = yaml.safe_load(text)
    else:
        data = {"root": ET.fromstring(text).tag}
    return json.dumps(data)


def digest(args, **kw):
    h = hashlib.new(args.get("algorithm") or "sha256")
    h.update((args.get("text") or "").encode())
    return json.dumps({"hex": h.hexdigest()})


def head(args, **kw):
    try:
        with urllib.request.urlopen(args.get("url", ""), timeout=5) as resp:
            return json.dumps({"status": resp.status})
    except OSError as exc:
        return json.dumps({"error": str(exc)})


registry.register(name="convert", toolset="t", schema={"name": "convert", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=convert)
registry.register(name="digest", toolset="t", schema={"name": "digest", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=digest)
registry.register(name="head", toolset="t", schema={"name": "head", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=head)
""",
            },
            findings=(
                ("tools/convert_tool.py", 16),
                ("tools/convert_tool.py", 18),
                ("tools/convert_tool.py", 20),
                ("tools/convert_tool.py", 21),
                ("tools/convert_tool.py", 25),
                ("tools/convert_tool.py", 26),
                ("tools/convert_tool.py", 32),
            ),
            note="the model's text parsed as TOML, YAML and XML (and what they read put in the result: a date), a hash named by the model, a URL the model sends without a scheme (ValueError, which except OSError does not catch)",
            fixed={},
        ),
        Invalid(
            {
                "tools/mail_tool.py": """\
import imaplib
import json
import os

from tools.registry import registry, tool_error


def unread(args, **kw):
    host = os.environ.get("MAIL_HOST", "localhost")
    conn = imaplib.IMAP4_SSL(host)
    try:
        conn.select(args.get("folder") or "INBOX", readonly=True)
        _, data = conn.search(None, "UNSEEN")
    except imaplib.IMAP4.error as exc:
        return tool_error(str(exc))
    return json.dumps({"unread": len(data[0].split())})


registry.register(name="unread", toolset="t", schema={"name": "unread", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=unread)
""",
            },
            findings=(("tools/mail_tool.py", 10),),
            note="an IMAP client connects when it is made: outside the try, a refused connection escapes",
            fixed={},
        ),
        Invalid(
            {
                "tools/ctl_tool.py": """\
import json

from tools.registry import registry, tool_error

RATES = {"EUR": 1.0, "USD": 1.08}


def _start(args):
    return {"started": args.get("name")}


def _stop(args):
    return {"stopped": args.get("name")}


ACTIONS = {"start": _start, "stop": _stop}


def control(args, **kw):
    return json.dumps(ACTIONS[args.get("action", "")](args))


def convert(args, **kw):
    src = str(args.get("from", "")).upper()
    return json.dumps({"rate": RATES[src]})


registry.register(name="control", toolset="t", schema={"name": "control", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=control)
registry.register(name="convert", toolset="t", schema={"name": "convert", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=convert)
""",
            },
            findings=(
                ("tools/ctl_tool.py", 20),
                ("tools/ctl_tool.py", 25),
            ),
            note="a table looked up by the model's text: KeyError when the model names an action or a currency the table does not hold",
            fixed={},
        ),
        Invalid(
            {
                "tools/files_tool.py": """\
import json
import os
from pathlib import Path

from tools.registry import registry, tool_error


def read(args, **kw):
    path = os.path.expanduser(args.get("path", ""))
    try:
        with open(path, encoding="utf-8") as fh:
            text = fh.read()
    except FileNotFoundError:
        return tool_error(f"no such file: {path}")
    return json.dumps({"text": text[:1000]})


def size(args, **kw):
    path = args.get("path", "")
    if not os.path.exists(path):
        return tool_error("no such file")
    with open(path, "rb") as fh:
        return json.dumps({"bytes": len(fh.read())})


def peek(args, **kw):
    path = Path(args.get("path", ""))
    if not path.is_file():
        return tool_error("not a file")
    return json.dumps({"head": path.read_text(encoding="utf-8")[:200]})


registry.register(name="read", toolset="t", schema={"name": "read", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=read)
registry.register(name="size", toolset="t", schema={"name": "size", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=size)
registry.register(name="peek", toolset="t", schema={"name": "peek", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=peek)
""",
            },
            findings=(
                ("tools/files_tool.py", 9),
                ("tools/files_tool.py", 11),
                ("tools/files_tool.py", 22),
                ("tools/files_tool.py", 27),
                ("tools/files_tool.py", 30),
            ),
            note="a path the model names opened with only FileNotFoundError caught, or after an exists() test: IsADirectoryError when it names a folder; read as text after an is_file() test: UnicodeDecodeError when it is no text",
            fixed={},
        ),
        Invalid(
            {
                "tools/exec_tool.py": """\
import base64
import json
from functools import partial

from tools.registry import registry


def _run(operation, args, **kw):
    try:
        return json.dumps(operation(args or {}))
    except OSError as exc:
        return json.dumps({"error": str(exc)})


def decode(args):
    return {"bytes": len(base64.b64decode(args.get("data", ""), validate=True))}


registry.register(name="decode", toolset="t", schema={"name": "decode", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=partial(_run, decode))
""",
            },
            findings=(("tools/exec_tool.py", 10),),
            note="a generic executor (functools.partial) hands the operation `args or {}`: the model's arguments, so the base64 it cannot decode raises binascii.Error",
            fixed={},
        ),
        Invalid(
            {
                "tools/conv_tool.py": """\
import json
import tomllib

from tools.registry import registry


class Convert:
    cache = {}

    def parse(self, args):
        return tomllib.loads(args.get("text", ""))

    def __call__(self, args, **kw):
        key = (args.get("text") or "")[:64]
        if key not in self.cache:
            self.cache[key] = json.dumps(self.parse(args), default=str)
        return self.cache[key]


registry.register(name="convert", toolset="t", schema={"name": "convert", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=Convert())
""",
            },
            findings=(("tools/conv_tool.py", 16),),
            note="the handler reads args.get('text') (it is there) but never checks its form: the method it hands args to still parses the model's text",
            fixed={},
        ),
        Invalid(
            {
                "tools/kit_tool.py": """\
import importlib

from tools.registry import registry

_MODULES = ["disk", "clock"]


def _always():
    return True


for _name in _MODULES:
    _mod = importlib.import_module(f"tools.kit.{_name}")
    registry.register(
        name=_mod.NAME,
        toolset="kit",
        schema=_mod.SCHEMA,
        handler=getattr(_mod, "handle"),
        check_fn=getattr(_mod, "available", _always),
    )
""",
                "tools/kit/__init__.py": """\
""",
                "tools/kit/disk.py": """\
import json
import shutil

NAME = "kit_disk"
SCHEMA = {"name": NAME, "description": "Free space.", "parameters": {"type": "object", "properties": {"path": {"type": "string", "description": "A folder."}}}}


def handle(args, **kw):
    total, used, free = shutil.disk_usage(".")
    return json.dumps({"low": free < int(args.get("min_free", "0"))})
""",
                "tools/kit/clock.py": """\
import json
import time

NAME = "kit_clock"
SCHEMA = {"name": NAME, "description": "The time.", "parameters": {"type": "object", "properties": {}}}


def available():
    return True


def handle(args, **kw):
    return json.dumps({"now": time.time()})
""",
                "toolsets.py": """\
TOOLSETS = {"kit": {"description": "Kit.", "tools": ["kit_disk", "kit_clock"], "includes": []}}
""",
            },
            findings=(("tools/kit/disk.py", 10),),
            note="tool modules loaded by importlib.import_module from a list of names, handlers read with getattr(module, 'handle'): each is followed (int() of the model's text in one)",
            fixed={},
        ),
        Invalid(
            {
                "tools/auto_tool.py": """\
import json

from tools.registry import registry


class Tool:
    name = ""
    all = []

    def __init_subclass__(cls, **kw):
        super().__init_subclass__(**kw)
        if cls.name:
            Tool.all.append(cls())

    def run(self, args):
        raise NotImplementedError

    def __call__(self, args, **kw):
        result = self.run(args)
        if isinstance(result, str):
            return result
        return json.dumps(result)


class Base(Tool):
    pass


class Echo(Tool):
    name = "echo"

    def run(self, args):
        return {"text": args.get("text", "")}


class Count(Tool):
    name = "count"

    def run(self, args):
        return {"n": int(args.get("n", "0"))}


for tool in Tool.all:
    registry.register(name=tool.name, toolset="t", schema={"name": tool.name, "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=tool)
""",
            },
            findings=(("tools/auto_tool.py", 19),),
            note="tools that register themselves: a class's __init_subclass__ appends cls() for each subclass with a name; Count's run raises on the model's text",
            fixed={},
        ),
        Invalid(
            {
                "tools/deco_tool.py": """\
import functools
import json
import logging

from tools.registry import registry

log = logging.getLogger(__name__)


def logged(fn):
    @functools.wraps(fn)
    def wrapper(args, **kw):
        try:
            return fn(args, **kw)
        except Exception:
            log.exception("%s failed", fn.__name__)
            raise

    return wrapper


def answered(fn):
    @functools.wraps(fn)
    def wrapper(args, **kw):
        try:
            return fn(args, **kw)
        except ValueError as exc:
            return json.dumps({"error": str(exc)})

    return wrapper


@logged
def recent(args, **kw):
    return json.dumps({"n": int(args.get("count", 10))})


@answered
def scaled(args, **kw):
    return json.dumps({"x": float(args.get("x", 1)) * 2})


registry.register(name="recent", toolset="t", schema={"name": "recent", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=recent)
registry.register(name="scaled", toolset="t", schema={"name": "scaled", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=scaled)
""",
            },
            findings=(("tools/deco_tool.py", 35),),
            note="a handler decorated by the project's own decorator: what the wrapper lets out of calling it is reported where the def raises it (`@logged` logs and re-raises); `@answered` turns the ValueError into an answer",
            fixed={},
        ),
        Invalid(
            {
                "tools/llm_tool.py": """\
import json

import docker
from openai import OpenAI

from tools.registry import registry, tool_error

_client = OpenAI(base_url="http://localhost:8080/v1", api_key="none")


def ask(args, **kw):
    reply = _client.chat.completions.create(
        model="local", messages=[{"role": "user", "content": args.get("q", "")}]
    )
    return json.dumps({"answer": reply.choices[0].message.content})


def containers(args, **kw):
    try:
        found = docker.from_env().containers.list()
    except docker.errors.NotFound:
        return tool_error("no such container")
    return json.dumps({"names": [c.name for c in found]})


registry.register(name="ask", toolset="t", schema={"name": "ask", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=ask)
registry.register(name="containers", toolset="t", schema={"name": "containers", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=containers)
""",
            },
            findings=(
                ("tools/llm_tool.py", 12),
                ("tools/llm_tool.py", 20),
            ),
            note="an OpenAI-compatible client's request (APIConnectionError when the server is down); the Docker SDK's client (DockerException without a daemon, which `except docker.errors.NotFound` does not catch)",
            fixed={},
        ),
        Invalid(
            {
                "tools/named_tool.py": """\
import json
from zoneinfo import ZoneInfo

import requests

from tools.registry import registry, tool_error


class Clock:
    _instance = None

    @classmethod
    def instance(cls):
        if cls._instance is None:
            cls._instance = cls()
        return cls._instance

    def now_in(self, args, **kw):
        src, dst = args.get("from") or "UTC", args.get("to") or "UTC"
        return json.dumps({"from": src, "zone": str(ZoneInfo(dst))})


def fetch(args, **kw):
    try:
        resp = requests.get(args.get("url", ""), timeout=10)
    except requests.ConnectionError as exc:
        return tool_error(f"cannot connect: {exc}")
    return json.dumps({"status": resp.status_code})


def read(args, **kw):
    try:
        with open(args.get("path", ""), encoding=args.get("encoding") or "utf-8") as fh:
            return json.dumps({"text": fh.read(200)})
    except (OSError, UnicodeDecodeError) as exc:
        return tool_error(str(exc))


_clock = Clock.instance()
registry.register(name="now_in", toolset="t", schema={"name": "now_in", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=_clock.now_in)
registry.register(name="fetch", toolset="t", schema={"name": "fetch", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=fetch)
registry.register(name="read", toolset="t", schema={"name": "read", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=read)
""",
            },
            findings=(
                ("tools/named_tool.py", 20),
                ("tools/named_tool.py", 25),
                ("tools/named_tool.py", 33),
            ),
            note="what the model names: a time zone (ZoneInfoNotFoundError), a URL without a scheme (MissingSchema, which `except requests.ConnectionError` does not catch), an encoding (LookupError); the handler is the method of a lazily made singleton, bound by a tuple assignment",
            fixed={},
        ),
        Invalid(
            {
                "tools/misc_tool.py": """\
import json
import shutil
import tarfile
import zipfile
from string import Template

from tools.registry import registry, tool_error

FEEDS = {"news": "https://example.org/rss"}


def usage(args, **kw):
    report = []
    for path in args.get("paths") or ["/"]:
        total, used, free = shutil.disk_usage(path)
        report.append({"path": path, "free": free})
    return json.dumps({"disks": report})


def render(args, **kw):
    values = {k: str(v) for k, v in (args.get("values") or {}).items()}
    return json.dumps({"text": Template("Dear $name, $message").substitute(values)})


def members(args, **kw):
    path = args.get("path", "")
    try:
        with zipfile.ZipFile(path) as zf:
            return json.dumps({"names": zf.namelist()})
    except FileNotFoundError:
        return tool_error(f"no such file: {path}")


def feeds(args, **kw):
    wanted = args.get("feeds") or []
    return json.dumps({"urls": [FEEDS[name] for name in wanted]})


registry.register(name="usage", toolset="t", schema={"name": "usage", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=usage)
registry.register(name="render", toolset="t", schema={"name": "render", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=render)
registry.register(name="members", toolset="t", schema={"name": "members", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=members)
registry.register(name="feeds", toolset="t", schema={"name": "feeds", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=feeds)
""",
            },
            findings=(
                ("tools/misc_tool.py", 14),
                ("tools/misc_tool.py", 15),
                ("tools/misc_tool.py", 21),
                ("tools/misc_tool.py", 22),
                ("tools/misc_tool.py", 28),
                ("tools/misc_tool.py", 36),
            ),
            note="each element of a list the model sends is the model's (a path per element, a key per element); a template filled with the model's values (KeyError for a name they lack); a zip file the model names that is no zip (BadZipFile, which `except FileNotFoundError` does not catch)",
            fixed={},
        ),
        Invalid(
            {
                "tools/git_tool.py": """\
import json
import subprocess

from tools.registry import registry, tool_error


def status(args, **kw):
    try:
        proc = subprocess.run(["git", "status", "--short"], cwd=args.get("repo") or ".", capture_output=True, text=True, timeout=20)
    except subprocess.TimeoutExpired:
        return tool_error("git took too long")
    return json.dumps({"changes": proc.stdout.splitlines()})


registry.register(name="status", toolset="t", schema={"name": "status", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=status)
""",
            },
            findings=(("tools/git_tool.py", 9),),
            note="a subprocess run in a folder the model names (`cwd=`): FileNotFoundError when it does not exist",
            fixed={},
        ),
        Invalid(
            {
                "tools/ping_tool.py": """\
import json

import requests
from tenacity import retry, stop_after_attempt

from tools.registry import registry, tool_error


@retry(stop=stop_after_attempt(3))
def _status(url):
    return requests.get(url, timeout=5).status_code


def ping(args, **kw):
    try:
        return json.dumps({"status": _status("https://example.org/health")})
    except requests.RequestException as exc:
        return tool_error(f"unreachable: {exc}")


registry.register(name="ping", toolset="t", schema={"name": "ping", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=ping)
""",
            },
            findings=(("tools/ping_tool.py", 16),),
            note="tenacity's @retry without reraise=True: once it gives up it raises tenacity.RetryError, which `except requests.RequestException` does not catch",
            fixed={},
        ),
        Invalid(
            {
                "tools/repo_helpers.py": """\
import os

import git


def open_repo(path):
    path = os.path.expanduser(path or os.getcwd())
    return git.Repo(path, search_parent_directories=True)
""",
                "tools/repo_head_tool.py": """\
import json
import os

from tools.repo_helpers import open_repo
from tools.registry import registry, tool_error


def repo_head(args, **kw):
    target = args.get("target")
    if not target:
        return tool_error("target is required")
    target = os.path.abspath(os.path.expanduser(target))
    repo = open_repo(os.path.dirname(target))
    return json.dumps({"head": repo.head.commit.hexsha})


registry.register(name="repo_head", toolset="t", schema={"name": "repo_head", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=repo_head)
""",
            },
            findings=(("tools/repo_head_tool.py", 12), ("tools/repo_head_tool.py", 13)),
            note="the model's path made absolute by rebinding it, its folder handed to a helper that expands it again: git.Repo raises InvalidGitRepositoryError for a folder that is not a repository",
            fixed={},
        ),
        Invalid(
            {
                "tools/shelf_tool.py": """\
import json
import tarfile
from pathlib import Path

from tools.registry import registry, tool_error

SHELF = Path.home() / ".shelf"


def shelf_dir():
    SHELF.mkdir(parents=True, exist_ok=True)
    return SHELF


def unpack(args, **kw):
    name = (args.get("archive") or "").strip()
    if not name or "/" in name:
        return tool_error("archive must be a plain file name")
    with tarfile.open(shelf_dir() / name) as tar:
        names = tar.getnames()
    return json.dumps({"files": names})


def save(args, **kw):
    name = (args.get("name") or "").strip()
    if not name or "/" in name or name.startswith("."):
        return tool_error("name must be a plain file name")
    target = shelf_dir() / name
    with open(target, "w", encoding="utf-8") as fh:
        fh.write(args.get("text") or "")
    return json.dumps({"saved": str(target)})


registry.register(name="unpack", toolset="t", schema={"name": "unpack", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=unpack)
registry.register(name="save", toolset="t", schema={"name": "save", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=save)
""",
            },
            findings=(
                ("tools/shelf_tool.py", 16),
                ("tools/shelf_tool.py", 19),
                ("tools/shelf_tool.py", 25),
            ),
            note="a folder the tool chose joined with the model's file name (`shelf_dir() / name`) is a path the model names: tarfile raises ReadError when it is no archive; a file written there under a checked name says nothing of folders",
            fixed={},
        ),
        Invalid(
            {
                "tools/feed_fetch.py": """\
import requests


class FetchError(Exception):
    pass


def fetch_body(url):
    try:
        resp = requests.get(url, timeout=10)
    except requests.RequestException as exc:
        raise FetchError(str(exc)) from exc
    return resp.content
""",
                "tools/feed_parse.py": """\
import xml.etree.ElementTree as ET


def titles(data):
    root = ET.fromstring(data)
    return [item.findtext("title") or "" for item in root.iter("item")]
""",
                "tools/feed_tool.py": """\
import json

import requests

from tools.feed_fetch import FetchError, fetch_body
from tools.feed_parse import titles
from tools.registry import registry, tool_error


def feed_titles(args, **kw):
    url = str(args.get("url") or "")
    if not url.startswith(("http://", "https://")):
        return tool_error("url must be http(s)")
    try:
        body = fetch_body(url)
    except FetchError as exc:
        return tool_error(str(exc))
    return json.dumps({"titles": titles(body)})


def api_status(args, **kw):
    page = requests.get(args.get("url") or "", timeout=5)
    return json.dumps({"status": page.json().get("status")})


registry.register(name="feed_titles", toolset="t", schema={"name": "feed_titles", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=feed_titles)
registry.register(name="api_status", toolset="t", schema={"name": "api_status", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=api_status)
""",
            },
            findings=(
                ("tools/feed_tool.py", 18),
                ("tools/feed_tool.py", 22),
                ("tools/feed_tool.py", 23),
            ),
            note="what an address the model names answers is the model's choice: a helper's ET.fromstring of it raises ParseError for an HTML page (a checked URL does not make the page XML); `.json()` of such a response raises requests' JSONDecodeError",
            fixed={},
        ),
        Invalid(
            {
                "tools/table_tool.py": """\
import csv
import json
import xml.etree.ElementTree as ET
from pathlib import Path

from tools.registry import registry, tool_error

ROOT = Path.cwd()


class Tool:
    def handle(self, args, **kw):
        try:
            return json.dumps(self.run(args or {}))
        except LookupError as exc:
            return tool_error(str(exc))

    @staticmethod
    def existing(rel):
        path = (ROOT / rel).resolve()
        if not path.is_file():
            raise LookupError(f"no such file: {rel}")
        return path


class Columns(Tool):
    def run(self, args):
        path = self.existing(args.get("path") or "")
        with open(path, newline="", encoding="utf-8") as fh:
            header = next(csv.reader(fh), [])
        return {"columns": header}


class Select(Tool):
    def run(self, args):
        path = self.existing(args.get("path") or "")
        try:
            tree = ET.parse(path)
        except (ET.ParseError, UnicodeDecodeError) as exc:
            raise LookupError(f"not XML: {exc}") from exc
        found = tree.getroot().findall(args.get("xpath") or ".")
        return {"count": len(found)}


COLUMNS, SELECT = Columns(), Select()
registry.register(name="csv_columns", toolset="t", schema={"name": "csv_columns", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=COLUMNS.handle)
registry.register(name="xml_select", toolset="t", schema={"name": "xml_select", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=SELECT.handle)
""",
            },
            findings=(
                ("tools/table_tool.py", 14),
                ("tools/table_tool.py", 14),
            ),
            note="a helper method that makes sure the file is there (`self.existing(rel)`) says nothing of what it holds: read as text in a `with` block it raises UnicodeDecodeError for a binary file; an ElementTree path the model sends raises SyntaxError when it does not parse",
            fixed={},
        ),
        Invalid(
            {
                "plugins/tally/plugin.yaml": """\
name: tally
version: 0.1.0
description: d
provides_tools:
  - tally_top
  - tally_sql
""",
                "plugins/tally/__init__.py": """\
import json
import re

from . import report

_ORDER = {"count": "n", "name": "tag"}
_READ_ONLY = re.compile(r"^\\s*select\\b", re.I)


def tally_top(args, **kw):
    order = args.get("order") or "count"
    rows = report.top(_ORDER.get(order, order))
    return json.dumps({"rows": rows})


def tally_sql(args, **kw):
    sql = args.get("sql") or ""
    if not _READ_ONLY.match(sql):
        return json.dumps({"error": "only SELECT"})
    return json.dumps({"rows": report.run(sql)})


def register(ctx):
    reg = ctx.register_tool
    for name, fn in (("tally_top", tally_top), ("tally_sql", tally_sql)):
        reg(name=name, toolset="tally", schema={"name": name, "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=fn)
""",
                "plugins/tally/report.py": """\
from . import store


def top(order_by):
    with store.connect() as conn:
        return conn.execute(f"SELECT tag, COUNT(*) AS n FROM items GROUP BY tag ORDER BY {order_by} DESC").fetchall()


def run(sql):
    with store.connect() as conn:
        return conn.execute(sql).fetchall()
""",
                "plugins/tally/store.py": """\
import sqlite3
from pathlib import Path

DB = Path.home() / ".tally.db"


def connect():
    return sqlite3.connect(DB)
""",
            },
            findings=(
                ("plugins/tally/__init__.py", 12),
                ("plugins/tally/__init__.py", 12),
                ("plugins/tally/__init__.py", 20),
            ),
            note="SQL the model writes, or a part of it (`ORDER BY {order_by}` from a table's .get with the model's text as default), run on sqlite: DatabaseError when it does not run; a SELECT pattern tested first does not make it run; registrations made through `reg = ctx.register_tool`",
            fixed={},
        ),
        Invalid(
            {
                "tools/cli_parsers.py": """\
import argparse


class UsageError(Exception):
    pass


class QuietParser(argparse.ArgumentParser):
    def error(self, message):
        raise UsageError(message)


def plain():
    p = argparse.ArgumentParser(prog="count", add_help=False)
    p.add_argument("file")
    return p


def quiet():
    p = QuietParser(prog="count", add_help=False)
    p.add_argument("file")
    return p
""",
                "tools/cli_tool.py": """\
import json
import shlex

from tools import cli_parsers
from tools.registry import registry, tool_error


def count_cli(args, **kw):
    try:
        opts = cli_parsers.plain().parse_args(shlex.split(args.get("command_line") or ""))
    except ValueError as exc:
        return tool_error(str(exc))
    return json.dumps({"file": opts.file})


def count_quiet(args, **kw):
    try:
        opts = cli_parsers.quiet().parse_args(shlex.split(args.get("command_line") or ""))
    except (ValueError, cli_parsers.UsageError) as exc:
        return tool_error(str(exc))
    return json.dumps({"file": opts.file})


registry.register(name="count_cli", toolset="t", schema={"name": "count_cli", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=count_cli)
registry.register(name="count_quiet", toolset="t", schema={"name": "count_quiet", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=count_quiet)
""",
            },
            findings=(("tools/cli_tool.py", 10),),
            note="argparse exits (SystemExit, no Exception) on arguments it refuses: the model's command line parsed by a plain ArgumentParser; a subclass whose error() raises is the trap beside it",
            fixed={},
        ),
        Invalid(
            {
                "tools/api_http.py": """\
import httpx


def client():
    return httpx.Client(base_url="https://api.example.org", timeout=10)
""",
                "tools/api_tool.py": """\
import json

import httpx

from tools import api_http
from tools.registry import registry, tool_error


def api_get(args, **kw):
    path = args.get("path") or "/"
    with api_http.client() as c:
        try:
            resp = c.get(path)
            resp.raise_for_status()
        except httpx.HTTPError as exc:
            return tool_error(f"request failed: {exc}")
        data = resp.json()
    return json.dumps({"data": data})


registry.register(name="api_get", toolset="t", schema={"name": "api_get", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=api_get)
""",
            },
            findings=(("tools/api_tool.py", 17),),
            note="a client made by the project's own `client()` asked for a path the model names: what answers there may not be JSON (`resp.json()` outside the try)",
            fixed={},
        ),
        Invalid(
            {
                "tools/pool_workers.py": """\
import hashlib
import urllib.request
from concurrent.futures import ThreadPoolExecutor, as_completed


def head(url):
    req = urllib.request.Request(url, method="HEAD")
    return {"url": url}


def check_all(urls):
    with ThreadPoolExecutor(max_workers=4) as pool:
        futures = {pool.submit(head, u): u for u in urls}
        return [f.result() for f in as_completed(futures)]


def digest(path):
    with open(path, "rb") as fh:
        return hashlib.sha256(fh.read()).hexdigest()


def digest_all(paths):
    out = {}
    with ThreadPoolExecutor(max_workers=4) as pool:
        futures = {pool.submit(digest, p): p for p in paths}
        for fut in as_completed(futures):
            try:
                out[futures[fut]] = fut.result()
            except OSError as exc:
                out[futures[fut]] = str(exc)
    return out
""",
                "tools/pool_tool.py": """\
import asyncio
import json

from tools import pool_workers
from tools.registry import registry, tool_error


def check_urls(args, **kw):
    urls = [u.strip() for u in (args.get("urls") or []) if u.strip()]
    if not urls:
        return tool_error("urls is empty")
    results = pool_workers.check_all(urls)
    return json.dumps({"results": results})


def digests(args, **kw):
    return json.dumps(pool_workers.digest_all(args.get("paths") or []))


async def digest_one(args, **kw):
    value = await asyncio.to_thread(pool_workers.digest, args.get("path") or "")
    return json.dumps({"sha256": value})


async def check_each(args, **kw):
    urls = args.get("urls") or []
    found = await asyncio.gather(*(asyncio.to_thread(pool_workers.head, u) for u in urls))
    return json.dumps({"results": found})


registry.register(name="check_urls", toolset="t", schema={"name": "check_urls", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=check_urls)
registry.register(name="digests", toolset="t", schema={"name": "digests", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=digests)
registry.register(name="digest_one", toolset="t", schema={"name": "digest_one", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=digest_one, is_async=True)
registry.register(name="check_each", toolset="t", schema={"name": "check_each", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=check_each, is_async=True)
""",
            },
            findings=(
                ("tools/pool_tool.py", 9),
                ("tools/pool_tool.py", 12),
                ("tools/pool_tool.py", 17),
                ("tools/pool_tool.py", 21),
                ("tools/pool_tool.py", 27),
                ("tools/pool_tool.py", 27),
            ),
            note="work handed to a thread: `pool.submit(fn, u)` raises what fn(u) raised at `fut.result()` (a helper named check_all is no validator: its answer is data); `asyncio.to_thread(fn, p)` at its await; each element of `gather(*(...))`; the trap beside them catches OSError around `fut.result()`",
            fixed={},
        ),
        Invalid(
            {
                "tools/tail_tool.py": """\
import json

from tools.registry import registry, tool_error


async def lines_of(path):
    with open(path, encoding="utf-8") as fh:
        for line in fh:
            yield line.rstrip("\\n")


async def tail(args, **kw):
    path = args.get("path") or ""
    out = []
    try:
        async for line in lines_of(path):
            out.append(line)
    except FileNotFoundError:
        return tool_error(f"no such file: {path}")
    return json.dumps({"lines": out[-10:]})


registry.register(name="tail", toolset="t", schema={"name": "tail", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=tail, is_async=True)
""",
            },
            findings=(("tools/tail_tool.py", 16),),
            note="an async generator a loop runs: its body raises in the loop (a folder, a file that is not text), where only FileNotFoundError is caught",
            fixed={},
        ),
        Invalid(
            {
                "tools/token_tool.py": """\
import json
import os

import jwt

from tools.registry import registry, tool_error


def token_check(args, **kw):
    token = (args.get("token") or "").strip()
    try:
        claims = jwt.decode(token, os.environ.get("JWT_SECRET", ""), algorithms=["HS256"])
    except jwt.ExpiredSignatureError:
        return tool_error("expired")
    return json.dumps({"claims": claims})


registry.register(name="token_check", toolset="t", schema={"name": "token_check", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=token_check)
""",
            },
            findings=(
                ("tools/token_tool.py", 10),
                ("tools/token_tool.py", 12),
            ),
            note="PyJWT's decode of the model's token raises InvalidTokenError (garbage, a bad signature), of which ExpiredSignatureError is one case",
            fixed={},
        ),
        Invalid(
            {
                "tools/kit_base.py": """\
import json

from tools.registry import registry, tool_error


class Failure(Exception):
    pass


class Tool:
    name = ""
    params = {}

    @classmethod
    def make(cls, args):
        return cls()

    @classmethod
    def handle(cls, args, **kw):
        try:
            tool = cls.make(args or {})
            return json.dumps(tool.run())
        except Failure as exc:
            return tool_error(str(exc))

    @classmethod
    def register(cls):
        registry.register(name=cls.name, toolset="kit", schema={"name": cls.name, "description": "d", "parameters": {"type": "object", "properties": cls.params}}, handler=cls.handle)
""",
                "tools/words_tool.py": """\
from tools.kit_base import Tool


class Words(Tool):
    name = "word_top"

    @classmethod
    def make(cls, args):
        made = cls()
        made.top = int(args.get("top") or 10)
        return made

    def run(self):
        return {"top": self.top}


Words.register()
""",
            },
            findings=(("tools/kit_base.py", 21),),
            note="a classmethod that registers `cls` (`Words.register()` in the tool's module): the subclass's own `make` runs, and its int() of the model's text raises ValueError",
            fixed={},
        ),
        Invalid(
            {
                "tools/shop_models.py": """\
from sqlalchemy import String
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


class Base(DeclarativeBase):
    pass


class Item(Base):
    __tablename__ = "items"
    sku: Mapped[str] = mapped_column(String, primary_key=True)
""",
                "tools/shop_repo.py": """\
from sqlalchemy import select
from sqlalchemy.orm import Session

from tools.shop_models import Item


class Items:
    def __init__(self, session: Session) -> None:
        self.session = session

    def by_sku(self, sku):
        return self.session.execute(select(Item).where(Item.sku == sku)).scalar_one()

    def find(self, sku):
        return self.session.execute(select(Item).where(Item.sku == sku)).scalar_one_or_none()
""",
                "tools/shop_tool.py": """\
import json
from pathlib import Path

import websockets
from sqlalchemy import create_engine
from sqlalchemy.orm import Session
from websockets.exceptions import WebSocketException

from tools.registry import registry, tool_error
from tools.shop_repo import Items

ENGINE = create_engine("sqlite:///shop.db")


def item_get(args, **kw):
    with Session(ENGINE) as session:
        item = Items(session).by_sku(args.get("sku") or "")
        return json.dumps({"sku": item.sku})


def item_find(args, **kw):
    with Session(ENGINE) as session:
        item = Items(session).find(args.get("sku") or "")
        return json.dumps({"found": item is not None})


async def ws_ping(args, **kw):
    try:
        async with websockets.connect(args.get("url") or "ws://127.0.0.1:8765") as ws:
            await ws.send("ping")
            return json.dumps({"reply": await ws.recv()})
    except WebSocketException as exc:
        return tool_error(str(exc))


def files_like(args, **kw):
    root = Path.cwd()
    return json.dumps({"files": [str(p) for p in root.glob(args.get("pattern") or "*")]})


registry.register(name="item_get", toolset="t", schema={"name": "item_get", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=item_get)
registry.register(name="item_find", toolset="t", schema={"name": "item_find", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=item_find)
registry.register(name="ws_ping", toolset="t", schema={"name": "ws_ping", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=ws_ping, is_async=True)
registry.register(name="files_like", toolset="t", schema={"name": "files_like", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=files_like)
""",
            },
            findings=(
                ("tools/shop_tool.py", 17),
                ("tools/shop_tool.py", 29),
                ("tools/shop_tool.py", 38),
            ),
            note="SQLAlchemy's scalar_one() raises NoResultFound when no row is the model's sku (scalar_one_or_none() is the trap beside it); a websocket that cannot connect raises OSError, which WebSocketException is not; Path.glob refuses an empty or absolute pattern (ValueError)",
            fixed={},
        ),
        Invalid(
            {
                "tools/tag_db.py": """\
import sqlite3
from pathlib import Path

SCHEMA = "CREATE TABLE IF NOT EXISTS tags (id INTEGER PRIMARY KEY AUTOINCREMENT, label TEXT NOT NULL UNIQUE, color TEXT)"


def connect():
    conn = sqlite3.connect(Path.home() / ".tags.db")
    conn.executescript(SCHEMA)
    return conn
""",
                "tools/tag_tool.py": """\
import json

from tools.tag_db import connect
from tools.registry import registry, tool_error


def tag_add(args, **kw):
    label = (args.get("label") or "").strip()
    if not label:
        return tool_error("label is required")
    with connect() as conn:
        conn.execute("INSERT INTO tags (label, color) VALUES (?, ?)", (label, args.get("color") or "grey"))
    return json.dumps({"added": label})


def tag_add_checked(args, **kw):
    label = (args.get("label") or "").strip()
    with connect() as conn:
        if conn.execute("SELECT id FROM tags WHERE label = ?", (label,)).fetchone():
            return tool_error(f"{label} exists")
        conn.execute("INSERT INTO tags (label) VALUES (?)", (label,))
    return json.dumps({"added": label})


def tag_upsert(args, **kw):
    label = (args.get("label") or "").strip()
    with connect() as conn:
        conn.execute("INSERT OR IGNORE INTO tags (label) VALUES (?)", (label,))
    return json.dumps({"label": label})


def tag_color(args, **kw):
    with connect() as conn:
        conn.execute("UPDATE tags SET color = ? WHERE label = ?", (args.get("color") or "", args.get("label") or ""))
    return json.dumps({"ok": True})


registry.register(name="tag_add", toolset="t", schema={"name": "tag_add", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=tag_add)
registry.register(name="tag_add_checked", toolset="t", schema={"name": "tag_add_checked", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=tag_add_checked)
registry.register(name="tag_upsert", toolset="t", schema={"name": "tag_upsert", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=tag_upsert)
registry.register(name="tag_color", toolset="t", schema={"name": "tag_color", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=tag_color)
""",
            },
            findings=(
                ("tools/tag_tool.py", 8),
                ("tools/tag_tool.py", 12),
                ("tools/tag_tool.py", 17),
                ("tools/tag_tool.py", 26),
            ),
            note="an INSERT of the model's value into a column the project's CREATE TABLE holds UNIQUE: IntegrityError for a value already there; the traps beside it ask with a SELECT first, INSERT OR IGNORE, or update a column that is not unique",
            fixed={},
        ),
        Invalid(
            {
                "tools/misc2_tool.py": """\
import json
import socket
import unicodedata
from email.utils import parsedate_to_datetime
from pathlib import Path

from tools.registry import registry, tool_error


def char_named(args, **kw):
    name = " ".join(str(args.get("name", "")).upper().split())
    if not name:
        return tool_error("name is required")
    return json.dumps({"char": unicodedata.lookup(name)})


def mail_date(args, **kw):
    return json.dumps({"iso": parsedate_to_datetime(args.get("value") or "").isoformat()})


def resolve_host(args, **kw):
    host = (args.get("host") or "").strip()
    if not host:
        return tool_error("host is required")
    return json.dumps({"ip": socket.gethostbyname(host)})


def file_size(args, **kw):
    path = Path(args.get("path") or "")
    try:
        with open(path, "rb") as fh:
            head = fh.read(16)
    except OSError as exc:
        return tool_error(str(exc))
    return json.dumps({"head": head.hex(), "size": path.stat().st_size})


registry.register(name="char_named", toolset="t", schema={"name": "char_named", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=char_named)
registry.register(name="mail_date", toolset="t", schema={"name": "mail_date", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=mail_date)
registry.register(name="resolve_host", toolset="t", schema={"name": "resolve_host", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=resolve_host)
registry.register(name="file_size", toolset="t", schema={"name": "file_size", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=file_size)
""",
            },
            findings=(
                ("tools/misc2_tool.py", 14),
                ("tools/misc2_tool.py", 18),
                ("tools/misc2_tool.py", 22),
                ("tools/misc2_tool.py", 25),
                ("tools/misc2_tool.py", 29),
            ),
            note="more readers of the model's text: unicodedata.lookup (KeyError, through join/split of the text), email.utils.parsedate_to_datetime (ValueError); a host name looked up (socket.gethostbyname: gaierror, an OSError); the trap beside them: stat() of a file a try already opened, returning on OSError",
            fixed={},
        ),
        Invalid(
            {
                "tools/task_db.py": """\
import sqlite3

SCHEMA = "CREATE TABLE IF NOT EXISTS tasks (id INTEGER PRIMARY KEY, project TEXT NOT NULL, title TEXT NOT NULL, UNIQUE (project, title))"


def connect():
    conn = sqlite3.connect("tasks.db")
    conn.execute(SCHEMA)
    return conn
""",
                "tools/task_tool.py": """\
import json
from urllib.parse import urlsplit

from tools.task_db import connect
from tools.registry import registry, tool_error


def task_add(args, **kw):
    title = (args.get("title") or "").strip()
    if not title:
        return tool_error("title is required")
    with connect() as conn:
        conn.execute("INSERT INTO tasks(project, title) VALUES (?, ?)", ("inbox", title))
    return json.dumps({"added": title})


def url_parts(args, **kw):
    parts = urlsplit(args.get("url") or "")
    return json.dumps({"host": parts.hostname, "port": parts.port, "again": parts.port})


registry.register(name="task_add", toolset="t", schema={"name": "task_add", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=task_add)
registry.register(name="url_parts", toolset="t", schema={"name": "url_parts", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=url_parts)
""",
            },
            findings=(
                ("tools/task_tool.py", 9),
                ("tools/task_tool.py", 13),
                ("tools/task_tool.py", 19),
            ),
            note="a table-level UNIQUE (project, title), every column of it written, the title the model's: IntegrityError for a task already there; `.port` of a URL the model sends raises ValueError when it is no number (once: a second read of it cannot)",
            fixed={},
        ),
        Invalid(
            {
                "tools/folders_tool.py": """\
import json
from datetime import datetime
from pathlib import Path

from tools.registry import registry


def _entry(path, detailed=False):
    row = {"name": path.name, "bytes": path.stat().st_size}
    if detailed:
        row["modified"] = datetime.fromtimestamp(path.stat().st_mtime)
    return row


def folder_list(args, **kw):
    try:
        base = Path(args.get("folder") or ".").expanduser()
        rows = [_entry(p, detailed=True) for p in base.iterdir()]
    except OSError as exc:
        return json.dumps({"error": str(exc)})
    return json.dumps({"folder": str(base), "entries": rows})


def folder_here(args, **kw):
    here = Path.cwd() / "notes"
    return json.dumps({"here": here})


def count_words(args, **kw):
    try:
        limit = int(args.get("limit") or 10)
    except ValueError as err:
        return json.dumps({"error": err})
    return json.dumps({"limit": limit})


def folder_summary(args, **kw):
    # traps: the value converted before it is serialised, a local rebound to text, a
    # comprehension's own name, a flag left False by the call, and default=str
    stamp = datetime.now()
    stamp = stamp.isoformat()
    base = Path(args.get("folder") or ".")
    names = sorted(str(p) for p in base.glob("*"))
    files = [p for p in names]
    brief = _entry(base)
    full = {"raw": Path(".")}
    text = json.dumps(full, default=str)
    return json.dumps({"at": stamp, "files": files, "brief": brief, "text": text, "tags": sorted({"a", "b"})})


SCHEMA = {"type": "object", "properties": {"folder": {"type": "string", "description": "A folder."}, "limit": {"type": "integer", "description": "How many."}}}
for name, handler in (("folder_list", folder_list), ("folder_here", folder_here), ("count_words", count_words), ("folder_summary", folder_summary)):
    registry.register(name=name, toolset="folders", schema={"name": name, "description": "Folder tools.", "parameters": SCHEMA}, handler=handler)
""",
            },
            findings=(
                ("tools/folders_tool.py", 17),
                ("tools/folders_tool.py", 21),
                ("tools/folders_tool.py", 26),
                ("tools/folders_tool.py", 31),
                ("tools/folders_tool.py", 33),
                ("tools/folders_tool.py", 42),
                ("tools/folders_tool.py", 45),
            ),
            note="json.dumps of a value JSON refuses: a datetime a helper adds under a flag the call sets, a Path made with `/`, the exception an except caught; traps beside them (converted, rebound, a comprehension name, a flag left False, default=str, a set sorted); and `path.stat()` in a helper of the model's folder, which may not exist",
            fixed={},
        ),
        Invalid(
            {
                "tools/feeds_tool.py": """\
import asyncio
import json

from tools.registry import registry


class FeedDown(Exception):
    pass


async def _pull(name):
    await asyncio.sleep(0)
    if name.startswith("x"):
        raise FeedDown(name)
    return {"feed": name}


async def feeds_pull(args, **kw):
    names = [str(n) for n in args.get("feeds") or []]
    got = []

    async def one(name):
        got.append(await _pull(name))

    try:
        async with asyncio.TaskGroup() as tg:
            for name in names:
                tg.create_task(one(name))
    except FeedDown as exc:
        return json.dumps({"error": f"feed down: {exc}"})
    return json.dumps({"feeds": got})


async def feeds_pull_star(args, **kw):
    # trap: `except*` meets each exception of the group
    names = [str(n) for n in args.get("feeds") or []]
    got, down = [], []

    async def one(name):
        got.append(await _pull(name))

    try:
        async with asyncio.TaskGroup() as tg:
            for name in names:
                tg.create_task(one(name))
    except* FeedDown as group:
        down.extend(str(e) for e in group.exceptions)
    if down:
        return json.dumps({"error": "feeds down", "feeds": down})
    return json.dumps({"feeds": got})


async def feeds_pull_any(args, **kw):
    # trap: `except Exception` catches the group itself
    names = [str(n) for n in args.get("feeds") or []]
    try:
        async with asyncio.TaskGroup() as tg:
            tasks = [tg.create_task(_pull(n)) for n in names]
    except Exception as exc:
        return json.dumps({"error": str(exc)})
    return json.dumps({"feeds": [t.result() for t in tasks]})


SCHEMA = {"type": "object", "properties": {"feeds": {"type": "array", "items": {"type": "string"}, "description": "Feed names."}}}
for name, handler in (("feeds_pull", feeds_pull), ("feeds_pull_star", feeds_pull_star), ("feeds_pull_any", feeds_pull_any)):
    registry.register(name=name, toolset="feeds", schema={"name": name, "description": "Pull feeds.", "parameters": SCHEMA}, handler=handler, is_async=True)
""",
            },
            findings=(("tools/feeds_tool.py", 28),),
            note="asyncio.TaskGroup: what a task raises leaves the block as an ExceptionGroup, which `except FeedDown` misses; traps: `except* FeedDown`, and `except Exception` around the group",
            fixed={},
        ),
        Invalid(
            {
                "tools/texts_tool.py": """\
import json
from pathlib import Path

from tools.registry import registry

MODES = ("strict", "replace", "ignore")


def _load(path):
    p = Path(path).expanduser()
    if not p.is_file():
        raise FileNotFoundError(path)
    return p


def text_recode(args, **kw):
    source = args.get("source") or "utf-8"
    errors = args.get("errors") or "strict"
    if errors not in MODES:
        return json.dumps({"error": f"errors must be one of {MODES}"})
    try:
        data = _load(args.get("path") or "").read_bytes()
    except OSError as exc:
        return json.dumps({"error": str(exc)})
    try:
        text = data.decode(source, errors)
    except UnicodeDecodeError as exc:
        return json.dumps({"error": f"not {source}: {exc}"})
    return json.dumps({"text": text[:2000]})


def text_size(args, **kw):
    # traps: the path a helper raised on unless it is a file, used again; a checked error mode
    path = args.get("path") or ""
    errors = args.get("errors") or "strict"
    if errors not in MODES:
        return json.dumps({"error": f"errors must be one of {MODES}"})
    try:
        _load(path)
    except OSError as exc:
        return json.dumps({"error": str(exc)})
    raw = Path(path).expanduser()
    text = raw.read_bytes().decode("utf-8", errors)
    return json.dumps({"bytes": raw.stat().st_size, "chars": len(text)})


SCHEMA = {"type": "object", "properties": {"path": {"type": "string", "description": "A file."}, "source": {"type": "string", "description": "Its encoding."}, "errors": {"type": "string", "description": "strict, replace or ignore."}}}
for name, handler in (("text_recode", text_recode), ("text_size", text_size)):
    registry.register(name=name, toolset="texts", schema={"name": name, "description": "Text files.", "parameters": SCHEMA}, handler=handler)
""",
            },
            findings=(("tools/texts_tool.py", 26),),
            note="an encoding the model names, given to bytes.decode positionally: LookupError, which `except UnicodeDecodeError` misses; traps: an error mode tested against a tuple, and a path used again after a helper that raises unless it is a file",
            fixed={},
        ),
        Invalid(
            {
                "tools/readings_tool.py": """\
import json
import statistics
import tarfile
from datetime import datetime

from tools.registry import registry


def reading_split(args, **kw):
    spec = str(args.get("spec") or "")
    parts = spec.split(":")
    return json.dumps({"sensor": parts[0], "channel": parts[1]})


def reading_split_checked(args, **kw):
    # traps: the parts counted first; index 0 and -1 of a split always exist
    spec = str(args.get("spec") or "")
    parts = spec.split(":")
    if len(parts) < 2:
        return json.dumps({"error": "spec must be sensor:channel"})
    return json.dumps({"sensor": parts[0], "channel": parts[1], "last": parts[-1]})


def reading_stats(args, **kw):
    values = args.get("values") or []
    return json.dumps({"mean": statistics.mean(values), "peak": max(values)})


def reading_stats_checked(args, **kw):
    # traps: an empty list turned away first; max with a default
    values = args.get("values") or []
    if not values:
        return json.dumps({"error": "no values"})
    return json.dumps({"mean": statistics.mean(values), "low": min(values, default=0.0)})


def reading_average(args, **kw):
    values = args.get("values") or []
    return json.dumps({"avg": sum(values) / len(values)})


def reading_archive(args, **kw):
    path = str(args.get("path") or "")
    if not tarfile.is_tarfile(path):
        return json.dumps({"error": "not a tar archive"})
    with tarfile.open(path) as tf:
        return json.dumps({"members": tf.getnames()})


def reading_day(args, **kw):
    day = datetime.strptime(str(args.get("day") or ""), "%Y-%m-%d").date()
    if day > datetime.now().date():
        return json.dumps({"error": "that day has not come yet"})
    return json.dumps({"day": day.isoformat()})


SCHEMA = {"type": "object", "properties": {"spec": {"type": "string", "description": "sensor:channel"}, "values": {"type": "array", "items": {"type": "number"}, "description": "Readings."}, "path": {"type": "string", "description": "An archive."}, "day": {"type": "string", "description": "YYYY-MM-DD"}}}
for name, handler in (("reading_split", reading_split), ("reading_split_checked", reading_split_checked), ("reading_stats", reading_stats), ("reading_stats_checked", reading_stats_checked), ("reading_average", reading_average), ("reading_archive", reading_archive), ("reading_day", reading_day)):
    registry.register(name=name, toolset="readings", schema={"name": name, "description": "Readings.", "parameters": SCHEMA}, handler=handler)
""",
            },
            findings=(
                ("tools/readings_tool.py", 12),
                ("tools/readings_tool.py", 26),
                ("tools/readings_tool.py", 39),
                ("tools/readings_tool.py", 44),
                ("tools/readings_tool.py", 51),
            ),
            note="the size of what the model sends: a part of a split past the first, max/statistics of an empty list, a division by its length; is_tarfile opens the file; a converted value compared is no verdict on it; traps: the parts counted first, an empty list turned away first, min with a default",
            fixed={},
        ),
        Invalid(
            {
                "plugins/clocks/plugin.yaml": """\
name: clocks
version: 0.1.0
description: Clocks and versions.
provides_tools:
  - clock_zone
  - clock_zone_listed
  - version_newer
""",
                "plugins/clocks/zones.py": """\
import re
from datetime import timedelta, timezone
from zoneinfo import ZoneInfo

SHORT = {"UTC": "UTC", "CET": "Europe/Paris"}
OFFSET = re.compile(r"^([+-])([0-9]{1,2})$")


def zone(name):
    name = name.strip()
    if name.upper() in SHORT:
        return ZoneInfo(SHORT[name.upper()])
    m = OFFSET.match(name)
    if m:
        sign = -1 if m.group(1) == "-" else 1
        return timezone(sign * timedelta(hours=int(m.group(2))))
    return ZoneInfo(name)


def listed(name):
    # traps: a name looked up only where the test passed it; a pattern that must match first
    if name in SHORT:
        return ZoneInfo(SHORT[name])
    m = OFFSET.match(name)
    if not m:
        raise LookupError(name)
    return timezone(timedelta(hours=int(m.group(2))))


def parse_version(text):
    text = re.sub(r"^[vV]", "", text.strip())
    return tuple(int(part) for part in text.split("."))


def compare(a, b):
    pa, pb = parse_version(a), parse_version(b)
    return (pa > pb) - (pa < pb)
""",
                "plugins/clocks/__init__.py": """\
import functools
import json

from . import zones
from .zones import compare


def clock_zone(args, **kw):
    tz = zones.zone(str(args.get("zone") or "UTC"))
    return json.dumps({"zone": str(tz)})


def clock_zone_listed(args, **kw):
    try:
        tz = zones.listed(str(args.get("zone") or "UTC"))
    except LookupError:
        return json.dumps({"error": "unknown zone"})
    return json.dumps({"zone": str(tz)})


def version_newer(args, **kw):
    current = str(args.get("current") or "").strip()
    candidate = str(args.get("candidate") or "").strip()
    if not current or not candidate:
        return json.dumps({"error": "both versions are needed"})
    order = compare(current, candidate)
    if order < 0:
        return json.dumps({"newer": True})
    return json.dumps({"newer": False})


SCHEMA = {"type": "object", "properties": {"zone": {"type": "string", "description": "A zone."}, "current": {"type": "string", "description": "A version."}, "candidate": {"type": "string", "description": "A version."}}}


def register(ctx):
    reg = functools.partial(ctx.register_tool, toolset="clocks", description="Clocks.")
    for name, handler in (("clock_zone", clock_zone), ("clock_zone_listed", clock_zone_listed), ("version_newer", version_newer)):
        reg(name=name, schema={"name": name, "description": "Clocks.", "parameters": SCHEMA}, handler=handler)
""",
            },
            findings=(
                ("plugins/clocks/__init__.py", 9),
                ("plugins/clocks/__init__.py", 26),
            ),
            note="registered through functools.partial(ctx.register_tool, ...); a name a pattern turned away (`if m: return ...`) is unchecked after the if; a helper's answer compared (`order < 0`) is a value, not a verdict on its arguments; traps: a lookup inside the if that tested membership, a pattern that must match first",
            fixed={},
        ),
        Invalid(
            {
                "tools/ledger_tool.py": """\
import json
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal
from typing import List, Optional

from tools.registry import registry


@dataclass
class Entry:
    when: date
    memo: str
    amount: Decimal
    note: Optional[str] = None


@dataclass
class Book:
    entries: List[Entry] = field(default_factory=list)


def _load(name):
    book = Book()
    book.entries.append(Entry(date.today(), name, Decimal("1.50")))
    return book


def ledger_largest(args, **kw):
    book = _load(str(args.get("book") or "main"))
    if not book.entries:
        return json.dumps({"error": "the book is empty"})
    worst = min(book.entries, key=lambda e: e.amount)
    return json.dumps({"memo": worst.memo, "amount": worst.amount})


def ledger_rows(args, **kw):
    # traps: each field converted first; a str field as it is
    book = _load(str(args.get("book") or "main"))
    rows = [{"when": e.when.isoformat(), "amount": str(e.amount), "note": e.note} for e in book.entries]
    return json.dumps({"rows": rows})


SCHEMA = {"type": "object", "properties": {"book": {"type": "string", "description": "A book."}}}
for name, handler in (("ledger_largest", ledger_largest), ("ledger_rows", ledger_rows)):
    registry.register(name=name, toolset="ledger", schema={"name": name, "description": "Ledger.", "parameters": SCHEMA}, handler=handler)
""",
            },
            findings=(("tools/ledger_tool.py", 34),),
            note="a record field declared `amount: Decimal` reached through a list the class declares `list[Entry]` and `min(...)` of it: json.dumps refuses it; traps: each field converted first, a str field as it is",
            fixed={},
        ),
        Invalid(
            {
                "tools/render_tool.py": """\
import json
from string import Template

from tools.registry import registry

GREETING = Template("Hello $name")


def render_note(args, **kw):
    tpl = Template(str(args.get("template") or ""))
    values = {k: str(v) for k, v in (args.get("values") or {}).items()}
    try:
        text = tpl.substitute(values)
    except KeyError as exc:
        return json.dumps({"error": f"missing value: {exc}"})
    return json.dumps({"text": text})


def render_greeting(args, **kw):
    # traps: the tool's own template with the name given; a model template filled leniently
    text = GREETING.substitute(name=str(args.get("name") or "there"))
    loose = Template(str(args.get("template") or "")).safe_substitute(name="x")
    return json.dumps({"text": text, "loose": loose})


def color_code(args, **kw):
    return json.dumps({"rgb": int(str(args.get("color") or "ffffff").lstrip("#"), 16)})


SCHEMA = {"type": "object", "properties": {"template": {"type": "string", "description": "A template."}, "values": {"type": "object", "description": "Values."}, "name": {"type": "string", "description": "A name."}, "color": {"type": "string", "description": "A hex colour."}}}
for name, handler in (("render_note", render_note), ("render_greeting", render_greeting), ("color_code", color_code)):
    registry.register(name=name, toolset="render", schema={"name": name, "description": "Render.", "parameters": SCHEMA}, handler=handler)
""",
            },
            findings=(
                ("tools/render_tool.py", 11),
                ("tools/render_tool.py", 13),
                ("tools/render_tool.py", 27),
            ),
            note="a template the model sends, bound to a name and filled with substitute: ValueError for a `$` that starts no name, which `except KeyError` misses; int(text, 16) of the model's text; traps: the tool's own template, safe_substitute",
            fixed={},
        ),
        Invalid(
            {
                "tools/orders_tool.py": """\
import json
import os
import sqlite3
from fractions import Fraction

from tools.registry import registry


def _connect():
    conn = sqlite3.connect(os.path.expanduser("~/.orders.db"))
    conn.execute("CREATE TABLE IF NOT EXISTS items (sku TEXT PRIMARY KEY, price REAL, qty INTEGER)")
    return conn


def _price(conn, line):
    sku = str(line["sku"]).strip().upper()
    qty = int(line["qty"])
    row = conn.execute("SELECT price, qty FROM items WHERE sku = ?", (sku,)).fetchone()
    return {"sku": sku, "qty": qty, "total": row[0] * qty}


def order_quote(args, **kw):
    lines = args.get("lines") or []
    with _connect() as conn:
        return json.dumps({"lines": [_price(conn, line) for line in lines]})


def order_quote_checked(args, **kw):
    # traps: each key asked first, the row tested, a count that always has a row
    lines = args.get("lines") or []
    out = []
    with _connect() as conn:
        for line in lines:
            if "sku" not in line or not str(line.get("qty", "")).isdigit():
                return json.dumps({"error": "each line needs a sku and a whole qty"})
            row = conn.execute("SELECT price FROM items WHERE sku = ?", (line["sku"],)).fetchone()
            if row is None:
                return json.dumps({"error": f"unknown sku {line['sku']}"})
            count = conn.execute("SELECT COUNT(*) FROM items WHERE sku = ?", (line["sku"],)).fetchone()[0]
            out.append({"sku": line["sku"], "price": row[0], "count": count})
    return json.dumps({"lines": out})


def order_scale(args, **kw):
    factor = Fraction(str(args.get("factor") or "1"))
    return json.dumps({"factor": str(factor)})


SCHEMA = {"type": "object", "properties": {"lines": {"type": "array", "items": {"type": "object"}, "description": "Order lines."}, "factor": {"type": "string", "description": "A factor like 3/2."}}}
for name, handler in (("order_quote", order_quote), ("order_quote_checked", order_quote_checked), ("order_scale", order_scale)):
    registry.register(name=name, toolset="orders", schema={"name": name, "description": "Orders.", "parameters": SCHEMA}, handler=handler)
""",
            },
            findings=(
                ("tools/orders_tool.py", 25),
                ("tools/orders_tool.py", 45),
            ),
            note="an item of the model's list read by key (KeyError) and converted (ValueError), a row fetched for the model's sku used as if found (fetchone() is None: TypeError), Fraction of the model's text; traps: the keys asked first, the row tested, an aggregate that always gives a row",
            fixed={},
        ),
        Invalid(
            {
                "tools/notes_tool.py": """\
import base64
import json

from tools.registry import registry


def note_title(args, **kw):
    # traps: blank text turned away first (`not text.strip()`), then its first line exists
    text = args.get("text")
    if not isinstance(text, str) or not text.strip():
        return json.dumps({"error": "text is required"})
    title = args.get("title") or text.strip().splitlines()[0][:60]
    return json.dumps({"title": title})


def note_token(args, **kw):
    # a prefix stripped, then the text decoded inside a try that catches the wrong error
    token = str(args.get("token") or "")
    if token.lower().startswith("bearer "):
        token = token[7:]
    try:
        body = json.loads(base64.urlsafe_b64decode(token + "==").decode("utf-8"))
    except KeyError as exc:
        return json.dumps({"error": f"not a token: {exc}"})
    return json.dumps({"body": body})


SCHEMA = {"type": "object", "properties": {"text": {"type": "string", "description": "A note."}, "title": {"type": "string", "description": "Its title."}, "token": {"type": "string", "description": "A token."}}}
for name, handler in (("note_title", note_title), ("note_token", note_token)):
    registry.register(name=name, toolset="notes", schema={"name": name, "description": "Notes.", "parameters": SCHEMA}, handler=handler)
""",
            },
            findings=(("tools/notes_tool.py", 22),),
            note="the model's token, a prefix stripped (`token[7:]`), joined with padding, base64-decoded, decoded and parsed as JSON: binascii.Error and JSONDecodeError, which `except KeyError` misses; trap: blank text turned away by `not text.strip()`",
            fixed={},
        ),
        Invalid(
            {
                "tools/headers_tool.py": """\
import json
import struct

from tools.registry import registry


def _png_size(data):
    width, height = struct.unpack(">II", data[16:24])
    return {"width": width, "height": height}


def _read_head(path):
    with open(path, "rb") as fh:
        return fh.read(1024)


def image_size(args, **kw):
    try:
        data = _read_head(str(args.get("path") or ""))
    except OSError as exc:
        return json.dumps({"error": str(exc)})
    return json.dumps(_png_size(data))


def image_size_checked(args, **kw):
    # trap: the layout's error caught
    try:
        data = _read_head(str(args.get("path") or ""))
        size = _png_size(data)
    except (OSError, struct.error) as exc:
        return json.dumps({"error": str(exc)})
    return json.dumps(size)


SCHEMA = {"type": "object", "properties": {"path": {"type": "string", "description": "An image."}}}
for name, handler in (("image_size", image_size), ("image_size_checked", image_size_checked)):
    registry.register(name=name, toolset="images", schema={"name": name, "description": "Images.", "parameters": SCHEMA}, handler=handler)
""",
            },
            findings=(("tools/headers_tool.py", 22),),
            note="struct.unpack of a slice of what a file the model names holds (read by a helper): struct.error when the file is shorter than the layout; trap: struct.error caught",
            fixed={},
        ),
        Invalid(
            {
                "tools/media_tool.py": """\
import json
import os
import struct
from pathlib import Path

from tools.registry import registry

KINDS = {"png": 16, "gif": 6}


def _resolve(raw):
    if not isinstance(raw, str) or not raw.strip():
        return None, "path must be a non-empty string"
    path = Path(os.path.expanduser(raw.strip()))
    if not path.is_file():
        return None, f"not a file: {path}"
    return path, None


def _pick(args):
    kind = str(args.get("kind") or "png").lower()
    if kind not in KINDS:
        return None, f"kind must be one of {sorted(KINDS)}"
    return kind, None


def _header(path, offset):
    with open(path, "rb") as fh:
        data = fh.read(64)
    return struct.unpack(">II", data[offset:offset + 8])


def media_size(args, **kw):
    path, err = _resolve(args.get("path"))
    if err:
        return json.dumps({"error": err})
    kind, err = _pick(args)
    if err:
        return json.dumps({"error": err})
    width, height = _header(str(path), KINDS[kind])
    return json.dumps({"width": width, "height": height})


SCHEMA = {"type": "object", "properties": {"path": {"type": "string", "description": "A file."}, "kind": {"type": "string", "description": "png or gif."}}}
registry.register(name="media_size", toolset="media", schema={"name": "media_size", "description": "Media.", "parameters": SCHEMA}, handler=media_size)
""",
            },
            findings=(("tools/media_tool.py", 40),),
            note="an item of a helper's (value, error) tuple: a path the helper tested to be a file, handed on as text, whose bytes a layout reads (struct.error); traps: no FileNotFoundError after the helper's is_file test, and a kind the other helper refused unless the table holds it looked up without KeyError",
            fixed={},
        ),
        Invalid(
            {
                "tools/lint_runner_tool.py": """\
import json
import subprocess

from tools.registry import registry

ARGV = {"ruff": ("ruff", "check", "--quiet"), "flake8": ("flake8",)}


def run_linter(args, **kw):
    linter = str(args.get("linter") or "ruff")
    if linter not in ARGV:
        return json.dumps({"error": f"linter must be one of {sorted(ARGV)}"})
    try:
        proc = subprocess.run(list(ARGV[linter]) + ["."], capture_output=True, text=True, timeout=60)
    except subprocess.TimeoutExpired:
        return json.dumps({"error": f"{linter} timed out"})
    return json.dumps({"clean": proc.returncode == 0, "output": proc.stdout[-4000:]})


def count_lines(args, **kw):
    # traps: a POSIX basic, and a program whose absence is caught (the word which in prose
    # is no shutil.which call)
    wc = subprocess.run(["wc", "-l", "README.md"], capture_output=True, text=True, timeout=10)
    try:
        cloc = subprocess.run(["cloc", "."], capture_output=True, text=True, timeout=60).stdout
    except OSError:
        cloc = ""
    return json.dumps({"wc": wc.stdout, "cloc": cloc})


SCHEMA = {"type": "object", "properties": {"linter": {"type": "string", "description": "ruff or flake8."}}}
for name, handler in (("run_linter", run_linter), ("count_lines", count_lines)):
    registry.register(name=name, toolset="dev", schema={"name": name, "description": "Dev.", "parameters": SCHEMA}, handler=handler)
""",
            },
            findings=(("tools/lint_runner_tool.py", 14),),
            note="a program named in the code (through a table's rows, `list(...)` and `+`) that a machine may not have: FileNotFoundError, which `except TimeoutExpired` misses; traps: a POSIX basic (`wc`), a program whose absence is caught (OSError)",
            fixed={},
        ),
        Invalid(
            {
                "tools/parcel_tool.py": """\
import json

from tools.registry import registry


class CarrierError(Exception):
    pass


class TrackClient:
    def __init__(self, key):
        self.key = key

    def track(self, number):
        if not self.key:
            raise PermissionError("no API key")
        return {"number": number}


def parcel_track(args, *, client_factory=TrackClient, **kw):
    client = client_factory("")
    try:
        info = client.track(str(args.get("number") or ""))
    except CarrierError as exc:
        return json.dumps({"error": str(exc)})
    return json.dumps(info)


SCHEMA = {"type": "object", "properties": {"number": {"type": "string", "description": "A tracking number."}}}
registry.register(name="parcel_track", toolset="parcel", schema={"name": "parcel_track", "description": "Parcels.", "parameters": SCHEMA}, handler=parcel_track)
""",
            },
            findings=(("tools/parcel_tool.py", 23),),
            note="a handler parameter whose default is a class (`client_factory=TrackClient`): Hermes leaves it, so the call gets the default and its method is followed; PermissionError, which `except CarrierError` misses",
            fixed={},
        ),
        Invalid(
            {
                "plugins/shelf/plugin.yaml": """\
name: shelf
version: 0.1.0
description: A book shelf kept in sqlite.
provides_tools:
  - shelf_get
  - shelf_due
""",
                "plugins/shelf/store.py": """\
import sqlite3
from pathlib import Path

DB = Path.home() / ".shelf.db"


def book(book_id: int):
    with sqlite3.connect(DB) as conn:
        return conn.execute("SELECT title FROM books WHERE id = ?", (book_id,)).fetchone()
""",
                "plugins/shelf/__init__.py": """\
import json
import sqlite3
from datetime import datetime, timedelta

from . import store


def shelf_get(args, **kwargs):
    try:
        found = store.book(int(args.get("id", 0)))
    except (TypeError, ValueError):
        return json.dumps({"error": "id must be a whole number"})
    except sqlite3.Error as exc:
        return json.dumps({"error": f"shelf database: {exc}"})
    return json.dumps({"title": found[0] if found else None})


def shelf_due(args, **kwargs):
    try:
        weeks = float(args.get("weeks", 3))
    except ValueError:
        return json.dumps({"error": "weeks must be a number"})
    if weeks <= 0:
        return json.dumps({"error": "weeks must be positive"})
    due = datetime.now() + timedelta(weeks=weeks)
    return json.dumps({"due": due.date().isoformat()})


def _schema(name, prop):
    return {"name": name, "description": "Shelf.", "parameters": {"type": "object", "properties": {prop: {"type": "integer", "description": "A number."}}}}


def register(ctx):
    ctx.register_tool(name="shelf_get", toolset="shelf", schema=_schema("shelf_get", "id"), handler=shelf_get)
    ctx.register_tool(name="shelf_due", toolset="shelf", schema=_schema("shelf_due", "weeks"), handler=shelf_due)
""",
            },
            findings=(
                ("plugins/shelf/__init__.py", 10),
                ("plugins/shelf/__init__.py", 20),
                ("plugins/shelf/__init__.py", 25),
            ),
            note="the model's number has no upper bound: `int(x)` bound into sqlite through a helper's `book_id: int` (OverflowError, which `except sqlite3.Error` misses) and `timedelta(weeks=float(x))` after a test against 0 only",
            fixed={},
        ),
        Invalid(
            {
                "tools/rota_tool.py": """\
import json
from datetime import date

from tools.registry import registry


def rota_month(args, **kw):
    try:
        year = int(args.get("year") or date.today().year)
        month = int(args.get("month") or 1)
    except ValueError:
        return json.dumps({"error": "year and month must be numbers"})
    if month < 1:
        return json.dumps({"error": "month starts at 1"})
    first = date(year, month, 1)
    return json.dumps({"first": first.isoformat(), "weekday": first.strftime("%A")})


SCHEMA = {"type": "object", "properties": {"year": {"type": "integer", "description": "Year."}, "month": {"type": "integer", "description": "Month."}}}
registry.register(name="rota_month", toolset="rota", schema={"name": "rota_month", "description": "Rota.", "parameters": SCHEMA}, handler=rota_month)
""",
            },
            findings=(
                ("tools/rota_tool.py", 9),
                ("tools/rota_tool.py", 10),
                ("tools/rota_tool.py", 15),
            ),
            note="`date(year, month, 1)` of the model's numbers: a month of 13 raises ValueError; `month < 1` bounds it from below only",
            fixed={},
        ),
        Invalid(
            {
                "tools/schedule_tool.py": """\
import json

from tools.registry import registry

FIELDS = (("minute", 0, 59), ("hour", 0, 23), ("day", 1, 31))


class ScheduleError(Exception):
    pass


def _field(text, lo, hi):
    if text == "*":
        return list(range(lo, hi + 1))
    value = int(text)
    if not lo <= value <= hi:
        raise ScheduleError(f"{text} is outside {lo}-{hi}")
    return [value]


def parse(spec):
    parts = spec.split()
    if len(parts) != len(FIELDS):
        raise ScheduleError(f"expected {len(FIELDS)} fields")
    out = {}
    for raw, (name, lo, hi) in zip(parts, FIELDS):
        out[name] = _field(raw, lo, hi)
    return out


def schedule_explain(args, **kw):
    try:
        fields = parse(str(args.get("spec", "")))
    except ScheduleError as exc:
        return json.dumps({"error": str(exc)})
    return json.dumps(fields)


SCHEMA = {"type": "object", "properties": {"spec": {"type": "string", "description": "minute hour day, as in cron."}}}
registry.register(name="schedule_explain", toolset="schedule", schema={"name": "schedule_explain", "description": "Schedules.", "parameters": SCHEMA}, handler=schedule_explain)
""",
            },
            findings=(("tools/schedule_tool.py", 33),),
            note="a loop's tuple target paired with the model's sequence (`for raw, (name, lo, hi) in zip(parts, FIELDS)`) holds its parts: `int(raw)` two calls down raises ValueError, which `except ScheduleError` misses",
            fixed={},
        ),
        Invalid(
            {
                "tools/repo_tool.py": """\
import json
import subprocess

from tools.registry import registry


def run_git(folder, args, check=True):
    return subprocess.run(["git", "-C", folder, *args], capture_output=True, text=True, timeout=30, check=check)


def repo_authors(args, **kw):
    folder = str(args.get("path") or ".")
    try:
        out = run_git(folder, ["shortlog", "-sn", "HEAD"]).stdout
    except (FileNotFoundError, subprocess.TimeoutExpired) as exc:
        return json.dumps({"error": f"git did not run: {exc}"})
    return json.dumps({"authors": out.splitlines()})


def repo_head(args, **kw):
    folder = str(args.get("path") or ".")
    try:
        done = run_git(folder, ["rev-parse", "HEAD"], check=False)
    except (FileNotFoundError, subprocess.TimeoutExpired) as exc:
        return json.dumps({"error": f"git did not run: {exc}"})
    if done.returncode != 0:
        return json.dumps({"error": done.stderr.strip() or "not a git repository"})
    return json.dumps({"head": done.stdout.strip()})


SCHEMA = {"type": "object", "properties": {"path": {"type": "string", "description": "A repository folder."}}}
for name, fn in (("repo_authors", repo_authors), ("repo_head", repo_head)):
    registry.register(name=name, toolset="repo", schema={"name": name, "description": "Git.", "parameters": SCHEMA}, handler=fn)
""",
            },
            findings=(("tools/repo_tool.py", 14),),
            note="`subprocess.run(..., check=check)` in a helper whose `check` defaults to True: a call that leaves it out raises CalledProcessError when git fails; trap: the call that passes `check=False` and reads the exit code",
            fixed={},
        ),
        Invalid(
            {
                "tools/units_tool.py": """\
import json

from tools.registry import registry

UNITS = {"km": 1000.0, "m": 1.0, "mi": 1609.344, "ft": 0.3048}


def to_metres(value, unit):
    if unit == "km":
        return value * 1000.0
    if unit == "m":
        return value
    if unit == "mi":
        return value * 1609.344
    raise KeyError(unit)


def distance_convert(args, **kw):
    unit = str(args.get("unit", "m"))
    if unit not in UNITS:
        return json.dumps({"error": f"unit must be one of {sorted(UNITS)}"})
    try:
        value = float(args.get("value", 0))
    except (TypeError, ValueError):
        return json.dumps({"error": "value must be a number"})
    return json.dumps({"metres": to_metres(value, unit)})


SCHEMA = {"type": "object", "properties": {"unit": {"type": "string", "description": "km, m, mi or ft."}, "value": {"type": "number", "description": "A distance."}}}
registry.register(name="distance_convert", toolset="units", schema={"name": "distance_convert", "description": "Distances.", "parameters": SCHEMA}, handler=distance_convert)
""",
            },
            findings=(("tools/units_tool.py", 26),),
            note="the caller checks the unit against a table of four, the helper's chain handles three (`ft` falls through): its `raise KeyError` runs for a unit the table holds",
            fixed={},
        ),
        Invalid(
            {
                "tools/coords_tool.py": """\
import json

from tools.registry import registry


def _parse_geo(text):
    lat, lon = text[4:].split(",")[:2]
    return {"lat": float(lat), "lon": float(lon)}


def _parse_plain(text):
    return {"text": text}


PARSERS = [
    ("geo", lambda t: t.startswith("geo:"), _parse_geo),
    ("plain", lambda t: True, _parse_plain),
]


def coords_parse(args, **kw):
    text = str(args.get("payload") or "").strip()
    for kind, test, parser in PARSERS:
        if test(text):
            return json.dumps({"kind": kind, "fields": parser(text)})
    return json.dumps({"error": "unknown"})


def coords_parse2(args, **kw):
    text = str(args.get("payload") or "").strip()
    return json.dumps({"fields": _parse_geo(text)})


SCHEMA = {"type": "object", "properties": {"payload": {"type": "string", "description": "Text."}}}
for n, f in (("coords_parse", coords_parse), ("coords_parse2", coords_parse2)):
    registry.register(name=n, toolset="c", schema={"name": n, "description": "C.", "parameters": SCHEMA}, handler=f)
""",
            },
            findings=(
                ("tools/coords_tool.py", 25),
                ("tools/coords_tool.py", 31),
            ),
            note='a table of (kind, test, parser) rows: a test that only looks at how the text starts (`t.startswith("geo:")`) checks nothing the parser reads after it; `a, b = text.split(",")[:2]` unpacks too few parts without a comma, and `float(a)` of a part raises ValueError',
            fixed={},
        ),
        Invalid(
            {
                "tools/logtime_tool.py": """\
import csv
import io
import json
from datetime import datetime

from tools.registry import registry


def _since(text):
    if not text:
        return None
    return datetime.fromisoformat(text)


def _bucket(stamp, minutes):
    return stamp.minute - stamp.minute % minutes


def log_buckets(args, **kw):
    start = _since(args.get("since"))
    counts = {}
    for line in str(args.get("log") or "").splitlines():
        stamp = datetime.now()
        if start and stamp < start:
            continue
        key = _bucket(stamp, args.get("bucket_minutes", 5))
        counts[key] = counts.get(key, 0) + len(line)
    return json.dumps({"buckets": counts})


def csv_columns(args, **kw):
    sep = args.get("delimiter") or ","
    if sep.lower() == "tab":
        sep = "\\t"
    rows = list(csv.reader(io.StringIO(str(args.get("csv") or "")), delimiter=sep))
    return json.dumps({"columns": rows[0] if rows else []})


SCHEMA = {"type": "object", "properties": {}}
for name, fn in (("log_buckets", log_buckets), ("csv_columns", csv_columns)):
    registry.register(name=name, toolset="logs", schema={"name": name, "description": "Logs.", "parameters": SCHEMA}, handler=fn)
""",
            },
            findings=(
                ("tools/logtime_tool.py", 20),
                ("tools/logtime_tool.py", 26),
                ("tools/logtime_tool.py", 33),
                ("tools/logtime_tool.py", 35),
            ),
            note="a test inside a loop that only skips an item (`if start and stamp < start: continue`) checks nothing of the helper's argument made before the loop (fromisoformat's ValueError); `stamp.minute % minutes` of the model's number (ZeroDivisionError on 0); `sep.lower()` in the `if` that reads the model's delimiter first (AttributeError on a number); csv's delimiter from the model, kept on every path but the one an `if` replaced with a tab (TypeError unless one character)",
            fixed={},
        ),
        Invalid(
            {
                "tools/notes_tool.py": """\
import contextlib
import json
import sqlite3

from tools.registry import registry, tool_error


class NoteStore:
    def __init__(self, path="notes.db"):
        self.conn = sqlite3.connect(path)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.conn.close()

    def fetch(self, note_id):
        return self.conn.execute("SELECT body FROM notes WHERE id = ?", (note_id,)).fetchone()


@contextlib.contextmanager
def opened(path):
    store = NoteStore(path)
    try:
        yield store
    finally:
        store.conn.close()


def _note_id(args):
    try:
        return int(args.get("note_id", 0))
    except (TypeError, ValueError):
        return None


def read_note(args, **kw):
    note_id = _note_id(args)
    if note_id is None:
        return tool_error("note_id must be a whole number")
    try:
        with NoteStore() as store:
            row = store.fetch(note_id)
    except sqlite3.Error as exc:
        return tool_error(str(exc))
    return json.dumps({"body": row[0] if row else None})


def read_archived(args, **kw):
    note_id = _note_id(args)
    if note_id is None:
        return tool_error("note_id must be a whole number")
    try:
        with opened("archive.db") as store:
            row = store.fetch(note_id)
    except sqlite3.Error as exc:
        return tool_error(str(exc))
    return json.dumps({"body": row[0] if row else None})


SCHEMA = {
    "name": "read_note",
    "description": "Read a note.",
    "parameters": {
        "type": "object",
        "properties": {"note_id": {"type": "integer", "description": "The note's id."}},
        "required": ["note_id"],
    },
}
registry.register(name="read_note", toolset="notes", schema=SCHEMA, handler=read_note)
registry.register(
    name="read_archived",
    toolset="notes",
    schema={**SCHEMA, "name": "read_archived"},
    handler=read_archived,
)
""",
            },
            findings=(
                ("tools/notes_tool.py", 44),
                ("tools/notes_tool.py", 56),
            ),
            note="the model's number reaches sqlite through a helper that hands it back (`_note_id(args)`: `int(args.get(...))`, unbounded) and an object a `with` binds: `__enter__` returning self, and what a `@contextmanager` generator yields (OverflowError, which `except sqlite3.Error` misses)",
            fixed={},
        ),
        Invalid(
            {
                "tools/p_tool.py": """\
import ast
import ipaddress
import json

import pytz
import dateutil.parser

from tools.registry import registry


def inspect_value(args, **kw):
    text = args.get("text", "")
    try:
        value = ast.literal_eval(text)
    except ValueError:
        return json.dumps({"error": "not a literal"})
    return json.dumps({"type": type(value).__name__})


def zone_now(args, **kw):
    zone = pytz.timezone(args.get("zone", "UTC"))
    return json.dumps({"zone": str(zone)})


def when(args, **kw):
    try:
        moment = dateutil.parser.parse(args.get("text", ""))
    except OverflowError:
        return json.dumps({"error": "out of range"})
    return json.dumps({"iso": moment.isoformat()})


def net(args, **kw):
    iface = ipaddress.ip_interface(args.get("cidr", ""))
    return json.dumps({"network": str(iface.network)})


def hexed(args, **kw):
    return json.dumps({"bytes": len(bytes.fromhex(args.get("hex", "")))})


S = {"name": "x", "description": "d", "parameters": {"type": "object", "properties": {}}}
for name, fn in (("inspect_value", inspect_value), ("zone_now", zone_now), ("when", when), ("net", net), ("hexed", hexed)):
    registry.register(name=name, toolset="t", schema=dict(S, name=name), handler=fn)
""",
            },
            findings=(
                ("tools/p_tool.py", 14),
                ("tools/p_tool.py", 21),
                ("tools/p_tool.py", 27),
                ("tools/p_tool.py", 34),
                ("tools/p_tool.py", 39),
            ),
            note="more parsers of what the model sends: `ast.literal_eval` (SyntaxError, which `except ValueError` misses), pytz's `timezone` (UnknownTimeZoneError), dateutil's `parse` (ParserError), `ipaddress.ip_interface`, `bytes.fromhex` (ValueError)",
            fixed={},
        ),
        Invalid(
            {
                "tools/quiz_tool.py": """\
import json

from tools.registry import registry

ANSWERS = {"q1": "a", "q2": "b"}


def load():
    return [("q1", "a"), ("q2", "b")]


def grade(args, **kw):
    answers = args.get("answers")
    if not isinstance(answers, dict):
        return json.dumps({"error": "answers must be an object"})
    index = {qid: ans for qid, ans in load()}
    correct = 0
    for qid, given in answers.items():
        correct += index[qid] == given
    return json.dumps({"score": correct})


def check_one(args, **kw):
    answers = args.get("answers") or {}
    correct = 0
    for qid, given in answers.items():
        correct += ANSWERS[qid] == given
    return json.dumps({"score": correct})


S = {"name": "x", "description": "d", "parameters": {"type": "object", "properties": {}}}
for name, fn in (("grade", grade), ("check_one", check_one)):
    registry.register(name=name, toolset="t", schema=dict(S, name=name), handler=fn)
""",
            },
            findings=(
                ("tools/quiz_tool.py", 19),
                ("tools/quiz_tool.py", 26),
                ("tools/quiz_tool.py", 27),
            ),
            note="the keys of the model's object (`for qid, given in answers.items()`) looked up in a table of the code's: KeyError for a key it does not hold, even after `isinstance(answers, dict)` (a test of the type, not of its keys); a comprehension's own `qid` is not the loop's",
            fixed={},
        ),
        Invalid(
            {
                "tools/v_tool.py": """\
import json

from tools.registry import registry


def bump(version, part):
    major, minor, patch = version
    if part == "major":
        return (major + 1, 0, 0)
    if part == "minor":
        return (major, minor + 1, 0)
    raise ValueError(f"unknown part {part!r}")


def plan(args, **kw):
    version = (1, 2, 3)
    return json.dumps({"next": {part: bump(version, part) for part in ("major", "build")}})


S = {"name": "plan", "description": "d", "parameters": {"type": "object", "properties": {}}}
registry.register(name="plan", toolset="t", schema=S, handler=plan)
""",
            },
            findings=(("tools/v_tool.py", 17),),
            note='a comprehension hands a helper each constant of its tuple in turn; for "build" the helper\'s `if part == ...: return` chain falls through to its raise',
            fixed={},
        ),
        Invalid(
            {
                "tools/scopes_tool.py": """\
import json

from tools.registry import registry


def bump(version, part):
    if part == "major":
        return version + 1
    if part == "minor":
        return version + 2
    raise ValueError(f"unknown part {part!r}")


def nested_gen(args, **kw):
    # the second generator rebinds part to "build": bump raises
    return json.dumps([bump(1, part) for part in ("major", "minor") for part in ("build",)])


def inner_bad(args, **kw):
    # the inner comprehension's part ("build", "x") is what bump gets: it raises
    return json.dumps([[bump(1, part) for part in ("build", "x")] for part in ("major", "minor")])


def inner_ok(args, **kw):
    # the inner comprehension's part ("major", "minor") is what bump gets: it never raises
    return json.dumps([[bump(1, part) for part in ("major", "minor")] for part in ("build", "x")])


S = {"name": "x", "description": "d", "parameters": {"type": "object", "properties": {}}}
for name, fn in (("nested_gen", nested_gen), ("inner_bad", inner_bad), ("inner_ok", inner_ok)):
    registry.register(name=name, toolset="t", schema=dict(S, name=name), handler=fn)
""",
                "tools/zone_tool.py": """\
import json

from tools.registry import registry

try:
    from zoneinfo import ZoneInfo
except ImportError:  # pragma: no cover
    from backports.zoneinfo import ZoneInfo


def h_zone(args, **kw):
    name = args.get("zone") or "UTC"
    return json.dumps({"key": str(ZoneInfo(name))})


S = {"name": "h_zone", "description": "d", "parameters": {"type": "object", "properties": {"zone": {"type": "string"}}}}
registry.register(name="h_zone", toolset="t", schema=S, handler=h_zone)
""",
            },
            findings=(
                ("tools/scopes_tool.py", 16),
                ("tools/scopes_tool.py", 21),
                ("tools/zone_tool.py", 13),
            ),
            note="the constants a call is followed for are those of the generator in scope at it: a later generator's, an inner comprehension's (\"build\" reaches the raise); ZoneInfo imported by a try/except ImportError fallback from either module is still the library's parser",
            fixed={},
        ),
        Invalid(
            {
                "tools/journal_tool.py": """\
import json
import sqlite3

from tools.registry import registry, tool_error

SEARCH = "SELECT day, body FROM entries WHERE entries MATCH ? ORDER BY rank LIMIT ?"


def search(args, **kw):
    query = (args.get("query") or "").strip()
    if not query:
        return tool_error("query is required")
    conn = sqlite3.connect("journal.db")
    try:
        rows = conn.execute(SEARCH, (query, 20)).fetchall()
    finally:
        conn.close()
    return json.dumps({"hits": [{"day": d, "text": b} for d, b in rows]})


def search_named(args, **kw):
    conn = sqlite3.connect("journal.db")
    rows = conn.execute(
        "SELECT day FROM entries WHERE entries MATCH :q", {"q": args.get("query", "")}
    ).fetchall()
    return json.dumps({"days": [d for (d,) in rows]})


S = {"name": "x", "description": "d", "parameters": {"type": "object", "properties": {}}}
for name, fn in (("search", search), ("search_named", search_named)):
    registry.register(name=name, toolset="t", schema=dict(S, name=name), handler=fn)
""",
            },
            findings=(
                ("tools/journal_tool.py", 10),
                ("tools/journal_tool.py", 15),
                ("tools/journal_tool.py", 23),
            ),
            note="the model's text as a full-text query (`MATCH ?` of a module's SQL constant, `MATCH :q`): FTS5 parses it, and `NOT`, a stray quote or `C++` raises OperationalError",
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
import re
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal


@dataclass
class Receipt:
    lines: list[str] = field(default_factory=list)
    discounts: list[Decimal] = field(default_factory=list)

    def to_dict(self):
        return {"lines": self.lines, "discounts": self.discounts}


def _to_date(raw):
    day, month, year = re.split(r"[./-]", raw)
    return date(int(year), int(month), int(day))


def receipt_parse(args, **kw):
    receipt = Receipt(lines=str(args.get("text", "")).splitlines())
    return json.dumps(receipt.to_dict())


def due_date(args, **kw):
    return json.dumps({"due": _to_date(args.get("when", "")).isoformat()})


registry.register(name="receipt_parse", toolset="r", schema={}, handler=receipt_parse)
registry.register(name="due_date", toolset="r", schema={}, handler=due_date)
""",
            lines=(26, 30),
            note="a field annotated list[Decimal] put in the result as it is (TypeError once it"
            " holds one); re.split of the model's text unpacked to three names (ValueError)",
            fixed={},
        ),
        Invalid(
            {
                "plugins/track/plugin.yaml": "name: track\nversion: '1'\ndescription: d\nprovides_tools: [track_parcel, parse_slip]\n",
                "plugins/track/__init__.py": """\
import asyncio
import functools
import json

import requests

TOOLS = []


def tool(name):
    def deco(fn):
        TOOLS.append({"name": name, "handler": fn, "schema": {"name": name, "description": "d", "parameters": {"type": "object"}}})
        return fn

    return deco


def with_retries(attempts=3, retry_on=(requests.Timeout,)):
    def deco(fn):
        @functools.wraps(fn)
        def wrapper(*a, **kw):
            for attempt in range(1, attempts + 1):
                try:
                    return fn(*a, **kw)
                except retry_on:
                    if attempt == attempts:
                        raise

        return wrapper

    return deco


class Client:
    @with_retries(attempts=2)
    def get(self, path):
        return requests.get("https://api.example.com" + path, timeout=5).json()


@tool("track_parcel")
async def track_parcel(args, **kw):
    data = await asyncio.to_thread(Client().get, "/parcels/" + str(args.get("id", "")))
    return json.dumps(data)


@tool("parse_slip")
def parse_slip(args, **kw):
    return json.dumps({"lines": str(args.get("text", "")).splitlines()})


def register(ctx):
    for spec in TOOLS:
        ctx.register_tool(toolset="track", **spec)
""",
            },
            findings=(("plugins/track/__init__.py", 42),),
            note="tools a decorator adds to a table, registered with `**spec` (the rows' names"
            " read where the decorator made them); a method behind a project retry decorator"
            " whose wrapper passes `*a, **kw` on: what the wrapper does not catch escapes",
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
from datetime import datetime


def _parse_when(value):
    if not value:
        return None
    return datetime.fromisoformat(str(value).strip())


def log_search(args, **kw):
    since = _parse_when(args.get("since"))
    return json.dumps({"since": since.isoformat() if since else None})


registry.register(name="log_search", toolset="logs", schema={}, handler=log_search)
""",
            lines=(14,),
            note="a helper's answer read by a conditional expression picks a value; it turns"
            " nothing away, so what the helper raises on the model's text escapes",
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
def stats_mean(args, **kw):
    values = args.get("values") or []
    n = len(values)
    return json.dumps({"mean": sum(values) / n})


def stats_spread(args, **kw):
    ordered = sorted(args.get("values") or [])
    return json.dumps({"mean": sum(ordered) / len(ordered)})


registry.register(name="stats_mean", toolset="stats", schema={}, handler=stats_mean)
registry.register(name="stats_spread", toolset="stats", schema={}, handler=stats_spread)
""",
            lines=(7, 12),
            note="the size of the model's list kept in a local (`n = len(values)`) and of its"
            " sorted copy: ZeroDivisionError when the model sends an empty list",
            fixed={},
        ),
        Invalid(
            _stations(
                """\
def stations(args, **kw):
    one = args.get("one") or ""
    if archive.valid_station(one.upper()):
        last = archive.month_files(one)
    else:
        last = []
    return json.dumps({"last": [p.name for p in last]})"""
            ),
            findings=(
                ("plugins/wx/__init__.py", 9),
                ("plugins/wx/__init__.py", 10),
            ),
            note="the validator was asked about another value than the one passed",
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
class Playlists:
    def __init__(self, names):
        self.names = names
        self.actions = {"add": self.add, "show": self.show}

    def add(self, args):
        position = int(args.get("position") or 0)
        self.names.insert(position, args.get("name") or "")
        return {"added": position}

    def show(self, args):
        return {"names": self.names}

    def run(self, args):
        fn = self.actions.get(args.get("action"))
        if fn is None:
            return {"error": "unknown action"}
        return fn(args)


def playlists(args, **kw):
    return json.dumps(Playlists([]).run(args))

registry.register(name="playlists", toolset="t", schema={}, handler=playlists)
""",
            lines=(25,),
            note="a method reached through a table of bound methods made in __init__",
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
from datetime import datetime, timedelta, timezone

SCHEMA = {
    "name": "uptime_window",
    "description": "Checks in the last hours.",
    "parameters": {
        "type": "object",
        "properties": {"hours": {"type": "number", "minimum": 1, "default": 24}},
    },
}


def uptime_window(args, **kw):
    since = datetime.now(timezone.utc) - timedelta(hours=args.get("hours", 24))
    return json.dumps({"since": since.isoformat()})

registry.register(name="uptime_window", toolset="t", schema=SCHEMA, handler=uptime_window)
""",
            lines=(17,),
            note="the schema declares a number with no maximum: the model may send 1e12",
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
def _leg(raw, index):
    return {"from": raw["depart_tz"], "to": raw["arrive_tz"], "index": index}


def _legs(raw_legs):
    return [_leg(raw, i) for i, raw in enumerate(raw_legs)]


def plan_trip(args, **kw):
    legs = args.get("legs")
    if not legs or not isinstance(legs, list):
        return tool_error("legs must be a non-empty list")
    return json.dumps({"legs": _legs(legs)})

registry.register(name="plan_trip", toolset="t", schema={}, handler=plan_trip)
""",
            lines=(16,),
            note="a list tested to be a list: each of its items is still the model's",
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
import asyncio
from pathlib import Path


def _write_records(path, records):
    with path.open("x", encoding="ascii") as fh:
        for record in records:
            fh.write(record + "\\n")


async def fasta_save(args, **kw):
    out = args.get("output") or "kept.fasta"
    await asyncio.to_thread(_write_records, Path(out).expanduser(), ["ACGT"])
    return json.dumps({"output": out})

registry.register(name="fasta_save", toolset="t", schema={}, handler=fasta_save)
""",
            lines=(16, 16),
            note="a helper opens the model's path as a Path object it was handed (path.open)",
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
from pathlib import Path


def _npm(path):
    data = json.loads(path.read_text(encoding="utf-8"))
    return sorted(data.get("packages", {}))


READERS = {"package-lock.json": _npm}


def audit_lockfile(args, **kw):
    lockfile = Path(str(args.get("lockfile", ""))).expanduser()
    reader = READERS.get(lockfile.name)
    if reader is None:
        return tool_error(f"unsupported lock file: {lockfile.name}")
    if not lockfile.exists():
        return tool_error(f"{lockfile} does not exist")
    return json.dumps({"packages": reader(lockfile)})

registry.register(name="audit_lockfile", toolset="t", schema={}, handler=audit_lockfile)
""",
            lines=(22,),
            note="a path tested to exist handed to a reader: what the file holds is the model's",
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
from datetime import datetime, timedelta, timezone


class RecordError(ValueError):
    pass


def parse_ts(raw):
    raw = raw.strip()
    try:
        ts = datetime.fromisoformat(raw)
    except ValueError as exc:
        raise RecordError(f"bad timestamp {raw!r}") from exc
    try:
        return ts.astimezone(timezone.utc)
    except OverflowError as exc:
        raise RecordError(f"timestamp out of range {raw!r}") from exc


STORED = [{"ts": "2026-01-01T10:00:00+00:00", "pm25": 4.0}]


def _window(rows, minutes):
    latest = parse_ts(rows[-1]["ts"])
    cutoff = latest - timedelta(minutes=minutes)
    return [r for r in rows if parse_ts(r["ts"]) >= cutoff]


def air_recent(args, **kw):
    rows = list(STORED)
    return json.dumps({"recent": len(_window(rows, 60))})


def air_since(args, **kw):
    since = parse_ts(str(args.get("since") or ""))
    return json.dumps({"since": since.isoformat()})

registry.register(name="air_recent", toolset="t", schema={}, handler=air_recent)
registry.register(name="air_since", toolset="t", schema={}, handler=air_since)
""",
            lines=(38,),
            note="a helper that converts a parse failure into its own error: raised on the "
            "model's text (air_since), not on rows the tool stored itself (air_recent)",
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
import socket


def _lookup(hostname):
    infos = socket.getaddrinfo(hostname, None, socket.AF_INET, socket.SOCK_STREAM)
    return sorted({info[4][0] for info in infos})


def dns_resolve(args, **kw):
    hostname = str(args.get("hostname", "")).strip().rstrip(".")
    if not hostname:
        return tool_error("hostname is required")
    try:
        addresses = _lookup(hostname)
    except socket.gaierror as exc:
        return tool_error(f"lookup of {hostname} failed: {exc}")
    return json.dumps({"hostname": hostname, "addresses": addresses})

registry.register(name="dns_resolve", toolset="t", schema={}, handler=dns_resolve)
""",
            lines=(17,),
            note="a host name is encoded to IDNA before the lookup: UnicodeError, no gaierror",
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
def bump(version, part, preid="rc"):
    part = (part or "patch").lower()
    if part == "major":
        return version + 100
    if part == "prerelease":
        raise ValueError(f"invalid pre-release id {preid!r}")
    return version + 1


def release_next(args, **kw):
    return json.dumps({part: bump(3, part) for part in ("Major", "minor", "patch")})


def release_pre(args, **kw):
    return json.dumps({"next": bump(3, "PRERELEASE")})

registry.register(name="release_next", toolset="t", schema={}, handler=release_next)
registry.register(name="release_pre", toolset="t", schema={}, handler=release_pre)
""",
            lines=(18,),
            note="a parameter made over at the top (`part = (part or 'patch').lower()`) holds "
            "what that makes of the call's constant: 'PRERELEASE' reaches the raise, the "
            "loop's 'Major', 'minor', 'patch' do not",
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
import csv
from datetime import datetime
from pathlib import Path


def _day(raw):
    return datetime.strptime(raw.strip(), "%Y-%m-%d").date()


def statement_days(args, **kw):
    path = Path(str(args.get("path") or "")).expanduser()
    if not path.is_file():
        return tool_error(f"no such file: {path}")
    days = []
    try:
        with open(path, newline="", encoding="utf-8") as fh:
            for row in csv.reader(fh):
                days.append(_day(row[0]).isoformat())
    except (OSError, UnicodeDecodeError, csv.Error) as exc:
        return tool_error(f"cannot read {path}: {exc}")
    return json.dumps({"days": days})

registry.register(name="statement_days", toolset="t", schema={}, handler=statement_days)
""",
            lines=(21,),
            note="each row of a CSV file the model names is what the file holds: a date in it "
            "that does not parse raises ValueError in the helper",
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
import sqlite3


def snippet_get(args, **kw):
    sid = None
    if args.get("action") != "list":
        try:
            sid = int(args.get("id"))
        except (TypeError, ValueError):
            return tool_error("id must be an integer")
    try:
        with sqlite3.connect("snippets.db") as conn:
            row = conn.execute("SELECT body FROM snippets WHERE id = ?", (sid,)).fetchone()
    except sqlite3.Error as exc:
        return tool_error(f"database error: {exc}")
    return json.dumps({"id": sid, "body": row[0] if row else None})

registry.register(name="snippet_get", toolset="t", schema={}, handler=snippet_get)
""",
            lines=(16,),
            note="the model's number on one path, a None placeholder on the other: sqlite "
            "raises OverflowError past 2**63 - 1, which except sqlite3.Error does not catch",
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
STOPS = [{"id": "S1", "seq": 1}, {"id": "S2", "seq": 2}]


def stop_find(args, **kw):
    wanted = str(args.get("stop") or "")
    stop = next(s for s in STOPS if s["id"] == wanted)
    return json.dumps(stop)


async def stop_find_async(args, **kw):
    wanted = args.get("stop")
    try:
        stop = next(s for s in STOPS if s["id"] == wanted)
    except ValueError as exc:
        return tool_error(str(exc))
    return json.dumps(stop)

registry.register(name="stop_find", toolset="t", schema={}, handler=stop_find)
registry.register(name="stop_find_async", toolset="t", schema={}, handler=stop_find_async, is_async=True)
""",
            lines=(9, 16),
            note="next() of a search for the model's value without a default: StopIteration "
            "when nothing matches (RuntimeError out of a coroutine)",
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
NAMED = {"red": (255, 0, 0)}


def hex_to_rgb(value):
    h = value.strip().lstrip("#")
    return int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16)


def to_rgb(raw):
    s = raw.strip().lower()
    if s in NAMED:
        return NAMED[s]
    if s.startswith("#"):
        return hex_to_rgb(s)
    return None


def color(args, **kw):
    text = args.get("color")
    if not isinstance(text, str) or not text:
        return tool_error("color is required")
    rgb = to_rgb(text)
    if rgb is None:
        return tool_error("not a colour")
    return json.dumps({"rgb": rgb})


BANDS = [(1.0, 4.5), (5.0, 9.0), (20.0, 15.0)]


def quote(args, **kw):
    try:
        weight = float(args["weight_kg"])
    except (KeyError, TypeError, ValueError):
        return tool_error("weight_kg must be a number")
    if weight <= 0:
        return tool_error("weight_kg must be positive")
    price = next(p for max_kg, p in BANDS if weight <= max_kg)
    return json.dumps({"price": price})


registry.register(name="color", toolset="t", schema={}, handler=color)
registry.register(name="quote", toolset="t", schema={}, handler=quote)
""",
            lines=(25, 41),
            note="a helper whose answer the handler tests (`if rgb is None`) still runs on the unchecked text first: `int(h, 16)` of '#ggg'; a search for the model's number in a table (`next()` without a default) finds nothing past the last band: the filter is the search, not a bound",
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
import re
from datetime import date

WEEK = re.compile(r"^(\\d{4})-W(\\d{1,2})$")
DAY = re.compile(r"(\\d{1,2})/(\\d{1,2})/(\\d{4})")


def week_start(spec):
    m = WEEK.match(spec)
    if not m:
        return None
    year, week = int(m.group(1)), int(m.group(2))
    return date.fromisocalendar(year, week, 1)


def summary(args, **kw):
    spec = args.get("week")
    if not spec:
        spec = date.today().strftime("%G-W%V")
    start = week_start(str(spec))
    if start is None:
        return tool_error("week must look like 2024-W07")
    return json.dumps({"start": start.isoformat()})


def invoice_date(args, **kw):
    m = DAY.search(args.get("text") or "")
    if m is None:
        return tool_error("no date found")
    day = date(int(m.group(3)), int(m.group(1)), int(m.group(2)))
    return json.dumps({"date": day.isoformat()})


registry.register(name="summary", toolset="t", schema={}, handler=summary)
registry.register(name="invoice_date", toolset="t", schema={}, handler=invoice_date)
""",
            lines=(23, 33),
            note="digits a pattern picks out of the model's text are any digits: week 0 or month 13 make `date.fromisocalendar` / `date()` raise ValueError; a name given a default only when the model sent nothing (`if not spec: spec = ...`) still holds the model's text every other time",
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
from decimal import Decimal, InvalidOperation


def invoice(args, **kw):
    try:
        rate = Decimal(str(args["rate"])) if args.get("rate") is not None else None
    except (KeyError, InvalidOperation):
        return tool_error("rate must be a number")
    if rate is not None and (not rate.is_finite() or rate < 0):
        return tool_error("rate must be a non-negative number")
    hours = Decimal("7.5")
    amount = (hours * rate).quantize(Decimal("0.01")) if rate is not None else None
    return json.dumps({"amount": str(amount)})


registry.register(name="invoice", toolset="t", schema={}, handler=invoice)
""",
            lines=(15,),
            note="`.quantize()` of the model's number (or what it multiplies): past the context's 28 digits the result cannot be held (decimal.InvalidOperation); a test against 0 bounds nothing",
            fixed={},
        ),
        Invalid(
            {
                "tools/licenses_tool.py": """\
import json

import numpy as np
import yaml

from tools.registry import registry, tool_error


def load(path):
    with open(path, encoding="utf-8") as fh:
        data = yaml.safe_load(fh) or {}
    return [i for i in data.get("licenses", []) if isinstance(i, dict)]


def licenses(args, **kw):
    try:
        items = load("licenses.yaml")
    except (OSError, yaml.YAMLError) as exc:
        return tool_error(str(exc))
    rows = []
    for item in items:
        row = dict(item)
        row["key"] = "****"
        rows.append(row)
    first = items[0].get("expires") if items else None
    return json.dumps({"licenses": rows, "first_expiry": first})


def rank(args, **kw):
    matrix = np.array(args.get("matrix") or [[1.0]], dtype=float)
    return json.dumps({"rank": np.linalg.matrix_rank(matrix)})


registry.register(name="licenses", toolset="t", schema={"name": "licenses", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=licenses)
registry.register(name="rank", toolset="t", schema={"name": "rank", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=rank)
""",
            },
            findings=(("tools/licenses_tool.py", 26), ("tools/licenses_tool.py", 31)),
            note="a record YAML read, copied into the result as it is (and a field named for a date): YAML reads an unquoted `expires: 2025-01-01` as a date, which json.dumps refuses; a NumPy integer (`np.linalg.matrix_rank`) likewise",
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
import subprocess
from pathlib import Path


def _git_log(folder):
    out = subprocess.run(["git", "log", "--format=%an"], cwd=folder, capture_output=True, text=True, check=True, timeout=30)
    return out.stdout.splitlines()


def authors(args, **kw):
    folder = Path(str(args.get("folder") or ".")).expanduser()
    try:
        lines = _git_log(folder)
    except FileNotFoundError:
        return tool_error("git is not installed or the folder does not exist")
    except subprocess.TimeoutExpired:
        return tool_error("git log timed out")
    return json.dumps({"authors": sorted(set(lines)), "again": len(_git_log(folder))})


registry.register(name="authors", toolset="t", schema={}, handler=authors)
""",
            lines=(16, 21),
            note="a call whose except catches some of what it raises (FileNotFoundError, TimeoutExpired) still lets the rest out (CalledProcessError, check=True), there and at the same call made again",
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
from decimal import ROUND_HALF_UP, Decimal

CENT = Decimal("0.01")


def money(value):
    return Decimal(str(value)).quantize(CENT, rounding=ROUND_HALF_UP)


def build_quote(price, quantity):
    unit = money(price)
    subtotal = unit * quantity
    quote = {"unit_price": str(unit), "quantity": quantity}
    if quantity >= 10:
        savings = money(subtotal * 15 / 100)
        quote["group_savings"] = savings
    quote["total"] = str(subtotal)
    return quote


def quote(args, **kw):
    return json.dumps(build_quote(12.5, 12))


SPECS = [
    {"name": "quote", "handler": quote, "emoji": "x", "description": "d", "parameters": {"type": "object", "properties": {}}},
]

for spec in SPECS:
    spec = dict(spec)
    handler = spec.pop("handler")
    emoji = spec.pop("emoji")
    registry.register(name=spec["name"], toolset="t", schema=spec, handler=handler, emoji=emoji)
""",
            lines=(25,),
            note="a Decimal a helper rounds (`.quantize()` keeps it one), put in the result under a branch; the handler found in a row copied with `dict(spec)` and taken out with `spec.pop('handler')`",
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
from decimal import Decimal
from functools import wraps


def finance_tool(fn):
    @wraps(fn)
    def wrapper(args, **kw):
        try:
            result = fn(args)
        except ArithmeticError as exc:
            return tool_error(str(exc))
        return json.dumps(result)
    return wrapper


@finance_tool
def schedule(args):
    rows = [Decimal("1.25"), Decimal("2.50")]
    result = {"months": len(rows)}
    if args.get("extra"):
        result["interest_saved"] = sum(rows, Decimal(0)) - Decimal("1")
    return result


registry.register(name="schedule", toolset="t", schema={}, handler=schedule)
""",
            lines=(25,),
            note="a decorator that serialises what the def returns (`return json.dumps(result)` outside its try): a Decimal the def puts in its result (`sum(rows, Decimal(0)) - ...`) makes it raise TypeError",
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
import os
import shlex
import subprocess


def _pull_command(seconds):
    custom = os.environ.get("RAIN_PULL_CMD")
    if custom:
        return shlex.split(custom)
    return ["rtl_433", "-F", "json", "-T", str(seconds)]


def pull(args, **kw):
    try:
        proc = subprocess.run(_pull_command(30), capture_output=True, text=True, timeout=45, check=True)
    except subprocess.TimeoutExpired:
        return tool_error("the receiver did not finish")
    except subprocess.CalledProcessError as exc:
        return tool_error(f"the receiver exited with status {exc.returncode}")
    return json.dumps({"lines": len(proc.stdout.splitlines())})


registry.register(name="pull", toolset="t", schema={}, handler=pull)
""",
            lines=(18,),
            note="the command line a helper writes out (`return ['rtl_433', ...]`) starts a program the machine may not have: FileNotFoundError, which neither except catches",
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
from pathlib import Path


def collect(target):
    if target.is_file():
        return [target]
    return sorted(p for p in target.glob("**/*.md") if p.is_file())


def read_markdown(path):
    with open(path, "r", encoding="utf-8") as fh:
        return fh.read()


def reading_time(args, **kw):
    target = Path(str(args.get("path") or ".")).expanduser()
    try:
        files = collect(target)
    except FileNotFoundError:
        return tool_error("no such file or folder")
    total = 0
    for f in files:
        try:
            total += len(read_markdown(f).split())
        except FileNotFoundError:
            continue
    return json.dumps({"minutes": round(total / 230, 1)})


registry.register(name="reading_time", toolset="t", schema={}, handler=reading_time)
""",
            lines=(27,),
            note="files a helper lists from the model's folder (`[target]` or `target.glob(...)`) hold what they hold: one that is not UTF-8 makes a strict read raise UnicodeDecodeError",
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
from decimal import ROUND_DOWN, Decimal

CENT = Decimal("0.01")


def allocate(total: Decimal, weights: dict) -> tuple:
    wsum = sum(weights.values())
    shares = {n: (total * w / wsum).quantize(CENT, rounding=ROUND_DOWN) for n, w in weights.items()}
    return shares, total - sum(shares.values())


def split(args, **kw):
    names = [str(n) for n in args.get("travellers") or ["a", "b", "c"]]
    shares, leftover = allocate(Decimal("100"), {n: Decimal(1) for n in names})
    result = {"shares": {n: float(v) for n, v in shares.items()}}
    if leftover:
        result["rounding"] = {"assigned_to": names[0], "amount": leftover}
    return json.dumps(result)


registry.register(name="split", toolset="t", schema={}, handler=split)
""",
            lines=(16, 21),
            note="an item of the tuple a helper returns (`shares, leftover = allocate(...)`), arithmetic on a parameter the helper annotates `Decimal`, put in the result: json.dumps refuses it",
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
import functools
from datetime import datetime, timedelta, timezone

RULES = [{"name": "mem", "metric": "memory_used_pct", "threshold": 90.0}]


def tool_errors(fn):
    @functools.wraps(fn)
    def wrapper(args, **kw):
        try:
            return json.dumps(fn(args))
        except (ValueError, KeyError, TypeError) as exc:
            return tool_error(f"invalid input: {exc}")
    return wrapper


@tool_errors
def add_window(args):
    minutes = int(args.get("duration_minutes", 60))
    if minutes <= 0:
        raise ValueError("duration_minutes must be positive")
    end = datetime.now(timezone.utc) + timedelta(minutes=minutes)
    return {"end": end.isoformat()}


def evaluate(args, **kw):
    metrics = args.get("metrics") or {}
    if not isinstance(metrics, dict):
        return tool_error("metrics must be an object")
    firing = []
    for rule in RULES:
        if rule["metric"] not in metrics:
            continue
        if float(metrics[rule["metric"]]) > rule["threshold"]:
            firing.append(rule["name"])
    return json.dumps({"firing": firing})


TOOLS = [("add_window", add_window), ("evaluate", evaluate)]
for _name, _fn in TOOLS:
    registry.register(name=_name, toolset="t", schema={}, handler=lambda args, _f=_fn, **kw: _f(args))
""",
            lines=(44, 44),
            note="a def a loop's lambda binds by its default (`lambda args, _f=_fn, **kw: _f(args)`) is followed through its decorator, which lets OverflowError out; a value of the model's dict, tested only to be a dict, looked up by a table's key and made a number",
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
import os
from pathlib import Path

TEMPLATES = Path(os.getenv("TEMPLATES_DIR", "~/.templates")).expanduser()


def template_path(name):
    name = os.path.basename(str(name).strip())
    if not name.endswith(".md"):
        name += ".md"
    return TEMPLATES / name


def placeholders(args, **kw):
    path = template_path(args.get("template", ""))
    text = path.read_text(encoding="utf-8")
    return json.dumps({"count": text.count("{{")})


registry.register(name="placeholders", toolset="t", schema={}, handler=placeholders)
""",
            lines=(19,),
            note="a name an augmented assignment extends (`name += '.md'`) is still the model's text: the file it names may not exist",
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
from dataclasses import dataclass
from decimal import Decimal


@dataclass
class Entry:
    kind: str
    amount: Decimal

    @property
    def signed(self) -> Decimal:
        return self.amount if self.kind == "charge" else -self.amount


class Ledger:
    def entries(self, unit):
        rows = [("charge", "12.50"), ("payment", "10.00")]
        return [Entry(kind, Decimal(amount)) for kind, amount in rows]

    def balance(self, unit):
        return sum(e.signed for e in self.entries(unit))


def balance(args, **kw):
    owed = Ledger().balance(args.get("unit"))
    return json.dumps({"owed": owed, "paid": sum(e.amount for e in Ledger().entries(None))})


registry.register(name="balance", toolset="t", schema={}, handler=balance)
""",
            lines=(29,),
            note="a sum over a comprehension of fields (or properties) a class declares Decimal is a Decimal once there is one, which json.dumps refuses",
            fixed={},
        ),
        Invalid(
            {
                "plugins/matters/__init__.py": """\
import json
import sqlite3

SCHEMA = "CREATE TABLE IF NOT EXISTS matters (id INTEGER PRIMARY KEY, number TEXT, opened_on DATE, closed_on DATE);"


def _connect():
    conn = sqlite3.connect("matters.db", detect_types=sqlite3.PARSE_DECLTYPES)
    conn.row_factory = sqlite3.Row
    conn.executescript(SCHEMA)
    return conn


def find_matter(conn, number):
    return conn.execute("SELECT * FROM matters WHERE number = ?", (number,)).fetchone()


def matter(args, **kw):
    try:
        with _connect() as conn:
            row = find_matter(conn, str(args.get("number")))
            ids = [r["id"] for r in conn.execute("SELECT id, number FROM matters").fetchall()]
    except sqlite3.Error as exc:
        return json.dumps({"error": str(exc)})
    if row is None:
        return json.dumps({"error": "no such matter", "known": ids})
    return json.dumps({"matter": dict(row)})


def register(ctx):
    ctx.register_tool(name="matter", toolset="m", schema={}, handler=matter)
""",
                "plugins/matters/plugin.yaml": "name: matters\nversion: 0.1.0\ndescription: Matters.\nprovides_tools:\n  - matter\n",
            },
            findings=(("plugins/matters/__init__.py", 27),),
            note="a row of a query that reads a DATE column, on a connection opened with detect_types=PARSE_DECLTYPES, holds a datetime.date: json.dumps refuses it (the query of other columns is no trap)",
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
from datetime import date


def add_months(d: date, n: int) -> date:
    index = d.month - 1 + n
    return d.replace(year=d.year + index // 12, month=index % 12 + 1)


def renewal(args, **kw):
    try:
        end = date.fromisoformat(str(args.get("end")))
        months = int(args.get("months", 1))
    except ValueError:
        return tool_error("end must be YYYY-MM-DD, months a number")
    if not 0 <= months <= 120:
        return tool_error("months must be between 0 and 120")
    return json.dumps({"first": add_months(end, months).isoformat()})


registry.register(name="renewal", toolset="t", schema={}, handler=renewal)
""",
            lines=(15, 20),
            note="a date moved to another month by `replace(month=...)`, its day kept: from the 29th on, a shorter month has no such day (ValueError)",
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
def _num(args, key, default=None):
    value = args.get(key, default)
    if value is None:
        raise KeyError(key)
    return float(value)


def tempo(args, **kw):
    try:
        bpm = _num(args, "bpm")
    except (KeyError, TypeError, ValueError):
        return tool_error("bpm must be a number")
    return json.dumps({"ms_per_beat": 60000.0 / bpm})


registry.register(name="tempo", toolset="t", schema={}, handler=tempo)
""",
            lines=(16,),
            note="a division by the model's number a helper hands back (`_num(args, 'bpm')`): 0 raises ZeroDivisionError",
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
from fractions import Fraction


def quantity(q):
    text = str(q).strip()
    if " " in text:
        whole, part = text.split(None, 1)
        return Fraction(whole) + Fraction(part)
    return Fraction(text)


def scale(args, **kw):
    try:
        qty = quantity(args.get("qty", "1"))
    except ValueError:
        return tool_error("qty must be a number or a fraction")
    return json.dumps({"double": str(qty * 2)})


registry.register(name="scale", toolset="t", schema={}, handler=scale)
""",
            lines=(17,),
            note="`Fraction(text)` of the model's text: '1/0' has a fraction's form and raises ZeroDivisionError, which `except ValueError` lets through",
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
from pathlib import Path


class Store:
    def __init__(self):
        path = Path("tickets.json")
        self._data = json.loads(path.read_text()) if path.exists() else {"tickets": {}}

    def get(self, tid):
        return dict(self._data["tickets"][tid])


def ticket(args, **kw):
    tid = str(args.get("ticket_id", "")).strip().upper()
    try:
        store = Store()
    except (OSError, ValueError) as exc:
        return tool_error(str(exc))
    return json.dumps(store.get(tid))


registry.register(name="ticket", toolset="t", schema={}, handler=ticket)
""",
            lines=(22,),
            note="a table of the tool's own store (`self._data['tickets']`) looked up by the model's key raises KeyError for an entry it does not hold",
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
def weighted_mass(isotopes, normalize=True):
    masses = [float(i["mass"]) for i in isotopes]
    abund = [float(i["abundance"]) for i in isotopes]
    total = sum(abund)
    if normalize:
        abund = [a / total for a in abund]
    return sum(m * a for m, a in zip(masses, abund))


def atomic_mass(args, **kw):
    isotopes = args.get("isotopes") or []
    if not isinstance(isotopes, list) or not isotopes:
        return tool_error("isotopes are required")
    try:
        return json.dumps({"mass": weighted_mass(isotopes)})
    except (KeyError, TypeError, ValueError) as exc:
        return tool_error(str(exc))


registry.register(name="atomic_mass", toolset="t", schema={}, handler=atomic_mass)
""",
            lines=(18,),
            note="a division by the sum of numbers the model sends (its abundances, its weights): they may add up to 0, which a test of the list's size does not rule out",
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
from collections import defaultdict
from decimal import ROUND_HALF_UP, Decimal

CENTS = Decimal("0.01")


def _dec(value):
    d = Decimal(str(value))
    if not d.is_finite():
        raise ValueError("not a finite number")
    return d


def _money(d):
    return d.quantize(CENTS, rounding=ROUND_HALF_UP)


def bill(args, **kw):
    try:
        rate = _dec(args.get("unit_rate", "0.245"))
        kwh = _dec(args.get("kwh", "0"))
    except (ArithmeticError, ValueError) as exc:
        return tool_error(str(exc))
    energy = _money(kwh * rate)
    by_band = defaultdict(Decimal)
    by_band["day"] += energy
    return json.dumps({
        "total": str(energy),
        "breakdown": {"energy": energy},
        "bands": {band: v.quantize(CENTS) for band, v in by_band.items()},
    })


registry.register(name="bill", toolset="t", schema={}, handler=bill)
""",
            lines=(27, 30),
            note="what helpers return followed to its type (`_money(d)` of `_dec(...)`'s Decimal, `d.quantize(...)`), and the values of a `defaultdict(Decimal)`: Decimals json.dumps refuses",
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
from dataclasses import dataclass
from datetime import datetime, timezone


@dataclass
class Hit:
    ip: str
    ts: datetime


def load_hits():
    return [Hit("10.0.0.1", datetime(2024, 3, 1, 12, tzinfo=timezone.utc))]


def summary(args, **kw):
    hits = load_hits()
    since_raw = args.get("since")
    if since_raw:
        try:
            since = datetime.fromisoformat(str(since_raw))
        except ValueError:
            return tool_error(f"since must be an ISO date or time, got {since_raw!r}")
        hits = [h for h in hits if h.ts >= since]
    return json.dumps({"requests": len(hits)})


registry.register(name="summary", toolset="t", schema={}, handler=summary)
""",
            lines=(26,),
            note="a datetime read from the model's text by fromisoformat is naive or aware as the model writes it: compared with a record's time of the other kind it raises TypeError",
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
import difflib

MENU = [{"name": "Margherita", "allergens": ["milk"]}, {"name": "Marinara", "allergens": []}]


def allergens(args, **kw):
    query = str(args.get("item", ""))
    names = [i["name"] for i in MENU]
    best = difflib.get_close_matches(query, names, n=1, cutoff=0.4)[0]
    item = next(i for i in MENU if i["name"] == best)
    return json.dumps({"item": item["name"], "allergens": item["allergens"]})


registry.register(name="allergens", toolset="t", schema={}, handler=allergens)
""",
            lines=(12,),
            note="the first of what a search for the model's value found (`get_close_matches(query, names)[0]`, `re.findall(p, text)[0]`, a filtered comprehension's `[0]`): IndexError when nothing matches",
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
from datetime import datetime
from zoneinfo import ZoneInfo

DEFAULT_ZONES = ["Europe/London", "America/New_York"]


def _cohort(local, zone_name):
    return local.replace(tzinfo=ZoneInfo(zone_name)).isoformat()


def send_window(args, **kw):
    zones = args.get("timezones") or DEFAULT_ZONES
    try:
        local = datetime.strptime(str(args.get("send_at", "")), "%Y-%m-%d %H:%M")
        cohorts = [_cohort(local, z) for z in dict.fromkeys(zones)]
    except ValueError as exc:
        return tool_error(str(exc))
    return json.dumps({"cohorts": cohorts, "zones": sorted(set(zones))})


registry.register(name="send_window", toolset="t", schema={}, handler=send_window)
""",
            lines=(18,),
            note="the model's values through `dict.fromkeys(...)` (or `sorted`, `set`, `list`) are still the model's: `ZoneInfo(name)` of one raises ZoneInfoNotFoundError, which `except ValueError` does not catch",
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
from dataclasses import dataclass, field


@dataclass
class Game:
    name: str
    ratings: list = field(default_factory=list)

    @property
    def average(self) -> float:
        return round(sum(self.ratings) / len(self.ratings), 1)


CATALOGUE = {"cascadia": Game("Cascadia"), "heat": Game("Heat", [7, 8])}


def game_details(args, **kw):
    game = CATALOGUE.get(str(args.get("game", "")))
    if game is None:
        return tool_error("no such game")
    return json.dumps({"name": game.name, "average": game.average})


registry.register(name="game_details", toolset="t", schema={}, handler=game_details)
""",
            lines=(24,),
            note="a property read runs its getter, as a call would (`game.average`); a division by the size of a field the class starts empty (`field(default_factory=list)`) raises ZeroDivisionError for a record that has none",
            fixed={},
        ),
        Invalid(
            {
                "plugins/loans/__init__.py": """\
import json
import sqlite3
from datetime import date

SCHEMA = "CREATE TABLE IF NOT EXISTS loans (id INTEGER PRIMARY KEY, isbn TEXT, due_on DATE NOT NULL, returned_on DATE);"


def _connect():
    conn = sqlite3.connect("loans.db", detect_types=sqlite3.PARSE_DECLTYPES)
    conn.row_factory = sqlite3.Row
    conn.executescript(SCHEMA)
    return conn


def overdue_rows(conn, as_of, isbn=None):
    sql = "SELECT id, isbn, due_on FROM loans WHERE returned_on IS NULL AND due_on < ?"
    params = [as_of]
    if isbn:
        sql += " AND isbn = ?"
        params.append(isbn)
    sql += " ORDER BY due_on"
    return conn.execute(sql, params).fetchall()


def overdue(args, **kw):
    as_of = date.today()
    try:
        with _connect() as conn:
            rows = overdue_rows(conn, as_of, args.get("isbn"))
    except sqlite3.Error as exc:
        return json.dumps({"error": str(exc)})
    loans = [dict(r) for r in rows]
    for loan in loans:
        loan["days_overdue"] = (as_of - loan["due_on"]).days
    return json.dumps({"count": len(loans), "loans": loans})


def register(ctx):
    ctx.register_tool(name="overdue", toolset="l", schema={}, handler=overdue)
""",
                "plugins/loans/plugin.yaml": "name: loans\nversion: 0.1.0\ndescription: Loans.\nprovides_tools:\n  - overdue\n",
            },
            findings=(("plugins/loans/__init__.py", 35),),
            note="rows of a query built by `+=` from a SELECT of a DATE column (the statement's start names what it reads), each made a dict in a comprehension: dates json.dumps refuses (a field added beside them changes none of them)",
            fixed={},
        ),
        Invalid(
            {
                "plugins/notes/_toolkit.py": """\
from dataclasses import dataclass
from typing import Callable

TOOLS: list["ToolDef"] = []


@dataclass
class ToolDef:
    schema: dict
    handler: Callable

    @property
    def name(self) -> str:
        return self.schema["name"]


def tool(schema: dict):
    def deco(fn):
        TOOLS.append(ToolDef(schema, fn))
        return fn
    return deco
""",
                "plugins/notes/handlers.py": """\
import json

from ._toolkit import tool

GENERATE = {"name": "notes_generate", "description": "Write notes.", "parameters": {"type": "object", "properties": {}}}
PUBLISH = {"name": "notes_publish", "description": "Publish notes.", "parameters": {"type": "object", "properties": {}}}


@tool(GENERATE)
def generate(args, **kw):
    version = args["version"]
    return json.dumps({"version": version})


@tool(PUBLISH)
def publish(args, **kw):
    return json.dumps({"published": str(args.get("version", ""))})
""",
                "plugins/notes/__init__.py": """\
from . import handlers  # noqa: F401
from ._toolkit import TOOLS


def register(ctx):
    for td in TOOLS:
        ctx.register_tool(name=td.name, toolset="notes", schema=td.schema, handler=td.handler)
""",
                "plugins/notes/plugin.yaml": "name: notes\nversion: 0.1.0\ndescription: Notes.\nprovides_tools:\n  - notes_generate\n  - notes_publish\n",
            },
            findings=(("plugins/notes/handlers.py", 11),),
            note="rows a decorator factory builds (`TOOLS.append(ToolDef(schema, fn))`), each named by a property of the record (`td.name` reads `self.schema['name']`): each row is its own tool, its handler followed",
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
def _monthly(principal, rate, months):
    r = rate / 1200
    return principal * r / (1 - (1 + r) ** -months)


def loan(args, **kw):
    try:
        p = float(args.get("principal", 0))
        rate = float(args.get("rate", 0))
        n = int(args.get("months", 12))
    except (TypeError, ValueError):
        return tool_error("principal, rate and months must be numbers")
    return json.dumps({"payment": round(_monthly(p, rate, n), 2)})


def speed(args, **kw):
    try:
        km = float(args["km"])
        start = float(args["start_h"])
        end = float(args["end_h"])
    except (KeyError, TypeError, ValueError):
        return tool_error("km, start_h and end_h are numbers")
    return json.dumps({"kmh": km / (end - start)})


registry.register(name="loan", toolset="t", schema={}, handler=loan)
registry.register(name="speed", toolset="t", schema={}, handler=speed)
""",
            lines=(16, 26),
            note="a divisor made by arithmetic of the model's numbers is 0 for some of them: the rate 0 of an annuity (`1 - (1 + r) ** -n`, in a helper handed the numbers), the same number for a start and an end",
            fixed={},
        ),
        Invalid(
            {
                "plugins/units/convert.py": """\
C = 299_792_458


def wavelength(freq_hz):
    return C / freq_hz
""",
                "plugins/units/__init__.py": """\
import json

from .convert import wavelength


def freq_to_m(args, **kw):
    try:
        hz = float(args.get("hz", 0))
    except (TypeError, ValueError):
        return json.dumps({"error": "hz must be a number"})
    return json.dumps({"m": wavelength(hz)})


def register(ctx):
    ctx.register_tool(name="freq_to_m", toolset="u", schema={}, handler=freq_to_m)
""",
                "plugins/units/plugin.yaml": "name: units\nversion: 0.1.0\ndescription: Units.\nprovides_tools:\n  - freq_to_m\n",
            },
            findings=(("plugins/units/__init__.py", 11),),
            note="the model's number, converted and not tested, handed to a helper that divides a constant by it (a number divided: no path joined)",
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
from dataclasses import dataclass


@dataclass
class Charge:
    kwh: float
    kw: float
    soc: float = 0.0


def _hours(req):
    return req.kwh / req.kw


def plan(args, **kw):
    try:
        req = Charge(
            kwh=float(args.get("kwh", 10)),
            kw=float(args.get("kw", 7)),
            soc=float(args.get("soc", 20)),
        )
    except (TypeError, ValueError):
        return tool_error("kwh, kw and soc are numbers")
    if not 0 <= req.soc <= 100:
        return tool_error("soc is a percentage")
    return json.dumps({"hours": _hours(req)})


registry.register(name="plan", toolset="t", schema={}, handler=plan)
""",
            lines=(29,),
            note="a dataclass the handler builds of the model's numbers, handed to a helper that divides by one of its fields (`req.kw`), which nothing tests on the way",
            fixed={},
        ),
        Invalid(
            {
                "plugins/radio/units.py": """\
C = 299_792_458.0


def wavelength(hz):
    return C / hz
""",
                "plugins/radio/__init__.py": """\
import json
import math

from . import units


def to_m(args, **kw):
    try:
        hz = float(args.get("hz", 0))
    except (TypeError, ValueError):
        return json.dumps({"error": "hz must be a number"})
    if not math.isfinite(hz) or hz < 0:
        return json.dumps({"error": "hz must be a finite, non-negative number"})
    return json.dumps({"m": units.wavelength(hz)})


def register(ctx):
    ctx.register_tool(name="to_m", toolset="r", schema={}, handler=to_m)
""",
                "plugins/radio/plugin.yaml": "name: radio\nversion: 0.1.0\ndescription: Radio.\nprovides_tools:\n  - to_m\n",
            },
            findings=(("plugins/radio/__init__.py", 14),),
            note="the model's number tested only in ways that let 0 through (`hz < 0`, `math.isfinite`) before a helper divides by it",
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
def sample_size(args, **kw):
    try:
        base = float(args.get("baseline", 0.1))
        rel = float(args.get("lift", 0.1))
    except (TypeError, ValueError):
        return tool_error("numbers please")
    if base > 1:
        base /= 100
    if not 0 < base < 1:
        return tool_error("baseline is a rate between 0 and 1")
    p2 = base * (1 + rel)
    return json.dumps({"n": 16 / (p2 - base) ** 2})


registry.register(name="sample_size", toolset="t", schema={}, handler=sample_size)
""",
            lines=(15,),
            note="a divisor 0 for one of the model's numbers whatever the other values in it hold (`base * (1 + lift) - base` when the lift is 0; the base tested and rebound)",
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
import xml.etree.ElementTree as ET

NS = {"t": "http://example.org/tcx"}


def _lap_hr(lap):
    return [int(tp.find("t:Hr", NS).text) for tp in lap.iterfind("t:Point", NS)]


def tcx_summary(args, **kw):
    try:
        root = ET.parse(str(args.get("path", ""))).getroot()
    except (OSError, ET.ParseError) as exc:
        return tool_error(str(exc))
    laps = [_lap_hr(lap) for i, lap in enumerate(root.iterfind("t:Lap", NS))]
    return json.dumps({"sport": root.find("t:Sport", NS).text, "laps": laps})


registry.register(name="tcx_summary", toolset="t", schema={}, handler=tcx_summary)
""",
            lines=(18, 19),
            note="a search of a document the model names (`ET.parse(path)`), read without a test for None: `find(...).text` raises AttributeError when it lacks the element, also in a helper handed an element",
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
import asyncio
from dataclasses import dataclass
from decimal import Decimal


@dataclass
class Rates:
    table: dict

    def cross(self, src: str, dst: str) -> Decimal:
        return Decimal(str(self.table.get(dst, 1))) / Decimal(str(self.table.get(src, 1)))


def load_rates(refresh: bool) -> Rates:
    return Rates({"EUR": 1, "USD": 1.08})


async def convert(args, **kw):
    rates = await asyncio.to_thread(load_rates, bool(args.get("refresh")))
    out = {"from": "USD", "to": "EUR"}
    if args.get("precise"):
        out["rate"] = rates.cross("USD", "EUR")
    return json.dumps(out)


registry.register(name="convert", toolset="t", schema={}, handler=convert, is_async=True)
""",
            lines=(26,),
            note="what `await asyncio.to_thread(load_rates, flag)` gives is what `load_rates(flag)` returns: its method's Decimal in the reply makes json.dumps raise TypeError",
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
import sqlite3


class CardNotFound(Exception):
    pass


class Stamps:
    def __init__(self, path="stamps.db"):
        self.path = path

    def get_card(self, customer):
        conn = sqlite3.connect(self.path)
        try:
            row = conn.execute("SELECT customer, stamps FROM cards WHERE customer = ?", (customer,)).fetchone()
        finally:
            conn.close()
        if row is None:
            raise CardNotFound(customer)
        return {"customer": row[0], "stamps": row[1]}

    def add(self, customer, count):
        conn = sqlite3.connect(self.path)
        try:
            with conn:
                conn.execute(
                    "INSERT INTO cards (customer, stamps) VALUES (?, ?)"
                    " ON CONFLICT(customer) DO UPDATE SET stamps = stamps + excluded.stamps",
                    (customer, count),
                )
        finally:
            conn.close()
        return self.get_card(customer)


def show_card(args, **kw):
    customer = str(args.get("customer") or "").strip()
    try:
        card = Stamps().get_card(customer)
    except sqlite3.Error as exc:
        return tool_error(str(exc))
    return json.dumps(card)


registry.register(name="show_card", toolset="t", schema={}, handler=show_card)
""",
            lines=(42,),
            note="the same helper asked for a row nobody wrote: its `CardNotFound` escapes",
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
PRICES = {"malt": ("kg", 2.5), "hops": ("g", 0.08)}
TO_KG = {"kg": 1.0, "g": 0.001}


def cost(args, **kw):
    items = args.get("ingredients") or []
    missing = [i.get("name") for i in items if i.get("name") not in PRICES]
    if missing:
        return tool_error(f"no price for {missing}")
    total = 0.0
    for item in items:
        stock_unit, unit_cost = PRICES[item.get("name")]
        unit = item.get("unit") or stock_unit
        total += float(item.get("amount") or 0) * TO_KG[unit] * unit_cost
    return json.dumps({"total": round(total, 2)})


registry.register(name="cost", toolset="t", schema={}, handler=cost)
""",
            lines=(10, 17),
            note="each item's name was tested against the price table, not its unit: a unit the conversion table lacks still raises KeyError (`item.get('unit')` of an item of the model's list is the model's text), and its amount ValueError",
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
from datetime import datetime


def _parse_start(value):
    if not value:
        return datetime.now().replace(minute=0, second=0, microsecond=0)
    value = value.strip()
    if "T" in value or " " in value:
        return datetime.fromisoformat(value)
    return datetime.strptime(value, "%Y-%m-%d").replace(hour=9)


def schedule(args, **kw):
    start = _parse_start(args.get("start"))
    return json.dumps({"start": start.isoformat()})


registry.register(name="schedule", toolset="t", schema={}, handler=schedule)
""",
            lines=(17,),
            note='tests that only ask whether the text was given (`if not value`) or holds a piece (`"T" in value`) pick a parser, they check no format: `next friday` fails both',
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
def month(args, **kw):
    parts = str(args.get("month", "")).strip().split("-")
    if len(parts) != 2 or not any(p.isdecimal() for p in parts):
        return tool_error("month must look like YYYY-MM")
    return json.dumps({"year": int(parts[0]), "month": int(parts[1])})


registry.register(name="month", toolset="t", schema={}, handler=month)
""",
            lines=(8,),
            note="`any(p.isdecimal() for p in parts)` asks one part, not each: `2024-xx` reaches int()",
            fixed={},
        ),
        Invalid(
            {
                "plugins/kb/__init__.py": """\
import asyncio
import functools
import json
import re

ARTICLES = {"printer": "Tray 2 jams when the paper is damp.", "vpn": "Reconnect after sleep."}


def json_tool(fn):
    if asyncio.iscoroutinefunction(fn):
        @functools.wraps(fn)
        async def async_wrapper(args, **kwargs):
            return json.dumps(await fn(args, **kwargs), default=str)
        return async_wrapper

    @functools.wraps(fn)
    def wrapper(args, **kwargs):
        return json.dumps(fn(args, **kwargs), default=str)
    return wrapper


def _rank(query, mode):
    pattern = re.compile(query, re.I) if mode == "regex" else None
    found = []
    for slug, body in ARTICLES.items():
        if mode == "title":
            hit = query.lower() in slug.lower()
        else:
            hit = bool(pattern.search(body)) if pattern else query.lower() in body.lower()
        if hit:
            found.append(slug)
    return found


@json_tool
async def kb_search(args, **kw):
    query = str(args.get("query") or "").strip()
    if not query:
        return {"error": "query is required"}
    mode = args.get("mode") or "keyword"
    if mode not in ("keyword", "regex", "title"):
        return {"error": "mode must be keyword, regex or title"}
    return {"results": await asyncio.to_thread(_rank, query, mode)}


def register(ctx):
    ctx.register_tool(name="kb_search", toolset="kb", schema={}, handler=kb_search, is_async=True)
""",
                "plugins/kb/plugin.yaml": "name: kb\nversion: 0.1.0\ndescription: KB.\nprovides_tools:\n  - kb_search\n",
            },
            findings=(("plugins/kb/__init__.py", 43),),
            note="the model's pattern handed through `asyncio.to_thread(_rank, query, mode)` (its arguments after the first), tested only for being given (`if not query`) and searched for in text (`query.lower() in body.lower()`, no table), reaches `re.compile` (re.error); the decorator picks its async wrapper with `iscoroutinefunction`, and lets it out",
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
import datetime as _dt


def _parse_day(value):
    if value is None or value == "" or value == "today":
        return _dt.date.today()
    if value == "yesterday":
        return _dt.date.today() - _dt.timedelta(days=1)
    return _dt.date.fromisoformat(value.strip())


def laying_rate(args, **kw):
    start = _parse_day(args.get("start"))
    return json.dumps({"start": start.isoformat()})


registry.register(name="laying_rate", toolset="t", schema={}, handler=laying_rate)
""",
            lines=(16,),
            note="a date parser called through a module imported under another name (`import datetime as _dt`), given text whose only tests pick words out (`value == 'today'`): `01/05/2024` does not parse",
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
from datetime import datetime, timedelta, timezone

EPOCH = datetime(1601, 1, 1, tzinfo=timezone.utc)


def _last_set(ticks):
    if ticks:
        return EPOCH + timedelta(microseconds=ticks // 10)
    return None


def _analyse(entry):
    return {"uid": entry.get("uid"), "last_set": _last_set(entry.get("ticks"))}


def expiry_report(args, **kw):
    records = [r for r in (_analyse(e) for e in args.get("entries") or []) if r]
    expired = []
    for r in records:
        if r["uid"]:
            expired.append(r)

    def slim(r):
        if args.get("details"):
            return r
        return {"uid": r["uid"]}

    return json.dumps({"expired": [slim(r) for r in expired]})


registry.register(name="expiry_report", toolset="t", schema={}, handler=expiry_report)
""",
            lines=(20, 31),
            note="a datetime made by arithmetic (`EPOCH + timedelta(...)`) in a helper's dict, kept through a comprehension over a generator, a loop's appends and a helper that hands its row back: json.dumps raises TypeError",
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
from datetime import datetime


def order_status(args, **kw):
    history = args.get("history") or []
    reply = {"id": args.get("id")}
    events = [{"at": datetime.fromisoformat(h["at"]), "event": h.get("event")} for h in history if isinstance(h, dict) and isinstance(h.get("at"), str) and h["at"][:4].isdigit()]
    reply["history"] = sorted(events, key=lambda e: e["at"])
    return json.dumps(reply)


registry.register(name="order_status", toolset="t", schema={}, handler=order_status)
""",
            lines=(10, 12),
            note="`sorted()` of a list the def made of datetimes is still those datetimes: json.dumps raises TypeError",
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
def _number(args, key):
    value = args.get(key, 1)
    value = float(value)
    return value


def ratio(args, **kw):
    try:
        part = _number(args, "part")
        whole = _number(args, "whole")
    except (TypeError, ValueError):
        return tool_error("part and whole must be numbers")
    return json.dumps({"ratio": part / whole})


registry.register(name="ratio", toolset="t", schema={}, handler=ratio)
""",
            lines=(16,),
            note="a helper that makes the model's text a number in place (`value = float(value)`) and never tests it: 0 divides",
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
import sqlite3


def _cancel(conn, slot_id=None, student=None):
    where, params = ["active=1"], []
    if slot_id is not None:
        where.append("id=?")
        params.append(slot_id)
    if student:
        where.append("student=?")
        params.append(student)
    sql = " AND ".join(where)
    return conn.execute(f"UPDATE slots SET active=0 WHERE {sql}", params).rowcount


SCHEMA = {
    "name": "lesson_cancel",
    "description": "Cancel a weekly lesson.",
    "parameters": {"type": "object", "properties": {"slot_id": {"type": "integer"}}},
}


def lesson_cancel(args, **kw):
    try:
        conn = sqlite3.connect("lessons.db")
        done = _cancel(conn, slot_id=args.get("slot_id"), student=args.get("student"))
    except sqlite3.Error as exc:
        return tool_error(str(exc))
    return json.dumps({"cancelled": done})


registry.register(name="lesson_cancel", toolset="t", schema=SCHEMA, handler=lesson_cancel)
""",
            lines=(29,),
            note="the model's integer appended to the statement's parameters one condition at a time: sqlite raises OverflowError past 2**63 - 1, which `except sqlite3.Error` does not catch",
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
import re

_QTY = re.compile(r"^(\\d+)\\s*(\\w+)$")
_UNITS = {"s": 1, "min": 60, "h": 3600}
_ROOT = re.compile(r"^(?P<root>[A-Za-z])(?P<quality>.*)$")
_INDEX = {"C": 0, "D": 2, "E": 4, "F": 5, "G": 7, "A": 9, "B": 11}


def interval(args, **kw):
    m = _QTY.match(str(args.get("every") or ""))
    if not m:
        return tool_error("use e.g. 5 min")
    return json.dumps({"seconds": int(m.group(1)) * _UNITS[m.group(2).lower()]})


def chord_root(args, **kw):
    m = _ROOT.match(str(args.get("chord") or ""))
    if not m:
        return tool_error("not a chord")
    return json.dumps({"index": _INDEX[m["root"]]})


registry.register(name="interval", toolset="t", schema={}, handler=interval)
registry.register(name="chord_root", toolset="t", schema={}, handler=chord_root)
""",
            lines=(16, 23),
            note="a table looked up by a pattern's group that can be any word (`(\\w+)`), or any letter where the table holds seven: the pattern tested the form, not the entry (KeyError)",
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
def _time_sig(args):
    sig = str(args.get("time_signature") or "4/4").strip()
    num, den = sig.split("/")
    return int(num), int(den)


def bar_seconds(args, **kw):
    try:
        num, den = _time_sig(args)
    except ValueError:
        return tool_error("time_signature must look like 3/4")
    return json.dumps({"seconds": num * 2.0 / den})


registry.register(name="bar_seconds", toolset="t", schema={}, handler=bar_seconds)
""",
            lines=(15,),
            note="an item of a helper's tuple that is `int()` of a part of the model's text (`4/0`): 0 divides",
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
import functools


def ratio(num, den):
    return num / den


four_over = functools.partial(ratio, 4)


def split(args, **kw):
    try:
        parts = float(args["parts"])
    except (KeyError, TypeError, ValueError):
        return tool_error("parts must be a number")
    return json.dumps({"each": four_over(parts)})


registry.register(name="split", toolset="t", schema={}, handler=split)
""",
            lines=(19,),
            note="a partial's own argument fills the first parameter, the model's number the second: the divisor, which may be 0",
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
from datetime import datetime


def _stamp(name):
    return {"name": name, "seen": datetime.now()}


def roster(args, **kw):
    rows = [_stamp(n) for n in args.get("names") or []]

    def shown(row):
        if args.get("details"):
            return row
        return {"name": row["name"]}

    return json.dumps({"rows": [shown(row) for row in rows]})


registry.register(name="roster", toolset="t", schema={}, handler=roster)
""",
            lines=(12, 19),
            note="a comprehension's own name handed to a helper that hands it back (`[shown(row) for row in rows]`): a row of the list, which holds a datetime",
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
import csv
from pathlib import Path


def read_frames(path):
    with path.open(newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            yield {"target": row.get("target") or "?", "exposure": float(row["exposure"])}


def summarise(frames):
    out = {}
    for f in frames:
        out[f["target"]] = out.get(f["target"], 0.0) + f["exposure"]
    return out


def capture_import(args, **kw):
    path = Path("captures") / str(args.get("file") or "log.csv")
    if not path.is_file():
        return tool_error("no such capture log")
    return json.dumps({"targets": summarise(read_frames(path))})


registry.register(name="capture_import", toolset="t", schema={}, handler=capture_import)
""",
            lines=(25,),
            note="a generator handed to a helper that loops over it: `float()` of a column of a file the model names (`n/a`) raises ValueError there",
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
from pathlib import Path


def _index_seconds(stamp):
    mm, ss, ff = (int(x) for x in stamp.split(":"))
    return mm * 60 + ss + ff / 75


def _parse(text):
    starts = []
    for raw in text.splitlines():
        keyword, _, rest = raw.strip().partition(" ")
        if keyword == "INDEX":
            num, stamp = rest.split()
            starts.append(_index_seconds(stamp))
    return starts


def cue_parse(args, **kw):
    text = args.get("text")
    path = args.get("path")
    if path:
        try:
            text = Path("library", str(path)).read_text(errors="replace")
        except OSError as exc:
            return tool_error(str(exc))
    return json.dumps({"starts": _parse(str(text))})


registry.register(name="cue_parse", toolset="t", schema={}, handler=cue_parse)
""",
            lines=(30,),
            note="the model's text, or the text of a file it names: either way a line without two words does not unpack (ValueError)",
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
from collections import defaultdict
from fractions import Fraction

POINTS = {"1-0": (Fraction(1), Fraction(0)), "1/2-1/2": (Fraction(1, 2), Fraction(1, 2))}


def _tally(games):
    score = defaultdict(Fraction)
    for g in games:
        pw, pb = POINTS.get(g.get("result"), (Fraction(0), Fraction(0)))
        score[g.get("white")] += pw
        score[g.get("black")] += pb
    return score, len(games)


def _shown(x):
    return int(x) if x.denominator == 1 else x


def standings(args, **kw):
    games = [g for g in args.get("games") or [] if isinstance(g, dict)]
    score, count = _tally(games)
    rows = [{"name": n, "points": _shown(score[n])} for n in score]
    return json.dumps({"rows": rows, "games": count})


registry.register(name="standings", toolset="t", schema={}, handler=standings)
""",
            lines=(24, 27),
            note="a value of a `defaultdict(Fraction)` (an item of the tuple a helper returns), handed to a helper that gives it back when it is no whole number: json.dumps refuses a Fraction",
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
import re
from pathlib import Path

_ID = re.compile(r"^[A-Za-z0-9_-]{3,32}$")


def _read(member_id):
    return json.loads((Path.home() / ".cache" / "cards" / f"{member_id}.json").read_text())


def card_balance(args, **kw):
    member = str(args.get("member_id") or "").strip()
    if not _ID.match(member):
        return tool_error("member_id must be 3-32 letters, digits, - or _")
    return json.dumps(_read(member))


registry.register(name="card_balance", toolset="t", schema={}, handler=card_balance)
""",
            lines=(18,),
            note="a file named by the model's id, whose form a pattern tested: no test of the form says the file is there (FileNotFoundError)",
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
from datetime import date


def bookings(args, **kw):
    day = args.get("date")
    if day:
        day = date.fromisoformat(day).isoformat()
    return json.dumps({"day": day})


registry.register(name="bookings", toolset="t", schema={}, handler=bookings)
""",
            lines=(10,),
            note="a name rebound to what is parsed of itself (`day = date.fromisoformat(day)...`): the `day` read there is still the model's text (ValueError for `tomorrow`)",
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
from pathlib import Path

SKILLS = Path.home() / "skills"


def _validate(rel):
    if ".." in rel.split("/"):
        return "no parent folders"
    return None


def _resolve(base, rel):
    return base / rel, None


def _remove(name, rel):
    err = _validate(rel)
    if err:
        return {"success": False, "error": err}
    target, err = _resolve(SKILLS / name, rel)
    if err:
        return {"success": False, "error": err}
    if not target.exists():
        return {"success": False, "error": "not found"}
    target.unlink()
    return {"success": True}


def skill_file_remove(args, **kw):
    return json.dumps(_remove(str(args.get("name") or ""), str(args.get("file_path") or "")))


registry.register(name="skill_file_remove", toolset="t", schema={}, handler=skill_file_remove)
""",
            lines=(33,),
            note="a helper whose answer is tested (`err = _validate(rel)`) asked while the def's bindings are still being read; the model's path from an item of a helper's tuple, there (`exists()`) but a folder: IsADirectoryError",
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
from datetime import timedelta

SCHEMA = {
    "name": "clock",
    "description": "Format seconds.",
    "parameters": {"type": "object", "properties": {"seconds": {"type": "number"}}},
}


def _format(args):
    secs = args["seconds"]
    if isinstance(secs, bool) or not isinstance(secs, (int, float)):
        raise ValueError("seconds must be a number")
    return {"clock": str(timedelta(seconds=secs))}


def clock(args, **kw):
    try:
        return json.dumps(_format(args))
    except (KeyError, ValueError) as exc:
        return tool_error(str(exc))


registry.register(name="clock", toolset="t", schema=SCHEMA, handler=clock)
""",
            lines=(22,),
            note="the arguments handed to a helper: what the schema declares a number without a range is the model's number there too, and `timedelta(seconds=1e30)` raises OverflowError",
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
from pathlib import Path


def _archive():
    return Path.home() / "chess" / "pgn"


def _resolve(name):
    p = Path(name)
    if not p.suffix:
        p = p.with_suffix(".pgn")
    if not p.is_absolute():
        p = _archive() / p
    return p


def game_count(args, **kw):
    name = str(args.get("file") or "")
    with open(_resolve(name), encoding="utf-8", errors="replace") as fh:
        return json.dumps({"games": fh.read().count("[Event ")})


registry.register(name="game_count", toolset="t", schema={}, handler=game_count)
""",
            lines=(22,),
            note="a helper that rebinds the model's path to itself changed (`p = p.with_suffix(...)`, `p = base / p`) hands it back: the file may not be there (or be a folder)",
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
import re

_FIELD = re.compile(r"^([A-Za-z]):\\s*(.*)$")


def _tempo(value):
    return int(value.rsplit("=", 1)[1].strip())


def _tempos(text):
    found = []
    for raw in text.splitlines():
        m = _FIELD.match(raw.split("%", 1)[0].rstrip())
        if m:
            tag, value = m.group(1), m.group(2).strip()
            if tag == "Q":
                found.append(_tempo(value))
    return found


def tune_tempos(args, **kw):
    text = args.get("abc")
    if not isinstance(text, str) or not text:
        return tool_error("abc is required")
    return json.dumps({"tempos": _tempos(text)})


registry.register(name="tune_tempos", toolset="t", schema={}, handler=tune_tempos)
""",
            lines=(28,),
            note="a pattern's group of free text (`(.*)`) is the model's text past the match: `rsplit(\"=\", 1)[1]` of it raises IndexError (and `int()` ValueError) when it holds no `=`",
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
BARS = {"|", "||"}


def _shift(tok, steps):
    return str(int(tok) + steps)


def transpose(args, **kw):
    text = str(args.get("chart") or "")
    steps = 2
    out = [tok if tok in BARS else _shift(tok, steps) for tok in text.split()]
    return json.dumps({"chart": " ".join(out)})


registry.register(name="transpose", toolset="t", schema={}, handler=transpose)
""",
            lines=(14,),
            note="`tok if tok in BARS else _shift(tok)`: the membership test holds in the first branch only; the other converts any other text the model sends",
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
from pathlib import Path


def _pairs(text):
    found = {}
    for line in text.splitlines():
        key, value = line.split("=", 1)
        found[key] = value
    return found


class Library:
    def read(self, name):
        return (Path.home() / "lib" / name).read_text()


def read_pairs(args, **kw):
    text = args.get("text")
    if not text and args.get("file"):
        try:
            text = Library().read(str(args["file"]))
        except (OSError, UnicodeDecodeError) as exc:
            return tool_error(str(exc))
    if not text or not isinstance(text, str):
        return tool_error("pass text or file")
    return json.dumps(_pairs(text))


registry.register(name="read_pairs", toolset="t", schema={}, handler=read_pairs)
""",
            lines=(29,),
            note='`if not text and args.get("file"): text = ...` fills in a value only when none came: the rest of the time the name holds the model\'s text, and unpacking `line.split("=", 1)` raises ValueError on a line with no `=`',
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
import statistics


def _summary(values):
    return {"count": len(values), "low": min(values), "mean": statistics.mean(values)}


def length_stats(args, **kw):
    strings = args.get("strings") or []
    return json.dumps({"stats": _summary([len(s) for s in strings])})


registry.register(name="length_stats", toolset="t", schema={}, handler=length_stats)
""",
            lines=(13, 13),
            note='a list the model may leave empty (`args.get("strings") or []`) handed to a helper that takes its `min()` (ValueError) and mean (StatisticsError); `len(values)` reported in the answer tests nothing',
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
from statistics import mean


def _cover(item):
    sales = [float(x) for x in item.get("sales") or []]
    if not sales:
        return None
    return float(item.get("stock") or 0) / mean(sales)


def restock(args, **kw):
    items = args.get("items")
    if not isinstance(items, list):
        return tool_error("items must be a list")
    try:
        covers = [_cover(it) for it in items if isinstance(it, dict)]
    except (TypeError, ValueError) as exc:
        return tool_error(str(exc))
    return json.dumps({"covers": covers})


registry.register(name="restock", toolset="t", schema={}, handler=restock)
""",
            lines=(19,),
            note='a helper given one of the model\'s objects reads its numbers (`item.get("sales")`): their mean is 0 when the model sends zeros, and dividing by it raises ZeroDivisionError',
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
import functools
import os


class ApiError(Exception):
    pass


class NotFound(ApiError):
    pass


class Client:
    def __init__(self, key):
        self.key = key

    def lookup(self, name):
        if not name:
            raise NotFound(name)
        raise ApiError(f"no network for {name}")


def needs_client(fn):
    @functools.wraps(fn)
    def wrapper(args, **kwargs):
        key = os.environ.get("LOOKUP_KEY", "")
        if not key:
            return tool_error("LOOKUP_KEY is not set")
        return fn(Client(key), args, **kwargs)

    return wrapper


@needs_client
def find(client, args, **kw):
    try:
        found = client.lookup(str(args.get("name") or ""))
    except NotFound:
        return tool_error("not found")
    return json.dumps({"found": found})


registry.register(name="find", toolset="t", schema={}, handler=find)
""",
            lines=(40,),
            note="a decorator that hands the def a client before the model's arguments (`fn(Client(key), args, **kw)`): the def's second parameter is the arguments, its first the client, whose call raises the base class the def does not catch",
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
import sqlite3
from datetime import date


def reading_stats(args, **kw):
    conn = sqlite3.connect("reading.db")
    conn.row_factory = sqlite3.Row
    try:
        rows = conn.execute("SELECT finished_on FROM items WHERE finished_on IS NOT NULL").fetchall()
    except sqlite3.Error as exc:
        return tool_error(str(exc))
    finally:
        conn.close()
    last = max((date.fromisoformat(r["finished_on"]) for r in rows), default=None)
    return json.dumps({"finished": len(rows), "last_finished": last})


registry.register(name="reading_stats", toolset="t", schema={}, handler=reading_stats)
""",
            lines=(18,),
            note="`max()` of dates made one by one is one of those dates, which json.dumps refuses (TypeError) once there is one",
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
from pathlib import Path


def _parse(version):
    major, minor, patch = version.strip().lstrip("v").split(".")
    return int(major), int(minor), int(patch)


def bump(args, **kw):
    current, source = args.get("current"), "argument"
    if not current:
        path = Path("VERSION")
        if path.is_file():
            current, source = path.read_text(encoding="utf-8"), "file"
        else:
            current, source = "0.0.0", "default"
    major, minor, patch = _parse(current)
    return json.dumps({"version": f"{major}.{minor}.{patch + 1}", "from": source})


registry.register(name="bump", toolset="t", schema={}, handler=bump)
""",
            lines=(20,),
            note="`if not current: current, source = ...` fills in a value (two at a time) only when none came: the rest of the time the name holds the model's text, which `_parse` unpacks into three parts (ValueError on `1.2`)",
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
MASS = {"g": 1.0, "kg": 1000.0}
FOODS = {"rice": {"kcal": 130.0}, "egg": {"kcal": 155.0}}


def _to_grams(amount, unit):
    unit = str(unit or "g").strip().lower()
    if unit in MASS:
        return amount * MASS[unit]
    raise ValueError(f"unknown unit {unit!r}")


def _scaled(food, grams):
    return {k: v * grams / 100.0 for k, v in FOODS[food].items()}


def meal(args, **kw):
    total = 0.0
    try:
        for item in args.get("items") or []:
            food = str(item.get("food") or "").strip().lower()
            grams = _to_grams(float(item.get("amount") or 0), item.get("unit"))
            total += _scaled(food, grams)["kcal"]
    except (TypeError, ValueError) as exc:
        return tool_error(str(exc))
    return json.dumps({"kcal": total})


registry.register(name="meal", toolset="t", schema={}, handler=meal)
""",
            lines=(25,),
            note="a helper's check of one field of the model's object (`_to_grams(..., item.get(\"unit\"))` raises unless the unit is an entry) says nothing of its other fields: `FOODS[food]` still misses",
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
import statistics


def _average(scores, drop=0):
    kept = sorted(float(s) for s in scores)[drop:]
    return statistics.fmean(kept)


class GradeError(Exception):
    pass


def _weighted(scores, weights):
    unknown = [c for c in scores if c not in weights]
    if unknown:
        raise GradeError(f"no weight for {unknown}")
    total = 0.0
    for cat, values in scores.items():
        total += _average(values) * weights[cat]
    return total


def weighted_grade(args, **kw):
    scores = args.get("scores") or {}
    weights = args.get("weights") or {}
    try:
        total = _weighted(scores, weights)
    except GradeError as exc:
        return tool_error(str(exc))
    return json.dumps({"total": total})


registry.register(name="weighted_grade", toolset="t", schema={}, handler=weighted_grade)
""",
            lines=(30,),
            note="a value of the model's dict (`for cat, values in scores.items()`) may be an empty list: the mean of what is left of it raises StatisticsError; a test of each key says nothing of the values",
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
import requests


def head(args, **kw):
    url = str(args.get("url") or "")
    if not url.startswith(("http://", "https://")):
        return tool_error("url must start with http:// or https://")
    try:
        timeout = min(float(args.get("timeout") or 10), 60.0)
    except (TypeError, ValueError):
        timeout = 10.0
    try:
        resp = requests.head(url, timeout=timeout)
    except requests.RequestException as exc:
        return tool_error(str(exc))
    return json.dumps({"status": resp.status_code})


registry.register(name="head", toolset="t", schema={}, handler=head)
""",
            lines=(16,),
            note="a timeout the model sends, kept below 60 but not above 0: requests raises ValueError on a negative one, which `except requests.RequestException` misses",
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
DEFAULT = "{show} - {title}"


def _render(template, meta):
    return template.format(**meta).strip()


def rename(args, **kw):
    meta = {"show": "Tech Talk", "title": "Episode 1"}
    template = args.get("template") or DEFAULT
    try:
        name = _render(template, meta)
    except KeyError as exc:
        return tool_error(f"unknown field {exc}")
    return json.dumps({"name": name})


registry.register(name="rename", toolset="t", schema={}, handler=rename)
""",
            lines=(15,),
            note="`template.format(**meta)` of the model's template raises ValueError on a stray brace (and IndexError on `{0}`), which `except KeyError` misses",
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
from string import Formatter


def _placeholders(body):
    return [field for _, field, _, _ in Formatter().parse(body) if field]


def render(args, **kw):
    body = args.get("template")
    values = args.get("values") or {}
    if not isinstance(body, str) or not isinstance(values, dict):
        return tool_error("template must be text and values an object")
    try:
        text = body.format_map(values)
    except KeyError as exc:
        missing = [p for p in _placeholders(body) if p not in values]
        return tool_error(f"no value for {exc}", missing=missing)
    return json.dumps({"text": text})


registry.register(name="render", toolset="t", schema={}, handler=render)
""",
            lines=(17,),
            note="the items of what a helper makes of the template (`_placeholders(body)`), tested against the values, say nothing of the template itself: `format_map` still raises ValueError on a stray brace",
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
import re

_WORD = re.compile(r"[A-Za-z']+")


def _per_word(syllables, words):
    return syllables / words


def text_stats(args, **kw):
    text = args.get("text")
    if not isinstance(text, str) or not text.strip():
        return tool_error("text is empty")
    words = _WORD.findall(text)
    syllables = sum(max(1, len(re.findall(r"[aeiouy]+", w.lower()))) for w in words)
    average = sum(map(len, words)) / max(len(words), 1)
    return json.dumps({"average": average, "per_word": _per_word(syllables, len(words))})


registry.register(name="text_stats", toolset="t", schema={}, handler=text_stats)
""",
            lines=(20,),
            note="the words a pattern finds in the model's text may be none (`12345` is not blank): their count handed to a helper divides by 0; `max(len(words), 1)` elsewhere guards only that division",
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
import base64
import binascii


def b64_decode(args, **kw):
    text = str(args.get("text") or "")
    try:
        out = base64.b64decode(text.strip(), validate=True).decode("utf-8")
    except binascii.Error as exc:
        return tool_error(f"not base64: {exc}")
    return json.dumps({"text": out})


registry.register(name="b64_decode", toolset="t", schema={}, handler=b64_decode)
""",
            lines=(11,),
            note='the bytes the model\'s base64 spells need not be UTF-8 (`/w==` is one 0xff byte): `.decode("utf-8")` raises UnicodeDecodeError, which `except binascii.Error` misses',
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
def fill_percent(args, **kw):
    args = args or {}
    result = {"total": 42.0}
    if args.get("target_minutes") is not None:
        target = float(args["target_minutes"]) * 60
        result["fill"] = round(100 * result["total"] / target, 1)
    return json.dumps(result)


registry.register(name="fill_percent", toolset="t", schema={}, handler=fill_percent)
""",
            lines=(8, 9),
            note="`args = args or {}` keeps the model's arguments; a test that the value `is not None` leaves 0 in: ValueError on text, ZeroDivisionError on 0",
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
import re
from datetime import date

_DAY = re.compile(r"^(?:(\\d{1,2})\\s+)?(\\d{3,4})$")


def _parse(raw):
    m = _DAY.match(raw)
    if not m:
        return None
    day, year = m.groups()
    return date(int(year), 1, int(day) if day else 1)


def day_of(args, **kw):
    found = _parse(str(args.get("when", "")))
    if found is None:
        return tool_error("not a date")
    return json.dumps({"date": found.isoformat()})


registry.register(name="day_of", toolset="t", schema={}, handler=day_of)
""",
            lines=(19,),
            note="`day, year = m.groups()`: each the digits a group matched, so `date(...)` of them raises ValueError on day 99 or year 0000",
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
import re
from datetime import timedelta

_ISO = re.compile(r"^P(?:(?P<days>\\d+)D)?(?:T(?:(?P<hours>\\d+)H)?)?$")


def _duration(text):
    m = _ISO.match(text.upper())
    return timedelta(**{k: int(v) for k, v in m.groupdict().items() if v})


def every(args, **kw):
    raw = " ".join(str(args.get("rule") or "").split())
    step = _duration(raw) if raw else timedelta(days=1)
    return json.dumps({"seconds": step.total_seconds()})


registry.register(name="every", toolset="t", schema={}, handler=every)
""",
            lines=(17,),
            note="a match of the model's text read (`m.groupdict()`) with no test that it matched: `P1M` leaves it None, AttributeError",
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
ROWS = [{"path": "/a", "ms": 12.0}, {"path": "/b", "ms": 40.0}]


def slowest(args, **kw):
    prefix = str(args.get("prefix") or "")
    times = sorted(r["ms"] for r in ROWS if r["path"].startswith(prefix))
    last = times[-1]
    middle = rank(times, 50)
    return json.dumps({"max": last, "p50": middle, "top": max(times)})


def rank(values, pct):
    k = max(0, int(pct / 100 * len(values)) - 1)
    return values[k]


registry.register(name="slowest", toolset="t", schema={}, handler=slowest)
""",
            lines=(10, 11, 12),
            note="a list the model's value filters can be empty: its last item, a rank in it (in a helper) and its max() raise",
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
import os


def _read(path):
    with open(path, encoding="utf-8") as fh:
        return fh.read()


def env_diff(args, **kw):
    left = os.path.abspath(str(args.get("left") or ".env.example"))
    right = os.path.abspath(str(args.get("right") or ".env"))
    for p in (left, right):
        if not os.path.exists(p):
            return tool_error(f"no file at {p}")
    try:
        a = _read(left)
    except UnicodeDecodeError:
        return tool_error("not UTF-8")
    return json.dumps({"text": a})


registry.register(name="env_diff", toolset="t", schema={}, handler=env_diff)
""",
            lines=(19,),
            note="each path tested in a loop only to exist, then opened by a helper: a folder exists too, IsADirectoryError",
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
METHODS = ("competition", "dense")
SHOWN = ("competition", "dense", "ordinal")


def rank_rows(rows, *, method="competition"):
    if method not in METHODS:
        raise ValueError(f"unknown ranking method {method!r}")
    return sorted(rows)


def standings(args, **kw):
    method = args.get("method") or "competition"
    if method not in SHOWN:
        return tool_error("method must be competition, dense or ordinal")
    return json.dumps({"ranked": rank_rows([3, 1, 2], method=method)})


registry.register(name="standings", toolset="t", schema={}, handler=standings)
""",
            lines=(18,),
            note="the handler tests the method against another table (`ordinal` passes it), so the helper's raise on what is not in METHODS can fire",
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
from datetime import date


def _parse(text):
    try:
        return date.fromisoformat(text)
    except ValueError:
        return None


def _card(cards, card_id):
    if card_id not in cards:
        return None
    return cards[card_id]


def year_of(args, **kw):
    when = _parse(str(args.get("when", "")))
    return json.dumps({"year": when.year})


def due_of(args, **kw):
    card = _card({"a": {"due": "2024-01-01"}}, args.get("id"))
    return json.dumps({"due": card["due"]})


registry.register(name="year_of", toolset="t", schema={}, handler=year_of)
registry.register(name="due_of", toolset="t", schema={}, handler=due_of)
""",
            lines=(22, 27),
            note="a helper that answers None for some of the model's values (in an `except`, under a test), its answer read with no test: AttributeError on `.year`, TypeError on `[due]`",
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
import re

STATION = re.compile(r"^[A-Z]{4}$")


def _decode(raw):
    tokens = raw.strip().upper().split()
    return {"station": STATION.match(tokens.pop(0)).group(0), "rest": tokens}


def metar(args, **kw):
    return json.dumps(_decode(str(args.get("report", ""))))


registry.register(name="metar", toolset="t", schema={}, handler=metar)
""",
            lines=(15,),
            note="the first word popped off the model's text (IndexError on blank text) is matched and read with no test (AttributeError when it is no station code)",
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
ACTIONS = {"list": "listing", "add": "adding"}


def todo(args, **kw):
    action = args.get("action") or "list"
    try:
        doing = ACTIONS[action]
    except KeyError:
        return tool_error(f"unknown action {action!r}")
    return json.dumps({"doing": doing})


def todo_get(args, **kw):
    doing = ACTIONS.get(args.get("action"))
    if doing is None:
        return tool_error("unknown action")
    return json.dumps({"doing": doing})


registry.register(name="todo", toolset="t", schema={}, handler=todo)
registry.register(name="todo_get", toolset="t", schema={}, handler=todo_get)
""",
            lines=(10, 17),
            note='a dict looked up by the model\'s value as it came: a list (`["add"]`) is no key, TypeError, which `except KeyError` and a None test miss',
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
def search(args, **kw):
    query = (args.get("query") or "").strip()
    if not query:
        return tool_error("query is required")
    return json.dumps({"query": query})


def page(args, **kw):
    try:
        size = int(args.get("size", 20))
    except ValueError:
        return tool_error("size must be a whole number")
    return json.dumps({"size": size})


registry.register(name="search", toolset="t", schema={}, handler=search)
registry.register(name="page", toolset="t", schema={}, handler=page)
""",
            lines=(5, 13),
            note="the model's value as it came: `.strip()` of a number or a list raises AttributeError; `int()` of a list or null raises TypeError, which `except ValueError` misses",
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
def tag_all(args, **kw):
    out = []
    for tag in args.get("tags") or []:
        out.append(str(tag).lower())
    return json.dumps({"tags": out})


registry.register(name="tag_all", toolset="t", schema={}, handler=tag_all)
""",
            lines=(6,),
            note="a loop over the model's value as it came: a number is no list (TypeError: not iterable)",
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
import os


def scan_folder(args, **kw):
    folder = os.path.expanduser(args.get("folder") or "~/Pictures")
    if not os.path.isdir(folder):
        return tool_error(f"not a folder: {folder}")
    names = sorted(n for n in os.listdir(folder) if n.lower().endswith((".jpg", ".png")))
    return json.dumps({"folder": folder, "images": names})


registry.register(name="image_folder_scan", toolset="t", schema={}, handler=scan_folder)
""",
            lines=(8,),
            note="the model's value made a path as it came: a number or a list has no path (TypeError)",
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
from dataclasses import asdict, dataclass
from datetime import datetime
from typing import Optional


@dataclass
class Station:
    id: str
    last_report: Optional[datetime] = None

    @classmethod
    def from_payload(cls, payload):
        stamp = payload.get("last_report")
        return cls(id=str(payload.get("id", "")), last_report=datetime.fromtimestamp(stamp) if isinstance(stamp, int) else None)


def search(args, **kw):
    rows = [Station.from_payload(r) for r in [{"id": "KSFO", "last_report": 1700000000}]]
    ranked = []
    for st in rows:
        ranked.append({**asdict(st), "distance_km": 1.0})
    return json.dumps({"stations": ranked[:10]})


registry.register(name="station_search", toolset="t", schema={}, handler=search)
""",
            lines=(25,),
            note="`asdict()` of a record whose class declares a datetime field that the code sets (`last_report=...`), through a loop over the records and a slice: the encoder refuses the datetime",
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
from pathlib import Path

STORE = Path.home() / ".playlists.json"


def _load():
    try:
        return json.loads(STORE.read_text())
    except (OSError, ValueError):
        return {"playlists": {}}


def add_track(args, **kw):
    playlist = args.get("playlist")
    if not playlist:
        return tool_error("playlist is required")
    store = _load()
    pl = store["playlists"].get(playlist)
    if pl is None:
        return tool_error(f"no playlist {playlist!r}")
    pl.setdefault("tracks", []).append(str(args.get("title") or "untitled"))
    return json.dumps({"playlist": playlist, "tracks": len(pl["tracks"])})


registry.register(name="playlist_add_track", toolset="t", schema={}, handler=add_track)
""",
            lines=(21,),
            note="a part of a stored record asked with `.get()` for the model's value as it came: a list has no hash (TypeError)",
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
def _slug(title):
    if not title:
        raise ValueError("title is required")
    return title.strip().lower().replace(" ", "_")


def summary(title, lang="en"):
    try:
        slug = _slug(title)
    except ValueError as exc:
        return tool_error(str(exc))
    return json.dumps({"page": f"{lang}/{slug}"})


registry.register(
    name="wiki_summary",
    toolset="t",
    schema={},
    handler=lambda args, **kw: summary(args.get("title"), args.get("lang", "en")),
)
""",
            lines=(12,),
            note="the model's value as it came, handed by a lambda to a def and on to a helper that tests only its truth: a number has no `.strip()` (AttributeError)",
            fixed={},
        ),
        Invalid(
            {
                "plugins/wiki/__init__.py": """\
from .handlers import wiki_related, wiki_summary

_SPECS = {
    wiki_summary: ("wiki_summary", "Summary of an article.", {"title": {"type": "string", "description": "Title"}}),
    wiki_related: ("wiki_related", "Related articles.", {"title": {"type": "string", "description": "Title"}}),
}


def register(ctx):
    for handler, (name, description, props) in _SPECS.items():
        ctx.register_tool(
            name=name,
            toolset="wiki",
            schema={"name": name, "description": description, "parameters": {"type": "object", "properties": props}},
            handler=handler,
        )
""",
                "plugins/wiki/handlers.py": """\
import json


def _page(title):
    return title.strip().replace(" ", "_")


def wiki_summary(args, **kw):
    title = args.get("title")
    if not title:
        return json.dumps({"error": "title is required"})
    try:
        page = _page(title)
    except OSError as exc:
        return json.dumps({"error": str(exc)})
    return json.dumps({"page": page})


def wiki_related(args, **kw):
    title = args.get("title")
    if not isinstance(title, str) or not title:
        return json.dumps({"error": "title must be text"})
    return json.dumps({"page": _page(title)})
""",
                "plugins/wiki/plugin.yaml": "name: wiki\\nversion: 0.1.0\\n"
                "description: Wikipedia\\nprovides_tools: [wiki_summary, wiki_related]\\n",
            },
            findings=(("plugins/wiki/handlers.py", 13),),
            note="tools registered from a dict keyed by their handlers (`for handler, spec in _SPECS.items()`); the model's value handed to a helper in a `try` whose `except OSError` takes nothing a wrong type raises: the helper's `.strip()` raises AttributeError on a number (not where the value was tested to be text)",
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
def citation_counts(args, **kw):
    ids = [i.strip() for i in args.get("ids", [])]
    if not ids:
        return tool_error("ids is empty")
    return json.dumps({"ids": ids})


SCHEMA = {"type": "object", "properties": {"ids": {"type": "array", "items": {"type": "string"}, "description": "arXiv ids"}}}
registry.register(name="citation_counts", toolset="t", schema={"name": "citation_counts", "description": "d", "parameters": SCHEMA}, handler=citation_counts)
""",
            lines=(5,),
            note="each item of a list the schema declares is as the model sent it: `.strip()` of a number raises AttributeError (Hermes checks no item's type)",
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
from dataclasses import dataclass
from datetime import date, datetime
from fractions import Fraction
from typing import Optional


@dataclass
class Item:
    name: str
    expires_on: Optional[date]


def _ok(data):
    return json.dumps({"success": True, **data})


def _next_change(hours, now):
    for hour in hours:
        candidate = now.replace(hour=hour, minute=0)
        if candidate > now:
            return candidate
    return None


def moments(ways, total):
    mean = Fraction(sum(i * w for i, w in enumerate(ways)), total)
    return mean, mean * mean


def schedule(args, **kw):
    result = {"hours": [6, 18]}
    result["next_change"] = _next_change([6, 18], datetime.now())
    return _ok(result)


def odds(args, **kw):
    mean, var = moments([1, 2, 1], 4)
    return json.dumps({"mean": mean + 1, "variance": var})


def expiring(args, **kw):
    items = [Item("milk", date(2030, 1, 2)), Item("eggs", date(2030, 1, 5))]
    return json.dumps({"next": min(i.expires_on for i in items)})


registry.register(name="schedule", toolset="t", schema={}, handler=schedule)
registry.register(name="odds", toolset="t", schema={}, handler=odds)
registry.register(name="expiring", toolset="t", schema={}, handler=expiring)
""",
            lines=(36, 41, 46),
            note="what JSON refuses, through the project's own code: a helper that `json.dumps` what it is handed (`_ok(result)`), a datetime a helper makes of its parameter (`now.replace(...)`), Fraction arithmetic, `min()` of a date field the rows' class declares",
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
import sqlite3
from datetime import date

_IO_ERRORS = (OSError, sqlite3.Error, json.JSONDecodeError)
_INPUT_ERRORS = (ValueError, TypeError)


def report(args, **kw):
    try:
        as_of = date.fromisoformat(args["as_of"]) if args.get("as_of") else date.today()
    except _IO_ERRORS as exc:
        return tool_error(str(exc))
    try:
        days = int(args.get("days") or 7)
    except _INPUT_ERRORS:
        return tool_error("days must be a number")
    return json.dumps({"as_of": as_of.isoformat(), "days": days})


registry.register(name="report", toolset="t", schema={}, handler=report)
""",
            lines=(13,),
            note="an `except` that names a tuple bound to a name catches its items only: `(OSError, sqlite3.Error, json.JSONDecodeError)` misses the ValueError of `date.fromisoformat` (a JSONDecodeError is a ValueError, not the other way round); `(ValueError, TypeError)` takes `int()`'s",
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
import functools
from datetime import date, timedelta


def _as_json(result):
    return result if isinstance(result, str) else json.dumps(result)


def catch_errors(fn):
    @functools.wraps(fn)
    def wrapper(args, **kw):
        try:
            result = fn(args or {}, **kw)
        except ValueError as exc:
            return tool_error(str(exc))
        return _as_json(result)

    return wrapper


@catch_errors
def todo_add(args, **kw):
    title = str(args.get("title") or "").strip()
    if not title:
        raise ValueError("title is empty")
    return {"added": title, "due": date.today() + timedelta(days=1)}


registry.register(name="todo_add", toolset="t", schema={}, handler=todo_add)
""",
            lines=(29,),
            note="a decorated def returns a date; its decorator's wrapper hands the result to a helper that json.dumps it (`_as_json(result)`) outside any `try`: TypeError",
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
def geocode_batch(args, **kw):
    addresses = args.get("addresses")
    if not isinstance(addresses, list) or not addresses:
        return tool_error("addresses must be a non-empty list of strings")
    cleaned = [" ".join(a.split()) for a in addresses]
    return json.dumps({"addresses": cleaned})


SCHEMA = {"type": "object", "properties": {"addresses": {"type": "array", "items": {"type": "string"}, "description": "Addresses"}}}
registry.register(name="geocode_batch", toolset="t", schema={"name": "geocode_batch", "description": "d", "parameters": SCHEMA}, handler=geocode_batch)
""",
            lines=(8,),
            note="a list tested only to be a list: each of its items is as the model sent it (`a.split()` of null raises AttributeError)",
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
def next_interval(days, grade):
    if not 0 <= grade <= 5:
        raise ValueError("grade must be between 0 and 5")
    return days * 2 if grade >= 3 else 1


def review(args, **kw):
    grade = args.get("grade")
    if not isinstance(grade, int):
        return tool_error("grade must be an integer")
    return json.dumps({"next_in_days": next_interval(3, grade)})


registry.register(name="srs_review", toolset="t", schema={}, handler=review)
""",
            lines=(14,),
            note="a raise that guards its parameter's range fires on the model's number handed on untested for its range",
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
from datetime import datetime


def sla_check(args, **kw):
    warn_hours = args.get("warn_within_hours", 2)
    due = datetime(2030, 1, 1)
    hours_left = (due - datetime.now()).total_seconds() / 3600
    if hours_left < 0:
        return json.dumps({"state": "breached"})
    if hours_left < warn_hours:
        return json.dumps({"state": "at risk"})
    return json.dumps({"state": "ok"})


registry.register(name="sla_check", toolset="t", schema={}, handler=sla_check)
""",
            lines=(13,),
            note="an order comparison of the model's value as it came with a number the code makes: text (Hermes coerces only what reads as a number) or null has no order with it (TypeError)",
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\


def sort_names(args, **kw):
    raw = args.get("names")
    if not isinstance(raw, list):
        return tool_error("names must be a list")
    kept = [n.strip() for n in raw if n]
    return json.dumps({"names": sorted(kept)})


SCHEMA = {
    "name": "sort_names",
    "description": "Sort names.",
    "parameters": {
        "type": "object",
        "properties": {"names": {"type": "array", "items": {"type": "string"}}},
    },
}
registry.register(name="sort_names", toolset="t", schema=SCHEMA, handler=sort_names)
""",
            lines=(10,),
            fixed={},
            note="a comprehension whose test only asks whether an item is empty: a number passes it",
        ),
        Invalid(
            _HEAD
            + """\
def _problem(args):
    for key in ("reporter",):
        if not isinstance(args.get(key), str):
            return f"{key} must be text"
    return None


def cite(args, **kw):
    problem = _problem(args)
    if problem:
        return tool_error(problem)
    return json.dumps({"citation": args["reporter"].upper() + " " + args["parties"]})


registry.register(name="cite", toolset="t", schema={}, handler=cite)
""",
            lines=(15,),
            fixed={},
            note="a checking helper answers for the keys it asks about, not for the others",
        ),
        Invalid(
            _HEAD
            + """\
import datetime


def _error(message):
    return json.dumps({"error": message})


def _paid_on(raw):
    if raw is None:
        return datetime.date.today()
    try:
        return datetime.date.fromisoformat(str(raw))
    except ValueError:
        return f"not a date: {raw!r}"


def record(args, **kw):
    paid_on = _paid_on(args.get("paid_on"))
    if not isinstance(paid_on, str):
        return _error(paid_on)
    return json.dumps({"paid_on": paid_on.isoformat()})


registry.register(name="record", toolset="t", schema={}, handler=record)
""",
            lines=(23,),
            fixed={},
            note="the branch where the helper answered a date hands the date to a def that dumps it",
        ),
        Invalid(
            _HEAD
            + """\
import dataclasses
import functools


def _build(args):
    return {"orders": str(args.get("orders") or "")}


def _wave(args):
    return {"size": int(args.get("size") or 20)}


@dataclasses.dataclass
class Pipeline:
    params: object
    fields: list


PIPELINES = {"build": Pipeline(_build, ["orders"]), "wave": Pipeline(_wave, ["size"])}


def run_pipeline(name, args, **kw):
    pipeline = PIPELINES[name]
    params = pipeline.params(args)
    return json.dumps({key: params[key] for key in pipeline.fields})


registry.register(
    name="wave", toolset="t", schema={}, handler=functools.partial(run_pipeline, "wave")
)
""",
            lines=(27,),
            fixed={},
            note="a table's key bound by a partial picks the def that runs, and that one raises",
        ),
        Invalid(
            _HEAD
            + """\
import datetime


def balance(args, **kw):
    raw = args.get("as_of")
    try:
        as_of = datetime.date.fromisoformat(raw) if raw else datetime.date.today()
    except ValueError:
        return tool_error("as_of must be a date such as 2024-05-31")
    return json.dumps({"as_of": as_of.isoformat()})


registry.register(name="balance", toolset="t", schema={}, handler=balance)
""",
            lines=(10,),
            fixed={},
            note="a date parser meets a number the model sent: TypeError, which the except for ValueError misses",
        ),
        Invalid(
            _HEAD
            + """\
DEFAULT_RATIO = "16:9"


def render(args, **kw):
    ratio = (args.get("ratio") or DEFAULT_RATIO).strip()
    return json.dumps({"ratio": ratio})


registry.register(name="render", toolset="t", schema={}, handler=render)
""",
            lines=(8,),
            fixed={},
            note="a default of the tool's own stands only when the model sent nothing: a number it sent has no .strip()",
        ),
        Invalid(
            _HEAD
            + """\
def lookup(args, **kw):
    call = args.get("callsign")
    if call is None:
        return tool_error("callsign is required")
    call = call.strip().upper()
    return json.dumps({"callsign": call})


registry.register(name="lookup", toolset="t", schema={}, handler=lookup)
""",
            lines=(8,),
            fixed={},
            note="a name read in the value of its own rebinding holds what it held before: the model's value as it came",
        ),
        Invalid(
            _HEAD
            + """\
PROCEDURES = {"clean": 30, "fill": 45}


class BadArgument(Exception):
    pass


def _choice(args, key, choices):
    value = args.get(key)
    if value is None:
        return None
    allowed = tuple(choices)
    if not isinstance(value, str) or not value:
        raise BadArgument(f"{key} must be one of {', '.join(allowed)}")
    return value


def book(args, **kw):
    try:
        procedure = _choice(args, "procedure", PROCEDURES)
    except BadArgument as exc:
        return tool_error(str(exc))
    if procedure is None:
        return tool_error("procedure is required")
    return json.dumps({"minutes": PROCEDURES[procedure]})


registry.register(name="book", toolset="t", schema={}, handler=book)
""",
            lines=(28,),
            fixed={},
            note="a helper that raises unless the value is text, not unless its table holds it: the lookup may miss",
        ),
        Invalid(
            _HEAD
            + """\
def _register(name, fn, schema):
    registry.register(name=name, toolset="t", schema=schema, handler=lambda args, **kw: fn(args))


def tool(name, schema):
    return lambda fn: _register(name, fn, schema)


@tool("weather", {})
def weather(args):
    city = args["city"]
    return json.dumps({"city": city})
""",
            lines=(14,),
            fixed={},
            note="a def a decorator factory hands to a registering helper runs as written (the decorator wraps nothing that is registered)",
        ),
        Invalid(
            _HEAD
            + """\
from datetime import date


def _looks_dated(value):
    if value.startswith(("19", "20")):
        return True
    return False


def record(args, **kw):
    given = str(args.get("given_on") or "")
    if not _looks_dated(given):
        return tool_error("given_on must be a date such as 2024-05-31")
    return json.dumps({"weekday": date.fromisoformat(given).strftime("%A")})


registry.register(name="record", toolset="t", schema={}, handler=record)
""",
            lines=(17,),
            fixed={},
            note="a helper answering True or False from how the text starts checks no date: `2024-99-99` passes it",
        ),
        Invalid(
            _HEAD
            + """\
import asyncio
import datetime
import pathlib


def _write(path, state):
    path.write_text(json.dumps(state), encoding="utf-8")


async def save_note(args, **kw):
    text = args.get("text")
    if not isinstance(text, str):
        return tool_error("text must be a string")
    state = {"note": text, "saved_at": datetime.datetime.now()}
    try:
        await asyncio.to_thread(_write, pathlib.Path("notes.json"), state)
    except OSError as exc:
        return tool_error(f"could not save: {exc}")
    return json.dumps({"saved": True})


registry.register(name="save_note", toolset="t", schema={}, handler=save_note, is_async=True)
""",
            lines=(19,),
            fixed={},
            note="what asyncio.to_thread hands the def holds a datetime, which its json.dumps refuses",
        ),
        Invalid(
            _HEAD
            + """\
def triage(args, **kw):
    text = (args.get("subject", "") + "\\n" + args.get("body", "")).lower()
    if not text.strip():
        return tool_error("nothing to triage")
    return json.dumps({"urgent": "outage" in text})


registry.register(name="triage", toolset="t", schema={}, handler=triage)
""",
            lines=(5,),
            fixed={},
            note="text joined with `+` to the model's values as they came: a number it sends raises TypeError",
        ),
        Invalid(
            _HEAD
            + """\
UNITS = frozenset({"km", "mi"})
SPEEDS = {"walk": 5.0, "bike": 15.0}


def distance(args, **kw):
    unit = args.get("unit") or "km"
    if unit not in UNITS:
        return tool_error(f"unit must be one of {sorted(UNITS)}")
    return json.dumps({"unit": unit})


def pace(args, **kw):
    mode = args.get("mode", "walk")
    if mode in SPEEDS:
        return json.dumps({"speed": SPEEDS[mode]})
    return tool_error("unknown mode")


def grade(args, **kw):
    if args.get("level") not in {"easy", "hard"}:
        return tool_error("level must be easy or hard")
    return json.dumps({"level": args["level"]})


registry.register(name="distance", toolset="t", schema={}, handler=distance)
registry.register(name="pace", toolset="t", schema={}, handler=pace)
registry.register(name="grade", toolset="t", schema={}, handler=grade)
""",
            lines=(10, 17, 23),
            note='a set or a dict asked whether it holds the model\'s value as it came: the test itself hashes it, and a list (`["km"]`) raises TypeError; the test is no guard of itself',
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
from pathlib import Path

STORE = Path.home() / ".runs.json"


def _load():
    try:
        return json.loads(STORE.read_text())
    except (OSError, ValueError):
        return {}


def run_show(args, **kw):
    runs = _load()
    run = runs.get(args.get("run_id"))
    if not run:
        return tool_error("no run with that id")
    return json.dumps({"run": run})


def _summary(values, unit):
    return {"first": values[0], "unit": unit}


def series_stats(args, **kw):
    try:
        values = [float(v) for v in args["values"]]
    except (KeyError, TypeError, ValueError):
        return tool_error("values must be numbers")
    stats = _summary(values, unit="kWh")
    return json.dumps(dict(stats, count=len(values)))


registry.register(name="run_show", toolset="t", schema={}, handler=run_show)
registry.register(name="series_stats", toolset="t", schema={}, handler=series_stats)
""",
            lines=(18, 33),
            note="a table that is a dict in some world (a helper answers `json.loads(...)` or `{}`) hashes the key it is asked for; a size given as a keyword (`count=len(values)`) reports it, it tests nothing",
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
from decimal import Decimal


def _plain(value):
    if isinstance(value, Decimal):
        return str(value)
    raise TypeError(f"{type(value).__name__} is not JSON serialisable")


def _encode(payload):
    return json.dumps(payload, default=_plain)


def compare_prices(args, **kw):
    skus = args.get("skus")
    if not isinstance(skus, list):
        return tool_error("skus must be a list")
    wanted = {str(s).upper() for s in skus}
    best = {"FLOUR": Decimal("1.20")}
    result = {"best": best}
    missing = wanted - best.keys()
    if missing:
        result["not_offered"] = missing
    return _encode(result)


registry.register(name="compare_prices", toolset="t", schema={}, handler=compare_prices)
""",
            lines=(27,),
            note="a set made by set arithmetic (`wanted - best.keys()`), stored in the result; the `default=` def converts Decimal only and raises TypeError for the rest",
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
def compare_tariffs(args, **kw):
    tariffs = args.get("tariffs") or []
    if not isinstance(tariffs, list) or not tariffs:
        return tool_error("tariffs must be a non-empty list")
    quotes = []
    for tariff in tariffs:
        quotes.append({"name": tariff.get("name") or "unnamed"})
    return json.dumps({"quotes": quotes})


def apply_filters(args, **kw):
    filters = args.get("filters") or {}
    chosen = {k: v for k, v in filters.items() if v}
    return json.dumps({"filters": chosen})


SCHEMA = {"name": "compare_tariffs", "description": "d", "parameters": {"type": "object", "properties": {"tariffs": {"type": "array", "items": {"type": "object"}, "description": "Tariffs."}, "filters": {"type": "object", "description": "Filters."}}}}
registry.register(name="compare_tariffs", toolset="t", schema=SCHEMA, handler=compare_tariffs)
registry.register(name="apply_filters", toolset="t", schema=SCHEMA, handler=apply_filters)
""",
            lines=(10, 16),
            note="a dict method of the model's value as it came (an item of a list, an argument the schema says is an object): text, a number or a list has none",
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
from functools import partial


def scene_list(args):
    return {"scenes": []}


def scene_activate(args):
    return {"activated": str(args.get("scene") or "")}


SCENE_ACTIONS = {"list": scene_list, "activate": scene_activate}


def run_action(table, args, **kw):
    action = args.get("action") or "list"
    fn = table.get(action)
    if fn is None:
        return tool_error(f"unknown action {action!r}")
    return json.dumps(fn(args))


registry.register(name="scenes", toolset="t", schema={}, handler=partial(run_action, SCENE_ACTIONS))
""",
            lines=(20,),
            note="a dispatch table a partial binds to the handler's parameter is a dict: looking the model's value up in it hashes it (TypeError on a list)",
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
class ArgumentError(ValueError):
    pass


def _point(args, key):
    raw = args.get(key)
    if raw is None:
        return None
    if not isinstance(raw, dict):
        raise ArgumentError(f"{key} must be an object with lat and lon")
    try:
        return float(raw["lat"]), float(raw["lon"])
    except (TypeError, ValueError):
        raise ArgumentError(f"{key}.lat and {key}.lon must be numbers") from None


def find_stops(args, **kw):
    try:
        near = _point(args, "near")
    except ArgumentError as exc:
        return tool_error(str(exc))
    return json.dumps({"near": near})


registry.register(name="find_stops", toolset="t", schema={}, handler=find_stops)
""",
            lines=(22,),
            note="an object the model sends, tested only to be there (`is None`) and to be a dict: a key it leaves out raises KeyError, which `except (TypeError, ValueError)` misses",
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
import functools


async def works_search(args, **kw):
    query = (args.get("query") or "").strip()
    if not query:
        return tool_error("query is required")
    return json.dumps({"query": query})


async def works_count(args, **kw):
    return json.dumps({"count": 0})


TOOL_TABLE = [{"name": "works_search", "fn": works_search}, {"name": "works_count", "fn": works_count}]
_HANDLERS = {spec["name"]: spec["fn"] for spec in TOOL_TABLE}


async def _dispatch(tool_name, args, **kw):
    return await _HANDLERS[tool_name](args, **kw)


for spec in TOOL_TABLE:
    registry.register(name=spec["name"], toolset="t", schema={}, handler=functools.partial(_dispatch, spec["name"]), is_async=True)
""",
            lines=(23,),
            note='a dispatch table made by a dict comprehension over a table of rows (`{spec["name"]: spec["fn"] for spec in TOOL_TABLE}`) holds each row\'s function under its name: the one a partial\'s constant picks is followed',
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
from decimal import Decimal, InvalidOperation


def _money(value):
    if value is None:
        return None
    try:
        return Decimal(str(value))
    except InvalidOperation:
        return None


def waste_share(args, **kw):
    actual = _money(args.get("actual_cost"))
    planned = _money(args.get("planned_cost"))
    waste = _money(args.get("waste"))
    if actual is None or planned is None or waste is None:
        return tool_error("actual_cost, planned_cost and waste must be amounts")
    variance = actual - planned
    return json.dumps({"waste_share": str(waste / variance * 100)})


registry.register(name="waste_share", toolset="t", schema={}, handler=waste_share)
""",
            lines=(23,),
            note="a helper that hands back `Decimal(str(value))` of the model's value hands back its number: a division by the difference of two of them raises (DivisionByZero) when the model sends the same amount twice",
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
def tariff_names(args, **kw):
    tariffs = args.get("tariffs") or []
    names = [t["name"] for t in tariffs]
    return json.dumps({"names": names})


SCHEMA = {"name": "tariff_names", "description": "d", "parameters": {"type": "object", "properties": {"tariffs": {"type": "array", "items": {"type": "object"}, "description": "Tariffs."}}}}
registry.register(name="tariff_names", toolset="t", schema=SCHEMA, handler=tariff_names)
""",
            lines=(6,),
            note='a field read (`t["name"]`) of an item of a list the model sends: text or a number has no fields (TypeError)',
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
def on_call(args, **kw):
    team = args.get("team", "platform")
    if team == "platform":
        person = "alice"
    elif team == "database":
        person = "erin"
    else:
        return tool_error("unknown team: " + team)
    return json.dumps({"team": team, "on_call": person})


registry.register(name="on_call", toolset="t", schema={}, handler=on_call)
""",
            lines=(11,),
            note='the `else` of a chain of `team == "..."` tests is reached by any other value, of any type: text joined to it there raises TypeError on a number (an equality test tells the type only inside its own branch)',
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
def recent(args, **kw):
    limit = args.get("limit", 10)
    items = ["a", "b", "c"]
    return json.dumps({"items": items[:limit]})


registry.register(name="recent", toolset="t", schema={}, handler=recent)
""",
            lines=(7,),
            note="a slice by the model's value as it came (`items[:limit]`): text or a list is no index (TypeError)",
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
import re

_BOOKING = re.compile(r"^BKG-[0-9A-Z]{6}$")


def cancel(args, **kw):
    booking_id = args.get("booking_id")
    if booking_id is None:
        return tool_error("booking_id is required")
    booking_id = booking_id.strip().upper()
    if not _BOOKING.match(booking_id):
        return tool_error("booking_id must look like BKG-XXXXXX")
    return json.dumps({"cancelled": booking_id})


registry.register(name="cancel", toolset="t", schema={}, handler=cancel)
""",
            lines=(13,),
            note="the model's value read before any test that tells its type or form: a pattern test after `.strip()` guards nothing before it",
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
PALLETS = {"euro": (120, 80), "industrial": (120, 100)}


def _plan(boxes, kind):
    length, width = PALLETS[kind]
    return {"boxes": len(boxes), "footprint": length * width}


def pallet_plan(args, **kw):
    boxes = args.get("boxes")
    kind = args.get("pallet_type") or "euro"
    if not boxes:
        return tool_error("no boxes given")
    if kind not in PALLETS:
        return tool_error(f"unknown pallet type {kind!r}")
    try:
        plan = _plan(boxes, kind)
    except (TypeError, ValueError) as exc:
        return tool_error(str(exc))
    return json.dumps(plan)


registry.register(name="pallet_plan", toolset="t", schema={}, handler=pallet_plan)
""",
            lines=(17,),
            note="a helper in a `try` that meets the value only after the membership test guards nothing at the test, which hashes the model's value as it came",
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
MIN_BPM = 40.0
MAX_BPM = 250.0


def _match(source_bpm, target_bpm):
    if not MIN_BPM <= source_bpm <= MAX_BPM:
        raise ValueError("source_bpm out of range")
    return {"ratio": target_bpm / source_bpm}


def tempo_match(args, **kw):
    try:
        result = _match(args.get("source_bpm"), args.get("target_bpm"))
    except ValueError as exc:
        return tool_error(str(exc))
    return json.dumps(result)


registry.register(name="tempo_match", toolset="t", schema={}, handler=tempo_match)
""",
            lines=(16,),
            note="the model's value handed to a helper as it came and compared there with a module's numeric constant: None or text has no order with a number (TypeError)",
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
import urllib.request


class Client:
    def get_json(self, url):
        try:
            with urllib.request.urlopen(url, timeout=5) as resp:
                return json.load(resp), None
        except OSError as exc:
            return None, exc

    def station(self, code):
        return self.get_json("https://wx.example/" + code)


def wx_station(args, **kw):
    data, err = Client().station("KSFO")
    if err is not None:
        return json.dumps({"error": err})
    return json.dumps({"data": data})


registry.register(name="wx_station", toolset="wx", schema={}, handler=wx_station)
""",
            lines=(22,),
            note="a `(value, error)` helper hands back the exception object through a method that"
            " returns another's tuple; json.dumps of it raises TypeError",
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
def _altimeter(value):
    try:
        return float(value), None
    except ValueError:
        return None, "altimeter must be a number"


def density(args, **kw):
    inhg, err = _altimeter(args.get("altimeter", 29.92))
    if err:
        return tool_error(err)
    return json.dumps({"inhg": inhg})


registry.register(name="density", toolset="wx", schema={}, handler=density)
""",
            lines=(12,),
            note="a `(value, error)` helper meets the model's value as it came: float() of"
            " null or a list raises TypeError past its `except ValueError`",
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
from datetime import datetime


def track(args, **kw):
    points = []
    for raw in args.get("points") or []:
        try:
            points.append({"time": datetime.fromisoformat(str(raw)), "raw": raw})
        except ValueError:
            continue
    return json.dumps({"first": points[0]["time"] if points else None, "count": len(points)})


registry.register(name="track", toolset="ais", schema={}, handler=track)
""",
            lines=(9, 14),
            note='a field of an element of a list of dicts written out (`points[0]["time"]`)'
            " holds what those dicts hold there: a datetime",
            fixed={},
        ),
        Invalid(
            {
                "plugins/pricing/toolkit.py": """\
import functools
import json


class ToolKit:
    def __init__(self, toolset):
        self.toolset = toolset
        self.specs = {}

    def tool(self, name, description):
        def decorator(fn):
            @functools.wraps(fn)
            def handler(args, **kw):
                return json.dumps(fn(args or {}))

            self.specs[name] = {"name": name, "description": description, "handler": handler}
            return fn

        return decorator

    def install(self, ctx):
        for spec in self.specs.values():
            ctx.register_tool(
                name=spec["name"],
                toolset=self.toolset,
                schema={"name": spec["name"], "description": spec["description"]},
                handler=spec["handler"],
            )
""",
                "plugins/pricing/__init__.py": """\
from .toolkit import ToolKit

tools = ToolKit("pricing")


@tools.tool("price_quote", "Quote a price.")
def price_quote(args):
    return {"price": round(float(args["base"]) * 1.2, 2)}


def register(ctx):
    tools.install(ctx)
""",
                "plugins/pricing/plugin.yaml": "name: pricing\nversion: 0.1.0\n"
                "provides_tools: [price_quote]\n",
            },
            findings=(("plugins/pricing/toolkit.py", 14),),
            note="a decorator a method makes fills the instance's table (`self.specs[name] ="
            " ...`) for each def it decorates, and another method registers its rows",
            fixed={},
        ),
        Invalid(
            {
                "plugins/hr/registry.py": """\
class ServiceRegistry:
    def __init__(self):
        self._services = {}

    def add(self, service):
        self._services[service.name] = service

    def services(self):
        return list(self._services.values())
""",
                "plugins/hr/services.py": """\
import json


class Holidays:
    name = "hr_holidays"

    def handle(self, args, **kw):
        return json.dumps({"year": int(args.get("year", 2026))})


class Leave:
    name = "hr_leave"

    def handle(self, args, **kw):
        days = args.get("days")
        if not isinstance(days, int):
            return json.dumps({"error": "days must be a whole number"})
        return json.dumps({"days": days})
""",
                "plugins/hr/__init__.py": """\
from .registry import ServiceRegistry
from .services import Holidays, Leave


def _build():
    registry = ServiceRegistry()
    registry.add(Holidays())
    registry.add(Leave())
    return registry


def register(ctx):
    for service in _build().services():
        ctx.register_tool(
            name=service.name, toolset="hr", schema={"name": service.name}, handler=service.handle
        )
""",
                "plugins/hr/plugin.yaml": "name: hr\nversion: 0.1.0\n"
                "provides_tools: [hr_holidays, hr_leave]\n",
            },
            findings=(("plugins/hr/services.py", 8),),
            note="a registry object's table filled by a method at each call (`registry.add(Svc())`)"
            " holds those services; a loop over what another method hands back registers them",
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
from decimal import Decimal

HUNDRED = Decimal("100")


class SplitError(Exception):
    pass


class RenderMixin:
    def render(self, context):
        return json.dumps(context)


class CommissionSplit(RenderMixin):
    def __init__(self, **options):
        self.options = options

    def __call__(self, args, **kw):
        view = self.__class__(**self.options)
        view.args = args if isinstance(args, dict) else {}
        try:
            return view.dispatch()
        except SplitError as exc:
            return tool_error(str(exc))

    def dispatch(self):
        rate = self.args.get("rate")
        if isinstance(rate, bool) or not isinstance(rate, (int, float)):
            raise SplitError("rate must be a number")
        gross = Decimal(str(rate)) * HUNDRED / HUNDRED
        context = {"gross": str(gross)}
        if self.args.get("include_breakdown"):
            context["breakdown"] = {"gross": gross}
        return self.render(context)


registry.register(name="commission_split", toolset="brokerage", schema={}, handler=CommissionSplit())
""",
            lines=(26,),
            note="`self.__class__(...)` makes one more object of the handler's own class: its"
            " `dispatch()` runs, and the Decimal it puts in the breakdown reaches json.dumps",
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
from decimal import Decimal


def _quote(args):
    if not args.get("name"):
        raise ValueError("name is required")
    if not args.get("email"):
        raise ValueError("email is required")
    if not args.get("street"):
        raise ValueError("street is required")
    if not args.get("city"):
        raise ValueError("city is required")
    if not args.get("zip"):
        raise ValueError("zip is required")
    if not args.get("country"):
        raise ValueError("country is required")
    if not args.get("make"):
        raise ValueError("make is required")
    if not args.get("model"):
        raise ValueError("model is required")
    if not args.get("year"):
        raise ValueError("year is required")
    if not args.get("vin"):
        raise ValueError("vin is required")
    if not args.get("plan"):
        raise ValueError("plan is required")
    if not args.get("start"):
        raise ValueError("start is required")
    if not args.get("term"):
        raise ValueError("term is required")
    return json.dumps({"plan": args["plan"], "fee": Decimal("1.50")})


def quote(args, **kw):
    try:
        return _quote(args)
    except ValueError as exc:
        return tool_error(str(exc))


registry.register(name="quote", toolset="q", schema={}, handler=quote)
""",
            lines=(39,),
            note="many ways of one exception (each caught) must not hide another type the same"
            " def lets out: the Decimal given to json.dumps raises TypeError",
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
from decimal import Decimal


class ArgumentError(Exception):
    pass


def amounts(value, name):
    if not isinstance(value, list) or not value:
        raise ArgumentError(name + " must be a non-empty list")
    out = []
    for index, item in enumerate(value):
        if isinstance(item, bool):
            raise ArgumentError(f"{name}[{index}] must be an amount")
        try:
            out.append(Decimal(str(item).replace(",", "").strip()))
        except (TypeError, ValueError):
            raise ArgumentError(f"{name}[{index}] is not an amount")
    return out


def compare(args, **kw):
    try:
        options = amounts(args.get("options"), "options")
    except ArgumentError as exc:
        return tool_error(str(exc))
    return json.dumps({"cheapest": str(min(options))})


registry.register(
    name="compare",
    toolset="q",
    schema={"name": "compare", "description": "d", "parameters": {"type": "object", "properties": {"options": {"type": "array", "items": {"type": "number"}}}}},
    handler=compare,
)
""",
            lines=(27,),
            note="an item of the model's list, tested only to be a list and not a flag, can be"
            " any text: Decimal() of it raises InvalidOperation, which is no ValueError",
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
import socket


class Gateway:
    def __init__(self, host):
        self.sock = socket.create_connection((host, 502), timeout=3)

    def _recv(self, n):
        data = b""
        while len(data) < n:
            part = self.sock.recv(n - len(data))
            if not part:
                raise OSError("closed")
            data += part
        return data

    def read(self):
        hdr = self._recv(7)
        body = self._recv(4)
        return hdr + body


def raw_frame(args, **kw):
    try:
        frame = Gateway("192.0.2.10").read()
    except OSError as exc:
        return tool_error(str(exc))
    return json.dumps({"frame": frame})


registry.register(name="raw_frame", toolset="scada", schema={}, handler=raw_frame)
""",
            lines=(31,),
            note="bytes joined to bytes (`hdr + body` of two socket reads) are bytes: json.dumps"
            " refuses them",
            fixed={},
        ),
        Invalid(
            {
                "plugins/meters/framework.py": """\
import json

TOOL_CLASSES = {}


class ToolBase:
    name = ""

    def __init_subclass__(cls, name=None, abstract=False, **kw):
        super().__init_subclass__(**kw)
        if abstract:
            return
        cls.name = name
        TOOL_CLASSES[name] = cls

    def run(self, args):
        raise NotImplementedError

    def handle(self, args, **kw):
        return json.dumps(self.run(args or {}))


class BaseTool(ToolBase, abstract=True):
    pass
""",
                "plugins/meters/tools_impl.py": """\
from .framework import BaseTool


class MeterRead(BaseTool, name="meter_read"):
    def run(self, args):
        return {"meter": args["meter_id"], "litres": 12.5}
""",
                "plugins/meters/__init__.py": """\
from . import tools_impl  # noqa: F401
from .framework import TOOL_CLASSES


def register(ctx):
    for name, cls in sorted(TOOL_CLASSES.items()):
        ctx.register_tool(name=name, toolset="meters", schema={"name": name}, handler=cls().handle)
""",
                "plugins/meters/plugin.yaml": "name: meters\nversion: 0.1.0\n"
                "provides_tools: [meter_read]\n",
            },
            findings=(("plugins/meters/framework.py", 20),),
            note="a table `__init_subclass__` fills holds one row per subclass, keyed by what its"
            " class statement gives (`class MeterRead(BaseTool, name=...)`; an abstract one"
            " adds none)",
            fixed={},
        ),
        Invalid(
            {
                "plugins/showops/base.py": """\
import json

TOOL_REGISTRY = {}


def register(cls):
    if not cls.name:
        raise TypeError(f"{cls.__name__} has no name")
    TOOL_REGISTRY[cls.name] = cls
    return cls


class Tool:
    name = ""

    def run(self, args):
        raise NotImplementedError

    def __call__(self, args, **kw):
        return json.dumps(self.run(args or {}))
""",
                "plugins/showops/sponsors.py": """\
from .base import Tool, register


@register
class SponsorReads(Tool):
    name = "sponsor_reads"

    def run(self, args):
        return {"reads": int(args["reads"]) * 2}
""",
                "plugins/showops/__init__.py": """\
from . import sponsors  # noqa: F401
from .base import TOOL_REGISTRY


def register(ctx):
    for name, cls in sorted(TOOL_REGISTRY.items()):
        ctx.register_tool(name=name, toolset="showops", schema={"name": name}, handler=cls())
""",
                "plugins/showops/plugin.yaml": "name: showops\nversion: 0.1.0\n"
                "provides_tools: [sponsor_reads]\n",
            },
            findings=(("plugins/showops/base.py", 20),),
            note="a class decorator that puts each class it is handed in a table (`@register`"
            " on `class SponsorReads(Tool)`): one row per decorated class",
            fixed={},
        ),
        Invalid(
            {
                "plugins/lab/__init__.py": """\
import asyncio
import functools
import json
from dataclasses import dataclass
from typing import Callable


def quote(args):
    return {"total": float(args["price"]) * 1.2}


async def status(args):
    await asyncio.sleep(0)
    return {"status": "ok"}


@dataclass(frozen=True)
class Binding:
    name: str
    fn: Callable
    is_async: bool = False


BINDINGS = (Binding("print_quote", quote), Binding("lab_status", status, is_async=True))


def _run(fn, args, **kw):
    try:
        return json.dumps(fn(args or {}))
    except ValueError as exc:
        return json.dumps({"error": str(exc)})


async def _run_async(fn, args, **kw):
    return json.dumps(await fn(args or {}))


def register(ctx):
    for binding in BINDINGS:
        dispatcher = _run_async if binding.is_async else _run
        ctx.register_tool(
            name=binding.name,
            toolset="lab",
            schema={"name": binding.name},
            handler=functools.partial(dispatcher, binding.fn),
            is_async=binding.is_async,
        )
""",
                "plugins/lab/plugin.yaml": "name: lab\nversion: 0.1.0\n"
                "provides_tools: [print_quote, lab_status]\n",
            },
            findings=(("plugins/lab/__init__.py", 29),),
            note="`partial(dispatcher, row.fn)` where `dispatcher = _run_async if row.is_async"
            " else _run`: the partial of the branch the row decides",
            fixed={},
        ),
        Invalid(
            _HEAD
            + """\
import math

UNITS = ("km", "mi", "nm")


def pick(args, key, choices, default):
    value = args.get(key)
    if value is None:
        return default
    if not isinstance(value, str):
        raise ValueError(f"{key} must be one of {choices}")
    value = value.strip().lower()
    if value not in choices:
        raise ValueError(f"{key} must be one of {choices}")
    return value


def convert(metres, unit):
    if unit == "km":
        return metres / 1000
    elif unit == "mi":
        return metres / 1609.344
    raise ValueError(f"unknown unit {unit}")


def distance_in(args, **kw):
    try:
        unit = pick(args, "unit", UNITS, "km")
    except ValueError as exc:
        return tool_error(str(exc))
    metres = args.get("metres")
    if not isinstance(metres, (int, float)) or isinstance(metres, bool) or not math.isfinite(metres):
        return tool_error("metres must be a number")
    return json.dumps({"value": convert(metres, unit), "unit": unit})


registry.register(name="distance_in", toolset="geo", schema={}, handler=distance_in)
""",
            lines=(37,),
            findings=(),
            fixed={},
            note="a helper returns one of the table it was handed, but the callee's chain"
            " leaves 'nm' out: its last `raise` runs for it",
        ),
        Invalid(
            _HEAD
            + """\
ALIASES = {"grey": "white", "silver": "white"}
KNOWN = ("white", "yellow", "red", "green", "blue")


def marking_colour(args, **kw):
    colour = args.get("colour")
    if not colour:
        return tool_error("name a colour")
    colour = colour.strip().lower()
    colour = ALIASES.get(colour, colour)
    if colour not in KNOWN:
        return tool_error(f"{colour} is not a marking colour")
    return json.dumps({"colour": colour})


registry.register(name="marking_colour", toolset="bees", schema={}, handler=marking_colour)
""",
            lines=(12,),
            findings=(),
            fixed={},
            note="a binding after the read (`colour = ALIASES.get(colour, colour)`, no loop"
            " around both) never reaches it: `colour.strip()` reads the model's value as it"
            " came, AttributeError on a number",
        ),
        Invalid(
            _HEAD
            + """\
from decimal import Decimal, ROUND_HALF_UP

CENT = Decimal("0.01")
DEPOSIT_RATE = Decimal("0.5")


def jsonify(*args, **kwargs):
    payload = args[0] if len(args) == 1 else (list(args) if args else kwargs)
    return json.dumps(payload)


def _money(amount):
    return amount.quantize(CENT, rounding=ROUND_HALF_UP)


def quote(args, **kw):
    nights = args.get("nights")
    if not isinstance(nights, int) or not 1 <= nights <= 30:
        return tool_error("nights must be 1 to 30")
    total = Decimal("89.50") * nights
    body = {"total": str(_money(total))}
    if total >= 500:
        body["deposit"] = _money(total * DEPOSIT_RATE)
    return jsonify(body)


registry.register(name="quote", toolset="stay", schema={}, handler=quote)
""",
            lines=(27,),
            findings=(),
            fixed={},
            note="a Flask-style `jsonify(*args, **kwargs)` serialises its first positional"
            " argument (`args[0]`): the caller's dict holds a Decimal, TypeError in there",
        ),
        Invalid(
            {
                "plugins/kennel/plugin.yaml": """\
name: kennel
version: 1.0.0
description: Kennel bookings.
provides_tools:
  - kennel_quote
  - kennel_board
""",
                "plugins/kennel/blueprint.py": """\
import functools
import inspect
import json


class Abort(Exception):
    pass


def handle_errors(view):
    if inspect.iscoroutinefunction(view):
        @functools.wraps(view)
        async def async_wrapper(args, **kw):
            try:
                return await view(args, **kw)
            except Abort as exc:
                return json.dumps({"error": str(exc)})
        return async_wrapper

    @functools.wraps(view)
    def wrapper(args, **kw):
        try:
            return view(args, **kw)
        except Abort as exc:
            return json.dumps({"error": str(exc)})
    return wrapper


class Blueprint:
    def __init__(self, toolset):
        self.toolset = toolset
        self.deferred = []

    def route(self, name, schema, wrap=True):
        def decorator(view):
            handler = handle_errors(view) if wrap else view
            self.deferred.append({"name": name, "schema": {"name": name, **schema}, "handler": handler})
            return view
        return decorator

    def register(self, ctx):
        for rule in self.deferred:
            ctx.register_tool(name=rule["name"], toolset=self.toolset, schema=rule["schema"], handler=rule["handler"])
""",
                "plugins/kennel/views.py": """\
import json

from .blueprint import Abort


def make_views(bp):
    @bp.route("kennel_quote", {"description": "A stay's price.", "parameters": {"type": "object", "properties": {"nights": {"type": "integer", "description": "Nights."}}}})
    def kennel_quote(args, **kw):
        nights = args.get("nights")
        if not isinstance(nights, int) or nights < 1:
            raise Abort("nights must be a positive whole number")
        return json.dumps({"price": 32 * nights})

    @bp.route("kennel_board", {"description": "Who is staying.", "parameters": {"type": "object", "properties": {"day": {"type": "string", "description": "The day."}}}})
    def kennel_board(args, **kw):
        day = args["day"]
        return json.dumps({"day": day, "guests": []})
""",
                "plugins/kennel/__init__.py": """\
from . import views
from .blueprint import Blueprint

bp = Blueprint("kennel")
views.make_views(bp)


def register(ctx):
    bp.register(ctx)
""",
            },
            lines=(),
            findings=(("plugins/kennel/blueprint.py", 23),),
            fixed={},
            note="views a def makes, decorated with `@bp.route(...)` of the blueprint the def"
            " is called with, are rows of the list the route's decorator appends to; the"
            " wrapper `handle_errors` picks by `iscoroutinefunction` catches Abort, but not the"
            " KeyError of `args['day']`",
        ),
        Invalid(
            _HEAD
            + """\
import functools
def require_fields(*names):
    def decorator(view):
        @functools.wraps(view)
        def wrapper(args, **kwargs):
            if not isinstance(args, dict):
                return json.dumps({"error": "arguments must be an object"})
            missing = [n for n in names if args.get(n) in (None, "")]
            if missing:
                return json.dumps({"error": "missing " + ", ".join(missing)})
            return view(args, **kwargs)
        return wrapper
    return decorator


@require_fields("to")
def send(args, **kwargs):
    return json.dumps({"to": str(args["to"]), "body": str(args["body"])})

registry.register(name="send", toolset="t", schema={}, handler=send)
""",
            lines=(21,),
            findings=(),
            fixed={},
            note="the wrapper makes sure only of 'to': `args['body']` raises KeyError",
        ),
        Invalid(
            _HEAD
            + """\
import datetime


def parse_date(text):
    try:
        return 0, datetime.date.fromisoformat(str(text))
    except ValueError:
        return -22, None


def sched(args, **kw):
    if args.get("as_of") is None:
        as_of = datetime.date.today()
    else:
        rc, as_of = parse_date(args.get("as_of"))
        if rc:
            return tool_error("as_of must be YYYY-MM-DD")
    out = {"as_of": as_of.isoformat()}
    if args.get("late"):
        out["catch_up_by"] = as_of + datetime.timedelta(days=28)
    return json.dumps(out)

registry.register(name="sched", toolset="t", schema={}, handler=sched)
""",
            lines=(24,),
            findings=(),
            fixed={},
            note="a date plus a timedelta, where one branch made the date (`as_of ="
            " datetime.date.today()`) and another took it from a helper's tuple: on the first"
            " path the dict holds a date",
        ),
        Invalid(
            _HEAD
            + """\
class SkiBuddy:
    TOOLS = {}

    @staticmethod
    def snow_report(args, **kw):
        return json.dumps({"resort": args["resort"], "base_cm": 180})

    @staticmethod
    def lift_status(args, **kw):
        return json.dumps({"open": 12})


SkiBuddy.TOOLS = {
    "snow_report": (SkiBuddy.snow_report, "Snow at a resort."),
    "lift_status": (SkiBuddy.lift_status, "Lifts open."),
}

for name, (fn, desc) in SkiBuddy.TOOLS.items():
    registry.register(
        name=name,
        toolset="ski",
        schema={"name": name, "description": desc, "parameters": {"type": "object", "properties": {}}},
        handler=lambda args, _fn=fn, **kw: _fn(args, **kw),
    )
""",
            lines=(26,),
            findings=(),
            fixed={},
            note="a class's table filled by module-level code after the class (`SkiBuddy.TOOLS ="
            " {...}`, the class body's `TOOLS = {}` empty): its rows are registered",
        ),
        Invalid(
            _HEAD
            + """\
def availability(args, **kw):
    size = args.get("size")
    if size is not None:
        try:
            size = int(size)
        except ValueError:
            return tool_error("size must be a whole number")
        if not 1 <= size <= 400:
            return tool_error("size is out of range (1-400)")
    return json.dumps({"size": size, "free": 3})


registry.register(name="availability", toolset="rental", schema={}, handler=availability)
""",
            lines=(8,),
            findings=(),
            fixed={},
            note="the conversion that reads the value (`size = int(size)`) checks nothing before"
            " it, and the range test after it is of what it made: `int()` of a list raises"
            " TypeError, which `except ValueError` misses",
        ),
        Invalid(
            {
                "plugins/archive/plugin.yaml": """\
name: archive
version: 1.0.0
description: Archive lookups.
provides_tools:
  - box_lookup
  - shelf_lookup
""",
                "plugins/archive/fn.py": """\
from functools import reduce


def merge(*maps):
    return reduce(lambda acc, m: {**acc, **(m or {})}, maps, {})
""",
                "plugins/archive/__init__.py": """\
import json

from .fn import merge


def box_lookup(args, **kw):
    return json.dumps({"box": args["box"]})


def shelf_lookup(args, **kw):
    return json.dumps({"shelf": args["shelf"]})


def _schema(name):
    return {"name": name, "description": "Look up.", "parameters": {"type": "object", "properties": {}}}


COMMON = {"toolset": "archive"}
TOOLS = [
    {"name": "box_lookup", "schema": _schema("box_lookup"), "handler": box_lookup},
]


def register(ctx):
    for tool in TOOLS:
        ctx.register_tool(**merge(COMMON, tool))
    extra = {"name": "shelf_lookup", "schema": _schema("shelf_lookup"), "handler": shelf_lookup}
    ctx.register_tool(**{**COMMON, **extra})
""",
            },
            lines=(),
            findings=(("plugins/archive/__init__.py", 7), ("plugins/archive/__init__.py", 11)),
            fixed={},
            note="keywords spread from dicts merged by a fold (`**merge(COMMON, tool)`) or by a"
            " display (`**{**COMMON, **extra}`): each registration's handler is known",
        ),
        Invalid(
            _HEAD
            + """\
from functools import singledispatch


@singledispatch
def as_amount(value):
    raise TypeError(f"no amount in {type(value).__name__}")


@as_amount.register
def _(value: str):
    return float(value.strip())


@as_amount.register(int)
def _(value):
    return float(value)


def tip(args, **kw):
    amount = as_amount(args.get("amount", "0"))
    return json.dumps({"tip": round(amount * 0.15, 2)})


registry.register(name="tip", toolset="money", schema={}, handler=tip)
""",
            lines=(23,),
            findings=(),
            fixed={},
            note="functools.singledispatch: the call runs the implementation registered for"
            " the argument's type; text goes to the `str` one, whose float() refuses words",
        ),
        Invalid(
            _HEAD
            + """\
import datetime as dt


def day_of(args, **kw):
    match args:
        case {"date": str(day)}:
            return json.dumps({"weekday": dt.date.fromisoformat(day).strftime("%A")})
        case _:
            return tool_error("date must be text")


registry.register(name="day_of", toolset="dates", schema={}, handler=day_of)
""",
            lines=(10,),
            findings=(),
            fixed={},
            note="a `match` capture of the model's arguments holds that argument: `day` of"
            ' `case {"date": str(day)}` is what the model sent for "date"',
        ),
        Invalid(
            _HEAD
            + """\
class LedgerError(Exception):
    pass


def pay(db, a):
    return {"patron": a["patron_id"].strip()}


TOOLS = {
    "fine_pay": (lambda a: pay(None, a), "Pay a fine."),
}


def _run(name, args):
    sub = TOOLS[name][0]
    try:
        return json.dumps(sub(args or {}))
    except LedgerError as e:
        return tool_error(str(e))


def fine_pay(args, **kw):
    return _run("fine_pay", args)


registry.register(name="fine_pay", toolset="fines", schema={}, handler=fine_pay)
""",
            lines=(26,),
            findings=(),
            fixed={},
            note="a lambda in a table's row (`TOOLS[name][0]`) handed the model's arguments"
            " passes them on: what its callee reads of them raises on them",
        ),
        Invalid(
            _HEAD
            + """\
def _bias(args, **kw):
    return json.dumps({"bias": float(args.get("degrees", "0")) / 2})


def _laps(args, **kw):
    return json.dumps({"laps": 3})


NAMES = ["line_bias", "lap_count"]
HANDLERS = [lambda args, **kw: _bias(args, **kw), _laps]

for i in range(len(NAMES)):
    registry.register(name=NAMES[i], toolset="race", schema={}, handler=HANDLERS[i])
""",
            lines=(5,),
            findings=(),
            fixed={},
            note="tools registered from parallel lists in an index loop (`for i in"
            " range(len(NAMES))`): each index reads each list's row",
        ),
        Invalid(
            _HEAD
            + """\
DEFAULTS = {"history": False, "timeout": 10}


def account(args, **kw):
    opts = {**DEFAULTS, **(args.get("options") or {})}
    return json.dumps({"history": bool(opts["history"]), "timeout": opts["timeout"]})


registry.register(name="account", toolset="library", schema={}, handler=account)
""",
            lines=(8,),
            findings=(),
            fixed={},
            note="`**` of the model's value as it came: only a JSON object spreads",
        ),
        Invalid(
            _HEAD
            + """\
from functools import singledispatch


@singledispatch
def parse_grade(value):
    raise TypeError(f"cannot read a grade from {type(value).__name__}")


@parse_grade.register
def _(value: str):
    return {"again": 1, "hard": 2, "good": 3, "easy": 4}.get(value.strip().lower(), 3)


@parse_grade.register
def _(value: int):
    return max(1, min(4, value))


def review(args, **kw):
    try:
        grade = parse_grade(args.get("grade"))
    except (KeyError, ValueError):
        return tool_error("grade must be again, hard, good or easy")
    return json.dumps({"grade": grade})


registry.register(name="review", toolset="cards", schema={}, handler=review)
""",
            lines=(24,),
            findings=(),
            fixed={},
            note="`args.get('grade')` is None when the model leaves it out, and no"
            " implementation is registered for None: the dispatcher's own body raises",
        ),
        Invalid(
            _HEAD
            + """\
TOWERS = {"BALDY": {"lat": 44.1, "lon": -121.3}}
g_status = 0


def set_error(code):
    global g_status
    g_status = code


def find_tower(name):
    key = name.strip().upper()
    if key in TOWERS:
        return TOWERS[key]
    return None


def crossfix(args, **kw):
    global g_status
    g_status = 0
    tower_a = args.get("tower_a", "")
    tower_b = args.get("tower_b", "")
    if tower_a == "" or tower_b == "":
        set_error(1)
    a = b = None
    if g_status == 0:
        a = find_tower(tower_a)
        b = find_tower(tower_b)
    if a is None or b is None:
        return tool_error("two known towers are needed")
    return json.dumps({"a": a, "b": b})


registry.register(name="crossfix", toolset="lookout", schema={}, handler=crossfix)
""",
            lines=(29, 30),
            findings=(),
            fixed={},
            note='`tower_a == ""` says nothing of its type: a number is not "" either, and'
            " reaches `.strip()`",
        ),
        Invalid(
            _HEAD
            + """\
class Bus:
    def __init__(self):
        self._handlers = {}

    def register(self, kind, handler):
        if kind in self._handlers:
            raise ValueError(f"{kind} already has a handler")
        self._handlers[kind] = handler

    def dispatch(self, kind, payload):
        handler = self._handlers.get(kind)
        if handler is None:
            return {"error": f"no handler for {kind}"}
        return handler(payload)


def _reserve(payload):
    return {"reserved": True}


def _release(payload):
    return {"released": True}


def _bus():
    bus = Bus()
    bus.register("reserve", _reserve)
    bus.register("reserve", _release)
    return bus


def reserve(args, **kw):
    return json.dumps(_bus().dispatch("reserve", args))


registry.register(name="reserve", toolset="garage", schema={}, handler=reserve)
""",
            lines=(36,),
            findings=(),
            fixed={},
            note="the same key registered twice on the bus the def made: the second call's"
            " duplicate check fires",
        ),
        Invalid(
            _HEAD
            + """\
def corrected(args, **kw):
    sail = args.get("sail_numbers", [])
    elapsed = args.get("elapsed_seconds", [])
    rating = args.get("ratings", [])
    n = len(sail)
    if n == 0 or len(elapsed) != n:
        return tool_error("sail_numbers and elapsed_seconds must have the same length")
    out = []
    for i in range(n):
        if rating[i] <= 0:
            return tool_error("ratings must be positive")
        out.append({"sail": sail[i], "corrected": elapsed[i] * 1000.0 / rating[i]})
    return json.dumps({"results": out})


registry.register(name="corrected", toolset="race", schema={}, handler=corrected)
""",
            lines=(13,),
            findings=(),
            fixed={},
            note="parallel lists: the loop runs over the indexes of one, and reads another"
            " whose length nothing compared (the first read by that index only)",
        ),
        Invalid(
            _HEAD
            + """\
def shoutout(args, kw):
    who = args["listener"].strip()
    return json.dumps({"queued": "Big shoutout to " + who})


def count(args, kw):
    return json.dumps({"count": 3})


COMMANDS = [
    {"name": "booth_shoutout", "fn": shoutout},
    {"name": "booth_count", "fn": count},
]

for i in range(len(COMMANDS)):
    c = COMMANDS[i]
    registry.register(
        name=c["name"],
        toolset="booth",
        schema={},
        handler=(lambda f: lambda args, **kw: f(args, kw))(c["fn"]),
    )
""",
            lines=(5,),
            findings=(),
            fixed={},
            note="a row of a list of dicts read by index (`c = COMMANDS[i]`): `c['fn']` is that"
            " row's function, handed to a lambda factory",
        ),
        Invalid(
            _HEAD
            + """\
from functools import reduce
from operator import or_


GROUPS = ("O", "A", "B", "AB")


def recipients_for(donor):
    return reduce(or_, (frozenset({r}) for r in GROUPS if donor in r or donor == "O"), frozenset())


def compat(args, **kw):
    group = str(args.get("group", "O"))
    if group not in GROUPS:
        return json.dumps({"error": "unknown group"})
    return json.dumps({"group": group, "can_donate_to": recipients_for(group)})


registry.register(name="compat", toolset="blood", schema={}, handler=compat)
""",
            lines=(19,),
            findings=(),
            fixed={},
            note="`reduce(or_, sets, frozenset())` is a frozenset, as its start is: json.dumps"
            " refuses it",
        ),
        Invalid(
            _HEAD
            + """\
PRICING = {"payg": {"unlock": 1.0}, "member": {"unlock": 0.0}}


def estimate(args, **kw):
    plan = PRICING.get(str(args.get("plan", "payg")))
    return json.dumps({"unlock": plan["unlock"]})


registry.register(name="estimate", toolset="bikes", schema={}, handler=estimate)
""",
            lines=(9,),
            findings=(),
            fixed={},
            note="`.get` of a table written out, by the model's text, answers None for a name it"
            " does not hold: the subscript of that None raises",
        ),
        Invalid(
            _HEAD
            + """\
import math


def fare(args, **kw):
    minutes = math.ceil(args.get("minutes", 0))
    return json.dumps({"minutes": minutes, "fare": round(1.0 + 0.18 * minutes, 2)})


registry.register(name="fare", toolset="bikes", schema={}, handler=fare)
""",
            lines=(8,),
            findings=(),
            fixed={},
            note="a math function of the model's value as it came: text, a list or null is no"
            " number",
        ),
        Invalid(
            _HEAD
            + """\
class Ok:
    ok = True

    def __init__(self, value):
        self.value = value

    def unwrap(self):
        return self.value


class Err:
    ok = False

    def __init__(self, error):
        self.error = error

    def unwrap(self):
        raise ValueError(self.error)


def parse_count(raw):
    if isinstance(raw, bool) or not isinstance(raw, int) or raw < 1:
        return Err("must be a positive integer")
    return Ok(raw)


def grid(args, **kw):
    rows = parse_count(args.get("rows"))
    if not rows.ok:
        return tool_error(f"rows {rows.error}")
    cols = parse_count(args.get("cols"))
    return json.dumps({"cells": rows.unwrap() * cols.unwrap()})


registry.register(name="grid", toolset="t", schema={}, handler=grid)
""",
            lines=(35,),
            fixed={},
            note="a test of one Result says nothing of another: `cols` was never tested",
        ),
        Invalid(
            _HEAD
            + """\
class Ok:
    def __init__(self, value):
        self.value = value

    def is_ok(self):
        return True

    def unwrap(self):
        return self.value


class Err:
    def __init__(self, error):
        self.error = error

    def is_ok(self):
        return False

    def unwrap(self):
        raise ValueError(self.error)


def parse_date(raw):
    from datetime import date

    try:
        return Ok(date.fromisoformat(raw))
    except (TypeError, ValueError):
        return Err("dates are YYYY-MM-DD")


def span(args, **kw):
    day = parse_date(args.get("start"))
    if not day.is_ok():
        return tool_error(day.error)
    start = day.unwrap()
    day = parse_date(args.get("end"))
    return json.dumps({"days": (day.unwrap() - start).days})


registry.register(name="span", toolset="t", schema={}, handler=span)
""",
            lines=(41,),
            fixed={},
            note="a name bound again after its test holds a value nothing tested",
        ),
        Invalid(
            _HEAD
            + """\
from datetime import datetime


def cutoff(args):
    when = datetime.fromisoformat(args["vessel_etd"])
    return json.dumps({"cutoff": when.isoformat()})


def lookup(args):
    try:
        return json.dumps({"query": str(args.get("query", "")).upper()})
    except Exception as e:
        return tool_error(str(e))


HANDLERS = {"cutoff_check": cutoff, "port_lookup": lookup}


def register(ctx):
    for name in HANDLERS:
        ctx.register_tool(
            name=name,
            toolset="dray",
            schema={},
            handler=lambda args, _name=name, **kw: HANDLERS[_name](args),
        )
""",
            lines=(8,),
            fixed={},
            note="a lambda that keeps its loop turn's name as a default (`_name=name`) runs that"
            " name's handler only: what another raises is not its",
        ),
        Invalid(
            {
                "plugins/promo/__init__.py": """\
import json
from pathlib import Path

import yaml


def stack(args, **kw):
    subtotal = float(args["subtotal"])
    return json.dumps({"total": round(subtotal * 0.9, 2)})


def preview(args, **kw):
    return json.dumps({"rules": ["10% off"]})


HANDLERS = {"stack": stack, "preview": preview}


def _specs():
    path = Path(__file__).with_name("tools.yml")
    with path.open("r", encoding="utf-8") as fh:
        return yaml.safe_load(fh)


def register(ctx):
    for spec in _specs():
        ctx.register_tool(
            name=spec["name"],
            toolset="promo",
            schema={"name": spec["name"], "description": spec["description"], "parameters": spec["parameters"]},
            handler=HANDLERS[spec["handler"]],
        )
""",
                "plugins/promo/tools.yml": """\
- name: promo_stack_coupons
  handler: stack
  description: Apply coupons to a basket subtotal.
  parameters:
    type: object
    properties:
      subtotal: {type: number, description: Basket subtotal.}
    required: [subtotal]
- name: promo_preview_rules
  handler: preview
  description: Show the promotion rules.
  parameters: {type: object, properties: {}}
""",
                "plugins/promo/plugin.yaml": """\
name: promo
version: 1.0.0
description: Coupon rules.
provides_tools: [promo_stack_coupons, promo_preview_rules]
""",
            },
            findings=(("plugins/promo/__init__.py", 8),),
            fixed={},
            note="tools a plugin declares in its own data file (`yaml.safe_load` of"
            ' `Path(__file__).with_name("tools.yml")`) are registered from its rows: each'
            " handler is checked as the tool it serves",
        ),
        Invalid(
            _HEAD
            + """\
from collections import defaultdict
from decimal import Decimal

LINES = [("FR", "EUR", Decimal("1.5")), ("FR", "USD", Decimal("2"))]


def summarize(args, **kw):
    by_currency: dict[str, dict[str, Decimal]] = defaultdict(lambda: defaultdict(Decimal))
    for territory, currency, amount in LINES:
        by_currency[territory][currency] += amount
    rows = []
    for key in sorted(by_currency):
        row = {"territory": key}
        if args.get("split"):
            row["by_currency"] = dict(by_currency[key])
        rows.append(row)
    return json.dumps({"top": rows[:5]})


def totals(args, **kw):
    sums = defaultdict(Decimal)
    for territory, currency, amount in LINES:
        sums[territory] += amount
    return json.dumps({"totals": dict(sums)})


registry.register(name="royalty_summary", toolset="t", schema={}, handler=summarize)
registry.register(name="royalty_totals", toolset="t", schema={}, handler=totals)
""",
            lines=(20, 27),
            fixed={},
            note="a `defaultdict(Decimal)` (also inside another's factory) holds Decimals: what it"
            " adds up, `dict(...)` of it and of one of its values refuse JSON",
        ),
        Invalid(
            _HEAD
            + """\
class ToolDefinition(object):
    def __init__(self, name, handler):
        self._name = name
        self._handler = handler

    def get_name(self):
        return self._name

    def get_handler(self):
        return self._handler


class ToolDefinitionFactory(object):
    @staticmethod
    def create(name, handler):
        return ToolDefinition(name, handler)


def get_ticket(args, **kw):
    ticket_id = args["ticket_id"]
    return json.dumps({"id": ticket_id})


def ping(args, **kw):
    return json.dumps({"ok": True})


def _definitions():
    return [
        ToolDefinitionFactory.create("ticket_get", get_ticket),
        ToolDefinitionFactory.create("ping", ping),
    ]


for definition in _definitions():
    registry.register(
        name=definition.get_name(),
        toolset="t",
        schema={},
        handler=definition.get_handler(),
    )
""",
            lines=(23,),
            fixed={},
            note="a hand-written record (`__init__` only keeps its parameters) made by a factory"
            " and read by getters: each row's name and handler are what its call gave",
        ),
        Invalid(
            _HEAD
            + """\
import math


def _is_number(x):
    return isinstance(x, (int, float)) and not isinstance(x, bool) and math.isfinite(x)


def ratio(args, **kw):
    tops = args.get("tops")
    bottoms = args.get("bottoms")
    if not isinstance(tops, list) or not isinstance(bottoms, list):
        return tool_error("tops and bottoms must be arrays")
    if not all(_is_number(t) for t in tops):
        return tool_error("tops must be numbers")
    values = [float(b) for b in bottoms]
    return json.dumps({"sum": sum(float(t) for t in tops) + sum(values)})


registry.register(name="ratio", toolset="t", schema={}, handler=ratio)
""",
            lines=(18,),
            fixed={},
            note="an `all(...)` check of one list says nothing of another's items",
        ),
        Invalid(
            """\
import json
from decimal import Decimal

from tools.registry import registry


def _amounts(rows):
    out = []
    for row in rows:
        try:
            out.append(Decimal(str(row.get("amount"))))
        except Exception:
            continue
    return out


def handle(args, **kw):
    rows = args.get("rows")
    if not isinstance(rows, list):
        return json.dumps({"error": "rows must be a list"})
    amounts = [Decimal(str(r)) for r in _amounts([r for r in rows if isinstance(r, dict)])]
    mean = (sum(amounts) / len(amounts)).quantize(Decimal("0.01")) if amounts else None
    return json.dumps({"count": len(amounts), "mean": mean})


registry.register(
    name="x_mean",
    toolset="x",
    schema={"name": "x_mean", "description": "Mean amount.", "parameters": {"type": "object", "properties": {"rows": {"type": "array", "description": "Rows.", "items": {"type": "object"}}}}},
    handler=handle,
)
""",
            lines=(23,),
            fixed={},
            note='a mean rounded with `.quantize(Decimal("0.01"))`, whose receiver the analysis '
            "does not type: only a Decimal has that method, so the result is one, and "
            "json.dumps refuses it",
        ),
        Invalid(
            """\
import json

from tools.registry import registry


def handle(args, **kw):
    words = args.get("words")
    if not isinstance(words, list) or not all(isinstance(w, str) for w in words):
        return json.dumps({"error": "words must be a list of strings"})
    pairs = {}
    for a, b in zip(words, words[1:]):
        pairs[a, b] = pairs.get((a, b), 0) + 1
    table = dict(((a, b), {"count": n}) for (a, b), n in pairs.items())
    return json.dumps({"pairs": table})


registry.register(
    name="x_pairs",
    toolset="x",
    schema={"name": "x_pairs", "description": "Count word pairs.", "parameters": {"type": "object", "properties": {"words": {"type": "array", "description": "Words.", "items": {"type": "string"}}}}},
    handler=handle,
)
""",
            lines=(14,),
            fixed={},
            note="a dict whose keys are tuples (`dict(((a, b), {...}) for ...)`): json.dumps takes "
            "only str, int, float, bool or None keys, and `default=` is never asked about a "
            "key",
        ),
        Invalid(
            """\
import json

from tools.registry import registry


def handle(args, **kw):
    words = args.get("words")
    if not isinstance(words, list) or not all(isinstance(w, str) for w in words):
        return json.dumps({"error": "words must be a list of strings"})
    pairs = {}
    for a, b in zip(words, words[1:]):
        pairs[a, b] = pairs.get((a, b), 0) + 1
    table = pairs
    return json.dumps({"pairs": table})


registry.register(
    name="x_pairs",
    toolset="x",
    schema={"name": "x_pairs", "description": "Count word pairs.", "parameters": {"type": "object", "properties": {"words": {"type": "array", "description": "Words.", "items": {"type": "string"}}}}},
    handler=handle,
)
""",
            lines=(14,),
            fixed={},
            note="a dict filled with tuple keys (`pairs[a, b] = ...`), serialised as it is",
        ),
        Invalid(
            """\
import json

from tools.registry import registry


class ToolMeta(type):
    registry = {}

    def __new__(mcls, clsname, bases, namespace, **kwargs):
        cls = super().__new__(mcls, clsname, bases, namespace, **kwargs)
        tool_name = namespace.get("tool_name")
        if tool_name:
            mcls.registry[tool_name] = cls
        return cls


class Tool(metaclass=ToolMeta):
    tool_name = None
    description = ""

    def run(self, args):
        raise NotImplementedError

    def __call__(self, args, **kw):
        try:
            result = self.run(args if isinstance(args, dict) else {})
        except ValueError as exc:
            return json.dumps({"error": str(exc)})
        return json.dumps(result)


class Convert(Tool):
    tool_name = "x_convert"
    description = "Convert an amount."

    def run(self, args):
        amount = float(args.get("amount") or 0)
        return {"amount": round(amount * RATES[args.get("currency", "EUR")], 2)}


class Currencies(Tool):
    tool_name = "x_currencies"
    description = "List the currencies."

    def run(self, args):
        return {"currencies": sorted(RATES)}


RATES = {"EUR": 1.0, "USD": 1.08}

for name, cls in ToolMeta.registry.items():
    registry.register(
        name=name,
        toolset="x",
        schema={"name": name, "description": cls.description, "parameters": {"type": "object", "properties": {"amount": {"type": "number", "description": "An amount."}, "currency": {"type": "string", "description": "A currency."}}}},
        handler=cls(),
    )
""",
            lines=(26,),
            fixed={},
            note="tools a metaclass registers as their classes are made "
            '(`mcls.registry[namespace.get("tool_name")] = cls` in its `__new__`): one per '
            "class whose body names a tool (the base, `tool_name = None`, adds none); "
            "Convert.run raises on the currency",
        ),
        Invalid(
            """\
import functools
import json
from datetime import date

from tools.registry import registry


def tool_handler(fn):
    @functools.wraps(fn)
    async def wrapper(args, **kwargs):
        try:
            result = await fn(args)
        except ValueError as exc:
            return json.dumps({"error": str(exc)})
        return json.dumps(result)

    return wrapper


def fetch_rate(base):
    payload = {"rate": "1.1", "date": "2024-01-01"}
    as_of = payload.get("date")
    return float(payload["rate"]), as_of if isinstance(as_of, str) else "unknown"


@tool_handler
async def revalue(args):
    if args.get("rate_override") is not None:
        rate = float(args.get("rate_override"))
        as_of = date.today()
    else:
        rate, as_of = fetch_rate("EUR")
    return {"rate": rate, "rate_date": as_of}


registry.register(name="x_revalue", toolset="x", schema={"name": "x_revalue", "description": "Revalue.", "parameters": {"type": "object", "properties": {"rate_override": {"type": "number", "description": "A rate."}}}}, handler=revalue, is_async=True)
""",
            lines=(33,),
            fixed={},
            note="an async decorator whose wrapper serialises what the def returns (`result = "
            "await fn(args)` ... `return json.dumps(result)`) outside its `try`: a date on "
            "one path of the def is refused there",
        ),
        Invalid(
            """\
import json
from dataclasses import dataclass

from tools.registry import registry


@dataclass(frozen=True)
class Invalid:
    field: str
    reason: str


def text(args, field, max_len=40):
    raw = args.get(field)
    if not isinstance(raw, str) or not raw.strip():
        return Invalid(field, "is required")
    if len(raw) > max_len:
        return Invalid(field, f"must be at most {max_len} characters")
    return raw.strip()


def number(args, field, minimum, maximum):
    raw = args.get(field)
    if isinstance(raw, bool) or not isinstance(raw, (int, float)):
        return Invalid(field, "must be a number")
    if not minimum <= raw <= maximum:
        return Invalid(field, f"must be between {minimum} and {maximum}")
    return float(raw)


def ok(payload):
    return json.dumps({"ok": True, **payload})


def handle_quote(args, **kw):
    amount = number(args, "amount", 0, 1_000_000)
    source = text(args, "source", 3)
    target = text(args, "target", 3)
    for parsed in (amount, source, target):
        if isinstance(parsed, Invalid):
            print(f"{parsed.field}: {parsed.reason}")
            continue
    assert isinstance(amount, float) and isinstance(source, str)
    assert target is not None
    return ok({"amount": amount, "source": source.upper(), "target": target.upper()})


registry.register(
    name="x_quote",
    toolset="x",
    schema={"name": "x_quote", "description": "Quote.", "parameters": {"type": "object", "properties": {"amount": {"type": "number", "description": "Amount."}, "source": {"type": "string", "description": "From."}, "target": {"type": "string", "description": "To."}}}},
    handler=handle_quote,
)
""",
            lines=(43, 44, 45),
            fixed={},
            note="the same loop that only logs an `Invalid` and goes on: nothing is ruled out past "
            "it, so each assert can fail and `ok(...)` may meet an `Invalid`",
        ),
        Invalid(
            """\
import json

from tools.registry import registry

aCategories = ("plumbing", "electrical", "other")


def Nz(varValue, varDefault=""):
    if varValue is None:
        return varDefault
    return varValue


def ticket_create(args, **kw):
    strUnit = Nz(args.get("unit")).strip()
    strCategory = Nz(args.get("category"), "other").lower()
    if strUnit == "":
        return json.dumps({"error": "Unit number is required."})
    if strCategory not in aCategories:
        return json.dumps({"error": "Unknown category '" + strCategory + "'."})
    return json.dumps({"unit": strUnit, "category": strCategory})


registry.register(
    name="x_ticket_create",
    toolset="x",
    schema={"name": "x_ticket_create", "description": "Log a ticket.", "parameters": {"type": "object", "properties": {"unit": {"type": "string", "description": "Unit."}, "category": {"type": "string", "description": "Category."}}}},
    handler=ticket_create,
)
""",
            lines=(15, 16),
            fixed={},
            note="a helper that hands the value the model sent back as it came, or a default for "
            'none (`Nz(args.get("unit")).strip()`, as in Access): text methods of it raise on a '
            "number or a list",
        ),
        Invalid(
            """\
import json

from tools.registry import registry

ROOTS = {"C": 0, "D": 2, "E": 4, "F": 5, "G": 7, "A": 9, "B": 11}


def _as_object(args):
    return args if isinstance(args, dict) else {}


def scale(args, **kw):
    args = _as_object(args)
    root = args.get("root")
    if not isinstance(root, str):
        return json.dumps({"error": "root must be a note name"})
    root = root.strip().upper()
    return json.dumps({"root": root, "tonic": ROOTS[root]})


registry.register(
    name="x_scale",
    toolset="x",
    schema={"name": "x_scale", "description": "A scale.", "parameters": {"type": "object", "properties": {"root": {"type": "string", "description": "Root note."}}}},
    handler=scale,
)
""",
            lines=(18,),
            fixed={},
            note="the arguments normalised by a helper that hands them back, or an empty dict "
            "(`args = _as_object(args)`): still the model's arguments, read as `args = args "
            "or {}` is",
        ),
        Invalid(
            """\
import json

from tools.registry import registry

FLAT_KEYS = {"F"}
ROOTS = {"C": 0, "D": 2, "E": 4, "F": 5, "G": 7, "A": 9, "B": 11}


def scale(args, **kw):
    match args:
        case {"root": str(root), "mode": str(mode)}:
            pass
        case {"root": str(root)}:
            mode = "major"
        case {"root": _}:
            return json.dumps({"error": "root must be text"})
        case _:
            return json.dumps({"error": "root is required"})
    mode = mode.strip().lower()
    if mode not in ("major", "minor"):
        return json.dumps({"error": "unknown mode"})
    root = root.strip()
    root = root[:1].upper() + root[1:]
    tonic = ROOTS[root]
    prefer_flats = "b" in root[1:] or root in FLAT_KEYS
    return json.dumps({"root": root, "tonic": tonic, "flats": prefer_flats})


registry.register(
    name="x_scale",
    toolset="x",
    schema={"name": "x_scale", "description": "A scale.", "parameters": {"type": "object", "properties": {"root": {"type": "string", "description": "Root note."}}}},
    handler=scale,
)
""",
            lines=(24,),
            fixed={},
            note='a membership test outside any test, after the lookup (`prefer = "b" in root[1:] '
            "or root in FLAT_KEYS` below `ROOTS[root]`): it guards nothing above it",
        ),
        Invalid(
            """\
import json

from tools.registry import registry

FLAT_KEYS = {"F"}
ROOTS = {"C": 0, "D": 2, "E": 4, "F": 5, "G": 7, "A": 9, "B": 11}


def scale(args, **kw):
    match args:
        case {"root": str(root), "mode": str(mode)}:
            pass
        case {"root": str(root)}:
            mode = "major"
        case {"root": _}:
            return json.dumps({"error": "root must be text"})
        case _:
            return json.dumps({"error": "root is required"})
    mode = mode.strip().lower()
    if mode not in ("major", "minor"):
        return json.dumps({"error": "unknown mode"})
    root = root.strip()
    root = root[:1].upper() + root[1:]
    tonic = ROOTS[root]
    prefer_flats = "b" in root[1:] or root in FLAT_KEYS
    return json.dumps({"root": root, "tonic": tonic, "flats": prefer_flats})


TOOLS = [
    {"name": "x_scale", "description": "A scale.", "parameters": {"type": "object", "properties": {"root": {"type": "string", "description": "Root note."}}}, "handler": scale},
]

for spec in TOOLS:
    schema = {k: v for k, v in spec.items() if k != "handler"}
    registry.register(
        name=spec["name"],
        toolset="x",
        schema=schema,
        handler=lambda args, _h=spec["handler"], **kw: _h(args, **kw),
    )
""",
            lines=(39,),
            fixed={},
            note="a registration loop whose lambda keeps the handler of the row as a default "
            '(`lambda args, _h=spec["handler"], **kw: _h(args, **kw)`): the handler it forwards '
            "to is the row's, and its lookup raises",
        ),
        Invalid(
            """\
import json
from datetime import date, timedelta

from tools.registry import registry


class Reply:
    def __init__(self):
        self.result = {}
        self.errors = []

    def to_json(self):
        if self.errors:
            return json.dumps({"error": "; ".join(self.errors)})
        return json.dumps(dict(self.result))


def due_date(args, **kw):
    reply = Reply()
    days = args.get("days", 14)
    if not isinstance(days, int) or not 1 <= days <= 60:
        reply.errors.append("days must be a whole number from 1 to 60")
        return reply.to_json()
    reply.result = {"days": days, "due": date.today() + timedelta(days=days)}
    return reply.to_json()


registry.register(
    name="due_date",
    toolset="library",
    schema={
        "name": "due_date",
        "description": "When a loan falls due.",
        "parameters": {
            "type": "object",
            "properties": {"days": {"type": "integer", "description": "Loan length."}},
        },
    },
    handler=due_date,
)
""",
            lines=(25,),
            fixed={},
            note="reply.result = {...} holds a date and reply.to_json() dumps dict(self.result): "
            "the stores on the local before the call are what the method reads; the early "
            "return reply.to_json() before the store reads the constructor's {} and is not "
            "reported.",
        ),
        Invalid(
            """\
import json
from contextlib import contextmanager
from datetime import date

from tools.registry import registry


class Request:
    def __init__(self, tool):
        self.tool = tool
        self.result = {}
        self.errors = []

    def to_json(self):
        if self.errors:
            return json.dumps({"error": "; ".join(self.errors)})
        return json.dumps(self.result)


@contextmanager
def tool_request(tool):
    request = Request(tool)
    yield request


def overdue_report(args, **kw):
    with tool_request("overdue_report") as rc:
        rc.result = {"as_of": date.today(), "count": 0}
    return rc.to_json()


registry.register(
    name="overdue_report",
    toolset="library",
    schema={
        "name": "overdue_report",
        "description": "Loans overdue today.",
        "parameters": {"type": "object", "properties": {}},
    },
    handler=overdue_report,
)
""",
            lines=(29,),
            fixed={},
            note="with tool_request(...) as rc: rc.result = {... date ...} then rc.to_json(): the "
            "stores on the local the with statement binds are what the method reads, wherever "
            "the instance was made.",
        ),
        Invalid(
            """\
import json
import re

from tools.registry import registry


class TermCollector:
    def __init__(self):
        self.terms = {}

    def define(self, term, where):
        self.terms[term] = {"defined_in": where, "used_in": set()}

    def used(self, term, where):
        if term in self.terms:
            self.terms[term]["used_in"].add(where)


def defined_terms(args, **kw):
    text = args.get("text")
    if not isinstance(text, str):
        return json.dumps({"error": "text must be a string"})
    collector = TermCollector()
    for number, line in enumerate(text.splitlines(), 1):
        for term in re.findall(r'"([A-Z][a-z]+)" means', line):
            collector.define(term, number)
        for word in re.findall(r"[A-Z][a-z]+", line):
            collector.used(word, number)
    return json.dumps({"terms": collector.terms})


registry.register(
    name="defined_terms",
    toolset="legal",
    schema={
        "name": "defined_terms",
        "description": "Defined terms of a contract.",
        "parameters": {
            "type": "object",
            "properties": {"text": {"type": "string", "description": "The contract."}},
            "required": ["text"],
        },
    },
    handler=defined_terms,
)
""",
            lines=(29,),
            fixed={},
            note="A method of the class fills self.terms[term] with a set (used_in); the handler "
            "dumps collector.terms: the entries the class's methods store are what the "
            "attribute holds.",
        ),
        Invalid(
            """\
import json

from tools.registry import registry


def reading_frame(args, **kw):
    frame = args.get("frame", 1)
    if frame == 0 or abs(frame) > 3:
        return json.dumps({"error": f"invalid frame {frame}; use 1..3 or -1..-3"})
    strand = "forward" if frame in (1, 2, 3) else "reverse"
    return json.dumps({"frame": frame, "strand": strand})


registry.register(
    name="reading_frame",
    toolset="bio",
    schema={
        "name": "reading_frame",
        "description": "Describe a reading frame.",
        "parameters": {
            "type": "object",
            "properties": {"frame": {"type": "integer", "description": "1..3 or -1..-3."}},
        },
    },
    handler=reading_frame,
)
""",
            lines=(8,),
            fixed={},
            note="abs(frame) inside the test that checks it (frame == 0 or abs(frame) > 3): like "
            "an order comparison, the call asks the value to be a number, and the test around "
            "it is no guard of it.",
        ),
        Invalid(
            """\
import json
from datetime import date, timedelta

from tools.registry import registry


def new_state(args):
    return {"Args": args, "Error": None, "Notes": []}


def read_input(state):
    a = state["Args"]
    state["Start"] = date.fromisoformat(a["start"])
    state["Days"] = a.get("days", 30)
    if not isinstance(state["Days"], int) or not 0 <= state["Days"] <= 3650:
        state["Error"] = "days must be a whole number from 0 to 3650"
    return state


def add_days(state):
    if state["Error"]:
        return state
    state["Due"] = state["Start"] + timedelta(days=state["Days"])
    return state


def format_output(state):
    if state["Error"]:
        return json.dumps({"error": state["Error"]})
    return json.dumps({"due": state["Due"].isoformat(), "notes": state["Notes"]})


def deadline(args, **kw):
    state = new_state(args)
    for step in (read_input, add_days):
        state = step(state)
    return format_output(state)


registry.register(
    name="deadline",
    toolset="legal",
    schema={
        "name": "deadline",
        "description": "A deadline some days after a start date.",
        "parameters": {
            "type": "object",
            "properties": {
                "start": {"type": "string", "description": "YYYY-MM-DD."},
                "days": {"type": "integer", "description": "Days to add."},
            },
            "required": ["start"],
        },
    },
    handler=deadline,
)
""",
            lines=(36,),
            fixed={},
            note="The model's arguments travel in a dict: new_state(args) returns {'Args': args, "
            "...} and each step reads a = state['Args']; a['start'] in read_input raises "
            "KeyError when the model leaves start out (and fromisoformat ValueError on a bad "
            "date).",
        ),
        Invalid(
            """\
import json

from tools.registry import registry

SQM_PER_UNIT = {"sqm": 1.0, "sqft": 0.09290304, "acre": 4046.8564224}


def new_context(args, **extra):
    ctx = {"args": args if isinstance(args, dict) else {}, "errors": [], "halt": False}
    ctx.update(extra)
    return ctx


def run(steps, ctx):
    for step in steps:
        ctx = step(ctx)
        if ctx.get("halt"):
            break
    return ctx


def normalise_units(ctx):
    args = ctx["args"]
    ctx["from_unit"] = args["from_unit"].strip().lower()
    if ctx["from_unit"] not in SQM_PER_UNIT:
        ctx["errors"].append("unknown unit")
        ctx["halt"] = True
    return ctx


def to_square_metres(ctx):
    value = ctx["args"].get("value")
    if not isinstance(value, (int, float)):
        ctx["errors"].append("value must be a number")
        ctx["halt"] = True
        return ctx
    ctx["sqm"] = value * SQM_PER_UNIT[ctx["from_unit"]]
    return ctx


def render(ctx):
    if ctx["errors"]:
        return json.dumps({"error": "; ".join(ctx["errors"])})
    return json.dumps({"sqm": round(ctx["sqm"], 2)})


CONVERT_STEPS = [normalise_units, to_square_metres]


def convert_area(args, **kw):
    return render(run(CONVERT_STEPS, new_context(args)))


registry.register(
    name="convert_area",
    toolset="realty",
    schema={
        "name": "convert_area",
        "description": "Convert an area to square metres.",
        "parameters": {
            "type": "object",
            "properties": {
                "value": {"type": "number", "description": "The area."},
                "from_unit": {"type": "string", "description": "sqm, sqft or acre."},
            },
            "required": ["value", "from_unit"],
        },
    },
    handler=convert_area,
)
""",
            lines=(51,),
            fixed={},
            note="The arguments travel in a context dict built by new_context(args) (a local "
            "returned after ctx.update) and handed to run(steps, ctx), which calls each step "
            "of the list it is given: normalise_units reads args = ctx['args'] and "
            "args['from_unit'].strip() raises KeyError or AttributeError.",
        ),
        Invalid(
            """\
import json
from functools import reduce

from tools.registry import registry


def tally(result):
    home, away, home_goals, away_goals = result
    if home_goals > away_goals:
        return {home: 3, away: 0}
    if home_goals < away_goals:
        return {home: 0, away: 3}
    return {home: 1, away: 1}


def merge(a, b):
    return {team: a.get(team, 0) + b.get(team, 0) for team in set(a) | set(b)}


def standings(args, **kw):
    results = args.get("results") or []
    try:
        table = reduce(merge, map(tally, results))
    except (ValueError, KeyError) as exc:
        return json.dumps({"error": f"bad result: {exc}"})
    ranked = sorted(table.items(), key=lambda kv: -kv[1])
    return json.dumps({"standings": [{"team": t, "points": p} for t, p in ranked]})


registry.register(
    name="standings",
    toolset="league",
    schema={
        "name": "standings",
        "description": "League table from results.",
        "parameters": {
            "type": "object",
            "properties": {
                "results": {
                    "type": "array",
                    "items": {"type": "array", "items": {}},
                    "description": "[home, away, home_goals, away_goals] per match.",
                }
            },
        },
    },
    handler=standings,
)
""",
            lines=(23,),
            fixed={},
            note="functools.reduce with no start value over map(tally, results) of the model's "
            "list: TypeError when the model sends an empty list, which the except "
            "(ValueError, KeyError) misses.",
        ),
        Invalid(
            """\
import json
from typing import NoReturn, cast

from tools.registry import registry


def assert_never(value: NoReturn) -> NoReturn:
    raise AssertionError(f"Unhandled variant: {value!r}")


def _apply(op):
    if op.get("kind") == "add":
        return {"added": str(op.get("term"))}
    elif op.get("kind") == "remove":
        return {"removed": str(op.get("term"))}
    else:
        assert_never(op)


def glossary_edit(args, **kw):
    ops = args.get("operations")
    if not isinstance(ops, list) or not ops:
        return json.dumps({"error": "operations must be a non-empty list"})
    if not all(isinstance(op, dict) for op in ops):
        return json.dumps({"error": "each operation must be an object"})
    applied = [_apply(cast(dict, op)) for op in ops]
    return json.dumps({"applied": applied})


registry.register(
    name="glossary_edit",
    toolset="glossary",
    schema={
        "name": "glossary_edit",
        "description": "Add or remove terms.",
        "parameters": {
            "type": "object",
            "properties": {
                "operations": {
                    "type": "array",
                    "items": {"type": "object"},
                    "description": "{kind: add|remove, term}.",
                }
            },
            "required": ["operations"],
        },
    },
    handler=glossary_edit,
)
""",
            lines=(26,),
            fixed={},
            note="assert_never(op) given an object the model sent (cast(dict, op) hands it back as "
            "it is): the model can send a kind the dispatch does not handle, and the "
            "AssertionError escapes.",
        ),
        Invalid(
            {
                "plugins/wx/__init__.py": """\
import json


def forecast(args, **kw):
    city = args["city"].strip()
    return json.dumps({"city": city, "days": []})


SCHEMA = {
    "name": "forecast",
    "description": "Forecast for a city.",
    "parameters": {
        "type": "object",
        "properties": {"city": {"type": "string", "description": "City name."}},
    },
}

TOOLS = [
    (SCHEMA, forecast, "⛅"),
]


def register(ctx):
    def reg(schema, handler, emoji):
        ctx.register_tool(
            name=schema["name"], toolset="weather", schema=schema, handler=handler, emoji=emoji
        )

    for entry in TOOLS:
        reg(*entry)
""",
                "plugins/wx/plugin.yaml": "name: wx\nversion: 0.1.0\n"
                "description: Weather\nprovides_tools: [forecast]\n",
            },
            findings=(("plugins/wx/__init__.py", 5),),
            note="The plugin registers each row of TOOLS through a helper called with the row "
            "spread (reg(*entry)): each item fills the helper's parameter in turn, so the handler "
            "is found and its args['city'] KeyError reported.",
            fixed={},
        ),
        Invalid(
            """\
import json
from decimal import ROUND_HALF_UP, Decimal

from tools.registry import registry


class Money:
    CENT = Decimal("0.01")

    def __call__(self, amount):
        return Decimal(str(amount)).quantize(self.CENT, rounding=ROUND_HALF_UP)


class Reply:
    def __call__(self, payload=None, **fields):
        return json.dumps(payload if payload is not None else fields)


money = Money()
ok = Reply()


def quote_detail(args, **kw):
    annual = args.get("annual_premium")
    if isinstance(annual, bool) or not isinstance(annual, (int, float)) or not 0 < annual < 1e7:
        return json.dumps({"error": "annual_premium must be a positive number"})
    return ok(annual_premium=money(annual), monthly_premium=money(annual / 12))


registry.register(
    name="quote_detail",
    toolset="quotes",
    schema={
        "name": "quote_detail",
        "description": "Premiums of a quote.",
        "parameters": {
            "type": "object",
            "properties": {"annual_premium": {"type": "number", "description": "Per year."}},
            "required": ["annual_premium"],
        },
    },
    handler=quote_detail,
)
""",
            lines=(27,),
            fixed={},
            note="ok = Reply() and money = Money() are instances whose __call__ runs: "
            "money(annual) returns a Decimal, and Reply.__call__ dumps the keywords its "
            "**fields collects: json.dumps meets the Decimal (TypeError).",
        ),
        Invalid(
            """\
import json
import zlib
from typing import Literal, assert_never, cast

from tools.registry import registry

Algorithm = Literal["crc32", "adler32"]


def checksum(algorithm: Algorithm, value: str) -> dict:
    match algorithm:
        case "crc32":
            return {"crc32": f"{zlib.crc32(value.encode()) & 0xFFFFFFFF:08x}"}
        case "adler32":
            return {"adler32": f"{zlib.adler32(value.encode()) & 0xFFFFFFFF:08x}"}
        case _:
            assert_never(algorithm)


def checksum_text(args, **kw):
    algorithm = cast(Algorithm, args.get("algorithm", "crc32"))
    value = args.get("value")
    if not isinstance(value, str):
        return json.dumps({"error": "value must be text"})
    return json.dumps(checksum(algorithm, value))


registry.register(
    name="checksum_text",
    toolset="crypto",
    schema={
        "name": "checksum_text",
        "description": "Checksum of a text.",
        "parameters": {
            "type": "object",
            "properties": {
                "value": {"type": "string", "description": "The text."},
                "algorithm": {"type": "string", "enum": ["crc32", "adler32"], "description": "Which."},
            },
            "required": ["value"],
        },
    },
    handler=checksum_text,
)
""",
            lines=(25,),
            fixed={},
            note="typing.assert_never(algorithm) of the model's text, cast to a Literal as it "
            "came: a value the model sends outside the Literal reaches it and the "
            "AssertionError escapes.",
        ),
        Invalid(
            """\
import json

from tools.registry import registry


def new_state(args, **extra):
    state = {"args": dict(args or {}), "output": None}
    state.update(extra)
    return state


def run(steps, args, **extra):
    state = new_state(args, **extra)
    for step in steps:
        state = step(state) or state
        if state.get("error"):
            return json.dumps({"error": state["error"]})
    return state["output"]


def ride_inputs(state):
    a = state["args"]
    profile = a.get("profile") or "tempo"
    state["speed"] = {"leisure": 18.0, "tempo": 26.0, "race": 34.0}[profile]
    return state


def estimate(state):
    distance = state["args"].get("distance_km")
    if isinstance(distance, bool) or not isinstance(distance, (int, float)) or not 0 < distance < 1000:
        state["error"] = "distance_km must be a number between 0 and 1000"
        return state
    state["hours"] = round(distance / state["speed"], 2)
    return state


def render(state):
    state["output"] = json.dumps({"hours": state["hours"]})
    return state


BASE_STEPS = [ride_inputs, estimate]


def ride_time(args, **kw):
    return run(BASE_STEPS + [render], args)


registry.register(
    name="ride_time",
    toolset="cycling",
    schema={
        "name": "ride_time",
        "description": "Riding time for a distance.",
        "parameters": {
            "type": "object",
            "properties": {
                "distance_km": {"type": "number", "description": "Distance."},
                "profile": {"type": "string", "enum": ["leisure", "tempo", "race"], "description": "Rider."},
            },
            "required": ["distance_km"],
        },
    },
    handler=ride_time,
)
""",
            lines=(46,),
            fixed={},
            note="run(BASE_STEPS + [render], args): a list of steps joined where it is given binds "
            "run's steps, the arguments travel in new_state(args)'s dict, and state = "
            "step(state) or state hands it on: ride_inputs's table lookup of the model's "
            "profile is followed.",
        ),
        Invalid(
            """\
import json

from tools.registry import registry


def _convert(params):
    p = params
    amount = float(p.get("amount", 0))
    rate = {"EUR": 0.92, "GBP": 0.79, "JPY": 151.2}[p["currency"]]
    return {"converted": round(amount * rate, 2), "currency": p["currency"]}


def convert_usd(args, **kw):
    opts = args
    result = _convert(opts)
    return json.dumps(result)


registry.register(
    name="convert_usd",
    toolset="money",
    schema={
        "name": "convert_usd",
        "description": "Convert US dollars.",
        "parameters": {
            "type": "object",
            "properties": {
                "amount": {"type": "number", "description": "Dollars."},
                "currency": {"type": "string", "description": "Target currency."},
            },
            "required": ["amount", "currency"],
        },
    },
    handler=convert_usd,
)
""",
            lines=(15,),
            fixed={},
            note="opts = args, then p = params in the helper: a local bound once to the model's "
            "arguments, where that is the only read of them, holds them; "
            "float(p.get('amount', 0)) and the table lookup of p['currency'] are followed.",
        ),
        Invalid(
            """\
import json
from dataclasses import dataclass, field
from decimal import Decimal
from typing import List

from tools.registry import registry


@dataclass(frozen=True)
class QuoteLine:
    code: str
    days: int
    amount: Decimal


@dataclass
class Quote:
    base: Decimal
    extras: List[QuoteLine] = field(default_factory=list)

    def to_dict(self):
        return {
            "base": str(self.base),
            "extras": [{"code": line.code, "amount": line.amount} for line in self.extras],
        }


def _price(days):
    lines = [QuoteLine("gps", days, Decimal("12.00") * days)]
    return Quote(Decimal("40") * days, lines)


def quote_tool(args, **kw):
    days = args.get("days")
    if not isinstance(days, int) or days < 1:
        return json.dumps({"error": "days must be a positive integer"})
    quote = _price(days)
    return json.dumps({"quote": quote.to_dict()})


registry.register(
    name="x_quote",
    toolset="x",
    schema={"name": "x_quote", "description": "d", "parameters": {"type": "object", "properties": {"days": {"type": "integer"}}, "required": ["days"]}},
    handler=quote_tool,
)
""",
            lines=(38,),
            fixed={},
            note="line.amount in [... for line in self.extras]: a comprehension's own loop name "
            "over a field the class declares List[QuoteLine] is one of its rows, whose class "
            "declares amount: Decimal; the dict to_dict() builds holds one, and json.dumps "
            "refuses it.",
        ),
        Invalid(
            """\
import json

from tools.registry import registry

PLAYLISTS = [
    {"name": "Road trip", "songs": ["a", "b", "c"]},
    {"name": "Focus", "songs": ["d"]},
]


def playlist_size(args, **kw):
    name = args.get("playlist")
    for playlist in PLAYLISTS:
        if playlist["name"].lower() == name.lower():
            return json.dumps({"playlist": playlist["name"], "songs": len(playlist["songs"])})
    return json.dumps({"error": f"no playlist called {name!r}"})


registry.register(
    name="playlist_size",
    toolset="music",
    schema={
        "name": "playlist_size",
        "description": "Number of songs in a playlist.",
        "parameters": {
            "type": "object",
            "properties": {"playlist": {"type": "string", "description": "Playlist name."}},
            "required": ["playlist"],
        },
    },
    handler=playlist_size,
)
""",
            lines=(14,),
            fixed={},
            note="if playlist['name'].lower() == name.lower(): the test reads the model's value "
            "before anything in it tells what it is, so it guards what follows, not itself: "
            "AttributeError on a number or null.",
        ),
        Invalid(
            """\
import json
import sqlite3

from tools.registry import registry


class Query:
    def __init__(self, table):
        self._table = table
        self._where = []
        self._params = []

    def where(self, condition, *params):
        if condition.count("?") != len(params):
            raise ValueError(f"placeholder count mismatch in {condition!r}")
        self._where.append(condition)
        self._params.extend(params)
        return self

    def build(self):
        sql = "SELECT * FROM " + self._table
        if self._where:
            sql += " WHERE " + " AND ".join(self._where)
        return sql, list(self._params)


def recipe_get(args, **kw):
    recipe_id = args.get("id")
    if not isinstance(recipe_id, int):
        return json.dumps({"error": "id must be an integer"})
    sql, params = Query("recipes").where("id = ? AND owner = ?", recipe_id).build()
    try:
        conn = sqlite3.connect(":memory:")
        conn.execute("CREATE TABLE recipes (id INTEGER, title TEXT)")
        row = conn.execute(sql, params).fetchone()
    except sqlite3.Error as exc:
        return json.dumps({"error": str(exc)})
    return json.dumps({"recipe": list(row) if row else None})


registry.register(
    name="recipe_get",
    toolset="x",
    schema={"name": "recipe_get", "description": "d", "parameters": {"type": "object", "properties": {"id": {"type": "integer", "description": "i"}}, "required": ["id"]}},
    handler=recipe_get,
)
""",
            lines=(31,),
            fixed={},
            note="where('id = ? AND owner = ?', recipe_id): the builder's condition.count('?') != "
            "len(params) holds for the constants the call gives (two places, one value), so "
            "its ValueError escapes.",
        ),
        Invalid(
            """\
import json

from tools.registry import registry

STATUS_BITS = ("on", "fading", "strobing", "locked")


def light_flags_decode(args, **kw):
    word = args.get("word")
    if isinstance(word, str):
        word = int(word.strip(), 0)
    word &= 0xF
    bits = [STATUS_BITS[i] for i in range(4) if (word >> i) & 1]
    return json.dumps({"word": "0x%04x" % word, "set": bits})


registry.register(
    name="light_flags_decode",
    toolset="lighting",
    schema={
        "name": "light_flags_decode",
        "description": "Decode a status word.",
        "parameters": {
            "type": "object",
            "properties": {"word": {"type": "string", "description": "Status word, e.g. '0x0121' or '289'"}},
            "required": ["word"],
        },
    },
    handler=light_flags_decode,
)
""",
            lines=(11,),
            fixed={},
            note="word = int(word.strip(), 0) inside if isinstance(word, str), then word &= 0xF "
            "after the if: the later binding never reaches the read inside the rebinding, "
            "which is the model's text, so int()'s ValueError escapes.",
        ),
        Invalid(
            """\
import json

from tools.registry import registry

MAX_LINES = 5


def build_declaration(args, **kw):
    errors = []
    items = args.get("items")
    if not items or not isinstance(items, list):
        errors.append("at least one item line is required")
        items = []
    if len(items) > MAX_LINES:
        errors.append(f"at most {MAX_LINES} item lines")
        items = []
    lines = []
    for raw in items:
        item = {str(k).lower(): v for k, v in raw.items()}
        description = item.get("description")
        if not isinstance(description, str) or not description.strip():
            errors.append("each line needs a description")
            continue
        lines.append(description.strip().upper())
    if errors:
        return json.dumps({"error": "; ".join(errors)})
    return json.dumps({"lines": lines})


registry.register(
    name="customs_declaration_build",
    toolset="customs",
    schema={
        "name": "customs_declaration_build",
        "description": "Build a customs declaration.",
        "parameters": {
            "type": "object",
            "properties": {
                "items": {
                    "type": "array",
                    "description": "Item lines.",
                    "items": {"type": "object", "properties": {"description": {"type": "string"}}},
                },
            },
            "required": ["items"],
        },
    },
    handler=build_declaration,
)
""",
            lines=(19,),
            fixed={},
            note="items = [] where a test turns the model's value away adds no element: each item "
            "of the loop is still one the model sent, as it came, and raw.items() meets text "
            "or a number.",
        ),
        Invalid(
            """\
import json
import sqlite3

from tools.registry import registry


def recipe_sql_query(args, **kw):
    sql = args.get("sql", "")
    if not sql.strip().lower().startswith(("select", "with")):
        return json.dumps({"error": "only SELECT / WITH queries are allowed"})
    con = sqlite3.connect(":memory:")
    try:
        rows = con.execute(sql).fetchmany(50)
    except sqlite3.Error as exc:
        return json.dumps({"error": f"{type(exc).__name__}: {exc}"})
    finally:
        con.close()
    return json.dumps({"rows": [list(r) for r in rows]})


registry.register(
    name="recipe_sql_query",
    toolset="recipes",
    schema={
        "name": "recipe_sql_query",
        "description": "Run a read-only query.",
        "parameters": {
            "type": "object",
            "properties": {"sql": {"type": "string", "description": "A SELECT or WITH statement."}},
            "required": ["sql"],
        },
    },
    handler=recipe_sql_query,
)
""",
            lines=(9,),
            fixed={},
            note="if not sql.strip().lower().startswith(...): the prefix test guards what follows "
            "it, but reads the model's value first, also what it holds (args.get('sql', '')): "
            "AttributeError on a number.",
        ),
        Invalid(
            {
                "plugins/recon/__init__.py": """\
import json

from .table import TOOLS


def register(ctx):
    [ctx.register_tool(name=n, toolset="recon", schema={"name": n, **s}, handler=h) for n, s, h in TOOLS]
""",
                "plugins/recon/table.py": """\
import json

S = lambda desc, props, req=(): {"description": desc, "parameters": {"type": "object", "properties": props, "required": list(req)}}


def sweep(a, **_):
    d = a["domain"].lower().strip(".")
    return json.dumps({"domain": d, "candidates": [f"{w}.{d}" for w in ("www", "mail", "vpn")]})


def echo(a, **_):
    return json.dumps({"text": str(a.get("text") or "")})


TOOLS = [
    ("subdomain_sweep", S("Common subdomains of a domain.", {"domain": {"type": "string", "description": "d"}}, ["domain"]), sweep),
    ("recon_echo", S("Echo.", {"text": {"type": "string", "description": "t"}}), echo),
]
""",
                "plugins/recon/plugin.yaml": """\
name: recon
version: '1.0'
description: recon
provides_tools: [subdomain_sweep, recon_echo]
""",
            },
            findings=(("plugins/recon/table.py", 7),),
            note="[ctx.register_tool(name=n, ..., handler=h) for n, s, h in TOOLS]: a list "
            "comprehension in register(ctx) registers as a loop does, one tool per row, so "
            "sweep's a['domain'] is followed (KeyError when the model leaves it out).",
            fixed={},
        ),
        Invalid(
            """\
import json
import re

from tools.registry import registry

ORDER_RX = re.compile(r"([a-z_]+)\\s*[=:x]\\s*(\\d+)", re.I)
BATCH = {"soup": 4, "risotto": 6}


def prep_sheet(args, **kw):
    pairs = ORDER_RX.findall(args.get("orders") or "")
    if not pairs:
        return json.dumps({"error": "no dish=count pairs in orders"})
    lines = [{"dish": d.lower(), "batches": int(n) / BATCH.get(d.lower(), 1)} for d, n in pairs]
    return json.dumps({"lines": lines})


registry.register(
    name="prep_sheet",
    toolset="kitchen",
    schema={
        "name": "prep_sheet",
        "description": "Batches to prep for the day's orders.",
        "parameters": {
            "type": "object",
            "properties": {"orders": {"type": "string", "description": "dish=count pairs, e.g. 'soup=12 risotto=8'"}},
            "required": ["orders"],
        },
    },
    handler=prep_sheet,
)
""",
            lines=(11,),
            fixed={},
            note="ORDER_RX.findall(args.get('orders') or ''): a compiled pattern's method takes "
            "text only, so a number or a list the model sends raises TypeError, whatever "
            "catches a ValueError.",
        ),
        Invalid(
            """\
import json
from statistics import mean

from tools.registry import registry

N = lambda x: isinstance(x, (int, float)) and not isinstance(x, bool)

CURVES = {
    "flat": lambda s, t: [x + t for x in s],
    "bell": lambda s, t: [x - mean(s) + t for x in s],
}


def curve(a, **_):
    s, m = a.get("scores"), a.get("method", "flat")
    if not isinstance(s, list) or not all(N(x) and 0 <= x <= 100 for x in s):
        return json.dumps({"error": "scores: non-empty list of numbers in 0..100"})
    if not isinstance(m, str) or m not in CURVES:
        return json.dumps({"error": f"method: one of {sorted(CURVES)}"})
    c = [round(min(100, max(0, x)), 1) for x in CURVES[m](s, 5)]
    return json.dumps({"method": m, "curved": c})


registry.register(name="grade_curve", toolset="x", schema={"name": "grade_curve", "description": "d", "parameters": {"type": "object", "properties": {"scores": {"type": "array", "items": {"type": "number"}, "description": "s"}, "method": {"type": "string", "description": "m"}}, "required": ["scores"]}}, handler=curve)
""",
            lines=(20,),
            fixed={},
            note="CURVES[m](s, 5) with only the type and the items tested: the bell lambda's "
            "mean(s) raises StatisticsError on the empty list the model may send.",
        ),
        Invalid(
            """\
import json

from tools.registry import registry


def half(args, **kw):
    weight = args.get("weight_kg")
    if not weight:
        return json.dumps({"error": "weight_kg is required"})
    goal = weight * 35 + 500
    return json.dumps({"goal_ml": goal, "half": weight / 2})


registry.register(name="half", toolset="x", schema={"name": "half", "description": "d", "parameters": {"type": "object", "properties": {"weight_kg": {"type": "number", "description": "w"}}, "required": ["weight_kg"]}}, handler=half)
""",
            lines=(11,),
            fixed={},
            note="weight / 2 of the model's value as it came (tested only for truth): text or a "
            "list is no number, TypeError; weight * 35 is not one (text and lists repeat), "
            "nor its sum with a number here, which this rule leaves.",
        ),
        Invalid(
            """\
import functools
import json

from tools.registry import registry


def _wrap(fn):
    def handler(args, **kw):
        try:
            res = fn(args or {}, **kw)
        except ValueError as err:
            return json.dumps({"error": str(err)})
        return json.dumps(res)
    return handler


def history(args, **kw):
    items = [{"exercise": "squat"}] * int(args.get("n") or 2)
    return {"ok": True, "exercises": {w.get("exercise") for w in items}}


def volume(args, **kw):
    return {"ok": True}


HANDLERS = {"history": history, "volume": volume}


def _dispatch(name, args, **kw):
    return HANDLERS[name](args, **kw)


for name in HANDLERS:
    registry.register(
        name=name,
        toolset="x",
        schema={"name": name, "description": "d", "parameters": {"type": "object", "properties": {}}},
        handler=_wrap(functools.partial(_dispatch, name)),
    )
""",
            lines=(13,),
            fixed={},
            note="A handler made as wrap(partial(dispatch, name)) in a loop: what the wrapper "
            "serialises is what the partial's def returns for each row's name (a set).",
        ),
        Invalid(
            """\
import json

from tools.registry import registry

METRICS = {"a": len, "b": lambda s: 2}


def handler(args, **kw):
    wanted = args.get("metrics") or list(METRICS)
    if not isinstance(wanted, list) or not all(m for m in wanted):
        return json.dumps({"error": "bad metrics"})
    scores = {name: METRICS[name]("x") for name in wanted}
    return json.dumps({"scores": scores})


registry.register(
    name="t",
    toolset="x",
    schema={"name": "t", "description": "d", "parameters": {"type": "object", "properties": {}}},
    handler=handler,
)
""",
            lines=(12,),
            fixed={},
            note="all(m for m in wanted) asks nothing of each name that the table answers: the "
            "lookup still raises KeyError.",
        ),
        Invalid(
            """\
import json

from tools.registry import registry


def _score(indexed):
    index, text = indexed
    return index, len(text)


def handler(args, **kw):
    texts = args.get("texts") or []
    scored = tuple(map(lambda it: _score(it), filter(lambda it: isinstance(it[1], str), enumerate(texts))))
    defined = tuple(filter(lambda s: s[1] is not None, scored))
    easiest = min(defined, key=lambda s: s[1])
    return json.dumps({"easiest": easiest[0]})


registry.register(
    name="t",
    toolset="x",
    schema={"name": "t", "description": "d", "parameters": {"type": "object", "properties": {"texts": {"type": "array", "items": {"type": "string"}}}}},
    handler=handler,
)
""",
            lines=(15,),
            fixed={},
            note="A list of the model's texts made in steps (filter of enumerate, then map, then "
            "tuple, then filter again) is empty when the model sends none: min() with key= "
            "raises ValueError.",
        ),
        Invalid(
            """\
import itertools
import json
import random
from collections import deque

from tools.registry import registry

WORDS = ["a", "b", "c"]


def pick(args, **kw):
    count = args.get("count", 2)
    if not isinstance(count, int):
        return json.dumps({"error": "count must be a whole number"})
    return json.dumps({"words": random.sample(WORDS, count)})


def tail(args, **kw):
    lines = args.get("lines", 5)
    if not isinstance(lines, int):
        return json.dumps({"error": "lines must be a whole number"})
    kept = deque(WORDS, maxlen=lines)
    return json.dumps({"lines": list(kept), "first": list(itertools.islice(WORDS, lines))})


for name, fn in (("pick", pick), ("tail", tail)):
    registry.register(
        name=name,
        toolset="x",
        schema={"name": name, "description": "d", "parameters": {"type": "object", "properties": {}}},
        handler=fn,
    )
""",
            lines=(15, 22, 23),
            fixed={},
            note="random.sample, itertools.islice and deque(maxlen=) of the model's number that "
            "only a type test looked at: a negative one (or more than the list holds) raises "
            "ValueError.",
        ),
        Invalid(
            """\
import functools
import json
import random
from typing import Any, Callable, Dict, Literal

from tools.registry import registry

Op = Literal["add", "pick"]
WORDS = ["a", "b", "c"]


def _add(args: Dict[str, Any]) -> str:
    return json.dumps({"ok": True})


def _pick(args: Dict[str, Any]) -> str:
    count = args.get("count", 10)
    assert isinstance(count, int), "count must be an integer"
    return json.dumps({"words": WORDS[:count]})


OPS: Dict[Op, Callable[[Dict[str, Any]], str]] = {"add": _add, "pick": _pick}


def run_op(op: Op, args: Dict[str, Any], **kwargs: Any) -> str:
    return OPS[op](args)


for op in ("add", "pick"):
    name = f"vocab_{op}"
    registry.register(
        name=name,
        toolset="x",
        schema={"name": name, "description": "d", "parameters": {"type": "object", "properties": {}}},
        handler=functools.partial(run_op, op),
    )
""",
            lines=(26,),
            fixed={},
            note="An assert in a def the handler reaches through a partial and a dispatch table, "
            "testing the model's value (assert isinstance(count, int)): AssertionError "
            "escapes.",
        ),
        Invalid(
            """\
import json
from dataclasses import asdict, dataclass, field
from datetime import datetime, timezone
from typing import List, Optional

from tools.registry import registry


@dataclass
class Episode:
    guid: str
    published: Optional[datetime] = None


@dataclass
class Channel:
    title: str
    episodes: List[Episode] = field(default_factory=list)


def parse_feed(n):
    channel = Channel(title="show")
    for i in range(n):
        channel.episodes.append(Episode(guid=str(i), published=datetime(2024, 1, i + 1, tzinfo=timezone.utc)))
    return channel


def latest(args, **kw):
    channel = parse_feed(3)
    details = asdict(channel.episodes[0])
    return json.dumps({"podcast": channel.title, "episode": details})


def history(args, **kw):
    channel = parse_feed(3)
    return json.dumps({"episodes": [asdict(e) for e in channel.episodes]})


registry.register(name="latest", toolset="x", schema={"name": "latest", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=latest)
registry.register(name="history", toolset="x", schema={"name": "history", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=history)
""",
            lines=(31, 36),
            fixed={},
            note="asdict of one record of a list a class declares List[Episode] "
            "(channel.episodes[0]), and of each in a comprehension: the record's datetime "
            "field was given one.",
        ),
        Invalid(
            """\
import json
from dataclasses import asdict, dataclass, field
from datetime import datetime
from typing import List

from tools.registry import registry

LOG = "a1|ana|2024-05-01T10:00:00+00:00\\nb2|ben|2024-05-03T09:30:00+00:00"


@dataclass
class Commit:
    sha: str
    authored_at: datetime


@dataclass
class FileHistory:
    path: str
    commits: List[Commit] = field(default_factory=list)


def history(args, **kw):
    commits = []
    for record in LOG.split("\\n"):
        parts = record.split("|")
        commits.append(Commit(sha=parts[0], authored_at=datetime.fromisoformat(parts[2])))
    return json.dumps(asdict(FileHistory(path="README.md", commits=commits)))


def empty(args, **kw):
    return json.dumps(asdict(FileHistory(path="README.md", commits=[])))


registry.register(name="history", toolset="x", schema={"name": "history", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=history)
registry.register(name="empty", toolset="x", schema={"name": "empty", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=empty)
""",
            lines=(28,),
            fixed={},
            note="asdict of a record whose field is a list of records (List[Commit]) with a "
            "datetime field: asdict converts the inner records, the datetime stays; the call "
            "that passes commits=[] holds none.",
        ),
        Invalid(
            """\
import json
from collections import defaultdict
from datetime import datetime, timedelta
from decimal import Decimal

from tools.registry import registry

ROWS = [{"utc": "2024-03-01T22:10:00", "target": "M51", "fee": "2.345"}]


def night_of(t):
    return (t + timedelta(hours=-12)).date()


def by_night(args, **kw):
    groups = {}
    for r in ROWS:
        k = night_of(datetime.fromisoformat(r["utc"])) if args.get("by") == "night" else r["target"]
        groups.setdefault(k, []).append(r)
    return json.dumps({"groups": {k: len(v) for k, v in sorted(groups.items())}})


def by_day(args, **kw):
    groups = defaultdict(list)
    for r in ROWS:
        taken = datetime.fromisoformat(r["utc"]) if r.get("utc") else None
        groups[taken.date() if taken else "undated"].append(r["target"])
    return json.dumps({"groups": dict(groups)}, default=str)


def fee(args, **kw):
    return json.dumps({"fee": round(Decimal(ROWS[0]["fee"]), 2)})


for name, fn in (("by_night", by_night), ("by_day", by_day), ("fee", fee)):
    registry.register(name=name, toolset="x", schema={"name": name, "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=fn)
""",
            lines=(20, 28, 32),
            fixed={},
            note="Dict keys the encoder refuses: a date a helper makes (setdefault, then a "
            "comprehension over sorted items), a datetime's date() as a defaultdict's key "
            "(default=str converts values, never keys), and round() of a Decimal.",
        ),
        Invalid(
            """\
import enum
import json
from dataclasses import asdict, dataclass
from datetime import datetime, timezone
from decimal import Decimal
from typing import NamedTuple

from tools.registry import registry

CENTS = Decimal(1).scaleb(-2)


class Severity(enum.Enum):
    MINOR = "minor"
    CRITICAL = "critical"


@dataclass
class Excursion:
    start: str
    severity: Severity


class PricePoint(NamedTuple):
    price: str
    changed_at: datetime


class Entry:
    def __init__(self, product):
        self.product = product
        self.history = [PricePoint("2.50", datetime.now(timezone.utc))]
        self.last_frame = b""

    def poll(self):
        self.last_frame = bytearray(b"\\x02\\x01")

    def to_dict(self):
        return {"product": self.product, "history": [p._asdict() for p in self.history]}


def find_excursions(temps):
    out = []
    for t in temps:
        if t > 8.0:
            out.append(Excursion(start="10:00", severity=Severity.CRITICAL if t > 13 else Severity.MINOR))
    return out


def excursions(args, **kw):
    return json.dumps({"excursions": [asdict(e) for e in find_excursions([4.0, 9.5])]})


def prices(args, **kw):
    entries = [Entry("kale")]
    return json.dumps({"prices": [e.to_dict() for e in entries]})


def frame(args, **kw):
    entry = Entry("kale")
    entry.poll()
    return json.dumps({"frame": entry.last_frame})


def totals(args, **kw):
    groups = {"a": {"value": Decimal("2.345")}}
    return json.dumps({"rows": [{"key": k, "value": g["value"].quantize(CENTS)} for k, g in groups.items()]})


for name, fn in (("excursions", excursions), ("prices", prices), ("frame", frame), ("totals", totals)):
    registry.register(name=name, toolset="x", schema={"name": name, "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=fn)
""",
            lines=(
                51,
                56,
                62,
                67,
            ),
            fixed={},
            note="Refused values found further: a plain Enum field of records a helper appends to "
            "the list it returns, a named tuple's _asdict() in a method called on each row of "
            "a comprehension, a bytearray a method stores on self, quantize() of a value not "
            "traced (only a Decimal has it).",
        ),
        Invalid(
            """\
import json
from decimal import Decimal
from typing import NamedTuple

from tools.registry import registry


def fmt(d):
    return str(d.quantize(Decimal("0.01")))


class Row(NamedTuple):
    period: int
    opening: Decimal
    closing: Decimal

    def as_json(self):
        out = self._asdict()
        for key in ("opening",):
            out[key] = fmt(out[key])
        return out


def handler(args, **kw):
    rows = [Row(1, Decimal("100"), Decimal("90"))]
    return json.dumps({"rows": [r.as_json() for r in rows]})


registry.register(name="t", toolset="x", schema={"name": "t", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=handler)
""",
            lines=(26,),
            fixed={},
            note="A named tuple's _asdict() whose loop gives only one of its two Decimal fields "
            "new text: the other is still a Decimal.",
        ),
        Invalid(
            """\
import enum
import json
from dataclasses import asdict, dataclass
from decimal import Decimal

from tools.registry import registry


class Tier(enum.Enum):
    COLD = "cold"
    HOT = "hot"


@dataclass
class Quote:
    tier: Tier
    price: Decimal


def _default(obj):
    if isinstance(obj, Decimal):
        return float(obj)
    raise TypeError(f"{type(obj).__name__} is not JSON serializable")


def handler(args, **kw):
    q = Quote(tier=Tier.HOT if args.get("hot") else Tier.COLD, price=Decimal("2.5"))
    return json.dumps(asdict(q), default=_default)


registry.register(name="t", toolset="x", schema={"name": "t", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=handler)
""",
            lines=(28,),
            fixed={},
            note="A default= def that converts Decimals and raises TypeError for the rest, given a "
            "record with a plain Enum field: the member is refused.",
        ),
        Invalid(
            """\
import functools
import json

from tools.registry import registry


def advice(endpoint):
    @functools.wraps(endpoint)
    def wrapper(self, args, **kwargs):
        try:
            response = endpoint(self, args or {}, **kwargs)
        except ValueError as exc:
            return json.dumps({"error": str(exc)})
        return json.dumps(response)

    return wrapper


class Service:
    def release(self, allocation_id):
        return {"released": allocation_id}


class Controller:
    def __init__(self, service):
        self._service = service

    @advice
    def release(self, args, **kwargs):
        return self._service.release(str(args["allocation_id"]).strip())


def _build():
    return Controller(Service())


controller = _build()
for name, handler in (("bin_release", controller.release),):
    registry.register(name=name, toolset="x", schema={"name": name, "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=handler)
""",
            lines=(30,),
            fixed={},
            note="A method registered bound (controller.release of an instance a factory built) "
            "under a decorator whose wrapper names the instance and hands it on first "
            "(endpoint(self, args or {}, **kw)): the wrapper is the method, and the KeyError "
            "it does not catch escapes.",
        ),
        Invalid(
            """\
import asyncio
import functools
import json

import requests

from tools.registry import registry


class ApiError(Exception):
    pass


def _send(url):
    return requests.get(url, timeout=10)


def request(url):
    loop = asyncio.get_running_loop()
    future = loop.create_future()

    def settle(task):
        exc = task.exception()
        if exc is not None:
            future.set_exception(ApiError(f"network error: {exc}"))
        else:
            future.set_result(task.result().status_code)

    pending = loop.run_in_executor(None, functools.partial(_send, url))
    pending.add_done_callback(settle)
    return future


async def status(args, **kw):
    try:
        code = await request("https://shop.example/status")
    except ApiError as err:
        return json.dumps({"error": str(err)})
    return json.dumps({"status": code})


async def direct(args, **kw):
    loop = asyncio.get_running_loop()
    resp = await loop.run_in_executor(None, _send, "https://shop.example/status")
    return json.dumps({"status": resp.status_code})


registry.register(name="status", toolset="x", schema={"name": "status", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=status, is_async=True)
registry.register(name="direct", toolset="x", schema={"name": "direct", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=direct, is_async=True)
""",
            lines=(44,),
            fixed={},
            note="An awaited run_in_executor raises what its function raises (direct); a future a "
            "def leaves to callbacks (pending.add_done_callback(settle)) keeps it, and the "
            "future the def returns raises only what the callback sets (status: nothing "
            "reported there).",
        ),
        Invalid(
            """\
import json

from tools.registry import registry


class Invalid(Exception):
    pass


def _text(args, key, required=False):
    value = args.get(key)
    if value is None:
        if required:
            raise Invalid(f"'{key}' is required")
        return None
    if not isinstance(value, str):
        raise Invalid(f"'{key}' must be a string")
    cleaned = value.strip()
    if not cleaned:
        if required:
            raise Invalid(f"'{key}' is required")
        return None
    return cleaned


def _raw(args, key):
    value = args.get(key)
    if value is None:
        raise Invalid(f"'{key}' is required")
    return str(value)


def greet(args, **kw):
    try:
        name = _text(args, "name", required=True)
    except Invalid as exc:
        return json.dumps({"error": str(exc)})
    return json.dumps({"greeting": f"Hi {name.split()[0]}"})


def initials(args, **kw):
    try:
        name = _raw(args, "name")
    except Invalid as exc:
        return json.dumps({"error": str(exc)})
    return json.dumps({"first": name.split()[0]})


for tool, fn in (("greet", greet), ("initials", initials)):
    registry.register(name=tool, toolset="x", schema={"name": tool, "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=fn)
""",
            lines=(46,),
            fixed={},
            note="A helper that turns blank text away (raising) before it hands the text back: "
            "name.split()[0] of what it gives cannot raise (greet); one that only turns None "
            "away leaves blank text through (initials).",
        ),
        Invalid(
            """\
import json
import sqlite3

from tools.registry import registry


def _conn():
    conn = sqlite3.connect(":memory:", detect_types=sqlite3.PARSE_DECLTYPES)
    conn.row_factory = sqlite3.Row
    conn.execute("CREATE TABLE receipts (id INTEGER PRIMARY KEY, item TEXT, warranty_until DATE)")
    return conn


def handler(args, **kw):
    rows = _conn().execute("SELECT * FROM receipts").fetchall()
    result = [{"id": r["id"], "warranty_until": r["warranty_until"]} for r in rows]
    return json.dumps(result)


registry.register(name="t", toolset="x", schema={"name": "t", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=handler)
""",
            lines=(17,),
            fixed={},
            note="A field named for a date read from each sqlite row in a comprehension "
            '(r["warranty_until"]), the connection opened with PARSE_DECLTYPES and the column '
            "declared DATE: a date.",
        ),
        Invalid(
            """\
import json
import random

from tools.registry import registry


def handler(args, **kw):
    p1 = args.get("player1") or "Challenger"
    p2 = args.get("player2") or "Defender"
    r1, r2 = random.randint(1, 20), random.randint(1, 20)
    return json.dumps({"rolls": {p1: r1, p2: r2}})


registry.register(name="t", toolset="x", schema={"name": "t", "description": "d", "parameters": {"type": "object", "properties": {"player1": {"type": "string"}, "player2": {"type": "string"}}}}, handler=handler)
""",
            lines=(11,),
            fixed={},
            note="A dict written out with the model's values as its keys ({p1: r1, p2: r2}) hashes "
            "them: TypeError on a list or an object.",
        ),
        Invalid(
            """\
import json
from enum import Enum

from tools.registry import registry


class Program(Enum):
    AIR = "air"
    HOTEL = "hotel"


def handler(args, **kw):
    program = Program(args.get("program", ""))
    return json.dumps({"program": program.value})


registry.register(name="t", toolset="x", schema={"name": "t", "description": "d", "parameters": {"type": "object", "properties": {"program": {"type": "string"}}}}, handler=handler)
""",
            lines=(13,),
            fixed={},
            note="An Enum of the project called with the model's value "
            "(Program(args.get('program', ''))): ValueError for a value it has no member for.",
        ),
        Invalid(
            """\
import json
from tools.registry import registry


class NoEncounter(Exception):
    pass


class Encounter:
    def __init__(self):
        self.order = []
        self.turn = 0

    @property
    def active(self):
        return bool(self.order)

    def next_turn(self):
        if not self.active:
            raise NoEncounter()
        self.turn = (self.turn + 1) % len(self.order)
        return self.order[self.turn]


def next_turn(args, **kw):
    enc = Encounter()
    if not enc.active:
        return json.dumps({"error": "no encounter"})
    who = enc.next_turn()
    return json.dumps({"turn": who})


def skip(args, **kw):
    enc = Encounter()
    who = enc.next_turn()
    return json.dumps({"turn": who})


registry.register(name="next_turn", toolset="t", schema={"name": "next_turn", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=next_turn)
registry.register(name="skip", toolset="t", schema={"name": "skip", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=skip)
""",
            lines=(35,),
            fixed={},
            note="a method raises unless its own state says it may run (if not self.active: "
            "raise); a caller that returned when enc.active was false has answered that test "
            "(next_turn), one that did not (skip) lets the error out.",
        ),
        Invalid(
            """\
import json
from tools.registry import registry


class FormulaError(Exception):
    pass


def parse(formula):
    if not isinstance(formula, str) or formula.count("~") != 1:
        raise FormulaError("invalid formula")
    lhs, rhs = formula.split("~")
    return lhs.strip(), rhs.strip()


def parse_loose(formula):
    lhs, rhs = formula.split("~")
    return lhs.strip(), rhs.strip()


def fit(args, **kw):
    try:
        lhs, rhs = parse(args.get("formula"))
    except FormulaError as e:
        return json.dumps({"error": str(e)})
    return json.dumps({"y": lhs, "x": rhs})


def fit_loose(args, **kw):
    formula = args.get("formula")
    if not isinstance(formula, str):
        return json.dumps({"error": "formula is required"})
    lhs, rhs = parse_loose(formula)
    return json.dumps({"y": lhs, "x": rhs})


registry.register(name="fit", toolset="t", schema={"name": "fit", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=fit)
registry.register(name="fit_loose", toolset="t", schema={"name": "fit_loose", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=fit_loose)
""",
            lines=(33,),
            fixed={},
            note="a helper that raises its own error unless the text holds exactly one separator "
            "(formula.count('~') != 1) has tested it before the unpacking split; a helper "
            "that does not (parse_loose) raises ValueError for text without it.",
        ),
        Invalid(
            """\
import json
import random
import re

from tools.registry import registry

PATTERN = re.compile(r"^(\\d*)d(\\d+)([+-]\\d+)?$")


class BadDice(Exception):
    pass


class TooMany(Exception):
    pass


class Roller:
    MAX_DICE = 100
    DICE = re.compile(r"^(\\d*)d(\\d+)([+-]\\d+)?$")

    def roll(self, expression):
        text = expression.replace(" ", "").lower()
        found = self.DICE.match(text)
        if found is None:
            raise BadDice(expression)
        count = int(found.group(1)) if found.group(1) else 1
        sides = int(found.group(2))
        if count > self.MAX_DICE:
            raise TooMany(count)
        return sum(random.randint(1, sides) for _ in range(count))


def initiative(args, **kw):
    bonus = args.get("bonus", 0)
    if not isinstance(bonus, int):
        return json.dumps({"error": "bonus must be a whole number"})
    return json.dumps({"initiative": Roller().roll("1d20") + bonus})


def custom(args, **kw):
    expression = args.get("dice")
    if not isinstance(expression, str):
        return json.dumps({"error": "dice is required"})
    return json.dumps({"total": Roller().roll(expression)})


def fireball(args, **kw):
    return json.dumps({"damage": Roller().roll("800d6")})


registry.register(name="initiative", toolset="t", schema={"name": "initiative", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=initiative)
registry.register(name="custom", toolset="t", schema={"name": "custom", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=custom)
registry.register(name="fireball", toolset="t", schema={"name": "fireball", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=fireball)
""",
            lines=(
                45,
                49,
            ),
            fixed={},
            note="a parser called with a constant of the code: its pattern is run on that text, so "
            "Roller().roll('1d20') raises nothing, roll('800d6') only TooMany (800 dice), and "
            "the model's dice text either error.",
        ),
        Invalid(
            """\
import json
import statistics

from tools.registry import registry


def avg(args, **kw):
    v = args.get("values")
    if not isinstance(v, list):
        return json.dumps({"error": "values must be a list"})
    return json.dumps({"mean": sum(v) / len(v)})


def smean(args, **kw):
    v = args.get("values")
    if not isinstance(v, list):
        return json.dumps({"error": "values must be a list"})
    return json.dumps({"mean": statistics.mean(v)})


def zscores(args, **kw):
    v = args.get("values")
    if not isinstance(v, list) or len(v) < 2:
        return json.dumps({"error": "need two values"})
    m = statistics.mean(v)
    sd = statistics.pstdev(v)
    return json.dumps({"z": [(x - m) / sd for x in v]})


def lo(args, **kw):
    v = args.get("values")
    if not isinstance(v, list):
        return json.dumps({"error": "values must be a list"})
    return json.dumps({"min": min(v)})


def rng(args, **kw):
    v = args.get("values")
    if not isinstance(v, list) or not v:
        return json.dumps({"error": "values must be a list"})
    lo_, hi = min(v), max(v)
    return json.dumps({"scaled": [(x - lo_) / (hi - lo_) for x in v]})


for _n, _h in (("avg", avg), ("smean", smean), ("zscores", zscores), ("lo", lo), ("rng", rng)):
    registry.register(name=_n, toolset="t", schema={"name": _n, "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=_h)


def zscores_checked(args, **kw):
    v = args.get("values")
    if not isinstance(v, list) or len(v) < 2:
        return json.dumps({"error": "need two values"})
    m = statistics.mean(v)
    sd = statistics.pstdev(v)
    if sd == 0:
        return json.dumps({"z": [0.0 for _ in v]})
    return json.dumps({"z": [(x - m) / sd for x in v]})


def rng_checked(args, **kw):
    v = args.get("values")
    if not isinstance(v, list) or not v:
        return json.dumps({"error": "values must be a list"})
    lo_, hi = min(v), max(v)
    if hi == lo_:
        return json.dumps({"scaled": [0.0 for _ in v]})
    return json.dumps({"scaled": [(x - lo_) / (hi - lo_) for x in v]})


def lo_checked(args, **kw):
    v = args.get("values")
    if not isinstance(v, list) or not v:
        return json.dumps({"error": "values must be a non-empty list"})
    return json.dumps({"min": min(v), "mean": sum(v) / len(v)})


for _n, _h in (("zscores_checked", zscores_checked), ("rng_checked", rng_checked), ("lo_checked", lo_checked)):
    registry.register(name=_n, toolset="t", schema={"name": _n, "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=_h)
""",
            lines=(
                11,
                18,
                27,
                34,
                42,
            ),
            fixed={},
            note="a test of the list's type (isinstance(v, list)) says nothing of its size: an "
            "empty one still divides by 0, has no mean and no min; a spread of the numbers "
            "(pstdev, max - min) is 0 when they are all the same; traps: the spread tested "
            "against 0, the list tested not empty",
        ),
        Invalid(
            {
                "plugins/pw/__init__.py": """\
from . import calc


def register(ctx):
    for spec in calc.TOOLS:
        ctx.register_tool(name=spec["name"], toolset="pw", schema=spec["schema"], handler=spec["handler"])
""",
                "plugins/pw/calc.py": """\
import functools
import json

from .errors import handle_errors
from .toolspec import tool_spec

TOOLS: list = []
tool = functools.partial(tool_spec, TOOLS)


def _schema(name):
    return {"name": name, "description": name, "parameters": {"type": "object", "properties": {}}}


@tool(_schema("loan_payment"), emoji="🏦")
def loan_payment(args, **kwargs):
    months = int(args.get("months", 12))
    return json.dumps({"payment": round(float(args.get("principal", 0)) / months, 2)})


@tool(_schema("loan_schedule"))
@handle_errors
def loan_schedule(args, **kwargs):
    months = int(args.get("months", 12))
    return json.dumps({"months": list(range(months))})


@tool(_schema("tax_rate"))
def tax_rate(args, **kwargs):
    return json.dumps({"rate": 0.2})
""",
                "plugins/pw/errors.py": """\
import functools
import json


def handle_errors(fn):
    @functools.wraps(fn)
    def wrapper(args, **kwargs):
        try:
            return fn(args, **kwargs)
        except Exception as e:  # noqa: BLE001
            return json.dumps({"error": f"{type(e).__name__}: {e}"})

    return wrapper
""",
                "plugins/pw/plugin.yaml": """\
name: pw
version: "1"
description: d
provides_tools: [loan_payment, loan_schedule, tax_rate]
""",
                "plugins/pw/toolspec.py": """\
from typing import Any, Callable, TypedDict


class ToolSpec(TypedDict):
    name: str
    schema: dict
    handler: Callable[..., Any]


def tool_spec(bucket, schema, *, emoji="💰"):
    def deco(fn):
        bucket.append(ToolSpec(name=schema["name"], schema=schema, handler=fn))
        return fn

    return deco
""",
            },
            findings=(
                ("plugins/pw/calc.py", 17),
                ("plugins/pw/calc.py", 18),
            ),
            fixed={},
            note="a module fills its TOOLS list through a partial of a decorator factory (tool = "
            "partial(tool_spec, TOOLS)) that appends a TypedDict spec per def: each row is "
            "registered; under @tool a def wrapped by @handle_errors is handed over wrapped, "
            "so what it raises is caught (loan_schedule), while loan_payment lets ValueError "
            "and ZeroDivisionError out",
        ),
        Invalid(
            {
                "plugins/ent/__init__.py": """\
from .factory import HandlerFactory
from .handlers import parcels  # noqa: F401


class Plugin:
    def __init__(self, factory=None):
        self._factory = factory or HandlerFactory
        self._handlers = []

    def register(self, ctx):
        self._handlers = self._factory.create_all()
        for handler in self._handlers:
            self._register_one(ctx, handler)

    def _register_one(self, ctx, handler):
        ctx.register_tool(name=handler.NAME, toolset="ent", schema=handler.schema(), handler=handler.handle)


_plugin = None


def get_plugin():
    global _plugin
    if _plugin is None:
        _plugin = Plugin()
    return _plugin


def register(ctx):
    get_plugin().register(ctx)
""",
                "plugins/ent/factory.py": """\
class HandlerFactory:
    _classes = {}

    @classmethod
    def add(cls, handler_class):
        cls._classes[handler_class.NAME] = handler_class
        return handler_class

    @classmethod
    def create_all(cls):
        return [handler_class() for handler_class in cls._classes.values()]


def tool_handler(handler_class):
    return HandlerFactory.add(handler_class)
""",
                "plugins/ent/handlers/__init__.py": """\
""",
                "plugins/ent/handlers/parcels.py": """\
import json

from ..factory import tool_handler


class Base:
    NAME = ""

    def schema(self):
        return {"name": self.NAME, "description": self.NAME, "parameters": {"type": "object", "properties": {}}}

    def handle(self, args, **kw):
        return json.dumps(self.execute(args))


@tool_handler
class Volume(Base):
    NAME = "volume"

    def execute(self, args):
        return {"volume": float(args["l"]) * float(args["w"])}


@tool_handler
class Weight(Base):
    NAME = "weight"

    def execute(self, args):
        return {"kg": 1.0}
""",
                "plugins/ent/plugin.yaml": """\
name: ent
version: "1"
description: d
provides_tools: [volume, weight]
""",
            },
            findings=(("plugins/ent/handlers/parcels.py", 13),),
            fixed={},
            note="a plugin object registers each handler its factory makes: register(ctx) of a "
            "lazily made singleton calls self._register_one(ctx, handler) per row of "
            "create_all(), a classmethod that makes an instance of each class a decorator in "
            "a sibling package (handlers/) adds to the class table; the handler is the "
            "template method handle(), which runs each subclass's execute()",
        ),
        Invalid(
            """\
import json
import threading

from tools.registry import registry


class Locator:
    _instance = None
    _lock = threading.Lock()

    def __init__(self):
        if Locator._instance is not None:
            raise RuntimeError("Locator is a singleton, use get_instance()")
        self.services = {}

    @classmethod
    def get_instance(cls):
        if cls._instance is None:
            with cls._lock:
                if cls._instance is None:
                    cls._instance = Locator()
        return cls._instance


def services(args, **kw):
    return json.dumps({"services": sorted(Locator.get_instance().services)})


def fresh(args, **kw):
    return json.dumps({"services": sorted(Locator().services)})


registry.register(name="services", toolset="t", schema={"name": "services", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=services)
registry.register(name="fresh", toolset="t", schema={"name": "fresh", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=fresh)
""",
            lines=(30,),
            fixed={},
            note="a singleton's constructor raises once an instance exists; get_instance() makes "
            "one only under if cls._instance is None, which answers the constructor's own "
            "test of Locator._instance: only the direct Locator() call can raise",
        ),
        Invalid(
            """\
import json

from tools.registry import registry


class Ok:
    def __init__(self, value):
        self.value = value

    def map(self, transform):
        return Ok(transform(self.value))

    def to_json(self):
        return json.dumps({"ok": True, "result": self.value})


def _grams(words, n):
    return [" ".join(words[i:i + n]) for i in range(len(words) - n + 1)]


def ngrams(args, **kw):
    n = args.get("n", 2)
    text = args.get("text")
    if not isinstance(text, str):
        return json.dumps({"error": "text is required"})
    return Ok(text).map(lambda s: _grams(s.split(), n)).to_json()


def ngrams_direct(args, **kw):
    n = args.get("n", 2)
    text = args.get("text")
    if not isinstance(text, str):
        return json.dumps({"error": "text is required"})
    return json.dumps(_grams(text.split(), n))


registry.register(name="ngrams", toolset="t", schema={"name": "ngrams", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=ngrams)
registry.register(name="ngrams_direct", toolset="t", schema={"name": "ngrams_direct", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=ngrams_direct)


def shout(args, **kw):
    text = args.get("text")
    if not isinstance(text, str):
        return json.dumps({"error": "text is required"})
    return Ok(text).map(lambda s: s.upper()).to_json()


registry.register(name="shout", toolset="t", schema={"name": "shout", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=shout)
""",
            lines=(
                26,
                34,
            ),
            fixed={},
            note="a lambda handed to a method that calls it (Ok(text).map(lambda s: "
            "_grams(s.split(), n))) runs in the call, reading the model's n there: _grams "
            "raises TypeError for text, as it does called directly; the lambda of shout reads "
            "nothing of the model's",
        ),
        Invalid(
            """\
import json
import re

from tools.registry import registry


def snake_case(name):
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


class Controller:
    def respond(self, data, status=200):
        return json.dumps({"status": status, "data": data})

    def fail(self, message, status=422):
        return json.dumps({"error": message, "status": status})


class OrderController(Controller):
    def showAction(self, args, **kw):
        order_id = int(args.get("id"))
        return self.respond({"id": order_id})

    def listAction(self, args, **kw):
        return self.respond({"orders": []})

    def helper(self):
        return 1


SCHEMA = {"type": "object", "properties": {}}
orders = OrderController()

for method in dir(orders):
    if not method.endswith("Action"):
        continue
    registry.register(
        name="order_" + snake_case(method[: -len("Action")]),
        toolset="shop",
        schema={"name": "order_" + snake_case(method[: -len("Action")]), "description": "d", "parameters": SCHEMA},
        handler=getattr(orders, method),
    )

SCHEMAS = {"show": SCHEMA, "list": SCHEMA}
for action, schema in SCHEMAS.items():
    registry.register(
        name="order2_" + action,
        toolset="shop",
        schema={"name": "order2_" + action, "description": "d", "parameters": schema},
        handler=getattr(orders, action + "Action"),
    )
""",
            lines=(21,),
            fixed={},
            note="a controller's actions registered by name: a loop over dir(orders) that goes on "
            "past every name not ending in Action (the class's, its bases' and what object "
            "gives), and a table of action names joined to Action for getattr; showAction "
            "raises ValueError on the model's id, once per registration",
        ),
        Invalid(
            """\
import base64
import binascii
import json

from tools.registry import registry


def _b(d, e="utf8"):
    if isinstance(d, bytes):
        return d
    if e == "hex":
        return bytes.fromhex(d.replace(" ", ""))
    if e == "b64":
        return base64.b64decode(d + "=" * (-len(d) % 4))
    return d.encode()


def xor(a, **k):
    d, y = a.get("data"), a.get("key")
    if not d or y is None:
        return json.dumps({"error": "need data and key"})
    try:
        b, kb = _b(d, a.get("denc", "utf8")), _b(y, a.get("kenc", "utf8"))
    except (ValueError, binascii.Error) as x:
        return json.dumps({"error": str(x)})
    return json.dumps({"hex": bytes(c ^ kb[i % len(kb)] for i, c in enumerate(b)).hex()})


def upper(a, **k):
    d = a.get("data")
    if not d:
        return json.dumps({"error": "need data"})
    return json.dumps({"up": d.upper()})


registry.register(name="xor", toolset="t", schema={"name": "xor", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=xor)
registry.register(name="upper", toolset="t", schema={"name": "upper", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=upper)
""",
            lines=(23, 23, 33),
            fixed={},
            note="a helper that hands bytes back as they came and encodes the rest tests for a "
            "type no JSON value is (isinstance(d, bytes)): the model's number still reaches "
            "its text methods, where the caller catches only ValueError",
        ),
        Invalid(
            {
                "tools/__init__.py": """\
""",
                "tools/controller.py": """\
import json
import re

from tools.registry import registry


def snake_case(name):
    return re.sub(r"(?<!^)(?=[A-Z])", "_", name).lower()


class Controller:
    routes = {}
    toolset = "shop"

    def respond(self, data):
        return json.dumps({"data": data})

    def register_routes(self, registry):
        for name, (method, schema) in self.routes.items():
            registry.register(name=name, toolset=self.toolset, schema=dict(schema, name=name), handler=getattr(self, method))


def route(registry, name, action, schema):
    controller_class, method = action
    registry.register(name=name, toolset="refunds", schema=dict(schema, name=name), handler=getattr(controller_class(), method))
""",
                "tools/registry.py": """\
class R:
    def register(self, **kw): pass
registry = R()
""",
                "tools/stock_tool.py": """\
from tools.controller import Controller, route, snake_case
from tools.registry import registry

SCHEMA = {"description": "d", "parameters": {"type": "object", "properties": {}}}


class StockController(Controller):
    routes = {"stock_level": ("show", SCHEMA)}

    def show(self, request, **kw):
        return self.respond({"sku": request["sku"].strip()})


class RefundController(Controller):
    def store(self, request, **kw):
        return self.respond({"amount": float(request.get("amount"))})

    def listAll(self, request, **kw):
        return self.respond({"refunds": []})


StockController().register_routes(registry)
route(registry, "refund_issue", [RefundController, "store"], SCHEMA)
route(registry, "refund_" + snake_case("listAll"), [RefundController, "listAll"], SCHEMA)
""",
                "toolsets.py": """\
TOOLSETS = {"shop": {"description": "Shop", "tools": ["stock_level", "refund_issue", "refund_list_all"], "includes": []}}
""",
            },
            findings=(
                ("tools/stock_tool.py", 11),
                ("tools/stock_tool.py", 16),
            ),
            fixed={},
            note="a controller registers its routes when a module calls register_routes on an "
            "instance of a subclass (self.routes is that subclass's), and a helper of another "
            "module registers a controller's method by name (route(registry, 'refund_issue', "
            "[RefundController, 'store'])), its name also computed with re.sub",
        ),
        Invalid(
            {
                "plugins/fit/__init__.py": """\
from . import workouts  # noqa: F401
from .support import REGISTRY


def register(ctx):
    for builder in REGISTRY:
        builder.register_on(ctx)
""",
                "plugins/fit/plugin.yaml": """\
name: fit
version: "1"
description: d
provides_tools: [pace, streak]
""",
                "plugins/fit/support.py": """\
REGISTRY = []


class ToolBuilder:
    def __init__(self, name, **opts):
        self.name = name
        self.description = opts.get("description", "")
        self._properties = {}
        self._handler = None

    def desc(self, text):
        self.description = text
        return self

    def param(self, key, type_="string"):
        self._properties[key] = {"type": type_}
        return self

    def handle(self, fn):
        self._handler = fn
        return fn

    def register_on(self, ctx):
        ctx.register_tool(
            name=self.name,
            toolset="fit",
            schema={"name": self.name, "description": self.description, "parameters": {"type": "object", "properties": self._properties}},
            handler=self._handler,
        )


def tool(name, **opts):
    builder = ToolBuilder(name, **opts)
    REGISTRY.append(builder)
    return builder
""",
                "plugins/fit/workouts.py": """\
import json

from .support import tool


def pace(args, **kw):
    return json.dumps({"pace": float(args.get("minutes")) / float(args.get("km"))})


def streak(args, **kw):
    return json.dumps({"days": 3})


tool("pace").desc("Pace per km.").param("minutes", "number").param("km", "number").handle(pace)
tool("streak").desc("Current streak.").handle(streak)
""",
            },
            findings=(("plugins/fit/workouts.py", 7),),
            fixed={},
            note="fluent builders: tool(name) makes a builder and appends it to REGISTRY, a chain "
            "of its methods at a module's top sets what register_on(ctx) reads (.handle(pace) "
            "stores the handler), and register(ctx) calls register_on on each row: each "
            "builder's own name and handler",
        ),
        Invalid(
            {
                "plugins/lx/__init__.py": """\
from . import places


def make_tools(specs):
    out = []
    for fn, desc, params in specs:
        name = f"lx_{fn.__name__}"
        schema = {"name": name, "description": desc, "parameters": {"type": "object", "properties": params}}
        out.append((name, fn, schema))
    return out


TOOLS = make_tools([
    (places.city, "One city.", {"city": {"type": "string", "description": "A city."}}),
    (places.ok, "Fine.", {}),
])


def register(ctx):
    for name, fn, schema in TOOLS:
        ctx.register_tool(name=name, toolset="lx", schema=schema, handler=fn)
""",
                "plugins/lx/places.py": """\
import json

CITIES = {"Oslo": 1, "Lima": -5}


def city(args, **kw):
    return json.dumps({"offset": CITIES[args.get("city", "")]})


def ok(args, **kw):
    return json.dumps({"ok": True})
""",
                "plugins/lx/plugin.yaml": """\
name: lx
version: "1"
description: d
provides_tools: [lx_city, lx_ok]
""",
            },
            findings=(("plugins/lx/places.py", 7),),
            fixed={},
            note="a helper builds the rows from specs in a loop (out.append((name, fn, schema)) "
            "with name = f'lx_{fn.__name__}'): each row is read with the loop's names bound "
            "to that spec, so register(ctx) registers city, whose table lookup fails on a "
            "city it does not hold; ok stays silent.",
        ),
        Invalid(
            {
                "tools/__init__.py": """\
""",
                "tools/kit/__init__.py": """\
from .core import entries  # noqa: F401
""",
                "tools/kit/core.py": """\
class Registry:
    def __init__(self):
        self._items = {}

    def add(self, name, item):
        if name in self._items:
            raise RuntimeError(f"duplicate: {name}")
        self._items[name] = item
        return item

    def __iter__(self):
        return iter(self._items.values())


class Entry:
    def __init__(self, name, cls, description):
        self.name = name
        self.cls = cls
        self.description = description

    def handler(self):
        entry = self

        def run(args, **kw):
            return entry.cls().run(args)

        return run

    def as_registration(self):
        schema = {"name": self.name, "description": self.description, "parameters": {"type": "object", "properties": {}}}
        return dict(name=self.name, toolset="kit", schema=schema, handler=self.handler())


class Entries(Registry):
    def tool(self, name, description):
        def decorate(cls):
            self.add(name, Entry(name, cls, description))
            return cls

        return decorate

    def for_module(self, module):
        return [e for e in self if e.cls.__module__ == module]


entries = Entries()
""",
                "tools/ping_tool.py": """\
import json

from tools.kit import entries
from tools.registry import registry


@entries.tool("ping_echo", "Echo.")
class Echo:
    def run(self, args):
        return json.dumps({"echo": args["text"]})


@entries.tool("ping_ok", "Fine.")
class Fine:
    def run(self, args):
        return json.dumps({"ok": True})


for _entry in entries.for_module(__name__):
    registry.register(**_entry.as_registration())
""",
                "tools/pong_tool.py": """\
import json

from tools.kit import entries
from tools.registry import registry


@entries.tool("pong_size", "Size.")
class Size:
    def run(self, args):
        return {"size": len(str(args.get("text", "")))}


for _entry in entries.for_module(__name__):
    registry.register(**_entry.as_registration())
""",
                "tools/registry.py": """\
class Registry:
    def register(self, name, toolset, schema, handler, check_fn=None, requires_env=None, is_async=False, description="", emoji=""):
        pass


registry = Registry()
""",
            },
            findings=(("tools/kit/core.py", 25),),
            fixed={},
            note="a registry instance's decorator method (@entries.tool(...) on each class) adds "
            "an entry through a base class's add(), each module registers "
            "entries.for_module(__name__), the rows its __iter__ gives that the filter keeps: "
            "ping_echo's handler runs Echo().run, whose args['text'] fails when the model "
            "leaves it out.",
        ),
        Invalid(
            """\
import json
import re

from tools.registry import registry


def sv(a, k, d=""):
    v = a.get(k)
    if v is None:
        return d
    return "%s" % v


def since(args, **kw):
    m = re.match(r"^(\\d+)\\s*([smhd])$", sv(args, "window", "1h"))
    n, unit = m.groups()
    return json.dumps({"seconds": int(n) * {"s": 1, "m": 60, "h": 3600, "d": 86400}[unit]})


registry.register(name="since", toolset="t", schema={"name": "since", "description": "d", "parameters": {"type": "object", "properties": {"window": {"type": "string", "description": "1h, 30m"}}}}, handler=since)
""",
            lines=(16,),
            fixed={},
            note="a helper hands back the model's value as text ('%s' % v), or the caller's "
            "default when none was sent: the text the pattern matches is the model's, and "
            "m.groups() of no match fails.",
        ),
        Invalid(
            {
                "plugins/lf/__init__.py": """\
from .core import Registry


def register(ctx):
    from . import cards, grammar  # noqa: F401

    for tool in Registry.instance():
        ctx.register_tool(name=tool.name, toolset="lf", schema=tool.schema, handler=tool)
""",
                "plugins/lf/cards.py": """\
from .core import Tool, exported

CARDS = {"hola": "hello"}


@exported
class Card(Tool):
    name = "lf_card"
    description = "A card."

    def run(self, args):
        return {"back": CARDS[args.get("front", "")]}
""",
                "plugins/lf/core.py": """\
import json


class Tool:
    name = ""
    description = ""

    @property
    def schema(self):
        return {"name": self.name, "description": self.description, "parameters": {"type": "object", "properties": {}}}

    def __call__(self, args, **kw):
        return json.dumps(self.run(args))


class Registry:
    _instance = None

    def __init__(self):
        self._tools = {}

    @staticmethod
    def instance():
        if Registry._instance is None:
            Registry._instance = Registry()
        return Registry._instance

    def __iadd__(self, tool):
        self._tools[tool.name] = tool
        return self

    def add(self, tool):
        self += tool
        return tool

    def __iter__(self):
        return iter(list(self._tools.values()))


def exported(cls):
    Registry.instance().add(cls())
    return cls
""",
                "plugins/lf/grammar.py": """\
from .core import Registry, Tool

registry = Registry.instance()


class Conj(Tool):
    name = "lf_conj"
    description = "Conjugate."

    def run(self, args):
        return {"forms": [args["verb"] + "o"]}


registry += Conj()
""",
                "plugins/lf/plugin.yaml": """\
name: lf
version: "1"
description: d
provides_tools: [lf_card, lf_conj]
""",
            },
            findings=(
                ("plugins/lf/core.py", 13),
                ("plugins/lf/core.py", 13),
            ),
            fixed={},
            note="a singleton registry (Registry.instance() keeps Registry._instance) filled at "
            "import through its in-place operator (registry += Conj() at a module's top, self "
            "+= tool in add(), called by the @exported class decorator): register(ctx) loops "
            "over its __iter__, each tool object its own handler, and both tools' run() fail "
            "on arguments the model leaves out.",
        ),
        Invalid(
            {
                "plugins/sv/__init__.py": """\
import json
from functools import partial

SEEDS = {"tomato": 12}


def seed_get(args, **kw):
    return json.dumps({"packets": SEEDS[args.get("crop", "")]})


def seed_count(args, **kw):
    return json.dumps({"kinds": len(SEEDS)})


SPECS = [
    {"name": "seed_get", "description": "Packets of a crop.", "handler": seed_get},
    {"name": "seed_count", "description": "How many kinds.", "handler": seed_count},
]


def _register(ctx, spec):
    ctx.register_tool(
        name=spec["name"],
        toolset="seeds",
        schema={"name": spec["name"], "description": spec["description"], "parameters": {"type": "object", "properties": {}}},
        handler=spec["handler"],
    )


def register(ctx):
    tuple(map(partial(_register, ctx), SPECS))
""",
                "plugins/sv/plugin.yaml": """\
name: sv
version: "1"
description: d
provides_tools: [seed_get, seed_count]
""",
            },
            findings=(("plugins/sv/__init__.py", 8),),
            fixed={},
            note="register(ctx) maps a partial of its helper over the specs "
            "(map(partial(_register, ctx), SPECS)): _register(ctx, spec) runs once per spec, "
            "so seed_get is registered, and its table lookup fails on a crop the table does "
            "not hold.",
        ),
        Invalid(
            {
                "plugins/qf/__init__.py": """\
from .container import Provider
from .handlers import QuizHandlers


def register(ctx):
    provider = Provider()
    handlers = provider.get_required(QuizHandlers)
    for descriptor in handlers.get_tools():
        ctx.register_tool(
            name=descriptor.meta["name"],
            toolset="qf",
            schema={"name": descriptor.meta["name"], "description": descriptor.meta["description"], "parameters": {"type": "object", "properties": {}}},
            handler=descriptor.handler,
        )
""",
                "plugins/qf/container.py": """\
from typing import Type, TypeVar

T = TypeVar("T")


class Provider:
    def __init__(self):
        self._made = {}

    def get_required(self, kind: Type[T]) -> T:
        if kind not in self._made:
            self._made[kind] = kind()
        return self._made[kind]
""",
                "plugins/qf/handlers.py": """\
import inspect
import json
from dataclasses import dataclass
from typing import Callable

META = "__qf_tool__"
TOPICS = {"math": 12, "art": 3}


def tool(name, description):
    def decorator(method):
        setattr(method, META, {"name": name, "description": description})
        return method
    return decorator


def mean(source, selector):
    values = [selector(x) for x in source]
    if not values:
        raise ValueError("Sequence contains no elements")
    return sum(values) / len(values)


@dataclass
class Descriptor:
    meta: dict
    handler: Callable


class QuizHandlers:
    def is_available(self):
        return True

    def get_tools(self):
        found = []
        for _, member in inspect.getmembers(self, predicate=inspect.ismethod):
            meta = getattr(member, META, None)
            if meta is None:
                continue
            found.append(Descriptor(meta, member))
        return found

    @tool("quiz_topic", "Questions in a topic.")
    def topic(self, args, **kw):
        return json.dumps({"count": TOPICS[args.get("topic", "")]})

    @tool("quiz_mean", "Mean score.")
    def mean_score(self, args, **kw):
        raw = args.get("scores")
        if not isinstance(raw, list):
            return json.dumps({"error": "scores must be a list"})
        scores = [s for s in raw if isinstance(s, (int, float))]
        if not scores:
            return json.dumps({"error": "no scores"})
        return json.dumps({"mean": mean(scores, lambda s: s)})
""",
                "plugins/qf/plugin.yaml": """\
name: qf
version: "1"
description: d
provides_tools: [quiz_topic, quiz_mean]
""",
            },
            findings=(("plugins/qf/handlers.py", 45),),
            fixed={},
            note="a service provider typed get_required(kind: Type[T]) -> T gives an instance of "
            "the class it is handed; its get_tools() lists inspect.getmembers(self, "
            "predicate=inspect.ismethod) and keeps the methods a @tool(...) decorator marked "
            "with setattr (getattr(member, META, None), then if meta is None: continue): "
            "quiz_topic's table lookup fails on a topic it lacks; quiz_mean's helper raises "
            "only on an empty list, which the handler returned before.",
        ),
        Invalid(
            """\
import json
import random
import re

from tools.registry import registry


class BadDice(Exception):
    pass


class Roller:
    PATTERN = re.compile(r"^(\\d*)d(\\d+)$")

    def roll(self, expression):
        match = self.PATTERN.match(expression)
        if match is None:
            raise BadDice(expression)
        count = int(match.group(1) or 1)
        return sum(random.randint(1, int(match.group(2))) for _ in range(count))


def scores(args, **kw):
    roller = Roller()
    expression = "4d6" if args.get("heroic") else "3d6"
    return json.dumps({"scores": [roller.roll(expression) for _ in range(6)]})


def custom(args, **kw):
    return json.dumps({"total": Roller().roll(str(args.get("dice", "1d6")))})


registry.register(name="scores", toolset="t", schema={"name": "scores", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=scores)
registry.register(name="custom", toolset="t", schema={"name": "custom", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=custom)
""",
            lines=(30,),
            fixed={},
            note="a helper called with one of a few constants of the code ('4d6' if heroic else "
            "'3d6', through a local) reads its test once per constant: the pattern matches "
            "both, so scores' rolls raise nothing; custom's roll of the model's text may not "
            "match.",
        ),
        Invalid(
            """\
import json
import re

from tools.registry import registry

LINES = ["a=1", "b=2"]
KEY = re.compile(r"(\\w+)=")


def _rx(p):
    try:
        return re.compile(p), None
    except re.error as e:
        return None, "bad regex: %s" % e


def g_top(args, **kw):
    r, err = _rx(str(args.get("pat", "(.)")))
    if err:
        return json.dumps({"error": err})
    out = []
    for line in LINES:
        m = r.search(line)
        if m:
            out.append(m.group(1))
    return json.dumps({"out": out})


def g_keys(args, **kw):
    out = []
    for line in LINES:
        m = KEY.search(line)
        if m:
            out.append(m.group(1))
    return json.dumps({"keys": out})


registry.register(name="g_top", toolset="t", schema={"name": "g_top", "description": "d", "parameters": {"type": "object", "properties": {"pat": {"type": "string", "description": "p"}}}}, handler=g_top)
registry.register(name="g_keys", toolset="t", schema={"name": "g_keys", "description": "d", "parameters": {"type": "object", "properties": {}}}, handler=g_keys)
""",
            lines=(25,),
            fixed={},
            note="m.group(1) of a match of a pattern the model wrote (compiled by a helper that "
            "returns re.compile(p), None) fails when the pattern has no group; the code's own "
            "pattern, which has one, does not.",
        ),
        Invalid(
            """\
import json

from tools.registry import registry

STYLES = {"apa": "{a}", "mla": "{a}."}


def cite(style="apa", author=""):
    return json.dumps({"t": STYLES[style].format(a=author)})


def strip_doi(doi=""):
    return json.dumps({"doi": doi.strip()})


class Tool:
    def __init__(self, fn):
        self.fn = fn

    def run(self, args):
        return self.fn(**args)


T = Tool(strip_doi)

registry.register(name="cite", toolset="t", schema={"name": "cite", "description": "d", "parameters": {"type": "object", "properties": {"style": {"type": "string", "description": "s"}}}}, handler=lambda args, **kw: cite(**args))
registry.register(name="strip_doi", toolset="t", schema={"name": "strip_doi", "description": "d", "parameters": {"type": "object", "properties": {"doi": {"type": "string", "description": "s"}}}}, handler=lambda args, **kw: T.run(args))
""",
            lines=(
                9,
                21,
            ),
            fixed={},
            note="the model's arguments spread into a def's keywords (lambda args, **kw: "
            "cite(**args), or self.fn(**args) of an object holding the def): each parameter "
            "is the model's value under its name, so STYLES[style] and doi.strip() fail on "
            "what it may send.",
        ),
        Invalid(
            {
                "plugins/wp/__init__.py": """\
from . import posts  # noqa: F401
from .functions import do_action


def register(ctx):
    do_action("hermes_init", ctx)
""",
                "plugins/wp/functions.py": """\
import json

HOOKS = {}


def add_action(name, callback, priority=10):
    HOOKS.setdefault(name, []).append((priority, callback))


def do_action(name, *args):
    for _, callback in sorted(HOOKS.get(name, []), key=lambda pair: pair[0]):
        callback(*args)


def send_error(message):
    return json.dumps({"error": message})


def register_wp_tool(ctx, name, callback, description):
    ctx.register_tool(
        name=name,
        toolset="wp",
        schema={"name": name, "description": description, "parameters": {"type": "object", "properties": {}}},
        handler=callback,
    )
""",
                "plugins/wp/plugin.yaml": """\
name: wp
version: "1"
description: d
provides_tools: [wp_get_post, wp_feed]
""",
                "plugins/wp/posts.py": """\
import json

from .functions import add_action, register_wp_tool, send_error

POSTS = {1: {"title": "Hello"}}


def wp_get_post(args, **kwargs):
    return json.dumps(POSTS[int(args.get("post_id", 0))])


def wp_feed(args, **kwargs):
    feed = args.get("feed") or "rss2"
    if feed == "rss2":
        head = "<rss>"
    elif feed == "atom":
        head = "<feed>"
    else:
        return send_error("unsupported feed")
    return json.dumps({"hook": "do_feed_" + feed, "head": head})


def register_post_tools(ctx):
    register_wp_tool(ctx, "wp_get_post", wp_get_post, "One post.")
    register_wp_tool(ctx, "wp_feed", wp_feed, "A feed.")


add_action("hermes_init", register_post_tools, 10)
""",
            },
            findings=(("plugins/wp/posts.py", 9),),
            fixed={},
            note="WordPress-style hooks: register(ctx) fires an action whose callback, in a "
            "sibling module, calls a helper of a third module that registers each tool: the "
            "helper's calls in that def are its registrations, so wp_get_post's int() of the "
            "model's text is found; wp_feed's feed is one of the constants its if/elif chain "
            "lets past (the else returns), so 'do_feed_' + feed raises nothing.",
        ),
        Invalid(
            {
                "tools/models.py": _LOOKUP_MODELS,
                "tools/orders_tool.py": """\
import json

from tools.models import Manager
from tools.registry import registry

ORDERS = Manager()


def find_orders(args, **kw):
    email = str(args.get("email", ""))
    found = ORDERS.filter(status="open", email__in=email)
    return json.dumps({"count": len(found)})


registry.register(
    name="find_orders",
    toolset="shop",
    schema={"name": "find_orders", "description": "Find orders.", "parameters": {"type": "object", "properties": {"email": {"type": "string", "description": "Customer email."}}}},
    handler=find_orders,
)
""",
            },
            findings=(("tools/orders_tool.py", 11),),
            fixed={},
            note="A lookup helper given a def's keyword arguments raises for a lookup it does not "
            "know: the keys are the caller's own names, read row by row; a key it has no "
            "branch for reaches the raise (email__in here).",
        ),
        Invalid(
            {
                "tools/ports_tool.py": """\
import json

from tools.registry import registry

DEFAULTS = {"start": 8000, "unit": "tcp"}


def ports(args, **kw):
    a = DEFAULTS | args
    port = a["port"]
    return json.dumps({"port": port, "unit": str(a["unit"])})


registry.register(name="port_check", toolset="lab", schema={"name": "port_check", "description": "Check a port.", "parameters": {"type": "object", "properties": {"port": {"type": "integer", "description": "The port."}, "unit": {"type": "string", "description": "tcp or udp"}}}}, handler=ports)
""",
            },
            findings=(("tools/ports_tool.py", 10),),
            fixed={},
            note="The model's arguments merged over the code's defaults (DEFAULTS | args): a key "
            "the defaults do not hold may be missing.",
        ),
        Invalid(
            {
                "tools/catalog_tool.py": """\
import json

from tools.registry import registry

TOOLS = [{"name": "b", "size": 2}, {"name": "a", "size": 1}]


def catalog(args, **kw):
    names = [t["name"] for t in sorted(TOOLS, key=lambda t: t["name"])]
    limit = int(args.get("limit", 10))
    return json.dumps({"tools": names[:limit]})


registry.register(name="catalog", toolset="meta", schema={"name": "catalog", "description": "List tools.", "parameters": {"type": "object", "properties": {"limit": {"type": "integer", "description": "How many."}}}}, handler=catalog)
""",
            },
            findings=(("tools/catalog_tool.py", 10),),
            fixed={},
            note="A comprehension over a list sorted by a lambda whose parameter has the "
            "comprehension's name (a lambda's name is its own, not the comprehension's): the "
            "handler is read, and its int() of the model's text reported.",
        ),
        Invalid(
            {
                "tools/units_tool.py": """\
import json

from tools.registry import registry

UNITS = {"length": {"m": 1.0, "km": 1000.0}, "speed": {"kt": 0.5144, "m/s": 1.0}}


def _factor(unit):
    if unit in UNITS["length"]:
        return UNITS["length"][unit]
    return None


def length_factor(args, **kw):
    return json.dumps({"factor": _factor(args.get("unit"))})


def speed_known(args, **kw):
    unit = args.get("unit")
    return json.dumps({"known": unit in UNITS["speed"]})


registry.register(name="length_factor", toolset="units", schema={"name": "length_factor", "description": "A unit's factor.", "parameters": {"type": "object", "properties": {"unit": {"type": "string", "description": "The unit."}}}}, handler=length_factor)
registry.register(name="speed_known", toolset="units", schema={"name": "speed_known", "description": "Is the unit known.", "parameters": {"type": "object", "properties": {"unit": {"type": "string", "description": "The unit."}}}}, handler=speed_known)
""",
            },
            findings=(
                ("tools/units_tool.py", 15),
                ("tools/units_tool.py", 20),
            ),
            fixed={},
            note="The model's value looked up in a table of a table the code writes out (unit in "
            "UNITS['speed'], also in a helper): a list or an object sent for it is no key.",
        ),
        Invalid(
            """\
import json
from tools.registry import registry

COMPLEMENT = {"A": "T", "C": "G", "G": "C", "T": "A"}


def complement_pair(args, **kw):
    seq = args.get("sequence")
    other = args.get("other")
    if not isinstance(seq, str) or not isinstance(other, str):
        return json.dumps({"error": "sequence and other must be text"})
    if set(seq) - set(COMPLEMENT):
        return json.dumps({"error": "sequence holds letters that are not bases"})
    return json.dumps({"pair": "".join(COMPLEMENT[c] for c in other)})


registry.register(name="complement_pair", toolset="seq", schema={}, handler=complement_pair)
""",
            lines=(14,),
            fixed={},
            note="a difference tests the items of what it takes, not of another value: other's "
            "letters are looked up untested",
        ),
        Invalid(
            """\
import json
from tools.registry import registry

PATHS_SCHEMA = {
    "name": "owners",
    "description": "Owners of paths.",
    "parameters": {
        "type": "object",
        "properties": {"paths": {"type": "array", "items": {"type": "string"}}},
    },
}

MAX_PATHS = 50


def _clean(path):
    return path.strip().lstrip("/")


def owners_first(args, **kw):
    paths = args.get("paths") or []
    if not isinstance(paths, list) or not paths:
        return json.dumps({"error": "paths must be a non-empty list"})
    return json.dumps({"paths": [_clean(p) for p in paths[:MAX_PATHS]]})


def owners_any(args, **kw):
    paths = args.get("paths") or []
    if isinstance(paths, str):
        paths = [p for p in paths.splitlines() if p.strip()]
    if not isinstance(paths, list) or not paths:
        return json.dumps({"error": "paths must be a list or lines of text"})
    out = []
    for p in paths:
        out.append(p.strip())
    return json.dumps({"paths": out})


registry.register(name="owners_first", toolset="code", schema=PATHS_SCHEMA, handler=owners_first)
registry.register(name="owners_any", toolset="code", schema=PATHS_SCHEMA, handler=owners_any)
""",
            lines=(
                24,
                35,
            ),
            fixed={},
            note="items of a slice of the model's list (paths[:MAX_PATHS]) are its items; a list "
            "the def makes from text where the model sent text (paths.splitlines(), its "
            "comprehension testing its own p) leaves the model's items where it sent a list",
        ),
        Invalid(
            """\
import json
from tools.registry import registry


class NoModel(Exception):
    pass


class ObjectMixin:
    model = None

    def get_object(self):
        if self.model is None:
            raise NoModel("set model")
        return self.model()


class FormMixin:
    def post(self):
        return json.dumps({"saved": True})


class UpdateView(ObjectMixin, FormMixin):
    def post(self):
        self.object = self.get_object()
        return super().post()


class NoteUpdate(UpdateView):
    def post(self):
        return super().post()


def handler(args, **kw):
    return NoteUpdate().post()


registry.register(name="note_update", toolset="notes", schema={}, handler=handler)
""",
            lines=(35,),
            fixed={},
            note="super().post() from the instance's own class runs the next class in Python's "
            "order; no class sets model, so get_object raises",
        ),
        Invalid(
            """\
import json
from tools.registry import registry


def handler(args, **kw):
    data = args or {}
    page = int(data.get("page") or 1)
    return json.dumps({"page": page})


registry.register(name="pages", toolset="views", schema={}, handler=handler)
""",
            lines=(7,),
            fixed={},
            note="data = args or {}: a local that holds the arguments dict as it came is read as "
            "the arguments (data.get('page') is the model's value)",
        ),
        Invalid(
            """\
import json
from tools.registry import registry

CITIES = {"paris": {"pop": 2}}


def handler(args, **kw):
    city = args.get("city")

    def lookup():
        return CITIES[city]["pop"]

    return json.dumps({"pop": lookup()})


registry.register(name="pop", toolset="t", schema={}, handler=handler)
""",
            lines=(13,),
            fixed={},
            note="a def nested in the handler reads the handler's local as it is at the call: city "
            "= args.get('city') is the model's text in lookup(), whose CITIES[city] raises",
        ),
        Invalid(
            """\
import datetime
import json
from tools.registry import registry


def stringify(obj):
    return json.dumps(obj, ensure_ascii=False)


def done(err=None, result=None):
    if err:
        return stringify({"error": str(err)})
    return stringify(result)


def notes(args, **kw):
    date = args.get("date") or datetime.date.today()
    return done(None, {"date": date})


registry.register(name="notes", toolset="t", schema={}, handler=notes)
""",
            lines=(18,),
            fixed={},
            note="a helper that hands its parameter on to a helper that json.dumps it (done(None, "
            "result) -> stringify(result)): the caller's date is serialised as it came, a "
            "helper's helper away",
        ),
        Invalid(
            """\
import json
from tools.registry import registry

SAMPLES = [(1, 20.5), (2, 19.0), (1, 21.0)]


def mean_of(args, **kw):
    sid = args.get("sensor_id")
    if not isinstance(sid, int):
        return json.dumps({"error": "sensor_id must be an integer"})
    total = 0
    cnt = 0
    for s in SAMPLES:
        if s[0] != sid:
            continue
        total += s[1]
        cnt += 1
    return json.dumps({"mean": total / cnt})


registry.register(name="mean_of", toolset="t", schema={}, handler=mean_of)
""",
            lines=(18,),
            fixed={},
            note="cnt = 0, then cnt += 1 only in a loop past a test of the model's value (if s[0] "
            "!= sid: continue): nothing may match, and total / cnt divides by 0",
        ),
        Invalid(
            """\
import json
from tools.registry import registry


def optional_number(args, key, default=None):
    value = args.get(key)
    if value is None:
        return default
    try:
        return float(value)
    except ValueError:
        return default


def remove(args, **kw):
    quantity = optional_number(args, "quantity")
    return json.dumps({"removed": quantity})


registry.register(name="remove", toolset="t", schema={}, handler=remove)
""",
            lines=(16,),
            fixed={},
            note="a helper handed the arguments and a key (optional_number(args, 'quantity')): "
            "args.get(key) reads that key, so float() of it raises TypeError on a list, which "
            "except ValueError misses",
        ),
    )

    def check(self, ctx: LintContext) -> Iterator[Finding]:
        for module in ctx.modules:
            yield from cached_findings(ctx, module, self.code, self._compute(ctx, module))

    def _compute(self, ctx: LintContext, module: ModuleInfo) -> Callable[[], Iterator[Finding]]:
        return lambda: self.module_findings(ctx, module)

    def module_findings(self, ctx: LintContext, module: ModuleInfo) -> Iterator[Finding]:
        schemas = {id(ts.reg): ts for ts in tool_schemas(module)}
        for reg in registrations_of(module):
            handler = reg.handler
            if handler is None:
                continue
            schema = schemas.get(id(reg))
            numbers = unbounded_numbers(schema) if schema is not None else {}
            if schema is not None:
                # (`key: "array"`: Hermes makes what the model sends for it a list)
                numbers.update(dict.fromkeys(array_arguments(schema), "array"))
            for func in handler.code():
                code = handler.code_for(func)
                param = handler.args_parameter(func)
                values = handler.model_values(func)
                let_out: tuple[list[ast.ExceptHandler], Scope] | None = None
                checked: frozenset[str] = frozenset()
                if wrapped(func.node, func.scope) and not isinstance(func, Undecorated):
                    # A decorator may catch what the def raises: what its wrapper lets out
                    # (when the project's own decorator makes it) is reported where the def
                    # raises it; else nothing is known.
                    let_out = _let_out(func, param)
                    if let_out is None:
                        continue
                    code = Code(Undecorated(func.node, func.module, func.scope, None, func.bound))
                    through = through_decorator(func)
                    injected = None if through is None else injected_code(func, through)
                    if injected is not None:
                        # (`fn(get_client(key), args, **kw)`: the model's arguments come second)
                        param, code = injected
                    elif through is not None:
                        # (`@require_fields("to", "body")`: its wrapper turns their absence away)
                        checked = wrapper_checked(through)
                    refused = _serialised_by_wrapper(func, code)
                    if refused is not None:
                        ret, hit = refused
                        yield ctx.finding(
                            self.code,
                            f"`{func.name}` returns {hit.shown} (made at "
                            f"{hit.scope.module.rel}:{getattr(hit.node, 'lineno', ret.lineno)}),"
                            " which its decorator's json.dumps refuses (TypeError), uncaught;"
                            " convert the value first or pass default=str",
                            func.module,
                            ret,
                            reg.label(),
                        )
                skip = forwarding_calls(func.node) if handler.target is not None else frozenset()
                # One finding per place: every exception one call (or one re-raise) lets out.
                places: dict[object, list[Escape]] = {}
                found = handler_escapes(code, skip, param, values, numbers, checked)
                called = {
                    id(e.node) for e in found if e.kind == "call" and isinstance(e.node, ast.Call)
                }
                for escape in found:
                    if let_out is not None and not _passes(escape, let_out):
                        continue
                    # The model's reads on one line are one finding (`store[args["k"]] =
                    # args["v"]`), as all a call lets out is.
                    key: object = id(escape.node)
                    if escape.kind == "input" and id(escape.node) in called:
                        # (`socket.gethostbyname(host)`: what the model's text makes it raise
                        # and what the call raises anyway, one finding)
                        key = ("call", escape.origin[1], escape.node.col_offset)  # type: ignore[union-attr]
                    elif escape.kind == "input":
                        # (where it raises: a value JSON refuses is made elsewhere)
                        key = ("input", getattr(escape.node, "lineno", escape.origin[1]))
                    elif escape.kind == "call" and isinstance(escape.node, ast.Call):
                        # (`docker.from_env().containers.list()`: the calls of one chain start
                        # at one column; one finding, at the outermost)
                        key = ("call", escape.chain[0][1], escape.node.col_offset)
                    places.setdefault(key, []).append(escape)
                for group in places.values():
                    # (the widest call of a chain first: the finding spans all of it)
                    group.sort(
                        key=lambda e: (-getattr(e.node, "end_col_offset", 0) or 0, e.kind != "call")
                    )
                    first = group[0]
                    chains = _unique([e.chain for e in group if e.kind == "call"])
                    finding = ctx.finding(
                        self.code,
                        _message(group, func.name),
                        func.module,
                        first.node,
                        reg.label(),
                        chains=chains,
                    )
                    if (
                        len(group) == 1
                        and first.kind == "raise"
                        and isinstance(first.node, ast.Raise)
                    ):
                        fix = _fix(func.module.path, first.node)
                        finding = finding.with_fix(_offered(fix, func.module.tree))
                    yield finding


def _unique(chains: list[tuple[Step, ...]]) -> list[tuple[Step, ...]]:
    """The chains in order, each once."""
    seen: set[tuple[Step, ...]] = set()
    out = []
    for chain in chains:
        if chain not in seen:
            seen.add(chain)
            out.append(chain)
    return out


def _fix(path: Path, node: ast.stmt) -> Fix | None:
    """`raise X(message)` -> `return tool_error(message)`, for a message that reads as one."""
    if not isinstance(node, ast.Raise) or not isinstance(node.exc, ast.Call):
        return None
    call = node.exc
    if len(call.args) != 1 or call.keywords or not _is_message(call.args[0]):
        return None
    span = (node.lineno, node.col_offset, node.end_lineno, node.end_col_offset)
    return Fix(
        "replace_raise_with_tool_error",
        path,
        span,
        False,
        "Return the message through `tool_error(...)`",
    )


def _is_message(expr: ast.expr) -> bool:
    """A string, an f-string, `str(x)`, or text built with `%`, `+` or `.format(...)`."""
    if isinstance(expr, ast.Constant):
        return isinstance(expr.value, str)
    if isinstance(expr, ast.JoinedStr):
        return True
    if isinstance(expr, ast.BinOp) and isinstance(expr.op, (ast.Mod, ast.Add)):
        return _is_message(expr.left)
    if isinstance(expr, ast.Call):
        func = expr.func
        if isinstance(func, ast.Name):
            return func.id == "str" and len(expr.args) == 1 and not expr.keywords
        if isinstance(func, ast.Attribute) and func.attr == "format":
            return _is_message(func.value)
    return False


def forwarding_calls(node: ast.AST) -> frozenset[int]:
    """The calls a forwarding lambda makes to the function checked on its own (`fn(...)`, and
    `fn(...)` in `runner(fn(...))`)."""
    if not isinstance(node, ast.Lambda) or not isinstance(node.body, ast.Call):
        return frozenset()
    body = node.body
    calls = {id(body)}
    if len(body.args) == 1 and isinstance(body.args[0], ast.Call):
        calls.add(id(body.args[0]))
    return frozenset(calls)


def _labels(group: list[Escape]) -> str:
    """`AuthError, RuntimeError or ValueError`: the exceptions of one place, each once."""
    known = sorted({e.label for e in group if e.exc is not None})
    if any(e.exc is None for e in group):
        known.append("another exception" if known else "an exception")
    if len(known) == 1:
        return known[0]
    return f"{', '.join(known[:-1])} or {known[-1]}"


def _let_out(func: Function, param: str | None) -> tuple[list[ast.ExceptHandler], Scope] | None:
    """The `except` blocks of a decorated handler's wrapper that keep what they catch of the
    def's exceptions (and the scope they are read in), or None when no wrapper is known."""
    through = through_decorator(func) if param is not None else None
    if through is None or isinstance(through.node, ast.Lambda):
        return None
    handlers = wrapper_handlers(through)
    if handlers is None:
        return None
    return handlers, Code(through).scope


def _serialised_by_wrapper(
    func: Function, code: Code
) -> tuple[ast.Return, serialisable.Refusal] | None:
    """A return of a decorated def whose value JSON refuses, where the decorator's wrapper
    serialises what the def returns (`result = fn(args)` ... `return json.dumps(result)`)
    outside any `try`: the first such return and what it holds."""
    through = through_decorator(func)
    if through is None or not isinstance(through.node, (ast.FunctionDef, ast.AsyncFunctionDef)):
        return None
    wrapper = through.node
    tried = {id(n) for t in ast.walk(wrapper) if isinstance(t, ast.Try) for n in ast.walk(t)}
    scope = Code(through).scope
    dumped = False
    for sub in ast.walk(wrapper):
        if not isinstance(sub, ast.Return) or id(sub) in tried or sub.value is None:
            continue
        call = sub.value
        if not (isinstance(call, ast.Call) and call.args):
            continue
        for obj in resolve(call.func, scope).items:
            if isinstance(obj, External) and serialisable.dumps_call(call, obj.dotted) is not None:
                dumped = dumped or _made_by_def(call.args[0], wrapper)
            elif isinstance(obj, Function) and dumps_first_parameter(obj):
                # (`return _as_json(result)` of a helper that json.dumps what it is handed)
                dumped = dumped or _made_by_def(call.args[0], wrapper)
    if not dumped:
        return None
    for ret in returns_of(func.node):  # type: ignore[arg-type]
        if ret.value is not None:
            hit = serialisable.refused(ret.value, code.scope)
            if hit is not None:
                return ret, hit
    return None


def _made_by_def(value: ast.expr, wrapper: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    """`result`, bound in the wrapper to a call of one of its enclosing def's parameters (the
    function decorated): `result = fn(args)` (`await fn(args)` in an async wrapper), or that
    call itself."""
    if isinstance(value, ast.Await):
        value = value.value
    if isinstance(value, ast.Call):
        return isinstance(value.func, ast.Name) and value.func.id not in _wrapper_names(wrapper)
    if not isinstance(value, ast.Name):
        return False
    for sub in ast.walk(wrapper):
        if not (
            isinstance(sub, ast.Assign)
            and any(isinstance(t, ast.Name) and t.id == value.id for t in sub.targets)
        ):
            continue
        made = sub.value.value if isinstance(sub.value, ast.Await) else sub.value
        if (
            isinstance(made, ast.Call)
            and isinstance(made.func, ast.Name)
            and made.func.id not in _wrapper_names(wrapper)
        ):
            return True
    return False


def _wrapper_names(wrapper: ast.FunctionDef | ast.AsyncFunctionDef) -> set[str]:
    """Names the wrapper binds itself (its parameters and locals): not the decorated def."""
    names = {a.arg for a in ast.walk(wrapper.args) if isinstance(a, ast.arg)}
    names |= {
        n.id for n in ast.walk(wrapper) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)
    }
    return names | {"json", "str", "dict", "list"}


def _passes(escape: Escape, let_out: tuple[list[ast.ExceptHandler], Scope]) -> bool:
    handlers, scope = let_out
    if escape.exc is None:
        return not handlers
    return all(catches(handler, escape.exc, scope) == MISSES for handler in handlers)


def _key_read(node: ast.AST | None) -> bool:
    """`args["key"]`: a read of one of the model's arguments by its name."""
    return (
        isinstance(node, ast.Subscript)
        and isinstance(node.slice, ast.Constant)
        and isinstance(node.slice.value, str)
    )


def _message(group: list[Escape], name: str) -> str:
    escape = group[0]
    label = _labels(group)
    if escape.kind == "call":
        call = escape.node
        assert isinstance(call, ast.Call)
        text = ast.unparse(call.func)
        runner = text.rsplit(".", 1)[-1]
        worker = 0 if runner == "to_thread" else 1 if runner == "run_in_executor" else None
        if worker is not None and len(call.args) > worker:
            text = ast.unparse(call.args[worker])  # (the def the thread runs, as it is named)
        rel, line, _ = escape.origin
        steps = [step[2] for step in escape.chain[1:]]
        if steps and steps[0].split(".")[-1] == text.split(".")[-1]:
            steps = steps[1:]  # the callee itself
        if len(text) > 40:
            text = text[:37] + "..."
        via = f", via {' -> '.join(steps)}" if steps else ""
        where = f"re-raised at {rel}:{line}" if escape.reraise else f"{rel}:{line}"
        others = len(_unique([e.chain for e in group])) - 1
        more = f"; {others} more path{'s' if others != 1 else ''}" if others else ""
        them = "them" if " or " in label else "it"
        shown = text if is_property_read(call) else f"{text}()"
        return (
            f"`{shown}` can raise {label} ({where}{via}{more}), uncaught; catch {them} and"
            " return tool_error(...) instead"
        )
    if escape.kind == "input" and escape.node is not None:
        reads = [e for e in group if e.node is not None]
        texts = []
        for e in reads:
            text = ast.unparse(e.node)  # type: ignore[arg-type]
            shown = f"`{text[:37] + '...' if len(text) > 40 else text}`"
            if shown not in texts:
                texts.append(shown)
        # The keys left out, from the reads themselves (`args["k"]`), then each conversion's why.
        read_keys = [e for e in reads if _key_read(e.node) and e.exc and e.exc.label == "KeyError"]
        keys = [repr(e.node.slice.value) for e in read_keys]  # type: ignore[union-attr]
        whats = [f"when the model leaves {' or '.join(keys)} out"] if keys else []
        for e in reads:
            if e not in read_keys and str(e.callee) not in whats:
                whats.append(str(e.callee))
        cures = []
        if read_keys:
            it = "it" if len(reads) == 1 else "them"
            cures.append(f"read {it} with .get() and return tool_error(...) when missing")
        if any(
            e.exc is not None and e.exc.label == "KeyError" and e not in read_keys for e in reads
        ):
            cures.append("test that the table holds it and return tool_error(...) when not")
        searched = [e for e in reads if "next() without a default" in str(e.callee)]
        if searched:
            cures.append("give next() a default and return tool_error(...) when nothing matches")
        refused = [e for e in reads if str(e.callee).startswith(serialisable.WHY)]
        keyed = [e for e in refused if serialisable.AS_KEY in str(e.callee)]
        if keyed:
            # (`default=` is never asked about keys)
            cures.append("make each key a string first (default= does not convert keys)")
            refused = [e for e in refused if e not in keyed]
        if refused and all("ndarray" in str(e.callee) or "int64" in str(e.callee) for e in refused):
            cures.append("convert the value first (.tolist(), int()) or pass default=str")
        elif refused:
            cures.append("convert the value first (str(), .isoformat()) or pass default=str")
        if any(
            e.exc is not None and e.exc.label != "KeyError" and e not in refused + keyed + searched
            for e in reads
        ):
            cures.append("catch it and return tool_error(...) instead")
        verb = "raises" if len(texts) == 1 else "raise"
        return (
            f"{' and '.join(texts)} {verb} {label} {' or '.join(whats)},"
            f" uncaught; {' and '.join(cures)}"
        )
    if escape.kind == "assert":
        what = "`assert` raises AssertionError out of"
    elif escape.kind == "reraise":
        caught = label if any(e.exc for e in group) else "the caught exception"
        what = f"re-raising {caught} lets it out of"
    else:
        what = f"`raise {label}` escapes"
    return f"{what} `{name}`: the model gets a generic error; return tool_error(...) instead"


def _offered(fix: Fix | None, tree: ast.Module | None) -> Fix | None:
    """The fix when --fix would apply it (the fix package is imported only for a finding that
    has one: a one-file run with nothing to fix does not load it)."""
    if fix is None:
        return None
    from hermes_dev.lint.fix import offered

    return offered(fix, tree)
