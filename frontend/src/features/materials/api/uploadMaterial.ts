import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadForm } from '@/api/upload';
import { scopedApiPath } from '../scope';
import type { Material } from '../types';
import { materialKeys } from './materialKeys';

/** POST /api/materials (or a project's): one .txt, .md or .docx file as multipart `file`. */
export function useUploadMaterial(projectId?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress?: (fraction: number) => void }) => {
      const form = new FormData();
      form.append('file', file);
      return uploadForm<Material>(scopedApiPath('/api/materials', projectId), form, { onProgress });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: materialKeys.scope(projectId) }),
  });
}
