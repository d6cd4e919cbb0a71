import pg from 'pg';

/** What this needs of the harness's TestApp (this file is compiled with the server, the harness is not). */
interface ClosableTestApp {
  app: { close(): PromiseLike<unknown> };
  deps: { config: { databaseUrl: string | null } };
  close(): Promise<void>;
}

/**
 * Tests only. Closes a test app. On PostgreSQL (TEST_DATABASE_URL) it waits a moment between closing the app and dropping its
 * database: pg-pool's end() resolves before the sockets of its ending clients are closed, and `drop database ... with
 * (force)` at once kills those connections, which surfaces as an unhandled "terminating connection" error.
 */
export async function closeTestApp(t: ClosableTestApp): Promise<void> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  const url = t.deps.config.databaseUrl;
  if (!adminUrl || !url) return t.close();
  await t.app.close();
  await new Promise((resolve) => setTimeout(resolve, 300));
  const name = new URL(url).pathname.slice(1);
  if (!/^t_[0-9a-f]+$/.test(name)) return;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
  } finally {
    await admin.end();
  }
}
