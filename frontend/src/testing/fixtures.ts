import type { components } from '@/api/schema';
import type { Tag, User } from '@/api/types';

export const aUser: User = {
  _id: '01JUSER00000000000000000001',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  role: 'User',
  authType: 'local',
  createdAt: '2025-01-15T10:00:00Z',
};

export const anAdmin: User = { ...aUser, _id: '01JADMIN0000000000000000001', name: 'Grace Hopper', role: 'Admin' };

export function aTag(overrides: Partial<Tag> = {}): Tag {
  return {
    _id: '01JTAG000000000000000000001',
    name: 'Finance',
    public: false,
    ownerId: aUser._id,
    createdAt: '2025-01-16T10:00:00Z',
    ...overrides,
  };
}

export function anImage(overrides: Partial<components['schemas']['ImageRead']> = {}): components['schemas']['ImageRead'] {
  const _id = overrides._id ?? '01JIMG000000000000000000001';
  return {
    _id,
    url: `/api/images/${_id}/file`,
    alt: 'Container ships in the harbour',
    isPublic: false,
    tagIds: [],
    filename: 'harbour.png',
    mime: 'image/png',
    width: 320,
    height: 200,
    size: 2048,
    ownerId: aUser._id,
    sourceImageId: null,
    publicCopyId: null,
    canEdit: true,
    createdAt: '2025-02-01T10:00:00Z',
    updatedAt: '2025-02-01T10:00:00Z',
    ...overrides,
  };
}

export function aMaterial(overrides: Partial<components['schemas']['MaterialRead']> = {}): components['schemas']['MaterialRead'] {
  return {
    _id: '01JMAT000000000000000000001',
    projectId: null,
    fileMeta: { filename: '市场营销计划.docx', type: 'docx', size: 37_068, parsedText: '二〇二五年市场营销计划\n第三季度的营收同比增长。' },
    enabled: true,
    tags: [],
    createdAt: '2025-03-01T10:00:00Z',
    updatedAt: '2025-03-01T10:00:00Z',
    ...overrides,
  };
}
