"""``xactika_edu.bots``: the documented path of
:mod:`xactika_edu.engines.bots`, with its public names (its ``__all__``)."""

from .engines.bots import *  # noqa: F403
from .engines.bots import __all__ as __all__
