import { expect, test, type Locator, type Page } from './fixtures';
import { newAccount, readDeck } from './helpers';
import { t } from './i18n';

/**
 * Issue 19, WCAG 2.1.1 and 2.4.7: the main flow with the keyboard alone, in both interface
 * languages. Sign up, upload a template, create a project on it, fill a slide, export it: every
 * step is Tab / Shift+Tab to a control, then Enter, Space, arrows or typing; never a click. At
 * the steps that land on buttons, links and options, the focused control shows a focus ring.
 */
const LANGUAGES = ['en', 'zh-CN'] as const;
const PPTX_MIME = 'application/vnd.openxmlformats-officedocument.presentationml.presentation';

/** Presses Tab (or Shift+Tab) until `target` has the focus; fails if it is not in the tab order. */
async function tabTo(page: Page, target: Locator, { backwards = false, max = 80 } = {}) {
  await expect(target).toBeVisible();
  for (let step = 0; step <= max; step += 1) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`${String(target)} was not reached with ${max} presses of ${backwards ? 'Shift+Tab' : 'Tab'}`);
}

/** The focused control draws a visible ring: an outline of 2 px or more, or a box shadow. */
async function expectFocusRing(page: Page, what: string) {
  const style = await page.evaluate(() => {
    const element = document.activeElement as HTMLElement;
    const computed = getComputedStyle(element);
    return { outline: computed.outlineStyle, width: parseFloat(computed.outlineWidth), shadow: computed.boxShadow, label: element.getAttribute('aria-label') ?? element.textContent?.slice(0, 40) };
  });
  expect((style.outline !== 'none' && style.width >= 2) || style.shadow !== 'none', `a focus ring on ${what} (${JSON.stringify(style)})`).toBe(true);
}

