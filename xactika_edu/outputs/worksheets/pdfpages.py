"""A drawn worksheet page, used again: drawn once, printed in two files.

A class set prints every page twice: in the student's own file and in the
all-in-one file for printing. :func:`copy_page` keeps what a drawn page is (its
content stream and the fonts and graphics states it names) and :func:`paste_page`
puts it on a new page of another document, so each page is drawn once.

>>> from fpdf import FPDF
>>> one = FPDF(unit="mm", format="letter")
>>> one.add_page()
>>> one.set_font("helvetica", "B", 12)
>>> one.text(20, 20, "Hello")
>>> page = copy_page(one)
>>> both = FPDF(unit="mm", format="letter")
>>> paste_page(both, page), paste_page(both, page)
(True, True)
>>> both.pages_count
2

This works on fpdf2's page and resource records (``FPDF.pages``, its fonts and its
resource catalog), which fpdf2 does not document as stable: :func:`copy_page` refuses
(returns None for) a page it cannot copy faithfully, and the caller then draws
the page again. tests/test_classpack.py compares pasted pages, as pixels, with
their own files and with pages drawn again.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from fpdf import FPDF

__all__ = ["PageCopy", "copy_page", "paste_page"]

# How a content stream names its resources: as fpdf2 itself finds them
# (fpdf.output.ResourceCatalog.FONT_REGEX and GS_REGEX).
_FONT = re.compile(rb"/F(\d+)(\s+[-+]?\d+(?:\.\d+)?\s+Tf)")
_STYLE = re.compile(rb"/(GS\d+)( gs)")
_CORE_STYLES = ("", "B", "I", "BI")


class _PageCopyError(Exception):
    """A page that :func:`copy_page` cannot copy faithfully (draw it again instead)."""


@dataclass(frozen=True)
class PageCopy:
    """A drawn page, ready to paste into another document.

    Attributes:
        content: the page's content stream, uncompressed.
        fonts: (number in ``content``, family, style) of each core font it uses.
        styles: (graphics state dictionary as text, name in ``content``) of each
            graphics state it uses.
        version: the lowest PDF version the page needs (``"1.4"``).
        size: the page's width and height, in points.
    """

    content: bytes
    fonts: tuple[tuple[int, str, str], ...]
    styles: tuple[tuple[str, str], ...]
    version: str
    size: tuple[float, float]


def copy_page(pdf: FPDF, page: int = 1) -> PageCopy | None:
    """Page ``page`` of ``pdf`` (before ``pdf.output()``), to paste elsewhere; None if
    the page uses anything but core fonts and graphics states (images, patterns,
    links, annotations ...), or fpdf2 keeps its pages in a way this module does not
    know (draw the page again instead)."""
    try:
        from fpdf.enums import PDFResourceType
        from fpdf.fonts import CoreFont

        record = pdf.pages[page]
        catalog = pdf._resource_catalog
        used = {
            kind: names
            for (number, kind), names in catalog.resources_per_page.items()
            if number == page and names
        }
        if not isinstance(record.contents, bytearray):
            raise _PageCopyError(f"page {page} is not an open content stream")
        content = bytes(record.contents)
        fonts: list[tuple[int, str, str]] = []
        for font in pdf.fonts.values():
            if not isinstance(font, CoreFont):
                raise _PageCopyError(f"font {font!r} is not a core font")
            family = font.fontkey.rstrip("BI")
            style = font.fontkey[len(family) :]
            if style not in _CORE_STYLES:
                raise _PageCopyError(f"font {font.fontkey!r} has an unknown style")
            fonts.append((font.i, family, style))
        styles = tuple((text, str(name)) for text, name in catalog.graphics_styles.items())
        known = {PDFResourceType.FONT, PDFResourceType.EXT_G_STATE}
        if set(used) - known or record.annots or catalog.form_xobjects:
            raise _PageCopyError(f"page {page} uses {sorted(str(k) for k in used)}")
        size = (float(pdf.w_pt), float(pdf.h_pt))
        return PageCopy(content, tuple(fonts), styles, str(pdf.pdf_version), size)
    except (_PageCopyError, AttributeError, ImportError, KeyError, TypeError, IndexError):
        return None


def paste_page(pdf: FPDF, page: PageCopy) -> bool:
    """Add ``page`` as a new page at the end of ``pdf``, exactly as it was drawn; False
    (nothing added) if ``pdf``'s pages are another size.

    The fonts and graphics states it names are added to ``pdf`` (if new) and renamed
    in its content as ``pdf`` numbers them.
    """
    from fpdf.enums import PDFResourceType
    from fpdf.syntax import Name

    if (float(pdf.w_pt), float(pdf.h_pt)) != page.size:
        return False
    pdf.add_page()
    number = pdf.page
    record = pdf.pages[number]
    catalog = pdf._resource_catalog
    font_names: dict[bytes, bytes] = {}
    for old, family, style in page.fonts:
        if f"{family}{style}" not in pdf.fonts:
            pdf.set_font(family, style)  # adds the core font, numbered as fpdf2 does
        new = pdf.fonts[f"{family}{style}"].i
        catalog.add(PDFResourceType.FONT, new, number)
        font_names[str(old).encode()] = str(new).encode()
    style_names: dict[bytes, bytes] = {}
    for text, old_name in page.styles:
        name = catalog.graphics_styles.get(text)
        if name is None:  # as ResourceCatalog.register_graphics_style names it
            name = Name(f"GS{len(catalog.graphics_styles)}")
            catalog.graphics_styles[text] = name
        catalog.add(PDFResourceType.EXT_G_STATE, name, number)
        style_names[old_name.encode()] = str(name).encode()
    content = page.content
    if any(old != new for old, new in font_names.items()):
        content = _FONT.sub(lambda m: b"/F" + font_names[m[1]] + m[2], content)
    if any(old != new for old, new in style_names.items()):
        content = _STYLE.sub(lambda m: b"/" + style_names[m[1]] + m[2], content)
    record.contents = bytearray(content)
    pdf._set_min_pdf_version(page.version)
    return True
