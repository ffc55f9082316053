import { describe, expect, it } from 'vitest';
import { joinCjkText } from './joinCjkLines';

describe('joinCjkText', () => {
  it('removes a line break between Chinese characters', () => {
    expect(joinCjkText('AI 助手帮您\n撰写内容')).toBe('AI 助手帮您撰写内容');
  });

  it('removes it after full-width punctuation', () => {
    expect(joinCjkText('项目、\n模板')).toBe('项目、模板');
  });

  it('keeps breaks next to Latin text', () => {
    expect(joinCjkText('uses the\nAPI')).toBe('uses the\nAPI');
    expect(joinCjkText('使用\nSlidewright')).toBe('使用\nSlidewright');
  });
});
