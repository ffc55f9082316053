import { expect, test, type APIRequestContext, type BrowserContext, type Locator, type Page } from './fixtures';
import { signUpViaApi, signInWithToken } from './helpers';

/** The labels the flow uses, in each interface language. */
const LABELS = {
  en: {
    createProject: 'Create Project',
    description: 'Description',
    createManually: 'Create Manually',
    title: 'Title',
    titleRequired: 'Title is required',
    template: 'PPTX template',
    numSlides: 'Number of slides',
    create: 'Create',
    addSlide: 'Add slide',
    contentDescription: 'Content description',
    descriptionRequired: 'A description is required to add a slide',
    slide: (n: number) => `Slide ${n}`,
    more: (n: number) => `More actions for slide ${n}`,
    deleteSlide: 'Delete slide',
    chooseTemplate: (n: number) => `Choose a template slide for slide ${n}`,
    templateOption: (n: number) => new RegExp(`^Template slide ${n}:`),
    templateChip: (n: number) => `Template slide ${n} ·`,
    valueOf: (name: string) => `Value of “${name}”`,
    // The built-in template's edition in this language, and its title element's name.
    terracotta: /Slidewright Terracotta/,
    titleElement: 'Title',
    headerCell: (col: number) => `Header, column ${col}`,
    cell: (row: number, col: number) => `Row ${row}, column ${col}`,
    addRow: 'Add row',
    category: (n: number) => `Category ${n}`,
    seriesName: (n: number) => `Name of series ${n}`,
    value: (series: number, category: number) => `Series ${series}, category ${category}`,
    reorder: (n: number) => `Reorder slide ${n}`,
    picked: (n: number) => `Picked up slide ${n}.`,
    over: (n: number, target: number) => `Slide ${n} is over position ${target}.`,
    dropped: (n: number, target: number) => `Slide ${n} was moved to position ${target}.`,
    saved: 'All changes saved',
    editDescription: (n: number) => `Edit the description of slide ${n}`,
    descriptionOf: (n: number) => `Content description of slide ${n}`,
    conflict: 'This project was changed in another tab',
    deck: ['Opening', 'Revenue by region', 'Quarterly KPIs', 'Thank you'],
    texts: { title: 'Annual review 2025', closing: 'Questions?' },
    table: { header: ['Metric', 'Q1', 'Q2'], row: ['Revenue', '31.2', '34.8'] },
    chart: { categories: ['North', 'South'], series: 'Revenue', values: ['12', '7.5'] },
  },
  'zh-CN': {
    createProject: '创建项目',
    description: '描述',
    createManually: '手动创建',
    title: '标题',
    titleRequired: '请输入标题',
    template: 'PPTX 模板',
    numSlides: '幻灯片数量',
    create: '创建',
    addSlide: '添加幻灯片',
    contentDescription: '内容描述',
    descriptionRequired: '添加幻灯片需要填写描述',
    slide: (n: number) => `第 ${n} 页`,
    more: (n: number) => `第 ${n} 页的更多操作`,
    deleteSlide: '删除幻灯片',
    chooseTemplate: (n: number) => `为第 ${n} 页选择模板页`,
    templateOption: (n: number) => new RegExp(`^模板第 ${n} 页：`),
    templateChip: (n: number) => `模板第 ${n} 页 ·`,
    valueOf: (name: string) => `“${name}”的内容`,
    terracotta: /Slidewright 陶土/,
    titleElement: '标题',
    headerCell: (col: number) => `表头，第 ${col} 列`,
    cell: (row: number, col: number) => `第 ${row} 行，第 ${col} 列`,
    addRow: '添加行',
    category: (n: number) => `类别 ${n}`,
    seriesName: (n: number) => `系列 ${n} 的名称`,
    value: (series: number, category: number) => `系列 ${series}，类别 ${category}`,
    reorder: (n: number) => `调整第 ${n} 页的顺序`,
    picked: (n: number) => `已拿起第 ${n} 页。`,
    over: (n: number, target: number) => `第 ${n} 页位于第 ${target} 个位置上方。`,
    dropped: (n: number, target: number) => `第 ${n} 页已移到第 ${target} 个位置。`,
    saved: '所有更改已保存',
    editDescription: (n: number) => `编辑第 ${n} 页的描述`,
    descriptionOf: (n: number) => `第 ${n} 页的内容描述`,
    conflict: '此项目已在其他标签页中被修改',
    deck: ['开场', '各地区收入', '季度关键指标', '谢谢'],
    texts: { title: '2025 年度回顾', closing: '欢迎提问' },
    table: { header: ['指标', '第一季度', '第二季度'], row: ['收入', '31.2', '34.8'] },
    chart: { categories: ['华北', '华南'], series: '收入', values: ['12', '7.5'] },
  },
} as const;

