import type { ElementType, OrderBasis, ServerSlide, SlideIn, TemplateElement } from '../types';

/**
 * The editor's document: the project's slides with every optional field filled in, so actions
 * and selectors never deal with `undefined`. Element values follow ARCHITECTURE §4: text is a
 * string, a picture a gallery image reference, a table `{rows}`, a chart `{categories, series}`.
 */
export interface EditorSlide {
  id: string;
  contentDescription: string;
  aiSuggestionReasonForContentDescription: string;
  pptxSlideNumber: number | null;
  aiSuggestionReasonForPptxSlideNumber: string;
  formData: Record<string, unknown>;
  lockedElementNames: string[];
  notes: string;
  /** The slide order its agenda or speaker notes were written for (see order.ts); null: none. */
  writtenForOrder: OrderBasis | null;
}

export interface EditorState {
  slides: EditorSlide[];
}

export type TableCell = string | number;
export interface TableValue {
  rows: TableCell[][];
}
export interface ChartSeries {
  name: string;
  values: (number | null)[];
}
export interface ChartValue {
  categories: string[];
  series: ChartSeries[];
}

/** The element types that take a value; shapes and `other` are decorative (the server refuses values). */
export const FILLABLE_TYPES: ReadonlySet<ElementType> = new Set(['text', 'picture', 'table', 'chart']);

export function fromServerSlide(slide: ServerSlide): EditorSlide {
  return {
    id: slide.id,
    contentDescription: slide.contentDescription ?? '',
    aiSuggestionReasonForContentDescription: slide.aiSuggestionReasonForContentDescription ?? '',
    pptxSlideNumber: slide.pptxSlideNumber ?? null,
    aiSuggestionReasonForPptxSlideNumber: slide.aiSuggestionReasonForPptxSlideNumber ?? '',
    formData: slide.formData ?? {},
    lockedElementNames: slide.lockedElementNames ?? [],
    notes: slide.notes ?? '',
    writtenForOrder: slide.writtenForOrder ?? null,
  };
}

export function toSlideIn(slide: EditorSlide): SlideIn {
  return { ...slide };
}

/** A new slide's id: kept by the server, so undo, merges and drag and drop can follow it. */
export function newSlideId(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `s-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

export function emptySlide(contentDescription = '', id = newSlideId()): EditorSlide {
  return {
    id,
    contentDescription,
    aiSuggestionReasonForContentDescription: '',
    pptxSlideNumber: null,
    aiSuggestionReasonForPptxSlideNumber: '',
    formData: {},
    lockedElementNames: [],
    notes: '',
    writtenForOrder: null,
  };
}

/**
 * Spec §4: a slide's `lockedElementNames` inverts the template's own lock for those names, so a
 * template-locked element can be unlocked for one slide and an unlocked one locked.
 */
export function isElementLocked(element: Pick<TemplateElement, 'name' | 'isLocked'>, slide: Pick<EditorSlide, 'lockedElementNames'>): boolean {
  return element.isLocked !== slide.lockedElementNames.includes(element.name);
}

export function isTableValue(value: unknown): value is TableValue {
  return typeof value === 'object' && value !== null && Array.isArray((value as TableValue).rows);
}

export function isChartValue(value: unknown): value is ChartValue {
  return (
    typeof value === 'object' &&
    value !== null &&
    Array.isArray((value as ChartValue).categories) &&
    Array.isArray((value as ChartValue).series)
  );
}

/** Whether an element counts as filled: blank text, an empty grid or an empty chart do not. */
export function hasValue(type: ElementType, value: unknown): boolean {
  if (value === undefined || value === null) return false;
  switch (type) {
    case 'text':
    case 'picture':
      return typeof value === 'string' && value.trim() !== '';
    case 'table':
      return isTableValue(value) && value.rows.some((row) => row.some((cell) => String(cell).trim() !== ''));
    case 'chart':
      return (
        isChartValue(value) &&
        value.categories.length > 0 &&
        value.series.some((series) => Array.isArray(series.values) && series.values.some((v) => typeof v === 'number'))
      );
    default:
      return false;
  }
}

/** The elements a user fills: fillable, visible in the template. */
export function editableElements(elements: readonly TemplateElement[]): TemplateElement[] {
  return elements.filter((element) => FILLABLE_TYPES.has(element.type) && !element.hidden);
}

export interface Completeness {
  filled: number;
  total: number;
}

/** Spec §4: unlocked elements that have a value, out of all unlocked (fillable) elements. */
export function slideCompleteness(slide: EditorSlide, elements: readonly TemplateElement[]): Completeness {
  const unlocked = editableElements(elements).filter((element) => !isElementLocked(element, slide));
  return {
    filled: unlocked.filter((element) => hasValue(element.type, slide.formData[element.name])).length,
    total: unlocked.length,
  };
}

/** Unlocked elements still without a value (the "empty elements" banner). */
export function emptyElementNames(slide: EditorSlide, elements: readonly TemplateElement[]): string[] {
  return editableElements(elements)
    .filter((element) => !isElementLocked(element, slide) && !hasValue(element.type, slide.formData[element.name]))
    .map((element) => element.name);
}

/** The empty value an editor starts from, shaped like the template's own table or chart. */
export function emptyValueFor(element: TemplateElement): unknown {
  if (element.type === 'table') {
    const rows = Math.max(2, element.table?.rows ?? 3);
    const cols = Math.max(1, element.table?.cols ?? 3);
    return { rows: Array.from({ length: rows }, () => Array.from({ length: cols }, () => '')) } satisfies TableValue;
  }
  if (element.type === 'chart') {
    const categories = Math.max(1, element.chart?.categoryCount ?? 3);
    const series = Math.max(1, element.chart?.seriesCount ?? 1);
    return {
      categories: Array.from({ length: categories }, () => ''),
      series: Array.from({ length: series }, () => ({ name: '', values: Array.from({ length: categories }, () => null) })),
    } satisfies ChartValue;
  }
  return '';
}

/** 1-based positions, as users count slides. */
export interface DeckIssues {
  missingDescription: number[];
  unassignedTemplate: number[];
  emptyElements: number[];
}

export function deckIssues(slides: readonly EditorSlide[], elementsOf: (slideNumber: number) => readonly TemplateElement[] | null): DeckIssues {
  const issues: DeckIssues = { missingDescription: [], unassignedTemplate: [], emptyElements: [] };
  slides.forEach((slide, index) => {
    const position = index + 1;
    if (!slide.contentDescription.trim()) issues.missingDescription.push(position);
    if (slide.pptxSlideNumber === null) {
      issues.unassignedTemplate.push(position);
      return;
    }
    const elements = elementsOf(slide.pptxSlideNumber);
    if (elements && emptyElementNames(slide, elements).length > 0) issues.emptyElements.push(position);
  });
  return issues;
}

/** Structural equality for plain JSON data (slides, formData values). */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, index) => deepEqual(item, b[index]));
  }
  const aRecord = a as Record<string, unknown>;
  const bRecord = b as Record<string, unknown>;
  const aKeys = Object.keys(aRecord).filter((key) => aRecord[key] !== undefined);
  const bKeys = Object.keys(bRecord).filter((key) => bRecord[key] !== undefined);
  return aKeys.length === bKeys.length && aKeys.every((key) => deepEqual(aRecord[key], bRecord[key]));
}

/** `set` with `key` added, or removed when it was there (tick boxes kept as a set). */
export function toggleMember<T>(set: ReadonlySet<T>, key: T): ReadonlySet<T> {
  const next = new Set(set);
  if (next.has(key)) next.delete(key);
  else next.add(key);
  return next;
}
