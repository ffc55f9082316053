"""Per-slide unique element names: the key of a project slide's formData.

Shape names repeat in real decks (copy-paste gives two "Picture 3"s), and some are empty. The
first occurrence keeps its name, later ones get " (2)", " (3)", ... and an empty name becomes
"Shape {id}". A suffix that would collide with a real name is skipped, so names stay unique.
"""

from __future__ import annotations


class UniqueNames:
    def __init__(self) -> None:
        self._taken: set[str] = set()

    def claim(self, raw_name: str | None, shape_id: int) -> str:
        base = (raw_name or "").strip() or f"Shape {shape_id}"
        name = base
        counter = 1
        while name in self._taken:
            counter += 1
            name = f"{base} ({counter})"
        self._taken.add(name)
        return name
