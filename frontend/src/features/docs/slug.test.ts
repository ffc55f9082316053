import { describe, expect, it } from 'vitest';
import { slugify, textOf } from './slug';

describe('slugify', () => {
  it.each([
    ['Getting started', 'getting-started'],
    ['Signing in and out', 'signing-in-and-out'],
    ['What’s new? (v2)', 'whats-new-v2'],
    ['快速开始', '快速开始'],
    ['PPTX 模板', 'pptx-模板'],
  ])('%s -> %s', (text, slug) => {
    expect(slugify(text)).toBe(slug);
  });
});

describe('textOf', () => {
  it('joins nested text', () => {
    const node = {
      type: 'element',
      children: [
        { type: 'text', value: 'Hello ' },
        { type: 'element', children: [{ type: 'text', value: 'world' }] },
      ],
    };
    expect(textOf(node)).toBe('Hello world');
  });
});
