import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seriousAccessibilityViolations } from './accessibility';
import { expect, test, type APIRequestContext, type Locator, type Page } from './fixtures';
import { screenshotter, signInWithToken, signUpViaApi } from './helpers';
import { t } from './i18n';
import { PORT } from './servers';

/**
 * Issue 19: every dialog of the app, in both interface languages, on a desktop (1440 px) and a
 * phone (390 px), opened from the keyboard (the opener focused, then Enter):
 * - axe finds no critical or serious WCAG 2.2 A/AA violation on the page with the dialog open
 *   (Label in Name and dialog names included, see accessibility.ts);
 * - the dialog has an accessible name and holds the focus: Tab and Shift+Tab stay inside it;
 * - Escape closes it and the focus is back on the control that opened it (for a dialog opened
 *   from a menu: on the button that opened the menu, since the menu item is gone).
 * Plus the editor with filled slides (text, picture, table and chart elements, notes).
 * With SHOTS_DIR set it saves each open dialog for a human to look at.
 */
const SHOTS_DIR = process.env.SHOTS_DIR;
const PPTX_MIME = 'application/vnd.openxmlformats-officedocument.presentationml.presentation';
const LANGUAGES = ['en', 'zh-CN'] as const;
const WIDTHS = [1440, 390] as const;
type Language = (typeof LANGUAGES)[number];

interface Fixtures {
  token: string;
  /** Filled slides: text, picture, table and chart elements, and one without a template slide. */
  deckId: string;
  deckTitle: string;
  trashedTitle: string;
  imageAlt: string;
  libraryMaterialId: string;
  materialName: string;
  fileId: string;
  fileName: string;
  templateName: string;
  tagName: string;
  tokenName: string;
}

interface ParsedElement {
  name: string;
  type: string;
}

let fixtures: Fixtures | undefined;
/**
 * Playwright starts a new worker (and runs beforeAll again) after a failed test: the fixtures are
 * kept per server port and reused while the server still knows them.
 */
const FIXTURES_CACHE = join(tmpdir(), `slidewright-e2e-dialogs-a11y-${PORT}.json`);

async function created(response: Awaited<ReturnType<APIRequestContext['post']>>): Promise<{ _id: string }> {
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { _id: string };
}

