import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import type { components } from '@/api/schema';
import { projectKeys } from './projectKeys';

type Schemas = components['schemas'];
export type Recommendation = Schemas['Recommendation'];
export type OutlineSuggestion = Schemas['OutlineSuggestion'];
export type OutlineEdit = Schemas['OutlineEditsSuggestion']['edits'][number];

/** POST /api/projects/recommend-slideshow: title, template and slide count from a description. */
export async function recommendSlideshow(body: Schemas['RecommendSlideshowRequest']) {
  return unwrap(await api.POST('/api/projects/recommend-slideshow', { body }));
}

/** GET /api/projects/{id}/suggest-outline: suggested slides; nothing is saved. */
export async function suggestOutline(projectId: string, query: { lang?: 'en' | 'zh-CN' | 'zh-HK'; instruction?: string; materialId?: string }) {
  return unwrap(await api.GET('/api/projects/{project_id}/suggest-outline', { params: { path: { project_id: projectId }, query } }));
}

/** POST /api/projects/{id}/suggest-outline-edits: edits for review, following an instruction. */
export async function suggestOutlineEdits(projectId: string, instruction: string) {
  return unwrap(await api.POST('/api/projects/{project_id}/suggest-outline-edits', { params: { path: { project_id: projectId } }, body: { instruction } }));
}

/** GET /api/materials: the caller's library, to pick one as the outline. */
export const libraryMaterialsQueryOptions = queryOptions({
  queryKey: [...projectKeys.all, 'library-materials'] as const,
  queryFn: async () => unwrap(await api.GET('/api/materials')),
});

export function useLibraryMaterials(enabled: boolean) {
  return useQuery({ ...libraryMaterialsQueryOptions, enabled });
}
