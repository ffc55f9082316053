import { expect, test, type Page } from './fixtures';
import { screenshotter } from './helpers';
import { t } from './i18n';
import { SSO_BASE_URL } from './servers';

/**
 * Issue 14, chat sign-on: against the app configured with SLIDEWRIGHT_CHAT_SSO_* for a real
 * OpenID provider (oidc-provider-mock, see playwright.config.ts), a new person clicks
 * "Sign in with Chat", signs in at the provider and lands on /projects with a chat account.
 * SHOTS_DIR set: screenshots of the login page at 1440 and 390 px.
 */
test.use({ baseURL: SSO_BASE_URL });

const SHOTS_DIR = process.env.SHOTS_DIR;

const RUNS = [
  { language: 'en', sub: 'chat-en', name: 'Ada Chat' },
  { language: 'zh-CN', sub: 'chat-zh', name: '张伟' },
] as const;

async function openLogin(page: Page, language: string, path = '/login') {
  await page.addInitScript((lang) => window.localStorage.setItem('lang', lang), language);
  await page.goto(path);
  await expect(page.getByRole('heading', { name: t(language, 'auth:login.title'), level: 1 })).toBeVisible();
}

for (const run of RUNS) {
  test(`a new person signs in with the chat product and lands on /projects (${run.language})`, async ({ page }) => {
    const { language } = run;
    await openLogin(page, language);
    const button = page.getByRole('link', { name: t(language, 'auth:login.chatButton', { name: 'Chat' }) });
    await expect(button).toBeVisible();

    if (SHOTS_DIR) {
      const shot = screenshotter(page, SHOTS_DIR, language);
      await shot('login-1440');
      await page.setViewportSize({ width: 390, height: 844 });
      await shot('login-390', true);
      await page.setViewportSize({ width: 1440, height: 900 });
    }

    await button.click();
    // The provider's own sign-in page: pick the person.
    await page.getByRole('button', { name: run.sub, exact: true }).click();

    await expect(page).toHaveURL(/\/projects$/);
    await expect(page.getByRole('heading', { name: t(language, 'projects:title'), level: 1 })).toBeVisible();
    // The sign-in token never travelled in a URL; the session is in storage.
    expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeTruthy();

    // A chat account: the profile says so and offers no password change (spec §6).
    await page.goto('/profile');
    await expect(page.getByText(run.name).first()).toBeVisible();
    await expect(page.getByText(t(language, 'profile:chatNote'))).toBeVisible();
    await page.getByRole('tab', { name: t(language, 'profile:tabs.settings') }).click();
    await expect(page.getByRole('button', { name: t(language, 'profile:settings.changePassword') })).toBeDisabled();
    if (SHOTS_DIR) await screenshotter(page, SHOTS_DIR, language)('profile-settings-1440');
  });
}

test('a cancelled chat sign-in returns to the login page with a translated reason', async ({ page }) => {
  await openLogin(page, 'zh-CN', '/tags');
  await page.getByRole('link', { name: t('zh-CN', 'auth:login.chatButton', { name: 'Chat' }) }).click();
  await page.getByRole('button', { name: 'Deny' }).click();
  await expect(page).toHaveURL(/\/login\?error=chat_sso_denied$/);
  await expect(page.getByRole('alert')).toHaveText(t('zh-CN', 'errors:codes.chat_sso_denied'));
  if (SHOTS_DIR) {
    const shot = screenshotter(page, SHOTS_DIR, 'zh-CN');
    await shot('login-denied-1440');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot('login-denied-390', true);
  }
});
