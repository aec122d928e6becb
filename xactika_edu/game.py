"""``xactika_edu.game``: the documented path of
:mod:`xactika_edu.core.game`, with its public names (its ``__all__``)."""

from .core.game import *  # noqa: F403
from .core.game import __all__ as __all__
