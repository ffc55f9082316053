import { useMutation, useQueryClient } from '@tanstack/react-query';
import { uploadForm } from '@/api/upload';
import type { Image } from '../types';
import { imageKeys } from './imageKeys';

export interface ImageUpload {
  file: File;
  /** Blank leaves the server's default: the file name. */
  alt: string;
  tagIds: string[];
  onProgress?: (fraction: number) => void;
}

/** POST /api/images (multipart `image`, `alt`, one `tagIds` field per tag), with upload progress. */
export function useUploadImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, alt, tagIds, onProgress }: ImageUpload) => {
      const form = new FormData();
      form.append('image', file);
      if (alt.trim()) form.append('alt', alt.trim());
      for (const tagId of tagIds) form.append('tagIds', tagId);
      return uploadForm<Image>('/api/images', form, { onProgress });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: imageKeys.all }),
  });
}
