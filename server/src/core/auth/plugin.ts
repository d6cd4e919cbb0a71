import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { PermissionKey } from '@app/contracts';
import type { AppDeps, AuthContext } from '../deps.js';
import { forbidden, unauthorized } from '../errors.js';
import { bearerToken } from './tokens.js';
import { isApiPath, matchedRoute } from '../api-route.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route answers without a token. Every such route is listed in the public-route test. */
    public?: boolean;
    /** The button permission the caller needs, `<module>.<button>`. */
    permission?: PermissionKey;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

/** Documentation pages are public; everything else under /api needs a token unless the route says otherwise. */
const PUBLIC_PREFIXES = ['/api/docs'];

export function isPublicRoute(url: string, config: { public?: boolean }): boolean {
  return config.public === true || PUBLIC_PREFIXES.some((prefix) => url === prefix || url.startsWith(`${prefix}/`));
}

/** Resolves a bearer token to a live session, or null. Used by the hook and by routes that read a token themselves. */
export async function authenticate(deps: AppDeps, request: FastifyRequest): Promise<AuthContext | null> {
  const token = bearerToken(request.headers.authorization);
  if (!token) return null;
  const claims = await deps.tokens.verifyAccess(token);
  if (!claims) return null;
  const session = await deps.sessions.check(claims.sessionId, claims.userId);
  if (!session || session.tenantId !== claims.tenantId) return null;
  return { userId: session.userId, tenantId: session.tenantId, sessionId: session.sessionId, account: session.account };
}

export function registerAuth(app: FastifyInstance, deps: AppDeps): void {
  app.decorateRequest('auth', null);

  app.addHook('onRequest', async (request) => {
    // Decided on the matched route, never the raw URL: `/%61pi/areas/province` is routed to `/api/areas/province`
    // and must be guarded the same. Unmatched requests get a 404 and the web app's static files are outside /api.
    const route = matchedRoute(request);
    if (route === null || !isApiPath(route) || isPublicRoute(route, request.routeOptions.config)) return;
    const auth = await authenticate(deps, request);
    if (!auth) throw unauthorized();
    request.auth = auth;
    // The route's button permission is checked here, before the body is read and validated: a caller without it
    // gets 403 whatever it sends, never a validation message describing the body of a function it may not use.
    const permission = request.routeOptions.config.permission;
    if (!permission) return;
    const grants = await deps.grants.of(auth.tenantId, auth.userId);
    if (!grants.permissions.has(permission)) throw forbidden(permission);
  });
}

/** For handlers of non-public routes: the hook has already proved the caller. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}
