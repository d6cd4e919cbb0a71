import type { FastifyInstance } from 'fastify';

/**
 * Headers on every answer. The app must not be framed by another site (clickjacking on the approval buttons);
 * previews and print views frame it from its own origin, so 'self' stays allowed. A route that sets its own
 * Content-Security-Policy (an SVG, a file preview) keeps it: that policy is stricter than this one.
 */
export const FRAME_POLICY = "frame-ancestors 'self'";

export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    if (!reply.hasHeader('x-content-type-options')) reply.header('X-Content-Type-Options', 'nosniff');
    if (!reply.hasHeader('x-frame-options')) reply.header('X-Frame-Options', 'SAMEORIGIN');
    if (!reply.hasHeader('content-security-policy')) reply.header('Content-Security-Policy', FRAME_POLICY);
    if (!reply.hasHeader('referrer-policy')) reply.header('Referrer-Policy', 'same-origin');
    return payload;
  });
}
