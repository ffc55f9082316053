import { describe, expect, it } from 'vitest';
import { diffLocales, diffResources } from './locale-diff.mjs';

describe('diffResources', () => {
  it('accepts a complete translation', () => {
    const en = { a: 'Hello {{name}}', nested: { b: 'B' } };
    const zh = { a: '你好 {{name}}', nested: { b: '乙' } };
    expect(diffResources(en, zh, 'ns')).toEqual([]);
  });

  it('reports a missing nested key', () => {
    expect(diffResources({ nested: { b: 'B' } }, { nested: {} }, 'ns')).toEqual([
      'ns: missing key "nested.b"',
    ]);
  });

  it('reports an extra key', () => {
    expect(diffResources({}, { stray: 'x' }, 'ns')).toEqual(['ns: extra key "stray"']);
  });

  it('reports a missing placeholder', () => {
    expect(diffResources({ a: 'At least {{minLength}}' }, { a: '至少' }, 'ns')).toEqual([
      'ns: "a" lacks placeholder {{minLength}}',
    ]);
  });

  it('reports an empty value', () => {
    expect(diffResources({ a: 'A' }, { a: ' ' }, 'ns')).toEqual([
      'ns: empty or non-string value for "a"',
    ]);
  });

  it('lets Chinese use only the _other plural form', () => {
    const en = { item_one: '{{count}} item', item_other: '{{count}} items' };
    expect(diffResources(en, { item_other: '{{count}} 项' }, 'ns')).toEqual([]);
  });
});

describe('diffLocales', () => {
  it('reports missing and extra namespace files', () => {
    expect(diffLocales({ a: {} }, { b: {} })).toEqual([
      'a: namespace file missing',
      'b: extra namespace file',
    ]);
  });
});
