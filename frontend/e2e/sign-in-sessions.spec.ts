import { seriousAccessibilityViolations } from './accessibility';
import { expect, test, type Browser, type BrowserContext, type Page } from './fixtures';
import { newAccount, screenshotter, type Account } from './helpers';
import { t } from './i18n';

/**
 * Issue 17, sign-in sessions: one person signs in on a computer (Edge on Windows) and on a phone
 * (WeChat on an iPhone), both told apart by their User-Agent, sees both sessions on the profile, ends the phone's from the computer, and the phone is
 * signed out on its next request. In both interface languages, on a desktop and a 390 px screen,
 * with axe on the profile's settings. SHOTS_DIR set: screenshots of the list.
 */
const SHOTS_DIR = process.env.SHOTS_DIR;
const LANGUAGES = ['en', 'zh-CN'] as const;
const EDGE_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0';
const WECHAT_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) ' +
  'Mobile/15E148 MicroMessenger/8.0.50(0x1800323d) NetType/WIFI Language/zh_CN';

async function signedInContext(browser: Browser, account: Account, language: string, userAgent: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ locale: language === 'en' ? 'en-US' : 'zh-CN', userAgent });
  await context.addInitScript((lang) => window.localStorage.setItem('lang', lang), language);
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel(t(language, 'auth:fields.email')).fill(account.email);
  await page.getByLabel(t(language, 'auth:fields.password'), { exact: true }).fill(account.password);
  await page.getByRole('button', { name: t(language, 'auth:login.submit') }).click();
  await expect(page).toHaveURL(/\/projects$/);
  return { context, page };
}

function deviceName(language: string, browser: string, os: string): string {
  return t(language, 'profile:sessions.device', { browser: t(language, `profile:sessions.browsers.${browser}`), os: t(language, `profile:sessions.systems.${os}`) });
}

for (const language of LANGUAGES) {
  test(`a user sees both sign-in sessions and ends the other one (${language})`, async ({ browser, request }) => {
    test.setTimeout(90_000);
    const account = newAccount(`sessions-${language.toLowerCase()}`);
    const signup = await request.post('/api/auth/signup', { data: { name: account.name, email: account.email, password: account.password } });
    expect(signup.status()).toBe(201);
    // The sign-up's own session ends: only the two browsers below remain.
    const { token } = (await signup.json()) as { token: string };
    expect((await request.post('/api/auth/logout', { headers: { Authorization: `Bearer ${token}` } })).status()).toBe(204);

    const computer = await signedInContext(browser, account, language, EDGE_WINDOWS);
    const phone = await signedInContext(browser, account, language, WECHAT_IPHONE);

    const page = computer.page;
    await page.goto('/profile');
    await page.getByRole('tab', { name: t(language, 'profile:tabs.settings') }).click();
    const list = page.getByRole('list', { name: t(language, 'profile:settings.sessions') });
    await expect(list.getByRole('listitem')).toHaveCount(2);
    const thisBrowser = list.getByRole('listitem').filter({ hasText: t(language, 'profile:sessions.thisBrowser') });
    await expect(thisBrowser).toContainText(deviceName(language, 'edge', 'windows'));
    await expect(thisBrowser.getByRole('button')).toHaveCount(0);
    const phoneItem = list.getByRole('listitem').filter({ hasText: deviceName(language, 'wechat', 'ios') });
    await expect(phoneItem).toContainText(t(language, 'profile:sessions.methods.password'));
    await page.waitForLoadState('networkidle');
    expect(await seriousAccessibilityViolations(page), `axe on the ${language} profile settings`).toEqual([]);
    if (SHOTS_DIR) await screenshotter(page, SHOTS_DIR, language)('sign-in-sessions-1440', true);

    // A phone-sized screen: nothing wider than it, still accessible.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(1);
    expect(await seriousAccessibilityViolations(page), `axe on the ${language} profile settings at 390 px`).toEqual([]);
    if (SHOTS_DIR) await screenshotter(page, SHOTS_DIR, language)('sign-in-sessions-390', true);

    // End the phone's session, from the keyboard, after confirming.
    await phoneItem.getByRole('button', { name: t(language, 'profile:sessions.end') }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: t(language, 'profile:sessions.endTitle') });
    await dialog.getByRole('button', { name: t(language, 'profile:sessions.endConfirm') }).click();
    await expect(page.getByText(t(language, 'profile:sessions.ended'))).toBeVisible();
    await expect(list.getByRole('listitem')).toHaveCount(1);
    await expect(page.getByText(t(language, 'profile:sessions.onlyThis'))).toBeVisible();

    // The phone's next request is refused: it is signed out, and the computer stays in.
    await phone.page.goto('/tags');
    await expect(phone.page).toHaveURL(/\/login$/);
    expect(await phone.page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
    await page.reload();
    await expect(page.getByRole('tab', { name: t(language, 'profile:tabs.settings') })).toBeVisible();

    await phone.context.close();
    await computer.context.close();
  });
}
