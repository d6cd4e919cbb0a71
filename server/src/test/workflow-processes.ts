import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { md5Hex } from '../core/auth/password.js';
import { createTestApp, DEMO_PASSWORD, type TestApp } from './harness.js';

/**
 * Real server processes on one PostgreSQL database, for the workflow concurrency tests: a fresh database
 * on the server named by TEST_PG_ADMIN_URL, migrated and seeded once by an in-process app on that same database
 * (the harness's TestApp: deployScheme, direct reads through `app.deps.db`, tokens), then N server processes
 * (`node --import tsx server/src/main.ts`, no build needed) with DATABASE_URL pointing at it, each on its own free
 * loopback port, all sharing one JWT secret so a token signed in anywhere works everywhere. Processes can be killed
 * (SIGKILL) and restarted on the same port. Without TEST_PG_ADMIN_URL the tests using it are skipped
 * (`describe.skipIf(!PG_ADMIN_URL)`, reason in `NO_POSTGRES`).
 */

export const PG_ADMIN_URL = process.env.TEST_PG_ADMIN_URL ?? '';
export const NO_POSTGRES =
  'skipped: TEST_PG_ADMIN_URL is not set (CI sets it; locally `source .ci/test-databases start` or point it at any PostgreSQL admin URL)';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface Envelope<T = unknown> {
  code: number;
  success?: boolean;
  data: T;
  msg: string;
}

export interface HttpAnswer<T = unknown> {
  status: number;
  body: Envelope<T>;
  ms: number;
}

export interface ServerProcess {
  readonly name: string;
  readonly port: number;
  readonly baseUrl: string;
  readonly running: boolean;
  /** The operating-system process id while running (CPU accounting in the bench). */
  readonly pid: number | undefined;
  /** One API call; a network failure (process killed mid-request) rejects. */
  request<T = unknown>(method: string, url: string, body?: unknown, token?: string): Promise<HttpAnswer<T>>;
  /** SIGKILL, waits for the exit. */
  kill(): Promise<void>;
  /** SIGTERM (graceful), waits for the exit. */
  stop(): Promise<void>;
  /** Starts again on the same port (extra environment replaces the previous extra) and waits until it answers. */
  restart(env?: Record<string, string>): Promise<void>;
  /** What the process wrote to stdout / stderr (last 20,000 characters), for failure messages. */
  output(): string;
}

export interface ProcessCluster {
  databaseUrl: string;
  /** In-process app on the same database: deploy schemes, sign in, read the tables (`app.deps.db`). */
  app: TestApp;
  servers: ServerProcess[];
  /** Signs the demo account in over HTTP (first process) once; the token is valid on every process. */
  login(account: string): Promise<string>;
  close(): Promise<void>;
}

/** A loopback port nobody listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function createDatabase(adminUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `wfp_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

/** tsx resolves @app/contracts to the sources (as vitest does), so a stale contracts/dist does not matter. */
function tsxConfig(dir: string): string {
  const file = path.join(dir, 'tsconfig.json');
  writeFileSync(
    file,
    JSON.stringify({
      compilerOptions: {
        target: 'ES2023',
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        paths: { '@app/contracts': [path.join(root, 'contracts/src/index.ts')] },
      },
    }),
  );
  return file;
}

