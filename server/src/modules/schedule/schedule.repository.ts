import { sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../../core/db/schema.js';
import type { SchedulesTable } from './tables.js';
import { formatTime } from '../../core/db/helpers.js';

/** The columns an event's body sets (participants are checked by the service first). */
export type ScheduleValues = Required<
  Pick<Insertable<SchedulesTable>, 'title' | 'content' | 'start_time' | 'end_time' | 'all_day' | 'remind_minutes' | 'participants'>
>;

/** At most this many events in one range: a month view holds far fewer. */
const LIST_CAP = 2000;

export class ScheduleRepository {
  constructor(readonly db: Kysely<Database>) {}

  /** A user's events (created or taking part) overlapping [from, before), by start time. */
  list(tenantId: string, userId: string, range: { from?: Date; before?: Date }) {
    let query = this.db
      .selectFrom('schedules as s')
      .where('s.tenant_id', '=', tenantId)
      .where((eb) => eb.or([eb('s.user_id', '=', userId), eb(sql`s.participants`, '@>', sql`array[${userId}]::text[]`)]));
    if (range.before) query = query.where('s.start_time', '<', range.before);
    if (range.from) query = query.where('s.end_time', '>=', range.from);
    return query
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
      .limit(LIST_CAP)
      .execute();
  }

  async insert(trx: Transaction<Database>, tenantId: string, userId: string, id: string, values: ScheduleValues): Promise<void> {
    await trx
      .insertInto('schedules')
      .values({ id, tenant_id: tenantId, user_id: userId, ...values })
      .execute();
  }

  /** Locks the owner's event and answers its participants; undefined when the user owns no such event. */
  lockOwned(trx: Transaction<Database>, tenantId: string, userId: string, id: string) {
    return trx
      .selectFrom('schedules')
      .select('participants')
      .where('tenant_id', '=', tenantId)
      .where('user_id', '=', userId)
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
  }

  async update(trx: Transaction<Database>, id: string, values: ScheduleValues): Promise<void> {
    await trx.updateTable('schedules').set(values).where('id', '=', id).execute();
  }

  /** Removes the owner's event and the messages that announced it; false when the user owns no such event. */
  async removeOwned(trx: Transaction<Database>, tenantId: string, userId: string, id: string): Promise<boolean> {
    const result = await trx.deleteFrom('schedules').where('tenant_id', '=', tenantId).where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) return false;
    await trx.deleteFrom('messages').where('tenant_id', '=', tenantId).where('type', '=', 12).where('object_id', '=', id).execute();
    return true;
  }

  /** Which of these ids are users of the tenant. */
  async knownUsers(trx: Transaction<Database>, tenantId: string, ids: string[]): Promise<Set<string>> {
    const found = await trx.selectFrom('users').select('id').where('tenant_id', '=', tenantId).where('id', 'in', ids).execute();
    return new Set(found.map((r) => r.id));
  }
}