/** One account with something in every list, made through the API (never changed: every dialog is left with Escape). */
async function createFixtures(request: APIRequestContext): Promise<Fixtures> {
  const token = await signUpViaApi(request, 'dialogs-a11y');
  const headers = { Authorization: `Bearer ${token}` };
  const templates = (await (await request.get('/api/pptx-files', { headers })).json()) as { _id: string; builtin: boolean; filename: string }[];
  const builtin = templates.find((template) => template.builtin && /Terracotta/.test(template.filename)) ?? templates.find((template) => template.builtin);
  if (!builtin) throw new Error('no built-in template');
  const parsed = (await (await request.get(`/api/pptx-files/${builtin._id}`, { headers })).json()) as { parsedSlides: { slideNumber: number; elements: ParsedElement[] }[] };
  const slideWith = (type: string) => parsed.parsedSlides.find((slide) => slide.elements.some((element) => element.type === type));
  const nameOf = (slide: { elements: ParsedElement[] } | undefined, type: string) => slide?.elements.find((element) => element.type === type)?.name;

  const imageAlt = 'Jade gradient 翡翠渐变';
  const image = await created(
    await request.post('/api/images', {
      headers,
      multipart: { image: { name: 'jade.png', mimeType: 'image/png', buffer: readFileSync(new URL('../../docs/images/builtin-jade.png', import.meta.url)) }, alt: imageAlt },
    }),
  );

  const title = parsed.parsedSlides[0];
  const picture = slideWith('picture');
  const table = slideWith('table');
  const chart = slideWith('chart');
  const titleText = title?.elements.filter((element) => element.type === 'text' || element.type === 'shape') ?? [];
  const slides = [
    {
      contentDescription: 'Opening: the year in one sentence 开场',
      pptxSlideNumber: title?.slideNumber ?? 1,
      formData: Object.fromEntries(titleText.slice(0, 2).map((element, index) => [element.name, index === 0 ? 'Northwind 2026 北风计划' : 'Approved in March 三月获批'])),
      notes: 'Thank the board first.',
    },
    ...(picture ? [{ contentDescription: 'The new office', pptxSlideNumber: picture.slideNumber, formData: { [nameOf(picture, 'picture')!]: image._id } }] : []),
    ...(table ? [{ contentDescription: 'Quarter in numbers', pptxSlideNumber: table.slideNumber, formData: { [nameOf(table, 'table')!]: { rows: [['Metric', 'Q1'], ['Revenue 收入', '31.2']] } } }] : []),
    ...(chart ? [{ contentDescription: 'Growth by region', pptxSlideNumber: chart.slideNumber, formData: {} }] : []),
    // No template slide: the export check lists it.
    { contentDescription: 'Questions and answers 问答', pptxSlideNumber: null, formData: {} },
  ];
  const deckTitle = 'Board review 董事会回顾';
  const deck = await created(await request.post('/api/projects', { headers, data: { title: deckTitle, lang: 'en', pptxFileId: builtin._id, slides } }));
  await created(await request.post(`/api/projects/${deck._id}/materials/text`, { headers, data: { filename: 'Meeting notes 会议记录', content: 'Revenue grew twelve percent. 营收增长百分之十二。' } }));

  const trashedTitle = 'Old plan 旧计划';
  const trashed = await created(await request.post('/api/projects', { headers, data: { title: trashedTitle, lang: 'en', pptxFileId: builtin._id, numSlides: 1 } }));
  expect((await request.delete(`/api/projects/${trashed._id}`, { headers })).ok()).toBe(true);

  const materialName = 'Market research 市场调研';
  const library = await created(await request.post('/api/materials/text', { headers, data: { filename: materialName, content: 'Customers like the revenue reports. 客户喜欢营收报告。' } }));

  const bytes = await (await request.get(`/api/pptx-files/${builtin._id}/download`, { headers })).body();
  const fileName = 'Launch 发布会.pptx';
  const file = await created(await request.post('/api/files/upload', { headers, multipart: { file: { name: fileName, mimeType: PPTX_MIME, buffer: bytes } } }));
  const templateName = 'Quarterly 季度.pptx';
  await created(await request.post('/api/pptx-files', { headers, multipart: { file: { name: templateName, mimeType: PPTX_MIME, buffer: bytes } } }));

  const tagName = 'Finance 财务';
  await created(await request.post('/api/tags', { headers, data: { name: tagName, public: false } }));
  const tokenName = 'Nightly report 夜间报告';
  await created(await request.post('/api/users/me/tokens', { headers, data: { name: tokenName, scope: 'read', expiresInDays: 30 } }));

  return { token, deckId: deck._id, deckTitle, trashedTitle, imageAlt, libraryMaterialId: library._id, materialName, fileId: file._id, fileName, templateName, tagName, tokenName };
}

/** Focuses a control and presses Enter on it: how a keyboard user opens a dialog. */
async function press(control: Locator) {
  await control.focus();
  await expect(control).toBeFocused();
  await control.page().keyboard.press('Enter');
}

/** Opens a menu from its button and picks an item, by keyboard; the button is where focus returns. */
async function fromMenu(page: Page, button: Locator, item: string | RegExp): Promise<Locator> {
  await press(button);
  const menuItem = page.getByRole('menuitem', { name: item });
  await expect(menuItem).toBeVisible();
  await menuItem.focus();
  await page.keyboard.press('Enter');
  return button;
}

/** The profile's Settings tab, chosen by keyboard: where the security and token dialogs open. */
async function profileSettings(page: Page, L: (key: string) => string) {
  const tab = page.getByRole('tab', { name: L('profile:tabs.settings') });
  await press(tab);
  await expect(tab).toHaveAttribute('aria-selected', 'true');
}

