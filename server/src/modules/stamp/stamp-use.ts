import type { Kysely, Transaction } from 'kysely';
import type { AuthContext } from '../../core/deps.js';
import type { Database } from '../../core/db/schema.js';
import { AppError } from '../../core/errors.js';
import { verifyPassword } from '../../core/auth/password.js';
import type { FileLinks } from '../files/file-links.js';
import { stampImageRows, usableStampPasswordHash } from './stamp.repository.js';

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
  const stamp = await usableStampPasswordHash(trx, auth.tenantId, auth.userId, stampId);
  if (!stamp) throw new AppError('workflow.stampNotAllowed', {}, 403);
  if (!stamp.password_hash) return 'ok';
  return (await verifyPassword(password ?? '', stamp.password_hash)) ? 'ok' : 'wrongPassword';
}

/**
 * The image addresses of stamps (any state) for an instance's history, whoever reads it: stamp id → address (a
 * signed file address for an uploaded image, the data URL of a handwritten signature). Unknown ids are left out.
 */
export async function stampImageUrls(
  trx: Kysely<Database> | Transaction<Database>,
  fileLinks: Pick<FileLinks, 'url'>,
  tenantId: string,
  stampIds: string[],
): Promise<Map<string, string>> {
  const ids = [...new Set(stampIds.filter(Boolean))];
  const result = new Map<string, string>();
  if (ids.length === 0) return result;
  const rows = await stampImageRows(trx, tenantId, ids);
  for (const row of rows) if (row.file) result.set(row.id, row.file_type === 1 ? fileLinks.url(row.file) : row.file);
  return result;
}
