"""A symlinked toolsets.py or hermes_cli/config.py is edited through the link, which stays."""

from tests.scaffold.hosts import make_host, run_cli, snapshot


def test_new_tool_and_remove_tool_write_through_symlinks(tmp_path):
    host = make_host(tmp_path / "host")
    shared = tmp_path / "shared"
    shared.mkdir()
    links = {}
    for rel in ("toolsets.py", "hermes_cli/config.py"):
        target = shared / rel.replace("/", "_")
        (host / rel).replace(target)
        (host / rel).symlink_to(target)
        links[rel] = target
    before = snapshot(host)
    targets_before = {rel: target.read_bytes() for rel, target in links.items()}

    code, _, err = run_cli("new-tool", "zap", "--env", "ZAP_KEY", "--root", str(host), "--yes")
    assert code == 0, err
    for rel, target in links.items():
        assert (host / rel).is_symlink() and (host / rel).resolve() == target
        assert b'"zap"' in target.read_bytes()
    assert sorted(p.name for p in shared.iterdir()) == ["hermes_cli_config.py", "toolsets.py"]

    code, _, err = run_cli("remove-tool", "zap", "--root", str(host), "--yes")
    assert code == 0, err
    for rel, target in links.items():
        assert (host / rel).is_symlink()
        assert target.read_bytes() == targets_before[rel]
    assert snapshot(host) == before


def _link_folder(host, rel, target):
    """`rel` (a folder of the host) moved to `target` and replaced by a symlink to it."""
    import shutil

    shutil.move(host / rel, target)
    (host / rel).symlink_to(target, target_is_directory=True)


def test_writes_through_a_symlinked_folder_that_leads_out_of_the_root_are_refused(tmp_path):
    """new-tool wrote its test through a `tests/tools` linked elsewhere, which remove-tool then
    refused to delete ("outside the root"): both now agree, and nothing is written."""
    host = make_host(tmp_path / "host")
    outside = tmp_path / "elsewhere"
    _link_folder(host, "tests/tools", outside)
    (host / "tests" / "plugins").mkdir(exist_ok=True)
    _link_folder(host, "tests/plugins", tmp_path / "elsewhere-plugins")
    before, kept = snapshot(host), snapshot(outside)
    for command in (("new-tool", "gg"), ("new-plugin", "gg_pack")):
        code, out, err = run_cli(*command, "--root", str(host), "--yes")
        assert code == 2, (command, out, err)
        rel = (
            "tests/tools/test_gg_tool.py"
            if command[0] == "new-tool"
            else ("tests/plugins/test_gg_pack_plugin.py")
        )
        assert err == (
            f"hermes-dev: error: cannot write {rel}: it is outside {host} (a folder on its way"
            " is a symlink that leads elsewhere); nothing was changed\n"
        ), command
        assert snapshot(host) == before and snapshot(outside) == kept
    # Without the test (nothing to write out there), new-tool goes on.
    code, _, err = run_cli("new-tool", "gg", "--no-test", "--root", str(host), "--yes")
    assert (code, err) == (0, ""), err
    assert snapshot(outside) == kept


def test_a_symlinked_folder_inside_the_root_is_written_and_deleted_alike(tmp_path):
    host = make_host(tmp_path / "host")
    _link_folder(host, "tests/tools", host / "tests" / "tool_tests")
    before = snapshot(host)
    code, _, err = run_cli("new-tool", "gg", "--root", str(host), "--yes")
    assert (code, err) == (0, ""), err
    assert (host / "tests" / "tool_tests" / "test_gg_tool.py").is_file()
    code, out, err = run_cli("remove-tool", "gg", "--root", str(host), "--yes")
    assert (code, err) == (0, ""), err
    assert "delete tests/tools/test_gg_tool.py" in out
    assert snapshot(host) == before
