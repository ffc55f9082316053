"""Keeping a slide's animations valid after its text changed.

An animation "by paragraph" targets a paragraph range of a shape (`p:spTgt/p:txEl/p:pRg`).
When filling leaves fewer paragraphs than a target names, PowerPoint reports the file as
needing repair. Such effects are removed (the rest of the slide's animation stays), and
containers left empty are removed up the tree, because an empty `p:childTnLst` is invalid too.
"""

from __future__ import annotations

from typing import Any

from slidewright.pptx_engine.ooxml import int_attr, qn

_TIMING = qn("p:timing")
_SP_TGT = qn("p:spTgt")
_P_RG = f"{qn('p:txEl')}/{qn('p:pRg')}"
_PAR = qn("p:par")
_CHILD_TN_LST = qn("p:childTnLst")
_BLD_P = qn("p:bldP")


def prune_paragraph_targets(slide: Any, shape_id: int, paragraph_count: int) -> None:
    """Remove animation effects that target paragraph `paragraph_count` or later of a shape."""
    timing = slide.find(_TIMING)
    if timing is None:
        return
    spid = str(shape_id)
    for target in list(timing.iter(_SP_TGT)):
        if target.get("spid") != spid:
            continue
        paragraph_range = target.find(_P_RG)
        if paragraph_range is None:
            continue
        if max(int_attr(paragraph_range, "st"), int_attr(paragraph_range, "end")) < (
            paragraph_count
        ):
            continue
        _remove_effect(timing, target)


def remove_shape_targets(slide: Any, shape_id: int) -> None:
    """Remove every animation effect and build entry of a shape (used when a shape's kind
    changes and its old effects would no longer apply)."""
    timing = slide.find(_TIMING)
    if timing is None:
        return
    spid = str(shape_id)
    for target in list(timing.iter(_SP_TGT)):
        if target.get("spid") == spid:
            _remove_effect(timing, target)
    for build in list(timing.iter(_BLD_P)):
        if build.get("spid") == spid:
            build.getparent().remove(build)
    _drop_if_empty(slide, timing)


def _remove_effect(timing: Any, target: Any) -> None:
    effect = next((a for a in target.iterancestors(_PAR)), None)
    if effect is None or effect.getparent() is None:
        return
    node = effect
    parent = node.getparent()
    parent.remove(node)
    # Climb: a time-node list left empty makes its owning p:par empty too.
    while parent is not None and parent.tag == _CHILD_TN_LST and len(parent) == 0:
        owner = parent.getparent()  # p:cTn
        container = None if owner is None else owner.getparent()  # p:par / p:seq / ...
        if container is None or container.getparent() is None:
            break
        grand = container.getparent()
        grand.remove(container)
        parent = grand
    slide = timing.getparent()
    if slide is not None:
        _drop_if_empty(slide, timing)


def _drop_if_empty(slide: Any, timing: Any) -> None:
    targeted = {target.get("spid") for target in timing.iter(_SP_TGT)}
    if not targeted:
        if timing.getparent() is slide:
            slide.remove(timing)
        return
    # A build entry for a shape that has no effect left describes nothing.
    for build in list(timing.iter(_BLD_P)):
        if build.get("spid") not in targeted:
            parent = build.getparent()
            parent.remove(build)
            if len(parent) == 0 and parent.getparent() is not None:
                parent.getparent().remove(parent)
