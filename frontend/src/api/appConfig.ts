import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';

/** GET /api/app/config: the app title, version and AI provider; read by the shell and every AI feature. */
export const appConfigQueryOptions = queryOptions({
  queryKey: ['app', 'config'],
  queryFn: async () => unwrap(await api.GET('/api/app/config')),
  // The configuration changes only with a server restart.
  staleTime: Infinity,
  retry: 1,
});

export function useAppConfig() {
  return useQuery(appConfigQueryOptions);
}

/**
 * What the active AI provider can do. Unknown (still loading, or the config failed) counts as
 * "cannot", so a control is never offered and then refused.
 */
export function useAiCapabilities() {
  const config = useAppConfig().data;
  return {
    canDescribeImages: config?.aiCanDescribeImages ?? false,
    canGenerateImages: config?.aiCanGenerateImages ?? false,
  };
}
