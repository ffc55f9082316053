/** DOM ids the editor scrolls to and focuses (cards from the rail, editors from the preview). */
export function slideAnchorId(slideId: string) {
  return `slide-${slideId}`;
}

export function elementInputId(slideId: string, name: string) {
  return `element-${slideId}-${name.replace(/[^A-Za-z0-9_-]/g, '_')}`;
}
