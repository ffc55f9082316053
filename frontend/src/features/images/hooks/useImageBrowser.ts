import { useMemo, useState } from 'react';
import { useImages } from '../api/listImages';
import { useTagOptions } from '../api/listTagOptions';
import type { ImageCollection, VisibleTag } from '../types';
import { useDebouncedValue } from './useDebouncedValue';

/**
 * The state behind a browsable gallery (the /pictures page and the picker): which set is
 * shown, the search words (debounced) and tag filter, the images and the visible tags.
 */
export function useImageBrowser() {
  const [collection, setCollection] = useState<ImageCollection>('mine');
  const [search, setSearch] = useState('');
  const [tagId, setTagId] = useState<string | null>(null);
  const q = useDebouncedValue(search);
  const images = useImages(collection, { q, tagId: tagId ?? undefined });
  const tags = useTagOptions();
  const tagsById = useMemo(() => new Map<string, VisibleTag>((tags.data ?? []).map((tag) => [tag._id, tag])), [tags.data]);
  const filtered = q.trim() !== '' || tagId !== null;
  return { collection, setCollection, search, setSearch, tagId, setTagId, images, tags: tags.data ?? [], tagsById, filtered };
}

export type ImageBrowserState = ReturnType<typeof useImageBrowser>;
