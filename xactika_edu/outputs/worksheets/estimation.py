"""The estimation worksheet: bid a dealt hand, play it out, score it.

Part 1: the student sorts their 8 cards into sure / maybe / unlikely tricks (by
counting threats to each card's best call), adds up an estimate and bids the whole
number nearest it (a half rounds down), minding the dealer rule. Part 2: they play
the hand (with a real deck or in class) and record every trick. Part 3: they score
their Part 1 bid and reflect. The answer key gives each card's best calls (ties
listed), threats and the exact chance nobody can beat it if led
(:func:`~xactika_edu.core.probability.lead_chances`), the method's bid
(:meth:`EstimationWorksheet.bid`, with the dealer's step :meth:`~EstimationWorksheet.bid_step`;
the student sheet prints the bids before the student's), the expected sure tricks
(:func:`~xactika_edu.engines.bots.expected_sure_tricks`), the computer's suggestion from
:func:`~xactika_edu.engines.simulate.suggest_bid` (the advice that plays each bid on the
same seeded deals), labelled as such: the distribution of tricks when playing for the
method's bid, and the best bid for points, with why it may differ from the method's; and
a worked example: the same deal played out by four
:class:`~xactika_edu.engines.bots.HeuristicBot` players, the student's seat bidding the
method's bid, with its score (:func:`~xactika_edu.core.game.score`).

>>> sheet = estimation_worksheet(1006, number=7, of=30)
>>> sheet.label, sheet.dealer, sheet.seat
('Worksheet 7 of 30 · seed 1006', 2, 0)
>>> sheet.example().is_over
True
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar

import pandas as pd

from ...base.checks import check_whole, shown
from ...base.errors import XactikaError
from ...base.language import N_
from ...base.language import gettext as _
from ...core.cards import CARDS_PER_HAND, Hand
from ...core.game import Round, score
from ...core.probability import lead_chances, lead_kind
from ...engines.bots import HeuristicBot, expected_sure_tricks
from ...engines.simulate import play_round, suggest_bid
from .bidding import dealer_step, nearest_bid
from .estimation_page import EstimationPage
from .levels import CORE, SUPPORT, check_level
from .probability_page import PLAYERS
from .sheet import Sheet, check_no_cards, check_seed

__all__ = ["EstimationWorksheet", "estimation_worksheet"]

#: Simulated deals behind the key's bid advice (seeded, so the key is fixed).
TRIALS = 1000


@dataclass(frozen=True)
class EstimationWorksheet(Sheet):
    """One student's estimation worksheet: a dealt hand to bid, play and score.

    Build it with :func:`estimation_worksheet`; the constructor takes any 4 hands of
    8 cards and prints ``seed`` as given (the key's simulation uses it too).

    >>> sheet = estimation_worksheet(4)
    >>> sheet.hand
    Hand.parse('1112 1121 1221 1223 2213 2222 3213 1333')
    >>> [row["kind"] for row in sheet.card_table()][-3:]
    ['unlikely', 'maybe', 'sure']

    Attributes:
        number: which worksheet of the run this is, 1 to ``of``.
        of: how many worksheets the run has.
        seed: the deal's seed (printed on the sheet).
        hands: the 4 hands of the deal, seat 0's first (notation is accepted).
        dealer: the dealer's seat, 0 to 3.
        seat: the student's seat, 0 to 3.
        level: ``"support"`` (the first two cards' rows worked as examples, a sentence
            frame for the estimate), ``"core"`` (the default) or ``"extension"`` (the
            exact chance nobody can beat the best maybe card, worked out).

    Raises:
        XactikaError: for numbers out of range or hands that are not 4 hands of 8
            distinct cards.
    """

    number: int
    of: int
    seed: int
    hands: tuple[Hand, ...]
    dealer: int
    seat: int = 0
    level: str = CORE

    kind: ClassVar[str] = "estimation"
    trials: ClassVar[int] = TRIALS
    title: ClassVar[str] = N_("Xactika estimation: bid a hand, then play it")

    def __post_init__(self) -> None:
        self.check_numbering()
        if isinstance(self.hands, (str, Hand)) or len(self.hands) != PLAYERS:
            raise XactikaError(
                f"an estimation worksheet needs {PLAYERS} hands, got {shown(self.hands)}"
            )
        rnd = Round(self.hands, dealer=check_whole(self.dealer, "dealer", 0, PLAYERS - 1))
        if rnd.cards_per_hand != CARDS_PER_HAND:
            raise XactikaError(
                f"an estimation worksheet needs hands of {CARDS_PER_HAND} cards, "
                f"got {rnd.cards_per_hand}"
            )
        self.set_checked(
            hands=rnd.starting_hands,
            dealer=int(self.dealer),
            seat=check_whole(self.seat, "seat", 0, PLAYERS - 1),
            level=check_level(self.level),
        )

    def __str__(self) -> str:
        return f"{self.label}: you hold {self.hand}; " + (
            "you deal" if self.is_dealer else f"{self.names()[self.dealer]} deals"
        )

    # ---- the data ----------------------------------------------------------------

    @property
    def hand(self) -> Hand:
        """The student's 8 cards."""
        return self.hands[self.seat]

    @property
    def place(self) -> int:
        """The student's place in the bidding order: 0 first ... 3 last (the dealer)."""
        return (self.seat - self.dealer - 1) % PLAYERS

    @property
    def is_dealer(self) -> bool:
        """Whether the student deals (and so bids last, under the dealer rule)."""
        return self.seat == self.dealer

    def card_table(self) -> list[dict[str, Any]]:
        """Each card's best call, threats, exact chance and kind of trick.

        The best call is the combination with the fewest threats (so the highest
        chance); ``calls`` lists every call that ties for fewest, in shape order, and
        ``call`` is the first of them. From
        :func:`~xactika_edu.core.probability.lead_chances` with 4 players. Kind: no threats
        is ``sure``, 1 to 3 ``maybe`` (a chance from 30% to 67% with 4 players),
        4 or more ``unlikely`` (20% or less).

        Returns:
            8 dicts (hand order) with ``card``, ``call``, ``calls`` (tuple of
            Combination), ``threats`` (int),
            ``chance`` (exact Fraction, a probability in [0, 1]) and ``kind``.
        """
        return [dict(row) for row in self._card_rows]

    @functools.cached_property
    def _card_rows(self) -> tuple[dict[str, Any], ...]:
        table = lead_chances(self.hand, players=PLAYERS)
        rows = []
        for card, group in table.groupby("card", sort=False):
            best = group.loc[group["threats"].idxmin()]
            tied = group[group["threats"] == best["threats"]]
            rows.append(
                {
                    "card": card,
                    "call": best["combination"],
                    "calls": tuple(tied["combination"]),
                    "threats": int(best["threats"]),
                    "chance": best["chance"],
                    "kind": lead_kind(int(best["threats"])),
                }
            )
        return tuple(rows)

    def estimate(self) -> Fraction:
        """The sheet's rule of thumb: sure tricks plus half the maybes.

        >>> estimation_worksheet(4).estimate()
        Fraction(3, 2)
        """
        kinds = [row["kind"] for row in self._card_rows]
        return kinds.count("sure") + Fraction(kinds.count("maybe"), 2)

    @property
    def examples(self) -> int:
        """How many cards Part 1 works out as examples: 2 on a support sheet, else 0."""
        return 2 if self.level == SUPPORT else 0

    def sure_tricks(self) -> float:
        """The library's expected sure tricks:
        :func:`~xactika_edu.engines.bots.expected_sure_tricks`."""
        return expected_sure_tricks(self.hand, players=PLAYERS)

    @functools.cached_property
    def _bidding(self) -> Round:
        """The deal with the computer players' bids made up to the student's turn."""
        rnd = Round(self.hands, dealer=self.dealer)
        bot = HeuristicBot()
        while (seat := rnd.current_player) is not None and seat != self.seat:
            rnd.bid(bot.bid(rnd.view(seat)), player=seat)
        return rnd

    def bid(self) -> int:
        """The bid the sheet's method gives: the allowed bid nearest :meth:`estimate`.

        A half rounds down (ties go to the lower bid); a dealer whose nearest bid is
        forbidden by the dealer rule (:meth:`~xactika_edu.core.game.Round.legal_bids`,
        after the computer players' earlier bids :meth:`bids_before`) takes the
        allowed bid nearest the estimate.

        >>> sheet = estimation_worksheet(4)
        >>> sheet.estimate(), sheet.bid()
        (Fraction(3, 2), 1)

        Returns:
            the bid, a whole number of tricks from 0 to 8.
        """
        return nearest_bid(self.estimate(), self._bidding.legal_bids())

    @functools.cached_property
    def _example(self) -> Round:
        rnd = self._bidding.copy()
        rnd.bid(self.bid(), player=self.seat)
        return play_round(rnd, [HeuristicBot()] * PLAYERS)

    def example(self) -> Round:
        """The worked example: this deal played out by four computer players.

        The computer players (:class:`~xactika_edu.engines.bots.HeuristicBot`) bid for the
        other seats; the student's seat bids :meth:`bid` (the sheet's method) and a
        computer player plays its cards aiming at that bid.

        Returns:
            a finished :class:`~xactika_edu.core.game.Round` (a new copy each call).
        """
        return self._example.copy()

    def example_score(self) -> int:
        """The student's points in the worked example: :func:`~xactika_edu.core.game.score`
        of :meth:`bid` and the tricks the student's seat took."""
        return score(self.bid(), self._example.tricks_won[self.seat])

    def bids_before(self) -> list[int]:
        """The computer players' bids made before the student's, in bidding order."""
        rnd = self._bidding
        order = rnd.bidding_order
        bids = []
        for seat in order[: order.index(self.seat)]:
            bid = rnd.bids[seat]
            assert bid is not None  # every seat before the student's has bid
            bids.append(bid)
        return bids

    def earlier_bids(self) -> list[tuple[str, int]]:
        """:meth:`bids_before` with who made them: ``[("Player 2", 2), ("Player 3", 1)]``.

        Printed on the student sheet, so the dealer can apply the dealer rule.
        """
        order = self._bidding.bidding_order
        names = self.names()
        seats = order[: order.index(self.seat)]
        return [(names[s], b) for s, b in zip(seats, self.bids_before(), strict=True)]

    def bid_step(self) -> str:
        """The key's working for :meth:`bid`: the dealer rule step, or ``''`` if not dealer.

        >>> estimation_worksheet(20).bid_step()
        '2 + 1 + 3 = 6, so 2 is forbidden; 1 and 3 are equally near 2, take the lower: 1.'
        """
        if not self.is_dealer:
            return ""
        return dealer_step(self.bids_before(), self.estimate(), self._bidding.legal_bids())

    def advice(self) -> pd.DataFrame:
        """:func:`~xactika_edu.engines.simulate.suggest_bid` for the student's hand and seat.

        ``TRIALS`` simulated deals seeded with the sheet's seed, after the worked
        example's earlier bids (they matter to the dealer rule), each played once for
        every legal bid (the seat plays for that bid).

        Returns:
            the DataFrame of :func:`~xactika_edu.engines.advice.bid_advice`: one row per
            legal bid, with the chance of making it, the expected score and the
            distribution of tricks (columns ``0`` to ``8``) when playing for it (a new
            copy each call).
        """
        return self._advice.copy()

    @functools.cached_property
    def _advice(self) -> pd.DataFrame:
        return suggest_bid(
            self.hand,
            players=PLAYERS,
            seat=self.seat,
            trials=TRIALS,
            seed=self.seed,
            dealer=self.dealer,
            bids_so_far=self.bids_before(),
        )

    def bid_distribution(self) -> pd.Series:
        """The chance of taking each number of tricks when playing for :meth:`bid`.

        Returns:
            a 9-value Series indexed by tricks 0 to 8 (probabilities summing to 1), the
            row of :meth:`advice` for the method's bid.
        """
        row = self.advice().loc[self.bid(), list(range(CARDS_PER_HAND + 1))]
        return row.astype(float).rename_axis("tricks")

    def expected_tricks(self) -> float:
        """The mean number of tricks when playing for :meth:`bid` in the simulation:
        sum of k x P(k tricks) over :meth:`bid_distribution`."""
        row = self.bid_distribution()
        return float((row.index.to_numpy() * row.to_numpy()).sum())

    def names(self) -> list[str]:
        """How the sheet names each seat, by seat number: ``You`` for the student, and
        ``Player k`` for the player k places after the student, clockwise (the lessons'
        and the hand explorer's names: ``Player 1`` plays right after you)."""
        return [
            _("You") if s == self.seat else _("Player {k}").format(k=(s - self.seat) % PLAYERS)
            for s in range(PLAYERS)
        ]

    def example_rows(self) -> list[dict[str, str]]:
        """The worked example trick by trick, as part 2's table.

        Returns:
            8 dicts with ``leader``, ``led`` (card), ``call``, ``mine`` (the
            student's card) and ``won`` (``yes``/``no``).
        """
        names = self.names()
        rows = []
        for trick in self.example().tricks:
            mine = next(play.card for seat, play in trick.plays if seat == self.seat)
            rows.append(
                {
                    "leader": names[trick.leader],
                    "led": str(trick.plays[0][1].card),
                    "call": str(trick.call),
                    "mine": str(mine),
                    "won": _("yes")
                    if trick.winner == self.seat
                    else _("no ({winner})").format(winner=names[trick.winner]),
                }
            )
        return rows


def estimation_worksheet(
    seed: int, *, number: int = 1, of: int = 1, cards: int | None = None, level: str = CORE
) -> EstimationWorksheet:
    """An estimation worksheet: the 4-player deal ``Round.deal(4, seed=seed)``, you in seat 0.

    The dealer is seat ``seed % 4``, so consecutive seeds (one class) take turns
    bidding first, second, third and last. The student's hand is the one the
    student app's *Your hand* tab shows for the same seed and 4 players.

    >>> sheet = estimation_worksheet(3, number=2, of=3)
    >>> sheet.label, sheet.place, sheet.is_dealer
    ('Worksheet 2 of 3 · seed 3', 0, False)
    >>> estimation_worksheet(3, cards=8)
    Traceback (most recent call last):
    ...
    xactika_edu.XactikaError: the estimation worksheet always shows one 8-card hand, ...

    Args:
        seed: a whole number >= 0.
        number: which worksheet of the run, 1 to ``of``.
        of: how many worksheets the run has.
        cards: must be None (the sheet always shows one 8-card hand).
        level: ``"support"``, ``"core"`` or ``"extension"``; the same seed deals the
            same hand at every level.

    Returns:
        an :class:`EstimationWorksheet`.

    Raises:
        XactikaError: if ``cards`` is given, or ``number``, ``of`` or ``seed`` is
            out of range.
    """
    check_no_cards(cards, "estimation")
    level = check_level(level)
    seed = check_seed(seed)
    dealer = seed % PLAYERS
    rnd = Round.deal(PLAYERS, dealer=dealer, seed=seed)
    return EstimationWorksheet(
        number=number,
        of=of,
        seed=seed,
        hands=rnd.starting_hands,
        dealer=dealer,
        seat=0,
        level=level,
    )


EstimationWorksheet.page = EstimationPage