for (const language of LANGUAGES) {
  const L = (key: string, vars: Record<string, string | number> = {}) => t(language, key, vars);

  test(`the main flow by keyboard alone, with a visible focus (${language})`, async ({ browser, request }, testInfo) => {
    test.setTimeout(180_000);
    const context = await browser.newContext({ locale: language === 'en' ? 'en-US' : 'zh-CN', acceptDownloads: true });
    await context.addInitScript((lang) => window.localStorage.setItem('lang', lang), language);
    const page = await context.newPage();
    const account = newAccount(`keyboard-${language.toLowerCase()}`);
    const title = language === 'en' ? 'Keyboard review' : '键盘回顾';
    const slideTitle = language === 'en' ? 'Typed without a mouse' : '不用鼠标输入的标题';

    // 1. Sign up: Tab into each field, type, Enter submits.
    await page.goto('/signup');
    await tabTo(page, page.getByLabel(L('auth:fields.name')));
    await page.keyboard.type(account.name);
    await tabTo(page, page.getByLabel(L('auth:fields.email')));
    await page.keyboard.type(account.email);
    await tabTo(page, page.getByLabel(L('auth:fields.password'), { exact: true }));
    await page.keyboard.type(account.password);
    const signUp = page.getByRole('button', { name: L('auth:signup.submit') });
    await tabTo(page, signUp);
    await expectFocusRing(page, 'the Sign up button');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/projects$/);
    const token = await page.evaluate(() => window.localStorage.getItem('token'));
    const headers = { Authorization: `Bearer ${token}` };

    // 2. Upload a template: the navigation link, then the Upload button. Enter on the button
    // opens the browser's file chooser, a window of the operating system that a page cannot
    // drive; Playwright answers it with setFiles, the one step a test cannot type.
    const templatesLink = page.getByRole('navigation', { name: L('shell:nav.label') }).getByRole('link', { name: L('shell:nav.pptxTemplates') });
    await tabTo(page, templatesLink);
    await expectFocusRing(page, 'the PPTX Templates link');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: L('templates:title') })).toBeVisible();
    const upload = page.getByRole('button', { name: L('templates:upload') });
    await tabTo(page, upload);
    await expectFocusRing(page, 'the Upload PPTX button');
    // The built-in deck in the interface language, as a file of the user's (its element names are in that language).
    const listed = (await (await request.get('/api/pptx-files', { headers: { ...headers, 'Accept-Language': language } })).json()) as { _id: string; builtin: boolean }[];
    const builtin = listed.find((template) => template.builtin);
    if (!builtin) throw new Error('no built-in template');
    const deck = await (await request.get(`/api/pptx-files/${builtin._id}/download`, { headers })).body();
    const choosing = page.waitForEvent('filechooser');
    await page.keyboard.press('Enter');
    await (await choosing).setFiles({ name: 'keyboard-deck.pptx', mimeType: PPTX_MIME, buffer: deck });
    await expect(page.getByText(L('templates:uploaded'))).toBeVisible({ timeout: 30_000 });
    const uploaded = ((await (await request.get('/api/pptx-files', { headers })).json()) as { _id: string; filename: string }[]).find((template) => template.filename === 'keyboard-deck.pptx');
    if (!uploaded) throw new Error('the uploaded template is not listed');
    const parsed = (await (await request.get(`/api/pptx-files/${uploaded._id}`, { headers })).json()) as { parsedSlides: { elements: { name: string; type: string }[] }[] };
    const titleElement = parsed.parsedSlides[0]?.elements.find((element) => element.type === 'text');
    if (!titleElement) throw new Error('slide 1 of the template has no text element');

    // 3. Create a project on it: the wizard's fields, the template chosen with the arrow keys.
    const projectsLink = page.getByRole('navigation', { name: L('shell:nav.label') }).getByRole('link', { name: L('shell:nav.projects') });
    await tabTo(page, projectsLink, { backwards: true });
    await page.keyboard.press('Enter');
    const create = page.getByRole('button', { name: L('projects:create.open') }).first();
    await tabTo(page, create);
    await expectFocusRing(page, 'the Create Project button');
    await page.keyboard.press('Enter');
    const wizard = page.getByRole('dialog', { name: L('projects:create.title') });
    await expect(wizard).toBeVisible();
    await tabTo(page, wizard.getByRole('button', { name: L('projects:create.manual') }));
    await expectFocusRing(page, 'the Create Manually button');
    await page.keyboard.press('Enter');
    const titleField = wizard.getByRole('textbox', { name: L('projects:fields.title') });
    await expect(titleField).toBeFocused();
    await page.keyboard.type(title);
    const templateField = wizard.getByRole('combobox', { name: L('projects:fields.template') });
    await tabTo(page, templateField);
    await page.keyboard.press('ArrowDown');
    const option = page.getByRole('option', { name: /keyboard-deck/ });
    await expect(option).toBeVisible();
    for (let step = 0; step < 20 && !(await option.evaluate((element) => element === document.activeElement)); step += 1) await page.keyboard.press('ArrowDown');
    await expect(option).toBeFocused();
    await expectFocusRing(page, 'the template option');
    await page.keyboard.press('Enter');
    await expect(templateField).toContainText('keyboard-deck');
    await tabTo(page, wizard.getByRole('spinbutton', { name: L('projects:fields.numSlides') }));
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('1');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

    // 4. Fill the slide: a template slide from the picker, then its title typed into the element.
    const chooser = page.getByRole('button', { name: L('editor:slide.chooseTemplateSlideFor', { position: 1 }) });
    await tabTo(page, chooser);
    await expectFocusRing(page, 'the template slide chooser');
    await page.keyboard.press('Enter');
    const picker = page.getByRole('dialog', { name: L('editor:picker.title', { position: 1 }) });
    const first = picker.getByRole('option').first();
    await tabTo(page, first);
    await expectFocusRing(page, 'a template slide option');
    await page.keyboard.press('Enter');
    await expect(picker).toBeHidden();
    const value = page.getByRole('textbox', { name: L('editor:elements.valueOf', { name: titleElement.name }) });
    await tabTo(page, value);
    await page.keyboard.type(slideTitle);
    await expect(page.getByText(L('editor:save.saved'), { exact: true })).toBeVisible({ timeout: 20_000 });

    // 5. Export: back up to Build PPT, through the export check, and the file downloads.
    const build = page.getByRole('button', { name: L('projects:page.build') });
    await tabTo(page, build, { backwards: true });
    await expectFocusRing(page, 'the Build PPT button');
    const downloading = page.waitForEvent('download');
    await page.keyboard.press('Enter');
    // The empty elements of the slide make the export check speak; Export Anyway has the focus.
    const check = page.getByRole('dialog', { name: L('projects:export.missingTitle') });
    await expect(check).toBeVisible();
    const anyway = check.getByRole('button', { name: L('projects:export.anyway') });
    await expect(anyway).toBeFocused();
    await expectFocusRing(page, 'the Export Anyway button');
    await page.keyboard.press('Enter');
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`${title}.pptx`);
    const path = testInfo.outputPath(`keyboard-${language}.pptx`);
    await download.saveAs(path);
    expect(readDeck(path).slides[0]).toContain(slideTitle);
    // The focus is back where the user left it.
    await expect(build).toBeFocused();
    await context.close();
  });
}
