import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from './fixtures';
import { newAccount, signInWithToken } from './helpers';

/**
 * Not a check: captures the projects screens and the slide editor in both languages for a
 * human to look at. Runs only with SHOTS_DIR set, e.g.
 * `SHOTS_DIR=/tmp/shots-projects npx playwright test projects-screenshots`.
 */
const SHOTS_DIR = process.env.SHOTS_DIR;
test.skip(!SHOTS_DIR, 'set SHOTS_DIR to capture screenshots');
test.use({ viewport: { width: 1280, height: 800 } });

const T = {
  en: {
    create: 'Create Project',
    manual: 'Create Manually',
    ai: 'Get AI Recommendations',
    description: 'Description',
    grid: 'Grid view',
    trash: 'Trash',
    more: (title: string) => `More actions for “${title}”`,
    play: 'Play',
    delete: 'Delete',
    chooseFor: (n: number) => `Choose a template slide for slide ${n}`,
    addSlide: 'Add slide',
    tabs: ['Slides', 'Images', 'Materials', 'Settings'],
    edit: (field: string) => `Edit ${field}`,
    numSlides: 'Number of slides',
    template: 'PPTX template',
    deleteProject: 'Delete Project',
    projectTitle: 'Project title',
    unlock: (name: string) => `Unlock “${name}”`,
    addImage: 'Add Image from Gallery',
    slide: (n: number) => `Slide ${n}`,
    value: (name: string) => `Value of “${name}”`,
    saveLabel: 'Save',
    back: 'Back',
    generateOutline: 'Generate Outline',
    build: 'Build PPT',
    useSlides: /^Use \d+ slides?$/,
  },
  'zh-CN': {
    create: '创建项目',
    manual: '手动创建',
    ai: '获取 AI 推荐',
    description: '描述',
    grid: '网格视图',
    trash: '回收站',
    more: (title: string) => `“${title}”的更多操作`,
    play: '播放',
    delete: '删除',
    chooseFor: (n: number) => `为第 ${n} 页选择模板页`,
    addSlide: '添加幻灯片',
    tabs: ['幻灯片', '图片', '资料', '设置'],
    edit: (field: string) => `编辑${field}`,
    numSlides: '幻灯片数量',
    template: 'PPTX 模板',
    deleteProject: '删除项目',
    projectTitle: '项目标题',
    unlock: (name: string) => `解锁“${name}”`,
    addImage: '从图库添加图片',
    slide: (n: number) => `第 ${n} 页`,
    value: (name: string) => `“${name}”的内容`,
    saveLabel: '保存',
    back: '上一步',
    generateOutline: '生成大纲',
    build: '生成 PPT',
    useSlides: /^使用 \d+ 页$/,
  },
} as const;

async function shot(page: Page, language: string, name: string, fullPage = false) {
  const dir = join(SHOTS_DIR!, language);
  mkdirSync(dir, { recursive: true });
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(500);
  await page.screenshot({ path: join(dir, `${name}.png`), fullPage });
}

