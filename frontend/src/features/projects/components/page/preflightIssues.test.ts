import { describe, expect, it } from 'vitest';
import { initI18n } from '@/i18n/i18n';
import type { PreflightIssue, PreflightReport } from '../../api/exportPreflight';
import { bySeverity, countByKind, describeIssue } from './preflightIssues';

const i18n = initI18n('en');
const en = i18n.getFixedT('en', 'export');
const zh = i18n.getFixedT('zh-CN', 'export');

describe('describeIssue', () => {
  it('gives an English interface the server’s detail of an “other” problem, and no one else', () => {
    const issue = { kind: 'other' as const, element: 'Chart 1', message: 'series padded to 3 categories' };
    expect(describeIssue(en, issue, 'en')).toBe('Chart 1: Could not be filled exactly as entered — series padded to 3 categories');
    expect(describeIssue(zh, issue, 'zh-CN')).toBe('Chart 1：无法完全按输入内容填充');
  });

  it('words an “other” problem from its engine code, in every language', () => {
    const issue = { kind: 'other' as const, element: 'Chart', code: 'chart_data_adjusted' as const, message: '2 empty categories (no label, no values) were left out' };
    expect(describeIssue(zh, issue, 'zh-CN')).toBe('Chart：图表数据已调整：省略了空类别，或按类别数补齐或截断了系列');
    expect(describeIssue(en, issue, 'en')).toBe(
      'Chart: Chart data adjusted: empty categories were left out, or a series was padded or cut to the number of categories — 2 empty categories (no label, no values) were left out',
    );
    expect(describeIssue(zh, { kind: 'other', element: 'Body', code: 'link_dropped', message: 'x' }, 'zh-CN')).toBe('Body：已删除协议不是 http、https 或 mailto 的链接（文字保留）');
  });

  it('falls back to the kind for a code it does not know, or none', () => {
    // A newer server may send a code this client was not built with.
    const unknown = { kind: 'other', element: 'Chart', code: 'chart_reshaped', message: 'detail' } as unknown as PreflightIssue;
    expect(describeIssue(zh, unknown, 'zh-CN')).toBe('Chart：无法完全按输入内容填充');
    expect(describeIssue(en, unknown, 'en')).toBe('Chart: Could not be filled exactly as entered — detail');
    expect(describeIssue(zh, { kind: 'other', element: 'Chart', code: null, message: 'detail' }, 'zh-CN')).toBe('Chart：无法完全按输入内容填充');
    // text_overflow keeps its own wording: the code only words “other” problems.
    expect(describeIssue(en, { kind: 'text_overflow', code: 'text_overflow', message: 'x', needed: 1.5 }, 'en')).toBe(
      'Text is too long to fit, even at 60% size (it needs 150% of the box)',
    );
  });

  it('leaves out the element and the ratio when the server gives none', () => {
    expect(describeIssue(en, { kind: 'text_overflow', message: 'x', needed: null }, 'en')).toBe('Text is too long to fit, even at 60% size');
    expect(describeIssue(en, { kind: 'missing_template_slide', message: 'x' }, 'en')).toBe('No template slide chosen: this slide is left out of the file');
  });
});

describe('accessibility issues', () => {
  it('are worded from their code in both languages, never with the English detail', () => {
    const picture = { kind: 'accessibility' as const, element: 'Picture', code: 'missing_alt_text' as const, message: 'the picture has no alternative text' };
    expect(describeIssue(en, picture, 'en')).toBe('Picture: Picture without alt text: screen readers cannot describe it. Add a description to the image in the gallery');
    expect(describeIssue(zh, picture, 'zh-CN')).toBe('Picture：图片缺少替代文字：屏幕阅读器无法描述它。请在图库中为图片添加描述');
    const title = { kind: 'accessibility' as const, element: null, code: 'missing_slide_title' as const, message: 'the slide has no title' };
    expect(describeIssue(zh, title, 'zh-CN')).toBe('缺少幻灯片标题：页面上没有可用作标题的文字，屏幕阅读器无法说出此页名称。请添加标题');
    expect(describeIssue(zh, { kind: 'accessibility', element: 'Table', code: 'table_without_header', message: 'x' }, 'zh-CN')).toBe('Table：表格没有标题行：屏幕阅读器无法读出各列名称');
    expect(describeIssue(en, { kind: 'accessibility', code: 'reading_order', message: 'x' }, 'en')).toMatch(/^Screen readers read this slide in another order/);
  });

  it('fall back to the kind for a code this client does not know', () => {
    const newer = { kind: 'accessibility', element: 'Chart', code: 'missing_chart_alt', message: 'detail' } as unknown as PreflightIssue;
    expect(describeIssue(zh, newer, 'zh-CN')).toBe('Chart：屏幕阅读器无法完整读取此处内容');
    expect(describeIssue(en, newer, 'en')).toBe('Chart: Screen readers would miss something here');
  });

  it('are counted after missing images and before empty elements', () => {
    const report: PreflightReport = {
      ready: false,
      exportedSlides: 2,
      slides: [
        { slideIndex: 1, slideId: 'a', issues: [{ kind: 'empty_element', element: 'A', message: '' }, { kind: 'accessibility', code: 'missing_alt_text', element: 'P', message: '' }] },
        { slideIndex: 2, slideId: 'b', issues: [{ kind: 'accessibility', code: 'missing_slide_title', message: '' }, { kind: 'missing_image', element: 'Q', message: '' }] },
      ],
    };
    expect(countByKind(report)).toEqual([
      ['missing_image', 1],
      ['accessibility', 2],
      ['empty_element', 1],
    ]);
    expect(i18n.getFixedT('zh-CN', 'export')('kind.accessibility', { count: 2 })).toBe('2 个无障碍问题');
    expect(en('kind.accessibility', { count: 1 })).toBe('1 accessibility problem');
  });
});

describe('countByKind', () => {
  it('counts across slides, most serious kind first', () => {
    const report: PreflightReport = {
      ready: false,
      exportedSlides: 1,
      slides: [
        { slideIndex: 1, slideId: 'a', issues: [{ kind: 'empty_element', element: 'A', message: '' }, { kind: 'text_overflow', element: 'B', message: '' }] },
        { slideIndex: 2, slideId: 'b', issues: [{ kind: 'empty_element', element: 'C', message: '' }] },
      ],
    };
    expect(countByKind(report)).toEqual([
      ['text_overflow', 1],
      ['empty_element', 2],
    ]);
  });
});

describe('bySeverity', () => {
  it('puts serious kinds first and keeps the server’s order within a kind', () => {
    const issues = [
      { kind: 'empty_element' as const, element: 'A', message: '' },
      { kind: 'text_overflow' as const, element: 'B', message: '' },
      { kind: 'empty_element' as const, element: 'C', message: '' },
    ];
    expect(bySeverity(issues).map((issue) => issue.element)).toEqual(['B', 'A', 'C']);
  });
});
