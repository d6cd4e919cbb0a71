import { vi } from 'vitest';

/** A handler's answer that becomes an error envelope (the server's msg with a non-success code). */
export class Fail {
  constructor(
    readonly msg: string,
    readonly code = 10400,
  ) {}
}

type Handler = (url: URL, body: unknown) => unknown;
export interface Call {
  method: string;
  path: string;
  url: URL;
  body: unknown;
  headers?: Record<string, string>;
}

/**
 * Like test/helpers stubApi, but a handler may answer `new Fail(msg)`: the error envelope the server sends for a
 * refused query, so the screens' inline error display is exercised through the real api client.
 */
export function stubData(routes: [RegExp, Handler][]): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://localhost');
      const method = init.method ?? 'GET';
      const path = url.pathname.replace(/^\/api/, '');
      const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ method, path, url, body, headers: { ...(init.headers as Record<string, string> | undefined) } });
      const route = routes.find(([re]) => re.test(`${method} ${path}`));
      const answer = route ? route[1](url, body) : new Fail(`no stub for ${method} ${path}`, 10404);
      const envelope =
        answer instanceof Fail ? { code: answer.code, success: false, data: null, msg: answer.msg } : { code: 200, success: true, data: answer, msg: '' };
      return new Response(JSON.stringify(envelope), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}
