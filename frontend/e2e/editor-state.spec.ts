import { expect, test, type APIRequestContext, type Locator, type Page } from './fixtures';
import { t } from './i18n';
import { screenshotter, signInWithToken, signUpViaApi } from './helpers';

/**
 * Issue 12, the editor's share: the floating add button never covers a suggestion's Regenerate;
 * pending AI suggestions survive a reload; an agenda and speaker notes written for another slide
 * order are marked for refresh (still after a reload) until regenerated or dismissed.
 * SHOTS_DIR=/tmp/shots-editor also saves screenshots of each state for a human to look at.
 */

const SHOTS_DIR = process.env.SHOTS_DIR;
const LANGUAGES = ['en', 'zh-CN'] as const;
const WIDE = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

async function builtinTemplate(request: APIRequestContext, headers: Record<string, string>, language: string) {
  const listed = await request.get('/api/pptx-files', { headers: { ...headers, 'Accept-Language': language } });
  const templates = (await listed.json()) as { _id: string; filename: string; builtin: boolean }[];
  const terracotta = templates.find((template) => template.builtin && /Terracotta|陶土/.test(template.filename));
  expect(terracotta, 'the e2e server installs the built-in templates').toBeDefined();
  return terracotta!._id;
}

/** Title, agenda and two bullet slides of the built-in template, with descriptions only. */
async function createDeck(request: APIRequestContext, token: string, language: string) {
  const headers = { Authorization: `Bearer ${token}` };
  const pptxFileId = await builtinTemplate(request, headers, language);
  const en = language === 'en';
  const created = await request.post('/api/projects', {
    headers,
    data: {
      title: en ? 'Coffee launch' : '咖啡上市',
      lang: language,
      pptxFileId,
      slides: [
        { contentDescription: en ? 'Title: the coffee launch plan' : '标题：咖啡上市计划', pptxSlideNumber: 1 },
        { contentDescription: en ? 'Agenda of the launch plan' : '上市计划的议程', pptxSlideNumber: 2 },
        { contentDescription: en ? 'Pricing: 14 euros a bag, subscribers pay 12' : '定价：每袋 14 欧元，订阅用户 12 欧元', pptxSlideNumber: 4 },
        { contentDescription: en ? 'Channels: web shop, cafés, then grocery chains' : '渠道：网店、门店，然后是连锁超市', pptxSlideNumber: 4 },
      ],
    },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { _id: string })._id;
}

/** Whether `target` is hit at its centre and towards each corner: nothing lies over any of it. */
async function hitsItself(target: Locator) {
  return target.evaluate((element) => {
    const box = element.getBoundingClientRect();
    // Inset from the edges, clear of the rounded corners (hit tests follow border-radius).
    const xs = [0.12, 0.5, 0.88].map((part) => box.left + box.width * part);
    const ys = [0.2, 0.5, 0.8].map((part) => box.top + box.height * part);
    return xs.every((x) =>
      ys.every((y) => {
        const hit = document.elementFromPoint(x, y);
        return hit !== null && (hit === element || element.contains(hit));
      }),
    );
  });
}

/**
 * Scrolls `target` through the bottom of the visible area, 20 px at a time (where a floating
 * button lives), and checks at each step that nothing lies over it. On a phone the visible area
 * ends at the add bar, as it ends at the top under the sticky header.
 */
async function expectUncovered(page: Page, target: Locator) {
  const bar = page.getByTestId('add-slide-bar');
  const viewport = page.viewportSize()!;
  const bottom = (await bar.count()) > 0 ? (await bar.boundingBox())!.y : viewport.height;
  for (let offset = 0; offset <= 240; offset += 20) {
    await target.evaluate((element, wanted) => {
      window.scrollBy(0, element.getBoundingClientRect().bottom - wanted);
    }, bottom - offset);
    await page.waitForTimeout(50);
    expect(await hitsItself(target), `Regenerate is covered ${offset} px above the bottom`).toBe(true);
  }
  for (const block of ['end', 'center'] as const) {
    await target.evaluate((element, where) => element.scrollIntoView({ block: where }), block);
    await page.waitForTimeout(50);
    expect(await hitsItself(target), `Regenerate is covered when scrolled into view (${block})`).toBe(true);
  }
}

async function waitSaved(page: Page, language: string) {
  await expect(page.getByText(t(language, 'editor:save.saved'))).toBeVisible({ timeout: 15_000 });
}

for (const language of LANGUAGES) {
  const L = (key: string, vars?: Record<string, string | number>) => t(language, key, vars);

  test(`editor state across reloads, and an add button that covers nothing (${language})`, async ({ page, context, request }) => {
    test.setTimeout(150_000);
    const token = await signUpViaApi(request, `editor-${language}`);
    await signInWithToken(context, token, language);
    const projectId = await createDeck(request, token, language);
    const shot = SHOTS_DIR ? screenshotter(page, SHOTS_DIR, language) : null;
    await page.setViewportSize(WIDE);
    await page.goto(`/projects/${projectId}`);

    // Ask the assistant to fill slides 2 (the agenda) and 3.
    for (const position of [2, 3]) {
      await page.getByRole('button', { name: L('editor:ai.menuFor', { position }) }).click();
      await page.getByRole('menuitem', { name: new RegExp(L('editor:ai.fillSlide')) }).click();
      await expect(page.getByRole('region', { name: L('editor:ai.regionLabel', { what: L('editor:ai.valuesTitle'), position }) })).toBeVisible({ timeout: 30_000 });
    }
    const valuesOf = (position: number) => page.getByRole('region', { name: L('editor:ai.regionLabel', { what: L('editor:ai.valuesTitle'), position }) });
    const regenerate = valuesOf(3).getByRole('button', { name: L('editor:ai.regenerate'), exact: true });

    // 1. The add button covers nothing, at 1440 and at 390 px. (The old button floated 32 px from
    // the right edge, over where Regenerate ends: this check would have caught it.)
    const box = (await regenerate.boundingBox())!;
    expect(box.x + box.width).toBeGreaterThan(WIDE.width - 32 - 56);
    await expectUncovered(page, regenerate);
    await regenerate.evaluate((element) => element.scrollIntoView({ block: 'end' }));
    await shot?.('1440-suggestion-regenerate-at-bottom');
    await page.setViewportSize(PHONE);
    await expectUncovered(page, regenerate);
    await regenerate.evaluate((element) => element.scrollIntoView({ block: 'end' }));
    await shot?.('390-suggestion-regenerate-at-bottom');
    await expect(page.getByRole('button', { name: L('editor:add.fab') })).toBeVisible();
    await page.setViewportSize(WIDE);
    await expect(page.getByRole('button', { name: L('editor:add.fab') })).toBeVisible();

    // 2. Pending suggestions survive a reload; a discarded one does not come back.
    await page.reload();
    await expect(valuesOf(2)).toBeVisible();
    await expect(valuesOf(3)).toBeVisible();
    await valuesOf(3).getByRole('button', { name: L('editor:ai.discard') }).click();
    await expect(valuesOf(3)).toHaveCount(0);
    await page.reload();
    await expect(valuesOf(2)).toBeVisible();
    await expect(valuesOf(3)).toHaveCount(0);
    await valuesOf(2).evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await shot?.('1440-suggestions-after-reload');
    await page.setViewportSize(PHONE);
    await valuesOf(2).evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await shot?.('390-suggestions-after-reload');
    await page.setViewportSize(WIDE);

    // 3. Accept the agenda and notes of slide 2, then delete slide 4: marked for refresh.
    await valuesOf(2).getByRole('button', { name: new RegExp(L('editor:ai.acceptSelected', { count: 99 }).replace('99', '\\d+')) }).click();
    await expect(valuesOf(2)).toHaveCount(0);
    const notice = page.getByRole('region', { name: L('editor:order.title') });
    await expect(notice).toHaveCount(0);
    await page.getByRole('button', { name: L('editor:slide.more', { position: 4 }) }).click();
    await page.getByRole('menuitem', { name: L('editor:actions.deleteSlide') }).click();
    await expect(notice).toBeVisible();
    await expect(notice).toContainText(L('editor:order.slide', { position: 2, what: L('editor:order.agendaAndNotes') }));
    await waitSaved(page, language);
    await page.reload();
    await expect(notice).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot?.('1440-agenda-stale');
    await page.setViewportSize(PHONE);
    await shot?.('390-agenda-stale');
    await page.setViewportSize(WIDE);

    // Regenerate: new agenda and notes for the order of now; the mark is gone, after a reload too.
    await notice.getByRole('button', { name: L('editor:order.regenerate') }).click();
    await expect(notice).toHaveCount(0, { timeout: 30_000 });
    await waitSaved(page, language);
    await page.reload();
    await expect(page.getByRole('article', { name: L('editor:slide.label', { position: 3 }), exact: true })).toBeVisible();
    await expect(notice).toHaveCount(0);

    // Moving a slide marks them again; Dismiss keeps them as they are, after a reload too.
    await page.getByRole('button', { name: L('editor:slide.moveDown', { position: 1 }) }).click();
    await expect(notice).toBeVisible();
    await notice.getByRole('button', { name: L('editor:order.dismiss') }).click();
    await expect(notice).toHaveCount(0);
    await waitSaved(page, language);
    await page.reload();
    await expect(page.getByRole('article', { name: L('editor:slide.label', { position: 3 }), exact: true })).toBeVisible();
    await expect(notice).toHaveCount(0);
  });
}
