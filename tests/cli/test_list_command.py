import json

from axiometrics.cli import main


def test_list_shows_every_registered_measure_with_direction_and_claims(capsys):
    assert main(["list"]) == 0
    out = capsys.readouterr().out
    assert "accuracy" in out
    assert "nmd" in out
    assert "higher is better" in out
    assert "ordinal_invariance" in out


def test_list_as_json_filters_by_family(capsys):
    assert main(["list", "--family", "oq", "--format", "json"]) == 0
    rows = json.loads(capsys.readouterr().out)["rows"]
    assert rows
    assert {r["family"] for r in rows} == {"oq"}
    assert all("priority_preservation" in r for r in rows)


def test_list_of_an_unknown_family_fails_with_a_message(capsys):
    assert main(["list", "--family", "ir"]) == 1
    assert "no measures of family='ir'" in capsys.readouterr().err


def test_no_subcommand_prints_usage_and_exits_2(capsys):
    assert main([]) == 2
    assert "usage: axiometrics" in capsys.readouterr().err
