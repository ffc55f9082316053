import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import type { components } from '@/api/schema';
import { projectKeys } from './projectKeys';

export type ProjectPreviews = components['schemas']['ProjectPreviews'];
export type SlidePreviewState = components['schemas']['SlidePreviewRead'];

/**
 * How often the list is polled while a slide is being drawn. A one-slide change renders in
 * about a second on a warm server (bench/bench_previews.py), so it shows within ~2 s.
 */
export const PREVIEW_POLL_MS = 700;

/**
 * GET /api/projects/{id}/previews: every slide as the export draws it, polled while any is
 * pending. Saves invalidate it (useEditorSession), which also starts the polling again.
 */
export function projectPreviewsQueryOptions(projectId: string) {
  return queryOptions({
    queryKey: projectKeys.previews(projectId),
    queryFn: async () => unwrap(await api.GET('/api/projects/{project_id}/previews', { params: { path: { project_id: projectId } } })),
    refetchInterval: (query) => ((query.state.data?.pending ?? 0) > 0 ? PREVIEW_POLL_MS : false),
  });
}

export function useProjectPreviews(projectId: string | null) {
  return useQuery({ ...projectPreviewsQueryOptions(projectId ?? ''), enabled: projectId !== null });
}

/** One slide's preview (the editor's cards and rail), sharing the project's single query. */
export function useSlidePreview(projectId: string, slideId: string): SlidePreviewState | undefined {
  return useQuery({
    ...projectPreviewsQueryOptions(projectId),
    select: (data) => data.slides.find((slide) => slide.slideId === slideId),
  }).data;
}

export type ChoicePreview = components['schemas']['ChoicePreviewRead'];
/** The most candidates one request may hold (the server's limit): a longer template's later
 * slides keep their thumbnails. */
export const MAX_CHOICE_PREVIEWS = 60;
type SlideIn = components['schemas']['SlideIn'];

/**
 * POST /api/projects/{id}/previews/choices: the slide drawn on each template slide a picker
 * offers (`candidates`, one per option), asked again while any is being drawn. Nothing is
 * saved; a pick then shows its picture at once (same content). `null`: nothing to ask.
 */
export function useChoicePreviews(projectId: string, candidates: SlideIn[] | null): ChoicePreview[] | undefined {
  return useQuery({
    queryKey: projectKeys.choicePreviews(projectId, candidates),
    queryFn: async () =>
      unwrap(
        await api.POST('/api/projects/{project_id}/previews/choices', {
          params: { path: { project_id: projectId } },
          body: { slides: candidates ?? [] },
        }),
      ),
    enabled: candidates !== null && candidates.length > 0,
    refetchInterval: (query) => ((query.state.data?.pending ?? 0) > 0 ? PREVIEW_POLL_MS : false),
    staleTime: Infinity, // a picture of given content never changes
    retry: false, // a refused candidate says why once; the thumbnails stay meanwhile
  }).data?.slides;
}
