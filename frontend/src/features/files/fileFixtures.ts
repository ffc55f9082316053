import type { FileDetail, UploadedFile } from './types';

/** Test data shaped like the API's files. */
export function aFile(overrides: Partial<UploadedFile> = {}): UploadedFile {
  return {
    _id: '01JFILE0000000000000000001',
    name: 'Board meeting.pptx',
    type: 'pptx',
    size: 89898,
    createdAt: '2026-03-01T09:30:00Z',
    slideCount: 2,
    thumbnailPaths: ['/api/files/01JFILE0000000000000000001/thumbnails/1'],
    ...overrides,
  };
}

export function aFileDetail(overrides: Partial<FileDetail> = {}): FileDetail {
  const file = aFile();
  return {
    ...file,
    slides: [
      { slideNumber: 1, thumbnailPath: file.thumbnailPaths[0] ?? null, templates: [] },
      {
        slideNumber: 2,
        thumbnailPath: null,
        templates: [
          { _id: '01JSTPL000000000000000001', name: 'Agenda', description: '', type: 'Custom', sourceFileId: file._id, sourceIndex: 2, createdAt: '2026-03-01T10:00:00Z' },
        ],
      },
    ],
    renderJob: null,
    ...overrides,
  };
}
