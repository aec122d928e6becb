"""``xactika_edu.probability``: the documented path of
:mod:`xactika_edu.core.probability`, with its public names (its ``__all__``)."""

from .core.probability import *  # noqa: F403
from .core.probability import __all__ as __all__
