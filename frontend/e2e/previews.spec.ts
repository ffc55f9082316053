import { expect, test, type APIRequestContext, type Page } from './fixtures';
import { screenshotter, signInWithToken, signUpViaApi } from './helpers';
import { escapeRegExp, t } from './i18n';

/**
 * Issue 11 §2, "what you see is what you export": the editor, the project cards and Play show
 * the user's own slides as the export draws them (rendered by LibreOffice after each save), not
 * the template's sample slides; an edit appears as a new render.
 */

type Headers = { Authorization: string };
type Language = 'en' | 'zh-CN';
interface Preview {
  slideId: string;
  status: 'ready' | 'pending' | 'failed' | 'none';
  hash: string | null;
  url: string | null;
}

/** What the user writes, per interface language (the deck is in that language too). */
const DECK = {
  en: {
    project: 'Board review',
    title: 'Northwind plan 2026',
    edited: 'Northwind plan 2027',
    subtitle: 'Approved in March',
    presenter: 'Dana Cruz',
    notes: 'Thank the board, then go straight to the numbers.',
    numbers: 'Quarter in numbers',
    table: [['Metric', 'Q1'], ['Revenue', '31.2']],
    names: { title: 'Title', subtitle: 'Subtitle', presenter: 'Presenter', table: 'Table' },
  },
  'zh-CN': {
    project: '董事会回顾',
    title: '2026 年北风计划',
    edited: '2027 年北风计划',
    subtitle: '三月获批',
    presenter: '陈达娜',
    notes: '先感谢董事会，然后直接讲数字。',
    numbers: '本季度数据',
    table: [['指标', '第一季度'], ['收入', '31.2']],
    names: { title: '标题', subtitle: '副标题', presenter: '演讲人', table: '表格' },
  },
} as const;

/** The built-in template in the edition of `language` (its element names are in that language). */
async function builtinTemplate(request: APIRequestContext, headers: Headers, language: Language = 'en') {
  const listed = await request.get('/api/pptx-files', { headers: { ...headers, 'Accept-Language': language } });
  const templates = (await listed.json()) as { _id: string; filename: string; builtin: boolean }[];
  const terracotta = templates.find((template) => template.builtin && /Terracotta|陶土/.test(template.filename));
  expect(terracotta, 'the e2e server installs the built-in templates').toBeDefined();
  return terracotta!._id;
}

async function createDeck(request: APIRequestContext, headers: Headers, templateId: string, language: Language = 'en') {
  const deck = DECK[language];
  const created = await request.post('/api/projects', {
    headers,
    data: {
      title: deck.project,
      lang: language,
      pptxFileId: templateId,
      slides: [
        {
          contentDescription: 'Title',
          pptxSlideNumber: 1,
          formData: { [deck.names.title]: deck.title, [deck.names.subtitle]: deck.subtitle, [deck.names.presenter]: deck.presenter },
          notes: deck.notes,
        },
        { contentDescription: 'Numbers', pptxSlideNumber: 8, formData: { [deck.names.title]: deck.numbers, [deck.names.table]: { rows: deck.table } } },
      ],
    },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { _id: string })._id;
}

/** The previews once every slide is drawn (LibreOffice may be cold on a loaded machine). */
async function readyPreviews(request: APIRequestContext, headers: Headers, projectId: string): Promise<Preview[]> {
  let slides: Preview[] = [];
  await expect
    .poll(
      async () => {
        const body = (await (await request.get(`/api/projects/${projectId}/previews`, { headers })).json()) as { pending: number; slides: Preview[] };
        slides = body.slides;
        return body.pending === 0 && body.slides.every((slide) => slide.status === 'ready');
      },
      { timeout: 90_000, intervals: [500] },
    )
    .toBe(true);
  return slides;
}

async function bytes(request: APIRequestContext, headers: Headers, url: string) {
  const response = await request.get(url, { headers });
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('image/jpeg');
  return response.body();
}

/** Every `/api` image the page fetches, in order. */
function imageRequests(page: Page) {
  const seen: string[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.endsWith('.jpg')) seen.push(path);
  });
  return seen;
}

