/** Material queries per scope (the library or one project), so a mutation refreshes only its scope. */
export const materialKeys = {
  all: ['materials'] as const,
  scope: (projectId?: string) => [...materialKeys.all, projectId ?? 'library'] as const,
  list: (projectId?: string) => [...materialKeys.scope(projectId), 'list'] as const,
  detail: (materialId: string, projectId?: string) => [...materialKeys.scope(projectId), 'detail', materialId] as const,
  search: (query: string, projectId?: string) => [...materialKeys.scope(projectId), 'search', query] as const,
  tagOptions: () => [...materialKeys.all, 'tagOptions'] as const,
};
