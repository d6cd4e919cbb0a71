import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isApiRequest, isQuietRoute } from './api-route.js';

/**
 * One line per answered API request, with the ModuleId header the web sends (the menu entry in use); `onAnswered`
 * (the operation log) sees every answered /api request and must not throw or wait. Quiet routes (health probes,
 * metrics scrapes) leave neither.
 */
export function registerRequestLog(app: FastifyInstance, onAnswered: (request: FastifyRequest, reply: FastifyReply) => void = () => {}): void {
  app.addHook('onResponse', async (request, reply) => {
    // By the matched route, so every spelling of an API address that reaches a handler leaves its line.
    if (!isApiRequest(request) || isQuietRoute(request)) return;
    try {
      onAnswered(request, reply);
    } catch (err) {
      request.log.warn({ err }, 'operation log not written');
    }
    const moduleId = request.headers.moduleid;
    request.log.info(
      {
        method: request.method,
        url: request.url,
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
        moduleId: Array.isArray(moduleId) ? moduleId[0] : (moduleId ?? null),
        userId: request.auth?.userId ?? null,
        tenantId: request.auth?.tenantId ?? null,
      },
      'request',
    );
  });
}
