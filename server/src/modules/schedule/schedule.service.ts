import { sql, type Kysely, type Transaction } from 'kysely';
import type { ScheduleBody, ScheduleEvent, ScheduleQuery } from '@app/contracts';
import type { AppDeps, AuthContext } from '../../core/deps.js';
import type { Database } from '../../core/db/schema.js';
import { formatTime, parseLocalTime } from '../../core/db/helpers.js';
import { AppError } from '../../core/errors.js';
import { newId } from '../../core/ids.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Schedule (administration.md Schedule): each user's calendar. An event belongs to its creator, who alone edits
 * or deletes it; its participants (users of the tenant) see it in their list and get a type-12 message when added.
 */
export class ScheduleService {
  private readonly db: Kysely<Database>;

  constructor(private readonly deps: AppDeps) {
    this.db = deps.db;
  }

  /** The caller's events (created or taking part) overlapping the range, by start time. */
  async list(auth: AuthContext, q: ScheduleQuery): Promise<ScheduleEvent[]> {
    let query = this.db
      .selectFrom('schedules as s')
      .where('s.tenant_id', '=', auth.tenantId)
      .where((eb) => eb.or([eb('s.user_id', '=', auth.userId), eb(sql`s.participants`, '@>', sql`array[${auth.userId}]::text[]`)]));
    if (q.endTime) {
      const end = parseLocalTime(q.endTime);
      query = query.where('s.start_time', '<', q.endTime.trim().length === 10 ? new Date(end.getTime() + DAY_MS) : end);
    }
    if (q.startTime) query = query.where('s.end_time', '>=', parseLocalTime(q.startTime));
    const rows = await query
      .select([
        's.id as F_ScheduleId',
        's.title as F_Title',
        's.content as F_Content',
        formatTime('s.start_time').as('F_StartTime'),
        formatTime('s.end_time').as('F_EndTime'),
        's.all_day as F_AllDay',
        's.remind_minutes as F_RemindMinutes',
        's.participants as F_Participants',
        's.user_id as F_CreateUserId',
        formatTime('s.created_at').as('F_CreateDate'),
      ])
      .orderBy('s.start_time')
      .orderBy('s.id')
      .limit(2000)
      .execute();
    return rows.map((r) => ({ ...r, isOwner: r.F_CreateUserId === auth.userId }));
  }

  async add(auth: AuthContext, body: ScheduleBody): Promise<string> {
    const id = newId();
    await this.db.transaction().execute(async (trx) => {
      const participants = await this.participants(trx, auth, body.F_Participants);
      await trx
        .insertInto('schedules')
        .values({ id, tenant_id: auth.tenantId, user_id: auth.userId, ...values(body), participants })
        .execute();
      await this.notify(trx, auth, id, body.F_Title, participants);
    });
    return id;
  }

  /** Owner only (others: 404); participants added by the change are notified. */
  async update(auth: AuthContext, id: string, body: ScheduleBody): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const current = await trx
        .selectFrom('schedules')
        .select('participants')
        .where('tenant_id', '=', auth.tenantId)
        .where('user_id', '=', auth.userId)
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      if (!current) throw new AppError('schedule.notFound', { id }, 404);
      const participants = await this.participants(trx, auth, body.F_Participants);
      await trx.updateTable('schedules').set({ ...values(body), participants }).where('id', '=', id).execute();
      const before = new Set(current.participants);
      await this.notify(trx, auth, id, body.F_Title, participants.filter((p) => !before.has(p)));
    });
  }

  async remove(auth: AuthContext, id: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const result = await trx
        .deleteFrom('schedules')
        .where('tenant_id', '=', auth.tenantId)
        .where('user_id', '=', auth.userId)
        .where('id', '=', id)
        .executeTakeFirst();
      if (Number(result.numDeletedRows) === 0) throw new AppError('schedule.notFound', { id }, 404);
      await trx.deleteFrom('messages').where('tenant_id', '=', auth.tenantId).where('type', '=', 12).where('object_id', '=', id).execute();
    });
  }

  /** The participant ids, each an enabled user of the caller's tenant (else 400), without duplicates. */
  private async participants(trx: Transaction<Database>, auth: AuthContext, ids: string[]): Promise<string[]> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return [];
    const found = await trx.selectFrom('users').select('id').where('tenant_id', '=', auth.tenantId).where('id', 'in', unique).execute();
    const known = new Set(found.map((r) => r.id));
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

function values(body: ScheduleBody) {
  return {
    title: body.F_Title,
    content: body.F_Content,
    start_time: parseLocalTime(body.F_StartTime),
    end_time: parseLocalTime(body.F_EndTime),
    all_day: body.F_AllDay,
    remind_minutes: body.F_RemindMinutes,
  };
}
