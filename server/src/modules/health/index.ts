import type { FastifyReply, FastifyRequest } from 'fastify';
import { failure, ok } from '../../core/envelope.js';
import { langOf, type MessageKey } from '../../core/i18n/index.js';
import { checkDatabase, checkMetricsCaller } from './health.checks.js';
import { defineModule } from '../../core/module.js';
import { messages } from './messages.js';

/** Like every other code, this one follows the HTTP status it travels with. */
const UNAVAILABLE = 10503;

/**
 * Public (no user token), quiet (no request log, operation log or request metrics: probes come every few seconds)
 * and hidden from the OpenAPI document (they are for the platform's operators, not API clients).
 */
const routeOptions = { config: { public: true, quiet: true }, schema: { hide: true } } as const;

type Health = { status: 'ok' } | { status: 'unavailable'; reason: 'database' | 'shutting-down' };

function unavailable(request: FastifyRequest, reply: FastifyReply, reason: 'database' | 'shutting-down', key: MessageKey) {
  const data: Health = { status: 'unavailable', reason };
  return reply
    .code(503)
    .header('cache-control', 'no-store')
    .send(failure(langOf(request), UNAVAILABLE, key, {}, data));
}

/**
 * Liveness, readiness and Prometheus metrics (docs/security-hardening.md, "Health and metrics"). Health answers keep
 * the envelope like every /api answer; probes read only the status code.
 */
export default defineModule({
  name: 'health',
  messages,
  routes: async (app, deps) => {
    // From the start of close() on, a load balancer must stop sending new work here while open requests finish.
    let closing = false;
    app.addHook('preClose', async () => {
      closing = true;
    });

    // Liveness: the process answers. No database: a database outage must not make the orchestrator restart every server.
    app.get('/health/live', routeOptions, async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return ok<Health>(request, { status: 'ok' }, 'health.ok');
    });

    // Readiness: this server can do its work now, i.e. the platform database answers.
    app.get('/health/ready', routeOptions, async (request, reply) => {
      if (closing) return unavailable(request, reply, 'shutting-down', 'health.shuttingDown');
      try {
        await checkDatabase(deps.db);
      } catch (err) {
        // The only line a failed probe leaves (quiet routes have no request log line): operators need the reason.
        request.log.warn({ err }, 'readiness: the platform database does not answer');
        return unavailable(request, reply, 'database', 'health.databaseDown');
      }
      reply.header('cache-control', 'no-store');
      return ok<Health>(request, { status: 'ok' }, 'health.ok');
    });

    app.get('/metrics', routeOptions, async (request, reply) => {
      checkMetricsCaller(request, deps.config.metricsToken);
      const text = await deps.metrics.text();
      return reply.type(deps.metrics.contentType()).header('cache-control', 'no-store').send(text);
    });
  },
});
