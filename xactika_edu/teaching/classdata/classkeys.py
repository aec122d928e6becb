"""Class codes, teacher tokens and names: what a class is known by, checked once.

A **class code** is 6 characters a student types from the board, drawn from
:data:`CODE_ALPHABET`, which leaves out characters that look alike (``0``/``O``/``Q``,
``1``/``I``/``L``, ``2``/``Z``, ``5``/``S``, ``8``/``B``, ``U``/``V``): 22**6, about
113 million codes. What a student types is read forgivingly (:func:`normal_code`:
lower case, spaces and dashes are fine).

A **teacher token** is a secret from :func:`secrets.token_urlsafe` (32 random bytes);
the store keeps only its SHA-256 (:func:`token_hash`) and checks a token with
:func:`hmac.compare_digest` (:func:`token_matches`). A plain hash is enough: the
token is random, not a password a person chose, so there is nothing to guess from it.

A **name** (a student's first name, a class's name) is read with
:func:`check_name`: Unicode NFC, spaces at the ends off and runs of spaces made one;
it must not be empty, too long, or hold a character that cannot be typed (a control
character, a line break, a direction mark). Two names are the same name when their
:func:`name_key` is (case-insensitive: ``Zoë`` and ``ZOË``, typed or pasted).

>>> import random
>>> new_class_code(random.Random(1))
'F4DKEX'
>>> normal_code(" f4d-kex ")
'F4DKEX'
>>> check_name("  Nguye\u0302\u0303n ", what="first name") == "Nguy\u1ec5n"
True
>>> name_key("ZOË") == name_key("zoe\u0308")
True
>>> check_name("", what="first name")
Traceback (most recent call last):
...
xactika_edu.base.errors.StudentNameError: Type your first name to join.

Source: issue 13 ("Classes without accounts").
"""

from __future__ import annotations

import hashlib
import hmac
import random
import re
import secrets
import unicodedata

from ...base.checks import shown
from ...base.errors import ClassError, StudentNameError, XactikaError
from ...base.language import gettext as _

# scorefile (and pandas with it) is imported by check_name() when it first runs: the
# teacher's Jupyter server under JupyterHub makes a teacher token here
# (ui.app.hubproxy) and should not load pandas for it.

__all__ = [
    "CODE_ALPHABET",
    "CODE_LENGTH",
    "MAX_CLASS_NAME",
    "MAX_FIRST_NAME",
    "check_name",
    "check_teacher_token",
    "name_key",
    "new_class_code",
    "new_teacher_token",
    "normal_code",
    "token_hash",
    "token_matches",
]

#: The characters of a class code: no two of them look alike.
CODE_ALPHABET = "ACDEFGHJKMNPRTWXY34679"
#: Characters in a class code.
CODE_LENGTH = 6
#: The longest first name (in characters, after NFC): room for "Mary-Jane O'Brien".
MAX_FIRST_NAME = 30
#: The longest class name.
MAX_CLASS_NAME = 60
#: Random bytes in a teacher token (:func:`secrets.token_urlsafe`; 43 characters).
TOKEN_BYTES = 32

# Characters no typed name holds: control characters (tab and line breaks too), line
# and paragraph separators, surrogates, private-use and unassigned code points, and
# the marks that turn text direction round (they make a name show as another).
_UNTYPABLE = frozenset({"Cc", "Zl", "Zp", "Cs", "Co", "Cn"})
_DIRECTION_MARKS = frozenset("\u200e\u200f\u061c\u202a\u202b\u202c\u202d\u202e") | frozenset(
    "\u2066\u2067\u2068\u2069"
)
_SPACES = re.compile(r"\s+")


