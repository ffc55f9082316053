import { deepEqual, type EditorSlide } from './model';

/**
 * Three-way rebase of local edits onto a newer server deck: the answer to a 409
 * `version_conflict` (ARCHITECTURE §4). `base` is the deck the local edits started from, `mine`
 * the local deck, `theirs` the server's latest. Whatever this tab changed relative to `base` is
 * reapplied on top of `theirs`; everything else comes from `theirs`. Nothing typed here is lost:
 *
 * - fields merge one by one (description, notes, template slide number...), formData element by
 *   element, locks name by name; where both sides changed the same field, this tab wins (its user
 *   is looking at it and is told about the reload);
 * - slides added here are inserted after the slide they followed; slides deleted here stay
 *   deleted; a slide deleted elsewhere but edited here is kept;
 * - if this tab reordered slides its order wins, otherwise the server's does.
 *
 * Unchanged slides keep their object identity from `mine` so memoised slide cards do not re-render.
 */
export function rebaseSlides(base: readonly EditorSlide[], mine: readonly EditorSlide[], theirs: readonly EditorSlide[]): EditorSlide[] {
  if (mine === base) return theirs.slice();
  const baseById = byId(base);
  const mineById = byId(mine);
  const theirsById = byId(theirs);

  const kept = new Set<string>();
  for (const slide of theirs) {
    const deletedHere = baseById.has(slide.id) && !mineById.has(slide.id);
    if (!deletedHere) kept.add(slide.id);
  }
  for (const slide of mine) {
    const original = baseById.get(slide.id);
    const addedHere = !original;
    const editedHereDeletedThere = original !== undefined && !theirsById.has(slide.id) && !deepEqual(original, slide);
    if (addedHere || editedHereDeletedThere) kept.add(slide.id);
  }

  const order = mergeOrder(base, mine, theirs, kept);
  return order.map((id) => {
    const mineSlide = mineById.get(id);
    const theirsSlide = theirsById.get(id);
    const baseSlide = baseById.get(id);
    if (!theirsSlide) return mineSlide as EditorSlide;
    if (!mineSlide || !baseSlide) return theirsSlide;
    const merged = mergeSlide(baseSlide, mineSlide, theirsSlide);
    return deepEqual(merged, mineSlide) ? mineSlide : merged;
  });
}

function byId(slides: readonly EditorSlide[]) {
  return new Map(slides.map((slide) => [slide.id, slide]));
}

const SCALAR_FIELDS = [
  'contentDescription',
  'aiSuggestionReasonForContentDescription',
  'pptxSlideNumber',
  'aiSuggestionReasonForPptxSlideNumber',
  'notes',
  'writtenForOrder',
] as const;

function mergeSlide(base: EditorSlide, mine: EditorSlide, theirs: EditorSlide): EditorSlide {
  const merged: EditorSlide = { ...theirs };
  for (const field of SCALAR_FIELDS) {
    if (!deepEqual(mine[field], base[field])) (merged as unknown as Record<string, unknown>)[field] = mine[field];
  }
  if (mine.pptxSlideNumber !== base.pptxSlideNumber) {
    // Values belong to the template slide this tab chose: keep them together.
    merged.formData = mine.formData;
    merged.lockedElementNames = mine.lockedElementNames;
    return merged;
  }
  merged.formData = mergeRecord(base.formData, mine.formData, theirs.formData);
  merged.lockedElementNames = mergeSet(base.lockedElementNames, mine.lockedElementNames, theirs.lockedElementNames);
  return merged;
}

function mergeRecord(base: Record<string, unknown>, mine: Record<string, unknown>, theirs: Record<string, unknown>) {
  const result: Record<string, unknown> = { ...theirs };
  for (const key of new Set([...Object.keys(base), ...Object.keys(mine)])) {
    if (deepEqual(mine[key], base[key])) continue;
    if (mine[key] === undefined) delete result[key];
    else result[key] = mine[key];
  }
  return result;
}

function mergeSet(base: readonly string[], mine: readonly string[], theirs: readonly string[]) {
  const result = new Set(theirs);
  for (const name of mine) if (!base.includes(name)) result.add(name);
  for (const name of base) if (!mine.includes(name)) result.delete(name);
  return [...result];
}

function sameOrder(a: readonly string[], b: readonly string[]) {
  return a.length === b.length && a.every((id, index) => id === b[index]);
}

function mergeOrder(base: readonly EditorSlide[], mine: readonly EditorSlide[], theirs: readonly EditorSlide[], kept: Set<string>): string[] {
  const baseIds = base.map((slide) => slide.id);
  const mineIds = mine.map((slide) => slide.id);
  const common = new Set(baseIds.filter((id) => mineIds.includes(id)));
  const reorderedHere = !sameOrder(
    baseIds.filter((id) => common.has(id)),
    mineIds.filter((id) => common.has(id)),
  );
  const [primary, secondary] = reorderedHere ? [mineIds, theirs.map((slide) => slide.id)] : [theirs.map((slide) => slide.id), mineIds];
  const result = primary.filter((id) => kept.has(id));
  secondary.forEach((id, index) => {
    if (!kept.has(id) || result.includes(id)) return;
    // After the nearest earlier slide of the secondary order that is already placed.
    let anchor = -1;
    for (let previous = index - 1; previous >= 0; previous -= 1) {
      anchor = result.indexOf(secondary[previous] as string);
      if (anchor >= 0) break;
    }
    result.splice(anchor + 1, 0, id);
  });
  return result;
}
