import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';

export interface Account {
  name: string;
  email: string;
  password: string;
}

/** A new account per test and run, so tests never collide on the shared database. */
export function newAccount(label: string): Account {
  const unique = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  return { name: `E2E ${label}`, email: `e2e-${label}-${unique}@example.com`, password: 'correct-horse' };
}

export async function signUp(page: Page, account: Account) {
  await page.goto('/signup');
  await page.getByLabel('Full name').fill(account.name);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(/\/projects$/);
}

export async function logIn(page: Page, account: Pick<Account, 'email' | 'password'>) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

export async function logOut(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
}

/** Screenshots for a human to look at, into `<dir>/<language>/<name>.png`, after animations settle. */
export function screenshotter(page: Page, dir: string, language: string) {
  return async (name: string, fullPage = false) => {
    const target = join(dir, language);
    mkdirSync(target, { recursive: true });
    await page.waitForTimeout(450);
    await page.screenshot({ path: join(target, `${name}.png`), fullPage });
  };
}