interface DialogCase {
  name: string;
  /** Opened on a page for signed-out visitors. */
  signedOut?: boolean;
  path: (f: Fixtures, language: Language) => string;
  /** Opens the dialog by keyboard; returns the control focus must come back to. */
  open: (page: Page, L: (key: string, vars?: Record<string, string | number>) => string, f: Fixtures) => Promise<Locator>;
  /** The dialog's accessible name. */
  dialog: (L: (key: string, vars?: Record<string, string | number>) => string, f: Fixtures) => string | RegExp;
  /** Steps inside the open dialog before it is checked (e.g. the second step of a wizard). */
  inside?: (dialog: Locator, L: (key: string, vars?: Record<string, string | number>) => string) => Promise<void>;
}

const project = (f: Fixtures, tab?: number) => `/projects/${f.deckId}${tab ? `?tab=${tab}` : ''}`;

const CASES: DialogCase[] = [
  {
    name: 'license',
    signedOut: true,
    path: () => '/login',
    open: async (page, L) => {
      const button = page.getByRole('button', { name: L('license:button') });
      await press(button);
      return button;
    },
    dialog: (L) => L('license:title'),
  },
  {
    name: 'create-project',
    path: () => '/projects',
    open: async (page, L) => {
      const button = page.getByRole('button', { name: L('projects:create.open') }).first();
      await press(button);
      return button;
    },
    dialog: (L) => L('projects:create.title'),
  },
  {
    name: 'create-project-step-2',
    path: () => '/projects',
    open: async (page, L) => {
      const button = page.getByRole('button', { name: L('projects:create.open') }).first();
      await press(button);
      return button;
    },
    dialog: (L) => L('projects:create.title'),
    inside: async (dialog, L) => {
      await press(dialog.getByRole('button', { name: L('projects:create.manual') }));
      await expect(dialog.getByRole('button', { name: L('projects:create.create'), exact: true })).toBeVisible();
    },
  },
  {
    name: 'play-from-list-menu',
    path: () => '/projects',
    open: (page, L, f) => fromMenu(page, page.getByRole('button', { name: L('projects:list.moreActions', { title: f.deckTitle }) }), L('projects:actions.play')),
    dialog: (_L, f) => new RegExp(f.deckTitle),
  },
  {
    name: 'delete-forever',
    path: () => '/projects?trash=1',
    open: async (page, L, f) => {
      const button = page.getByRole('button', { name: L('projects:trash.deleteForeverNamed', { title: f.trashedTitle }) });
      await press(button);
      return button;
    },
    dialog: (L) => L('projects:trash.deleteForeverTitle'),
  },
  {
    name: 'play',
    path: (f) => project(f),
    open: async (page, L) => {
      const button = page.getByRole('button', { name: L('projects:actions.play'), exact: true });
      await press(button);
      return button;
    },
    dialog: (_L, f) => new RegExp(f.deckTitle),
  },
  {
    name: 'export-preflight',
    path: (f) => project(f),
    open: async (page, L) => {
      const button = page.getByRole('button', { name: L('projects:page.build') });
      await press(button);
      return button;
    },
    dialog: (L) => L('projects:export.missingTitle'),
  },
  {
    name: 'add-slide',
    path: (f) => project(f),
    open: async (page, L) => {
      const button = page.getByRole('button', { name: L('editor:add.fab'), exact: true });
      await press(button);
      return button;
    },
    dialog: (L) => L('editor:add.titleEnd'),
  },
  {
    name: 'template-slide-picker',
    path: (f) => project(f),
    open: async (page, L) => {
      const button = page.getByRole('button', { name: L('editor:slide.changeTemplateSlide') }).first();
      await press(button);
      return button;
    },
    dialog: (L) => L('editor:picker.title', { position: 1 }),
  },
  {
    name: 'image-picker',
    path: (f) => project(f),
    open: async (page, L) => {
      const button = page.getByRole('button', { name: L('editor:elements.chooseFromGallery') }).first();
      await press(button);
      return button;
    },
    dialog: (L) => L('images:picker.title'),
  },
  {
    name: 'outline-generate',
    path: (f) => project(f),
    open: async (page, L) => {
      const button = page.getByRole('button', { name: L('editor:outline.regenerate') });
      await press(button);
      return button;
    },
    dialog: (L) => L('editor:outline.dialogTitle'),
  },
  {
    name: 'outline-edit',
    path: (f) => project(f),
    open: async (page, L) => {
      const button = page.getByRole('button', { name: L('editor:outline.edit') });
      await press(button);
      return button;
    },
    dialog: (L) => L('editor:outline.editTitle'),
  },
  {
    name: 'project-images-picker',
    path: (f) => project(f, 1),
    open: async (page, L) => {
      const button = page.getByRole('button', { name: L('projects:images.add') });
      await press(button);
      return button;
    },
    dialog: (L) => L('images:picker.title'),
  },
  {
    name: 'material-upload',
    path: (f) => project(f, 2),
    open: async (page, L) => {
      const button = page.getByRole('button', { name: L('materials:actions.upload'), exact: true });
      await press(button);
      return button;
    },
    dialog: (L) => L('materials:upload.title'),
  },
  {
    name: 'material-create-text',
    path: (f) => project(f, 2),
    open: async (page, L) => {
      const button = page.getByRole('button', { name: L('materials:actions.createText') });
      await press(button);
      return button;
    },
    dialog: (L) => L('materials:createText.title'),
  },
  {
    name: 'material-link',
    path: (f) => project(f, 2),
    open: async (page, L) => {
      const button = page.getByRole('button', { name: L('materials:actions.link') });
      await press(button);
      return button;
    },
    dialog: (L) => L('materials:link.title'),
  },
  {
    name: 'material-delete',
    path: () => '/materials',
    open: async (page, L, f) => {
      const button = page.getByRole('button', { name: L('materials:actions.delete', { name: f.materialName }) });
      await press(button);
      return button;
    },
    dialog: (L) => L('materials:delete.title'),
  },
  {
    name: 'project-setting-edit',
    path: (f) => project(f, 3),
    open: async (page, L) => {
      const button = page.getByRole('button', { name: L('projects:settings.edit', { field: L('projects:fields.title') }) });
      await press(button);
      return button;
    },
    dialog: (L) => new RegExp(L('projects:settings.editTitle', { field: L('projects:fields.title') })),
  },
  {
    name: 'project-delete',
    path: (f) => project(f, 3),
    open: async (page, L) => {
      const button = page.getByRole('button', { name: L('projects:settings.deleteProject') });
      await press(button);
      return button;
    },
    dialog: (L) => L('projects:settings.deleteProject'),
  },
  {
    name: 'image-upload',
    path: () => '/pictures',
    open: async (page, L) => {
      const button = page.getByRole('button', { name: L('images:upload.open') }).first();
      await press(button);
      return button;
    },
    dialog: (L) => L('images:upload.title'),
  },
  {
    name: 'image-viewer-tags',
    path: () => '/pictures',
    open: async (page, L, f) => {
      const button = page.getByRole('button', { name: L('images:card.open', { name: f.imageAlt }) });
      await press(button);
      return button;
    },
    dialog: (L, f) => L('images:viewer.label', { name: f.imageAlt }),
  },
  {
    name: 'image-delete',
    path: () => '/pictures',
    open: (page, L, f) => fromMenu(page, page.getByRole('button', { name: L('images:card.more', { name: f.imageAlt }) }), L('images:menu.delete')),
    dialog: (L) => L('images:delete.title'),
  },
  {
    name: 'template-publish',
    path: () => '/pptx-files',
    open: (page, L, f) => fromMenu(page, page.getByRole('button', { name: L('templates:menu.open', { name: f.templateName }) }), L('templates:menu.publish')),
    dialog: (L) => L('templates:publish.title'),
  },
  {
    name: 'template-delete',
    path: () => '/pptx-files',
    open: (page, L, f) => fromMenu(page, page.getByRole('button', { name: L('templates:menu.open', { name: f.templateName }) }), L('templates:menu.delete')),
    dialog: (L) => L('templates:delete.title'),
  },
  {
    name: 'template-thumbnails',
    path: () => '/pptx-files',
    open: (page, L, f) => fromMenu(page, page.getByRole('button', { name: L('templates:menu.open', { name: f.templateName }) }), L('templates:menu.uploadThumbnails')),
    dialog: (L) => L('templates:bulk.title'),
  },
  {
    name: 'template-thumbnails-help',
    path: () => '/pptx-files',
    // Opened from inside the thumbnails dialog: focus returns to its "How to export" button.
    open: async (page, L, f) => {
      await fromMenu(page, page.getByRole('button', { name: L('templates:menu.open', { name: f.templateName }) }), L('templates:menu.uploadThumbnails'));
      const help = page.getByRole('dialog', { name: L('templates:bulk.title') }).getByRole('button', { name: L('templates:warnings.howToExport') });
      await press(help);
      return help;
    },
    dialog: (L) => L('templates:help.title'),
  },
  {
    name: 'file-thumbnails',
    path: (f) => `/files/${f.fileId}`,
    open: async (page, L) => {
      const button = page.getByRole('button', { name: L('files:actions.uploadThumbnails'), exact: true });
      await press(button);
      return button;
    },
    dialog: (L) => L('files:thumbnails.title'),
  },
  {
    name: 'file-create-template',
    path: (f) => `/files/${f.fileId}`,
    open: async (page, L) => {
      const button = page.getByRole('button', { name: L('files:createTemplate.openLabel', { number: 1 }), exact: true });
      await press(button);
      return button;
    },
    dialog: (L) => L('files:createTemplate.title', { number: 1 }),
  },
  {
    name: 'file-delete',
    path: (f) => `/files/${f.fileId}`,
    open: async (page, L) => {
      const button = page.getByRole('button', { name: L('files:actions.delete') });
      await press(button);
      return button;
    },
    dialog: (L) => L('files:delete.title'),
  },
  {
    name: 'tag-delete',
    path: () => '/tags',
    open: async (page, L, f) => {
      const button = page.getByRole('button', { name: L('tags:delete', { name: f.tagName }) });
      await press(button);
      return button;
    },
    dialog: (L) => L('tags:deleteTitle'),
  },
  {
    name: 'change-password',
    path: () => '/profile',
    open: async (page, L) => {
      await profileSettings(page, L);
      const button = page.getByRole('button', { name: L('profile:settings.changePassword') });
      await press(button);
      return button;
    },
    dialog: (L) => L('profile:password.title'),
  },
  {
    name: 'sign-out-everywhere',
    path: () => '/profile',
    open: async (page, L) => {
      await profileSettings(page, L);
      const button = page.getByRole('button', { name: L('profile:settings.signOutEverywhere') });
      await press(button);
      return button;
    },
    dialog: (L) => L('profile:settings.signOutEverywhereTitle'),
  },
  {
    name: 'api-token-create',
    path: () => '/profile',
    open: async (page, L) => {
      await profileSettings(page, L);
      const button = page.getByRole('button', { name: L('profile:tokens.create') });
      await press(button);
      return button;
    },
    dialog: (L) => L('profile:tokens.create'),
  },
  {
    name: 'api-token-revoke',
    path: () => '/profile',
    open: async (page, L, f) => {
      await profileSettings(page, L);
      const button = page.getByRole('button', { name: L('profile:tokens.revoke', { name: f.tokenName }) });
      await press(button);
      return button;
    },
    dialog: (L) => L('profile:tokens.revokeTitle'),
  },
];

