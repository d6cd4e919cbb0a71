import type { OnlineSessionRow } from '@app/contracts';
import type { AppDeps, AuthContext } from '../../core/deps.js';
import { AppError, notFound } from '../../core/errors.js';
import { OnlineUserRepository } from './online-user.repository.js';

/** Signed-in sessions of the tenant, and forcing one out. */
export class OnlineUserService {
  private readonly repo: OnlineUserRepository;

  constructor(private readonly deps: AppDeps) {
    this.repo = new OnlineUserRepository(deps.db);
  }

  async page(auth: AuthContext, filter: { limit: number; size: number; keyword?: string }): Promise<{ Rows: OnlineSessionRow[]; Total: number }> {
    const { Rows, Total } = await this.repo.page(auth.tenantId, { ...filter, page: filter.limit });
    return { Rows: Rows.map((row) => ({ ...row, F_IsCurrent: row.F_SessionId === auth.sessionId })), Total };
  }

  async forceLogout(auth: AuthContext, sessionId: string): Promise<void> {
    if (sessionId === auth.sessionId) throw new AppError('session.cannotKickSelf');
    const userId = await this.repo.revoke(auth.tenantId, sessionId);
    if (!userId) throw notFound('session.notFound');
    this.deps.sessions.forget(sessionId);
  }
}
