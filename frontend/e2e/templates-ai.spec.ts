import { expect, test, type APIRequestContext, type Page } from './fixtures';
import { newAccount, screenshotter, signUp } from './helpers';

// The offline assistant (the default provider) answers at once and the same way every time, so
// these run against the real backend with no AI configured.
const PPTX_MIME = 'application/vnd.openxmlformats-officedocument.presentationml.presentation';
// Job polls are held back this long, so the progress stays on screen long enough to be seen.
const SLOW_JOB_POLL_MS = 1200;

async function tokenOf(page: Page): Promise<string> {
  const token = await page.evaluate(() => window.localStorage.getItem('token'));
  if (!token) throw new Error('not signed in');
  return token;
}

/**
 * An own template without any description: a built-in deck (always installed, unlike the PPTX
 * corpus) uploaded again, which keeps its slides but none of their descriptions.
 */
async function uploadUndescribedDeck(request: APIRequestContext, token: string, name: string): Promise<{ id: string; slideCount: number }> {
  const headers = { Authorization: `Bearer ${token}` };
  const list = (await (await request.get('/api/pptx-files', { headers })).json()) as { _id: string; builtin: boolean }[];
  const builtin = list.find((template) => template.builtin);
  if (!builtin) throw new Error('no built-in template');
  const deck = await (await request.get(`/api/pptx-files/${builtin._id}/download`, { headers })).body();
  const response = await request.post('/api/pptx-files', { headers, multipart: { file: { name, mimeType: PPTX_MIME, buffer: deck } } });
  expect(response.status()).toBe(201);
  const created = (await response.json()) as { _id: string; slideCount: number; slidesMissingDescription: number[] };
  expect(created.slidesMissingDescription).toHaveLength(created.slideCount);
  return { id: created._id, slideCount: created.slideCount };
}

async function slidesMissingDescription(request: APIRequestContext, token: string, templateId: string): Promise<number[]> {
  const response = await request.get(`/api/pptx-files/${templateId}`, { headers: { Authorization: `Bearer ${token}` } });
  return ((await response.json()) as { slidesMissingDescription: number[] }).slidesMissingDescription;
}

async function slowDownJobPolls(page: Page) {
  await page.route('**/api/jobs/*', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, SLOW_JOB_POLL_MS));
    await route.continue();
  });
}

test('Generate All Missing shows its progress, then suggestions that are saved only when accepted', async ({ page, request }) => {
  test.setTimeout(90_000);
  await signUp(page, newAccount('templates-ai'));
  const token = await tokenOf(page);
  const { id, slideCount } = await uploadUndescribedDeck(request, token, 'describe-me.pptx');
  await slowDownJobPolls(page);

  await page.goto(`/pptx-files/${id}`);
  await expect(page.getByRole('heading', { name: 'describe-me.pptx', level: 1 })).toBeVisible();
  const slide1 = page.getByRole('region', { name: 'Slide 1', exact: true });
  await expect(slide1.getByText('No description yet. Describe what this slide is for, so AI can pick it.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Accept All Generated Descriptions' })).toHaveCount(0);

  await page.getByRole('button', { name: 'Generate All Missing' }).click();
  await expect(page.getByRole('progressbar', { name: new RegExp(`(Waiting to describe|Describing) ${slideCount} slides…`) })).toBeVisible();

  const suggestion1 = page.getByRole('group', { name: 'AI suggestion for slide 1', exact: true });
  await expect(suggestion1).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('progressbar')).toHaveCount(0);
  await expect(page.getByRole('group', { name: /^AI suggestion for slide \d+$/ })).toHaveCount(slideCount);
  await expect(suggestion1.getByText('Suggested by the offline assistant')).toBeVisible();
  await expect(page.getByText(`${slideCount} AI suggestions are waiting for your review below.`, { exact: false })).toBeVisible();
  const text1 = (await suggestion1.locator('p').first().textContent())?.trim() ?? '';
  expect(text1.length).toBeGreaterThan(10);
  // Suggestions only: the server still has no description.
  expect(await slidesMissingDescription(request, token, id)).toHaveLength(slideCount);

  // One is discarded, the rest are accepted at once.
  await page.getByRole('group', { name: `AI suggestion for slide ${slideCount}` }).getByRole('button', { name: 'Discard' }).click();
  await expect(page.getByRole('group', { name: /^AI suggestion for slide \d+$/ })).toHaveCount(slideCount - 1);
  await page.getByRole('button', { name: 'Accept All Generated Descriptions' }).click();
  await expect(page.getByText(`${slideCount - 1} descriptions saved`)).toBeVisible();
  await expect(page.getByRole('group', { name: /^AI suggestion for slide \d+$/ })).toHaveCount(0);
  await expect(slide1.getByText(text1)).toBeVisible();

  await page.reload();
  await expect(page.getByRole('region', { name: 'Slide 1', exact: true }).getByText(text1)).toBeVisible();
  await expect(page.getByRole('group', { name: /^AI suggestion for slide \d+$/ })).toHaveCount(0);
  expect(await slidesMissingDescription(request, token, id)).toEqual([slideCount]);
  await expect(page.getByRole('region', { name: `Slide ${slideCount}`, exact: true }).getByText('No description yet.', { exact: false })).toBeVisible();
});

