/** A published page's address: the menu entry's url (`/form-publish/<relationId>`) with the shell's `/index`. */
export const PUBLISHED_PREFIX = '/form-publish/';
export const publishedPath = (relationId: string) => `${PUBLISHED_PREFIX}${encodeURIComponent(relationId)}/index`;
/** The relation id of a published page's pathname, or undefined. */
export function relationIdOf(pathname: string): string | undefined {
  const m = /^\/form-publish\/([^/]+)\/index$/.exec(pathname);
  return m ? decodeURIComponent(m[1]) : undefined;
}
