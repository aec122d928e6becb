"""``xactika_edu.classroom``: the documented path of
:mod:`xactika_edu.teaching.classdata.classroom`, with its public names (its ``__all__``)."""

from .teaching.classdata.classroom import *  # noqa: F403
from .teaching.classdata.classroom import __all__ as __all__
