import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from './fixtures';
import { newAccount } from './helpers';

/**
 * Not a check: captures every screen in both languages for a human to look at.
 * Runs only with SHOTS_DIR set, e.g. `SHOTS_DIR=/tmp/shots npx playwright test screenshots`.
 */
const SHOTS_DIR = process.env.SHOTS_DIR;
test.skip(!SHOTS_DIR, 'set SHOTS_DIR to capture screenshots');

const LANGUAGES = ['en', 'zh-CN'] as const;

// The e2e server has no license installed; a near-expiry one shows the red day count.
const LICENSE = { clientName: 'Acme Trading Co.', maxUsers: 50, issuedAt: '2025-01-01', expireDate: '2026-01-01', daysRemaining: 21 };

async function shot(page: Page, name: string, language: string, fullPage = false) {
  const dir = join(SHOTS_DIR!, language);
  mkdirSync(dir, { recursive: true });
  await page.waitForLoadState('networkidle');
  // Let dialog, menu and ripple transitions finish.
  await page.waitForTimeout(400);
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage });
}

test.use({ viewport: { width: 1280, height: 800 } });

for (const language of LANGUAGES) {
  test(`screens in ${language}`, async ({ page, context, request }) => {
    test.setTimeout(120_000);
    const account = newAccount(`shots-${language.toLowerCase()}`);
    const signup = await request.post('/api/auth/signup', { data: { name: 'Ada Lovelace', email: account.email, password: account.password } });
    const { token } = (await signup.json()) as { token: string };
    for (const name of ['Finance', 'Quarterly review', '市场营销']) {
      await request.post('/api/tags', { data: { name, public: false }, headers: { Authorization: `Bearer ${token}` } });
    }
    await context.addInitScript((lang) => window.localStorage.setItem('lang', lang), language);

    // Signed out.
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await shot(page, 'landing', language, true);
    await page.goto('/login');
    await shot(page, 'login', language);
    await page.getByRole('button', { name: language === 'en' ? 'Sign in' : '登录' }).last().click();
    await shot(page, 'login-validation', language);
    await page.goto('/signup');
    await shot(page, 'signup', language);

    await page.route('**/api/license/status', (route) => route.fulfill({ json: LICENSE }));
    await page.goto('/login');
    await page.getByRole('button', { name: language === 'en' ? 'License Info' : '许可证信息' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await shot(page, 'license-dialog', language);
    await page.unroute('**/api/license/status');
    await page.goto('/signup');
    await page.getByRole('button', { name: language === 'en' ? 'License Info' : '许可证信息' }).click();
    await expect(page.getByRole('dialog').getByRole('alert')).toBeVisible();
    await shot(page, 'license-unavailable', language);

    await page.goto('/docs/user-manual-' + (language === 'en' ? 'en' : 'zh-cn'));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await shot(page, 'docs-viewer', language);

    // Signed in.
    await page.evaluate((value) => window.localStorage.setItem('token', value), token);
    await page.goto('/projects');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await shot(page, 'projects-drawer-collapsed', language);
    await page.getByRole('navigation').getByRole('link').nth(1).hover();
    await shot(page, 'projects-drawer-tooltip', language);
    await page.getByRole('button', { name: language === 'en' ? 'Expand navigation' : '展开导航栏' }).click();
    await page.waitForTimeout(400);
    await shot(page, 'projects-drawer-open', language);
    await page.getByRole('button', { name: language === 'en' ? 'Account menu' : '账户菜单' }).click();
    await shot(page, 'account-menu', language);
    await page.keyboard.press('Escape');

    await page.goto('/profile');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await shot(page, 'profile', language);
    await page.getByRole('button', { name: language === 'en' ? 'Edit Profile' : '编辑资料' }).click();
    await shot(page, 'profile-editing', language);
    await page.getByRole('tab', { name: language === 'en' ? 'Settings' : '设置' }).click();
    await shot(page, 'profile-settings', language);
    await page.getByRole('button', { name: language === 'en' ? 'Change Password' : '修改密码' }).click();
    const dialog = page.getByRole('dialog');
    const field = (name: string) => dialog.getByRole('textbox', { name, exact: true });
    await field(language === 'en' ? 'Current password' : '当前密码').fill('whatever');
    await field(language === 'en' ? 'New password' : '新密码').fill('abcdef');
    await field(language === 'en' ? 'Confirm new password' : '确认新密码').fill('abcdeg');
    await dialog.getByRole('button', { name: language === 'en' ? 'Change Password' : '修改密码' }).click();
    await shot(page, 'change-password-mismatch', language);
    await page.keyboard.press('Escape');

    await page.goto('/tags');
    await expect(page.getByText('Finance')).toBeVisible();
    await shot(page, 'tags', language);
    await page.getByRole('button', { name: /Finance/ }).click();
    await shot(page, 'tags-delete-confirm', language);
    await page.keyboard.press('Escape');

    await page.goto('/no/such/page');
    await shot(page, 'not-found', language);
  });
}