type Language = keyof typeof LABELS;

/** A signed-in browser context in a language, through the API (the auth flow has its own specs). */
async function signedIn(context: BrowserContext, request: APIRequestContext, language: Language, label: string) {
  const token = await signUpViaApi(request, label);
  await signInWithToken(context, token, language);
  return token;
}

async function waitSaved(page: Page, language: Language) {
  await expect(page.getByText(LABELS[language].saved, { exact: true })).toBeVisible();
}

async function assignTemplate(page: Page, language: Language, position: number, templateSlide: number) {
  const L = LABELS[language];
  await page.getByRole('button', { name: L.chooseTemplate(position) }).click();
  await page.getByRole('option', { name: L.templateOption(templateSlide) }).click();
  await expect(slide(page, language, position).getByText(L.templateChip(templateSlide))).toBeVisible();
}

/** Matches any of the texts, whole. */
function oneOf(...texts: string[]): RegExp {
  return new RegExp(`^(${texts.map((text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})$`);
}

function slide(page: Page, language: Language, position: number): Locator {
  return page.getByRole('article', { name: LABELS[language].slide(position), exact: true });
}

for (const language of ['en', 'zh-CN'] as const) {
  test(`plan and fill a deck on a built-in template, reorder it, reload: everything is kept (${language})`, async ({ page, context, request }) => {
    test.setTimeout(180_000);
    const L = LABELS[language];
    await signedIn(context, request, language, `deck-${language.toLowerCase()}`);
    await page.goto('/projects');

    // Create: manual path, then title, a built-in template and a single slide.
    await page.getByRole('button', { name: L.createProject }).first().click();
    const wizard = page.getByRole('dialog');
    await wizard.getByLabel(L.description).fill(L.deck.join(', '));
    await wizard.getByRole('button', { name: L.createManually }).click();
    await expect(wizard.getByLabel(L.numSlides)).toHaveValue('7');
    // Revealing step 1 did not submit it.
    await expect(wizard.getByText(L.titleRequired)).toHaveCount(0);
    await wizard.getByLabel(L.title).fill(`E2E ${language}`);
    await wizard.getByLabel(L.template).click();
    await page.getByRole('option', { name: L.terracotta }).click();
    await wizard.getByLabel(L.numSlides).fill('1');
    await wizard.getByRole('button', { name: L.create, exact: true }).click();
    await expect(page).toHaveURL(/\/projects\/[0-9A-Z]{26}$/);
    await expect(page.getByRole('heading', { name: `E2E ${language}`, level: 1 })).toBeVisible();

    // Add four slides at the end; a description is required.
    for (const [index, description] of L.deck.entries()) {
      await page.getByRole('button', { name: L.addSlide, exact: true }).first().click();
      const dialog = page.getByRole('dialog');
      if (index === 0) {
        await dialog.getByRole('button', { name: L.addSlide }).click();
        await expect(dialog.getByText(L.descriptionRequired)).toBeVisible();
      }
      await dialog.getByLabel(L.contentDescription).fill(description);
      await dialog.getByRole('button', { name: L.addSlide }).click();
      await expect(dialog).toBeHidden();
      await expect(slide(page, language, index + 2)).toContainText(description);
    }
    // The empty first slide goes.
    await slide(page, language, 1).getByRole('button', { name: L.more(1) }).click();
    await page.getByRole('menuitem', { name: L.deleteSlide }).click();
    await expect(slide(page, language, 1)).toContainText(L.deck[0]);
    await expect(slide(page, language, 5)).toHaveCount(0);

    // Template slides: title, chart, table, closing.
    await assignTemplate(page, language, 1, 1);
    await assignTemplate(page, language, 2, 7);
    await assignTemplate(page, language, 3, 8);
    await assignTemplate(page, language, 4, 10);

    // Text, with an undo on the way.
    const title = slide(page, language, 1).getByRole('textbox', { name: L.valueOf(L.titleElement) });
    await title.fill('typo');
    await page.keyboard.press('ControlOrMeta+z');
    await expect(title).toHaveValue('');
    await title.fill(L.texts.title);
    await slide(page, language, 4).getByRole('textbox', { name: L.valueOf(L.titleElement) }).fill(L.texts.closing);

    // Table: header and one row, after adding a row.
    const table = slide(page, language, 3);
    for (const [col, text] of L.table.header.entries()) await table.getByRole('textbox', { name: L.headerCell(col + 1) }).fill(text);
    for (const [col, text] of L.table.row.entries()) await table.getByRole('textbox', { name: L.cell(1, col + 1) }).fill(text);
    await table.getByRole('button', { name: L.addRow }).click();

    // Chart: categories, a series name and its values.
    const chart = slide(page, language, 2);
    for (const [index, text] of L.chart.categories.entries()) await chart.getByRole('textbox', { name: L.category(index + 1), exact: true }).fill(text);
    await chart.getByRole('textbox', { name: L.seriesName(1) }).fill(L.chart.series);
    for (const [index, text] of L.chart.values.entries()) await chart.getByRole('textbox', { name: L.value(1, index + 1) }).fill(text);
    await waitSaved(page, language);

    // Reorder with the keyboard in the slide rail: the closing slide moves up two places.
    // Each key waits for what a screen reader hears after the one before: on a busy machine a
    // fixed pause was not always long enough for the pick-up to land before the first arrow.
    const announced = page.locator('[id^="DndLiveRegion"]');
    await page.getByRole('button', { name: L.reorder(4) }).focus();
    await page.keyboard.press('Space');
    // The pick-up is announced, then at once where it is (over its own place).
    await expect(announced).toHaveText(oneOf(L.picked(4), L.over(4, 4)));
    await page.keyboard.press('ArrowUp');
    await expect(announced).toHaveText(L.over(4, 3));
    await page.keyboard.press('ArrowUp');
    await expect(announced).toHaveText(L.over(4, 2));
    await page.keyboard.press('Space');
    await expect(announced).toHaveText(L.dropped(4, 2));
    const order = [L.deck[0], L.deck[3], L.deck[1], L.deck[2]];
    for (const [index, description] of order.entries()) await expect(slide(page, language, index + 1)).toContainText(description);
    await waitSaved(page, language);

    // Everything came back from the server.
    await page.reload();
    for (const [index, description] of order.entries()) await expect(slide(page, language, index + 1)).toContainText(description);
    await expect(slide(page, language, 1).getByRole('textbox', { name: L.valueOf(L.titleElement) })).toHaveValue(L.texts.title);
    await expect(slide(page, language, 2).getByRole('textbox', { name: L.valueOf(L.titleElement) })).toHaveValue(L.texts.closing);
    await expect(slide(page, language, 2).getByText(L.templateChip(10))).toBeVisible();
    const chartAfter = slide(page, language, 3);
    await expect(chartAfter.getByRole('textbox', { name: L.category(2), exact: true })).toHaveValue(L.chart.categories[1]);
    await expect(chartAfter.getByRole('textbox', { name: L.seriesName(1) })).toHaveValue(L.chart.series);
    await expect(chartAfter.getByRole('textbox', { name: L.value(1, 2) })).toHaveValue(L.chart.values[1]);
    const tableAfter = slide(page, language, 4);
    await expect(tableAfter.getByRole('textbox', { name: L.headerCell(3) })).toHaveValue(L.table.header[2]);
    await expect(tableAfter.getByRole('textbox', { name: L.cell(1, 1) })).toHaveValue(L.table.row[0]);
    await expect(tableAfter.getByRole('textbox', { name: L.cell(2, 1) })).toHaveValue('');
  });
}

