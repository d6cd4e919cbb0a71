import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { isApiRequest } from './api-route.js';

/**
 * Serves the built web app. Paths that are not files and not /api get index.html, so /login and
 * /wel/index load the app (SPA fallback); unknown /api paths get the 404 envelope.
 */
export async function registerWebApp(
  app: FastifyInstance,
  webDist: string | null,
  apiNotFound: (request: FastifyRequest, reply: FastifyReply) => unknown,
): Promise<void> {
  if (webDist) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each asset (web/vite.config.ts); these are sent by Accept-Encoding,
      // with Vary: Accept-Encoding, and the plain file to clients that accept neither.
      preCompressed: true,
      setHeaders(reply, filePath) {
        // Hashed assets never change; index.html always revalidates.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) reply.header('cache-control', 'public, max-age=31536000, immutable');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    if (!webDist || isApiRequest(request) || (request.method !== 'GET' && request.method !== 'HEAD')) return apiNotFound(request, reply);
    // A missing asset (say, from a build newer than this process) is a 404, not the app's HTML.
    if (request.url.startsWith('/assets/')) return reply.status(404).type('text/plain').send('Not found');
    reply.header('cache-control', 'no-cache');
    return reply.sendFile('index.html');
  });
}
