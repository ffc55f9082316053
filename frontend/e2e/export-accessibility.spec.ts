import { expect, test } from './fixtures';
import { newAccount, readDeck, signUp } from './helpers';

/**
 * Issue 19: before the download, Build PPT lists what a screen reader would miss in the exported
 * deck (a picture without a description, a slide with no text for a title), in the user's
 * language; Export Anyway still downloads the deck.
 */

// An 8 × 6 PNG: a picture uploaded without a description (its file name stands in).
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAgAAAAGCAIAAABxZ0isAAAAFElEQVR4nGNkaGhgwAaYsIrSSQIAl5oBDCp8u/sAAAAASUVORK5CYII=', 'base64');

test('a Chinese user sees the accessibility problems of the export before the download', async ({ page, request }, testInfo) => {
  test.setTimeout(120_000);
  await signUp(page, newAccount('export-a11y'));
  const token = await page.evaluate(() => {
    window.localStorage.setItem('lang', 'zh-CN');
    return window.localStorage.getItem('token');
  });
  const headers = { Authorization: `Bearer ${token}` };
  const templates = (await (await request.get('/api/pptx-files', { headers })).json()) as { _id: string; filename: string; builtin: boolean }[];
  const terracotta = templates.find((template) => template.builtin && template.filename.includes('Terracotta'));
  expect(terracotta, 'the e2e server installs the built-in templates').toBeDefined();
  const upload = await request.post('/api/images', { headers, multipart: { image: { name: 'photo.png', mimeType: 'image/png', buffer: PNG } } });
  expect(upload.status()).toBe(201);
  const picture = (await upload.json()) as { _id: string };
  const created = await request.post('/api/projects', {
    headers,
    data: {
      title: '无障碍检查',
      lang: 'zh-CN',
      pptxFileId: terracotta!._id,
      slides: [
        { contentDescription: '图文页', pptxSlideNumber: 6, formData: { Picture: picture._id, Title: '试点研讨会', Body: '三个城市，一年时间', Caption: '深圳' } },
        // Only the table: no title, and no text a title could be taken from.
        { contentDescription: '表格页', pptxSlideNumber: 8, formData: { Table: { rows: [['指标', '第一季度'], ['收入', '31.2']] } } },
      ],
    },
  });
  expect(created.status()).toBe(201);
  const { _id: projectId } = (await created.json()) as { _id: string };

  await page.goto(`/projects/${projectId}`);
  await page.getByRole('button', { name: '生成 PPT' }).click();
  const dialog = page.getByRole('dialog', { name: '仍要导出？' });
  await expect(dialog).toBeVisible({ timeout: 30_000 });
  await expect(dialog.getByRole('list', { name: '按类型统计的问题' }).getByText('2 个无障碍问题')).toBeVisible();
  await expect(dialog.getByRole('listitem', { name: '第 1 页' })).toContainText('Picture：图片缺少替代文字：屏幕阅读器无法描述它。请在图库中为图片添加描述');
  await expect(dialog.getByRole('listitem', { name: '第 2 页' })).toContainText('缺少幻灯片标题：页面上没有可用作标题的文字，屏幕阅读器无法说出此页名称。请添加标题');
  await expect(dialog).not.toContainText(/alternative text|no title/);

  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: '仍要导出' }).click();
  const download = await downloading;
  const file = testInfo.outputPath('a11y-export.pptx');
  await download.saveAs(file);
  const deck = readDeck(file).slides;
  expect(deck).toHaveLength(2);
  expect(deck[0]).toEqual(expect.arrayContaining(['试点研讨会', '深圳']));
});
