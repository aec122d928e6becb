"""The package's errors: one base class, subclasses for each kind of mistake.

Every error subclasses :class:`ValueError`, so ``except ValueError`` catches them,
and every message quotes the value that was wrong.
"""

from __future__ import annotations

__all__ = ["NotationError", "XactikaError"]


class XactikaError(ValueError):
    """Base class of every error this package raises on bad input."""


class NotationError(XactikaError):
    """A card, hand or combination written in notation that cannot be read.

    >>> from xactika_edu import Card
    >>> Card.parse("4111")
    Traceback (most recent call last):
    ...
    xactika_edu.errors.NotationError: cannot read card '4111': balls count 4 is not 1, 2 or 3
    """
