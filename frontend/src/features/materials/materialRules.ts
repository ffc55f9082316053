/** Spec §5 and §9: one file at a time, of type .txt, .md or .docx. */
export const MATERIAL_EXTENSIONS = ['.txt', '.md', '.docx'] as const;
export const MATERIAL_ACCEPT = MATERIAL_EXTENSIONS.join(',');

export type MaterialUploadCheck = { ok: true; file: File } | { ok: false; problem: 'oneFile' | 'wrongType' };

/** Checks the chosen files before anything is sent; the server checks the contents again. */
export function checkMaterialUpload(files: readonly File[]): MaterialUploadCheck {
  if (files.length !== 1) return { ok: false, problem: 'oneFile' };
  const [file] = files as [File];
  const name = file.name.toLowerCase();
  if (!MATERIAL_EXTENSIONS.some((extension) => name.endsWith(extension))) return { ok: false, problem: 'wrongType' };
  return { ok: true, file };
}

/** Spec §2 'Material detail': the size in KB, one decimal, never "0 KB" for a non-empty file. */
export function sizeInKb(bytes: number): number {
  if (bytes <= 0) return 0;
  return Math.max(0.1, Math.round((bytes / 1024) * 10) / 10);
}
