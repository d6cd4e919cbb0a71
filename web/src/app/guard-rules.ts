/** Routes that need no sign-in (meta isAuth false). */
export const PUBLIC_PATHS = ['/login', '/404', '/403', '/500'];

/**
 * Pages a share link opens without sign-in: one report's frame (`/report-frame/<reportId>`) and its print view (the
 * server's PDF of a shared report), only with the link's `share` token in the address. Nothing under them, nothing
 * beside them: a signed-out visit to any other report page still goes to the sign-in page.
 */
const SHARED_PATHS = [/^\/report-frame\/[^/]+$/, /^\/report-print\/[^/]+$/];

export function isPublicPath(pathname: string, search = ''): boolean {
  if (PUBLIC_PATHS.includes(pathname)) return true;
  return SHARED_PATHS.some((re) => re.test(pathname)) && !!new URLSearchParams(search).get('share');
}

export interface GuardDecision {
  redirect?: string;
  /** Set when the target must be remembered for after sign-in. */
  returnTo?: string;
}

/** Spec 2.2 route guard, as a pure function. */
export function guardDecision(pathname: string, search: string, hasToken: boolean, locked: boolean): GuardDecision {
  if (hasToken) {
    if (locked && pathname !== '/lock') return { redirect: '/lock' };
    if (!locked && pathname === '/lock') return { redirect: '/' };
    if (pathname === '/login') return { redirect: '/' };
    return {};
  }
  if (isPublicPath(pathname, search)) return {};
  const target = pathname + search;
  return { redirect: '/login', returnTo: pathname === '/' || pathname === '/lock' ? undefined : target };
}
