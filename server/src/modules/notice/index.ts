import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../core/deps.js';
import { NoticeService } from './notice.service.js';
import { noticeRoutes } from './notice.routes.js';

export default async function noticeModule(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  noticeRoutes(app, new NoticeService(deps));
}
