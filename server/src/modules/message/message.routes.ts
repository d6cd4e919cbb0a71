import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, messageCentre, messageIdParams, readAllParams, type MessageTypeCode } from '@app/contracts';
import { ok } from '../../core/envelope.js';
import { authOf } from '../../core/auth/plugin.js';
import type { MessageService } from './message.service.js';

export function messageRoutes(app: FastifyInstance, service: MessageService): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Messages'];

  r.get('/oa/xjr-oa-message', {
    schema: { tags, summary: "The caller's messages: five groups, unread count and the 20 newest each", response: { 200: envelope(messageCentre) } },
    handler: async (request) => ok(request, await service.centre(authOf(request)), 'common.fetched'),
  });

  r.put('/oa/xjr-oa-message/readAllMessage/:type', {
    schema: { tags, summary: 'Mark all of one type read (10..14)', params: readAllParams, response: { 200: envelope(z.object({ count: z.number().int() })) } },
    handler: async (request) => {
      const count = await service.markAllRead(authOf(request), request.params.type as MessageTypeCode);
      return ok(request, { count }, count === 0 ? 'message.nothingUnread' : 'message.allRead');
    },
  });

  r.put('/oa/xjr-oa-message/:id', {
    schema: {
      tags,
      summary: 'Mark one of the caller’s messages read',
      params: messageIdParams,
      response: { 200: envelope(z.object({ changed: z.boolean() })) },
    },
    handler: async (request) => {
      const changed = await service.markRead(authOf(request), request.params.id);
      return ok(request, { changed }, changed ? 'message.read' : 'message.alreadyRead');
    },
  });

  // Server-sent events (docs/system-oa-design.md, Push). Not public: the auth hook has proved the Bearer token.
  r.get('/oa/message-stream', {
    schema: { tags, summary: 'Push stream (text/event-stream): `event: message` with {"type": 10..14}; `: ping` every 15 s' },
    handler: async (request, reply) => {
      const auth = authOf(request);
      reply.hijack();
      const res = reply.raw;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        connection: 'keep-alive',
        'x-accel-buffering': 'no',
      });
      res.write(': connected\n\n');
      const remove = service.hub.add(auth.userId, res);
      const cleanup = () => remove();
      request.raw.once('close', cleanup);
      res.once('close', cleanup);
      res.once('error', cleanup);
    },
  });
}