for (const language of ['en', 'zh-CN'] as const) {
  const deck = DECK[language];
  const L = {
    yourSlide: (text: string) => new RegExp(`^${escapeRegExp(t(language, 'editor:slide.previewAltText', { position: 1, text: '' }))}${escapeRegExp(text)}`),
    valueOf: (name: string) => t(language, 'editor:elements.valueOf', { name }),
    saved: t(language, 'editor:save.saved'),
    play: t(language, 'projects:actions.play'),
    playCard: t(language, 'projects:grid.play', { title: deck.project }),
    showSlide: (number: number, text: string) =>
      new RegExp(`^${escapeRegExp(t(language, 'projects:slideshow.slideAltWithText', { title: deck.project, number, text: '' }))}${escapeRegExp(text)}`),
    notes: t(language, 'projects:slideshow.notes'),
    noNotes: t(language, 'projects:slideshow.noNotes'),
    nextSlide: t(language, 'media:nextSlide'),
  };

  test(`${language}: the editor and Play show the user’s slides, and an edit appears as a new render`, async ({ page, context, request }) => {
    test.setTimeout(180_000);
    const token = await signUpViaApi(request, `previews-${language}`);
    const headers = { Authorization: `Bearer ${token}` };
    const templateId = await builtinTemplate(request, headers, language);
    const projectId = await createDeck(request, headers, templateId, language);
    const [first] = await readyPreviews(request, headers, projectId);
    // The render is the user's slide, not the template's sample slide 1.
    const sample = await bytes(request, headers, `/api/files/thumbnails/${templateId}/1.jpg`);
    const rendered = await bytes(request, headers, first!.url!);
    expect(rendered.equals(sample)).toBe(false);

    await signInWithToken(context, token, language);
    const images = imageRequests(page);
    await page.goto(`/projects/${projectId}`);
    // The editor's picture is the render of the user's slide, named by the user's text.
    const picture = page.getByRole('img', { name: L.yourSlide(deck.title) });
    await expect(picture).toBeVisible();
    await expect(picture).toHaveAccessibleName(new RegExp(escapeRegExp(deck.subtitle)));
    await expect.poll(() => images.includes(first!.url!)).toBe(true);
    expect(images.filter((path) => path.startsWith('/api/files/thumbnails/'))).toEqual([]);

    // Edit the title: once saved, the slide is drawn again and the editor shows the new picture.
    await page.getByRole('textbox', { name: L.valueOf(deck.names.title) }).first().fill(deck.edited);
    await expect(page.getByText(L.saved)).toBeVisible({ timeout: 20_000 });
    const [edited] = await readyPreviews(request, headers, projectId);
    expect(edited!.hash).not.toBe(first!.hash);
    await expect.poll(() => images.includes(edited!.url!), { timeout: 20_000 }).toBe(true);
    expect((await bytes(request, headers, edited!.url!)).equals(rendered)).toBe(false);
    await expect(page.getByRole('img', { name: L.yourSlide(deck.edited) })).toBeVisible();

    // Play from the project page: the saved renders, named by the user's text, with the notes.
    await page.getByRole('button', { name: L.play, exact: true }).click();
    const show = page.getByRole('dialog', { name: deck.project });
    await expect(show).toBeVisible();
    await expect(show.getByText('1 / 2')).toBeVisible();
    await expect(show.getByRole('img', { name: L.showSlide(1, deck.edited) })).toBeVisible();
    await page.keyboard.press('n');
    await expect(show.getByRole('region', { name: L.notes })).toContainText(deck.notes);
    await page.keyboard.press('ArrowRight');
    await expect(show.getByText('2 / 2')).toBeVisible();
    await expect(show.getByRole('img', { name: L.showSlide(2, deck.numbers) })).toBeVisible();
    await expect(show.getByRole('region', { name: L.notes })).toContainText(L.noNotes);
    await page.keyboard.press('Home');
    await expect(show.getByText('1 / 2')).toBeVisible();
    await page.keyboard.press('End');
    await expect(show.getByText('2 / 2')).toBeVisible();
    await page.keyboard.press('ArrowLeft');
    await expect(show.getByText('1 / 2')).toBeVisible();
    await expect.poll(() => images.includes(edited!.url!)).toBe(true);
    expect(images.filter((path) => path.startsWith('/api/files/thumbnails/'))).toEqual([]);
    await page.keyboard.press('Escape');
    await expect(show).toBeHidden();
    await expect(page.getByRole('button', { name: L.play, exact: true })).toBeFocused();
  });

  test(`${language}: the template picker shows the user’s slide on each choice, ready at once when picked`, async ({ page, context, request }) => {
    test.setTimeout(180_000);
    const token = await signUpViaApi(request, `previews-picker-${language}`);
    const headers = { Authorization: `Bearer ${token}` };
    const projectId = await createDeck(request, headers, await builtinTemplate(request, headers, language), language);
    const [first] = await readyPreviews(request, headers, projectId);
    await signInWithToken(context, token, language);
    const images = imageRequests(page);
    await page.goto(`/projects/${projectId}`);
    await page.getByRole('button', { name: t(language, 'editor:slide.changeTemplateSlide') }).first().click();
    const picker = page.getByRole('dialog');
    await expect(picker.getByText(t(language, 'editor:picker.choicesHint'))).toBeVisible();
    // Every other template slide is drawn with the user's values (one conversion for all).
    const onSlide = (number: number) => picker.getByRole('img', { name: t(language, 'editor:picker.choiceAlt', { position: 1, number }) });
    await expect(onSlide(2)).toBeVisible({ timeout: 60_000 });
    // The pictures are the user's slide drawn anew (not the template's thumbnails).
    const drawn = images.filter((path) => path.includes('/previews/') && path !== first!.url);
    expect(drawn.length).toBeGreaterThan(0);
    // Picking it saves that very content: the slide's preview is ready without a new render.
    await picker.getByRole('option', { name: new RegExp(`^${escapeRegExp(t(language, 'editor:picker.option', { number: 2, name: '' }))}`) }).click();
    await expect(page.getByText(t(language, 'editor:save.saved'))).toBeVisible({ timeout: 20_000 });
    const previews = (await (await request.get(`/api/projects/${projectId}/previews`, { headers })).json()) as { slides: { status: string; url: string | null }[] };
    expect(previews.slides[0]!.status).toBe('ready');
    expect(drawn).toContain(previews.slides[0]!.url);
  });

  test(`${language}: the project cards show the user’s slides and play them`, async ({ page, context, request }) => {
    test.setTimeout(180_000);
    const token = await signUpViaApi(request, `previews-grid-${language}`);
    const headers = { Authorization: `Bearer ${token}` };
    const projectId = await createDeck(request, headers, await builtinTemplate(request, headers, language), language);
    const [first, second] = await readyPreviews(request, headers, projectId);
    await signInWithToken(context, token, language);
    const images = imageRequests(page);
    await page.goto('/projects?view=grid');
    const carousel = page.getByRole('group', { name: deck.project });
    await expect(carousel.getByText('1 / 2')).toBeAttached();
    await expect.poll(() => images.includes(first!.url!)).toBe(true);
    await carousel.hover();
    await carousel.getByRole('button', { name: L.nextSlide }).click();
    await expect(carousel.getByText('2 / 2')).toBeAttached();
    await expect.poll(() => images.includes(second!.url!)).toBe(true);
    expect(images.filter((path) => path.startsWith('/api/files/thumbnails/'))).toEqual([]);

    await page.getByRole('button', { name: L.playCard }).click();
    const show = page.getByRole('dialog', { name: deck.project });
    await expect(show.getByText('1 / 2')).toBeVisible();
    await expect(show.getByRole('img', { name: L.showSlide(1, deck.title) })).toBeVisible();
    await page.keyboard.press('End');
    await expect(show.getByText('2 / 2')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(show).toBeHidden();
    expect(projectId).toBeTruthy();
  });
}

/**
 * Not a check: the pages this touches, for a human to look at, in both languages at 1440 and
 * 390 px. Runs only with SHOTS_DIR set: `SHOTS_DIR=/tmp/shots-previews npx playwright test previews`.
 */
for (const language of ['en', 'zh-CN'] as const) {
  test(`screenshots in ${language}`, async ({ page, context, request }) => {
    test.skip(!process.env.SHOTS_DIR, 'set SHOTS_DIR to take screenshots');
    test.setTimeout(300_000);
    const deck = DECK[language];
    const token = await signUpViaApi(request, `previews-shots-${language}`);
    const headers = { Authorization: `Bearer ${token}` };
    const templateId = await builtinTemplate(request, headers, language);
    const projectId = await createDeck(request, headers, templateId, language);
    await readyPreviews(request, headers, projectId);
    await signInWithToken(context, token, language);
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: width > 800 ? 900 : 844 });
      const shot = screenshotter(page, process.env.SHOTS_DIR!, `${language}-${width}`);
      await page.goto('/projects?view=grid');
      await expect(page.getByRole('group', { name: deck.project })).toBeVisible();
      await page.waitForTimeout(1500);
      await shot('projects-grid');
      await page.goto(`/projects/${projectId}`);
      await page.waitForTimeout(2000);
      await shot('editor');
      await page.getByRole('button', { name: t(language, 'editor:slide.changeTemplateSlide') }).first().click();
      await page
        .getByRole('img', { name: t(language, 'editor:picker.choiceAlt', { position: 1, number: 2 }) })
        .waitFor({ timeout: 60_000 })
        .catch(() => undefined);
      await page.waitForTimeout(1500);
      await shot('picker-your-slide');
      await page.keyboard.press('Escape');
      // An edit: the slide keeps its last picture with a spinner until the new one is drawn.
      await page.getByRole('textbox', { name: t(language, 'editor:elements.valueOf', { name: deck.names.title }) }).first().fill(`${deck.edited} ${width}`);
      await page
        .getByRole('status', { name: t(language, 'projects:preview.updating') })
        .first()
        .waitFor({ timeout: 15_000 })
        .catch(() => undefined);
      await shot('editor-updating');
      await readyPreviews(request, headers, projectId);
      await page.getByRole('button', { name: t(language, 'projects:actions.play'), exact: true }).click();
      await page.waitForTimeout(1500);
      await page.keyboard.press('n');
      await shot('play-notes');
      await page.keyboard.press('Escape');
      await page.waitForTimeout(500);
      // A render that failed (the server's answer rewritten here: LibreOffice cannot be made to
      // fail on cue) says so on the slide, with the last picture kept.
      await page.route(`**/api/projects/${projectId}/previews`, async (route) => {
        const body = (await (await route.fetch()).json()) as { slides: Preview[] };
        body.slides[0] = { ...body.slides[0]!, status: 'failed', errorCode: 'render_timeout', errorMessage: 'Rendering took too long' } as Preview;
        await route.fulfill({ json: body });
      });
      await page.reload();
      const failure = t(language, 'projects:preview.failedHint', { reason: t(language, 'projects:preview.reasons.render_timeout') });
      // (the slide rail, which carries the same badge, is hidden on a phone)
      await expect(page.getByLabel(failure).filter({ visible: true }).first()).toBeVisible();
      await page.waitForTimeout(1000);
      await shot('editor-failed');
      await page.unroute(`**/api/projects/${projectId}/previews`);
    }
  });
}
