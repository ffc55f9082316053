import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiErrorBody, mockApi, networkFailure } from '@/testing/fetchMock';
import { renderWithProviders } from '@/testing/render';
import type { PreflightReport } from '../../api/exportPreflight';
import { EditorSession } from '../../editor/session';
import { aProject, aSlide } from '../../editor/testData';
import type { EditorSlide } from '../../editor/model';
import { BuildPptButton } from './BuildPptButton';

const PROJECT_ID = aProject([])._id;
const PREFLIGHT = `/api/projects/${PROJECT_ID}/export/preflight`;
const EXPORT = `/api/projects/${PROJECT_ID}/export`;
const PPTX = 'application/vnd.openxmlformats-officedocument.presentationml.presentation';

const READY: PreflightReport = { ready: true, exportedSlides: 2, slides: [] };

/** Three slides: the second overflows and lacks a value, the third has no template slide. */
const WARNINGS: PreflightReport = {
  ready: false,
  exportedSlides: 2,
  slides: [
    {
      slideIndex: 2,
      slideId: 's2',
      issues: [
        { kind: 'text_overflow', element: 'Title 1', message: 'the text needs 145% of the box even at 60% size', needed: 1.45 },
        { kind: 'empty_element', element: 'Subtitle 2', message: 'no value' },
        { kind: 'missing_image', element: 'Picture 3', message: 'image not available' },
      ],
    },
    { slideIndex: 3, slideId: 's3', issues: [{ kind: 'missing_template_slide', message: 'no template slide assigned' }] },
  ],
};

const DECK: EditorSlide[] = [
  aSlide('s1', { pptxSlideNumber: 1, contentDescription: 'Opening' }),
  aSlide('s2', { pptxSlideNumber: 2, contentDescription: 'Revenue by region' }),
  aSlide('s3', { contentDescription: 'Thank you' }),
];

const pptxReply = () => Promise.resolve(new Response(new Uint8Array([80, 75, 3, 4]), { headers: { 'Content-Type': PPTX } }));

function renderButton(slides: EditorSlide[], onGoToSlide?: (slideId: string) => void) {
  const project = aProject(slides);
  const session = new EditorSession(project, { save: vi.fn(async () => project), load: vi.fn(async () => project), storage: null });
  return renderWithProviders(<BuildPptButton session={session} state={session.getState()} onGoToSlide={onGoToSlide} />);
}

function mockServer(preflight: { status?: number; body?: unknown } | (() => Promise<Response>)) {
  return mockApi([
    { method: 'GET', path: PREFLIGHT, reply: preflight },
    { method: 'GET', path: EXPORT, reply: pptxReply },
  ]);
}

