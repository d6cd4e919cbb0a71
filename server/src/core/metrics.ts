import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { isQuietRoute, matchedRoute } from './api-route.js';
import type { PoolStats } from './db/connect.js';

/** Label of requests that matched no route: one series for every unknown address, never the address itself. */
export const UNMATCHED_ROUTE = 'unmatched';

export type WorkflowAction = 'create_process' | 'task_handle';

/**
 * Process metrics (CPU, memory, event loop, GC) describe the Node process, not one app, so they live in one registry
 * per process, made on the first scrape: test files build many apps, and each collectDefaultMetrics call starts
 * event-loop and GC observers that are never stopped.
 */
let processRegistry: Registry | null = null;
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/**
 * This app's own metrics, in a registry per app instance (never prom-client's global one), so that several apps in
 * one test process neither collide on names nor count each other's requests.
 */
export class AppMetrics {
  readonly registry = new Registry();
  private readonly requests: Counter<'method' | 'route' | 'status'>;
  private readonly durations: Histogram<'method' | 'route'>;
  private readonly workflow: Counter<'action'>;

  constructor(sources: { poolStats: () => PoolStats; sseClients: () => number }) {
    const registers = [this.registry];
    this.requests = new Counter({
      name: 'http_requests_total',
      help: 'Answered HTTP requests by method, matched route pattern and status',
      labelNames: ['method', 'route', 'status'],
      registers,
    });
    this.durations = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time to answer an HTTP request, by method and matched route pattern',
      labelNames: ['method', 'route'],
      registers,
    });
    this.workflow = new Counter({
      name: 'workflow_approvals_total',
      help: 'Workflow launches (create_process) and task handlings (task_handle) that completed (retCode 0)',
      labelNames: ['action'],
      registers,
    });
    // Gauges read their source at scrape time: nothing to keep in step between scrapes.
    const poolGauge = (name: string, help: string, read: (stats: PoolStats) => number) =>
      new Gauge({
        name,
        help,
        registers,
        collect() {
          this.set(read(sources.poolStats()));
        },
      });
    poolGauge('db_pool_max_connections', 'Connections the platform database pool may open (1 on embedded PGlite)', (s) => s.max);
    poolGauge('db_pool_open_connections', 'Connections to the platform database currently open', (s) => s.open);
    poolGauge('db_pool_idle_connections', 'Open connections to the platform database not in use', (s) => s.idle);
    poolGauge('db_pool_waiting_requests', 'Queries and transactions waiting for a platform database connection', (s) => s.waiting);
    new Gauge({
      name: 'sse_clients',
      help: 'Open server-sent-event streams (message push) in this process',
      registers,
      collect() {
        this.set(sources.sseClients());
      },
    });
  }

  /** After the action's transaction committed; retCode 1 and 2 changed nothing and are not counted. */
  workflowDone(action: WorkflowAction, result: { retCode: number }): void {
    if (result.retCode === 0) this.workflow.inc({ action });
  }

  observe(request: FastifyRequest, status: number, seconds: number): void {
    // The matched pattern (`/api/news/:id`), never the raw URL: ids and random 404 addresses would make every
    // request a new series.
    const route = matchedRoute(request) ?? UNMATCHED_ROUTE;
    this.requests.inc({ method: request.method, route, status: String(status) });
    this.durations.observe({ method: request.method, route }, seconds);
  }

  contentType(): string {
    return this.registry.contentType;
  }

  /** The Prometheus text of the process metrics and this app's. */
  async text(): Promise<string> {
    return Registry.merge([processMetrics(), this.registry]).metrics();
  }
}

/** Counts every answered request except probes and scrapes (quiet routes), which would only measure the monitoring. */
export function registerRequestMetrics(app: FastifyInstance, metrics: AppMetrics): void {
  app.addHook('onResponse', async (request, reply) => {
    if (isQuietRoute(request)) return;
    metrics.observe(request, reply.statusCode, reply.elapsedTime / 1000);
  });
}
