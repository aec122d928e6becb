"""Guessing the hidden hands: deal a player's unseen cards to the other seats, at random,
consistently with what that player has seen.

Two samplers. The exact one (:func:`consistent_deals`, :func:`sample_consistent_hands`,
:func:`sample_hidden_hands`) draws every consistent deal, voids included, with the
same probability, by the counts of :class:`~xactika_edu.core.chances.ConsistentDeals`;
the computer players use it. The approximate one (:func:`sample_hands`,
:func:`sample_hidden`: a constrained deal then Gibbs sweeps) is kept for its
callers; no player uses it any more.

Cards are deck numbers (:mod:`xactika_edu.core.rules`); a set of cards is drawn from in
sorted card order (face value, then counts), so a seed gives the same deal as in
earlier versions of the library.

Source: RULES.md ("Unseen cards", "Information from play").
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from ..base.checks import shown
from ..base.errors import TooManyToCount, XactikaError
from ..base.language import gettext as _
from ..core.cards import DECK, Hand, Seed, make_rng
from ..core.chances import ConsistentDeals
from ..core.game import PlayerView
from ..core.rules import CARD_INDEX, COMBINATION_INDEX, SHOWS
from ..core.views import view_voids
from .batch_state import RANK_OF

__all__ = [
    "consistent_deals",
    "sample_consistent_hands",
    "sample_hands",
    "sample_hidden",
    "sample_hidden_hands",
]

_EVERY = frozenset(range(len(DECK)))
_RANK: list[int] = RANK_OF.tolist()
#: _WITH[k]: the cards showing combination k.
_WITH: tuple[frozenset[int], ...] = tuple(
    frozenset(np.flatnonzero(SHOWS[:, k]).tolist()) for k in range(SHOWS.shape[1])
)


def _ordered(cards: set[int] | frozenset[int]) -> list[int]:
    """The cards in sorted card order."""
    return sorted(cards, key=_RANK.__getitem__)


def _draw(cards: list[int], k: int, rng: np.random.Generator) -> set[int]:
    """``k`` of ``cards``, uniformly at random without replacement."""
    return {cards[i] for i in rng.choice(len(cards), size=k, replace=False).tolist()}


def sample_hidden(
    seat: int,
    hand: Sequence[int],
    played: Sequence[int],
    held: Sequence[int],
    voids: Sequence[Sequence[int]],
    rng: np.random.Generator,
    sweeps: int = 3,
) -> list[set[int]]:
    """One guess of every seat's cards (deck numbers), the viewer's own kept.

    Args:
        seat: the viewer; hand: its cards; played: every card played so far.
        held: how many cards each seat holds now.
        voids: per seat, the combination numbers it is known not to hold.
        rng: the source of randomness; sweeps: re-dealing rounds (see
            :func:`sample_hands`).

    Returns:
        one set of deck numbers per seat.

    Raises:
        XactikaError: if no deal fits the voids (it cannot happen after legal play).
    """
    players = len(held)
    unseen = _EVERY - set(hand) - set(played)
    opponents = [o for o in range(players) if o != seat]
    hands: list[set[int]] = [set() for _ in range(players)]
    hands[seat] = set(hand)
    if not any(voids[o] for o in opponents):
        cards = _ordered(unseen)
        order = rng.permutation(len(cards)).tolist()
        start = 0
        for o in opponents:
            hands[o] = {cards[i] for i in order[start : start + held[o]]}
            start += held[o]
        return hands
    allowed: dict[int, frozenset[int]] = {
        o: unseen.difference(*(_WITH[k] for k in voids[o])) for o in opponents
    }
    # constrained deal: least slack first, each from the cards it may hold
    order_o = sorted(opponents, key=lambda o: (len(allowed[o]) - held[o], o))
    for _attempt in range(1000):
        left = set(unseen)
        ok = True
        for o in order_o:
            may_hold = _ordered(left & allowed[o])
            if len(may_hold) < held[o]:
                ok = False
                break
            hands[o] = _draw(may_hold, held[o], rng)
            left -= hands[o]
        if ok:
            break
    else:  # pragma: no cover - a real deal always exists
        raise XactikaError(_("no deal of the unseen cards fits the voids seen"))
    # Gibbs sweeps: re-deal each pair of holders (the set-aside pile is holder -1)
    holders = [*opponents, -1]
    allowed[-1] = _EVERY
    aside = left
    for _sweep in range(sweeps):
        for i, a in enumerate(holders):
            for b in holders[i + 1 :]:
                cards_a = hands[a] if a >= 0 else aside
                cards_b = hands[b] if b >= 0 else aside
                pool = cards_a | cards_b
                forced_a = pool - allowed[b]
                free = _ordered(pool & allowed[a] & allowed[b])
                new_a = forced_a | _draw(free, len(cards_a) - len(forced_a), rng)
                new_b = pool - new_a
                if a >= 0:
                    hands[a] = new_a
                else:
                    aside = new_a
                if b >= 0:
                    hands[b] = new_b
                else:
                    aside = new_b
    return hands


def sample_hands(view: PlayerView, seed: Seed = None, *, sweeps: int = 3) -> tuple[Hand, ...]:
    """Guess every hidden hand: deal ``view``'s unseen cards to the other seats at random,
    consistently with what the seat has seen (approximately uniform when there are voids).

    The computer players use the *exact* sampler, :func:`sample_consistent_hands`
    (every consistent deal equally likely); this one is kept for earlier callers.
    Each other seat gets as many cards as it holds now, and none showing a
    combination it is known to be void in (it failed to follow it). Without voids
    this is a uniformly random deal of the unseen cards (the rest stay set aside).
    With voids the seats are dealt the most constrained first, each from the cards it
    may hold, then ``sweeps`` rounds of re-dealing every pair of holders (two hands,
    or a hand and the set-aside pile) uniformly among the deals that respect both
    holders' voids. That re-dealing is a Gibbs sampler whose stationary distribution
    is uniform over the consistent deals, so the samples are close to uniform.
    Source: RULES.md ("Unseen cards", "Information from play").

    >>> from xactika_edu.core.game import Round
    >>> rnd = Round.deal(players=3, seed=4, cards_per_hand=2)
    >>> hands = sample_hands(rnd.view(0), seed=1)
    >>> hands[0] == rnd.hand(0), [len(hand) for hand in hands]
    (True, [2, 2, 2])

    Args:
        view: the seat's view.
        seed: ``None``, a whole number or a :class:`numpy.random.Generator`.
        sweeps: re-dealing rounds when there are voids (0 for the plain constrained deal).

    Returns:
        one :class:`~xactika_edu.core.cards.Hand` per seat (sorted), the viewer's own
        hand in its place.

    Raises:
        XactikaError: if ``view`` is not a :class:`~xactika_edu.core.game.PlayerView`.
    """
    if not isinstance(view, PlayerView):
        raise XactikaError(
            _("sample_hands needs a PlayerView, got {view}").format(view=shown(view))
        )
    hands = sample_hidden(*view_facts(view), make_rng(seed), sweeps)
    return tuple(
        view.hand if seat == view.seat else Hand(DECK[i] for i in _ordered(cards))
        for seat, cards in enumerate(hands)
    )


def view_facts(
    view: PlayerView,
) -> tuple[int, list[int], list[int], tuple[int, ...], list[list[int]]]:
    """:func:`sample_hidden`'s first five arguments, read from ``view``."""
    return (
        view.seat,
        [CARD_INDEX[card] for card in view.hand],
        [CARD_INDEX[card] for card in view.played_cards],
        view.cards_held,
        [[COMBINATION_INDEX[c] for c in combos] for combos in view.voids],
    )


