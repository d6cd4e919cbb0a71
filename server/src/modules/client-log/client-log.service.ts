import type { ClientLogEntry } from '@app/contracts';
import type { AppDeps, AuthContext } from '../../core/deps.js';
import { ClientLogRepository } from './client-log.repository.js';

/** Client error logs (spec 2.6): any signed-in user reports; administrators read and clear them. */
export class ClientLogService {
  private readonly repo: ClientLogRepository;

  constructor(deps: AppDeps) {
    this.repo = new ClientLogRepository(deps.db);
  }

  report(auth: AuthContext, entries: ClientLogEntry[]) {
    return this.repo.insert(auth.tenantId, auth.userId, entries);
  }

  page(auth: AuthContext, filter: { limit: number; size: number; type?: string; keyword?: string }) {
    return this.repo.page(auth.tenantId, { ...filter, page: filter.limit });
  }

  clear(auth: AuthContext) {
    return this.repo.clear(auth.tenantId);
  }
}
