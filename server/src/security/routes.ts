import type { RouteInfo } from '../app.js';
import type { TestApp } from '../test/harness.js';

/** Every /api route the security tables must classify (documentation pages and HEAD twins aside). */
export function apiRoutes(t: TestApp): RouteInfo[] {
  return t.routeTable.filter((r) => r.method !== 'HEAD' && r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'));
}

/** "GET /api/users/:id": the key of a route in the tables. */
export const routeKey = (route: { method: string; url: string }) => `${route.method} ${route.url}`;

/** A URL for a route pattern with placeholder path parameters. */
export const placeholderUrl = (url: string, value = 'x') => url.replace(/:(\w+)/g, value).replace('*', value);

/** Runs `work` over the items with at most `concurrency` at a time. */
export async function inBatches<T>(items: T[], concurrency: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}
