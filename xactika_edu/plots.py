"""``xactika_edu.plots``: the documented path of
:mod:`xactika_edu.teaching.plots`, with its public names (its ``__all__``)."""

from .teaching.plots import *  # noqa: F403
from .teaching.plots import __all__ as __all__
