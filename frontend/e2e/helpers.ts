import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type APIRequestContext, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from '@playwright/test';

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

/** A new account through the API (the auth flow has its own specs); returns its token. */
/** A new account through the API; `name` overrides the generated one (e.g. a Chinese name). */
export async function signUpViaApi(request: APIRequestContext, label: string, name?: string): Promise<string> {
  const account = newAccount(label);
  const response = await request.post('/api/auth/signup', { data: { name: name ?? account.name, email: account.email, password: account.password } });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { token: string }).token;
}

/** Every page of the context starts signed in with `token`, in the interface `language`. */
export async function signInWithToken(context: BrowserContext, token: string, language: string) {
  await context.addInitScript(
    ([value, lang]) => {
      window.localStorage.setItem('token', value);
      window.localStorage.setItem('lang', lang);
    },
    [token, language] as const,
  );
}

/**
 * A new browser window in the interface `language`: signed in as the user of `token`, or a
 * visitor's when `token` is null.
 */
export async function windowFor(browser: Browser, language: string, token: string | null, options: BrowserContextOptions = {}): Promise<BrowserContext> {
  const context = await browser.newContext({ locale: language === 'en' ? 'en-US' : 'zh-CN', ...options });
  if (token) await signInWithToken(context, token, language);
  else await context.addInitScript((lang) => window.localStorage.setItem('lang', lang), language);
  return context;
}

/** Every slide's texts (text frames, table cells, chart categories and series names) and notes. */
const READ_DECK = `
import json, sys
from pptx import Presentation
slides, notes = [], []
for slide in Presentation(sys.argv[1]).slides:
    texts = []
    for shape in slide.shapes:
        if shape.has_text_frame:
            texts.append(shape.text_frame.text)
        if getattr(shape, "has_table", False) and shape.has_table:
            texts += [cell.text for row in shape.table.rows for cell in row.cells]
        if getattr(shape, "has_chart", False) and shape.has_chart:
            plot = shape.chart.plots[0]
            texts += [str(c) for c in plot.categories] + [s.name for s in plot.series]
    slides.append(texts)
    notes.append(slide.notes_slide.notes_text_frame.text if slide.has_notes_slide else "")
print(json.dumps({"slides": slides, "notes": notes}, ensure_ascii=False))
`;

/** A downloaded deck as python-pptx reads it, in the backend's environment. */
export function readDeck(path: string): { slides: string[][]; notes: string[] } {
  const backend = fileURLToPath(new URL('../../backend', import.meta.url));
  return JSON.parse(execFileSync('uv', ['run', '--quiet', 'python', '-c', READ_DECK, path], { cwd: backend, encoding: 'utf8' })) as { slides: string[][]; notes: string[] };
}
