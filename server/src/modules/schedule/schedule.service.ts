import type { Kysely, Transaction } from 'kysely';
import type { ScheduleBody, ScheduleEvent, ScheduleQuery } from '@app/contracts';
import type { AppDeps, AuthContext } from '../../core/deps.js';
import type { Database } from '../../core/db/schema.js';
import { parseLocalTime } from '../../core/db/helpers.js';
import { AppError } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import { ScheduleRepository, type ScheduleValues } from './schedule.repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Schedule (administration.md Schedule): each user's calendar. An event belongs to its creator, who alone edits
 * or deletes it; its participants (users of the tenant) see it in their list and get a type-12 message when added.
 */
export class ScheduleService {
  private readonly repo: ScheduleRepository;

  constructor(private readonly deps: AppDeps) {
    this.repo = new ScheduleRepository(deps.db);
  }

  /** The caller's events (created or taking part) overlapping the range, by start time. */
  async list(auth: AuthContext, q: ScheduleQuery): Promise<ScheduleEvent[]> {
    let before: Date | undefined;
    if (q.endTime) {
      // A bare date as the end includes that whole day.
      const end = parseLocalTime(q.endTime);
      before = q.endTime.trim().length === 10 ? new Date(end.getTime() + DAY_MS) : end;
    }
    const from = q.startTime ? parseLocalTime(q.startTime) : undefined;
    const rows = await this.repo.list(auth.tenantId, auth.userId, { from, before });
    return rows.map((r) => ({ ...r, isOwner: r.F_CreateUserId === auth.userId }));
  }

  async add(auth: AuthContext, body: ScheduleBody): Promise<string> {
    const id = newId();
    await this.repo.db.transaction().execute(async (trx) => {
      const participants = await this.participants(trx, auth, body.F_Participants);
      await this.repo.insert(trx, auth.tenantId, auth.userId, id, values(body, participants));
      await this.notify(trx, auth, id, body.F_Title, participants);
    });
    return id;
  }

  /** Owner only (others: 404); participants added by the change are notified. */
  async update(auth: AuthContext, id: string, body: ScheduleBody): Promise<void> {
    await this.repo.db.transaction().execute(async (trx) => {
      const current = await this.repo.lockOwned(trx, auth.tenantId, auth.userId, id);
      if (!current) throw new AppError('schedule.notFound', { id }, 404);
      const participants = await this.participants(trx, auth, body.F_Participants);
      await this.repo.update(trx, id, values(body, participants));
      const before = new Set(current.participants);
      await this.notify(
        trx,
        auth,
        id,
        body.F_Title,
        participants.filter((p) => !before.has(p)),
      );
    });
  }

  async remove(auth: AuthContext, id: string): Promise<void> {
    await this.repo.db.transaction().execute(async (trx) => {
      if (!(await this.repo.removeOwned(trx, auth.tenantId, auth.userId, id))) throw new AppError('schedule.notFound', { id }, 404);
    });
  }

  /** The participant ids, each a user of the caller's tenant (else 400), without duplicates. */
  private async participants(trx: Transaction<Database>, auth: AuthContext, ids: string[]): Promise<string[]> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return [];
    const known = await this.repo.knownUsers(trx, auth.tenantId, unique);
    const missing = unique.find((u) => !known.has(u));
    if (missing) throw new AppError('schedule.badParticipant', { id: missing }, 400);
    return unique;
  }

  private async notify(trx: Transaction<Database>, auth: AuthContext, id: string, title: string, userIds: string[]) {
    const recipients = userIds.filter((u) => u !== auth.userId);
    if (recipients.length === 0) return;
    await this.deps.messages.notify(auth.tenantId, recipients, { type: 12, title, content: title, objectId: id }, trx as unknown as Kysely<Database>);
  }
}

function values(body: ScheduleBody, participants: string[]): ScheduleValues {
  return {
    title: body.F_Title,
    content: body.F_Content,
    start_time: parseLocalTime(body.F_StartTime),
    end_time: parseLocalTime(body.F_EndTime),
    all_day: body.F_AllDay,
    remind_minutes: body.F_RemindMinutes,
    participants,
  };
}
