"""The rule that oracles CI installs cannot silently skip (see conftest.py)."""

from __future__ import annotations

import pytest

from tests.conftest import missing_oracle, oracles_required

pytest_plugins = ["pytester"]


@pytest.mark.parametrize(
    ("reason", "name"),
    [
        ("could not import 'pyffish': No module named 'pyffish'", "pyffish"),
        ("could not import 'sgfmill.sgf': No module named 'sgfmill'", "sgfmill"),
        ("gnugo is not installed (apt-get install gnugo)", "gnugo"),
        ("could not import 'ray': No module named 'ray'", None),
        ("slow: run with --slow", None),
    ],
)
def test_skip_reasons_name_the_missing_oracle(reason: str, name: str | None) -> None:
    assert missing_oracle(reason) == name


def test_a_required_oracle_that_is_missing_fails_the_run(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    import pathlib

    conftest = pathlib.Path(__file__).with_name("conftest.py").read_text()
    pytester.makeconftest(conftest)
    pytester.makepyfile(
        "import pytest\n"
        "def test_uses_oracle():\n"
        "    pytest.importorskip('pyffish_not_here_either')\n"
        "def test_uses_gnugo():\n"
        "    pytest.skip('gnugo is not installed (apt-get install gnugo)')\n"
    )
    monkeypatch.setenv("LUDOTECA_REQUIRE_ORACLES", "1")
    pytester.runpytest_inprocess("-p", "no:cacheprovider").assert_outcomes(failed=1, skipped=1)
    monkeypatch.setenv("LUDOTECA_REQUIRE_ORACLES", "0")
    pytester.runpytest_inprocess("-p", "no:cacheprovider").assert_outcomes(skipped=2)
    assert oracles_required() is False
