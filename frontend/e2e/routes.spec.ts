import { seriousAccessibilityViolations } from './accessibility';
import { expect, test, type APIRequestContext, type Page } from './fixtures';
import { screenshotter, signInWithToken, signUpViaApi, windowFor } from './helpers';

/**
 * Every route of the spec's route table, in both interface languages, on a desktop (1440 px)
 * and a phone (390 px): a real page (a heading, no placeholder), nothing wider than the screen,
 * and on a Chinese page no English interface text (visible text, accessible names, tooltips).
 * With SHOTS_DIR set it also saves each page for a human to look at.
 */
const SHOTS_DIR = process.env.SHOTS_DIR;
const PPTX_MIME = 'application/vnd.openxmlformats-officedocument.presentationml.presentation';
const WIDTHS = [1440, 390] as const;
const LANGUAGES = ['en', 'zh-CN'] as const;

/**
 * Latin words a Chinese page may show: product and format names, and what the user typed
 * (the fixtures below are Chinese, but file extensions and the e-mail address stay Latin).
 */
const LATIN_ALLOWED = new Set(
  ['Slidewright', 'PPTX', 'PPT', 'POTX', 'AI', 'JPEG', 'JPG', 'PNG', 'GIF', 'WebP', 'Keynote', 'key', 'pptx', 'potx', 'docx', 'txt', 'md', 'MB', 'KB', 'px', 'Ctrl', 'Cmd', 'Enter', 'Shift', 'Esc', 'Tab', 'API', 'REST', 'RESTful', 'MCP', 'PDF', 'English', 'Markdown', 'OK', 'PowerPoint', 'Word'].map((word) => word.toLowerCase()),
);

interface Fixtures {
  projectId: string;
  materialId: string;
  libraryMaterialId: string;
  fileId: string;
  templateId: string;
}

async function createFixtures(request: APIRequestContext, token: string, language: string): Promise<Fixtures> {
  const headers = { Authorization: `Bearer ${token}` };
  // As the browser asks: a Chinese user is offered the built-ins' Chinese editions.
  const templates = (await (await request.get('/api/pptx-files', { headers: { ...headers, 'Accept-Language': language } })).json()) as {
    _id: string;
    builtin: boolean;
  }[];
  const builtin = templates.find((template) => template.builtin);
  if (!builtin) throw new Error('no built-in template');
  const project = (await (
    await request.post('/api/projects', { headers, data: { title: '季度经营回顾', description: '面向管理层的季度回顾', lang: 'zh-CN', pptxFileId: builtin._id, numSlides: 3 } })
  ).json()) as { _id: string };
  const material = await request.post(`/api/projects/${project._id}/materials/text`, {
    headers,
    data: { filename: '季度回顾要点', content: '# 季度回顾\n\n华东区营收增长百分之十二，新客户数量创历史新高。' },
  });
  expect(material.status()).toBe(201);
  const library = await request.post('/api/materials/text', { headers, data: { filename: '市场调研', content: '客户普遍认为产品定位清晰，营收分析功能最受欢迎。' } });
  expect(library.status()).toBe(201);
  const deck = await (await request.get(`/api/pptx-files/${builtin._id}/download`, { headers })).body();
  const file = await request.post('/api/files/upload', { headers, multipart: { file: { name: '发布会.pptx', mimeType: PPTX_MIME, buffer: deck } } });
  expect(file.status()).toBe(201);
  return {
    projectId: project._id,
    materialId: ((await material.json()) as { _id: string })._id,
    libraryMaterialId: ((await library.json()) as { _id: string })._id,
    fileId: ((await file.json()) as { _id: string })._id,
    templateId: builtin._id,
  };
}

function routes(fixtures: Fixtures, language: string): { name: string; path: string; signedIn: boolean }[] {
  const { projectId, materialId, libraryMaterialId, fileId, templateId } = fixtures;
  return [
    { name: 'landing', path: '/', signedIn: false },
    { name: 'login', path: '/login', signedIn: false },
    { name: 'signup', path: '/signup', signedIn: false },
    { name: 'docs', path: `/docs/user-manual-${language === 'en' ? 'en' : 'zh-cn'}`, signedIn: false },
    { name: 'projects', path: '/projects', signedIn: true },
    { name: 'projects-grid', path: '/projects?view=grid', signedIn: true },
    { name: 'project-slides', path: `/projects/${projectId}`, signedIn: true },
    { name: 'project-images', path: `/projects/${projectId}?tab=1`, signedIn: true },
    { name: 'project-materials-tab', path: `/projects/${projectId}?tab=2`, signedIn: true },
    { name: 'project-settings', path: `/projects/${projectId}?tab=3`, signedIn: true },
    { name: 'project-materials', path: `/projects/${projectId}/materials`, signedIn: true },
    { name: 'project-materials-search', path: `/projects/${projectId}/materials/search?q=${encodeURIComponent('营收')}`, signedIn: true },
    { name: 'project-material', path: `/projects/${projectId}/materials/${materialId}`, signedIn: true },
    { name: 'materials', path: '/materials', signedIn: true },
    { name: 'materials-search', path: `/materials/search?q=${encodeURIComponent('营收')}`, signedIn: true },
    { name: 'material', path: `/materials/${libraryMaterialId}`, signedIn: true },
    { name: 'profile', path: '/profile', signedIn: true },
    { name: 'pptx-files', path: '/pptx-files', signedIn: true },
    { name: 'pptx-file', path: `/pptx-files/${templateId}`, signedIn: true },
    { name: 'files', path: '/files', signedIn: true },
    { name: 'file', path: `/files/${fileId}`, signedIn: true },
    { name: 'pictures', path: '/pictures', signedIn: true },
    { name: 'tags', path: '/tags', signedIn: true },
  ];
}

