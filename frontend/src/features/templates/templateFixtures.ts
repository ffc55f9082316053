import type { ParsedSlide, TemplateDetail, TemplateElement, TemplateSummary } from './types';

/** Test data shaped like the API's templates. */
export function anElement(overrides: Partial<TemplateElement> = {}): TemplateElement {
  return {
    name: 'Title',
    shapeId: 2,
    type: 'text',
    innerText: 'Quarterly review',
    hidden: false,
    isLocked: false,
    boundary: { x: 1, y: 0.5, width: 8, height: 1.2 },
    ...overrides,
  };
}

export function aSlide(overrides: Partial<ParsedSlide> = {}): ParsedSlide {
  return {
    slideNumber: 1,
    description: 'Title slide',
    layoutName: 'Title Slide',
    hidden: false,
    notes: '',
    elements: [anElement(), anElement({ name: 'Logo', shapeId: 3, type: 'picture', innerText: '', isLocked: true, boundary: { x: 11, y: 6, width: 1.5, height: 1 } })],
    ...overrides,
  };
}

export function aTemplateSummary(overrides: Partial<TemplateSummary> = {}): TemplateSummary {
  return {
    _id: '01JTPL00000000000000000001',
    filename: 'Quarterly.pptx',
    description: 'A quarterly business review deck',
    public: false,
    ownerId: '01JUSER00000000000000000001',
    builtin: false,
    canEdit: true,
    size: 120000,
    slideCount: 2,
    slideWidth: 13.333,
    slideHeight: 7.5,
    thumbnailSlides: [1, 2],
    slidesMissingDescription: [],
    createdAt: '2026-01-01T10:00:00Z',
    updatedAt: '2026-01-01T10:00:00Z',
    ...overrides,
  };
}

export function aTemplate(overrides: Partial<TemplateDetail> = {}): TemplateDetail {
  return {
    ...aTemplateSummary(),
    parsedSlides: [aSlide(), aSlide({ slideNumber: 2, description: 'Agenda', layoutName: 'Agenda', elements: [anElement({ name: 'Agenda Items', innerText: 'One\nTwo' })] })],
    renderJob: null,
    ...overrides,
  };
}
