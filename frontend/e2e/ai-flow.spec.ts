import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from './fixtures';
import { escapeRegExp, t } from './i18n';
import { AI_BASE_URL, FAKE_MODEL_PORT } from './servers';
import { readDeck, screenshotter, signUpViaApi, signInWithToken } from './helpers';

/**
 * Issue 7, "Must show": with no configuration, a new user goes from a pasted document to an
 * exported 10-slide deck on a built-in template using only the assistant's suggestions. The
 * same flow runs against the app wired to the fake OpenAI-compatible server (see
 * playwright.config.ts), where every suggestion comes from "the model".
 */

const DOCUMENT_EN = `# Northwind Coffee launch plan

## Why now
Specialty coffee sales grew 18% last year while our café traffic stayed flat. Customers ask for our beans at home.

## The product
Three single-origin roasts in 250 g bags, roasted weekly in Lyon and shipped within 48 hours.

## Who buys
Urban professionals aged 25 to 45 who already visit our cafés twice a week and buy gifts at Christmas.

## Pricing
Each bag costs 14 euros; subscribers pay 12 euros and get free delivery from the second month.

## Channels
Our own web shop first, then the cafés' counters, then two regional grocery chains in the spring.

## Marketing
Tastings in every café, a newsletter to 40,000 loyalty members, and partnerships with local food writers.

## Operations
A second roaster doubles capacity to 2 tonnes a month; packing moves to the Villeurbanne warehouse.

## Budget
The launch costs 180,000 euros: 90,000 for equipment, 50,000 for marketing and 40,000 for stock.

## Risks
Green coffee prices may rise 20%; we hedge with six-month contracts and keep a second supplier.

## Next steps
Approve the budget in June, hire two roasters in July and open the web shop on 1 September.
`;

const DOCUMENT_ZH = `# 北风咖啡上市计划

## 为什么是现在
去年精品咖啡销量增长了 18%，而我们门店的客流持平。顾客一直希望在家也能买到我们的咖啡豆。

## 产品
三款单一产地烘焙豆，每袋 250 克，每周在里昂烘焙，48 小时内发货。

## 目标客户
25 至 45 岁的城市上班族，他们每周光顾门店两次，圣诞节会购买礼品。

## 定价
每袋 14 欧元；订阅用户每袋 12 欧元，第二个月起免运费。

## 渠道
先上线自营网店，再进入门店柜台，春季进入两家区域连锁超市。

## 市场推广
每家门店举办品鉴会，向 4 万名会员发送简报，并与本地美食作家合作。

## 运营
新增一台烘焙机，产能翻倍至每月 2 吨；包装转移到维勒班仓库。

## 预算
上市总成本 18 万欧元：设备 9 万，市场推广 5 万，库存 4 万。

## 风险
生咖啡豆价格可能上涨 20%；我们签订六个月合约并保留第二家供应商。

## 下一步
6 月批准预算，7 月招聘两名烘焙师，9 月 1 日开通网店。
`;

const SHOTS_DIR = process.env.SHOTS_DIR;

const RUNS = [
  // The offline assistant draws on the document itself.
  { name: 'offline assistant', language: 'en', baseURL: undefined, document: DOCUMENT_EN, content: /14 euros|180,000 euros|Villeurbanne/ },
  { name: 'offline assistant', language: 'zh-CN', baseURL: undefined, document: DOCUMENT_ZH, content: /14 欧元|18 万欧元|维勒班/ },
  // The fake model answers "Sample content for <element>" in the project's language.
  { name: 'fake OpenAI-compatible model', language: 'en', baseURL: AI_BASE_URL, document: DOCUMENT_EN, content: /Sample content for / },
] as const;