def sample_consistent_hands(view: PlayerView, seed: Seed = None) -> tuple[Hand, ...]:
    """Guess every hidden hand **exactly uniformly** among the deals consistent with
    what ``view``'s seat has seen: its hand, the cards played and the voids shown.

    Unlike :func:`sample_hands` (an approximate sweep sampler), every consistent
    deal has the same probability: the deal is drawn by the counts of
    :meth:`ConsistentDeals.sample <xactika_edu.core.chances.ConsistentDeals.sample>`
    (sequential sampling along the dynamic program that counts the deals).
    Source: RULES.md ("Unseen cards", "Information from play").

    >>> from xactika_edu.core.game import Round
    >>> rnd = Round.deal(players=3, seed=4, cards_per_hand=2)
    >>> hands = sample_consistent_hands(rnd.view(0), seed=1)
    >>> hands[0] == rnd.hand(0), [len(hand) for hand in hands]
    (True, [2, 2, 2])
    >>> hands == sample_consistent_hands(rnd.view(0), seed=1)
    True

    Args:
        view: the seat's view.
        seed: ``None``, a whole number or a :class:`numpy.random.Generator`.

    Returns:
        one sorted :class:`~xactika_edu.core.cards.Hand` per seat, the viewer's own
        hand in its place (as :func:`sample_hands`).

    Raises:
        XactikaError: if ``view`` is not a :class:`~xactika_edu.core.game.PlayerView`,
            a void contradicts a play it shows, or no deal fits the voids.
    """
    others = consistent_deals(view, "sample_consistent_hands").sample(make_rng(seed))
    hands = [view.hand] * view.players
    for offset, hand in enumerate(others, start=1):
        hands[(view.seat + offset) % view.players] = hand
    return tuple(hands)


