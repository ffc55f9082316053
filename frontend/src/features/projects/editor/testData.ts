import type { PptxFile, Project, TemplateElement } from '../types';
import { emptySlide, type EditorSlide } from './model';

/** Small builders for the editor's tests. */
export function aSlide(id: string, overrides: Partial<EditorSlide> = {}): EditorSlide {
  return { ...emptySlide(`Slide ${id}`, id), ...overrides };
}

export function anElement(name: string, type: TemplateElement['type'], overrides: Partial<TemplateElement> = {}): TemplateElement {
  return {
    name,
    shapeId: 1,
    type,
    innerText: '',
    hidden: false,
    isLocked: false,
    boundary: { x: 1, y: 1, width: 4, height: 1 },
    ...overrides,
  };
}

export function aProject(slides: EditorSlide[], overrides: Partial<Project> = {}): Project {
  return {
    _id: '01JPROJECT0000000000000001',
    title: 'Quarterly review',
    description: 'Results and plans',
    lang: 'en',
    numSlides: slides.length,
    pptxFileId: '01JPPTX000000000000000001',
    slides,
    version: 1,
    createdAt: '2025-03-01T10:00:00Z',
    updatedAt: '2025-03-02T10:00:00Z',
    deletedAt: null,
    warnings: [],
    ...overrides,
  };
}

/** A two-slide template: a title slide (Title, Subtitle locked) and a chart + table slide. */
export function aTemplate(overrides: Partial<PptxFile> = {}): PptxFile {
  return {
    _id: '01JPPTX000000000000000001',
    filename: 'Slidewright Terracotta.pptx',
    description: 'Warm template',
    public: true,
    ownerId: 'system',
    builtin: true,
    canEdit: false,
    size: 1000,
    slideCount: 2,
    slideWidth: 13.333,
    slideHeight: 7.5,
    thumbnailSlides: [1, 2],
    slidesMissingDescription: [],
    createdAt: '2025-01-01T00:00:00Z',
    updatedAt: '2025-01-01T00:00:00Z',
    parsedSlides: [
      {
        slideNumber: 1,
        description: 'Title slide',
        layoutName: 'Title Slide',
        hidden: false,
        notes: '',
        elements: [anElement('Title', 'text', { innerText: 'Annual review' }), anElement('Subtitle', 'text', { isLocked: true, innerText: 'Sub' })],
      },
      {
        slideNumber: 2,
        description: 'Chart slide',
        layoutName: 'Chart',
        hidden: false,
        notes: '',
        elements: [anElement('Chart', 'chart', { chart: { chartType: 'column_clustered', categoryCount: 2, seriesCount: 1 } }), anElement('Table', 'table', { table: { rows: 2, cols: 2 } })],
      },
    ],
    ...overrides,
  };
}
