"""Each sandbox guard fires and is reported (HD505), and the tool under test cannot switch the
guards off in the obvious ways: nothing reaches the folder outside the sandbox."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.check.conftest import add_fixture, run_check

# way -> what the HD505 messages say it tried (outside: the folder outside the sandbox)
EXPECTED = {
    "plain": ["open {outside}/plain for writing"],
    "addaudithook": ["add an audit hook", "open {outside}/addaudithook for writing"],
    "main_globals": ["open {outside}/main_globals for writing"],
    "gc": ["gc.get_objects() (how code finds the guards' state)"],
    "fork": ["fork"],
    "ctypes": ["use ctypes (ctypes.dlopen)"],
    "setrlimit": ["change a resource limit"],
    "subprocess": ["run touch {outside}/subprocess"],
    "system": ["run touch {outside}/system"],
    "rename": ["rename {outside}/renamed"],
    "remove": ["remove {outside}/keep.txt"],
    "symlink": ["open {outside}/via-link for writing"],
    "dir_fd": ["remove {outside}/keep.txt"],
    "lookup": ["look up example.invalid:443"],
    "kill_parent": ["signal 0 to process (the parent's pid)"],
}


@pytest.fixture(scope="module")
def tampered(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict[str, list[dict[str, object]]], Path]:
    """Each way replayed on its own (one call each), and the folder outside the sandbox."""
    from tests.scaffold.hosts import make_host

    base = tmp_path_factory.mktemp("tamper")
    root = make_host(base / "host")
    add_fixture(root, "tamper_tool.py")
    outside = base / "outside"
    outside.mkdir()
    (outside / "keep.txt").write_text("keep", encoding="utf-8")
    found: dict[str, list[dict[str, object]]] = {}
    for way in sorted(EXPECTED):
        proc = run_check(
            root, "tamper", "--replay", json.dumps({"way": way}), "--format", "json",
            "--env", f"TAMPER_DIR={outside}",
        )
        assert proc.returncode in (0, 1), proc.stdout + proc.stderr
        found[way] = json.loads(proc.stdout)
    return found, outside


def test_nothing_reaches_outside_the_sandbox(
    tampered: tuple[dict[str, list[dict[str, object]]], Path],
) -> None:
    _, outside = tampered
    assert sorted(p.name for p in outside.iterdir()) == ["keep.txt"]
    assert (outside / "keep.txt").read_text(encoding="utf-8") == "keep"


@pytest.mark.parametrize("way", sorted(EXPECTED))
def test_each_way_is_blocked_and_reported(
    tampered: tuple[dict[str, list[dict[str, object]]], Path], way: str
) -> None:
    found, outside = tampered
    said = sorted(
        str(i["message"]).split("tries to ", 1)[1].split(" (blocked by the sandbox)")[0]
        for i in found[way]
        if i["code"] == "HD505"
    )
    if way == "kill_parent":
        assert len(said) == 1 and said[0].startswith("signal 0 to process ")
    else:
        assert said == sorted(e.format(outside=outside) for e in EXPECTED[way])
    # The refusal is an OSError the handler catches: only the guard is reported.
    assert [i["code"] for i in found[way]] == ["HD505"] * len(said)


def test_fork_is_reported_at_the_handler_line(
    tampered: tuple[dict[str, list[dict[str, object]]], Path],
) -> None:
    found, _ = tampered
    assert [(i["path"], i["line"]) for i in found["fork"]] == [("tools/tamper_tool.py", 55)]  # pid = os.fork()


def test_a_whole_run_reports_each_distinct_attempt_once(tmp_path: Path) -> None:
    from tests.scaffold.hosts import make_host

    root = make_host(tmp_path / "host")
    add_fixture(root, "tamper_tool.py")
    outside = tmp_path / "outside"
    outside.mkdir()
    proc = run_check(root, "tamper", "--env", f"TAMPER_DIR={outside}", "--format", "json")
    assert proc.returncode == 1
    codes = [i["code"] for i in json.loads(proc.stdout)]
    assert set(codes) == {"HD505"}
    assert list(outside.iterdir()) == []


@pytest.mark.parametrize("guarded", [False, True])
def test_a_call_that_grows_without_end_is_stopped_at_the_memory_limit(
    tmp_path: Path, guarded: bool
) -> None:
    """Stopped by the parent at `memory-per-call` (the address-space limit alone let it take
    gigabytes first), reported at the line that was running, long before the time limit; also
    while a guard fires all the time (its messages kept the parent from looking)."""
    from tests.scaffold.hosts import make_host

    root = make_host(tmp_path / "host")
    (root / "pyproject.toml").write_text(
        '[tool.hermes-dev.check]\nmemory-per-call = 64\n', encoding="utf-8"
    )
    (root / "tools" / "hog_tool.py").write_text(
        "from tools.registry import registry\n\n"
        "def hog(args, **kw):\n"
        "    kept = []\n"
        "    while True:\n"
        "        kept.append(bytearray(4 * 1024 * 1024))\n"
        + (
            "        try:\n"
            "            open('/hermes-dev-outside.txt', 'w')\n"
            "        except OSError:\n"
            "            pass\n"
            if guarded
            else ""
        )
        + "\n"
        'SCHEMA = {"name": "hog", "description": "d", "parameters": {"type": "object",'
        ' "properties": {}}}\n'
        'registry.register(name="hog", toolset="hog", schema=SCHEMA, handler=hog)\n',
        encoding="utf-8",
    )
    proc = run_check(root, "hog", "--replay", "{}", "--timeout", "60", "--no-lint")
    assert proc.returncode == 1, proc.stdout + proc.stderr
    first = proc.stdout.splitlines()[0]
    assert "HD504 was stopped for its memory: " in proc.stdout, proc.stdout
    assert "(the limit is 64 MB)" in proc.stdout
    if not guarded:
        assert first.startswith("tools/hog_tool.py:6:9: HD504 was stopped for its memory: ")
