"""What every worksheet kind shares: its limits, its seed, its label and its PDF files.

Each kind lives in its own module (:mod:`.bar_graph`, ...) with a frozen worksheet
class built on :class:`Sheet` (or :class:`QuestionSheet`) and a builder;
:mod:`xactika_edu.outputs.worksheets` registers the builders and exports class sets. A
kind's class names the :class:`~xactika_edu.outputs.worksheets.page.Page` subclass that
draws it.

>>> check_seed(1006), check_no_cards(None, "probability")
(1006, None)
"""

from __future__ import annotations

import abc
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from ...base.checks import check_whole, shown
from ...base.errors import XactikaError
from ...base.language import gettext as _
from ...core.cards import CARDS_PER_HAND
from .layout import Recorder
from .page import Worksheet, new_pdf
from .pdfpages import PageCopy, copy_page, paste_page

if TYPE_CHECKING:
    from fpdf import FPDF

    from .page import Page

__all__ = [
    "ESTIMATE_VALUE",
    "MAX_CARDS",
    "MAX_SEED",
    "MAX_STUDENTS",
    "MIN_CARDS",
    "DrawnSheet",
    "QuestionSheet",
    "Sheet",
    "check_no_cards",
    "check_run_seeds",
    "check_seed",
    "drawn_sheet",
    "page_layout",
    "sheet_pdf",
    "sheets_pdf",
]

#: The fewest and the most cards a bar-graph worksheet draws.
MIN_CARDS = 4
MAX_CARDS = 40
#: The most worksheets (students) in one run.
MAX_STUDENTS = 200
#: The largest seed a worksheet prints (and the command line accepts).
MAX_SEED = 2**31 - 1

#: The value the estimation question compares with the whole deck: the deck's
#: most common face value (19 of the 81 cards).
ESTIMATE_VALUE = 8


def check_seed(seed: object) -> int:
    """A worksheet seed: a whole number >= 0 (it is printed, so ``None`` will not do).

    >>> check_seed(-1)
    Traceback (most recent call last):
    ...
    xactika_edu.XactikaError: seed must be a whole number >= 0, got -1
    """
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise XactikaError(
            _("seed must be a whole number >= 0, got {value}").format(value=shown(seed))
        )
    return int(seed)


def check_run_seeds(seed: int, students: int) -> None:
    """Every student's seed, ``seed`` to ``seed + students - 1``, must be at most
    :data:`MAX_SEED`, so any printed seed can be typed in again.

    Raises:
        XactikaError: naming the last student's seed and the largest first seed.
    """
    last = seed + students - 1
    if last > MAX_SEED:
        raise XactikaError(
            _(
                "seed {seed} with {students} students would give the last student seed "
                "{last}, above the largest seed {most}; use a seed up to {first}"
            ).format(
                seed=seed,
                students=students,
                last=last,
                most=MAX_SEED,
                first=MAX_SEED - students + 1,
            )
        )


def check_no_cards(cards: object, kind: str) -> None:
    """Refuse a ``cards`` option for a kind that always shows one dealt hand.

    Raises:
        XactikaError: if ``cards`` is not None, naming the ``kind``.
    """
    if cards is not None:
        raise XactikaError(
            _(
                "the {kind} worksheet always shows one {cards}-card hand, so it takes no "
                "cards option (leave out --cards), got {value}"
            ).format(kind=kind, cards=CARDS_PER_HAND, value=shown(cards))
        )


def page_layout(
    sheet: Worksheet, *, key: bool = False, paper: str = "letter", name: str = ""
) -> Recorder:
    """Draw ``sheet`` (its answer key if ``key``; ``name``: the student's, or none) as a
    one-page PDF in the current language, recording what
    its page printed where; ``.output()`` gives the PDF of ``student_pdf``/``key_pdf``.

    The returned :class:`~xactika_edu.outputs.worksheets.layout.Recorder` holds every
    element (``.elements``) and the printable area (``.area``), for
    :func:`~xactika_edu.outputs.worksheets.layout.layout_problems`.

    Raises:
        XactikaError: for an unknown ``paper``.
    """
    recorder = Recorder(new_pdf(paper, title=_page_title(sheet, key)))
    sheet.add_page(recorder, key=key, name=name)
    return recorder


def _page_title(sheet: Worksheet, key: bool) -> str:
    """A one-page PDF's title: the sheet's title, which page and its label."""
    which = _("answer key") if key else _("student sheet")
    return _("{title} ({which}, {label})").format(
        title=_(sheet.title), which=which, label=sheet.label
    )


def sheet_pdf(sheet: Worksheet, *, key: bool, paper: str, name: str = "") -> bytes:
    """``sheet`` (its answer key if ``key``; ``name``: the student's, or none) as a
    one-page PDF file's bytes, in the current language.

    Raises:
        XactikaError: for an unknown ``paper``.
    """
    return drawn_sheet(sheet, key=key, paper=paper, name=name).pdf


@dataclass(frozen=True)
class DrawnSheet:
    """One worksheet page drawn once: its own PDF file, and the page to print again in
    an all-in-one file (:func:`sheets_pdf`), or None if it must be drawn again there.
    The worksheet itself is not kept (only what was drawn), so this travels between
    processes cheaply."""

    number: int
    seed: int
    key: bool
    pdf: bytes
    page: PageCopy | None
    name: str = ""


