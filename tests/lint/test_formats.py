"""The report formats: text, json, SARIF 2.1.0 (validated against the OASIS schema), GitHub
workflow commands, GitLab Code Quality and JUnit XML."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import jsonschema
import pytest

from hermes_dev.lint.engine import lint
from hermes_dev.lint.report import counters, escape_data, escape_property, render, statistics
from hermes_dev.lint.rule import Finding
from tests.lint.support import make_root

REPO = Path(__file__).resolve().parents[2]
# The OASIS SARIF 2.1.0 schema with its errata, vendored (see schemas/README.md).
SARIF_SCHEMA = json.loads(
    (Path(__file__).parent / "schemas" / "sarif-schema-2.1.0.json").read_text(encoding="utf-8")
)


def valid_sarif(text: str) -> dict[str, object]:
    """The SARIF log in `text`, after checking it against the OASIS 2.1.0 schema."""
    log = json.loads(text)
    validator = jsonschema.Draft4Validator(
        SARIF_SCHEMA, format_checker=jsonschema.Draft4Validator.FORMAT_CHECKER
    )
    errors = [f"{list(e.absolute_path)}: {e.message}" for e in validator.iter_errors(log)]
    assert errors == [], errors
    assert isinstance(log, dict)
    return log


BROKEN = """\
import json
from tools.registry import registry

def ping(args, **kw):
    if args:
        raise ValueError("no, 100%: bad")
    return {"pong": True}

