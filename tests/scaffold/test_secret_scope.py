"""The generated tool reads its keys through Hermes' profile secret scope where the host has one."""

import json

from tests.scaffold.hosts import make_host, run_cli, run_host_pytest, run_in_host

# Shaped like Hermes Agent's agent/secret_scope.py: a context-local mapping of the active
# profile's secrets, falling back to the process environment when none is installed.
SECRET_SCOPE = """\
import os
from contextvars import ContextVar

_SCOPE = ContextVar("_SCOPE", default=None)


def set_secret_scope(secrets):
    return _SCOPE.set(secrets)


def get_secret(name, default=None):
    scope = _SCOPE.get()
    if scope is not None and name in scope:
        return scope[name]
    value = os.environ.get(name)
    return value if value is not None else default
"""


def _host_with_scope(tmp_path):
    host = make_host(tmp_path / "host")
    (host / "agent").mkdir()
    (host / "agent" / "__init__.py").write_text("")
    (host / "agent" / "secret_scope.py").write_text(SECRET_SCOPE)
    args = ["new-tool", "zap", "--env", "ZAP_KEY", "--param", "q:string", "--yes"]
    code, _, err = run_cli(*args, "--root", str(host))
    assert code == 0, err
    return host


def test_a_key_in_the_profile_scope_only_is_seen(tmp_path):
    host = _host_with_scope(tmp_path)
    probe = run_in_host(
        host,
        "import json, os\n"
        "os.environ.pop('ZAP_KEY', None)\n"
        "from agent.secret_scope import set_secret_scope\n"
        "from tools import zap_tool\n"
        "from tools.registry import registry\n"
        "outside = [zap_tool.check_zap_requirements(), json.loads(registry.dispatch('zap', {'q': 'x'}))]\n"
        "set_secret_scope({'ZAP_KEY': 'profile-key'})\n"
        "inside = [zap_tool.check_zap_requirements(), json.loads(registry.dispatch('zap', {'q': 'x'}))]\n"
        "print(json.dumps([outside, inside]))",
    )
    assert probe.returncode == 0, probe.stderr
    outside, inside = json.loads(probe.stdout)
    assert outside == [False, {"error": "not configured: set ZAP_KEY"}]
    assert inside == [True, {"q": "x"}]


def test_the_generated_test_passes_with_a_secret_scope(tmp_path):
    host = _host_with_scope(tmp_path)
    result = run_host_pytest(host, "tests/tools/test_zap_tool.py")
    assert result.returncode == 0, result.stdout + result.stderr
