import { expect, test } from './fixtures';
import { signInWithToken, signUpViaApi, windowFor } from './helpers';
import { t } from './i18n';

/**
 * WCAG 2.4.2 and 3.1.1 in both interface languages: every page's <title> names the page (its
 * main heading, then the app) and <html lang> is the interface language, also after the
 * language is switched on the page, without a reload.
 */
const APP = 'Slidewright';
const LANGUAGES = ['en', 'zh-CN'] as const;

for (const language of LANGUAGES) {
  const L = (key: string, vars: Record<string, string | number> = {}) => t(language, key, vars);
  const titled = (page: string) => L('common:documentTitle', { page, app: APP });

  test(`pages are titled and tagged in the interface language (${language})`, async ({ browser, request }) => {
    // Seven page loads take longer than one flow's 30 s on a busy machine (the CI run, beside the
    // backend's tests).
    test.setTimeout(90_000);
    const token = await signUpViaApi(request, `titles-${language.toLowerCase()}`);
    const headers = { Authorization: `Bearer ${token}` };
    const project = (await (await request.post('/api/projects', { headers, data: { title: 'Q3 回顾', lang: language, numSlides: 1 } })).json()) as { _id: string };
    const pages = [
      { path: '/login', signedIn: false, title: titled(L('auth:login.title')) },
      { path: '/signup', signedIn: false, title: titled(L('auth:signup.title')) },
      { path: '/projects', signedIn: true, title: titled(L('projects:title')) },
      { path: '/tags', signedIn: true, title: titled(L('tags:title')) },
      { path: '/pptx-files', signedIn: true, title: titled(L('templates:title')) },
      // A page about one thing is named by it: the user's own words.
      { path: `/projects/${project._id}`, signedIn: true, title: titled('Q3 回顾') },
      // The landing page is the app's own.
      { path: '/', signedIn: false, title: APP },
    ];
    // One window per sign-in state (as routes.spec.ts): each page by its address, the window's
    // cache keeps the app's files.
    for (const signedIn of [false, true]) {
      const context = await windowFor(browser, language, signedIn ? token : null);
      try {
        const page = await context.newPage();
        for (const target of pages.filter((candidate) => candidate.signedIn === signedIn)) {
          await page.goto(target.path);
          await expect(page.getByRole('heading', { level: 1 }).first(), target.path).toBeVisible();
          await expect(page, target.path).toHaveTitle(target.title);
          await expect(page.locator('html'), target.path).toHaveAttribute('lang', language);
        }
        if (!signedIn) {
          // Within the app too: from the sign-up page to the landing page by its header link,
          // the sign-up page's title does not stay (index.html's own title is the landing's, so
          // only a navigation in the app shows a title left behind).
          await page.goto('/signup');
          await expect(page).toHaveTitle(titled(L('auth:signup.title')));
          await page.getByRole('banner').getByRole('link').first().click();
          await expect(page).toHaveURL(/\/$/);
          await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
          await expect(page).toHaveTitle(APP);
        }
      } finally {
        await context.close();
      }
    }
  });
}

test('the title and lang follow a switch of language on the page', async ({ browser, request }) => {
  const token = await signUpViaApi(request, 'titles-switch');
  const context = await browser.newContext();
  await signInWithToken(context, token, 'en');
  const page = await context.newPage();
  await page.goto('/tags');
  await expect(page).toHaveTitle(t('en', 'common:documentTitle', { page: t('en', 'tags:title'), app: APP }));
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.getByRole('button', { name: t('en', 'common:language.label') }).click();
  await page.getByRole('menuitem', { name: t('en', 'common:language.zh-CN') }).click();
  await expect(page.getByRole('heading', { level: 1, name: t('zh-CN', 'tags:title') })).toBeVisible();
  await expect(page).toHaveTitle(t('zh-CN', 'common:documentTitle', { page: t('zh-CN', 'tags:title'), app: APP }));
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  await context.close();
});
