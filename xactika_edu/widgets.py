"""``xactika_edu.widgets``: the documented path of
:mod:`xactika_edu.ui.widgets`, with its public names (its ``__all__``)."""

from .ui.widgets import *  # noqa: F403
from .ui.widgets import __all__ as __all__
