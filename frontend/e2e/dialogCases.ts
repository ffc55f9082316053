import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, type APIRequestContext, type Locator, type Page } from './fixtures';
import { newAccount } from './helpers';
import { PORT } from './servers';

/**
 * Every dialog of the app (issue 19): how a keyboard user opens it, what it is called, and the
 * account whose lists hold something for each of them. dialogs-a11y.spec.ts checks them.
 */
const PPTX_MIME = 'application/vnd.openxmlformats-officedocument.presentationml.presentation';

export interface Fixtures {
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
  templateId: string;
  templateName: string;
  tagName: string;
  tokenName: string;
}

interface ParsedElement {
  name: string;
  type: string;
}


async function created(response: Awaited<ReturnType<APIRequestContext['post']>>): Promise<{ _id: string }> {
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { _id: string };
}

/** One account with something in every list, made through the API (never changed: every dialog is left with Escape). */
async function createFixtures(request: APIRequestContext): Promise<Fixtures> {
  const account = newAccount('dialogs-a11y');
  const signedUp = await request.post('/api/auth/signup', { data: account });
  expect(signedUp.ok(), await signedUp.text()).toBe(true);
  const { token } = (await signedUp.json()) as { token: string };
  const headers = { Authorization: `Bearer ${token}` };
  // A second browser signed in: the profile then offers to end it, and to end all others.
  const elsewhere = await request.post('/api/auth/login', {
    data: { email: account.email, password: account.password },
    headers: { 'User-Agent': 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15' },
  });
  expect(elsewhere.ok(), await elsewhere.text()).toBe(true);
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
  // A thumbnail of the user's own, so Clear Thumbnails is enabled without waiting for LibreOffice.
  const thumbnail = await request.post(`/api/files/${file._id}/thumbnails`, {
    headers,
    multipart: { thumbnails: { name: '1.png', mimeType: 'image/png', buffer: readFileSync(new URL('../../docs/images/builtin-jade.png', import.meta.url)) }, index: '1' },
  });
  expect(thumbnail.ok(), await thumbnail.text()).toBe(true);
  const templateName = 'Quarterly 季度.pptx';
  const template = await created(await request.post('/api/pptx-files', { headers, multipart: { file: { name: templateName, mimeType: PPTX_MIME, buffer: bytes } } }));

  const tagName = 'Finance 财务';
  await created(await request.post('/api/tags', { headers, data: { name: tagName, public: false } }));
  const tokenName = 'Nightly report 夜间报告';
  await created(await request.post('/api/users/me/tokens', { headers, data: { name: tokenName, scope: 'read', expiresInDays: 30 } }));

  return {
    token,
    deckId: deck._id,
    deckTitle,
    trashedTitle,
    imageAlt,
    libraryMaterialId: library._id,
    materialName,
    fileId: file._id,
    fileName,
    templateId: template._id,
    templateName,
    tagName,
    tokenName,
  };
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

/** The app's words in the interface language of the test (see i18n.ts). */
export type Label = (key: string, vars?: Record<string, string | number>) => string;

export interface DialogCase {
  name: string;
  /** Opened on a page for signed-out visitors. */
  signedOut?: boolean;
  path: (f: Fixtures) => string;
  /** Before the page loads: what the server must say for the dialog to be offered. */
  prepare?: (page: Page) => Promise<void>;
  /** Opens the dialog by keyboard; returns the control focus must come back to. */
  open: (page: Page, L: Label, f: Fixtures) => Promise<Locator>;
  /** The dialog's accessible name. */
  dialog: (L: Label, f: Fixtures) => string | RegExp;
  /** Steps inside the open dialog before it is checked (e.g. the second step of a wizard). */
  inside?: (dialog: Locator, L: Label) => Promise<void>;
}

export const project = (f: Fixtures, tab?: number) => `/projects/${f.deckId}${tab ? `?tab=${tab}` : ''}`;

export const CASES: DialogCase[] = [
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
    name: 'project-delete-confirm',
    path: (f) => project(f, 3),
    // The second step, after the title is typed: Escape there gives the focus back to Delete Project too.
    open: async (page, L, f) => {
      const button = page.getByRole('button', { name: L('projects:settings.deleteProject') });
      await press(button);
      const typeTitle = page.getByRole('dialog', { name: L('projects:settings.deleteProject') }).getByRole('textbox', { name: L('projects:settings.typeTitleLabel') });
      await expect(typeTitle).toBeFocused();
      await page.keyboard.type(f.deckTitle);
      await page.keyboard.press('Enter');
      return button;
    },
    dialog: (L) => L('projects:settings.confirmTitle'),
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
    name: 'image-generate',
    path: () => '/pictures',
    // No server of the browser suite has an image model (SLIDEWRIGHT_AI_IMAGE_MODEL), so the
    // page is told one exists: the dialog is all client side until its prompt is sent.
    prepare: async (page) => {
      await page.route('**/api/app/config', async (route) => {
        const response = await route.fetch();
        await route.fulfill({ response, json: { ...((await response.json()) as object), aiCanGenerateImages: true } });
      });
    },
    open: async (page, L) => {
      const button = page.getByRole('button', { name: L('images:generate.open') });
      await press(button);
      return button;
    },
    dialog: (L) => L('images:generate.title'),
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
    name: 'description-replace',
    path: (f) => `/pptx-files/${f.templateId}`,
    // The user's own words in the editor, then Generate with AI: the AI's text asks before it
    // replaces them. Opened again (at the second width), the editor still holds those words.
    open: async (page, L) => {
      const heading = L('templates:detail.fileDescription');
      const field = page.getByRole('textbox', { name: heading });
      if (!(await field.isVisible())) {
        await press(page.getByRole('button', { name: L('templates:description.editLabel', { what: heading }) }));
        await expect(field).toBeFocused();
        await page.keyboard.type('Our own words 我们自己的话');
      }
      const generate = page.getByRole('button', { name: L('templates:description.generate') }).first();
      await press(generate);
      return generate;
    },
    dialog: (L) => L('templates:description.replaceTitle'),
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
    name: 'file-clear-thumbnails',
    path: (f) => `/files/${f.fileId}`,
    open: async (page, L) => {
      const button = page.getByRole('button', { name: L('files:actions.clearThumbnails'), exact: true });
      await press(button);
      return button;
    },
    dialog: (L) => L('files:clear.title'),
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
    name: 'session-end',
    path: () => '/profile',
    open: async (page, L) => {
      await profileSettings(page, L);
      const button = page.getByRole('list', { name: L('profile:settings.sessions') }).getByRole('button', { name: L('profile:sessions.end') });
      await press(button);
      return button;
    },
    dialog: (L) => L('profile:sessions.endTitle'),
  },
  {
    name: 'sessions-end-others',
    path: () => '/profile',
    open: async (page, L) => {
      await profileSettings(page, L);
      const button = page.getByRole('button', { name: L('profile:sessions.endOthers'), exact: true });
      await press(button);
      return button;
    },
    dialog: (L) => L('profile:sessions.endOthersTitle'),
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
export async function focusOutside(dialog: Locator): Promise<string> {
  return dialog.evaluate((element) => {
    const modal = element.closest('.MuiModal-root') ?? element;
    const active = document.activeElement;
    if (active !== null && active !== document.body && modal.contains(active)) return '';
    if (!active || active === document.body) return 'the body';
    return `${active.tagName.toLowerCase()} "${active.getAttribute('aria-label') ?? active.textContent?.slice(0, 40) ?? ''}"`;
  });
}

/** The network at rest, or 3 s: the editor keeps polling while slide previews render. */
export async function settle(page: Page) {
  await page.waitForLoadState('networkidle', { timeout: 3_000 }).catch(() => undefined);
}

/**
 * Playwright starts a new worker (and runs beforeAll again) after a failed test: the fixtures are
 * kept per server port and reused while the server still knows them.
 */
const FIXTURES_CACHE = join(tmpdir(), `slidewright-e2e-dialogs-a11y-${PORT}.json`);

/** The fixtures of this server: made once, then read back. */
export async function sharedFixtures(request: APIRequestContext): Promise<Fixtures> {
  if (existsSync(FIXTURES_CACHE)) {
    const cached = JSON.parse(readFileSync(FIXTURES_CACHE, 'utf8')) as Fixtures;
    const known = await request.get(`/api/projects/${cached.deckId}`, { headers: { Authorization: `Bearer ${cached.token}` } });
    if (known.ok()) return cached;
  }
  const made = await createFixtures(request);
  writeFileSync(FIXTURES_CACHE, JSON.stringify(made));
  return made;
}
