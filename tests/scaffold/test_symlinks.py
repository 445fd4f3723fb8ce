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
