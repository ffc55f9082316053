import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/**
 * Rules axe leaves out of a WCAG tag run that we want all the same:
 * - label-content-name-mismatch (WCAG 2.5.3 Label in Name) is tagged "experimental" in axe, and
 *   experimental rules only run when enabled by name;
 * - aria-dialog-name is a "best-practice" rule: a dialog without a name is announced as just
 *   "dialog" (WCAG 4.1.2 asks for a name for every user interface component).
 */
const EXTRA_RULES = { 'label-content-name-mismatch': { enabled: true }, 'aria-dialog-name': { enabled: true } };

/**
 * The WCAG A/AA rules about the page as a whole rather than its parts: what a modal dialog must
 * keep true of the page it covers (the page behind hidden from assistive technology without a
 * focusable control left in the hidden part, the body itself never hidden), and the document's
 * title and language. Cheap beside the colour contrast of every node behind the dialog, which
 * routes.spec.ts checks on every page without one.
 */
export const PAGE_WIDE_RULES = ['aria-hidden-body', 'aria-hidden-focus', 'bypass', 'document-title', 'html-has-lang', 'html-lang-valid', 'meta-viewport'];

/**
 * WCAG 2.0–2.2 A and AA violations that axe rates critical or serious, as "rule: target"; with
 * `include` (a CSS selector), in that part of the page only; with `rules`, those rules only.
 */
export async function seriousAccessibilityViolations(page: Page, include?: string, rules?: string[]): Promise<string[]> {
  // Legacy mode runs axe.run in the page itself; otherwise every call opens a blank page for
  // axe.finishRun, which doubled the time of each check. All it gives up is testing cross-origin
  // iframes, and the app has none.
  const builder = new AxeBuilder({ page });
  if (include) builder.include(include);
  builder.setLegacyMode().options({ rules: EXTRA_RULES });
  if (rules) builder.withRules(rules);
  else builder.withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']);
  const results = await builder.analyze();
  return results.violations
    .filter((violation) => violation.impact === 'critical' || violation.impact === 'serious')
    .flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')} ${node.failureSummary ?? ''}`.slice(0, 300)));
}
