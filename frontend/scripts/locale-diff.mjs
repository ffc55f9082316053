// Compares one translation (zh-CN) against the source language (en), namespace by namespace.
// Kept free of file-system access so the rules can be unit-tested (locale-diff.test.mjs).

// i18next plural forms: zh-CN only has `_other`, so `key_one` in en must not count as missing.
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
const PLACEHOLDER = /{{\s*([\w.]+)\s*}}/g;

/** Flattens nested resources into `a.b.c` -> string; non-string leaves are reported as such. */
export function flatten(resource, prefix = '') {
  const entries = {};
  for (const [key, value] of Object.entries(resource)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      Object.assign(entries, flatten(value, path));
    } else {
      entries[path] = value;
    }
  }
  return entries;
}

function placeholders(text) {
  return new Set([...String(text).matchAll(PLACEHOLDER)].map((match) => match[1]));
}

/** Groups plural variants under their base key: {base: [values...]}. */
function byBaseKey(flat) {
  const groups = new Map();
  for (const [key, value] of Object.entries(flat)) {
    const base = key.replace(PLURAL_SUFFIX, '');
    groups.set(base, [...(groups.get(base) ?? []), value]);
  }
  return groups;
}

/**
 * Problems of `translation` relative to `source`, as human-readable strings:
 * missing keys, extra keys, empty or non-string values, and `{{placeholders}}` the source uses
 * but the translation lacks.
 */
export function diffResources(source, translation, namespace) {
  const problems = [];
  const sourceGroups = byBaseKey(flatten(source));
  const translationGroups = byBaseKey(flatten(translation));
  for (const [key, sourceValues] of sourceGroups) {
    const translated = translationGroups.get(key);
    if (!translated) {
      problems.push(`${namespace}: missing key "${key}"`);
      continue;
    }
    if (translated.some((value) => typeof value !== 'string' || value.trim() === '')) {
      problems.push(`${namespace}: empty or non-string value for "${key}"`);
      continue;
    }
    const wanted = new Set(sourceValues.flatMap((value) => [...placeholders(value)]));
    for (const value of translated) {
      const present = placeholders(value);
      for (const name of wanted) {
        if (!present.has(name)) {
          problems.push(`${namespace}: "${key}" lacks placeholder {{${name}}}`);
        }
      }
    }
  }
  for (const key of translationGroups.keys()) {
    if (!sourceGroups.has(key)) problems.push(`${namespace}: extra key "${key}"`);
  }
  return problems;
}

/** Compares whole locales given as {namespace: resource}. */
export function diffLocales(sourceLocale, translationLocale) {
  const problems = [];
  for (const [namespace, resource] of Object.entries(sourceLocale)) {
    if (!(namespace in translationLocale)) {
      problems.push(`${namespace}: namespace file missing`);
      continue;
    }
    problems.push(...diffResources(resource, translationLocale[namespace], namespace));
  }
  for (const namespace of Object.keys(translationLocale)) {
    if (!(namespace in sourceLocale)) problems.push(`${namespace}: extra namespace file`);
  }
  return problems;
}
