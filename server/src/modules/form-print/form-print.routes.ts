import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { printPdfBody } from '@app/contracts';
import { authOf } from '../../core/auth/plugin.js';
import type { AppDeps } from '../../core/deps.js';
import { AppError } from '../../core/errors.js';
import { langOf } from '../../core/i18n/index.js';
import { requestLimit } from '../../core/rate-limit.js';
import { UserInfoService } from '../account/user-info.service.js';
import type { PdfRenderer } from './pdf-renderer.js';

/** The web app's localStorage keys (web/src/lib/storage.ts StorageKeys). */
const SESSION_KEY = 'app.session';
const LANGUAGE_KEY = 'app.language';

/** Where this server itself answers, as the browser on this machine reaches it; null while not listening. */
export function ownAddress(app: FastifyInstance): string | null {
  const address = app.server.address() as AddressInfo | string | null;
  if (!address || typeof address === 'string') return null;
  // A wildcard or IPv4 listener is reached on the IPv4 loopback; an IPv6-only loopback listener on its own.
  const host = address.address === '::1' ? '[::1]' : '127.0.0.1';
  return `http://${host}:${address.port}`;
}

/** POST /form-print/pdf (docs/form-publishing-design.md "Printing"). */
export function formPrintRoutes(app: FastifyInstance, deps: AppDeps, renderer: PdfRenderer): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const userInfo = new UserInfoService(deps);
  const pdfLimit = requestLimit(deps.config.rateLimits.pdf);

  r.post('/form-print/pdf', {
    // Each PDF is a page rendered by the server's Chromium: limited per address and overall, before the body is read.
    onRequest: pdfLimit,
    schema: {
      tags: ['Forms: printing'],
      summary: "PDF of the web's print view (/form-print/index?…), rendered by headless Chromium signed in as the caller",
      body: printPdfBody,
    },
    handler: async (request, reply) => {
      const auth = authOf(request);
      if (!deps.config.webDist) throw new AppError('formPrint.noWebApp', {}, 503);
      const base = ownAddress(app);
      if (!base) throw new AppError('formPrint.notListening', {}, 503);
      // The caller's own session, with a fresh access token: the page sees exactly what the caller may see, and
      // signing out revokes it like any other token of the session.
      const token = await deps.tokens.signAccess({ userId: auth.userId, tenantId: auth.tenantId, sessionId: auth.sessionId });
      const session = { token, refreshToken: '', flowableToken: token, tokenAt: Date.now(), userInfo: await userInfo.load(auth.tenantId, auth.userId) };
      const pdf = await renderer.pdf(base + request.body.path, { [SESSION_KEY]: JSON.stringify(session), [LANGUAGE_KEY]: langOf(request) });
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', 'attachment; filename="print.pdf"')
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  });
}
