import { expect, test, type APIRequestContext } from './fixtures';
import { screenshotter, signInWithToken, signUpViaApi } from './helpers';
import { escapeRegExp, t } from './i18n';

/**
 * A project's materials, in both languages (issue 13 §2): the Materials tab and the three
 * /projects/{id}/materials routes are one feature. From the tab: link library materials (those
 * already in the project are marked), open a material, toggle it, go Back to the tab, search
 * only the project's materials. With SHOTS_DIR set, every screen is captured at 1440 and 390 px:
 * `SHOTS_DIR=/tmp/shots-materials npx playwright test project-materials`.
 */

const LANGUAGES = ['en', 'zh-CN'] as const;
const SHOTS_DIR = process.env.SHOTS_DIR;

const DATA = {
  en: {
    project: 'Market entry plan',
    library: { filename: 'Market analysis.txt', content: 'The east China market grew twelve percent. Online channels lead the market, and retail follows.' },
    unlinked: { filename: 'Market rumours.txt', content: 'An unrelated market note that belongs to no project.' },
    own: { filename: 'Project brief.md', content: '# Brief\nLaunch in three cities with a focus on customer satisfaction.' },
    word: 'market',
  },
  'zh-CN': {
    project: '市场进入计划',
    library: { filename: '市场分析.txt', content: '华东地区的市场同比增长百分之十二。线上渠道领先市场，零售紧随其后。' },
    unlinked: { filename: '市场传闻.txt', content: '一条与任何项目无关的市场笔记。' },
    own: { filename: '项目简报.md', content: '# 简报\n在三个城市上线，重点提升客户满意度。' },
    word: '市场',
  },
} as const;

async function post(request: APIRequestContext, token: string, url: string, data: unknown) {
  const response = await request.post(url, { data, headers: { Authorization: `Bearer ${token}` } });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as { _id: string };
}

