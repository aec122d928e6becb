"""Extract, update and compile the gettext catalogues (Babel), and check them.

    python tools/translations.py           # extract, update every .po, compile every .mo
    python tools/translations.py --check   # list what is missing or stale; exit 1 if any

One catalogue (*domain*) per module (``xactika_edu.teaching.views.handview``) and one
per lesson (``lessons.02_pie_charts``), so two people translating two modules never
edit the same file: ``xactika_edu/locale/<language>/po/<domain>.po``. All of a
language's catalogues compile into one ``xactika_edu/locale/<language>/LC_MESSAGES/
xactika_edu.mo``, the file :mod:`xactika_edu.base.language` reads (committed; after a
merge that touched two catalogues, run this again to rebuild it; ``--check`` fails when
it is stale). English is the source: only the other languages have catalogues.

What is a message:
- in a module: the first argument of ``_``, ``gettext``, ``N_``, ``pgettext`` and both
  of ``ngettext`` (Babel's Python extractor);
- in a lesson: every markdown cell, whole, and every message of its code cells as in a
  module; the class pack writes the translated lesson with them (docs/translating.md);
- in the domain ``lessons.plans``: every lesson's ``xactika_lesson`` metadata (title,
  objective, activities, materials, exit ticket), which the lesson plans show.

``--check`` reports: a message with no translation, or a fuzzy one; a translation whose
``{fields}`` differ from its message's; a message translated two ways in two domains;
a catalogue entry no code uses any more; a ``.mo`` that is not its ``.po`` compiled.
"""

from __future__ import annotations

import argparse
import ast
import datetime
import io
import json
import re
import sys
from collections.abc import Iterator
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract, extract_python
from babel.messages.mofile import read_mo, write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "xactika_edu"
LESSONS = ROOT / "notebooks"
LOCALE = PACKAGE / "locale"
#: The languages with catalogues (English is the source).
TRANSLATED = ("es",)
KEYWORDS = {**DEFAULT_KEYWORDS, "N_": None}
#: Two plural forms, one and other (GNU gettext's Spanish), not CLDR's three: the third,
#: "many", is for round millions ("un millón de cartas"), which no message counts.
PLURAL_FORMS = {"es": "nplurals=2; plural=(n != 1);"}
LANGUAGE_TEAMS = {"es": "Spanish (es-MX, es-US)"}
VERSION = "1"
HEADER = """\
# Translations of xactika-edu's messages: one domain (a package folder or a lesson).
# Written by tools/translations.py; a translator writes the msgstr lines only.
#"""
_FIELD = re.compile(r"(?<!\{)\{([^{}]*)\}(?!\})")

Message = tuple[int, str | tuple[str, str], str | None]  # (line or cell, id, context)


def _python_messages(source: str, first: int = 0) -> Iterator[Message]:
    found = extract(
        extract_python,
        io.BytesIO(source.encode("utf-8")),
        keywords=KEYWORDS,
        options={"encoding": "utf-8"},
    )
    for lineno, message, _comments, context in found:
        yield first + lineno, message, context
    yield from _fstring_messages(source, first)


def _fstring_messages(source: str, first: int = 0) -> Iterator[Message]:
    """The messages of calls written inside f-strings (``f"<h2>{_('Lessons')}</h2>"``),
    which Babel's Python extractor does not see before Python 3.12 (it reads an
    f-string as one string token)."""
    try:
        tree = ast.parse(source)
    except SyntaxError:  # IPython magics in a lesson cell: Babel's extraction stands
        return
    for joined in ast.walk(tree):
        if not isinstance(joined, ast.JoinedStr):
            continue
        for call in ast.walk(joined):
            if not isinstance(call, ast.Call) or not isinstance(call.func, ast.Name):
                continue
            texts = [a.value for a in call.args if isinstance(a, ast.Constant)]
            if not all(isinstance(text, str) for text in texts):
                continue
            name, line = call.func.id, first + call.lineno
            if name in ("_", "gettext", "N_") and len(texts) >= 1:
                yield line, texts[0], None
            elif name == "ngettext" and len(texts) >= 2:
                yield line, (texts[0], texts[1]), None
            elif name == "pgettext" and len(texts) >= 2:
                yield line, texts[1], texts[0]