describe('BuildPptButton', () => {
  let downloads: string[];

  beforeEach(() => {
    downloads = [];
    URL.createObjectURL = vi.fn(() => 'blob:deck');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(this.download);
    });
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  const paths = (calls: { path: string }[]) => calls.map((call) => call.path);

  it('downloads straight away when the check finds nothing', async () => {
    const { calls } = mockServer({ body: READY });
    renderButton(DECK.slice(0, 2));
    await userEvent.click(screen.getByRole('button', { name: 'Build PPT' }));

    expect(await screen.findByText('Export successful!')).toBeInTheDocument();
    expect(downloads).toEqual(['Quarterly review.pptx']);
    expect(paths(calls)).toEqual([PREFLIGHT, EXPORT]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('lists the warnings slide by slide with counts, and Export Anyway downloads', async () => {
    const { calls } = mockServer({ body: WARNINGS });
    renderButton(DECK);
    await userEvent.click(screen.getByRole('button', { name: 'Build PPT' }));

    const dialog = await screen.findByRole('dialog', { name: 'Export anyway?' });
    // A slide lacks a template slide: the spec's wording, and how much is left.
    expect(within(dialog).getByText(/Some slides are missing PPTX slide numbers/)).toBeInTheDocument();
    expect(within(dialog).getByText('2 of 3 slides will be exported.')).toBeInTheDocument();
    const summary = within(dialog).getByRole('list', { name: 'Problems by kind' });
    expect(within(summary).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      '1 slide without a template slide',
      '1 text too long',
      '1 missing image',
      '1 empty element',
    ]);
    const slide2 = within(dialog).getByRole('listitem', { name: 'Slide 2' });
    expect(slide2).toHaveTextContent('Revenue by region');
    expect(within(slide2).getByText('Title 1: Text is too long to fit, even at 60% size (it needs 145% of the box)')).toBeInTheDocument();
    expect(within(slide2).getByText('Subtitle 2: Empty element: no value entered')).toBeInTheDocument();
    expect(within(slide2).getByText('Picture 3: Missing image: it was deleted or is no longer shared')).toBeInTheDocument();
    const slide3 = within(dialog).getByRole('listitem', { name: 'Slide 3' });
    expect(within(slide3).getByText('No template slide chosen: this slide is left out of the file')).toBeInTheDocument();
    expect(paths(calls)).toEqual([PREFLIGHT]);

    await userEvent.click(within(dialog).getByRole('button', { name: 'Export Anyway' }));
    expect(await screen.findByText('Export successful!')).toBeInTheDocument();
    expect(downloads).toEqual(['Quarterly review.pptx']);
    expect(paths(calls)).toEqual([PREFLIGHT, EXPORT]);
  });

  it('Cancel closes the warnings without exporting', async () => {
    const { calls } = mockServer({ body: WARNINGS });
    renderButton(DECK);
    await userEvent.click(screen.getByRole('button', { name: 'Build PPT' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(paths(calls)).toEqual([PREFLIGHT]);
    expect(downloads).toEqual([]);
    expect(screen.getByRole('button', { name: 'Build PPT' })).toBeEnabled();
  });

  it('Go to slide closes the warnings and hands over the slide id', async () => {
    mockServer({ body: WARNINGS });
    const onGoToSlide = vi.fn();
    renderButton(DECK, onGoToSlide);
    await userEvent.click(screen.getByRole('button', { name: 'Build PPT' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Go to slide 3' }));

    expect(onGoToSlide).toHaveBeenCalledWith('s3');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('still exports when the check fails', async () => {
    const { calls } = mockServer(networkFailure);
    renderButton(DECK.slice(0, 2));
    await userEvent.click(screen.getByRole('button', { name: 'Build PPT' }));

    expect(await screen.findByText('Export successful!')).toBeInTheDocument();
    expect(downloads).toEqual(['Quarterly review.pptx']);
    expect(paths(calls)).toEqual([PREFLIGHT, EXPORT]);
  });

  it('when the check fails, still warns about slides without a template slide before exporting', async () => {
    const { calls } = mockServer({ status: 500, body: apiErrorBody('internal_error', 'boom') });
    renderButton(DECK);
    await userEvent.click(screen.getByRole('button', { name: 'Build PPT' }));

    const dialog = await screen.findByRole('dialog', { name: 'Export anyway?' });
    expect(dialog).toHaveTextContent('Some slides are missing PPTX slide numbers. This may result in an incomplete export. Do you want to continue anyway?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Export Anyway' }));
    expect(await screen.findByText('Export successful!')).toBeInTheDocument();
    expect(paths(calls)).toEqual([PREFLIGHT, EXPORT]);
  });

  it('reports a failed export with the translated error', async () => {
    mockApi([
      { method: 'GET', path: PREFLIGHT, reply: { body: READY } },
      { method: 'GET', path: EXPORT, reply: { status: 422, body: apiErrorBody('export_no_template', 'server text') } },
    ]);
    renderButton(DECK.slice(0, 2));
    await userEvent.click(screen.getByRole('button', { name: 'Build PPT' }));

    expect(await screen.findByText('Error exporting presentation: Choose a PPTX template for the project before exporting.')).toBeInTheDocument();
    expect(downloads).toEqual([]);
  });

  it('offers only Cancel when no slide can be exported', async () => {
    const nothing: PreflightReport = {
      ready: false,
      exportedSlides: 0,
      slides: [{ slideIndex: 1, slideId: 's3', issues: [{ kind: 'missing_template_slide', message: 'no template slide assigned' }] }],
    };
    mockServer({ body: nothing });
    renderButton([DECK[2]!]);
    await userEvent.click(screen.getByRole('button', { name: 'Build PPT' }));

    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('No slide has a template slide assigned yet, so there is nothing to export.');
    expect(within(dialog).queryByRole('button', { name: 'Export Anyway' })).not.toBeInTheDocument();
  });

  it('speaks Chinese to a zh-CN user, never the server’s English detail', async () => {
    window.localStorage.setItem('lang', 'zh-CN');
    mockServer({
      body: {
        ...WARNINGS,
        slides: [...WARNINGS.slides, { slideIndex: 1, slideId: 's1', issues: [{ kind: 'other', element: 'Chart 4', message: 'series padded to 3 categories' }] }],
      },
    });
    renderButton(DECK);
    await userEvent.click(screen.getByRole('button', { name: '生成 PPT' }));

    const dialog = await screen.findByRole('dialog', { name: '仍要导出？' });
    expect(within(dialog).getByText('将导出 3 页中的 2 页。')).toBeInTheDocument();
    expect(within(dialog).getByText('1 处文字过长')).toBeInTheDocument();
    const slide2 = within(dialog).getByRole('listitem', { name: '第 2 页' });
    expect(within(slide2).getByText('Title 1：文字过长，即使缩小到 60% 字号也放不下（需要文本框的 145%）')).toBeInTheDocument();
    expect(within(dialog).getByText('Chart 4：无法完全按输入内容填充')).toBeInTheDocument();
    expect(dialog).not.toHaveTextContent(/padded|no value|not available/);
    expect(within(dialog).getByRole('button', { name: '仍要导出' })).toBeInTheDocument();
  });

  it('lists what screen readers would miss, in Chinese, with its own count', async () => {
    window.localStorage.setItem('lang', 'zh-CN');
    const missing = [
      { kind: 'accessibility', element: 'Picture', code: 'missing_alt_text', message: 'the picture has no alternative text' },
      { kind: 'accessibility', element: null, code: 'missing_slide_title', message: 'the slide has no title' },
    ];
    mockServer({ body: { ready: false, exportedSlides: 3, slides: [{ slideIndex: 1, slideId: 's1', issues: missing }] } });
    renderButton(DECK);
    await userEvent.click(screen.getByRole('button', { name: '生成 PPT' }));

    const dialog = await screen.findByRole('dialog', { name: '仍要导出？' });
    expect(within(dialog).getByText('2 个无障碍问题')).toBeInTheDocument();
    const slide1 = within(dialog).getByRole('listitem', { name: '第 1 页' });
    expect(within(slide1).getByText('Picture：图片缺少替代文字：屏幕阅读器无法描述它。请在图库中为图片添加描述')).toBeInTheDocument();
    expect(within(slide1).getByText(/^缺少幻灯片标题/)).toBeInTheDocument();
    expect(dialog).not.toHaveTextContent(/alternative|no title/);
  });
});
