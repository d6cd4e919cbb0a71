import type { ClueQuery, clueBody } from '@app/contracts';
import type { z } from 'zod';
import type { AppDeps, AuthContext } from '../../core/deps.js';
import { parseLocalTime } from '../../core/db/helpers.js';
import { AppError } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { ClueRepository } from './clue.repository.js';

const DAY_MS = 24 * 3600 * 1000;

/**
 * Leads ("leave your contact" on the sign-in page). Anyone may leave one (rate-limited per source address in the
 * route); the tenant is the sign-in page's tenant code, else the default tenant. Reading, marking and deleting them
 * need the system.clue buttons (checked by the routes' permission).
 */
export class ClueService {
  private readonly repo: ClueRepository;

  constructor(deps: AppDeps) {
    this.repo = new ClueRepository(deps.db);
  }

  async add(body: z.output<typeof clueBody>, client: { ip: string; userAgent: string }): Promise<string> {
    const tenant = await this.repo.findTenant(body.code);
    if (!tenant) throw new AppError('auth.tenantNotFound', {}, 404);
    if (!tenant.enabled) throw new AppError('auth.tenantDisabled', {}, 403);
    const id = newId();
    await this.repo.insert({
      id,
      tenantId: tenant.id,
      name: body.name,
      phone: body.phone,
      email: body.email,
      company: body.company,
      message: body.message,
      ip: client.ip || null,
      userAgent: client.userAgent.slice(0, 500) || null,
    });
    return id;
  }

  page(auth: AuthContext, q: ClueQuery) {
    const from = q.startTime ? parseLocalTime(q.startTime) : undefined;
    // A date-only end includes that whole day.
    const to = q.endTime ? new Date(parseLocalTime(q.endTime).getTime() + (q.endTime.trim().length === 10 ? DAY_MS : 1000)) : undefined;
    if ((from && Number.isNaN(from.getTime())) || (to && Number.isNaN(to.getTime()))) {
      throw new AppError('error.validation', { detail: 'startTime / endTime: yyyy-MM-dd [HH:mm:ss]' }, 400);
    }
    return this.repo.page(auth.tenantId, { page: q.limit, size: q.size, keyword: q.keyword || undefined, handled: q.handled, from, to });
  }

  async markHandled(auth: AuthContext, id: string): Promise<void> {
    if (!(await this.repo.markHandled(auth.tenantId, id, auth.userId))) throw new AppError('clue.notFound', { id }, 404);
  }

  async remove(auth: AuthContext, id: string): Promise<void> {
    if (!(await this.repo.remove(auth.tenantId, id))) throw new AppError('clue.notFound', { id }, 404);
  }
}
