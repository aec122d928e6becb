"""The package's errors: one base class, subclasses for each kind of mistake.

Every error subclasses :class:`ValueError`, so ``except ValueError`` catches them,
and every message quotes the value that was wrong, through
:func:`xactika_edu.checks.shown` (short, one line, and safe for any value).
Every public function raises only these on bad input; ``tests/test_fuzz.py`` calls
each exported function with junk to keep it so.
"""

from __future__ import annotations

__all__ = ["IllegalBidError", "IllegalPlayError", "NotationError", "XactikaError"]


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


class IllegalBidError(XactikaError):
    """A bid the rules do not allow now: out of turn, out of range, or the dealer's
    forbidden number (the one that would make the bids total the number of cards).

    Source: RULES.md, "A hand (round)", step 2.

    >>> from xactika_edu.game import Round
    >>> hand = Round.from_hands(["2332 1312 3122", "2233 1212 1112"], dealer=1)
    >>> hand.bid(1)
    >>> hand.bid(2)
    Traceback (most recent call last):
    ...
    xactika_edu.errors.IllegalBidError: dealer (player 1) may not bid 2: the bids would total 3, ...
    """


class IllegalPlayError(XactikaError):
    """A play the rules do not allow now: out of turn, a card not held, a call the
    card does not show, or not following the called combination when able.

    Source: RULES.md, "A hand (round)", step 3.

    >>> from xactika_edu.game import Round
    >>> hand = Round.from_hands(["2332 1312 3122", "2233 1212 1112"], dealer=1)
    >>> hand.bid(1); hand.bid(1)
    >>> hand.play("2332:2ba")
    >>> hand.play("1212")
    Traceback (most recent call last):
    ...
    xactika_edu.errors.IllegalPlayError: player 1 must follow 2 balls: holds 2233
    """
