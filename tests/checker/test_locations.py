"""Locations of code read the same from any directory and on any machine."""

from __future__ import annotations

import json.decoder
from pathlib import Path

from axiometrics.checker.callable_options import source_location
from axiometrics.checker.check import resolve_subject
from axiometrics.checker.locations import code_path, definition_site
from axiometrics.loading import load_callable


def test_code_of_an_importable_module_is_named_by_its_import_path_from_any_directory(
    tmp_path, monkeypatch
):
    for directory in (tmp_path, Path(json.decoder.__file__).parent):
        monkeypatch.chdir(directory)
        assert code_path(json.decoder.__file__, "json.decoder") == "json/decoder.py"
        assert code_path(json.__file__, "json") == "json/__init__.py"


def test_a_module_whose_file_is_another_is_named_by_the_file():
    # Code compiled from elsewhere but run in a module's namespace (exec) keeps its file.
    assert code_path("/elsewhere/x.py", "json.decoder") == "/elsewhere/x.py"


def test_a_built_in_measure_is_defined_at_the_same_place_whatever_the_working_directory(
    tmp_path, monkeypatch
):
    locations = set()
    for directory in (tmp_path, Path(__file__).resolve().parents[2]):
        monkeypatch.chdir(directory)
        locations.add(resolve_subject("ter").location)
    (location,) = locations
    assert location.startswith("axiometrics/measures/generation/measures.py:")
    assert location.endswith(" in ter")


def test_a_function_loaded_from_a_file_is_located_by_its_path(tmp_path, monkeypatch):
    (tmp_path / "mine.py").write_text("def f(matrix):\n    return 1.0\n", encoding="utf-8")
    func = load_callable(f"{tmp_path / 'mine.py'}:f")
    monkeypatch.chdir(tmp_path)
    assert source_location(func) == "mine.py:1"
    monkeypatch.chdir(tmp_path.parent)
    assert source_location(func) == f"{tmp_path.name}/mine.py:1"
    monkeypatch.chdir("/")
    assert definition_site(func) == (str(tmp_path / "mine.py"), 1)


def test_a_function_whose_source_file_is_gone_is_still_located_by_its_code():
    namespace: dict = {}
    exec(compile("\n\ndef sent(matrix):\n    return 1.0\n", "/nowhere/sent.py", "exec"), namespace)
    # A function received as code on a worker has no source file there: no repr, no address.
    assert source_location(namespace["sent"]) == "/nowhere/sent.py:3"


class _Scorer:
    def __call__(self, matrix):
        return 1.0


class _Derived(_Scorer):
    pass


def test_a_callable_object_is_located_by_its_classes_call_method():
    line = _Scorer.__call__.__code__.co_firstlineno
    assert source_location(_Derived()).endswith(f"test_locations.py:{line}")
    assert source_location(len) == repr(len)
