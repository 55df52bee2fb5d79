import pytest


@pytest.fixture
def write(tmp_path):
    """Write a text file under tmp_path and return its path: ``write(name, text, encoding=)``."""

    def _write(name, text, encoding="utf-8"):
        path = tmp_path / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(text.encode(encoding))
        return path

    return _write
