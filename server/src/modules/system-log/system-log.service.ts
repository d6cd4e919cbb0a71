import { parseLocalTime } from '../../core/db/helpers.js';
import type { LogQuery } from '@app/contracts';
import type { AppDeps, AuthContext } from '../../core/deps.js';
import { AppError } from '../../core/errors.js';
import { LogRepository } from './system-log.repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** System logs (administration.md Logs): sign-in (1), operation (2), exception (3). */
export class LogService {
  private readonly repo: LogRepository;

  constructor(deps: AppDeps) {
    this.repo = new LogRepository(deps.db);
  }

  page(auth: AuthContext, q: LogQuery) {
    const from = q.startTime ? parseLocalTime(q.startTime) : undefined;
    // A date-only end includes that whole day.
    const to = q.endTime ? new Date(parseLocalTime(q.endTime).getTime() + (q.endTime.trim().length === 10 ? DAY_MS : 1000)) : undefined;
    if ((from && Number.isNaN(from.getTime())) || (to && Number.isNaN(to.getTime()))) {
      throw new AppError('error.validation', { detail: 'startTime / endTime: yyyy-MM-dd [HH:mm:ss]' }, 400);
    }
    return this.repo.page(auth.tenantId, {
      page: q.limit,
      size: q.size,
      category: q.category,
      keyword: q.keyword || undefined,
      user: q.user || undefined,
      from,
      to,
    });
  }

  async remove(auth: AuthContext, id: string): Promise<void> {
    if (!(await this.repo.remove(auth.tenantId, id))) throw new AppError('log.notFound', { id }, 404);
  }

  clear(auth: AuthContext, category: number) {
    return this.repo.clear(auth.tenantId, category);
  }
}
