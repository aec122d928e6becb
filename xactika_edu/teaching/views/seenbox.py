"""The hand explorer's *Others' played cards* box, in words a student reads: reading
the box, what is wrong with it, and what the chances beside it count.

Pure functions, no widgets (:class:`~xactika_edu.ui.widgets.HandWidget` shows their
text). Every problem is said once, with every bad entry listed, and with what to do.

>>> parse_seen("3213 1111")
Hand.parse('3213 1111')
>>> parse_seen("3213 3 2 1 3 4444")
Traceback (most recent call last):
...
xactika_edu.NotationError: '3 2 1 3' is one card with spaces in it: type it as 3213. ...

Sources: RULES.md (a trick: everyone plays one card, so at your lead every player has
played as many cards as you); the counts are those of
:func:`~xactika_edu.core.probability.chance_unbeatable`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from ...base.errors import NotationError, XactikaError
from ...base.formatting import and_list
from ...base.language import N_, ngettext
from ...base.language import gettext as _
from ...core.cards import CARDS_PER_HAND, DECK, Card, Hand

__all__ = [
    "CARD_RULE",
    "check_room",
    "parse_seen",
    "read_seen",
    "situation_hint",
    "situation_text",
]

# The two texts below are marked for translation (N_) and translated where they are
# shown: ``_(CARD_RULE)``.
#: How to type a card in the box, said once in every message about unreadable entries.
CARD_RULE = N_(
    "Type each card as 4 digits with no spaces, like 3213 (each digit is 1, 2 or 3). "
    "Put spaces between cards."
)
#: The likely cause of too many others' cards: the student's own cards not ticked.
TICK_HINT = N_("Did you tick your own played cards too?")
# The digits of a card's notation (a count of 1, 2 or 3 of a shape).
_DIGITS = frozenset("123")
# What separates cards in typed text, as in Hand.parse.
_SEPARATORS = re.compile(r"[\s,;]+")


def parse_seen(
    text: str, hand: Iterable[Card | str] = (), played: Iterable[Card | str] = ()
) -> Hand:
    """Read other players' played cards typed by a student (``"3213 1111"``). Every
    bad entry is listed, and each kind of problem is said once, with what to do.

    Spaces, commas or semicolons separate cards; an empty text is no cards. Cards are
    4 digits only: the long form (``"3 balls, 2 cubes, 1 cone, 3 stars"``) cannot be
    told apart from a list of cards, so the message gives its digits instead.

    >>> parse_seen("3213, 1111")
    Hand.parse('3213 1111')
    >>> parse_seen("3213", hand=["3213"])
    Traceback (most recent call last):
    ...
    xactika_edu.XactikaError: 3213 is one of your cards. Delete it from this box ...
    >>> parse_seen("3 balls, 2 cubes, 1 cone, 3 stars")
    Traceback (most recent call last):
    ...
    xactika_edu.NotationError: '3 balls, 2 cubes, 1 cone, 3 stars' is the card 3213: ...

    Args:
        text: card notation, 4 digits per card (balls, cubes, cones, stars).
        hand: the cards dealt to you (they cannot be an opponent's).
        played: your cards already marked played (also not an opponent's).

    Returns:
        the cards, as a :class:`~xactika_edu.core.cards.Hand` in the order typed.

    Raises:
        NotationError: if entries cannot be read (the message quotes each one).
        XactikaError: if a card is typed twice or is one of yours (each one named).
    """
    if not isinstance(text, str):
        raise NotationError(
            _("cannot read cards {text}: expected text like '3213 1111'").format(text=repr(text))
        )
    mine = set(Hand(hand)) | set(Hand(played))
    cards: list[Card] = []
    unreadable: list[str] = []
    spaced: list[str] = []  # 4 digits typed with spaces between them: '3 2 1 3'
    yours: list[str] = []
    twice: list[str] = []
    parts = [part for part in _SEPARATORS.split(text.strip()) if part]
    i = 0
    while i < len(parts):
        part = parts[i]
        i += 1
        four = parts[i - 1 : i + 3]
        if len(four) == 4 and all(p in _DIGITS for p in four):
            spaced.append(" ".join(four))
            i += 3
            continue
        try:
            card = Card.parse(part)
        except NotationError:
            unreadable.append(part)
            continue
        if card in mine:
            if str(card) not in yours:
                yours.append(str(card))
        elif card in cards:
            if str(card) not in twice:
                twice.append(str(card))
        else:
            cards.append(card)
    sentences = []
    if unreadable or spaced:
        sentences.append(_unreadable(text.strip(), unreadable, spaced))
    if yours:
        sentences.append(
            ngettext(
                "{cards} is one of your cards. Delete it from this box and tick 'played' "
                "under it instead.",
                "{cards} are your cards. Delete them from this box and tick 'played' "
                "under each instead.",
                len(yours),
            ).format(cards=and_list(yours))
        )
    if twice:
        sentences.append(
            ngettext(
                "{cards} is typed twice. Delete one.",
                "{cards} are typed twice. Delete one of each.",
                len(twice),
            ).format(cards=and_list(twice))
        )
    if sentences:
        raise (NotationError if unreadable or spaced else XactikaError)(" ".join(sentences))
    return Hand(cards)


def _unreadable(text: str, entries: list[str], spaced: list[str]) -> str:
    """The message for entries that are not cards: the long form of one card gets its
    4 digits, so do digits typed with spaces; other entries are listed; then the rule,
    once."""
    try:
        card = Card.parse(text)
    except NotationError:
        card = None
    if card is not None and not spaced:
        return (
            _("'{text}' is the card {card}: type it as {card}.").format(text=text, card=card)
            + " "
            + _(CARD_RULE)
        )
    sentences = []
    if spaced:
        shown = and_list([f"'{s}'" for s in spaced])
        digits = and_list([s.replace(" ", "") for s in spaced])
        sentences.append(
            ngettext(
                "{typed} is one card with spaces in it: type it as {digits}.",
                "{typed} are cards with spaces in them: type them as {digits}.",
                len(spaced),
            ).format(typed=shown, digits=digits)
        )
    if entries:
        sentences.append(
            ngettext("{entries} is not a card.", "{entries} are not cards.", len(entries)).format(
                entries=and_list([repr(e) for e in entries])
            )
        )
    return " ".join([*sentences, _(CARD_RULE)])


def check_room(players: int, held: int, played: int) -> None:
    """Refuse a situation where the opponents' hands do not fit in the unseen cards.

    At your lead each of the ``players - 1`` opponents holds as many cards as you
    (``held``), and they come from the cards nobody has seen: ``81 - held - played``.
    With your own played cards ticked this always fits, so the likely cause is said.

    >>> check_room(4, 8, 2)
    >>> check_room(10, 8, 6)
    Traceback (most recent call last):
    ...
    xactika_edu.XactikaError: 9 opponents with 8 cards each need 72 cards, but only ...

    Args:
        players: 2 to 10, you included.
        held: the cards you still hold.
        played: every card played so far (yours ticked and others' typed).

    Raises:
        XactikaError: if ``(players - 1) * held > 81 - held - played``.
    """
    unseen = len(DECK) - held - played
    need = (players - 1) * held
    if need > unseen:
        who = ngettext(
            "{count} opponent with {held} each need {need}",
            "{count} opponents with {held} each need {need}",
            players - 1,
        ).format(count=players - 1, held=_cards(held), need=_cards(need))
        raise XactikaError(
            ngettext(
                "{who}, but only {count} card is unseen.",
                "{who}, but only {count} cards are unseen.",
                unseen,
            ).format(who=who, count=unseen)
            + " "
            + _(TICK_HINT)
        )


def _cards(count: int) -> str:
    """``count`` cards, in words ("1 card", "8 cards")."""
    return ngettext("{count} card", "{count} cards", count).format(count=count)


def situation_text(players: int, held: int, mine: int, others: int) -> str:
    """What the chances count, in words: the cards played, the unseen cards, and the
    opponents' hands at your lead (each as big as yours).

    >>> print(situation_text(4, 8, 0, 0))  # doctest: +NORMALIZE_WHITESPACE
    You hold 8 cards; 0 cards played; 73 cards unseen. The chances are for your lead:
    then each of the 3 opponents holds 8 cards, like you (24 of the unseen cards); the
    rest are set aside.

    Args:
        players: 2 to 10, you included.
        held: the cards you still hold; mine: your cards ticked played;
            others: the other players' cards typed in the box.
    """
    unseen = len(DECK) - held - mine - others
    count = mine + others
    if mine and others:
        played = ngettext(
            "{count} card played ({mine} yours, {others} others')",
            "{count} cards played ({mine} yours, {others} others')",
            count,
        ).format(count=count, mine=mine, others=others)
    else:
        played = ngettext("{count} card played", "{count} cards played", count).format(count=count)
    hidden = ngettext("{count} card unseen", "{count} cards unseen", unseen).format(count=unseen)
    if players == 2:
        lead = _(
            "The chances are for your lead: then the opponent holds {cards}, like you "
            "({held} of the unseen cards); the rest are set aside."
        )
    else:
        lead = _(
            "The chances are for your lead: then each of the {opponents} opponents holds "
            "{cards}, like you ({held} of the unseen cards); the rest are set aside."
        )
    return (
        _("You hold {cards}; {played}; {unseen}.").format(
            cards=_cards(held), played=played, unseen=hidden
        )
        + " "
        + lead.format(opponents=players - 1, cards=_cards(held), held=(players - 1) * held)
    )


def situation_hint(players: int, mine: int, others: int) -> str | None:
    """A hint when the others' typed cards do not fit the moment the chances are for
    (your lead: each opponent has played as many cards as you), else ``None``.

    >>> print(situation_hint(4, 0, 2))  # doctest: +NORMALIZE_WHITESPACE
    You typed 2 of the others' cards but ticked 0 of yours. The chances are for the
    moment you lead: then each opponent has played as many cards as you (0), 0 cards
    in all, not 2. Did you tick your own played cards too?
    >>> print(situation_hint(4, 1, 25))  # doctest: +NORMALIZE_WHITESPACE
    You typed 25 of the others' cards but ticked 1 of yours. The chances are for the
    moment you lead: then each opponent has played as many cards as you (1), 3 cards
    in all, not 25. And 25 is more than the 3 opponents play in a whole hand (24):
    is a card typed that nobody played? Did you tick your own played cards too?
    >>> situation_hint(4, 1, 3) is None
    True
    """
    if others <= (players - 1) * mine:
        return None
    if players == 2:
        moment = _(
            "The chances are for the moment you lead: then the opponent has played as many "
            "cards as you ({mine}), {cards} in all, not {others}."
        )
    else:
        moment = _(
            "The chances are for the moment you lead: then each opponent has played as many "
            "cards as you ({mine}), {cards} in all, not {others}."
        )
    text = (
        _("You typed {others} of the others' cards but ticked {mine} of yours.").format(
            others=others, mine=mine
        )
        + " "
        + moment.format(mine=mine, cards=_cards((players - 1) * mine), others=others)
        + " "
    )
    whole_hand = (players - 1) * CARDS_PER_HAND
    if others > whole_hand:
        if players == 2:
            more = _(
                "And {others} is more than the opponent plays in a whole hand ({whole}): is "
                "a card typed that nobody played?"
            )
        else:
            more = _(
                "And {others} is more than the {opponents} opponents play in a whole hand "
                "({whole}): is a card typed that nobody played?"
            )
        text += more.format(others=others, opponents=players - 1, whole=whole_hand) + " "
    return text + _(TICK_HINT)


def read_seen(
    text: str, hand: Iterable[Card | str], played: Iterable[Card | str], players: int
) -> tuple[Hand, XactikaError | None]:
    """The cards typed in the *Others' played cards* box, or the problem with them: bad
    entries (:func:`parse_seen`), or more cards than the opponents' hands leave unseen
    (:func:`check_room`, checked while you still hold cards).

    >>> read_seen("1111", ["3213", "2222"], ["2222"], players=4)
    (Hand.parse('1111'), None)
    >>> read_seen("2222", ["3213", "2222"], ["2222"], players=4)[1]  # doctest: +ELLIPSIS
    XactikaError("2222 is one of your cards. Delete it from this box ...")

    Args:
        text: what is typed in the box.
        hand: the cards dealt to you; played: those of them ticked played.
        players: 2 to 10, you included.

    Returns:
        ``(cards, None)``, or ``(Hand(), problem)``: the problem is returned, not
        raised, so the widget can keep showing it while other controls are used.
    """
    dealt = Hand(hand)
    gone = set(Hand(played))
    held = [card for card in dealt if card not in gone]
    try:
        seen = parse_seen(text, dealt)
        if held:  # enough unseen cards for the opponents' hands
            check_room(players, len(held), len(gone) + len(seen))
    except XactikaError as error:
        return Hand(), error
    return seen, None
