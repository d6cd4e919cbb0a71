import { existsSync, mkdirSync, openSync, readSync, closeSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig, type AppConfig } from './core/config.js';
import { connectDatabase } from './core/db/connect.js';
import {
  BACKUP_SIGNATURE_HEADER,
  BackupError,
  backupFormatOf,
  backupSignature,
  dumpPgliteDirectory,
  pgDump,
  pgRestore,
  restorePglite,
  summarise,
} from './modules/backup/backup.js';

/**
 * npm run backup -- <file>                 back the platform database up (the server may be running)
 * npm run restore -- <file> [--to <target>] restore into a fresh data directory (PGlite) or an empty database
 *
 * The same environment as the server (DATABASE_URL, DATA_DIR, PORT, JWT_SECRET) says which database. A PGlite data
 * directory in use by a running server cannot be opened by a second process, so the running server is asked for the
 * backup (GET /api/backup on this machine, signed with its JWT secret); when no server answers, the directory is
 * read directly. Restore targets: `--to <directory>` (PGlite; default DATA_DIR, which must not hold a database yet) or
 * `--to postgres://…` (default DATABASE_URL, which must be empty).
 */

const usage = 'usage: npm run backup -- <file>   |   npm run restore -- <file> [--to <data directory | postgres://…>]';

async function backup(config: AppConfig, file: string): Promise<string> {
  if (config.databaseUrl) {
    await pgDump(config.databaseUrl, file);
    return `PostgreSQL database dumped with pg_dump (custom format) to ${file}`;
  }
  if (!config.dataDir) throw new BackupError('DATA_DIR is not set');
  const fromServer = await askRunningServer(config);
  if (fromServer) {
    writeFileSync(file, fromServer, { mode: 0o600 });
    return `PGlite database of the running server (port ${config.port}) written to ${file} (${fromServer.length} bytes)`;
  }
  const directory = path.join(config.dataDir, 'pglite');
  if (!existsSync(directory)) throw new BackupError(`no PGlite database in ${directory}`);
  const tarball = await dumpPgliteDirectory(directory);
  writeFileSync(file, tarball, { mode: 0o600 });
  return `PGlite data directory ${directory} (no server running) written to ${file} (${tarball.length} bytes)`;
}

/** The running server's backup, or null when nothing listens on PORT here. */
async function askRunningServer(config: AppConfig): Promise<Buffer | null> {
  let res: Response;
  try {
    res = await fetch(`http://127.0.0.1:${config.port}/api/backup`, { headers: { [BACKUP_SIGNATURE_HEADER]: backupSignature(config.jwtSecret) } });
  } catch {
    return null;
  }
  const body = Buffer.from(await res.arrayBuffer());
  if (res.status !== 200) {
    const msg = (() => {
      try {
        return (JSON.parse(body.toString()) as { msg?: string }).msg;
      } catch {
        return body.toString().slice(0, 200);
      }
    })();
    throw new BackupError(`the server on port ${config.port} refused the backup (${res.status}): ${msg} — is it the server of this DATA_DIR / JWT_SECRET?`);
  }
  return body;
}

function headOf(file: string): Buffer {
  const fd = openSync(file, 'r');
  try {
    const head = Buffer.alloc(8);
    readSync(fd, head, 0, 8, 0);
    return head;
  } finally {
    closeSync(fd);
  }
}

async function restore(config: AppConfig, file: string, to: string | undefined): Promise<string> {
  if (!existsSync(file)) throw new BackupError(`${file} does not exist`);
  const format = backupFormatOf(headOf(file));
  if (!format) throw new BackupError(`${file} is neither a PGlite backup (gzip) nor a pg_dump custom-format file`);
  let databaseUrl: string | null = null;
  let dataDir: string | null = null;
  if (format === 'postgres') {
    databaseUrl = to ?? config.databaseUrl;
    if (!databaseUrl || !/^postgres(ql)?:\/\//.test(databaseUrl))
      throw new BackupError('a pg_dump backup restores into PostgreSQL: give --to postgres://… or DATABASE_URL');
    await pgRestore(file, databaseUrl);
  } else {
    const base = to ?? config.dataDir;
    if (!base || /^postgres(ql)?:\/\//.test(base)) throw new BackupError('a PGlite backup restores into a data directory: give --to <directory> or DATA_DIR');
    mkdirSync(base, { recursive: true });
    dataDir = base;
    await restorePglite(file, path.join(base, 'pglite'));
  }
  const database = await connectDatabase({ databaseUrl, dataDir });
  try {
    const summary = await summarise(database.db);
    if (summary.migrations === 0 || summary.tenants === 0) throw new BackupError(`the restored database looks empty: ${JSON.stringify(summary)}`);
    return `restored into ${databaseUrl ? 'PostgreSQL' : dataDir}: ${JSON.stringify(summary)}`;
  } finally {
    await database.close();
  }
}

async function main(argv: string[]): Promise<void> {
  const [command, file, ...rest] = argv;
  const toIndex = rest.indexOf('--to');
  const to = toIndex >= 0 ? rest[toIndex + 1] : undefined;
  if (!file || (command !== 'backup' && command !== 'restore') || (toIndex >= 0 && !to)) throw new BackupError(usage);
  const config = loadConfig();
  const target = path.resolve(file);
  console.log(command === 'backup' ? await backup(config, target) : await restore(config, target, to && !/^postgres/.test(to) ? path.resolve(to) : to));
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof BackupError || error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
