import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { testConfig } from '../../core/config.js';
import { connectDatabase } from '../../core/db/connect.js';
import { newId } from '../../core/ids.js';
import { createTestApp } from '../../test/harness.js';
import { onPostgres } from '../../test/link-databases.js';
import { runServerCommand } from '../../test/server-command.js';
import { NO_POSTGRES, PG_ADMIN_URL } from '../../test/workflow-processes.js';
import { BACKUP_SIGNATURE_HEADER, backupFormatOf, backupSignature, isValidBackupSignature } from './backup.js';

const SECRET = randomBytes(24).toString('hex');
const secretBytes = new TextEncoder().encode(SECRET);

/** `npm run backup` / `npm run restore` with the server's environment. */
async function cli(args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const run = runServerCommand('backup-cli', args, { JWT_SECRET: SECRET, ...env });
  const code = await run.exited;
  return { code, output: run.output() };
}

/** A news item with a unique title: something to find again after the restore. */
async function writeMarker(db: Awaited<ReturnType<typeof connectDatabase>>['db']): Promise<string> {
  const title = `backup marker ${randomBytes(4).toString('hex')}`;
  const tenant = await db.selectFrom('tenants').select('id').executeTakeFirstOrThrow();
  await db
    .insertInto('news')
    .values({ id: newId(), tenant_id: tenant.id, full_head: title, attachments: '[]', attachment_folder_id: null, created_by: null, release_time: null })
    .execute();
  return title;
}

async function markerCount(db: Awaited<ReturnType<typeof connectDatabase>>['db'], title: string): Promise<number> {
  return (await db.selectFrom('news').select('id').where('full_head', '=', title).execute()).length;
}

describe('backup signatures', () => {
  it('hold for about a minute and only with the secret', () => {
    const now = Date.now();
    const signature = backupSignature(secretBytes, now);
    expect(isValidBackupSignature(signature, secretBytes, now + 30_000)).toBe(true);
    expect(isValidBackupSignature(signature, secretBytes, now + 90_000)).toBe(false);
    expect(isValidBackupSignature(signature, randomBytes(24), now)).toBe(false);
    expect(isValidBackupSignature(undefined, secretBytes, now)).toBe(false);
    expect(isValidBackupSignature(`${signature}0`, secretBytes, now)).toBe(false);
  });

  it('the file format is told by its first bytes', () => {
    expect(backupFormatOf(Buffer.from([0x1f, 0x8b, 8, 0]))).toBe('pglite');
    expect(backupFormatOf(Buffer.from('PGDMP\x01\x0e'))).toBe('postgres');
    expect(backupFormatOf(Buffer.from('hello'))).toBeNull();
  });
});

