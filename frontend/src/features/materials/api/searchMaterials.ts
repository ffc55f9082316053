import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';
import { scopedApiPath } from '../scope';
import type { MaterialSearchResult } from '../types';
import { materialKeys } from './materialKeys';

/** Results per page; `total` still counts every match. */
export const SEARCH_PAGE_SIZE = 20;

/**
 * POST /api/materials/search (or a project's), a page at a time: the matches, newest first,
 * with the query's positions in each filename and a snippet around the first hit. A blank
 * query is not sent.
 */
export function materialSearchQueryOptions(query: string, projectId?: string) {
  const trimmed = query.trim();
  return infiniteQueryOptions({
    queryKey: materialKeys.search(trimmed, projectId),
    queryFn: async ({ pageParam }) =>
      unwrap(
        await api.POST(scopedApiPath('/api/materials/search', projectId), {
          body: { query: trimmed, limit: SEARCH_PAGE_SIZE, offset: pageParam },
        }),
      ),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((count, page) => count + page.results.length, 0);
      return loaded < last.total && last.results.length > 0 ? loaded : undefined;
    },
    enabled: trimmed !== '',
    placeholderData: keepPreviousData,
  });
}

/** The search with every loaded page's results joined, and the total match count. */
export function useMaterialSearch(query: string, projectId?: string) {
  const search = useInfiniteQuery(materialSearchQueryOptions(query, projectId));
  const pages = search.data?.pages ?? [];
  const results: MaterialSearchResult[] = pages.flatMap((page) => page.results);
  return { ...search, results, total: pages[0]?.total ?? 0, query: pages[0]?.query ?? query.trim() };
}
