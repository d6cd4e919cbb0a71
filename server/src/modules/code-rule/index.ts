import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../core/deps.js';
import { CodeRuleService } from './code-rule.service.js';
import { codeRuleRoutes } from './code-rule.routes.js';

/** Code rules: auto-numbering with an atomic counter per rule and period. */
export default async function codeRuleModule(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  codeRuleRoutes(app, new CodeRuleService(deps));
}