export async function httpCall<T = unknown>(baseUrl: string, method: string, url: string, body?: unknown, token?: string): Promise<HttpAnswer<T>> {
  const started = performance.now();
  const res = await fetch(baseUrl + url, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let parsed: Envelope<T>;
  try {
    parsed = JSON.parse(text) as Envelope<T>;
  } catch {
    parsed = { code: -1, data: null as T, msg: text.slice(0, 500) };
  }
  return { status: res.status, body: parsed, ms: performance.now() - started };
}

function serverProcess(
  name: string,
  port: number,
  baseEnv: Record<string, string>,
  dataDir: string,
  nodeArgs: string[],
): ServerProcess & { launch: () => Promise<void> } {
  let child: ChildProcess | null = null;
  let log = '';
  let extra: Record<string, string> = {};
  const baseUrl = `http://127.0.0.1:${port}`;

  const launch = async () => {
    const proc = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', path.join(root, 'server/src/main.ts')], {
      cwd: root,
      env: { ...process.env, ...baseEnv, ...extra, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = proc;
    const keep = (chunk: Buffer) => {
      log = (log + chunk.toString()).slice(-20_000);
    };
    proc.stdout!.on('data', keep);
    proc.stderr!.on('data', keep);
    const deadline = Date.now() + 60_000;
    for (;;) {
      if (proc.exitCode !== null || proc.signalCode !== null) throw new Error(`${name} exited while starting:\n${log}`);
      try {
        const res = await fetch(`${baseUrl}/api/login/default`);
        await res.arrayBuffer();
        if (res.status === 200) return;
      } catch {
        /* not listening yet */
      }
      if (Date.now() > deadline) throw new Error(`${name} did not answer within 60 s:\n${log}`);
      await sleep(100);
    }
  };

  const end = async (signal: NodeJS.Signals) => {
    const proc = child;
    if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
    const exited = new Promise((r) => proc.once('exit', r));
    proc.kill(signal);
    await exited;
  };

  const handle: ServerProcess & { launch: () => Promise<void> } = {
    name,
    port,
    baseUrl,
    get running() {
      return child !== null && child.exitCode === null && child.signalCode === null;
    },
    get pid() {
      return child?.pid;
    },
    request: (method, url, body, token) => httpCall(baseUrl, method, url, body, token),
    kill: () => end('SIGKILL'),
    stop: () => end('SIGTERM'),
    async restart(env = {}) {
      await end('SIGKILL');
      extra = env;
      await launch();
    },
    output: () => log,
    launch,
  };
  return handle;
}

/**
 * Starts `processes` server processes on a fresh database. `envOf(i)` adds environment to process i (e.g.
 * WF_TEST_PAUSE_BEFORE_COMMIT_MS). Close it in afterAll: kills the processes, closes the app, drops the database.
 */
export async function startCluster(options: {
  processes: number;
  envOf?: (index: number) => Record<string, string>;
  /** PostgreSQL admin URL to create the database on (default TEST_PG_ADMIN_URL; the bench passes its own). */
  adminUrl?: string;
  /** Extra node options of every process (e.g. --cpu-prof). */
  nodeArgs?: string[];
}): Promise<ProcessCluster> {
  const adminUrl = options.adminUrl ?? PG_ADMIN_URL;
  if (!adminUrl) throw new Error(NO_POSTGRES);
  const database = await createDatabase(adminUrl);
  const secret = randomBytes(24).toString('hex');
  const tmp = mkdtempSync(path.join(tmpdir(), 'wf-processes-'));
  const servers: (ServerProcess & { launch: () => Promise<void> })[] = [];
  let app: TestApp | null = null;
  try {
    // Migrations and demo data once, before any process starts (the processes then find the schema up to date).
    app = await createTestApp({ databaseUrl: database.url, jwtSecret: new TextEncoder().encode(secret) });
    const baseEnv: Record<string, string> = {
      DATABASE_URL: database.url,
      JWT_SECRET: secret,
      ADMIN_PASSWORD: DEMO_PASSWORD,
      LOG_LEVEL: process.env.WF_PROCESS_LOG_LEVEL ?? 'warn',
      WEB_DIST: path.join(tmp, 'no-web'),
      TSX_TSCONFIG_PATH: tsxConfig(tmp),
      NODE_ENV: 'test',
    };
    for (let i = 0; i < options.processes; i++) {
      const port = await freePort();
      const dataDir = mkdtempSync(path.join(tmp, `p${i}-`));
      servers.push(serverProcess(`server ${i + 1}`, port, { ...baseEnv, ...(options.envOf?.(i) ?? {}) }, dataDir, options.nodeArgs ?? []));
    }
    await Promise.all(servers.map((s) => s.launch()));
  } catch (error) {
    await Promise.all(servers.map((s) => s.kill()));
    await app?.close();
    await database.drop();
    rmSync(tmp, { recursive: true, force: true });
    throw error;
  }
  const tokens = new Map<string, string>();
  const ready = app;
  return {
    databaseUrl: database.url,
    app: ready,
    servers,
    async login(account) {
      const known = tokens.get(account);
      if (known) return known;
      const answer = await servers[0].request<{ Token: string }>('POST', '/api/login', { account, password: md5Hex(DEMO_PASSWORD), code: '' });
      if (answer.body.code !== 0) throw new Error(`login ${account} failed: ${answer.body.msg}`);
      const token = answer.body.data.Token;
      tokens.set(account, token);
      return token;
    },
    async close() {
      await Promise.all(servers.map((s) => s.kill()));
      await ready.close();
      await database.drop();
      rmSync(tmp, { recursive: true, force: true });
    },
  };
}
