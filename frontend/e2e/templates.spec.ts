import { expect, test, type APIRequestContext, type Page } from './fixtures';
import { newAccount, screenshotter, signUp } from './helpers';

// Thumbnails are rendered by the real LibreOffice: give rendering its time.
const RENDER_TIMEOUT = 120_000;
const PPTX_MIME = 'application/vnd.openxmlformats-officedocument.presentationml.presentation';

interface TemplateListItem {
  _id: string;
  filename: string;
  builtin: boolean;
}

async function tokenOf(page: Page): Promise<string> {
  const token = await page.evaluate(() => window.localStorage.getItem('token'));
  if (!token) throw new Error('not signed in');
  return token;
}

/** A real deck to upload: one of the built-in templates, downloaded with the user's token. */
async function builtinDeck(request: APIRequestContext, token: string): Promise<Buffer> {
  const headers = { Authorization: `Bearer ${token}` };
  const list = (await (await request.get('/api/pptx-files', { headers })).json()) as TemplateListItem[];
  const builtin = list.find((template) => template.builtin);
  if (!builtin) throw new Error('no built-in template');
  const response = await request.get(`/api/pptx-files/${builtin._id}/download`, { headers });
  expect(response.ok()).toBe(true);
  return response.body();
}

/** Waits until every visible template has all its thumbnails (the render queue is serial). */
async function waitForAllThumbnails(request: APIRequestContext, token: string) {
  await expect
    .poll(
      async () => {
        const response = await request.get('/api/pptx-files', { headers: { Authorization: `Bearer ${token}` } });
        const templates = (await response.json()) as { slideCount: number; thumbnailSlides: number[] }[];
        return templates.every((template) => template.thumbnailSlides.length === template.slideCount);
      },
      { timeout: RENDER_TIMEOUT, intervals: [1000] },
    )
    .toBe(true);
}

async function uploadThroughApi(request: APIRequestContext, token: string, name: string, buffer: Buffer): Promise<string> {
  const response = await request.post('/api/pptx-files', {
    headers: { Authorization: `Bearer ${token}` },
    multipart: { file: { name, mimeType: PPTX_MIME, buffer } },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { _id: string })._id;
}

test('a new user sees the built-in templates, uploads a deck and sees its slides, elements and thumbnails', async ({ page, request }) => {
  test.setTimeout(RENDER_TIMEOUT + 60_000);
  await signUp(page, newAccount('templates'));
  await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'PPTX Templates' }).click();
  await expect(page.getByRole('heading', { name: 'PPTX Templates', level: 1 })).toBeVisible();
  await expect(page.getByText('Built-in', { exact: true })).toHaveCount(3);

  const deck = await builtinDeck(request, await tokenOf(page));
  await page.getByLabel('Upload PPTX').setInputFiles({ name: 'my-deck.pptx', mimeType: PPTX_MIME, buffer: deck });
  await expect(page.getByText('Presentation uploaded')).toBeVisible();
  await expect(page.getByRole('link', { name: 'my-deck.pptx' })).toBeVisible();
  await expect(page.getByText('The thumbnails of my-deck.pptx are ready')).toBeVisible({ timeout: RENDER_TIMEOUT });
  // The carousel shows the first rendered slide.
  await expect(page.getByRole('group', { name: 'my-deck.pptx' }).getByRole('img', { name: 'my-deck.pptx, slide 1' })).toHaveJSProperty('tagName', 'IMG');

  await page.getByRole('link', { name: 'my-deck.pptx' }).click();
  await expect(page.getByRole('heading', { name: 'my-deck.pptx', level: 1 })).toBeVisible();
  const slide1 = page.getByRole('region', { name: 'Slide 1', exact: true });
  await expect(slide1.getByRole('img', { name: 'Slide 1 of my-deck.pptx' })).toHaveJSProperty('tagName', 'IMG');
  const table = slide1.getByRole('table', { name: 'Elements of slide 1' });
  await expect(table.getByRole('row')).not.toHaveCount(1);
  await expect(table.getByRole('cell', { name: 'Title', exact: true })).toBeVisible();

  // Pointing at an element row highlights its outline on the preview.
  await table.getByRole('row', { name: /Title/ }).hover();
  await expect(slide1.locator('[data-element-name="Title"]')).toHaveAttribute('data-highlighted', 'true');
  await expect(page.getByRole('region', { name: 'Slide 10', exact: true })).toBeVisible();
});

test('a broken file is refused with a message in Chinese', async ({ page }) => {
  await signUp(page, newAccount('templates-broken'));
  await page.evaluate(() => window.localStorage.setItem('lang', 'zh-CN'));
  await page.goto('/pptx-files');
  await expect(page.getByRole('heading', { name: 'PPTX 模板', level: 1 })).toBeVisible();
  await page.getByLabel('上传 PPTX').setInputFiles({ name: 'broken.pptx', mimeType: PPTX_MIME, buffer: Buffer.from('this is not a presentation') });
  await expect(page.getByText('broken.pptx 未能上传：无法读取此文件，它不是有效的 PowerPoint 演示文稿。')).toBeVisible();
  await expect(page.getByRole('link', { name: 'broken.pptx' })).toHaveCount(0);
});

