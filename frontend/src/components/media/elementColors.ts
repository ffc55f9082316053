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

/** The colour of any type string; unknown types (a newer backend) draw like `other`. */
export function elementTypeColor(type: string): string {
  return (ELEMENT_TYPE_COLORS as Record<string, string>)[type] ?? ELEMENT_TYPE_COLORS.other;
}
