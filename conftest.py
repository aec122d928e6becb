"""Repository-wide pytest setup: which tests count as slow.

``python -m pytest`` (the README's command, and CI) runs everything. For a quick
check while working, ``python -m pytest -m "not slow"`` leaves out the slow part:
whole lessons run on a kernel (nbmake), the class pack, the real-browser tests and
the heavier seeded statistics.
"""

from __future__ import annotations

import pytest


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        if item.path.suffix == ".ipynb" or item.path.name == "test_browser.py":
            item.add_marker(pytest.mark.slow)
