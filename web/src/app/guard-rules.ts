/** Routes that need no sign-in (meta isAuth false). */
export const PUBLIC_PATHS = ['/login', '/404', '/403', '/500'];

export function isPublicPath(pathname: string): boolean {
  return PUBLIC_PATHS.includes(pathname);
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
  if (isPublicPath(pathname)) return {};
  const target = pathname + search;
  return { redirect: '/login', returnTo: pathname === '/' || pathname === '/lock' ? undefined : target };
}
