/** A typed chart value: a number, null for blank, undefined when it does not parse (yet). */
export function parseNumber(text: string): number | null | undefined {
  const trimmed = text.trim().replace(/,/g, '');
  if (trimmed === '') return null;
  const number = Number(trimmed);
  return Number.isFinite(number) ? number : undefined;
}
