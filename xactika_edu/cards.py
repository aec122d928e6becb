"""``xactika_edu.cards``: the documented path of
:mod:`xactika_edu.core.cards`, with its public names (its ``__all__``)."""

from .core.cards import *  # noqa: F403
from .core.cards import __all__ as __all__
