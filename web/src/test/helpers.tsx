import type { ReactNode } from 'react';
import { App } from 'antd';
import { StyleProvider } from '@ant-design/cssinjs';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import '../lib/i18n';

/** Renders inside antd <App> and a fresh query client. */
export function renderWithApp(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 0 }, mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      {/* Styles are collected as on a server instead of injected: jsdom matches every injected rule's selector on
          each getComputedStyle call (Testing Library's role queries make many), which made screens 5x slower. */}
      <StyleProvider mock="server">
        <App>{ui}</App>
      </StyleProvider>
    </QueryClientProvider>,
  );
}

type Handler = (url: URL, init: RequestInit) => unknown;

/** Stubs fetch: the first route whose pattern matches `METHOD path` answers { code: 200, data }. Records every call. */
export function stubApi(routes: [RegExp, Handler][]) {
  const calls: { method: string; path: string; url: URL; body: unknown }[] = [];
  const fn = vi.fn(async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://localhost');
    const method = init.method ?? 'GET';
    const path = url.pathname.replace(/^\/api/, '');
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, path, url, body });
    const route = routes.find(([re]) => re.test(`${method} ${path}`));
    if (!route) return new Response(JSON.stringify({ code: 10404, success: false, data: null, msg: `no stub for ${method} ${path}` }), { status: 404 });
    const data = route[1](url, init);
    return new Response(JSON.stringify({ code: 200, success: true, data, msg: '' }), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fn);
  return calls;
}
