/**
 * A remark plugin: a line break inside a paragraph renders as a space, which is right between
 * English words but wrong between Chinese characters ("帮您 撰写"). Breaks with CJK text (or
 * full-width punctuation) on both sides are removed, so hard-wrapped Chinese markdown reads as
 * written. Breaks next to Latin text keep their space.
 */
const CJK = '\\u2e80-\\u2fff\\u3000-\\u30ff\\u3400-\\u4dbf\\u4e00-\\u9fff\\uf900-\\ufaff\\uff00-\\uffef';
const BREAK_BETWEEN_CJK = new RegExp(`([${CJK}])[ \\t]*\\r?\\n[ \\t]*(?=[${CJK}])`, 'gu');

interface MdNode {
  type: string;
  value?: string;
  children?: MdNode[];
}

export function joinCjkText(text: string): string {
  return text.replace(BREAK_BETWEEN_CJK, '$1');
}

function visit(node: MdNode): void {
  if (node.type === 'text' && typeof node.value === 'string') node.value = joinCjkText(node.value);
  node.children?.forEach(visit);
}

export function remarkJoinCjkLines() {
  return (tree: MdNode) => visit(tree);
}
