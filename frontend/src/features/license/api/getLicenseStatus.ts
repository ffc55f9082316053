import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/api/client';

export const licenseStatusQueryOptions = queryOptions({
  queryKey: ['license', 'status'],
  queryFn: async () => unwrap(await api.GET('/api/license/status')),
  // 404 license_unavailable is an answer, not a glitch: show it at once.
  retry: false,
});

export function useLicenseStatus(enabled: boolean) {
  return useQuery({ ...licenseStatusQueryOptions, enabled });
}
