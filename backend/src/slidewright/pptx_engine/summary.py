"""A human-readable tree of a parsed deck, for `slidewright pptx inspect FILE`."""

from __future__ import annotations

from slidewright.pptx_engine.model import ParsedDeck, TemplateElement

SNIPPET_CHARS = 60


def _snippet(text: str) -> str:
    lines = (line.replace("\t", " | ").strip() for line in text.splitlines())
    flat = " / ".join(line for line in lines if line)
    return flat if len(flat) <= SNIPPET_CHARS else flat[: SNIPPET_CHARS - 1] + "…"


def _element_line(index: int, element: TemplateElement) -> str:
    b = element.boundary
    flags = [flag for flag, on in (("locked", element.is_locked), ("hidden", element.hidden)) if on]
    details: list[str] = []
    if element.placeholder:
        details.append(f"ph={element.placeholder.type}#{element.placeholder.idx}")
    if element.table:
        details.append(f"{element.table.rows}x{element.table.cols}")
    if element.chart:
        c = element.chart
        details.append(f"{c.chart_type}, {c.category_count} categories, {c.series_count} series")
    if element.capacity:
        details.append(f"~{element.capacity.max_chars} chars")
    line = (
        f"  [{index}] {element.type:<7} {element.name!r} "
        f"@ {b.x:g},{b.y:g} {b.width:g}x{b.height:g} in"
    )
    if details:
        line += f" ({'; '.join(details)})"
    if flags:
        line += f" [{', '.join(flags)}]"
    snippet = _snippet(element.inner_text)
    if snippet:
        line += f"\n        {snippet!r}"
    return line


def inspect_summary(deck: ParsedDeck) -> str:
    """One block per slide: number, layout, flags, notes, then one line per element."""
    lines = [
        f"Deck {deck.slide_width_in:g} x {deck.slide_height_in:g} in, {len(deck.slides)} slide(s)"
    ]
    for slide in deck.slides:
        header = f"Slide {slide.slide_number}: layout {slide.layout_name!r}"
        if slide.hidden:
            header += " [hidden]"
        lines.append(header)
        lines.extend(_element_line(i, element) for i, element in enumerate(slide.elements))
        if not slide.elements:
            lines.append("  (no elements)")
        if slide.notes.strip():
            lines.append(f"  notes: {_snippet(slide.notes)!r}")
    return "\n".join(lines)
