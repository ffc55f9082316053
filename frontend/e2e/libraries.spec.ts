import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import { expect, test, type BrowserContext, type Page } from './fixtures';
import { signUpViaApi, signInWithToken } from './helpers';
import { t } from './i18n';

/**
 * The content libraries in the browser, in both languages (issue 4 'Must show'):
 * upload pictures, see them in the masonry, make one public and see the copy as a second user;
 * upload a Chinese .docx and find it by a two-character word with the hit highlighted.
 * Labels come from the locale files, so copy edits do not break the flows.
 */

const LANGUAGES = ['en', 'zh-CN'] as const;
type Language = (typeof LANGUAGES)[number];

function text(language: Language, namespace: string, path: string, values: Record<string, string | number> = {}): string {
  return t(language, `${namespace}:${path}`, values);
}

/** A solid-colour PNG with a darker band, so each test picture looks different in the grid. */
function makePng(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const row = Buffer.alloc(1 + width * 3);
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y += 1) {
    const band = y > height * 0.6 && y < height * 0.8 ? 0.6 : 1;
    for (let x = 0; x < width; x += 1) {
      row[1 + x * 3] = Math.round(r * band);
      row[2 + x * 3] = Math.round(g * band);
      row[3 + x * 3] = Math.round(b * band);
    }
    rows.push(Buffer.from(row));
  }
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const PICTURES = [
  { name: 'harbour.png', size: [320, 200], colour: [38, 110, 160], alt: { en: 'Container ships in the harbour at dawn', 'zh-CN': '清晨港口的集装箱船' } },
  { name: 'team.png', size: [220, 300], colour: [199, 91, 57], alt: { en: 'The sales team at the annual meeting', 'zh-CN': '年会上的销售团队' } },
  { name: 'chart.png', size: [300, 300], colour: [96, 125, 139], alt: { en: 'Revenue growth chart for the third quarter', 'zh-CN': '第三季度营收增长图表' } },
] as const;

/** A .docx with Chinese paragraphs, written by python-docx (the backend's own dependency). */
function makeChineseDocx(path: string) {
  const script = [
    'import sys, docx',
    'd = docx.Document()',
    "d.add_heading('二〇二五年市场营销计划', 1)",
    "d.add_paragraph('本计划总结了公司在华东地区的市场推广策略，重点是提升品牌知名度和客户满意度。')",
    "d.add_paragraph('第三季度的营收同比增长百分之十二，主要来自线上渠道。Quarterly revenue grew twelve percent.')",
    't = d.add_table(rows=2, cols=2)',
    "t.cell(0, 0).text = '渠道'; t.cell(0, 1).text = '占比'",
    "t.cell(1, 0).text = '线上'; t.cell(1, 1).text = '百分之六十'",
    'd.save(sys.argv[1])',
  ].join('\n');
  execFileSync('uv', ['run', 'python', '-c', script, path], { cwd: new URL('../../backend', import.meta.url).pathname });
}

/** Signs the browser in with `token` and the interface in `language`, without the login form. */
async function enterAs(context: BrowserContext, page: Page, token: string, language: Language) {
  await signInWithToken(context, token, language);
  await page.goto('/pictures');
}

