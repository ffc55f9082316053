/** The part of a `File` the checks read (tests pass plain objects). */
export interface NamedFile {
  name: string;
  type: string;
}

/** The outcome of checking a bulk thumbnail selection against a template (spec §5). */
export type BulkThumbnailCheck<F extends NamedFile> =
  | { ok: true; files: F[] }
  | { ok: false; problem: 'invalidType'; invalidNames: string[] }
  | { ok: false; problem: 'tooMany'; expected: number }
  | { ok: false; problem: 'countMismatch'; count: number; expected: number };

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** Natural order: `2.jpg` before `10.jpg`, `Slide 9` before `slide 10`. */
export function naturalCompare(a: string, b: string): number {
  return collator.compare(a, b);
}

function isJpeg(file: NamedFile): boolean {
  return file.type === 'image/jpeg' || /\.jpe?g$/i.test(file.name);
}

/**
 * Spec §5, in its order: only JPG/JPEG; then sorted by name in natural numeric order; more files
 * than slides is 'too many'; any other count that is not the slide count may not be uploaded.
 * On success `files[i]` is the thumbnail of slide i + 1.
 */
export function checkBulkThumbnails<F extends NamedFile>(files: readonly F[], slideCount: number): BulkThumbnailCheck<F> {
  const invalid = files.filter((file) => !isJpeg(file));
  if (invalid.length > 0) return { ok: false, problem: 'invalidType', invalidNames: invalid.map((file) => file.name) };
  if (files.length > slideCount) return { ok: false, problem: 'tooMany', expected: slideCount };
  if (files.length !== slideCount) return { ok: false, problem: 'countMismatch', count: files.length, expected: slideCount };
  return { ok: true, files: [...files].sort((a, b) => naturalCompare(a.name, b.name)) };
}