describe('backup and restore on PGlite', () => {
  const tmp = mkdtempSync(path.join(tmpdir(), 'backup-pglite-'));
  const dataDir = path.join(tmp, 'data');
  let marker = '';
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  it('a running server gives its data directory to a signed request only', async () => {
    mkdirSync(dataDir, { recursive: true });
    const { app, database } = await buildApp(testConfig({ dataDir, jwtSecret: secretBytes }));
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const port = String((app.server.address() as { port: number }).port);
      marker = await writeMarker(database.db);

      const unsigned = await app.inject({ method: 'GET', url: '/api/backup' });
      expect(unsigned.statusCode).toBe(401);
      expect(unsigned.json()).toMatchObject({ success: false, msg: expect.stringContaining('签名') });
      const forged = await app.inject({ method: 'GET', url: '/api/backup', headers: { [BACKUP_SIGNATURE_HEADER]: backupSignature(randomBytes(24)) } });
      expect(forged.statusCode).toBe(401);

      // While the server runs (and keeps writing), the command gets the backup from it.
      const busy = Promise.all(Array.from({ length: 20 }, () => writeMarker(database.db)));
      const result = await cli(['backup', path.join(tmp, 'running.tar.gz')], { DATA_DIR: dataDir, PORT: port });
      await busy;
      expect(result.output).toContain('of the running server');
      expect(result.code).toBe(0);
      expect(backupFormatOf(readFileSync(path.join(tmp, 'running.tar.gz')))).toBe('pglite');
    } finally {
      await app.close();
    }
  }, 120_000);

  it('restores into a fresh directory, with everything that was there', async () => {
    const target = path.join(tmp, 'restored');
    const result = await cli(['restore', path.join(tmp, 'running.tar.gz'), '--to', target], { DATA_DIR: path.join(tmp, 'unused') });
    expect(result.output).toMatch(/restored into .*"tenants":1/);
    expect(result.code).toBe(0);
    const database = await connectDatabase({ databaseUrl: null, dataDir: target });
    try {
      expect(await markerCount(database.db, marker)).toBe(1);
    } finally {
      await database.close();
    }
    // Never over an existing database.
    const again = await cli(['restore', path.join(tmp, 'running.tar.gz'), '--to', target], { DATA_DIR: path.join(tmp, 'unused') });
    expect(again.code).toBe(1);
    expect(again.output).toContain('is not empty');
  }, 120_000);

  it('with no server running, the command reads the directory itself', async () => {
    const result = await cli(['backup', path.join(tmp, 'stopped.tar.gz')], { DATA_DIR: dataDir, PORT: '1' });
    expect(result.output).toContain('no server running');
    expect(result.code).toBe(0);
    const target = path.join(tmp, 'restored-stopped');
    expect((await cli(['restore', path.join(tmp, 'stopped.tar.gz'), '--to', target], { DATA_DIR: path.join(tmp, 'unused') })).code).toBe(0);
    const database = await connectDatabase({ databaseUrl: null, dataDir: target });
    try {
      expect(await markerCount(database.db, marker)).toBe(1);
    } finally {
      await database.close();
    }
  }, 120_000);

  it('refuses a file that is no backup, with a clear message', async () => {
    writeFileSync(path.join(tmp, 'junk.bin'), 'not a backup');
    const result = await cli(['restore', path.join(tmp, 'junk.bin'), '--to', path.join(tmp, 'junk-target')], { DATA_DIR: path.join(tmp, 'unused') });
    expect(result.code).toBe(1);
    expect(result.output).toContain('neither a PGlite backup');
  }, 60_000);
});

const onAdmin = (statement: string) => onPostgres(PG_ADMIN_URL, statement);

const urlOf = (name: string) => {
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
};

describe.skipIf(!PG_ADMIN_URL || process.env.TEST_DATABASE_URL)(`backup and restore on PostgreSQL${PG_ADMIN_URL ? '' : ` (${NO_POSTGRES})`}`, () => {
  const suffix = randomBytes(4).toString('hex');
  const [source, target] = [`backup_src_${suffix}`, `backup_dst_${suffix}`];
  const tmp = mkdtempSync(path.join(tmpdir(), 'backup-pg-'));
  beforeAll(async () => {
    await onAdmin(`create database ${source}`);
    await onAdmin(`create database ${target}`);
  });
  afterAll(async () => {
    await onAdmin(`drop database if exists ${source} with (force)`);
    await onAdmin(`drop database if exists ${target} with (force)`);
    rmSync(tmp, { recursive: true, force: true });
  });

  it('pg_dump while the server runs, pg_restore into an empty database, and never into one with data', async () => {
    const t = await createTestApp({ databaseUrl: urlOf(source), jwtSecret: secretBytes });
    let marker: string;
    try {
      marker = await writeMarker(t.deps.db);
      // The server's own endpoint points PostgreSQL installations at pg_dump.
      const asked = await t.app.inject({ method: 'GET', url: '/api/backup', headers: { [BACKUP_SIGNATURE_HEADER]: backupSignature(secretBytes) } });
      expect(asked.statusCode).toBe(400);
      const file = path.join(tmp, 'pg.dump');
      const result = await cli(['backup', file], { DATABASE_URL: urlOf(source), DATA_DIR: tmp });
      expect(result.output).toContain('pg_dump');
      expect(result.code).toBe(0);
      expect(backupFormatOf(readFileSync(file))).toBe('postgres');
    } finally {
      await t.close();
    }
    const restored = await cli(['restore', path.join(tmp, 'pg.dump'), '--to', urlOf(target)], { DATA_DIR: tmp });
    expect(restored.output).toMatch(/restored into PostgreSQL: .*"tenants":1/);
    expect(restored.code).toBe(0);
    const database = await connectDatabase({ databaseUrl: urlOf(target), dataDir: null });
    try {
      expect(await markerCount(database.db, marker)).toBe(1);
    } finally {
      await database.close();
    }
    const again = await cli(['restore', path.join(tmp, 'pg.dump'), '--to', urlOf(target)], { DATA_DIR: tmp });
    expect(again.code).toBe(1);
    expect(again.output).toContain('not empty');
  }, 180_000);
});
