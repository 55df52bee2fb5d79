"""Loading ``MODULE:CALLABLE`` targets, and sending what was loaded from a file to other processes."""

from __future__ import annotations

import pickle
import subprocess
import sys

import pytest

from axiometrics.loading import FILE_MODULE_PREFIX, SentByValue, load_callable, received

SOURCE = '''
def triple(x):
    """Three times x, through a helper of the same file."""
    return _helper(x) * 3


def _helper(x):
    return x
'''


@pytest.fixture
def loaded(tmp_path):
    path = tmp_path / "tripling.py"
    path.write_text(SOURCE, encoding="utf-8")
    return load_callable(f"{path}:triple")


def test_a_file_is_imported_under_a_private_module_name(loaded):
    assert loaded.__module__.startswith(FILE_MODULE_PREFIX)
    assert loaded(2) == 6


def test_the_standard_pickle_sends_a_file_callable_by_a_name_no_other_process_knows(loaded):
    # This is what dask does first, and why the file's code must be sent instead.
    result = _unpickle_elsewhere(pickle.dumps(loaded), "print(f(4))")
    assert result.returncode != 0
    assert f"No module named '{loaded.__module__}'" in result.stderr.decode()


def test_a_fresh_process_runs_a_file_callable_sent_by_value(loaded):
    sent = SentByValue({"measure": loaded})
    result = _unpickle_elsewhere(pickle.dumps(sent), "print(f.value()['measure'](4))")
    assert result.returncode == 0, result.stderr.decode()
    assert result.stdout.decode().strip() == "12"


def test_received_unwraps_a_sent_value_and_passes_anything_else_through(loaded):
    sent = SentByValue([loaded, 5])
    function, number = received(sent)
    assert (function(1), number) == (3, 5)
    assert received([1, 2]) == [1, 2]
    copy = pickle.loads(pickle.dumps(sent))
    assert copy.payload == sent.payload


def _unpickle_elsewhere(payload: bytes, statement: str) -> subprocess.CompletedProcess[bytes]:
    """Unpickle ``payload`` as ``f`` in a fresh Python process, then run ``statement``."""
    code = f"import pickle, sys; f = pickle.loads(sys.stdin.buffer.read()); {statement}"
    return subprocess.run(
        [sys.executable, "-c", code], input=payload, capture_output=True, timeout=120, check=False
    )