def lesson_messages(path: Path) -> Iterator[Message]:
    """The messages of one lesson notebook: each markdown cell, then the code's."""
    notebook = json.loads(path.read_text(encoding="utf-8"))
    for number, cell in enumerate(notebook["cells"], start=1):
        source = "".join(cell["source"])
        if cell["cell_type"] == "markdown" and source.strip():
            yield number, source, None
        elif cell["cell_type"] == "code":
            for _line, message, context in _python_messages(source):
                yield number, message, context


#: The domain of the lessons' metadata, the words of the lesson plans.
PLANS = "lessons.plans"


def plan_messages(path: Path) -> Iterator[Message]:
    """The texts of one lesson's ``xactika_lesson`` metadata (none: nothing)."""
    meta = json.loads(path.read_text(encoding="utf-8"))["metadata"].get("xactika_lesson", {})
    texts = [meta.get("title"), meta.get("objective"), meta.get("exit_ticket")]
    for key in ("standards", "going_further_standards", "timing"):
        texts += [item.get("activity") for item in meta.get(key, [])]
    texts += meta.get("materials", [])
    for text in texts:
        if isinstance(text, str) and text.strip():
            yield 0, text, None


def domains() -> dict[str, list[Path]]:
    """Each domain's source files: a module, a lesson, or every lesson's metadata."""
    found: dict[str, list[Path]] = {}
    for module in sorted(PACKAGE.rglob("*.py")):
        found[".".join(module.relative_to(ROOT).with_suffix("").parts)] = [module]
    for lesson in sorted(LESSONS.glob("*.ipynb")):
        found[f"lessons.{lesson.stem}"] = [lesson]
    found[PLANS] = sorted(LESSONS.glob("*.ipynb"))
    return found


def template(domain: str, files: list[Path]) -> Catalog:
    """The messages of ``domain``'s files, as a Babel catalogue with no translations."""
    catalog = Catalog(domain=domain, project="xactika-edu", charset="utf-8")
    for path in files:
        where = str(path.relative_to(ROOT))
        if domain == PLANS:
            messages: Iterator[Message] = plan_messages(path)
        elif path.suffix == ".ipynb":
            messages = lesson_messages(path)
        else:
            messages = _python_messages(path.read_text(encoding="utf-8"))
        for line, message, context in messages:
            catalog.add(message, locations=[(where, line)], context=context)
    return catalog


def _new_catalog(language: str, domain: str) -> Catalog:
    catalog = Catalog(
        locale=language,
        domain=domain,
        project="xactika-edu",
        version=VERSION,
        copyright_holder="the xactika-edu developers",
        msgid_bugs_address="the project's issues",
        last_translator="the xactika-edu developers",
        language_team=LANGUAGE_TEAMS[language],
        header_comment=HEADER,
        revision_date=datetime.datetime.now(datetime.timezone.utc),
        fuzzy=False,
    )
    headers = [(k, v) for k, v in catalog.mime_headers if k != "Plural-Forms"]
    catalog.mime_headers = [*headers, ("Plural-Forms", PLURAL_FORMS[language])]
    return catalog


def _po_path(language: str, domain: str) -> Path:
    return LOCALE / language / "po" / f"{domain}.po"


def _mo_path(language: str) -> Path:
    return LOCALE / language / "LC_MESSAGES" / "xactika_edu.mo"


def _compiled(language: str, catalogs: list[Catalog]) -> Catalog:
    """Every catalogue of ``language`` as one (a message in two: the first one's)."""
    merged = _new_catalog(language, "xactika_edu")
    for catalog in catalogs:
        for message in catalog:
            # an untranslated plural's msgstr is ("", ""), which write_mo would keep
            translated = all(_ids(message.string))
            if message.id and translated and merged.get(message.id, message.context) is None:
                merged[message.id] = message
    return merged


def _read(path: Path, language: str) -> Catalog:
    with path.open("rb") as file:
        return read_po(file, locale=language)