test('an element lock survives a reload', async ({ page, request }) => {
  await signUp(page, newAccount('templates-lock'));
  const token = await tokenOf(page);
  const templateId = await uploadThroughApi(request, token, 'lock-me.pptx', await builtinDeck(request, token));
  await page.goto(`/pptx-files/${templateId}`);
  const toggle = page.getByRole('region', { name: 'Slide 1', exact: true }).getByRole('switch', { name: 'Lock “Title”' });
  await expect(toggle).not.toBeChecked();
  const saved = page.waitForResponse((response) => response.url().endsWith('/slides/1/element-locked') && response.ok());
  await toggle.click();
  await expect(toggle).toBeChecked();
  await saved;
  await page.reload();
  await expect(page.getByRole('region', { name: 'Slide 1', exact: true }).getByRole('switch', { name: 'Lock “Title”' })).toBeChecked();
});

test('a user uploads a file, names a slide as a template and turns the file into a PPTX template', async ({ page, request }) => {
  test.setTimeout(90_000);
  await signUp(page, newAccount('files'));
  await page.goto('/files');
  await expect(page.getByText('No files uploaded yet. Upload your first file to get started!')).toBeVisible();
  const deck = await builtinDeck(request, await tokenOf(page));
  await page.getByLabel('Upload', { exact: true }).setInputFiles({ name: 'library.pptx', mimeType: PPTX_MIME, buffer: deck });
  await expect(page.getByText('File uploaded successfully')).toBeVisible();
  await expect(page.getByText(`PowerPoint · ${deck.length.toLocaleString('en')} bytes · 10 slides`)).toBeVisible();

  await page.getByRole('link', { name: 'library.pptx' }).click();
  await expect(page.getByRole('heading', { name: 'library.pptx', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Create a template from slide 2' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create template from slide 2' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill('Agenda');
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByRole('region', { name: 'Slide 2', exact: true }).getByText('Agenda · Custom')).toBeVisible();

  await page.getByRole('button', { name: 'Use as PPTX template' }).click();
  await expect(page).toHaveURL(/\/pptx-files\/\w+$/);
  await expect(page.getByRole('heading', { name: 'library.pptx', level: 1 })).toBeVisible();
});

/**
 * Not a check: every templates and files screen in both languages, for a human to look at.
 * Runs only with SHOTS_DIR set: `SHOTS_DIR=/tmp/shots-templates npx playwright test templates`.
 */
test.describe('screenshots', () => {
  const SHOTS_DIR = process.env.SHOTS_DIR;
  test.skip(!SHOTS_DIR, 'set SHOTS_DIR to capture screenshots');
  test.use({ viewport: { width: 1280, height: 860 } });

  for (const language of ['en', 'zh-CN'] as const) {
    test(`templates and files screens in ${language}`, async ({ page, request, context }) => {
      test.setTimeout(RENDER_TIMEOUT + 120_000);
      const en = language === 'en';
      const shot = screenshotter(page, SHOTS_DIR!, language);

      await signUp(page, newAccount(`shots-templates-${language.toLowerCase()}`));
      await waitForAllThumbnails(request, await tokenOf(page));
      await context.addInitScript((lang) => window.localStorage.setItem('lang', lang), language);
      const token = await tokenOf(page);
      const deck = await builtinDeck(request, token);
      // An own template without descriptions, so every warning banner shows.
      const ownId = await uploadThroughApi(request, token, 'Quarterly review.pptx', deck);
      await request.put(`/api/pptx-files/${ownId}`, { headers: { Authorization: `Bearer ${token}` }, data: { description: '' } });

      // The upload, slowed down so its progress bar can be seen.
      await page.goto('/pptx-files');
      await expect(page.getByRole('link', { name: 'Quarterly review.pptx' })).toBeVisible();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 24 * 1024 });
      await page.getByLabel(en ? 'Upload PPTX' : '上传 PPTX').setInputFiles({ name: 'Sales kickoff.pptx', mimeType: PPTX_MIME, buffer: deck });
      await expect(page.getByRole('progressbar', { name: en ? 'Uploading Sales kickoff.pptx…' : '正在上传 Sales kickoff.pptx…' })).toBeVisible();
      await page.waitForTimeout(1500);
      await shot('templates-upload-progress');
      await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
      await expect(page.getByRole('progressbar', { name: en ? /Rendering the thumbnails|Waiting to render/ : /正在生成|正在等待生成/ })).toBeVisible({ timeout: 60_000 });
      await shot('templates-render-progress');
      await expect(page.getByText(en ? 'The thumbnails of Sales kickoff.pptx are ready' : 'Sales kickoff.pptx 的缩略图已生成')).toBeVisible({ timeout: RENDER_TIMEOUT });
      await waitForAllThumbnails(request, token);
      // Every thumbnail rendered; pretend some of one template's are missing to show that banner.
      await page.route('**/api/pptx-files', async (route) => {
        const response = await route.fetch();
        const templates = (await response.json()) as (TemplateListItem & { thumbnailSlides: number[] })[];
        const patched = templates.map((template) =>
          template._id === ownId ? { ...template, thumbnailSlides: template.thumbnailSlides.slice(0, 3) } : template,
        );
        await route.fulfill({ response, json: patched });
      });
      await page.reload();
      await page.waitForLoadState('networkidle');
      await shot('templates-list-banners');
      await page.getByRole('button', { name: en ? 'Show 2 more warnings' : '再显示 2 条警告' }).click();
      await shot('templates-list-all-banners', true);
      await page.getByRole('group', { name: 'Slidewright Jade.pptx' }).hover();
      await page.getByRole('group', { name: 'Slidewright Jade.pptx' }).getByRole('button', { name: en ? 'Next slide' : '下一页' }).click();
      await shot('templates-carousel-hover');
      await page.getByRole('button', { name: en ? 'More actions for Quarterly review.pptx' : 'Quarterly review.pptx 的更多操作' }).click();
      await shot('templates-menu');
      await page.getByRole('menuitem', { name: en ? 'Delete presentation' : '删除演示文稿' }).click();
      await shot('templates-delete-confirm');
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: en ? 'How to export JPGs' : '如何导出 JPG' }).first().click();
      await shot('templates-help-dialog');
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: en ? 'Upload Now' : '立即上传' }).first().click();
      const bulk = page.getByRole('dialog');
      const jpeg = (name: string) => ({ name, mimeType: 'image/jpeg', buffer: Buffer.from('x') });
      await bulk.getByLabel(en ? 'Choose JPG files' : '选择 JPG 文件').setInputFiles([jpeg('1.jpg'), jpeg('2.jpg'), { name: 'cover.png', mimeType: 'image/png', buffer: Buffer.from('x') }]);
      await shot('templates-bulk-invalid-type');
      await bulk.getByLabel(en ? 'Choose JPG files' : '选择 JPG 文件').setInputFiles(['10.jpg', '2.jpg', '1.jpg'].map(jpeg));
      await shot('templates-bulk-count-mismatch');
      await bulk.getByLabel(en ? 'Choose JPG files' : '选择 JPG 文件').setInputFiles(Array.from({ length: 10 }, (_, i) => jpeg(`${10 - i}.jpg`)));
      await shot('templates-bulk-ready');
      await page.keyboard.press('Escape');

      await page.goto(`/pptx-files/${ownId}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await shot('template-detail-top');
      const slide2 = page.getByRole('region', { name: en ? 'Slide 2' : '第 2 页' });
      await slide2.scrollIntoViewIfNeeded();
      await slide2.getByRole('row').nth(2).hover();
      await shot('template-detail-hovered-element');
      await slide2.getByRole('button', { name: en ? 'Edit Slide description' : '编辑幻灯片描述' }).click();
      await shot('template-detail-description-edit');
      const list = (await (await request.get('/api/pptx-files', { headers: { Authorization: `Bearer ${token}` } })).json()) as TemplateListItem[];
      await page.goto(`/pptx-files/${list.find((template) => template.builtin)!._id}`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await shot('template-detail-read-only');
      await page.goto('/pptx-files/01NOSUCHTEMPLATE0000000000');
      await expect(page.getByRole('heading', { name: en ? 'File not found' : '文件不存在' })).toBeVisible();
      await shot('template-not-found');

      await page.goto('/files');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await shot('files-empty');
      await page.getByLabel(en ? 'Upload' : '上传', { exact: true }).setInputFiles({ name: 'Board meeting.pptx', mimeType: PPTX_MIME, buffer: deck });
      await expect(page.getByRole('link', { name: 'Board meeting.pptx' })).toBeVisible();
      await expect(page.getByRole('img', { name: en ? 'Board meeting.pptx, slide 1' : 'Board meeting.pptx，第 1 页' })).toHaveJSProperty('tagName', 'IMG', { timeout: RENDER_TIMEOUT });
      await shot('files-list');
      await page.getByRole('button', { name: en ? 'Upload thumbnails for “Board meeting.pptx”' : '为“Board meeting.pptx”上传缩略图' }).click();
      await shot('files-thumbnails-dialog');
      await page.keyboard.press('Escape');
      await page.getByRole('link', { name: 'Board meeting.pptx' }).click();
      await expect(page.getByRole('heading', { name: 'Board meeting.pptx', level: 1 })).toBeVisible();
      await page.getByRole('button', { name: en ? 'Create a template from slide 2' : '由第 2 页创建模板' }).click();
      await page.getByRole('dialog').getByRole('textbox', { name: en ? 'Name' : '名称' }).fill(en ? 'Agenda' : '议程');
      await shot('files-create-template-dialog');
      await page.getByRole('dialog').getByRole('button', { name: en ? 'Create' : '创建' }).click();
      await expect(page.getByRole('dialog')).toBeHidden();
      await shot('file-detail', true);
      await page.goto('/files/01NOSUCHFILE00000000000000');
      await expect(page.getByRole('heading', { name: en ? 'File not found' : '文件不存在' })).toBeVisible();
      await shot('file-not-found');
    });
  }
});
