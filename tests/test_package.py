"""Tests for the package itself: the public names, and a light start-up."""

from __future__ import annotations

import subprocess
import sys

import pytest

import xactika_edu


def test_every_public_name_has_a_module():
    assert set(xactika_edu.__all__) == set(xactika_edu._EXPORTS)
    assert len(xactika_edu.__all__) == len(set(xactika_edu.__all__))


@pytest.mark.parametrize("name", xactika_edu.__all__)
def test_every_public_name_resolves(name):
    value = getattr(xactika_edu, name)
    module = xactika_edu._EXPORTS[name]
    assert getattr(sys.modules[f"xactika_edu.{module}"], name) is value
    assert name in dir(xactika_edu)


def test_unknown_name_is_an_attribute_error():
    with pytest.raises(AttributeError, match="'xactika_edu' has no attribute 'dael'"):
        xactika_edu.dael  # noqa: B018


def test_the_command_starts_without_the_heavy_libraries():
    # So a Ctrl-C right after starting `xactika-edu` reaches the command's own handler
    # (exit 130, one line) instead of interrupting an import with a traceback.
    code = (
        "import sys, xactika_edu.outputs.cli; print(sorted({'numpy', 'pandas'} & set(sys.modules)))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
