"""Which class the app serves, passed from ``xactika-edu app --class NAME [--data DIR]``
to the pages by two environment variables (named here, and only here), and the one
class store the pages of a server process share.

>>> sorted(class_environment("7NX6HJ", "/tmp/classes"))
['XACTIKA_EDU_CLASS', 'XACTIKA_EDU_DATA']
>>> served_class({}) is None
True
>>> served_class({CLASS_VARIABLE: "7NX6HJ", DATA_VARIABLE: "/tmp/classes"})
ServedClass(code='7NX6HJ', data='/tmp/classes')
"""

from __future__ import annotations

import os
import threading
from collections.abc import Mapping
from dataclasses import dataclass

from ...teaching.classdata.store import ClassStore

__all__ = [
    "CLASS_VARIABLE",
    "DATA_VARIABLE",
    "ServedClass",
    "class_environment",
    "served_class",
    "shared_store",
]

#: The class code of the class the app serves (unset: the solo student app).
CLASS_VARIABLE = "XACTIKA_EDU_CLASS"
#: The data folder holding the class store.
DATA_VARIABLE = "XACTIKA_EDU_DATA"


@dataclass(frozen=True)
class ServedClass:
    """The class a class server serves: its code and its data folder."""

    code: str
    data: str


def class_environment(code: str, data: str | os.PathLike[str]) -> dict[str, str]:
    """The environment variables that tell the pages which class they serve."""
    return {CLASS_VARIABLE: code, DATA_VARIABLE: os.fspath(data)}


def served_class(environ: Mapping[str, str] | None = None) -> ServedClass | None:
    """The class the pages serve, from ``environ`` (default :data:`os.environ`); None
    for the solo student app (no class)."""
    environ = os.environ if environ is None else environ
    code = environ.get(CLASS_VARIABLE, "").strip()
    if not code:
        return None
    return ServedClass(code, environ.get(DATA_VARIABLE, ""))


_stores: dict[str, ClassStore] = {}
_lock = threading.Lock()


def shared_store(data: str) -> ClassStore:
    """The one :class:`~xactika_edu.teaching.classdata.store.ClassStore` of the data
    folder ``data`` for this whole process (it is thread-safe), opened on first use.

    Raises:
        ClassError: if the store cannot be opened.
    """
    with _lock:
        store = _stores.get(data)
        if store is None:
            store = _stores[data] = ClassStore(data or None)
        return store
