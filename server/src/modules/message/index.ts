import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../core/deps.js';
import { messageRoutes } from './message.routes.js';

/** Message centre and push (spec 7); the service itself is deps.messages. */
export default async function messageModule(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  messageRoutes(app, deps.messages);
}
