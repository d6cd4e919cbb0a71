import type { Kysely, Transaction } from 'kysely';
import type { AuthContext } from '../../core/deps.js';
import type { Database } from '../../core/db/schema.js';
import { AppError } from '../../core/errors.js';
import { verifyPassword } from '../../core/auth/password.js';

/**
 * May the caller sign with this stamp? Throws `workflow.stampNotAllowed` (403) when the stamp is not in the caller's
 * tenant, is disabled, or the caller is neither a member nor a manager of it; answers 'wrongPassword' when the stamp
 * has a password and `password` does not match it (the engine then answers retCode 1 and changes nothing).
 */
export async function verifyStampForUse(
  trx: Kysely<Database> | Transaction<Database>,
  auth: AuthContext,
  stampId: string,
  password: string,
): Promise<'ok' | 'wrongPassword'> {
  const stamp = await trx
    .selectFrom('wf_stamps as s')
    .select(['s.password_hash'])
    .where('s.tenant_id', '=', auth.tenantId)
    .where('s.id', '=', stampId)
    .where('s.enabled', '=', true)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('wf_stamp_users as u')
          .select('u.user_id')
          .whereRef('u.stamp_id', '=', 's.id')
          .where('u.tenant_id', '=', auth.tenantId)
          .where('u.user_id', '=', auth.userId)
          .where('u.kind', 'in', ['member', 'manager']),
      ),
    )
    .executeTakeFirst();
  if (!stamp) throw new AppError('workflow.stampNotAllowed', {}, 403);
  if (!stamp.password_hash) return 'ok';
  return (await verifyPassword(password ?? '', stamp.password_hash)) ? 'ok' : 'wrongPassword';
}
