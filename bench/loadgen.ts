import http from 'node:http';

export interface LoadResult {
  requests: number;
  seconds: number;
  rps: number;
  p50: number;
  p95: number;
  errors: number;
}

/** A small closed-loop load generator: `concurrency` keep-alive clients, each sending the next request when the last answered. */
export async function load(url: string, options: { seconds: number; concurrency: number; headers?: Record<string, string> }): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.concurrency });
  const target = new URL(url);
  const latencies: number[] = [];
  let errors = 0;
  const deadline = performance.now() + options.seconds * 1000;
  const once = () =>
    new Promise<void>((resolve) => {
      const start = performance.now();
      const req = http.request({ agent, host: target.hostname, port: target.port, path: target.pathname + target.search, headers: options.headers }, (res) => {
        res.resume();
        res.on('end', () => {
          if (res.statusCode !== 200) errors++;
          latencies.push(performance.now() - start);
          resolve();
        });
      });
      req.on('error', () => {
        errors++;
        resolve();
      });
      req.end();
    });
  const started = performance.now();
  await Promise.all(
    Array.from({ length: options.concurrency }, async () => {
      while (performance.now() < deadline) await once();
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const pick = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return { requests: latencies.length, seconds, rps: latencies.length / seconds, p50: pick(0.5), p95: pick(0.95), errors };
}
