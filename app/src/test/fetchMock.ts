import { vi } from 'vitest';

export interface Call {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
  cache?: RequestCache;
  /** The URL's query (routes match without it). */
  query: URLSearchParams;
}

type Answer = { status?: number; body?: unknown };
/** An answer, or a function of the call giving one (a promise of it: an answer that takes its time). */
type Reply = Answer | ((call: Call) => Answer | Promise<Answer>);

/**
 * Replaces global fetch. Routes are "METHOD /api/path" (query string ignored); a route's
 * replies are used in order, the last one repeats. Every call is recorded.
 */
export function mockFetch(routes: Record<string, Reply | Reply[]>) {
  const calls: Call[] = [];
  const used: Record<string, number> = {};
  const fn = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const headers = Object.fromEntries(Object.entries((init.headers as Record<string, string>) ?? {}));
    let body: unknown = init.body;
    if (typeof body === 'string') {
      try {
        body = JSON.parse(body);
      } catch {
        // keep text
      }
    }
    const call: Call = { method, path: url.pathname, headers, body, cache: init.cache, query: url.searchParams };
    calls.push(call);
    const key = `${method} ${url.pathname}`;
    const entry = routes[key];
    if (!entry) {
      return new Response(JSON.stringify({ status: 404, code: 'not_found', message: `No mock for ${key}` }), { status: 404 });
    }
    const list = Array.isArray(entry) ? entry : [entry];
    const i = Math.min(used[key] ?? 0, list.length - 1);
    used[key] = (used[key] ?? 0) + 1;
    const r = list[i];
    const reply = typeof r === 'function' ? await r(call) : r;
    const status = reply.status ?? 200;
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fn);
  return { calls, fn, callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path) };
}
