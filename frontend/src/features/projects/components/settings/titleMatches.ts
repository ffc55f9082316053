/** Spec §5: the typed title must match the project's, ignoring case (and surrounding spaces). */
export function titleMatches(typed: string, title: string) {
  return typed.trim().toLocaleLowerCase() === title.trim().toLocaleLowerCase();
}
