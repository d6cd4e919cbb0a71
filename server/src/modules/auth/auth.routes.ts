import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  emptyData,
  envelope,
  loginBody,
  loginResult,
  phoneLoginBody,
  phoneParams,
  refreshBody,
  refreshResult,
  tenantCheck,
  tenantCodeParams,
} from '@app/contracts';
import { ok } from '../../core/envelope.js';
import { authenticate } from '../../core/auth/plugin.js';
import type { AppDeps } from '../../core/deps.js';
import { requestLimit } from '../../core/rate-limit.js';
import type { AuthService } from './auth.service.js';

const clientOf = (request: FastifyRequest) => ({ ip: request.ip, userAgent: String(request.headers['user-agent'] ?? '') });

export function authRoutes(app: FastifyInstance, service: AuthService, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Sign-in'];
  // One budget for both ways of signing in, one for sending codes (docs/security-hardening.md, "Sign-in").
  const signInLimit = requestLimit(deps.config.rateLimits.signIn);
  const smsLimit = requestLimit(deps.config.rateLimits.sms);

  r.post('/login', {
    config: { public: true },
    onRequest: signInLimit,
    schema: { tags, summary: 'Sign in with account and password (MD5 hex)', body: loginBody, response: { 200: envelope(loginResult) } },
    handler: async (request) => ok(request, await service.login(request.body, clientOf(request)), 'auth.loginSuccess'),
  });

  r.post('/login/phone', {
    config: { public: true },
    onRequest: signInLimit,
    schema: { tags, summary: 'Sign in with a mobile number and SMS code', body: phoneLoginBody, response: { 200: envelope(loginResult) } },
    handler: async (request) => ok(request, await service.phoneLogin(request.body, clientOf(request)), 'auth.loginSuccess'),
  });

  r.get('/login/send/:phone', {
    config: { public: true },
    onRequest: smsLimit,
    schema: {
      tags,
      summary: 'Send an SMS sign-in code (one a minute per phone; the same answer for unregistered numbers, which get none)',
      params: phoneParams,
      querystring: z.object({ code: z.string().trim().max(64).optional().default('') }),
      response: { 200: envelope(emptyData) },
    },
    handler: async (request) => {
      await service.sendPhoneCode(request.params.phone, request.query.code);
      return ok(request, null, 'auth.smsSent');
    },
  });

  r.get('/login/:id', {
    config: { public: true },
    schema: { tags, summary: 'Validate a tenant code', params: tenantCodeParams, response: { 200: envelope(tenantCheck) } },
    handler: async (request) => {
      const tenant = await service.checkTenant(request.params.id);
      return ok(request, { F_TenantId: tenant.id, F_Code: tenant.code, F_Name: tenant.name });
    },
  });

  // Public so an expired access token can still be exchanged with the refresh token; it checks the tokens itself.
  r.post('/user/refesh', {
    config: { public: true },
    schema: { tags, summary: 'New access token (rotates the refresh token)', body: refreshBody, response: { 200: envelope(refreshResult) } },
    handler: async (request) => ok(request, await service.refresh(request.body?.refreshToken, await authenticate(deps, request))),
  });

  // Public because the original client may call it without a token; with one, the session is revoked.
  for (const method of ['GET', 'POST'] as const) {
    r.route({
      method,
      url: '/user/logout',
      config: { public: true },
      schema: { tags, summary: 'Sign out: the session and its tokens are revoked', response: { 200: envelope(emptyData) } },
      handler: async (request) => {
        await service.logout(await authenticate(deps, request));
        return ok(request, null, 'auth.loggedOut');
      },
    });
  }
}