/**
 * Everything the interface says on the page: text, accessible names, tooltips, placeholders.
 * A document shown by the docs viewer (`.markdown-body`) is left out: the Chinese manual rightly
 * names PowerPoint, Word and README, and links to its English version.
 */
async function pageWords(page: Page): Promise<string> {
  return page.evaluate(() => {
    const outsideDocument = (element: Element) => !element.closest('.markdown-body, [aria-hidden="true"]');
    const attributes = Array.from(document.querySelectorAll('[aria-label], [title], [placeholder], [alt]'))
      .filter(outsideDocument)
      .flatMap((element) => ['aria-label', 'title', 'placeholder', 'alt'].map((name) => element.getAttribute(name) ?? ''));
    // innerText follows the layout (block boundaries become line breaks, hidden text is left out).
    let text = document.body.innerText;
    for (const element of Array.from(document.querySelectorAll<HTMLElement>('.markdown-body'))) text = text.replace(element.innerText, ' ');
    return [text, document.title, ...attributes].join('\n');
  });
}

function englishWords(text: string): string[] {
  const withoutAddresses = text.replace(/\S+@\S+/g, ' ').replace(/https?:\/\/\S+/g, ' ').replace(/\b[\w.-]+\.(pptx|potx|docx|txt|md|png|jpe?g|key)\b/gi, ' ');
  const words = withoutAddresses.match(/[A-Za-z]{2,}/g) ?? [];
  return [...new Set(words.filter((word) => !LATIN_ALLOWED.has(word.toLowerCase())))];
}

async function pageOverflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

for (const language of LANGUAGES) {
  for (const width of WIDTHS) {
    test(`every route of the spec is a real page in ${language} at ${width} px`, async ({ browser, request }) => {
      test.setTimeout(180_000);
      // A Chinese user has a Chinese name: the page shows what the user typed.
      const token = await signUpViaApi(request, `routes-${language.toLowerCase()}-${width}`, language === 'en' ? undefined : '王小明');
      const fixtures = await createFixtures(request, token, language);
      // One browser window for the pages a visitor sees and one for a signed-in user's, each
      // page loaded anew by its address (nothing carried over but what the browser keeps: the
      // session, the language and its cache of the app's files, as for a real user).
      const all = routes(fixtures, language);
      for (const signedIn of [false, true]) {
        const context = await windowFor(browser, language, signedIn ? token : null, { viewport: { width, height: 900 } });
        const page = await context.newPage();
        for (const route of all.filter((candidate) => candidate.signedIn === signedIn)) {
          await page.goto(route.path);
          await expect(page.getByRole('heading', { level: 1 }).first(), route.name).toBeVisible();
          await page.waitForLoadState('networkidle');
          await expect(page.getByText(/coming soon|即将推出/i), route.name).toHaveCount(0);
          expect(await pageOverflow(page), `${route.name} is wider than the ${width} px screen`).toBeLessThanOrEqual(1);
          expect(await seriousAccessibilityViolations(page), `axe on the ${language} ${route.name} page`).toEqual([]);
          if (language === 'zh-CN') expect(englishWords(await pageWords(page)), `English on the Chinese ${route.name} page`).toEqual([]);
          if (SHOTS_DIR) await screenshotter(page, SHOTS_DIR, `${language}-${width}`)(route.name, true);
        }
        await context.close();
      }
    });
  }
}

test('the main flow works on a phone: create a project, plan a slide, switch tabs', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const token = await signUpViaApi(request, 'phone-flow');
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  await signInWithToken(context, token, 'en');
  const page = await context.newPage();
  await page.goto('/projects');
  await page.getByRole('button', { name: 'Create Project' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Create Manually' }).click();
  await dialog.getByRole('textbox', { name: /Title/ }).fill('Phone deck');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page).toHaveURL(/\/projects\/[0-9A-Z]{26}/);
  await expect(page.getByRole('heading', { level: 1, name: 'Phone deck' })).toBeVisible();
  // Every tab is reachable (the strip had zero width at 390 px) and shows its panel.
  for (const [name, panelText] of [
    ['Images', /images/i],
    ['Materials', /materials/i],
    ['Settings', /title/i],
    ['Slides', /template/i],
  ] as const) {
    const tab = page.getByRole('tab', { name });
    await tab.click();
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByRole('tabpanel')).toContainText(panelText);
    expect(await pageOverflow(page)).toBeLessThanOrEqual(1);
  }
  // The drawer opens over the page and leaves it whole.
  await page.getByRole('button', { name: 'Expand navigation' }).click();
  await page.getByRole('navigation').getByRole('link', { name: 'Tags' }).click();
  await expect(page).toHaveURL(/\/tags$/);
  await expect(page.getByRole('navigation')).toHaveCount(0);
  await context.close();
});
