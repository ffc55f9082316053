/**
 * Heading anchors like GitHub's, so a manual's table of contents can link `#getting-started`
 * or `#快速开始`: lowercase, punctuation dropped (letters and digits of any script kept),
 * spaces as dashes.
 */
export function slugify(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s-]/gu, '')
    .replace(/\s+/g, '-');
}

interface HastLike {
  type: string;
  value?: string;
  children?: HastLike[];
}

/** The plain text of a rendered markdown element (hast node). */
export function textOf(node: HastLike | undefined): string {
  if (!node) return '';
  if (node.type === 'text') return node.value ?? '';
  return (node.children ?? []).map(textOf).join('');
}
