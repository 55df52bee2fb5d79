"""The pytest plugin, exercised through inner pytest sessions (pytester)."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

from axiometrics import pytest_plugin
from axiometrics.checker.profiles import PROFILES

pytest_plugins = ["pytester"]

# Inner sessions: no cache files, no benchmark plugin (it warns under xdist).
QUIET = ("-p", "no:cacheprovider", "-p", "no:benchmark")

MEASURES_MODULE = textwrap.dedent(
    """
    import numpy as np


    def distance_error(gold, system):
        return float(np.mean(np.abs(np.asarray(gold) - np.asarray(system))))


    def hit_rate(gold, system):
        return float(np.mean(np.asarray(gold) == np.asarray(system)))
    """
)


def claims_test(expect_mae: dict[str, str], claims: list[str]) -> str:
    return textwrap.dedent(
        f"""
        from my_measures import distance_error
        from axiometrics.testing import callable_measure, parametrize_with_claims

        MAE = callable_measure(
            distance_error,
            family="oc",
            signature="gold,system",
            higher_is_better=False,
            expect={expect_mae!r},
            claims={claims!r},
        )


        @parametrize_with_claims([MAE])
        def test_claims(measure, claim, check):
            check()
        """
    )


@pytest.fixture
def project(pytester):
    pytester.makepyfile(my_measures=MEASURES_MODULE)
    pytester.syspathinsert()
    return pytester


def test_an_expectation_that_holds_passes(project):
    project.makepyfile(test_claims=claims_test({"symmetry": "holds"}, ["symmetry"]))
    result = project.runpytest(*QUIET, "-v")
    result.assert_outcomes(passed=1)
    result.stdout.fnmatch_lines(["*test_claims[[]distance_error[[]symmetry]] PASSED*"])


def test_a_refuted_expectation_fails_with_the_counterexample_and_a_reproduction_line(project):
    project.makepyfile(
        test_claims=claims_test({"ordinal_invariance": "holds"}, ["ordinal_invariance"])
    )
    result = project.runpytest(*QUIET)
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(
        [
            "*'distance_error': ordinal_invariance was expected to hold: refuted*[seed 0*",
            "*smallest (N = 1, C = 2), found by the bounded pass*",
            "*transform: [[]0, 1] -> [[]-3, 0]*",
            "*scores with v and with f(v): 1 vs 3*",
            "reproduce with your own function:",
            "*from my_measures import distance_error",
            "*distance_error(np.array([[]0]), np.array([[]1]))  # with values v: 1",
            "*distance_error(np.array([[]-3]), np.array([[]0]))  # with values f(v): 3",
            "seed 0 (profile ci); replay: pytest -k 'distance_error and ordinal_invariance' "
            "--axiometrics-seed=0",
        ]
    )


def test_an_expected_violation_that_is_found_is_a_strict_xfail(project):
    project.makepyfile(
        test_claims=claims_test({"ordinal_invariance": "violated"}, ["ordinal_invariance"])
    )
    result = project.runpytest(*QUIET, "-rx")
    result.assert_outcomes(xfailed=1)
    result.stdout.fnmatch_lines(["*XFAIL*expected violated, and it is: refuted*"])


def test_an_expected_violation_that_is_not_found_fails_as_unproven(project):
    project.makepyfile(test_claims=claims_test({"symmetry": "violated"}, ["symmetry"]))
    result = project.runpytest(*QUIET)
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(
        ["*symmetry is expected to be violated, but the checker found no counterexample*"]
    )


def test_without_expectation_a_refuted_claim_is_reported_as_xfail_and_others_pass(project):
    project.makepyfile(test_claims=claims_test({}, ["ordinal_invariance", "symmetry"]))
    result = project.runpytest(*QUIET, "-rx")
    result.assert_outcomes(passed=1, xfailed=1)
    result.stdout.fnmatch_lines(["*XFAIL*refuted*(no expectation declared)*"])


@pytest.mark.parametrize("workers", [[], ["-n", "2"]], ids=["one process", "xdist"])
def test_an_undeclared_refutation_shows_its_counterexample_like_a_failure_does(project, workers):
    project.makepyfile(test_claims=claims_test({}, ["ordinal_invariance", "symmetry"]))
    result = project.runpytest_subprocess(*QUIET, *workers)
    result.assert_outcomes(passed=1, xfailed=1)
    result.stdout.fnmatch_lines(
        [
            "*- axiometrics: 1 refuted claim(s) with no expectation declared -*",
            'declare each verdict to make it a test: expect={CLAIM: "violated"} in Python*',
            "test_claims[[]distance_error[[]ordinal_invariance]]",
            "measure 'distance_error': ordinal_invariance is refuted*[seed 0*",
            "scores compared by *",
            "*smallest (N = 1, C = 2), found by the bounded pass*",
            "reproduce with your own function:",
            "*distance_error(np.array([[]0]), np.array([[]1]))  # with values v: 1",
            "seed 0 (profile ci); replay: pytest -k 'distance_error and ordinal_invariance' "
            "--axiometrics-seed=0",
        ]
    )
    assert "symmetry is" not in result.stdout.str()


def test_a_declared_violation_is_not_repeated_among_the_undeclared_findings(project):
    project.makepyfile(
        test_claims=claims_test({"ordinal_invariance": "violated"}, ["ordinal_invariance"])
    )
    result = project.runpytest(*QUIET)
    result.assert_outcomes(xfailed=1)
    assert "no expectation declared" not in result.stdout.str()


BAD_REFERENCES_TEST = textwrap.dedent(
    """
    from my_measures import hit_rate
    from axiometrics.testing import callable_measure, parametrize_with_claims

    TYPO = callable_measure(hit_rate, family="nominal", signature="gold,system",
                            reference="acuracy", claims=["symmetry"], name="typo")
    OTHER_FAMILY = callable_measure(hit_rate, family="nominal", signature="gold,system",
                                    reference="rnod", claims=["symmetry"], name="other_family")


    @parametrize_with_claims([TYPO, OTHER_FAMILY])
    def test_claims(measure, claim, check):
        check()


    def test_something_else():
        pass
    """
)


def test_a_bad_reference_in_python_fails_its_own_item_and_the_session_runs_on(project):
    project.makepyfile(test_claims=BAD_REFERENCES_TEST)
    result = project.runpytest(*QUIET)
    result.assert_outcomes(passed=3, failed=2)
    result.stdout.fnmatch_lines(
        [
            "*measure 'typo': its reference cannot be checked: unknown measure name='acuracy'; "
            "did you mean 'accuracy'*",
            "*measure 'other_family': its reference cannot be checked: reference='rnod' is a oq "
            "measure, not 'nominal'",
            "measure 'typo': reference='acuracy' does not resolve: broke *typo[[]reference]]",
        ]
    )


def test_a_bad_reference_in_pyproject_fails_its_own_item_and_the_claims_still_run(project):
    project.makefile(
        ".toml",
        pyproject=textwrap.dedent(
            """
            [[tool.axiometrics.measures]]
            callable = "my_measures:hit_rate"
            family = "nominal"
            signature = "gold,system"
            reference = "acuracy"
            claims = ["symmetry"]
            """
        ),
    )
    result = project.runpytest(*QUIET, "-v")
    result.assert_outcomes(passed=1, failed=1)
    result.stdout.fnmatch_lines(["*hit_rate[[]symmetry] PASSED*", "*hit_rate[[]reference] FAILED*"])


def test_a_claim_without_cases_is_skipped_with_a_reason(project):
    project.makepyfile(
        test_claims=textwrap.dedent(
            """
            from my_measures import hit_rate
            from axiometrics.testing import callable_measure, parametrize_with_claims

            HIT = callable_measure(hit_rate, family="oc", signature="gold,system",
                                   claims=["identity"])


            @parametrize_with_claims([HIT])
            def test_claims(measure, claim, check):
                check()
            """
        )
    )
    result = project.runpytest(*QUIET, "-rs")
    result.assert_outcomes(skipped=1)
    result.stdout.fnmatch_lines(["*identity: the measure declares no optimum*"])


def test_items_are_selected_with_k(project):
    project.makepyfile(test_claims=claims_test({}, ["ordinal_invariance", "symmetry", "imbalance"]))
    result = project.runpytest(*QUIET, "-k", "symmetry", "-v")
    result.assert_outcomes(passed=1, deselected=2)
    result.stdout.fnmatch_lines(["*test_claims[[]distance_error[[]symmetry]] PASSED*"])


def test_registered_measures_use_their_declarations_as_expectations(pytester):
    pytester.makepyfile(
        test_claims=textwrap.dedent(
            """
            from axiometrics.testing import parametrize_with_claims


            @parametrize_with_claims(["mae_micro"], claims=["ordinal_invariance", "symmetry"])
            def test_claims(measure, claim, check):
                check()
            """
        )
    )
    result = pytester.runpytest(*QUIET, "-v")
    result.assert_outcomes(passed=1, xfailed=1)
    result.stdout.fnmatch_lines(
        [
            "*test_claims[[]mae_micro[[]ordinal_invariance]] XFAIL*",
            "*test_claims[[]mae_micro[[]symmetry]] PASSED*",
        ]
    )


PYPROJECT = textwrap.dedent(
    """
    [tool.pytest.ini_options]
    testpaths = ["tests"]

    [tool.axiometrics]
    seed = 3

    [[tool.axiometrics.measures]]
    callable = "my_measures:distance_error"
    family = "oc"
    signature = "gold,system"
    higher_is_better = false
    claims = ["ordinal_invariance", "symmetry"]
    expect = { ordinal_invariance = "violated", symmetry = "holds" }

    [[tool.axiometrics.measures]]
    name = "accuracy"
    claims = ["symmetry"]
    """
)


def test_measures_declared_in_pyproject_are_collected_by_a_plain_pytest_run(project):
    project.makefile(".toml", pyproject=PYPROJECT)
    project.mkdir("tests")
    result = project.runpytest(*QUIET, "-v", "-rx")
    result.assert_outcomes(passed=2, xfailed=1)
    result.stdout.fnmatch_lines(
        [
            "axiometrics: profile ci, seed 3; 2 measure(s) from pyproject.toml",
            "pyproject.toml::distance_error[[]ordinal_invariance] XFAIL*",
            "pyproject.toml::distance_error[[]symmetry] PASSED*",
            "pyproject.toml::accuracy[[]symmetry] PASSED*",
        ]
    )


def test_the_collected_count_includes_the_pyproject_items(project):
    project.makefile(".toml", pyproject=PYPROJECT)
    project.mkdir("tests")
    project.makepyfile(**{"tests/test_one": "def test_one():\n    pass\n"})
    result = project.runpytest(*QUIET, "--collect-only")
    result.stdout.fnmatch_lines(["collected 4 items"])
    result = project.runpytest(*QUIET, "-k", "symmetry")
    result.stdout.fnmatch_lines(["collected 4 items / 2 deselected / 2 selected"])


def test_axiometrics_off_disables_the_pyproject_measures(project):
    project.makefile(".toml", pyproject=PYPROJECT)
    project.mkdir("tests")
    result = project.runpytest(*QUIET, "--axiometrics-off")
    assert result.ret == pytest.ExitCode.NO_TESTS_COLLECTED
    result.assert_outcomes()


def test_paths_given_on_the_command_line_leave_the_pyproject_measures_out(project):
    project.makefile(".toml", pyproject=PYPROJECT)
    project.makepyfile(test_other="def test_one():\n    pass\n")
    result = project.runpytest(*QUIET, "test_other.py")
    result.assert_outcomes(passed=1)


BAD_PYPROJECT = textwrap.dedent(
    """
    [tool.axiometrics]
    profil = "ci"

    [[tool.axiometrics.measures]]
    callable = "my_measures:distance_eror"
    family = "oc"

    [[tool.axiometrics.measures]]
    callable = "my_measures:distance_error"
    family = "ox"

    [[tool.axiometrics.measures]]
    callable = "my_measures:distance_error"
    family = "oc"
    signature = "gold;system"
    expect = { symetry = "holds" }

    [[tool.axiometrics.measures]]
    callable = "my_measures:distance_error"
    family = "oc"
    signature = "gold,system"
    expect = { symmetry = "sometimes" }

    [[tool.axiometrics.measures]]
    callable = "my_measures:distance_error"
    name = "too_many"
    family = "oc"
    signature = "matrix"
    params = { weights = "linear" }
    """
)


def test_each_misconfiguration_is_one_error_item_naming_the_pyproject_key(project):
    project.makefile(".toml", pyproject=BAD_PYPROJECT)
    result = project.runpytest(*QUIET, "-rf")
    result.assert_outcomes(failed=7)
    result.stdout.fnmatch_lines_random(
        [
            "FAILED pyproject.toml::tool.axiometrics.profil - *",
            "tool.axiometrics.profil: unknown key (expected one of [[]'profile', 'seed', "
            "'bound', 'measures']); did you mean 'profile'?",
            "tool.axiometrics.measures[[]0].callable: 'my_measures:distance_eror': "
            "'my_measures' has no attribute 'distance_eror'; did you mean 'distance_error'?",
            "tool.axiometrics.measures[[]1].family: family='ox': unknown family (bare callables "
            "may be of family *",
            "tool.axiometrics.measures[[]2].signature: 'gold;system': expected one of "
            "[[]'matrix', 'matrix.T', 'gold,system', 'system,gold']",
            "tool.axiometrics.measures[[]2].expect: unknown claim name='symetry'; did you mean "
            "'symmetry'?*",
            "tool.axiometrics.measures[[]3].expect: expectation for claim 'symmetry' must be "
            "'holds', 'holds if PRE' or 'violated' (got 'sometimes')",
            "tool.axiometrics.measures[[]4].params: params key 'weights': callable 'too_many' "
            "defined at *my_measures.py:4 takes no such keyword (it takes [[]'gold', 'system'])",
        ]
    )


def test_a_bad_profile_or_seed_is_a_usage_error_naming_the_option(pytester):
    result = pytester.runpytest(*QUIET, "--axiometrics-profile", "fast")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(
        ["*--axiometrics-profile 'fast': expected one of ci, dev, thorough"]
    )
    result = pytester.runpytest(*QUIET, "--axiometrics-seed", "-4")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*--axiometrics-seed '-4': expected an integer >= 0"])


def test_the_seed_option_reaches_the_checks_and_the_header(project):
    project.makepyfile(
        test_claims=claims_test({"ordinal_invariance": "holds"}, ["ordinal_invariance"])
    )
    result = project.runpytest(*QUIET, "--axiometrics-seed", "7")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(
        ["axiometrics: profile ci, seed 7", "*[[]seed 7*", "*--axiometrics-seed=7"]
    )


def test_the_ini_keys_set_profile_and_seed(project):
    project.makeini("[pytest]\naxiometrics_profile = dev\naxiometrics_seed = 11\n")
    project.makepyfile(test_claims=claims_test({}, ["symmetry"]))
    result = project.runpytest(*QUIET)
    result.stdout.fnmatch_lines(["axiometrics: profile dev, seed 11"])
    result.assert_outcomes(passed=1)


def test_xdist_workers_get_the_same_items_and_seed(project):
    project.makepyfile(
        test_claims=claims_test({}, ["ordinal_invariance", "symmetry", "imbalance", "well_defined"])
    )
    result = project.runpytest_subprocess(
        *QUIET, "-n", "2", "--axiometrics-profile", "dev", "-v", "-rx"
    )
    result.assert_outcomes(passed=2, xfailed=2)
    seeds = set()
    for line in result.stdout.lines:
        if "XFAIL" in line and "[seed " in line:
            seeds.add(line.split("[seed ")[1].split(",")[0])
    assert len(seeds) == 1  # both workers used the controller's seed


def test_pytest_help_lists_the_options():
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "--help"], capture_output=True, text=True, check=True
    )
    for option in ("--axiometrics-off", "--axiometrics-profile", "--axiometrics-seed"):
        assert option in result.stdout
    assert "axiometrics_database" in result.stdout


def test_importing_the_plugin_does_not_import_hypothesis_pandas_or_the_measures():
    code = (
        "import sys, axiometrics.pytest_plugin; "
        "print(sorted(m for m in ('hypothesis', 'pandas', 'jinja2', 'matplotlib', "
        "'axiometrics.measures', 'axiometrics.checker', 'axiometrics.testing') "
        "if m in sys.modules))"
    )
    result = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "[]"
    assert "hypothesis" not in result.stderr  # the import-time log of every imported module


def test_the_plugins_profile_names_are_the_checkers():
    assert tuple(sorted(PROFILES)) == pytest_plugin.PROFILE_NAMES


FLOAT32_MODULE = textwrap.dedent(
    """
    import numpy as np


    def hit_rate32(gold, system):
        hits = np.asarray(gold) == np.asarray(system)
        return hits.astype(np.float32).mean(dtype=np.float32)
    """
)

FLOAT32_PYPROJECT = textwrap.dedent(
    """
    [tool.axiometrics]
    seed = 3

    [[tool.axiometrics.measures]]
    callable = "float32_measures:hit_rate32"
    name = "declared"
    family = "nominal"
    signature = "gold,system"
    dtype = "float32"
    reference = "accuracy"
    claims = ["symmetry"]

    [[tool.axiometrics.measures]]
    callable = "float32_measures:hit_rate32"
    name = "inferred"
    family = "nominal"
    signature = "gold,system"
    reference = "accuracy"
    claims = ["symmetry"]

    [[tool.axiometrics.measures]]
    callable = "float32_measures:hit_rate32"
    name = "float64_rule"
    family = "nominal"
    signature = "gold,system"
    tolerance = { atol = 1e-13, rtol = 1e-11 }
    reference = "accuracy"
    claims = ["symmetry"]

    [[tool.axiometrics.measures]]
    callable = "float32_measures:hit_rate32"
    family = "nominal"
    dtype = "float33"
    """
)


def test_a_float32_metric_agrees_with_its_reference_under_its_declared_or_inferred_precision(
    pytester,
):
    pytester.makepyfile(float32_measures=FLOAT32_MODULE)
    pytester.syspathinsert()
    pytester.makefile(".toml", pyproject=FLOAT32_PYPROJECT)
    result = pytester.runpytest(*QUIET, "-v", "-rf")
    result.assert_outcomes(passed=5, failed=2)
    result.stdout.fnmatch_lines_random(
        [
            "pyproject.toml::declared[[]reference] PASSED*",
            "pyproject.toml::inferred[[]reference] PASSED*",
            "pyproject.toml::float64_rule[[]symmetry] PASSED*",
            "FAILED pyproject.toml::float64_rule[[]reference] - *",
            "*float64_rule*reference*expected to agree with the built-in*",
            "scores compared by |a - b| <= 1e-13 + 1e-11 * max(|a|, |b|) (declared)",
            "tool.axiometrics.measures[[]3].dtype: dtype='float33': expected one of float64, "
            "float32, float16, bfloat16; did you mean 'float32'*",
        ]
    )


CAUSES_MODULE = textwrap.dedent(
    """
    import numpy as np


    def share_of_class_zero(matrix):
        m = np.asarray(matrix)
        return float(m[0, 0]) / float(m[:, 0].sum())   # ZeroDivisionError: empty gold class 0


    def system_share_of_class_zero(matrix):
        m = np.asarray(matrix)
        return float(m[0].sum() / m.sum())
    """
)

CAUSES_PYPROJECT = textwrap.dedent(
    """
    [[tool.axiometrics.measures]]
    callable = "causes:share_of_class_zero"
    family = "nominal"
    claims = ["symmetry", "count_scale_invariance", "class_permutation_invariance"]
    expect = { symmetry = "holds", count_scale_invariance = "holds", class_permutation_invariance = "holds" }

    [[tool.axiometrics.measures]]
    callable = "causes:system_share_of_class_zero"
    family = "nominal"
    claims = ["symmetry"]
    expect = { symmetry = "holds" }
    """
)


@pytest.mark.parametrize("workers", [[], ["-n", "2"]], ids=["one process", "xdist"])
def test_failures_are_grouped_by_root_cause_in_the_terminal_summary(pytester, workers):
    pytester.makepyfile(causes=CAUSES_MODULE)
    pytester.makefile(".toml", pyproject=CAUSES_PYPROJECT)
    result = pytester.runpytest_subprocess(*QUIET, *workers)
    result.assert_outcomes(failed=4)
    result.stdout.fnmatch_lines(
        [
            "*- axiometrics: 4 failing claim check(s), 2 cause(s) -*",
            "measure 'share_of_class_zero' raised ZeroDivisionError: float division by zero (at "
            "causes.py:6 in share_of_class_zero): broke share_of_class_zero[[]*], "
            "share_of_class_zero[[]*], share_of_class_zero[[]*]",
            "measure 'system_share_of_class_zero': refuted by counterexamples: broke "
            "system_share_of_class_zero[[]symmetry]",
        ]
    )
