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
    assert capsys.readouterr().err == (
        "axiometrics list: error: unknown family='ir' (known: oc, oq, nominal, scored, "
        "regression, generation, language_model)\n"
    )


def test_no_subcommand_prints_usage_and_exits_2(capsys):
    assert main([]) == 2
    assert "usage: axiometrics" in capsys.readouterr().err


def test_the_default_list_fits_an_80_column_terminal(capsys):
    assert main(["list"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert max(len(line) for line in lines) <= 80
    assert lines[0].split() == ["name", "family", "dir", "range", "title"]
    accuracy = lines.index(next(line for line in lines if line.startswith("accuracy ")))
    assert lines[accuracy].split()[:5] == ["accuracy", "oc", "+", "[0,", "1]"]
    assert lines[accuracy + 1].startswith("    ordinal_invariance: holds; ")
    assert accuracy == 2, "the built-in families come first, oc before the plugin families"
    assert lines[-1] == "dir: + higher is better, - lower is better; one column per claim: --wide"


def test_the_wide_list_keeps_one_column_per_claim(capsys):
    assert main(["list", "--wide", "--family", "oc"]) == 0
    header = capsys.readouterr().out.splitlines()[0].split()
    assert header[:6] == ["name", "title", "family", "direction", "range", "plugin"]
    assert "ordinal_invariance" in header


def test_a_measure_of_two_families_lists_the_claims_of_both(capsys):
    assert main(["list", "--format", "json", "--family", "nominal"]) == 0
    rows = {row["name"]: row for row in json.loads(capsys.readouterr().out)["rows"]}
    accuracy = rows["accuracy"]
    assert accuracy["family"] == "oc"
    assert accuracy["ordinal_invariance"] == "holds"
    assert accuracy["class_permutation_invariance"] == "holds"


def test_rows_follow_the_family_registration_order(capsys):
    assert main(["list", "--format", "json"]) == 0
    families = [row["family"] for row in json.loads(capsys.readouterr().out)["rows"]]
    first_seen = list(dict.fromkeys(families))
    assert first_seen[:2] == ["oc", "oq"]
    assert families == sorted(families, key=first_seen.index)
