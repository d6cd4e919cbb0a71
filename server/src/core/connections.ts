import type { FastifyInstance } from 'fastify';

/**
 * Socket time-outs: a client that goes quiet (mid-headers, mid-body, or between keep-alive requests) gives its
 * connection back instead of holding it for minutes. Push streams send a comment every 15 s, well inside the idle
 * time-out; an upload may take long as a whole but must keep sending.
 */
export const CONNECTION_TIMEOUTS = {
  /** Socket inactivity in either direction. */
  connectionTimeout: 60_000,
  /** Headers plus body of one request. */
  requestTimeout: 15 * 60_000,
  /** An idle keep-alive connection between requests. */
  keepAliveTimeout: 5_000,
} as const;

/**
 * A request answered before its body was read (a refused upload, a 401 on a POST) leaves the rest of the body on the
 * socket: the next request on that keep-alive connection would be parsed after it and wait for the idle time-out.
 * Such an answer says `Connection: close`, so Node closes the socket and the client opens a fresh one.
 */
export function registerUnreadBodyClose(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.raw.complete) reply.header('Connection', 'close');
    return payload;
  });
}
