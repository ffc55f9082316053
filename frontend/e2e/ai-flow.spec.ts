import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { AI_BASE_URL, FAKE_MODEL_PORT } from './servers';
import { newAccount } from './helpers';

/**
 * Issue 7, "Must show": with no configuration, a new user goes from a pasted document to an
 * exported 10-slide deck on a built-in template using only the assistant's suggestions. The
 * same flow runs against the app wired to the fake OpenAI-compatible server (see
 * playwright.config.ts), where every suggestion comes from "the model".
 */

const DOCUMENT = `# Northwind Coffee launch plan

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

const SHOTS_DIR = process.env.SHOTS_DIR;

async function shot(page: Page, name: string) {
  if (!SHOTS_DIR) return;
  mkdirSync(SHOTS_DIR, { recursive: true });
  await page.screenshot({ path: join(SHOTS_DIR, `${name}.png`), fullPage: false });
}

/** python-pptx reads the downloaded deck: slide count, and the text of each slide. */
function readDeck(path: string): { slides: string[][]; notes: string[] } {
  const script = `
import json, sys
from pptx import Presentation
deck = Presentation(sys.argv[1])
slides = [[shape.text_frame.text for shape in slide.shapes if shape.has_text_frame and shape.text_frame.text.strip()] for slide in deck.slides]
notes = [slide.notes_slide.notes_text_frame.text if slide.has_notes_slide else '' for slide in deck.slides]
print(json.dumps({"slides": slides, "notes": notes}))
`;
  const output = execFileSync('uv', ['run', '--quiet', 'python', '-c', script, path], { cwd: '../backend', encoding: 'utf8' });
  return JSON.parse(output) as { slides: string[][]; notes: string[] };
}

const RUNS = [
  // The offline assistant draws on the document itself.
  { name: 'offline assistant', baseURL: undefined, provider: 'Suggested by the offline assistant', content: /14 euros|180,000 euros|Villeurbanne/ },
  // The fake model answers "Sample content for <element>" in the project's language.
  { name: 'fake OpenAI-compatible model', baseURL: AI_BASE_URL, provider: 'Suggested by the AI model', content: /Sample content for / },
] as const;

for (const run of RUNS) {
  test.describe(run.name, () => {
    if (run.baseURL) test.use({ baseURL: run.baseURL });
    test.use({ viewport: { width: 1280, height: 900 }, acceptDownloads: true });

    test(`pasted document → outline → filled slides → exported 10-slide deck (${run.name})`, async ({ page, context, request }) => {
      test.setTimeout(240_000);
      const account = newAccount('ai-flow');
      const signup = await request.post('/api/auth/signup', { data: { name: account.name, email: account.email, password: account.password } });
      const { token } = (await signup.json()) as { token: string };
      await context.addInitScript((value) => {
        window.localStorage.setItem('token', value);
        window.localStorage.setItem('lang', 'en');
      }, token);

      // Create: the AI path suggests a title and a built-in template; the deck gets 10 slides.
      await page.goto('/projects');
      await page.getByRole('button', { name: 'Create Project' }).first().click();
      const wizard = page.getByRole('dialog');
      await wizard.getByLabel('Description').fill('Launch plan for Northwind Coffee beans sold online: product, pricing, channels, budget and risks.');
      await wizard.getByRole('button', { name: 'Get AI Recommendations' }).click();
      await expect(wizard.getByLabel('Title')).not.toHaveValue('');
      await expect(wizard.getByLabel('PPTX template')).toContainText(/Slidewright/);
      await wizard.getByLabel('Presentation language').click();
      await page.getByRole('option', { name: 'English' }).click();
      await wizard.getByLabel('Number of slides').fill('10');
      await wizard.getByRole('button', { name: 'Create', exact: true }).click();
      await expect(page).toHaveURL(/\/projects\/[0-9A-Z]{26}$/);
      const projectUrl = page.url();

      // Paste the document as a project material.
      await page.getByRole('tab', { name: 'Materials' }).click();
      await page.getByRole('button', { name: 'Create Text' }).click();
      const create = page.getByRole('dialog');
      await create.getByLabel('File name').fill('Launch plan.md');
      await create.getByLabel('Content').fill(DOCUMENT);
      await create.getByRole('button', { name: 'Create' }).click();
      await expect(page.getByText('Material created')).toBeVisible();

      // Outline from that material: every suggested slide ticked, confirm.
      await page.goto(projectUrl);
      await page.getByRole('button', { name: 'Generate Outline' }).click();
      const outline = page.getByRole('dialog');
      await outline.getByLabel('Use a material as the outline (optional)').click();
      await page.getByRole('option', { name: /Launch plan\.md/ }).click();
      await outline.getByRole('button', { name: 'Generate Outline' }).click();
      await expect(outline.getByText('Choose the slides to use')).toBeVisible({ timeout: 60_000 });
      await expect(outline.getByText(run.provider)).toBeVisible();
      await shot(page, `outline-${run.baseURL ? 'model' : 'offline'}`);
      await outline.getByRole('button', { name: 'Use 10 slides' }).click();
      await expect(outline).toBeHidden();
      await expect(page.getByRole('article', { name: 'Slide 10', exact: true })).toBeVisible();
      await expect(page.getByRole('article', { name: 'Slide 11', exact: true })).toHaveCount(0);

      // Fill every slide through the assistant, then accept everything it suggests.
      await page.getByRole('button', { name: 'AI assistant' }).click();
      await page.getByRole('menuitem', { name: /^Fill 10 slides with empty elements/ }).click();
      await expect(page.getByText(/AI suggestions? (is|are) waiting for your review/)).toBeVisible({ timeout: 120_000 });
      await expect(page.getByRole('status').filter({ hasText: 'Filling slides' })).toHaveCount(0, { timeout: 120_000 });
      const firstSuggestion = page.getByRole('region', { name: 'Suggested content' }).first();
      await expect(firstSuggestion.getByText(run.provider)).toBeVisible();
      await shot(page, `suggestions-${run.baseURL ? 'model' : 'offline'}`);
      await page.getByRole('button', { name: 'Accept all' }).click();
      await expect(page.getByText(/suggestions? applied/)).toBeVisible();
      await expect(page.getByRole('region', { name: 'Suggested content' })).toHaveCount(0);
      await expect(page.getByText('All changes saved', { exact: true })).toBeVisible();

      // Export: Build PPT (through the export check when it has warnings).
      const downloading = page.waitForEvent('download', { timeout: 60_000 });
      await page.getByRole('button', { name: 'Build PPT' }).click();
      const anyway = page.getByRole('button', { name: 'Export Anyway' });
      const download = await Promise.race([
        downloading,
        anyway.waitFor({ timeout: 30_000 }).then(async () => {
          await anyway.click();
          return downloading;
        }),
      ]);
      const path = join(tmpdir(), `slidewright-ai-flow-${Date.now()}.pptx`);
      await download.saveAs(path);

      const deck = readDeck(path);
      expect(deck.slides).toHaveLength(10);
      // Every slide carries text, and the document's facts made it into the deck.
      for (const texts of deck.slides) expect(texts.join(' ').trim()).not.toBe('');
      const all = deck.slides.flat().join('\n');
      expect(all).toMatch(run.content);
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
