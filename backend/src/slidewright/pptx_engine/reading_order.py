"""Reading order: the visual order of a slide's shapes, and a z-order-safe way to reach it.

Screen readers (and PowerPoint's Reading Order pane) read a slide's shapes in the order of its
shape tree, which is also the drawing (z-) order: later shapes are drawn on top. Templates are
often built in whatever order the designer added things, so a source note may be read before
the table it describes.

`visual_order` is what a sighted reader sees: the title first, then the rest top to bottom and
left to right, found by recursive XY-cut (split the shapes at the widest blank band between
them, horizontal or vertical, and read the parts in order). Columns therefore read one after
the other (a two-column comparison reads the left column, then the right), rows one below the
other. Shapes that overlap so no band separates them read the one that contains the others
first (a panel behind its text), else top to bottom, then left to right.

`z_safe_order` moves shapes towards that order without changing the picture: two shapes whose
areas overlap keep their relative order (swapping them would change which one is drawn on
top), anything else may move. It is a topological sort of the "must stay below" constraints
that always picks the next shape in visual order; shapes no one reads (decoration) go as early
as their constraints allow, so they stay behind the content. When the constraints make the
visual order impossible, the result is the closest order that keeps the drawing, and the caller
reports it.
"""

from __future__ import annotations

import heapq
from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Box:
    """An axis-aligned box in EMU; `margin` widens it for overlap tests (shadows, lines)."""

    x: float
    y: float
    width: float
    height: float
    margin: float = 0.0

    @property
    def right(self) -> float:
        return self.x + self.width

    @property
    def bottom(self) -> float:
        return self.y + self.height

    def overlaps(self, other: Box) -> bool:
        """Whether what is drawn of the two could touch (positive area, margins included)."""
        reach = self.margin + other.margin
        return (
            self.x - reach < other.right
            and other.x - reach < self.right
            and self.y - reach < other.bottom
            and other.y - reach < self.bottom
        )

    def contains(self, other: Box) -> bool:
        return (
            self.x <= other.x
            and self.y <= other.y
            and self.right >= other.right
            and self.bottom >= other.bottom
        )


@dataclass(frozen=True)
class Item:
    """A top-level shape as the ordering sees it: its position in the tree, its box, whether a
    screen reader reads it (`content`), whether it is the slide title, and whether it is drawn
    at all (a hidden shape is neither read nor drawn, so it constrains nothing)."""

    index: int
    box: Box
    content: bool
    title: bool = False
    drawn: bool = True


def visual_order(items: Sequence[Item]) -> list[int]:
    """The indexes of the content items in visual reading order (titles first)."""
    content = [item for item in items if item.content]
    titles = sorted((i for i in content if i.title), key=lambda i: (i.box.y, i.box.x, i.index))
    rest = [item for item in content if not item.title]
    return [item.index for item in titles] + [item.index for item in _xy_cut(rest)]


def _xy_cut(items: list[Item]) -> list[Item]:
    if len(items) <= 1:
        return list(items)
    splits = [
        split
        for split in (_split(items, horizontal=True), _split(items, horizontal=False))
        if split is not None
    ]
    if splits:
        # The widest blank band wins; on a tie (max keeps the first) rows read first.
        groups, _ = max(splits, key=lambda split: split[1])
        return [item for group in groups for item in _xy_cut(group)]
    # No band separates them: a shape that holds all the others (a panel) reads first.
    for item in sorted(items, key=lambda i: -i.box.width * i.box.height):
        others = [other for other in items if other is not item]
        if all(item.box.contains(other.box) for other in others):
            return [item, *_xy_cut(others)]
    return sorted(items, key=lambda i: (i.box.y, i.box.x, i.index))


def _split(items: list[Item], *, horizontal: bool) -> tuple[list[list[Item]], float] | None:
    """Groups of items separated by blank bands across (horizontal) or down the region, in
    reading order, with the widest band's size; None when nothing separates them."""

    def span(item: Item) -> tuple[float, float]:
        box = item.box
        return (box.y, box.bottom) if horizontal else (box.x, box.right)

    ordered = sorted(items, key=lambda i: (span(i)[0], i.index))
    groups: list[list[Item]] = [[ordered[0]]]
    end = span(ordered[0])[1]
    widest = 0.0
    for item in ordered[1:]:
        start, stop = span(item)
        if start > end:  # a blank band: touching shapes do not split
            widest = max(widest, start - end)
            groups.append([item])
        else:
            groups[-1].append(item)
        end = max(end, stop)
    return (groups, widest) if len(groups) > 1 else None


def z_safe_order(items: Sequence[Item], wanted: Sequence[int]) -> list[int]:
    """All item indexes in a drawing-preserving order as close to `wanted` as it can be.

    `items` are in their current (z-) order; `wanted` lists the content items' indexes in the
    order they should be read. Overlapping shapes keep their relative order.
    """
    rank = {index: position for position, index in enumerate(wanted)}
    after: dict[int, list[int]] = {item.index: [] for item in items}
    waiting = {item.index: 0 for item in items}
    for position, lower in enumerate(items):
        for upper in items[position + 1 :]:
            if lower.drawn and upper.drawn and lower.box.overlaps(upper.box):
                after[lower.index].append(upper.index)
                waiting[upper.index] += 1

    def priority(item: Item) -> tuple[int, int]:
        # Shapes no one reads go first, in their own order; then content in visual order.
        if item.index in rank:
            return (1, rank[item.index])
        return (0, item.index)

    by_index = {item.index: item for item in items}
    ready = [(priority(item), item.index) for item in items if waiting[item.index] == 0]
    heapq.heapify(ready)
    order: list[int] = []
    while ready:
        _, index = heapq.heappop(ready)
        order.append(index)
        for above in after[index]:
            waiting[above] -= 1
            if waiting[above] == 0:
                heapq.heappush(ready, (priority(by_index[above]), above))
    return order
