"""``xactika_edu.experiments``: the documented path of
:mod:`xactika_edu.core.experiments`, with its public names (its ``__all__``)."""

from .core.experiments import *  # noqa: F403
from .core.experiments import __all__ as __all__
