import type { TFunction } from 'i18next';
import type { PreflightIssue, PreflightIssueKind, PreflightReport } from '../../api/exportPreflight';

/** Most serious first: the order of the summary chips. */
export const KIND_ORDER: readonly PreflightIssueKind[] = ['missing_template_slide', 'text_overflow', 'missing_image', 'accessibility', 'empty_element', 'other'];

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

/** Engine codes with their own wording; `text_overflow` is a kind of its own. */
type WordedCode = Exclude<NonNullable<PreflightIssue['code']>, 'text_overflow'>;
const WORDED_CODES: Record<WordedCode, true> = {
  unknown_element: true,
  locked_element: true,
  value_type_mismatch: true,
  invalid_image: true,
  chart_not_filled: true,
  chart_data_adjusted: true,
  link_dropped: true,
  element_not_filled: true,
  missing_slide_title: true,
  missing_alt_text: true,
  table_without_header: true,
  reading_order: true,
};

/** The kinds whose cause is told by the engine code (`other` and `accessibility`). */
const CODED_KINDS: readonly PreflightIssueKind[] = ['other', 'accessibility'];

/** The issue's engine code when the interface words it (a newer server may send others). */
function wordedCode(issue: PreflightIssue): WordedCode | null {
  const code = issue.code;
  return CODED_KINDS.includes(issue.kind) && code != null && Object.hasOwn(WORDED_CODES, code) ? (code as WordedCode) : null;
}

/**
 * One issue in the interface language, built from its `kind`, engine `code`, element and
 * `needed` ratio. The server's `message` is English only: an English interface shows it as the
 * detail of `other` (the one kind whose cause varies); other languages never see it
 * (CONVENTIONS 5), so an `other` issue with a known `code` is worded from the code. An
 * `accessibility` issue is always worded from its code (what a screen reader would miss).
 */
export function describeIssue(t: TFunction<'export'>, issue: PreflightIssue, language: string): string {
  let message: string;
  const code = wordedCode(issue);
  if (issue.kind === 'text_overflow' && issue.needed != null) {
    const needed = new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 0 }).format(issue.needed);
    message = t('issue.text_overflow_needed', { needed });
  } else if (code) {
    message = t(`code.${code}`);
  } else {
    message = t(`issue.${issue.kind}`);
  }
  if (issue.kind === 'other' && language.startsWith('en') && issue.message) message = t('detail', { message, detail: issue.message });
  return issue.element ? t('line', { element: issue.element, message }) : message;
}
