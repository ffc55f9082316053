import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import type { components } from '@/api/schema';
import { assistantQuery, type AiCallOptions } from '@/components/ai/aiCall';
import { projectKeys } from './projectKeys';

type Schemas = components['schemas'];
export type Recommendation = Schemas['Recommendation'];
export type OutlineSuggestion = Schemas['OutlineSuggestion'];
export type OutlineEdit = Schemas['OutlineEditsSuggestion']['edits'][number];

/**
 * The AI operations below take `AiCallOptions` last: `assistant: 'offline'` has the offline
 * assistant answer instead of the model (after a model failure), `signal` cancels the request.
 */

/** POST /api/projects/recommend-slideshow: title, template and slide count from a description. */
export async function recommendSlideshow(body: Schemas['RecommendSlideshowRequest'], options: AiCallOptions = {}) {
  return unwrap(await api.POST('/api/projects/recommend-slideshow', { body, params: { query: assistantQuery(options) }, signal: options.signal }));
}

/** GET /api/projects/{id}/suggest-outline: suggested slides; nothing is saved. */
export async function suggestOutline(projectId: string, query: { lang?: 'en' | 'zh-CN' | 'zh-HK'; instruction?: string; materialId?: string }, options: AiCallOptions = {}) {
  return unwrap(
    await api.GET('/api/projects/{project_id}/suggest-outline', { params: { path: { project_id: projectId }, query: { ...query, ...assistantQuery(options) } }, signal: options.signal }),
  );
}

/** POST /api/projects/{id}/suggest-outline-edits: edits for review, following an instruction. */
export async function suggestOutlineEdits(projectId: string, instruction: string, options: AiCallOptions = {}) {
  return unwrap(
    await api.POST('/api/projects/{project_id}/suggest-outline-edits', {
      params: { path: { project_id: projectId }, query: assistantQuery(options) },
      body: { instruction },
      signal: options.signal,
    }),
  );
}

/**
 * The materials that can serve as the outline: the project's own and linked ones first (what
 * the user just added there), then the rest of their library. GET /api/projects/{id}/materials
 * and GET /api/materials.
 */
export function outlineMaterialsQueryOptions(projectId: string) {
  return queryOptions({
    queryKey: [...projectKeys.all, 'outline-materials', projectId] as const,
    queryFn: async () => {
      const [project, library] = await Promise.all([
        api.GET('/api/projects/{project_id}/materials', { params: { path: { project_id: projectId } } }).then(unwrap),
        api.GET('/api/materials').then(unwrap),
      ]);
      const seen = new Set(project.map((material) => material._id));
      return [...project, ...library.filter((material) => !seen.has(material._id))];
    },
  });
}

export function useOutlineMaterials(projectId: string, enabled: boolean) {
  return useQuery({ ...outlineMaterialsQueryOptions(projectId), enabled });
}

export type SlideDataSuggestion = Schemas['SlideDataSuggestion'];
export type TemplateSlideSuggestion = Schemas['TemplateSlideSuggestion'];
export type ElementValueSuggestion = Schemas['ElementValueRead'];
export type SlideDescriptionSuggestion = Schemas['SlideDescriptionSuggestion'];
export type SkippedElement = Schemas['SkippedElement'];
export type ValueSource = Schemas['ValueSource'];

const projectPath = (projectId: string) => ({ path: { project_id: projectId } });
const aiParams = (projectId: string, options: AiCallOptions) => ({ path: { project_id: projectId }, query: assistantQuery(options) });

/** POST /api/projects/{id}/apply-outline-edits: the reviewed edits as one versioned update. */
export async function applyOutlineEdits(projectId: string, version: number, edits: OutlineEdit[]) {
  return unwrap(await api.POST('/api/projects/{project_id}/apply-outline-edits', { params: projectPath(projectId), body: { version, edits } }));
}

/** POST /api/projects/{id}/generate-slide-data: values for a slide's unlocked elements, and notes. */
export async function generateSlideData(projectId: string, slideIndex: number, instruction = '', options: AiCallOptions = {}) {
  return unwrap(await api.POST('/api/projects/{project_id}/generate-slide-data', { params: aiParams(projectId, options), body: { slideIndex, instruction }, signal: options.signal }));
}

/** POST /api/projects/{id}/suggest-template-slide-number: a template slide for a slide, with a reason. */
export async function suggestTemplateSlideNumber(projectId: string, slideIndex: number, options: AiCallOptions = {}) {
  return unwrap(await api.POST('/api/projects/{project_id}/suggest-template-slide-number', { params: aiParams(projectId, options), body: { slideIndex }, signal: options.signal }));
}

/** POST /api/projects/{id}/slides/{i}/suggest-slide-element-value: one element, following an instruction. */
export async function suggestSlideElementValue(projectId: string, slideIndex: number, elementName: string, instruction: string, options: AiCallOptions = {}) {
  return unwrap(
    await api.POST('/api/projects/{project_id}/slides/{slide_index}/suggest-slide-element-value', {
      params: { path: { project_id: projectId, slide_index: slideIndex }, query: assistantQuery(options) },
      body: { elementName, instruction },
      signal: options.signal,
    }),
  );
}

/** POST /api/projects/{id}/batch-recommend-slide-descriptions: descriptions for several slides, one AI call. */
export async function recommendSlideDescriptions(projectId: string, slideIndices: number[], options: AiCallOptions = {}) {
  return unwrap(
    await api.POST('/api/projects/{project_id}/batch-recommend-slide-descriptions', { params: aiParams(projectId, options), body: { slideIndices }, signal: options.signal }),
  );
}

/** POST /api/projects/{id}/recommend-slide-description: one slide's description, fitting its place in the deck. */
export async function recommendSlideDescription(projectId: string, slideIndex: number, options: AiCallOptions = {}) {
  return unwrap(await api.POST('/api/projects/{project_id}/recommend-slide-description', { params: aiParams(projectId, options), body: { slideIndex }, signal: options.signal }));
}
