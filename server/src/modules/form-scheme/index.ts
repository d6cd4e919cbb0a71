import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../core/deps.js';

/** Issue 8 (docs/forms-design.md): form schemes, versions, table release and form data. */
export default async function formSchemeModule(_app: FastifyInstance, _opts: { deps: AppDeps }) {
  // Routes are added by the form-scheme module work (see docs/forms-design.md).
}
