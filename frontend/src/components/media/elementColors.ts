/** The element types the PPTX reader reports (spec §3 Template element). */
export const ELEMENT_TYPES = ['text', 'picture', 'table', 'chart', 'shape', 'other'] as const;
export type ElementType = (typeof ELEMENT_TYPES)[number];

/**
 * One outline colour per element type (spec §3), shared by slide previews and the legends and
 * chips that explain them. Picked to stay apart from each other and from the brand colours.
 */
export const ELEMENT_TYPE_COLORS: Record<ElementType, string> = {
  text: '#1E6FD9',
  picture: '#2E8B57',
  table: '#E09A00',
  chart: '#00838F',
  shape: '#C2185B',
  other: '#6D6D6D',
};

/**
 * The same hues darkened for text: a type's name written on a 10% tint of its outline colour
 * (the editor's type chips, also inside a highlighted row) reads at 4.5:1 (WCAG 1.4.3); the outline colours alone fall short
 * there (table's amber reaches 2.2:1).
 */
export const ELEMENT_TYPE_TEXT_COLORS: Record<ElementType, string> = {
  text: '#1B63C1',
  picture: '#267348',
  table: '#8F6300',
  chart: '#006F7A',
  shape: '#BC1758',
  other: '#666666',
};

/** The colour of any type string; unknown types (a newer backend) draw like `other`. */
export function elementTypeColor(type: string): string {
  return (ELEMENT_TYPE_COLORS as Record<string, string>)[type] ?? ELEMENT_TYPE_COLORS.other;
}

/** The text colour of any type string, for its name on the type's tint. */
export function elementTypeTextColor(type: string): string {
  return (ELEMENT_TYPE_TEXT_COLORS as Record<string, string>)[type] ?? ELEMENT_TYPE_TEXT_COLORS.other;
}
