"""SVG pictures on a worksheet page: read once per process, placed in a box, and the
smallest text they print (for the layout check of :mod:`.layout`)."""

from __future__ import annotations

import functools
import io
import re
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from fpdf import FPDF
    from fpdf.svg import SVGObject

__all__ = ["MM_PER_PT", "place_svg", "smallest_svg_text", "svg_picture"]

#: Millimetres in a point.
MM_PER_PT = 25.4 / 72

_SVG_FONT_RE = re.compile(r'font-size="([0-9.]+)"')
_SVG_VIEWBOX_RE = re.compile(r'viewBox="[-0-9.]+ [-0-9.]+ ([0-9.]+) [0-9.]+"')


@functools.lru_cache(maxsize=512)
def svg_picture(data: bytes) -> SVGObject:
    """The SVG document ``data`` read by fpdf2, once per process (a class set places
    the same card pictures again and again; reading one takes longer than drawing it).

    Raises:
        ValueError: as ``fpdf.svg.SVGObject``, for data that is not SVG.
    """
    from fpdf.svg import SVGObject

    return SVGObject(data)


def place_svg(pdf: FPDF, picture: SVGObject, x: float, y: float, w: float, h: float) -> Any:
    """Draw ``picture`` in the box (x, y, w, h) mm: what ``FPDF.image`` does with an SVG
    of a ``viewBox`` given both ``w`` and ``h`` (the same PDF), without reading it again.
    """
    from fpdf.drawing import Transform
    from fpdf.image_datastructures import VectorImageInfo
    from fpdf.svg import apply_svg_transform_to_user_space_gradients

    # transform_to_rect_viewport sets the picture's transform afresh each time
    _, _, path = picture.transform_to_rect_viewport(
        scale=1, width=w, height=h, ignore_svg_top_attrs=True
    )
    path.transform = (path.transform or Transform.identity()) @ Transform.translation(x, y)
    apply_svg_transform_to_user_space_gradients(path)
    old_x, old_y = pdf.x, pdf.y
    try:
        pdf.set_xy(0, 0)
        pdf.draw_path(path, copy=False)
    finally:
        pdf.set_xy(old_x, old_y)
    return VectorImageInfo(rendered_width=w, rendered_height=h)


def smallest_svg_text(source: Any, width_mm: float) -> float | None:
    """The smallest font size (pt) in an SVG image placed ``width_mm`` wide, or None."""
    if not isinstance(source, io.BytesIO):
        return None
    data = source.getvalue().decode("utf-8", "replace")
    sizes = [float(size) for size in _SVG_FONT_RE.findall(data)]
    view = _SVG_VIEWBOX_RE.search(data)
    if not sizes or view is None:
        return None
    return min(sizes) * width_mm / float(view[1]) / MM_PER_PT