def drawn_sheet(sheet: Worksheet, *, key: bool, paper: str, name: str = "") -> DrawnSheet:
    """Draw ``sheet`` (its answer key if ``key``; ``name``: the student's, or none)
    once, in the current language: its one-page PDF (the bytes of :func:`sheet_pdf`)
    and a copy of the page (:func:`.pdfpages.copy_page`).

    Raises:
        XactikaError: for an unknown ``paper``.
    """
    pdf = new_pdf(paper, title=_page_title(sheet, key))
    sheet.add_page(Recorder(pdf, record=False), key=key, name=name)
    page: PageCopy | None = copy_page(pdf)
    return DrawnSheet(sheet.number, sheet.seed, key, bytes(pdf.output()), page, name)


def sheets_pdf(
    drawn: Sequence[DrawnSheet],
    *,
    title: str,
    paper: str,
    redraw: Callable[[DrawnSheet], Worksheet],
) -> bytes:
    """One PDF with every page of ``drawn``, in order: each page pasted as it was
    drawn, or drawn again (``redraw`` gives its worksheet) if it could not be copied.

    Raises:
        XactikaError: for an unknown ``paper``.
    """
    pdf = new_pdf(paper, title=title)
    for sheet in drawn:
        if sheet.page is None or not paste_page(pdf, sheet.page):
            redraw(sheet).add_page(Recorder(pdf, record=False), key=sheet.key, name=sheet.name)
    return bytes(pdf.output())


class Sheet(abc.ABC):
    """Mixin for a worksheet dataclass with ``number``, ``of`` and ``seed``.

    Gives it the printed label, :meth:`add_page` and one-page student/key PDFs. Each
    kind sets ``page``, the :class:`~xactika_edu.outputs.worksheets.page.Page` subclass that
    draws it.
    """

    number: int
    of: int
    seed: int
    kind: ClassVar[str]
    title: ClassVar[str]
    page: ClassVar[type[Page[Any]]]

    def check_numbering(self) -> None:
        """Check ``of``, ``number`` and ``seed`` and store them as ints: the first step
        of each kind's ``__post_init__``.

        Raises:
            XactikaError: if ``of`` is not 1 to :data:`MAX_STUDENTS`, ``number`` is not
                1 to ``of`` or ``seed`` is not a whole number >= 0.
        """
        of = check_whole(self.of, "of (the number of worksheets)", 1, MAX_STUDENTS)
        number = check_whole(self.number, "worksheet number", 1, of)
        self.set_checked(of=of, number=number, seed=check_seed(self.seed))

    def set_checked(self, **fields: object) -> None:
        """Store checked values of fields on this frozen dataclass (in ``__post_init__``)."""
        for name, value in fields.items():
            object.__setattr__(self, name, value)

    @property
    def label(self) -> str:
        """What the sheet prints to identify itself: ``'Worksheet 7 of 30 · seed 1006'``."""
        return _("Worksheet {number} of {of} · seed {seed}").format(
            number=self.number, of=self.of, seed=self.seed
        )

    def add_page(self, pdf: FPDF | Recorder, *, key: bool = False, name: str = "") -> None:
        """Draw this worksheet (or its answer key) on a new page of ``pdf``, in the
        current language; ``name``: the student's, printed on the sheet (or none).

        For combining several worksheets in one file; ``pdf`` is an ``fpdf.FPDF``
        in millimetres, as made by :func:`~xactika_edu.outputs.worksheets.new_pdf`, or a
        :class:`~xactika_edu.outputs.worksheets.layout.Recorder` around one.
        """
        self.page(self, pdf, key=key, name=name).draw()

    def student_pdf(self, paper: str = "letter") -> bytes:
        """The student sheet as a PDF (answers blank).

        Args:
            paper: ``"letter"`` (US Letter) or ``"a4"``.

        Returns:
            the PDF file's bytes; the same worksheet always gives the same bytes.

        Raises:
            XactikaError: for an unknown ``paper``.
        """
        return sheet_pdf(self, key=False, paper=paper)

    def key_pdf(self, paper: str = "letter") -> bytes:
        """The answer key as a PDF: the same page with every answer filled in.

        Args:
            paper: ``"letter"`` (US Letter) or ``"a4"``.

        Returns:
            the PDF file's bytes; the same worksheet always gives the same bytes.

        Raises:
            XactikaError: for an unknown ``paper``.
        """
        return sheet_pdf(self, key=True, paper=paper)


class QuestionSheet(Sheet):
    """A worksheet whose key answers three questions: the kind builds them, with a
    line of working each, in :meth:`worked_questions`."""

    @abc.abstractmethod
    def worked_questions(self) -> list[tuple[str, str, str]]:
        """(question, answer, one-line working) for each of the three questions."""

    def questions(self) -> list[tuple[str, str]]:
        """The three questions with their answers, computed by the library.

        Returns:
            a list of 3 (question text, answer text) pairs.
        """
        return [(question, answer) for question, answer, _ in self.worked_questions()]

    def workings(self) -> list[str]:
        """One line of working for each answer, as the answer key prints it."""
        return [working for _, _, working in self.worked_questions()]