/**
 * Where the focus is when it is not inside the open dialog's modal ('' when it is): never the
 * page behind the dialog, nor the body.
 */
async function focusOutside(dialog: Locator): Promise<string> {
  return dialog.evaluate((element) => {
    const modal = element.closest('.MuiModal-root') ?? element;
    const active = document.activeElement;
    if (active !== null && active !== document.body && modal.contains(active)) return '';
    if (!active || active === document.body) return 'the body';
    return `${active.tagName.toLowerCase()} "${active.getAttribute('aria-label') ?? active.textContent?.slice(0, 40) ?? ''}"`;
  });
}

/** The network at rest, or 3 s: the editor keeps polling while slide previews render. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle', { timeout: 3_000 }).catch(() => undefined);
}

test.beforeAll(async ({ playwright }) => {
  test.setTimeout(90_000);
  const request = await playwright.request.newContext({ baseURL: `http://127.0.0.1:${PORT}` });
  if (existsSync(FIXTURES_CACHE)) {
    const cached = JSON.parse(readFileSync(FIXTURES_CACHE, 'utf8')) as Fixtures;
    const known = await request.get(`/api/projects/${cached.deckId}`, { headers: { Authorization: `Bearer ${cached.token}` } });
    if (known.ok()) fixtures = cached;
  }
  if (!fixtures) {
    fixtures = await createFixtures(request);
    writeFileSync(FIXTURES_CACHE, JSON.stringify(fixtures));
  }
  await request.dispose();
});

for (const language of LANGUAGES) {
  const L = (key: string, vars: Record<string, string | number> = {}) => t(language, key, vars);
  for (const width of WIDTHS) {
    test.describe(`${language} at ${width} px`, () => {
      test.use({ viewport: { width, height: 900 }, locale: language === 'en' ? 'en-US' : 'zh-CN' });

      test.beforeEach(() => test.setTimeout(60_000));

      test(`the editor with filled slides has no serious axe violations`, async ({ context, page }) => {
        const f = fixtures!;
        await signInWithToken(context, f.token, language);
        await page.goto(project(f));
        await expect(page.getByRole('heading', { level: 1, name: f.deckTitle })).toBeVisible({ timeout: 30_000 });
        await expect(page.getByRole('article')).toHaveCount(5);
        await settle(page);
        expect(await seriousAccessibilityViolations(page)).toEqual([]);
        if (SHOTS_DIR) await screenshotter(page, SHOTS_DIR, `${language}-${width}`)('editor-filled', true);
      });

      for (const dialogCase of CASES) {
        test(`dialog ${dialogCase.name}: named, axe-clean, holds focus and gives it back on Escape`, async ({ context, page }) => {
          const f = fixtures!;
          if (dialogCase.signedOut) await context.addInitScript((lang) => window.localStorage.setItem('lang', lang), language);
          else await signInWithToken(context, f.token, language);
          await page.goto(dialogCase.path(f, language));
          // Generous: LibreOffice draws the fixtures' previews in the background on a shared machine.
          await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 30_000 });
          await settle(page);
          const opener = await dialogCase.open(page, L, f);
          const dialog = page.getByRole('dialog', { name: dialogCase.dialog(L, f) });
          await expect(dialog).toBeVisible();
          if (dialogCase.inside) await dialogCase.inside(dialog, L);
          await settle(page);
          // Past the opening transition (colours are checked as they end up).
          await page.waitForTimeout(400);

          expect.soft(await seriousAccessibilityViolations(page), 'axe with the dialog open').toEqual([]);
          expect(await focusOutside(dialog), 'focus moves into the dialog').toBe('');
          if (SHOTS_DIR) await screenshotter(page, SHOTS_DIR, `${language}-${width}`)(`dialog-${dialogCase.name}`);

          for (let step = 0; step < 12; step += 1) {
            await page.keyboard.press('Tab');
            expect(await focusOutside(dialog), `Tab ${step + 1} stays in the dialog`).toBe('');
          }
          for (let step = 0; step < 4; step += 1) {
            await page.keyboard.press('Shift+Tab');
            expect(await focusOutside(dialog), `Shift+Tab ${step + 1} stays in the dialog`).toBe('');
          }

          await page.keyboard.press('Escape');
          await expect(dialog).toBeHidden();
          await expect(opener, 'focus is back on the control that opened the dialog').toBeFocused();
        });
      }
    });
  }
}
