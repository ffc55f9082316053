import { test as base, expect, type BrowserContext, type Page } from '@playwright/test';

// Every spec imports `test` from here instead of '@playwright/test', so every page of the suite is
// watched: a Content-Security-Policy violation logged in the console fails the test (issue 17),
// so the server's policy can never silently break a page. Pages opened through
// `browser.newContext()` / `browser.newPage()` in a test are watched too.
export * from '@playwright/test';

const CSP_VIOLATION = /Content Security Policy|Refused to (load|execute|apply|connect|frame|evaluate|create)/i;

export const test = base.extend<{ cspViolations: string[] }>({
  cspViolations: [
    async ({ browser, context }, provide) => {
      const violations: string[] = [];
      const watched = new WeakSet<Page>();
      const watchPage = (page: Page) => {
        if (watched.has(page)) return;
        watched.add(page);
        page.on('console', (message) => {
          if (CSP_VIOLATION.test(message.text())) violations.push(`${page.url()}: ${message.text()}`);
        });
      };
      const watchContext = (created: BrowserContext) => {
        created.pages().forEach(watchPage);
        created.on('page', watchPage);
      };
      watchContext(context);
      const { newContext, newPage } = browser;
      browser.newContext = async (...args: Parameters<typeof newContext>) => {
        const created = await newContext.apply(browser, args);
        watchContext(created);
        return created;
      };
      browser.newPage = async (...args: Parameters<typeof newPage>) => {
        const created = await newPage.apply(browser, args);
        watchPage(created);
        return created;
      };
      try {
        await provide(violations);
      } finally {
        browser.newContext = newContext;
        browser.newPage = newPage;
      }
      expect(violations, 'Content-Security-Policy violations in the browser console').toEqual([]);
    },
    { auto: true },
  ],
});
