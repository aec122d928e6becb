"""``xactika_edu.simulate``: the documented path of
:mod:`xactika_edu.engines.simulate`, with its public names (its ``__all__``)."""

from .engines.simulate import *  # noqa: F403
from .engines.simulate import __all__ as __all__