for (const language of ['en', 'zh-CN'] as const) {
  test(`projects screens in ${language}`, async ({ page, context, request }) => {
    test.setTimeout(240_000);
    const L = T[language];
    const zh = language === 'zh-CN';
    const account = newAccount(`pshots-${language.toLowerCase()}`);
    const signup = await request.post('/api/auth/signup', { data: { name: 'Ada Lovelace', email: account.email, password: account.password } });
    const { token } = (await signup.json()) as { token: string };
    const auth = { Authorization: `Bearer ${token}` };
    await signInWithToken(context, token, language);
    const templates = (await (await request.get('/api/pptx-files', { headers: auth })).json()) as { _id: string; filename: string }[];
    const terracotta = templates.find((file) => file.filename.includes('Terracotta'))!._id;

    // Empty list and the create dialog.
    await page.goto('/projects');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await shot(page, language, '01-projects-empty');
    await page.getByRole('button', { name: L.create }).first().click();
    await shot(page, language, '02-create-step0');
    await page.getByRole('button', { name: L.ai }).click();
    await shot(page, language, '03-create-validation');
    await page.getByRole('dialog').getByLabel(L.description).fill(zh ? '面向董事会的季度业务回顾' : 'A quarterly business review for the board');
    await page.getByRole('button', { name: L.ai }).click();
    await expect(page.getByRole('dialog').getByRole('button', { name: L.back })).toBeVisible();
    await shot(page, language, '04-create-ai-recommendation');
    await page.getByRole('dialog').getByRole('button', { name: L.back }).click();
    await page.getByRole('button', { name: L.manual }).click();
    await page.getByRole('dialog').getByLabel(L.template).click();
    await shot(page, language, '05-create-step1-templates');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');

    // A gallery picture for the picture slide.
    const upload = await request.post('/api/images', {
      headers: auth,
      multipart: { image: { name: 'jade.png', mimeType: 'image/png', buffer: readFileSync(new URL('../../docs/images/builtin-jade.png', import.meta.url)) } },
    });
    const picture = (await upload.json()) as { _id: string };

    // Projects: one filled on Terracotta, one empty, one without a template.
    const title = zh ? '第三季度战略回顾' : 'Q3 Strategy Review';
    const filled = await request.post('/api/projects', {
      headers: auth,
      data: {
        title,
        description: zh ? '季度业绩与第四季度计划' : 'Quarterly results and the plan for Q4',
        lang: language === 'en' ? 'en' : 'zh-CN',
        pptxFileId: terracotta,
        slides: [
          { contentDescription: zh ? '标题页：回顾名称与日期' : 'Title slide: the review name and date', pptxSlideNumber: 1, formData: { Title: title, Subtitle: zh ? '业绩、进展与计划' : 'Results, progress and the plan' } },
          {
            contentDescription: zh ? '各地区收入对比' : 'Revenue by region, 2024 against 2025',
            pptxSlideNumber: 7,
            formData: {
              Title: zh ? '各地区收入' : 'Revenue by region',
              Chart: { categories: ['APAC', 'EMEA', 'AMER'], series: [{ name: '2024', values: [12, 8, 15] }, { name: '2025', values: [16, 9, 14] }] },
            },
          },
          {
            contentDescription: zh ? '季度关键指标一览' : 'Quarterly KPIs at a glance',
            pptxSlideNumber: 8,
            formData: { Table: { rows: [['Metric', 'Q1', 'Q2', 'Q3'], ['Revenue ($M)', '31.2', '34.8', '36.1'], ['Gross margin', '41%', '42%', '44%']] } },
            lockedElementNames: ['Source'],
          },
          { contentDescription: '', pptxSlideNumber: null },
          { contentDescription: zh ? '新服务中心的图文介绍' : 'Our new service centres, with a photo', pptxSlideNumber: 6, formData: { Picture: picture._id, Title: zh ? '以用户为中心的设计' : 'Designed around the people who use it' } },
        ],
      },
    });
    const project = (await filled.json()) as { _id: string };
    await request.post('/api/projects', { headers: auth, data: { title: zh ? '新产品发布' : 'Product launch', description: zh ? '发布会演示' : 'Launch event deck', lang: 'en', pptxFileId: terracotta, numSlides: 6 } });
    const bare = (await (await request.post('/api/projects', { headers: auth, data: { title: zh ? '团队周会' : 'Team weekly', lang: 'en', numSlides: 3 } })).json()) as { _id: string };

    await page.goto('/projects');
    await expect(page.getByRole('link', { name: new RegExp(title) })).toBeVisible();
    await shot(page, language, '06-projects-list');
    await page.getByRole('button', { name: L.more(title) }).click();
    await shot(page, language, '07-projects-row-menu');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: L.grid }).click();
    await page.getByRole('group', { name: title }).hover();
    await shot(page, language, '08-projects-grid');
    await page.getByRole('button', { name: zh ? `播放“${title}”` : `Play “${title}”` }).click();
    await page.keyboard.press('ArrowRight');
    await shot(page, language, '09-slideshow');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: zh ? `删除“${zh ? '团队周会' : 'Team weekly'}”` : 'Delete “Team weekly”' }).click();
    await shot(page, language, '10-moved-to-trash-undo');
    await page.getByRole('button', { name: L.trash }).click();
    await shot(page, language, '11-trash');

    // The editor.
    await page.goto(`/projects/${project._id}`);
    await expect(page.getByRole('article', { name: L.slide(1), exact: true })).toBeVisible();
    await shot(page, language, '12-editor-top');
    await page.getByRole('article', { name: L.slide(1), exact: true }).getByRole('textbox', { name: L.value('Title') }).hover();
    await page.waitForTimeout(600);
    await shot(page, language, '13-editor-hover-highlight');
    await page.getByRole('article', { name: L.slide(2), exact: true }).getByRole('table').first().scrollIntoViewIfNeeded();
    await shot(page, language, '14-editor-chart');
    await page.getByRole('article', { name: L.slide(3), exact: true }).getByRole('button', { name: L.unlock('Source') }).scrollIntoViewIfNeeded();
    await shot(page, language, '15-editor-table-lock-override');
    await page.getByRole('article', { name: L.slide(5), exact: true }).getByRole('img').first().scrollIntoViewIfNeeded();
    await shot(page, language, '15b-editor-picture');
    await page.getByRole('button', { name: L.chooseFor(4) }).click();
    await shot(page, language, '16-template-picker');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: L.addSlide, exact: true }).first().click();
    await page.getByRole('dialog').getByRole('button', { name: L.addSlide }).click();
    await shot(page, language, '17-add-slide-validation');
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: L.build }).click();
    await shot(page, language, '17b-build-missing-template-slides');
    await page.keyboard.press('Escape');

    // A failing save keeps the edit and says so.
    await page.route('**/api/projects/*', (route) => (route.request().method() === 'PUT' ? route.fulfill({ status: 503, json: { errorCode: 'internal_error', message: 'down', details: {} } }) : route.fallback()));
    await page.getByRole('article', { name: L.slide(1), exact: true }).getByRole('textbox', { name: L.value('Title') }).fill(zh ? '离线时输入的标题' : 'Typed while the server was down');
    await page.waitForTimeout(1500);
    await shot(page, language, '18-editor-save-error');
    await page.unroute('**/api/projects/*');

    // The empty deck with Generate Outline, and the no-template warning.
    const launch = ((await (await request.get('/api/projects', { headers: auth })).json()) as { _id: string; title: string }[]).find((item) => item.title === (zh ? '新产品发布' : 'Product launch'))!;
    await page.goto(`/projects/${launch._id}`);
    await shot(page, language, '19-editor-empty-outline');
    await page.getByRole('button', { name: L.generateOutline }).click();
    await shot(page, language, '19b-outline-instructions');
    await page.getByRole('dialog').getByRole('button', { name: L.generateOutline }).click();
    await expect(page.getByRole('dialog').getByRole('button', { name: L.useSlides })).toBeVisible();
    await shot(page, language, '19c-outline-selection');
    await page.getByRole('dialog').getByRole('button', { name: L.useSlides }).click();
    await shot(page, language, '19d-outline-applied');
    await request.post(`/api/projects/${bare._id}/restore`, { headers: auth });
    await page.goto(`/projects/${bare._id}`);
    await shot(page, language, '20-editor-no-template');

    // Images, materials, settings.
    await request.post(`/api/projects/${project._id}/images/${picture._id}`, { headers: auth, data: { scope: 'auto' } });
    await page.goto(`/projects/${project._id}?tab=1`);
    await shot(page, language, '21-images-tab');
    await page.getByRole('button', { name: L.addImage }).click();
    await shot(page, language, '22-image-picker');
    await page.keyboard.press('Escape');
    await page.goto(`/projects/${project._id}?tab=2`);
    await shot(page, language, '23-materials-tab');
    await page.goto(`/projects/${project._id}?tab=3`);
    await shot(page, language, '24-settings', true);
    await page.getByRole('button', { name: L.edit(L.numSlides) }).click();
    await page.getByRole('dialog').getByRole('spinbutton', { name: L.numSlides }).fill('1');
    await page.getByRole('dialog').getByRole('button', { name: L.saveLabel }).click();
    await shot(page, language, '25-settings-shrink-warning');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: L.edit(L.template) }).click();
    await shot(page, language, '26-settings-template');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: L.deleteProject }).click();
    await page.getByRole('dialog').getByLabel(L.projectTitle).fill('wrong');
    await shot(page, language, '27-danger-zone-mismatch');
    await page.getByRole('dialog').getByLabel(L.projectTitle).fill(title.toUpperCase());
    await page.getByRole('dialog').getByRole('button', { name: L.deleteProject }).click();
    await shot(page, language, '28-danger-zone-confirm');
  });
}
