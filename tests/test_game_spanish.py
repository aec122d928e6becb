"""Hands, games, views, events and pictures in Spanish: what a reader sees of the core
and the engines, with no English left; records, repr and English output unchanged."""

from __future__ import annotations

import re

import pytest

from tests.spanish_leaks import english_leaks
from xactika_edu import Card, Hand, deal
from xactika_edu.base.errors import IllegalBidError, IllegalPlayError, XactikaError
from xactika_edu.base.language import use_language
from xactika_edu.core.experiments import Event
from xactika_edu.core.game import Play, Round
from xactika_edu.core.games import Game
from xactika_edu.core.svg import hand as hand_picture
from xactika_edu.engines.bots import HeuristicBot
from xactika_edu.engines.simulate import play_round

HANDS = ["2332 1312 3122", "2233 1212 1112"]
# Words of code, not of the page: a Python name shown in an error message.
CODE = re.compile(r"\b(?:Round|PlayerView|Hand\.parse|True|False|None)\b")


def _played_round() -> Round:
    return play_round(Round.deal(players=3, seed=2), [HeuristicBot(seed=1)] * 3)


def test_transcript_in_spanish():
    rnd = _played_round()
    english = rnd.transcript()
    with use_language("es"):
        text = rnd.transcript(names=["Ana", "Tim", "José"])
        plain = str(rnd)
    assert text.startswith("3 jugadores, 8 cartas cada uno; repartidor: ")
    assert "apuestas: " in text and "baza 1: " in text and "anunciando" in text
    assert "puntuación: " in text and "(apostó " in text
    assert "jugador 0" in plain
    assert not english_leaks(text) and not english_leaks(plain)
    assert english.startswith("3 players, 8 cards each; dealer: player")  # English as it was


def test_transcript_of_a_hand_in_progress_and_one_card():
    rnd = Round.from_hands(HANDS, dealer=1)
    rnd.bid(1)
    with use_language("es"):
        assert rnd.transcript(names=["Ana", "Tim"]) == (
            "2 jugadores, 3 cartas cada uno; repartidor: Tim\n"
            "apuestas: Ana apuesta 1; Tim: turno de apostar"
        )
    rnd.bid(1)
    rnd.play("2332:2ba")
    with use_language("es"):
        assert rnd.transcript().splitlines()[-1] == (
            "baza 1: jugador 0 sale con 2332 anunciando 2 balas; jugador 1: turno de jugar"
        )
    single = Round.from_hands(["1111", "2222"])
    with use_language("es"):
        assert single.transcript().startswith("2 jugadores, 1 carta cada uno;")


def test_player_view_in_spanish():
    rnd = Round.from_hands(HANDS, dealer=1)
    rnd.bid(1)
    with use_language("es"):
        text = str(rnd.view(1))
    assert text.splitlines() == [
        "jugador 1 (repartidor) tiene 2233 1212 1112",
        "apuestas (por asiento): 1, -",
        "bazas ganadas (por asiento): 0, 0",
        "baza 1 hasta ahora: ninguna todavía",
        "turno: jugador 1",
    ]


def test_game_transcript_in_spanish():
    game = Game(players=2, hands=1, seed=3, cards_per_hand=2)
    play_round(game.current_round, [HeuristicBot(seed=1)] * 2)
    with use_language("es"):
        text = game.transcript()
    assert text.startswith("mano 1 de 1\n") and "totales: " in text and "ganador(es): " in text
    assert not english_leaks(text)


@pytest.mark.parametrize(
    ("act", "error", "spanish"),
    [
        (lambda r: r.bid(9), IllegalBidError, "el jugador 0 no puede apostar 9: las apuestas van"),
        (lambda r: r.play("2332:2ba"), IllegalPlayError, "las apuestas no han terminado"),
        (lambda r: r.bid(1, player=1), IllegalBidError, "le toca apostar al jugador 0"),
    ],
)
def test_illegal_bids_and_plays_in_spanish(act, error, spanish):
    rnd = Round.from_hands(HANDS, dealer=1)
    with use_language("es"), pytest.raises(error) as caught:
        act(rnd)
    assert spanish in str(caught.value)
    assert not english_leaks(str(caught.value))


