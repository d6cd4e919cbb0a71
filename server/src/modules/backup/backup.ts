import { spawn } from 'node:child_process';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/**
 * Backup and restore of the platform database (docs/security-hardening.md, "Backup and restore").
 * - PGlite: a gzip tarball of the data directory. A running server makes it on request (GET /api/backup with a
 *   signature only someone who can read the server's JWT secret can make); a stopped server's directory is read
 *   directly.
 * - PostgreSQL: pg_dump's custom format, restored with pg_restore.
 * Restoring goes into a fresh data directory or an empty database only, and ends with a check of what came back.
 */

export const BACKUP_SIGNATURE_HEADER = 'x-backup-signature';
/** A signature is good this long either side of the server's clock. */
const SIGNATURE_WINDOW_SECONDS = 60;

const mac = (secret: Uint8Array, seconds: number) => createHmac('sha256', secret).update(`backup:${seconds}`).digest('hex');

/** `<unix seconds>.<hmac>`: proof that the caller holds the server's JWT secret, good for about a minute. */
export function backupSignature(secret: Uint8Array, now = Date.now()): string {
  const seconds = Math.floor(now / 1000);
  return `${seconds}.${mac(secret, seconds)}`;
}

export function isValidBackupSignature(header: string | undefined, secret: Uint8Array, now = Date.now()): boolean {
  const match = /^(\d{1,12})\.([0-9a-f]{64})$/.exec(header ?? '');
  if (!match) return false;
  const seconds = Number(match[1]);
  if (Math.abs(now / 1000 - seconds) > SIGNATURE_WINDOW_SECONDS) return false;
  return timingSafeEqual(Buffer.from(match[2]!, 'hex'), Buffer.from(mac(secret, seconds), 'hex'));
}

export type BackupFormat = 'pglite' | 'postgres';

/** What a backup file holds, from its first bytes: gzip (a PGlite tarball) or pg_dump's custom format. */
export function backupFormatOf(head: Uint8Array): BackupFormat | null {
  if (head[0] === 0x1f && head[1] === 0x8b) return 'pglite';
  if (Buffer.from(head.subarray(0, 5)).toString('latin1') === 'PGDMP') return 'postgres';
  return null;
}

export class BackupError extends Error {}

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
    child.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new BackupError(`${command} was not found: install PostgreSQL's client tools (Debian: apt-get install postgresql-client)`)
          : error,
      ),
    );
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new BackupError(`${command} failed (exit ${code}): ${stderr.trim()}`))));
  });
}

/** pg_dump of the whole database in its custom format (compressed; pg_restore reads it). */
export async function pgDump(databaseUrl: string, file: string): Promise<void> {
  await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`, `--dbname=${databaseUrl}`]);
}

async function tableCount(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const result = await client.query<{ n: number }>(`select count(*)::int as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')`);
    return result.rows[0]!.n;
  } finally {
    await client.end();
  }
}

/** pg_restore into an empty database (refused otherwise: a restore never mixes with live data). */
export async function pgRestore(file: string, databaseUrl: string): Promise<void> {
  if ((await tableCount(databaseUrl)) > 0) throw new BackupError('the target database is not empty: restore into a new, empty database');
  await run('pg_restore', ['--no-owner', '--no-privileges', '--exit-on-error', `--dbname=${databaseUrl}`, file]);
}

/** A PGlite data directory (not running) as a gzip tarball. */
export async function dumpPgliteDirectory(dataDir: string): Promise<Buffer> {
  const pglite = new PGlite(dataDir);
  try {
    await pglite.waitReady;
    return Buffer.from(await (await pglite.dumpDataDir('gzip')).arrayBuffer());
  } finally {
    await pglite.close();
  }
}

/** Unpacks a PGlite tarball into a new data directory (refused if it already holds one). */
export async function restorePglite(file: string, dataDir: string): Promise<void> {
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) throw new BackupError(`${dataDir} is not empty: restore into a new directory`);
  const pglite = new PGlite(dataDir, { loadDataDir: new Blob([readFileSync(file)]) });
  await pglite.waitReady;
  await pglite.close();
}

// The query lives in the repository; the command line keeps importing it from here.
export { summarise, type RestoredSummary } from './backup.repository.js';
