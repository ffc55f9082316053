import type { TFunction } from 'i18next';
import type { PreflightIssue, PreflightIssueKind, PreflightReport } from '../../api/exportPreflight';

/** Most serious first: the order of the summary chips. */
export const KIND_ORDER: readonly PreflightIssueKind[] = ['missing_template_slide', 'text_overflow', 'missing_image', 'empty_element', 'other'];

/** Issues per kind, in KIND_ORDER, leaving out kinds that do not occur. */
export function countByKind(report: PreflightReport): [PreflightIssueKind, number][] {
  const counts = new Map<PreflightIssueKind, number>();
  for (const slide of report.slides) for (const issue of slide.issues) counts.set(issue.kind, (counts.get(issue.kind) ?? 0) + 1);
  return KIND_ORDER.filter((kind) => counts.has(kind)).map((kind) => [kind, counts.get(kind) as number]);
}

/** A slide's issues, most serious first (stable: the server's order within a kind). */
export function bySeverity(issues: readonly PreflightIssue[]): PreflightIssue[] {
  return [...issues].sort((a, b) => KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind));
}

/**
 * One issue in the interface language, built from its `kind`, element and `needed` ratio. The
 * server's `message` is English only: an English interface shows it as the detail of `other`
 * (the one kind whose cause varies); other languages never see it (CONVENTIONS 5).
 */
export function describeIssue(t: TFunction<'export'>, issue: PreflightIssue, language: string): string {
  let message: string;
  if (issue.kind === 'text_overflow' && issue.needed != null) {
    const needed = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 0 }).format(issue.needed);
    message = t('issue.text_overflow_needed', { needed });
  } else {
    message = t(`issue.${issue.kind}`);
  }
  if (issue.kind === 'other' && language.startsWith('en') && issue.message) message = t('detail', { message, detail: issue.message });
  return issue.element ? t('line', { element: issue.element, message }) : message;
}
