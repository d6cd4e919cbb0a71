import type { FastifyInstance } from 'fastify';
import type { MessageService } from './message.service.js';
import { messageRoutes } from './message.routes.js';

/** Message centre and push (spec 7). The one service instance is also every module's deps.messages (a Notifier). */
export default async function messageModule(app: FastifyInstance, { service }: { service: MessageService }) {
  messageRoutes(app, service);
}