for (const language of LANGUAGES) {
  const m = (path: string, values?: Record<string, string | number>) => t(language, `materials:${path}`, values);
  const data = DATA[language];

  test(`[${language}] project materials: link, open, toggle, back to the tab, search within the project`, async ({ page, context, request }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    const token = await signUpViaApi(request, `project-materials-${language.toLowerCase()}`);
    const project = await post(request, token, '/api/projects', { title: data.project });
    const library = await post(request, token, '/api/materials/text', data.library);
    await post(request, token, '/api/materials/text', data.unlinked);
    await post(request, token, `/api/projects/${project._id}/materials/text`, data.own);
    await signInWithToken(context, token, language);
    const shot = SHOTS_DIR ? screenshotter(page, SHOTS_DIR, language) : async () => undefined;
    const tabUrl = new RegExp(`/projects/${project._id}\\?tab=2$`);

    // The project page's Materials tab: the project's own material only, for now.
    await page.goto(`/projects/${project._id}`);
    await page.getByRole('tab', { name: t(language, 'projects:tabs.materials') }).click();
    await expect(page).toHaveURL(tabUrl);
    const list = page.getByRole('list', { name: m('list.label') });
    await expect(list.getByRole('link')).toHaveCount(1);

    // Link one library material; reopened, the dialog marks it as already in the project.
    await page.getByRole('button', { name: m('actions.link') }).click();
    let dialog = page.getByRole('dialog', { name: m('link.title') });
    await dialog.getByRole('checkbox', { name: data.library.filename }).check();
    await shot('link-dialog-1440');
    await dialog.getByRole('button', { name: m('link.submit'), exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(list.getByRole('link')).toHaveCount(2);
    await expect(list.getByText(m('meta.fromLibrary'))).toHaveCount(1);
    await page.getByRole('button', { name: m('actions.link') }).click();
    dialog = page.getByRole('dialog', { name: m('link.title') });
    const linked = dialog.getByRole('checkbox', { name: data.library.filename });
    await expect(linked).toBeChecked();
    await expect(linked).toBeDisabled();
    await expect(dialog.getByText(m('link.alreadyLinked'))).toHaveCount(1);
    await expect(dialog.getByRole('checkbox', { name: data.unlinked.filename })).toBeEnabled();
    await shot('link-dialog-already-linked-1440');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await shot('tab-1440');

    // A row opens the material within the project; toggle it off there.
    await list.getByRole('link', { name: new RegExp(escapeRegExp(data.library.filename)) }).click();
    await expect(page).toHaveURL(new RegExp(`/projects/${project._id}/materials/${library._id}$`));
    await expect(page.getByRole('heading', { level: 1, name: data.library.filename })).toBeVisible();
    await expect(page.getByText(m('meta.linked'))).toBeVisible();
    const enabled = page.getByRole('switch', { name: m('actions.enable', { name: data.library.filename }) });
    await expect(enabled).toBeChecked();
    await enabled.click();
    await expect(page.getByText(m('enabled.off'))).toBeVisible();
    await expect(enabled).not.toBeChecked();
    await shot('detail-1440');

    // Back returns to the project on the Materials tab, where the material shows as disabled.
    await page.getByRole('link', { name: m('project.back') }).click();
    await expect(page).toHaveURL(tabUrl);
    await expect(page.getByRole('tab', { name: t(language, 'projects:tabs.materials'), selected: true })).toBeVisible();
    const row = list.getByRole('listitem').filter({ hasText: data.library.filename });
    await expect(row.getByText(m('list.disabled'))).toBeVisible();
    // Only the project's enabled flag changed: the library's copy is still enabled.
    const inLibrary = await request.get(`/api/materials/${library._id}`, { headers: { Authorization: `Bearer ${token}` } });
    expect(((await inLibrary.json()) as { enabled: boolean }).enabled).toBe(true);

    // Search from the tab: the project's route, only the project's materials, query highlighted.
    await page.getByRole('searchbox', { name: m('search.labelProject') }).fill(data.word);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/projects/${project._id}/materials/search\\?q=`));
    await expect(page.getByRole('status')).toHaveText(m(language === 'en' ? 'results.count_one' : 'results.count_other', { count: 1, query: data.word }));
    const result = page.getByRole('article');
    await expect(result).toHaveCount(1);
    await expect(result.getByRole('heading')).toHaveText(data.library.filename);
    await expect(result.locator('mark').first()).toHaveText(new RegExp(`^${data.word}$`, 'i'));
    await expect(page.getByText(data.unlinked.filename)).toHaveCount(0);
    await expect(page.getByText(m('project.searchScope', { title: data.project }))).toBeVisible();
    // Turn it back on from the result.
    await result.getByRole('switch').click();
    await expect(result.getByRole('switch')).toBeChecked();
    await shot('search-1440');

    // The result opens the material; Back from there is the tab again.
    await result.getByRole('link').click();
    await expect(page).toHaveURL(new RegExp(`/projects/${project._id}/materials/${library._id}$`));
    await page.getByRole('link', { name: m('project.back') }).click();
    await expect(page).toHaveURL(tabUrl);

    // The list route and the 404 text of the spec.
    await page.goto(`/projects/${project._id}/materials`);
    await expect(page.getByRole('heading', { level: 1, name: m('project.title') })).toBeVisible();
    await expect(page.getByRole('list', { name: m('list.label') }).getByRole('link')).toHaveCount(2);
    await shot('list-page-1440');
    await page.goto(`/projects/${project._id}/materials/01JNOSUCHMATERIAL000000000`);
    await expect(page.getByText(m('detail.notFound'))).toBeVisible();
    await shot('not-found-1440');

    // On a phone: every screen still works without sideways scrolling.
    await page.setViewportSize({ width: 390, height: 844 });
    const fitsWidth = async () => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.goto(`/projects/${project._id}?tab=2`);
    await expect(page.getByRole('searchbox', { name: m('search.labelProject') })).toBeVisible();
    await expect(list.getByRole('switch')).toHaveCount(2);
    await fitsWidth();
    await shot('tab-390', true);
    await page.getByRole('button', { name: m('actions.link') }).click();
    await expect(page.getByRole('dialog', { name: m('link.title') }).getByText(m('link.alreadyLinked'))).toBeVisible();
    await shot('link-dialog-390');
    await page.keyboard.press('Escape');
    await list.getByRole('link', { name: new RegExp(escapeRegExp(data.library.filename)) }).click();
    await expect(page.getByRole('switch', { name: m('actions.enable', { name: data.library.filename }) })).toBeVisible();
    await fitsWidth();
    await shot('detail-390', true);
    await page.goto(`/projects/${project._id}/materials/search?q=${encodeURIComponent(data.word)}`);
    await expect(page.getByRole('article')).toHaveCount(1);
    await fitsWidth();
    await shot('search-390', true);
    await page.goto(`/projects/${project._id}/materials`);
    await expect(page.getByRole('list', { name: m('list.label') }).getByRole('link')).toHaveCount(2);
    await fitsWidth();
    await shot('list-page-390', true);
    await page.goto(`/projects/${project._id}/materials/01JNOSUCHMATERIAL000000000`);
    await expect(page.getByText(m('detail.notFound'))).toBeVisible();
    await shot('not-found-390');
  });
}