def test_follow_lead_and_dealer_errors_in_spanish():
    rnd = Round.from_hands(HANDS, dealer=1)
    rnd.bid(1)
    with use_language("es"), pytest.raises(IllegalBidError) as caught:
        rnd.bid(2)
    assert str(caught.value) == (
        "el repartidor (jugador 1) no puede apostar 2: las apuestas sumarían 3, el número de cartas"
    )
    rnd.bid(1)
    with use_language("es"), pytest.raises(IllegalPlayError) as caught:
        rnd.play("2332")
    assert "debe anunciar una combinación de 2332: juega 2332:2ba o 2332:3cu o" in str(caught.value)
    rnd.play("2332:2ba")
    with use_language("es"), pytest.raises(IllegalPlayError) as caught:
        rnd.play("1212")
    assert str(caught.value) == "el jugador 1 debe seguir 2 balas: tiene 2233"
    # English as the doctests pin it
    with pytest.raises(IllegalPlayError, match=r"^player 1 must follow 2 balls: holds 2233$"):
        rnd.play("1212")


def test_records_and_repr_are_english_in_any_language():
    rnd = Round.from_hands(["3333 1111", "2222 1112"])
    rnd.bid(0)
    rnd.bid(0)
    rnd.play("2222:2st")
    with use_language("es"):
        record, text = rnd.to_record(), repr(rnd)
        assert str(Play.parse("3213:3es")) == "3213:3es"
        assert repr(Play.parse("3213:3es")) == "Play.parse('3213:3st')"
        assert Play.parse("3213:2cu").describe() == "3213 anunciando 2 cubos"
    assert record["plays"] == ["2222:2st"]
    assert eval(text).to_record() == record
    assert Round.from_record(record).to_record() == record


def test_deal_in_spanish():
    dealt = deal(players=3, seed=1)
    with use_language("es"):
        text, html = str(dealt), dealt._repr_html_()
    assert text.splitlines()[0].startswith("jugador 0: ")
    assert text.splitlines()[-1] == "apartadas: 57 cartas"
    assert "<b>Jugador 2</b>" in html and "57 cartas apartadas, sin ver." in html
    assert str(dealt).splitlines()[-1] == "set aside: 57 cards"


def test_events_in_spanish_read_back():
    with use_language("es"):
        for text, name in [
            ("face value 8 or more", "valor 8 o más"),
            ("valor 8 o más", "valor 8 o más"),
            ("Valor 6 o menos", "valor 6 o menos"),
            ("valor 10", "valor 10"),
            ("3 cubes", "3 cubos"),
            ("tres estrellas", "3 estrellas"),
        ]:
            event = Event.parse(text)
            assert event.name == name
            assert Event.parse(event.name) == event  # the class store reads names back
            assert repr(event) == f"Event.parse({name!r})"
        assert Event.where(lambda card: card.value > 10).name == "tu evento"
        with pytest.raises(XactikaError, match="no se puede leer el evento 'cartas altas'"):
            Event.parse("cartas altas")
    assert Event.parse("valor 8 o mas").name == "face value 8 or more"
    assert Event.parse("valor 8 o mas") == Event.parse("face value 8 or more")


def test_pictures_are_described_in_spanish():
    with use_language("es"):
        small = hand_picture(["2213", "1111"])
        big = hand_picture(list(Hand.parse("1111 1112 1113 1121 1122 1123 1131 1132 1133")))
        title = Card.parse("3213").svg()
    label = small.split('aria-label="')[1].split('"')[0]
    assert (
        label == "2 cartas: 2213 (8): 2 balas, 2 cubos, 1 cono, 3 estrellas; "
        "1111 (4): 1 bala, 1 cubo, 1 cono, 1 estrella"
    )
    big_label = big.split('aria-label="')[1].split('"')[0]
    assert big_label.startswith(
        "9 cartas, cada una con sus 4 dígitos (balas, cubos, conos, estrellas y después el valor): "
    )
    assert "<title>3213 (9): 3 balas, 2 cubos, 1 cono, 3 estrellas</title>" in str(title)
    assert not english_leaks(label) and not english_leaks(big_label)


def test_errors_of_the_engines_in_spanish():
    from xactika_edu.engines.simulate import simulate_rounds

    with use_language("es"), pytest.raises(XactikaError) as caught:
        simulate_rounds(2, players=3, bots="nadie", seed=1)
    message = str(caught.value)
    assert "jugador de la computadora desconocido 'nadie'" in message
    assert not english_leaks(CODE.sub(" ", message))