async function uploadPicture(page: Page, language: Language, file: { name: string; buffer: Buffer }, alt: string) {
  const t = (path: string) => text(language, 'images', path);
  await page.getByRole('button', { name: t('upload.open') }).first().click();
  const dialog = page.getByRole('dialog', { name: t('upload.title') });
  await dialog.getByLabel(t('upload.choose'), { exact: true }).setInputFiles({ name: file.name, mimeType: 'image/png', buffer: file.buffer });
  await expect(dialog.getByText(file.name)).toBeVisible();
  await dialog.getByRole('textbox', { name: t('upload.alt') }).fill(alt);
  await dialog.getByRole('button', { name: t('upload.submit'), exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('button', { name: text(language, 'images', 'card.open', { name: alt }) })).toBeVisible();
}

for (const language of LANGUAGES) {
  const t = (path: string, values?: Record<string, string | number>) => text(language, 'images', path, values);

  test(`[${language}] pictures: upload, masonry, make public, and a second user sees the public copy`, async ({ browser, request }) => {
    test.setTimeout(90_000);
    const owner = await browser.newContext();
    const page = await owner.newPage();
    await enterAs(owner, page, await signUpViaApi(request, `gallery-${language.toLowerCase()}`), language);

    await expect(page.getByRole('heading', { level: 1, name: t('title') })).toBeVisible();
    await expect(page.getByText(t('empty'))).toBeVisible();

    for (const picture of PICTURES) {
      const buffer = makePng(picture.size[0], picture.size[1], [...picture.colour]);
      await uploadPicture(page, language, { name: picture.name, buffer }, picture.alt[language]);
    }
    // The masonry shows every picture, each fetched with the token (a real <img>, no placeholder).
    const grid = page.getByRole('list', { name: t('gridLabel') });
    await expect(grid.getByRole('listitem')).toHaveCount(PICTURES.length);
    await expect(grid.locator('img')).toHaveCount(PICTURES.length);
    await expect(grid).toHaveAttribute('data-columns', '4');

    const shared = PICTURES[0].alt[language];
    await page.getByRole('button', { name: t('card.more', { name: shared }) }).click();
    await page.getByRole('menuitem', { name: t('menu.makePublic') }).click();
    const confirm = page.getByRole('dialog', { name: t('makePublic.title') });
    await confirm.getByRole('button', { name: t('makePublic.confirm') }).click();
    await expect(page.getByText(t('makePublic.succeeded'))).toBeVisible();
    // The private original stays, marked as shared; Make Public is now disabled for it.
    const original = page.getByRole('listitem').filter({ has: page.getByRole('button', { name: t('card.open', { name: shared }) }) });
    await expect(original.getByText(t('card.published'))).toBeVisible();
    await page.getByRole('button', { name: t('card.more', { name: shared }) }).click();
    await expect(page.getByRole('menuitem', { name: t('menu.makePublic') })).toBeDisabled();
    await page.keyboard.press('Escape');
    await owner.close();

    // Someone else sees the copy under Public Images, read-only.
    const other = await browser.newContext();
    const otherPage = await other.newPage();
    await enterAs(other, otherPage, await signUpViaApi(request, `viewer-${language.toLowerCase()}`), language);
    await expect(otherPage.getByText(t('empty'))).toBeVisible();
    await otherPage.getByRole('tab', { name: t('tabs.public') }).click();
    await otherPage.getByLabel(t('filters.search')).fill(shared);
    const copy = otherPage.getByRole('button', { name: t('card.open', { name: shared }) });
    await expect(copy).toBeVisible();
    await expect(otherPage.getByRole('list', { name: t('gridLabel') }).locator('img')).toHaveCount(1);
    await copy.click();
    const viewer = otherPage.getByRole('dialog', { name: t('viewer.label', { name: shared }) });
    await expect(viewer.getByText(t('viewer.readOnly'))).toBeVisible();
    await expect(viewer.getByRole('button', { name: t('description.save') })).toHaveCount(0);
    await other.close();
  });

  test(`[${language}] materials: upload a Chinese .docx and find it by a two-character word, highlighted`, async ({ page, context, request }) => {
    test.setTimeout(60_000);
    const m = (path: string, values?: Record<string, string | number>) => text(language, 'materials', path, values);
    const docx = join(mkdtempSync(join(tmpdir(), 'slidewright-e2e-')), '市场营销计划.docx');
    makeChineseDocx(docx);
    await enterAs(context, page, await signUpViaApi(request, `materials-${language.toLowerCase()}`), language);
    await page.goto('/materials');
    await expect(page.getByRole('heading', { level: 1, name: m('title') })).toBeVisible();

    await page.getByRole('button', { name: m('actions.upload'), exact: true }).click();
    const dialog = page.getByRole('dialog', { name: m('upload.title') });
    // The client refuses other types before sending anything.
    await dialog.getByLabel(m('upload.choose'), { exact: true }).setInputFiles({ name: 'notes.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF') });
    await expect(dialog.getByText(m('upload.wrongType'))).toBeVisible();
    await dialog.getByLabel(m('upload.choose'), { exact: true }).setInputFiles(docx);
    await dialog.getByRole('button', { name: m('upload.submit'), exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('link', { name: /市场营销计划\.docx/ })).toBeVisible();

    await page.getByRole('searchbox', { name: m('search.label') }).fill('营收');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/materials\/search\?q=/);
    await expect(page.getByRole('status')).toHaveText(m(language === 'en' ? 'results.count_one' : 'results.count_other', { count: 1, query: '营收' }));
    const result = page.getByRole('article');
    await expect(result).toHaveCount(1);
    await expect(result.locator('mark')).toHaveText(['营收']);
    await expect(result.getByTestId('snippet')).toContainText('第三季度的营收同比增长');

    // A word in the filename is highlighted there.
    await page.getByRole('searchbox', { name: m('search.label') }).fill('市场');
    await page.keyboard.press('Enter');
    await expect(result.getByRole('heading').locator('mark')).toHaveText(['市场']);

    await result.getByRole('link').click();
    await expect(page.getByRole('heading', { level: 1, name: '市场营销计划.docx' })).toBeVisible();
    await expect(page.getByText(m('types.docx'))).toBeVisible();
    await expect(page.locator('pre')).toContainText('线上');

    await page.goto('/materials/search?q=' + encodeURIComponent('不存在的词'));
    await expect(page.getByText(m('results.noResults'))).toBeVisible();
  });
}

