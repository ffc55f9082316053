import { expect, test } from './fixtures';
import { signInWithToken, signUpViaApi } from './helpers';

/**
 * WCAG 2.4.1 and 2.3.3 in the browser: the first Tab on a page reaches "Skip to main content",
 * which moves focus past the top bar and the drawer; and a user who asks the system for less
 * motion gets no transitions.
 */
for (const [language, name] of [
  ['en', 'Skip to main content'],
  ['zh-CN', '跳到主要内容'],
] as const) {
  test(`the first Tab reaches the skip link, which lands in the main content (${language})`, async ({ browser, request }) => {
    const token = await signUpViaApi(request, `skip-${language.toLowerCase()}`);
    for (const path of ['/', '/login', '/projects']) {
      const context = await browser.newContext({ locale: language === 'en' ? 'en-US' : 'zh-CN' });
      if (path === '/projects') await signInWithToken(context, token, language);
      else await context.addInitScript((lang) => window.localStorage.setItem('lang', lang), language);
      const page = await context.newPage();
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      const skip = page.getByRole('link', { name });
      if (path === '/login') {
        // The sign-in form puts the cursor in the email field, past the link: it is the first
        // element of the page's tab order all the same.
        const first = await page.evaluate(() => document.querySelector('a[href], button, input, [tabindex="0"]')?.textContent);
        expect(first).toBe(name);
        await skip.focus();
      } else {
        await page.keyboard.press('Tab');
      }
      await expect(skip, path).toBeFocused();
      await expect(skip).toBeInViewport();
      await page.keyboard.press('Enter');
      await expect(page.locator('main'), path).toBeFocused();
      // The next Tab goes into the page's content, not back to the top bar.
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest('main'))), path).toBe(true);
      await context.close();
    }
  });
}

test('no transitions for a user who asks for reduced motion', async ({ browser }) => {
  const context = await browser.newContext({ reducedMotion: 'reduce' });
  const page = await context.newPage();
  await page.goto('/login');
  const button = page.getByRole('button').first();
  await expect(button).toBeVisible();
  const duration = await button.evaluate((element) => getComputedStyle(element).transitionDuration);
  expect(duration.split(',').every((value) => parseFloat(value) <= 0.0001)).toBe(true);
  await context.close();
});
