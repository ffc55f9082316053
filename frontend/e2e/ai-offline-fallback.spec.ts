import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Page, Route } from '@playwright/test';
import { seriousAccessibilityViolations } from './accessibility';
import { expect, test } from './fixtures';
import { newAccount, screenshotter, signInWithToken, signUpViaApi } from './helpers';
import { t } from './i18n';
import { AI_BASE_URL, PORT } from './servers';

/**
 * Issue 18 in the browser, against the app wired to the fake OpenAI-compatible model:
 * - an admin sees the model's status in Settings and runs Test connection (a table of the modes tried);
 * - an AI action the model cannot finish offers "Use the offline assistant for this", which asks
 *   the same with `assistant=offline` and fills the form from the offline assistant's answer;
 * - while the model works, the seconds out of the deadline show with Cancel, which applies nothing;
 * - a partly completed answer names the parts the offline assistant wrote and the facts left out;
 * - in the editor, a slide whose Fill failed shows why in the slide, with the same button.
 * The fake model runs in another process and can only be scripted in-process, so the model's
 * failure, slowness and partial answer are played by intercepting the app's own API response
 * here; the offline re-run goes to the real server. In en and zh-CN at 1440 and 390 px, with axe
 * on each state. SHOTS_DIR set: screenshots of each state.
 */
const SHOTS_DIR = process.env.SHOTS_DIR;
// The AI app's data directory, as playwright.config.ts names it (the CLI promotes the admin there).
const AI_DATA = `${join(tmpdir(), PORT === 8123 ? 'slidewright-e2e-data' : `slidewright-e2e-data-${PORT}`)}-ai`;
const BACKEND = fileURLToPath(new URL('../../backend', import.meta.url));
const RECOMMEND = '**/api/projects/recommend-slideshow**';

const VIEWPORTS = [
  { name: 'desktop', width: 1440, height: 900 },
  { name: 'phone', width: 390, height: 844 },
] as const;

test.use({ baseURL: AI_BASE_URL });

function json(route: Route, status: number, body: unknown) {
  return route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });
}

