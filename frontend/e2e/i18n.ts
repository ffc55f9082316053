import { readFileSync } from 'node:fs';

/**
 * The app's own strings, for specs that run one flow in both interface languages: `t('zh-CN',
 * 'editor:ai.acceptAll')`. Reading the locale files keeps such specs in step with the wording;
 * the flow itself (what appears, what is saved, what is exported) is what they check.
 */
type Tree = { [key: string]: string | Tree };
const cache = new Map<string, Tree>();

function namespace(language: string, ns: string): Tree {
  const file = `${language}/${ns}`;
  let tree = cache.get(file);
  if (!tree) {
    tree = JSON.parse(readFileSync(new URL(`../src/i18n/locales/${file}.json`, import.meta.url), 'utf8')) as Tree;
    cache.set(file, tree);
  }
  return tree;
}

export function t(language: string, key: string, vars: Record<string, string | number> = {}): string {
  const [ns, path] = key.includes(':') ? (key.split(':', 2) as [string, string]) : ['common', key];
  const parts = path.split('.');
  const leaf = parts.pop() as string;
  let node: Tree = namespace(language, ns);
  for (const part of parts) node = node[part] as Tree;
  // i18next plurals: `_one` / `_other` (Chinese uses `_other` for every count).
  const count = vars.count;
  const value = node[leaf] ?? (typeof count === 'number' ? (node[`${leaf}_${count === 1 && language === 'en' ? 'one' : 'other'}`] ?? node[`${leaf}_other`]) : undefined);
  if (typeof value !== 'string') throw new Error(`no string ${language}:${key}`);
  return value.replace(/{{\s*(\w+)[^}]*}}/g, (_, name: string) => String(vars[name] ?? ''));
}

/** A string as a regular expression (for labels matched in part). */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
