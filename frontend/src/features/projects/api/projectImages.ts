import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { projectKeys } from './projectKeys';

/** GET /api/projects/{id}/images: the gallery images linked to the project. */
export function projectImagesQueryOptions(projectId: string) {
  return queryOptions({
    queryKey: projectKeys.images(projectId),
    queryFn: async () => unwrap(await api.GET('/api/projects/{project_id}/images', { params: { path: { project_id: projectId } } })),
  });
}

export function useProjectImages(projectId: string) {
  return useQuery(projectImagesQueryOptions(projectId));
}

/** POST /api/projects/{id}/images/{imageId} with scope `auto`; linking twice is harmless. */
export function useLinkProjectImage(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (imageId: string) =>
      unwrap(
        await api.POST('/api/projects/{project_id}/images/{image_id}', {
          params: { path: { project_id: projectId, image_id: imageId } },
          body: { scope: 'auto' },
        }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: projectKeys.images(projectId) }),
  });
}

/** DELETE /api/projects/{id}/images/{imageId}: the image stays in the gallery. */
export function useUnlinkProjectImage(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (imageId: string) => {
      await api.DELETE('/api/projects/{project_id}/images/{image_id}', { params: { path: { project_id: projectId, image_id: imageId } } });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: projectKeys.images(projectId) }),
  });
}
