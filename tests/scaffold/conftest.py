import pytest

from tests.scaffold.hosts import make_host


@pytest.fixture(params=["reference", "big"])
def host(request, tmp_path):
    """A host: the reference one, or one with real-sized toolsets.py and hermes_cli/config.py."""
    if request.param == "big":
        pytest.importorskip("bench.hermes_shapes")
    return make_host(tmp_path / "host", big=request.param == "big")
