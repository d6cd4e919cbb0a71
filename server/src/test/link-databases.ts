import { randomBytes } from 'node:crypto';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { afterAll, beforeAll, describe } from 'vitest';
import { newId } from '../core/ids.js';
import { PasswordCipher } from '../modules/database-link/password-cipher.js';
import type { TestApp } from './harness.js';

/** A database server the tests can make link databases on (started by .ci/test-databases; absent: skipped). */
interface LinkServer {
  kind: string;
  url: string | undefined;
  dbType: 'mysql' | 'postgresql';
  defaultPort: number;
  create(url: string, database: string): Promise<void>;
  drop(url: string, database: string): Promise<void>;
}

async function onMariadb(url: string, statement: string) {
  const conn = await mysql.createConnection(url);
  try {
    await conn.query(statement);
  } finally {
    await conn.end();
  }
}

/** One statement on a PostgreSQL server (create or drop a database), on its own connection. */
export async function onPostgres(url: string, statement: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

const servers: LinkServer[] = [
  {
    kind: 'MariaDB',
    url: process.env.TEST_MARIADB_URL,
    dbType: 'mysql',
    defaultPort: 3306,
    create: (url, database) => onMariadb(url, `create database \`${database}\``),
    drop: (url, database) => onMariadb(url, `drop database if exists \`${database}\``),
  },
  {
    kind: 'PostgreSQL',
    url: process.env.TEST_LINK_POSTGRES_URL,
    dbType: 'postgresql',
    defaultPort: 5432,
    create: (url, database) => onPostgres(url, `create database ${database}`),
    drop: (url, database) => onPostgres(url, `drop database if exists ${database} with (force)`),
  },
];

export const uniqueName = (prefix: string) => `${prefix}_${randomBytes(4).toString('hex')}`;

/**
 * For each test database server present, a describe block `<title> on a <kind> link` with a fresh database on it
 * and a link of the default tenant to it; `tests` gets the link id. Skipped (not passed) without the server.
 */
export function describeOnLinkDatabases(title: string, app: () => TestApp, prefix: string, tests: (linkId: () => string) => void): void {
  for (const server of servers) {
    describe.skipIf(!server.url)(`${title} on a ${server.kind} link`, () => {
      const database = uniqueName(prefix);
      let linkId = '';
      beforeAll(async () => {
        const url = new URL(server.url!);
        await server.create(server.url!, database);
        linkId = newId();
        const t = app();
        await t.deps.db
          .insertInto('database_links')
          .values({
            id: linkId,
            tenant_id: 'default',
            alias: uniqueName('link'),
            db_type: server.dbType,
            host: url.hostname,
            port: Number(url.port || server.defaultPort),
            database_name: database,
            user_name: decodeURIComponent(url.username),
            password_cipher: url.password ? new PasswordCipher(t.deps.config.jwtSecret).encrypt(decodeURIComponent(url.password)) : '',
            created_by: 'admin',
          })
          .execute();
      });
      afterAll(async () => {
        await app().deps.links.forget(linkId);
        await server.drop(server.url!, database);
      });
      tests(() => linkId);
    });
  }
}
