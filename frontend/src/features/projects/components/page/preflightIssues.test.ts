import { describe, expect, it } from 'vitest';
import { initI18n } from '@/i18n/i18n';
import type { PreflightReport } from '../../api/exportPreflight';
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

  it('leaves out the element and the ratio when the server gives none', () => {
    expect(describeIssue(en, { kind: 'text_overflow', message: 'x', needed: null }, 'en')).toBe('Text is too long to fit, even at 60% size');
    expect(describeIssue(en, { kind: 'missing_template_slide', message: 'x' }, 'en')).toBe('No template slide chosen: this slide is left out of the file');
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