registry.register(name="ping", toolset="t", schema={}, handler=ping)
"""


@pytest.fixture()
def result(tmp_path: Path):  # type: ignore[no-untyped-def]
    root = make_root(tmp_path, {"tools/ping_tool.py": BROKEN})
    return lint([], root=str(root), select=["HD1"])


def test_text(result) -> None:  # type: ignore[no-untyped-def]
    out = render(result, "text", result.rules).splitlines()
    assert out[0].startswith("tools/ping_tool.py:6:9: HD102 ")
    assert out[0].endswith(" [ping]")
    assert out[1].startswith("tools/ping_tool.py:7:5: HD101 [*] `ping` returns a dict")
    assert out[-2] == "Found 2 findings in 1 file (2 files checked)."
    assert out[-1] == (
        "[*] 1 fixable with the `--fix` option"
        " (1 hidden fix can be enabled with the `--unsafe-fixes` option)."
    )


def test_text_marks_unsafe_fixes_when_they_apply(result) -> None:  # type: ignore[no-untyped-def]
    result.unsafe_fixes = True
    out = render(result, "text", result.rules).splitlines()
    assert out[0].startswith("tools/ping_tool.py:6:9: HD102 [*] ")
    assert out[-1] == "[*] 2 fixable with the `--fix` option."


def test_json(result) -> None:  # type: ignore[no-untyped-def]
    items = json.loads(render(result, "json", result.rules))
    assert [i["code"] for i in items] == ["HD102", "HD101"]
    keys = {
        "code",
        "message",
        "path",
        "line",
        "column",
        "end_line",
        "end_column",
        "tool",
        "tools",
        "rule",
        "fix",
    }
    for item in items:
        assert set(item) == keys | {"chain", "chains"}
        assert item["chain"] == []  # raised and returned in the handler itself
        assert item["chains"] == []
        assert item["path"] == "tools/ping_tool.py"
        assert item["tool"] == "ping"
        assert item["tools"] == ["ping"]
        assert isinstance(item["line"], int) and item["end_column"] > item["column"]
    assert items[1]["rule"] == "handler-returns-non-json"
    assert items[0]["fix"] == {
        "applicability": "unsafe",
        "message": "Return the message through `tool_error(...)`",
    }
    assert items[1]["fix"] == {
        "applicability": "safe",
        "message": "Wrap the value in `json.dumps(...)`",
    }


def test_sarif(result) -> None:  # type: ignore[no-untyped-def]
    log = json.loads(render(result, "sarif", result.rules))
    assert log["version"] == "2.1.0"
    (run,) = log["runs"]
    driver = run["tool"]["driver"]
    assert driver["name"] == "hermes-dev"
    rule_ids = [r["id"] for r in driver["rules"]]
    assert {"HD101", "HD102"} <= set(rule_ids)
    for rule in driver["rules"]:
        assert rule["shortDescription"]["text"]
        assert rule["fullDescription"]["text"]
        assert rule["help"]["text"] and rule["help"]["markdown"]
    fingerprints = set()
    for res in run["results"]:
        assert rule_ids[res["ruleIndex"]] == res["ruleId"]
        assert res["level"] == "error" and res["message"]["text"]
        loc = res["locations"][0]["physicalLocation"]
        assert loc["artifactLocation"]["uri"] == "tools/ping_tool.py"  # repo-relative
        region = loc["region"]
        assert region["startLine"] >= 1 and region["startColumn"] >= 1
        assert region["endLine"] >= region["startLine"]
        fingerprints.add(res["partialFingerprints"]["primaryLocationLineHash"])
    assert len(fingerprints) == len(run["results"])


def test_github(result) -> None:  # type: ignore[no-untyped-def]
    lines = render(result, "github", result.rules).splitlines()
    assert lines[0].startswith("::error file=tools/ping_tool.py,line=6,col=9,endLine=6,endColumn=")
    assert ",title=HD102::" in lines[0]
    assert lines[1].split("::", 2)[2].endswith("[ping]")


def test_github_escaping() -> None:
    assert escape_data("50% done\r\nnext") == "50%25 done%0D%0Anext"
    assert escape_property("a:b,c%\n") == "a%3Ab%2Cc%25%0A"


def test_statistics(result) -> None:  # type: ignore[no-untyped-def]
    result.stats.add("schemas skipped (not static)", 3)
    lines = statistics(result, result.rules)
    assert any("HD101" in line and "handler-returns-non-json" in line for line in lines)
    assert not any("schemas skipped" in line for line in lines)  # counters: --verbose only
    assert counters(result) == ["    3  schemas skipped (not static)"]


def test_clean_text(tmp_path: Path) -> None:
    root = make_root(tmp_path, {})
    result = lint([], root=str(root))
    assert render(result, "text", result.rules) == "All checks passed (1 file checked).\n"
    assert json.loads(render(result, "json", result.rules)) == []
    assert json.loads(render(result, "sarif", result.rules))["runs"][0]["results"] == []
    assert render(result, "github", result.rules) == ""


def test_sarif_and_github_paths_are_repository_relative(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The Hermes checkout sits in a subfolder of the repository the workflow checked out.
    root = make_root(tmp_path / "vendor" / "hermes", {"tools/ping_tool.py": BROKEN})
    result = lint([], root=str(root), select=["HD1"])
    monkeypatch.setenv("GITHUB_WORKSPACE", str(tmp_path))
    log = json.loads(render(result, "sarif", result.rules))
    uri = log["runs"][0]["results"][0]["locations"][0]["physicalLocation"]["artifactLocation"]
    assert uri["uri"] == "vendor/hermes/tools/ping_tool.py"
    assert "file=vendor/hermes/tools/ping_tool.py," in render(result, "github", result.rules)
    assert json.loads(render(result, "json", result.rules))[0]["path"] == "tools/ping_tool.py"


CHAINED = {
    "tools/fetch_tool.py": """\
import json
from tools.registry import registry
from tools.fetch_client import Client

def fetch(args, **kw):
    client = Client()
    return json.dumps({"n": 1})

registry.register(name="fetch", toolset="t", schema={}, handler=fetch)
""",
    "tools/fetch_client.py": """\
class AuthError(Exception):
    pass

class Client:
    def __init__(self):
        self._login()

    def _login(self):
        raise AuthError("no key")
