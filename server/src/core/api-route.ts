import type { FastifyRequest } from 'fastify';

export const isApiPath = (path: string) => path === '/api' || path.startsWith('/api/');

/**
 * The pattern of the route the request matched (`/api/areas/:id`), or null when none did. Security and logging
 * decide on this, never on the raw URL: the router decodes the path, so `/%61pi/areas/province` reaches the same
 * handler as `/api/areas/province` while its raw URL does not start with `/api`.
 */
export function matchedRoute(request: FastifyRequest): string | null {
  return request.is404 ? null : (request.routeOptions.url ?? null);
}

/**
 * Whether the request belongs to the API: by its matched route, or, when nothing matched, by its decoded path
 * (so an unknown `/%61pi/x` is an API 404, logged like `/api/x`).
 */
export function isApiRequest(request: FastifyRequest): boolean {
  const route = matchedRoute(request);
  if (route !== null) return isApiPath(route);
  const path = request.url.split('?')[0] ?? '';
  try {
    return isApiPath(decodeURIComponent(path));
  } catch {
    return isApiPath(path);
  }
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A probe or scrape (health, metrics): no request log line, no operation log, not in the request metrics. A load
     * balancer asks every few seconds; those lines and series would bury the real traffic.
     */
    quiet?: boolean;
  }
}

/** Whether the matched route is a quiet one (an unmatched request never is). */
export function isQuietRoute(request: FastifyRequest): boolean {
  return matchedRoute(request) !== null && request.routeOptions.config.quiet === true;
}
