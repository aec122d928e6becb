"""``xactika_edu.selfcheck``: the documented path of
:mod:`xactika_edu.teaching.selfcheck`, with its public names (its ``__all__``)."""

from .teaching.selfcheck import *  # noqa: F403
from .teaching.selfcheck import __all__ as __all__