def consistent_deals(view: PlayerView, caller: str = "consistent_deals") -> ConsistentDeals:
    """The deals of ``view``'s unseen cards consistent with what its seat has seen.

    Build it once per decision and draw from it many times
    (:meth:`ConsistentDeals.sample <xactika_edu.core.chances.ConsistentDeals.sample>`,
    about 0.04 ms a deal, against about 0.75 ms to build it): opponents are listed by
    offset from ``view.seat`` (1 = the next seat clockwise).

    >>> from xactika_edu.core.game import Round
    >>> deals = consistent_deals(Round.deal(players=3, seed=4, cards_per_hand=2).view(0))
    >>> deals.held, len(deals.unseen)
    ((2, 2), 79)

    Args:
        view: the seat's view.
        caller: the name the error message gives (for functions built on this one).

    Returns:
        a :class:`~xactika_edu.core.chances.ConsistentDeals`.

    Raises:
        XactikaError: if ``view`` is not a :class:`~xactika_edu.core.game.PlayerView`,
            a void contradicts a play it shows, or no deal fits the voids.
    """
    if not isinstance(view, PlayerView):
        raise XactikaError(
            _("{caller} needs a PlayerView, got {view}").format(caller=caller, view=shown(view))
        )
    held, voids = view_voids(view)
    return ConsistentDeals(view.unseen_cards(), held, voids)


def sample_hidden_hands(
    view: PlayerView, samples: int, rng: np.random.Generator
) -> list[list[list[int]]]:
    """``samples`` exact uniform guesses of every seat's cards now, as deck numbers.

    The counts are built once (:func:`consistent_deals`) and reused for every draw;
    the draws are independent. The form the batch engine takes
    (:func:`~xactika_edu.engines.batch_views.dealt_hands`).

    >>> from xactika_edu.core.game import Round
    >>> view = Round.deal(players=3, seed=4, cards_per_hand=2).view(0)
    >>> guesses = sample_hidden_hands(view, 5, np.random.default_rng(1))
    >>> len(guesses), [len(cards) for cards in guesses[0]]
    (5, [2, 2, 2])

    Args:
        view: the seat's view.
        samples: how many guesses, a whole number >= 1.
        rng: the source of randomness.

    Returns:
        per guess, per seat, a list of deck numbers (the viewer's own hand in its place).

    **When the deals are too many to count** (many opponents showing different voids
    while they still hold many cards: :class:`~xactika_edu.base.errors.TooManyToCount`,
    possible only with 7 or more players), the guesses come from the approximate
    sampler (:func:`sample_hidden`, 3 sweeps) instead: still consistent with every
    void and hand size, but not exactly uniform. A game never stops for it.

    Raises:
        XactikaError: as :func:`consistent_deals`.
    """
    players, seat = view.players, view.seat
    own = [CARD_INDEX[card] for card in view.hand]
    out = []
    try:
        deals = consistent_deals(view, "sample_hidden_hands")
        for _ in range(samples):
            hands = [own] * players
            for offset, hand in enumerate(deals.sample(rng), start=1):
                hands[(seat + offset) % players] = [CARD_INDEX[card] for card in hand]
            out.append(hands)
    except TooManyToCount:
        facts = view_facts(view)
        out = []
        for _ in range(samples):
            guess = sample_hidden(*facts, rng)
            out.append([own if s == seat else _ordered(guess[s]) for s in range(players)])
    return out
