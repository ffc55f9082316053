import { expect, test } from './fixtures';
import { logIn, logOut, newAccount, signUp } from './helpers';

test('a new user signs up, logs out and logs in again', async ({ page }) => {
  const account = newAccount('auth');
  await signUp(page, account);
  await expect(page.getByRole('heading', { name: 'Projects', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Account menu' })).toBeVisible();

  await logOut(page);
  expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
  await expect(page.getByRole('link', { name: 'Get Started' })).toBeVisible();

  await logIn(page, account);
  await expect(page).toHaveURL(/\/projects$/);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByText(`Signed in as ${account.name}`)).toBeVisible();
});

test('a wrong password is reported on the password field', async ({ page }) => {
  const account = newAccount('wrongpw');
  await signUp(page, account);
  await logOut(page);

  await logIn(page, { email: account.email, password: 'not-the-password' });
  await expect(page.getByText('Incorrect password', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(/\/login$/);
});

test('an unknown email is reported on the email field', async ({ page }) => {
  await logIn(page, { email: `nobody-${Date.now()}@example.com`, password: 'whatever1' });
  await expect(page.getByText('User not found', { exact: true })).toBeVisible();
});

test('a protected route redirects to /login and returns there after signing in', async ({ page }) => {
  const account = newAccount('redirect');
  await signUp(page, account);
  await logOut(page);

  await page.goto('/tags');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();

  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/tags$/);
});
