"""Writing a report folder: all files at once, or none (the old report stays intact)."""

from __future__ import annotations

import os

import pytest

import axiometrics.atomic as atomic_module
import axiometrics.report.writer as writer_module
from axiometrics.report import ReportWriteError, write_report

OLD = {"index.html": "old index", "report.json": "{}\n", "sub/page.html": "old page"}
NEW = {"index.html": "new index", "report.json": '{"new": 1}\n', "sub/page.html": "new page"}


def _contents(folder):
    return {
        str(p.relative_to(folder)): p.read_text(encoding="utf-8")
        for p in sorted(folder.rglob("*"))
        if p.is_file()
    }


def test_a_new_report_replaces_the_old_files_and_keeps_the_users_own(tmp_path):
    out = tmp_path / "reports"
    write_report(out, OLD)
    (out / "notes.txt").write_text("mine", encoding="utf-8")
    written = write_report(out, NEW)
    assert written == [out / name for name in NEW]
    assert _contents(out) == {**NEW, "notes.txt": "mine"}
    assert [p.name for p in tmp_path.iterdir()] == ["reports"]


def test_a_writer_failing_midway_leaves_the_previous_report_intact(tmp_path, monkeypatch):
    out = tmp_path / "reports"
    write_report(out, OLD)
    calls = []
    real = writer_module.write_text

    def failing(path, text):
        calls.append(path.name)
        if len(calls) == 2:
            raise OSError(28, "No space left on device")
        real(path, text)

    monkeypatch.setattr(writer_module, "write_text", failing)
    with pytest.raises(ReportWriteError) as info:
        write_report(out, NEW)
    message = str(info.value)
    assert message.startswith(f"could not write the report to {str(out)!r} (OSError: ")
    assert "No space left on device" in message
    assert message.endswith("the previous report, if any, is unchanged")
    assert calls == ["index.html", "report.json"]
    assert _contents(out) == OLD
    assert [p.name for p in tmp_path.iterdir()] == ["reports"]


def test_a_failure_while_moving_files_in_puts_the_replaced_ones_back(tmp_path, monkeypatch):
    out = tmp_path / "reports"
    write_report(out, {"index.html": "old index", "report.json": "{}\n"})
    real = os.replace
    moves = []

    def flaky(src, dst):
        moves.append(os.path.basename(dst))
        if len(moves) == 3:
            raise PermissionError(13, "Permission denied")
        real(src, dst)

    monkeypatch.setattr(atomic_module.os, "replace", flaky)
    with pytest.raises(ReportWriteError, match="Permission denied"):
        write_report(out, NEW)
    monkeypatch.setattr(atomic_module.os, "replace", real)
    # index.html and report.json were already replaced, then restored; sub/page.html is gone.
    assert _contents(out) == {"index.html": "old index", "report.json": "{}\n"}
    assert [p.name for p in tmp_path.iterdir()] == ["reports"]


@pytest.mark.parametrize("name", ["../escape.html", "/abs/index.html"])
def test_file_names_outside_the_report_folder_are_refused(tmp_path, name):
    with pytest.raises(ReportWriteError, match="must be a relative path inside the report"):
        write_report(tmp_path / "reports", {name: "x"})
    assert not (tmp_path / "reports").exists()
