import type { FastifyInstance } from 'fastify';

/** One line per answered API request, with the ModuleId header the web sends (the menu entry in use). */
export function registerRequestLog(app: FastifyInstance): void {
  app.addHook('onResponse', async (request, reply) => {
    if (!request.url.startsWith('/api')) return;
    const moduleId = request.headers.moduleid;
    request.log.info(
      {
        method: request.method,
        url: request.url,
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
        moduleId: Array.isArray(moduleId) ? moduleId[0] : moduleId ?? null,
        userId: request.auth?.userId ?? null,
        tenantId: request.auth?.tenantId ?? null,
      },
      'request',
    );
  });
}
