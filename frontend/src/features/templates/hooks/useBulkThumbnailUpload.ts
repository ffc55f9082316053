import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { uploadSlideThumbnail } from '../api/slideThumbnails';
import { templateKeys } from '../api/templateKeys';

/**
 * Uploads checked thumbnails one by one, `files[i]` to slide i + 1 (spec §9: one by one with a
 * 1-based slide number), stopping at the first failure. Resolves true when all went up.
 */
export function useBulkThumbnailUpload(templateId: string) {
  const queryClient = useQueryClient();
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);

  async function upload(files: readonly File[]): Promise<boolean> {
    setProgress({ done: 0, total: files.length });
    try {
      for (const [index, file] of files.entries()) {
        await uploadSlideThumbnail(templateId, index + 1, file);
        setProgress({ done: index + 1, total: files.length });
      }
      return true;
    } catch {
      return false;
    } finally {
      setProgress(null);
      // Even a partial upload changed some thumbnails.
      await queryClient.invalidateQueries({ queryKey: templateKeys.all });
    }
  }

  return { upload, progress, busy: progress !== null };
}
