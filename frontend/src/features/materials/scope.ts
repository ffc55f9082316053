/**
 * Materials live in the caller's general library or in one project (spec §2 'Materials
 * (general and project)'). Every component and hook of this feature takes an optional
 * `projectId`: absent means the library. The project's API mirrors the library's under
 * /api/projects/{id}/materials with the same bodies and answers (spec §7).
 */

type LibraryPath =
  | '/api/materials'
  | '/api/materials/text'
  | '/api/materials/search'
  | '/api/materials/{material_id}'
  | '/api/materials/{material_id}/toggle-enabled';

/**
 * The API path of `path` in the scope. A project's id is written into the path, so the call
 * keeps the library path's types (identical shapes) while going to the project's endpoint.
 */
export function scopedApiPath<P extends LibraryPath>(path: P, projectId?: string): P {
  if (!projectId) return path;
  return path.replace('/api/materials', `/api/projects/${encodeURIComponent(projectId)}/materials`) as P;
}

/** The app route of the materials list in the scope (/materials or /projects/{id}/materials). */
export function materialsRoute(projectId?: string): string {
  return projectId ? `/projects/${encodeURIComponent(projectId)}/materials` : '/materials';
}

export function materialRoute(materialId: string, projectId?: string): string {
  return `${materialsRoute(projectId)}/${encodeURIComponent(materialId)}`;
}

export function materialSearchRoute(query: string, projectId?: string): string {
  return `${materialsRoute(projectId)}/search?${new URLSearchParams({ q: query }).toString()}`;
}

/**
 * The project a materials page belongs to. Its page (the Materials tab) is where Back and the
 * detail page's Delete lead; the projects feature owns that address, so the route passes it,
 * with the title once loaded.
 */
export interface ProjectRef {
  id: string;
  href: string;
  title?: string;
}

/** Where Back leads from a search or detail page: the project's Materials tab, or /materials. */
export function listHref(project?: ProjectRef): string {
  return project?.href ?? materialsRoute();
}

/**
 * In a project, a material linked from the library rather than uploaded into the project:
 * removing it only unlinks it (the server keeps it in the library).
 */
export function isLinkedInto(material: { projectId?: string | null }, projectId?: string): boolean {
  return Boolean(projectId) && material.projectId !== projectId;
}