def new_class_code(rng: random.Random | None = None) -> str:
    """A new class code: :data:`CODE_LENGTH` characters of :data:`CODE_ALPHABET`.

    Args:
        rng: where the randomness comes from; by default :class:`secrets.SystemRandom`
            (the operating system's). Tests pass ``random.Random(seed)``: the same
            seed gives the same codes.

    Returns:
        the code, upper case, like ``'7NX6HJ'``. It may be a code already used: the
        store checks and draws again.
    """
    source = secrets.SystemRandom() if rng is None else rng
    return "".join(source.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def normal_code(text: object) -> str:
    """A class code as typed, made comparable: upper case, without spaces or dashes.

    Raises:
        ClassCodeError: no; a code of the wrong length or characters simply matches no
            class (the store says "there is no class with the code ...").
        XactikaError: if ``text`` is not text.
    """
    if not isinstance(text, str):
        raise XactikaError(f"a class code is text like '7NX6HJ', got {shown(text)}")
    return re.sub(r"[\s\-_.]", "", text).upper()


def new_teacher_token() -> str:
    """A new secret teacher token (URL-safe text, 43 characters)."""
    return secrets.token_urlsafe(TOKEN_BYTES)


#: What a teacher token looks like: URL-safe characters, 32 to 200 of them (a token
#: made by :func:`new_teacher_token` has 43).
_TOKEN = re.compile(r"^[A-Za-z0-9_-]{32,200}$")


def check_teacher_token(token: object) -> str:
    """A teacher token given from outside (the class server under JupyterHub gets its
    token from the teacher's Jupyter server), checked: returned unchanged.

    >>> check_teacher_token("abc")
    Traceback (most recent call last):
    ...
    xactika_edu.base.errors.ClassError: not a teacher token: 3 characters (a teacher
    token is 32 to 200 URL-safe characters: letters, digits, - and _)

    Raises:
        ClassError: if ``token`` is not text of 32 to 200 URL-safe characters (the
            message gives its length, never the token).
    """
    if isinstance(token, str) and _TOKEN.match(token):
        return token
    what = (
        _("{count} characters").format(count=len(token))
        if isinstance(token, str)
        else type(token).__name__
    )
    raise ClassError(
        _(
            "not a teacher token: {what} (a teacher token is 32 to 200 URL-safe characters: "
            "letters, digits, - and _)"
        ).format(what=what)
    )


def token_hash(token: str) -> str:
    """What the store keeps of a teacher token: its SHA-256, in hex (64 characters)."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def token_matches(token: object, stored_hash: str) -> bool:
    """Whether ``token`` is the token whose hash is ``stored_hash``, compared in
    constant time (:func:`hmac.compare_digest`). Anything that is not text is False."""
    if not isinstance(token, str) or len(token) > 200:
        return False
    return hmac.compare_digest(token_hash(token), stored_hash)


def check_name(name: object, *, what: str = "first name") -> str:
    """``name`` as the store keeps it, or a clear error for a student or teacher.

    The name is read in Unicode NFC (``José`` typed or pasted is one name), with
    spaces and zero-width characters off both ends and each run of spaces inside made
    one space.

    >>> check_name("Zoë  B.")
    'Zoë B.'
    >>> check_name("x" * 31)
    Traceback (most recent call last):
    ...
    xactika_edu.base.errors.StudentNameError: That name is too long: 31 characters. Use at most 30.
    >>> check_name("Ana\\nBen")
    Traceback (most recent call last):
    ...
    xactika_edu.base.errors.StudentNameError: That name has a character that cannot be typed ...

    Args:
        name: the name as typed.
        what: ``"first name"`` (a student's; at most :data:`MAX_FIRST_NAME`
            characters) or ``"class name"`` (at most :data:`MAX_CLASS_NAME`).

    Returns:
        the name, cleaned.

    Raises:
        StudentNameError: for a first name that is not text, empty, too long or holds
            a character that cannot be typed.
        ClassError: the same for a class name.
    """
    student = what == "first name"
    error = StudentNameError if student else ClassError
    longest = MAX_FIRST_NAME if student else MAX_CLASS_NAME
    if not isinstance(name, str):
        raise error(
            (
                _("A first name is text, like 'Zoë'; got {value}.")
                if student
                else _("A class name is text, like 'Period 3'; got {value}.")
            ).format(value=shown(name))
        )
    from .scorefile import normal_text

    text = normal_text(name)
    if not text:
        raise error(_("Type your first name to join.") if student else _("Type a class name."))
    for char in text:
        if unicodedata.category(char) in _UNTYPABLE or char in _DIRECTION_MARKS:
            raise error(
                (
                    _(
                        "That name has a character that cannot be typed ({code}). Type the first "
                        "name again: {text}."
                    )
                    if student
                    else _(
                        "That name has a character that cannot be typed ({code}). Type the class "
                        "name again: {text}."
                    )
                ).format(code=f"U+{ord(char):04X}", text=shown(text, 40))
            )
    text = _SPACES.sub(" ", text)
    if len(text) > longest:
        raise error(
            _("That name is too long: {count} characters. Use at most {most}.").format(
                count=len(text), most=longest
            )
        )
    return text


def name_key(name: str) -> str:
    """The form two names are compared in: NFC, case folded (``ß`` and ``SS`` match),
    NFC again. ``Zoë``, ``ZOË`` and ``zoe`` + a combining diaeresis have one key."""
    folded = unicodedata.normalize("NFC", name).casefold()
    return unicodedata.normalize("NFC", folded)