/** A project on a built-in template with two slides that have a template slide (AI Fill needs one). */
async function createDeck(request: APIRequestContext, token: string, language: string): Promise<string> {
  const headers = { Authorization: `Bearer ${token}` };
  const templates = (await (await request.get('/api/pptx-files', { headers })).json()) as { _id: string; builtin: boolean }[];
  const builtin = templates.find((template) => template.builtin);
  expect(builtin, 'the e2e server installs the built-in templates').toBeDefined();
  const en = language === 'en';
  const created = await request.post('/api/projects', {
    headers,
    data: {
      title: en ? 'Quarterly review' : '季度回顾',
      lang: language,
      pptxFileId: builtin!._id,
      slides: [
        { contentDescription: en ? 'Title: the quarterly review' : '标题：季度回顾', pptxSlideNumber: 1 },
        { contentDescription: en ? 'Results by region' : '各地区业绩', pptxSlideNumber: 4 },
      ],
    },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { _id: string })._id;
}

async function expectAccessible(page: Page) {
  expect(await seriousAccessibilityViolations(page)).toEqual([]);
}

for (const language of ['en', 'zh-CN'] as const) {
  for (const viewport of VIEWPORTS) {
    test.describe(`${language}, ${viewport.width} px`, () => {
      test.use({ viewport: { width: viewport.width, height: viewport.height } });
      const L = (key: string, vars?: Record<string, string | number>) => t(language, key, vars);

      test('admin AI status, the offline fallback, waiting with Cancel, and the fallback note', async ({ page, context, request }) => {
        test.setTimeout(120_000);
        const account = newAccount(`ai-admin-${language.toLowerCase()}`);
        const signup = await request.post('/api/auth/signup', { data: { name: account.name, email: account.email, password: account.password } });
        expect(signup.status()).toBe(201);
        execFileSync('uv', ['run', '--quiet', 'slidewright', 'users', 'promote', account.email], { cwd: BACKEND, env: { ...process.env, SLIDEWRIGHT_DATA_DIR: AI_DATA }, stdio: 'pipe' });
        await signInWithToken(context, ((await signup.json()) as { token: string }).token, language);
        const capture = SHOTS_DIR ? screenshotter(page, SHOTS_DIR, language) : null;
        const shot = async (name: string, fullPage = false) => capture?.(`${name}-${viewport.width}`, fullPage);

        // Settings → AI assistant: the fake model's server, mode and health; Test connection.
        await page.goto('/profile');
        await page.getByRole('tab', { name: L('profile:tabs.settings') }).click();
        const heading = page.getByRole('heading', { name: L('profile:aiStatus.title') });
        await expect(heading).toBeVisible();
        await expect(page.getByText(L('profile:aiStatus.fields.mode'), { exact: true })).toBeVisible();
        await page.getByRole('button', { name: L('profile:aiStatus.test') }).click();
        const trials = page.getByRole('table', { name: L('profile:aiStatus.trials.caption') });
        await expect(trials).toBeVisible({ timeout: 60_000 });
        // One row per mode tried (which of them the fake model passes is the backend's business).
        await expect(trials.getByRole('rowheader').first()).toHaveText(/^[a-z_]+$/);
        await heading.scrollIntoViewIfNeeded();
        await expectAccessible(page);
        await shot('admin-ai-status', true);

        // Get AI Recommendations: the model "runs out of time" (504 ai_timeout, the offline
        // assistant available); the offline re-run goes through to the server.
        const sent: string[] = [];
        await page.route(RECOMMEND, async (route) => {
          const url = new URL(route.request().url());
          sent.push(url.searchParams.get('assistant') ?? 'model');
          if (url.searchParams.get('assistant') === 'offline') return route.continue();
          return json(route, 504, { errorCode: 'ai_timeout', message: 'server words', details: { seconds: 90, offlineAvailable: true } });
        });
        await page.goto('/projects');
        await page.getByRole('button', { name: L('projects:create.open') }).first().click();
        const wizard = page.getByRole('dialog');
        await wizard.getByLabel(L('projects:fields.description')).fill(language === 'en' ? 'Quarterly results for the board' : '向董事会汇报季度业绩');
        await wizard.getByRole('button', { name: L('projects:create.recommend') }).click();
        const failure = wizard.getByRole('alert').filter({ hasText: L('errors:codes.ai_timeout') });
        await expect(failure).toBeVisible();
        await expectAccessible(page);
        await shot('ai-error-offline-button');
        await failure.getByRole('button', { name: L('ai.useOffline') }).click();
        await expect(wizard.getByLabel(L('projects:fields.title'))).not.toHaveValue('');
        await expect(wizard.getByText(L('ai.byOffline'))).toBeVisible();
        expect(sent).toEqual(['model', 'offline']);
        await page.unroute(RECOMMEND);

        // A slow model: the waiting line counts towards the deadline; Cancel applies nothing.
        await wizard.getByRole('button', { name: L('projects:create.back') }).click();
        let release: () => void = () => {};
        await page.route(RECOMMEND, async (route) => {
          await new Promise<void>((resolve) => (release = resolve));
          await route.continue().catch(() => undefined); // the browser may have dropped it
        });
        await wizard.getByRole('button', { name: L('projects:create.recommend') }).click();
        const waiting = wizard.getByText(new RegExp(L('ai.waiting', { elapsed: '\\d+', deadline: '\\d+' })));
        await expect(waiting).toBeVisible();
        await expect(wizard.getByRole('progressbar', { name: L('ai.waitingLabel') })).toBeVisible();
        await expectAccessible(page);
        await shot('ai-waiting');
        await wizard.getByRole('button', { name: L('ai.cancelLabel') }).click();
        await expect(waiting).toBeHidden();
        await expect(wizard.getByRole('status').filter({ hasText: L('ai.cancelled') })).toHaveCount(1);
        await expect(wizard.getByLabel(L('projects:fields.description'))).toBeVisible();
        release();
        await page.unroute(RECOMMEND);

        // A partly completed answer: the model's, with the slide count from the offline assistant
        // and a year it made up left out.
        await page.route(RECOMMEND, async (route) => {
          const response = await route.fetch();
          const body = (await response.json()) as Record<string, unknown>;
          return json(route, 200, { ...body, provider: 'openai_compat', fallbackFields: ['numSlides'], droppedFacts: ['2019', 'Contoso'] });
        });
        await wizard.getByRole('button', { name: L('projects:create.recommend') }).click();
        await expect(wizard.getByText(L('ai.partsFromOffline', { parts: L('ai.parts.slideCount') }))).toBeVisible();
        await expect(wizard.getByText(L('ai.droppedFacts', { facts: language === 'en' ? '2019, Contoso' : '2019、Contoso' }))).toBeVisible();
        await expectAccessible(page);
        await shot('ai-fallback-note');
      });

      test('the editor: a slide whose Fill failed offers the offline assistant in the slide', async ({ page, context, request }) => {
        test.setTimeout(90_000);
        const token = await signUpViaApi(request, `ai-editor-${language.toLowerCase()}`);
        const projectId = await createDeck(request, token, language);
        await signInWithToken(context, token, language);
        const capture = SHOTS_DIR ? screenshotter(page, SHOTS_DIR, language) : null;
        // The model "cannot be reached" for Fill; the offline re-run goes through to the server.
        const fill = '**/api/projects/*/generate-slide-data**';
        await page.route(fill, async (route) => {
          if (new URL(route.request().url()).searchParams.get('assistant') === 'offline') return route.continue();
          return json(route, 503, { errorCode: 'ai_unavailable', message: 'server words', details: { reason: 'timeout', reasonZh: '请求超时', offlineAvailable: true } });
        });
        await page.goto(`/projects/${projectId}`);
        const slide = page.getByRole('article', { name: L('editor:slide.label', { position: 1 }), exact: true });
        await slide.getByRole('button', { name: L('editor:ai.menuFor', { position: 1 }) }).click();
        await page.getByRole('menuitem', { name: new RegExp(`^${L('editor:ai.fillSlide')}`) }).click();
        const failure = slide.getByRole('alert').filter({ hasText: L('editor:ai.failed', { reason: L('errors:codes.ai_failed', { reason: language === 'en' ? 'timeout' : '请求超时' }) }) });
        await expect(failure).toBeVisible();
        await failure.scrollIntoViewIfNeeded();
        await expectAccessible(page);
        await capture?.(`editor-ai-error-${viewport.width}`);
        await failure.getByRole('button', { name: L('ai.useOffline') }).click();
        const values = slide.getByRole('region', { name: L('editor:ai.regionLabel', { what: L('editor:ai.valuesTitle'), position: 1 }) });
        await expect(values).toBeVisible();
        await expect(values.getByText(L('ai.byOffline'))).toBeVisible();
        await expect(failure).toHaveCount(0);
      });
    });
  }
}
