"""The options of `hermes-dev lint`, declared once for the click command and the fast path."""

from __future__ import annotations

from hermes_dev.lint.report import FORMATS


class Option:
    __slots__ = (
        "choices",
        "dest",
        "flag",
        "help",
        "metavar",
        "multiple",
        "optional_value",
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
    ) -> None:
        self.flag = flag
        self.dest = dest
        self.help = help
        self.takes_value = takes_value
        self.choices = choices
        self.multiple = multiple
        self.metavar = metavar
        # The value when the flag comes without one (`--write-baseline` alone); a next argument
        # that does not start with "-" is taken as the value, as click does.
        self.optional_value = optional_value


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
    Option("--format", "fmt", "Output format.", choices=FORMATS),
    Option("--output", "output", "Write the report to FILE instead of stdout.", metavar="FILE"),
    Option("--exit-zero", "exit_zero", "Exit 0 even when there are findings.", takes_value=False),
    Option(
        "--statistics",
        "statistics",
        "Also print how many findings each rule gave ([*]: all fixable, [-]: some).",
        takes_value=False,
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
            values[opt.dest] = opt.choices[0]
        else:
            values[opt.dest] = None
    return values
