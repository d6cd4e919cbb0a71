import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { Kysely } from 'kysely';
import { PGliteDialect } from '../core/db/pglite-dialect.js';
import type { Database } from '../core/db/schema.js';
import { migrateToLatest } from './migrate.js';

/**
 * Creating a PGlite database from nothing (its initdb) takes seconds; loading a dump of one takes a fraction
 * of that. The build writes a migrated, empty database here, and first starts (and tests) begin from it.
 */
export const templatePath = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'pglite-template.tgz');

export function loadTemplate(): Blob | undefined {
  return existsSync(templatePath) ? new Blob([readFileSync(templatePath)]) : undefined;
}

export async function writeTemplate(): Promise<void> {
  const pg = new PGlite();
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pg) });
  await migrateToLatest(db);
  const dump = await pg.dumpDataDir('gzip');
  writeFileSync(templatePath, Buffer.from(await dump.arrayBuffer()));
  await db.destroy();
  await pg.close();
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await writeTemplate();
  console.log(`PGlite template written to ${templatePath}`);
}