""",
}


def test_chain_in_text_json_and_sarif(tmp_path: Path) -> None:
    root = make_root(tmp_path, CHAINED)
    result = lint([], root=str(root), select=["HD102"])
    (line,) = render(result, "text", result.rules).splitlines()[:-1]
    assert line == (
        "tools/fetch_tool.py:6:14: HD102 `Client()` can raise AuthError (tools/fetch_client.py:9,"
        " via Client.__init__ -> Client._login), uncaught; catch it and"
        " return tool_error(...) instead [fetch]"
    )
    (item,) = json.loads(render(result, "json", result.rules))
    assert item["chain"] == [
        {"path": "tools/fetch_tool.py", "line": 6, "function": "fetch"},
        {"path": "tools/fetch_client.py", "line": 6, "function": "Client.__init__"},
        {"path": "tools/fetch_client.py", "line": 9, "function": "Client._login"},
    ]
    assert item["chains"] == [item["chain"]]
    (res,) = json.loads(render(result, "sarif", result.rules))["runs"][0]["results"]
    related = [
        (r["id"], r["physicalLocation"]["region"]["startLine"], r["message"]["text"])
        for r in res["relatedLocations"]
    ]
    assert related == [(1, 6, "in Client.__init__"), (2, 9, "in Client._login")]
    assert {r["physicalLocation"]["artifactLocation"]["uri"] for r in res["relatedLocations"]} == {
        "tools/fetch_client.py"
    }
    (flow,) = res["codeFlows"]
    steps = [
        (
            s["location"]["physicalLocation"]["artifactLocation"]["uri"],
            s["location"]["physicalLocation"]["region"]["startLine"],
        )
        for s in flow["threadFlows"][0]["locations"]
    ]
    assert steps == [
        ("tools/fetch_tool.py", 6),
        ("tools/fetch_client.py", 6),
        ("tools/fetch_client.py", 9),
    ]


MANY_WAYS = {
    "tools/deploy_tool.py": """\
import json
from tools.registry import registry
from tools.deploy_backend_with_a_rather_long_module_name import DeploymentClientWithALongName

def deploy(args, **kw):
    client = DeploymentClientWithALongName.connect_to_the_configured_region(args.get("region"))
    return json.dumps({"ok": bool(client)})

registry.register(name="deploy_to_the_configured_region", toolset="t", schema={}, handler=deploy)
""",
    "tools/deploy_backend_with_a_rather_long_module_name.py": """\
class AuthError(Exception):
    pass

class DeploymentClientWithALongName:
    @classmethod
    def connect_to_the_configured_region(cls, region):
        if not region:
            raise ValueError("region is required")
        return cls._authenticate_against_the_region(region)

    @classmethod
    def _authenticate_against_the_region(cls, region):
        if region == "eu":
            raise AuthError("no key for eu")
        if region == "us":
            raise AuthError("no key for us")
        return cls._check_the_quota_of_the_region(region)

    @classmethod
    def _check_the_quota_of_the_region(cls, region):
        raise RuntimeError("quota")
