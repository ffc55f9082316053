"""Built-in templates: three professional 16:9 decks generated in python-pptx code.

Each template is a real corporate-style package (theme colours and fonts, a slide master with
text styles, one layout per slide kind, placeholders that inherit their styling) holding ten
sample slides: title, agenda, section header, bullets, two-column comparison, picture and text,
chart, table, quote and closing, in an English and a Chinese edition (`editions.py`). Every
fillable element carries a stable, readable name and realistic sample text, because the reader
estimates an element's capacity from it.

No binary is committed: `build(key)` produces the same bytes on every run, and
`python -m slidewright.builtin OUTDIR` writes them all. This package is the one place outside
`pptx_engine` allowed to import python-pptx (see ARCHITECTURE.md §3).
"""

from slidewright.builtin.catalog import (
    BUILTIN_TEMPLATES,
    BuiltinTemplate,
    SlideDescription,
    build,
    edition_key,
    edition_of,
    get_template,
    write_all,
)
from slidewright.builtin.editions import EDITIONS, Edition, edition_for

__all__ = [
    "BUILTIN_TEMPLATES",
    "EDITIONS",
    "BuiltinTemplate",
    "Edition",
    "SlideDescription",
    "build",
    "edition_for",
    "edition_key",
    "edition_of",
    "get_template",
    "write_all",
]
