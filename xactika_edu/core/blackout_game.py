"""A whole game of Blackout (seed 004): rounds 1 up to the max and back down to 1.

Each round is a :class:`~xactika_edu.core.blackout.BlackoutRound`; the dealer rotates
left (to the next seat) each round; totals run across rounds; the highest total wins
(all players sharing the highest total win together).

>>> game = BlackoutGame.new(players=8, seed=4, first_dealer=0)
>>> game.schedule, game.current_round.cards_per_hand, game.current_round.dealer
((1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1), 1, 0)
>>> game.winners()          # none while the game is on
()
>>> while not game.is_over:
...     game.apply(game.legal_actions()[0])
>>> len(game.rounds), [r.dealer for r in game.rounds][:4], len(game.winners()) >= 1
(11, [0, 1, 2, 3], True)

Source: seed 004, Blackout ("Dealing & Trump": "Dealer rotates left each round";
"Winning the Game": "Play until the final 1-card round is done. Highest total score
wins!"). Core layer.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..base.checks import check_record, check_whole, shown
from ..base.errors import XactikaError
from ..base.language import gettext as _
from .blackout import BlackoutRound
from .blackout_parts import Action, BlackoutView, check_players, round_schedule
from .cards import Seed, make_rng, whole_seed
from .playing_cards import first_dealer_by_cut
from .plays import seat_namer
from .trick_parts import best_seats, round_totals, totals_text

__all__ = ["BlackoutGame", "first_dealer_by_cut"]


class BlackoutGame:
    """A game of Blackout: the rounds of :func:`~xactika_edu.core.blackout.round_schedule`.

    Each round is dealt from the game's random generator in turn, so the same seed
    gives the same game (for the same actions). :meth:`apply` acts in the round in
    progress; when that round ends the next one is dealt, one seat to the left.
    ``BlackoutGame.new(...)`` and ``BlackoutGame(...)`` are the same.

    Args:
        players: 2 to 8.
        seed: ``None``, a whole number or a :class:`numpy.random.Generator`; a
            generator or ``None`` is turned into a whole number (kept in :attr:`seed`).
        first_dealer: the first round's dealer; ``None`` cuts for it
            (:func:`first_dealer_by_cut`, with the game's generator).

    Raises:
        XactikaError: for a player count or dealer out of range.
    """

    def __init__(self, players: int, seed: Seed = None, first_dealer: int | None = None) -> None:
        self._players = check_players(players)
        self._seed: int | None = whole_seed(seed)
        rng = make_rng(self._seed)
        if first_dealer is None:
            first_dealer = first_dealer_by_cut(self._players, rng)
        self._first = check_whole(first_dealer, "first_dealer", 0, self._players - 1)
        self._schedule = round_schedule(self._players)
        # one seed per round, drawn now: a game rebuilt from its record deals on the same way
        draws = rng.integers(0, 2**62, size=len(self._schedule))
        self._seeds: tuple[int, ...] | None = tuple(int(x) for x in draws)
        self._rounds = [self._deal(0)]

    @classmethod
    def new(cls, players: int, seed: Seed = None, first_dealer: int | None = None) -> BlackoutGame:
        """A new game with its first round dealt (arguments as for :class:`BlackoutGame`).

        >>> BlackoutGame.new(3, seed=1).seed
        1
        """
        return cls(players, seed, first_dealer)

    def _deal(self, number: int) -> BlackoutRound:
        dealer = (self._first + number) % self._players
        if self._seeds is None:
            raise XactikaError(
                _("this game was rebuilt from a record without round seeds: it cannot deal on")
            )
        return BlackoutRound.deal(
            self._players, self._schedule[number], dealer, self._seeds[number]
        )

    # what the game is -------------------------------------------------------------------

    @property
    def players(self) -> int:
        """Number of players, 2 to 8."""
        return self._players

    @property
    def seed(self) -> int | None:
        """The whole-number seed of the game (``None`` if rebuilt from a record without one)."""
        return self._seed

    @property
    def first_dealer(self) -> int:
        """The first round's dealer."""
        return self._first

    @property
    def schedule(self) -> tuple[int, ...]:
        """Cards dealt in each round, in order (1 up to the max, back down to 1)."""
        return self._schedule

    @property
    def rounds(self) -> tuple[BlackoutRound, ...]:
        """The rounds dealt so far (the last is in progress unless the game is over)."""
        return tuple(self._rounds)

    @property
    def current_round(self) -> BlackoutRound:
        """The round in progress (the last round once the game is over)."""
        return self._rounds[-1]

    @property
    def is_over(self) -> bool:
        """Whether the final 1-card round is done."""
        return len(self._rounds) == len(self._schedule) and self._rounds[-1].is_over

    @property
    def current_player(self) -> int | None:
        """The seat to act next; ``None`` when the game is over."""
        return self.current_round.current_player

    def totals(self) -> tuple[int, ...]:
        """Each seat's running total over the finished rounds."""
        return round_totals(self._rounds, self._players)

    def winners(self) -> tuple[int, ...]:
        """The seats with the highest total once the game is over (several on a tie: they
        share the win); empty while the game is on."""
        return best_seats(self.totals()) if self.is_over else ()

    # actions ------------------------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        """The current player's legal bids or cards (empty when the game is over)."""
        return self.current_round.legal_actions()

    def apply(self, action: Action | str) -> None:
        """Apply a bid or a card in the round in progress; deal the next round after it.

        Raises: as :meth:`BlackoutRound.apply <xactika_edu.core.blackout.BlackoutRound.apply>`
        (the game is then unchanged); XactikaError when the game is over.
        """
        if self.is_over:
            raise XactikaError(
                _("the game is over: no more actions ({action} refused)").format(
                    action=shown(action)
                )
            )
        self.current_round.apply(action)
        if self.current_round.is_over and len(self._rounds) < len(self._schedule):
            self._rounds.append(self._deal(len(self._rounds)))

    def view(self, seat: int) -> BlackoutView:
        """What ``seat`` may know in the round in progress (other hands hidden)."""
        return self.current_round.view(seat)

    # records and text --------------------------------------------------------------------

    def to_record(self) -> dict[str, Any]:
        """The game as a plain dict: the players, the seed, the first dealer, the seed of
        each round and each round's record.

        >>> game = BlackoutGame(3, seed=1, first_dealer=2)
        >>> game.apply(0)
        >>> BlackoutGame.from_record(game.to_record()).to_record() == game.to_record()
        True
        """
        return {
            "game": "Blackout",
            "players": self._players,
            "seed": self._seed,
            "first_dealer": self._first,
            "round_seeds": None if self._seeds is None else list(self._seeds),
            "rounds": [rnd.to_record() for rnd in self._rounds],
        }

    @classmethod
    def from_record(cls, record: Mapping[str, Any]) -> BlackoutGame:
        """Rebuild a game from :meth:`to_record`, checking every round and action.

        Checks that the rounds follow the schedule, that the dealer rotates left and
        that every round but the last is finished; each round replays its actions
        (:meth:`BlackoutRound.from_record <xactika_edu.core.blackout.BlackoutRound.from_record>`).
        ``seed`` (optional) is kept as the game's :attr:`seed`. With ``round_seeds``
        (one per round, as :meth:`to_record` writes them) each recorded
        round must be the one its seed deals, and the rebuilt game deals on from them;
        without them (a record written by hand) the game is replayed but cannot deal on.

        Raises:
            XactikaError: a malformed record or one that breaks the game's order.
            IllegalBidError, IllegalPlayError: a recorded action breaks the rules.
        """
        check_record(record, _("Blackout game record"), max_depth=4)
        if record.get("game") != "Blackout" or not isinstance(record.get("rounds"), list):
            raise XactikaError(
                _("not a Blackout game record: {record}").format(record=shown(record))
            )
        game = cls.__new__(cls)
        game._players = check_players(record.get("players"))
        game._first = check_whole(record.get("first_dealer"), "first_dealer", 0, game._players - 1)
        game._schedule = round_schedule(game._players)
        seed = record.get("seed")
        game._seed = None if seed is None else whole_seed(seed)
        seeds = record.get("round_seeds")
        if seeds is not None and (
            not isinstance(seeds, list)
            or len(seeds) != len(game._schedule)
            or not all(isinstance(x, int) and not isinstance(x, bool) and x >= 0 for x in seeds)
        ):
            raise XactikaError(
                _("round_seeds must be {count} whole numbers, one per round, got {seeds}").format(
                    count=len(game._schedule), seeds=shown(seeds)
                )
            )
        game._seeds = None if seeds is None else tuple(seeds)
        rounds = [BlackoutRound.from_record(r) for r in record["rounds"]]
        if not 1 <= len(rounds) <= len(game._schedule):
            raise XactikaError(
                _("a Blackout game has 1 to {count} rounds, the record has {rounds}").format(
                    count=len(game._schedule), rounds=len(rounds)
                )
            )
        for number, rnd in enumerate(rounds):
            dealer = (game._first + number) % game._players
            if (
                rnd.players != game._players
                or rnd.cards_per_hand != game._schedule[number]
                or rnd.dealer != dealer
                or (number < len(rounds) - 1 and not rnd.is_over)
                or (game._seeds is not None and not _same_deal(rnd, game._deal(number)))
            ):
                raise XactikaError(
                    _(
                        "round {number} of the record breaks the game: expected {players} "
                        "players, {cards} cards each, dealer {dealer}, the deal of its seed, "
                        "finished before the next"
                    ).format(
                        number=number + 1,
                        players=game._players,
                        cards=game._schedule[number],
                        dealer=dealer,
                    )
                )
        game._rounds = rounds
        if rounds[-1].is_over and len(rounds) < len(game._schedule):
            game._rounds.append(game._deal(len(rounds)))
        return game

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, BlackoutGame):
            return NotImplemented
        return self.to_record() == other.to_record()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"BlackoutGame.from_record({self.to_record()!r})"

    def transcript(self, names: Sequence[str] | None = None) -> str:
        """The game in words: each round's transcript, then the totals and the winners.

        ``names`` (one per seat) replace ``"player 0"`` and so on.

        >>> game = BlackoutGame(2, seed=3, first_dealer=0)
        >>> print(game.transcript(names=["Ana", "Ben"]).splitlines()[-1])
        totals: Ana 0; Ben 0

        Raises:
            XactikaError: unless ``names`` is ``None`` or one name (text) per player.
        """
        name = seat_namer(names, self._players)
        blocks = [
            _("round {number} of {count}").format(number=k + 1, count=len(self._schedule))
            + "\n"
            + rnd.transcript(names)
            for k, rnd in enumerate(self._rounds)
        ]
        blocks.append(totals_text(self.totals(), self.winners(), name))
        return "\n\n".join(blocks)

    def __str__(self) -> str:
        return self.transcript()


def _same_deal(played: BlackoutRound, dealt: BlackoutRound) -> bool:
    return played.starting_hands == dealt.starting_hands and played.trump_card == dealt.trump_card
