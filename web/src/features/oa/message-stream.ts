import { API_BASE } from '../../lib/api';

export interface StreamEvent {
  event: string;
  data: string;
}

/** Splits a server-sent-events text buffer into complete events; returns them and the unfinished rest. */
export function parseSse(buffer: string): { events: StreamEvent[]; rest: string } {
  const events: StreamEvent[] = [];
  const blocks = buffer.replace(/\r\n?/g, '\n').split('\n\n');
  const rest = blocks.pop() ?? '';
  for (const block of blocks) {
    let event = 'message';
    const data: string[] = [];
    let any = false;
    for (const line of block.split('\n')) {
      if (!line || line.startsWith(':')) continue;
      const i = line.indexOf(':');
      const field = i < 0 ? line : line.slice(0, i);
      const value = i < 0 ? '' : line.slice(i + 1).replace(/^ /, '');
      if (field === 'event') event = value;
      else if (field === 'data') data.push(value);
      else continue;
      any = true;
    }
    if (any) events.push({ event, data: data.join('\n') });
  }
  return { events, rest };
}

export interface PushOptions {
  /** The current bearer token; null stops the reader. */
  token: () => string | null;
  onEvent: (e: StreamEvent) => void;
  /** Called on each (re)connection: events sent while disconnected were missed, so the caller refreshes. */
  onOpen?: () => void;
  /** Wait before the first connection (ms), so the page's own loading settles first. */
  initialDelay?: number;
  /** Back-off delays in ms (the last repeats). */
  delays?: number[];
  fetchFn?: typeof fetch;
}

/**
 * Reads GET /api/oa/message-stream with fetch streaming (the Bearer header, which EventSource cannot send),
 * reconnecting with back-off after an error or the end of the stream. Returns a stop function.
 */
export function startMessagePush(opts: PushOptions): () => void {
  const delays = opts.delays ?? [1000, 2000, 5000, 10_000, 30_000];
  let stopped = false;
  let attempt = 0;
  let controller: AbortController | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;

  const schedule = () => {
    if (stopped) return;
    const delay = delays[Math.min(attempt, delays.length - 1)];
    attempt++;
    timer = setTimeout(() => void connect(), delay);
  };

  const connect = async () => {
    timer = null;
    const token = opts.token();
    if (stopped || !token) return;
    controller = new AbortController();
    try {
      const res = await (opts.fetchFn ?? fetch)(`${API_BASE}/oa/message-stream`, {
        headers: { Authorization: `Bearer ${token}`, Accept: 'text/event-stream' },
        signal: controller.signal,
        cache: 'no-store',
      });
      if (!res.ok || !res.body) throw new Error(`stream status ${res.status}`);
      attempt = 0;
      opts.onOpen?.();
      const reader = res.body.getReader();
      const decoder = new TextDecoder();
      let buffer = '';
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        const parsed = parseSse(buffer);
        buffer = parsed.rest;
        for (const e of parsed.events) opts.onEvent(e);
      }
    } catch {
      /* reconnect below */
    }
    controller = null;
    schedule();
  };

  if (opts.initialDelay) timer = setTimeout(() => void connect(), opts.initialDelay);
  else void connect();
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    controller?.abort();
  };
}
