"""The Common Core standards the lessons cite, with their exact official wording.

One source of truth for every standard a lesson notebook names in its
``xactika_lesson`` metadata (see :mod:`xactika_edu.teaching.lessonmeta`): the lesson
plans, the teacher guide's standards table and the check that a lesson cites only
known codes all read :data:`STANDARDS`.

Codes are written as the lessons write them: ``6.SP.B.5c`` (the official
``CCSS.MATH.CONTENT.6.SP.B.5.C``), ``7.SP.C.7a``, ``HSS-CP.B.6``, ``HSS-MD.B.5a``. A
lettered part keeps its own wording; :func:`full_wording` puts its parent's stem
("Summarize numerical data sets ... such as by:") in front of it. A (+) standard
(every S-MD standard, S-CP.B.9) is stored without its "(+)" and flagged ``plus``.

Source: the Common Core State Standards for Mathematics (NGA Center and CCSSO, 2010),
as published at corestandards.org (thecorestandards.org). There was no internet
while this table was made; every wording was checked against at least two stored
copies of the official text (a code's copies are listed in :data:`SOURCES`): the
corestandards.org page itself where stored, Illustrative Mathematics' task pages,
CPALMS (Florida's MAFS copy of the same text), McREL's Common Core compendium,
the Ohio Resource Center, district copies (Dearborn, Bismarck, Henry County,
Portland's Astor school, D68) and publishers that quote the standard verbatim.
The wording's straight quotation marks stand for the official curly ones.

>>> STANDARDS["7.SP.C.5"].grade
'7'
>>> STANDARDS["HSS-MD.A.3"].plus, STANDARDS["7.SP.C.7a"].plus
(True, False)
>>> full_wording("6.SP.B.5a")[-60:]
'ontext, such as by: a. Reporting the number of observations.'
>>> check_code("7.SP.C.9")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
xactika_edu.XactikaError: unknown standard code '7.SP.C.9'; the standards table ...
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType

from ..base.checks import shown
from ..base.errors import XactikaError
from ..base.language import DEFAULT_LANGUAGE, language
from ..base.language import gettext as _

__all__ = [
    "SOURCES",
    "STANDARDS",
    "Standard",
    "check_code",
    "full_wording",
    "official_wording_note",
    "standards_markdown",
    "standards_rows",
]


@dataclass(frozen=True)
class Standard:
    """One Common Core standard.

    Attributes:
        code: as lessons write it, e.g. ``"7.SP.C.7a"``.
        wording: the official text, exactly (without a leading "(+)").
        grade: ``"6"``, ``"7"`` or ``"HS"`` (high school).
        plus: a (+) standard: beyond the college- and career-ready core.
        stem: for a lettered part (``6.SP.B.5c``), the code of the standard it is part of.
    """

    code: str
    wording: str
    grade: str
    plus: bool = False
    stem: str | None = None

    @property
    def shown_code(self) -> str:
        """The code as printed: ``"(+) HSS-MD.A.3"`` for a (+) standard."""
        return f"(+) {self.code}" if self.plus else self.code


_SP5 = "Summarize numerical data sets in relation to their context, such as by:"
_SP7 = (
    "Develop a probability model and use it to find probabilities of events. Compare "
    "probabilities from a model to observed frequencies; if the agreement is not good, "
    "explain possible sources of the discrepancy."
)
_SP8 = (
    "Find probabilities of compound events using organized lists, tables, tree diagrams, "
    "and simulation."
)
_MD5 = (
    "Weigh the possible outcomes of a decision by assigning probabilities to payoff values "
    "and finding expected values."
)

_TABLE: tuple[Standard, ...] = (
    Standard(
        "6.RP.A.1",
        "Understand the concept of a ratio and use ratio language to describe a ratio "
        'relationship between two quantities. For example, "The ratio of wings to beaks in '
        'the bird house at the zoo was 2:1, because for every 2 wings there was 1 beak." '
        '"For every vote candidate A received, candidate C received nearly three votes."',
        "6",
    ),
    Standard(
        "6.RP.A.3c",
        "Find a percent of a quantity as a rate per 100 (e.g., 30% of a quantity means "
        "30/100 times the quantity); solve problems involving finding the whole, given a "
        "part and the percent.",
        "6",
    ),
    Standard(
        "6.SP.A.1",
        "Recognize a statistical question as one that anticipates variability in the data "
        'related to the question and accounts for it in the answers. For example, "How old '
        'am I?" is not a statistical question, but "How old are the students in my school?" '
        "is a statistical question because one anticipates variability in students' ages.",
        "6",
    ),
    Standard(
        "6.SP.A.2",
        "Understand that a set of data collected to answer a statistical question has a "
        "distribution which can be described by its center, spread, and overall shape.",
        "6",
    ),
    Standard(
        "6.SP.A.3",
        "Recognize that a measure of center for a numerical data set summarizes all of its "
        "values with a single number, while a measure of variation describes how its values "
        "vary with a single number.",
        "6",
    ),
    Standard(
        "6.SP.B.4",
        "Display numerical data in plots on a number line, including dot plots, histograms, "
        "and box plots.",
        "6",
    ),
    Standard("6.SP.B.5", _SP5, "6"),
    Standard("6.SP.B.5a", "Reporting the number of observations.", "6", stem="6.SP.B.5"),
    Standard(
        "6.SP.B.5b",
        "Describing the nature of the attribute under investigation, including how it was "
        "measured and its units of measurement.",
        "6",
        stem="6.SP.B.5",
    ),
    Standard(
        "6.SP.B.5c",
        "Giving quantitative measures of center (median and/or mean) and variability "
        "(interquartile range and/or mean absolute deviation), as well as describing any "
        "overall pattern and any striking deviations from the overall pattern with "
        "reference to the context in which the data were gathered.",
        "6",
        stem="6.SP.B.5",
    ),
    Standard(
        "6.SP.B.5d",
        "Relating the choice of measures of center and variability to the shape of the data "
        "distribution and the context in which the data were gathered.",
        "6",
        stem="6.SP.B.5",
    ),
    Standard(
        "7.RP.A.3",
        "Use proportional relationships to solve multistep ratio and percent problems. "
        "Examples: simple interest, tax, markups and markdowns, gratuities and commissions, "
        "fees, percent increase and decrease, percent error.",
        "7",
    ),
    Standard(
        "7.SP.A.1",
        "Understand that statistics can be used to gain information about a population by "
        "examining a sample of the population; generalizations about a population from a "
        "sample are valid only if the sample is representative of that population. "
        "Understand that random sampling tends to produce representative samples and "
        "support valid inferences.",
        "7",
    ),
    Standard(
        "7.SP.A.2",
        "Use data from a random sample to draw inferences about a population with an "
        "unknown characteristic of interest. Generate multiple samples (or simulated "
        "samples) of the same size to gauge the variation in estimates or predictions. For "
        "example, estimate the mean word length in a book by randomly sampling words from "
        "the book; predict the winner of a school election based on randomly sampled survey "
        "data. Gauge how far off the estimate or prediction might be.",
        "7",
    ),
    Standard(
        "7.SP.C.5",
        "Understand that the probability of a chance event is a number between 0 and 1 that "
        "expresses the likelihood of the event occurring. Larger numbers indicate greater "
        "likelihood. A probability near 0 indicates an unlikely event, a probability around "
        "1/2 indicates an event that is neither unlikely nor likely, and a probability near "
        "1 indicates a likely event.",
        "7",
    ),
    Standard(
        "7.SP.C.6",
        "Approximate the probability of a chance event by collecting data on the chance "
        "process that produces it and observing its long-run relative frequency, and "
        "predict the approximate relative frequency given the probability. For example, "
        "when rolling a number cube 600 times, predict that a 3 or 6 would be rolled "
        "roughly 200 times, but probably not exactly 200 times.",
        "7",
    ),
    Standard("7.SP.C.7", _SP7, "7"),
    Standard(
        "7.SP.C.7a",
        "Develop a uniform probability model by assigning equal probability to all "
        "outcomes, and use the model to determine probabilities of events. For example, if "
        "a student is selected at random from a class, find the probability that Jane will "
        "be selected and the probability that a girl will be selected.",
        "7",
        stem="7.SP.C.7",
    ),
    Standard(
        "7.SP.C.7b",
        "Develop a probability model (which may not be uniform) by observing frequencies in "
        "data generated from a chance process. For example, find the approximate "
        "probability that a spinning penny will land heads up or that a tossed paper cup "
        "will land open-end down. Do the outcomes for the spinning penny appear to be "
        "equally likely based on the observed frequencies?",
        "7",
        stem="7.SP.C.7",
    ),
    Standard("7.SP.C.8", _SP8, "7"),
    Standard(
        "7.SP.C.8a",
        "Understand that, just as with simple events, the probability of a compound event "
        "is the fraction of outcomes in the sample space for which the compound event "
        "occurs.",
        "7",
        stem="7.SP.C.8",
    ),
    Standard(
        "7.SP.C.8b",
        "Represent sample spaces for compound events using methods such as organized lists, "
        "tables and tree diagrams. For an event described in everyday language (e.g., "
        '"rolling double sixes"), identify the outcomes in the sample space which compose '
        "the event.",
        "7",
        stem="7.SP.C.8",
    ),
    Standard(
        "7.SP.C.8c",
        "Design and use a simulation to generate frequencies for compound events. For "
        "example, use random digits as a simulation tool to approximate the answer to the "
        "question: If 40% of donors have type A blood, what is the probability that it "
        "will take at least 4 donors to find one with type A blood?",
        "7",
        stem="7.SP.C.8",
    ),
    Standard(
        "HSS-ID.A.1",
        "Represent data with plots on the real number line (dot plots, histograms, and box plots).",
        "HS",
    ),
    Standard(
        "HSS-ID.A.2",
        "Use statistics appropriate to the shape of the data distribution to compare center "
        "(median, mean) and spread (interquartile range, standard deviation) of two or more "
        "different data sets.",
        "HS",
    ),
    Standard(
        "HSS-ID.A.3",
        "Interpret differences in shape, center, and spread in the context of the data "
        "sets, accounting for possible effects of extreme data points (outliers).",
        "HS",
    ),
    Standard(
        "HSS-ID.A.4",
        "Use the mean and standard deviation of a data set to fit it to a normal "
        "distribution and to estimate population percentages. Recognize that there are "
        "data sets for which such a procedure is not appropriate. Use calculators, "
        "spreadsheets, and tables to estimate areas under the normal curve.",
        "HS",
    ),
    Standard(
        "HSS-IC.A.1",
        "Understand statistics as a process for making inferences about population "
        "parameters based on a random sample from that population.",
        "HS",
    ),
    Standard(
        "HSS-IC.A.2",
        "Decide if a specified model is consistent with results from a given "
        "data-generating process, e.g., using simulation. For example, a model says a "
        "spinning coin falls heads up with probability 0.5. Would a result of 5 tails in a "
        "row cause you to question the model?",
        "HS",
    ),
    Standard("HSS-IC.B.6", "Evaluate reports based on data.", "HS"),
    Standard(
        "HSS-CP.A.1",
        "Describe events as subsets of a sample space (the set of outcomes) using "
        "characteristics (or categories) of the outcomes, or as unions, intersections, or "
        'complements of other events ("or," "and," "not").',
        "HS",
    ),
    Standard(
        "HSS-CP.A.2",
        "Understand that two events A and B are independent if the probability of A and B "
        "occurring together is the product of their probabilities, and use this "
        "characterization to determine if they are independent.",
        "HS",
    ),
    Standard(
        "HSS-CP.B.6",
        "Find the conditional probability of A given B as the fraction of B's outcomes that "
        "also belong to A, and interpret the answer in terms of the model.",
        "HS",
    ),
    Standard(
        "HSS-CP.B.9",
        "Use permutations and combinations to compute probabilities of compound events and "
        "solve problems.",
        "HS",
        plus=True,
    ),
    Standard(
        "HSS-MD.A.1",
        "Define a random variable for a quantity of interest by assigning a numerical value "
        "to each event in a sample space; graph the corresponding probability distribution "
        "using the same graphical displays as for data distributions.",
        "HS",
        plus=True,
    ),
    Standard(
        "HSS-MD.A.2",
        "Calculate the expected value of a random variable; interpret it as the mean of the "
        "probability distribution.",
        "HS",
        plus=True,
    ),
    Standard(
        "HSS-MD.A.3",
        "Develop a probability distribution for a random variable defined for a sample space "
        "in which theoretical probabilities can be calculated; find the expected value. For "
        "example, find the theoretical probability distribution for the number of correct "
        "answers obtained by guessing on all five questions of a multiple-choice test where "
        "each question has four choices, and find the expected grade under various grading "
        "schemes.",
        "HS",
        plus=True,
    ),
    Standard(
        "HSS-MD.A.4",
        "Develop a probability distribution for a random variable defined for a sample space "
        "in which probabilities are assigned empirically; find the expected value. For "
        "example, find a current data distribution on the number of TV sets per household "
        "in the United States, and calculate the expected number of sets per household. How "
        "many TV sets would you expect to find in 100 randomly selected households?",
        "HS",
        plus=True,
    ),
    Standard("HSS-MD.B.5", _MD5, "HS", plus=True),
    Standard(
        "HSS-MD.B.5a",
        "Find the expected payoff for a game of chance. For example, find the expected "
        "winnings from a state lottery ticket or a game at a fast-food restaurant.",
        "HS",
        plus=True,
        stem="HSS-MD.B.5",
    ),
    Standard(
        "HSS-MD.B.5b",
        "Evaluate and compare strategies on the basis of expected values. For example, "
        "compare a high-deductible versus a low-deductible automobile insurance policy using "
        "various, but reasonable, chances of having a minor or a major accident.",
        "HS",
        plus=True,
        stem="HSS-MD.B.5",
    ),
    Standard(
        "HSS-MD.B.6",
        "Use probabilities to make fair decisions (e.g., drawing by lots, using a random "
        "number generator).",
        "HS",
        plus=True,
    ),
    Standard(
        "HSS-MD.B.7",
        "Analyze decisions and strategies using probability concepts (e.g., product testing, "
        "medical testing, pulling a hockey goalie at the end of a game).",
        "HS",
        plus=True,
    ),
)

#: Every standard a lesson may cite: code -> :class:`Standard`, in curriculum order.
STANDARDS: Mapping[str, Standard] = MappingProxyType({s.code: s for s in _TABLE})

_CPALMS = "cpalms.org (MAFS copy)"
_IM = "tasks.illustrativemathematics.org"
_OHIO = "ohiorc.org (CCSS grade 7 SP)"
_MCREL = "McREL Common Core compendium"
_DEARBORN = "dec.dearbornschools.org (Mi Math Standards)"
#: Where each wording was checked (two or more stored copies of the official text).
SOURCES: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {
        "6.RP.A.1": (
            _IM + "/content-standards/6/RP/A/1",
            "proprofs.com (CCSS.MATH.CONTENT.6.RP.A.1)",
            "learningfarm.com",
        ),
        "6.RP.A.3c": (
            "sites.google.com/massac.org (6.RP.A.3c)",
            "parentportal.sageoak.systems (6.RP.3.c)",
        ),
        "6.SP.A.1": ("d68curriculum.weebly.com", "sites.google.com/pps.net (Astor)"),
        "6.SP.A.2": ("d68curriculum.weebly.com", "sites.google.com/pps.net (Astor)"),
        "6.SP.A.3": ("d68curriculum.weebly.com", "sites.google.com/pps.net (Astor)"),
        "6.SP.B.4": ("d68curriculum.weebly.com", "hcpss.instructure.com (6.SP.4)"),
        "6.SP.B.5": (_CPALMS, "d68curriculum.weebly.com"),
        "6.SP.B.5a": (_CPALMS, "d68curriculum.weebly.com"),
        "6.SP.B.5b": (_CPALMS, "d68curriculum.weebly.com"),
        "6.SP.B.5c": (_CPALMS, "d68curriculum.weebly.com", "shmoop.com (6.SP.B.5.c)"),
        "6.SP.B.5d": (_CPALMS, "d68curriculum.weebly.com"),
        "7.RP.A.3": (_MCREL, "mdtpmodules.org", "learningfarm.com (CCSS)"),
        "7.SP.A.1": (
            "schoolwires.henry.k12.ga.us (MGSE7.SP.1)",
            "library.exemplars.com",
            "algebra2.thinkport.org",
        ),
        "7.SP.A.2": ("schoolwires.henry.k12.ga.us (MGSE7.SP.2)", "algebra2.thinkport.org"),
        "7.SP.C.5": (_OHIO, "pacelearning.com (7.SP.5)"),
        "7.SP.C.6": (_CPALMS, "fishtanklearning.org"),
        "7.SP.C.7": (_OHIO, "7math.wikispaces.com"),
        "7.SP.C.7a": (_OHIO, "7math.wikispaces.com"),
        "7.SP.C.7b": (_OHIO, "7math.wikispaces.com"),
        "7.SP.C.8": (_OHIO, "learnbps.bismarckschools.org (MAT-07.SP.08)"),
        "7.SP.C.8a": (_OHIO, "learnbps.bismarckschools.org", "sites.google.com/psusd.us"),
        "7.SP.C.8b": (_OHIO, "learnbps.bismarckschools.org", "sites.google.com/psusd.us"),
        "7.SP.C.8c": ("topics.humanprogram.com", "learnbps.bismarckschools.org (first sentence)"),
        "HSS-ID.A.1": ("cpalms.org (MAFS.912.S-ID.1.1)", "studylib.net (NC unpacked S.ID.1)"),
        "HSS-ID.A.2": ("formathics.com", "studylib.net (NC unpacked S.ID.2)"),
        "HSS-ID.A.3": ("hellothinkster.com", "mathspresso.com (S-ID.3)"),
        "HSS-ID.A.4": (
            "proactiveinstruction.org (HSS.ID.A4)",
            "thinkport.com (S.ID.4)",
            "ecsd-fl (MAFS.912.S-ID.1.4)",
        ),
        "HSS-IC.A.1": ("algebra2.thinkport.org (S.IC.1)", "learnzillion/corestandards.org link"),
        "HSS-IC.A.2": ("onlinemathlearning.com (HSS-IC.A.2)", "ccmath.k12worx.org (HSS.IC.A.2)"),
        "HSS-IC.B.6": (
            "mathspresso.com (S-IC.6)",
            "ccmath.k12worx.org (HSS.IC.B.6)",
            "im.kendallhunt.com (HS 3.7.1)",
        ),
        "HSS-CP.A.1": ("topics.humanprogram.com", "mathspresso.com (S-CP.1)"),
        "HSS-CP.A.2": (
            "corestandards.org/Math/Content/HSS/CP/A/2",
            "demonstrations.wolfram.com",
            "ccmath.k12worx.org",
        ),
        "HSS-CP.B.6": (_IM + "/HSS-CP-3", "discomath.com", "curriki.org"),
        "HSS-CP.B.9": ("curriki.org (cluster)", "issuhub.com (Pearson Algebra 1, S-CP.B.9)"),
        "HSS-MD.A.1": ("sophia.org", "study.com (HSS.MD.A.1)", "goblinsapp.com (Arkansas)"),
        "HSS-MD.A.2": ("sophia.org", "study.com (HSS.MD.A.2)"),
        "HSS-MD.A.3": ("study.com (HSS.MD.A.3)", "goblinsapp.com (Arkansas, with the example)"),
        "HSS-MD.A.4": (
            "study.com (HSS.MD.A.4)",
            "demonstrations.wolfram.com standard description (with the example)",
            "goblinsapp.com (Arkansas, with the example)",
        ),
        "HSS-MD.B.5": (_MCREL, "shmoop.com (HSS-MD.B.5)", "hellothinkster.com"),
        "HSS-MD.B.5a": (_MCREL, _DEARBORN, "shmoop.com"),
        "HSS-MD.B.5b": (_MCREL, _DEARBORN, "shmoop.com"),
        "HSS-MD.B.6": (_MCREL, _DEARBORN, "goblinsapp.com (Arkansas)"),
        "HSS-MD.B.7": (_MCREL, _DEARBORN, "goblinsapp.com (Arkansas)"),
    }
)


def check_code(code: object) -> Standard:
    """The :class:`Standard` for ``code``, written exactly as in :data:`STANDARDS`.

    A leading ``"(+) "`` is accepted (the table knows which standards are (+)).

    Raises:
        XactikaError: for a code the table does not hold, naming it.
    """
    key = code.strip() if isinstance(code, str) else code
    if isinstance(key, str) and key.startswith("(+)"):
        key = key[3:].strip()
    if not isinstance(key, str) or key not in STANDARDS:
        codes = list(STANDARDS)
        raise XactikaError(
            f"unknown standard code {shown(code)}; the standards table "
            f"(xactika_edu.teaching.standards) has {codes[0]}, ..., {codes[-1]}"
        )
    return STANDARDS[key]


def full_wording(code: str) -> str:
    """The standard's wording, a lettered part after its parent's stem.

    Raises:
        XactikaError: for an unknown code.
    """
    standard = check_code(code)
    if standard.stem is None:
        return standard.wording
    letter = standard.code[-1]
    return f"{STANDARDS[standard.stem].wording} {letter}. {standard.wording}"


def standards_rows(cited: Iterable[tuple[str, str]]) -> list[tuple[str, str, str]]:
    """(shown code, full wording, activity) for each (code, activity) a lesson cites.

    >>> standards_rows([("HSS-MD.A.2", "the mean of the bid table")])[0][0]
    '(+) HSS-MD.A.2'

    Raises:
        XactikaError: for an unknown code.
    """
    rows = []
    for code, activity in cited:
        standard = check_code(code)
        rows.append((standard.shown_code, full_wording(standard.code), activity))
    return rows


def _cell(text: str) -> str:
    return " ".join(text.split()).replace("|", "\\|")


def standards_markdown(
    cited: Sequence[tuple[str, str]],
    *,
    heading: tuple[str, str, str] | None = None,
) -> str:
    """A markdown table of the standards a lesson cites: code, exact wording, activity.

    For the teacher guide and the lesson plan; an empty list gives ``""``. ``heading``:
    the three column names; ``None`` for "Code", "Standard", "Activity" in the current
    language.

    The wording is always the official English text, in every language: the Common
    Core has no official Spanish text (NGA Center and CCSSO publish English only; the
    Spanish versions states and counties made are translations, none of which could be
    checked here), and a translation of ours would not be the standard a teacher is
    asked to cite. In a language other than English a note under the table says so
    (:func:`official_wording_note`).

    >>> print(standards_markdown([("7.SP.C.5", "a sure trick has probability 1")]))
    ... # doctest: +ELLIPSIS
    | Code | Standard | Activity |
    |---|---|---|
    | 7.SP.C.5 | Understand that the probability ... | a sure trick has probability 1 |

    Raises:
        XactikaError: for an unknown code.
    """
    rows = standards_rows(cited)
    if not rows:
        return ""
    if heading is None:
        heading = (_("Code"), _("Standard"), _("Activity"))
    lines = [f"| {' | '.join(heading)} |", "|---|---|---|"]
    lines += [f"| {' | '.join(_cell(part) for part in row)} |" for row in rows]
    note = official_wording_note()
    return "\n".join(lines) + (f"\n\n{note}" if note else "")


def official_wording_note() -> str:
    """In a language other than English, the sentence that says the standards' wording
    is quoted in English, as published (see :func:`standards_markdown`); in English,
    ``""``."""
    if language() == DEFAULT_LANGUAGE:
        return ""
    return _(
        "The standards are quoted in their official English wording: the Common Core "
        "has no official translation."
    )
