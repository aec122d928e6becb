"""The package's version, in the base layer: any module can name it without importing
the package top (which lists every public name of every layer).

``xactika_edu.__version__`` is this value too, and the build reads it from here
(``[tool.hatch.version]`` in ``pyproject.toml``): the version is written once.

>>> __version__
'0.1.0'
"""

from __future__ import annotations

__all__ = ["__version__"]

__version__ = "0.1.0"
