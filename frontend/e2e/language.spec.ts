import { expect, test } from './fixtures';
import { newAccount, signUp } from './helpers';

test('switching to Chinese shows Chinese labels and is remembered', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Get Started' })).toBeVisible();

  await page.getByRole('button', { name: 'Language' }).click();
  await page.getByRole('menuitem', { name: '简体中文' }).click();
  await expect(page.getByRole('link', { name: '开始使用' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  expect(await page.evaluate(() => window.localStorage.getItem('lang'))).toBe('zh-CN');

  await page.goto('/login');
  await expect(page.getByRole('heading', { name: '登录' })).toBeVisible();
  await expect(page.getByLabel('邮箱')).toBeVisible();
  await page.getByRole('button', { name: '登录' }).click();
  await expect(page.getByText('请输入邮箱')).toBeVisible();
});

test('the shell follows the language, also from another tab', async ({ page, context }) => {
  await signUp(page, newAccount('lang'));
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();

  const other = await context.newPage();
  await other.goto('/tags');
  await other.getByRole('button', { name: 'Language' }).click();
  await other.getByRole('menuitem', { name: '简体中文' }).click();
  await expect(other.getByRole('heading', { name: '标签', level: 1 })).toBeVisible();

  // The first tab switches through the storage event, without a reload.
  await expect(page.getByRole('heading', { name: '项目', level: 1 })).toBeVisible();
  await expect(page.getByRole('navigation', { name: '主导航' })).toBeVisible();
  await expect(page.getByText('暂无项目。创建一个新项目开始吧！')).toBeVisible();
});
