/** The project page's tabs in order; `?tab=` holds the index (spec §2, default 0: Slides). */
export const PROJECT_TABS = ['slides', 'images', 'materials', 'settings'] as const;

export type ProjectTab = (typeof PROJECT_TABS)[number];

/** The address of a project's page open on `tab`, for links from other pages back into it. */
export function projectTabPath(projectId: string, tab: ProjectTab): string {
  const path = `/projects/${encodeURIComponent(projectId)}`;
  const index = PROJECT_TABS.indexOf(tab);
  return index === 0 ? path : `${path}?tab=${index}`;
}