test('a slide description is generated into the editor and saved with Save', async ({ page, request }) => {
  await signUp(page, newAccount('templates-ai-slide'));
  const token = await tokenOf(page);
  const { id } = await uploadUndescribedDeck(request, token, 'one-slide.pptx');
  await page.goto(`/pptx-files/${id}`);
  const slide2 = page.getByRole('region', { name: 'Slide 2', exact: true });
  await slide2.getByRole('button', { name: 'Generate with AI' }).click();
  const field = slide2.getByRole('textbox', { name: 'Slide description' });
  await expect(field).not.toHaveValue('');
  await expect(slide2.getByText('Suggested by the offline assistant')).toBeVisible();
  const generated = await field.inputValue();
  await slide2.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Description saved')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('region', { name: 'Slide 2', exact: true }).getByText(generated)).toBeVisible();
});

/**
 * Not a check: the detail page with pending suggestions in both languages, for a human to look at.
 * Runs only with SHOTS_DIR set: `SHOTS_DIR=/tmp/shots-templates-ai npx playwright test templates-ai`.
 */
test.describe('screenshots', () => {
  const SHOTS_DIR = process.env.SHOTS_DIR;
  test.skip(!SHOTS_DIR, 'set SHOTS_DIR to capture screenshots');
  test.use({ viewport: { width: 1280, height: 860 } });

  for (const language of ['en', 'zh-CN'] as const) {
    test(`template AI descriptions in ${language}`, async ({ page, request, context }) => {
      test.setTimeout(200_000);
      const en = language === 'en';
      const shot = screenshotter(page, SHOTS_DIR!, language);

      await signUp(page, newAccount(`shots-templates-ai-${language.toLowerCase()}`));
      await context.addInitScript((lang) => window.localStorage.setItem('lang', lang), language);
      const token = await tokenOf(page);
      const { id, slideCount } = await uploadUndescribedDeck(request, token, 'Quarterly review.pptx');
      // Pictures with thumbnails, and no render progress next to the AI job's.
      await expect
        .poll(async () => {
          const response = await request.get(`/api/pptx-files/${id}`, { headers: { Authorization: `Bearer ${token}` } });
          return ((await response.json()) as { thumbnailSlides: number[] }).thumbnailSlides.length;
        }, { timeout: 120_000, intervals: [1000] })
        .toBe(slideCount);
      await slowDownJobPolls(page);

      await page.goto(`/pptx-files/${id}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.getByRole('button', { name: en ? 'Generate All Missing' : '生成所有缺失描述' }).click();
      await expect(page.getByRole('progressbar', { name: en ? /describe 10 slides|Describing 10 slides/ : /为 10 页生成描述/ })).toBeVisible();
      await shot('01-generate-all-progress');
      await expect(page.getByRole('group', { name: en ? 'AI suggestion for slide 1' : '第 1 页的 AI 建议', exact: true })).toBeVisible({ timeout: 30_000 });
      await shot('02-pending-suggestions-top');
      await page.getByRole('region', { name: en ? 'Slide 3' : '第 3 页', exact: true }).scrollIntoViewIfNeeded();
      await shot('03-pending-suggestion-slide');

      const slide2 = page.getByRole('region', { name: en ? 'Slide 2' : '第 2 页', exact: true });
      await slide2.getByRole('button', { name: en ? 'Generate with AI' : 'AI 生成' }).click();
      await expect(slide2.getByRole('textbox')).toBeVisible();
      await slide2.scrollIntoViewIfNeeded();
      await shot('04-slide-generate-editor');
      await slide2.getByRole('button', { name: en ? 'Cancel' : '取消' }).click();

      await page.getByRole('button', { name: en ? 'Accept All Generated Descriptions' : '接受所有生成的描述' }).click();
      await expect(page.getByRole('group', { name: en ? 'AI suggestion for slide 1' : '第 1 页的 AI 建议', exact: true })).toHaveCount(0);
      await page.evaluate(() => window.scrollTo(0, 0));
      await shot('05-accepted');

      await page.getByRole('button', { name: en ? 'Generate with AI' : 'AI 生成' }).first().click();
      await expect(page.getByRole('textbox').first()).toBeVisible();
      await shot('06-file-description-generated');
    });
  }
});
