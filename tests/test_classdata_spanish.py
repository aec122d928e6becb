"""The class data's messages and graphs in Spanish (the English ones are pinned elsewhere)."""

from __future__ import annotations

import io

import pytest
from matplotlib.figure import Figure
from spanish_leaks import english_leaks

from xactika_edu import ScoreSheetError, load_scores
from xactika_edu.base.errors import ClassError, StudentNameError, XactikaError
from xactika_edu.base.language import use_language
from xactika_edu.teaching.classdata.class_plots import (
    difference_histogram,
    made_missed_pie,
)
from xactika_edu.teaching.classdata.class_results import (
    class_vs_deck_plot,
    example_class_results,
    load_class_results,
)
from xactika_edu.teaching.classdata.class_summaries import example_scores
from xactika_edu.teaching.classdata.classkeys import check_name
from xactika_edu.teaching.classdata.classtable import ClassTable

# The score sheet's column names are a file format (docs/class-data.md): they stay.
COLUMNS = tuple(f"'{name}'" for name in ("game", "hand", "player", "bid", "tricks", "dealer"))
SHEET = """game,hand,player,bid,tricks
1,1,Ben,2,3
1,1,Cat,9,2
1,1,Dev,1,
1,1,Ana,2,1
"""


def _problems(text: str) -> list[str]:
    with pytest.raises(ScoreSheetError) as caught:
        load_scores(io.StringIO(text))
    return list(caught.value.problems)


def test_a_sheet_with_mistakes_is_explained_in_spanish_line_by_line():
    english = _problems(SHEET)
    with use_language("es"):
        spanish = _problems(SHEET)
    assert len(spanish) == len(english) == 2
    text = "\n".join(spanish)
    assert "línea 3, columna 'bid': 9 no es una apuesta (las apuestas van de 0 a 8)" in text
    assert "línea 4, columna 'tricks': falta el valor" in text
    assert not english_leaks(text, allow=(*COLUMNS, "yes", "no"))
    assert "line 3, column 'bid': 9 is not a bid (bids are 0 to 8)" in english


def test_class_graphs_have_spanish_titles_labels_and_legends():
    scores = example_scores(seed=1)
    results = example_class_results(students=5, cards_each=4, activity="dice", seed=2)
    with use_language("es"):
        axes = [
            made_missed_pie(scores, ax=Figure().subplots()),
            difference_histogram(scores, ax=Figure().subplots()),
            class_vs_deck_plot(results, "dice", ax=Figure().subplots()),
        ]
    words = []
    for ax in axes:
        words += [ax.get_title(), ax.get_xlabel(), ax.get_ylabel()]
        words += [text.get_text() for text in ax.texts]
        legend = ax.get_legend()
        if legend is not None:
            words += [text.get_text() for text in legend.get_texts()]
    text = "\n".join(words)
    assert "Apuestas cumplidas y falladas" in text
    assert "Cartas sacadas y toda la baraja" in text
    assert "estudiantes" in text
    assert not english_leaks(text)


def test_a_bad_class_results_file_and_bad_names_are_told_in_spanish():
    bad = io.StringIO("student,activity,card\n,juggling,4111\n")
    with use_language("es"), pytest.raises(XactikaError) as caught:
        load_class_results(bad)
    message = str(caught.value)
    assert "columna 'student': vacía" in message and "no es ninguna de estas" in message
    with use_language("es"):
        for name, said in (("", "Escribe tu nombre"), ("x" * 200, "demasiado largo")):
            with pytest.raises(StudentNameError, match=said):
                check_name(name)


def test_a_class_table_tells_students_in_spanish():
    table = ClassTable(seats=2, seed=1)
    with use_language("es"):
        with pytest.raises(XactikaError, match="Todavía no hay nadie sentado"):
            table.start()
        table.sit("Ana")
        table.sit("Ben")
        with pytest.raises(XactikaError, match="Esta mesa está llena: los 2 asientos"):
            table.sit("Cat")


def test_class_errors_are_class_errors_in_both_languages():
    with use_language("es"), pytest.raises(ClassError):
        check_name(3, what="class name")