test('two tabs editing one project: the second gets the conflict message and keeps its edit', async ({ page, context, request }) => {
  test.setTimeout(90_000);
  const L = LABELS.en;
  const token = await signedIn(context, request, 'en', 'conflict');
  const created = await request.post('/api/projects', {
    headers: { Authorization: `Bearer ${token}` },
    data: { title: 'Two tabs', lang: 'en', slides: [{ contentDescription: 'First' }, { contentDescription: 'Second' }] },
  });
  const { _id: projectId } = (await created.json()) as { _id: string };

  const other = await context.newPage();
  await page.goto(`/projects/${projectId}`);
  await other.goto(`/projects/${projectId}`);
  await expect(slide(other, 'en', 2)).toContainText('Second');

  // Tab one saves first...
  await page.getByRole('button', { name: L.editDescription(1) }).click();
  await page.getByRole('textbox', { name: L.descriptionOf(1) }).fill('Changed in tab one');
  await waitSaved(page, 'en');

  // ...so tab two's save is based on a stale version: 409, reload, reapply, save.
  await other.getByRole('button', { name: L.editDescription(2) }).click();
  await other.getByRole('textbox', { name: L.descriptionOf(2) }).fill('Changed in tab two');
  await expect(other.getByText(L.conflict)).toBeVisible();
  await waitSaved(other, 'en');
  await expect(other.getByRole('textbox', { name: L.descriptionOf(2) })).toHaveValue('Changed in tab two');
  await expect(slide(other, 'en', 1)).toContainText('Changed in tab one');

  for (const tab of [other, page]) {
    await tab.reload();
    await expect(slide(tab, 'en', 1)).toContainText('Changed in tab one');
    await expect(slide(tab, 'en', 2)).toContainText('Changed in tab two');
  }
});