for (const run of RUNS) {
  test.describe(`${run.name} (${run.language})`, () => {
    if (run.baseURL) test.use({ baseURL: run.baseURL });
    test.use({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    const L = (key: string, vars?: Record<string, string | number>) => t(run.language, key, vars);
    const provider = L(run.baseURL ? 'ai.byModel' : 'ai.byOffline');
    const tag = `${run.baseURL ? 'model' : 'offline'}`;

    test(`pasted document → outline → filled slides → exported 10-slide deck`, async ({ page, context, request }) => {
      test.setTimeout(240_000);
      await signInWithToken(context, await signUpViaApi(request, 'ai-flow'), run.language);
      // Screenshots for a human to look at, only with SHOTS_DIR set.
      const capture = SHOTS_DIR ? screenshotter(page, SHOTS_DIR, run.language) : null;
      const shot = async (name: string) => capture?.(name);

      // Create: the AI path suggests a title and a built-in template; the deck gets 10 slides
      // in the interface's language.
      await page.goto('/projects');
      await page.getByRole('button', { name: L('projects:create.open') }).first().click();
      const wizard = page.getByRole('dialog');
      await wizard.getByLabel(L('projects:fields.description')).fill(run.document.split('\n')[0]!.replace('# ', ''));
      await wizard.getByRole('button', { name: L('projects:create.recommend') }).click();
      await expect(wizard.getByLabel(L('projects:fields.title'))).not.toHaveValue('');
      await expect(wizard.getByLabel(L('projects:fields.template'))).toContainText(/Slidewright/);
      await wizard.getByLabel(L('projects:fields.lang')).click();
      await page.getByRole('option', { name: L(`projects:languages.${run.language}`) }).click();
      await wizard.getByLabel(L('projects:fields.numSlides')).fill('10');
      await wizard.getByRole('button', { name: L('projects:create.create'), exact: true }).click();
      await expect(page).toHaveURL(/\/projects\/[0-9A-Z]{26}$/);
      const projectUrl = page.url();

      // Paste the document as a project material.
      await page.getByRole('tab', { name: L('projects:tabs.materials') }).click();
      await page.getByRole('button', { name: L('materials:actions.createText') }).click();
      const create = page.getByRole('dialog');
      await create.getByLabel(L('materials:createText.filename')).fill('Launch plan.md');
      await create.getByLabel(L('materials:createText.content')).fill(run.document);
      await create.getByRole('button', { name: L('materials:createText.submit') }).click();
      await expect(page.getByText(L('materials:createText.created'))).toBeVisible();

      // Outline from that material: every suggested slide ticked, confirm.
      await page.goto(projectUrl);
      await page.getByRole('button', { name: L('editor:outline.generate') }).click();
      const outline = page.getByRole('dialog');
      await outline.getByLabel(L('editor:outline.materialLabel')).click();
      await page.getByRole('option', { name: /Launch plan\.md/ }).click();
      await outline.getByRole('button', { name: L('editor:outline.generate') }).click();
      await expect(outline.getByText(L('editor:outline.selectTitle'))).toBeVisible({ timeout: 60_000 });
      await expect(outline.getByText(provider)).toBeVisible();
      await shot(`outline-${tag}`);
      await outline.getByRole('button', { name: L('editor:outline.useSlides', { count: 10 }) }).click();
      await expect(outline).toBeHidden();
      await expect(page.getByRole('article', { name: L('editor:slide.label', { position: 10 }), exact: true })).toBeVisible();
      await expect(page.getByRole('article', { name: L('editor:slide.label', { position: 11 }), exact: true })).toHaveCount(0);

      if (SHOTS_DIR) {
        // The review of suggested outline edits, for a human to look at (not applied here).
        await page.getByRole('button', { name: L('editor:outline.edit') }).click();
        const edit = page.getByRole('dialog');
        await edit.getByRole('textbox', { name: L('editor:outline.editInstruction') }).fill(run.language === 'en' ? 'Add a slide about pricing after slide 3' : '在第 3 页后添加一页介绍定价');
        await edit.getByRole('button', { name: L('editor:outline.suggest') }).click();
        await expect(edit.getByText(L('editor:outline.reviewTitle'))).toBeVisible();
        await shot(`outline-edits-${tag}`);
        await edit.getByRole('button', { name: L('editor:outline.reviewDone') }).click();
        await expect(edit).toBeHidden();
      }

      // Fill every slide through the assistant, then accept everything it suggests.
      await page.getByRole('button', { name: L('editor:ai.deckMenu') }).click();
      await shot(`deck-menu-${tag}`);
      await page.getByRole('menuitem', { name: new RegExp(`^${escapeRegExp(L('editor:ai.fillEmpty', { count: 10 }))}`) }).click();
      await expect(page.getByRole('region', { name: L('editor:ai.valuesTitle') })).toHaveCount(10, { timeout: 120_000 });
      await expect(page.getByText(L('editor:ai.pending', { count: 10 }))).toBeVisible();
      await expect(page.getByRole('region', { name: L('editor:ai.valuesTitle') }).first().getByText(provider)).toBeVisible();
      await page.getByRole('region', { name: L('editor:ai.valuesTitle') }).nth(1).scrollIntoViewIfNeeded();
      await shot(`suggestions-${tag}`);
      await page.getByRole('button', { name: L('editor:ai.acceptAll') }).click();
      await expect(page.getByText(L('editor:ai.acceptedAll', { count: 10 }))).toBeVisible();
      await expect(page.getByRole('region', { name: L('editor:ai.valuesTitle') })).toHaveCount(0);
      await expect(page.getByText(L('editor:save.saved'), { exact: true })).toBeVisible();
      await shot(`filled-${tag}`);

      // Export: Build PPT (through the export check when it has warnings).
      const downloading = page.waitForEvent('download', { timeout: 60_000 });
      await page.getByRole('button', { name: L('projects:page.build') }).click();
      const anyway = page.getByRole('button', { name: L('projects:export.anyway') });
      const download = await Promise.race([
        downloading,
        anyway.waitFor({ timeout: 30_000 }).then(async () => {
          await shot(`preflight-${tag}`);
          await anyway.click();
          return downloading;
        }),
      ]);
      const path = join(tmpdir(), `slidewright-ai-flow-${Date.now()}.pptx`);
      await download.saveAs(path);

      const deck = readDeck(path);
      expect(deck.slides).toHaveLength(10);
      // Every slide carries text, the document's facts (or the model's answers) are in the
      // deck, and the assistant's speaker notes came along.
      for (const texts of deck.slides) expect(texts.join(' ').trim()).not.toBe('');
      expect(deck.slides.flat().join('\n')).toMatch(run.content);
      expect(deck.notes.filter((text) => text.trim()).length).toBeGreaterThan(0);

      if (run.baseURL) {
        // The model was given the pasted document (as delimited data) and asked once for the
        // recommendation, once for the outline and once per slide.
        const recorded = (await (await request.get(`http://127.0.0.1:${FAKE_MODEL_PORT}/_recorded`)).json()) as { path: string; body: unknown }[];
        const chats = recorded.filter((item) => item.path.endsWith('/chat/completions'));
        expect(chats.some((item) => JSON.stringify(item.body).includes('Villeurbanne'))).toBe(true);
        expect(chats.length).toBeLessThanOrEqual(12);
      }
    });
  });
}