""",
}


def test_one_call_that_raises_many_ways_is_one_finding(tmp_path: Path) -> None:
    root = make_root(tmp_path, MANY_WAYS)
    result = lint([], root=str(root), select=["HD102"])
    (finding,) = result.findings
    assert finding.message == (
        "`DeploymentClientWithALongName.connect...()` can raise AuthError, RuntimeError or"
        " ValueError (tools/deploy_backend_with_a_rather_long_module_name.py:8; 3 more paths),"
        " uncaught; catch them and return tool_error(...) instead"
    )
    # The text line stays under 200 characters: the cure goes first, then the callee's text,
    # then the origin.
    (line,) = render(result, "text", result.rules).splitlines()[:-1]
    assert len(line) <= 199
    assert line == (
        "tools/deploy_tool.py:6:14: HD102 `DeploymentClientW...()` can raise AuthError,"
        " RuntimeError or ValueError, uncaught [deploy_to_the_configured_region]"
    )
    # json keeps the whole message and every chain, from the call down to each raise.
    (item,) = json.loads(render(result, "json", result.rules))
    assert item["message"] == finding.message
    origins = [(chain[-1]["line"], [s["function"] for s in chain]) for chain in item["chains"]]
    klass = "DeploymentClientWithALongName"
    assert origins == [
        (8, ["deploy", f"{klass}.connect_to_the_configured_region"]),
        (
            14,
            [
                "deploy",
                f"{klass}.connect_to_the_configured_region",
                f"{klass}._authenticate_against_the_region",
            ],
        ),
        (
            16,
            [
                "deploy",
                f"{klass}.connect_to_the_configured_region",
                f"{klass}._authenticate_against_the_region",
            ],
        ),
        (
            21,
            [
                "deploy",
                f"{klass}.connect_to_the_configured_region",
                f"{klass}._authenticate_against_the_region",
                f"{klass}._check_the_quota_of_the_region",
            ],
        ),
    ]
    assert item["chain"] == item["chains"][0]
    # SARIF: one code flow per chain, each place of every chain once among related locations.
    (res,) = json.loads(render(result, "sarif", result.rules))["runs"][0]["results"]
    flows = res["codeFlows"]
    assert len(flows) == 4 and all(len(flow["threadFlows"]) == 1 for flow in flows)
    last = [
        flow["threadFlows"][0]["locations"][-1]["location"]["physicalLocation"]["region"][
            "startLine"
        ]
        for flow in flows
    ]
    assert last == [8, 14, 16, 21]
    related = [
        (r["id"], r["physicalLocation"]["region"]["startLine"]) for r in res["relatedLocations"]
    ]
    assert related == [(1, 8), (2, 9), (3, 14), (4, 16), (5, 17), (6, 21)]


def test_sarif_log_names_its_schema(result) -> None:  # type: ignore[no-untyped-def]
    # SARIF 2.1.0 (section 3.13.3): a log file SHOULD carry `$schema`, the 2.1.0 schema's URI;
    # code-scanning tools read it to know the format. It comes first, as in the spec's examples.
    log = json.loads(render(result, "sarif", result.rules))
    assert list(log)[:2] == ["$schema", "version"]
    assert log["$schema"] == (
        "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
    )


def test_sarif_logs_are_valid_against_the_oasis_schema(result, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    valid_sarif(render(result, "sarif", result.rules))
    chained = lint([], root=str(make_root(tmp_path / "chained", CHAINED)), select=["HD102"])
    log = valid_sarif(render(chained, "sarif", chained.rules))
    assert "codeFlows" in str(log)
    empty = lint([], root=str(make_root(tmp_path / "empty", {})))
    valid_sarif(render(empty, "sarif", empty.rules))
    # The check can fail: a result without its message, a level SARIF does not have.
    broken = json.loads(render(result, "sarif", result.rules))
    del broken["runs"][0]["results"][0]["message"]
    broken["runs"][0]["results"][1]["level"] = "fatal"
    with pytest.raises(AssertionError, match="'message' is a required property"):
        valid_sarif(json.dumps(broken))


def test_sarif_from_the_cli_with_a_baseline_is_valid(tmp_path: Path) -> None:
    """The log the GitHub Action uploads: every rule, new and baselined results, as written."""
    root = make_root(tmp_path, {"tools/ping_tool.py": BROKEN})
    env = {**os.environ, "HERMES_DEV_NO_CACHE": "1", "PYTHONPATH": str(REPO)}

    def run(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "hermes_dev", "lint", *args],
            cwd=root,
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )

    assert run("--write-baseline").returncode == 0
    (root / "tools/pong_tool.py").write_text(BROKEN.replace("ping", "pong"))
    done = run("--output-format", "sarif", "--show-baselined", "-o", "report.sarif")
    assert done.returncode == 1, done.stderr
    log = valid_sarif((root / "report.sarif").read_text(encoding="utf-8"))
    states = sorted(
        (r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"], r["baselineState"])
        for r in log["runs"][0]["results"]  # type: ignore[index]
    )
    assert ("tools/ping_tool.py", "unchanged") in states and ("tools/pong_tool.py", "new") in states


def test_gitlab_and_junit_survive_any_message_text(result) -> None:  # type: ignore[no-untyped-def]
    """Messages can quote source text: XML-special and control characters stay well-formed."""
    f = result.findings[0]
    odd = "a <b> & 'c' \"d\" \x01\x1b[31m \ud800 \uffff end"
    result.findings = [
        Finding(f.code, odd, f.path, f.line, f.column, f.end_line, f.end_column, tool="t\x02")
    ]
    suites = ET.fromstring(render(result, "junit", result.rules))
    failure = suites.find("testsuite/testcase/failure")
    assert failure is not None
    assert failure.get("message") == "a <b> & 'c' \"d\" \ufffd\ufffd[31m \ufffd \ufffd end [t\\x02]"
    (issue,) = json.loads(render(result, "gitlab", result.rules))
    assert issue["description"] == f"{f.code} {odd} [t\\x02]"  # a tool name is shown escaped


def test_fit_gives_up_the_least_telling_parts_first() -> None:
    from hermes_dev.lint.report import fit

    message = (
        "`load()` can raise OSError (tools/a.py:5, via Store.open -> Store.read -> _parse -> _check;"
        " 1 more path), uncaught; catch it and return tool_error(...) instead"
    )
    assert fit(message, len(message)) == message
    assert fit(message, 142) == (
        "`load()` can raise OSError (tools/a.py:5, via Store.open -> ... -> _check; 1 more path),"
        " uncaught; catch it and return tool_error(...) instead"
    )
    assert fit(message, 100) == (
        "`load()` can raise OSError (tools/a.py:5, via Store.open -> ... -> _check; 1 more path),"
        " uncaught"
    )
    assert fit(message, 70) == "`load()` can raise OSError (tools/a.py:5; 1 more path), uncaught"
    assert fit(message, 40) == "`load()` can raise OSError, uncaught"
    assert fit(message, 20) == "`load()` can rais..."


def test_sarif_and_gitlab_read_each_file_once_for_fingerprints(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 20, item 10: a file with thousands of findings (a manifest whose one line lists
    thousands of names) is read, split and hashed once, not once per finding (40,000 took 17 s
    in SARIF); each finding still gets its own occurrence number."""
    import hermes_dev.reading

    from hermes_dev.lint.rules import hd402_provides_tools_mismatch as hd402

    monkeypatch.setattr(hd402, "MAX_MANIFEST_PROBLEMS", 1000)  # one finding per name
    names = [f"t{i}" for i in range(300)]
    manifest = "name: many\nprovides_tools: [" + ", ".join(names) + "]\n"
    root = make_root(
        tmp_path,
        {
            "plugins/many/plugin.yaml": manifest,
            "plugins/many/__init__.py": "def register(ctx):\n    pass\n",
        },
    )
    result = lint([], root=str(root), select=["HD402"], use_cache=False)
    assert len(result.findings) == len(names)
    reads: list[str] = []
    real = hermes_dev.reading.read_bounded

    def counted(path, limit, **kw):  # type: ignore[no-untyped-def]
        reads.append(str(path))
        return real(path, limit, **kw)

    monkeypatch.setattr(hermes_dev.reading, "read_bounded", counted)
    log = json.loads(render(result, "sarif", result.rules))
    prints = [
        r["partialFingerprints"]["primaryLocationLineHash"] for r in log["runs"][0]["results"]
    ]
    assert len(reads) == 1, len(reads)
    assert len(set(prints)) == len(names)
    assert {p.rsplit(":", 1)[1] for p in prints} == {str(i) for i in range(1, len(names) + 1)}
    reads.clear()
    issues = json.loads(render(result, "gitlab", result.rules))
    assert len(reads) == 1, len(reads)
    assert len({i["fingerprint"] for i in issues}) == len(names)
