"""The package's errors: one base class, subclasses for each kind of mistake.

Every error subclasses :class:`ValueError`, so ``except ValueError`` catches them,
and every message quotes the value that was wrong, through
:func:`xactika_edu.base.checks.shown` (short, one line, and safe for any value).
Every public function raises only these on bad input; ``tests/test_fuzz.py`` calls
each exported function with junk to keep it so.
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = [
    "BrokenSwap",
    "ClassCodeError",
    "ClassError",
    "ClassResultsError",
    "IllegalBidError",
    "IllegalPlayError",
    "LessonError",
    "NotationError",
    "ScoreSheetError",
    "StudentNameError",
    "TeacherLinkError",
    "TooManyToCount",
    "XactikaError",
]


class XactikaError(ValueError):
    """Base class of every error this package raises on bad input."""


class NotationError(XactikaError):
    """A card, hand or combination written in notation that cannot be read.

    >>> from xactika_edu import Card
    >>> Card.parse("4111")
    Traceback (most recent call last):
    ...
    xactika_edu.NotationError: cannot read card '4111': balls count 4 is not 1, 2 or 3
    """


class IllegalBidError(XactikaError):
    """A bid the rules do not allow now: out of turn, out of range, or the dealer's
    forbidden number (the one that would make the bids total the number of cards).

    Source: RULES.md, "A hand (round)", step 2.

    >>> from xactika_edu.core.game import Round
    >>> hand = Round.from_hands(["2332 1312 3122", "2233 1212 1112"], dealer=1)
    >>> hand.bid(1)
    >>> hand.bid(2)
    Traceback (most recent call last):
    ...
    xactika_edu.IllegalBidError: dealer (player 1) may not bid 2: the bids would total 3, ...
    """


class IllegalPlayError(XactikaError):
    """A play the rules do not allow now: out of turn, a card not held, a call the
    card does not show, or not following the called combination when able.

    Source: RULES.md, "A hand (round)", step 3.

    >>> from xactika_edu.core.game import Round
    >>> hand = Round.from_hands(["2332 1312 3122", "2233 1212 1112"], dealer=1)
    >>> hand.bid(1); hand.bid(1)
    >>> hand.play("2332:2ba")
    >>> hand.play("1212")
    Traceback (most recent call last):
    ...
    xactika_edu.IllegalPlayError: player 1 must follow 2 balls: holds 2233
    """


class BrokenSwap(XactikaError):
    """Output swapped into place half-way could not be put back: a rename failed, and
    undoing it failed too. The staging folder is kept; the message says where the
    output is. Raised by :func:`xactika_edu.base.staging.swap`."""


class TooManyToCount(XactikaError):
    """An exact count of deals refused for its size: many opponents showing different
    voids while they still hold many cards (the state would pass
    ``core.chances.dealcount.MOST_STATES`` counts). Nothing is guessed: callers
    either say so or fall back to a method that says what it is (the coach shows
    the chances without the voids; the computer players draw deals with the
    approximate sampler).
    """


class ClassResultsError(XactikaError):
    """A file of the class's own results (cards drawn or rolled) that cannot be read:
    every problem listed, one a line (``line 4, column 'card': ...``). Raised by
    :func:`xactika_edu.teaching.classdata.class_results.load_class_results`."""


class ClassError(XactikaError):
    """Something the class store (:mod:`xactika_edu.teaching.classdata.store`) refuses:
    a class name already used, a hand that breaks the rules, a draw with no experiment
    running. The messages are short sentences a student or teacher can act on."""


class ClassCodeError(ClassError):
    """A class code that is no class in the store (mistyped, or the class was deleted)."""


class StudentNameError(ClassError):
    """A first name that cannot join a class: empty, too long, with a character that
    cannot be typed, or already used by someone in the class (in any letter case)."""


class TeacherLinkError(ClassError):
    """A teacher link (class code and secret token) that is not right. The message never
    says which part was wrong."""


class LessonError(XactikaError):
    """A lesson notebook failed to run (an error in a cell, or a time-out)."""


class ScoreSheetError(XactikaError):
    """A score sheet that cannot be read or breaks the rules: every problem, listed.

    ``str(error)`` lists the problems one a line, like
    ``line 7, column 'bid': 9 is not a bid (bids are 0 to 8)``, the first
    :attr:`SHOWN` of them and then how many more; :attr:`problems` holds the first
    1,000 (:attr:`xactika_edu.teaching.classdata.scorechecks.Problems.KEPT`) and :attr:`count`
    how many
    there are.

    >>> error = ScoreSheetError(["line 2, column 'bid': missing value"])
    >>> error.problems, error.count
    (["line 2, column 'bid': missing value"], 1)
    >>> print(error)
    the score sheet has 1 problem:
    - line 2, column 'bid': missing value
    >>> print(ScoreSheetError([f"line {n}: bad" for n in range(2, 42)], count=4000))
    ... # doctest: +ELLIPSIS
    the score sheet has 4,000 problems:
    - line 2: bad
    ...
    - line 31: bad
    - ... and 3,970 more: fix these and load the sheet again to see the rest
    """

    #: How many problems the message shows.
    SHOWN = 30

    def __init__(
        self, problems: Sequence[str], source: str | None = None, *, count: int | None = None
    ) -> None:
        self.problems = list(problems)
        self.source = source
        self.count = max(len(self.problems), count or 0)
        from .checks import shown  # checks imports this module; both are loaded by now
        from .language import gettext as _  # the same
        from .language import ngettext

        total = f"{self.count:,}"
        if source:
            head = ngettext(
                "the score sheet {source} has {count} problem:",
                "the score sheet {source} has {count} problems:",
                self.count,
            ).format(source=shown(source, 80), count=total)
        else:
            head = ngettext(
                "the score sheet has {count} problem:",
                "the score sheet has {count} problems:",
                self.count,
            ).format(count=total)
        lines = [head, *(f"- {problem}" for problem in self.problems[: self.SHOWN])]
        hidden = self.count - min(len(self.problems), self.SHOWN)
        if hidden:
            lines.append(
                _(
                    "- ... and {count} more: fix these and load the sheet again to see the rest"
                ).format(count=f"{hidden:,}")
            )
        super().__init__("\n".join(lines))


# Tracebacks and reprs name each error by its public path (``xactika_edu.XactikaError``,
# as a student imports it), not by the module that happens to define it.
# (BrokenSwap and LessonError belong to the file writer and the class pack, not to the
# package top, and keep this module's name.)
for _error in (XactikaError, NotationError, IllegalBidError, IllegalPlayError, ScoreSheetError):
    _error.__module__ = "xactika_edu"