/**
 * Not a check: every page and dialog of the libraries in both languages, for a human to look at.
 * Runs only with SHOTS_DIR set: `SHOTS_DIR=/tmp/shots-libraries npx playwright test libraries`.
 */
test.describe('library screenshots', () => {
  const SHOTS_DIR = process.env.SHOTS_DIR;
  test.skip(!SHOTS_DIR, 'set SHOTS_DIR to capture screenshots');
  test.use({ viewport: { width: 1280, height: 800 } });

  for (const language of LANGUAGES) {
    test(`library screens in ${language}`, async ({ page, context, request }) => {
      test.setTimeout(180_000);
      const t = (path: string, values?: Record<string, string | number>) => text(language, 'images', path, values);
      const m = (path: string, values?: Record<string, string | number>) => text(language, 'materials', path, values);
      const dir = join(SHOTS_DIR!, language);
      mkdirSync(dir, { recursive: true });
      const shot = async (name: string, fullPage = false) => {
        await page.waitForLoadState('networkidle');
        await page.waitForTimeout(450);
        await page.screenshot({ path: join(dir, `${name}.png`), fullPage });
      };

      const token = await signUpViaApi(request, `lib-shots-${language.toLowerCase()}`);
      const auth = { Authorization: `Bearer ${token}` };
      for (const name of ['Finance', 'Quarterly review', '市场营销']) {
        await request.post('/api/tags', { data: { name, public: false }, headers: auth });
      }
      await enterAs(context, page, token, language);
      await expect(page.getByText(t('empty'))).toBeVisible();
      await shot('pictures-empty');

      await page.getByRole('button', { name: t('upload.open') }).first().click();
      await shot('pictures-upload-dialog');
      const uploadDialog = page.getByRole('dialog', { name: t('upload.title') });
      await uploadDialog.getByLabel(t('upload.choose'), { exact: true }).setInputFiles({ name: 'icon.svg', mimeType: 'image/svg+xml', buffer: Buffer.from('<svg/>') });
      await shot('pictures-upload-wrong-type');
      await uploadDialog.getByLabel(t('upload.choose'), { exact: true }).setInputFiles({ name: 'harbour.png', mimeType: 'image/png', buffer: makePng(320, 200, [38, 110, 160]) });
      await uploadDialog.getByRole('textbox', { name: t('upload.alt') }).fill(PICTURES[0].alt[language]);
      await shot('pictures-upload-ready');
      await page.keyboard.press('Escape');

      // Seven pictures of mixed shapes fill the masonry; one keeps its file name as description.
      const shapes: [number, number][] = [[320, 200], [220, 300], [300, 300], [260, 390], [400, 225], [240, 240], [300, 420]];
      const colours: [number, number, number][] = [[38, 110, 160], [199, 91, 57], [96, 125, 139], [126, 87, 194], [67, 160, 71], [239, 108, 0], [0, 137, 123]];
      for (const [index, [width, height]] of shapes.entries()) {
        const alt = index < PICTURES.length ? PICTURES[index]!.alt[language] : '';
        const form = { image: { name: `photo-${index + 1}.png`, mimeType: 'image/png', buffer: makePng(width, height, colours[index]!) }, ...(alt ? { alt } : {}) };
        await request.post('/api/images', { multipart: form, headers: auth });
      }
      await page.reload();
      await expect(page.getByRole('list', { name: t('gridLabel') }).locator('img')).toHaveCount(shapes.length);
      await shot('pictures-masonry', true);

      await page.getByRole('button', { name: t('card.more', { name: PICTURES[1].alt[language] }) }).click();
      await shot('pictures-context-menu');
      await page.getByRole('menuitem', { name: t('menu.makePublic') }).click();
      await shot('pictures-make-public-confirm');
      await page.getByRole('button', { name: t('makePublic.confirm') }).click();
      await expect(page.getByText(t('makePublic.succeeded'))).toBeVisible();
      await shot('pictures-made-public');

      await page.getByRole('button', { name: t('card.more', { name: PICTURES[2].alt[language] }) }).click();
      await page.getByRole('menuitem', { name: t('menu.generateDescription') }).click();
      await expect(page.getByRole('alert').filter({ hasText: t('description.generateFailed', { reason: '' }).trim() })).toBeVisible();
      await shot('pictures-describe-unavailable');

      await page.getByRole('button', { name: t('card.more', { name: PICTURES[2].alt[language] }) }).click();
      await page.getByRole('menuitem', { name: t('menu.delete') }).click();
      await shot('pictures-delete-confirm');
      await page.keyboard.press('Escape');

      await page.getByRole('button', { name: t('card.open', { name: 'photo-4.png' }) }).click();
      await expect(page.getByText(t('description.justFilename'))).toBeVisible();
      await shot('pictures-viewer-filename-description');
      await page.getByRole('button', { name: t('viewer.close') }).click();
      await page.getByRole('button', { name: t('card.open', { name: PICTURES[0].alt[language] }) }).click();
      await page.getByRole('combobox', { name: t('tags.label') }).click();
      await shot('pictures-viewer-tags');
      await page.keyboard.press('Escape');
      await page.keyboard.press('Escape');

      await page.getByRole('button', { name: t('generate.open') }).click();
      await page.getByRole('textbox', { name: t('generate.prompt') }).fill(language === 'en' ? 'A lighthouse at sunset' : '日落时的灯塔');
      await page.getByRole('combobox', { name: t('generate.aspect') }).click();
      await shot('pictures-generate-aspect-options');
      await page.keyboard.press('Escape');
      await page.getByRole('textbox', { name: t('generate.prompt') }).press('Enter');
      await expect(page.getByRole('dialog').getByRole('alert')).toBeVisible();
      await shot('pictures-generate-unavailable');
      await page.keyboard.press('Escape');

      await page.getByRole('tab', { name: t('tabs.public') }).click();
      await expect(page.getByRole('button', { name: t('card.open', { name: PICTURES[1].alt[language] }) })).toBeVisible();
      await shot('pictures-public-tab');
      await page.getByRole('button', { name: t('card.open', { name: PICTURES[1].alt[language] }) }).click();
      await shot('pictures-viewer-public-read-only');
      await page.keyboard.press('Escape');

      await page.setViewportSize({ width: 390, height: 844 });
      await page.getByRole('tab', { name: t('tabs.mine') }).click();
      await shot('pictures-phone');
      await page.setViewportSize({ width: 1280, height: 800 });

      // Materials.
      await page.goto('/materials');
      await expect(page.getByText(m('list.empty'))).toBeVisible();
      await shot('materials-empty');
      await page.getByRole('button', { name: m('actions.upload'), exact: true }).click();
      await shot('materials-upload-dialog');
      await page.getByRole('dialog').getByLabel(m('upload.choose'), { exact: true }).setInputFiles({ name: 'slides.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF') });
      await shot('materials-upload-wrong-type');
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: m('actions.createText') }).click();
      await page.getByRole('dialog').getByRole('button', { name: m('createText.submit') }).click();
      await shot('materials-create-text-required');
      await page.keyboard.press('Escape');

      const docx = join(mkdtempSync(join(tmpdir(), 'slidewright-shots-')), '市场营销计划.docx');
      makeChineseDocx(docx);
      await request.post('/api/materials', { multipart: { file: { name: '市场营销计划.docx', mimeType: 'application/octet-stream', buffer: readFileSync(docx) } }, headers: auth });
      const long = Array.from({ length: 12 }, (_, i) => `Paragraph ${i + 1}: the quarterly review covers revenue, market share and customer satisfaction across every region.`).join('\n');
      await request.post('/api/materials/text', { data: { filename: 'Quarterly review notes', content: long }, headers: auth });
      await request.post('/api/materials/text', { data: { filename: '客户访谈记录', content: '客户普遍认为产品的市场定位清晰，希望增加更多营收分析功能。' }, headers: auth });
      await page.reload();
      await shot('materials-list');
      await page.getByRole('button', { name: m('actions.delete', { name: '客户访谈记录' }) }).click();
      await shot('materials-delete-confirm');
      await page.keyboard.press('Escape');

      await page.getByRole('searchbox', { name: m('search.label') }).fill('市场');
      await page.keyboard.press('Enter');
      await expect(page.getByRole('article')).toHaveCount(2);
      await shot('materials-search-chinese', true);
      await page.getByRole('searchbox', { name: m('search.label') }).fill('revenue');
      await page.keyboard.press('Enter');
      await expect(page.getByRole('article').first()).toBeVisible();
      await shot('materials-search-english', true);
      await page.getByRole('searchbox', { name: m('search.label') }).fill('不存在的词');
      await page.keyboard.press('Enter');
      await expect(page.getByText(m('results.noResults'))).toBeVisible();
      await shot('materials-search-no-results');

      await page.goto('/materials');
      await page.getByRole('link', { name: /市场营销计划\.docx/ }).click();
      await expect(page.locator('pre')).toBeVisible();
      await page.getByRole('combobox', { name: m('detail.tags') }).fill('年度计划');
      await page.keyboard.press('Enter');
      await expect(page.getByText(m('detail.tagsUpdated'))).toBeVisible();
      await shot('materials-detail', true);
      await page.goto('/materials/01NOSUCHMATERIAL00000000000');
      await expect(page.getByText(m('detail.notFound'))).toBeVisible();
      await shot('materials-detail-not-found');
    });
  }
});
