import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError } from '@/api/errors';

/** Document names the backend serves: lowercase words joined by dashes, e.g. `user-manual-en`. */
const DOC_TYPE = /^[a-z0-9][a-z0-9-]{0,63}$/;

export function isValidDocType(docType: string): boolean {
  return DOC_TYPE.test(docType);
}

/** GET /docs/{docType}.md: a markdown file from the docs folder (outside /api, plain text). */
export function documentQueryOptions(docType: string) {
  return queryOptions({
    queryKey: ['docs', docType],
    queryFn: async ({ signal }) => {
      if (!isValidDocType(docType)) throw new ApiError(404, 'not_found', '');
      const response = await fetch(`/docs/${docType}.md`, { signal, headers: { Accept: 'text/markdown' } });
      if (!response.ok) throw new ApiError(response.status, 'not_found', '');
      return response.text();
    },
    retry: false,
    staleTime: 5 * 60 * 1000,
  });
}

export function useDocument(docType: string) {
  return useQuery(documentQueryOptions(docType));
}