def update() -> list[Path]:
    """Bring every ``.po`` in line with the code (new messages added untranslated, gone
    ones dropped) and compile every ``.mo``; returns the files written."""
    written: list[Path] = []
    catalogs: dict[str, list[Catalog]] = {language: [] for language in TRANSLATED}
    for domain, files in domains().items():
        pot = template(domain, files)
        for language in TRANSLATED:
            po = _po_path(language, domain)
            if not len(pot):
                if po.exists():  # no message left in the code: the catalogue goes too
                    po.unlink()
                continue
            if po.exists():
                catalog = _read(po, language)
                catalog.update(pot, no_fuzzy_matching=True, update_creation_date=False)
                catalog.obsolete.clear()
            else:
                catalog = _new_catalog(language, domain)
                catalog.update(pot, no_fuzzy_matching=True, update_creation_date=False)
            po.parent.mkdir(parents=True, exist_ok=True)
            buffer = io.BytesIO()
            write_po(buffer, catalog, width=100, no_location=True, omit_header=False)
            _write_if_changed(po, buffer.getvalue())
            catalogs[language].append(catalog)
            written.append(po)
    for language, parts in catalogs.items():
        out = io.BytesIO()
        write_mo(out, _compiled(language, parts), use_fuzzy=False)
        _mo_path(language).parent.mkdir(parents=True, exist_ok=True)
        _write_if_changed(_mo_path(language), out.getvalue())
        written.append(_mo_path(language))
    return written


def _write_if_changed(path: Path, data: bytes) -> None:
    if not path.exists() or path.read_bytes() != data:
        path.write_bytes(data)


def _fields(text: str) -> list[str]:
    return sorted(_FIELD.findall(text))


def _ids(message: object) -> tuple[str, ...]:
    return tuple(message) if isinstance(message, (tuple, list)) else (str(message),)


def check() -> list[str]:
    """Every problem of every catalogue, one line each (none: an empty list)."""
    problems: list[str] = []
    seen: dict[tuple[str, str | None], tuple[str, str]] = {}
    catalogs: dict[str, list[Catalog]] = {language: [] for language in TRANSLATED}
    for domain, files in domains().items():
        pot = template(domain, files)
        for language in TRANSLATED:
            po = _po_path(language, domain)
            if not po.exists():
                if len(pot):
                    problems.append(f"{language}: no catalogue {po.relative_to(ROOT)}")
                continue
            catalog = _read(po, language)
            for message in pot:
                if not message.id:
                    continue
                entry = catalog.get(message.id, message.context)
                where = f"{language} {domain}: {_ids(message.id)[0][:60]!r}"
                if entry is None:
                    problems.append(f"{where}: not in the catalogue")
                    continue
                strings = _ids(entry.string)
                if not all(strings) or entry.fuzzy:
                    problems.append(
                        f"{where}: no translation" + (" (fuzzy)" if entry.fuzzy else "")
                    )
                    continue
                ids = _ids(message.id)  # form n of a translation says what message form n says
                for form, text in enumerate(strings):
                    wanted = _fields(ids[min(form, len(ids) - 1)])
                    if _fields(text) != wanted:
                        problems.append(f"{where}: fields {_fields(text)} != {wanted}")
                key = (_ids(message.id)[0], message.context)
                earlier = seen.setdefault(key, (domain, strings[0]))
                if earlier[1] != strings[0]:
                    problems.append(f"{where}: translated otherwise in {earlier[0]}")
            for entry in catalog:
                if entry.id and pot.get(entry.id, entry.context) is None:
                    problems.append(f"{language} {domain}: {_ids(entry.id)[0][:60]!r} unused")
            catalogs[language].append(catalog)
    for language, parts in catalogs.items():
        mo = _mo_path(language)
        if not mo.exists():
            problems.append(f"{language}: no {mo.name} (run tools/translations.py)")
            continue
        with mo.open("rb") as file:
            compiled = read_mo(file)
        now = {
            (_ids(m.id), m.context): _ids(m.string)
            for m in _compiled(language, parts)
            if m.id and not m.fuzzy and all(_ids(m.string))
        }
        then = {(_ids(m.id), m.context): _ids(m.string) for m in compiled if m.id}
        if now != then:
            problems.append(f"{language}: {mo.name} is stale (run tools/translations.py)")
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="only report problems")
    options = parser.parse_args(argv)
    if not options.check:
        update()
    problems = check()
    print("\n".join(problems) or "every catalogue is complete and compiled")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
