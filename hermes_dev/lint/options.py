"""The options of `hermes-dev lint`, declared once for the click command and the fast path."""

from __future__ import annotations

from hermes_dev.lint.report import FORMATS


class Option:
    __slots__ = (
        "aliases",
        "choices",
        "default",
        "dest",
        "flag",
        "help",
        "metavar",
        "multiple",
        "optional_value",
        "short",
        "takes_value",
    )

    def __init__(
        self,
        flag: str,
        dest: str,
        help: str,
        takes_value: bool = True,
        choices: tuple[str, ...] | None = None,
        multiple: bool = False,
        metavar: str | None = None,
        optional_value: str | None = None,
        short: str | None = None,
        aliases: tuple[str, ...] = (),
        default: str | None = None,
    ) -> None:
        self.flag = flag
        self.dest = dest
        self.short = short  # `-o`: a one-letter name (the fast path takes it only on its own)
        self.aliases = aliases  # older names kept working (`--format` for `--output-format`)
        self.default = default  # of a choice: the first choice when None
        self.help = help
        self.takes_value = takes_value
        self.choices = choices
        self.multiple = multiple
        self.metavar = metavar
        # The value when the flag comes without one (`--write-baseline` alone); a next argument
        # that does not start with "-" is taken as the value, as click does.
        self.optional_value = optional_value

    @property
    def names(self) -> tuple[str, ...]:
        """Every name of the option, as `--help` lists them."""
        return (*((self.short,) if self.short else ()), self.flag, *self.aliases)


LINT_OPTIONS = (
    Option(
        "--root",
        "root",
        "The Hermes root (any folder); default: found from the paths.",
        metavar="DIR",
    ),
    Option(
        "--select",
        "select",
        "Rule codes or prefixes to run, comma-separated (default: all).",
        multiple=True,
        metavar="CODES",
    ),
    Option(
        "--ignore",
        "ignore",
        "Rule codes or prefixes not to run, comma-separated.",
        multiple=True,
        metavar="CODES",
    ),
    Option(
        "--output-format",
        "fmt",
        "The report's format (gitlab: GitLab Code Quality; github: workflow annotations).",
        choices=FORMATS,
        aliases=("--format",),
    ),
    Option(
        "--output-file",
        "output",
        "Write the report to FILE instead of stdout.",
        metavar="FILE",
        short="-o",
        aliases=("--output",),
    ),
    Option("--exit-zero", "exit_zero", "Exit 0 even when there are findings.", takes_value=False),
    Option(
        "--statistics",
        "statistics",
        "Print only how many findings each rule gave ([*]: all fixable, [-]: some).",
        takes_value=False,
    ),
    Option(
        "--show-fixes",
        "show_fixes",
        "List what --fix fixed; without --fix, say under each fixable finding what its fix does.",
        takes_value=False,
    ),
    Option(
        "--quiet",
        "quiet",
        "Print the findings and errors, nothing else (no summary, no notes).",
        takes_value=False,
        short="-q",
    ),
    Option(
        "--verbose",
        "verbose",
        "Also print the analysis counters (schemas or env entries it could not read statically).",
        takes_value=False,
        short="-v",
    ),
    Option(
        "--color",
        "color",
        "Colour the text report: auto (on a terminal, unless NO_COLOR is set), always, never.",
        choices=("auto", "always", "never"),
    ),
    Option(
        "--no-cache",
        "no_cache",
        "Read and write no cache (as HERMES_DEV_NO_CACHE=1 does).",
        takes_value=False,
    ),
    Option(
        "--cache-dir",
        "cache_dir",
        "Keep the cache in DIR (default: $XDG_CACHE_HOME/hermes-dev, ~/.cache/hermes-dev).",
        metavar="DIR",
    ),
    Option(
        "--fix",
        "fix",
        "Apply the fixes of the findings (all files or none), then report what remains.",
        takes_value=False,
    ),
    Option(
        "--diff",
        "diff",
        "Print the fixes as a unified diff and write nothing (exit 1 when there is one).",
        takes_value=False,
    ),
    Option(
        "--unsafe-fixes",
        "unsafe_fixes",
        "Also apply (or show) fixes that may change what the code does.",
        takes_value=False,
    ),
    Option(
        "--baseline",
        "baseline",
        "Report only findings not recorded in this baseline file (default: `baseline` in"
        " [tool.hermes-dev], else .hermes-dev-baseline.json at the root when it exists).",
        metavar="FILE",
    ),
    Option(
        "--write-baseline",
        "write_baseline",
        "Record today's findings in FILE (default: the --baseline file, else `baseline` in"
        " [tool.hermes-dev], else .hermes-dev-baseline.json at the root) and exit 0.",
        metavar="[FILE]",
        optional_value="",
    ),
    Option(
        "--no-baseline",
        "no_baseline",
        "Use no baseline file: report (and fix) every finding.",
        takes_value=False,
    ),
    Option(
        "--stdin-filename",
        "stdin_filename",
        "Lint the text on stdin (PATHS `-`) as this file: it need not exist, and findings"
        " name it; with --fix the fixed text goes to stdout, the report to stderr.",
        metavar="PATH",
    ),
    Option(
        "--show-baselined",
        "show_baselined",
        "Also list baselined findings in json and sarif output, marked as such.",
        takes_value=False,
    ),
)


def defaults() -> dict[str, object]:
    values: dict[str, object] = {}
    for opt in LINT_OPTIONS:
        if not opt.takes_value:
            values[opt.dest] = False
        elif opt.multiple:
            values[opt.dest] = []
        elif opt.choices:
            values[opt.dest] = opt.default or opt.choices[0]
        else:
            values[opt.dest] = None
    return values
